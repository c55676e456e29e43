"""One hand at a time in any ladder: the evaluators of card ids, kernel or Python.

:func:`ladder_evaluator` gives a ladder's scalar evaluator, built once: on the
native backend a 5-7 card ladder's is the C kernel's ``rank``
(:mod:`showdown.hands.ladder_native`); otherwise a Python function over the
tables of :mod:`showdown.hands.ladders`. :func:`ladder_ids` and
:func:`ladder_omaha_ids` evaluate one hand with it.

>>> from showdown.variants import ACE_TO_FIVE
>>> ladder_ids([3, 6, 11, 15, 48], ACE_TO_FIVE)  # 2s 3h 4s 5s Ac: the wheel, best A-5 low
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from showdown.hands import native, scalar
from showdown.hands.ladders import _BINOM, hand_sizes, ladder_tables, no_hand, value_of_ranks
from showdown.hands.lookup import KEY_OFFSET, RANK_KEYS, SCALAR_CARD_KEYS, SUIT_BITS, SUIT_MASK
from showdown.variants import BADUGI, EIGHT_OR_BETTER, HIGH, HIGH_WRAP, Ladder, Variant, omaha_picks

__all__ = ["Evaluator", "ladder_evaluator", "ladder_ids", "ladder_omaha_ids", "value_ids"]

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
    input, as :func:`showdown.hands.scalar.evaluate_ids` does there). ``cards``: when
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
    backend = native.current()
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


def ladder_ids(ids: Sequence[int], ladder: Ladder) -> int:
    """The value (1 = best) of card ids in ``ladder``: the best five of 5-7 cards,
    or a four-card badugi hand. ``no_hand(ladder)`` when nothing qualifies.

    No checking (ids must be distinct and of the ladder's deck), like
    :func:`showdown.hands.scalar.evaluate_ids`.
    """
    evaluator = _EVALUATORS.get(ladder.key) or ladder_evaluator(ladder)
    return evaluator(ids)


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


native.on_switch(_EVALUATORS.clear)  # refilled from _BUILT for the new backend


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
    if variant.use == "omaha":
        if ladder is HIGH or ladder is HIGH_WRAP:
            return scalar.evaluate_omaha_ids(hole, board, ladder is HIGH_WRAP)
        value = ladder_omaha_ids(hole, board, ladder)
    elif ladder is HIGH:
        return scalar.evaluate_ids((*hole, *board))
    elif ladder is HIGH_WRAP:
        return scalar.evaluate_ids_wrap((*hole, *board))
    else:
        value = ladder_ids((*hole, *board), ladder)
    return None if value == no_hand(ladder) else value
