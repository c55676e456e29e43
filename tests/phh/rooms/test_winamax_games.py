"""Winamax's stud and draw games, five-card Omaha and its odd forced bets, handwritten in
the layout of real hands (fpdb-3's regression files, AGPL, not shipped: the 8-game cash
table "Pampelune" of 2016, play-money exports, Omaha tables of 2014-2017; names, stacks
and cards changed): read as the room played them, or refused with a true reason; the
kernel reads each as Python does (or leaves it to Python)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.backends import NO_KERNEL_INSTALL
from showdown.hands import native
from showdown.phh.corpus.read import read_file, read_hands, split_hands
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _summary(hand: HandHistory | HistoryError) -> object:
    if isinstance(hand, HistoryError):
        return str(hand)
    return [(k, repr(v)) for k, v in hand.fields.items()]


def _read(text: str) -> HandHistory | HistoryError:
    with native.use("numpy"):
        [hand] = read_hands(text, "winamax", "x.txt")
    if not NO_KERNEL_INSTALL:
        with native.use("native"):
            [fast] = read_hands(text, "winamax", "x.txt")
        assert _summary(fast) == _summary(hand)
    return hand


def _settled(text: str) -> HandHistory:
    hand = _read(text)
    assert isinstance(hand, HandHistory), hand
    assert verify(settle(hand)).cls in ("match", "rake")
    return hand


STUD = """\
Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud fixed limit \
(2€/10€/20€) - 2016/11/12 22:46:27 UTC
Table: 'Pampelune' 6-max (real money)
Seat 1: Ana (1500€)
Seat 4: Bo (400€)
*** ANTE/BLINDS ***
Ana posts ante 2€
Bo posts ante 2€
*** 3rd STREET ***
Dealt to Ana [4h Ac Qd]
Dealt to Bo [X X 9h]
Bo brings in 5€
Ana raises 10€ to 10€
Bo calls 5€
*** 4th STREET ***
Dealt to Ana [4h Ac Qd] [3h]
Dealt to Bo [X X 9h] [Kh]
Bo checks
Ana checks
*** 5th STREET ***
Dealt to Bo [X X 9h Kh] [Kd]
Dealt to Ana [4h Ac Qd 3h] [Qh]
Bo bets 20€
Ana calls 20€
*** 6th STREET ***
Dealt to Bo [X X 9h Kh Kd] [Qc]
Dealt to Ana [4h Ac Qd 3h Qh] [5h]
Bo bets 20€
Ana calls 20€
*** 7th STREET ***
Dealt to Bo [X X 9h Kh Kd Qc] [X]
Dealt to Ana [4h Ac Qd 3h Qh 5h] [Th]
Bo bets 20€
Ana raises 20€ to 40€
Bo calls 20€
*** SHOW DOWN ***
Bo shows [8c Td 9h Kh Kd Qc Jc] (Straight King high)
Ana shows [4h Ac Qd 3h Qh 5h Th] (Flush Queen high)
Ana collected 183€ from pot
*** SUMMARY ***
Total pot 183€ | Rake 1€
"""


def test_seven_card_stud_reads_its_dashed_name_and_unseen_cards() -> None:
    hand = _settled(STUD)
    f = hand.fields
    assert (f["variant"], f["small_bet"], f["big_bet"], f["bring_in"]) == ("F7S", 10, 20, 5)
    # Bo's cards, unseen when dealt ("X"), are the ones he shows at the showdown
    assert f["actions"][:4] == ["d dh p1 4hAcQd", "d dh p2 8cTd9h", "p2 pb", "p1 cbr 10"]
    assert "d dh p2 Jc" in f["actions"]


def test_razz_and_stud_hi_lo_name_their_games() -> None:
    razz = STUD.replace("7-Card Stud fixed limit", "Razz fixed limit")
    assert _read(razz).fields["variant"] == "FR"  # type: ignore[union-attr]
    hi_lo = STUD.replace("7-Card Stud fixed limit", "7-Card Stud Hi/Lo fixed limit")
    assert _read(hi_lo).fields["variant"] == "F7S/8"  # type: ignore[union-attr]


def test_a_raise_all_in_after_bringing_in_counts_the_bring_in() -> None:
    # "raises -6.10€ to 18.90€" after bringing in for 10€: the "to" leaves the bring-in
    # out; the pot (and the caller's 3.90€) show a raise all in to 28.90€
    text = """\
