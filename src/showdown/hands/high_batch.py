"""The standard high ladder's batch evaluation: the C kernel's loops, else numpy.

:func:`high_batch` and :func:`high_omaha_batch` take rows already read by
:func:`~showdown.hands.arrays.as_hands`; :mod:`showdown.hands.batch` is the
public face (any game, any input). The numpy path works in chunks of
:data:`~showdown.hands.arrays.CHUNK` rows: one card-key sum per hand, one
compact-table lookup, and the flush table for the few hands holding five of a suit.

>>> import numpy as np
>>> high_batch(np.array([[51, 47, 43, 39, 35]]), wrap=False, check=True).tolist()
[1]
"""

from __future__ import annotations

import numpy as np

from showdown.categories import DISTINCT_HANDS
from showdown.hands import native
from showdown.hands.arrays import (
    CARD_KEYS_U32,
    CHUNK,
    RANK_BIT_U16,
    SUITED_RANK_BIT,
    check_cards,
    first_bad_row,
    native_order,
)
from showdown.hands.card_keys import SUIT_BITS, SUIT_MASK
from showdown.hands.ladders import NONFLUSH_ROW_BITS
from showdown.hands.rank_tables import nonflush_compact, rank_tables
from showdown.variants import HIGH, HIGH_WRAP, omaha_picks

__all__ = ["high_batch", "high_omaha_batch"]


def _evaluate_chunk(
    cards: np.ndarray,
    out: np.ndarray,
    nonflush: tuple[np.ndarray, np.ndarray],
    flush_suit: np.ndarray,
    flush: np.ndarray,
    index: np.ndarray,
) -> None:
    """Ranks of the hands of ``cards`` (intp ids, shape (k, m)) into ``out`` (uint16, m).

    ``nonflush`` is :func:`~showdown.hands.rank_tables.nonflush_compact`; ``flush_suit``
    the suit table
    of k cards; ``index`` an intp scratch buffer (m).
    """
    # One gather per card position: fancy indexing walks a strided column
    # without copying it (np.take would copy it first).
    key = CARD_KEYS_U32[cards[0]]
    for row in cards[1:]:
        key += CARD_KEYS_U32[row]
    _ranks_of_keys(key, cards, out, nonflush, flush_suit, flush, index)


def _ranks_of_keys(
    key: np.ndarray,
    cards: np.ndarray,
    out: np.ndarray,
    nonflush: tuple[np.ndarray, np.ndarray],
    flush_suit: np.ndarray | None,
    flush: np.ndarray,
    index: np.ndarray,
) -> None:
    """The second half of :func:`_evaluate_chunk`: ranks from the hands' card-key sums
    ``key`` (uint32) in one ladder's tables (``flush_suit`` None: a ladder without
    flushes). Other ladders (:mod:`showdown.hands.ladder_batch`) share the same key sums."""
    table, shift = nonflush
    np.right_shift(key, SUIT_BITS + NONFLUSH_ROW_BITS, out=index)
    row_shift = shift[index]
    np.right_shift(key, SUIT_BITS, out=index)  # the rank-key sum
    index += row_shift
    np.take(table, index, out=out)
    if flush_suit is not None:
        _flush_ranks(key, cards, out, flush_suit, flush, index)


def _flush_ranks(
    key: np.ndarray,
    cards: np.ndarray,
    out: np.ndarray,
    flush_suit: np.ndarray,
    flush: np.ndarray,
    index: np.ndarray,
) -> None:
    """Overwrite ``out`` with the flush table's rank for the hands whose key sums say
    five or more of one suit (``index``: intp scratch)."""
    has_flush = flush_suit >= 0  # 256 entries: bool, so that np.flatnonzero reads it directly
    np.bitwise_and(key, SUIT_MASK, out=index)
    hands = np.flatnonzero(has_flush[index])
    if hands.size:  # five or more of one suit (about 3% of random 7-card hands)
        suit = flush_suit[index[hands]]
        offset = cards[:, hands] + (suit.astype(np.intp) << 6)
        suited = SUITED_RANK_BIT[offset]
        mask = suited[0] | suited[1]
        for row in suited[2:]:
            mask |= row
        out[hands] = flush[mask]


def high_batch(
    hands: np.ndarray, wrap: bool, check: bool, out: np.ndarray | None = None
) -> np.ndarray:
    """Ranks (uint16, 1..7462) of rows of 5, 6 or 7 card ids (see
    :func:`showdown.hands.batch.evaluate_batch`, which reads and checks the shape);
    written into ``out`` (uint16, one per row, checked by :func:`result_array`) if given."""
    out = result_array(out, len(hands))
    kernel = native.kernel(wrap)
    if kernel is not None:
        bad = kernel.batch(native_order(hands), out, check)
        if bad >= 0:
            raise first_bad_row(hands[bad : bad + 1], bad, "hands", repeats=check)
        return out
    n = hands.shape[1]
    ladder = HIGH_WRAP if wrap else HIGH
    tables = rank_tables(ladder)
    nonflush = nonflush_compact(ladder, n)
    flush_suit = tables.flush_suit[n]
    size = min(len(hands), CHUNK)
    # numpy gathers fastest with intp indices. Unchecked intp input is used in
    # place, column by column; any other input is copied (unsafe cast: a bad id
    # stays outside 0..51 seen as unsigned, so the checks below still catch it)
    # into one reused buffer, transposed so that each card position is contiguous
    # (for checked intp input too: the check then shifts contiguous rows, which
    # pays for the copy).
    in_place = hands.dtype == np.intp and not check
    buffer = None if in_place else np.empty((n, size), dtype=np.intp)
    # Scratch for the check: a block laid out like the strided columns, or one row.
    bits = np.empty((size, n), dtype=np.uint64).T if in_place else np.empty((1, size), np.uint64)
    union = np.empty(size, dtype=np.uint64)
    index = np.empty(size, dtype=np.intp)
    for start in range(0, len(hands), CHUNK):
        chunk = hands[start : start + CHUNK]
        m = len(chunk)
        if buffer is None:
            cards = chunk.T
        else:
            cards = buffer[:, :m]
            np.copyto(cards.T, chunk, casting="unsafe")
        if check:
            if not check_cards(cards, bits[:, :m], union[:m]):
                raise first_bad_row(chunk, start, "hands")
        elif m and cards.view(np.uintp).max() > 51:  # negatives are huge unsigned
            raise first_bad_row(chunk, start, "hands", repeats=False)
        _evaluate_chunk(
            cards, out[start : start + CHUNK], nonflush, flush_suit, tables.flush, index[:m]
        )
    return out


