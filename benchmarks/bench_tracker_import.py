"""Benchmark: room files imported into the hand database, on one core, stage by stage.

Run: ``.venv/bin/python benchmarks/bench_tracker_import.py [PATH...]`` (``--rounds R``,
``--duckdb-threads N``). Without paths it imports the real rooms' samples committed under
``tests/data/rooms`` (the ``*.txt`` and ``*.txt.gz`` files); each path given (a file or a
folder, searched as ``showdown db import`` searches it) is a corpus of its own, timed and
printed apart.

After a warm-up (each contender on the corpus's first file), in each round, for each
corpus, the contenders take turns:

- import: :func:`showdown.tracker.ingest.import_paths` with ``workers=1`` into a new
  DuckDB file (DuckDB limited to ``--duckdb-threads`` threads, 1 by default: one core),
  everything included: the database made, read, replay, settle, all-in EV, the rows,
  the writes and their commits, the database closed (its last checkpoint);
- import, by stage: the same import again into another new file, its stages timed from
  inside (each stage's function wrapped, so a little slower than the import): read
  (``read_path`` and ``text_hands``: the file's text to PHH hands), settle
  (``settle_each``: the kernel's replay and settlement), rows (the rest of ``file_rows``:
  verification, all-in EV, net, rake, positions, the per-hand statistics, the rows),
  write (the rows made into Arrow tables and inserted into DuckDB, the commits: the
  methods of ``Transactions`` or, in a checkout before them, ``write_rows``),
  and other (the database made and closed, finding the files, the checks of files
  already imported);
- ``showdown replay --ev``: :func:`showdown.phh.corpus.pool.replay_paths` with
  ``ev=True``, ``workers=1``, every report read: the reference of what read, settle and
  all-in EV cost without the database (``showdown replay`` without ``--ev`` beside it).

Figures are hands per second (the import's hands stored or already there; the replays'
reports, refused hands included), best
and median over the rounds, in wall time and in this process's CPU time (all its threads:
DuckDB's included), which other work on a shared machine changes far less. Target:
20,000 hands/s for the import, judged only from steady figures on an idle machine.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from common import format_rate, judge, machine_load, steady
from showdown.phh.corpus import pool
from showdown.phh.corpus.files import find_files
from showdown.tracker import ingest, reading
from showdown.tracker.database import open_database

ROOMS = Path(__file__).parent.parent / "tests" / "data" / "rooms"
TARGET = 20_000
STAGES = ("read", "settle", "rows", "write", "other")


def sample_files() -> list[Path]:
    """The committed rooms' samples: their ``.txt`` and ``.txt.gz`` files."""
    return sorted(p for p in ROOMS.iterdir() if p.name.endswith((".txt", ".txt.gz")))


class Clock:
    """Seconds spent in each stage (wall and this process's CPU), added up over calls."""

    def __init__(self) -> None:
        self.wall = dict.fromkeys(STAGES, 0.0)
        self.cpu = dict.fromkeys(STAGES, 0.0)

    def add(self, stage: str, wall: float, cpu: float) -> None:
        self.wall[stage] += wall
        self.cpu[stage] += cpu


