"""Bovada files as ``showdown`` finds them (the heads of every brand, the JSON rows' format)
and the hands it refuses, each with its reason: cut short, a double bet PHH's stud does
not deal, a game it does not read, a line it does not know."""

from __future__ import annotations

import json

import pytest

from helpers.paths import ROOMS
from showdown.commands.main import main
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import read_hands, split_hands
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.notation import HandHistory

_HAND = """Bovada Hand #3000000001: HOLDEM Tournament #9000001 TBL#1, No Limit- Level 1 (10/20) \
- 2015-09-09 19:07:11
Seat 1: Big Blind (1,500 in chips)
Seat 2: Dealer [ME] (1,500 in chips)
Dealer [ME] : Set dealer/Bring in spot [2]
Dealer [ME] : Ante/Small blind 10
Big Blind : Big blind/Bring in 20
*** HOLE CARDS ***
Big Blind : Card dealt to a spot [3c 8d]
Dealer [ME] : Card dealt to a spot [2h 7s]
Dealer [ME] : Folds
Big Blind : Does not show [3c 8d] (High Card)
Big Blind : Hand Result 30
*** SUMMARY ***
Total Pot(30)
Seat+1: Big Blind 30 [Does not show]
Seat+2: Dealer Folded before the FLOP
"""


@pytest.mark.parametrize("head", ["Bovada Hand #1", "Ignition Hand #1", "Bodog Hand #1",
                                  "Bodog.com Hand #1", "Bodog.eu Hand #1", "Bodog UK Hand #1",
                                  "\ufeffBovada Hand #1"])
def test_every_brands_head_is_bovada(head: str) -> None:
    assert detect(f"{head} TBL#1 HOLDEM No Limit - 2012-01-01 00:00:00\n") == "bovada"


def test_stage_files_are_absolute_poker_not_bodog() -> None:
    # "Stage #" opens Absolute Poker's and UltimateBet's hands (fpdb reads them with its
    # Absolute reader), not Bodog's: no room this library reads
    assert detect("Stage #1571362962: Holdem  No Limit $0.02 - 2009-08-05 15:24:06 (ET)\n"
                  "Table: TORONTO AVE (Real Money) Seat #6 is the dealer\n") is None


def test_a_hand_cut_short_in_a_line_is_named_and_the_next_one_read() -> None:
    # a hand whose last line stops at "Rais" runs into the next hand's head
    cut = _HAND.split("Dealer [ME] : Folds")[0].replace("3000000001", "3000000000")
    text = cut + "Dealer [ME] : Rais" + _HAND
    assert len(split_hands(text, "bovada")) == 2
    first, second = read_hands(text, "bovada", "cut.txt")
    assert isinstance(first, MalformedHistory)
    assert str(first) == ("cut.txt, hand 3000000000: the hand stops early: it has no "
                          "*** SUMMARY *** (a file cut short?)")
    assert isinstance(second, HandHistory) and second.fields["winnings"] == [30, 0]


def _refusal(text: str) -> str:
    [hand] = read_hands(text, "bovada", "x.txt")
    assert isinstance(hand, HistoryError)
    return str(hand)


def test_a_double_bet_on_fourth_street_is_refused_as_such() -> None:
    # Bovada lets a stud player bet the big bet on fourth street when an open pair shows;
    # PHH's stud bets the small bet there
    text = (ROOMS / "bovada-handwritten.txt").read_text()
    hand = text[text.index("Bodog Hand #2604000808"):text.index("Bovada Hand #4086000909")]
    doubled = hand.replace("Seat+2 : Checks\nSeat+4 [ME] : Checks\nSeat+7 : Checks",
                           "Seat+2 : Checks\nSeat+4 [ME] : D bets $0.10\nSeat+7 : Folds")
    assert doubled != hand
    assert _refusal(doubled) == (
        "x.txt, hand 2604000808: Seat+4 'D bets $0.10': the double bet an open pair allows "
        "on fourth street, which PHH's stud does not deal (its fourth street bets the small "
        "bet)")


def test_a_game_not_read_a_line_not_known_and_a_player_not_seated() -> None:
    game = _HAND.replace("HOLDEM Tournament", "5CARD DRAW Tournament")
    assert "is not one the replay reads from a Bovada file" in _refusal(game)
    line = _HAND.replace("*** HOLE CARDS ***", "*** HOLE CARDS ***\nSomething new happens")
    assert _refusal(line).endswith("cannot read the line 'Something new happens'")
    action = _HAND.replace("Dealer [ME] : Folds", "Dealer [ME] : Juggles $5")
    assert _refusal(action).endswith("cannot read Dealer's action 'Juggles $5'")
    stranger = _HAND.replace("Dealer [ME] : Folds", "UTG+4 : Folds")
    assert "'UTG+4' acts but has no seat" in _refusal(stranger)
    seat = _HAND.replace("Seat 1: Big Blind (1,500 in chips)", "Seat 1: Big Blind 1,500")
    assert "cannot read the seat line 'Seat 1: Big Blind 1,500'" in _refusal(seat)
    amount = _HAND.replace("Hand Result 30", "Hand Result 3x0")
    assert "x.txt, hand 3000000001: cannot read the hand" in _refusal(amount)
    seatless = _HAND.replace("Seat 1: Big Blind (1,500 in chips)\n", "").replace(
        "Seat 2: Dealer [ME] (1,500 in chips)\n", "")
    assert _refusal(seatless).endswith("no seat lines after the head (a hand cut or edited?)")
    bare = _HAND.replace("Dealer [ME] : Ante/Small blind 10", "Dealer [ME] : Ante")
    assert "no amount at the end of 'Ante'" in _refusal(bare)


def test_replay_json_rows_name_the_format_bovada(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["replay", str(ROOMS / "bovada-zone-bodog-ignition.txt"), "--json"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["format"], r["hand"], r["class"]) for r in rows] == [
        ("bovada", "3821268000", "match"), ("bovada", "3579164007", "match")]
