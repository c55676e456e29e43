"""The kernel's all-in walk (``runout_shares`` in ``_native/runout_shares.c``) alone, on
random Omaha all-ins (high and hi-lo, four-card hands, two to four players, one to three
pots) by street: with the suits merged (the default) against the walk of every board
(``merge=False``), the two taking turns on each situation; prints the best and median
microseconds per call and their ratio, and checks the two give the same integers.

    .venv/bin/python benchmarks/bench_runout_shares.py --situations 60 --rounds 5
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Callable

import numpy as np

from common import interleaved_times, machine_load
from showdown.cards import Card
from showdown.hands import native
from showdown.hands.ladder_native import ladder_kernel, omaha_tables
from showdown.hands.ladders import no_hand
from showdown.variants import find_variant


def situation(rng: random.Random, game: str, players: int, shown: int
              ) -> tuple[Callable[[bool], np.ndarray], int]:
    """A call of the kernel on one random all-in (``merge`` its argument) and its boards."""
    variant = find_variant(game)
    deck = [str(Card.from_id(c)) for c in variant.deck]
    rng.shuffle(deck)
    holes = [[Card.parse(deck.pop()).id for _ in range(4)] for _ in range(players)]
    board = [Card.parse(deck.pop()).id for _ in range(shown)]
    rest = np.array(sorted(Card.parse(c).id for c in deck), dtype=np.int64)
    pots = [range(players)] + [range(k, players) for k in range(1, players - 1)]
    masks = np.array([sum(1 << i for i in pot) for pot in pots[:3]], dtype=np.int64)
    no_low = no_hand(variant.ladders[1]) if len(variant.ladders) > 1 else 0
    tables, omaha = ladder_kernel(variant.ladders[0]), omaha_tables()
    flat = np.array(holes, dtype=np.int64).ravel()
    known = np.array(board, dtype=np.int64)

    def call(merge: bool) -> np.ndarray:
        out = np.zeros((players, len(masks)), dtype=np.int64)
        tables.runout_shares(rest, known, flat, 4, masks, out, omaha, no_low, merge)
        return out

    return call, len(rest)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--situations", type=int, default=60, help="all-ins per street")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if not native.native_available():
        raise SystemExit("the native kernel is not built")
    rng = random.Random(args.seed)
    print(f"== runout_shares alone, Omaha and Omaha hi-lo, {args.situations} random all-ins a "
          f"street, best of {args.rounds} (median), microseconds per call")
    print("  street    merged (median)      every board (median)   ratio")
    for street, shown in (("preflop", 0), ("flop", 3), ("turn", 4)):
        calls = [situation(rng, rng.choice(["omaha", "omaha-hi-lo"]), rng.randint(2, 4), shown)
                 for _ in range(args.situations)]
        for call, _ in calls:
            assert call(True).tolist() == call(False).tolist()
        times = interleaved_times({
            "merged": lambda calls=calls: [call(True) for call, _ in calls],
            "every board": lambda calls=calls: [call(False) for call, _ in calls],
        }, rounds=args.rounds)
        each = {name: [1e6 * t / len(calls) for t in ts] for name, ts in times.items()}
        merged, walked = each["merged"], each["every board"]
        print(f"  {street:<8}{min(merged):>8.1f} ({statistics.median(merged):>7.1f})"
              f"{min(walked):>14.1f} ({statistics.median(walked):>7.1f})"
              f"{min(walked) / min(merged):>10.2f}x")
    note = machine_load()
    if note:
        print(f"  note: {note}; the figures above are not the machine's")


if __name__ == "__main__":
    main()
