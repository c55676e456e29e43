"""Exact Hold'em calls with ranges: the short path against the general one, and the
estimate against the time taken.

Run: ``.venv/bin/python benchmarks/bench_exact_paths.py [--rounds R] [--calls N]``.

Each job is called ``N`` times a round on the short path (``equity(players, board=...,
exact=True, workers=1)``: players given as text take ``odds/ranged_exact.py``, one
kernel call) and ``N`` times on the general path (the same call with a progress
callback, which the short paths decline: the players seated, the plan, its tasks run,
combined), the two interleaved round after round. It prints each side's best and
median thread time per call, their ratio, the call's estimate (``result.estimate``)
against the best short call, and the load average (compare thread times on a loaded
machine: they leave out the time other work took from us).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from showdown import equity

JOBS = [
    (["AcAd", "KhKs"], "Ts9s2h"),
    (["QQ+,AKs", "JJ-99,AQs+"], "Ts9s2h"),
    (["QQ+,AKs", "JJ-99,AQs+"], "Ts9s2h4c"),
    (["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs"], "Ts9s2h"),
    (["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs"], "Ts9s2h4c"),
    (["22+,A2s+,K9s+,ATo+", "TT+,AQs+"], "Ah7c2d"),
    (["QQ+,AKs", "JJ-99,AQs+"], None),
]


def _calls(players: list[str], board: str | None, calls: int, general: bool) -> float:
    """Thread seconds per call, over ``calls`` calls."""
    extra = {"progress": lambda _: None} if general else {}
    start = time.thread_time()
    for _ in range(calls):
        equity(players, board=board, exact=True, workers=1, **extra)  # type: ignore[arg-type]
    return (time.thread_time() - start) / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=None,
                        help="calls a round on each side (default: about 20 ms of them)")
    args = parser.parse_args()
    print(f"bench_exact_paths: {args.rounds} interleaved rounds, load {os.getloadavg()[0]:.2f}")
    for players, board in JOBS:
        result = equity(players, board=board, exact=True, workers=1)
        warm = _calls(players, board, 1, False)
        calls = args.calls or max(1, min(500, round(0.02 / max(warm, 1e-6))))
        short, general = [], []
        for _ in range(args.rounds):
            short.append(_calls(players, board, calls, False))
            general.append(_calls(players, board, calls, True))
        best_s, best_g = min(short), min(general)
        med_s, med_g = statistics.median(short), statistics.median(general)
        where = f" on {board}" if board else " preflop"
        print(f"== {' v '.join(players)}{where}, {calls} calls a round "
              f"(load {os.getloadavg()[0]:.2f})")
        print(f"  short path   best {best_s * 1e3:8.3f} ms  median {med_s * 1e3:8.3f} ms")
        print(f"  general path best {best_g * 1e3:8.3f} ms  median {med_g * 1e3:8.3f} ms")
        print(f"  general / short: best {best_g / best_s:.2f}, median {med_g / med_s:.2f}; "
              f"estimate {result.estimate * 1e3:.3f} ms ({result.estimate / best_s:.2f} x "  # type: ignore[operator]
              "the best short call)")


if __name__ == "__main__":
    main()
