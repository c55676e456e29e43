"""The replayer's steps (:mod:`showdown.tracker.replayer`) on real hands of the rooms' files.

At every step the stacks, the bets in front and the pot hold exactly the chips of the
start; the last step's stacks are the settlement's finishing stacks; the equities at
each street add up to one, are given for the hands still in whose cards are known, and
equal the library's exact equity and a brute force computed here for a flop spot.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

import showdown
from helpers.equity_brute import brute
from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory, loads
from showdown.phh.settlement import settle
from showdown.tracker.replayer import replay_steps

#: Files with every kind of hand the replayer meets: tournaments with antes, a hand run
#: twice, heads-up, Omaha and Omaha hi-lo, Courchevel, stud and draw, a cap game, dead
#: blinds, decimal stakes.
FILES = [
    "pokerstars-tournament.txt",
    "pokerstars-cash-run-twice.txt",
    "ipoker-cash-hu.xml",
    "partypoker-cash-omaha.txt",
    "wpn-handwritten-games.txt",
    "fulltilt-handwritten-courchevel.txt",
    "pokerstars-handwritten-stud-draw.txt",
    "fulltilt-cash-cap.txt",
    "pokerstars-cash-dead-small-blinds.txt",
    "888-cash-dead-blind.txt",
    "winamax-cash-incognito.txt",
    "ggpoker-handwritten-games.txt",
]
CODES = {"start", "post", "deal", "fold", "check", "call", "bet", "raise", "complete", "draw",
         "show", "muck", "win", "end"}


def hands_of(name: str) -> list[HandHistory]:
    _, hands = read_file(ROOMS / name)
    found = [h for h in hands if isinstance(h, HandHistory)]
    assert found, name
    return found


def exact(x: Any) -> Fraction:
    """A step's number exactly: the decimal it is written as (0.1 is one tenth)."""
    return Fraction(repr(x))


def total(step: dict[str, Any]) -> Fraction:
    return sum(map(exact, step["stacks"] + step["in_front"]), exact(step["pot"]))


@pytest.mark.parametrize("name", FILES)
def test_chips_are_conserved_and_end_as_the_settlement_says(name: str) -> None:
    for hand in hands_of(name):
        steps = replay_steps(hand)
        start = steps[0]
        assert start["action"] == "start" and start["pot"] == 0
        chips = total(start)
        assert chips > 0
        for k, step in enumerate(steps):
            assert step["n"] == k and step["action"] in CODES, step
            assert total(step) == chips, (hand, step)
            assert len(step["stacks"]) == len(start["players"]) == len(step["holes"])
        settled = settle(hand)
        last = steps[-1]
        assert last["action"] == "win", (hand, last)
        scale = settled.replay.scale
        assert settled.finishing is not None
        assert [exact(x) for x in last["stacks"]] == [
            Fraction(f, scale) for f in settled.finishing
        ], hand
        assert last["pot"] == 0 and not any(last["in_front"])
        won = {w["player"]: exact(w["amount"]) for w in last["winners"]}
        assert won == {i: Fraction(w, scale) for i, w in enumerate(settled.winnings or []) if w}


@pytest.mark.parametrize("name", FILES)
def test_equities_add_up_to_one_for_the_known_hands_still_in(name: str) -> None:
    for hand in hands_of(name):
        steps = replay_steps(hand)
        final_holes = settle(hand).replay.holes
        for step in steps:
            found = step.get("equity")
            if found is None or found.get("note"):
                continue
            players = found["players"]
            assert len(players) >= 2
            assert sum(found["equity"]) == pytest.approx(1.0, abs=1e-12), (hand, found)
            assert all(0 <= e <= 1 for e in found["equity"])
            for i, w, t, e in zip(players, found["win"], found["tie"], found["equity"],
                                  strict=True):
                assert not step["folded"][i] and "??" not in final_holes[i]
                assert w <= e <= w + t + 1e-12  # a tie pays part of the pot
            assert found["board"] == step["board"]


def test_a_flop_spot_equals_the_library_and_a_brute_force() -> None:
    hand = hands_of("pokerstars-tournament.txt")[0]  # QdJs against JcKh on 2c 3d Jd
    flop = next(s for s in replay_steps(hand) if s.get("equity", {}).get("street") == "flop")
    found = flop["equity"]
    assert found["board"] == ["2c", "3d", "Jd"]
    names = [flop["holes"][i] for i in found["players"]]
    assert names == [["Qd", "Js"], ["Jc", "Kh"]]
    # the hero folded 8s 6h before the flop: those cards are out of the deck
    assert flop["folded"][2] and flop["holes"][2] == ["8s", "6h"]
    mine = showdown.equity(["QdJs", "JcKh"], board="2c3dJd", dead="8s6h", exact=True)
    assert found["equity"] == list(mine.equity) and found["boards"] == mine.boards == 903
    eq, win, tie = brute(["QdJs", "JcKh"], "2c 3d Jd", "8s 6h")
    assert found["equity"] == pytest.approx(list(eq), abs=1e-12)
    assert found["win"] == pytest.approx(list(win), abs=1e-12)
    assert found["tie"] == pytest.approx(list(tie), abs=1e-12)
    assert found["unknown"] == 1  # the big blind is still in, his cards never shown


