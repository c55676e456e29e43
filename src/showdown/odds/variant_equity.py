"""Equity in the other showdowns: short deck, Omaha hi-lo, stud, stud hi-lo, razz, draw
games and five-card poker.

Each player's share of the pot is averaged over every way the missing cards
can come (exact enumeration) or over seeded random deals (Monte Carlo, with the
standard error of each equity). What is missing depends on the game: the board
in short deck and Omaha hi-lo; each stud player's cards up to seven (from the
cards not known to be elsewhere: pass the folded upcards as ``dead``);
nothing in five-card poker and the draw games, whose hands are compared as they
stand (one deal, exact: a direct comparison).

Each pot goes as in :func:`showdown.pots.resolution.resolve`: ties split a ladder's
part; a hi-lo pot is halved between the best high and the best qualifying
low, and the high hand scoops when no low qualifies. For hi-lo games the
result also gives each player's expected share of the high half, of the low
half, and how often they scoop the whole pot.

>>> r = game_equity(["As 2s Kd Kh", "Qc Qd Jh Th"], board="3c 4d 9s", game="omaha-hi-lo")
>>> r.method, r.boards, [round(x, 4) for x in r.equity]
('exact', 820, [0.8817, 0.1183])
>>> [round(x, 4) for x in r.low], [round(x, 4) for x in r.scoop]
([0.6341, 0.0], [0.8463, 0.0829])
>>> r = game_equity(["Kh Kd 4s 4c Ac", "Qs Qd Jh Jc Kc", "As Ad 7h 7c 2d"], game="five-card")
>>> r.method, r.boards, r.equity
('exact', 1, (0.0, 0.0, 1.0))
>>> r = game_equity(["As 2s 3s", "Kc Kd Qh"], game="razz", trials=20000, seed=1)
>>> r.method, r.trials, r.equity[0] > 0.8
('monte-carlo', 20000, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb, factorial, prod
from typing import Any, Literal

import numpy as np

from showdown.cards import CardError, CardsLike, check_distinct, to_cards
from showdown.hands.ladder_batch import evaluate_game_batch
from showdown.hands.ladders import no_hand
from showdown.hands.omaha_batch import evaluate_game_omaha_batch
from showdown.odds.result import EquityResult
from showdown.variants import Variant, find_variant

__all__ = ["GameEquityResult", "game_equity"]

#: Deals an exact result may enumerate; more go to Monte Carlo.
EXACT_LIMIT = 2_000_000
#: Monte Carlo trials when none are asked for.
DEFAULT_TRIALS = 200_000
_CHUNK = 1 << 15


@dataclass(frozen=True)
class GameEquityResult(EquityResult):
    """:class:`~showdown.odds.result.EquityResult` of one of the other games: ``equity`` is the
    expected share of the pot; ``win`` the chance to take it all alone (in hi-lo, to
    scoop), ``tie`` the chance to share it. Hi-lo games add each player's expected share
    of the high half and of the low half, and the scoop frequency."""

    game: str = "short-deck"
    high: tuple[float, ...] | None = None
    low: tuple[float, ...] | None = None
    scoop: tuple[float, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The document of ``showdown equity --game GAME --json`` (hi-lo: ``high``,
        ``low`` and ``scoop`` per player)."""
        players = []
        for i, hand in enumerate(self.hands):
            doc: dict[str, Any] = {
                "hand": hand,
                "equity": self.equity[i],
                "win": self.win[i],
                "tie": self.tie[i],
            }
            if self.high is not None and self.low is not None and self.scoop is not None:
                doc.update(high=self.high[i], low=self.low[i], scoop=self.scoop[i])
            players.append(doc)
        out: dict[str, Any] = {"game": self.game, "players": players, "method": self.method}
        if self.method == "exact":
            out["boards"] = self.boards
        else:
            out["trials"] = self.trials
            out["stderr"] = list(self.stderr or ())
        return out

    def figures(self) -> dict[str, tuple[float, ...]]:
        """Equity, win and tie, then in hi-lo games the high and low shares and the scoop
        frequency."""
        figures = super().figures()
        if self.high is not None and self.low is not None and self.scoop is not None:
            figures.update(high=self.high, low=self.low, scoop=self.scoop)
        return figures

    def __str__(self) -> str:
        return self.format()


