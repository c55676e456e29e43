"""One hand at a time in any ladder: the evaluators of card ids, kernel or Python.

:func:`ladder_evaluator` gives a ladder's scalar evaluator, built once per
backend: on the native backend a 5-7 card ladder's is the C kernel's ``rank``
(:mod:`showdown.hands.ladder_native`); otherwise a Python function reading the
ladder's tables as :mod:`showdown.hands.rank_tables` hands them. :func:`ladder_ids`
and :func:`ladder_omaha_ids` evaluate one hand with it, on the backend in use;
:func:`value_ids` picks the evaluation of a player's hand in a game.

>>> from showdown.variants import ACE_TO_FIVE
>>> ladder_ids([3, 6, 11, 15, 48], ACE_TO_FIVE)  # 2s 3h 4s 5s Ac: the wheel, best A-5 low
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from showdown.hands import native, scalar
from showdown.hands.card_keys import (
    KEY_OFFSET,
    LOW_BIT,
    RANK_KEYS,
    SCALAR_CARD_KEYS,
    SUIT_BITS,
    SUIT_MASK,
)
from showdown.hands.ladders import BINOMIAL, hand_sizes, no_hand
from showdown.hands.rank_tables import ladder_scalar_tables, low_mask_values
from showdown.variants import EIGHT_OR_BETTER, HIGH, HIGH_WRAP, Ladder, Variant, omaha_picks

if TYPE_CHECKING:
    from showdown.hands.native import Backend
    from showdown.hands.rank_tables import ScalarRankTables

__all__ = [
    "Evaluator",
    "OmahaEvaluator",
    "ladder_evaluator",
    "ladder_ids",
    "ladder_omaha_evaluator",
    "ladder_omaha_ids",
    "value_ids",
]

#: A ladder's scalar evaluator: card ids (unchecked) -> value.
Evaluator = Callable[[Sequence[int]], int]
#: A ladder's Omaha evaluator: (hole ids, board ids) -> value.
OmahaEvaluator = Callable[[Sequence[int], Sequence[int]], int]


_RANK_BITS = [1 << (i >> 2) for i in range(52)]
if (SUIT_BITS, SUIT_MASK) != (8, 255):  # pragma: no cover - the scalar path spells them out
    raise AssertionError("the scalar evaluators assume eight suit bits")
_B1, _B2, _B3, _B4 = (list(BINOMIAL[k]) for k in (1, 2, 3, 4))
#: Each card's rank key, shifted like the scalar card keys (see ``KEY_OFFSET``): the
#: rank part of their sum reads the tables' ``nonflush`` dicts.
_SCALAR_RANK_KEYS = [RANK_KEYS[i >> 2] - KEY_OFFSET for i in range(52)]


def _badugi_evaluator(tables: ScalarRankTables, cards: int | None = None) -> Evaluator:
    """Badugi: the value of the four cards' combination index."""
    table = tables.badugi
    b1, b2, b3, b4 = _B1, _B2, _B3, _B4

    def badugi(ids: Sequence[int]) -> int:
        a, b, c, d = sorted(ids)
        return table[b1[a] + b2[b] + b3[c] + b4[d]]

    return badugi


def _suitless_evaluator(tables: ScalarRankTables, cards: int | None = None) -> Evaluator:
    """A ladder without flushes: one dictionary read of the rank-key sum (suits ignored);
    ``cards``: every hand has that many cards (no dispatch on the length)."""
    keys = _SCALAR_RANK_KEYS
    by_size = tables.nonflush
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


def _flush_evaluator(tables: ScalarRankTables, cards: int | None = None) -> Evaluator:
    """A ladder with flushes: five cards are a flush when their suits are all equal;
    six or seven when the card-key sum's suit part says five share a suit. ``cards``
    5 (or a ladder of five cards only): a function of five cards alone."""
    keys, rank_keys = SCALAR_CARD_KEYS, _SCALAR_RANK_KEYS
    by_size, suits, flush = tables.nonflush, tables.flush_suit, tables.flush
    five = by_size[5]
    bits = _RANK_BITS
    if cards == 5 or len(by_size) == 1:  # five cards only: no length to dispatch on

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


