"""The loops of one hand in any ladder: evaluators made from the tables they are handed.

Each function here takes a ladder's tables (as :mod:`showdown.hands.rank_tables` makes
them) and returns a function of card ids (unchecked) that reads them: this module asks
for no table. :mod:`showdown.hands.ladder_scalar` picks the loop and hands it its tables.

>>> from showdown.hands.rank_tables import ladder_scalar_tables
>>> from showdown.variants import ACE_TO_FIVE
>>> flush_evaluator(ladder_scalar_tables(ACE_TO_FIVE))([3, 6, 11, 15, 48])  # the wheel
1
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from showdown.hands.card_keys import (
    KEY_OFFSET,
    LOW_BIT,
    RANK_KEYS,
    SCALAR_CARD_KEYS,
    SUIT_BITS,
    SUIT_MASK,
)
from showdown.hands.ladders import BINOMIAL
from showdown.variants import omaha_picks

if TYPE_CHECKING:
    from showdown.hands.rank_tables import ScalarRankTables

__all__ = [
    "Evaluator",
    "OmahaEvaluator",
    "badugi_evaluator",
    "flush_evaluator",
    "omaha_fives_evaluator",
    "omaha_low_evaluator",
    "suitless_evaluator",
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


def badugi_evaluator(tables: ScalarRankTables, cards: int | None = None) -> Evaluator:
    """Badugi: the value of the four cards' combination index."""
    table = tables.badugi
    b1, b2, b3, b4 = _B1, _B2, _B3, _B4

    def badugi(ids: Sequence[int]) -> int:
        a, b, c, d = sorted(ids)
        return table[b1[a] + b2[b] + b3[c] + b4[d]]

    return badugi


def suitless_evaluator(tables: ScalarRankTables, cards: int | None = None) -> Evaluator:
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


def flush_evaluator(tables: ScalarRankTables, cards: int | None = None) -> Evaluator:
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


def omaha_low_evaluator(values: Sequence[int]) -> OmahaEvaluator:
    """Eight-or-better Omaha low: five different low ranks from two hole and three
    board cards are exactly the masks of two hole bits and three board bits whose union
    has five bits and no high-card bit (``values``: by mask, see
    :attr:`~showdown.hands.rank_tables.RankTables.low_masks`)."""
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


def omaha_fives_evaluator(evaluate: Evaluator, none: int) -> OmahaEvaluator:
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
