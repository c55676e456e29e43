"""Bovada, Ignition and Bodog hands (real files of poker-apprentice/hand-history-parser and
thlorenz/hhp, MIT; hands written on the layouts of fpdb-3's regression files): each quirk
of the room read as the room paid it."""

from __future__ import annotations

import datetime

import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

FILES = ("bovada-cash-and-tournament.txt", "bovada-zone-bodog-ignition.txt",
         "bovada-ignition-sng.txt", "bovada-handwritten.txt")


def _hand(name: str, number: int) -> HandHistory:
    room, hands = read_file(ROOMS / name)
    assert room == "bovada"
    [hand] = [h for h in hands if isinstance(h, HandHistory) and h.fields["hand"] == number]
    return hand


def _verdict(hand: HandHistory) -> str | None:
    return verify(settle(hand)).cls


@pytest.mark.parametrize("name", FILES)
def test_every_hand_is_read_and_verifies(name: str) -> None:
    room, hands = read_file(ROOMS / name)
    assert room == "bovada" and hands
    for hand in hands:
        assert isinstance(hand, HandHistory), hand
        assert _verdict(hand) in ("match", "rake"), hand.fields["hand"]
        again = loads(dumps(hand))  # the PHH written replays the same
        assert settle(again).finishing == settle(hand).finishing


def test_players_are_named_by_position_and_the_hero_by_me() -> None:
    # "Seat 1: Big Blind [ME] ($25 in chips)", "Big Blind  [ME] : Big blind $0.25"
    hand = _hand("bovada-cash-and-tournament.txt", 4290322948)
    fields = hand.fields
    assert fields["players"] == ["Small Blind", "Big Blind", "UTG", "UTG+1", "UTG+2", "Dealer"]
    assert fields["seats"] == [6, 1, 2, 3, 4, 5] and fields["_hero"] == "Big Blind"
    assert fields["currency"] == "USD" and fields["table"] == "26728545"
    assert (fields["year"], fields["month"], fields["day"]) == (2022, 5, 26)
    assert fields["actions"][:2] == ["d dh p1 3d8c", "d dh p2 ThQh"]  # everyone's cards


def test_positions_place_the_players_when_the_seat_numbers_do_not() -> None:
    # an Ignition sit & go whose seat lines run 5, 8, 9, 7, 6, 4, 3, 1, 2: the positions
    # give the order of play, the seat numbers stay the room's
    hand = _hand("bovada-ignition-sng.txt", 3549213216)
    assert hand.fields["players"][:3] == ["Small Blind", "Big Blind", "UTG"]
    assert hand.fields["seats"] == [4, 3, 1, 2, 5, 8, 9, 7, 6]
    assert _verdict(hand) == "match"
    # tournament tables numbering seats 8, 103, 36...: the same
    wide = _hand("bovada-ignition-sng.txt", 3549249421)
    assert wide.fields["seats"] == [38, 229, 209, 284, 90, 199, 219, 40, 240]


def test_the_three_brands_and_their_heads() -> None:
    _, hands = read_file(ROOMS / "bovada-zone-bodog-ignition.txt")
    assert [h.fields["hand"] for h in hands if isinstance(h, HandHistory)] == [
        3821268000, 3579164007]  # "Bodog Hand #", "Ignition Hand #": zone poker
    for number in (2630001010, 4100001111, 3900001212):  # Bodog UK, Bodog.com, Bodog.eu
        assert _verdict(_hand("bovada-handwritten.txt", number)) in ("match", "rake")


def test_the_2012_files_without_street_lines() -> None:
    # no "*** FLOP ***": the small blind's bet opens the flop once the preflop round is
    # over; the board comes from the summary's "Board [Kh 9s 5d  ]"
    hand = _hand("bovada-handwritten.txt", 2599000101)
    actions = hand.fields["actions"]
    at = actions.index("d db Kh9s5d")
    assert actions[at - 1:at + 3] == ["p6 cc", "d db Kh9s5d", "p1 cbr 20", "p6 f"]
    assert hand.fields["_rake"] == 3 and _verdict(hand) == "rake"
    # "Card dealt to table [Ks 7d 9c]" in place of the street lines; "Raises $16": to $16
    table = _hand("bovada-handwritten.txt", 2596000202)
    boards = [a for a in table.fields["actions"] if a.startswith("d db")]
    assert boards == ["d db Ks7d9c", "d db 8s", "d db 4d"]
    assert "p1 cbr 16" in table.fields["actions"]


def test_a_line_written_twice_is_read_once_but_a_check_on_two_streets_twice() -> None:
    # "Dealer : Raises 450 to 450" four times, the small blind's post twice: once each
    once = _hand("bovada-handwritten.txt", 3152000606)
    assert once.fields["actions"].count("p4 cbr 450") == 1
    assert once.fields["blinds_or_straddles"][:2] == [75, 150]
    # without street lines, "Big Blind : Checks" closes the preflop and opens the flop
    twice = _hand("bovada-handwritten.txt", 2601000303)
    actions = twice.fields["actions"]
    at = actions.index("d db AdAs8c")
    assert actions[at - 1:at + 2] == ["p2 cc", "d db AdAs8c", "p2 cc"]
    assert _verdict(twice) == "rake"


def test_posts_dead_chip_is_a_live_big_blind_and_a_dead_small_one() -> None:
    # "UTG+3 : Posts dead chip $30" at $10/$20: $20 live (its "Checks" calls nothing
    # more), $10 dead; "Total Pot($110)" holds both
    hand = _hand("bovada-handwritten.txt", 2599000101)
    me = hand.fields["players"].index("UTG+3")
    assert hand.fields["antes"][me] == 10
    assert hand.fields["small_bet"] == 20 and hand.fields["big_bet"] == 40


