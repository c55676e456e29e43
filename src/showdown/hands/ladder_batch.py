"""Vectorised evaluation for every game and ladder (the numpy path of the other showdowns).

:func:`showdown.hands.batch.evaluate_batch` and :func:`~showdown.hands.batch.evaluate_omaha_batch`
hand their work here when given a ``game`` other than the standard ones. The
result holds one value per hand (1 = best of its ladder), or for a hi-lo game
one column per ladder (high, low) where ``no_hand(ladder)`` (the ladder's size
plus one) means no qualifying low.

The work is the Hold'em path's (:mod:`showdown.hands.batch`): per chunk of rows,
one card-key sum per hand, then one compact-table lookup (stud hi-lo keeps
its two ladders' values side by side, so one 32-bit gather reads both) and,
for a ladder with flushes, the flush table for the few hands with five of a
suit. Every game of five to seven cards on the numpy path, stud included,
takes this path: its gathers are ``np.take(mode="clip")`` into reused
buffers, which numpy runs faster than fancy indexing. Badugi sorts
its four cards with a sorting network and reads a table indexed by the
combination (Omaha hi-lo: :mod:`showdown.hands.omaha_batch`). With the native kernel in
use, C loops read the same tables instead (:mod:`showdown.hands.ladder_native`),
with the same values and the same errors.

>>> import numpy as np
>>> evaluate_game_batch([[20, 13, 9, 4, 0], [48, 0, 4, 8, 12]], "deuce-to-seven").tolist()
[1, 6648]
>>> evaluate_game_batch([[48, 1, 6, 11, 16, 33, 50]], "stud-hi-lo").tolist()  # A 2 3 4 6 T A
[[3481, 2]]
>>> evaluate_game_batch([[0, 1, 2, 3, 4]], "short-deck")
Traceback (most recent call last):
...
showdown.cards.CardError: hands row 0 holds a card that is not in the short-deck deck
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.hands import native as _backend
from showdown.hands.batch import (
    _SUITED_RANK_BIT,
    _check_cards,
    _native_order,
    _popcount,
)
from showdown.hands.ladders import _BINOM, hand_sizes, ladder_tables
from showdown.hands.tables import CARD_KEYS, NONFLUSH_ROW_BITS, SUIT_BITS, SUIT_MASK, get_tables
from showdown.variants import (
    BADUGI,
    EIGHT_OR_BETTER,
    HIGH,
    HIGH_WRAP,
    Ladder,
    Variant,
    find_variant,
)

__all__ = ["evaluate_game_batch", "ladder_batch"]

CHUNK = 1 << 15
_CARD_KEYS32 = np.array(CARD_KEYS, dtype=np.uint32)
_BINOMS = np.array(_BINOM, dtype=np.int64)


def _hands(ids: npt.ArrayLike, sizes: tuple[int, ...], what: str) -> np.ndarray:
    try:
        hands = np.asarray(ids)
    except (TypeError, ValueError) as error:
        raise CardError(f"{what} must be an (N, k) array of card ids: {error}") from None
    if hands.ndim != 2 or hands.shape[1] not in sizes:
        raise CardError(f"{what} must have shape (N, k) with k in {sizes}, got {hands.shape}")
    if hands.dtype.kind not in "iu":
        raise CardError(f"{what} must hold integer card ids, not {hands.dtype}")
    return hands


def _deck_floor(variant: Variant) -> int:
    """The lowest id of the game's deck, which holds every id from there to 51."""
    floor = variant.deck[0]
    if variant.deck != tuple(range(floor, 52)):  # pragma: no cover - every deck is one
        raise AssertionError(f"{variant.key}: the deck is not one run of ids")
    return floor