Winamax Poker - CashGame - HandId: #9250793-1578-1479092164 - 7-Card Stud fixed limit \
(2€/10€/20€) - 2016/11/14 02:56:04 UTC
Table: 'Pampelune' 6-max (real money)
Seat 2: Cy (15€)
Seat 3: Bo (300€)
Seat 5: Ana (500€)
*** ANTE/BLINDS ***
Cy posts ante 2€
Bo posts ante 2€
Ana posts ante 2€
*** 3rd STREET ***
Dealt to Cy [X X 8h]
Dealt to Bo [X X Kc]
Dealt to Ana [Kd 3s 9h]
Cy brings in 5€
Bo raises 10€ to 10€
Ana folds
Cy raises -2€ to 8€
Bo calls 3€
*** 4th STREET ***
Dealt to Bo [X X Kc] [6d]
Dealt to Cy [X X 8h] [5c]
*** 5th STREET ***
Dealt to Bo [X X Kc 6d] [7d]
Dealt to Cy [X X 8h 5c] [Js]
*** 6th STREET ***
Dealt to Bo [X X Kc 6d 7d] [2d]
Dealt to Cy [X X 8h 5c Js] [Ad]
*** 7th STREET ***
Dealt to Bo [X X Kc 6d 7d 2d] [X]
Dealt to Cy [X X 8h 5c Js Ad] [X]
*** SHOW DOWN ***
Bo shows [Jh 6h Kc 6d 7d 2d 9s] (One pair : 6)
Cy shows [4d Ac 8h 5c Js Ad Ts] (One pair : Aces)
Cy collected 31€ from pot
*** SUMMARY ***
Total pot 31€ | Rake 1€
"""
    hand = _settled(text)
    assert hand.fields["actions"][4:8] == ["p2 cbr 10", "p3 f", "p1 cbr 13", "p2 cc"]


def test_a_stud_export_without_its_dealt_cards_is_refused_by_name() -> None:
    # a play-money export: no "Dealt to", "bring-in 0.02", cards only at the showdown
    lines = [line for line in STUD.split("\n") if not line.startswith("Dealt to")]
    text = "\n".join(lines).replace("Bo brings in 5€", "Bo bring-in 5")
    hand = _read(text)
    assert isinstance(hand, HistoryError)
    assert "a stud hand that writes no card dealt" in str(hand)


TRIPLE_DRAW = """\
Winamax Poker - CashGame - HandId: #9250793-388-1478989461 - 2-7 Triple Draw fixed limit \
(10€/20€) - 2016/11/12 22:24:21 UTC
Table: 'Pampelune' 6-max (real money) Seat #4 is the button
Seat 1: Ana (900€)
Seat 4: Bo (300€)
*** ANTE/BLINDS ***
Bo posts small blind 5€
Ana posts big blind 10€
*** FIRST-BET ***
Dealt to Bo [X X X X X]
Dealt to Ana [2h Td 8c 7c 8s]
Bo raises 10€ to 20€
Ana calls 10€
*** FIRST-DRAW ***
Ana stands pat [2h Td 8c 7c 8s]
Bo stands pat [X X X X X]
*** SECOND-BET ***
Ana checks
Bo bets 10€
Ana calls 10€
*** SECOND-DRAW ***
Ana stands pat [2h Td 8c 7c 8s]
Bo stands pat [X X X X X]
*** THIRD-BET ***
Ana checks
Bo bets 20€
Ana calls 20€
*** THIRD-DRAW ***
Ana stands pat [2h Td 8c 7c 8s]
Bo stands pat [X X X X X]
*** FOURTH-BET ***
Ana checks
Bo bets 20€
Ana folds
Bo collected 119€ from pot
*** SUMMARY ***
Total pot 119€ | Rake 1€
"""


def test_triple_draw_reads_its_draws_titles_and_stands_pat() -> None:
    hand = _settled(TRIPLE_DRAW)
    assert (hand.fields["variant"], hand.fields["small_bet"]) == ("F2L3D", 10)


def test_the_play_money_lowball_discards_its_cards_unseen() -> None:
    text = """\
