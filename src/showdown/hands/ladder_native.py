"""The native kernel's tables for the other showdowns' ladders (see :mod:`showdown._native`).

A ladder of five to seven cards (short deck, deuce-to-seven, ace-to-five,
eight-or-better) is evaluated by the same C loops as the standard game, given
its own tables (from :mod:`showdown.hands.rank_tables`): :func:`ladder_kernel`
makes that kernel ``Tables`` object once per ladder; ``stud_hilo_batch`` adds a
stud hand's eight-or-better low, read from the set of its low ranks
(:func:`stud_low_table`). Badugi and Omaha hi-lo have entry points of their own
(``badugi_batch``; ``omaha_hilo``, both halves from one table read per five), fed
by :func:`badugi_table` and :func:`omaha_tables`: the ladders' tables laid out as
only those C loops read them.

Only imported when the native backend is in use.

>>> from showdown.variants import ACE_TO_FIVE
>>> ladder_kernel(ACE_TO_FIVE).rank([3, 6, 11, 15, 48])  # the wheel: the best A-5 low
1
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

import numpy as np

from showdown.hands import native
from showdown.hands.ladders import BINOMIAL, combo_index, no_hand, value_of_ranks
from showdown.hands.rank_tables import (
    ladder_kernel_buffers,
    omaha_index,
    omaha_nonflush,
    rank_tables,
)
from showdown.variants import BADUGI, EIGHT_OR_BETTER, HIGH, HIGH_WRAP, Ladder

__all__ = ["badugi_table", "ladder_kernel", "omaha_tables", "stud_low_table"]


@cache
def ladder_kernel(ladder: Ladder) -> Any:
    """The kernel's ``Tables`` of a 5-7 card ``ladder`` (its ``rank``, ``batch``...), made
    once from :func:`~showdown.hands.rank_tables.ladder_kernel_buffers`."""
    if ladder is HIGH or ladder is HIGH_WRAP:
        return native.native_tables(ladder is HIGH_WRAP)
    if ladder.cards != 5:
        raise ValueError(f"the {ladder.key} ladder has no key-sum tables")
    return native.kernel_tables(ladder.key, ladder_kernel_buffers(ladder))


@cache
def badugi_table() -> np.ndarray:
    """Badugi values by rank multiset and suit pattern, as the kernel reads them.

    Four cards sorted by id have ranks r0 <= r1 <= r2 <= r3, indexed as a multiset
    (colex, 0..1819), and a suit pattern: for each card the first card of its suit
    (f1 + 2 f2 + 6 f3, 0..23). Filled from every four-card hand's value (uint16,
    1820 x 24 entries: small enough to stay in cache, unlike the 270,725 hands).
    """
    hands = np.array(list(combinations(range(52), 4)), dtype=np.int64)
    ranks, suits = hands >> 2, hands & 3
    first = [np.zeros(len(hands), dtype=np.int64)]
    for i in (1, 2, 3):
        f = np.full(len(hands), i, dtype=np.int64)
        for j in range(i - 1, -1, -1):
            f = np.where(suits[:, j] == suits[:, i], j, f)
        first.append(f)
    pattern = first[1] + 2 * first[2] + 6 * first[3]
    binom = np.array(BINOMIAL, dtype=np.int64)
    multiset = ranks[:, 0] + binom[2][ranks[:, 1] + 1] + binom[3][ranks[:, 2] + 2]
    multiset += binom[4][ranks[:, 3] + 3]
    table = np.zeros(1820 * 24, dtype=np.uint16)
    table[multiset * 24 + pattern] = rank_tables(BADUGI).badugi[combo_index(hands)]
    return table


@cache
def stud_low_table() -> np.ndarray:
    """The best eight-or-better low (uint16) of each set of low ranks as an 8-bit mask
    (ace bit 0, deuce bit 1 ... eight bit 7): its five lowest ranks, or no hand."""
    value = value_of_ranks(EIGHT_OR_BETTER)
    order = (12, 0, 1, 2, 3, 4, 5, 6)  # ace, deuce ... eight: bits 0 to 7
    table = np.full(256, no_hand(EIGHT_OR_BETTER), dtype=np.uint16)
    for mask in range(256):
        ranks = [order[b] for b in range(8) if mask >> b & 1]
        if len(ranks) >= 5:
            table[mask] = value[frozenset(ranks[:5])]
    return table


@cache
def omaha_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The kernel's Omaha eight-or-better tables: the pair index (uint16[169]), the
    triple index (uint32[2197]) and high << 16 | low by their sum (uint32[455 * 91]),
    as :func:`~showdown.hands.rank_tables.omaha_nonflush` lays them out."""
    pair, triple = omaha_index()
    high = omaha_nonflush(HIGH).astype(np.uint32)
    low = omaha_nonflush(EIGHT_OR_BETTER).astype(np.uint32)
    return pair.astype(np.uint16), triple.astype(np.uint32), (high << 16) | low
