"""Omaha equity as independent tasks (private), for hands and ranges alike.

Exact (from the flop on): every deal of one combo per player that shares no card
(:func:`showdown._deals.enumerate_deals`, weighted), on every runout of the cards
left, in tasks of a few deals each (:func:`omaha_exact_job`); chosen when the
player-board evaluations fit :data:`OMAHA_EXACT_LIMIT` per worker.

Monte Carlo: each task draws its deals (:class:`showdown._deals.DealSampler`,
four-card combos) and then, per sample, the missing board cards uniformly from the
live deck, redrawing the samples whose board touches a dealt card (exact, never
stuck), and scores every player with :func:`showdown.batch.evaluate_omaha_batch`;
with the native kernel the kernel draws the boards and scores them itself
(:func:`showdown._equity_kernels.omaha_draw_ranks`: the same distribution, other
draws, the same numbers again for the same seed).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from showdown import _backend
from showdown import _equity_kernels as K
from showdown._deals import DealSampler, enumerate_deals, find_deal, one_deal
from showdown._holdem_jobs import LIST_DEALS, add_samples, arrays_key, empty_sums
from showdown._holdem_plan import (
    Job,
    Request,
    budget_trials,
    combine_samples,
    sample_tasks,
    seconds_text,
)
from showdown.cards import CardError
from showdown.parallel import task_rng

_BATCH = 1 << 13
_BIT = np.array([1 << c for c in range(52)], dtype=np.uint64)


@dataclass(frozen=True)
class OmahaSpec:
    combos: tuple[np.ndarray, ...]  # per player (m, 4..6); a fixed hand has m == 1
    weights: tuple[np.ndarray, ...]
    board: tuple[int, ...]
    live: tuple[int, ...]
    key: str = ""


_SAMPLERS: dict[str, DealSampler | None] = {}


def _sampler(spec: OmahaSpec) -> DealSampler | None:
    key = spec.key
    if key not in _SAMPLERS:
        ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1]
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
    :func:`showdown._holdem_jobs.monte_carlo_task`)."""
    from showdown.batch import evaluate_omaha_batch

    rng = task_rng(root, index)
    sampler = _sampler(spec)
    ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1]
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
        if _backend.kernel() is not None:  # the kernel draws the boards and ranks them
            seed = int(rng.integers(0, 1 << 63))
            chosen = [picks.get(i) for i in range(n_players)]
            ranks = K.omaha_draw_ranks(spec.board, spec.live, spec.combos, chosen, size, seed)
            add_samples(out, ranks, iw)
            done += size
            continue
        runs = deck[K.floyd_sample(rng, len(deck), need, size)]
        bad = np.flatnonzero(_BIT[runs].sum(axis=1, dtype=np.uint64) & taken)
        while len(bad):
            runs[bad] = deck[K.floyd_sample(rng, len(deck), need, len(bad))]
            hit = _BIT[runs[bad]].sum(axis=1, dtype=np.uint64) & taken[bad]
            bad = bad[hit != 0]
        boards = np.concatenate([np.broadcast_to(known, (size, len(known))), runs], axis=1)
        ranks = []
        for i in range(n_players):
            c = spec.combos[i]
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
    key = arrays_key((*combos, *weights, np.array(board), np.array(live)))
    spec = OmahaSpec(tuple(combos), tuple(weights), tuple(board), live, key)
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
    masks = [_BIT[c].sum(axis=1, dtype=np.uint64) for c in combos if len(c) > 1]
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
#: Exact Omaha when its player-board evaluations are at most this many per worker.
OMAHA_EXACT_LIMIT = 3_000_000
#: Combo deals an exact Omaha plan may enumerate.
OMAHA_MAX_DEALS = 200_000
#: Player-board evaluations per second per worker in exact Omaha (development machine).
OMAHA_EXACT_RATE = 1e6
#: Player-board evaluations per exact task.
_EXACT_TASK = 400_000


@dataclass(frozen=True)
class OmahaExactSpec:
    combos: tuple[np.ndarray, ...]  # per player (m, 4..6); a fixed hand has m == 1
    board: tuple[int, ...]
    live: tuple[int, ...]  # the deck less the board, the dead cards and the fixed hands
    runouts: int  # runouts of each deal


