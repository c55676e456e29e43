"""Rooms' hand histories read into PHH: every sample of tests/data/rooms settles and verifies,
the room is found from the content, amounts are exact, bad hands are named."""

from __future__ import annotations

import gzip
from collections import Counter
from decimal import Decimal

import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_file, read_hands
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.money import amount, currency_of, number
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

#: Each sample: its room and the classes of its hands. Rake is exact where the room writes
#: it (PokerStars, GGPoker, Winamax); 888, PartyPoker and iPoker write only what the
#: winners got, so their rake is the classes' "at most 10% of the pot".
SAMPLES = {
    "pokerstars-cash-zoom.txt": ("pokerstars", {"rake": 1}),
    "pokerstars-tournament.txt": ("pokerstars", {"match": 5}),
    "pokerstars-handwritten-games.txt": ("pokerstars", {"rake": 2}),
    "pokerstars-handwritten-stud-draw.txt": ("pokerstars", {"rake": 2}),
    "partypoker-cash-posts.txt": ("partypoker", {"match": 1, "rake": 3}),
    "888-cash-dead-blind.txt": ("888", {"rake": 1}),
    "888-cash-fixed-limit-hu.txt": ("888", {"rake": 2}),
    "888-tournament-raises.txt": ("888", {"match": 2}),
    "ggpoker-handwritten.txt": ("ggpoker", {"rake": 2, "match": 1}),
    "winamax-handwritten.txt": ("winamax", {"rake": 1, "match": 1}),
    "888-cash.txt": ("888", {"rake": 2, "match": 1}),
    "888-tournament.txt": ("888", {"match": 11}),
    "fulltilt-tournament.txt": ("fulltilt", {"match": 2}),
    "partypoker-cash-hu.txt": ("partypoker", {"rake": 4, "match": 1}),
    "ipoker-cash-hu.xml": ("ipoker", {"rake": 6, "match": 13}),
    "ipoker-sng.xml": ("ipoker", {"match": 20}),
    "wpn-tournament.txt": ("wpn", {"match": 5}),
    "pokerstars-handwritten-run-twice.txt": ("pokerstars", {"rake": 2}),
    "ggpoker-handwritten-run-twice.txt": ("ggpoker", {"rake": 1}),
    "pokerstars-handwritten-short-big-blind.txt": ("pokerstars", {"match": 4}),
    "pokerstars-handwritten-more-games.txt": ("pokerstars", {"rake": 5}),
    "winamax-cash-incognito.txt": ("winamax", {"rake": 11, "match": 5}),
    "winamax-cash-omaha5.txt.gz": ("winamax", {"rake": 58, "match": 11}),
    "winamax-tournament.txt.gz": ("winamax", {"match": 54}),
    "winamax-tournament-short-big-blind.txt.gz": ("winamax", {"match": 51}),
    "winamax-tournament-big-blind-zero.txt": ("winamax", {"match": 1}),
    "pokerstars-cash-run-twice.txt": ("pokerstars", {"rake": 1}),
    "fulltilt-cash-run-twice.txt": ("fulltilt", {"rake": 1}),
    "pokerstars-cash-and-knockout.txt": ("pokerstars", {"rake": 2, "match": 1}),
    "wpn-stud-hi-lo.txt": ("wpn", {"rake": 1}),
    "ggpoker-rush-cash-drop.txt.gz": ("ggpoker", {"match": 90, "rake": 63}),
    "ggpoker-rush-one-card-shown.txt.gz": ("ggpoker", {"rake": 67, "match": 63}),
    "ggpoker-rush-tax.txt": ("ggpoker", {"rake": 1}),
    "ggpoker-handwritten-bingo-fortune.txt": ("ggpoker", {"rake": 2}),
    "pokerstars-cash-dead-small-blinds.txt": ("pokerstars", {"rake": 2, "match": 2}),
    "pokerstars-cash-fold-shows-a-card.txt": ("pokerstars", {"rake": 1}),
    "pokerstars-handwritten-converted-small-blind.txt": ("pokerstars", {"rake": 1}),
}


def hands_of(name: str) -> list[HandHistory]:
    room, hands = read_file(ROOMS / name)
    assert room == SAMPLES[name][0]
    assert all(isinstance(h, HandHistory) for h in hands), [str(h) for h in hands]
    return hands  # type: ignore[return-value]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_sample_settles_and_verifies(name: str) -> None:
    classes = Counter(verify(settle(h)).cls for h in hands_of(name))
    assert classes == Counter(SAMPLES[name][1])


