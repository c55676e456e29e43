"""Equity: exact results against a brute force built on the independent reference
evaluator (``tests/helpers/reference.py``), published figures, Monte Carlo against exact,
ranges and their weighting, Omaha, and input errors."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import reference as ref
from helpers.equity_brute import assert_matches, brute, card_ids
from showdown.cards import Card, CardError
from showdown.hands.batch import evaluate_batch
from showdown.odds.equity import EXACT_WORK_LIMIT, EquityResult, equity
from showdown.odds.ranges import RangeError, parse_range

#: Every test here runs on the native kernel and on the numpy path (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("backend")


# ------------------------------------------------------------------ published


def test_aces_against_kings_published_counts() -> None:
    r = equity(["AcAd", "KhKs"])
    assert r.method == "exact" and r.boards == 1_712_304
    assert round(r.win[0] * r.boards) == 1_388_072
    assert round(r.win[1] * r.boards) == 317_694
    assert round(r.tie[0] * r.boards) == round(r.tie[1] * r.boards) == 6_538
    assert r.equity[0] == pytest.approx((1_388_072 + 6_538 / 2) / 1_712_304, abs=1e-12)


def test_preflop_against_batch_evaluator() -> None:
    """A whole preflop enumeration against the numpy batch evaluator, board by board."""
    hands = [card_ids("Ah Kh"), card_ids("7c 7d"), card_ids("Qs Js")]
    deck = np.array(sorted(set(range(52)) - {c for h in hands for c in h}))
    boards = deck[ref.combinations_array(len(deck), 5).astype(np.int64)]
    ranks = np.stack(
        [
            evaluate_batch(np.concatenate([np.broadcast_to(h, (len(boards), 2)), boards], axis=1))
            for h in hands
        ]
    )
    is_best = ranks == ranks.min(axis=0)
    count = is_best.sum(axis=0)
    r = equity(["AhKh", "7c7d", "QsJs"])
    assert r.boards == comb(46, 5)
    np.testing.assert_allclose(r.equity, (is_best / count).mean(axis=1), atol=1e-12)
    np.testing.assert_allclose(r.win, (is_best & (count == 1)).mean(axis=1), atol=1e-12)


# ---------------------------------------------------------------- brute force


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AhKh", "2c2d"], "Qh Jh 3c", ""),
        (["AhKh", "2c2d", "Ts9s"], "Qh Jh 3c", ""),
        (["AhKh", "2c2d", "Ts9s", "QcQd"], "Qh Jh 3c 8s", ""),
        (["5c4c", "Ad5d", "Kh5h"], "5s 3c 2c", "6c 9c"),
        (["AsKd", "AcKh"], "Qs Js 2d 3h", ""),
        (["7h7d", "AcAs"], "Kd 7s 2c 2h 9d", ""),
    ],
)
def test_hands_match_brute_force(players: list[str], board: str, dead: str) -> None:
    assert_matches(equity(players, board=board, dead=dead), brute(players, board, dead))


@settings(max_examples=25, deadline=None)
@given(
    st.permutations(range(52)),
    st.integers(2, 4),
    st.sampled_from([3, 4, 5]),
    st.integers(0, 2),
)
def test_random_deals_match_brute_force(
    deck: list[int], players: int, board_size: int, dead_size: int
) -> None:
    if board_size == 3:
        players = 2  # keep the flop brute force small
    cards = [str(Card.from_id(c)) for c in deck]
    hands = ["".join(cards[2 * i : 2 * i + 2]) for i in range(players)]
    board = " ".join(cards[2 * players : 2 * players + board_size])
    dead = " ".join(cards[2 * players + board_size : 2 * players + board_size + dead_size])
    assert_matches(equity(hands, board=board, dead=dead), brute(hands, board, dead))


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AA:0.5, KQs", "JJ, AhKh"], "Jh 7c 2d"),
        (["QQ+, AKs:0.25", "9s8s", "T9s, 22"], "9c 8c 2h 2d"),
        (["random", "AA"], "2c 7d 9h Ts 3s"),
        (["AK, KQ:0.3", "QQ-TT", "AcJc"], "Kc Qh Td 2s"),
    ],
)
def test_ranges_match_brute_force(players: list[str], board: str) -> None:
    assert_matches(equity(players, board=board), brute(players, board))


def test_conflicting_combos_are_removed_and_weighted() -> None:
    # The board's Ah removes three AA combos, the fixed KsQs removes AsKs and three KK
    # combos from the first range and the Ks/Qs combos from the third; only deals
    # without a shared card count, each with the product of its combos' weights.
    players = ["AA:0.5, AsKs, KK:0.2", "KsQs", "AK:0.7, QQ"]
    board = "Ah 7c 2d 3s"
    r = equity(players, board=board)
    assert_matches(r, brute(players, board))
    assert r.boards is not None and r.boards % comb(52 - 4 - 2 - 4, 1) == 0


def test_range_of_one_combo_equals_the_hand() -> None:
    a = equity(["AhKh", "QQ"], board="Qh 7h 2c")
    b = equity([parse_range("AhKh"), "QQ"], board="Qh 7h 2c")
    assert a.equity == b.equity and a.win == b.win and a.tie == b.tie


def test_suit_isomorphism_preflop_matches_each_deal() -> None:
    """AKs against QQ: 24 deals, merged by suit permutation; each deal computed alone."""
    r = equity(["AKs", "QQ"])
    assert r.method == "exact" and r.boards == 41_095_296
    singles = [
        equity([f"A{s}K{s}", f"Q{a}Q{b}"])
        for s in "cdhs"
        for a, b in itertools.combinations("cdhs", 2)
    ]
    assert len(singles) == 24 and sum(x.boards or 0 for x in singles) == 41_095_296
    for p in range(2):
        assert r.equity[p] == pytest.approx(np.mean([x.equity[p] for x in singles]), abs=1e-12)
        assert r.tie[p] == pytest.approx(np.mean([x.tie[p] for x in singles]), abs=1e-12)


def test_three_way_ranges_preflop_match_each_deal() -> None:
    """Ranges, a fixed hand and suit symmetry (c<->d, h<->s fix JcJd) in a 3-way preflop."""
    r = equity(["AKs", "QQ:0.5, KhKd", "JcJd"])
    deals = [
        (f"A{s}K{s}", q, w)
        for s in "cdhs"
        for q, w in [(f"Q{a}Q{b}", 0.5) for a, b in itertools.combinations("cdhs", 2)]
        + [("KhKd", 1.0)]
        if not (q == "KhKd" and s in "hd")
    ]
    singles = [(equity([a, q, "JcJd"]), w) for a, q, w in deals]
    total = sum(w for _, w in singles)
    assert r.boards == sum(x.boards or 0 for x, _ in singles)
    for p in range(3):
        expected = sum(w * x.equity[p] for x, w in singles) / total
        assert r.equity[p] == pytest.approx(expected, abs=1e-12)
        expected_tie = sum(w * x.tie[p] for x, w in singles) / total
        assert r.tie[p] == pytest.approx(expected_tie, abs=1e-12)


def test_weighted_range_preflop_matches_weighted_deals() -> None:
    r = equity(["AKs:0.5, AhKd", "QcQd"])
    parts = {"AcKc": 0.5, "AdKd": 0.5, "AhKh": 0.5, "AsKs": 0.5, "AhKd": 1.0}
    singles = {h: equity([h, "QcQd"]) for h in parts}
    total = sum(parts.values())
    expected = sum(w * singles[h].equity[0] for h, w in parts.items()) / total
    assert r.equity[0] == pytest.approx(expected, abs=1e-12)


def test_dead_cards_change_the_deck() -> None:
    live = equity(["AhKh", "QsQd"], board="Jh Th 2c")
    dead = equity(["AhKh", "QsQd"], board="Jh Th 2c", dead="Qh 9h 3h")
    assert dead.boards == comb(52 - 3 - 4 - 3, 2) and live.boards == comb(45, 2)
    assert dead.equity[0] < live.equity[0]
    assert_matches(dead, brute(["AhKh", "QsQd"], "Jh Th 2c", "Qh 9h 3h"))


def test_ten_players_preflop_exact() -> None:
    hands = ["AcAd", "KcKd", "QcQd", "JcJd", "TcTd", "9c9d", "8c8d", "7c7d", "6c6d", "5c5d"]
    r = equity(hands)
    assert r.method == "exact" and r.boards == comb(32, 5)
    assert sum(r.equity) == pytest.approx(1.0, abs=1e-12)
    assert r.equity[0] == max(r.equity)


# ---------------------------------------------------------------- Monte Carlo


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["AcAd", "KhKs"], ""),
        (["QQ+, AKs", "JJ, AQs:0.5"], ""),
        (["QQ+, AKs", "JJ, AQs:0.5", "random"], "Qd 7s 2s"),
        (["AhKh", "2c2d", "Ts9s"], "Qh Jh 3c"),
        (["AK, KQ:0.3", "QQ-TT"], "Kc Qh Td"),
    ],
)
def test_monte_carlo_within_standard_errors_of_exact(players: list[str], board: str) -> None:
    exact = equity(players, board=board, exact=True)
    mc = equity(players, board=board, trials=300_000, seed=11)
    assert mc.method == "monte-carlo" and mc.trials == 300_000 and mc.stderr is not None
    for p in range(len(players)):
        assert 0 < mc.stderr[p] < 0.01
        assert abs(mc.equity[p] - exact.equity[p]) < 4.5 * mc.stderr[p]
    assert sum(mc.equity) == pytest.approx(1.0, abs=1e-9)


def test_seed_reproducibility() -> None:
    a = equity(["AK", "22+"], trials=50_000, seed=5)
    b = equity(["AK", "22+"], trials=50_000, seed=5)
    c = equity(["AK", "22+"], trials=50_000, seed=6)
    assert a == b
    assert a.equity != c.equity


def test_method_selection() -> None:
    assert equity(["AcAd", "KhKs"]).method == "exact"
    wide = equity(["random", "random"], seed=1)
    assert wide.method == "monte-carlo" and wide.trials == 1_000_000
    assert equity(["AcAd", "KhKs"], exact=False, seed=1).method == "monte-carlo"
    forced = equity(["AcAd", "KhKs"], trials=1000, seed=1)
    assert forced.method == "monte-carlo" and forced.trials == 1000
    assert EXACT_WORK_LIMIT >= 2 * 1_712_304


def test_progress_callback() -> None:
    seen: list[float] = []
    equity(["AKs", "QQ"], progress=seen.append)
    assert seen and seen[-1] == 1.0 and seen == sorted(seen)
    seen.clear()
    equity(["AKs", "QQ"], trials=500_000, seed=1, progress=seen.append)
    assert seen[-1] == 1.0 and len(seen) > 1


def test_result_json() -> None:
    r = equity(["AhKh", "QQ"], board="Qh 7h 2c")
    doc = r.to_json()
    assert list(doc) == ["players", "method", "boards"]
    assert doc["players"][0] == {
        "hand": "AhKh",
        "equity": r.equity[0],
        "win": r.win[0],
        "tie": r.tie[0],
    }
    assert doc["players"][1]["hand"] == "QQ"
    mc = equity(["AhKh", "QQ"], trials=1000, seed=2).to_json()
    assert list(mc) == ["players", "method", "trials", "stderr"]
    assert mc["method"] == "monte-carlo" and len(mc["stderr"]) == 2


# ---------------------------------------------------------------------- Omaha


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["Ac Ad Kc Kd", "Ah Qh Jh Th"], "2h 7h 9c"),
        (["As Ks Qd Jd", "9c 8c 7h 6h", "Ah Ad 2s 3s"], "Ts 9s 2d 5c"),
        (["As Ks Qd Jd 2c", "9c 8c 7h 6h 5d 4d"], "Ts 9s 2d"),
    ],
)
def test_omaha_exact_matches_brute_force(players: list[str], board: str) -> None:
    r = equity(players, board=board, game="omaha")
    assert_matches(r, brute(players, board, game="omaha"))


@pytest.mark.parametrize(
    ("players", "board"),
    [
        (["Ac Ad Kc Kd", "AsAhKdKh:0.5, QQJTds, 98xxds:0.25"], "2h 7h 9c 3s"),
        (["KKQQds", "Ts 9s 8d 7d", "QQJJ:0.5"], "Ah Kh 2c"),
        (["AsAhKdKc:0.75, AcAdKhKs:0.25", "QhQsJdTd"], "2c 7d 9h"),
    ],
)
def test_omaha_ranges_exact_match_brute_force(players: list[str], board: str) -> None:
    """Weighted Omaha ranges, hand against range and range against range, exactly."""
    r = equity(players, board=board, game="omaha", workers=1)
    assert r.note.startswith("exact")
    assert_matches(r, brute(players, board, game="omaha"))
    assert equity(players, board=board, game="omaha", workers=2) == r


def test_omaha_ranges_past_the_bound_are_monte_carlo() -> None:
    r = equity(["AAxx", "KKxx"], board="2h 7h 9c", game="omaha", trials=2000, seed=1)
    assert r.method == "monte-carlo"
    r = equity(["AAxx", "KKxx"], board="2h 7h 9c", game="omaha", time=0.5, seed=1)
    assert r.method == "monte-carlo" and "deals" in r.note


def test_omaha_preflop_trials_are_monte_carlo() -> None:
    """``trials=N`` keeps preflop Omaha sampled; exact preflop is tests/odds/test_omaha_exact.py
    (issue 10b lifted the old "exact Omaha equity needs a flop" error)."""
    r = equity(["Ac Ad Kc Kd", "Ah Qh Jh Th"], game="omaha", trials=20_000, seed=3)
    assert r.method == "monte-carlo" and r.trials == 20_000
    assert equity(["Ac Ad Kc Kd", "Ah Qh Jh Th"], game="omaha", trials=20_000, seed=3) == r


def test_omaha_monte_carlo_near_exact_on_the_flop() -> None:
    players, board = ["As Ks Qd Jd", "9c 8c 7h 6h"], "Ts 9s 2d"
    exact = equity(players, board=board, game="omaha")
    mc = equity(players, board=board, game="omaha", trials=40_000, seed=4)
    assert mc.stderr is not None
    assert abs(mc.equity[0] - exact.equity[0]) < 4.5 * mc.stderr[0]


# --------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"players": ["AcAd"]}, CardError, "2 to 10 players"),
        ({"players": ["AA"] * 11}, CardError, "2 to 10 players"),
        ({"players": ["AcAd", "AcKs"]}, CardError, "Ac"),
        ({"players": ["AcAd", "KK"], "board": "Ac 2d 3h"}, CardError, "Ac"),
        ({"players": ["AcAd", "KK"], "board": "2c"}, CardError, "0, 3, 4 or 5"),
        ({"players": ["AcAd", "KK"], "board": "2c 3c"}, CardError, "0, 3, 4 or 5"),
        ({"players": ["AcAd", "AcAs, AdAh"]}, CardError, "no combo left"),
        ({"players": ["AcAd", "QQ+, AKz"]}, RangeError, "'AKz'"),
        ({"players": ["AcAd", "KK"], "exact": True, "trials": 10}, CardError, "either"),
        ({"players": ["AcAd", "KK"], "trials": 0}, ValueError, "trials must be from 1"),
        ({"players": ["AcAd", "KK"], "game": "razz"}, CardError, "razz"),
        ({"players": ["AcAd", "KK"], "game": "omaha"}, CardError, "Omaha"),
        ({"players": ["AcAdKc", "KhKs"]}, RangeError, "AcAdKc"),
        ({"players": ["AcAc", "KhKs"]}, CardError, "duplicate"),
        ({"players": ["AsAh,AsAd", "AsKs,AsQs"]}, CardError, "no deal"),
    ],
)
def test_bad_input(kwargs: dict, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        equity(**kwargs)


def test_top_level_exports() -> None:
    import showdown

    assert showdown.equity is equity
    assert showdown.EquityResult is EquityResult
    assert showdown.parse_range is parse_range
    assert isinstance(showdown.equity(["AcAd", "KhKs"]), EquityResult)


def test_weighted_ranges_against_a_weighted_brute_force() -> None:
    """Weights apply in exact sums and in Monte Carlo sampling alike (issue 10)."""
    players = ["AKs:0.5, QQ+:0.25, AhKd", "JJ:0.5, AhKh, 72o:0.05"]
    board = "Kc 7d 2s"
    eq, win, tie = brute(players, board)
    exact = equity(players, board=board, exact=True, workers=1)
    np.testing.assert_allclose(exact.equity, eq, atol=1e-12)
    np.testing.assert_allclose(exact.win, win, atol=1e-12)
    np.testing.assert_allclose(exact.tie, tie, atol=1e-12)
    mc = equity(players, board=board, trials=200_000, seed=3, workers=1)
    assert mc.stderr is not None
    for p in range(2):
        assert abs(mc.equity[p] - eq[p]) < 4.5 * mc.stderr[p]
