"""Omaha-style evaluation (exactly two hole and three board cards) in any game's ladders.

:func:`showdown.hands.batch.evaluate_omaha_batch` hands its work here when given a
``game`` (Omaha hi-lo). Every five is a hole pair and a board triple, so one
table per ladder, indexed by the pair's and the triple's rank multisets
(91 x 455 entries), gives every non-flush value with one read; the few fives of
one suit then read the flush table. The native kernel reads the same tables
(both ladders packed in one word) in its ``omaha_hilo`` loop.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.hands import native
from showdown.hands.arrays import CHUNK, as_hands, chunks, first_bad, native_order
from showdown.hands.high_batch import high_omaha_batch
from showdown.hands.ladders import no_hand
from showdown.hands.rank_tables import omaha_index, omaha_nonflush, rank_tables
from showdown.variants import EIGHT_OR_BETTER, HIGH, HIGH_WRAP, Variant, find_variant

__all__ = ["evaluate_game_omaha_batch"]

_RANK_BIT = (1 << (np.arange(52) >> 2)).astype(np.int64)


#: Suit counts as nibbles: one card adds 1 to nibble ``suit``.
_SUIT_NIBBLE = (1 << (4 * (np.arange(52) & 3))).astype(np.int64)


def _omaha_flushes(h: np.ndarray, b: np.ndarray, high: np.ndarray, flush: np.ndarray) -> None:
    """Lower ``high`` (Omaha values of hole rows ``h`` and board rows ``b``, ids as
    intp of shape (m, k)) by the flush of any two hole and three board cards."""
    holes = _SUIT_NIBBLE[h].sum(axis=1)
    boards = _SUIT_NIBBLE[b].sum(axis=1)
    # A nibble of at least 3 on the board and at least 2 in the hand, in the same suit.
    rows = np.flatnonzero((boards + 0x5555) & (holes + 0x6666) & 0x8888)
    if not rows.size:
        return
    hole, board = np.ascontiguousarray(h[rows].T), np.ascontiguousarray(b[rows].T)
    hole_suit, board_suit = hole & 3, board & 3
    hole_bit, board_bit = _RANK_BIT[hole], _RANK_BIT[board]
    # Per hole pair and board triple: its suit if all of one suit (else 4, or 5: never
    # equal) and its rank bits; a five is a flush exactly when the two suits are equal.
    pairs = [
        (np.where(hole_suit[i] == hole_suit[j], hole_suit[i], 4), hole_bit[i] | hole_bit[j])
        for i, j in combinations(range(len(hole)), 2)
    ]
    triples = [
        (
            np.where(
                (board_suit[x] == board_suit[y]) & (board_suit[y] == board_suit[z]),
                board_suit[x],
                5,
            ),
            board_bit[x] | board_bit[y] | board_bit[z],
        )
        for x, y, z in combinations(range(len(board)), 3)
    ]
    best = high[rows]
    for triple_suit, triple_bits in triples:
        for pair_suit, pair_bits in pairs:
            value = flush[pair_bits | triple_bits]
            np.minimum(best, np.where(pair_suit == triple_suit, value, best), out=best)
    high[rows] = best


def _native_omaha_hilo(
    kernel: Any, holes: np.ndarray, boards: np.ndarray, variant: Variant, check: bool
) -> np.ndarray:
    """Omaha hi-lo on the kernel: both halves from the rank-multiset table per five."""
    from showdown.hands import ladder_native as _ladder_native

    holes, boards = native_order(holes), native_order(boards)
    out = np.empty((2, len(holes)), dtype=np.uint16)
    pair, triple, ranks = _ladder_native.omaha_tables()
    bad = kernel.omaha_hilo(holes, boards, pair, triple, ranks, out[0], out[1], check)
    if bad >= 0:
        both = np.concatenate([holes[: bad + 1], boards[: bad + 1]], axis=1)
        raise first_bad(both, 0, variant, "hole and board", check)
    return np.stack(list(out), axis=1)


def evaluate_game_omaha_batch(
    hole: npt.ArrayLike, board: npt.ArrayLike, game: str | Variant, *, check: bool = True
) -> np.ndarray:
    """Omaha-style values (exactly two hole and three board cards) per ladder of ``game``.

    >>> evaluate_game_omaha_batch([[48, 1, 44, 45]], [[6, 11, 16, 50, 51]], "omaha-hi-lo").tolist()
    [[1616, 2]]
    """
    variant = find_variant(game)
    holes = as_hands(hole, variant.hole, "hole")
    boards = as_hands(board, (3, 4, 5), "board")
    if len(holes) != len(boards):
        raise CardError(f"hole has {len(holes)} rows but board has {len(boards)}")
    if variant.ladders in ((HIGH,), (HIGH_WRAP,)):
        return high_omaha_batch(holes, boards, variant.wrap, check)
    kernel = native.kernel()
    if kernel is not None and variant.ladders == (HIGH, EIGHT_OR_BETTER):
        return _native_omaha_hilo(kernel, holes, boards, variant, check)
    both = np.concatenate([holes, boards], axis=1, dtype=np.intp, casting="unsafe")
    k = holes.shape[1]
    pair_of, triple_of = omaha_index()
    nonflush = [omaha_nonflush(ladder) for ladder in variant.ladders]
    outs = [np.empty(len(both), dtype=np.uint16) for _ in variant.ladders]
    size = min(len(both), CHUNK)
    index, tmp = np.empty(size, dtype=np.intp), np.empty(size, dtype=np.uint16)
    for start, cards in chunks(both, variant, check, "hole and board"):
        m = cards.shape[1]
        ranks = cards >> 2
        pairs = [pair_of[13 * ranks[i] + ranks[j]] for i, j in combinations(range(k), 2)]
        triples = [
            triple_of[169 * ranks[x] + 13 * ranks[y] + ranks[z]]
            for x, y, z in combinations(range(k, len(ranks)), 3)
        ]
        idx, scratch = index[:m], tmp[:m]
        bests = [out[start : start + m] for out in outs]
        for best, ladder in zip(bests, variant.ladders, strict=True):
            best.fill(no_hand(ladder))
        for triple in triples:
            for pair in pairs:
                np.add(triple, pair, out=idx)
                for table, best in zip(nonflush, bests, strict=True):
                    np.take(table, idx, out=scratch)
                    np.minimum(best, scratch, out=best)
        for ladder, best in zip(variant.ladders, bests, strict=True):
            if ladder.flushes:
                rows = cards.T
                _omaha_flushes(rows[:, :k], rows[:, k:], best, rank_tables(ladder).flush)
    return outs[0] if len(outs) == 1 else np.stack(outs, axis=1)