def test_the_rooms_record_is_kept_in_phh_fields() -> None:
    [hand] = hands_of("pokerstars-cash-zoom.txt")
    f = hand.fields
    assert (f["hand"], f["table"], f["currency"], f["seat_count"]) == (
        164150709626, "Donati", "USD", 6)
    assert (f["year"], f["month"], f["day"], str(f["time"]), f["time_zone"]) == (
        2017, 1, 6, "17:15:11", "ET")
    assert f["players"][-1] == "Mr.BinAlik" and f["seats"][-1] == 1  # the button is last
    assert f["winnings"][f["players"].index("held")] == 0.31 and f["_rake"] == 0.01
    assert f["_room"] == "pokerstars"


def test_rake_and_jackpot_are_taken_as_written() -> None:
    _, second, tournament = hands_of("ggpoker-handwritten.txt")
    s = settle(second)
    v = verify(s)
    hero = second.fields["players"].index("Hero")
    assert (v.cls, second.fields["_rake"], second.fields["_jackpot"]) == ("rake", 0.5, 0.01)
    assert v.differences == [(hero, 1025, 974)]  # the pot, less 0.51 the room took
    # The same hand with a rake the room did not take is a mismatch naming the player.
    wrong = verify(settle(second.with_fields(_rake=0.4)))
    assert wrong.cls == "mismatch" and [d[0] for d in wrong.differences] == [hero]
    assert tournament.fields["starting_stacks"][0] == 6100  # "6,100 in chips"
    assert "currency" not in tournament.fields and tournament.fields["_tournament"] == "123456789"


def test_euros_after_the_amount_and_three_part_blinds() -> None:
    cash, tournament = hands_of("winamax-handwritten.txt")
    assert cash.fields["currency"] == "EUR" and cash.fields["starting_stacks"][0] == 12.4
    assert cash.fields["players"][2] == "TourEiffel" and "p3 cbr 5.95" in cash.fields["actions"]
    assert tournament.fields["antes"] == [25, 25, 25, 25]
    assert tournament.fields["blinds_or_straddles"] == [100, 200, 0, 0]
    assert verify(settle(tournament)).cls == "match"


def test_omaha_and_fixed_limit() -> None:
    omaha, limit = hands_of("pokerstars-handwritten-games.txt")
    assert (omaha.fields["variant"], omaha.fields["min_bet"]) == ("PO", 0.1)
    assert "d dh p4 AsKsJhTh" in omaha.fields["actions"]
    assert (limit.fields["variant"], limit.fields["small_bet"], limit.fields["big_bet"]) == (
        "FT", 0.1, 0.2)
    assert "p2 sm" in limit.fields["actions"]  # capped_out mucked at showdown
    assert verify(settle(limit)).differences == [(2, 200, 188)]


def test_heads_up_forced_bets_are_written_as_phh_does() -> None:
    hand = hands_of("ipoker-sng.xml")[0]
    # p2 is the button and posts the small blind: PHH lists heads-up blinds reversed.
    assert hand.fields["blinds_or_straddles"] == [10, 20]
    assert hand.fields["seats"][1] == 3 and hand.fields["players"][1] == "Player0"


@pytest.mark.parametrize(("text", "expected"), [
    ("PokerStars Hand #1: Hold'em", "pokerstars"),
    ("*********** # 2 **************\nPokerStars Hand #2: x", "pokerstars"),
    ("\ufeffPoker Hand #RC1: Hold'em", "ggpoker"),
    ("Winamax Poker - CashGame - HandId: #1", "winamax"),
    ("#Game No : 1\n***** 888poker Hand History", "888"),
    ("***** Hand History for Game 1 *****", "partypoker"),
    ("Full Tilt Poker Game #1: Table", "fulltilt"),
    ("Game Hand #1 - Tournament #2", "wpn"),
    ('<?xml version="1.0"?>\n<session sessioncode="0"><game gamecode="1">', "ipoker"),
    ('variant = "NT"\nactions = []', "phh"),
    ('[1]\nvariant = "NT"', "phhs"),
    ("Dear diary,", None),
    ("", None),
])
def test_the_format_is_found_from_the_content(text: str, expected: str | None) -> None:
    assert detect(text) == expected


def test_gzip_and_windows_1252_and_crlf_are_read() -> None:
    text = (ROOMS / "pokerstars-cash-zoom.txt").read_text()
    assert open_text(gzip.compress(text.encode())) == text
    assert open_text("Seat 1: Jos\u00e9\r\n".encode("cp1252")) == "Seat 1: Jos\u00e9\n"


