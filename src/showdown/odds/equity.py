"""Equity: each player's share of the pot over every board still to come.

:func:`equity` takes 2 to 10 players, each a hand (``"AhKh"``, ``"Ah Kh"``) or, in
Hold'em, a range (``"QQ+, AKs"``; see :mod:`showdown.odds.ranges.holdem`), an optional board
of 0, 3, 4 or 5 cards and dead cards. A player's equity is the chance to win
plus their share of split pots; ``win`` and ``tie`` are the chances to win alone
and to split.

Exact or sampled:

* Hold'em is enumerated exactly when the work, counted in player-board
  evaluations after merging deals equal up to a suit permutation, is at most
  :data:`EXACT_WORK_LIMIT` = 10^9 (a second or two here; a hand against a hand
  preflop, 1,712,304 boards, is 3.4 M and always exact; AKs against QQ, 24
  deals in 2 classes, is 10 M), and the deals of the range players number at
  most :data:`MAX_ASSIGNMENTS`; otherwise Monte Carlo with
  :data:`DEFAULT_TRIALS` trials. ``exact=True`` or ``trials=N`` force either.
* Omaha (4 to 6 hole cards, exactly two used; a player may be a range, see
  :mod:`showdown.odds.ranges.omaha`) is exact, preflop included, when its work (every
  hand its deals use ranked once per board, plus the showdowns counted; no suit
  isomorphism) is at most :data:`~showdown.odds.omaha_jobs.OMAHA_EXACT_LIMIT` = 3 M
  evaluations per worker (a hand against a hand preflop, 1,086,008 boards, is
  2.4 M), and Monte Carlo otherwise (see :mod:`showdown.odds.omaha_exact`).
* Monte Carlo is reproducible with ``seed`` and reports a standard error per player.

Range players: combos that share a card with the board, the dead cards or a
fixed hand are dropped; every remaining deal (one combo per player, no card
twice) counts with the product of its combos' weights.

>>> r = equity(["AcAd", "KhKs"])
>>> r.method, r.boards, round(r.win[0] * r.boards), round(r.tie[0] * r.boards)
('exact', 1712304, 1388072, 6538)
>>> print(equity(["AhKh", "2c2d"], board="Qh Jh 3c"))
AhKh  equity  64.75%  win  64.75%  tie   0.00%
2c2d  equity  35.25%  win  35.25%  tie   0.00%
exact over 990 showdowns
>>> equity(["AA", "KK"], trials=20000, seed=1).to_json()["players"][0]["hand"]
'AA'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from time import monotonic, perf_counter
from typing import TYPE_CHECKING, Any

from showdown.cards import CardError, CardsLike
from showdown.odds.fixed_exact import fixed_exact
from showdown.odds.holdem_plan import (
    DEFAULT_TRIALS,
    EXACT_WORK_LIMIT,
    MAX_ASSIGNMENTS,
    Job,
    Request,
    plan_holdem,
)
from showdown.odds.parallel import (
    check_time,
    check_workers,
    executor_for,
    root_entropy,
    run_tasks,
    worker_count,
)
from showdown.odds.progress import ProgressBar, check_progress, drawing, progress_of
from showdown.odds.ranged_exact import ranged_exact
from showdown.odds.ranges.holdem import Range
from showdown.odds.result import EquityResult, sampled_result, tally_result
from showdown.odds.seats import check_arguments, read_player_text, seat_players

if TYPE_CHECKING:  # a pool's machinery is imported only where a pool runs (showdown.odds.parallel)
    from concurrent.futures import Executor

    from showdown.odds.omaha_jobs import DEFAULT_TRIALS_OMAHA


def __getattr__(name: str) -> Any:
    """``DEFAULT_TRIALS_OMAHA`` from the Omaha planner, imported on first use (a Hold'em
    call does without it)."""
    if name == "DEFAULT_TRIALS_OMAHA":
        from showdown.odds.omaha_jobs import DEFAULT_TRIALS_OMAHA

        return DEFAULT_TRIALS_OMAHA
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_TRIALS",
    "DEFAULT_TRIALS_OMAHA",
    "EXACT_WORK_LIMIT",
    "MAX_ASSIGNMENTS",
    "EquityResult",
    "ProgressBar",
    "drawing",
    "equity",
    "progress_of",
]


def equity(
    players: Sequence[str | Range | CardsLike],
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    game: str = "holdem",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    progress: bool | Callable[[float], None] = False,
    executor: Executor | None = None,
    workers: int | None = None,
    time: float | None = None,
    order: str = "pokerstove",
) -> EquityResult:
    """Equity of 2 to 10 hands or ranges; see the module docs for the rules.

    ``exact=True`` forces enumeration, ``trials=N`` (or ``exact=False``) Monte
    Carlo; ``time=SECONDS`` bounds the run instead of ``trials`` (exact only if its
    estimate fits, else as many Monte Carlo trials as the time allows). ``progress``
    is ``True`` for a bar on stderr (drawn for work longer than about a second) or a
    callable taking the fraction done. The work runs on ``executor`` (any
    :class:`concurrent.futures.Executor`, e.g. a Dask client's ``get_executor()``),
    else on ``workers`` local processes (1: in-process), else on every core when the
    job is estimated at over a second or so (see :mod:`showdown.odds.parallel`). The
    numbers do not depend on where the work ran. ``result.note`` says what was
    chosen and the estimated run time. ``order`` is the order of percentage ranges
    (``"pokerstove"`` or ``"equity"``, see :mod:`showdown.odds.ranges.preflop_order`).

    >>> r = equity(["Ac Ad Kc Kd", "Ah Qh Jh Th"], board="2h 7h 9c", game="omaha")
    >>> r.method, r.boards, round(sum(r.equity), 12)
    ('exact', 820, 1.0)
    >>> equity(["AA", "AA", "KK", "KK", "QQ", "QQ", "JJ", "JJ"], trials=100, seed=1).trials
    100
    """
    game, players, exact, trials, seed = check_arguments(game, players, exact, trials, seed)
    check_progress(progress)
    if game not in ("holdem", "omaha"):  # the other showdowns: showdown.game_equity
        from showdown.odds.variant_equity import game_equity

        return game_equity(players, board, dead, game, exact, trials, seed)  # type: ignore[arg-type]
    n_workers = check_workers(workers)
    budget = check_time(time)
    if budget is not None and (trials is not None or exact is True):
        raise CardError("time=SECONDS replaces trials=N and exact=True: give only one")
    if executor is not None and n_workers is not None:
        raise CardError("give either executor= or workers=, not both")
    plain = exact is not False and trials is None and budget is None and executor is None
    if game == "holdem" and plain and progress is False:  # text only: the short ways
        lean = fixed_exact(players, board, dead, n_workers or worker_count())
        if lean is not None:
            return lean
        ranged = ranged_exact(
            players, board, dead, n_workers or worker_count(), exact,
            lambda text: read_player_text(text, game, order),
        )  # fmt: skip
        if ranged is not None:
            return ranged
    seats, board_ids, dead_ids = seat_players(players, board, dead, game, order)

    bar, callback = progress_of(progress)
    with drawing(bar):
        request = Request(
            [p.combos for p in seats],
            [p.weights for p in seats],
            board_ids,
            dead_ids,
            exact,
            trials,
            budget,
            root_entropy(seed),
            n_workers or worker_count(),
        )
        job = plan_job(game, request)
        results = run_job(job, executor, n_workers, callback)
    sums = job.combine(results)
    hands = tuple(p.label for p in seats)
    if job.method == "exact":
        return tally_result(
            hands, sums["tally"], sums["total"], sums["count"], job.note, job.estimate
        )
    return replace(sampled_result(hands, sums), note=job.note, estimate=job.estimate)


def plan_job(game: str, request: Request) -> Job:
    """The plan of a Hold'em or Omaha equity job: exact or Monte Carlo, its tasks."""
    if game == "omaha":
        from showdown.odds.omaha_jobs import plan_omaha

        return plan_omaha(request)
    return plan_holdem(request)


def run_job(
    job: Job,
    executor: Executor | None,
    workers: int | None,
    progress: Callable[[float], None] | None,
) -> list[Any]:
    """Run a planned job's tasks (on ``executor``, a local pool or in-process) with progress.

    A :class:`ProgressBar` is told the showdowns done, so it shows the rate.
    """
    total = sum(job.units) or 1.0
    start = perf_counter()
    deadline = None if job.deadline_seconds is None else monotonic() + job.deadline_seconds
    done = 0.0

    def on_done(i: int, _: Any) -> None:
        nonlocal done
        done += job.units[i]
        if progress is None:
            return
        if isinstance(progress, ProgressBar):
            progress.units_done = done
        if job.deadline_seconds is not None:
            progress(min(1.0, (perf_counter() - start) / job.deadline_seconds))
        else:
            progress(min(1.0, done / total))

    with executor_for(executor, workers, job.estimate, len(job.tasks), job.warm) as ex:
        results = run_tasks(job.fn, job.tasks, ex, star=True, on_done=on_done, deadline=deadline)
    if progress is not None:
        progress(1.0)
    return results

