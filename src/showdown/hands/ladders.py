"""Every ladder's tables, generated from its declaration: the one table builder.

Every ladder (see :mod:`showdown.variants`) lists its categories in order;
:func:`ladder_classes` turns that list into every distinct value, best first,
each with its category and its ranks in comparison order. Value 1 is the
best hand of the ladder, ``ladder.size`` the worst, and ``ladder.size + 1``
(:func:`no_hand`) means no qualifying hand (an eight-or-better low that is not
there). :class:`LadderTables` builds the lookup tables: a card-key sum tells
the rank multiset and whether five cards share a suit; badugi, where suits
decide which cards play, has a table indexed by the four cards themselves.

The standard ladder is one more declaration: its tables come from here too,
once, and ship packed in ``tables.bin`` (:mod:`showdown.hands.lookup` reads
them without building); the scalar evaluators that read any ladder's tables
are in :mod:`showdown.hands.ladder_scalar`.

>>> from showdown.variants import ACE_TO_FIVE, BADUGI, DEUCE_TO_SEVEN, SHORT_DECK
>>> ladder_classes(ACE_TO_FIVE)[0], ladder_classes(DEUCE_TO_SEVEN)[0]
((<Category.HIGH_CARD: 0>, (3, 2, 1, 0, 12)), (<Category.HIGH_CARD: 0>, (5, 3, 2, 1, 0)))
>>> ladder_classes(SHORT_DECK)[5]  # A-6-7-8-9, the lowest straight flush
(<Category.STRAIGHT_FLUSH: 8>, (7, 6, 5, 4, 12))
>>> ladder_classes(BADUGI)[0], ladder_classes(BADUGI)[-1]
((<BadugiCategory.FOUR_CARD: 12>, (2, 1, 0, 12)), (<BadugiCategory.ONE_CARD: 9>, (11,)))
"""

from __future__ import annotations

from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

from showdown.categories import AnyCategory, BadugiCategory, Category
from showdown.hands.packed import RANK_KEYS, shipped_segments
from showdown.hands.packed import flush_suit_list as _flush_suit_list
from showdown.variants import BADUGI, Ladder

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "LadderTables",
    "ladder_classes",
    "ladder_tables",
    "no_hand",
]

_C = Category


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


def hand_sizes(ladder: Ladder) -> tuple[int, ...]:
    """The hand sizes the tables of ``ladder`` cover (a low with flushes: five cards only)."""
    if ladder.cards == 4:
        return (4,)
    return (5,) if ladder.low and ladder.flushes else (5, 6, 7)


