"""Per-combo equity against a brute force over the independent reference evaluator
(``tests/helpers/reference.py``): every deal of combos, every board, each combo's share of
the player's deals and its pot share; Monte Carlo against exact; the distribution,
the JSON, and a progress callback that stops the work."""

from __future__ import annotations

import functools
import itertools
from collections import defaultdict

import pytest

from helpers import reference as ref
from showdown.cards import Card, CardError, parse_cards
from showdown.odds.equity import equity
from showdown.odds.per_combo import ComboEquity, PerComboResult, per_combo_equity
from showdown.odds.ranges import parse_range
from showdown.odds.ranges.omaha import parse_omaha_range

#: Every test here runs on the native kernel and on the numpy path (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("backend")


def _ids(text: str) -> list[int]:
    return [c.id for c in parse_cards(text)]


def _label(ids: tuple[int, ...]) -> str:
    return "".join(str(Card.from_id(i)) for i in ids)


def _player(spec: str, game: str) -> list[tuple[tuple[int, ...], float]]:
    """A player's combos and weights, read independently of the code under test where
    it can be (explicit hands); ranges through the range parsers."""
    try:
        cards = tuple(_ids(spec))
        if (game == "holdem" and len(cards) == 2) or (game == "omaha" and len(cards) == 4):
            return [(cards, 1.0)]
    except CardError:
        pass
    if game == "omaha":
        r = parse_omaha_range(spec)
        return [(tuple(c), float(w)) for c, w in zip(r.combos.tolist(), r.weights, strict=True)]
    return [(tuple(c), w) for c, w in parse_range(spec).items()]


@functools.cache
def brute_force(
    players: tuple[str, ...], board: str, game: str = "holdem"
) -> list[dict[str, tuple[float, float, float, float]]]:
    """Per player: combo label -> (weight share, equity, win, tie), from every deal and
    every board, with the reference evaluator."""
    known = _ids(board)
    seats = [[(c, w) for c, w in _player(p, game) if not set(c) & set(known)] for p in players]
    sums: list[dict[tuple[int, ...], list[float]]] = [
        defaultdict(lambda: [0.0, 0.0, 0.0, 0.0]) for _ in players
    ]
    for deal in itertools.product(*seats):
        cards = [x for combo, _ in deal for x in combo]
        if len(set(cards)) != len(cards):
            continue
        weight = 1.0
        for _, w in deal:
            weight *= w
        deck = [c for c in range(52) if c not in set(cards) | set(known)]
        runs = list(itertools.combinations(deck, 5 - len(known)))
        shares = [0.0] * len(players)
        wins = [0.0] * len(players)
        ties = [0.0] * len(players)
        for run in runs:
            full = known + list(run)
            if game == "omaha":
                keys = [ref.omaha_key(combo, full) for combo, _ in deal]
            else:
                keys = [ref.best_key(list(combo) + full) for combo, _ in deal]
            best = max(keys)
            winners = [i for i, k in enumerate(keys) if k == best]
            for i in winners:
                shares[i] += 1 / len(winners)
                if len(winners) == 1:
                    wins[i] += 1
                else:
                    ties[i] += 1
        for p, (combo, _) in enumerate(deal):
            row = sums[p][combo]
            row[0] += weight
            row[1] += weight * shares[p] / len(runs)
            row[2] += weight * wins[p] / len(runs)
            row[3] += weight * ties[p] / len(runs)
    out = []
    for table in sums:
        total = sum(row[0] for row in table.values())
        out.append(
            {
                _label(combo): (row[0] / total, row[1] / row[0], row[2] / row[0], row[3] / row[0])
                for combo, row in table.items()
            }
        )
    return out


