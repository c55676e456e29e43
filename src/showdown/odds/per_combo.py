"""Equity per combo: each combo of a range player against the other players.

:func:`per_combo_equity` takes the players of :func:`showdown.equity` (Hold'em or
Omaha; hands and ranges) and returns the table's equities plus, for every player,
one row per combo it can hold: the combo's equity, win and tie chances when the
player holds it (the other players keep their ranges, less the combo's cards), and
its ``weight``, the combo's share of the player's deals: its range weight times the
weight of the other players' deals that fit with it, over the sum of those. The
player's equity is the weighted mean of its rows. A fixed hand has one row.

It is computed like :func:`showdown.equity`, exactly (the exact jobs count every deal
of combos, and the counts are summed per combo) or by Monte Carlo (each sample is
added to the combo each player held), and the two agree with it: exact results are
equal, sampled ones come from the same distribution.

>>> r = per_combo_equity(["AhKh", "QQ, AcKc"], board="Qh Jh 3c")
>>> [(row.combo, row.weight, round(row.equity, 4)) for row in r.rows[1]]
[('QdQc', 0.25, 0.6616), ('QsQc', 0.25, 0.6616), ('QsQd', 0.25, 0.6616), ('AcKc', 0.25, 0.3409)]
>>> rows = r.rows[1]
>>> round(sum(x.weight * x.equity for x in rows), 12) == round(r.result.equity[1], 12)
True
>>> [(share, round(eq, 4)) for share, eq in r.distribution()[0]]
[(1.0, 0.4186)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from showdown.cards import Card, CardError, CardsLike
from showdown.odds.equity import plan_job, run_job
from showdown.odds.holdem_plan import DealTable, Job, Request, sample_tasks
from showdown.odds.parallel import check_workers, root_entropy
from showdown.odds.per_combo_jobs import (
    SampleSpec,
    add_combo_sums,
    empty_combo_sums,
    per_combo_task,
)
from showdown.odds.progress import check_progress, drawing, progress_of
from showdown.odds.ranges.holdem import Range
from showdown.odds.result import EquityResult, sampled_result, tally_result
from showdown.odds.seats import Seat, check_arguments, seat_players
from showdown.odds.showdown_counts import TALLY

__all__ = ["ComboEquity", "PerComboResult", "per_combo_equity"]

#: Samples per Monte Carlo task (about a tenth of a second each).
TASK_SAMPLES = 1 << 16


@dataclass(frozen=True)
class ComboEquity:
    """One combo of a player: its share of the player's deals and its outcomes."""

    combo: str  # e.g. "AhKh"
    weight: float  # share of the player's deals (the rows of a player sum to 1)
    equity: float  # chance to win plus the share of split pots
    win: float  # chance to win alone
    tie: float  # chance to split

    def to_json(self) -> dict[str, Any]:
        """``{"combo", "weight", "equity", "win", "tie"}``."""
        return {
            "combo": self.combo,
            "weight": self.weight,
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
        }


@dataclass(frozen=True)
class PerComboResult:
    """The table's equities and each player's rows, strongest combo first."""

    result: EquityResult
    rows: tuple[tuple[ComboEquity, ...], ...]

    def to_json(self) -> dict[str, Any]:
        """``result.to_json()`` plus ``"per_combo"``: per player, its rows as dicts."""
        doc = self.result.to_json()
        doc["per_combo"] = [[row.to_json() for row in rows] for rows in self.rows]
        return doc

    def distribution(self) -> list[list[tuple[float, float]]]:
        """Per player, the equity distribution: ``(cumulative weight share, equity)``
        from the best combo down (the share of the range doing at least that well).

        >>> PerComboResult(EquityResult(("a", "b"), (0.5, 0.5), (0.5, 0.5), (0, 0),
        ...     "exact", boards=1), ((ComboEquity("AhAd", 0.25, 0.9, 0.9, 0.0),
        ...     ComboEquity("KhKd", 0.75, 0.2, 0.2, 0.0)),)).distribution()
        [[(0.25, 0.9), (1.0, 0.2)]]
        """
        out = []
        for rows in self.rows:
            curve = []
            cumulative = 0.0
            for row in sorted(rows, key=lambda r: -r.equity):
                cumulative += row.weight
                curve.append((min(1.0, cumulative), row.equity))
            out.append(curve)
        return out


