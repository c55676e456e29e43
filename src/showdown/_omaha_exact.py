"""Exact Omaha equity over enumerated boards, any board size from preflop on (private).

The boards completing the known cards with ``need`` cards of the live deck (the
deck less the board, the dead cards and the fixed hands) are numbered in colex
order of their deck positions: board ``b`` is the ``b``-th ``need``-subset, ``b =
C(p1, 1) + C(p2, 2) + ...`` for positions ``p1 < p2 < ...`` (:func:`board_cards`).
A task takes a block of those boards and a slice of the deals (one combo per
ranged player, no card twice): it ranks every combo its deals use once on every
board of the block (:func:`board_ranks`: the native kernel's ``omaha_boards``, or
numpy with the same integers), then counts each deal's showdowns on the boards
that share no card with the deal (the kernel's ``omaha_deal_counts``, or
:func:`showdown._equity_kernels.showdown_counts`). A board touching a combo ranks 0 there, which
no hand ranks, so that test is a comparison. Counts are integers summed per deal,
so the result does not depend on how the work was split.

>>> deck = [c for c in range(52) if c not in (48, 49, 44, 45, 40, 41, 36, 37)]
>>> board_count(len(deck), 5)  # a hand against a hand preflop
1086008
>>> board_cards(deck, [], 0, 2).tolist()  # the first boards: the lowest cards
[[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]
>>> ranks = board_ranks(deck, [], 0, 3, np.array([[48, 49, 44, 45], [0, 1, 2, 3]]))
>>> ranks.shape, int(ranks[1, 0])  # 2c2d2h2s on board 0 (2c2d2h2s3c): touches it, so 0
((2, 3), 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from showdown import _backend
from showdown import _equity_kernels as K

_BIT = np.array([1 << c for c in range(52)], dtype=np.uint64)
#: Rank-table cells (combos x boards) a task builds at once, and deal-board cells counted at once.
_CELLS = 1 << 21


def board_count(deck_size: int, need: int) -> int:
    """Boards completing a board of ``5 - need`` cards from a deck of ``deck_size`` cards."""
    return comb(deck_size, need)


def board_cards(
    deck: Sequence[int] | np.ndarray, known: list[int], start: int, stop: int
) -> np.ndarray:
    """Boards ``start .. stop - 1`` (colex order) as ``(stop - start, 5)`` card ids: the
    known cards, then the drawn ones ascending."""
    deck_ids = np.asarray(deck, dtype=np.int64)
    need = 5 - len(known)
    index = np.arange(start, stop, dtype=np.int64)
    out = np.empty((len(index), 5), dtype=np.int64)
    out[:, : len(known)] = np.asarray(known, dtype=np.int64)
    n = len(deck_ids)
    for j in range(need, 0, -1):
        column = np.array([comb(c, j) for c in range(n)], dtype=np.int64)
        pos = np.searchsorted(column, index, side="right") - 1
        index = index - column[pos]
        out[:, len(known) + j - 1] = deck_ids[pos]
    return out


def board_ranks(
    deck: Sequence[int] | np.ndarray, known: list[int], start: int, stop: int, holes: np.ndarray
) -> np.ndarray:
    """Omaha rank (uint16) of each combo of ``holes`` ``(m, 4..6)`` on boards ``start ..
    stop - 1``: ``(m, stop - start)``, 0 where the board shares a card with the combo."""
    holes = np.ascontiguousarray(holes, dtype=np.int64)
    out = np.empty((len(holes), stop - start), dtype=np.uint16)
    if out.size == 0:
        return out
    if _backend.kernel() is not None:
        _backend.native_tables(False).omaha_boards(
            np.asarray(deck, dtype=np.int64),
            np.asarray(known, dtype=np.int64),
            start,
            holes.ravel(),
            holes.shape[1],
            out,
        )
        return out
    from showdown.batch import evaluate_omaha_batch

    boards = board_cards(deck, known, start, stop)
    board_mask = _BIT[boards].sum(axis=1, dtype=np.uint64)
    for i, hole in enumerate(holes):
        clear = (board_mask & _BIT[hole].sum(dtype=np.uint64)) == 0
        row = out[i]
        row[~clear] = 0
        b = boards[clear]
        row[clear] = evaluate_omaha_batch(np.broadcast_to(hole, (len(b), len(hole))), b)
    return out


@dataclass(frozen=True)
class BoardsSpec:
    """What every task of one exact Omaha job shares."""

    combos: tuple[np.ndarray, ...]  # per player (m, 4..6); a fixed hand has m == 1
    deck: tuple[int, ...]  # the live deck, ascending
    board: tuple[int, ...]  # the known board cards


def boards_task(spec: BoardsSpec, picks: np.ndarray, start: int, stop: int) -> np.ndarray:
    """Showdown counts ``(deals, players, 11)`` of each deal (``picks``: one combo index per
    ranged player) on boards ``start .. stop - 1`` it can see."""
    ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1]
    deals = len(picks)
    wanted, inverses = [], []
    for p, c in enumerate(spec.combos):
        if p in ranged:
            used, inverse = np.unique(picks[:, ranged.index(p)], return_inverse=True)
        else:
            used, inverse = np.zeros(1, dtype=np.int64), np.zeros(deals, dtype=np.int64)
        wanted.append(c[used])
        inverses.append(inverse.ravel())
    tables: list[np.ndarray] = [np.empty(0)] * len(wanted)
    for size in sorted({w.shape[1] for w in wanted}):  # one pass over the boards per hole size
        players = [p for p, w in enumerate(wanted) if w.shape[1] == size]
        ranked = board_ranks(
            spec.deck, list(spec.board), start, stop, np.concatenate([wanted[p] for p in players])
        )
        edges = np.cumsum([0] + [len(wanted[p]) for p in players])
        for p, a, b in zip(players, edges[:-1], edges[1:], strict=True):
            tables[p] = ranked[a:b]
    counts = K.new_counts(len(spec.combos), deals)
    if _backend.kernel() is not None:
        _backend.native_tables(False).omaha_deal_counts(
            [np.ascontiguousarray(t) for t in tables],
            np.stack(inverses, axis=1).astype(np.int64).ravel(),
            stop - start,
            counts,
        )
        return counts
    per = max(1, _CELLS // max(1, stop - start))
    for a in range(0, deals, per):
        ranks = [t[inverse[a : a + per]] for t, inverse in zip(tables, inverses, strict=True)]
        valid = np.logical_and.reduce([ranks[p] != 0 for p in ranged]) if ranged else None
        counts[a : a + per] = K.showdown_counts(ranks, valid)
    return counts


def task_bounds(
    deals: int, boards: int, players: int, combos: int
) -> list[tuple[int, int, int, int]]:
    """The tasks of a job as ``(first deal, last deal + 1, first board, last board + 1)``:
    blocks of boards small enough for a rank table of all ``combos`` (so the kernel's
    classes of combos with equal ranks are shared by as many combos as possible, and one
    deal still spreads over workers) times slices of deals (so each task counts a bounded
    number of showdowns)."""
    block = max(1, min(boards, _BOARD_BLOCK, max(_MIN_BLOCK, _TABLE_CELLS // max(1, combos))))
    slice_ = max(1, _TASK_SHOWDOWNS // max(1, block * players))
    if combos * block > _TABLE_CELLS:  # too many combos for one table: fewer deals a task
        slice_ = min(slice_, max(1, _TABLE_CELLS // (block * players)))
    return [
        (d, min(deals, d + slice_), b, min(boards, b + block))
        for d in range(0, deals, slice_)
        for b in range(0, boards, block)
    ]


#: Boards per task at most (preflop hand against hand: 17 tasks of 1,086,008 boards).
_BOARD_BLOCK = 1 << 16
#: Boards per task at least (unless the deals are sliced to fit the rank table).
_MIN_BLOCK = 1 << 12
#: Rank-table cells (combos x boards) of a task.
_TABLE_CELLS = 1 << 23
#: Player-showdowns a task counts at most (deals x boards x players).
_TASK_SHOWDOWNS = 1 << 25


def rank_work(
    combos: list[np.ndarray], picks: np.ndarray, bounds: list[tuple[int, int, int, int]]
) -> tuple[int, int]:
    """Class-board and combo-board rankings of the tasks ``bounds``: each task ranks the
    combos its deals use, the non-flush part once per class of combos with equal ranks."""
    ranged = [i for i, c in enumerate(combos) if len(c) > 1]
    boards: dict[tuple[int, int], int] = {}  # per slice of deals: the boards of its tasks
    for d0, d1, b0, b1 in bounds:
        boards[d0, d1] = boards.get((d0, d1), 0) + b1 - b0
    by_class = by_combo = 0
    for (d0, d1), n in boards.items():
        used = [
            combos[p][np.unique(picks[d0:d1, ranged.index(p)])] if p in ranged else combos[p]
            for p in range(len(combos))
        ]
        classes = 0
        for size in {u.shape[1] for u in used}:
            ranks = np.sort(np.concatenate([u for u in used if u.shape[1] == size]) >> 2, axis=1)
            classes += len(np.unique(ranks, axis=0))
        by_class += classes * n
        by_combo += sum(len(u) for u in used) * n
    return by_class, by_combo
