"""iPoker's seven-card stud, handwritten in the layout of real sessions (fpdb-3's
regression files, AGPL, not shipped: a $5 stud sit & go, 2012; a stud hi/lo cash
session, 2014): cards street by street (``Third Street`` ... ``River``), the bring-in
(type 16), a tournament's game type without stakes, the player due completing instead
of bringing in, and the big bet on fourth street over an open pair."""

from __future__ import annotations

import pytest

from helpers.ipoker_hands import act, cards, game, player, read_both, round_, session
from helpers.kernel_compare import assert_same, kernel_share
from showdown.hands import native as _backend
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _stud(fourth_bo: str = "D2", fourth_bet: str = "80") -> str:
    """A "7 Card Stud L" sit & go hand: antes of 10, Ana brings in for 20 on her 3c, Bo
    completes to 80, Cy folds, Ana calls; Bo and Ana bet and call to the showdown, where
    Bo's jacks up beat Ana's nines up."""
    players = [player(1, "Ana", "2,000", dealer=True), player(4, "Bo", "1,500", win="670"),
               player(6, "Cy", "1,800")]
    return session("7 Card Stud L", game(
        "4044858766", players,
        round_(0, act(1, "Ana", 15, "10"), act(2, "Bo", 15, "10"), act(3, "Cy", 15, "10")),
        round_(1),
        round_(2, cards("Third Street", "Ana", "D4 S9 C3"), act(4, "Ana", 16, "20"),
               act(7, "Ana", 3, "60"), cards("Third Street", "Bo", "H5 SA SQ"),
               act(5, "Bo", 5, "80"), cards("Third Street", "Cy", "X X HK"),
               act(6, "Cy", 0, "0")),
        round_(3, cards("Fourth Street", "Ana", "H8"), act(9, "Ana", 3, fourth_bet),
               cards("Fourth Street", "Bo", fourth_bo), act(8, "Bo", 5, fourth_bet)),
        round_(4, cards("Fifth Street", "Ana", "S8"), act(10, "Ana", 5, "160"),
               cards("Fifth Street", "Bo", "DJ"), act(11, "Bo", 3, "160")),
        round_(5, cards("Sixth Street", "Ana", "C7"), act(13, "Ana", 4, "0"),
               cards("Sixth Street", "Bo", "HJ"), act(12, "Bo", 4, "0")),
        round_(6, cards("River", "Ana", "D9"), act(15, "Ana", 4, "0"),
               cards("River", "Bo", "C5"), act(14, "Bo", 4, "0"))))


def test_a_stud_tournament_hand_reads_and_settles_as_the_room_paid() -> None:
    [hand] = read_both(_stud())
    assert isinstance(hand, HandHistory)
    f = hand.fields
    assert f["variant"] == "F7S" and f["players"] == ["Ana", "Bo", "Cy"]
    # no stakes in the game type: the completion is the small bet
    assert (f["small_bet"], f["big_bet"], f["bring_in"], f["antes"]) == (80, 160, 20,
                                                                         [10, 10, 10])
    assert f["actions"][:6] == ["d dh p1 4d9s3c", "d dh p2 5hAsQs", "d dh p3 ????Kh",
                                "p1 pb", "p2 cbr 80", "p3 f"]
    assert f["actions"][-2:] == ["p1 sm 4d9s3c8h8s7c9d", "p2 sm 5hAsQs2dJdJh5c"]
    s = settle(hand)
    assert s.finishing == [1670, 1840, 1790]
    assert verify(s).cls == "match"


def test_the_big_bet_on_fourth_street_over_an_open_pair_is_read_and_settles() -> None:
    # Bo pairs his queen on fourth street and bets the big bet, as the rules allow (in the
    # real file: a completion to 400, then "bets 800" over a pair of sevens showing)
    # showing; heads up, Bo's queens open every later street)
    text = session("7 Card Stud L", game(
        "4044858767", [player(1, "Ana", "2,000", dealer=True),
                       player(4, "Bo", "1,500", win="820")],
        round_(0, act(1, "Ana", 15, "10"), act(2, "Bo", 15, "10")), round_(1),
        round_(2, cards("Third Street", "Ana", "D4 S9 C3"), act(3, "Ana", 16, "20"),
               act(5, "Ana", 3, "60"), cards("Third Street", "Bo", "H5 SA SQ"),
               act(4, "Bo", 5, "80")),
        round_(3, cards("Fourth Street", "Ana", "H8"), act(7, "Ana", 3, "160"),
               cards("Fourth Street", "Bo", "HQ"), act(6, "Bo", 5, "160")),
        round_(4, cards("Fifth Street", "Ana", "S8"), act(9, "Ana", 3, "160"),
               cards("Fifth Street", "Bo", "DJ"), act(8, "Bo", 5, "160")),
        round_(5, cards("Sixth Street", "Ana", "C7"), act(11, "Ana", 4, "0"),
               cards("Sixth Street", "Bo", "HJ"), act(10, "Bo", 4, "0")),
        round_(6, cards("River", "Ana", "D9"), act(13, "Ana", 4, "0"),
               cards("River", "Bo", "C5"), act(12, "Bo", 4, "0"))))
    [hand] = read_both(text)
    assert isinstance(hand, HandHistory)
    assert (hand.fields["small_bet"], hand.fields["big_bet"]) == (80, 160)
    assert "p2 cbr 160" in hand.fields["actions"]
    s = settle(hand)
    assert s.finishing == [1590, 1910]
    assert verify(s).cls == "match"
    assert_same([hand])  # the kernel's replay settles it as the engine does
    if _backend.current() == "native":
        assert kernel_share([hand]) == 1


def test_the_player_due_to_bring_in_may_complete_at_once() -> None:
    # "7 Card Stud Hi-Lo L": Bo's 4h is low and he completes to the small bet: no
    # bring-in is posted, PHH's is a quarter of the small bet (no action depends on it)
    text = session("7 Card Stud Hi-Lo L €0.05/€0.10", game(
        "5710054735", [player(1, "Ana", "€1", dealer=True), player(6, "Bo", "€2.86",
                                                                   win="€0.07")],
        round_(0, act(1, "Ana", 15, "€0.01"), act(2, "Bo", 15, "€0.01")), round_(1),
        round_(2, cards("Third Street", "Ana", "X X DK"), act(4, "Ana", 0, "€0"),
               cards("Third Street", "Bo", "CA D5 H4"), act(3, "Bo", 5, "€0.05"))),
        general="<tablecurrency>EUR</tablecurrency>")
    [hand] = read_both(text)
    assert isinstance(hand, HandHistory)
    f = hand.fields
    assert f["variant"] == "F7S/8" and f["bring_in"] == 0.02
    assert f["actions"][2:] == ["p2 cbr 0.05", "p1 f"]
    assert verify(settle(hand)).cls == "match"


@pytest.mark.parametrize("game_type, reason", [
    ("5 Card Stud L $0.05/$0.10", "five-card stud, a game this library has no variant for"),
    ("Six Plus Holdem NL €0.25/€0.50", "three of a kind beats a straight"),
])
def test_games_without_a_variant_are_refused_by_name(game_type: str, reason: str) -> None:
    text = _stud().replace("7 Card Stud L", game_type)
    [hand] = read_both(text)
    assert isinstance(hand, HistoryError) and reason in str(hand)