def _first_bad(
    rows: np.ndarray, start: int, variant: Variant, what: str, repeats: bool
) -> CardError:
    """The error for the first bad row of ``rows`` (``start``: the index of ``rows[0]``):
    an id outside 0..51, a card outside the game's deck or, if ``repeats``, a card twice
    (in that order within the row). Only called once ``rows`` is known to hold one:
    plain, not fast; both backends raise it."""
    rows = rows.astype(np.int64)
    outside = np.asarray(((rows < 0) | (rows > 51)).any(axis=1))
    bits = np.left_shift(np.uint64(1), np.where(outside[:, None], 0, rows).astype(np.uint64))
    union = np.bitwise_or.reduce(bits, axis=1)
    deck = np.uint64(sum(1 << c for c in variant.deck))
    foreign = ~outside & ((union & ~deck) != 0)
    twice = np.asarray(~outside & ~foreign & (_popcount(union) != rows.shape[1]) & repeats)
    row = int(np.flatnonzero(outside | foreign | twice)[0])
    if outside[row]:
        kind = "a card id outside 0..51"
    elif foreign[row]:
        kind = f"a card that is not in the {variant.key} deck"
    else:
        kind = "a card twice"
    return CardError(f"{what} row {start + row} holds {kind}")


def _chunks(
    hands: np.ndarray, variant: Variant, check: bool, what: str = "hands"
) -> Iterator[tuple[int, np.ndarray]]:
    """``(start, cards)`` per chunk of rows: ``cards`` the chunk's ids as intp, one
    contiguous row per card position, checked (ids in the game's deck; with ``check``
    no card twice). The buffer is reused from one chunk to the next."""
    n = hands.shape[1]
    size = min(len(hands), CHUNK)
    buffer = np.empty((n, size), dtype=np.intp)
    bits = np.empty((1, size), dtype=np.uint64)
    union = np.empty(size, dtype=np.uint64)
    floor = _deck_floor(variant)
    # The check leaves each row's union of bits 12 + id in ``union``: ids below the
    # deck's floor show as bits 12 .. 11 + floor, so one pass over it finds them.
    below = np.uint64(((1 << floor) - 1) << 12)
    for start in range(0, len(hands), CHUNK):
        chunk = hands[start : start + CHUNK]
        m = len(chunk)
        cards = buffer[:, :m]
        # Unsafe cast: a bad id stays outside 0..51 seen as unsigned (see batch._HIGH_BIT).
        np.copyto(cards.T, chunk, casting="unsafe")
        if check:
            ok = _check_cards(cards, bits[:, :m], union[:m])
            if ok and floor and m:
                ok = not np.bitwise_and(union[:m], below, out=union[:m]).any()
        else:
            ok = not m or int(cards.view(np.uintp).max()) <= 51
            if ok and floor and m:
                ok = int(cards.min()) >= floor
        if not ok:
            raise _first_bad(chunk, start, variant, what, check)
        yield start, cards


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


def _key_batch(
    hands: np.ndarray, ladders: tuple[Ladder, ...], variant: Variant, check: bool
) -> np.ndarray:
    """Values of 5 to 7 cards of ``variant`` in ``ladders``, from one key sum: shape (N,)
    for one ladder, (N, 2) for two (stud hi-lo: high, low).

    Every ladder's compact table has the same row layout (the row starts depend on
    the rank keys only), so the index into it is computed once for all ladders, and
    two ladders' tables are read as one (:func:`_joint_table`: both values of a hand
    in one 32-bit gather, written straight into the (N, 2) result). The flush step
    (which hands hold five of a suit, and their suited rank masks) is done once for
    every ladder with flushes. All gathers are ``np.take(mode="clip")`` into reused
    buffers: no temporaries, and no bounds check per element (every index is in
    range: the ids are checked, the tables padded).
    """
    n = hands.shape[1]
    lookups = [_key_tables(ladder, n) for ladder in ladders]
    flushes = [(flush, i) for i, (_, s, flush) in enumerate(lookups) if s is not None]
    suits = get_tables().flush_suit[n]  # the same for every ladder with flushes
    table, shift = _joint_table(ladders, n)
    result = np.empty((len(hands), len(ladders)) if len(ladders) > 1 else len(hands), np.uint16)
    out = result.reshape(len(hands), len(ladders))  # a view: one column per ladder
    flat = out.view(table.dtype).reshape(len(hands))  # one item per hand: all its values
    size = min(len(hands), CHUNK)
    keys_buffer, key_buffer = np.empty((n, size), dtype=np.uint32), np.empty(size, dtype=np.uint32)
    index_buffer, shift_buffer = np.empty(size, dtype=np.intp), np.empty(size, dtype=np.intp)
    has_buffer = np.empty(size, dtype=bool)
    for start, cards in _chunks(hands, variant, check):
        m = cards.shape[1]
        key, index = key_buffer[:m], index_buffer[:m]
        keys = keys_buffer[:, :m]
        np.take(_CARD_KEYS32, cards, out=keys, mode="clip")  # one call for every card
        np.add.reduce(keys, axis=0, out=key)
        np.right_shift(key, SUIT_BITS + NONFLUSH_ROW_BITS, out=index)
        np.take(shift, index, out=shift_buffer[:m], mode="clip")
        np.right_shift(key, SUIT_BITS, out=index)  # the rank-key sum
        index += shift_buffer[:m]
        np.take(table, index, out=flat[start : start + m], mode="clip")
        if flushes:
            np.bitwise_and(key, SUIT_MASK, out=index)
            has = has_buffer[:m]
            np.take(_has_flush(n), index, out=has, mode="clip")
            flushed = np.flatnonzero(has)
            if flushed.size:  # five or more of one suit (a few % of 7-card hands)
                mask = _suited_mask(cards, flushed, suits[index[flushed]])
                for flush, i in flushes:
                    out[start + flushed, i] = flush[mask]
    return result


