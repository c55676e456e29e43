"""What each card adds to a hand's sum: the keys every evaluator and every table share.

Each card carries a key, ``rank_key << SUIT_BITS | suit_key``. The rank keys make
the sum over any 5, 6 or 7 cards unique per rank multiset (checked when the
tables are built); the suit keys make the low eight bits of the sum tell whether,
and in which suit, five cards share a suit (:func:`flush_suit_list`). Light: no
numpy, and no import beyond :mod:`itertools`.

>>> CARD_KEYS[51] == RANK_KEYS[12] << SUIT_BITS | SUIT_KEYS[3]
True
>>> flush_suit_list(7)[5 * SUIT_KEYS[2] + SUIT_KEYS[1] + SUIT_KEYS[0]]
2
"""

from __future__ import annotations

from itertools import combinations_with_replacement

# Greedy-minimal rank keys: every multiset of at most seven ranks (four of each
# at most) has its own sum. Checked in ``showdown.hands.ladders.nonflush_tables``.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
# Low bits: the sum of suit keys over 5, 6 or 7 cards tells which suit (if any)
# holds five or more of them (the smallest such keys). Checked in ``flush_suit_list``.
SUIT_KEYS = (0, 1, 25, 32)
SUIT_BITS = 8
SUIT_MASK = (1 << SUIT_BITS) - 1

#: Card keys for the batch paths (uint32 sums): ``rank_key << 8 | suit_key``.
CARD_KEYS = tuple((RANK_KEYS[i >> 2] << SUIT_BITS) | SUIT_KEYS[i & 3] for i in range(52))

#: The scalar path shifts every rank key down by ``KEY_OFFSET`` so that every sum
#: of up to seven keys stays below 2**30 in absolute value: CPython adds such
#: "single-digit" ints on its fast path. Python's ``>>`` and ``&`` on negative
#: ints act as on two's complement, so ``key >> 8`` and ``key & 255`` still split
#: the rank part (``rank-key sum - n * KEY_OFFSET``) from the suit part.
KEY_OFFSET = 558_983
SCALAR_CARD_KEYS = tuple(
    ((RANK_KEYS[i >> 2] - KEY_OFFSET) << SUIT_BITS) + SUIT_KEYS[i & 3] for i in range(52)
)

#: A card's bit in an eight-or-better low's rank mask: ace 0, deuce 1 ... eight 7, and
#: bit 8 for any card above eight (such a card never plays in the low).
LOW_BIT = tuple(
    1 << ((i >> 2) + 1) if i >> 2 <= 6 else (1 if i >> 2 == 12 else 1 << 8) for i in range(52)
)


def flush_suit_list(n: int) -> list[int]:
    """Low eight bits of a key sum over ``n`` cards -> the suit holding five or more, or -1."""
    table = [-1] * (SUIT_MASK + 1)
    seen: dict[int, int] = {}
    for suits in combinations_with_replacement(range(4), n):
        key = sum(SUIT_KEYS[s] for s in suits)
        suit = next((s for s in range(4) if suits.count(s) >= 5), -1)
        if seen.setdefault(key, suit) != suit:
            raise AssertionError(f"suit keys collide for {n} cards")
        table[key] = suit
    return table