def result_array(out: np.ndarray | None, rows: int) -> np.ndarray:
    """``out`` if it can take ``rows`` ranks in place (a writable C-contiguous uint16 array
    of shape (rows,)), a new array if it is None; else the ValueError saying what is wrong.

    >>> result_array(None, 3).shape
    (3,)
    >>> result_array(np.zeros(2, dtype=np.int32), 2)
    Traceback (most recent call last):
    ...
    ValueError: out must be a uint16 array, not int32
    """
    if out is None:
        return np.empty(rows, dtype=np.uint16)
    if not isinstance(out, np.ndarray):
        raise ValueError(f"out must be a numpy uint16 array, not {type(out).__name__}")
    if out.dtype != np.uint16:
        raise ValueError(f"out must be a uint16 array, not {out.dtype}")
    if out.shape != (rows,):
        raise ValueError(f"out must have shape ({rows},) for {rows} hands, not {out.shape}")
    if not (out.flags.c_contiguous and out.flags.writeable):
        raise ValueError("out must be a writable, contiguous array")
    return out


def high_omaha_batch(holes: np.ndarray, boards: np.ndarray, wrap: bool, check: bool) -> np.ndarray:
    """Omaha ranks of rows of 4-6 hole and 3-5 board ids (as
    :func:`showdown.hands.batch.evaluate_omaha_batch`)."""
    kernel = native.kernel(wrap)
    if kernel is not None:
        best = np.empty(len(holes), dtype=np.uint16)
        bad = kernel.omaha_batch(native_order(holes), native_order(boards), best, check)
        if bad >= 0:
            both = np.concatenate([holes[bad : bad + 1], boards[bad : bad + 1]], axis=1)
            raise first_bad_row(both, bad, "hole and board", repeats=check)
        return best
    ladder = HIGH_WRAP if wrap else HIGH
    tables = rank_tables(ladder)
    table, shift = nonflush_compact(ladder, 5)
    flush_suit = tables.flush_suit[5]
    best = np.empty(len(holes), dtype=np.uint16)
    hole_pairs, board_triples = omaha_picks(holes.shape[1], boards.shape[1])
    step = CHUNK
    ranks = np.empty(step, dtype=np.uint16)
    size = min(len(holes), step)
    bits = np.empty((size, holes.shape[1] + boards.shape[1]), dtype=np.uint64).T
    union = np.empty(size, dtype=np.uint64)
    for start in range(0, len(holes), step):
        h = holes[start : start + step]
        b = boards[start : start + step]
        # Unsafe cast: a bad id stays outside 0..51 seen as unsigned (see HIGH_BIT).
        both = np.concatenate([h, b], axis=1, dtype=np.intp, casting="unsafe")
        m = len(both)
        if check:
            if not check_cards(both.T, bits[:, :m], union[:m]):
                raise first_bad_row(both, start, "hole and board")
        elif m and both.view(np.uintp).max() > 51:
            raise first_bad_row(both, start, "hole and board", repeats=False)
        h, b = both[:, : h.shape[1]], both[:, h.shape[1] :]
        out = best[start : start + step]
        out.fill(DISTINCT_HANDS + 1)
        # Key sums of every hole pair and every board triple, once per chunk; a five's
        # key is then one addition.
        pair_keys = [CARD_KEYS_U32[h[:, i]] + CARD_KEYS_U32[h[:, j]] for i, j in hole_pairs]
        triple_keys = [
            CARD_KEYS_U32[b[:, x]] + CARD_KEYS_U32[b[:, y]] + CARD_KEYS_U32[b[:, z]]
            for x, y, z in board_triples
        ]
        tmp = ranks[: len(h)]
        for bt, triple_key in zip(board_triples, triple_keys, strict=True):
            for hp, pair_key in zip(hole_pairs, pair_keys, strict=True):
                key = pair_key + triple_key
                rank_sum = (key >> SUIT_BITS).astype(np.intp)
                rank_sum += shift[rank_sum >> NONFLUSH_ROW_BITS]
                np.take(table, rank_sum, out=tmp)
                suit = flush_suit[key & SUIT_MASK]
                rows = np.flatnonzero(suit >= 0)
                if rows.size:  # five of one suit: the flush table decides
                    cards = np.concatenate([h[rows][:, hp], b[rows][:, bt]], axis=1)
                    tmp[rows] = tables.flush[np.bitwise_or.reduce(RANK_BIT_U16[cards], axis=1)]
                np.minimum(out, tmp, out=out)
    return best