@cache
def _joint_table(ladders: tuple[Ladder, ...], n: int) -> tuple[np.ndarray, np.ndarray]:
    """(table, shift) of the compact non-flush tables of ``ladders`` for ``n`` cards: one
    ladder's own (uint16), or two ladders' side by side, each entry the pair of their
    values (uint16, uint16) read as one uint32 (same layout: one index for both)."""
    compact = [_key_tables(ladder, n)[0] for ladder in ladders]
    (table, shift), *others = compact
    for other, other_shift in others:
        if len(other) != len(table) or not np.array_equal(other_shift, shift):
            raise AssertionError("the ladders' compact tables differ in layout")  # pragma: no cover
    if len(compact) == 1:
        return table, shift
    if len(compact) != 2:  # pragma: no cover - a game has one or two ladders
        raise AssertionError(f"{len(compact)} ladders")
    joint = np.ascontiguousarray(np.stack([t for t, _ in compact], axis=1))
    return joint.view(np.uint32).reshape(len(table)), shift


@cache
def _has_flush(n: int) -> np.ndarray:
    """bool[256]: low key bits of ``n`` cards -> five or more of one suit."""
    return np.asarray(get_tables().flush_suit[n]) >= 0


def _suited_mask(cards: np.ndarray, hands: np.ndarray, suit: np.ndarray) -> np.ndarray:
    """Rank masks (uint16) of the cards of suit ``suit`` in the columns ``hands`` of
    ``cards`` (a few calls on the few hands with a flush: each numpy call costs more
    than the work)."""
    picked = np.take(cards, hands, axis=1)
    picked += suit.astype(np.intp) << 6
    suited = np.take(_SUITED_RANK_BIT, picked)
    mask = suited[0] | suited[1]
    for row in suited[2:]:
        mask |= row
    return mask


#: The sorting network of four: compare-exchange these positions in turn.
_NETWORK4 = ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2))
_BINOMS32 = _BINOMS.astype(np.uint32)


def _badugi_batch(hands: np.ndarray, variant: Variant, check: bool) -> np.ndarray:
    """Badugi values: per chunk the four ids as uint8 (8 to a word: the cheapest work
    numpy does), sorted by a network; then a sorted row holds a card twice exactly when
    two neighbours are equal, and its combination index reads the table."""
    table = ladder_tables(BADUGI).badugi
    out = np.empty(len(hands), dtype=np.uint16)
    if hands.dtype != np.uint8 and hands.size:  # ids outside 0..51 would wrap in uint8
        outside = (hands < 0) | (hands > 51)
        if outside.any():
            last = int(np.flatnonzero(outside.any(axis=1))[0])
            raise _first_bad(hands[: last + 1], 0, variant, "hands", check)
    size = min(len(hands), CHUNK)
    buffer, spare = np.empty((4, size), dtype=np.uint8), np.empty(size, dtype=np.uint8)
    for start in range(0, len(hands), CHUNK):
        chunk = hands[start : start + CHUNK]
        m = len(chunk)
        np.copyto(buffer[:, :m].T, chunk, casting="unsafe")
        rows, scratch = list(buffer[:, :m]), spare[:m]
        for i, j in _NETWORK4:  # the smaller into scratch, which then takes row i's place
            np.minimum(rows[i], rows[j], out=scratch)
            np.maximum(rows[i], rows[j], out=rows[j])
            rows[i], scratch = scratch, rows[i]
        a, b, c, d = rows
        bad = d > 51
        if check:
            bad |= (a == b) | (b == c) | (c == d)
        if bad.any():
            raise _first_bad(chunk, start, variant, "hands", check)
        index = _BINOMS32[1][a]
        index += _BINOMS32[2][b]
        index += _BINOMS32[3][c]
        index += _BINOMS32[4][d]
        np.take(table, index, out=out[start : start + m])
    return out


