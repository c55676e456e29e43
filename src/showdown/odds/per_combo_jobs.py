"""Monte Carlo equity per combo (private): sampled deals and boards, summed per combo.

A task draws ``trials`` deals (one combo per range player, by weight: drawn whole by
the native kernel, else with :class:`showdown.odds.deals.DealSampler`) and a board for
each, ranks every player (the native kernel draws and ranks the boards when it is there;
the numpy path draws them itself) and adds each sample's win, tie and pot share, times
its importance weight, to the sums of the whole table and of the combo each range
player held. Task ``i`` draws from the generator of its index, so the numbers do
not depend on where it ran.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from showdown.hands import native
from showdown.odds import draws as D
from showdown.odds.board_vectors import SUIT_MAJOR_BIT, split_records
from showdown.odds.deals import DealSampler, enumerate_deals, one_deal
from showdown.odds.holdem_jobs import LIST_DEALS, arrays_key, empty_sums, sampling_records
from showdown.odds.holdem_ranks import ComboSet, holdem_ranks_at
from showdown.odds.parallel import task_rng

_BATCH = 1 << 13
_BIT = np.array([1 << c for c in range(52)], dtype=np.uint64)


@dataclass(frozen=True)
class SampleSpec:
    """What every per-combo Monte Carlo task of a job shares."""

    game: str  # "holdem" | "omaha"
    combos: tuple[np.ndarray, ...]  # per player (m, hole cards); a fixed hand has m == 1
    weights: tuple[np.ndarray, ...]
    board: tuple[int, ...]
    live: tuple[int, ...]  # cards a board may use
    key: str = field(default="", compare=False)

    @classmethod
    def of(
        cls,
        game: str,
        combos: list[np.ndarray],
        weights: list[np.ndarray],
        board: list[int],
        live: list[int],
    ) -> SampleSpec:
        key = arrays_key((*combos, *weights, np.array(board), np.array(live)))
        return cls(game, tuple(combos), tuple(weights), tuple(board), tuple(live), game + key)


_SAMPLERS: dict[str, DealSampler] = {}


def _sampler(spec: SampleSpec) -> DealSampler:
    """The deal sampler of a job, kept for the job's next task in this process."""
    if spec.key not in _SAMPLERS:
        ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1]
        cards = [spec.combos[i] for i in ranged]
        # The taken-card masks must share the bit layout of the boards they are checked
        # against: Hold'em board records are suit-major, Omaha runouts one bit per card id.
        bits = SUIT_MAJOR_BIT if spec.game == "holdem" else _BIT
        masks = [bits[c].sum(axis=1, dtype=np.uint64) for c in cards]
        weights = [spec.weights[i] for i in ranged]
        listed = enumerate_deals(masks, weights, LIST_DEALS)
        _SAMPLERS.clear()
        _SAMPLERS[spec.key] = DealSampler(cards, masks, weights, listed)
    return _SAMPLERS[spec.key]


def empty_combo_sums(spec: SampleSpec) -> dict[str, Any]:
    """Zero sums: the table's (as :func:`showdown.odds.holdem_jobs.empty_sums`) and, per
    player, ``combo_w`` (importance weight of the samples holding each combo) and
    ``combo_win``/``combo_tie``/``combo_share`` (their weighted outcomes)."""
    out = empty_sums(len(spec.combos))
    for name in ("combo_w", "combo_win", "combo_tie", "combo_share"):
        out[name] = [np.zeros(len(c)) for c in spec.combos]
    return out


def add_combo_sums(total: dict[str, Any], part: dict[str, Any]) -> None:
    """Add a task's sums to ``total`` (in place)."""
    for k, v in part.items():
        if isinstance(v, list):
            total[k] = [a + b for a, b in zip(total[k], v, strict=True)]
        else:
            total[k] = total[k] + v