class LadderTables:
    """The numpy tables of one ladder (built by :func:`ladder_tables`)."""

    __slots__ = ("badugi", "flush", "flush_suit", "ladder", "nonflush_keys", "nonflush_values")

    def __init__(self, ladder: Ladder) -> None:
        import numpy as np

        self.ladder = ladder
        #: uint16[8192]: rank mask of five to seven cards of one suit -> value (flush ladders).
        self.flush = np.zeros(1 << 13, dtype=np.uint16)
        #: n -> int8[256]: low key bits -> the suit of five or more cards, or -1.
        self.flush_suit: dict[int, np.ndarray] = {}
        #: n -> sorted rank-key sums of every rank multiset in play, and their values.
        self.nonflush_keys: dict[int, np.ndarray] = {}
        self.nonflush_values: dict[int, np.ndarray] = {}
        #: Badugi: value of every four-card hand by its combination index (see _combo_index).
        self.badugi = np.zeros(0, dtype=np.uint16)
        if ladder.key == BADUGI.key:
            self._build_badugi()
        else:
            self._build()

    def _build(self) -> None:
        import numpy as np

        ladder = self.ladder
        classes = ladder_classes(ladder)
        none = no_hand(ladder)
        in_play = np.zeros(13, dtype=bool)
        in_play[list(ladder.ranks)] = True
        bit = 1 << np.arange(13, dtype=np.int64)
        flushy = (_C.STRAIGHT_FLUSH, _C.FLUSH)
        if ladder.flushes:
            for value, (category, ranks) in enumerate(classes, start=1):
                if category in flushy:
                    self.flush[sum(1 << r for r in ranks)] = value
            five = self.flush.astype(np.int64)
            for n in hand_sizes(ladder)[1:]:
                rows = np.array(list(combinations(ladder.ranks, n)), dtype=np.int64)
                best = np.full(len(rows), 65535, dtype=np.int64)
                for combo in combinations(range(n), 5):
                    np.minimum(best, five[bit[rows[:, list(combo)]].sum(axis=1)], out=best)
                self.flush[bit[rows].sum(axis=1)] = best
        rank_keys = np.array(RANK_KEYS, dtype=np.int64)
        known = {
            sum(RANK_KEYS[r] for r in ranks): value
            for value, (category, ranks) in enumerate(classes, start=1)
            if category not in flushy
        }
        five_rows = _multisets(5)
        five_rows = five_rows[in_play[five_rows].all(axis=1)]
        five_keys = np.sort(rank_keys[five_rows].sum(axis=1))
        five_values = np.array([known.get(k, none) for k in five_keys.tolist()], dtype=np.int64)
        for n in hand_sizes(ladder):
            self.flush_suit[n] = np.array(
                _flush_suit_list(n) if ladder.flushes else [-1] * 256, dtype=np.int8
            )
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
            self.nonflush_keys[n], self.nonflush_values[n] = keys, values.astype(np.uint16)

    def _build_badugi(self) -> None:
        import numpy as np

        classes = ladder_classes(BADUGI)
        by_mask = np.zeros(1 << 13, dtype=np.int64)
        for value, (_, ranks) in enumerate(classes, start=1):
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
        self.badugi = np.zeros(comb(52, 4), dtype=np.uint16)
        self.badugi[_combo_index(hands)] = best

    def nonflush_compact(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """Non-flush values packed like :meth:`.lookup.Tables.nonflush_compact`."""
        return _compact(self.ladder, n)


def _popcount13(x: np.ndarray) -> np.ndarray:
    count = x & 1
    for shift in range(1, 13):
        count = count + ((x >> shift) & 1)
    return count


#: ``_BINOM[k][i] = comb(i, k)``: a sorted four-card hand a<b<c<d has the index
#: comb(a,1) + comb(b,2) + comb(c,3) + comb(d,4) among all C(52, 4) hands.
_BINOM = tuple(tuple(comb(i, k) for i in range(52)) for k in range(5))


def _combo_index(hands: np.ndarray) -> np.ndarray:
    """Combination index of each row of sorted four-card hands (shape (N, 4))."""
    import numpy as np

    binom = np.array(_BINOM, dtype=np.int64)
    return (
        binom[1][hands[:, 0]]
        + binom[2][hands[:, 1]]
        + binom[3][hands[:, 2]]
        + binom[4][hands[:, 3]]
    )


@cache
def ladder_tables(ladder: Ladder) -> LadderTables:
    """The numpy tables of ``ladder``, computed once (well under a second)."""
    return LadderTables(ladder)


@cache
def _compact(ladder: Ladder, n: int) -> tuple[np.ndarray, np.ndarray]:
    tables = ladder_tables(ladder)
    return compact_table(tables.nonflush_keys[n], tables.nonflush_values[n], n)


# ------------------------------------------------------------------ key tables of a hand size


#: Rows of ``2**NONFLUSH_ROW_BITS`` rank-key sums share one displacement in the
#: compact non-flush tables (see :meth:`Tables.nonflush_compact`).
NONFLUSH_ROW_BITS = 10


@cache
def _row_starts(n: int) -> np.ndarray:
    """Where each row of rank-key sums starts in the compact table, for ``n`` cards.

    They depend on the rank keys only, so every ladder shares them: read from the
    shipped ``tables.bin`` when it is there, else computed (about 0.2 s for seven cards).
    """
    import numpy as np

    shipped = shipped_segments()
    if shipped is not None:
        return np.frombuffer(shipped[3][n], dtype="<u4").astype(np.int64)
    return _first_fit_starts(_multiset_keys(n))


def _first_fit_starts(keys: np.ndarray) -> np.ndarray:
    """First-fit displacement of the sorted rank-key sums ``keys`` of one hand size.

    The sums are cut into rows of ``2**NONFLUSH_ROW_BITS``; each row, fullest
    first, is laid at the first position where its occupied entries land on
    free ones. Returns each row's start (0 for empty rows).
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


def _multiset_keys(n: int) -> np.ndarray:
    """Sorted rank-key sums of every multiset of ``n`` ranks (the same for every rule set)."""
    import numpy as np

    return np.sort(np.array(RANK_KEYS, dtype=np.int64)[_multisets(n)].sum(axis=1))


def compact_table(keys: np.ndarray, values: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Rank-key sums ``keys`` of ``n`` cards and their ``values`` in the compact form of
    :meth:`Tables.nonflush_compact` (any rule set: the row starts fit every subset)."""
    import numpy as np

    starts = _row_starts(n)
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
