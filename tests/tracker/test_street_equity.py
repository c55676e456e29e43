"""The known hands' equity at a street (:mod:`showdown.tracker.street_equity`): who
contends, which cards are out of the deck, and the figures against a brute force."""

from __future__ import annotations

import pytest

import showdown
from helpers.equity_brute import brute
from showdown.tracker.street_equity import street_equity


def test_the_other_known_cards_are_out_of_the_deck() -> None:
    holes = [["As", "Ks"], ["Qh", "Qd"], ["2s", "??"], ["7s", "6s"]]
    found = street_equity("flop", ["Ts", "9s", "2c"], holes, [False, False, False, True],
                          "holdem")
    assert found["players"] == [0, 1] and found["unknown"] == 1
    dead = "2s 7s 6s"  # a known card of the unknown hand, the folded hand's cards
    mine = showdown.equity(["AsKs", "QhQd"], board="Ts9s2c", dead=dead, exact=True)
    assert found["equity"] == list(mine.equity)
    assert found["boards"] == mine.boards == 861  # C(42, 2): 52 less 4 held, 3 out, 3 dead
    eq, win, tie = brute(["AsKs", "QhQd"], "Ts 9s 2c", dead)
    assert found["equity"] == pytest.approx(list(eq), abs=1e-12)
    assert found["win"] == pytest.approx(list(win), abs=1e-12)
    assert found["tie"] == pytest.approx(list(tie), abs=1e-12)


def test_an_earlier_run_s_cards_are_out_of_the_deck() -> None:
    holes = [["Ac", "Ad"], ["Kc", "Kd"]]
    found = street_equity("turn", ["2h", "7s", "9d"], holes, [False, False], "holdem",
                          earlier_runs=[["2h", "7s", "9d", "Ah", "Kh"]])
    mine = showdown.equity(["AcAd", "KcKd"], board="2h7s9d", dead="AhKh", exact=True)
    assert found["equity"] == list(mine.equity) and found["boards"] == 903  # C(43, 2)


def test_ties_split_and_the_shares_add_up_to_one() -> None:
    holes = [["Ac", "Kd"], ["Ad", "Kc"], ["2h", "2d"]]
    found = street_equity("turn", ["Qs", "Js", "Th", "3c"], holes, [False] * 3, "holdem")
    assert sum(found["equity"]) == pytest.approx(1.0, abs=1e-12)
    assert found["tie"][0] == found["tie"][1] > 0.9  # the straight is split
    assert found["equity"][0] == found["equity"][1]


def test_omaha_and_too_few_known_hands() -> None:
    holes = [["Ah", "Kh", "Qc", "Jc"], ["9s", "9d", "8s", "7d"]]
    found = street_equity("flop", ["9h", "Th", "2c"], holes, [False, False], "omaha")
    mine = showdown.equity(["AhKhQcJc", "9s9d8s7d"], board="9hTh2c", game="omaha", exact=True)
    assert found["equity"] == list(mine.equity)
    alone = street_equity("flop", ["9h", "Th", "2c"], holes, [False, True], "omaha")
    assert alone["note"] == "few_known_hands" and alone["players"] == []


def test_a_spot_the_equity_cannot_take_is_a_note() -> None:
    found = street_equity("flop", ["9h", "Th", "2c"], [["Ah", "Kh"], ["Ah", "Qd"]],
                          [False, False], "holdem")
    assert found["note"] == "not_computed" and "Ah" in found["reason"]
