"""showdown against OMPEval, the fastest open C++ evaluator, on identical work.

Run: ``.venv/bin/python benchmarks/bench_peers.py --ompeval DIR`` where DIR is a checkout
of https://github.com/zekyll/OMPEval (MIT-licensed; the user provides it: it is never
vendored here and no test needs it). ``--hands N`` (random 7-card hands, default 10 M),
``--trials N`` (Monte Carlo showdowns per run, default 20 M), ``--rounds R`` (default 5),
``--quick`` (1 M hands, 4 M trials, 3 rounds). Without ``--ompeval`` only showdown's side
runs.

OMPEval is built into a temporary directory with ``g++ -O3`` (no ``-march``) together
with ``peers_driver.cpp`` (beside this script), a small driver doing the same work as
showdown's side and timing it inside its own process, so that neither start-up nor file
reading is in its figures. Two build fixes are applied to the temporary copy only, as
newer compilers need them: ``-include functional`` and ``constexpr`` on the random
generator's ``min``/``max``.

Each row runs its contenders in interleaved rounds (ours, then OMPEval's, round after
round), so a burst of load hits both alike; it prints the best and median rate of each,
their ratio, and the 1-minute load average while the row ran (``os.getloadavg``). The
machine has other work when that load is above its core count: then the figures say
little.

The rows (the issue's table): 7-card batch evaluation on 1 and 2 threads (uint8 rows,
showdown checking every row for bad ids and repeated cards as it does by default, and
unchecked as OMPEval, which checks nothing; showdown also with int16 and int64 rows;
showdown's every batch path this processor has, each a row of its own in one process
(``avx512``, ``avx2``, ``none``: the scalar loops; the kernel capped by
``showdown.hands.native.simd``), and the kernel built again with ``-DSHOWDOWN_NO_AVX512``
(what a processor without AVX-512 runs; ``--no-variant-build`` leaves it out); the
build flags of both sides printed above the rows;
both sides write into a preallocated array and their ranks are compared by category
counts; OMPEval also on the same ids widened to int16 and int64, so that each width has
a ratio on identical input; beside them the memory bound of the wide ids: numpy reading
the same int16 and int64 arrays once, an OR of all their ids, on as many threads), Monte
Carlo heads-up and range against range (1 worker each; the same ranges weighted, against
OMPEval on the unweighted ones, which it takes alone; multiway beside them), exact
enumeration (warm: N calls a round on each side, about 20 ms of them, or ``--exact-calls
N``; heads-up and range against range, preflop and on the flop Ts9s2h: the two sides'
equities must agree to 1e-5, else the run stops), and every 7-card hand counted by
category. OMPEval's range parser reads only the first hand of a dash range (``JJ-99`` is
JJ alone there), so its side gets the ranges spelled out (:func:`ompeval_spelling`).
One-thread rows also print the ratio of CPU times (showdown's thread, the driver's
process), which a loaded machine disturbs less than wall time; so do the two-thread
batch rows (each side's process: both its threads).

>>> patched = constexpr_fix("    static uint64_t min()\\n    static uint64_t max()\\n")
>>> patched.count("static constexpr uint64_t")
2
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import os
import shutil
import statistics
import subprocess
import sysconfig
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from common import random_hands
from showdown.categories import category_ranges
from showdown.hands import native as _backend
from showdown.hands.batch import evaluate_batch
from showdown.hands.native import simd
from showdown.odds.equity import equity

DRIVER = Path(__file__).with_name("peers_driver.cpp")
#: How the OMPEval side is built (with its sources and the driver).
OMPEVAL_FLAGS = ["-O3", "-std=c++11", "-pthread"]
HEADS_UP = ["AcAd", "KhKs"]
RANGED = ["QQ+,AKs", "JJ-99,AQs+"]
#: The same combos weighted (our range syntax); OMPEval has no weights, so its side of
#: this row runs the unweighted ranges: the same combos at the same work per trial.
WEIGHTED = ["QQ+,AKs:0.5", "JJ-99:0.75,AQs+:0.25"]
FLOP = "Ts9s2h"
MULTIWAY = {
    3: ["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs"],
    6: ["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs", "55-22", "AJo-A9o", "KJs-K9s"],
}


def constexpr_fix(source: str) -> str:
    """OMPEval's random generator as today's C++ libraries need it (constexpr bounds)."""
    for name in ("min", "max"):
        source = source.replace(f"static uint64_t {name}()", f"static constexpr uint64_t {name}()")
    return source


def build_ompeval(checkout: Path, into: Path) -> Path:
    """The driver linked with OMPEval's sources, built in ``into``; its path."""
    for part in ("omp", "libdivide"):
        if not (checkout / part).is_dir():
            raise SystemExit(f"bench_peers: {checkout} is not an OMPEval checkout (no {part}/)")
        shutil.copytree(checkout / part, into / part)
    random_h = into / "omp" / "Random.h"
    random_h.write_text(constexpr_fix(random_h.read_text()))
    exe = into / "driver"
    sources = [str(DRIVER), *sorted(str(p) for p in (into / "omp").glob("*.cpp"))]
    command = ["g++", *OMPEVAL_FLAGS, "-include", "functional", "-I", str(into)]
    subprocess.run([*command, "-o", str(exe), *sources], check=True)
    return exe


