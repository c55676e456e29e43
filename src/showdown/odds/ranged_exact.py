"""Exact Hold'em equity with ranges, the short way (private).

``equity(["QQ+,AKs", "JJ-99,AQs+"], board="Ts9s2h", exact=True)`` on a flop is a
small job: 384 deals in 218 classes, whose boards the native kernel counts in well
under a tenth of a millisecond. The general path around it (seating the players,
the plan's task list, running it, combining one task's result) cost as much again.
:func:`ranged_exact` does what such a job needs and no more: the players' texts read
once (the reader given keeps their combos), cleared of the cards in use, the deals and
their classes from :class:`~showdown.odds.holdem_plan.ExactPlan`, one count of the
class representatives (the native kernel, or the numpy path's one task), and the tally
the general path makes of them, so that the result, note and estimate are the general
path's (``tests/test_ranged_exact.py`` compares the two, on both backends). What it
does not handle (a card in two places, a range left with one combo or none, bad text,
a job long enough for several tasks or Monte Carlo) it declines with ``None``, and
:func:`showdown.odds.equity.equity` takes the general path, which also words the errors.

>>> from showdown.odds.equity import _read_text
>>> r = ranged_exact(["QQ+", "AKs"], "Ts9s2h", None, 1, True, lambda t: _read_text(t, "holdem", "pokerstove"))
>>> r.method, r.boards, round(sum(r.equity), 12)
('exact', 19800, 1.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from showdown.cards import CardError
from showdown.hands import native
from showdown.odds import kernels as K
from showdown.odds.fixed_exact import _ids
from showdown.odds.holdem_jobs import ExactSpec, exact_task, universe
from showdown.odds.holdem_plan import EXACT_WORK_LIMIT, TASK_SECONDS, ExactPlan, exact_note
from showdown.odds.result import EquityResult

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
    board_ids, dead_ids = _ids(board), _ids(dead)
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
        labels.append(label)
        combos.append(cards)
        weights.append(weight)
    taken = np.zeros(52, dtype=bool)
    taken[list(known)] = True
    for cards in combos:
        if len(cards) == 1:
            if cards.shape[1] != 2 or taken[cards[0]].any():
                return None  # not a Hold'em hand, or a card in two places
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
    if not ranged or 2 * len(combos) + 5 + len(dead_ids) > 52:
        return None
    try:
        plan = ExactPlan(combos, weights, list(board_ids), list(dead_ids))
    except CardError:  # no deal fits: the general path says so
        return None
    if not plan.feasible:
        return None
    one_worker = plan.seconds()
    if one_worker > TASK_SECONDS or (exact is None and plan.work > EXACT_WORK_LIMIT * workers):
        return None  # several tasks (the general path spreads them), or Monte Carlo
    counts = _class_counts(plan)
    class_weight = plan.class_weight
    if len(plan.reps) == 1:  # one class: its counts times its weight (as the plan's combine)
        tally = K.Tally.of(counts[0] * class_weight[0])
    else:
        tally = K.Tally.of(counts, class_weight)
    total = float(class_weight.sum()) * plan.n_valid
    seconds = one_worker / workers
    return EquityResult(
        tuple(labels),
        tuple((tally.share / total).tolist()),
        tuple((tally.win / total).tolist()),
        tuple((tally.tie / total).tolist()),
        "exact",
        boards=len(plan.picks) * plan.n_valid,
        note=exact_note(plan.work, seconds, workers),
        estimate=seconds,
    )


def _class_counts(plan: ExactPlan) -> np.ndarray:
    """The counts ``(classes, players, 11)`` of each class's representative deal over
    every board: one kernel call, or the numpy path's task over every chunk of boards."""
    rep_picks = plan.picks[plan.reps]
    kernel = native.kernel()
    if kernel is None:
        spec = ExactSpec(
            tuple(tuple(int(x) for x in c[0]) if len(c) == 1 else () for c in plan.combos),
            tuple(plan.combos[i] for i in plan.ranged),
            tuple(plan.board),
            tuple(plan.live),
        )
        chunks = list(range(universe(spec.board, spec.live).n_chunks()))
        return exact_task(spec, chunks, rep_picks, plan.masks[plan.reps])
    n_players = len(plan.combos)
    holes = np.empty((len(rep_picks), n_players, 2), dtype=np.int64)
    r = 0
    for i, cards in enumerate(plan.combos):
        if len(cards) == 1:
            holes[:, i] = cards[0]
        else:
            holes[:, i] = cards[rep_picks[:, r]]
            r += 1
    counts = K.new_counts(n_players, len(rep_picks))
    kernel.holdem_exact(
        np.array(plan.live, dtype=np.int64), np.array(plan.board, dtype=np.int64),
        holes.ravel(), counts,
    )  # fmt: skip
    return counts
