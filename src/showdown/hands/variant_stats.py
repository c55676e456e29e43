"""Exact counts per category for the other showdowns, each over its own deck.

:func:`game_stats` counts every hand of ``cards`` cards of a game's deck by
category of the game's ladder (the ``showdown stats --game`` table), like
:func:`showdown.hands.stats.stats` does for the standard ladder:

* short deck (36 cards): every hand of 5, 6 or 7 cards is enumerated and
  evaluated on the batch path (8,347,680 hands for seven);
* ace-to-five and razz, and the eight-or-better low: a value depends only on
  the ranks, so each rank multiset is evaluated once and weighted by its
  ``prod C(4, c)`` suitings (5, 6 or 7 cards);
* deuce-to-seven: all 2,598,960 five-card hands; badugi: all 270,725 four-card hands.

Hi-lo games count their high ladder, plus the hands holding a qualifying low.

>>> from showdown.categories import BadugiCategory, Category
>>> s = game_stats("short-deck")
>>> s.hands, s.distinct, s.categories[Category.FLUSH].hands
(376992, 1404, 480)
>>> game_stats("omaha-hi-lo").low
CategoryCount(hands=57344, distinct=56)
>>> game_stats("badugi").categories[BadugiCategory.FOUR_CARD]
CategoryCount(hands=17160, distinct=715)
"""

from __future__ import annotations

from functools import cache
from math import comb, prod
from types import MappingProxyType

import numpy as np

from showdown.categories import AnyCategory
from showdown.hands.ladder_batch import ladder_batch
from showdown.hands.ladders import class_columns, no_hand
from showdown.hands.stats import CategoryCount, Stats, rank_multisets, stats
from showdown.variants import (
    ACE_TO_FIVE,
    EIGHT_OR_BETTER,
    HIGH,
    HIGH_WRAP,
    Ladder,
    Variant,
    find_variant,
)

__all__ = ["game_cards", "game_stats"]


def game_cards(game: str | Variant) -> tuple[int, ...]:
    """The hand sizes ``showdown stats --game`` counts for ``game`` (the first is the default).

    Five-card hands are five cards, and an Omaha hand is two hole cards and three of
    the board, so five cards too.

    >>> game_cards("badugi"), game_cards("razz"), game_cards("deuce-to-seven")
    ((4,), (5, 6, 7), (5,))
    >>> game_cards("omaha"), game_cards("five-card"), game_cards("holdem")
    ((5,), (5,), (5, 6, 7))
    """
    variant = find_variant(game)
    if variant.use == "omaha" or variant.key == "five-card":
        return (5,)
    ladder = variant.ladders[-1] if variant.hi_lo else variant.high
    if ladder.cards == 4:
        return (4,)
    if ladder.low and ladder.flushes:
        return (5,)
    return (5, 6, 7)


def game_stats(
    game: str | Variant, cards: int | None = None, trips_beat_straight: bool = False
) -> Stats:
    """Count every hand of ``cards`` cards of the game's deck (default: its first size)."""
    variant = find_variant(game, trips_beat_straight=trips_beat_straight)
    sizes = game_cards(variant)
    n = sizes[0] if cards is None else cards
    if isinstance(n, bool) or not isinstance(n, int) or n not in sizes:
        allowed = ", ".join(map(str, sizes))
        raise ValueError(f"stats counts {variant.key} hands of {allowed} cards, not {cards!r}")
    return _game_stats(variant, n)


@cache
def _game_stats(variant: Variant, n: int) -> Stats:
    ladder = variant.high
    if ladder in (HIGH, HIGH_WRAP):
        base = stats(n, wrap=ladder is HIGH_WRAP)
    else:
        base = _from_counts(variant, ladder, n, _per_value(variant, ladder, n))
    low = None
    if variant.hi_lo:
        per_value = _per_value(variant, EIGHT_OR_BETTER, n)
        low = CategoryCount(int(per_value[1:-1].sum()), int(np.count_nonzero(per_value[1:-1])))
    return Stats(
        cards=n,
        wrap=base.wrap,
        hands=base.hands,
        distinct=base.distinct,
        categories=base.categories,
        game=variant.key,
        low=low,
    )


def _from_counts(variant: Variant, ladder: Ladder, n: int, per_value: np.ndarray) -> Stats:
    columns = class_columns(ladder)[0]
    categories: dict[AnyCategory, CategoryCount] = {}
    for category in ladder.categories:
        values = [v for v in range(1, ladder.size + 1) if columns[v] == category]
        block = per_value[values]
        categories[category] = CategoryCount(int(block.sum()), int(np.count_nonzero(block)))
    real = per_value[1 : ladder.size + 1]
    if int(per_value.sum()) != comb(len(variant.deck), n):
        raise AssertionError(f"{variant.key}: counts do not add up to C({len(variant.deck)}, {n})")
    return Stats(
        cards=n,
        wrap=False,
        hands=int(real.sum()),
        distinct=int(np.count_nonzero(real)),
        categories=MappingProxyType(categories),
        game=variant.key,
    )


def _per_value(variant: Variant, ladder: Ladder, n: int) -> np.ndarray:
    """Hands of ``n`` cards per value of ``ladder`` (index ``no_hand``: nothing qualifies)."""
    counts = np.zeros(no_hand(ladder) + 1, dtype=np.int64)
    if ladder in (ACE_TO_FIVE, EIGHT_OR_BETTER):
        multisets = rank_multisets(n)
        weights = np.array([prod(comb(4, int(c)) for c in row) for row in multisets])
        ranks = np.repeat(np.tile(np.arange(13), len(multisets)), multisets.ravel())
        hands = (4 * ranks + np.arange(len(ranks)) % 4).reshape(-1, n)  # suits: any will do
        np.add.at(counts, ladder_batch(hands.astype(np.intp), ladder), weights)
        return counts
    deck = np.array(variant.deck, dtype=np.intp)
    for block in _hand_blocks(len(deck), n):
        np.add.at(counts, ladder_batch(deck[block], ladder), 1)
    return counts


def _hand_blocks(size: int, n: int, block: int = 1 << 20) -> list[np.ndarray]:
    """Every ``n``-subset of ``range(size)`` as int8 rows (colex order), in blocks."""
    rows = np.arange(size, dtype=np.int8)[:, None]
    for _ in range(n - 1):
        grown = []
        for j in range(size):
            part = rows[rows[:, -1] < j]
            if len(part):
                grown.append(np.column_stack([part, np.full(len(part), j, dtype=np.int8)]))
        rows = np.concatenate(grown)
    return [rows[i : i + block].astype(np.intp) for i in range(0, len(rows), block)]