def driver_run(exe: Path, *args: str) -> list[str]:
    """One timed run of the OMPEval driver: its output line split into fields."""
    out = subprocess.run([str(exe), *args], capture_output=True, text=True, check=True)
    return out.stdout.split()


def load() -> float:
    return os.getloadavg()[0]


class Row:
    """One line of the table: a unit count per run and each side's run times."""

    def __init__(self, title: str, unit: str) -> None:
        self.title, self.unit = title, unit
        self.rates: dict[str, list[float]] = {}
        self.cpu_rates: dict[str, list[float]] = {}
        self.loads: list[float] = []

    def add(self, side: str, count: float, seconds: float, cpu: float | None = None) -> None:
        """One run: ``seconds`` of wall time and, where measured, ``cpu`` seconds of the
        side's own CPU time (its thread's, or the OMPEval driver process's)."""
        self.rates.setdefault(side, []).append(count / seconds)
        if cpu:
            self.cpu_rates.setdefault(side, []).append(count / cpu)
        self.loads.append(load())

    def print(self) -> None:
        print(f"\n== {self.title}   (load {min(self.loads):.2f}-{max(self.loads):.2f},"
              f" {os.cpu_count()} cores)")
        for side, rates in self.rates.items():
            print(f"  {side:<22} best {fmt(max(rates), self.unit):>14}"
                  f"  median {fmt(statistics.median(rates), self.unit):>14}")
        for table, unit in ((self.rates, ""), (self.cpu_rates, " by CPU time")):
            for side, theirs in self.pairs(table):
                ours, their = table[side], table[theirs]
                print(f"  {side} / {theirs}{unit}: best {max(ours) / max(their):.2f},"
                      f" median {statistics.median(ours) / statistics.median(their):.2f}")

    @staticmethod
    def pairs(table: dict[str, list[float]]) -> list[tuple[str, str]]:
        """Which ratios to print: each of showdown's sides against OMPEval on uint8 ids
        and, where OMPEval also ran on the same wider ids ("OMPEval int16"), against it.

        >>> Row.pairs({"showdown int16 avx2": [1.0], "OMPEval": [1.0], "OMPEval int16": [1.0]})
        [('showdown int16 avx2', 'OMPEval'), ('showdown int16 avx2', 'OMPEval int16')]
        """
        pairs = []
        for side in table:
            if side.startswith(("OMPEval", "bound")) or "OMPEval" not in table:
                continue
            pairs.append((side, "OMPEval"))
            same_ids = "OMPEval " + side.removeprefix("showdown ").split(" ")[0]
            if same_ids in table:
                pairs.append((side, same_ids))
        return pairs


def fmt(rate: float, unit: str) -> str:
    if unit == "ms":
        return f"{1e3 / rate:.3f} ms"
    return f"{rate / 1e6:.1f} M{unit}/s"


def categories_of(ranks: np.ndarray) -> dict[int, int]:
    """Hands per category number (1 high card .. 9 straight flush), as the driver counts."""
    ranges = category_ranges()  # Category counts from 0 (high card); OMPEval from 1
    return {
        int(c) + 1: int(((ranks >= r.start) & (ranks < r.stop)).sum()) for c, r in ranges.items()
    }


def driver_categories(field: str) -> dict[int, int]:
    pairs = (item.split(":") for item in field.strip(",").split(","))
    return {int(c): int(n) for c, n in pairs}


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def timed_cpu(fn: Callable[[], object], process: bool = False) -> tuple[float, float]:
    """Wall seconds and this thread's (or, with ``process``, the process's: every
    thread's) CPU seconds of one call."""
    clock = time.process_time if process else time.thread_time
    start, cpu = time.perf_counter(), clock()
    fn()
    return time.perf_counter() - start, clock() - cpu


