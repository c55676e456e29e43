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
exact over 990 boards
>>> equity(["AA", "KK"], trials=20000, seed=1).to_json()["players"][0]["hand"]
'AA'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from math import sqrt
from time import monotonic, perf_counter
from typing import TYPE_CHECKING, Any

import numpy as np

from showdown import validate as V
from showdown.cards import Card, CardError, CardsLike, check_distinct, parse_cards, to_cards
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
from showdown.odds.ranges.holdem import Range, RangeError, parse_range
from showdown.odds.result import EquityResult, method_line
from showdown.odds.showdown_counts import Tally

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
    "method_line",
    "progress_of",
]


@dataclass
class _Player:
    label: str
    combos: np.ndarray  # (m, hole cards) card ids
    weights: np.ndarray  # (m,)


def _read_player(spec: str | Range | CardsLike, game: str, order: str = "pokerstove") -> _Player:
    if isinstance(spec, str):  # read once per text: a range's parsing is most of a flop call
        label, combos, weights = _read_text(spec, game, order)
        return _Player(label, combos, weights)
    return _read_spec(spec, game, order)


@lru_cache(maxsize=1024)
def _read_text(text: str, game: str, order: str) -> tuple[str, np.ndarray, np.ndarray]:
    """A player's text read: its label, combos and weights (read-only: they are shared)."""
    p = _read_spec(text, game, order)
    p.combos.flags.writeable = p.weights.flags.writeable = False
    return p.label, p.combos, p.weights


def _read_spec(spec: str | Range | CardsLike, game: str, order: str) -> _Player:
    hole = 2 if game == "holdem" else None
    if isinstance(spec, Range):
        if game != "holdem":
            raise CardError("ranges are for Hold'em; Omaha players need explicit hands")
        return _from_range(str(spec), spec)
    if isinstance(spec, str):
        text = spec.strip()
        try:
            cards = parse_cards(text)
        except CardError as exc:
            if game == "omaha":
                return _from_omaha_range(text, exc)
            if game != "holdem":
                raise
            try:
                return _from_range(text, parse_range(text, order))
            except RangeError:
                if "duplicate" in str(exc):
                    raise exc from None
                raise
        if game == "holdem" and len(cards) != 2:
            try:
                return _from_range(text, parse_range(text, order))
            except RangeError:
                if not 4 <= len(cards) <= 6:
                    raise
                raise CardError(
                    f"{text!r} is {len(cards)} cards, but a Hold'em hand is two; for Omaha "
                    "say game='omaha' (on the command line, --game omaha)"
                ) from None
        label = "".join(str(c) for c in cards)
    else:
        cards = to_cards(spec)
        check_distinct(cards)
        label = "".join(str(c) for c in cards)
    if hole is not None and len(cards) != hole:
        raise CardError(f"a Hold'em hand is two cards, got {len(cards)} in {label!r}")
    if game == "omaha" and not 4 <= len(cards) <= 6:
        raise CardError(f"an Omaha hand is 4 to 6 cards, got {len(cards)} in {label!r}")
    ids = np.array([[c.id for c in cards]], dtype=np.int64)
    return _Player(label, ids, np.ones(1))


def _from_omaha_range(text: str, exc: CardError) -> _Player:
    """An Omaha range player (``AAxxds``...), or the card error if the text is no range."""
    from showdown.odds.ranges.omaha import parse_omaha_range

    try:
        r = parse_omaha_range(text)
    except RangeError:
        raise exc from None
    if len(r) == 0:
        raise RangeError(f"the Omaha range {text!r} holds no hand")
    return _Player(text, r.combos, r.weights)


def _from_range(label: str, rng: Range) -> _Player:
    combos = np.array(rng.combos, dtype=np.int64).reshape(-1, 2)
    return _Player(label, combos, np.array(rng.weights, dtype=float))


def _settle(players: list[_Player], used: set[int], places: dict[int, str] | None = None) -> None:
    """Drop combos that use a card of the board, the dead cards or a fixed hand (in place).

    A range left with one combo becomes a fixed hand, whose cards leave the other ranges.
    ``places`` says where each card of ``used`` is (for the message naming both places).
    """
    places = {} if places is None else places
    fixed: set[int] = set()
    while True:
        taken = np.zeros(52, dtype=bool)  # a lookup per card id: cheaper than np.isin
        taken[list(used)] = True
        for i, p in enumerate(players):
            if i in fixed or len(p.combos) == 1:
                continue
            keep = ~taken[p.combos].any(axis=1)
            p.combos, p.weights = p.combos[keep], p.weights[keep]
            if len(p.combos) == 0:
                raise CardError(
                    f"range {p.label!r} has no combo left once the cards in use are removed"
                )
        grew = False
        for i, p in enumerate(players):
            if i in fixed or len(p.combos) != 1:
                continue
            cards = p.combos[0].tolist()
            here = f"in player {i + 1}'s hand ({p.label})"
            for c in cards:
                if c in used:
                    there = places.get(c, "in use")
                    raise CardError(f"card {Card.from_id(c)} is in two places: {there} and {here}")
            used.update(cards)
            places.update(dict.fromkeys(cards, here))
            fixed.add(i)
            grew = True
        if not grew:
            return


