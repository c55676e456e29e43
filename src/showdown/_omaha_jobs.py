"""Omaha Monte Carlo as independent tasks (private), for hands and ranges alike.

Each task draws its deals (:class:`showdown._deals.DealSampler`, four-card combos)
and then, per sample, the missing board cards uniformly from the live deck,
redrawing the samples whose board touches a dealt card (exact, never stuck), and
scores every player with :func:`showdown.batch.evaluate_omaha_batch`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from showdown import _equity_kernels as K
from showdown._deals import DealSampler, enumerate_deals, find_deal, one_deal
from showdown._holdem_jobs import LIST_DEALS, add_samples, empty_sums
from showdown._holdem_plan import Job, combine_samples
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
) -> list[tuple[Any, ...]]:
    """The task list of an Omaha Monte Carlo job (fixed by the job, not the workers)."""
    fixed = {int(x) for c in combos if len(c) == 1 for x in c[0]}
    live = tuple(sorted(set(range(52)) - set(board) - set(dead) - fixed))
    digest = hashlib.sha1()
    for a in (*combos, *weights, np.array(board), np.array(live)):
        digest.update(np.ascontiguousarray(a).tobytes() + b"|")
    spec = OmahaSpec(tuple(combos), tuple(weights), tuple(board), live, digest.hexdigest())
    sizes = [per_task] * (trials // per_task) + ([trials % per_task] if trials % per_task else [])
    return [(spec, i, size, root) for i, size in enumerate(sizes)]


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
        n = max(_PER_TASK, int(4 * budget * OMAHA_RATE * workers / players))
    tasks = omaha_tasks(combos, weights, board, dead, n, root, _PER_TASK)
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
        [float(t[2]) for t in tasks],
        lambda results: combine_samples(results, players),
        estimate,
        note,
        budget if trials is None else None,
    )
