"""Benchmark: the hand database's queries and size over a million hands.

Run: ``.venv/bin/python benchmarks/bench_tracker_queries.py`` (``--hands N``, ``--db FILE``,
``--rebuild``, ``--rounds R``, ``--threads N``; ``--sizes`` for what every
table, index and column costs, what schema changes would save, and what committing
an import in batches adds: ``tracker_sizes.py``).

Builds once, and keeps (under the temporary folder, or ``--db``), a database of
``--hands`` realistic 6-max hands (``tracker_db.py``: six ``hand_players`` rows, about
ten ``actions`` and a ``pots`` row a hand, one player in every hand as in a grinder's own
database), then times, taking turns over ``--rounds`` rounds after one warm-up call
each (best and median, and the CPU time of all DuckDB's threads):

- ``players``: every player's figures (``showdown.tracker.query.players``, the
  objects ``showdown db players --json`` prints).
- ``graph_series`` of the busiest player (every hand), and with ``graph_svg`` drawn.

and prints the file's size per hand after ``CHECKPOINT``. Targets (issue 34): players
under 1 s warm, the graph under 2 s, under 400 bytes a hand. A time is judged only
when the machine was not busy with other work.
"""

from __future__ import annotations

import argparse
import os
import resource
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb

from common import judge, machine_load
from showdown.tracker.database import Database
from showdown.tracker.graph import graph_series, graph_svg
from showdown.tracker.query import players
from tracker_db import SEED, build

#: What the cached database was built by; another value rebuilds it.
GENERATOR = "tracker_db 2"  # 2: the schema without the indexes of the rows

def library_players(con: Any) -> int:
    """Every player's figures, as ``showdown db players`` asks for them."""
    return len(players(Database(con, None)))


def cached(path: Path, hands: int, rebuild: bool) -> str:
    """Build the database unless ``path`` holds one of this generator and size."""
    stamp = f"{GENERATOR} hands={hands} seed={SEED}"
    if path.exists() and not rebuild:
        try:
            with duckdb.connect(str(path), read_only=True) as con:
                found = con.execute("SELECT value FROM meta WHERE key = 'bench'").fetchone()
            if found == (stamp,):
                return "cached"
        except duckdb.Error:
            pass
    for stale in (path, Path(f"{path}.wal")):
        stale.unlink(missing_ok=True)
    start = time.perf_counter()
    build(path, hands)
    with duckdb.connect(str(path)) as con:
        con.execute("INSERT INTO meta VALUES ('bench', ?)", [stamp])
        con.execute("CHECKPOINT")
    return f"built in {time.perf_counter() - start:.0f} s"


def _cpu() -> float:
    """CPU seconds of this process, every thread (DuckDB's workers too)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def timed_rounds(
    fns: dict[str, Callable[[], object]], rounds: int
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and process CPU seconds of each function, taking turns, after a warm-up each."""
    for fn in fns.values():
        fn()
    wall: dict[str, list[float]] = {name: [] for name in fns}
    cpu: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            start, start_cpu = time.perf_counter(), _cpu()
            fn()
            cpu[name].append(_cpu() - start_cpu)
            wall[name].append(time.perf_counter() - start)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--db", type=Path, help="the database to build or reuse")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, help="DuckDB's threads (default: every core)")
    parser.add_argument("--sizes", action="store_true",
                        help="what each table, index and column costs; schema changes")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[attr-defined]  # a log as it goes
    folder = Path(tempfile.gettempdir()) / "showdown-bench"
    path = args.db or folder / f"tracker-{args.hands}.duckdb"
    command = shlex.join([os.path.relpath(sys.executable), *sys.argv])
    print(f"$ {command}")
    how = cached(path, args.hands, args.rebuild)
    con = duckdb.connect(str(path), read_only=True)
    con.execute("SET enable_progress_bar = false")
    if args.threads:
        con.execute("SET threads = ?", [args.threads])
    counts = con.execute("SELECT (SELECT count(*) FROM hands), (SELECT count(*) FROM "
                         "hand_players), (SELECT count(*) FROM actions)").fetchone()  # fmt: skip
    assert counts is not None
    hands, rows, actions = counts
    threads = con.execute("SELECT current_setting('threads')").fetchone()
    print(f"database: {path} ({how}): {hands:,} hands, {rows:,} hand_players rows, "
          f"{actions:,} actions; DuckDB {duckdb.__version__}, {threads[0] if threads else '?'} "
          f"threads, {os.cpu_count()} cores")
    hero, hero_hands = con.execute("SELECT player, count(*) AS n FROM hand_players "
                                   "GROUP BY player ORDER BY n DESC LIMIT 1").fetchone() or ("", 0)
    players_fn = library_players
    label = "players (showdown.tracker.query.players)"
    series: dict[str, Any] = {}

    def graph() -> None:
        series.update(graph_series(con, hero))

    def graph_drawn() -> None:
        graph_svg(graph_series(con, hero), title=hero)

    names = {label: 1.0, f"graph_series({hero!r}, {hero_hands:,} hands)": 2.0,
             "graph_series + graph_svg": 2.0}  # fmt: skip
    wall, cpu = timed_rounds(dict(zip(names, (lambda: players_fn(con), graph, graph_drawn),
                                      strict=True)), args.rounds)  # fmt: skip
    busy = machine_load()
    print(f"\n== {args.rounds} rounds, taking turns, after a warm-up call each")
    for name, target in names.items():
        best, median = min(wall[name]), statistics.median(wall[name])
        verdict = judge(best < target, trusted=busy is None)
        print(f"  {name:<58} best {best:6.3f} s  median {median:6.3f} s  "
              f"(CPU {statistics.median(cpu[name]):6.3f} s)  target < {target:.0f} s: {verdict}")
    points = sum(len(v) for v in series.values())
    print(f"  (the graph: {points:,} points kept; players: {players_fn(con):,} rows)")
    con.close()
    size = path.stat().st_size
    print(f"\n== size after CHECKPOINT: {size:,} bytes = {size / hands:.1f} bytes a hand  "
          f"target < 400: {judge(size / hands < 400)}")
    if args.sizes:
        from tracker_sizes import batched, column_costs, proposals, table_costs

        table_costs(path, hands)
        column_costs(path, hands, ("hand_players", "actions", "hands"))
        proposals(path, hands)
        batched(path, min(hands, 200_000))


if __name__ == "__main__":
    main()
