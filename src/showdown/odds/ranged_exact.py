"""Exact Hold'em equity with ranges, the short way (private).

``equity(["QQ+,AKs", "JJ-99,AQs+"], board="Ts9s2h", exact=True)`` on a flop is a
small job: 384 deals in 218 classes, whose boards the native kernel counts in well
under a tenth of a millisecond. The general path around it (seating the players, the
plan's deal listing and grouping in numpy, the task list, running it, combining one
task's result) cost twice as much again. :func:`ranged_exact` does what such a job
needs and no more: the players' texts read once (the reader given keeps their
combos), then one kernel call (``exact_ranged`` in ``exact_deals.c``) that clears the
ranges of the cards in use, lists the deals, groups them up to a suit permutation and
counts each class's first deal over every board; on the numpy path the same steps are
:class:`~showdown.odds.holdem_plan.ExactPlan` and its one task. The tally is the
general path's, so the result, note and estimate are too (``tests/odds/test_ranged_exact.py``
compares the two, and the two backends, on generated ranges and boards). What it does
not handle (a card in two places, a range left with one combo or none, bad text, a job
long enough for several tasks or Monte Carlo) it declines with ``None``, and
:func:`showdown.odds.equity.equity` takes the general path, which also words the errors.

>>> from showdown.odds.seats import read_player_text
>>> def read(text):
...     return read_player_text(text, "holdem", "pokerstove")
>>> r = ranged_exact(["QQ+", "AKs"], "Ts9s2h", None, 1, True, read)
>>> r.method, r.boards, round(sum(r.equity), 12)
('exact', 47520, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from showdown.cards import CardError
from showdown.hands import native
from showdown.odds.fixed_exact import exact_result, read_card_ids, tally_sums
from showdown.odds.holdem_jobs import ExactSpec, exact_task, universe
from showdown.odds.holdem_plan import (
    EXACT_WORK_LIMIT,
    MAX_ASSIGNMENTS,
    TASK_SECONDS,
    ExactPlan,
    exact_run_seconds,
)
from showdown.odds.result import EquityResult
from showdown.odds.showdown_counts import TALLY

#: A player's text read: its label, combos ((m, 2) ids) and weights.
Reader = Callable[[str], tuple[str, np.ndarray, np.ndarray]]


def ranged_exact(
    players: Sequence[object],
    board: object,
    dead: object,
    workers: int,
    exact: bool | None,
    read: Reader,
) -> EquityResult | None:
    """The exact result of 2 to 10 Hold'em players given as text, a range among them,
    or None if the general path must answer (see the module docs). ``workers`` is the
    count the general path's note would name; ``exact`` is None (exact if it fits) or
    True."""
    board_ids, dead_ids = read_card_ids(board), read_card_ids(dead)
    if board_ids is None or dead_ids is None or len(board_ids) not in (0, 3, 4, 5):
        return None
    known = (*board_ids, *dead_ids)
    if len(set(known)) != len(known):
        return None
    labels, combos, weights = [], [], []
    for spec in players:
        if not isinstance(spec, str) or not spec.strip():
            return None
        try:
            label, cards, weight = read(spec)
        except (ValueError, TypeError):  # the general path raises it again, worded
            return None
        if cards.ndim != 2 or cards.shape[1] != 2:
            return None
        labels.append(label)
        combos.append(cards)
        weights.append(weight)
    kernel = native.kernel()
    if kernel is None:
        job = _numpy_job(combos, weights, board_ids, dead_ids)
    else:
        job = _kernel_job(kernel, combos, weights, board_ids, dead_ids)
    if job is None:
        return None
    n_players = len(combos)
    work = job.classes * job.boards * n_players
    walked = job.walks * job.boards * n_players  # the plan's kernel_work (numpy: its work)
    k = 5 - len(board_ids)
    one_worker = exact_run_seconds(walked, k, n_players, kernel is not None, job.deals)
    if one_worker > TASK_SECONDS or (exact is None and work > EXACT_WORK_LIMIT * workers):
        return None  # several tasks (the general path spreads them), or Monte Carlo
    counts, class_weight = job.counts, job.class_weight
    # the classes weighed as Tally.of weighs them (one class: its counts times its
    # weight, as the plan's combine), then its sums in Python (tally_sums: the same floats)
    if job.classes == 1:
        summed = (counts[0] * class_weight[0]).astype(float)
    else:
        flat = counts.astype(float).reshape(len(counts), -1)
        summed = np.dot(class_weight.reshape(1, -1), flat)
    win, tie, share = tally_sums(summed.ravel().tolist(), n_players)
    return exact_result(labels, (win, tie, share), float(class_weight.sum()) * job.valid,
                        job.deals * job.valid, work, one_worker / workers, workers)


@dataclass(frozen=True)
class _Counted:
    """A small job counted: its deals, the classes walked (see
    :class:`~showdown.odds.deal_classes.DealClasses`), their classes' weights and counts
    ``(classes, players, 11)``, the boards of each deal before and after its ranged hole
    cards."""

    deals: int
    walks: int
    class_weight: np.ndarray
    counts: np.ndarray
    boards: int
    valid: int

    @property
    def classes(self) -> int:
        return len(self.class_weight)


def _kernel_job(
    kernel: Any,
    combos: list[np.ndarray],
    weights: list[np.ndarray],
    board: tuple[int, ...],
    dead: tuple[int, ...],
) -> _Counted | None:
    """The job in one kernel call (``exact_ranged``: the ranges cleared, the deals listed
    and grouped, each class counted), or None where the general path must answer."""
    n_players = len(combos)
    n_fixed = sum(len(c) == 1 for c in combos)
    live = 52 - len(board) - len(dead) - 2 * n_fixed
    k = 5 - len(board)
    boards = comb(live, k)
    per_walk = exact_run_seconds(boards * n_players, k, n_players, True)
    found = kernel.exact_ranged(
        board,
        dead,
        [(c.ravel(), w) for c, w in zip(combos, weights, strict=True)],
        MAX_ASSIGNMENTS,
        50 * EXACT_WORK_LIMIT // max(1, boards * n_players),
        int(TASK_SECONDS / max(per_walk, 1e-12)) + 1,  # walks at most: one task
    )
    if found is None:
        return None
    deals, walks, class_weight, counts = found
    class_weight = np.frombuffer(class_weight, dtype=np.float64)
    counts = np.frombuffer(counts, dtype=np.int64).reshape(len(class_weight), n_players, TALLY)
    valid = comb(live - 2 * (n_players - n_fixed), k)
    return _Counted(deals, walks, class_weight, counts, boards, valid)


def _numpy_job(
    combos: list[np.ndarray],
    weights: list[np.ndarray],
    board: tuple[int, ...],
    dead: tuple[int, ...],
) -> _Counted | None:
    """The job on the numpy path: the ranges cleared, the plan's deal classes, its one
    task over every chunk of boards; None where the general path must answer."""
    taken = np.zeros(52, dtype=bool)
    taken[[*board, *dead]] = True
    for cards in combos:
        if len(cards) == 1:
            if taken[cards[0]].any():
                return None  # a card in two places
            taken[cards[0]] = True
    ranged = False
    for i, cards in enumerate(combos):
        if len(cards) == 1:
            continue
        keep = ~taken[cards].any(axis=1)
        if keep.sum() <= 1:  # a range left with one combo (a fixed hand) or none
            return None
        combos[i], weights[i] = cards[keep], weights[i][keep]
        ranged = True
    if not ranged or 2 * len(combos) + 5 + len(dead) > 52:
        return None
    try:
        plan = ExactPlan(combos, weights, list(board), list(dead))
    except CardError:  # no deal fits: the general path says so
        return None
    if not plan.feasible or plan.seconds() > TASK_SECONDS:
        return None
    counts = _class_counts(plan)
    classes = len(plan.reps)
    return _Counted(
        len(plan.picks), classes, plan.class_weight, counts, plan.n_boards, plan.n_valid
    )


def _class_counts(plan: ExactPlan) -> np.ndarray:
    """The counts ``(classes, players, 11)`` of each class's representative deal over
    every board, on the numpy path: the plan's one task over every chunk of boards."""
    spec = ExactSpec(
        tuple(tuple(int(x) for x in c[0]) if len(c) == 1 else () for c in plan.combos),
        tuple(plan.combos[i] for i in plan.ranged),
        tuple(plan.board),
        tuple(plan.live),
    )
    chunks = list(range(universe(spec.board, spec.live).n_chunks()))
    return exact_task(spec, chunks, plan.picks[plan.reps], plan.masks[plan.reps])