def ladder_batch(hands: np.ndarray, ladder: Ladder) -> np.ndarray:
    """Values (uint16) of valid hands ``hands`` (ids, shape (N, k)) in ``ladder`` (unchecked)."""
    full_deck = find_variant("stud")  # any game of the 52-card deck: ids are checked for it
    if ladder.cards == 4:
        return _badugi_batch(np.asarray(hands), full_deck, False)
    return _key_batch(np.asarray(hands), (ladder,), full_deck, False)


def evaluate_game_batch(
    ids: npt.ArrayLike, game: str | Variant, *, check: bool = True
) -> np.ndarray:
    """Values of an (N, k) array of card ids in ``game`` (k: the game's hand sizes).

    One column per hand for a one-ladder game; shape (N, 2) for stud hi-lo.
    Ids outside the game's deck are always an error; so is a card repeated in
    a row unless ``check=False``.
    """
    variant = find_variant(game)
    if variant.use == "omaha":
        raise CardError(f"{variant.key} takes hole and board apart: use evaluate_omaha_batch")
    low, high = variant.cards
    hands = _hands(ids, tuple(range(low, high + 1)), "hands")
    if _backend.current() == "native":
        if variant.ladders in ((HIGH,), (HIGH_WRAP,)) and _deck_floor(variant) == 0:
            from showdown.hands.batch import evaluate_batch

            return evaluate_batch(hands, wrap=variant.ladders[0] is HIGH_WRAP, check=check)
        return _native_batch(hands, variant, check)
    _backend.notice()
    if variant.ladders == (BADUGI,):
        return _badugi_batch(hands, variant, check)
    return _key_batch(hands, variant.ladders, variant, check)


def _native_batch(hands: np.ndarray, variant: Variant, check: bool) -> np.ndarray:
    """The values from the native kernel's loops (same values, same errors)."""
    from showdown.hands import ladder_native as _ladder_native

    hands = _native_order(hands)
    ladders = variant.ladders
    out = np.empty((len(ladders), len(hands)), dtype=np.uint16)
    if ladders == (BADUGI,):
        table = _ladder_native.badugi_table()
        bad = _backend.native_tables(False).badugi_batch(hands, table, out[0], check)
    elif ladders == (HIGH, EIGHT_OR_BETTER):  # stud hi-lo: the low from the low ranks
        low = _ladder_native.stud_low_table()
        bad = _backend.native_tables(False).stud_hilo_batch(hands, low, out[0], out[1], check)
    elif len(ladders) == 1:
        bad = _ladder_native.ladder_kernel(ladders[0]).batch(hands, out[0], check)
    else:  # pragma: no cover - every hi-lo game of five to seven cards is stud hi-lo
        raise AssertionError(f"no native path for the ladders {ladders}")
    if bad >= 0:
        raise _first_bad(hands[: bad + 1], 0, variant, "hands", check)
    _check_deck(hands, variant)
    return out[0] if len(ladders) == 1 else np.stack(list(out), axis=1)


def _check_deck(rows: np.ndarray, variant: Variant) -> None:
    """Raise if a row of ``rows`` (checked ids) holds a card below the game's deck
    (a 2 to 5 in short deck)."""
    floor = _deck_floor(variant)
    if floor and rows.size and int(rows.min()) < floor:
        last = int(np.flatnonzero((rows < floor).any(axis=1))[0])
        raise _first_bad(rows[: last + 1], 0, variant, "hands", False)
