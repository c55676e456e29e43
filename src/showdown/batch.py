"""Vectorised evaluation of many hands at once with numpy.

>>> import numpy as np
>>> hands = np.array([[51, 47, 43, 39, 35], [20, 13, 9, 4, 0]])  # royal flush; 7-5-4-3-2
>>> evaluate_batch(hands).tolist()
[1, 7462]
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.tables import CARD_KEYS, SUIT_BITS, SUIT_MASK, get_tables

#: Hands per chunk: bounds the temporaries to a few tens of megabytes.
CHUNK = 1 << 18

_CARD_KEYS = np.array(CARD_KEYS, dtype=np.uint32)
_RANK_BIT = (1 << (np.arange(52) >> 2)).astype(np.uint16)
_SUIT = (np.arange(52) & 3).astype(np.int8)


def _check(ids: np.ndarray, sizes: tuple[int, ...], what: str) -> None:
    if ids.ndim != 2 or ids.shape[1] not in sizes:
        raise CardError(f"{what} must have shape (N, k) with k in {sizes}, got {ids.shape}")
    if ids.size and (ids.min() < 0 or ids.max() > 51):
        raise CardError(f"{what} holds card ids outside 0..51")


def _evaluate_chunk(
    ids: np.ndarray,
    out: np.ndarray,
    nonflush: np.ndarray,
    flush_suit: np.ndarray,
    flush: np.ndarray,
) -> None:
    key = _CARD_KEYS[ids[:, 0]]
    for j in range(1, ids.shape[1]):
        key += _CARD_KEYS[ids[:, j]]
    np.take(nonflush, key >> SUIT_BITS, out=out)
    suit = flush_suit[key & SUIT_MASK]
    rows = np.flatnonzero(suit >= 0)
    if rows.size:
        cards = ids[rows]
        in_suit = _SUIT[cards] == suit[rows, None]
        mask = np.where(in_suit, _RANK_BIT[cards], 0).sum(axis=1)
        out[rows] = flush[mask]


def evaluate_batch(ids: npt.ArrayLike, wrap: bool = False) -> np.ndarray:
    """Ranks (uint16, 1..7462) of an integer array of card ids of shape (N, 5|6|7).

    Rows must hold distinct ids; no Python loop runs per hand, and work is done
    in chunks of :data:`CHUNK` rows so memory stays bounded for any N.
    """
    hands = np.asarray(ids)
    _check(hands, (5, 6, 7), "hands")
    n = hands.shape[1]
    tables = get_tables(wrap)
    nonflush = tables.nonflush_array(n)
    flush_suit = tables.flush_suit[n]
    out = np.empty(len(hands), dtype=np.uint16)
    for start in range(0, len(hands), CHUNK):
        stop = start + CHUNK
        _evaluate_chunk(hands[start:stop], out[start:stop], nonflush, flush_suit, tables.flush)
    return out


def evaluate_omaha_batch(
    hole: npt.ArrayLike, board: npt.ArrayLike, wrap: bool = False
) -> np.ndarray:
    """Omaha ranks: exactly two of each row of ``hole`` (N, 4..6) and three of ``board`` (N, 3..5).

    >>> evaluate_omaha_batch([[51, 47, 0, 5]], [[43, 39, 35, 2, 6]]).tolist()  # AsKs + QsJsTs
    [1]
    """
    holes = np.asarray(hole)
    boards = np.asarray(board)
    _check(holes, (4, 5, 6), "hole")
    _check(boards, (3, 4, 5), "board")
    if len(holes) != len(boards):
        raise CardError(f"hole has {len(holes)} rows but board has {len(boards)}")
    best = np.full(len(holes), 7463, dtype=np.uint16)
    hole_pairs = list(combinations(range(holes.shape[1]), 2))
    board_triples = list(combinations(range(boards.shape[1]), 3))
    step = max(1, CHUNK // 4)
    for start in range(0, len(holes), step):
        h = holes[start : start + step]
        b = boards[start : start + step]
        for hp in hole_pairs:
            for bt in board_triples:
                five = np.concatenate([h[:, hp], b[:, bt]], axis=1)
                np.minimum(
                    best[start : start + step],
                    evaluate_batch(five, wrap),
                    out=best[start : start + step],
                )
    return best
