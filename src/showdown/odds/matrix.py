"""Exact preflop equity tables: every class against every class, a row against a
range, and three-way tables.

:func:`matrix` computes, for each pair of the 169 starting-hand classes (see
:mod:`showdown.odds.ranges.preflop`), the exact all-in equity of the first against the
second: the average over every pair of combos that share no card, each with
equal weight, over all 1,712,304 boards. Suit isomorphism does most of the
work: one canonical combo per row class, one combo per orbit of its
opponents; entry ``[j][i]`` is read off ``[i][j]``.

>>> m = matrix(["AA", "KK", "AKs"], workers=1)
>>> round(m.entry("AA", "KK")["equity"], 4), round(m.entry("KK", "AA")["equity"], 4)
(0.8195, 0.1805)
>>> m.to_json()["classes"]
['AA', 'KK', 'AKs']
>>> row = matrix(["AA", "72o"], vs="QQ+, AKs", workers=1)
>>> row.to_json()["vs"], [round(float(x), 3) for x in row.equity]
('QQ+, AKs', [0.804, 0.153])

Everything runs on ``executor``/``workers`` as :func:`showdown.equity` does
(:mod:`showdown.odds.parallel`); the numbers do not depend on where.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from showdown.i18n import words
from showdown.odds.holdem_plan import ExactPlan
from showdown.odds.matrix_jobs import Row, run_rows
from showdown.odds.parallel import check_workers, executor_for, run_tasks, worker_count
from showdown.odds.ranges.holdem import Range, RangeError, parse_range
from showdown.odds.ranges.preflop import CLASSES, canonical, class_combos, class_index, combos_array
from showdown.odds.suit_symmetry import suit_symmetries

__all__ = ["MatrixRow", "PreflopMatrix", "ThreeWayTable", "matrix"]


def _nan_to_none(values: np.ndarray) -> list[Any]:
    return [None if np.isnan(x) else float(x) for x in values.tolist()]


@dataclass(frozen=True)
class PreflopMatrix:
    """Heads-up equity, win and tie of class ``i`` (row) against class ``j`` (column)."""

    classes: tuple[str, ...]
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray

    def entry(self, a: str, b: str) -> dict[str, float]:
        """``{"equity", "win", "tie"}`` of class ``a`` against class ``b``."""
        i, j = self.classes.index(_norm(a)), self.classes.index(_norm(b))
        return {
            "equity": float(self.equity[i, j]),
            "win": float(self.win[i, j]),
            "tie": float(self.tie[i, j]),
        }

    def to_json(self) -> dict[str, Any]:
        """``{"classes", "equity", "win", "tie"}``: row ``i``, column ``j`` is class ``i``
        against class ``j``, as fractions."""
        return {
            "classes": list(self.classes),
            "equity": [_nan_to_none(r) for r in self.equity],
            "win": [_nan_to_none(r) for r in self.win],
            "tie": [_nan_to_none(r) for r in self.tie],
        }

    def to_csv(self) -> str:
        """One line per ordered pair: ``hand,opponent,equity,win,tie``."""
        lines = ["hand,opponent,equity,win,tie"]
        for i, a in enumerate(self.classes):
            for j, b in enumerate(self.classes):
                e, w, t = self.equity[i, j], self.win[i, j], self.tie[i, j]
                lines.append(f"{a},{b},{e:.10f},{w:.10f},{t:.10f}")
        return "\n".join(lines) + "\n"

    def _repr_svg_(self) -> str:  # the notebook's picture, drawn by the text wing
        from showdown.text.heat_map import heat_svg

        return heat_svg(self.classes, self.equity)


@dataclass(frozen=True)
class MatrixRow:
    """Each class against one range (``vs``)."""

    classes: tuple[str, ...]
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    vs: str

    def to_json(self) -> dict[str, Any]:
        """``{"classes", "equity", "win", "tie", "vs"}``, one list per key."""
        return {
            "classes": list(self.classes),
            "equity": _nan_to_none(self.equity),
            "win": _nan_to_none(self.win),
            "tie": _nan_to_none(self.tie),
            "vs": self.vs,
        }

    def to_csv(self) -> str:
        lines = ["hand,vs,equity,win,tie"]
        for i, a in enumerate(self.classes):
            lines.append(
                f'{a},"{self.vs}",{self.equity[i]:.10f},{self.win[i]:.10f},{self.tie[i]:.10f}'
            )
        return "\n".join(lines) + "\n"

    def _repr_svg_(self) -> str:  # the notebook's picture, drawn by the text wing
        from showdown.text.heat_map import row_svg

        caption = words("matrix", "en")["against"].format(range=self.vs)
        return row_svg(self.classes, self.equity.tolist(), caption)


@dataclass(frozen=True)
class ThreeWayTable:
    """Exact three-way equities of every three classes of a list."""

    classes: tuple[str, ...]
    triples: tuple[tuple[str, str, str], ...]
    equity: np.ndarray  # (T, 3)
    win: np.ndarray
    tie: np.ndarray

    def to_json(self) -> dict[str, Any]:
        """``{"classes", "tables": [{"hands", "equity", "win", "tie"}]}``."""
        return {
            "classes": list(self.classes),
            "tables": [
                {
                    "hands": list(t),
                    "equity": self.equity[k].tolist(),
                    "win": self.win[k].tolist(),
                    "tie": self.tie[k].tolist(),
                }
                for k, t in enumerate(self.triples)
            ],
        }

    def to_csv(self) -> str:
        head = "hand1,hand2,hand3,equity1,equity2,equity3,win1,win2,win3,tie1,tie2,tie3"
        lines = [head]
        for k, t in enumerate(self.triples):
            nums = [*self.equity[k], *self.win[k], *self.tie[k]]
            lines.append(",".join([*t, *(f"{x:.10f}" for x in nums)]))
        return "\n".join(lines) + "\n"


def _norm(name: str) -> str:
    return CLASSES[class_index(name)]


def _classes(classes: Sequence[str] | str | None) -> tuple[str, ...]:
    if classes is None:
        return CLASSES
    if isinstance(classes, str):
        classes = [c for c in classes.replace(";", ",").replace(" ", ",").split(",") if c]
    try:
        out = tuple(_norm(c) for c in classes)
    except ValueError as exc:
        raise RangeError(str(exc)) from None
    if not out:
        raise RangeError("no hand classes given")
    if len(set(out)) != len(out):
        raise RangeError(f"a class is listed twice in {', '.join(out)}")
    return out


def matrix(
    classes: Sequence[str] | str | None = None,
    *,
    vs: str | Range | None = None,
    three_way: bool = False,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | Callable[[float], None] = False,
) -> PreflopMatrix | MatrixRow | ThreeWayTable:
    """Exact preflop equity of the given classes (default: all 169, in grid order)
    against each other (:class:`PreflopMatrix`), each against the range ``vs``
    (:class:`MatrixRow`), or three at a time (``three_way=True``,
    :class:`ThreeWayTable`); see the module docs."""
    names = _classes(classes)
    check_workers(workers)
    parallel = workers or worker_count()
    from showdown.odds.equity import drawing, progress_of

    bar, callback = progress_of(progress)
    with drawing(bar):
        if three_way:
            result: PreflopMatrix | MatrixRow | ThreeWayTable = _three_way(
                names, executor, workers, callback, parallel
            )
        elif vs is not None:
            result = _against(names, vs, executor, workers, callback, parallel)
        else:
            result = _heads_up(names, executor, workers, callback, parallel)
    return result


def _ids(name: str) -> tuple[int, int]:
    a, b = canonical(name)
    return (a.id, b.id)


def _heads_up(
    names: tuple[str, ...],
    executor: Executor | None,
    workers: int | None,
    progress: Callable[[float], None] | None,
    parallel: int,
) -> PreflopMatrix:
    n = len(names)
    rows = []
    for i, a in enumerate(names):
        later = list(range(i, n))
        b = np.concatenate([combos_array(names[j]) for j in later])
        targets = np.concatenate([np.full(len(class_combos(names[j])), j) for j in later])
        rows.append(Row(_ids(a), b, np.ones(len(b)), targets, n))
    out = run_rows(rows, executor, workers, progress, parallel)
    win = np.full((n, n), np.nan)
    tie = np.full((n, n), np.nan)
    eq = np.full((n, n), np.nan)
    for i, r in enumerate(out):
        w, t, e = r
        win[i, i:], tie[i, i:], eq[i, i:] = w[i:], t[i:], e[i:]
        win[i:, i] = 1.0 - w[i:] - t[i:]
        tie[i:, i] = t[i:]
        eq[i:, i] = 1.0 - e[i:]
        win[i, i], eq[i, i] = w[i], e[i]
    return PreflopMatrix(names, eq, win, tie)


def _against(
    names: tuple[str, ...],
    vs: str | Range,
    executor: Executor | None,
    workers: int | None,
    progress: Callable[[float], None] | None,
    parallel: int,
) -> MatrixRow:
    rng = parse_range(vs) if isinstance(vs, str) else vs
    label = vs if isinstance(vs, str) else str(vs)
    w_r = np.zeros((52, 52))
    for (c, d), w in rng.items():
        w_r[c, d] = w_r[d, c] = w
    maps = suit_symmetries()
    every = np.array([(a, b) for a in range(52) for b in range(a)], dtype=np.int64)
    rows = []
    for name in names:
        a0 = _ids(name)
        # The class's combos are the images of a0 under suit permutations; against a
        # range that need not be symmetric, each opponent combo b' of a0 weighs the
        # range's weight of its image under each of those permutations.
        images = []
        for combo in class_combos(name):
            for m in maps:
                if {int(m[a0[0]]), int(m[a0[1]])} == set(combo):
                    images.append(m)
                    break
        weight = np.zeros(len(every))
        for m in images:
            weight += w_r[m[every[:, 0]], m[every[:, 1]]]
        rows.append(Row(a0, every, weight, np.zeros(len(every), dtype=np.int64), 1))
    out = run_rows(rows, executor, workers, progress, parallel)
    win = np.array([r[0, 0] for r in out])
    tie = np.array([r[1, 0] for r in out])
    eq = np.array([r[2, 0] for r in out])
    return MatrixRow(names, eq, win, tie, label)


def _three_way(
    names: tuple[str, ...],
    executor: Executor | None,
    workers: int | None,
    progress: Callable[[float], None] | None,
    parallel: int,
) -> ThreeWayTable:
    if len(names) < 3:
        raise RangeError("a three-way table needs at least three classes")
    triples = list(combinations(names, 3))
    jobs = []
    for a, b, c in triples:
        combos = [np.array([_ids(a)], dtype=np.int64), combos_array(b), combos_array(c)]
        keep = [~np.isin(x, list(_ids(a))).any(axis=1) for x in combos[1:]]
        combos = [combos[0], combos[1][keep[0]], combos[2][keep[1]]]
        weights = [np.ones(len(x)) for x in combos]
        plan = ExactPlan(combos, weights, [], [])
        jobs.append(plan.job(plan.seconds() / parallel, ""))
    tasks: list[tuple[Any, ...]] = []
    spans = []
    for job in jobs:
        spans.append((len(tasks), len(tasks) + len(job.tasks)))
        tasks.extend(job.tasks)
    estimate = sum(j.estimate for j in jobs)
    done = [0]

    def on_done(i: int, _: Any) -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0] / len(tasks))

    fn = jobs[0].fn
    with executor_for(executor, workers, estimate, len(tasks)) as ex:
        results = run_tasks(fn, tasks, ex, star=True, on_done=on_done)
    eq = np.zeros((len(triples), 3))
    win = np.zeros((len(triples), 3))
    tie = np.zeros((len(triples), 3))
    for k, (job, (s, e)) in enumerate(zip(jobs, spans, strict=True)):
        sums = job.combine(results[s:e])
        tally, total = sums["tally"], sums["total"]
        eq[k], win[k], tie[k] = tally.share / total, tally.win / total, tally.tie / total
    return ThreeWayTable(names, tuple(triples), eq, win, tie)