def per_combo_task(spec: SampleSpec, index: int, trials: int, root: int) -> dict[str, Any]:
    """Sums over ``trials`` samples of task ``index`` (see :func:`empty_combo_sums`)."""
    rng = task_rng(root, index)
    sampler = _sampler(spec)
    ranged = [i for i, c in enumerate(spec.combos) if len(c) > 1]
    n_players = len(spec.combos)
    out = empty_combo_sums(spec)
    done = 0
    while done < trials:
        size = min(_BATCH, trials - done)
        drawn, weight, taken = _deals(sampler, rng, size)
        picks: list[np.ndarray | None] = [None] * n_players
        for i, drew in zip(ranged, drawn, strict=True):
            picks[i] = drew
        ranks = np.stack(_ranks(spec, picks, taken, size, rng))  # (P, size)
        won = ranks == ranks.min(axis=0)
        winners = won.sum(axis=0)
        win = (won & (winners == 1)).T.astype(float)  # (size, P)
        tie = (won & (winners > 1)).T.astype(float)
        share = won.T / winners[:, None]
        w2 = weight * weight
        out["win"] += weight @ win
        out["tie"] += weight @ tie
        out["share"] += weight @ share
        out["sx1"] += w2 @ share
        out["sx2"] += w2 @ (share * share)
        out["w"] += float(weight.sum())
        out["w2"] += float(w2.sum())
        out["n"] += size
        for p in range(n_players):
            chosen = picks[p]
            held = chosen if chosen is not None else np.zeros(size, dtype=np.int64)
            m = len(spec.combos[p])
            out["combo_w"][p] += np.bincount(held, weights=weight, minlength=m)
            out["combo_win"][p] += np.bincount(held, weights=weight * win[:, p], minlength=m)
            out["combo_tie"][p] += np.bincount(held, weights=weight * tie[:, p], minlength=m)
            out["combo_share"][p] += np.bincount(held, weights=weight * share[:, p], minlength=m)
        done += size
    return out


def _deals(
    sampler: DealSampler, rng: np.random.Generator, size: int
) -> tuple[list[np.ndarray], np.ndarray, np.ndarray]:
    """``size`` deals: each ranged player's combo, each sample's weight, the taken cards.

    With the kernel and deals too many to list, the kernel draws each deal whole by the
    product of its combos' weights (:func:`showdown.odds.draws.deal_picks`: every sample
    weighs 1, no importance weights; the kernel's boards avoid the picks by themselves, so
    the taken cards are not needed); else, or when such deals are too rare to draw that
    way, :meth:`DealSampler.sample`.
    """
    if native.kernel() is not None and sampler.listed is None:
        seed = int(rng.integers(0, 1 << 63))
        picks = D.deal_picks(sampler.masks, sampler.cumulative_p, size, seed)
        if picks is not None:
            return list(picks), np.ones(size), np.zeros(size, dtype=np.uint64)
    drawn, iw, taken = sampler.sample(rng, size)
    if iw is not None and not iw.all():
        # Samples weighing nothing still get a legal deal, to be ranked (and count 0).
        legal = one_deal(sampler.masks)
        assert legal is not None  # some deal exists (checked by the planner)
        dead = iw == 0
        taken[dead] = 0
        for p, j in enumerate(legal):
            drawn[p][dead] = j
            taken[dead] |= sampler.masks[p][j]
    return drawn, np.ones(size) if iw is None else iw, taken


def _ranks(
    spec: SampleSpec,
    picks: list[np.ndarray | None],
    taken: np.ndarray,
    size: int,
    rng: np.random.Generator,
) -> list[np.ndarray]:
    """Each player's rank on a board drawn for each sample (lower is better)."""
    if native.kernel() is not None:  # the kernel draws the boards and ranks them
        seed = int(rng.integers(0, 1 << 63))
        draw = D.draw_ranks if spec.game == "holdem" else D.omaha_draw_ranks
        return draw(spec.board, spec.live, spec.combos, picks, size, seed)
    if spec.game == "holdem":
        records = sampling_records(spec.board, spec.live)
        bm_all = records.view(np.uint64)[::2]
        boards = rng.integers(0, len(records), size)
        bad = np.flatnonzero(bm_all[boards] & taken)
        while len(bad):  # redraw the boards that touch a dealt card (exact, never stuck)
            boards[bad] = rng.integers(0, len(records), len(bad))
            bad = bad[(bm_all[boards[bad]] & taken[bad]) != 0]
        bm, mid, ss = split_records(records[boards])
        return [
            holdem_ranks_at(bm, mid, ss, ComboSet.of(c), p)
            for c, p in zip(spec.combos, picks, strict=True)
        ]
    from showdown.hands.batch import evaluate_omaha_batch

    deck = np.array(spec.live, dtype=np.int64)
    need = 5 - len(spec.board)
    runs = deck[D.floyd_sample(rng, len(deck), need, size)]
    bad = np.flatnonzero(_BIT[runs].sum(axis=1, dtype=np.uint64) & taken)
    while len(bad):
        runs[bad] = deck[D.floyd_sample(rng, len(deck), need, len(bad))]
        hit = _BIT[runs[bad]].sum(axis=1, dtype=np.uint64) & taken[bad]
        bad = bad[hit != 0]
    known = np.array(spec.board, dtype=np.int64)
    boards = np.concatenate([np.broadcast_to(known, (size, len(known))), runs], axis=1)
    out = []
    for c, p in zip(spec.combos, picks, strict=True):
        holes = c[p] if p is not None else np.broadcast_to(c[0], (size, c.shape[1]))
        out.append(evaluate_omaha_batch(holes, boards))
    return out
