"""Rows of card ids as numpy arrays: reading them, checking them, finding the bad row.

Shared by every batch path (:mod:`~showdown.hands.batch`,
:mod:`~showdown.hands.ladder_batch`, :mod:`~showdown.hands.omaha_batch`): the
input is read once into the shape the loops want, checked with one popcount per
row, and a bad row is named the same way on both backends.

>>> as_hands([[0, 1, 2, 3, 4]], (5, 6, 7), "hands").shape
(1, 5)
>>> as_hands([[0, 1, 2]], (5, 6, 7), "hands")
Traceback (most recent call last):
...
showdown.cards.CardError: hands must have shape (N, k) with k in (5, 6, 7), got (1, 3)
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.hands.card_keys import CARD_KEYS
from showdown.variants import Variant

#: Hands per chunk: the temporaries stay within a few megabytes (cache-sized)
#: whatever N is, so 100 million hands need only their input and output arrays.
CHUNK = 1 << 15


CARD_KEYS_U32 = np.array(CARD_KEYS, dtype=np.uint32)


#: ``HIGH_BIT << id`` is bit ``12 + id`` for an id in 0..51 and 0 for any other
#: value seen as unsigned (52..63 shift the bit out; numpy gives 0 for shifts of
#: 64 or more; a negative id is a huge unsigned one), so one popcount of the
#: union of a row's shifted bits catches both a repeated card and a bad id.
HIGH_BIT = np.uint64(1 << 12)


RANK_BIT_U16 = (1 << (np.arange(52) >> 2)).astype(np.uint16)


BYTE_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)


#: Index ``64 * suit + id`` -> the card's rank bit if the card is of that suit, else 0.
SUITED_RANK_BIT = np.zeros(4 * 64, dtype=np.uint16)
SUITED_RANK_BIT[64 * (np.arange(52) & 3) + np.arange(52)] = 1 << (np.arange(52) >> 2)


def as_hands(ids: npt.ArrayLike, sizes: tuple[int, ...], what: str) -> np.ndarray:
    try:
        hands = np.asarray(ids)
    except (TypeError, ValueError) as error:  # ragged rows, or not numbers at all
        raise CardError(f"{what} must be an (N, k) array of card ids: {error}") from None
    if hands.ndim != 2 or hands.shape[1] not in sizes:
        raise CardError(f"{what} must have shape (N, k) with k in {sizes}, got {hands.shape}")
    if hands.dtype.kind not in "iu":
        raise CardError(f"{what} must hold integer card ids, not {hands.dtype}")
    return hands


def native_order(hands: np.ndarray) -> np.ndarray:
    """``hands`` in the machine's byte order (the kernel reads native integers only)."""
    return hands if hands.dtype.isnative else hands.astype(hands.dtype.newbyteorder("="))


def first_bad_row(rows: np.ndarray, start: int, what: str, repeats: bool = True) -> CardError:
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


def check_cards(cards: np.ndarray, bits: np.ndarray, union: np.ndarray) -> bool:
    """True if every hand of ``cards`` (intp, shape (k, m): one row per card position,
    any strides) holds k distinct ids in 0..51.

    ``bits`` and ``union`` (uint64) are scratch: ``union`` of length m; ``bits`` of
    the shape and layout of ``cards`` if its rows are strided, else one row of m.
    """
    ids = cards.view(np.uintp)
    if ids.strides[1] == ids.itemsize:  # contiguous rows: shift one at a time, OR at once
        np.left_shift(HIGH_BIT, ids[0], out=union)
        for row in ids[1:]:
            np.left_shift(HIGH_BIT, row, out=bits[0])
            union |= bits[0]
    else:  # strided rows (columns of the caller's array): one shift over the whole block
        np.left_shift(HIGH_BIT, ids, out=bits)
        np.bitwise_or(bits[0], bits[1], out=union)
        for row in bits[2:]:
            union |= row
    return len(union) == 0 or int(popcount(union).min()) == len(cards)


def popcount_by_bytes(x: np.ndarray) -> np.ndarray:
    """Set bits of each uint64, for numpy before 2.0 (no ``np.bitwise_count``)."""
    count = np.zeros(len(x), dtype=np.uint8)
    for byte in range(8):
        count += BYTE_POPCOUNT[(x >> np.uint64(8 * byte)) & np.uint64(255)]
    return count


popcount = getattr(np, "bitwise_count", popcount_by_bytes)



def deck_floor(variant: Variant) -> int:
    """The lowest id of the game's deck, which holds every id from there to 51."""
    floor = variant.deck[0]
    if variant.deck != tuple(range(floor, 52)):  # pragma: no cover - every deck is one
        raise AssertionError(f"{variant.key}: the deck is not one run of ids")
    return floor


def first_bad(
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
    twice = np.asarray(~outside & ~foreign & (popcount(union) != rows.shape[1]) & repeats)
    row = int(np.flatnonzero(outside | foreign | twice)[0])
    if outside[row]:
        kind = "a card id outside 0..51"
    elif foreign[row]:
        kind = f"a card that is not in the {variant.key} deck"
    else:
        kind = "a card twice"
    return CardError(f"{what} row {start + row} holds {kind}")


def chunks(
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
    floor = deck_floor(variant)
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
            ok = check_cards(cards, bits[:, :m], union[:m])
            if ok and floor and m:
                ok = not np.bitwise_and(union[:m], below, out=union[:m]).any()
        else:
            ok = not m or int(cards.view(np.uintp).max()) <= 51
            if ok and floor and m:
                ok = int(cards.min()) >= floor
        if not ok:
            raise first_bad(chunk, start, variant, what, check)
        yield start, cards