def _check(result: PerComboResult, expected: list[dict[str, tuple[float, ...]]]) -> None:
    assert len(result.rows) == len(expected)
    for rows, want in zip(result.rows, expected, strict=True):
        got = {r.combo: (r.weight, r.equity, r.win, r.tie) for r in rows}
        if len(rows) == 1:  # a fixed hand: its one row is the player's result
            (combo,) = got
            assert got[combo][0] == 1.0
            continue
        assert set(got) == set(want)
        for combo, values in want.items():
            assert got[combo] == pytest.approx(values, abs=1e-12), combo


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AhKh", "QQ+, AcKc, 87s:0.5"], "Qh Jh 3c 2s"),  # a hand against a weighted range
        (["TT+", "AKs, AQs, 76s"], "Ac 7d 6d 2h"),  # two ranges: card removal weighs combos
        (["AhAd", "KK:0.25, QsJs", "T9s"], "Qh Jh 3c 4d"),  # three players
    ],
)
def test_exact_per_combo_matches_the_brute_force(players: list[str], board: str) -> None:
    result = per_combo_equity(players, board=board)
    assert result.result.method == "exact"
    _check(result, brute_force(tuple(players), board))


@pytest.mark.slow  # the reference ranks every Omaha hand in Python: about a minute
def test_omaha_per_combo_matches_the_brute_force() -> None:
    players = ["AsAhKd2c", "KKxxds"]
    board = "Jh 7s 6d 2h"
    result = per_combo_equity(players, board=board, game="omaha")
    _check(result, brute_force(tuple(players), board, "omaha"))


@pytest.mark.parametrize("players", [["JsTs", "20%"], ["QQ+, AK", "20%", "8c7c"]])
def test_the_players_equity_is_the_weighted_mean_of_its_rows(players: list[str]) -> None:
    result = per_combo_equity(players, board="Jh 7s 7d")
    plain = equity(players, board="Jh 7s 7d")
    assert result.result == plain
    for p, rows in enumerate(result.rows):
        assert sum(r.weight for r in rows) == pytest.approx(1.0)
        for field in ("equity", "win", "tie"):
            mean = sum(r.weight * getattr(r, field) for r in rows)
            assert mean == pytest.approx(getattr(plain, field)[p], abs=1e-12)
        assert [r.equity for r in rows] == sorted((r.equity for r in rows), reverse=True)


def test_monte_carlo_per_combo_agrees_with_exact() -> None:
    players = ["JsTs", "QQ+, AK, 77"]
    board = "Jh 7s 2d"
    exact = per_combo_equity(players, board=board)
    sampled = per_combo_equity(players, board=board, trials=200_000, seed=3)
    assert sampled.result.method == "monte-carlo" and sampled.result.trials == 200_000
    assert sampled.result.stderr is not None
    for p in range(2):
        assert abs(sampled.result.equity[p] - exact.result.equity[p]) < 5 * sampled.result.stderr[p]
    want = {r.combo: r for r in exact.rows[1]}
    for row in sampled.rows[1]:
        # each combo gets about 1/len(range) of 200,000 samples: a few tenths of a point
        assert abs(row.equity - want[row.combo].equity) < 0.03, row.combo
        assert abs(row.weight - want[row.combo].weight) < 0.01, row.combo
    again = per_combo_equity(players, board=board, trials=200_000, seed=3)
    assert again == sampled  # reproducible with a seed


