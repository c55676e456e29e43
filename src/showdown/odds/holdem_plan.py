"""Planning Hold'em equity (private): exact or Monte Carlo, its tasks and its run time.

:func:`plan_holdem` looks at the players (fixed hands and ranges, already
cleared of the board, dead and fixed cards), counts the work of exact
enumeration after suit isomorphism, estimates both run times from measured
rates, chooses, and returns a :class:`Job`: the task function, the task list
(fixed by the job, never by the number of workers), how to combine the task
results, and a one-line note saying what was chosen and why.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from math import ceil, comb
from typing import Any

import numpy as np

from showdown.cards import CardError
from showdown.hands import native
from showdown.odds.board_vectors import SUIT_MAJOR_BIT
from showdown.odds.deal_classes import deal_classes
from showdown.odds.deals import find_deal
from showdown.odds.holdem_jobs import (
    ExactSpec,
    MonteCarloSpec,
    chunk_groups,
    empty_sums,
    exact_task,
    monte_carlo_task,
    universe,
    warm_state,
)
from showdown.odds.showdown_counts import Tally, new_counts

#: Exact enumeration when the player-board evaluations (after suit isomorphism) are at
#: most this many per worker.
EXACT_WORK_LIMIT = 1_000_000_000
#: Monte Carlo trials when none are asked for.
DEFAULT_TRIALS = 1_000_000
#: Combo deals an exact plan may enumerate.
MAX_ASSIGNMENTS = 2_000_000
#: Measured on the 2-core development machine, one process: player-board evaluations per
#: second in exact enumeration on the numpy path, and player-trials per second in Monte
#: Carlo.
EXACT_RATE = 150e6
MONTE_CARLO_RATE = 25e6  # hands only
MONTE_CARLO_RATE_RANGES = 12e6  # with ranged players (deals drawn by the kernel too)
#: The same with the native kernel, which draws the ranged deals and tallies them in C:
#: measured end to end (``equity(..., workers=1)``, 4 M trials, CPU time, load about 6)
#: 84 M for two ranges, 68 M for two weighted ranges, 66 M for six ranges; half of the
#: lowest, so that a loaded machine is still inside the estimate.
MONTE_CARLO_RATE_RANGES_NATIVE = 33e6
#: The native kernel's exact rate in the same units (player-board evaluations a second),
#: by cards still to come: it counts flushless boards by rank multiset and walks only the
#: flush boards, so preflop it does far less than one evaluation per board, and the more
#: players (more suited hands, more flush boards, more ranks per board) the less it saves:
#: preflop the rate is ``EXACT_RATE_NATIVE[5] / (players - 1)``. Measured on the same
#: machine (kernel only, random deals, one process, load about 2): heads-up preflop
#: 14.8e9, three players 6.8e9, six 2.7e9, nine 3.3e9; on a flop 0.7e9 to 1.3e9; on a
#: turn 0.24e9 to 0.27e9 (there nothing merges).
EXACT_RATE_NATIVE = {5: 10e9, 4: 1.5e9, 3: 1.5e9, 2: 0.6e9, 1: 0.2e9, 0: 0.2e9}
#: Seconds per deal listed with the native kernel, beside the boards it walks: each deal
#: is keyed, grouped, copied from the deal walked for it and tallied, which on a flop or
#: turn (one walk per flush key) can outweigh the walks. Measured end to end
#: (``equity(..., exact=True, workers=1)``, thread time, load about 4.5): 0.1 us a deal
#: for two ranges on a turn (4,293 deals, 202 walks), 0.5 us for three (7,848 deals,
#: 222 walks); the higher is taken.
EXACT_DEAL_SECONDS_NATIVE = 0.5e-6
#: Seconds of one exact task and trials of one Monte Carlo task: about a tenth of a
#: second, so that sending a task and its result (a few hundred bytes each way) costs
#: well under 1% of it on a local pool and a few per cent on a Dask cluster. Under a time
#: budget tasks are smaller (the run stops starting tasks at the deadline, so a task is
#: how far it may overshoot).
TASK_SECONDS = 0.1
TASK_TRIALS = 1 << 20
BUDGET_TASK_TRIALS = 1 << 16


@dataclass
class Job:
    """A planned equity job: run ``fn(*task)`` for each task, then ``combine`` the results."""

    method: str  # "exact" | "monte-carlo"
    fn: Callable[..., Any]
    tasks: list[tuple[Any, ...]]
    units: list[float]  # showdowns (deal-board pairs) per task, for progress and rates
    combine: Callable[[list[Any]], dict[str, Any]]
    estimate: float  # seconds on the workers assumed
    note: str
    deadline_seconds: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    #: Builds in this process what every task of the job sets up first, before a local
    #: pool forks its workers: they then share it instead of each building its own.
    warm: Callable[[], None] | None = None


@dataclass(frozen=True)
class DealTable:
    """The combo deals of an exact job, for per-combo sums: ``picks`` (deals, ranged
    players) combo indices, their weights, the row of each deal in the job's
    ``deal_counts`` (equal counts up to a suit permutation share a row) and the boards
    each deal sees."""

    picks: np.ndarray
    weights: np.ndarray
    row: np.ndarray
    runouts: int


def seconds_text(x: float) -> str:
    """A duration for a note: ``0.4 s``, ``12 s``, ``3.5 min``, ``2.1 h``."""
    if x < 10:
        return f"{x:.2g} s" if x >= 0.1 else "under 0.1 s"
    if x < 600:
        return f"{x:.0f} s"
    if x < 7200:
        return f"{x / 60:.1f} min"
    return f"{x / 3600:.1f} h"


class ExactPlan:
    """Exact enumeration of one Hold'em job: deals, suit-isomorphism classes, work."""

    def __init__(
        self,
        combos: list[np.ndarray],
        weights: list[np.ndarray],
        board: list[int],
        dead: list[int],
    ) -> None:
        self.combos, self.weights, self.board = combos, weights, board
        self.fixed = [i for i, c in enumerate(combos) if len(c) == 1]
        self.ranged = [i for i, c in enumerate(combos) if len(c) > 1]
        fixed_cards = [int(x) for i in self.fixed for x in combos[i][0]]
        self.live = sorted(set(range(52)) - set(board) - set(dead) - set(fixed_cards))
        self.k = 5 - len(board)
        self.n_boards = comb(len(self.live), self.k)
        self.n_valid = comb(len(self.live) - 2 * len(self.ranged), self.k)
        sets = [board, dead, *[combos[i][0].tolist() for i in self.fixed]]
        # no grouping when even the least work it could leave is far too big
        group_most = 50 * EXACT_WORK_LIMIT // max(1, self.n_boards * len(combos))
        found = deal_classes(
            [combos[i] for i in self.ranged],
            [weights[i] for i in self.ranged],
            sets,
            MAX_ASSIGNMENTS,
            group_most,
        )
        self.feasible = found is not None
        self.deals = 0 if found is None else len(found.picks)
        if found is None:
            # A lower bound of the work: more deals than the limit, at best 24 per class.
            self.work = self.kernel_work = MAX_ASSIGNMENTS // 24 * self.n_boards * len(combos)
            return
        self.picks, self.deal_weights, self.masks = found.picks, found.weights, found.masks
        if len(self.picks) == 0:
            raise CardError("no deal is possible: every choice of combos shares a card")
        self.reps, self.class_of, self.class_weight = found.reps, found.class_of, found.class_weight
        least = -(-len(self.picks) // found.maps) * self.n_boards * len(combos)
        grouped = len(self.reps) * self.n_boards * len(combos)
        self.work = least if least > 50 * EXACT_WORK_LIMIT else grouped
        # the native kernel walks each flush key once on a flop or turn: its work
        walks = len(self.reps) if found.walks is None else found.walks
        walked = walks * self.n_boards * len(combos)
        self.kernel_work = self.work if self.work != grouped else walked

    def seconds(self) -> float:
        """Estimated run time on one worker, from :data:`EXACT_RATE_NATIVE` with the
        native kernel (over the deals it walks: on a flop or turn one per flush key, see
        :class:`~showdown.odds.deal_classes.DealClasses`), else :data:`EXACT_RATE`."""
        if native.kernel() is not None:
            return exact_run_seconds(self.kernel_work, self.k, len(self.combos), True, self.deals)
        return exact_run_seconds(self.work, self.k, len(self.combos), False)

    def job(self, estimate: float, note: str) -> Job:
        spec = ExactSpec(
            tuple(tuple(int(x) for x in c[0]) if len(c) == 1 else () for c in self.combos),
            tuple(self.combos[i] for i in self.ranged),
            tuple(self.board),
            tuple(self.live),
        )
        n_tasks = max(1, ceil(self.seconds() / TASK_SECONDS))
        # The native kernel covers every board of a deal in one call: split by deals only.
        has_kernel = native.kernel() is not None
        # (One group, its chunk list unused: the board universe is then never built here.)
        groups = [[]] if has_kernel else chunk_groups(self.board, self.live, n_tasks)
        slices = min(len(self.reps), max(1, ceil(n_tasks / len(groups))))
        edges = [len(self.reps) * i // slices for i in range(slices + 1)]
        rep_picks = self.picks[self.reps]
        rep_masks = self.masks[self.reps]
        # Each group's share of the boards (one group, as with the native kernel, holds
        # them all: its universe of boards is then never built in this process).
        share = [1.0] * len(groups)
        if len(groups) > 1:
            u = universe(tuple(self.board), tuple(self.live))
            chunk_boards = [len(c.mid_base) for c in u.chunks()]
            share = [sum(chunk_boards[c] for c in group) / self.n_boards for group in groups]
        showdowns = len(self.picks) * self.n_valid  # deal-board pairs, before isomorphism
        tasks = []
        units = []
        for a, b in itertools.pairwise(edges):
            for group, part in zip(groups, share, strict=True):
                tasks.append((spec, group, rep_picks[a:b], rep_masks[a:b]))
                units.append(showdowns * (b - a) / len(self.reps) * part)
        n_reps = len(self.reps)

        def combine(results: list[np.ndarray]) -> dict[str, Any]:
            if len(results) == 1:  # one task (a small job): its counts are the job's
                counts = results[0]
            else:
                counts = new_counts(len(self.combos), n_reps)
                i = 0
                for a, b in itertools.pairwise(edges):
                    for _ in groups:
                        counts[a:b] += results[i]
                        i += 1
            class_weight = self.class_weight
            if n_reps == 1:  # one class: its counts times its weight (tensordot's own value)
                tally = Tally.of(counts[0] * class_weight[0])
            else:
                tally = Tally.of(counts, class_weight)
            total = float(class_weight.sum()) * self.n_valid
            return {
                "tally": tally,
                "total": total,
                "count": len(self.picks) * self.n_valid,
                "deal_counts": counts,  # per class of deals; deal d is in class_of[d]
            }

        job = Job("exact", exact_task, tasks, units, combine, estimate, note)
        job.extra["deals"] = DealTable(self.picks, self.deal_weights, self.class_of, self.n_valid)
        return job


def exact_note(work: int, seconds: float, workers: int) -> str:
    """The note of an exact job: its showdowns after suit isomorphism and its estimate.

    >>> exact_note(1980, 2e-6, 1)
    'exact: 1,980 showdowns after suit isomorphism, estimated under 0.1 s on 1 worker(s)'
    """
    return (
        f"exact: {work:,} showdowns after suit isomorphism, "
        f"estimated {seconds_text(seconds)} on {workers} worker(s)"
    )


def exact_run_seconds(
    work: float, k: int, players: int, has_kernel: bool, deals: int = 1
) -> float:
    """Seconds on one worker for ``work`` player-board evaluations with ``k`` board cards
    to come (see :data:`EXACT_RATE_NATIVE`), and with the kernel ``deals`` deals listed
    (see :data:`EXACT_DEAL_SECONDS_NATIVE`).

    >>> round(exact_run_seconds(2 * 1_712_304, 5, 2, True) * 1e3, 2)  # AcAd v KhKs, in ms
    0.34
    >>> round(exact_run_seconds(2 * 1_712_304, 5, 2, False), 3)  # the numpy path
    0.023
    """
    if not has_kernel:
        return work / EXACT_RATE
    rate = EXACT_RATE_NATIVE[k]
    if k == 5:
        rate /= max(1, players - 1)
    return work / rate + deals * EXACT_DEAL_SECONDS_NATIVE


def monte_carlo_job(
    combos: list[np.ndarray],
    weights: list[np.ndarray],
    board: list[int],
    dead: list[int],
    trials: int | None,
    budget: float | None,
    root: int,
    workers: int,
    note: str,
) -> Job:
    """Monte Carlo in tasks of :data:`TASK_TRIALS`; with a time ``budget`` and no ``trials``,
    as many tasks of :data:`BUDGET_TASK_TRIALS` as could fit (the run stops at the deadline)."""
    fixed_cards = [int(x) for c in combos if len(c) == 1 for x in c[0]]
    live = sorted(set(range(52)) - set(board) - set(dead) - set(fixed_cards))
    spec = MonteCarloSpec.of(combos, weights, board, live)
    players = len(combos)
    rate = monte_carlo_rate(combos, native.kernel() is not None)
    per_task = TASK_TRIALS
    if trials is None:
        assert budget is not None
        per_task = BUDGET_TASK_TRIALS
        trials = budget_trials(budget, rate, workers, players, per_task)
    tasks, units = sample_tasks(spec, trials, per_task, root)
    estimate = trials * players / rate / workers
    if budget is not None:
        estimate = min(estimate, budget)

    def combine(results: list[dict[str, Any]]) -> dict[str, Any]:
        return combine_samples(results, players)

    job = Job("monte-carlo", monte_carlo_task, tasks, units, combine, estimate, note, budget)
    job.warm = partial(warm_state, spec)
    return job


def monte_carlo_rate(combos: Sequence[Any], has_kernel: bool) -> float:
    """Player-trials per second per worker a Monte Carlo job of these players' ``combos``
    is planned at: hands only, or with a range (faster with the native kernel).

    >>> monte_carlo_rate([[(0, 1)], [(2, 3)]], True) == MONTE_CARLO_RATE
    True
    >>> monte_carlo_rate([[(0, 1)], [(2, 3), (4, 5)]], True) == MONTE_CARLO_RATE_RANGES_NATIVE
    True
    >>> monte_carlo_rate([[(0, 1)], [(2, 3), (4, 5)]], False) == MONTE_CARLO_RATE_RANGES
    True
    """
    if all(len(c) == 1 for c in combos):
        return MONTE_CARLO_RATE
    return MONTE_CARLO_RATE_RANGES_NATIVE if has_kernel else MONTE_CARLO_RATE_RANGES


def budget_trials(budget: float, rate: float, workers: int, players: int, least: int) -> int:
    """Trials to plan for a time budget: four times what the measured ``rate`` (player-trials
    per second per worker) expects, so a faster machine never runs out; the run stops at
    the deadline anyway."""
    return max(least, min(int(4 * budget * rate * workers / players), 10**10))


def sample_tasks(
    spec: Any, trials: int, per_task: int, root: int
) -> tuple[list[tuple[Any, ...]], list[float]]:
    """Monte Carlo tasks ``(spec, index, size, root)`` of ``per_task`` trials (the last one
    smaller), fixed by the job and never by the workers, and their sizes as units."""
    sizes = [per_task] * (trials // per_task) + ([trials % per_task] if trials % per_task else [])
    return [(spec, i, size, root) for i, size in enumerate(sizes)], [float(n) for n in sizes]


def combine_samples(results: list[dict[str, Any]], players: int) -> dict[str, Any]:
    """Monte Carlo task sums added in task order."""
    sums = empty_sums(players)
    for r in results:
        for k in sums:
            sums[k] = sums[k] + r[k]
    return sums


@dataclass(frozen=True)
class Request:
    """An equity job as asked: the players' combos and weights (already cleared of the
    board, the dead cards and the fixed hands), the board and dead card ids, ``exact``,
    ``trials`` or a time ``budget``, the root seed and the workers assumed."""

    combos: list[np.ndarray]
    weights: list[np.ndarray]
    board: list[int]
    dead: list[int]
    exact: bool | None
    trials: int | None
    budget: float | None
    root: int
    workers: int


def plan_holdem(request: Request) -> Job:
    """Choose exact or Monte Carlo for a Hold'em job and plan it (see the module docs)."""
    combos, weights, board, dead = request.combos, request.weights, request.board, request.dead
    exact, trials, budget = request.exact, request.trials, request.budget
    root, workers = request.root, request.workers
    players = len(combos)
    plan: ExactPlan | None = None
    if trials is None and exact is not False:
        plan = ExactPlan(combos, weights, board, dead)
    else:
        _check_some_deal(combos)
    exact_seconds = None if plan is None else plan.seconds() / workers
    if plan is not None and exact_seconds is not None:
        if exact is True:
            if not plan.feasible:
                raise CardError(
                    f"too many combo deals to enumerate exactly (over {MAX_ASSIGNMENTS:,}); "
                    "use Monte Carlo (--trials N or --time SECONDS)"
                )
            return plan.job(exact_seconds, exact_note(plan.work, exact_seconds, workers))
        limit = EXACT_WORK_LIMIT * workers
        fits = plan.feasible and (
            exact_seconds <= budget if budget is not None else plan.work <= limit
        )
        if fits:
            return plan.job(exact_seconds, exact_note(plan.work, exact_seconds, workers))
        if not plan.feasible:
            _check_some_deal(combos)
    use = trials if trials is not None else (None if budget is not None else DEFAULT_TRIALS)
    job = monte_carlo_job(combos, weights, board, dead, use, budget, root, workers, "")
    why = ""
    if exact_seconds is not None:
        why = f"exact would take about {seconds_text(exact_seconds)}; "
    if use is None:
        job.note = f"Monte Carlo: {why}as many trials as fit in {seconds_text(budget or 0)}"
    else:
        job.note = (
            f"Monte Carlo: {why}{use:,} trials, estimated {seconds_text(job.estimate)} "
            f"on {workers} worker(s)"
        )
    job.extra["players"] = players
    return job


def _check_some_deal(combos: Sequence[np.ndarray]) -> None:
    """Raise when no deal of one combo per ranged player avoids every shared card."""
    masks = [SUIT_MAJOR_BIT[c].sum(axis=1, dtype=np.uint64) for c in combos if len(c) > 1]
    if masks and find_deal(masks) is False:
        raise CardError("no deal is possible: every choice of combos shares a card")
