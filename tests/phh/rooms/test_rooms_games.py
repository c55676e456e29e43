"""PokerStars stud, razz and draw games read into PHH: the bring-in, the cards dealt street by
street, the discards; each hand replayed, settled and checked against the room's amounts."""

from __future__ import annotations

import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file, read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

_STUD_SEATS = """Table 'Vega II' 8-max
Seat 1: Ana ($2 in chips)
Seat 2: Bo ($2 in chips)
Seat 3: Cy ($2 in chips)
Ana: posts the ante $0.01
Bo: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ana [Kh]
Dealt to Bo [3c]
Dealt to Cy [9s Td 7d]
"""


def _one(text: str) -> HandHistory:
    [hand] = read_hands(text, "pokerstars", "games.txt")
    assert isinstance(hand, HandHistory), str(hand)
    return hand


def test_seven_card_stud_deals_street_by_street() -> None:
    _, (stud, _draw) = read_file(ROOMS / "pokerstars-handwritten-stud-draw.txt")
    assert isinstance(stud, HandHistory)
    f = stud.fields
    assert (f["variant"], f["bring_in"], f["small_bet"], f["big_bet"]) == ("F7S", 0.02, 0.04,
                                                                           0.08)
    assert "blinds_or_straddles" not in f and f["antes"] == [0.01, 0.01, 0.01]
    assert f["actions"][:6] == ["d dh p1 ????Kh", "d dh p2 ????3c", "d dh p3 9sTd7d", "p2 pb",
                                "p3 cc", "p1 cbr 0.04"]
    assert f["actions"][8:11] == ["d dh p1 5s", "d dh p2 8h", "d dh p3 2s"]
    assert "d dh p3 4c" in f["actions"]  # the last card, dealt down, to the hero only
    s = settle(stud)
    v = verify(s)
    assert v.cls == "rake" and v.differences == [(2, 55, 53)]


def test_triple_draw_writes_discards_and_deals_after_them() -> None:
    _, (_stud, draw) = read_file(ROOMS / "pokerstars-handwritten-stud-draw.txt")
    assert isinstance(draw, HandHistory)
    f = draw.fields
    assert f["variant"] == "F2L3D" and f["blinds_or_straddles"] == [0.05, 0.1, 0]
    acts = f["actions"]
    assert acts[0] == "d dh p2 2c7h4dKc5s"
    # the hero's new card comes once both players have discarded, as PHH deals it
    assert acts[4:7] == ["p2 sd Kc", "p3 sd ????", "d dh p2 8d"]
    assert "p2 sd" in acts and "p3 sd ??" in acts
    assert verify(settle(draw)).cls == "rake"


@pytest.mark.parametrize(("game", "code", "bring", "raiser", "winner"), [
    ("Razz Limit", "FR", "Ana", "Bo", "Bo"),  # razz: the highest up card brings in
    ("7 Card Stud Hi/Lo Limit", "F7S/8", "Bo", "Cy", "Cy"),  # the lowest
])
def test_the_bring_in_follows_the_game(game: str, code: str, bring: str, raiser: str,
                                       winner: str) -> None:
    folders = [n for n in ("Ana", "Bo", "Cy") if n not in (bring, raiser)]
    text = (f"PokerStars Hand #250000000003:  {game} ($0.04/$0.08 USD) - 2024/03/02 21:20:00 ET\n"
            + _STUD_SEATS + f"{bring}: brings in for $0.02\n{raiser}: raises $0.02 to $0.04\n"
            + "".join(f"{n}: folds\n" for n in folders) + f"{bring}: folds\n"
            f"Uncalled bet ($0.02) returned to {raiser}\n{winner} collected $0.07 from pot\n"
            "*** SUMMARY ***\nTotal pot $0.07 | Rake $0\n")
    hand = _one(text)
    assert hand.fields["variant"] == code
    assert verify(settle(hand)).cls == "match"
    wrong = text.replace(f"{bring}: brings in", f"{folders[0]}: brings in", 1)
    [bad] = read_hands(wrong, "pokerstars")
    with pytest.raises(HistoryError, match=r"turn order|bring-in"):
        settle(bad)  # type: ignore[arg-type]


def test_single_draw_no_limit() -> None:
    text = ("PokerStars Hand #250000000004:  Single Draw 2-7 Lowball No Limit ($0.05/$0.10 USD)"
            " - 2024/03/02 21:30:00 ET\n") + """Table 'Alba' 6-max Seat #1 is the button
Seat 1: Dee ($5 in chips)
Seat 2: Eli ($5 in chips)
Seat 3: Fay ($5 in chips)
Eli: posts small blind $0.05
Fay: posts big blind $0.10
*** DEALING HANDS ***
Dealt to Fay [2c 7h 4d Kc 5s]
Dee: calls $0.10
Eli: folds
Fay: checks
*** DRAW ***
Fay: discards 1 card [Kc]
Dealt to Fay [2c 7h 4d 5s] [8d]
Dee: stands pat
Fay: bets $0.30
Dee: folds
Uncalled bet ($0.30) returned to Fay
Fay collected $0.25 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0
"""
    hand = _one(text)
    assert hand.fields["variant"] == "N2L1D" and hand.fields["min_bet"] == 0.1
    assert hand.fields["actions"][4:7] == ["p2 sd Kc", "p3 sd", "d dh p2 8d"]
    assert verify(settle(hand)).cls == "match"


def test_six_card_omaha_hi_lo_has_no_code_and_is_named() -> None:
    text = (ROOMS / "pokerstars-handwritten-games.txt").read_text().replace(
        "Omaha Pot Limit", "6 Card Omaha Hi/Lo Pot Limit")
    error = read_hands(text, "pokerstars", "six.txt")[0]
    assert isinstance(error, HistoryError)
    assert "'6 Card Omaha Hi/Lo Pot Limit' is not one the replay reads" in str(error)


def test_a_discard_of_more_cards_than_any_hand_holds_is_named() -> None:
    text = (ROOMS / "pokerstars-handwritten-stud-draw.txt").read_text()
    hands = text.strip().split("\n\n\n")
    draw = next(h for h in hands if "discards" in h)
    line = next(x for x in draw.splitlines() if ": discards" in x and "[" not in x)
    name = line.split(":")[0]
    broken = draw.replace(line, f"{name}: discards 99999999999 cards")
    error = read_hands(broken, "pokerstars", "draw.txt")[0]
    assert isinstance(error, HistoryError)
    assert f"cannot read {name}'s discard" in str(error)
