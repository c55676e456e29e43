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

from typing import Any

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.hands import native
from showdown.hands.arrays import (
    CARD_KEYS_U32,
    CHUNK,
    SUITED_RANK_BIT,
    as_hands,
    chunks,
    deck_floor,
    first_bad,
    native_order,
)
from showdown.hands.card_keys import SUIT_BITS, SUIT_MASK
from showdown.hands.high_batch import high_batch
from showdown.hands.ladders import BINOMIAL, NONFLUSH_ROW_BITS, hand_sizes
from showdown.hands.rank_tables import RankTables, joint_nonflush_compact, rank_tables
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

_BINOMS = np.array(BINOMIAL, dtype=np.int64)


def _key_batch(
    hands: np.ndarray, ladders: tuple[Ladder, ...], variant: Variant, check: bool
) -> np.ndarray:
    """Values of 5 to 7 cards of ``variant`` in ``ladders``, from one key sum: shape (N,)
    for one ladder, (N, 2) for two (stud hi-lo: high, low).

    Every ladder's compact table has the same row layout (the row starts depend on
    the rank keys only), so the index into it is computed once for all ladders, and
    two ladders' tables are read as one (both values of a hand in one 32-bit gather,
    written straight into the (N, 2) result: see
    :func:`~showdown.hands.rank_tables.joint_nonflush_compact`). The flush step
    (which hands hold five of a suit, and their suited rank masks) is done once for
    every ladder with flushes. All gathers are ``np.take(mode="clip")`` into reused
    buffers: no temporaries, and no bounds check per element (every index is in
    range: the ids are checked, the tables padded).
    """
    n = hands.shape[1]
    tables = [_of_size(ladder, n) for ladder in ladders]
    flushes = [(t.flush, i) for i, t in enumerate(tables) if t.ladder.flushes]
    # The flush suits depend on the suit keys only: the same for every ladder with flushes.
    suits = rank_tables(HIGH).flush_suit[n]
    has_flush = suits >= 0
    table, shift = joint_nonflush_compact(ladders, n)
    result = np.empty((len(hands), len(ladders)) if len(ladders) > 1 else len(hands), np.uint16)
    out = result.reshape(len(hands), len(ladders))  # a view: one column per ladder
    flat = out.view(table.dtype).reshape(len(hands))  # one item per hand: all its values
    size = min(len(hands), CHUNK)
    keys_buffer, key_buffer = np.empty((n, size), dtype=np.uint32), np.empty(size, dtype=np.uint32)
    index_buffer, shift_buffer = np.empty(size, dtype=np.intp), np.empty(size, dtype=np.intp)
    has_buffer = np.empty(size, dtype=bool)
    for start, cards in chunks(hands, variant, check):
        m = cards.shape[1]
        key, index = key_buffer[:m], index_buffer[:m]
        keys = keys_buffer[:, :m]
        np.take(CARD_KEYS_U32, cards, out=keys, mode="clip")  # one call for every card
        np.add.reduce(keys, axis=0, out=key)
        np.right_shift(key, SUIT_BITS + NONFLUSH_ROW_BITS, out=index)
        np.take(shift, index, out=shift_buffer[:m], mode="clip")
        np.right_shift(key, SUIT_BITS, out=index)  # the rank-key sum
        index += shift_buffer[:m]
        np.take(table, index, out=flat[start : start + m], mode="clip")
        if flushes:
            np.bitwise_and(key, SUIT_MASK, out=index)
            has = has_buffer[:m]
            np.take(has_flush, index, out=has, mode="clip")
            flushed = np.flatnonzero(has)
            if flushed.size:  # five or more of one suit (a few % of 7-card hands)
                mask = _suited_mask(cards, flushed, suits[index[flushed]])
                for flush, i in flushes:
                    out[start + flushed, i] = flush[mask]
    return result


def _of_size(ladder: Ladder, n: int) -> RankTables:
    """The tables of ``ladder``, which must cover hands of ``n`` cards."""
    if n not in hand_sizes(ladder):
        raise CardError(f"the {ladder.key} ladder takes {hand_sizes(ladder)} cards, not {n}")
    return rank_tables(ladder)


def _suited_mask(cards: np.ndarray, hands: np.ndarray, suit: np.ndarray) -> np.ndarray:
    """Rank masks (uint16) of the cards of suit ``suit`` in the columns ``hands`` of
    ``cards`` (a few calls on the few hands with a flush: each numpy call costs more
    than the work)."""
    picked = np.take(cards, hands, axis=1)
    picked += suit.astype(np.intp) << 6
    suited = np.take(SUITED_RANK_BIT, picked)
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
    table = rank_tables(BADUGI).badugi
    out = np.empty(len(hands), dtype=np.uint16)
    if hands.dtype != np.uint8 and hands.size:  # ids outside 0..51 would wrap in uint8
        outside = (hands < 0) | (hands > 51)
        if outside.any():
            last = int(np.flatnonzero(outside.any(axis=1))[0])
            raise first_bad(hands[: last + 1], 0, variant, "hands", check)
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
            raise first_bad(chunk, start, variant, "hands", check)
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
    hands = as_hands(ids, tuple(range(low, high + 1)), "hands")
    kernel = native.kernel()
    if kernel is not None:
        if variant.ladders in ((HIGH,), (HIGH_WRAP,)) and deck_floor(variant) == 0:
            return high_batch(hands, variant.ladders[0] is HIGH_WRAP, check)
        return _native_batch(kernel, hands, variant, check)
    if variant.ladders == (BADUGI,):
        return _badugi_batch(hands, variant, check)
    return _key_batch(hands, variant.ladders, variant, check)


def _native_batch(kernel: Any, hands: np.ndarray, variant: Variant, check: bool) -> np.ndarray:
    """The values from the native kernel's loops (same values, same errors)."""
    from showdown.hands import ladder_native as _ladder_native

    hands = native_order(hands)
    ladders = variant.ladders
    out = np.empty((len(ladders), len(hands)), dtype=np.uint16)
    if ladders == (BADUGI,):
        table = _ladder_native.badugi_table()
        bad = kernel.badugi_batch(hands, table, out[0], check)
    elif ladders == (HIGH, EIGHT_OR_BETTER):  # stud hi-lo: the low from the low ranks
        low = _ladder_native.stud_low_table()
        bad = kernel.stud_hilo_batch(hands, low, out[0], out[1], check)
    elif len(ladders) == 1:
        bad = _ladder_native.ladder_kernel(ladders[0]).batch(hands, out[0], check)
    else:  # pragma: no cover - every hi-lo game of five to seven cards is stud hi-lo
        raise AssertionError(f"no native path for the ladders {ladders}")
    if bad >= 0:
        raise first_bad(hands[: bad + 1], 0, variant, "hands", check)
    _check_deck(hands, variant)
    return out[0] if len(ladders) == 1 else np.stack(list(out), axis=1)


def _check_deck(rows: np.ndarray, variant: Variant) -> None:
    """Raise if a row of ``rows`` (checked ids) holds a card below the game's deck
    (a 2 to 5 in short deck)."""
    floor = deck_floor(variant)
    if floor and rows.size and int(rows.min()) < floor:
        last = int(np.flatnonzero((rows < floor).any(axis=1))[0])
        raise first_bad(rows[: last + 1], 0, variant, "hands", False)
