"""Exact heads-up rows for :mod:`showdown.matrix` (private).

A *row* is one hand ``a0`` (a class's canonical combo) against weighted opponent
combos ``b``, each tagged with a *target* (the column it counts for). The
outcome of ``a0`` against ``b`` is the same for every ``b`` of one orbit under
the suit permutations that fix ``a0``, so only one combo per orbit is
evaluated, on every board of the 50 remaining cards (boards touching ``b`` are
masked out), in tasks of a few orbits each (:func:`showdown._holdem_jobs.exact_task`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from showdown import _backend
from showdown import _equity_kernels as K
from showdown._holdem_jobs import universe
from showdown.parallel import executor_for, run_tasks
from showdown.tables import SUIT_KEYS

#: Opponent orbits per task (each is one hand on about 2.1 M boards).
ORBITS_PER_TASK = 48
#: Player-board evaluations per second per worker (see ``_holdem_plan.EXACT_RATE``).
RATE = 150e6
#: Boards of a heads-up preflop showdown once both hands are dealt: C(48, 5).
BOARDS = comb(48, 5)


def row_task(a0: tuple[int, int], combos: np.ndarray) -> np.ndarray:
    """Wins and ties ``(2, k)`` of ``a0`` against each of ``combos`` over every board of the
    other 50 cards that avoids the combo (C(48, 5) boards each).

    Per chunk of boards, the work shared by the combos is done once: ``a0``'s ranks, the
    non-flush ranks of each rank pair (one table lookup serves every combo of the pair)
    and the flush-suit lookup of each suit pattern (ten at most); each combo then costs a
    copy, a patch of its few flush boards and two comparisons, in reused buffers.
    """
    live = tuple(c for c in range(52) if c not in a0)
    if _backend.kernel() is not None:  # the native exact kernel, one call for every combo
        holes = np.empty((len(combos), 2, 2), dtype=np.int64)
        holes[:, 0] = a0
        holes[:, 1] = combos
        counts = K.exact_counts((), live, holes)
        return np.stack([counts[:, 0, 1], counts[:, 0, 2]]).astype(float)
    fs7, flush, _, _ = K._tables()
    u = universe((), live)
    biggest = max(c.size for c in u.chunks())
    tmp = np.empty(biggest, dtype=np.uint64)
    valid = np.empty(biggest, dtype=bool)
    hit = np.empty(biggest, dtype=bool)
    rb = np.empty(biggest, dtype=np.uint16)
    c1, c2 = combos[:, 0].astype(np.int64), combos[:, 1].astype(np.int64)
    r1, r2 = c1 >> 2, c2 >> 2
    high, low = np.maximum(r1, r2), np.minimum(r1, r2)
    hand_ss = np.array(SUIT_KEYS)[c1 & 3] + np.array(SUIT_KEYS)[c2 & 3]
    masks = K.SUIT_MAJOR_BIT[combos].sum(axis=1, dtype=np.uint64)
    hand_bits = np.zeros((len(combos), 4), dtype=np.uint64)
    for j in range(len(combos)):
        hand_bits[j, c1[j] & 3] |= np.uint64(1 << int(r1[j]))
        hand_bits[j, c2[j] & 3] |= np.uint64(1 << int(r2[j]))
    out = np.zeros((2, len(combos)))
    thirteen, low13 = np.uint64(13), np.uint64(8191)
    for chunk in u.chunks():
        size = chunk.size
        ra = K.holdem_ranks(chunk, *a0)
        bm = chunk.bm
        bases: dict[tuple[int, int], np.ndarray] = {}
        suits: dict[int, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
        t, v, h, r = tmp[:size], valid[:size], hit[:size], rb[:size]
        for j in range(len(combos)):
            key = (int(high[j]), int(low[j]))
            if key not in bases:
                bases[key] = K.pair_table(*key)[chunk.mid_add :][chunk.mid_base]
            ss = int(hand_ss[j])
            if ss not in suits:
                suit = fs7[chunk.ss_add + ss :][chunk.ss_base]
                rows = np.flatnonzero(suit >= 0)
                s = suit[rows].astype(np.uint64)
                suits[ss] = (rows, s, (bm[rows] >> (thirteen * s)) & low13)
            np.copyto(r, bases[key])
            rows, s, board_bits = suits[ss]
            if len(rows):
                r[rows] = flush[(board_bits | hand_bits[j][s.astype(np.intp)]).astype(np.intp)]
            np.bitwise_and(bm, masks[j], out=t)
            np.equal(t, 0, out=v)
            np.less(ra, r, out=h)
            h &= v
            out[0, j] += np.count_nonzero(h)
            np.equal(ra, r, out=h)
            h &= v
            out[1, j] += np.count_nonzero(h)
    return out


@dataclass
class Row:
    """``a0`` against combos ``b`` (``(m, 2)`` ids) with ``weights``, each for a ``target``."""

    a0: tuple[int, int]
    b: np.ndarray
    weights: np.ndarray
    targets: np.ndarray  # (m,) small ints
    n_targets: int


@dataclass
class _Planned:
    row: Row
    reps: np.ndarray  # index into b of each orbit's representative
    orbit: np.ndarray  # (m,) orbit number of each b
    first_task: int
    n_tasks: int


def _plan(row: Row) -> _Planned:
    keep = ~np.isin(row.b, list(row.a0)).any(axis=1)
    keep &= row.weights > 0
    row = Row(row.a0, row.b[keep], row.weights[keep], row.targets[keep], row.n_targets)
    symmetries = K.suit_symmetries(list(row.a0))
    picks = np.arange(len(row.b))[:, None]
    reps, orbit = K.canonical_classes(picks, [row.b], symmetries)
    return _Planned(row, reps, orbit, 0, 0)


def run_rows(
    rows: Sequence[Row],
    executor: Executor | None,
    workers: int | None,
    progress: Callable[[float], None] | None,
    parallel: int,
) -> list[np.ndarray]:
    """For each row, ``(3, n_targets)``: win, tie and equity of ``a0`` against each target
    (weighted average over its combos; NaN for a target with no combo)."""
    planned = [_plan(r) for r in rows]
    tasks: list[tuple[Any, ...]] = []
    units: list[float] = []
    for p in planned:
        combos = p.row.b[p.reps]
        size = np.bincount(p.orbit, minlength=len(p.reps))
        p.first_task = len(tasks)
        for start in range(0, len(p.reps), ORBITS_PER_TASK):
            part = slice(start, start + ORBITS_PER_TASK)
            tasks.append((p.row.a0, combos[part]))
            units.append(float(size[part].sum()) * BOARDS)
            p.n_tasks += 1
    n_reps = sum(len(p.reps) for p in planned)
    estimate = n_reps * 2 * comb(50, 5) / RATE / max(1, parallel)
    total = sum(units) or 1.0
    done = 0.0

    def on_done(i: int, _: Any) -> None:
        nonlocal done
        done += units[i]
        if progress is not None:
            if hasattr(progress, "units_done"):
                progress.units_done = done  # a ProgressBar shows the rate
            progress(min(1.0, done / total))

    with executor_for(executor, workers, estimate, len(tasks)) as ex:
        results = run_tasks(row_task, tasks, ex, star=True, on_done=on_done)
    out = []
    for p in planned:
        acc = np.concatenate(results[p.first_task : p.first_task + p.n_tasks], axis=1)
        wins, ties = acc[:, p.orbit]
        per_combo = np.stack([wins, ties, wins + ties / 2])  # (3, m) per opponent combo
        w = p.row.weights
        sums = np.zeros((3, p.row.n_targets))
        weight = np.zeros(p.row.n_targets)
        np.add.at(weight, p.row.targets, w)
        for a in range(3):
            np.add.at(sums[a], p.row.targets, per_combo[a] * w)
        with np.errstate(invalid="ignore", divide="ignore"):
            fractions = sums / (weight * BOARDS)
        out.append(fractions[[0, 1, 2]])
    return out
