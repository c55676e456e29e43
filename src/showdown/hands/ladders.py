"""Every ladder's values and lookup tables, generated from its declaration: the builder.

Every ladder (see :mod:`showdown.variants`) lists its categories in order;
:func:`ladder_classes` turns that list into every distinct value, best first,
each with its category and its ranks in comparison order. Value 1 is the
best hand of the ladder, ``ladder.size`` the worst, and ``ladder.size + 1``
(:func:`no_hand`) means no qualifying hand (an eight-or-better low that is not
there). From the values come the lookup tables: a card-key sum tells the rank
multiset (:func:`nonflush_tables`) and whether five cards share a suit
(:func:`flush_table` then reads their rank mask); badugi, where suits decide
which cards play, has a value per four-card hand (:func:`badugi_values`).

This module only computes. :mod:`showdown.hands.rank_tables` owns the results:
it asks for each ladder's tables once (the standard ladder's are read from the
shipped ``rank_tables.bin`` instead) and hands them to the evaluators.

>>> from showdown.variants import ACE_TO_FIVE, BADUGI, DEUCE_TO_SEVEN, SHORT_DECK
>>> ladder_classes(ACE_TO_FIVE)[0], ladder_classes(DEUCE_TO_SEVEN)[0]
((<Category.HIGH_CARD: 0>, (3, 2, 1, 0, 12)), (<Category.HIGH_CARD: 0>, (5, 3, 2, 1, 0)))
>>> ladder_classes(SHORT_DECK)[5]  # A-6-7-8-9, the lowest straight flush
(<Category.STRAIGHT_FLUSH: 8>, (7, 6, 5, 4, 12))
>>> ladder_classes(BADUGI)[0], ladder_classes(BADUGI)[-1]
((<BadugiCategory.FOUR_CARD: 12>, (2, 1, 0, 12)), (<BadugiCategory.ONE_CARD: 9>, (11,)))
>>> int(flush_table(SHORT_DECK)[0b1000011110000])  # A-6-7-8-9 suited
6
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

from showdown.categories import AnyCategory, BadugiCategory, Category
from showdown.hands.card_keys import LOW_BIT, RANK_KEYS
from showdown.variants import BADUGI, Ladder

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "BINOMIAL",
    "NONFLUSH_ROW_BITS",
    "badugi_values",
    "class_columns",
    "combo_index",
    "compact_table",
    "first_fit_starts",
    "flush_table",
    "hand_sizes",
    "ladder_classes",
    "multiset_keys",
    "no_hand",
    "nonflush_tables",
    "value_of_ranks",
]

_C = Category
_FLUSHY = (_C.STRAIGHT_FLUSH, _C.FLUSH)


def no_hand(ladder: Ladder) -> int:
    """The value meaning "no qualifying hand" in ``ladder`` (one past its worst)."""
    return ladder.size + 1


def _strength(ladder: Ladder) -> tuple[int, ...]:
    """The ranks in play, weakest first as a high hand sees them (ace first if ace-low)."""
    order = (12, *range(12)) if ladder.ace_low else tuple(range(13))
    return tuple(r for r in order if r in ladder.ranks)


@cache
def ladder_classes(ladder: Ladder) -> tuple[tuple[AnyCategory, tuple[int, ...]], ...]:
    """Every value of ``ladder``, best first: (category, ranks in comparison order).

    Generated from the declaration alone: the categories in ``ladder.order``,
    each with its shapes (quads as ``q q q q k``...) in the order the ranks
    in play give; a low ladder reverses the list; a qualifier keeps the lows
    whose cards are all at most the qualifying rank.
    """
    if ladder.key == BADUGI.key:
        return _badugi_classes()
    desc = _strength(ladder)[::-1]
    runs = ladder.straights
    run_sets = {frozenset(r) for r in runs}
    unpaired: list[tuple[int, ...]] = [
        c for c in combinations(desc, 5) if frozenset(c) not in run_sets
    ]

    def shapes(category: AnyCategory) -> list[tuple[int, ...]]:
        if category in (_C.STRAIGHT_FLUSH, _C.STRAIGHT):
            return list(runs)
        if category in (_C.FLUSH, _C.HIGH_CARD):
            return unpaired
        if category == _C.FOUR_OF_A_KIND:
            return [(q,) * 4 + (k,) for q in desc for k in desc if k != q]
        if category == _C.FULL_HOUSE:
            return [(t,) * 3 + (p,) * 2 for t in desc for p in desc if p != t]
        if category == _C.THREE_OF_A_KIND:
            return [
                (t,) * 3 + ks for t in desc for ks in combinations([r for r in desc if r != t], 2)
            ]
        if category == _C.TWO_PAIR:
            return [
                (hi, hi, lo, lo, k)
                for hi, lo in combinations(desc, 2)
                for k in desc
                if k not in (hi, lo)
            ]
        if category == _C.PAIR:
            return [
                (p, p, *ks) for p in desc for ks in combinations([r for r in desc if r != p], 3)
            ]
        raise AssertionError(f"no shapes for {category!r}")  # pragma: no cover

    out = [(category, shape) for category in ladder.order for shape in shapes(category)]
    if ladder.low:
        out.reverse()
    if ladder.qualifier is not None:
        strength = _strength(ladder)
        allowed = set(strength[: strength.index(ladder.qualifier) + 1])
        out = [(c, r) for c, r in out if set(r) <= allowed]
    if len(out) != ladder.size:
        raise AssertionError(f"{ladder.key}: {len(out)} values instead of {ladder.size}")
    return tuple(out)


def _badugi_classes() -> tuple[tuple[AnyCategory, tuple[int, ...]], ...]:
    """Badugi values: bigger badugis first, then the highest card down (ace low)."""
    strength = _strength(BADUGI)
    position = {r: i for i, r in enumerate(strength)}
    out: list[tuple[AnyCategory, tuple[int, ...]]] = []
    for k in (4, 3, 2, 1):
        hands = sorted(
            (tuple(reversed(c)) for c in combinations(strength, k)),
            key=lambda ranks: [position[r] for r in ranks],
        )
        out += [(BadugiCategory.of_size(k), ranks) for ranks in hands]
    if len(out) != BADUGI.size:  # pragma: no cover - checked by the doctest above
        raise AssertionError(f"badugi: {len(out)} values")
    return tuple(out)


@cache
def class_columns(ladder: Ladder) -> tuple[tuple[AnyCategory, ...], tuple[tuple[int, ...], ...]]:
    """Category and comparison-order ranks indexed by value (index 0 unused)."""
    classes = ladder_classes(ladder)
    return (classes[0][0], *[c for c, _ in classes]), ((), *[r for _, r in classes])


@cache
def value_of_ranks(ladder: Ladder) -> dict[frozenset[int], int]:
    """Unpaired values by their set of ranks (badugi subsets, qualifying lows)."""
    return {
        frozenset(ranks): value
        for value, (_, ranks) in enumerate(ladder_classes(ladder), start=1)
        if len(set(ranks)) == len(ranks)
    }


def low_mask_values(ladder: Ladder) -> tuple[int, ...]:
    """An eight-or-better ladder's value of each 9-bit mask of low ranks (the OR of
    :data:`~showdown.hands.card_keys.LOW_BIT`): the masks of five low ranks have a value,
    every other mask (fewer ranks, or bit 8: a card above eight) no hand.

    >>> from showdown.variants import EIGHT_OR_BETTER
    >>> low_mask_values(EIGHT_OR_BETTER)[0b11111]  # A-2-3-4-5
    1
    """
    values = [no_hand(ladder)] * 512
    for ranks, value in value_of_ranks(ladder).items():
        values[sum(LOW_BIT[4 * r] for r in ranks)] = value
    return tuple(values)


def hand_sizes(ladder: Ladder) -> tuple[int, ...]:
    """The hand sizes the tables of ``ladder`` cover (a low with flushes: five cards only)."""
    if ladder.cards == 4:
        return (4,)
    return (5,) if ladder.low and ladder.flushes else (5, 6, 7)


def flush_table(ladder: Ladder) -> np.ndarray:
    """uint16[8192]: the rank mask of five to seven cards of one suit -> value (0: not a
    flush, or a ladder without flushes)."""
    import numpy as np

    flush = np.zeros(1 << 13, dtype=np.uint16)
    if not ladder.flushes:
        return flush
    bit = 1 << np.arange(13, dtype=np.int64)
    for value, (category, ranks) in enumerate(ladder_classes(ladder), start=1):
        if category in _FLUSHY:
            flush[sum(1 << r for r in ranks)] = value
    five = flush.astype(np.int64)
    for n in hand_sizes(ladder)[1:]:
        rows = np.array(list(combinations(ladder.ranks, n)), dtype=np.int64)
        best = np.full(len(rows), 65535, dtype=np.int64)
        for combo in combinations(range(n), 5):
            np.minimum(best, five[bit[rows[:, list(combo)]].sum(axis=1)], out=best)
        flush[bit[rows].sum(axis=1)] = best
    return flush


def nonflush_tables(ladder: Ladder) -> tuple[dict[int, np.ndarray], dict[int, np.ndarray]]:
    """By hand size: the sorted rank-key sums of every rank multiset in play (int64), and
    their values without a flush (uint16). Raises if two multisets share a sum."""
    import numpy as np

    none = no_hand(ladder)
    in_play = np.zeros(13, dtype=bool)
    in_play[list(ladder.ranks)] = True
    rank_keys = np.array(RANK_KEYS, dtype=np.int64)
    known = {
        sum(RANK_KEYS[r] for r in ranks): value
        for value, (category, ranks) in enumerate(ladder_classes(ladder), start=1)
        if category not in _FLUSHY
    }
    five_rows = _multisets(5)
    five_rows = five_rows[in_play[five_rows].all(axis=1)]
    five_keys = np.sort(rank_keys[five_rows].sum(axis=1))
    five_values = np.array([known.get(k, none) for k in five_keys.tolist()], dtype=np.int64)
    all_keys: dict[int, np.ndarray] = {}
    all_values: dict[int, np.ndarray] = {}
    for n in hand_sizes(ladder):
        if n == 5:
            keys, values = five_keys, five_values
        else:
            rows = _multisets(n)
            rows = rows[in_play[rows].all(axis=1)]
            keys = rank_keys[rows].sum(axis=1)
            values = np.full(len(rows), none, dtype=np.int64)
            for combo in combinations(range(n), 5):
                sub = rank_keys[rows[:, list(combo)]].sum(axis=1)
                np.minimum(values, five_values[np.searchsorted(five_keys, sub)], out=values)
            order = np.argsort(keys)
            keys, values = keys[order], values[order]
        if (np.diff(keys) <= 0).any():
            raise AssertionError(f"rank keys collide for {n} cards")
        all_keys[n], all_values[n] = keys, values.astype(np.uint16)
    return all_keys, all_values


def badugi_values() -> np.ndarray:
    """uint16: the badugi value of every four-card hand, by its combination index
    (:func:`combo_index`)."""
    import numpy as np

    by_mask = np.zeros(1 << 13, dtype=np.int64)
    for value, (_, ranks) in enumerate(ladder_classes(BADUGI), start=1):
        by_mask[sum(1 << r for r in ranks)] = value
    hands = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    rank_bit, suit_bit = 1 << (hands >> 2), 1 << (hands & 3)
    best = np.full(len(hands), no_hand(BADUGI), dtype=np.int64)
    for k in (1, 2, 3, 4):
        for subset in combinations(range(4), k):
            ranks = np.bitwise_or.reduce(rank_bit[:, list(subset)], axis=1)
            suits = np.bitwise_or.reduce(suit_bit[:, list(subset)], axis=1)
            ok = (_popcount13(ranks) == k) & (_popcount13(suits) == k)
            np.minimum(best, np.where(ok, by_mask[ranks], best), out=best)
    values = np.zeros(comb(52, 4), dtype=np.uint16)
    values[combo_index(hands)] = best
    return values


def _popcount13(x: np.ndarray) -> np.ndarray:
    count = x & 1
    for shift in range(1, 13):
        count = count + ((x >> shift) & 1)
    return count


#: ``BINOMIAL[k][i] = comb(i, k)``: a sorted four-card hand a<b<c<d has the index
#: comb(a,1) + comb(b,2) + comb(c,3) + comb(d,4) among all C(52, 4) hands.
BINOMIAL = tuple(tuple(comb(i, k) for i in range(52)) for k in range(5))


def combo_index(hands: np.ndarray) -> np.ndarray:
    """Combination index of each row of sorted four-card hands (shape (N, 4))."""
    import numpy as np

    binom = np.array(BINOMIAL, dtype=np.int64)
    return (
        binom[1][hands[:, 0]]
        + binom[2][hands[:, 1]]
        + binom[3][hands[:, 2]]
        + binom[4][hands[:, 3]]
    )


# ------------------------------------------------------------- the compact non-flush tables


#: Rows of ``2**NONFLUSH_ROW_BITS`` rank-key sums share one displacement in the
#: compact non-flush tables (see :func:`compact_table`).
NONFLUSH_ROW_BITS = 10


def first_fit_starts(keys: np.ndarray) -> np.ndarray:
    """First-fit displacement of the sorted rank-key sums ``keys`` of one hand size.

    The sums are cut into rows of ``2**NONFLUSH_ROW_BITS``; each row, fullest
    first, is laid at the first position where its occupied entries land on
    free ones. Returns each row's start (0 for empty rows). The starts depend on
    the rank keys only (given every multiset's sum, :func:`multiset_keys`), so
    every ladder shares them; the standard ones ship in ``rank_tables.bin``.
    """
    import numpy as np

    width = 1 << NONFLUSH_ROW_BITS
    rows, cols = keys >> NONFLUSH_ROW_BITS, keys & (width - 1)
    used, first, counts = np.unique(rows, return_index=True, return_counts=True)
    taken = np.zeros(4 * len(keys) + 2 * width, dtype=bool)
    starts = np.zeros(int(rows[-1]) + 1, dtype=np.int64)
    top = 0  # every position from top on is free
    for row in np.argsort(-counts, kind="stable").tolist():
        row_cols = cols[first[row] : first[row] + counts[row]].tolist()
        clash = taken[row_cols[0] : row_cols[0] + top + 1].copy()
        for col in row_cols[1:]:
            clash |= taken[col : col + top + 1]
        start = int(np.argmin(clash))  # the first start with no clash (top has none)
        taken[[start + col for col in row_cols]] = True
        starts[used[row]] = start
        top = max(top, start + row_cols[-1] + 1)
    return starts


def multiset_keys(n: int) -> np.ndarray:
    """Sorted rank-key sums of every multiset of ``n`` ranks (the same for every ladder)."""
    import numpy as np

    return np.sort(np.array(RANK_KEYS, dtype=np.int64)[_multisets(n)].sum(axis=1))


def compact_table(
    keys: np.ndarray, values: np.ndarray, n: int, starts: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Rank-key sums ``keys`` of ``n`` cards and their ``values`` packed into about 220 kB,
    each row of sums at its first-fit ``starts`` (any ladder: they fit every subset).

    Returns ``(table, shift)``: the value of rank-key sum ``s`` is
    ``table[s + shift[s >> NONFLUSH_ROW_BITS]]``. A dense table indexed by ``s``
    has 7.8 million mostly empty entries for seven cards; hands then miss the
    cache on most lookups, which this form (L2-sized) avoids.
    """
    import numpy as np

    # Padded so that any sum of n rank keys, repeats included (unchecked input), stays
    # inside: rows past the last start shift to their own column, and the table has a
    # whole row of room past the last start. The native kernel lays its table out alike.
    rows = ((n * max(RANK_KEYS)) >> NONFLUSH_ROW_BITS) + 1
    padded = np.zeros(rows, dtype=np.int64)
    padded[: len(starts)] = starts
    shift = padded - (np.arange(rows, dtype=np.int64) << NONFLUSH_ROW_BITS)
    index = keys + shift[keys >> NONFLUSH_ROW_BITS]
    table = np.zeros(int(starts.max()) + (1 << NONFLUSH_ROW_BITS) + 1, dtype=np.uint16)
    table[index] = values
    return table, shift.astype(np.intp)


def _multisets(n: int) -> np.ndarray:
    """Every multiset of ``n`` ranks with at most four of a rank, as sorted rows."""
    import numpy as np

    rows = np.array(list(combinations_with_replacement(range(13), n)), dtype=np.int64)
    if n > 4:  # rows are sorted, so five equal ranks show as row[j] == row[j + 4]
        rows = rows[(rows[:, 4:] != rows[:, :-4]).all(axis=1)]
    return rows