@dataclass
class _Seat:
    label: str
    known: list[int]
    combos: np.ndarray | None = None  # short deck ranges: (k, 2) card ids
    weights: np.ndarray | None = None


def _seats(players: Sequence[str | CardsLike], variant: Variant) -> list[_Seat]:
    from showdown.odds.ranges.holdem import parse_range

    seats = []
    deck = set(variant.deck)
    for number, spec in enumerate(players, start=1):
        try:
            cards = to_cards(spec)
        except CardError:
            if variant.key != "short-deck" or not isinstance(spec, str):
                raise CardError(
                    f"player {number}: {variant.key} takes each player's own cards, "
                    f"not a range ({spec!r}); ranges are for holdem, omaha and short-deck"
                ) from None
            try:
                rng = parse_range(spec)
            except ValueError as error:
                raise CardError(f"player {number}: {error}") from None
            combos = [c for c in rng.combos if c[0] in deck and c[1] in deck]
            if not combos:
                raise CardError(
                    f"player {number}: no combo of {spec!r} is in the short deck"
                ) from None
            weights = np.array([rng.weight(c) for c in combos], dtype=np.float64)
            seats.append(_Seat(spec, [], np.array(combos, dtype=np.intp), weights))
            continue
        label = spec if isinstance(spec, str) else " ".join(str(c) for c in cards)
        seats.append(_Seat(label.strip(), [c.id for c in cards]))
    return seats


def _drop_blocked(seats: list[_Seat], taken: set[int]) -> None:
    """Leave out of each range the combos holding a card already known to be elsewhere
    (another player's, the board's or a dead card): they cannot be dealt."""
    for number, seat in enumerate(seats, start=1):
        if seat.combos is None or seat.weights is None:
            continue
        free = ~np.isin(seat.combos, list(taken)).any(axis=1)
        if not free.any():
            raise CardError(f"player {number}: every combo of {seat.label!r} is blocked")
        seat.combos, seat.weights = seat.combos[free], seat.weights[free]


def _sizes(variant: Variant, seat: _Seat, number: int, board: int) -> int:
    """How many cards ``seat`` still gets; checks the known ones fit the game."""
    known = 2 if seat.combos is not None else len(seat.known)
    if variant.use == "stud":
        if not 1 <= known <= 7:
            raise CardError(f"player {number}: a stud hand has 1 to 7 known cards, got {known}")
        return 7 - known
    allowed = variant.hole
    if known not in allowed:
        need = " or ".join(map(str, allowed))
        raise CardError(f"player {number}: {variant.key} needs {need} hole cards, got {known}")
    return 0


