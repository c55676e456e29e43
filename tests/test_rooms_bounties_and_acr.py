"""Real hands (poker-apprentice/hand-history-parser, MIT): a PokerStars progressive
knockout hand, its bounty kept and checked against the settlement; an ACR stud hi/lo hand
in ACR's newer layout."""

from __future__ import annotations

from pathlib import Path

from showdown.phh.bounties import check_bounties
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.rooms.detect import detect
from showdown.phh.rooms.read import read_file
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

ROOMS = Path(__file__).parent / "data" / "rooms"


def _hands(name: str) -> list[HandHistory]:
    _, hands = read_file(ROOMS / name)
    assert all(isinstance(h, HandHistory) for h in hands)
    return hands  # type: ignore[return-value]


def test_a_knockout_is_kept_and_agrees_with_the_hand() -> None:
    hand = _hands("pokerstars-cash-and-knockout.txt")[2]
    f = hand.fields
    assert f["players"] == ["hammy6955", "mhuggins"]
    assert f["_bounties"] == [38.62, 148.95]  # on each head, from the seat lines
    assert f["_bounties_won"] == [0, 19.31] and f["_eliminated_by"] == [2, 0]
    # "mhuggins wins the tournament and receives $150.56": prize money, not a pot
    assert f["winnings"] == [0, 369650]
    s = settle(hand)
    assert verify(s).cls == "match" and check_bounties(s) == []
    again = loads(dumps(hand))  # the fields travel through PHH
    assert again.fields["_eliminated_by"] == [2, 0]
    # the same record on a hand the knocked-out player survives is named
    lie = settle(hand.with_fields(_eliminated_by=[0, 1], _bounties_won=[19.31, 0]))
    assert check_bounties(lie) == [
        "p2 is written as knocked out by p1 but ends the hand with 940000 chips",
        "p1 is written as knocking out p2 but won nothing in the hand"]


def test_acr_stud_hi_lo_in_the_newer_layout() -> None:
    text = (ROOMS / "wpn-stud-hi-lo.txt").read_text()
    assert detect(text) == "wpn"
    [hand] = _hands("wpn-stud-hi-lo.txt")
    f = hand.fields
    assert (f["variant"], f["bring_in"], f["small_bet"], f["big_bet"]) == ("F7S/8", 0.05, 0.1, 0.2)
    assert (f["table"], f["seat_count"], f["_rake"], f["_fees"]) == ("Crainville", 8, 0.08, 0.02)
    s = settle(hand)
    v = verify(s)
    # AzRic's 8-7-5-3-2 low and KickShorty's three tens split the pot; the room paid each
    # 4.48 of 4.53, the rake 0.08 and the jackpot fee 0.02 taken
    assert v.cls == "rake" and v.differences == [(0, 453, 448), (6, 453, 448)]
    # the main pot 8.46 (the room writes it less its rake: 8.36) and a side pot of 0.60
    assert s.showdown is not None and [p.amount for p in s.showdown.pots] == [846, 60]
