"""Benchmark: the kernel's batch paths against each other, in one process.

Run: ``.venv/bin/python benchmarks/bench_batch_paths.py`` (``--rows N``, default 262,144
random 7-card hands; ``--rounds R``, default 30; ``--paths avx512,avx2,none``;
``--cards 5,6,7``). Each round times every path this processor has (the kernel capped
by :class:`showdown.hands.native.simd`: ``avx512`` sixteen rows at a time, ``avx2``
eight, ``none`` the scalar loops) on uint8 and int16 rows, checked and unchecked, by
this thread's CPU time, so that other work on a shared machine disturbs the figures
less than it does wall time. Printed per path and job: best and median rate (M rows/s)
and the ratio of each path's median to the scalar loops' median. All paths must give
the same ranks.

>>> job_name("int16", False, 7)
'int16 unchecked, 7 cards'
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import numpy as np

from common import random_hands
from showdown.hands import native
from showdown.hands.native import simd


def job_name(dtype: str, check: bool, cards: int) -> str:
    return f"{dtype}{'' if check else ' unchecked'}, {cards} cards"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1 << 18)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--paths", default="avx512,avx2,none")
    parser.add_argument("--cards", default="7")
    args = parser.parse_args(argv)
    if native.BACKEND != "native":
        raise SystemExit("bench_batch_paths: showdown's native kernel is not built here")
    tables = native.native_tables(False)
    paths = []
    for cap in args.paths.split(","):
        with simd(cap) as capped:
            if capped.path == cap:  # this processor has it
                paths.append(cap)
    jobs = []
    for cards in (int(c) for c in args.cards.split(",")):
        hands = random_hands(args.rows, cards, seed=2026)
        for dtype in ("uint8", "int16"):
            for check in (True, False):
                jobs.append((job_name(dtype, check, cards), hands.astype(dtype), check))
    out = np.zeros(args.rows, np.uint16)
    first: dict[str, np.ndarray] = {}
    rates: dict[tuple[str, str], list[float]] = {}
    for _ in range(args.rounds):
        for cap in paths:
            with simd(cap):
                for name, ids, check in jobs:
                    cpu = time.thread_time()
                    assert tables.batch(ids, out, check) == -1
                    seconds = time.thread_time() - cpu
                    rates.setdefault((cap, name), []).append(args.rows / max(seconds, 1e-9))
                    if name not in first:
                        first[name] = out.copy()
                    elif not np.array_equal(out, first[name]):
                        raise SystemExit(f"bench_batch_paths: {cap} ranks {name} differently")
    print(f"bench_batch_paths: {args.rows:,} rows, {args.rounds} rounds, load "
          f"{os.getloadavg()[0]:.2f} at the end, {os.cpu_count()} cores")  # fmt: skip
    for name, _, _ in jobs:
        print(f"\n== {name}")
        scalar = statistics.median(rates["none", name]) if "none" in paths else None
        for cap in paths:
            ours = rates[cap, name]
            line = (f"  {cap:<7} best {max(ours) / 1e6:8.1f} M/s"
                    f"  median {statistics.median(ours) / 1e6:8.1f} M/s")  # fmt: skip
            if scalar and cap != "none":
                line += f"  median / scalar {statistics.median(ours) / scalar:.2f}"
            print(line)


if __name__ == "__main__":
    main()