def _timed(clock: Clock, stage: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start, start_cpu = time.perf_counter(), time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            clock.add(stage, time.perf_counter() - start, time.process_time() - start_cpu)

    return wrapper


try:  # the transactions of many files (a checkout before them wrote a file at a time)
    from showdown.tracker.transactions import Transactions
except ImportError:  # pragma: no cover
    Transactions = None

#: The import's functions whose time is a stage's, by module (or class) and name (those
#: that exist): the writes are the transactions' (their inserts and commits) or, before
#: them, ``write_rows``, a file's transaction.
_STAGES = ((reading, "read_path", "read"), (reading, "text_hands", "read"),
           (reading, "settle_each", "settle"), (ingest, "file_rows", "rows"),
           (ingest, "write_rows", "write"), (Transactions, "add", "write"),
           (Transactions, "close", "write"))


@contextmanager
def staged(clock: Clock) -> Iterator[None]:
    """The import's stage functions wrapped to add their time to ``clock`` (``rows`` is
    ``file_rows`` less the reading and settling inside it)."""
    found = [(owner, name, stage) for owner, name, stage in _STAGES
             if owner is not None and hasattr(owner, name)]
    saved = [(owner, name, getattr(owner, name)) for owner, name, _ in found]
    for owner, name, stage in found:
        setattr(owner, name, _timed(clock, stage, getattr(owner, name)))
    try:
        yield
    finally:
        for owner, name, fn in saved:
            setattr(owner, name, fn)


def import_once(paths: list[str], folder: Path, threads: int, clock: Clock | None = None
                ) -> tuple[int, float, float]:
    """(hands, wall s, CPU s) of one import into a new database under ``folder``: the
    database made, the files imported, the database closed (its last checkpoint written);
    hands: those stored and those already there (the same hand in two files)."""
    where = Path(tempfile.mkdtemp(dir=folder))
    start, start_cpu = time.perf_counter(), time.process_time()
    with open_database(where / "hands.duckdb", create=True) as db:
        db.con.execute(f"SET threads = {threads}")
        if clock is None:
            summary = ingest.import_paths(db, paths, workers=1)
        else:
            with staged(clock):
                summary = ingest.import_paths(db, paths, workers=1)
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    shutil.rmtree(where)
    if clock is not None:
        inside = ("read", "settle", "rows", "write")
        for times, total in ((clock.wall, wall), (clock.cpu, cpu)):
            times["rows"] -= times["read"] + times["settle"]
            times["other"] += total - sum(times[s] for s in inside)
    return summary.new + summary.already, wall, cpu


def replay_once(paths: list[str], ev: bool) -> tuple[int, float, float]:
    """(reports, wall s, CPU s) of ``showdown replay [--ev]`` in this process."""
    start, start_cpu = time.perf_counter(), time.process_time()
    count = sum(1 for _ in pool.replay_paths(paths, workers=1, ev=ev))
    return count, time.perf_counter() - start, time.process_time() - start_cpu


def _rates(count: int, times: list[float]) -> str:
    best, median = count / min(times), count / statistics.median(times)
    return f"{format_rate(best):>10} best {format_rate(median):>10} median"


def run_corpus(name: str, paths: list[str], rounds: int, threads: int, folder: Path) -> None:
    """Time the contenders on one corpus, in turns, and print their figures."""
    files = list(find_files(paths, lambda f, r: None))
    print(f"\n== {name}: {len(files)} files")
    walls: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    counts: dict[str, int] = {}
    clocks: list[Clock] = []
    first = [str(files[0])]
    for warm in (lambda: import_once(first, folder, threads), lambda: replay_once(first, True)):
        warm()  # the kernel's tables, the modules' caches
    for _ in range(rounds):
        clock = Clock()
        runs = {
            "import": lambda: import_once(paths, folder, threads),
            "import, by stage": lambda c=clock: import_once(paths, folder, threads, c),
            "showdown replay --ev": lambda: replay_once(paths, True),
            "showdown replay": lambda: replay_once(paths, False),
        }
        for contender, fn in runs.items():
            count, wall, cpu = fn()
            counts[contender] = count
            walls.setdefault(contender, []).append(wall)
            cpus.setdefault(contender, []).append(cpu)
        clocks.append(clock)
    width = max(map(len, walls))
    for contender in walls:
        n = counts[contender]
        print(f"  {contender:<{width}}  {n:>7} hands  wall {_rates(n, walls[contender])}"
              f"   CPU {_rates(n, cpus[contender])}")
    hands = counts["import, by stage"]
    if hands:
        print("  the import by stage (median of the rounds, per hand stored; CPU, wall):")
        for stage in STAGES:
            cpu = statistics.median(c.cpu[stage] for c in clocks)
            wall = statistics.median(c.wall[stage] for c in clocks)
            share = cpu / statistics.median(sum(c.cpu.values()) for c in clocks)
            print(f"    {stage:<7} {1e6 * cpu / hands:8.1f} µs {1e6 * wall / hands:8.1f} µs"
                  f"   {100 * share:5.1f}% of the CPU")
    best = counts["import"] / min(cpus["import"])
    trusted = steady(walls["import"]) and steady(cpus["import"])
    print(f"  import, {TARGET:,} hands/s on one core (CPU, best {format_rate(best)}): "
          f"{judge(best >= TARGET, trusted)}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="corpora to import, each timed apart "
                        "(default: the samples of tests/data/rooms)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--duckdb-threads", type=int, default=1)
    args = parser.parse_args(argv)
    print("$ " + " ".join([Path(sys.executable).name, *sys.argv]))
    corpora = ([(p, [p]) for p in args.paths] if args.paths
               else [("tests/data/rooms (*.txt, *.txt.gz)", [str(p) for p in sample_files()])])
    with tempfile.TemporaryDirectory() as folder:
        for name, paths in corpora:
            run_corpus(name, paths, args.rounds, args.duckdb_threads, Path(folder))
    load = machine_load()
    print(f"\nmachine: {load or 'no other work seen'}")


if __name__ == "__main__":
    main()