def game_equity(
    players: Sequence[str | CardsLike],
    board: CardsLike | None = None,
    dead: CardsLike | None = None,
    game: str | Variant = "short-deck",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    trips_beat_straight: bool = False,
) -> GameEquityResult:
    """Equity of 2 to 10 players in ``game`` (see the module docs).

    Short deck takes hands or Hold'em ranges; the other games take each
    player's known cards. ``exact=True`` forces enumeration, ``trials=N``
    Monte Carlo (seeded by ``seed``). Without either, the result is exact when the
    deals fit :data:`EXACT_LIMIT`; with ranges a deal is a combo for each ranged
    player (none holding a card seen elsewhere, each weighted by its range weight)
    and a board, so ranges are exact on the flop and turn when they are narrow.

    >>> r = game_equity(["AA", "KK,QQ:0.5"], board="6c 7d 8h Js")
    >>> r.method, r.boards, [round(x, 4) for x in r.equity]
    ('exact', 2016, [0.9286, 0.0714])
    """
    variant = find_variant(game, trips_beat_straight=trips_beat_straight)
    if variant.key in ("holdem", "omaha"):  # their board paths are showdown.equity's
        raise CardError(f"game_equity covers the other showdowns; use equity() for {variant.key}")
    if isinstance(players, str) or not 2 <= len(players) <= 10:
        raise CardError("equity needs a list of 2 to 10 players")
    if exact is True and trials is not None:
        raise CardError("choose either exact=True or trials=N, not both")
    community = [c.id for c in to_cards(board)]
    dead_ids = [c.id for c in to_cards(dead)]
    full_board = max(variant.board)
    if variant.board == (0,) and community:
        raise CardError(f"{variant.key} has no board")
    if community and len(community) not in variant.board:
        raise CardError(f"{variant.key}: a board has {variant.board} cards, got {len(community)}")
    seats = _seats(players, variant)
    known = [c for s in seats for c in s.known]
    check_distinct(to_cards(known), to_cards(community + dead_ids))
    deck = set(variant.deck)
    for card in known + community + dead_ids:
        if card not in deck:
            raise CardError(f"card {to_cards([card])[0]} is not in the {variant.title} deck")
    needs = [_sizes(variant, s, n, len(community)) for n, s in enumerate(seats, start=1)]
    board_need = full_board - len(community)
    rest = sorted(deck - set(known) - set(community) - set(dead_ids))
    total = board_need + sum(needs)
    if any(s.combos is not None for s in seats):
        _drop_blocked(seats, set(known + community + dead_ids))
        if exact is not False and trials is None:
            fixed = _range_deals(seats, set(known + community + dead_ids), len(rest), board_need)
            if fixed is not None and (exact is True or fixed[2] <= EXACT_LIMIT):
                if fixed[2] > 50 * EXACT_LIMIT:
                    raise CardError(f"{fixed[2]:,} deals are too many to enumerate; use trials")
                return _exact_ranges(variant, seats, community, rest, board_need, *fixed[:2])
            if exact is True:
                raise CardError("the ranges hold too many combos to enumerate; use trials")
        return _monte_carlo(variant, seats, community, rest, board_need, needs,
                            trials or DEFAULT_TRIALS, seed)  # fmt: skip
    if total > len(rest):
        raise CardError(f"not enough cards: {total} to deal, {len(rest)} left")
    groups = [board_need, *needs]
    deals = comb(len(rest), total) * factorial(total) // prod(factorial(g) for g in groups)
    if exact is True or (exact is None and trials is None and deals <= EXACT_LIMIT):
        if deals > 50 * EXACT_LIMIT:
            raise CardError(f"{deals:,} deals are too many to enumerate; use trials")
        return _exact(variant, seats, community, rest, groups)
    return _monte_carlo(variant, seats, community, rest, board_need, needs,
                        trials or DEFAULT_TRIALS, seed)  # fmt: skip


def _splits(total: int, groups: Sequence[int]) -> np.ndarray:
    """Every way to give positions 0..total-1 to the groups (sizes ``groups``), as a
    permutation of the positions: group g takes the next ``groups[g]`` entries."""
    out: list[tuple[int, ...]] = [()]
    left = tuple(range(total))
    for size in groups:
        grown = []
        for taken in out:
            free = [p for p in left if p not in taken]
            grown += [taken + chosen for chosen in combinations(free, size)]
        out = grown
    return np.array(out, dtype=np.intp).reshape(len(out), total)


def _exact(
    variant: Variant, seats: list[_Seat], board: list[int], rest: list[int], groups: list[int]
) -> GameEquityResult:
    acc = _Accumulator(len(seats), variant.hi_lo)
    _enumerate(variant, seats, board, rest, groups, acc)
    return acc.result(variant, seats, "exact")


