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

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.categories import DISTINCT_HANDS
from showdown.hands import native as _backend
from showdown.hands.tables import CARD_KEYS, NONFLUSH_ROW_BITS, SUIT_BITS, SUIT_MASK, get_tables
from showdown.variants import omaha_picks

#: Hands per chunk: the temporaries stay within a few megabytes (cache-sized)
#: whatever N is, so 100 million hands need only their input and output arrays.
CHUNK = 1 << 15

_CARD_KEYS = np.array(CARD_KEYS, dtype=np.uint32)
#: ``_HIGH_BIT << id`` is bit ``12 + id`` for an id in 0..51 and 0 for any other
#: value seen as unsigned (52..63 shift the bit out; numpy gives 0 for shifts of
#: 64 or more; a negative id is a huge unsigned one), so one popcount of the
#: union of a row's shifted bits catches both a repeated card and a bad id.
_HIGH_BIT = np.uint64(1 << 12)
_RANK_BIT = (1 << (np.arange(52) >> 2)).astype(np.uint16)
_BYTE_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)
#: Index ``64 * suit + id`` -> the card's rank bit if the card is of that suit, else 0.
_SUITED_RANK_BIT = np.zeros(4 * 64, dtype=np.uint16)
for _card in range(52):
    _SUITED_RANK_BIT[64 * (_card & 3) + _card] = 1 << (_card >> 2)
del _card


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


def _native_order(hands: np.ndarray) -> np.ndarray:
    """``hands`` in the machine's byte order (the kernel reads native integers only)."""
    return hands if hands.dtype.isnative else hands.astype(hands.dtype.newbyteorder("="))