def test_blinds_and_antes_posted_all_in() -> None:
    # "Big Blind : All-in 260" before the cards: a big blind short of 400
    short = _hand("bovada-handwritten.txt", 2701000404)
    assert short.fields["blinds_or_straddles"] == [200, 260]  # heads-up: PHH writes them reversed
    assert _verdict(short) == "match"
    # "Big Blind [ME] : All-in 150" where every player antes: its ante; the dealer's 240
    # ante is 150 once "Return uncalled portion of bet 90" hands the rest back
    ante = _hand("bovada-handwritten.txt", 2690000505)
    assert ante.fields["antes"] == [150, 150] and ante.fields["winnings"] == [0, 300]
    assert _verdict(ante) == "match"


def test_hand_results_side_pots_and_the_rake_the_room_kept() -> None:
    # MVS: "Table Info: ... Stakes: $0.25-$0.50", a dead button (no Dealer seated), cards
    # of the players who folded not written, "Hand result-Side pot $10"; no rake line:
    # what "Total Pot($46.25)" holds and the room did not pay
    hand = _hand("bovada-handwritten.txt", 4086000909)
    fields = hand.fields
    assert fields["min_bet"] == 0.5 and fields["time_zone"] == "UTC"
    assert fields["time"] == datetime.time(22, 58, 57)
    assert fields["players"] == ["Small Blind", "Big Blind", "UTG", "UTG+1", "UTG+2"]
    assert fields["winnings"] == [0, 0, 34.5, 10, 0] and fields["_rake"] == 1.75
    assert "d dh p1 ????" in fields["actions"] and _verdict(hand) == "rake"
    # a rake the room writes ("Total Pot($237.50) | Rake ($2)") is taken as written
    assert _hand("bovada-handwritten.txt", 2601000303).fields["_rake"] == 2


def test_showdown_mucks_and_the_cards_a_winner_does_not_show() -> None:
    # "Showdown [Ks Qs Ts 9s 4s] (Flush)" names the best five: the hole cards dealt are
    # shown; "Mucks [Th Qh] (Two pair)": the loser mucks
    hand = _hand("bovada-cash-and-tournament.txt", 4290322948)
    assert hand.fields["actions"][-2:] == ["p2 sm", "p3 sm 9sKs"]
    # "Folds & Shows [5c 5h]", "Does not show [Jh Qd] Show1 [Qd]": cards known, no showdown
    shown = _hand("bovada-handwritten.txt", 3300001515)
    assert shown.fields["actions"][0] == "d dh p1 2c7d"
    assert not any(" sm" in a for a in shown.fields["actions"]) and _verdict(shown) == "match"


def test_seated_players_who_sit_out_are_not_dealt_in() -> None:
    # "UTG [ME] : Seat sit out", "UTG+1 : Sitout (wait for bb)", then "Seat re-join"
    # during the hand, "Table deposit $310" after it: none of them is in the hand
    hand = _hand("bovada-handwritten.txt", 2596000202)
    assert hand.fields["players"] == ["Small Blind", "Big Blind", "Dealer"]
    assert hand.fields["_hero"] == "UTG"
    # a player joining who posts a big blind ("UTG : Posts chip $0.25") is dealt in
    posted = _hand("bovada-cash-and-tournament.txt", 4292190612)
    assert "UTG" in posted.fields["players"] and _verdict(posted) == "rake"


def test_stud_and_stud_hi_lo() -> None:
    # "Seat+3 [ME]: $120 in chips", "Bring_in chip $1", "Raises $2 to $2" (completing to
    # the small bet), the header writes no stakes: the bets made give them
    hand = _hand("bovada-handwritten.txt", 2844000707)
    fields = hand.fields
    assert fields["variant"] == "F7S/8" and fields["players"][1] == "Seat+3"
    assert (fields["bring_in"], fields["small_bet"], fields["big_bet"]) == (1, 2, 4)
    assert fields["winnings"] == [0, 14.5, 14.5, 0] and _verdict(hand) == "rake"
    # 2012: no street lines, each street's deal lines open it; "Bodog Hand #"
    old = _hand("bovada-handwritten.txt", 2604000808)
    assert old.fields["variant"] == "F7S" and old.fields["big_bet"] == 0.1
    assert [a for a in old.fields["actions"] if a.startswith("d dh p3")] == [
        "d dh p3 Qc5c2s", "d dh p3 Ts", "d dh p3 3s"]
    assert _verdict(old) == "match"


def test_omaha_hi_lo_and_tournaments_with_a_bounty() -> None:
    split = _hand("bovada-cash-and-tournament.txt", 4304661864)  # HI and LO, one winner
    assert split.fields["variant"] == "PO/8" and _verdict(split) == "rake"
    # "OMAHA HiLo Tournament ... Normal- Level 10": no limit written, pot limit dealt
    assert _hand("bovada-cash-and-tournament.txt", 4561202298).fields["variant"] == "PO/8"
    # "Dealer : BOUNTY PRIZE [$10]" for the player ranked out in the hand
    bounty = _hand("bovada-cash-and-tournament.txt", 4561646697)
    assert bounty.fields["_bounties_won"] == [10, 0, 0, 0, 0, 0]
    assert bounty.fields["_eliminated_by"] == [0, 0, 0, 0, 0, 1]
    assert _verdict(bounty) == "match"


def test_an_all_in_raise_written_without_its_total() -> None:
    # 2012: "Small Blind : All-in(raise) $9" after "Dealer : Raises $8": to $9, all in
    hand = _hand("bovada-handwritten.txt", 2599001717)
    assert "p1 cbr 9" in hand.fields["actions"]
    assert hand.fields["winnings"] == [26, 8, 0, 0] and _verdict(hand) == "rake"