Winamax Poker - CashGame - HandId: #9160772-2-1476189756 - Lowball27 fixed limit (0.50/1) \
- 2016/10/11 12:42:36 UTC
Table: 'Suceava 02' 6-max (play money) Seat #3 is the button
Seat 1: Ana (20)
Seat 2: Bo (13)
Seat 3: Cy (19)
*** ANTE/BLINDS ***
Ana posts small blind 0.25
Bo posts big blind 0.50
*** FIRST-BET ***
Cy raises 0.50 to 1
Ana calls 0.75
Bo calls 0.50
*** FIRST-DRAW ***
Ana discard 2 cards
Bo discard 1 card
Cy discard 0 card
*** SECOND-BET ***
Ana checks
Bo checks
Cy bets 0.50
Ana folds
Bo calls 0.50
*** SECOND-DRAW ***
Bo discard 1 card
Cy discard 0 card
*** THIRD-BET ***
Bo checks
Cy bets 1
Bo calls 1
*** THIRD-DRAW ***
Bo discard 0 card
Cy discard 0 card
*** FOURTH-BET ***
Bo checks
Cy checks
*** SHOW DOWN ***
Bo shows [3s 2c 5s Ks 8c] (High card : King)
Cy shows [3h 7d 5h 8d 2d] (High card : 8)
Cy collected 5.70 from pot
*** SUMMARY ***
Total pot 5.70 | Rake 0.30
"""
    hand = _settled(text)
    assert hand.fields["variant"] == "F2L3D"
    assert "p1 sd ????" in hand.fields["actions"]


def test_five_card_omaha_is_omaha5() -> None:
    text = """\
Winamax Poker - CashGame - HandId: #9630554-604-1489827073 - Omaha5 pot limit (5€/10€) - \
2017/03/18 08:51:13 UTC
Table: 'Marbella' 6-max (real money) Seat #1 is the button
Seat 1: Ana (1000€)
Seat 2: Bo (800€)
Seat 3: Cy (950€)
*** ANTE/BLINDS ***
Bo posts small blind 5€
Cy posts big blind 10€
Dealt to Ana [Ah Kh Qd Jc 2s]
*** PRE-FLOP ***
Ana raises 25€ to 35€
Bo folds
Cy folds
Ana collected 50€ from pot
*** SUMMARY ***
Total pot 50€ | No rake
"""
    hand = _settled(text)
    assert hand.fields["variant"] == "P5O" and hand.fields["actions"][0] == "d dh p1 ??????????"


POSTS = """\
Winamax Poker - CashGame - HandId: #9260931-103-1479198677 - Omaha pot limit (1€/2€) - \
2016/11/15 08:31:17 UTC
Table: 'Port Elizabeth 02' 5-max (real money) Seat #2 is the button
Seat 1: Ana (445€)
Seat 2: Bo (399€)
Seat 3: Cy (118€)
Seat 4: Dee (200€)
Seat 5: Eve (57€)
*** ANTE/BLINDS ***
Cy posts small blind 1€
Dee posts big blind 2€
Eve posts small blind 3€ out of position
Eve posts big blind 0€ out of position
*** PRE-FLOP ***
Eve checks
Ana folds
Bo calls 2€
Cy folds
Dee checks
*** FLOP *** [3c 4s 9h]
Dee checks
Eve bets 8€
Bo folds
Dee folds
Eve collected 15.50€ from pot
*** SUMMARY ***
Total pot 15.50€ | Rake 0.50€
"""


def test_both_blinds_in_one_small_blind_out_of_position_are_live_and_dead() -> None:
    # "posts small blind 3€ out of position" at 1€/2€, then "posts big blind 0€": the big
    # blind live (Eve checks), the small blind dead; the pot is 8€ (and the 8€ back)
    hand = _settled(POSTS)
    f = hand.fields
    assert f["antes"][f["players"].index("Eve")] == 1


def test_a_raise_among_the_forced_bets_is_refused_by_name() -> None:
    # "Player3 raises 1€ to 3€" under *** ANTE/BLINDS ***, before its player's small
    # blind: no raise (the next players call the big blind), a line no reading places
    text = POSTS.replace("Eve posts small blind 3€ out of position\nEve posts big blind "
                         "0€ out of position", "Eve raises 1€ to 3€\nEve posts small blind 1€")
    hand = _read(text)
    assert isinstance(hand, HistoryError) and "a raise among the forced bets" in str(hand)


def test_a_tournament_summary_is_not_a_hand(tmp_path: Path) -> None:
    summary = ("Winamax Poker - Tournament summary : Freeroll(99427750)\n"
               "Player : Ana\nBuy-In : 0€ + 0€\nYou finished in 12th place\n")
    assert split_hands(summary + STUD, "winamax") == [STUD]
    path = tmp_path / "Freeroll(99427750)_summary.txt"
    path.write_text(summary, encoding="utf-8")
    with pytest.raises(MalformedHistory, match="no winamax hand in the file"):
        read_file(path)
