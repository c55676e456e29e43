"""Every pot's exact expected shares over the boards still to come, enumerated once.

:func:`runout_shares` takes the live players' hole cards, the board out, the cards
known to be elsewhere and the pots (each a set of contenders); it lists every board
the remaining deck can complete ONCE, ranks every live hand on every board in one
vectorised call of the batch evaluators (:func:`showdown.hands.batch.evaluate_batch`,
:func:`~showdown.hands.batch.evaluate_omaha_batch`; they reach the C kernel when it is
in use), then settles each pot from the rank arrays with numpy: on each board a pot
goes, split equally, to the best hands among its contenders; in Omaha hi-lo half goes
to the best high and half to the best qualifying low (split equally among ties), and
the high hands take it all when no low qualifies.

With the native kernel in use, one C call does all of it (``runout_shares`` in
``runout_shares.c``: the boards in nested loops, each hand's rank from the evaluation
tables, every pot settled on every board; Hold'em and short deck preflop count the
boards by rank multisets, the suits merged, and the flush boards apart); numpy's
path is the reference, and the two give the same integers
(``tests/phh/test_runout_shares.py``).

The result counts, per player and pot, the pot's parts won over all boards in units of
``1 / SPLITS`` of the pot (``SPLITS`` = 5040 divides every split: a half of a pot shared
by up to ten players), so a share is the exact fraction ``count / (boards * SPLITS)``:
odd chips are counted as expectation, never rounded to whole chips.

>>> parts, boards = runout_shares("holdem", [["Ac", "Ad"], ["Kh", "Ks"]], ["2c", "7d", "9h"],
...                               [], [(0, 1)])
>>> boards, [round(float(p[0]) / (boards * SPLITS), 4) for p in parts]  # AA vs KK, flop
(990, [0.9162, 0.0838])
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import comb

import numpy as np

from showdown.cards import to_cards
from showdown.hands import native
from showdown.hands.batch import evaluate_batch, evaluate_omaha_batch
from showdown.hands.ladders import no_hand
from showdown.variants import Variant, find_variant

__all__ = ["SPLITS", "runout_shares"]

#: A common multiple of every split's denominator (up to ten players, halves of hi/lo).
SPLITS = 5040
#: Boards ranked and settled at a time: the players' rows of a chunk stay in cache-sized
#: arrays, and memory stays bounded however many boards there are.
_CHUNK = 1 << 17


@lru_cache(maxsize=16)
def board_picks(cards: int, need: int) -> np.ndarray:
    """Every ``need`` of ``cards`` positions, one sorted row each, as uint8 (lexicographic).

    >>> board_picks(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    rows = np.arange(cards, dtype=np.int64)[:, None]
    for _ in range(need - 1):
        last = rows[:, -1]
        counts = cards - 1 - last  # the larger positions each row can go on with
        total = int(counts.sum())
        starts = np.cumsum(counts) - counts
        following = np.arange(total) - np.repeat(starts, counts) + np.repeat(last + 1, counts)
        rows = np.concatenate([np.repeat(rows, counts, axis=0), following[:, None]], axis=1)
    out = rows.astype(np.uint8)
    out.flags.writeable = False  # cached: shared by every caller
    return out


def _ids(cards: Sequence[str]) -> list[int]:
    return [c.id for c in to_cards(" ".join(cards))] if cards else []


def runout_shares(
    game: str,
    holes: Sequence[Sequence[str]],
    board: Sequence[str],
    dead: Sequence[str],
    pots: Sequence[Sequence[int]],
) -> tuple[np.ndarray, int]:
    """``(parts, boards)``: ``parts[i, k]`` the parts of pot ``k`` (in 1/``SPLITS``) player
    ``i`` of ``holes`` wins summed over the ``boards`` boards the deck can complete.

    ``game`` is ``holdem``, ``omaha``, ``short-deck`` or ``omaha-hi-lo``; ``pots`` hold
    indices into ``holes``, two or more each; ``dead`` the cards known to be out of the
    deck (other players' cards).
    """
    variant = find_variant(game)
    hole_ids = [_ids(h) for h in holes]
    board_ids = _ids(board)
    known = {c for h in hole_ids for c in h} | set(board_ids) | set(_ids(dead))
    deck = np.array([c for c in variant.deck if c not in known], dtype=np.uint8)
    need = max(variant.board) - len(board_ids)
    kernel = native.kernel()
    if kernel is not None and hasattr(kernel, "runout_shares"):  # a build before it: numpy
        return _native_parts(variant, hole_ids, board_ids, deck, pots), comb(len(deck), need)
    picks = board_picks(len(deck), need)
    boards = len(picks)
    players = len(holes)
    parts = np.zeros((players, len(pots)), dtype=np.int64)
    contenders = [np.array(pot, dtype=np.intp) for pot in pots]
    for start in range(0, boards, _CHUNK):
        chunk = np.take(deck, picks[start : start + _CHUNK])
        values = _values(variant.key, variant.use, hole_ids, board_ids, chunk)
        for k, who in enumerate(contenders):
            if values.ndim == 3:
                parts[who, k] += _hi_lo_parts(values[0, who], values[1, who],
                                              no_hand(variant.ladders[1]))
            else:
                parts[who, k] += _parts(values[who], SPLITS)
    return parts, boards


def _native_parts(
    variant: Variant,
    holes: list[list[int]],
    board: list[int],
    deck: np.ndarray,
    pots: Sequence[Sequence[int]],
) -> np.ndarray:
    """The parts of :func:`runout_shares` from one pass of the C kernel over the boards."""
    from showdown.hands.ladder_native import ladder_kernel, omaha_tables

    masks = np.array([sum(1 << i for i in set(pot)) for pot in pots], dtype=np.int64)
    parts = np.zeros((len(holes), len(pots)), dtype=np.int64)
    flat = np.array(holes, dtype=np.int64).ravel()
    high = ladder_kernel(variant.ladders[0])  # the high ladder: its flush table, its ranks
    if variant.use == "omaha":
        no_low = no_hand(variant.ladders[1]) if len(variant.ladders) > 1 else 0
        high.runout_shares(deck.astype(np.int64), np.array(board, dtype=np.int64), flat,
                             len(holes[0]), masks, parts, omaha_tables(), no_low)
    else:
        high.runout_shares(deck.astype(np.int64), np.array(board, dtype=np.int64), flat,
                             2, masks, parts, None, 0)
    return parts


def _values(
    game: str, use: str, holes: list[list[int]], board: list[int], dealt: np.ndarray
) -> np.ndarray:
    """Every player's hand value on every board of ``dealt`` (rows of the cards to come):
    shape (players, boards), or (2, players, boards) for hi-lo (high, low); 1 the best."""
    players, m = len(holes), len(dealt)
    width, shown = len(holes[0]), len(board)
    if use == "omaha":
        hole = np.empty((players, m, width), dtype=np.uint8)
        hole[:] = np.array(holes, dtype=np.uint8)[:, None, :]
        full = np.empty((players, m, shown + dealt.shape[1]), dtype=np.uint8)
        full[:, :, :shown] = board
        full[:, :, shown:] = dealt
        result = evaluate_omaha_batch(
            hole.reshape(players * m, width), full.reshape(players * m, -1), check=False,
            game=None if game == "omaha" else game,
        )
    else:
        rows = np.empty((players, m, width + shown + dealt.shape[1]), dtype=np.uint8)
        rows[:, :, :width] = np.array(holes, dtype=np.uint8)[:, None, :]
        rows[:, :, width : width + shown] = board
        rows[:, :, width + shown :] = dealt
        flat = rows.reshape(players * m, -1)
        result = (evaluate_batch(flat, check=False) if game == "holdem"
                  else evaluate_batch(flat, check=False, game=game))
    if result.ndim == 2:  # hi-lo: (rows, 2)
        return result.T.reshape(2, players, m).astype(np.int32)
    return result.reshape(players, m).astype(np.int32)


def _parts(values: np.ndarray, whole: int) -> np.ndarray:
    """Per contender (rows of ``values``), the parts of ``whole`` won over the boards
    (columns): the best value on a board shares ``whole`` equally."""
    if len(values) == 2:  # heads-up: two comparisons, no division
        a, b = values
        ties = int(np.count_nonzero(a == b)) * (whole // 2)
        return np.array([int(np.count_nonzero(a < b)) * whole + ties,
                         int(np.count_nonzero(b < a)) * whole + ties], dtype=np.int64)
    winners = values == values.min(axis=0)
    return (winners * (whole // winners.sum(axis=0))).sum(axis=1)


def _hi_lo_parts(high: np.ndarray, low: np.ndarray, none: int) -> np.ndarray:
    """Hi-lo: half to the best high and half to the best qualifying low on each board;
    all to the high when no low qualifies (``none``: the low ladder's no-hand value)."""
    best_low = low.min(axis=0)
    has_low = best_low < none
    high_winners = high == high.min(axis=0)
    high_whole = np.where(has_low, SPLITS // 2, SPLITS)
    out = (high_winners * (high_whole // high_winners.sum(axis=0))).sum(axis=1)
    low_winners = (low == best_low) & has_low
    count = np.maximum(low_winners.sum(axis=0), 1)
    return out + (low_winners * ((SPLITS // 2) // count)).sum(axis=1)
