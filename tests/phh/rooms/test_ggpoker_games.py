"""GGPoker's games and lines beyond PokerStars' (phh/rooms/ggpoker.py), each on a hand
written after a real one of fpdb's regression files (cash/GGPoker, tour/GGPoker), names
and amounts changed: PLO, PLO-5 and short deck, straddles and over-straddles, a missed
blind, all-in insurance, a tournament's name before its game; and what is refused."""

from __future__ import annotations

import pytest

from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.read import read_file, read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.ggpoker import game_name
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

BACKENDS = ["numpy", *(["native"] if native.native_available() else [])]
SAMPLE = ROOMS / "ggpoker-handwritten-games.txt"


def _hands(backend: str) -> dict[str, HandHistory]:
    with native.use(backend):
        _, hands = read_file(SAMPLE)
    assert all(isinstance(h, HandHistory) for h in hands)
    return {str(h.fields["hand"]): h for h in hands if isinstance(h, HandHistory)}


@pytest.mark.parametrize("header, code", [
    (": PLO ($5/$10) - ", "PO"),
    (": PLO-5 ($0.1/$0.25) - ", "P5O"),
    (": PLO-6 ($1/$2) - ", "P6O"),
    (": ShortDeck No Limit ($0.02) - ", "NS"),
    (": Omaha Pot Limit ($0.5/$1) - ", "PO"),
    (": Tournament #25313426, H-04: $1,050 GGMasters High Rollers Hold'em No Limit - ", "NT"),
    # the tournament's number and buy-in hold an 8: still Omaha high, not hi/lo
    (": Tournament #5948181, High Rollers PLO Main Event $1K Omaha Pot Limit - ", "PO"),
    (": Tournament #2, PLO-5 Classic $10 Omaha5 Pot Limit - ", "P5O"),
])
def test_the_games_gg_names(header: str, code: str) -> None:
    assert game_name(header) == code


@pytest.mark.parametrize("backend", BACKENDS)
def test_every_hand_of_the_sample_settles_as_gg_paid(backend: str) -> None:
    for number, hand in _hands(backend).items():
        with native.use(backend):
            assert verify(settle(hand)).cls in ("match", "rake"), number


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_over_straddle_is_one_blind_to_its_total(backend: str) -> None:
    # "straddle $1" then "straddle $22.4 and is all-in": the button's blind is $22.4,
    # $21.9 of it handed back when the others fold
    f = _hands(backend)["OM3000001"].fields
    assert (f["variant"], f["players"]) == ("P5O", ["Hero", "a81c22f0", "5d0e7b19"])
    assert f["blinds_or_straddles"] == [0.25, 0.5, 22.4]
    assert f["winnings"] == [0, 0, 1.25]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_missed_blind_is_dead_money_in_the_pot(backend: str) -> None:
    # "posts missed blind $1" and "posts big blind $2", then a raise to the pot, $8,
    # which counts the dead dollar: as a live blind the raise would break pot limit
    hand = _hands(backend)["OM3000002"]
    f = hand.fields
    late = f["players"].index("61bd0f47")
    assert f["antes"][late] == 1 and f["blinds_or_straddles"][late] == 0
    assert "p3 cbr 8" in f["actions"]
    assert verify(settle(hand)).cls == "rake"


@pytest.mark.parametrize("backend", BACKENDS)
def test_short_deck_ranks_a_straight_above_three_of_a_kind(backend: str) -> None:
    # GG's own showdown: "won ($935) with Aces-High Straight" over "Three Jacks" on the
    # first board; with three of a kind above a straight the jacks would take it
    hand = _hands(backend)["3301447788990011223"]
    f = hand.fields
    assert (f["variant"], f["min_bet"], f["antes"]) == ("NS", 50, [50, 50, 50])
    s = settle(hand)
    assert s.showdown is not None
    kd_qd = f["seats"][f["players"].index("4411aa")]
    assert [p.winners for p in s.showdown.pots] == [(kd_qd,), (kd_qd,)]
    assert verify(s).cls == "rake"


@pytest.mark.parametrize("backend", BACKENDS)
def test_short_deck_antes_button_blind_and_straddle(backend: str) -> None:
    # the header's one amount is the ante and the button blind; a straddle posted by
    # the seat before the button has the button act first preflop (PHH's opening rule
    # after the largest blind does the same)
    f = _hands(backend)["SD44000001"].fields
    assert f["players"] == ["55ff66aa", "11bb22cc", "33dd44ee", "Hero"]
    assert f["antes"] == [0.05] * 4
    assert f["blinds_or_straddles"] == [0, 0, 0.1, 0.05]
    assert f["min_bet"] == 0.05 and f["actions"][4] == "p4 cbr 0.35"


@pytest.mark.parametrize("backend", BACKENDS)
def test_all_in_insurance_is_outside_the_pot(backend: str) -> None:
    # "get an all-in insurance (premium ...)" and "pay premium of all-in insurance ($3)":
    # a deal with the house; the pot of $23.50 is paid as written
    hand = _hands(backend)["OM3000003"]
    assert verify(settle(hand)).cls == "match"


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_tournament_named_with_an_eight_is_omaha_high(backend: str) -> None:
    # read as hi/lo (the 8 of "#5840018"), the low half would go to the aces-deuces
    hand = _hands(backend)["TM7000001"]
    assert hand.fields["variant"] == "PO"
    assert verify(settle(hand)).cls == "match"


_POSTFLOP = ("Poker Hand #TM9000001: Tournament #25900011, Omaholic Bounty $5.50 Omaha "
             "(NL postflop) - Level3(40/80) - 2024/07/01 12:00:00\n") + """\
Table '3' 6-max Seat #1 is the button
Seat 1: aa11 (5,000 in chips)
Seat 2: bb22 (5,000 in chips)
aa11: posts small blind 40
bb22: posts big blind 80
*** HOLE CARDS ***
aa11: folds
*** SUMMARY ***
Total pot 80
"""

_CASH_DROP_PLO = """Poker Hand #RC9000002: Omaha Pot Limit ($0.01/$0.02) - 2024/07/01 12:00:00
Table 'RushAndCash1' 6-max Seat #1 is the button
Seat 1: aa11 ($2 in chips)
Seat 2: bb22 ($2 in chips)
Cash Drop to Pot : total $0.2
aa11: posts small blind $0.01
bb22: posts big blind $0.02
*** HOLE CARDS ***
aa11: raises $0.29 to $0.31
bb22: folds
*** SUMMARY ***
Total pot $0.24
"""


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("text, reason", [
    (_POSTFLOP, "pot limit before the flop and no limit after"),
    (_CASH_DROP_PLO, "in a pot-limit game: the house's money counts in the pot"),
])
def test_what_no_phh_variant_writes_is_refused_by_name(backend: str, text: str,
                                                         reason: str) -> None:
    with native.use(backend):
        [error] = read_hands(text, "ggpoker", "x.txt")
    assert isinstance(error, HistoryError) and reason in str(error)
