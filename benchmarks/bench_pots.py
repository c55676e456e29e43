"""Benchmark: resolve a 10-player Hold'em table with many side pots.

Run: ``.venv/bin/python benchmarks/bench_pots.py`` (``--tables N`` to change the
sample). Prints tables per second for :func:`showdown.pots.resolution.resolve` on tables
already built (the core: uncalled bet, layers, ten hands, shares, order), then
for the whole path from the JSON object, then with the explanation text.
The target for the core is at least 20,000 tables/s.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from showdown.pots.resolution import Table, resolve


def make_table(rng: random.Random) -> dict[str, Any]:
    """A random 10-player Hold'em table: nine different all-in levels, one fold, no ties forced."""
    deck = list(range(52))
    rng.shuffle(deck)
    seats = sorted(rng.sample(range(12), 10))
    levels = rng.sample(range(100, 5000, 25), 10)
    players = []
    for k, seat in enumerate(seats):
        hole = deck[2 * k : 2 * k + 2]
        players.append(
            {
                "seat": seat,
                "name": f"P{seat}",
                "hole": [_text(c) for c in hole],
                "contributed": levels[k],
                "folded": k == 3,
            }
        )
    live = [p["seat"] for p in players if not p["folded"]]
    return {
        "game": "holdem",
        "button": rng.choice(seats),
        "board": [_text(c) for c in deck[20:25]],
        "last_aggressor": rng.choice([None, *live]),
        "players": players,
    }


def _text(card_id: int) -> str:
    return "23456789TJQKA"[card_id >> 2] + "cdhs"[card_id & 3]


def rate(fn: Callable[[Any], object], items: list[Any], repeat: int = 3) -> float:
    """Best of ``repeat`` runs, in calls per second."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    dicts = [make_table(rng) for _ in range(args.tables)]
    tables = [Table.from_dict(d) for d in dicts]
    pots = sum(len(resolve(t).pots) for t in tables) / len(tables)
    print(f"{args.tables} tables of 10 players (one folded), {pots:.1f} pots per table on average")
    core = rate(resolve, tables)
    print(f"resolve(Table):                 {core:>10,.0f} tables/s  (target >= 20,000)")
    print(f"resolve(dict) incl. parsing:    {rate(resolve, dicts):>10,.0f} tables/s")
    sample = tables[: max(1, len(tables) // 10)]
    print(
        "resolve + explanation('en'):    "
        f"{rate(lambda t: resolve(t).explanation('en'), sample, 1):>10,.0f} tables/s"
    )


if __name__ == "__main__":
    main()
