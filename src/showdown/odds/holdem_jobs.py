"""Hold'em equity as independent tasks (private): exact blocks and Monte Carlo batches.

A task is a plain function of picklable arguments, so any executor (a local
process pool, a Dask cluster) can run it; each worker process keeps the board
universe and the deal sampler of the last jobs it saw, so the tasks of one job
pay for them once per process.

Exact
    :func:`exact_task` sums wins, ties and pot shares over a block of boards
    (some chunks of the board universe) for a slice of the representative deals.
    Sums of whole counts and of ``c / k`` fractions, added in task order by the
    caller, do not depend on which worker ran what.
Monte Carlo
    :func:`monte_carlo_task` draws its own deals (:class:`showdown.odds.deals.DealSampler`)
    and boards from the generator of its index, so task ``i`` gives the same numbers
    wherever it runs.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from showdown.hands import native
from showdown.odds import draws as D
from showdown.odds.board_vectors import SUIT_MAJOR_BIT, Universe, split_records
from showdown.odds.deals import DealSampler, enumerate_deals, groups
from showdown.odds.holdem_ranks import ComboSet, holdem_ranks, holdem_ranks_at
from showdown.odds.parallel import task_rng
from showdown.odds.showdown_counts import TALLY, Tally, exact_counts, new_counts, showdown_counts

#: Monte Carlo deals are listed (and drawn exactly) when there are at most this many.
LIST_DEALS = 300_000
#: Trials per Monte Carlo batch inside a task.
_BATCH = 1 << 15
#: Trials per native call when every hand is fixed (the kernel draws the boards).
_NATIVE_BATCH = 1 << 20
#: Trials of a task's first native call that draws the deals too: small, as a call whose
#: deals fit too rarely gives up after a number of attempts per trial (then the job's
#: sampler takes over); once one call of the task fitted, the next take _NATIVE_BATCH.
_DEAL_BATCH = 1 << 16


@lru_cache(maxsize=2)
def universe(board: tuple[int, ...], live: tuple[int, ...]) -> Universe:
    """The board universe of a job, kept for the job's next task in this process."""
    return Universe(board, live)


@lru_cache(maxsize=2)
def sampling_records(board: tuple[int, ...], live: tuple[int, ...]) -> np.ndarray:
    """Every board to sample from as 16-byte records (kept for the next task)."""
    return Universe(board, live).full().records()


@dataclass(frozen=True)
class ExactSpec:
    """What every exact task of a job shares."""

    fixed: tuple[tuple[int, ...], ...]  # per player: its hand's card ids, or () if ranged
    ranged_combos: tuple[np.ndarray, ...]  # per ranged player, (m, 2) ids
    board: tuple[int, ...]
    live: tuple[int, ...]


def chunk_groups(board: Sequence[int], live: Sequence[int], groups: int) -> list[list[int]]:
    """The universe's chunks split into at most ``groups`` runs of about equal board counts."""
    u = universe(tuple(board), tuple(live))
    n = u.n_chunks()
    if n == 1 or groups <= 1:
        return [list(range(n))]
    sizes = np.array([len(c.mid_base) for c in u.chunks()], dtype=float)
    edges = np.searchsorted(np.cumsum(sizes), np.linspace(0, sizes.sum(), groups + 1)[1:-1])
    bounds = [0, *sorted(set((edges + 1).tolist())), n]
    return [list(range(a, b)) for a, b in itertools.pairwise(bounds) if b > a]


