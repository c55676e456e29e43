"""Range tools benchmark: per-combo equity and the range breakdown on a flop.

Run from the repository root::

    .venv/bin/python benchmarks/bench_ranges.py          # 7 interleaved rounds
    .venv/bin/python benchmarks/bench_ranges.py --quick  # 3 rounds

Target (issue 22): a hand against a 20% range on the flop, per-combo and breakdown,
answers in under 0.3 s. The contenders take turns (one call each per round) so a
burst of load hits them alike; for each it prints the best and median wall time,
this thread's CPU time, and the ratio to plain ``showdown.equity`` of the same
table. The naive per-combo baseline, one ``equity`` call per combo of the range,
shows what summing the exact job's counts per deal saves. Everything runs warm
(each contender once before the rounds), in one process, on one core. A verdict
is printed only from a figure that can be trusted (see ``common.judge``).
"""

from __future__ import annotations

import statistics
import sys

import showdown
from common import interleaved_cpu_times, judge, machine_load, steady
from showdown.odds.per_combo import per_combo_equity
from showdown.odds.ranges import parse_range
from showdown.odds.ranges.breakdown import breakdown

HERO, VILLAIN, BOARD = "JsTs", "20%", "Jh 7s 7d"
TARGET = 0.3


def naive_per_combo() -> None:
    """One exact ``equity`` call per combo of the range that fits with the board."""
    used = {c.id for c in showdown.parse_cards(HERO + BOARD)}
    for a, b in parse_range(VILLAIN).combos:
        if a in used or b in used:
            continue
        combo = str(showdown.Card.from_id(a)) + str(showdown.Card.from_id(b))
        showdown.equity([HERO, combo], board=BOARD, workers=1)


def main() -> None:
    rounds = 3 if "--quick" in sys.argv else 7
    contenders = {
        "equity (plain, for scale)": lambda: showdown.equity(
            [HERO, VILLAIN], board=BOARD, workers=1
        ),
        "per_combo_equity": lambda: per_combo_equity([HERO, VILLAIN], board=BOARD, workers=1),
        "breakdown": lambda: breakdown(VILLAIN, BOARD),
        "per-combo by one equity call per combo": naive_per_combo,
        "per_combo_equity, 3 players (+ QQ+,AK)": lambda: per_combo_equity(
            [HERO, VILLAIN, "QQ+, AK"], board=BOARD, workers=1
        ),
    }
    for fn in contenders.values():  # warm: tables, caches, lazy imports
        fn()
    wall, cpu = interleaved_cpu_times(contenders, rounds=rounds)
    print(f"{HERO} against {VILLAIN} on {BOARD}, backend {showdown.BACKEND}, {rounds} rounds")
    base = min(wall["equity (plain, for scale)"])
    width = max(len(name) for name in contenders)
    print(f"  {'contender':<{width}}  {'best s':>8}  {'median s':>8}  {'cpu s':>8}  {'x plain':>7}")
    for name in contenders:
        best, median = min(wall[name]), statistics.median(wall[name])
        print(
            f"  {name:<{width}}  {best:8.4f}  {median:8.4f}  {min(cpu[name]):8.4f}  "
            f"{best / base:7.1f}"
        )
    load = machine_load()
    print(f"machine load: {load or 'none measured'}")
    for name in ("per_combo_equity", "breakdown"):
        ok = min(wall[name]) < TARGET
        print(f"{name} under {TARGET} s: {judge(ok, steady(wall[name]))}")
        print(f"{name} under {TARGET} s of CPU (this thread): {min(cpu[name]):.4f} s")


if __name__ == "__main__":
    main()
