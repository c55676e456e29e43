"""Every ladder's lookup tables for one hand size, the standard ladder's included.

:func:`_key_tables` gives the compact non-flush table, the flush suits and the
flush table of ``n`` cards: the standard ladders' from the shipped tables of
:mod:`showdown.hands.lookup`, any other's from :mod:`showdown.hands.ladders`.
:func:`omaha_rank_table` turns them into one read per hole pair and board triple.

>>> from showdown.variants import HIGH
>>> (table, shift), suits, flush = _key_tables(HIGH, 5)
>>> int(flush[0b1111100000000])  # the royal flush
1
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numpy as np

from showdown.cards import CardError
from showdown.hands.ladders import NONFLUSH_ROW_BITS, hand_sizes, ladder_tables, no_hand
from showdown.hands.lookup import get_tables
from showdown.hands.packed import RANK_KEYS
from showdown.variants import HIGH, HIGH_WRAP, Ladder

__all__ = ["omaha_rank_table"]


@cache
def _key_tables(
    ladder: Ladder, n: int
) -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray | None, np.ndarray]:
    """(compact non-flush table, flush suits or None, flush table) of ``n`` cards."""
    if ladder is HIGH or ladder is HIGH_WRAP:
        tables = get_tables(ladder is HIGH_WRAP)
        return tables.nonflush_compact(n), tables.flush_suit[n], tables.flush
    if n not in hand_sizes(ladder):
        raise CardError(f"the {ladder.key} ladder takes {hand_sizes(ladder)} cards, not {n}")
    ours = ladder_tables(ladder)
    suits = ours.flush_suit[n] if ladder.flushes else None
    return ours.nonflush_compact(n), suits, ours.flush


#: Index of an unordered pair of ranks (0..90) and of an unordered triple (0..454).
_PAIRS = list(combinations_with_replacement(range(13), 2))


_TRIPLES = list(combinations_with_replacement(range(13), 3))


@cache
def _omaha_index() -> tuple[np.ndarray, np.ndarray]:
    """``pair[13 * r1 + r2]`` (0..90) and ``triple[169 * r1 + 13 * r2 + r3]`` times 91:
    the index of the ranks' multiset in :data:`_PAIRS` / :data:`_TRIPLES`, any order."""
    pair_number: dict[tuple[int, ...], int] = {ranks: i for i, ranks in enumerate(_PAIRS)}
    triple_number: dict[tuple[int, ...], int] = {
        ranks: i * len(_PAIRS) for i, ranks in enumerate(_TRIPLES)
    }
    ranks = range(13)
    pair = [pair_number[tuple(sorted((a, b)))] for a in ranks for b in ranks]
    triple = [triple_number[tuple(sorted((a, b, c)))] for a in ranks for b in ranks for c in ranks]
    return np.array(pair, dtype=np.intp), np.array(triple, dtype=np.intp)


@cache
def omaha_rank_table(ladder: Ladder) -> np.ndarray:
    """Non-flush value (uint16) of a hole pair's and a board triple's ranks in ``ladder``,
    at ``triple index + pair index`` (see :func:`_omaha_index`). Five of a rank (only
    from a repeated card) reads the ladder's no-hand value."""
    multisets = np.array([t + p for t in _TRIPLES for p in _PAIRS], dtype=np.int64)
    keys = np.array(RANK_KEYS, dtype=np.int64)[multisets].sum(axis=1)
    (table, shift), _, _ = _key_tables(ladder, 5)
    values = table[keys + shift[keys >> NONFLUSH_ROW_BITS]].astype(np.uint16)
    ordered = np.sort(multisets, axis=1)
    five_alike = ordered[:, 0] == ordered[:, 4]
    values[five_alike] = no_hand(ladder)
    return values
