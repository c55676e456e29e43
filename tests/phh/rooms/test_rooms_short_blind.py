"""A big blind posted all in for less: the others call the full big blind, the part
nobody matched goes back, as the rooms pay it (PHH writes the first such call as a
completion to the big blind, which the engine allows with the full big blind as
``min_bet``; pokerkit, which would need a lowered ``min_bet``, cannot read it)."""

from __future__ import annotations

from decimal import Decimal

import pokerkit
import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory, dumps
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _hands(name: str) -> list[HandHistory]:
    _, hands = read_file(ROOMS / name)
    assert all(isinstance(h, HandHistory) for h in hands)
    return hands  # type: ignore[return-value]


def test_two_callers_of_the_full_big_blind_contest_a_side_pot() -> None:
    hand = _hands("pokerstars-handwritten-short-big-blind.txt")[0]
    # Bo's big blind is $0.30 all in; Cy and Dee call $1, Ana's small blind folds
    assert hand.fields["actions"][4:7] == ["p3 cbr 1", "p4 cc", "p1 f"]
    assert hand.fields["min_bet"] == 1  # the full big blind, not lowered
    s = settle(hand)
    assert s.showdown is not None
    # main pot: 0.30 from each of the four; side pot: Ana's other 0.20 and 0.70 twice
    assert [(p.amount, p.eligible, p.winners) for p in s.showdown.pots] == [
        (120, (2, 3, 4), (2,)), (160, (3, 4), (3,))]
    assert verify(s).cls == "match"


def test_one_caller_gets_the_unmatched_part_back() -> None:
    hand = _hands("pokerstars-handwritten-short-big-blind.txt")[3]
    s = settle(hand)
    assert s.showdown is not None and s.showdown.returned == {3: 25}  # $1 called, $0.75 met
    assert verify(s).cls == "match"
    # pokerkit counts a raise from the $0.50 posted, so its min_bet of $1 forbids "cbr 1"
    with pytest.raises(ValueError):
        list(pokerkit.HandHistory.loads(dumps(hand), parse_value=Decimal))  # type: ignore[arg-type]


def test_a_real_tournament_hand_with_a_short_big_blind() -> None:
    # thlorenz/hhp posts-allin.txt: "norgas69: posts big blind 11 and is all-in", then
    # "MasterQkiu: calls 20" (level 10/20): written as a completion to 20
    [hand] = [h for h in _hands("pokerstars-tournament.txt") if h.fields["hand"] == 159581842724]
    assert hand.fields["actions"][10] == "p5 cbr 20" and hand.fields["min_bet"] == 20
    assert verify(settle(hand)).cls == "match"


def test_a_short_small_blind_is_called_as_before() -> None:
    hand = _hands("pokerstars-handwritten-short-big-blind.txt")[2]
    assert "cbr" not in " ".join(hand.fields["actions"]) and hand.fields["min_bet"] == 1
    s = settle(hand)
    assert s.showdown is not None and s.showdown.returned == {1: 55}  # Ana, seat 1


def test_a_real_call_all_in_between_the_short_and_the_full_big_blind() -> None:
    # tetsuhaut/phud, Winamax freeroll hand 489652879066399090-50-1428523453 (80/400/800):
    # the big blind posts 10 all in, the small blind 400; delirium79 "calls 680 and is
    # all-in", then evans27 "calls 800" and the small blind "calls 400"
    [hand] = [h for h in _hands("winamax-tournament-short-big-blind.txt.gz")
              if h.fields["hand"] == "489652879066399090-50-1428523453"]
    players = hand.fields["players"]
    assert hand.fields["min_bet"] == 800  # the full big blind, though only 400 was posted
    preflop = hand.fields["actions"][8:14]
    at = {name: f"p{players.index(name) + 1}" for name in players}
    assert preflop == [f"{at['delirium79']} cbr 680", f"{at['Armypirate']} f",
                       f"{at['Mezheven']} f", f"{at['mencle 67']} f",
                       f"{at['verouchka']} f", f"{at['evans27']} cbr 800"]
    s = settle(hand)
    assert verify(s).cls == "match"
    assert s.showdown is not None
    # the antes and 10 from four in the main pot, 670 more from three in the next, 120
    # more from two; evans27 (seat 3) wins them all and his 800 bet on the turn comes back
    assert [(p.amount, p.winners) for p in s.showdown.pots] == [
        (680, (3,)), (2010, (3,)), (240, (3,))]
    assert s.showdown.returned == {3: 800}


def test_every_hand_of_the_real_freeroll_session_verifies() -> None:
    hands = _hands("winamax-tournament-short-big-blind.txt.gz")
    assert len(hands) == 51
    assert {verify(settle(h)).cls for h in hands} == {"match"}


def test_a_real_big_blind_of_nothing_after_the_ante() -> None:
    # tetsuhaut/phud, Winamax hand 621144780302188556-102-1453666562 (40/200/400):
    # "dc6651 posts ante 30 and is all-in", "posts big blind 0 and is all-in"; the small
    # blind posted 200, then "wepss calls 400": the completion of the full big blind
    [hand] = _hands("winamax-tournament-big-blind-zero.txt")
    assert hand.fields["blinds_or_straddles"][:2] == [200, 0] and hand.fields["min_bet"] == 400
    assert hand.fields["actions"][9:12] == ["p5 cbr 400", "p6 cc", "p7 cc"]
    s = settle(hand)
    assert verify(s).cls == "match"
    assert s.showdown is not None
    # the antes' main pot (30 from each of seven), the rest among the callers; wepss's
    # all-in on the turn nobody called comes back
    assert [(p.amount, p.winners) for p in s.showdown.pots] == [(210, (3,)), (2660, (3,))]
    assert s.showdown.returned == {3: 12915}