def _first_bad_row(rows: np.ndarray, start: int, what: str, repeats: bool = True) -> CardError:
    """The error for the first of ``rows`` with an id outside 0..51 (or, if ``repeats``,
    a card twice); ``start`` is the index of ``rows[0]`` in the whole input.

    Only called once a chunk is known to hold such a row: plain and exact, not fast.
    """
    outside = np.asarray(((rows < 0) | (rows > 51)).any(axis=1))
    bad = outside
    if repeats:
        ordered = np.sort(rows, axis=1)
        bad = outside | (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    row = int(np.flatnonzero(bad)[0])
    if outside[row]:
        return CardError(f"{what} row {start + row} holds a card id outside 0..51")
    return CardError(f"{what} row {start + row} holds a card twice")


def _check_cards(cards: np.ndarray, bits: np.ndarray, union: np.ndarray) -> bool:
    """True if every hand of ``cards`` (intp, shape (k, m): one row per card position,
    any strides) holds k distinct ids in 0..51.

    ``bits`` and ``union`` (uint64) are scratch: ``union`` of length m; ``bits`` of
    the shape and layout of ``cards`` if its rows are strided, else one row of m.
    """
    ids = cards.view(np.uintp)
    if ids.strides[1] == ids.itemsize:  # contiguous rows: shift one at a time, OR at once
        np.left_shift(_HIGH_BIT, ids[0], out=union)
        for row in ids[1:]:
            np.left_shift(_HIGH_BIT, row, out=bits[0])
            union |= bits[0]
    else:  # strided rows (columns of the caller's array): one shift over the whole block
        np.left_shift(_HIGH_BIT, ids, out=bits)
        np.bitwise_or(bits[0], bits[1], out=union)
        for row in bits[2:]:
            union |= row
    return len(union) == 0 or int(_popcount(union).min()) == len(cards)


def _popcount_by_bytes(x: np.ndarray) -> np.ndarray:
    """Set bits of each uint64, for numpy before 2.0 (no ``np.bitwise_count``)."""
    count = np.zeros(len(x), dtype=np.uint8)
    for byte in range(8):
        count += _BYTE_POPCOUNT[(x >> np.uint64(8 * byte)) & np.uint64(255)]
    return count


_popcount = getattr(np, "bitwise_count", _popcount_by_bytes)


def _evaluate_chunk(
    cards: np.ndarray,
    out: np.ndarray,
    nonflush: tuple[np.ndarray, np.ndarray],
    flush_suit: np.ndarray,
    flush: np.ndarray,
    index: np.ndarray,
) -> None:
    """Ranks of the hands of ``cards`` (intp ids, shape (k, m)) into ``out`` (uint16, m).

    ``nonflush`` is :meth:`Tables.nonflush_compact`; ``flush_suit`` the suit table
    of k cards; ``index`` an intp scratch buffer (m).
    """
    # One gather per card position: fancy indexing walks a strided column
    # without copying it (np.take would copy it first).
    key = _CARD_KEYS[cards[0]]
    for row in cards[1:]:
        key += _CARD_KEYS[row]
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
        suited = _SUITED_RANK_BIT[offset]
        mask = suited[0] | suited[1]
        for row in suited[2:]:
            mask |= row
        out[hands] = flush[mask]


def evaluate_batch(
    ids: npt.ArrayLike, wrap: bool = False, *, check: bool = True, game: str | None = None
) -> np.ndarray:
    """Ranks (uint16, 1..7462) of an integer array of card ids of shape (N, 5|6|7).

    Any integer dtype and any memory layout is read; ``uint8`` ids in a
    C-contiguous array are the fastest input (a seventh of int64's bytes). With
    the native kernel (``showdown.BACKEND == "native"``) one C loop does the
    work with the GIL released, so threads over chunks of rows use every core;
    the numpy path works in chunks of :data:`CHUNK` rows, so memory beyond the
    input and the output stays bounded for any N. Both give the same ranks and
    the same errors.

    Ids outside 0..51 are always a :class:`CardError` naming the first bad row;
    so is a card repeated in a row, unless ``check=False``. ``check=False``
    assumes that every row holds distinct cards: a row that repeats a card gets
    an unspecified rank (some number in 0..7462, possibly 0, which no real hand
    has), never an error, a crash or a read outside the tables. It saves a
    sixth to a third of the numpy path's time and little of the native one's
    (there the check is one 64-bit mask per row). ``wrap``: the R10 house rule.

    >>> evaluate_batch(np.array([[12, 8, 4, 0, 48, 1, 2]], dtype=np.uint8), check=False)
    array([10], dtype=uint16)
    >>> evaluate_batch(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, -1]], dtype=np.int8))
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: hands row 1 holds a card id outside 0..51

    ``game`` evaluates in any game of :mod:`showdown.variants` (see
    :mod:`showdown.hands.ladder_batch`): values of that game's ladder, 1 the best, or
    two columns (high, low) for stud hi-lo.

    >>> evaluate_batch([[20, 13, 9, 4, 0]], game="deuce-to-seven").tolist()  # 7-5-4-3-2
    [1]
    """
    if game is not None:
        from showdown.hands.ladder_batch import evaluate_game_batch
        from showdown.variants import find_variant

        return evaluate_game_batch(ids, find_variant(game, wrap), check=check)
    hands = _as_hands(ids, (5, 6, 7), "hands")
    native = _backend.kernel(wrap)
    if native is not None:
        out = np.empty(len(hands), dtype=np.uint16)
        bad = native.batch(_native_order(hands), out, check)
        if bad >= 0:
            raise _first_bad_row(hands[bad : bad + 1], bad, "hands", repeats=check)
        return out
    n = hands.shape[1]
    tables = get_tables(wrap)
    nonflush = tables.nonflush_compact(n)
    flush_suit = tables.flush_suit[n]
    out = np.empty(len(hands), dtype=np.uint16)
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
            if not _check_cards(cards, bits[:, :m], union[:m]):
                raise _first_bad_row(chunk, start, "hands")
        elif m and cards.view(np.uintp).max() > 51:  # negatives are huge unsigned
            raise _first_bad_row(chunk, start, "hands", repeats=False)
        _evaluate_chunk(
            cards, out[start : start + CHUNK], nonflush, flush_suit, tables.flush, index[:m]
        )
    return out


def evaluate_omaha_batch(
    hole: npt.ArrayLike,
    board: npt.ArrayLike,
    wrap: bool = False,
    *,
    check: bool = True,
    game: str | None = None,
) -> np.ndarray:
    """Omaha ranks: exactly two of each row of ``hole`` (N, 4..6) and three of ``board`` (N, 3..5).

    >>> evaluate_omaha_batch([[51, 47, 0, 5]], [[43, 39, 35, 2, 6]]).tolist()  # AsKs + QsJsTs
    [1]

    ``game="omaha-hi-lo"`` gives two columns, high and low (57: no qualifying low).
    """
    if game is not None:
        from showdown.hands.omaha_batch import evaluate_game_omaha_batch
        from showdown.variants import find_variant

        return evaluate_game_omaha_batch(hole, board, find_variant(game, wrap), check=check)
    holes = _as_hands(hole, (4, 5, 6), "hole")
    boards = _as_hands(board, (3, 4, 5), "board")
    if len(holes) != len(boards):
        raise CardError(f"hole has {len(holes)} rows but board has {len(boards)}")
    native = _backend.kernel(wrap)
    if native is not None:
        best = np.empty(len(holes), dtype=np.uint16)
        bad = native.omaha_batch(_native_order(holes), _native_order(boards), best, check)
        if bad >= 0:
            both = np.concatenate([holes[bad : bad + 1], boards[bad : bad + 1]], axis=1)
            raise _first_bad_row(both, bad, "hole and board", repeats=check)
        return best
    tables = get_tables(wrap)
    table, shift = tables.nonflush_compact(5)
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
        # Unsafe cast: a bad id stays outside 0..51 seen as unsigned (see _HIGH_BIT).
        both = np.concatenate([h, b], axis=1, dtype=np.intp, casting="unsafe")
        m = len(both)
        if check:
            if not _check_cards(both.T, bits[:, :m], union[:m]):
                raise _first_bad_row(both, start, "hole and board")
        elif m and both.view(np.uintp).max() > 51:
            raise _first_bad_row(both, start, "hole and board", repeats=False)
        h, b = both[:, : h.shape[1]], both[:, h.shape[1] :]
        out = best[start : start + step]
        out.fill(DISTINCT_HANDS + 1)
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
                rank_sum = (key >> SUIT_BITS).astype(np.intp)
                rank_sum += shift[rank_sum >> NONFLUSH_ROW_BITS]
                np.take(table, rank_sum, out=tmp)
                suit = flush_suit[key & SUIT_MASK]
                rows = np.flatnonzero(suit >= 0)
                if rows.size:  # five of one suit: the flush table decides
                    cards = np.concatenate([h[rows][:, hp], b[rows][:, bt]], axis=1)
                    tmp[rows] = tables.flush[np.bitwise_or.reduce(_RANK_BIT[cards], axis=1)]
                np.minimum(out, tmp, out=out)
    return best
