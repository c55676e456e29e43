"""Real GGPoker Rush & Cash files (LayorX/GGPoker-Hand-Analyzer, MIT): what they showed is
read as the room paid it, and a record whose fees do not add up is named."""

from __future__ import annotations

from pathlib import Path

from helpers.paths import DATA
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _hand(path: Path, number: str) -> HandHistory:
    _, hands = read_file(path)
    [hand] = [h for h in hands if isinstance(h, HandHistory) and h.fields["hand"] == number]
    return hand


def test_a_cash_drop_the_house_adds_to_the_pot() -> None:
    # "Cash Drop to Pot : total $0.5": the pot of 0.80 the players made pays 1.24 (with
    # the drop, less a rake of 0.06)
    hand = _hand(DATA / "rooms" / "ggpoker-rush-cash-drop.txt.gz", "RC3793132008")
    assert hand.fields["_cash_drop"] == 0.5 and hand.fields["_rake"] == 0.06
    s = settle(hand)
    hero = hand.fields["players"].index("Hero")
    assert s.winnings is not None and s.winnings[hero] == 80
    v = verify(s)
    assert v.cls == "rake" and v.differences == [(hero, 80, 124)]
    assert verify(settle(loads(dumps(hand)))).cls == "rake"
    # without the drop written, the same record is a mismatch
    assert verify(settle(hand.with_fields(_cash_drop=0))).cls == "mismatch"


def test_a_winner_who_shows_one_card() -> None:
    # "Seat 1: 21a9d24a (button) showed [Jd] and won ($2.34)": the other card unknown
    hand = _hand(DATA / "rooms" / "ggpoker-rush-one-card-shown.txt.gz", "RC3793034428")
    assert "d dh p6 Jd??" in hand.fields["actions"]
    assert verify(settle(hand)).cls == "rake"


def test_fees_that_do_not_add_up_are_a_mismatch_naming_the_amounts() -> None:
    # pot 2.01, fees written 0.09 + 0.07 + 0.01 = 0.17, but the winner collected 1.85
    [hand] = read_file(DATA / "rooms-disagreeing" / "ggpoker-rush-fees-a-cent-off.txt")[1]
    assert isinstance(hand, HandHistory)
    v = verify(settle(hand))
    winner = hand.fields["players"].index("d630ffa8")
    assert v.cls == "mismatch" and v.differences == [(winner, 201, 185)]
