"""Hold'em ranks of hole cards on many boards at once (numpy).

A hand's non-flush rank on a board depends only on the board's rank multiset and the
hand's two ranks: a table of 6,188 ranks per pair of hole ranks (:func:`pair_table`)
turns each board into one lookup. The suit keys say which boards make a flush with
the hand; only those read the suit's rank mask from the board's card mask. (With
seven cards a flush excludes quads and full houses, so the flush rank simply replaces
the non-flush one.) The boards are those of :mod:`showdown.odds.board_vectors`.

>>> from showdown.odds.board_vectors import Universe
>>> boards = Universe((), [c for c in range(52) if c not in (48, 49, 46, 47)]).full()
>>> r1, r2 = holdem_ranks(boards, 48, 49), holdem_ranks(boards, 46, 47)  # AcAd, KhKs
>>> int((r1 < r2).sum()), int((r2 < r1).sum()), int((r1 == r2).sum())
(1388072, 317694, 6538)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import chain, combinations_with_replacement

import numpy as np

from showdown.hands.card_keys import RANK_KEYS, SUIT_KEYS
from showdown.hands.rank_tables import rank_tables
from showdown.odds.board_vectors import N_MULTISETS, Chunk, multiset_ids
from showdown.variants import HIGH

__all__ = ["ComboSet", "holdem_ranks", "holdem_ranks_at", "pair_table", "seven_card_tables"]

_SK = np.array(SUIT_KEYS, dtype=np.int64)
_RK = np.array(RANK_KEYS, dtype=np.int64)
_13 = np.uint64(13)
_8191 = np.uint64(8191)


@cache
def _multiset_keys() -> np.ndarray:
    """Sum of rank keys of each five-rank multiset, indexed by :func:`multiset_ids`."""
    flat = chain.from_iterable(combinations_with_replacement(range(13), 5))
    rows = np.fromiter(flat, dtype=np.int64, count=5 * N_MULTISETS).reshape(-1, 5)
    keys = np.zeros(N_MULTISETS, dtype=np.int64)
    keys[multiset_ids(rows)] = _RK[rows].sum(axis=1)
    return keys


@cache
def seven_card_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The seven-card tables the Hold'em ranks read: flush suit by suit-key sum, flush
    rank by rank mask, and the sorted non-flush keys with their ranks."""
    t = rank_tables(HIGH)  # the evaluators' tables, made once
    return t.flush_suit[7], t.flush, t.nonflush_keys[7], t.nonflush_values[7]


_PAIR_TABLES = np.zeros((169, N_MULTISETS), dtype=np.uint16)
_PAIR_READY = np.zeros(169, dtype=bool)


def pair_table(high: int, low: int) -> np.ndarray:
    """Non-flush 7-card rank for hole ranks ``high >= low`` on each board multiset id."""
    pid = 13 * high + low
    if not _PAIR_READY[pid]:
        _, _, keys7, values7 = seven_card_tables()
        want = _multiset_keys() + _RK[high] + _RK[low]
        pos = np.searchsorted(keys7, want).clip(0, len(keys7) - 1)
        _PAIR_TABLES[pid] = np.where(keys7[pos] == want, values7[pos], 0)
        _PAIR_READY[pid] = True
    return _PAIR_TABLES[pid]


def holdem_ranks(chunk: Chunk, c1: int, c2: int) -> np.ndarray:
    """Hold'em rank (uint16, 1 = royal flush) of hole cards ``c1 c2`` on every board of a chunk."""
    fs7, flush, _, _ = seven_card_tables()
    r1, r2 = c1 >> 2, c2 >> 2
    out = pair_table(max(r1, r2), min(r1, r2))[chunk.mid_add :][chunk.mid_base]
    hand_ss = SUIT_KEYS[c1 & 3] + SUIT_KEYS[c2 & 3]
    suit = fs7[chunk.ss_add + hand_ss :][chunk.ss_base]
    rows = np.flatnonzero(suit >= 0)
    if rows.size:
        hand_bits = np.zeros(4, dtype=np.uint64)
        hand_bits[c1 & 3] |= np.uint64(1 << r1)
        hand_bits[c2 & 3] |= np.uint64(1 << r2)
        s = suit[rows]
        bm = chunk.bm_base[rows] | chunk.bm_add
        mask = ((bm >> (_13 * s.astype(np.uint64))) & _8191) | hand_bits[s]
        out[rows] = flush[mask.astype(np.intp)]
    return out


@dataclass
class ComboSet:
    """Per-combo lookup data for sampling hands from a range (Monte Carlo)."""

    c1: np.ndarray
    c2: np.ndarray
    offset: np.ndarray  # row of the hole-rank pair in the flattened pair tables
    suit_sum: np.ndarray  # the two suit keys added

    @classmethod
    def of(cls, combos: np.ndarray) -> ComboSet:
        c1, c2 = combos[:, 0].astype(np.int64), combos[:, 1].astype(np.int64)
        hi, lo = np.maximum(c1 >> 2, c2 >> 2), np.minimum(c1 >> 2, c2 >> 2)
        for h, low in set(zip(hi.tolist(), lo.tolist(), strict=True)):
            pair_table(h, low)
        offset = (13 * hi + lo) * N_MULTISETS
        return cls(c1, c2, offset, _SK[c1 & 3] + _SK[c2 & 3])


def holdem_ranks_at(
    bm: np.ndarray,
    mid: np.ndarray,
    ss: np.ndarray,
    combos: ComboSet,
    pick: np.ndarray | None = None,
) -> np.ndarray:
    """Hold'em ranks of combo ``pick[i]`` of ``combos`` on the board ``bm[i], mid[i], ss[i]``.

    For Monte Carlo: the boards' masks, multiset ids and suit sums are gathered once
    per trial and shared by every player. ``pick=None``: the set holds one combo,
    used on every board.
    """
    fs7, flush, _, _ = seven_card_tables()
    if pick is None:
        start = int(combos.offset[0])
        out = _PAIR_TABLES.ravel()[start : start + N_MULTISETS][mid]
        suit = fs7[ss + combos.suit_sum[0]]
    else:
        out = _PAIR_TABLES.ravel()[combos.offset[pick] + mid]
        suit = fs7[ss + combos.suit_sum[pick]]
    rows = np.flatnonzero(suit >= 0)
    if rows.size:
        s = suit[rows].astype(np.int64)
        mask = (bm[rows] >> (_13 * s.astype(np.uint64))) & _8191
        which = np.zeros(len(rows), dtype=np.int64) if pick is None else pick[rows]
        for c in (combos.c1[which], combos.c2[which]):
            mask |= np.where((c & 3) == s, np.left_shift(1, c >> 2), 0).astype(np.uint64)
        out[rows] = flush[mask.astype(np.intp)]
    return out
