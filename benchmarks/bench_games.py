"""Evaluator speed in the other showdowns, side by side with pokerkit's evaluator per game.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_games.py [--hands N] [--rounds R]

Per game, on the same random hands of the game's deck: our numpy batch path
(``evaluate_batch(ids, game=...)``, Omaha hi-lo ``evaluate_omaha_batch``), our
scalar path (``ladder_ids`` / ``ladder_omaha_ids`` on id lists, the hot loop a
user writes) and pokerkit's hand class for the same game (``from_game`` on
prebuilt cards; a prefix of the hands, it is slow). Ours are timed in
interleaved rounds; best and median are printed. The answers themselves are
checked against pokerkit in ``tests/test_games.py``.

Targets (issue 12): batch >= 20 M hands/s for the 5- and 7-card games, Omaha
hi-lo >= 1 M/s; the scalar path >= 50x pokerkit per hand.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import Result, interleaved_times, loop_over, print_table
from showdown import Card, evaluate_batch, evaluate_omaha_batch
from showdown.ladder_tables import ladder_ids, ladder_omaha_ids
from showdown.variants import find_variant

#: game -> (pokerkit class, cards per hand)
GAMES = {
    "short-deck": ("ShortDeckHoldemHand", 7),
    "razz": ("RegularLowHand", 7),
    "stud-hi-lo": ("EightOrBetterLowHand", 7),
    "deuce-to-seven": ("StandardLowHand", 5),
    "ace-to-five": ("RegularLowHand", 5),
    "badugi": ("BadugiHand", 4),
    "omaha-hi-lo": ("OmahaEightOrBetterLowHand", 9),
}


def deal(game: str, n: int, k: int, seed: int = 12) -> np.ndarray:
    deck = np.array(find_variant(game).deck)
    rng = np.random.default_rng(seed)
    return deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]].astype(np.intp)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    import pokerkit

    print("machine note: figures from a shared machine are noisy; compare ratios in one run")
    for game, (class_name, k) in GAMES.items():
        bench_one(game, getattr(pokerkit, class_name), k, args.hands, args.rounds)


def bench_one(game: str, cls: type, k: int, n: int, rounds: int) -> None:
    """Time one game: our batch and scalar paths against pokerkit's ``cls``."""
    variant = find_variant(game)
    ladder = variant.ladders[-1]
    hands = deal(game, n, k)
    scalar_hands = hands[: n // 10].tolist()
    pk_hands = hands[:2000].tolist()
    text = ["".join(str(Card.from_id(i)) for i in h) for h in pk_hands]
    if game == "omaha-hi-lo":
        text_pairs = [(t[:8], t[8:]) for t in text]

        def batch(h: np.ndarray = hands) -> object:
            return evaluate_omaha_batch(h[:, :4], h[:, 4:], game="omaha-hi-lo")

        scalar = loop_over(lambda h: ladder_omaha_ids(h[:4], h[4:], ladder), scalar_hands)

        def make(pair: tuple[str, str]) -> object:
            try:
                return cls.from_game(*pair)
            except ValueError:
                return None

        theirs = loop_over(make, text_pairs)
    else:

        def batch(h: np.ndarray = hands) -> object:
            return evaluate_batch(h, game=game)

        scalar = loop_over(lambda h: ladder_ids(h, ladder), scalar_hands)

        def make(t: str) -> object:
            try:
                return cls.from_game(t)
            except ValueError:
                return None

        theirs = loop_over(make, text)
    times = interleaved_times(
        {"showdown batch": batch, "showdown scalar": scalar, "pokerkit": theirs},
        rounds=rounds,
    )
    results = [
        Result.from_times("showdown batch", len(hands), times["showdown batch"]),
        Result.from_times("showdown scalar", len(scalar_hands), times["showdown scalar"]),
        Result.from_times("pokerkit", len(pk_hands), times["pokerkit"]),
    ]
    print_table(f"{game} ({k} cards, {ladder.key} ladder)", results,
                ["showdown batch", "showdown scalar"])  # fmt: skip


if __name__ == "__main__":
    main()
