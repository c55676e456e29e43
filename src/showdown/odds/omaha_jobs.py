"""Omaha equity as independent tasks (private), for hands and ranges alike.

Exact (any board, preflop included): every deal of one combo per player that shares
no card (:func:`showdown.odds.deals.enumerate_deals`, weighted), on every runout of the
cards left, in tasks of a block of boards times a slice of deals
(:mod:`showdown.odds.omaha_exact`); chosen when its work fits :data:`OMAHA_EXACT_LIMIT`
per worker.

Monte Carlo: each task draws its deals (:class:`showdown.odds.deals.DealSampler`,
four-card combos) and then, per sample, the missing board cards uniformly from the
live deck, redrawing the samples whose board touches a dealt card (exact, never
stuck), and scores every player with :func:`showdown.hands.batch.evaluate_omaha_batch`.
A ``random`` player (every hand of the live cards, equally weighted:
:func:`random_players`) is no range to draw from: its four cards are dealt with the
board's from the cards the other hands leave, each trial;
with the native kernel the kernel draws the boards and scores them itself
(:func:`showdown.odds.draws.omaha_draw_ranks`: the same distribution, other
draws, the same numbers again for the same seed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from showdown.cards import CardError
from showdown.hands import native
from showdown.odds import draws as D
from showdown.odds.deals import DealSampler, enumerate_deals, find_deal, one_deal
from showdown.odds.holdem_jobs import (
    LIST_DEALS,
    add_counts,
    add_samples,
    arrays_key,
    empty_sums,
)
from showdown.odds.holdem_plan import (
    DealTable,
    Job,
    Request,
    budget_trials,
    combine_samples,
    sample_tasks,
    seconds_text,
)
from showdown.odds.omaha_exact import (
    BoardsSpec,
    board_count,
    boards_task,
    deal_slice,
    rank_work,
    task_bounds,
)
from showdown.odds.parallel import task_rng
from showdown.odds.showdown_counts import Tally, new_counts

_BATCH = 1 << 13
_BIT = np.array([1 << c for c in range(52)], dtype=np.uint64)


@dataclass(frozen=True)
class OmahaSpec:
    combos: tuple[np.ndarray, ...]  # per player (m, 4..6); a fixed hand has m == 1
    weights: tuple[np.ndarray, ...]
    board: tuple[int, ...]
    live: tuple[int, ...]
    key: str = ""
    #: The players holding a random hand (:func:`random_players`): dealt from the deck
    #: with the board, their combos never read.
    dealt: tuple[int, ...] = ()


def random_players(
    combos: Sequence[np.ndarray], weights: Sequence[np.ndarray], live: Sequence[int]
) -> tuple[int, ...]:
    """The players whose range is every hand of the ``live`` cards (the cards off the
    board, the dead cards and the fixed hands), equally weighted: ``random``, ``xxxx``.

    Such a player is dealt from the deck with the board: every deal of the other players
    leaves the same number of hands for it (each takes the same number of cards), so
    drawing the others by their weights and then a hand uniformly from the cards left is
    the distribution of the whole range, with no table of its 270,725 hands. A range's
    combos are distinct (every range reader makes them so), so holding as many as the
    live cards have hands, all live, means holding every one.

    >>> from itertools import combinations
    >>> hands = np.array(list(combinations(range(8), 4)))
    >>> random_players([hands, hands[:1]], [np.ones(70), np.ones(1)], range(8))
    (0,)
    """
    n = len(live)
    free = np.zeros(53, dtype=bool)
    free[list(live)] = True
    out = []
    for i, (c, w) in enumerate(zip(combos, weights, strict=True)):
        if len(c) < 2 or len(c) != comb(n, c.shape[1]) or not (w == w[0]).all():
            continue
        if free[c].all():
            out.append(i)
    return tuple(out)


_SAMPLERS: dict[str, DealSampler | None] = {}


def _sampler(spec: OmahaSpec) -> DealSampler | None:
    key = spec.key
    if key not in _SAMPLERS:
        ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1 and i not in spec.dealt]
        sampler = None
        if ranged:
            cards = [spec.combos[i] for i in ranged]
            masks = [_BIT[c].sum(axis=1, dtype=np.uint64) for c in cards]
            weights = [spec.weights[i] for i in ranged]
            listed = enumerate_deals(masks, weights, LIST_DEALS)
            sampler = DealSampler(cards, masks, weights, listed)
        _SAMPLERS.clear()
        _SAMPLERS[key] = sampler
    return _SAMPLERS[key]


def omaha_task(spec: OmahaSpec, index: int, trials: int, root: int) -> dict[str, Any]:
    """Sums over ``trials`` samples of task ``index`` (keys as in
    :func:`showdown.odds.holdem_jobs.monte_carlo_task`)."""
    from showdown.hands.batch import evaluate_omaha_batch

    rng = task_rng(root, index)
    sampler = _sampler(spec)
    ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1 and i not in spec.dealt]
    hole = spec.combos[spec.dealt[0]].shape[1] if spec.dealt else 0
    n_players = len(spec.combos)
    deck = np.array(spec.live, dtype=np.int64)
    known = np.array(spec.board, dtype=np.int64)
    need = 5 - len(spec.board)
    out = empty_sums(n_players)
    done = 0
    while done < trials:
        size = min(_BATCH, trials - done)
        picks: dict[int, np.ndarray] = {}
        iw = None
        taken = np.zeros(size, dtype=np.uint64)
        if sampler is not None:
            drawn, iw, taken = sampler.sample(rng, size)
            if iw is not None and not iw.all():
                # Samples that weigh nothing still get a legal deal, to be evaluated.
                legal = one_deal(sampler.masks)
                assert legal is not None  # some deal exists (checked up front)
                dead = iw == 0
                taken[dead] = 0
                for p, j in enumerate(legal):
                    drawn[p][dead] = j
                    taken[dead] |= sampler.masks[p][j]
            picks = dict(zip(ranged, drawn, strict=True))
        if native.kernel() is not None:  # the kernel draws the boards and ranks them
            seed = int(rng.integers(0, 1 << 63))
            chosen = [picks.get(i) for i in range(n_players)]
            args = (spec.board, spec.live, spec.combos, chosen, size, seed, spec.dealt)
            if iw is None:  # trials weigh the same: the kernel tallies them
                counts = new_counts(n_players)
                D.omaha_draw_counts(*args, counts)
                add_counts(out, counts, size)
            else:
                add_samples(out, D.omaha_draw_ranks(*args), iw)
            done += size
            continue
        # the random hands' cards first, then the board's: one uniform draw of them all
        runs = deck[D.floyd_sample(rng, len(deck), need + hole * len(spec.dealt), size)]
        bad = np.flatnonzero(_BIT[runs].sum(axis=1, dtype=np.uint64) & taken)
        while len(bad):
            runs[bad] = deck[D.floyd_sample(rng, len(deck), runs.shape[1], len(bad))]
            hit = _BIT[runs[bad]].sum(axis=1, dtype=np.uint64) & taken[bad]
            bad = bad[hit != 0]
        first = hole * len(spec.dealt)
        if first:  # Floyd's sets are uniform, their order is not: shuffle before dealing
            runs = rng.permuted(runs, axis=1)
        boards = np.concatenate([np.broadcast_to(known, (size, len(known))), runs[:, first:]], 1)
        ranks = []
        for i in range(n_players):
            c = spec.combos[i]
            if i in spec.dealt:
                at = hole * spec.dealt.index(i)
                holes = runs[:, at : at + hole]
            else:
                holes = c[picks[i]] if i in picks else np.broadcast_to(c[0], (size, c.shape[1]))
            ranks.append(evaluate_omaha_batch(holes, boards))
        add_samples(out, ranks, iw)
        done += size
    return out


def omaha_tasks(
    combos: Sequence[np.ndarray],
    weights: Sequence[np.ndarray],
    board: Sequence[int],
    dead: Sequence[int],
    trials: int,
    root: int,
    per_task: int,
) -> tuple[list[tuple[Any, ...]], list[float]]:
    """The tasks of an Omaha Monte Carlo job (fixed by the job, not the workers) and their
    sizes."""
    fixed = {int(x) for c in combos if len(c) == 1 for x in c[0]}
    live = tuple(sorted(set(range(52)) - set(board) - set(dead) - fixed))
    dealt = random_players(combos, weights, live)
    # a random hand's combos are never read: a task carries one in their place
    kept = [c[:1] if i in dealt else c for i, c in enumerate(combos)]
    kept_weights = [w[:1] if i in dealt else w for i, w in enumerate(weights)]
    key = arrays_key((*kept, *kept_weights, np.array(board), np.array(live), np.array(dealt)))
    spec = OmahaSpec(tuple(kept), tuple(kept_weights), tuple(board), live, key, dealt)
    return sample_tasks(spec, trials, per_task, root)


#: Player-trials per second per worker (Omaha evaluation is slower than Hold'em).
OMAHA_RATE = 1.5e6
_PER_TASK = 1 << 14


def omaha_job(
    combos: list[np.ndarray],
    weights: list[np.ndarray],
    board: list[int],
    dead: list[int],
    trials: int | None,
    budget: float | None,
    root: int,
    workers: int,
) -> Job:
    """An Omaha Monte Carlo job: ``trials`` samples, or as many as fit in ``budget``."""
    players = len(combos)
    fixed = {int(x) for c in combos if len(c) == 1 for x in c[0]}
    live = sorted(set(range(52)) - set(board) - set(dead) - fixed)
    dealt = random_players(combos, weights, live)  # always dealt: enough cards are checked
    masks = [
        _BIT[c].sum(axis=1, dtype=np.uint64)
        for i, c in enumerate(combos)
        if len(c) > 1 and i not in dealt
    ]
    if masks and find_deal(masks) is False:
        raise CardError("no deal is possible: every choice of Omaha hands shares a card")
    n = trials
    if n is None:
        assert budget is not None
        n = budget_trials(budget, OMAHA_RATE, workers, players, _PER_TASK)
    tasks, units = omaha_tasks(combos, weights, board, dead, n, root, _PER_TASK)
    estimate = n * players / OMAHA_RATE / workers
    if trials is None and budget is not None:
        note = f"Monte Carlo: as many trials as fit in {budget:g} s"
        estimate = budget
    else:
        note = f"Monte Carlo: {n:,} trials, estimated {estimate:.2g} s on {workers} worker(s)"
    return Job(
        "monte-carlo",
        omaha_task,
        tasks,
        units,
        lambda results: combine_samples(results, players),
        estimate,
        note,
        budget if trials is None else None,
    )


#: Monte Carlo trials when none are asked for in Omaha (Hold'em: ``DEFAULT_TRIALS``).
DEFAULT_TRIALS_OMAHA = 100_000
#: Exact Omaha when its work (combo-board rankings, plus the showdowns counted in the time
#: of rankings) is at most this many evaluations per worker.
OMAHA_EXACT_LIMIT = 3_000_000
#: Combo deals an exact Omaha plan may enumerate.
OMAHA_MAX_DEALS = 200_000
#: ``exact=True`` refuses Omaha work beyond this (about 15 minutes of one core).
OMAHA_EXACT_MAX = 10_000_000_000
#: Exact Omaha's work is counted in class-board rankings (a class: the combos of one
#: player with equal ranks, ranked once per board off flushes); a combo-board costs
#: :data:`_PER_COMBO` of one and a player-showdown :data:`_PER_SHOWDOWN` (native kernel,
#: development machine, one process: :data:`OMAHA_EXACT_RATE` of them per second).
OMAHA_EXACT_RATE = 1.2e7
_PER_COMBO = 1 / 12
_PER_SHOWDOWN = 1 / 80
#: The numpy path's seconds (one process, CPU time, development machine) per board of a
#: task (enumerated, its rank multiset and suits read, its classes ranked once per
#: multiset), per combo-board (each combo's row gathered, flushes added, touching boards
#: zeroed) and per player-showdown.
_NUMPY_BOARD_SECONDS = 2.9e-7
_NUMPY_COMBO_SECONDS = 4e-9
_NUMPY_SHOWDOWN_SECONDS = 3e-9


@dataclass(frozen=True)
class OmahaExactPlan:
    """The deals of an exact Omaha job, its boards and its tasks (see
    :mod:`showdown.odds.omaha_exact`)."""

    picks: np.ndarray  # (deals, ranged players) combo indices
    deal_weights: np.ndarray
    deck: tuple[int, ...]  # the live deck: the board's missing cards come from it
    boards: int  # boards completing the known ones from the live deck
    runouts: int  # of those, the boards each deal can see
    bounds: list[tuple[int, int, int, int]]  # per task: deals d0:d1 on boards b0:b1
    #: Per slice of deals d0:d1: the combos its deals use and their picks into them.
    slices: dict[tuple[int, int], tuple[tuple[np.ndarray, ...], np.ndarray]]
    work: int  # class-board rankings, with the combo-boards and showdowns in their time
    combo_boards: int
    showdowns: int
    task_boards: int  # the boards of every task, summed

    def seconds(self, workers: int) -> float:
        """Estimated run time on ``workers`` workers with the backend in use."""
        if native.kernel() is not None:
            return self.work / OMAHA_EXACT_RATE / workers
        numpy = (
            self.task_boards * _NUMPY_BOARD_SECONDS
            + self.combo_boards * _NUMPY_COMBO_SECONDS
            + self.showdowns * _NUMPY_SHOWDOWN_SECONDS
        )
        return numpy / workers


def omaha_exact_plan(
    combos: list[np.ndarray], weights: list[np.ndarray], board: list[int], dead: list[int]
) -> OmahaExactPlan | None:
    """The deals, boards, tasks and work of an exact Omaha job; None when the deals are too
    many to list."""
    fixed = {int(x) for c in combos if len(c) == 1 for x in c[0]}
    deck = tuple(sorted(set(range(52)) - set(board) - set(dead) - fixed))
    ranged = [i for i, c in enumerate(combos) if len(c) > 1]
    masks = [_BIT[combos[i]].sum(axis=1, dtype=np.uint64) for i in ranged]
    deals = enumerate_deals(masks, [weights[i] for i in ranged], OMAHA_MAX_DEALS)
    if deals is None:
        return None
    picks, deal_weights, _ = deals
    if len(picks) == 0:
        raise CardError("no deal is possible: every choice of Omaha hands shares a card")
    need = 5 - len(board)
    boards = board_count(len(deck), need)
    runouts = comb(len(deck) - sum(combos[i].shape[1] for i in ranged), need)
    bounds = task_bounds(len(picks), boards, len(combos), sum(len(c) for c in combos))
    showdowns = len(picks) * boards * len(combos)
    slices = {(d0, d1): deal_slice(combos, ranged, picks[d0:d1]) for d0, d1, _, _ in bounds}
    by_class, by_combo = rank_work(slices, bounds)
    work = by_class + int(by_combo * _PER_COMBO + showdowns * _PER_SHOWDOWN)
    task_boards = sum(b1 - b0 for _, _, b0, b1 in bounds)
    return OmahaExactPlan(
        picks,
        deal_weights,
        deck,
        boards,
        runouts,
        bounds,
        slices,
        work,
        by_combo,
        showdowns,
        task_boards,
    )


def omaha_exact_job(
    combos: list[np.ndarray], board: list[int], plan: OmahaExactPlan, workers: int
) -> Job:
    """The exact Omaha job of :func:`omaha_exact_plan`'s ``plan``: blocks of boards times
    slices of deals, their integer counts added per deal."""
    ranged = tuple(i for i, c in enumerate(combos) if len(c) > 1)
    slices = {  # a task carries only the combos its slice of deals uses
        key: (BoardsSpec(kept, ranged, plan.deck, tuple(board)), local)
        for key, (kept, local) in plan.slices.items()
    }
    tasks = [(*slices[d0, d1], b0, b1) for d0, d1, b0, b1 in plan.bounds]
    units = [float((d1 - d0) * (b1 - b0)) for d0, d1, b0, b1 in plan.bounds]
    estimate = plan.seconds(workers)
    deals, runouts = len(plan.picks), plan.runouts

    def combine(results: list[np.ndarray]) -> dict[str, Any]:
        counts = new_counts(len(combos), deals)
        for (d0, d1, _, _), part in zip(plan.bounds, results, strict=True):
            counts[d0:d1] += part
        tally = Tally.of(counts, plan.deal_weights)
        total = float(plan.deal_weights.sum()) * runouts
        return {
            "tally": tally,
            "total": total,
            "count": deals * runouts,
            "deal_counts": counts,
        }

    note = (
        f"exact: {deals:,} deal(s) x {runouts:,} runouts, "
        f"estimated {seconds_text(estimate)} on {workers} worker(s)"
    )
    job = Job("exact", boards_task, tasks, units, combine, estimate, note)
    job.extra["deals"] = DealTable(plan.picks, plan.deal_weights, np.arange(deals), runouts)
    return job


def plan_omaha(request: Request) -> Job:
    """Choose exact (when it fits, or ``exact=True``) or Monte Carlo (``trials``, or as many
    as fit in ``budget``) for an Omaha job, and plan it."""
    combos, weights, board, dead = request.combos, request.weights, request.board, request.dead
    exact, trials, budget = request.exact, request.trials, request.budget
    root, workers = request.root, request.workers
    why = ""
    if trials is None and exact is not False:
        plan = omaha_exact_plan(combos, weights, board, dead)
        if plan is None and exact is True:
            raise CardError(
                f"too many Omaha combo deals to enumerate exactly (over {OMAHA_MAX_DEALS:,}); "
                "use Monte Carlo (--trials N or --time SECONDS)"
            )
        if plan is not None:
            if exact is True and plan.work > OMAHA_EXACT_MAX:
                raise CardError(
                    f"exact Omaha equity here is {plan.work:,} evaluations, over the "
                    f"{OMAHA_EXACT_MAX:,} exact=True allows (about 15 minutes of one core); "
                    "use Monte Carlo (--trials N or --time SECONDS)"
                )
            seconds = plan.seconds(workers)
            limit = OMAHA_EXACT_LIMIT * workers
            fits = seconds <= budget if budget is not None else plan.work <= limit
            if exact is True or fits:
                return omaha_exact_job(combos, board, plan, workers)
            why = f"exact would be {plan.work:,} evaluations; "
        else:
            why = "too many deals to enumerate; "
    use = trials if trials is not None or budget is not None else DEFAULT_TRIALS_OMAHA
    job = omaha_job(combos, weights, board, dead, use, budget, root, workers)
    if why:
        job.note = job.note.replace("Monte Carlo: ", f"Monte Carlo: {why}", 1)
    return job