#: Every evaluator built so far, by backend: of any hand size by ladder key (what
#: :func:`ladder_ids` reads), and of one size by ladder key and size. Switching back and
#: forth is free.
_ANY_SIZE: dict[Backend, dict[str, Evaluator]] = {name: {} for name in native.NAMES}
_ONE_SIZE: dict[Backend, dict[tuple[str, int], Evaluator]] = {name: {} for name in native.NAMES}


def ladder_evaluator(ladder: Ladder, cards: int | None = None) -> Evaluator:
    """The scalar evaluator of ``ladder`` on the backend in use: a function of card ids
    (unchecked, as :func:`ladder_ids`) built once per ladder, for a hot loop to hold on
    to. On the native backend a 5-7 card ladder's is the kernel's ``rank`` (which checks
    its input, as :func:`showdown.hands.scalar.evaluate_ids` does there); the standard
    rules' is :func:`showdown.hands.scalar.evaluator`'s. ``cards``: when every hand of
    the loop has that many cards, the numpy path's function for that size alone (it
    skips the dispatch on the length; other sizes are then an error).

    >>> from showdown.variants import ACE_TO_FIVE, DEUCE_TO_SEVEN
    >>> deuce = ladder_evaluator(DEUCE_TO_SEVEN)
    >>> deuce([20, 13, 9, 4, 0]), deuce([16, 13, 9, 5, 1])  # 7-5-4-3-2; a 6-5-4-3-2 straight
    (1, 5855)
    >>> ladder_evaluator(ACE_TO_FIVE, cards=5)([3, 6, 11, 15, 48])  # A-2-3-4-5, the best
    1
    """
    backend = native.current()
    if cards is None:
        evaluator = _ANY_SIZE[backend].get(ladder.key)
        if evaluator is None:
            evaluator = _ANY_SIZE[backend][ladder.key] = _build(ladder, backend, None)
    else:
        evaluator = _ONE_SIZE[backend].get((ladder.key, cards))
        if evaluator is None:
            evaluator = _ONE_SIZE[backend][ladder.key, cards] = _build(ladder, backend, cards)
    return evaluator


def _build(ladder: Ladder, backend: Backend, cards: int | None) -> Evaluator:
    """The evaluator of ``ladder`` on ``backend``: the kernel's, or a Python function
    reading the tables :mod:`showdown.hands.rank_tables` hands it."""
    if cards is not None and cards not in hand_sizes(ladder):
        raise ValueError(f"the {ladder.key} ladder takes {hand_sizes(ladder)} cards, not {cards}")
    if cards is None and (ladder is HIGH or ladder is HIGH_WRAP):
        return scalar.evaluator(ladder is HIGH_WRAP, backend)
    if ladder.cards == 5 and backend == "native":
        from showdown.hands.ladder_native import ladder_kernel  # numpy: only then

        return ladder_kernel(ladder).rank  # type: ignore[no-any-return]
    if ladder.cards == 4:
        make = _badugi_evaluator
    else:
        make = _flush_evaluator if ladder.flushes else _suitless_evaluator
    return make(ladder_scalar_tables(ladder), cards)


def ladder_ids(ids: Sequence[int], ladder: Ladder) -> int:
    """The value (1 = best) of card ids in ``ladder`` on the backend in use: the best five
    of 5-7 cards, or a four-card badugi hand. ``no_hand(ladder)`` when nothing qualifies.

    No checking (ids must be distinct and of the ladder's deck), like
    :func:`showdown.hands.scalar.evaluate_ids`.
    """
    evaluator = _ANY_SIZE[native.current()].get(ladder.key) or ladder_evaluator(ladder)
    return evaluator(ids)


