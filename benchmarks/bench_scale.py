"""Equity at scale, side by side: the preflop matrix rate, 1 against 2 local workers, a
Dask LocalCluster against the local process pool, Monte Carlo range against range, and
the eight-player overlapping Monte Carlo of issue 13.

Run from the repository root::

    .venv/bin/python benchmarks/bench_scale.py           # about 5 minutes
    .venv/bin/python benchmarks/bench_scale.py --quick   # fewer rounds

Each contender runs in interleaved rounds (best and median printed). The matrix job
is a block of the 169 x 169 table (the first rows' classes) so a round takes seconds;
its rate is in showdowns per second (a showdown is one combo pair on one board, as
counted before suit isomorphism), to set beside PokerStove's published ~119 M/s and
CandyPoker's 1.3-2.2 G/s. The whole table is ``showdown matrix --json --progress``.
Pools and the cluster are started once, outside the timings. The machine is shared:
figures are noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import interleaved_times
from showdown import equity
from showdown.matrix import matrix
from showdown.parallel import local_pool
from showdown.preflop import class_combos

CLASSES = ["AA", "KK", "AKs", "AKo", "QQ", "T9s", "72o", "22"]
EIGHT = ["AA", "AA", "KK", "KK", "QQ", "QQ", "JJ", "JJ"]


def matrix_showdowns(names: list[str]) -> int:
    """Showdowns (combo pairs x boards) of the upper triangle of a block of the matrix."""
    total = 0
    for i, a in enumerate(names):
        for b in names[i:]:
            pairs = sum(1 for x in class_combos(a) for y in class_combos(b) if not set(x) & set(y))
            total += pairs
    return total * comb(48, 5)


def report(title: str, times: dict[str, list[float]], work: float, unit: str) -> None:
    print(title)
    best_of = {name: min(t) for name, t in times.items()}
    first = next(iter(best_of.values()))
    for name, t in times.items():
        rate = work / min(t)
        print(
            f"  {name:<28} best {min(t):7.2f} s  median {statistics.median(t):7.2f} s  "
            f"{rate / 1e6:9.1f} M {unit}/s  x{first / best_of[name]:.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rounds = 2 if args.quick else 3
    pool = local_pool(2)
    pool.submit(sum, [1]).result()
    cluster = client = None
    dask: Executor | None = None
    try:
        from distributed import Client, LocalCluster

        cluster = LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
        dask = client.get_executor()
    except ImportError:
        print("dask.distributed not installed: the LocalCluster column is skipped")
    try:
        # warm every process's tables once
        matrix(CLASSES[:2], executor=pool)
        if dask is not None:
            matrix(CLASSES[:2], executor=dask)
        runs: dict[str, Callable[[], object]] = {
            "matrix, 1 worker (in-process)": lambda: matrix(CLASSES, workers=1),
            "matrix, 2 local processes": lambda: matrix(CLASSES, executor=pool),
        }
        if dask is not None:
            runs["matrix, Dask LocalCluster x2"] = lambda: matrix(CLASSES, executor=dask)
        times = interleaved_times(runs, rounds=rounds)
        work = matrix_showdowns(CLASSES)
        report(
            f"Preflop matrix block {len(CLASSES)} x {len(CLASSES)} ({work:,} showdowns)",
            times,
            work,
            "showdowns",
        )
        best = work / min(min(t) for t in times.values())
        print(
            f"  best rate against PokerStove's ~119 M/s: x{best / 119e6:.2f}; "
            f"against CandyPoker's 1.3-2.2 G/s: x{best / 2.2e9:.3f}-x{best / 1.3e9:.3f}"
        )
        trials = 1_000_000
        mc: dict[str, Callable[[], object]] = {
            "MC range v range, 1 worker": lambda: equity(
                ["QQ+, AKs, AQs", "22+, A2s+, KTs+, AJo+"], trials=trials, seed=1, workers=1
            ),
            "MC range v range, 2 local": lambda: equity(
                ["QQ+, AKs, AQs", "22+, A2s+, KTs+, AJo+"], trials=trials, seed=1, executor=pool
            ),
        }
        if dask is not None:
            mc["MC range v range, Dask x2"] = lambda: equity(
                ["QQ+, AKs, AQs", "22+, A2s+, KTs+, AJo+"], trials=trials, seed=1, executor=dask
            )
        report(
            f"Monte Carlo range against range, {trials:,} trials",
            interleaved_times(mc, rounds=rounds),
            trials,
            "trials",
        )
        eight = interleaved_times(
            {
                "8 players, overlapping, 100,000 trials": lambda: equity(
                    EIGHT, trials=100_000, seed=1, workers=1
                )
            },
            rounds=rounds + 2,
        )
        report("Issue 13's eight-player example (in-process)", eight, 100_000, "trials")
    finally:
        pool.shutdown()
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
    print(time.strftime("measured %Y-%m-%d %H:%M UTC", time.gmtime()))


if __name__ == "__main__":
    main()