def omaha_exact_task(spec: OmahaExactSpec, picks: np.ndarray) -> np.ndarray:
    """Showdown counts ``(deals, players, 11)`` of each deal (``picks``: one combo index per
    ranged player) over every runout of the live cards it leaves."""
    from showdown.batch import evaluate_omaha_batch

    ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1]
    need = 5 - len(spec.board)
    live = np.array(spec.live, dtype=np.int64)
    known = np.array(spec.board, dtype=np.int64)
    counts = K.new_counts(len(spec.combos), len(picks))
    per_batch = max(1, (1 << 15) // max(1, spec.runouts))
    runs: np.ndarray | None = None
    for start in range(0, len(picks), per_batch):
        part = picks[start : start + per_batch]
        n = len(part)
        holes = []
        used = np.zeros(n, dtype=np.uint64)
        for i, c in enumerate(spec.combos):
            if i in ranged:
                h = c[part[:, ranged.index(i)]]
                used |= _BIT[h].sum(axis=1, dtype=np.uint64)
            else:
                h = np.broadcast_to(c[0], (n, c.shape[1]))
            holes.append(h)
        # each deal's deck: the live cards it leaves, in order (as many for every deal)
        free = (used[:, None] & _BIT[live][None, :]) == 0
        decks = np.broadcast_to(live, free.shape)[free].reshape(n, -1)
        if runs is None:
            runs = np.array(list(itertools.combinations(range(decks.shape[1]), need)))
            runs = runs.astype(np.intp).reshape(-1, need)
        r = len(runs)
        boards = np.empty((n, r, 5), dtype=np.int64)
        boards[:, :, : len(known)] = known
        boards[:, :, len(known) :] = decks[:, runs]
        ranks = [
            evaluate_omaha_batch(np.repeat(h, r, axis=0), boards.reshape(-1, 5)).reshape(n, r)
            for h in holes
        ]
        counts[start : start + n] = K.showdown_counts(ranks)
    return counts


def omaha_exact_plan(
    combos: list[np.ndarray], weights: list[np.ndarray], board: list[int], dead: list[int]
) -> tuple[tuple[np.ndarray, np.ndarray], int, int] | None:
    """The deals (picks, weights) of an exact Omaha job, its runouts per deal and its
    player-board evaluations; None when the deals are too many to list."""
    fixed = {int(x) for c in combos if len(c) == 1 for x in c[0]}
    live = sorted(set(range(52)) - set(board) - set(dead) - fixed)
    ranged = [i for i, c in enumerate(combos) if len(c) > 1]
    masks = [_BIT[combos[i]].sum(axis=1, dtype=np.uint64) for i in ranged]
    deals = enumerate_deals(masks, [weights[i] for i in ranged], OMAHA_MAX_DEALS)
    if deals is None:
        return None
    picks, deal_weights, _ = deals
    if len(picks) == 0:
        raise CardError("no deal is possible: every choice of Omaha hands shares a card")
    left = len(live) - sum(combos[i].shape[1] for i in ranged)
    runouts = comb(left, 5 - len(board))
    return (picks, deal_weights), runouts, len(picks) * runouts * len(combos)


def omaha_exact_job(
    combos: list[np.ndarray],
    weights: list[np.ndarray],
    board: list[int],
    dead: list[int],
    plan: tuple[tuple[np.ndarray, np.ndarray], int, int],
    workers: int,
) -> Job:
    """The exact Omaha job of :func:`omaha_exact_plan`'s ``plan``, in tasks of a few deals."""
    (picks, deal_weights), runouts, work = plan
    fixed = {int(x) for c in combos if len(c) == 1 for x in c[0]}
    live = tuple(sorted(set(range(52)) - set(board) - set(dead) - fixed))
    spec = OmahaExactSpec(tuple(combos), tuple(board), live, runouts)
    per_task = max(1, _EXACT_TASK // max(1, runouts * len(combos)))
    edges = [*range(0, len(picks), per_task), len(picks)]
    tasks = [(spec, picks[a:b]) for a, b in itertools.pairwise(edges)]
    units = [float((b - a) * runouts) for a, b in itertools.pairwise(edges)]
    estimate = work / OMAHA_EXACT_RATE / workers

    def combine(results: list[np.ndarray]) -> dict[str, Any]:
        counts = np.concatenate(results) if results else K.new_counts(len(combos), 0)
        tally = K.Tally.of(counts, deal_weights)
        total = float(deal_weights.sum()) * runouts
        return {"tally": tally, "total": total, "count": len(picks) * runouts}

    note = (
        f"exact: {len(picks):,} deal(s) x {runouts:,} runouts, "
        f"estimated {seconds_text(estimate)} on {workers} worker(s)"
    )
    return Job("exact", omaha_exact_task, tasks, units, combine, estimate, note)


def plan_omaha(request: Request) -> Job:
    """Choose exact (from the flop on, when it fits or ``exact=True``) or Monte Carlo
    (``trials``, or as many as fit in ``budget``) for an Omaha job, and plan it."""
    combos, weights, board, dead = request.combos, request.weights, request.board, request.dead
    exact, trials, budget = request.exact, request.trials, request.budget
    root, workers = request.root, request.workers
    if exact is True and not board:
        raise CardError("exact Omaha equity needs a flop; preflop is Monte Carlo")
    why = ""
    if board and trials is None and exact is not False:
        plan = omaha_exact_plan(combos, weights, board, dead)
        if plan is None and exact is True:
            raise CardError(
                f"too many Omaha combo deals to enumerate exactly (over {OMAHA_MAX_DEALS:,}); "
                "use Monte Carlo (--trials N or --time SECONDS)"
            )
        if plan is not None:
            seconds = plan[2] / OMAHA_EXACT_RATE / workers
            limit = OMAHA_EXACT_LIMIT * workers
            fits = seconds <= budget if budget is not None else plan[2] <= limit
            if exact is True or fits:
                return omaha_exact_job(combos, weights, board, dead, plan, workers)
            why = f"exact would be {plan[2]:,} evaluations; "
        else:
            why = "too many deals to enumerate; "
    use = trials if trials is not None or budget is not None else DEFAULT_TRIALS_OMAHA
    job = omaha_job(combos, weights, board, dead, use, budget, root, workers)
    if why:
        job.note = job.note.replace("Monte Carlo: ", f"Monte Carlo: {why}", 1)
    return job
