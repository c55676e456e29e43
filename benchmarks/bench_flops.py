"""Flop analysis benchmark: a range's breakdown classes over all 22,100 flops.

Run from the repository root::

    .venv/bin/python benchmarks/bench_flops.py          # 7 interleaved rounds
    .venv/bin/python benchmarks/bench_flops.py --quick  # 3 rounds

Target (issue 35): a 20% range over all flops in under 2 s on one core. The contenders
take turns (one call each per round): ``flop_analysis`` cold (its rank-mask tables and
the 1,755 flops up to a change of suits built again each time) and warm, for a 20%
range, every hand, and a 20% range with a dead card (fewer suit permutations keep
it: more flops to class), and, for scale, the same numpy classes summed over every one
of the 22,100 flops without the suit symmetry. It prints the best and median wall
time and this thread's CPU time; a verdict only from a figure that can be trusted
(see ``common.judge``).

Then, through a real ``showdown lab`` server on 127.0.0.1 (HTTP round trip, JSON
included), ``POST /api/flops`` for the 20% range and ``POST /api/select`` of the
top pair or better and the flush draws of ``20%`` against ``AhKh`` on Qh Jh 3c,
interleaved.
"""

from __future__ import annotations

import re
import statistics
import sys
from itertools import combinations

import httpx
import numpy as np

import showdown
from bench_lab import start_lab
from common import interleaved_cpu_times, interleaved_times, judge, machine_load, steady
from showdown.odds.ranges import flop_analysis as fa
from showdown.odds.ranges import flop_classes, parse_range
from showdown.odds.ranges.breakdown import MADE
from showdown.odds.ranges.flop_classes import classify_grid

RANGE = "20%"
TARGET = 2.0


def cold() -> None:
    """The analysis with its caches emptied first: what the first call of a process pays."""
    flop_classes._tables.cache_clear()
    fa._canonical_flops.cache_clear()
    fa.flop_analysis(RANGE)


def every_flop() -> None:
    """The made classes of the range on each of the 22,100 flops, no suit symmetry."""
    rng = parse_range(RANGE)
    combos = np.array(rng.combos)
    weights = np.array(rng.weights)
    flops = np.array(list(combinations(range(52), 3)))
    made_w = np.zeros(len(MADE))
    for start in range(0, len(flops), 256):
        chunk = flops[start : start + 256]
        made, _ = classify_grid(combos, chunk)
        live = ~(combos[None, :, :, None] == chunk[:, None, None, :]).any(axis=(2, 3))
        pair_w = live * weights[None, :]
        made_w += np.bincount(made.ravel(), weights=pair_w.ravel(), minlength=len(MADE))


def main() -> None:
    rounds = 3 if "--quick" in sys.argv else 7
    contenders = {
        f"flop_analysis {RANGE}, cold": cold,
        f"flop_analysis {RANGE}": lambda: fa.flop_analysis(RANGE),
        "flop_analysis random (every hand)": lambda: fa.flop_analysis("random"),
        f"flop_analysis {RANGE}, dead Ah": lambda: fa.flop_analysis(RANGE, dead="Ah"),
        f"every one of the 22,100 flops, {RANGE} (for scale)": every_flop,
    }
    for fn in contenders.values():  # warm: lazy imports
        fn()
    wall, cpu = interleaved_cpu_times(contenders, rounds=rounds)
    print(f"{RANGE} over all flops, backend {showdown.BACKEND}, {rounds} rounds, one core")
    width = max(len(name) for name in contenders)
    print(f"  {'contender':<{width}}  {'best s':>8}  {'median s':>8}  {'cpu s':>8}")
    for name in contenders:
        best, median = min(wall[name]), statistics.median(wall[name])
        print(f"  {name:<{width}}  {best:8.4f}  {median:8.4f}  {min(cpu[name]):8.4f}")
    print(f"machine load: {machine_load() or 'none measured'}")
    name = f"flop_analysis {RANGE}, cold"
    ok = min(wall[name]) < TARGET
    print(f"{name} under {TARGET} s: {judge(ok, steady(wall[name]))}")
    through_the_server(rounds)


def through_the_server(rounds: int) -> None:
    """``POST /api/flops`` and ``POST /api/select`` as the page sees them."""
    proc, url = start_lab()
    try:
        client = httpx.Client(base_url=url, timeout=120)
        token = re.search(r'showdown-token" content="([0-9a-f]+)"', client.get("/").text)
        assert token is not None
        headers = {"X-Showdown-Token": token.group(1)}
        select_body = {
            "range": RANGE,
            "board": "Qh Jh 3c",
            "against": ["AhKh"],
            "classes": ["top_pair_or_better", "flush_draws"],
        }

        def post(path: str, body: dict[str, object]) -> None:
            r = client.post(path, json=body, headers=headers)
            assert r.status_code == 200, r.text

        contenders = {
            f"POST /api/flops {RANGE}": lambda: post("/api/flops", {"range": RANGE}),
            "POST /api/select": lambda: post("/api/select", select_body),
        }
        for fn in contenders.values():
            fn()
        times = interleaved_times(contenders, rounds=rounds)
        print(f"\nthrough the lab's server, {rounds} rounds")
        for name, values in times.items():
            best, median = min(values), statistics.median(values)
            print(f"  {name:<24} best {best:8.4f} s   median {median:8.4f} s")
        print(f"machine load: {machine_load() or 'none measured'}")
        client.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    main()