def test_each_street_starts_with_its_equity_and_every_hand_known_at_the_end_shows() -> None:
    hand = hands_of("pokerstars-tournament.txt")[0]
    steps = replay_steps(hand)
    priced = [s["equity"]["street"] for s in steps if "equity" in s]
    assert priced == ["preflop", "flop", "turn", "river"]
    preflop = next(s for s in steps if "equity" in s)
    assert preflop["action"] == "deal" and len(preflop["dealt"]) == 7  # the deals in one step
    river = [s for s in steps if "equity" in s][-1]["equity"]
    assert river["equity"] == [0.0, 1.0] and river["boards"] == 1
    actions = [(s["action"], s["player"], s.get("amount")) for s in steps]
    assert ("raise", 1, 1198) in actions and ("call", 6, 856) in actions
    assert next(s for s in steps if s["action"] == "raise" and s["player"] == 1)["all_in"]


def test_heads_up_posts_the_small_blind_first_and_unknown_hands_get_no_equity() -> None:
    hand = hands_of("ipoker-cash-hu.xml")[0]  # both hands unknown; the button folds
    steps = replay_steps(hand)
    posts = [(s["player"], s["amount"]) for s in steps if s["action"] == "post"]
    assert posts == [(1, 3), (0, 6)]  # heads-up the button (p2) posts the small blind
    assert steps[0]["button"] == 1
    priced = [s["equity"] for s in steps if "equity" in s]
    assert priced and all(e["note"] == "few_known_hands" for e in priced)
    assert steps[-1]["action"] == "win" and steps[-1]["returned"] == [{"player": 0, "amount": 3}]


def test_a_hand_run_twice_prices_each_run() -> None:
    hand = hands_of("pokerstars-cash-run-twice.txt")[0]
    steps = replay_steps(hand)
    priced = [(s["equity"]["street"], len(s.get("runs", []))) for s in steps if "equity" in s]
    assert priced == [("preflop", 0), ("flop", 0), ("turn", 0), ("turn", 1), ("river", 1)]
    second = [s for s in steps if "equity" in s][3]
    assert second["runs"] == [["3d", "Kd", "9h", "8h", "4s"]]
    assert second["equity"]["board"] == ["3d", "Kd", "9h", "8h"]  # the second run's turn
    # the first run's river card is out of the deck for the second run
    mine = showdown.equity(["JdTsQdQs", "7s9s7hJh"], board="3dKd9h8h",
                           dead="Qh3cKs7c4s", game="omaha", exact=True)
    assert second["equity"]["equity"] == list(mine.equity)


def test_courchevel_prices_preflop_with_its_first_board_card() -> None:
    hand = hands_of("fulltilt-handwritten-courchevel.txt")[0]
    steps = replay_steps(hand)
    first = next(s for s in steps if "equity" in s)
    assert first["equity"]["street"] == "preflop" and first["board"] == ["Qh"]
    mine = showdown.equity(["JcTc8d4h4s", "AhAd9s9h3c"], board="Qh", game="courchevel",
                           exact=True)
    assert first["equity"]["equity"] == list(mine.equity)


def test_games_without_a_board_say_so_and_step_through_draws() -> None:
    stud, triple = hands_of("pokerstars-handwritten-stud-draw.txt")
    for hand, streets in ((stud, "third"), (triple, "predraw")):
        steps = replay_steps(hand)
        assert steps[0]["equity"] == {"street": streets, "note": "no_board"}
        assert sum("equity" in s for s in steps) == 1
    stud_steps = replay_steps(stud)
    assert [s["street"] for s in stud_steps if s["action"] == "deal"] == [
        "third", "fourth", "fifth", "sixth", "seventh"]
    assert any(s["action"] == "complete" for s in stud_steps)
    draws = [s for s in replay_steps(triple) if s["action"] == "draw"]
    assert [(s["player"], s["discards"]) for s in draws][:2] == [(1, 1), (2, 2)]


def test_decimal_stakes_stay_decimals() -> None:
    hand = hands_of("partypoker-cash-omaha.txt")[0]
    steps = replay_steps(hand)
    assert any(isinstance(x, float) for s in steps for x in s["stacks"])
    assert all(isinstance(s.get("amount", 0), (int, float)) for s in steps)


def test_a_hand_that_stops_early_ends_unsettled_and_a_bad_hand_is_an_error() -> None:
    partial = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
                    'min_bet = 2\nstarting_stacks = [50, 50]\n'
                    'actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 6"]')
    steps = replay_steps(partial)
    assert steps[-1]["action"] == "end" and steps[-1]["note"] == "unsettled"
    assert total(steps[-1]) == 100
    illegal = partial.with_fields(actions=["d dh p1 AcAd", "d dh p2 KcKd", "p1 cbr 6"])
    with pytest.raises(HistoryError, match="turn"):
        replay_steps(illegal)
