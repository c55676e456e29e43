"""Dead money the rooms' builder never takes for a live bet: a small blind posted out of
position (alone, or with the big blind in "posts small & big blinds"), on real PokerStars
hands; a folder who shows a card ("folds [9c]")."""

from __future__ import annotations

from decimal import Decimal as D

from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _hands(name: str) -> dict[int, HandHistory]:
    _, hands = read_file(ROOMS / name)
    assert all(isinstance(h, HandHistory) for h in hands)
    return {h.fields["hand"]: h for h in hands}  # type: ignore[union-attr]


def _of(hand: HandHistory, field: str, name: str) -> object:
    return hand.fields[field][hand.fields["players"].index(name)]


def test_a_lone_small_blind_posted_out_of_position_is_dead_money() -> None:
    hands = _hands("pokerstars-cash-dead-small-blinds.txt")
    # dstrola (seat 7, the first to act) posts a small blind after the big blind, then
    # "raises $1 to $1.50": the room's total pot of $5.50 counts the $0.25 apart
    raiser = hands[228682014475]
    assert _of(raiser, "antes", "dstrola") == 0.25
    assert _of(raiser, "blinds_or_straddles", "dstrola") == 0
    assert verify(settle(raiser)).cls == "rake"
    # 8inchNinja's "calls $0.50" puts in the whole big blind beside the dead $0.25
    caller = hands[228695353682]
    assert _of(caller, "antes", "8inchNinja") == 0.25
    assert verify(settle(caller)).cls == "match"
    # juniorsjacky raises to $3 over a raise to $1 and is not called: $2 back
    assert verify(settle(hands[228690971324])).cls == "match"


def test_the_dead_part_of_small_and_big_blinds_is_never_a_bet_to_match() -> None:
    # "podumci: posts small & big blinds $0.75": $0.25 dead, $0.50 live; "checks" to the
    # big blind, then "calls $2" a raise to $2.50
    hand = _hands("pokerstars-cash-dead-small-blinds.txt")[228678793116]
    assert _of(hand, "antes", "podumci") == 0.25
    assert verify(settle(hand)).cls == "rake"
    # a raise "by" or a "put" counts from the live part only (the builder's measure)
    b = HandBuilder("pokerstars", "NT", hand="1")
    b.stakes(D("0.25"), D("0.5"))
    for seat, name in ((1, "Ana"), (2, "Bo"), (3, "Cy"), (4, "Di")):
        b.seat(seat, name, D(50))
    b.button = 4
    b.post("Ana", "blind", D("0.25"))
    b.post("Bo", "blind", D("0.5"))
    b.post("Cy", "blind", D("0.5"), D("0.25"))
    b.act("Cy", "raise_by", D(1))
    assert b.bets["Cy"] == D("1.5") and b.spent["Cy"] == D("1.75")
    b.act("Di", "put", D("1.5"))
    assert b.events[-1] == ("Di", "cc", "")


def test_a_call_that_counts_the_small_blind_makes_it_live() -> None:
    # A hand converted from another room into PokerStars' layout (written by hand on the
    # model of such files): "Lark: posts small blind $1" after the big blind, then
    # "calls $1" to the $2 bet; the pot adds up only with the blind live
    [hand] = _hands("pokerstars-handwritten-converted-small-blind.txt").values()
    assert _of(hand, "antes", "Lark") == 0
    assert verify(settle(hand)).cls == "rake"


def test_a_folder_who_shows_one_card() -> None:
    # "duvy33: folds [9c]": the other card is unknown
    [hand] = _hands("pokerstars-cash-fold-shows-a-card.txt").values()
    index = hand.fields["players"].index("duvy33")
    assert f"d dh p{index + 1} 9c??" in hand.fields["actions"]
    assert verify(settle(hand)).cls == "rake"
