"""Vectorised evaluation of many hands at once with numpy.

>>> import numpy as np
>>> hands = np.array([[51, 47, 43, 39, 35], [20, 13, 9, 4, 0]])  # royal flush; 7-5-4-3-2
>>> evaluate_batch(hands).tolist()
[1, 7462]
>>> evaluate_batch([[51, 47, 43, 39, 51]])
Traceback (most recent call last):
...
showdown.cards.CardError: hands row 0 holds a card twice
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.tables import CARD_KEYS, SUIT_BITS, SUIT_MASK, get_tables

#: Hands per chunk: the temporaries stay within a few megabytes (cache-sized)
#: whatever N is, so 100 million hands need only their input and output arrays.
CHUNK = 1 << 15

_CARD_KEYS = np.array(CARD_KEYS, dtype=np.uint32)
_CARD_BIT = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_BYTE_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)
_RANK_BIT = (1 << (np.arange(52) >> 2)).astype(np.uint16)
_SUIT = (np.arange(52) & 3).astype(np.int8)


def _as_hands(ids: npt.ArrayLike, sizes: tuple[int, ...], what: str) -> np.ndarray:
    try:
        hands = np.asarray(ids)
    except (TypeError, ValueError) as error:  # ragged rows, or not numbers at all
        raise CardError(f"{what} must be an (N, k) array of card ids: {error}") from None
    if hands.ndim != 2 or hands.shape[1] not in sizes:
        raise CardError(f"{what} must have shape (N, k) with k in {sizes}, got {hands.shape}")
    if hands.dtype.kind not in "iu":
        raise CardError(f"{what} must hold integer card ids, not {hands.dtype}")
    return hands


def _check_range(chunk: np.ndarray, start: int, what: str) -> None:
    if chunk.size and (chunk.min() < 0 or chunk.max() > 51):
        bad = int(np.flatnonzero(((chunk < 0) | (chunk > 51)).any(axis=1))[0])
        raise CardError(f"{what} row {start + bad} holds a card id outside 0..51")


def _check_distinct(chunk: np.ndarray, start: int, what: str) -> None:
    """No card twice in a row: the union of the row's card bits has one bit per card."""
    union = _CARD_BIT[chunk[:, 0]]
    for j in range(1, chunk.shape[1]):
        union |= _CARD_BIT[chunk[:, j]]
    repeated = _popcount(union) != chunk.shape[1]
    if repeated.any():
        raise CardError(f"{what} row {start + int(np.flatnonzero(repeated)[0])} holds a card twice")


def _popcount_by_bytes(x: np.ndarray) -> np.ndarray:
    """Set bits of each uint64, for numpy before 2.0 (no ``np.bitwise_count``)."""
    count = np.zeros(len(x), dtype=np.uint8)
    for byte in range(8):
        count += _BYTE_POPCOUNT[(x >> np.uint64(8 * byte)) & np.uint64(255)]
    return count


_popcount = getattr(np, "bitwise_count", _popcount_by_bytes)


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


def evaluate_batch(ids: npt.ArrayLike, wrap: bool = False, *, check: bool = True) -> np.ndarray:
    """Ranks (uint16, 1..7462) of an integer array of card ids of shape (N, 5|6|7).

    No Python loop runs per hand, and the work is done in chunks of
    :data:`CHUNK` rows, so memory beyond the input and the output stays bounded
    for any N. Ids outside 0..51 are always a :class:`CardError`; so is a card
    repeated in a row, unless ``check=False`` (for input known to be valid: it
    saves about a third of the time). ``wrap``: the R10 house rule.

    >>> evaluate_batch(np.array([[12, 8, 4, 0, 48, 1, 2]], dtype=np.uint8), check=False)
    array([10], dtype=uint16)
    """
    hands = _as_hands(ids, (5, 6, 7), "hands")
    n = hands.shape[1]
    tables = get_tables(wrap)
    nonflush = tables.nonflush_array(n)
    flush_suit = tables.flush_suit[n]
    out = np.empty(len(hands), dtype=np.uint16)
    # Index arrays of another dtype are copied into one reused native buffer:
    # numpy gathers fastest with intp indices, and a fresh buffer per chunk
    # would cost page faults.
    native = hands.dtype == np.intp
    buffer = None if native else np.empty((min(len(hands), CHUNK), n), dtype=np.intp)
    for start in range(0, len(hands), CHUNK):
        chunk = hands[start : start + CHUNK]
        _check_range(chunk, start, "hands")
        if buffer is not None:
            chunk = _into(buffer, chunk)
        if check:
            _check_distinct(chunk, start, "hands")
        _evaluate_chunk(chunk, out[start : start + CHUNK], nonflush, flush_suit, tables.flush)
    return out


def _into(buffer: np.ndarray, chunk: np.ndarray) -> np.ndarray:
    view = buffer[: len(chunk)]
    np.copyto(view, chunk, casting="unsafe")  # safe: ids were checked to be 0..51
    return view


def evaluate_omaha_batch(
    hole: npt.ArrayLike, board: npt.ArrayLike, wrap: bool = False, *, check: bool = True
) -> np.ndarray:
    """Omaha ranks: exactly two of each row of ``hole`` (N, 4..6) and three of ``board`` (N, 3..5).

    >>> evaluate_omaha_batch([[51, 47, 0, 5]], [[43, 39, 35, 2, 6]]).tolist()  # AsKs + QsJsTs
    [1]
    """
    holes = _as_hands(hole, (4, 5, 6), "hole")
    boards = _as_hands(board, (3, 4, 5), "board")
    if len(holes) != len(boards):
        raise CardError(f"hole has {len(holes)} rows but board has {len(boards)}")
    tables = get_tables(wrap)
    nonflush = tables.nonflush_array(5)
    flush_suit = tables.flush_suit[5]
    best = np.empty(len(holes), dtype=np.uint16)
    hole_pairs = list(combinations(range(holes.shape[1]), 2))
    board_triples = list(combinations(range(boards.shape[1]), 3))
    step = CHUNK
    ranks = np.empty(step, dtype=np.uint16)
    for start in range(0, len(holes), step):
        h = holes[start : start + step]
        b = boards[start : start + step]
        both = np.concatenate([h, b], axis=1, dtype=np.intp, casting="unsafe")
        _check_range(both, start, "hole and board")
        if check:
            _check_distinct(both, start, "hole and board")
        h, b = both[:, : h.shape[1]], both[:, h.shape[1] :]
        out = best[start : start + step]
        out.fill(7463)
        # Key sums of every hole pair and every board triple, once per chunk; a five's
        # key is then one addition.
        pair_keys = [_CARD_KEYS[h[:, i]] + _CARD_KEYS[h[:, j]] for i, j in hole_pairs]
        triple_keys = [
            _CARD_KEYS[b[:, x]] + _CARD_KEYS[b[:, y]] + _CARD_KEYS[b[:, z]]
            for x, y, z in board_triples
        ]
        tmp = ranks[: len(h)]
        for bt, triple_key in zip(board_triples, triple_keys, strict=True):
            for hp, pair_key in zip(hole_pairs, pair_keys, strict=True):
                key = pair_key + triple_key
                np.take(nonflush, key >> SUIT_BITS, out=tmp)
                suit = flush_suit[key & SUIT_MASK]
                rows = np.flatnonzero(suit >= 0)
                if rows.size:  # five of one suit: the flush table decides
                    cards = np.concatenate([h[rows][:, hp], b[rows][:, bt]], axis=1)
                    tmp[rows] = tables.flush[_RANK_BIT[cards].sum(axis=1)]
                np.minimum(out, tmp, out=out)
    return best
