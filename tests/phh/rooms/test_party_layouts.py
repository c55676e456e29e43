"""PartyPoker's files in the layouts the room wrote over the years: its game lines,
tournaments without blind posts, the "Game Table" layout with amounts in parentheses,
players who join and post, folds written out of turn, the Mac client's lines run
together, hi/lo pots, and the hands it refuses with their reason. Real hands where a
licence allows (tests/data/README), else hands written here on the model of real ones
(``partypoker-handwritten-layouts.txt``)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.read import open_text, read_file, read_hands, split_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.party import variant
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

LAYOUTS = "partypoker-handwritten-layouts.txt"


def _hands(name: str) -> dict[str, HandHistory]:
    room, hands = read_file(ROOMS / name)
    assert room == "partypoker"
    assert all(isinstance(h, HandHistory) for h in hands), [str(h) for h in hands]
    return {str(h.name): h for h in hands}  # type: ignore[union-attr]


def _actions(hand: HandHistory) -> list[str]:
    return list(hand.fields["actions"])


@pytest.mark.parametrize(("name", "classes"), [
    (LAYOUTS, {"match": 4, "rake": 4}),
    ("partypoker-tournament-no-blind-posts.txt", {"match": 1}),
    ("partypoker-tournament-buy-in.txt", {"match": 5}),
    ("partypoker-cash-omaha.txt", {"match": 1, "rake": 2}),
])
def test_every_hand_settles_and_verifies(name: str, classes: dict[str, int]) -> None:
    assert Counter(verify(settle(h)).cls for h in _hands(name).values()) == Counter(classes)


@pytest.mark.parametrize(("line", "code"), [
    ("$0.10/$0.25 USD NL Texas Hold'em - ", "NT"),
    ("$2 USD NL Texas Hold'em - ", "NT"),
    ("$5  USD  NL  Texas Hold'em - ", "NT"),
    ("$10 USD fastforward NL Texas Hold'em - ", "NT"),
    ("$100.00 USD NL Holdem - ", "NT"),
    ("$15/$30 USD Texas Hold'em - ", "FT"),
    ("$1,000 USD PL  Omaha Hi-", "PO"),
    ("$200 USD PL Omaha Hi-Lo - ", "PO/8"),
    ("$20/$40 USD FL Omaha Hi-Lo - ", "FO/8"),
    ("$1/$1 USD NL Short Deck - ", "NS"),
    ("0.10/0.25 Omaha Hi Game Table (PL) - ", "PO"),
    ("250/500 Tourney Texas Holdem Game Table (NL) (MTT Tournament #3) (Buyin $3.0 + $0.3) - ",
     "NT"),
    ("FL Texas Hold'em  Trny:7 Level:4  Stakes(200/400) - ", "FT"),
    ("$10/$20 USD FL 7 Card Stud Hi-Lo - ", "F7S/8"),
])
def test_the_game_lines(line: str, code: str) -> None:
    assert variant(line) == code


def test_the_game_table_layout() -> None:
    # "raises 0.75 to 0.75", "calls (0.50)", a "balance ..., collected $7.85" summary
    hand = _hands(LAYOUTS)["1784000000001abcdefgh"]
    assert hand.fields["variant"] == "PO" and hand.fields["table"] == "Table 9001"
    assert _actions(hand)[3:7] == ["p3 cbr 0.75", "p1 f", "p2 cc", "d db Ac7d2h"]
    assert "p2 sm Ts9d8c5h" in _actions(hand)
    assert hand.fields["winnings"] == [0, 0, 7.85] and hand.fields["time_zone"] == "EDT"


def test_a_player_who_joins_and_posts_is_seated() -> None:
    # "Hal has joined the table." "Hal posts big blind [$0.25 USD]." then calls
    hand = _hands(LAYOUTS)["13300000001"]
    assert hand.fields["players"] == ["Gus", "Hal", "Dora", "Emil", "Faye"]
    assert hand.fields["seats"][1] == 5  # next to Gus (seat 4), who acted before him
    assert math.isinf(hand.fields["starting_stacks"][1])  # his stack is not written


def test_folds_written_out_of_turn_are_made_in_turn() -> None:
    # "Ned folds" (seat 6), "Lou folds" (4), "Max Forward Folds", "Max folds" (5)
    hand = _hands(LAYOUTS)["15400000002"]
    assert _actions(hand)[6:10] == ["p3 f", "p4 f", "p5 f", "p6 cbr 0.3"]


def test_the_mac_clients_lines() -> None:
    # "seat 1: ", "( Real Money )", "$24,72 USD", "is sitting outRosa posts big blind",
    # "...Queens and Nines.Rosa wins $0,69 USD ..."
    hand = _hands(LAYOUTS)["12395000003"]
    assert hand.fields["table"] == "Ronda" and hand.fields["min_bet"] == 0.25
    assert hand.fields["winnings"] == [0, 0.69, 0.69]


def test_tournament_blinds_the_file_does_not_post() -> None:
    level = _hands(LAYOUTS)["8500000004"]  # "Blinds(50/100)" in the header, then 100/200
    assert level.fields["blinds_or_straddles"] == [100, 200, 0, 0]
    fixed = _hands(LAYOUTS)["11930000005"]  # "Stakes(200/400)": blinds of 100 and 200
    assert fixed.fields["blinds_or_straddles"] == [100, 200, 0]
    assert (fixed.fields["small_bet"], fixed.fields["big_bet"]) == (200, 400)
    # thlorenz/hhp: "Blinds-Antes(1,250/2,500 -250)", only the antes posted, no time zone
    real = _hands("partypoker-tournament-no-blind-posts.txt")["13165152578"]
    assert real.fields["blinds_or_straddles"][:2] == [1250, 2500]
    assert real.fields["antes"] == [250] * 8 and "time_zone" not in real.fields


def test_a_short_big_blind_when_the_line_writes_only_the_buy_in() -> None:
    # "$0.80 USD NL": the big blind is the first call's $0.02 over the $0.01 all in
    hand = _hands(LAYOUTS)["9485000006"]
    assert hand.fields["min_bet"] == 0.02 and "p4 cbr 0.02" in _actions(hand)


def test_short_deck_and_its_button_blind() -> None:
    hand = _hands(LAYOUTS)["18500000007"]
    assert hand.fields["variant"] == "NS" and hand.fields["blinds_or_straddles"] == [1, 0]


def test_hi_lo_pots_are_split() -> None:
    # HHSmithy: "fistfock123 shows7,5,4,2,A  for low." after the cards, "wins Lo ($28.75 USD)"
    hand = _hands("partypoker-cash-omaha.txt")["13550918572"]
    assert hand.fields["variant"] == "PO/8" and "p2 sm 8sQhAd7h" in _actions(hand)
    assert settle(hand).winnings == [0, 3025, 0, 0, 3025]


_BASE = next(p for p in split_hands(open_text((ROOMS / LAYOUTS).read_bytes()), "partypoker")
             if "13300000001" in p)


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("$0.10/$0.25 USD NL Texas Hold'em", "$2 USD NL Double Hold'em", "Double Hold'em"),
    ("$0.10/$0.25 USD NL Texas Hold'em", "$10/$20 USD FL 7 Card Stud", "no up cards"),
    ("Dora folds", "Dorothy folds", "'Dorothy' acts (folds) but the seats do not list"),
    ("Emil wins $2.55 USD", "", "nobody wins a pot"),
    ("Emil raises [$0.75 USD]", "Emil raises [$75 USD]", "Emil puts in 76 but sat down"),
])
def test_hands_refused_name_their_reason(old: str, new: str, reason: str) -> None:
    assert old in _BASE
    hand = read_hands(_BASE.replace(old, new), "partypoker")[0]
    assert isinstance(hand, HistoryError) and reason in str(hand), str(hand)


def test_a_cash_out_is_named() -> None:
    game_table = next(p for p in split_hands(open_text((ROOMS / LAYOUTS).read_bytes()),
                                             "partypoker") if "abcdefgh" in p)
    text = game_table.replace("Bea calls (2.00)", "Bea calls (2.00)\nAbe opted for cash-out")
    hand = read_hands(text, "partypoker")[0]
    assert isinstance(hand, HistoryError) and "cash-out" in str(hand)


def _both(text: str) -> tuple[list[object], list[object]]:
    def summary(h: HandHistory | HistoryError) -> object:
        return str(h) if isinstance(h, HistoryError) else (h.fields, h.name)
    with native.use("native"):
        fast = [summary(h) for h in read_hands(text, "partypoker", "x")]
    with native.use("numpy"):
        slow = [summary(h) for h in read_hands(text, "partypoker", "x")]
    return fast, slow


@pytest.mark.skipif(native.kernel() is None, reason="no kernel")
@pytest.mark.parametrize(("old", "new"), [
    ("Seat 2: Chinchilakid", "seat 2: Chinchilakid"), ("(Real Money)", "( Real Money )"),
    ("SEOULMAN folds", "Hal posts big blind [$1 USD]\nSEOULMAN folds"),
    ("SEOULMAN folds", "SEOULMAN Forward Folds\nSEOULMAN folds"),
    ("SEOULMAN folds", "SEOULMAN folds."), ("SEOULMAN folds", "Nobody folds"),
    ("slushfund18 folds\n", "SEOULMAN folds\n"), ("( $25 USD )", "( $0 USD )"),
    ("does not show cards.\n", "does not show cards."), ("$0.10/$0.25", "$0.10 / $0.25"),
    ("Tuesday, June", "Tuesday,June"), ("Tuesday, June", "Tue, Jun"), ("June", "Jun"),
    ("raises [", "raises 1 to ["), ("wins $", "wins Lo ($"), ("$1.70 USD", "$1.700 USD"),
    ("(Real Money)", "(Real Money) -- Seat 1 is the button"), ("\n\n", "\nTrny: 5\n"),
])
def test_the_kernel_reads_what_python_reads_or_leaves_it(old: str, new: str) -> None:
    """Lines of the other layouts in hands the kernel reads (partypoker-cash-posts.txt):
    the kernel reads them as Python does, or leaves the hand to Python."""
    text = open_text((ROOMS / "partypoker-cash-posts.txt").read_bytes())
    fast, slow = _both(text.replace(old, new))
    assert fast == slow