@pytest.mark.parametrize(("raw", "value", "currency"), [
    ("$0.25", "0.25", "USD"), ("0,25€", "0.25", "EUR"), ("€1.234,50", "1234.50", "EUR"),
    ("1,000", "1000", None), ("12,580", "12580", None), ("£47.28", "47.28", "GBP"),
    ("$0.60 USD", "0.60", "USD"), ("2000.00", "2000.00", None),
])
def test_amounts_are_exact(raw: str, value: str, currency: str | None) -> None:
    assert amount(raw) == Decimal(value) and currency_of(raw) == currency


def test_numbers_are_whole_or_decimal() -> None:
    assert [number(Decimal(v)) for v in ("2000.00", "0.10", "12.5")] == [2000, 0.1, 12.5]
    with pytest.raises(ValueError, match="not an amount"):
        amount("lots")


def _stars_hand(**changes: str) -> str:
    text = (ROOMS / "pokerstars-cash-zoom.txt").read_text()
    for old, new in changes.items():
        assert old in text
        text = text.replace(old, new)
    return text


def test_a_hand_cut_short_is_named() -> None:
    text = _stars_hand()
    [error] = read_hands(text[: text.index("*** SUMMARY ***")], "pokerstars", "cut.txt")
    assert isinstance(error, MalformedHistory)
    assert str(error).startswith("cut.txt, hand 164150709626: the hand stops early")


def test_an_unknown_action_is_named() -> None:
    [error] = read_hands(_stars_hand(**{"moreno627: checks": "moreno627: juggles"}),
                         "pokerstars", "odd.txt")
    assert isinstance(error, HistoryError) and "cannot read moreno627's action" in str(error)


def test_an_impossible_action_is_an_illegal_action() -> None:
    [hand] = read_hands(_stars_hand(**{"raises $0.05 to $0.10": "raises $0.01 to $0.06"}),
                        "pokerstars", "bad.txt")
    assert isinstance(hand, HandHistory)
    with pytest.raises(HistoryError, match="minimum raise"):
        settle(hand)


def test_amounts_that_do_not_add_up_are_a_mismatch() -> None:
    [hand] = read_hands(_stars_hand(**{"held collected $0.31": "held collected $0.21"}),
                        "pokerstars")
    v = verify(settle(hand))  # type: ignore[arg-type]
    assert v.cls == "mismatch" and v.differences == [(1, 32, 21)]


def test_games_the_replay_does_not_read_are_named() -> None:
    text = _stars_hand(**{"Hold'em No Limit": "Razz"})
    [error] = read_hands(text, "pokerstars", "razz.txt")
    assert isinstance(error, HistoryError) and "'Razz' is not one the replay reads" in str(error)


def test_a_hand_run_twice_is_read_with_each_runout() -> None:
    text = _stars_hand(**{"*** FLOP ***": "*** FIRST FLOP ***"})  # one run, named "FIRST"
    [hand] = read_hands(text, "pokerstars")
    assert isinstance(hand, HandHistory) and "_runout_count" not in hand.fields
    first, second = hands_of("pokerstars-handwritten-run-twice.txt")
    assert first.fields["_runout_count"] == 2
    assert [a for a in first.fields["actions"] if a.startswith("d db")] == [
        "d db 2c7d9s", "d db Jh", "d db 4c", "d db Ks8c3d", "d db 5h", "d db Th"]
    assert [a for a in second.fields["actions"] if a.startswith("d db")] == [
        "d db 9h6s2d", "d db Qc", "d db 3s", "d db 8s", "d db Ks"]


def test_888_fixed_limit_bets_are_the_big_blind_and_the_bet_seen_on_the_turn() -> None:
    # "$0.06/$0.12 Blinds Fix Limit Holdem": 888 writes the blinds; its big bet is $0.25
    for hand in hands_of("888-cash-fixed-limit-hu.txt"):
        assert (hand.fields["small_bet"], hand.fields["big_bet"]) == (0.12, 0.25)
        assert hand.fields["blinds_or_straddles"] == [0.06, 0.12]


def test_the_blinds_posted_win_over_the_header_and_an_unanswerable_raise_is_a_call() -> None:
    low, allin = hands_of("888-tournament-raises.txt")
    assert low.fields["min_bet"] == 300  # "$200/$400 Blinds" but 150 and 300 posted
    assert allin.fields["min_bet"] == 400
    # "7tapa7 raises [$5,145]" when nobody left can call more than the bet before it
    assert allin.fields["players"][8] == "7tapa7"
    assert allin.fields["actions"][-5:-3] == ["p9 cc", "p1 f"]