def _enumerate(
    variant: Variant,
    seats: list[_Seat],
    board: list[int],
    rest: list[int],
    groups: list[int],
    acc: _Accumulator,
    weight: float = 1.0,
) -> None:
    """Add every deal of ``rest`` to the groups (board, then each player) to ``acc``."""
    total = sum(groups)
    pool = np.array(rest, dtype=np.intp)
    picks = _picks(len(rest), total)
    splits = _splits(total, groups)
    for start in range(0, len(picks), max(1, _CHUNK // len(splits))):
        chunk = pool[picks[start : start + max(1, _CHUNK // len(splits))]]
        dealt = chunk[:, None, :][:, [0] * len(splits), :]
        dealt = np.take_along_axis(dealt, np.broadcast_to(splits, dealt.shape), axis=2)
        dealt = dealt.reshape(len(chunk) * len(splits), total)
        acc.add(_shares(variant, seats, board, dealt, groups), weight)


@cache
def _picks(cards: int, total: int) -> np.ndarray:
    """Every ``total`` of ``cards`` positions, one row each."""
    picks = np.array(list(combinations(range(cards), total)), dtype=np.intp)
    return picks.reshape(len(picks), total)


#: The most combo assignments :func:`_range_deals` lists before leaving ranges to Monte Carlo.
_MAX_ASSIGNMENTS = 200_000


def _range_deals(
    seats: list[_Seat], taken: set[int], rest: int, board_need: int
) -> tuple[list[tuple[tuple[int, int], ...]], list[float], int] | None:
    """Every way to give each ranged player a combo of their range (no card twice, none of
    ``taken``), with its weight (the product of the combos' weights), and the number of
    deals an exact result enumerates; None when there are too many to list."""
    ranged = [s for s in seats if s.combos is not None and s.weights is not None]
    if prod(len(s.combos) for s in ranged if s.combos is not None) > _MAX_ASSIGNMENTS:
        return None
    assignments: list[tuple[tuple[int, int], ...]] = [()]
    weights = [1.0]
    for seat in ranged:
        assert seat.combos is not None and seat.weights is not None
        grown, grown_weights = [], []
        for chosen, weight in zip(assignments, weights, strict=True):
            used = taken.union(*chosen)
            for (a, b), w in zip(seat.combos.tolist(), seat.weights.tolist(), strict=True):
                if w > 0 and a not in used and b not in used:
                    grown.append((*chosen, (a, b)))
                    grown_weights.append(weight * w)
        assignments, weights = grown, grown_weights
    if not assignments:
        raise CardError("the ranges leave no deal without a card twice")
    return assignments, weights, len(assignments) * comb(rest - 2 * len(ranged), board_need)


def _exact_ranges(
    variant: Variant,
    seats: list[_Seat],
    board: list[int],
    rest: list[int],
    board_need: int,
    assignments: list[tuple[tuple[int, int], ...]],
    weights: list[float],
) -> GameEquityResult:
    """Exact equity with Hold'em ranges: every board for every combo assignment, each
    assignment counted by its weight (the ranges' weights multiplied)."""
    acc = _Accumulator(len(seats), variant.hi_lo)
    groups = [board_need] + [0] * len(seats)
    for chosen, weight in zip(assignments, weights, strict=True):
        combos = iter(chosen)
        fixed = [_Seat(s.label, list(next(combos))) if s.combos is not None else s for s in seats]
        used = {c for combo in chosen for c in combo}
        _enumerate(variant, fixed, board, [c for c in rest if c not in used], groups, acc, weight)
    return acc.result(variant, seats, "exact")


def _monte_carlo(
    variant: Variant,
    seats: list[_Seat],
    board: list[int],
    rest: list[int],
    board_need: int,
    needs: list[int],
    trials: int,
    seed: int | None,
) -> GameEquityResult:
    rng = np.random.default_rng(seed)
    acc = _Accumulator(len(seats), variant.hi_lo)
    groups = [board_need, *needs]
    total = sum(groups)
    pool = np.array(rest, dtype=np.intp)
    done = 0
    while done < trials:
        m = min(_CHUNK, trials - done)
        chosen_seats = [s for s in seats]
        hands: list[np.ndarray | None] = []
        ok = np.ones(m, dtype=bool)
        used = np.zeros((m, 52), dtype=bool)
        for s in chosen_seats:  # ranged players: a weighted combo each, no card twice
            if s.combos is None or s.weights is None:
                hands.append(None)
                continue
            pick = rng.choice(len(s.combos), size=m, p=s.weights / s.weights.sum())
            combo = s.combos[pick]
            clash = used[np.arange(m), combo[:, 0]] | used[np.arange(m), combo[:, 1]]
            ok &= ~clash
            used[np.arange(m), combo[:, 0]] = True
            used[np.arange(m), combo[:, 1]] = True
            hands.append(combo)
        order = np.argsort(rng.random((m, len(pool))) + used[:, pool], axis=1)
        dealt = pool[order[:, :total]]
        if total and (used[np.arange(m)[:, None], dealt]).any():
            raise CardError("not enough cards left for the ranges and the deal")
        shares = _shares(variant, seats, board, dealt, groups, hands)
        acc.add(tuple(part[:, ok] for part in shares))
        done += int(ok.sum()) if ok.any() else 0
        if not ok.any():
            raise CardError("the ranges leave no deal without a card twice")
    return acc.result(variant, seats, "monte-carlo")


def _shares(
    variant: Variant,
    seats: list[_Seat],
    board: list[int],
    dealt: np.ndarray,
    groups: list[int],
    ranged: list[np.ndarray | None] | None = None,
) -> tuple[np.ndarray, ...]:
    """Per deal and player: (total share, high-half share, low-half share)."""
    n = len(dealt)
    full_board = np.concatenate(
        [np.broadcast_to(np.array(board, dtype=np.intp), (n, len(board))), dealt[:, : groups[0]]],
        axis=1,
    )
    values = []  # per ladder: (players, n)
    start = groups[0]
    cards = []
    for k, seat in enumerate(seats):
        own = ranged[k] if ranged is not None and ranged[k] is not None else None
        if own is None:
            own = np.broadcast_to(np.array(seat.known, dtype=np.intp), (n, len(seat.known)))
        got = dealt[:, start : start + groups[k + 1]]
        start += groups[k + 1]
        cards.append(np.concatenate([own, got], axis=1))
    for index in range(len(variant.ladders)):
        per_player = []
        for hand in cards:
            if variant.use == "omaha":
                result = evaluate_game_omaha_batch(hand, full_board, variant, check=False)
            elif variant.use == "any":
                result = evaluate_game_batch(
                    np.concatenate([hand, full_board], axis=1), variant, check=False
                )
            else:
                result = evaluate_game_batch(hand, variant, check=False)
            per_player.append(result[:, index] if result.ndim == 2 else result)
        values.append(np.stack(per_player).astype(np.int64))
    portions = []
    for index, ladder in enumerate(variant.ladders):
        v = values[index]
        best = v.min(axis=0)
        qualifies = best < no_hand(ladder)
        winners = (v == best) & qualifies
        portions.append(winners / np.maximum(winners.sum(axis=0), 1))
    if len(portions) == 1:
        return portions[0], portions[0], np.zeros_like(portions[0])
    high, low = portions
    has_low = low.sum(axis=0) > 0
    total = high * np.where(has_low, 0.5, 1.0) + low * 0.5
    return total, high, low


class _Accumulator:
    def __init__(self, players: int, hi_lo: bool) -> None:
        self.n = 0
        self.weight = 0.0  # the deals' total weight (their number, unless ranges weigh them)
        self.hi_lo = hi_lo
        self.sums = np.zeros((6, players))

    def add(self, shares: tuple[np.ndarray, ...], weight: float = 1.0) -> None:
        total, high, low = shares
        self.n += total.shape[1]
        self.weight += weight * total.shape[1]
        sums = (
            total.sum(axis=1),
            (total * total).sum(axis=1),
            (total >= 1 - 1e-12).sum(axis=1),
            ((total > 0) & (total < 1 - 1e-12)).sum(axis=1),
            high.sum(axis=1),
            low.sum(axis=1),
        )
        for row, part in enumerate(sums):
            self.sums[row] += part if weight == 1.0 else weight * part

    def result(
        self, variant: Variant, seats: list[_Seat], method: Literal["exact", "monte-carlo"]
    ) -> GameEquityResult:
        n = max(self.n, 1)
        mean = self.sums / (self.weight if self.weight > 0 else n)
        equity = tuple(mean[0].tolist())
        stderr = None
        if method == "monte-carlo":
            variance = np.maximum(mean[1] - mean[0] ** 2, 0) / max(n - 1, 1)
            stderr = tuple(np.sqrt(variance).tolist())
        hi_lo = self.hi_lo
        return GameEquityResult(
            hands=tuple(s.label for s in seats),
            equity=equity,
            win=tuple(mean[2].tolist()),
            tie=tuple(mean[3].tolist()),
            method=method,
            game=variant.key,
            boards=self.n if method == "exact" else None,
            trials=self.n if method == "monte-carlo" else None,
            stderr=stderr,
            high=tuple(mean[4].tolist()) if hi_lo else None,
            low=tuple(mean[5].tolist()) if hi_lo else None,
            scoop=tuple(mean[2].tolist()) if hi_lo else None,
        )