#: setup.py's compile flags for the kernel, after Python's own CFLAGS (no -march: the
#: AVX2 and AVX-512 loops are target() functions, chosen at run time, see simd.c).
KERNEL_FLAGS = ["-std=c99", "-O3", "-g0"]
#: The batch paths timed in one process, each by capping the kernel (native.simd).
PATHS = {"avx512": "AVX-512", "avx2": "AVX2", "none": "scalar"}


def compiler(name: str) -> str:
    """The first line of ``name --version`` (the compiler that builds a side)."""
    try:
        out = subprocess.run([name, "--version"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return name
    return out.stdout.splitlines()[0]


def kernel_flags() -> list[str]:
    """How setup.py compiles the kernel here: Python's CFLAGS, then its own."""
    return [*(sysconfig.get_config_var("CFLAGS") or "").split(), "-fPIC", *KERNEL_FLAGS]


def build_kernel(into: Path, defines: list[str]) -> Any:
    """The kernel built again with ``defines`` (e.g. ``-DSHOWDOWN_NO_AVX512``, what a
    processor without AVX-512 runs), as setup.py builds it otherwise; its standard Tables."""
    import showdown._native as package
    from showdown.hands.rank_tables import kernel_buffers

    sources = sorted(Path(package.__file__).parent.glob("*.c"))
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    ldshared = (sysconfig.get_config_var("LDSHARED") or "cc -shared").split()
    out = into / "_kernel_variant.so"
    include = f"-I{sysconfig.get_paths()['include']}"
    objects = [into / f"{source.stem}.o" for source in sources]

    def compile_one(pair: tuple[Path, Path]) -> None:
        command = [*cc, *kernel_flags(), *defines, include, "-c", str(pair[0]), "-o", str(pair[1])]
        subprocess.run(command, check=True)

    with ThreadPoolExecutor(os.cpu_count() or 1) as compilers:  # one compiler per core
        list(compilers.map(compile_one, zip(sources, objects, strict=True)))
    subprocess.run([*ldshared, *map(str, objects), "-o", str(out)], check=True)
    loader = importlib.machinery.ExtensionFileLoader("variant._kernel", str(out))
    spec = importlib.util.spec_from_file_location("variant._kernel", out, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    tables, key_gaps = kernel_buffers(False)
    return module.Tables(*tables, _backend._ids_error, _backend._omaha_ids_error,
                         key_gaps=key_gaps)  # fmt: skip


def batch_rows(exe: Path | None, hands: int, rounds: int, workdir: Path,
               variant: bool = True) -> list[Row]:
    """The batch rows: every path of showdown's kernel (AVX-512, AVX2, scalar: the
    kernel capped in this process) and, with ``variant``, a kernel built with
    ``-DSHOWDOWN_NO_AVX512`` (what runs where AVX-512 is not), against OMPEval."""
    rows8 = random_hands(hands, 7, seed=2026).astype(np.uint8)
    path = workdir / "hands.u8"
    rows8.tofile(path)
    wide = {"int16": rows8.astype(np.int16), "int64": rows8.astype(np.int64)}
    out = np.empty(hands, dtype=np.uint16)
    out.fill(0)  # touched once: no page faults inside the timed runs
    evaluate_batch(rows8, out=out)
    ours_categories = categories_of(out)
    pool = ThreadPoolExecutor(2)
    half = hands // 2
    cc = sysconfig.get_config_var("CC") or "cc"
    print(f"\nbuild flags: showdown {cc} {' '.join(kernel_flags())} ({compiler(cc.split()[0])});"
          f" OMPEval {' '.join(OMPEVAL_FLAGS)} ({compiler('g++')}); neither with -march")
    # per path: how a batch is ranked and the cap it runs under (set before the clock)
    rank: dict[str, tuple[Callable[[np.ndarray, np.ndarray, bool], object], str]] = {}
    for cap in PATHS:
        with simd(cap) as capped:
            if capped.path == cap:  # this processor has the path
                rank[cap] = (_evaluate, cap)
    if variant:
        built = build_kernel(workdir, ["-DSHOWDOWN_NO_AVX512"])
        rank["built -DSHOWDOWN_NO_AVX512"] = (built.batch, "avx512")  # its own kernel's path
    print("showdown's paths here: " + ", ".join(rank))

    def two_threads(fn: Callable[..., object], ids: np.ndarray, check: bool) -> None:
        parts = [(ids[:half], out[:half]), (ids[half:], out[half:])]
        list(pool.map(lambda p: fn(p[0], p[1], check), parts))

    def read_bound(ids: np.ndarray, threads: int) -> None:
        flat = ids.reshape(-1)
        if threads == 1:
            np.bitwise_or.reduce(flat)
        else:
            list(pool.map(np.bitwise_or.reduce, [flat[: len(flat) // 2], flat[len(flat) // 2 :]]))

    contenders = []
    for name, (fn, cap) in rank.items():
        contenders += [(f"showdown uint8 {name}", fn, cap, rows8, True),
                       (f"showdown uint8 unchecked {name}", fn, cap, rows8, False),
                       (f"showdown int16 {name}", fn, cap, wide["int16"], True)]  # fmt: skip
    contenders.append(("showdown int64 avx512" if "avx512" in rank else "showdown int64",
                       _evaluate, "avx512", wide["int64"], True))  # fmt: skip
    result = []
    for threads in (1, 2):
        row = Row(f"{hands:,} random 7-card hands, {threads} thread(s)", "")
        for _ in range(rounds):
            for name, fn, cap, ids, check in contenders:
                with simd(cap):
                    if threads == 1:
                        seconds, cpu = timed_cpu(partial(fn, ids, out, check))
                    else:  # the process's CPU time: both threads' (this one only waits)
                        job = partial(two_threads, fn, ids, check)
                        seconds, cpu = timed_cpu(job, process=True)
                row.add(name, hands, seconds, cpu)
            # the memory bound: numpy reading the same ids once (an OR of them all), no
            # ranking; no evaluator can take in the rows faster than this
            for name, ids in wide.items():
                row.add(f"bound: read {name}", hands, timed(partial(read_bound, ids, threads)))
            # OMPEval on the same rows: uint8 ids, and widened to int16 and int64 in its
            # process before its clock starts (identical input to showdown's wide rows)
            for width, name in ((1, "OMPEval"), (2, "OMPEval int16"), (8, "OMPEval int64")):
                if exe is None:
                    break
                seconds, count, cats, cpu = driver_run(
                    exe, "batch", str(path), str(threads), str(width))
                if driver_categories(cats) != ours_categories:
                    raise SystemExit("bench_peers: OMPEval's categories differ from showdown's")
                row.add(name, int(count), float(seconds), float(cpu))
        result.append(row)
    pool.shutdown()
    return result


def _evaluate(ids: np.ndarray, out: np.ndarray, check: bool) -> None:
    """``evaluate_batch`` into ``out``: showdown's side of a batch row."""
    evaluate_batch(ids, out=out, check=check)


def ompeval_spelling(text: str) -> str:
    """A range as OMPEval reads it: its parser takes only the first hand of a dash range
    (``JJ-99`` is JJ alone there), so dashes are spelled out hand by hand.

    >>> ompeval_spelling("QQ+,AKs")
    'QQ+,AKs'
    >>> ompeval_spelling("JJ-99,AQs+")
    'JJ,TT,99,AQs+'
    >>> ompeval_spelling("AJo-A9o,KJs-K9s")
    'AJo,ATo,A9o,KJs,KTs,K9s'
    """
    order = "23456789TJQKA"
    parts = []
    for part in text.replace(" ", "").split(","):
        if "-" not in part:
            parts.append(part)
            continue
        high, low = part.split("-")
        if high[0] == high[1]:  # pairs: JJ-99
            top, bottom = order.index(high[0]), order.index(low[0])
            parts += [order[r] * 2 for r in range(top, bottom - 1, -1)]
        else:  # one first rank, the second running down: AJo-A9o
            top, bottom = order.index(high[1]), order.index(low[1])
            parts += [high[0] + order[r] + high[2:] for r in range(top, bottom - 1, -1)]
    return ",".join(parts)


def equity_row(exe: Path | None, title: str, players: list[str], trials: int | None,
               rounds: int, board: str | None = None,
               their_players: list[str] | None = None, calls: int | None = None) -> Row:
    """Equity on both sides, interleaved: Monte Carlo of ``trials`` showdowns, or exact
    (``trials`` None) timed per call, preflop or on ``board``; OMPEval's side plays
    ``their_players`` where given (the same combos unweighted: it has no weights). An
    exact round makes ``calls`` calls on each side (None: as many as take about 20 ms,
    from the warm-up call) and counts their mean: one call of a few hundred microseconds
    timed alone, right after the other side's process ran, measures mostly cold caches."""
    exact = trials is None
    for _ in range(2):  # the second call's time is a warm call's
        start = time.perf_counter()
        equity(players, board=board, trials=None if exact else 10_000, exact=exact or None,
               seed=0, workers=1)
        warm_up = time.perf_counter() - start
    calls = 1 if not exact else calls or max(1, min(200, round(0.02 / max(warm_up, 1e-6))))
    row = Row(title + (f", {calls} calls a round" if exact else ""), "ms" if exact else " trials")
    theirs = [ompeval_spelling(p) for p in their_players or players]
    if board:
        theirs.insert(0, "board=" + board)
    for r in range(rounds):
        start, cpu = time.perf_counter(), time.thread_time()
        for _ in range(calls):
            result = equity(players, board=board, trials=trials, exact=exact or None,
                            seed=r + 1, workers=1)
        seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
        row.add("showdown", 1 if exact else result.trials, seconds / calls, cpu / calls)
        if exe is not None:
            args = ["exact", f"calls={calls}", *theirs] if exact else ["mc", str(trials), *theirs]
            out = driver_run(exe, *args)
            if exact and abs(float(out[2]) - result.equity[0]) > 1e-5:
                raise SystemExit(f"bench_peers: OMPEval's equity {out[2]} differs from "
                                 f"showdown's {result.equity[0]:.6f} ({title})")
            row.add("OMPEval", 1 if exact else int(out[1]), float(out[0]), float(out[3]))
    return row


def all_sevens_row(exe: Path | None, rounds: int) -> Row:
    row = Row("every 7-card hand by category", "ms")
    tables = _backend.native_tables(False)
    counts = memoryview(bytearray(8 * 7463)).cast("q")
    for _ in range(rounds):
        row.add("showdown", 1, timed(lambda: tables.rank_counts(7, counts)))
        if exe is not None:
            seconds, total, _flushes, _cpu = driver_run(exe, "all7")
            if int(total) != 133_784_560:
                raise SystemExit("bench_peers: OMPEval did not count every 7-card hand")
            row.add("OMPEval", 1, float(seconds))
    return row


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ompeval", type=Path, help="an OMPEval checkout to build and time")
    parser.add_argument("--hands", type=int, default=10_000_000)
    parser.add_argument("--trials", type=int, default=20_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", choices=["batch", "mc", "exact", "all7"], action="append")
    parser.add_argument("--no-variant-build", action="store_true",
                        help="batch rows: skip the kernel built with -DSHOWDOWN_NO_AVX512")
    parser.add_argument("--exact-calls", type=int, default=None,
                        help="exact calls a round on each side (default: about 20 ms of them)")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.trials, args.rounds = 1_000_000, 4_000_000, 3
    if _backend.BACKEND != "native":
        raise SystemExit("bench_peers: showdown's native kernel is not built here")
    only = set(args.only or ["batch", "mc", "exact", "all7"])
    print(f"bench_peers: {args.rounds} interleaved rounds, load at start {load():.2f}")
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        exe = build_ompeval(args.ompeval.resolve(), work) if args.ompeval else None
        rows: list[Row] = []
        if "batch" in only:
            rows += batch_rows(exe, args.hands, args.rounds, work, not args.no_variant_build)
        if "mc" in only:
            t = args.trials
            rows.append(equity_row(exe, f"Monte Carlo {' v '.join(HEADS_UP)}, 1 worker",
                                   HEADS_UP, t, args.rounds))
            rows.append(equity_row(exe, f"Monte Carlo {' v '.join(RANGED)}, 1 worker",
                                   RANGED, t, args.rounds))
            rows.append(equity_row(exe, f"Monte Carlo weighted {' v '.join(WEIGHTED)}"
                                   " (OMPEval: unweighted)", WEIGHTED, t, args.rounds,
                                   their_players=RANGED))
            for n, players in MULTIWAY.items():
                rows.append(equity_row(exe, f"Monte Carlo {n} ranges {' v '.join(players)}",
                                       players, t // 2, args.rounds))
        if "exact" in only:
            for players in (HEADS_UP, RANGED):
                for board in (None, FLOP):
                    where = f" on {board}" if board else ""
                    rows.append(equity_row(
                        exe, f"exact {' v '.join(players)}{where}, warm, 1 worker",
                        players, None, args.rounds, board, calls=args.exact_calls))
        if "all7" in only:
            rows.append(all_sevens_row(exe, args.rounds))
        for row in rows:
            row.print()


if __name__ == "__main__":
    main()