def per_combo_equity(
    players: Sequence[str | Range | CardsLike],
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    game: str = "holdem",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    progress: bool | Callable[[float], None] = False,
    order: str = "pokerstove",
    workers: int | None = None,
) -> PerComboResult:
    """Equity of each combo of each player; see the module docs.

    The arguments are those of :func:`showdown.equity` (``order`` reads percentage
    ranges). ``progress`` is ``True`` for a bar on stderr or a callable taking the
    fraction done; an exception it raises stops the work and propagates. ``workers``
    as in :func:`showdown.equity` (the default: in-process unless the job is long).
    """
    game, players, exact, trials, seed = check_arguments(game, players, exact, trials, seed)
    check_progress(progress)
    if game not in ("holdem", "omaha"):
        raise CardError(f"per-combo equity is for holdem and omaha, not {game!r}")
    n_workers = check_workers(workers)
    seats, board_ids, dead_ids = seat_players(players, board, dead, game, order)
    hands = tuple(p.label for p in seats)
    request = Request(
        [p.combos for p in seats],
        [p.weights for p in seats],
        board_ids,
        dead_ids,
        exact,
        trials,
        None,
        root_entropy(seed),
        n_workers or 1,
    )
    job = plan_job(game, request)
    bar, callback = progress_of(progress)
    with drawing(bar):
        if job.method == "exact":
            sums = job.combine(run_job(job, None, n_workers, callback))
            counted = tally_result(hands, sums["tally"], sums["total"], sums["count"])
            result = replace(counted, note=job.note, estimate=job.estimate)
            return PerComboResult(result, _exact_rows(seats, result, sums, job))
        sampled = _sampling_job(game, request, job)
        total = empty_combo_sums(sampled.extra["spec"])
        for part in run_job(sampled, None, n_workers, callback):
            add_combo_sums(total, part)
    result = replace(sampled_result(hands, total), note=job.note, estimate=job.estimate)
    return PerComboResult(result, _sampled_rows(seats, total))


def _sampling_job(game: str, request: Request, planned: Job) -> Job:
    """The per-combo Monte Carlo job with the trials the planner chose."""
    fixed = {int(x) for c in request.combos if len(c) == 1 for x in c[0]}
    live = sorted(set(range(52)) - set(request.board) - set(request.dead) - fixed)
    spec = SampleSpec.of(game, request.combos, request.weights, request.board, live)
    trials = int(sum(planned.units))
    tasks, units = sample_tasks(spec, trials, TASK_SAMPLES, request.root)
    job = Job("monte-carlo", per_combo_task, tasks, units, lambda r: {}, planned.estimate, "")
    job.extra["spec"] = spec
    return job


def _label(ids: np.ndarray) -> str:
    return "".join(str(Card.from_id(int(i))) for i in ids)


def _fixed_row(p: int, seat: Seat, result: EquityResult) -> tuple[ComboEquity, ...]:
    return (
        ComboEquity(_label(seat.combos[0]), 1.0, result.equity[p], result.win[p], result.tie[p]),
    )


def _rows(
    seat: Seat, w: np.ndarray, eq: np.ndarray, win: np.ndarray, tie: np.ndarray
) -> tuple[ComboEquity, ...]:
    """The rows of the combos holding some weight, strongest first (ties: range order)."""
    held = np.flatnonzero(w > 0)
    share = w / w.sum()
    order = held[np.argsort(-eq[held], kind="stable")]
    return tuple(
        ComboEquity(
            _label(seat.combos[i]),
            float(share[i]),
            float(eq[i]),
            float(win[i]),
            float(tie[i]),
        )
        for i in order
    )


def _exact_rows(
    seats: list[Seat], result: EquityResult, sums: dict[str, Any], job: Job
) -> tuple[tuple[ComboEquity, ...], ...]:
    """Rows from the exact job's counts per deal (see ``DealTable``)."""
    deals: DealTable = job.extra["deals"]
    c = sums["deal_counts"].astype(float)  # (rows, players, 11)
    k = np.arange(1, TALLY, dtype=float)
    win = c[:, :, 1][deals.row]
    tie = c[:, :, 2:].sum(axis=2)[deals.row]
    share = (c[:, :, 1:] / k).sum(axis=2)[deals.row]
    out = []
    column = 0
    for p, seat in enumerate(seats):
        if len(seat.combos) == 1:
            out.append(_fixed_row(p, seat, result))
            continue
        held = deals.picks[:, column]
        column += 1
        m = len(seat.combos)
        w = np.bincount(held, weights=deals.weights, minlength=m)
        boards = np.where(w > 0, w, 1.0) * deals.runouts
        sums_of = [
            np.bincount(held, weights=deals.weights * x[:, p], minlength=m) / boards
            for x in (share, win, tie)
        ]
        out.append(_rows(seat, w, *sums_of))
    return tuple(out)


def _sampled_rows(
    seats: list[Seat], total: dict[str, Any]
) -> tuple[tuple[ComboEquity, ...], ...]:
    """Rows from the Monte Carlo sums per combo (combos never drawn are left out)."""
    out = []
    for p, seat in enumerate(seats):
        w = total["combo_w"][p]
        safe = np.where(w > 0, w, 1.0)
        out.append(
            _rows(
                seat,
                w,
                total["combo_share"][p] / safe,
                total["combo_win"][p] / safe,
                total["combo_tie"][p] / safe,
            )
        )
    return tuple(out)