def exact_task(
    spec: ExactSpec, chunks: list[int], rep_picks: np.ndarray, rep_masks: np.ndarray
) -> np.ndarray:
    """Integer showdown counts ``(reps, players, 11)`` (see ``TALLY``) over the given
    chunks of boards, for each representative deal. With the native kernel every task
    covers all boards (the plan then splits by deals only); counts are whole numbers,
    so their sums do not depend on the split."""
    n_players = len(spec.fixed)
    ranged_at = [i for i, f in enumerate(spec.fixed) if not f]
    pos = {i: r for r, i in enumerate(ranged_at)}
    n_reps = len(rep_picks)
    if native.kernel() is not None:
        holes = np.empty((n_reps, n_players, 2), dtype=np.int64)
        for i, f in enumerate(spec.fixed):
            if f:
                holes[:, i] = f
            else:
                holes[:, i] = spec.ranged_combos[pos[i]][rep_picks[:, pos[i]]]
        return exact_counts(spec.board, spec.live, holes)
    u = universe(spec.board, spec.live)
    needed = [np.unique(rep_picks[:, r], return_inverse=True) for r in range(len(ranged_at))]
    counts = new_counts(n_players, n_reps)
    wanted = set(chunks)
    for n, chunk in enumerate(u.chunks()):
        if n not in wanted:
            continue
        fixed = {i: holdem_ranks(chunk, *f) for i, f in enumerate(spec.fixed) if f}
        tables = [
            np.stack(
                [holdem_ranks(chunk, *spec.ranged_combos[r][j].tolist()) for j in need.tolist()]
            )
            for r, (need, _) in enumerate(needed)
        ]
        step = max(1, (1 << 20) // (chunk.size * n_players))
        for start in range(0, n_reps, step):
            part = slice(start, start + step)
            ranks = [
                fixed[i] if i in fixed else tables[pos[i]][needed[pos[i]][1].ravel()[part]]
                for i in range(n_players)
            ]
            valid = chunk.valid(rep_masks[part]) if ranged_at else None
            counts[part] += showdown_counts(ranks, valid)
    return counts


@dataclass(frozen=True)
class MonteCarloSpec:
    """What every Monte Carlo task of a job shares (the sampler is built per process)."""

    combos: tuple[np.ndarray, ...]  # per player (m, 2); a fixed hand has m == 1
    weights: tuple[np.ndarray, ...]
    board: tuple[int, ...]
    live: tuple[int, ...]  # cards boards may use: not on the board, dead or in a fixed hand
    key: str = field(default="", compare=False)

    @classmethod
    def of(
        cls,
        combos: Sequence[np.ndarray],
        weights: Sequence[np.ndarray],
        board: Sequence[int],
        live: Sequence[int],
    ) -> MonteCarloSpec:
        key = arrays_key((*combos, *weights, np.array(board), np.array(live)))
        return cls(tuple(combos), tuple(weights), tuple(board), tuple(live), key)


def arrays_key(arrays: Sequence[np.ndarray]) -> str:
    """A digest of a job's arrays: the key of the per-process state its tasks share."""
    import hashlib  # only for Monte Carlo jobs: an exact call does without it

    digest = hashlib.sha1()
    for a in arrays:
        digest.update(np.ascontiguousarray(a).tobytes())
        digest.update(b"|")
    return digest.hexdigest()


@dataclass
class _State:
    records: np.ndarray | None  # built on first use: the native kernel draws its own boards
    sets: list[ComboSet]
    ranged: list[int]
    sampler: DealSampler | None
    # the native kernel draws the deals itself (of these groups: see deals.groups, built
    # on first use) until one batch's deals fit too rarely
    kernel_deals: bool = True
    deal_groups: list[tuple[list[int], np.ndarray, np.ndarray, np.ndarray]] | None = None


_STATES: dict[str, _State] = {}


def _state(spec: MonteCarloSpec) -> _State:
    state = _STATES.get(spec.key)
    if state is not None:
        return state
    ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1]
    sampler = None
    if ranged:
        cards = [spec.combos[i] for i in ranged]
        masks = [SUIT_MAJOR_BIT[c].sum(axis=1, dtype=np.uint64) for c in cards]
        weights = [spec.weights[i] for i in ranged]
        listed = enumerate_deals(masks, weights, LIST_DEALS)
        sampler = DealSampler(cards, masks, weights, listed)
    state = _State(
        None,
        [ComboSet.of(c) for c in spec.combos],
        ranged,
        sampler,
    )
    _STATES.clear()
    _STATES[spec.key] = state
    return state


def warm_state(spec: MonteCarloSpec) -> None:
    """Build this process's state for the tasks of ``spec`` (its deal sampler, the native
    kernel's tables), so that workers forked afterwards share it."""
    _state(spec)
    native.kernel()


def empty_sums(players: int) -> dict[str, Any]:
    """Zero sums of a Monte Carlo task (see :func:`monte_carlo_task` for the keys)."""
    out: dict[str, Any] = {k: np.zeros(players) for k in ("win", "tie", "share", "sx1", "sx2")}
    out.update(w=0.0, w2=0.0, n=0)
    return out


def add_samples(out: dict[str, Any], ranks: list[np.ndarray], iw: np.ndarray | None) -> None:
    """Add one batch of sampled showdowns (``ranks[p]``: player p's rank per sample) to
    the sums, each sample weighing its importance weight (1 when ``iw`` is None)."""
    size = len(ranks[0])
    if iw is None:
        add_counts(out, showdown_counts(ranks)[0], size)
        return
    per = showdown_counts([r[:, None] for r in ranks]).astype(float)  # (size, P, 11)
    k = np.arange(1, TALLY, dtype=float)
    win = per[:, :, 1].T
    tie = per[:, :, 2:].sum(axis=2).T
    share = (per[:, :, 1:] / k).sum(axis=2).T
    iw2 = iw * iw
    out["win"] += win @ iw
    out["tie"] += tie @ iw
    out["share"] += share @ iw
    out["sx1"] += share @ iw2
    out["sx2"] += (share * share) @ iw2
    out["w"] += float(iw.sum())
    out["w2"] += float(iw2.sum())
    out["n"] += size


