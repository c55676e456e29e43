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

from showdown import _equity_kernels as K
from showdown._holdem_jobs import ExactSpec, exact_task, universe
from showdown.parallel import executor_for, run_tasks

#: Opponent orbits per task (each is one hand on about 2.1 M boards).
ORBITS_PER_TASK = 16
#: Player-board evaluations per second per worker (see ``_holdem_plan.EXACT_RATE``).
RATE = 150e6
#: Boards of a heads-up preflop showdown once both hands are dealt: C(48, 5).
BOARDS = comb(48, 5)


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
        a0 = p.row.a0
        live = tuple(c for c in range(52) if c not in a0)
        n_chunks = universe((), live).n_chunks()
        combos = p.row.b[p.reps]
        spec = ExactSpec((a0, ()), (combos,), (), live)
        masks = K.SUIT_MAJOR_BIT[combos].sum(axis=1, dtype=np.uint64)
        size = np.bincount(p.orbit, minlength=len(p.reps))
        p.first_task = len(tasks)
        for start in range(0, len(p.reps), ORBITS_PER_TASK):
            part = slice(start, start + ORBITS_PER_TASK)
            picks = np.arange(len(p.reps))[part][:, None] - start
            tasks.append((spec, list(range(n_chunks)), picks, masks[part]))
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
        results = run_tasks(exact_task, tasks, ex, star=True, on_done=on_done)
    out = []
    for p in planned:
        acc = np.concatenate(results[p.first_task : p.first_task + p.n_tasks], axis=2)
        per_combo = acc[:3, 0, :][:, p.orbit]  # (3, m): win, tie, share of a0 per combo
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
