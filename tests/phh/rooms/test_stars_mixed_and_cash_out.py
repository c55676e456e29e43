"""PokerStars' mixed and home games, NL Omaha Hi/Lo, re-buys, table deposits, the open pair
of seven card stud, draws without a title, and the All-in Cash Out (class ``cash-out``),
with GGPoker's EV Cashout: handwritten hands modelled on real ones (names and numbers
changed), each read, replayed, settled and checked against the room's amounts."""

from __future__ import annotations

import json

import pytest

from helpers.paths import ROOMS
from showdown.commands.main import main
from showdown.phh.corpus.read import read_file, read_hands
from showdown.phh.corpus.reports import report
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.verification import CLASSES, verify


def _hands(name: str) -> dict[str, HandHistory]:
    _, hands = read_file(ROOMS / name)
    assert not [h for h in hands if isinstance(h, HistoryError)]
    return {str(h.fields["hand"]): h for h in hands if isinstance(h, HandHistory)}


MIXED = _hands("pokerstars-handwritten-mixed-games.txt")
CASH_OUT = _hands("pokerstars-handwritten-cash-out.txt")


def test_the_game_of_a_mixed_or_home_game_hand_is_in_brackets() -> None:
    razz = MIXED["99000000001"]  # "{Gamma's Club} Tournament #.., 100+9 8-Game (Razz Limit)"
    stud = MIXED["36000000002"]  # "8-Game (7 Card Stud Limit, $0.04/$0.08 USD)"
    assert razz.fields["variant"] == "FR" and razz.fields["_tournament"] == "700000001"
    assert (stud.fields["variant"], stud.fields["small_bet"], stud.fields["big_bet"]) == (
        "F7S", 0.04, 0.08)


def test_a_tournament_buy_in_is_no_part_of_the_game() -> None:
    """"$1.08+$0.27+$0.15 USD Omaha Hi/Lo No Limit": no limit Omaha hi/lo, its "8" in the
    buy-in no sign of hi/lo (nor a plain Omaha read as hi/lo)."""
    assert MIXED["36000000001"].fields["variant"] == "NO/8"
    text = (ROOMS / "pokerstars-handwritten-mixed-games.txt").read_text().replace(
        "Omaha Hi/Lo No Limit", "Omaha Pot Limit")
    omaha = [h for h in read_hands(text, "pokerstars") if isinstance(h, HandHistory)
             and h.fields["hand"] == 36000000001]
    assert omaha[0].fields["variant"] == "PO"


def test_a_home_game_stud_hand_without_a_bring_in_opens_with_a_completion() -> None:
    razz = MIXED["99000000001"]
    assert razz.fields["bring_in"] == 0
    assert razz.fields["actions"][2:5] == ["p1 cbr 20", "p2 cbr 40", "p1 f"]


@pytest.mark.parametrize("hand", sorted(MIXED))
def test_every_mixed_game_hand_settles_to_the_room_amounts(hand: str) -> None:
    assert verify(settle(MIXED[hand])).cls in ("match", "rake")


def test_re_buys_and_table_deposits_change_nothing_in_the_hand() -> None:
    """"re-buys and receives 1500 chips for $1.08", "Small Blind: Table deposit $347.50":
    chips for the next hand; a name holding brackets ("Jay [Deep]") gets its cards."""
    deposit = MIXED["2700000001"]
    assert deposit.fields["starting_stacks"] == [252.5, 600, 325]
    assert deposit.fields["actions"][:3] == ["d dh p1 ????", "d dh p2 7cTh", "d dh p3 ????"]


def test_an_open_pair_on_fourth_street_allows_the_big_bet() -> None:
    stud = MIXED["36000000002"]
    assert "p2 cbr 0.08" in stud.fields["actions"]
    assert verify(settle(stud)).cls == "match"


def test_a_draw_without_a_title_is_a_new_betting_round() -> None:
    """PokerStars' five card draw of 2009 writes the discards with no ``*** DRAW ***``."""
    draw = MIXED["35000000001"]
    assert draw.fields["actions"][4:9] == ["p2 sd ??", "p3 sd TcQd", "d dh p3 Kd5s", "p2 cc",
                                            "p3 cbr 0.2"]


def test_cash_out_is_a_class() -> None:
    assert "cash-out" in CLASSES


def test_a_player_who_cashed_out_and_lost_is_paid_by_the_room() -> None:
    hand = CASH_OUT["260000000001"]
    assert hand.fields["_cash_out"] == [0, 1, 0]
    assert hand.fields["_cash_out_paid"] == [0, 8.2, 0]
    assert hand.fields["_cash_out_fee"] == [0, 0.17, 0]
    r = report(hand, "260000000001")
    assert r.cls == "cash-out"
    ana = next(d for d in r.differences if d["name"] == "Ana")
    assert (ana["ours"], ana["recorded"], ana["cashed_out"], ana["cash_out_fee"]) == (
        0, 0, 8.2, 0.17)


def test_a_player_who_cashed_out_and_won_is_not_awarded_the_pot() -> None:
    """"won ($87.60) ... (pot not awarded as player cashed out)": the room paid $16.05
    (fee $0.33), the cards would have paid the pot."""
    hand = CASH_OUT["260000000002"]
    assert hand.fields["winnings"] == [0, 0, 0]
    r = report(hand, "260000000002")
    [cy] = r.differences
    assert (r.cls, cy["name"], cy["ours"], cy["recorded"], cy["cashed_out"]) == (
        "cash-out", "Cy", 90.1, 0, 16.05)


def test_ggpoker_ev_cashout_pays_the_cashout_risk_from_the_pot() -> None:
    _, [hand] = read_file(ROOMS / "ggpoker-handwritten-ev-cashout.txt")
    assert isinstance(hand, HandHistory)
    assert hand.fields["_cash_out"] == [0, 1, 0]
    assert hand.fields["_cash_out_paid"] == [0, 38.95, 0]  # $42.85 collected less $3.9
    assert "_cash_out_fee" not in hand.fields  # GGPoker writes none
    assert verify(settle(hand)).cls == "cash-out"


def test_the_json_row_says_what_the_room_paid(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(ROOMS / "pokerstars-handwritten-cash-out.txt"), "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["class"] for row in rows] == ["cash-out", "cash-out"]
    assert {"player": "p3", "name": "Cy", "ours": 90.1, "recorded": 0, "cashed_out": 16.05,
            "cash_out_fee": 0.33} in rows[1]["differences"]


def test_a_split_knockout_is_read_and_left_out_of_the_bounty_fields() -> None:
    """"wins $4.60 for splitting the elimination of Ana ...": the bounty fields name one
    knocker per player, so a split knockout is left out of them (never half recorded)."""
    text = (ROOMS / "pokerstars-handwritten-cash-out.txt").read_text().split("\n\n\n")[0]
    text = text.replace("Ana cashed out the hand for $8.20 | Cash Out Fee $0.17",
                        "Bo wins $4.60 for splitting the elimination of Ana and their own "
                        "bounty increases by $4.59 to $41.32")
    [hand] = read_hands(text, "pokerstars")
    assert isinstance(hand, HandHistory)
    assert "_bounties_won" not in hand.fields and "_eliminated_by" not in hand.fields
    assert verify(settle(hand)).cls == "rake"