def test_monte_carlo_per_combo_of_deals_too_many_to_list() -> None:
    """Three ranges whose deals are too many to list (over ``LIST_DEALS``): the kernel
    draws each deal whole by weight (the numpy path: the sequential sampler). Each combo's
    share of the deals is known exactly from the deals listed here; the players' equity
    agrees with :func:`equity`'s own Monte Carlo."""
    import numpy as np

    from showdown.odds.board_vectors import SUIT_MAJOR_BIT
    from showdown.odds.deals import enumerate_deals
    from showdown.odds.holdem_jobs import LIST_DEALS
    from showdown.odds.seats import seat_players

    players, board = ["99+, AK, AQ, AJ", "88+, KQ, KJ, AT", "77+, QJ, JT, KT"], "Qh 7s 2d 5c"
    seats, _, _ = seat_players(players, board, None, "holdem")
    masks = [SUIT_MAJOR_BIT[s.combos].sum(axis=1, dtype=np.uint64) for s in seats]
    listed = enumerate_deals(masks, [s.weights for s in seats], 10**7)
    assert listed is not None and len(listed[0]) > LIST_DEALS
    sampled = per_combo_equity(players, board=board, trials=150_000, seed=3)
    plain = equity(players, board=board, trials=300_000, seed=4)
    assert sampled.result.stderr is not None and plain.stderr is not None
    for p in range(3):
        error = np.hypot(sampled.result.stderr[p], plain.stderr[p])
        assert abs(sampled.result.equity[p] - plain.equity[p]) < 5 * error, p
        share = np.bincount(listed[0][:, p], minlength=len(seats[p].combos)) / len(listed[0])
        want = {_label(tuple(seats[p].combos[i])): share[i] for i in range(len(share))}
        for row in sampled.rows[p]:  # within 6 standard errors of a share of 150,000 draws
            sigma = np.sqrt(want[row.combo] * (1 - want[row.combo]) / 150_000)
            assert abs(row.weight - want[row.combo]) < 6 * sigma, (p, row.combo)
        assert sum(row.weight for row in sampled.rows[p]) == pytest.approx(1.0)


def test_distribution_and_json() -> None:
    result = per_combo_equity(["AhKh", "QQ, AcKc, 76s"], board="Qh Jh 3c")
    curve = result.distribution()[1]
    assert [share for share, _ in curve] == sorted(share for share, _ in curve)
    assert curve[-1][0] == pytest.approx(1.0)
    assert [eq for _, eq in curve] == sorted((eq for _, eq in curve), reverse=True)
    doc = result.to_json()
    assert doc["players"] == result.result.to_json()["players"]
    rows = doc["per_combo"][1]
    assert list(rows[0]) == ["combo", "weight", "equity", "win", "tie"]
    assert len(doc["per_combo"][0]) == 1 and doc["per_combo"][0][0]["combo"] == "AhKh"
    assert ComboEquity(**rows[0]) == result.rows[1][0]


class Stop(Exception):
    pass


@pytest.mark.parametrize(
    ("players", "board", "trials"),
    [
        (["AhKh", "QQ+"], "2c 7d 9h", None),  # exact: one task, the error still propagates
        (["AhKh", "random"], None, 2_000_000),  # Monte Carlo: 31 tasks, stopped after one
    ],
)
def test_an_exception_in_the_progress_callback_stops_the_work(
    players: list[str], board: str | None, trials: int | None
) -> None:
    calls: list[float] = []

    def progress(fraction: float) -> None:
        calls.append(fraction)
        raise Stop

    with pytest.raises(Stop):
        per_combo_equity(players, board=board, trials=trials, seed=1, progress=progress)
    assert len(calls) == 1  # the first report stopped it: nothing ran after it


def test_bad_input_is_refused() -> None:
    with pytest.raises(CardError, match="holdem and omaha"):
        per_combo_equity(["AhKh", "QQ"], game="razz")
    with pytest.raises(TypeError, match="progress"):
        per_combo_equity(["AhKh", "QQ"], progress="yes")  # type: ignore[arg-type]


def test_omaha_monte_carlo_per_combo_agrees_with_exact() -> None:
    players, board = ["AsAhKd2c", "KKxxds"], "Jh 7s 6d"
    exact = per_combo_equity(players, board=board, game="omaha")
    sampled = per_combo_equity(players, board=board, game="omaha", trials=100_000, seed=2)
    assert sampled.result.stderr is not None
    assert abs(sampled.result.equity[0] - exact.result.equity[0]) < 5 * sampled.result.stderr[0]
    want = {r.combo: r.equity for r in exact.rows[1]}
    assert {r.combo for r in sampled.rows[1]} == set(want)
    # about 310 samples per combo: each within 6 of its standard errors (at most 0.5 / sqrt(310))
    assert all(abs(r.equity - want[r.combo]) < 0.17 for r in sampled.rows[1])