@dataclass
class _Outcome:
    tally: Tally
    total: float  # normaliser: weight (exact) or trials (Monte Carlo)
    count: int  # boards or trials


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
    game, players, exact, trials, seed = _check_arguments(game, players, exact, trials, seed)
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
            lambda text: _read_text(text, game, order),
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
    if job.method == "exact":
        outcome = _Outcome(sums["tally"], sums["total"], sums["count"])
        return _result(seats, outcome, False, job.note, job.estimate)
    return replace(_sampled_result(seats, sums), note=job.note, estimate=job.estimate)


def plan_job(game: str, request: Request) -> Job:
    """The plan of a Hold'em or Omaha equity job: exact or Monte Carlo, its tasks."""
    if game == "omaha":
        from showdown.odds.omaha_jobs import plan_omaha

        return plan_omaha(request)
    return plan_holdem(request)


def seat_players(
    players: Sequence[str | Range | CardsLike],
    board: CardsLike | None,
    dead: CardsLike | None,
    game: str,
    order: str = "pokerstove",
) -> tuple[list[_Player], list[int], list[int]]:
    """The players read (hands and ranges, percentages in ``order``) and cleared of the
    board, the dead cards and each other's fixed hands, with the board and dead card ids."""
    community = to_cards(board)
    dead_cards = to_cards(dead)
    if len(community) not in (0, 3, 4, 5):
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(community)}")
    places = _places(community, dead_cards)
    seats = []
    for number, spec in enumerate(players, start=1):
        if isinstance(spec, str) and not spec.strip():
            raise RangeError(f"player {number} has no hand or range (empty text)")
        seats.append(_read_player(spec, game, order))
    board_ids = [c.id for c in community]
    dead_ids = [c.id for c in dead_cards]
    _settle(seats, set(places), places)
    hole = sum(p.combos.shape[1] for p in seats)
    if hole + 5 + len(dead_ids) > 52:
        raise CardError(f"not enough cards: {hole} hole cards, a board and {len(dead_ids)} dead")
    return seats, board_ids, dead_ids


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


def _sampled_result(seats: list[_Player], sums: dict[str, Any]) -> EquityResult:
    """Monte Carlo sums (importance weighted, see :mod:`showdown.odds.deals`) as a result.

    The standard error is the self-normalised estimator's: ``sqrt(sum w^2 (x - mean)^2)
    / sum w`` (with ``n / (n - 1)``); with equal weights it is the usual one.
    """
    hands = tuple(p.label for p in seats)
    w, n = float(sums["w"]), int(sums["n"])
    if w <= 0:
        raise CardError(
            "no sampled deal was possible in these trials; the ranges barely fit together: "
            "use --exact or more trials"
        )
    eq = sums["share"] / w
    stderr = []
    for mean, sx1, sx2 in zip(eq, sums["sx1"], sums["sx2"], strict=True):
        var = max(0.0, float(sx2 - 2 * mean * sx1 + mean * mean * sums["w2"])) / (w * w)
        stderr.append(sqrt(var * n / max(1, n - 1)))
    return EquityResult(
        hands,
        tuple(float(x) for x in eq),
        tuple(float(x) for x in sums["win"] / w),
        tuple(float(x) for x in sums["tie"] / w),
        "monte-carlo",
        trials=n,
        stderr=tuple(stderr),
    )


def _places(board: list[Card], dead: list[Card]) -> dict[int, str]:
    """Where each known card is (``on the board``, ``in the dead cards``); a repeat is an error."""
    places: dict[int, str] = {}
    for where, cards in (("on the board", board), ("in the dead cards", dead)):
        for card in cards:
            if card.id in places:
                raise CardError(f"card {card} is in two places: {places[card.id]} and {where}")
            places[card.id] = where
    return places


def _check_arguments(
    game: object, players: object, exact: object, trials: object, seed: object
) -> tuple[str, list[Any], bool | None, int | None, int | None]:
    """The plain parameters of :func:`equity`, checked by :mod:`showdown.validate`."""
    game = V.text(game, "game")
    if isinstance(players, str | Range | bytes) or not isinstance(players, Sequence):
        raise TypeError(
            "players must be a list of hands or ranges, e.g. ['AcAd', 'QQ+,AKs'], "
            f"not {type(players).__name__}"
        )
    if not 2 <= len(players) <= 10:
        raise CardError(f"equity needs 2 to 10 players, got {len(players)}")
    exact = V.optional_flag(exact, "exact")
    if trials is not None:
        trials = V.count(trials, "trials", maximum=V.MAX_TRIALS)
    if exact is True and trials is not None:
        raise CardError("choose either exact=True or trials=N, not both")
    return game, list(players), exact, trials, V.seed(seed)


def _result(
    seats: list[_Player],
    outcome: _Outcome,
    sampled: bool,
    note: str = "",
    estimate: float | None = None,
) -> EquityResult:
    t, total = outcome.tally, outcome.total
    hands = tuple(p.label for p in seats)
    eq = tuple(float(x) for x in t.share / total)
    win = tuple(float(x) for x in t.win / total)
    tie = tuple(float(x) for x in t.tie / total)
    if not sampled:
        return EquityResult(
            hands, eq, win, tie, "exact", boards=outcome.count, note=note, estimate=estimate
        )
    n = outcome.count
    stderr = []
    for s, s2 in zip(t.share, t.share_sq, strict=True):
        mean = s / n
        var = max(0.0, (s2 - n * mean * mean) / max(1, n - 1))
        stderr.append(sqrt(var / n))
    return EquityResult(hands, eq, win, tie, "monte-carlo", trials=n, stderr=tuple(stderr))
