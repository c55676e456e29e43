"""Exact counts of every 5-, 6- and 7-card hand, per category and per strength.

:func:`stats` answers "how many hands of each category are there, and how many
different strengths does each category have?" for every hand of ``cards``
cards out of one 52-card deck (six and seven cards: best five), exactly as
the figures listed in docs/rules.md:

>>> s = stats(5)
>>> s.hands, s.distinct
(2598960, 7462)
>>> s.categories[Category.PAIR]
CategoryCount(hands=1098240, distinct=2860)
>>> seven = stats(7)
>>> seven.hands, seven.distinct, seven.categories[Category.STRAIGHT].hands
(133784560, 4824, 6180020)
>>> stats(5, wrap=True).categories[Category.STRAIGHT].hands  # R10: 13 x 1,020
13260

How it counts (no hand is enumerated one by one; in C with the native kernel,
in numpy otherwise, the same way and with the same results):

* **Hands without five cards of one suit.** Their strength depends only on
  the multiset of ranks. There are 6,175 / 18,395 / 49,205 multisets of 5 /
  6 / 7 ranks (at most four of a rank). A multiset with ``c[r]`` cards of rank
  ``r`` can be suited in ``prod C(4, c[r])`` ways; the ways that put five or
  more cards in one suit are counted with a polynomial per rank,
  ``C(3, c) + C(3, c - 1) x`` (does clubs hold one of the ``c`` cards?), whose
  product gives, per multiset, how many suitings hold ``j`` clubs. With at
  most seven cards only one suit can hold five, so the flush suitings are
  four times those with ``j >= 5`` clubs, and the rest are non-flush hands.
* **Hands with five or more cards of one suit.** With at most two other
  cards, no rank can appear more than three times and a three-of-a-rank uses
  both other cards, so neither four of a kind nor a full house is possible:
  the hand is the best flush (or straight flush) of its suited cards, and
  depends only on that set of ``k`` ranks (``k`` = 5..``cards``). Each such
  set occurs in 4 suits times ``C(39, cards - k)`` choices of the other cards.

Each multiset and each suited rank set is evaluated once (numpy: through
:func:`showdown.hands.batch.evaluate_batch` on one representative hand, the weights
summed per strength with ``np.bincount``; native: the kernel's ``rank_counts``
walks the multisets with the same suit polynomial and looks each up directly).
With the native kernel, :func:`stats` does not import numpy.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from math import comb
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from showdown.categories import (  # noqa: F401 (doctests)
    DISTINCT_HANDS,
    AnyCategory,
    Category,
    category_ranges,
)

if TYPE_CHECKING:
    import numpy as np

#: Hand sizes :func:`stats` supports.
CARD_COUNTS: tuple[int, ...] = (5, 6, 7)

#: Rank 0 is unused; strengths are 1..DISTINCT_HANDS (7,462).
_RANKS = DISTINCT_HANDS + 1


@dataclass(frozen=True)
class CategoryCount:
    """How many hands fall in one category, and how many distinct strengths they show."""

    hands: int
    distinct: int

    def to_json(self) -> dict[str, int]:
        """``{"hands": ..., "distinct": ...}``."""
        return {"hands": self.hands, "distinct": self.distinct}


@dataclass(frozen=True)
class Stats:
    """Counts for every hand of ``cards`` cards (best five), standard rules or ``wrap`` (R10).

    ``categories`` maps each :class:`~showdown.categories.Category` to its
    :class:`CategoryCount`, best category first (straight flush ... high card),
    the order of the table in docs/rules.md. Categories that no hand reaches are still
    listed, with zero counts.

    >>> s = stats(5)
    >>> [c.json_name for c in s.categories][:3]
    ['straight_flush', 'four_of_a_kind', 'full_house']
    >>> s.to_json()["categories"]["straight_flush"]
    {'hands': 40, 'distinct': 10}
    >>> s
    <Stats 5 cards, standard rules: 2,598,960 hands, 7,462 distinct strengths>

    ``str`` (and ``print``) gives the table of ``showdown stats``:

    >>> print(str(s).splitlines()[0])
    All 2,598,960 hands of five cards, standard rules
    """

    cards: int
    wrap: bool
    hands: int
    distinct: int
    categories: Mapping[AnyCategory, CategoryCount] = field(hash=False)
    #: The game counted (see :func:`showdown.hands.variant_stats.game_stats`).
    game: str = "holdem"
    #: Hi-lo games: the hands holding a qualifying eight-or-better low.
    low: CategoryCount | None = None

    def to_json(self) -> dict[str, Any]:
        """``{"cards", "hands", "distinct", "categories": {json_name: {"hands", "distinct"}}}``.

        The keys are the ``showdown stats --json`` contract; ``wrap``
        is the caller's own choice and is not repeated in the document.
        """
        doc: dict[str, Any] = {
            "cards": self.cards,
            "hands": self.hands,
            "distinct": self.distinct,
            "categories": {c.json_name: n.to_json() for c, n in self.categories.items()},
        }
        if self.low is not None:
            doc["low"] = self.low.to_json()
        return doc

    def __repr__(self) -> str:
        rules = "wrap-around rule" if self.wrap else "standard rules"
        return (
            f"<Stats {self.cards} cards, {rules}: {self.hands:,} hands, "
            f"{self.distinct:,} distinct strengths>"
        )

    def __str__(self) -> str:
        from showdown.text.stats_report import format_stats

        return format_stats(self)


def _check_cards(cards: int) -> int:
    numpy = sys.modules.get("numpy")  # a numpy integer only if numpy is loaded already
    integer = isinstance(cards, int) or (numpy is not None and isinstance(cards, numpy.integer))
    if isinstance(cards, bool) or not integer or cards not in CARD_COUNTS:
        raise ValueError(f"stats counts hands of 5, 6 or 7 cards, not {cards!r}")
    return int(cards)


def rank_multisets(n: int) -> np.ndarray:
    """Every multiset of ``n`` ranks with at most four of a rank, as rank counts.

    Rows are ``int64`` arrays of 13 counts (index 0 = deuce ... 12 = ace) that
    sum to ``n``.

    >>> [len(rank_multisets(n)) for n in (5, 6, 7)]
    [6175, 18395, 49205]
    """
    import numpy as np

    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(13):
        used = rows.sum(axis=1)
        parts = []
        for c in range(5):
            keep = rows[used + c <= n]
            parts.append(np.column_stack([keep, np.full(len(keep), c, dtype=np.int64)]))
        rows = np.concatenate(parts)
    return rows[rows.sum(axis=1) == n]


def _nonflush_weights(counts: np.ndarray) -> np.ndarray:
    """Per multiset of rank counts: how many suitings hold no five cards of one suit."""
    import numpy as np

    n = int(counts[0].sum())
    c4 = np.array([comb(4, c) for c in range(5)], dtype=np.int64)
    c3 = np.array([comb(3, c) for c in range(5)], dtype=np.int64)
    c3_less = np.array([0] + [comb(3, c - 1) for c in range(1, 5)], dtype=np.int64)
    total = c4[counts].prod(axis=1)
    # poly[:, j] = suitings of the ranks seen so far with exactly j clubs.
    poly = np.zeros((len(counts), n + 1), dtype=np.int64)
    poly[:, 0] = 1
    for r in range(13):
        without, with_club = c3[counts[:, r]], c3_less[counts[:, r]]
        shifted = np.zeros_like(poly)
        shifted[:, 1:] = poly[:, :-1]
        poly = poly * without[:, None] + shifted * with_club[:, None]
    if (poly.sum(axis=1) != total).any():
        raise AssertionError("suit polynomial does not add up")
    return total - 4 * poly[:, 5:].sum(axis=1)


def _representatives(counts: np.ndarray) -> np.ndarray:
    """One hand per multiset: the j-th card of the sorted ranks in suit ``j % 4`` (no flush)."""
    import numpy as np

    n = int(counts[0].sum())
    ranks = np.repeat(np.tile(np.arange(13), len(counts)), counts.ravel()).reshape(-1, n)
    return 4 * ranks + np.arange(n) % 4


def _per_rank(cards: int, wrap: bool) -> Sequence[int]:
    from showdown.hands import native

    return _counted_list(cards, wrap, native.current())


@cache
def _counted_list(cards: int, wrap: bool, backend: str) -> tuple[int, ...]:
    """Hands per rank as a tuple (index = rank): the native kernel's count, or numpy's."""
    if backend == "numpy":
        return tuple(_counted(cards, wrap, backend).tolist())
    from showdown.hands import native

    out = memoryview(bytearray(8 * _RANKS)).cast("q")
    native.native_tables(wrap).rank_counts(cards, out)
    weights = tuple(out.tolist())
    if sum(weights) != comb(52, cards) or weights[0]:
        raise AssertionError(f"{cards}-card counts do not add up to C(52, {cards})")
    return weights


@cache
def _counted(cards: int, wrap: bool, backend: str) -> np.ndarray:
    """:func:`rank_counts` on the numpy path, cached (the evaluations run on ``backend``)."""
    import numpy as np

    from showdown.hands.batch import evaluate_batch

    weights = np.zeros(_RANKS, dtype=np.int64)
    # Hands without a flush: one evaluation per rank multiset.
    counts = rank_multisets(cards)
    nonflush = _nonflush_weights(counts)
    ranks = evaluate_batch(_representatives(counts).astype(np.uint8), wrap)
    weights += np.bincount(ranks, weights=nonflush, minlength=_RANKS).astype(np.int64)
    # Flush hands: one evaluation per set of k >= 5 suited ranks (clubs stand for any suit).
    masks = np.arange(1 << 13)
    bits = (masks[:, None] >> np.arange(13)) & 1
    popcount = bits.sum(axis=1)
    for k in range(5, cards + 1):
        rows = bits[popcount == k]
        suited = 4 * np.nonzero(rows)[1].reshape(-1, k)  # clubs: id = 4 * rank
        ranks = evaluate_batch(suited.astype(np.uint8), wrap)
        weights += 4 * comb(39, cards - k) * np.bincount(ranks, minlength=_RANKS)
    if weights.sum() != comb(52, cards) or weights[0]:
        raise AssertionError(f"{cards}-card counts do not add up to C(52, {cards})")
    weights.setflags(write=False)
    return weights


def rank_counts(cards: int = 5, wrap: bool = False) -> np.ndarray:
    """Hands of ``cards`` cards per strength: a read-only ``int64`` array indexed by rank.

    Index 0 is unused (always 0); index ``r`` counts the hands whose best five
    have rank ``r`` (1 = royal flush ... 7462 = 7-5-4-3-2).

    >>> counts = rank_counts(5)
    >>> int(counts[1]), int(counts[7462]), int(counts.sum())
    (4, 1020, 2598960)
    """
    import numpy as np

    counts = np.array(_per_rank(_check_cards(cards), bool(wrap)), dtype=np.int64)
    counts.setflags(write=False)
    return counts


def stats(cards: int = 5, wrap: bool = False) -> Stats:
    """Count every hand of ``cards`` (5, 6 or 7) cards by category and distinct strength.

    ``wrap`` applies the house rule R10 (the ace wraps around: 13 straight ranks).
    Six and seven cards are rated by their best five. Raises ``ValueError`` for
    any other number of cards.

    >>> six = stats(6)
    >>> six.hands, six.categories[Category.FOUR_OF_A_KIND].hands
    (20358520, 14664)
    >>> stats(5, wrap=True).distinct
    7462
    """
    return _stats(_check_cards(cards), bool(wrap))


def _stats(cards: int, wrap: bool) -> Stats:
    from showdown.hands import native

    return _stats_on(cards, wrap, native.current())


@cache
def _stats_on(cards: int, wrap: bool, backend: str) -> Stats:
    per_rank = _counted_list(cards, wrap, backend)
    categories: dict[AnyCategory, CategoryCount] = {}
    for category, span in category_ranges(wrap).items():
        block = per_rank[span.start : span.stop]
        categories[category] = CategoryCount(hands=sum(block), distinct=len(block) - block.count(0))
    return Stats(
        cards=cards,
        wrap=wrap,
        hands=sum(per_rank),
        distinct=len(per_rank) - per_rank.count(0),
        categories=MappingProxyType(categories),
    )
