"""Tables generated from a ladder's declaration, and the evaluators that read them.

Every ladder (see :mod:`showdown.variants`) lists its categories in order;
:func:`ladder_classes` turns that list into every distinct value, best first,
each with its category and its ranks in comparison order. Value 1 is the
best hand of the ladder, ``ladder.size`` the worst, and ``ladder.size + 1``
(:func:`no_hand`) means no qualifying hand (an eight-or-better low that is not
there). The lookup tables are the same kind as the standard game's (see
:mod:`showdown.hands.tables`): a card-key sum tells the rank multiset and whether
five cards share a suit. Badugi, where suits decide which cards play, has a
table indexed by the four cards themselves.

The standard ladders (``high``, ``high-wrap``) use the shipped tables of
:mod:`showdown.hands.tables`; the others are computed with numpy on first use.

>>> from showdown.variants import ACE_TO_FIVE, BADUGI, DEUCE_TO_SEVEN, SHORT_DECK
>>> ladder_classes(ACE_TO_FIVE)[0], ladder_classes(DEUCE_TO_SEVEN)[0]
((<Category.HIGH_CARD: 0>, (3, 2, 1, 0, 12)), (<Category.HIGH_CARD: 0>, (5, 3, 2, 1, 0)))
>>> ladder_classes(SHORT_DECK)[5]  # A-6-7-8-9, the lowest straight flush
(<Category.STRAIGHT_FLUSH: 8>, (7, 6, 5, 4, 12))
>>> ladder_classes(BADUGI)[0], ladder_classes(BADUGI)[-1]
((<BadugiCategory.FOUR_CARD: 12>, (2, 1, 0, 12)), (<BadugiCategory.ONE_CARD: 9>, (11,)))
>>> ladder_ids([3, 6, 11, 15, 48], ACE_TO_FIVE)  # 2s 3h 4s 5s Ac: the wheel, best A-5 low
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from showdown.categories import AnyCategory, BadugiCategory, Category
from showdown.hands import native as _backend
from showdown.hands.tables import (
    KEY_OFFSET,
    RANK_KEYS,
    SCALAR_CARD_KEYS,
    SUIT_BITS,
    SUIT_MASK,
    _flush_suit_list,
    _multisets,
    compact_table,
)
from showdown.variants import BADUGI, EIGHT_OR_BETTER, Ladder, omaha_picks

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "LadderTables",
    "ladder_classes",
    "ladder_evaluator",
    "ladder_ids",
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
        """Non-flush values packed like :meth:`.tables.Tables.nonflush_compact`."""
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


# ------------------------------------------------------------------ scalar path

#: A ladder's scalar evaluator: card ids (unchecked) -> value.
Evaluator = Callable[[Sequence[int]], int]

_RANK_BITS = [1 << (i >> 2) for i in range(52)]
if (SUIT_BITS, SUIT_MASK) != (8, 255):  # pragma: no cover - the scalar path spells them out
    raise AssertionError("the scalar evaluators assume eight suit bits")
_B1, _B2, _B3, _B4 = (list(_BINOM[k]) for k in (1, 2, 3, 4))


def _badugi_evaluator() -> Evaluator:
    table: list[int] = ladder_tables(BADUGI).badugi.tolist()
    b1, b2, b3, b4 = _B1, _B2, _B3, _B4

    def badugi(ids: Sequence[int]) -> int:
        a, b, c, d = sorted(ids)
        return table[b1[a] + b2[b] + b3[c] + b4[d]]

    return badugi


def _rank_dicts(ladder: Ladder, offset: int) -> dict[int, dict[int, int]]:
    """n -> {rank-key sum - n * offset: value} of the non-flush hands of n cards."""
    tables = ladder_tables(ladder)
    return {
        n: dict(zip((keys - n * offset).tolist(), tables.nonflush_values[n].tolist(), strict=True))
        for n, keys in tables.nonflush_keys.items()
    }


def _suitless_evaluator(ladder: Ladder, cards: int | None = None) -> Evaluator:
    """A ladder without flushes: one dictionary read of the rank-key sum (suits ignored);
    ``cards``: every hand has that many cards (no dispatch on the length)."""
    keys = [RANK_KEYS[i >> 2] for i in range(52)]
    by_size = _rank_dicts(ladder, 0)
    five, six, seven = by_size[5], by_size.get(6, {}), by_size.get(7, {})

    def five_cards(ids: Sequence[int]) -> int:
        a, b, c, d, e = ids
        return five[keys[a] + keys[b] + keys[c] + keys[d] + keys[e]]

    def seven_cards(ids: Sequence[int]) -> int:
        a, b, c, d, e, f, g = ids
        return seven[keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]]

    def suitless(ids: Sequence[int]) -> int:
        if len(ids) == 5:
            a, b, c, d, e = ids
            return five[keys[a] + keys[b] + keys[c] + keys[d] + keys[e]]
        if len(ids) == 7:
            a, b, c, d, e, f, g = ids
            return seven[keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]]
        a, b, c, d, e, f = ids
        return six[keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f]]

    return {5: five_cards, 7: seven_cards}.get(cards or 0, suitless)


def _flush_evaluator(ladder: Ladder, cards: int | None = None) -> Evaluator:
    """A ladder with flushes: five cards are a flush when their suits are all equal;
    six or seven when the card-key sum's suit part says five share a suit. ``cards``
    5 (or a ladder of five cards only): a function of five cards alone."""
    tables = ladder_tables(ladder)
    keys, rank_keys = SCALAR_CARD_KEYS, [RANK_KEYS[i >> 2] for i in range(52)]
    by_size = _rank_dicts(ladder, KEY_OFFSET)
    five = _rank_dicts(ladder, 0)[5]
    suits = {n: s.tolist() for n, s in tables.flush_suit.items()}
    flush: list[int] = tables.flush.tolist()
    bits = _RANK_BITS
    if cards == 5 or hand_sizes(ladder) == (5,):  # five cards: no length to dispatch on

        def five_cards(ids: Sequence[int]) -> int:
            a, b, c, d, e = ids
            # Two suits differ (the low two bits of the ids): three in four hands stop
            # at the first test, in fewer bytecodes than a chained comparison.
            if (a ^ b) & 3 or (a ^ c) & 3 or (a ^ d) & 3 or (a ^ e) & 3:
                return five[
                    rank_keys[a] + rank_keys[b] + rank_keys[c] + rank_keys[d] + rank_keys[e]
                ]
            return flush[bits[a] | bits[b] | bits[c] | bits[d] | bits[e]]

        return five_cards

    def with_flushes(ids: Sequence[int]) -> int:
        if len(ids) == 5:
            a, b, c, d, e = ids
            if a & 3 == b & 3 == c & 3 == d & 3 == e & 3:
                return flush[bits[a] | bits[b] | bits[c] | bits[d] | bits[e]]
            return five[rank_keys[a] + rank_keys[b] + rank_keys[c] + rank_keys[d] + rank_keys[e]]
        n = len(ids)
        key = 0
        for i in ids:
            key += keys[i]
        suit = suits[n][key & 255]  # SUIT_MASK, SUIT_BITS (checked at import)
        if suit < 0:
            return by_size[n][key >> 8]
        mask = 0
        for i in ids:
            if i & 3 == suit:
                mask |= bits[i]
        return flush[mask]

    return with_flushes


#: The evaluators of the backend in use, by ladder key (the hot lookup), and every
#: evaluator built so far by (backend, ladder key): switching back and forth is free.
_EVALUATORS: dict[str, Evaluator] = {}
_BUILT: dict[tuple[str, str, int | None], Evaluator] = {}


def ladder_evaluator(ladder: Ladder, cards: int | None = None) -> Evaluator:
    """The scalar evaluator of ``ladder``: a function of card ids (unchecked, as
    :func:`ladder_ids`) built once per ladder, for a hot loop to hold on to. On the
    native backend a 5-7 card ladder's is the kernel's ``rank`` (which checks its
    input, as :func:`showdown.hands.value.evaluate_ids` does there). ``cards``: when
    every hand of the loop has that many cards, the numpy path's function for that
    size alone (it skips the dispatch on the length; other sizes are then an error).

    >>> from showdown.variants import ACE_TO_FIVE, DEUCE_TO_SEVEN
    >>> deuce = ladder_evaluator(DEUCE_TO_SEVEN)
    >>> deuce([20, 13, 9, 4, 0]), deuce([16, 13, 9, 5, 1])  # 7-5-4-3-2; a 6-5-4-3-2 straight
    (1, 5855)
    >>> ladder_evaluator(ACE_TO_FIVE, cards=5)([3, 6, 11, 15, 48])  # A-2-3-4-5, the best
    1
    """
    if cards is not None and cards not in hand_sizes(ladder):
        raise ValueError(f"the {ladder.key} ladder takes {hand_sizes(ladder)} cards, not {cards}")
    backend = _backend.current()
    evaluator = _BUILT.get((backend, ladder.key, cards))
    if evaluator is None:
        if ladder.cards == 5 and backend == "native":
            from showdown.hands.ladder_native import ladder_kernel

            evaluator = ladder_kernel(ladder).rank
        elif ladder.cards == 4:
            evaluator = _badugi_evaluator()
        elif ladder.flushes:
            evaluator = _flush_evaluator(ladder, cards)
        else:
            evaluator = _suitless_evaluator(ladder, cards)
        _BUILT[backend, ladder.key, cards] = evaluator
    if cards is None:
        _EVALUATORS[ladder.key] = evaluator
    return evaluator


_backend._listeners.append(_EVALUATORS.clear)  # refilled from _BUILT for the new backend


def ladder_ids(ids: Sequence[int], ladder: Ladder) -> int:
    """The value (1 = best) of card ids in ``ladder``: the best five of 5-7 cards,
    or a four-card badugi hand. ``no_hand(ladder)`` when nothing qualifies.

    No checking (ids must be distinct and of the ladder's deck), like
    :func:`showdown.hands.value.evaluate_ids`.
    """
    evaluator = _EVALUATORS.get(ladder.key) or ladder_evaluator(ladder)
    return evaluator(ids)


# ------------------------------------------------------------------ Omaha, scalar

#: Low-rank bit of a card in an eight-or-better low (ace 0, deux 1 ... eight 7), bit 8
#: for any card above eight.
_LOW_BIT = [
    1 << ((i >> 2) + 1) if i >> 2 <= 6 else (1 if i >> 2 == 12 else 1 << 8) for i in range(52)
]


@cache
def _low_by_mask(ladder: Ladder) -> tuple[int, ...]:
    """Value of a 9-bit low-rank mask in an eight-or-better ladder: the five-rank
    masks (bit 8 clear) have a value, anything else is no hand."""
    values = [no_hand(ladder)] * 512
    for ranks, value in value_of_ranks(ladder).items():
        values[sum(_LOW_BIT[4 * r] for r in ranks)] = value
    return tuple(values)


def _omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
    """Eight-or-better Omaha low: five different low ranks from two hole and three
    board cards are exactly the masks of two hole bits and three board bits whose union
    has five bits and no high-card bit."""
    values = _LOW_VALUES or _low_values()
    bit = _LOW_BIT
    hole_picks, board_picks = omaha_picks(len(hole), len(board))
    pairs = {bit[hole[i]] | bit[hole[j]] for i, j in hole_picks}
    pairs = {p for p in pairs if p < 256 and p & (p - 1)}  # two different low ranks
    best = none = values[511]
    if not pairs:
        return none
    for x, y, z in board_picks:
        triple = bit[board[x]] | bit[board[y]] | bit[board[z]]
        if triple >= 256:  # a card above eight
            continue
        for pair in pairs:
            value = values[pair | triple]
            if value < best:
                best = value
    return best


_LOW_VALUES: tuple[int, ...] = ()


def _low_values() -> tuple[int, ...]:
    global _LOW_VALUES
    _LOW_VALUES = _low_by_mask(EIGHT_OR_BETTER)
    return _LOW_VALUES


def ladder_omaha_ids(hole: Sequence[int], board: Sequence[int], ladder: Ladder) -> int:
    """The best value from exactly two of ``hole`` and three of ``board`` (Omaha).

    >>> from showdown.variants import EIGHT_OR_BETTER
    >>> ladder_omaha_ids([48, 1, 44, 45], [6, 11, 16, 50, 51], EIGHT_OR_BETTER)  # 6-4-3-2-A
    2
    """
    if ladder.key == EIGHT_OR_BETTER.key:
        return _omaha_low(hole, board)
    evaluate = ladder_evaluator(ladder)
    best = no_hand(ladder)
    pairs, picks = omaha_picks(len(hole), len(board))
    triples = [tuple(board[i] for i in pick) for pick in picks]
    for i, j in pairs:
        pair = (hole[i], hole[j])
        for triple in triples:
            value = evaluate(pair + triple)
            if value < best:
                best = value
    return best
