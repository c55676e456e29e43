"""Vectorised evaluation for every game and ladder (the numpy path of the other showdowns).

:func:`showdown.batch.evaluate_batch` and :func:`~showdown.batch.evaluate_omaha_batch`
hand their work here when given a ``game`` other than the standard ones. The
result holds one value per hand (1 = best of its ladder), or for a hi-lo game
one column per ladder (high, low) where ``no_hand(ladder)`` (the ladder's size
plus one) means no qualifying low.

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

from itertools import combinations

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.ladder_tables import _BINOM, hand_sizes, ladder_tables
from showdown.tables import CARD_KEYS, NONFLUSH_ROW_BITS, SUIT_BITS, SUIT_MASK
from showdown.variants import HIGH, HIGH_WRAP, Ladder, Variant, find_variant

__all__ = ["evaluate_game_batch", "evaluate_game_omaha_batch", "ladder_batch"]

CHUNK = 1 << 15
_CARD_KEYS32 = np.array(CARD_KEYS, dtype=np.uint32)
_RANK_BIT = (1 << (np.arange(52) >> 2)).astype(np.int64)
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
    return hands.astype(np.intp, copy=False)


def _check(hands: np.ndarray, variant: Variant, what: str, repeats: bool) -> None:
    """Every id in the game's deck and, if ``repeats``, no card twice in a row: one 64-bit
    mask per row (a bit per card), so the check costs a few passes over the input."""
    from showdown.batch import _popcount

    if not len(hands):
        return
    outside = (hands < 0) | (hands > 51)
    if outside.any():
        row = int(np.flatnonzero(outside.any(axis=1))[0])
        raise CardError(f"{what} row {row} holds a card id outside 0..51")
    if not repeats and len(variant.deck) == 52:
        return  # every id in 0..51 is in the deck, and repeats are the caller's promise
    bits = np.left_shift(np.uint64(1), hands.astype(np.uint64))
    union = np.bitwise_or.reduce(bits, axis=1)
    deck = np.uint64(sum(1 << c for c in variant.deck))
    bad = (union & ~deck) != 0
    kind = f"a card that is not in the {variant.key} deck"
    if not bad.any() and repeats:
        bad = _popcount(union) != hands.shape[1]
        kind = "a card twice"
    if bad.any():
        raise CardError(f"{what} row {int(np.flatnonzero(bad)[0])} holds {kind}")


def ladder_batch(hands: np.ndarray, ladder: Ladder) -> np.ndarray:
    """Values (uint16) of valid hands ``hands`` (intp ids, shape (N, k)) in ``ladder``."""
    out = np.empty(len(hands), dtype=np.uint16)
    tables = ladder_tables(ladder)
    n = hands.shape[1]
    if ladder.cards == 4:
        for start in range(0, len(hands), CHUNK):
            rows = np.sort(hands[start : start + CHUNK], axis=1)
            index = _BINOMS[1][rows[:, 0]] + _BINOMS[2][rows[:, 1]]
            index += _BINOMS[3][rows[:, 2]] + _BINOMS[4][rows[:, 3]]
            out[start : start + CHUNK] = tables.badugi[index]
        return out
    if n not in hand_sizes(ladder):
        raise CardError(f"the {ladder.key} ladder takes {hand_sizes(ladder)} cards, not {n}")
    table, shift = tables.nonflush_compact(n)
    flush_suit = tables.flush_suit[n]
    columns = np.ascontiguousarray(hands.T)  # one contiguous row per card position
    for start in range(0, len(hands), CHUNK):
        cols = columns[:, start : start + CHUNK]
        key = _CARD_KEYS32[cols[0]]
        for col in cols[1:]:
            key += _CARD_KEYS32[col]
        rank_key = (key >> SUIT_BITS).astype(np.intp)
        values = table[rank_key + shift[rank_key >> NONFLUSH_ROW_BITS]]
        if ladder.flushes:
            suit = flush_suit[key & SUIT_MASK]
            flushed = np.flatnonzero(suit >= 0)
            if flushed.size:
                cards = cols[:, flushed].T
                same = (cards & 3) == suit[flushed, None]
                mask = np.where(same, _RANK_BIT[cards], 0).sum(axis=1)
                values[flushed] = tables.flush[mask]
        out[start : start + CHUNK] = values
    return out


def _standard(hands: np.ndarray, ladder: Ladder) -> np.ndarray:
    from showdown.batch import evaluate_batch

    return evaluate_batch(hands, wrap=ladder is HIGH_WRAP, check=False)


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
    _check(hands, variant, "hands", check)
    columns = [
        _standard(hands, ladder) if ladder in (HIGH, HIGH_WRAP) else ladder_batch(hands, ladder)
        for ladder in variant.ladders
    ]
    return columns[0] if len(columns) == 1 else np.stack(columns, axis=1)


def evaluate_game_omaha_batch(
    hole: npt.ArrayLike, board: npt.ArrayLike, game: str | Variant, *, check: bool = True
) -> np.ndarray:
    """Omaha-style values (exactly two hole and three board cards) per ladder of ``game``.

    >>> evaluate_game_omaha_batch([[48, 1, 44, 45]], [[6, 11, 16, 50, 51]], "omaha-hi-lo").tolist()
    [[1616, 2]]
    """
    from showdown.batch import evaluate_omaha_batch

    variant = find_variant(game)
    holes = _hands(hole, variant.hole, "hole")
    boards = _hands(board, (3, 4, 5), "board")
    if len(holes) != len(boards):
        raise CardError(f"hole has {len(holes)} rows but board has {len(boards)}")
    both = np.concatenate([holes, boards], axis=1)
    _check(both, variant, "hole and board", check)
    columns = []
    for ladder in variant.ladders:
        if ladder in (HIGH, HIGH_WRAP):
            columns.append(evaluate_omaha_batch(holes, boards, ladder is HIGH_WRAP, check=False))
            continue
        best = np.full(len(holes), ladder.size + 1, dtype=np.uint16)
        for pair in combinations(range(holes.shape[1]), 2):
            for triple in combinations(range(boards.shape[1]), 3):
                five = np.concatenate([holes[:, list(pair)], boards[:, list(triple)]], axis=1)
                np.minimum(best, ladder_batch(five, ladder), out=best)
        columns.append(best)
    return columns[0] if len(columns) == 1 else np.stack(columns, axis=1)