def _omaha_low(values: Sequence[int]) -> OmahaEvaluator:
    """Eight-or-better Omaha low: five different low ranks from two hole and three
    board cards are exactly the masks of two hole bits and three board bits whose union
    has five bits and no high-card bit (``values``: by mask, see
    :func:`~showdown.hands.rank_tables.low_mask_values`)."""
    bit = LOW_BIT
    none = values[511]

    def omaha_low(hole: Sequence[int], board: Sequence[int]) -> int:
        hole_picks, board_picks = omaha_picks(len(hole), len(board))
        pairs = {bit[hole[i]] | bit[hole[j]] for i, j in hole_picks}
        pairs = {p for p in pairs if p < 256 and p & (p - 1)}  # two different low ranks
        best = none
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

    return omaha_low


def _omaha_fives(evaluate: Evaluator, none: int) -> OmahaEvaluator:
    """Any ladder's Omaha value: the best of ``evaluate`` over every hole pair and board
    triple (``none``: the ladder's no-hand value)."""

    def omaha(hole: Sequence[int], board: Sequence[int]) -> int:
        best = none
        pairs, picks = omaha_picks(len(hole), len(board))
        triples = [tuple(board[i] for i in pick) for pick in picks]
        for i, j in pairs:
            pair = (hole[i], hole[j])
            for triple in triples:
                value = evaluate(pair + triple)
                if value < best:
                    best = value
        return best

    return omaha


#: Every Omaha evaluator built so far, by backend, then by ladder key.
_OMAHA: dict[Backend, dict[str, OmahaEvaluator]] = {name: {} for name in native.NAMES}


def ladder_omaha_evaluator(ladder: Ladder) -> OmahaEvaluator:
    """The Omaha evaluator of ``ladder`` on the backend in use (exactly two hole and
    three board cards), built once: the standard rules' is
    :func:`showdown.hands.scalar.omaha_evaluator`'s; eight-or-better reads its low
    ranks' mask; any other ladder takes the best of its :func:`ladder_evaluator`."""
    backend = native.current()
    made = _OMAHA[backend]
    evaluator = made.get(ladder.key)
    if evaluator is None:
        if ladder is HIGH or ladder is HIGH_WRAP:
            evaluator = scalar.omaha_evaluator(ladder is HIGH_WRAP, backend)
        elif ladder.key == EIGHT_OR_BETTER.key:
            evaluator = _omaha_low(low_mask_values(ladder))
        else:
            evaluator = _omaha_fives(ladder_evaluator(ladder), no_hand(ladder))
        made[ladder.key] = evaluator
    return evaluator


def ladder_omaha_ids(hole: Sequence[int], board: Sequence[int], ladder: Ladder) -> int:
    """The best value from exactly two of ``hole`` and three of ``board`` (Omaha), on the
    backend in use.

    >>> from showdown.variants import EIGHT_OR_BETTER
    >>> ladder_omaha_ids([48, 1, 44, 45], [6, 11, 16, 50, 51], EIGHT_OR_BETTER)  # 6-4-3-2-A
    2
    """
    evaluator = _OMAHA[native.current()].get(ladder.key) or ladder_omaha_evaluator(ladder)
    return evaluator(hole, board)


def value_ids(
    hole: Sequence[int], board: Sequence[int], variant: Variant, ladder: Ladder
) -> int | None:
    """The best value (1 = best) of ``ladder`` from a player's hole and board ids in
    ``variant``, or ``None`` when nothing qualifies (no eight-or-better low). Unchecked.
    The one dispatch that pots and equity share.

    >>> from showdown.variants import find_variant
    >>> o8 = find_variant("omaha-hi-lo")
    >>> [value_ids((48, 0, 5, 44), (4, 13, 21, 38, 30), o8, ladder) for ladder in o8.ladders]
    [5766, 8]
    >>> value_ids((48, 44, 40, 36), (4, 13, 21), o8, o8.ladders[1]) is None  # no low
    True
    """
    backend = native.current()
    if variant.use == "omaha":
        omaha = _OMAHA[backend].get(ladder.key) or ladder_omaha_evaluator(ladder)
        value = omaha(hole, board)
    else:
        evaluator = _ANY_SIZE[backend].get(ladder.key) or ladder_evaluator(ladder)
        value = evaluator((*hole, *board))
    return None if value > ladder.size else value  # past the worst: no_hand(ladder)