def add_counts(out: dict[str, Any], counts: np.ndarray, size: int) -> None:
    """Add ``size`` equally weighted samples given as a count table ``(P, 11)``."""
    t = Tally.of(counts)
    out["win"] += t.win
    out["tie"] += t.tie
    out["share"] += t.share
    out["sx1"] += t.share
    out["sx2"] += t.share_sq
    out["w"] += size
    out["w2"] += size
    out["n"] += size


def monte_carlo_task(spec: MonteCarloSpec, index: int, trials: int, root: int) -> dict[str, Any]:
    """Sums over ``trials`` samples of task ``index``: ``win``, ``tie``, ``share`` (weighted
    by the importance weights), ``sx1``/``sx2`` (shares and squared shares weighted by the
    squared importance weights), ``w``/``w2`` (sums of the weights and their squares), ``n``."""
    state = _state(spec)
    rng = task_rng(root, index)
    n_players = len(spec.combos)
    out = empty_sums(n_players)
    if native.kernel() is not None:
        _native_trials(spec, state, rng, trials, out)
        return out
    if state.records is None:
        state.records = sampling_records(spec.board, spec.live)
    records = state.records
    bm_all = records.view(np.uint64)[::2]
    done = 0
    while done < trials:
        size = min(_BATCH, trials - done)
        picks: dict[int, np.ndarray] = {}
        iw = None
        boards = rng.integers(0, len(records), size)
        if state.sampler is not None:
            drawn, iw, taken = state.sampler.sample(rng, size)
            picks = dict(zip(state.ranged, drawn, strict=True))
            bad = np.flatnonzero(bm_all[boards] & taken)
            while len(bad):  # redraw the boards that touch a dealt card (exact, never stuck)
                boards[bad] = rng.integers(0, len(records), len(bad))
                bad = bad[(bm_all[boards[bad]] & taken[bad]) != 0]
        if iw is None:  # equal weights: the draws count them (in C when the kernel is built)
            counts = new_counts(n_players)
            D.sample_counts(
                records, boards, spec.combos, [picks.get(i) for i in range(n_players)], counts
            )
            add_counts(out, counts, size)
        else:
            bm, mid, ss = split_records(records[boards])
            ranks = [
                holdem_ranks_at(bm, mid, ss, state.sets[i], picks.get(i))
                for i in range(n_players)
            ]
            add_samples(out, ranks, iw)
        done += size
    return out


def _native_trials(
    spec: MonteCarloSpec, state: _State, rng: np.random.Generator, trials: int, out: dict[str, Any]
) -> None:
    """Trials on the native kernel, which draws the boards itself (from a generator seeded
    by ``rng``: the same task seed gives the same numbers, on this backend; the numpy path
    draws other boards from the same distribution). The ranged players' deals are drawn
    and tallied by the kernel too (:func:`~showdown.odds.draws.deal_counts`: exact,
    every trial weighing the same); where they fit too rarely, by the job's sampler,
    whose importance-weighted trials take their ranks back to weigh them."""
    n_players = len(spec.combos)
    done = 0
    deals_fit = False  # per task, not per process: a task's numbers depend on its seed only
    while done < trials:
        if state.sampler is None or deals_fit:
            batch = _NATIVE_BATCH
        else:
            batch = _DEAL_BATCH if state.kernel_deals else _BATCH
        size = min(batch, trials - done)
        if state.sampler is not None and state.kernel_deals:
            if state.deal_groups is None:  # per group: members, their columns, cumsum, masks
                state.deal_groups = [
                    (members, listed, np.cumsum(w), m)
                    for members, listed, w, m in groups(state.sampler.masks, state.sampler.weights)
                ]
            counts = new_counts(n_players)
            fits = D.deal_counts(
                spec.board,
                spec.live,
                spec.combos,
                [([state.ranged[i] for i in members], listed, cum)
                 for members, listed, cum, _ in state.deal_groups],
                size,
                int(rng.integers(0, 1 << 63)),
                counts,
            )  # fmt: skip
            if not fits:
                state.kernel_deals = False
                continue
            deals_fit = True  # the deals fit often enough: whole batches from now on
            add_counts(out, counts, size)
            done += size
            continue
        picks: list[np.ndarray | None] = [None] * n_players
        iw = None
        if state.sampler is not None:
            drawn, iw, _ = state.sampler.sample(rng, size)
            for i, drew in zip(state.ranged, drawn, strict=True):
                picks[i] = drew
        seed = int(rng.integers(0, 1 << 63))
        if iw is not None:
            ranks = D.draw_ranks(spec.board, spec.live, spec.combos, picks, size, seed)
            add_samples(out, ranks, iw)
        else:
            counts = new_counts(n_players)
            D.draw_counts(spec.board, spec.live, spec.combos, picks, size, seed, counts)
            add_counts(out, counts, size)
        done += size
