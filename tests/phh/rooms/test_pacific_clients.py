"""888poker's files as its clients wrote them: its skins' heads (Cassava, LuckyAcePoker,
888.ro BLAST), the clients in other languages (their amounts and their names of the
cards), its games, tournaments' lines, a short big blind all in, and the hands it refuses
with their reason. Real hands where a licence allows (tests/data/README), else hands
written here on the model of real ones (``888-handwritten-languages.txt``)."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_file, read_hands, split_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

LANGUAGES = "888-handwritten-languages.txt"


def _hands(name: str) -> dict[str, HandHistory | HistoryError]:
    """A sample's hands by number (errors by the number they name)."""
    room, hands = read_file(ROOMS / name)
    assert room == "888"
    out: dict[str, HandHistory | HistoryError] = {}
    for hand in hands:
        key = hand.name if isinstance(hand, HandHistory) else str(hand).split("hand ")[1][:9]
        out[str(key)] = hand
    return out


def _hand(name: str, number: str) -> HandHistory:
    hand = _hands(name)[number]
    assert isinstance(hand, HandHistory), str(hand)
    return hand


def _actions(hand: HandHistory) -> list[str]:
    return list(hand.fields["actions"])


@pytest.mark.parametrize(("name", "classes"), [
    (LANGUAGES, {"match": 8, "rake": 1}),
    ("888-cash-skins.txt", {"match": 2}),
    ("888-tournament-short-blinds.txt", {"match": 2}),
])
def test_every_hand_read_settles_and_verifies(name: str, classes: dict[str, int]) -> None:
    hands = [h for h in _hands(name).values() if isinstance(h, HandHistory)]
    assert Counter(verify(settle(h)).cls for h in hands) == Counter(classes)


def test_the_skins_heads_are_888s() -> None:
    # HHSmithy's "***** Cassava Hand History" and "***** LuckyAcePoker.com Hand History"
    text = open_text((ROOMS / "888-cash-skins.txt").read_bytes())
    assert detect(text) == "888"
    assert len(split_hands(text, "888")) == 3
    assert detect("#Game No : 1\n***** 888.ro BLAST Hand History for Game 1 *****") == "888"
    assert _hand("888-cash-skins.txt", "184089742").fields["variant"] == "NO"  # No Limit Omaha


def test_german_suits_and_amounts_with_no_break_spaces() -> None:
    hand = _hand(LANGUAGES, "900000001")  # "0,01 $", "[ 8Pik, 8Herz ]", "[ 2Karo, 8Kreuz, KPik ]"
    assert hand.fields["min_bet"] == 0.02 and hand.fields["currency"] == "USD"
    assert "d dh p3 8s8h" in _actions(hand) and "d db 2d8cKs" in _actions(hand)
    assert hand.fields["starting_stacks"] == [1.84, 3, 2.5]


def test_swedish_dutch_and_russian_ranks() -> None:
    swedish = _actions(_hand(LANGUAGES, "900000002"))  # Kn knekt, D dam, E ess
    assert "d dh p1 JhQdAc9s" in swedish and "d db 9dJc2s" in swedish and "d db Ah" in swedish
    dutch = _hand(LANGUAGES, "900000003")  # B boer, V vrouw, H heer; "$ 1.250": 1250
    assert "d dh p3 JhQsKd7c" in _actions(dutch)
    assert dutch.fields["starting_stacks"] == [2006, 1250, 812.4]
    russian = _actions(_hand(LANGUAGES, "900000004"))  # Т туз, К король, Д дама, В валет
    assert "p1 sm AhAd" in russian and "p2 sm KcJc" in russian and "d db Qh" in russian


def test_the_spanish_clients_suits_read_its_c_as_hearts() -> None:
    # "[ 7p, 8t ]", "[ Kd, 2p, 5c ]": picas, tréboles, diamantes, corazones
    actions = _actions(_hand(LANGUAGES, "900000005"))
    assert "d dh p1 7s8c" in actions and "d db Kd2s5h" in actions


def test_a_header_without_its_date_and_points_for_thousands() -> None:
    hand = _hand(LANGUAGES, "900000006")  # "3.000 $/6.000 $ Blinds ... - ***" (888.ro)
    assert "year" not in hand.fields
    assert hand.fields["min_bet"] == 6000 and hand.fields["antes"] == [750, 750, 750]
    assert hand.fields["_tournament"] == "1331" and hand.fields["seat_count"] == 10
    assert "table" not in hand.fields  # "Tournament #1331 Free 10 Max": no table written


def test_blasts_last_level_has_no_blind() -> None:
    hand = _hand(LANGUAGES, "900000007")  # "21.500,00 $/0 $ Blinds": antes all in
    assert hand.fields["blinds_or_straddles"] == [0, 0]
    assert hand.fields["min_bet"] == 3900 and hand.fields["antes"] == [2100, 3900]


def test_fixed_limit_omaha_and_a_jackpot_table_watched() -> None:
    omaha = _hand(LANGUAGES, "900000008")  # "30/60 Blinds Fix Limit Omaha"
    assert (omaha.fields["variant"], omaha.fields["small_bet"], omaha.fields["big_bet"]) == (
        "FO", 60, 120)
    watched = _hand(LANGUAGES, "900000009")  # no "** Dealing down cards **"
    assert watched.fields["variant"] == "NT"
    assert _actions(watched)[3:6] == ["p3 cbr 3", "p1 f", "p2 cc"]


def test_a_call_of_the_big_blind_over_a_short_one_all_in() -> None:
    # pokerregion/poker 778800266: "Pyfik106 posts big blind [$33]" (all in), a call of
    # $200, "sportsfury8 collected [ $234 ]": the $100 nobody matched counted as won
    hand = _hand("888-tournament-short-blinds.txt", "778800266")
    assert "p8 cbr 200" in _actions(hand)
    assert verify(settle(hand)).cls == "match"
    hand = _hand("888-tournament-short-blinds.txt", "778808270")  # the $250 a call over $750
    assert verify(settle(hand)).cls == "match"


@pytest.mark.parametrize(("name", "number", "reason"), [
    ("888-tournament-short-blinds.txt", "778799896", "seat 1's player has no name"),
    ("888-cash-skins.txt", "409714750", "called off before the deal"),
])
def test_hands_refused_name_their_reason(name: str, number: str, reason: str) -> None:
    hand = _hands(name)[number]
    assert isinstance(hand, HistoryError) and reason in str(hand)


_HAND = _hand(LANGUAGES, "900000003")  # a sample hand to change below


def _changed(old: str, new: str) -> HistoryError | HandHistory:
    text = (ROOMS / LANGUAGES).read_text(encoding="utf-8")
    part = next(p for p in split_hands(text, "888") if "900000003" in p)
    assert old in part
    return read_hands(part.replace(old, new), "888")[0]


@pytest.mark.parametrize(("old", "new", "reason"), [
    ("[ Bh, Vs, Hd, 7c ]", "[ Bh, Xs, Hd, 7c ]", "'Xs' is not a card this reader knows"),
    ("Frits ( $ 1.250 )", "Frits ( $ 12 )", "Frits puts in 70 but sat down with 12"),
    ("Gerda ( $ 812,40 )", "Frits ( $ 812,40 )", "seats 1 and 3 hold the same name"),
    ("** Dealing flop ** [ Ac, Hh, 3d ]", "** Første runout ** [ Ac, Hh, 3d ]",
     "a hand run more than once"),
])
def test_damaged_hands_are_named(old: str, new: str, reason: str) -> None:
    hand = _changed(old, new)
    assert isinstance(hand, HistoryError) and reason in str(hand)


def _both(text: str) -> tuple[list[object], list[object]]:
    def summary(h: HandHistory | HistoryError) -> object:
        return str(h) if isinstance(h, HistoryError) else (h.fields, h.name)
    with native.use("native"):
        fast = [summary(h) for h in read_hands(text, "888", "x")]
    with native.use("numpy"):
        slow = [summary(h) for h in read_hands(text, "888", "x")]
    return fast, slow


@pytest.mark.skipif(native.kernel() is None, reason="no kernel")
@pytest.mark.parametrize("card", ["Qc", "Knc", "QKreuz", "Дc", "Qp", "10c", "Qc 9s", "Q c"])
@pytest.mark.parametrize("amount", ["$600", "$1.600", "600 $", "$ 600", "$600\u00a0", "6.000 $"])
def test_the_kernel_reads_what_python_reads_or_leaves_it(card: str, amount: str) -> None:
    """Cards and amounts of other languages in hands the kernel reads (888-cash.txt): the
    kernel reads them as Python does, or leaves the hand to Python."""
    text = open_text((ROOMS / "888-cash.txt").read_bytes())
    changed = text.replace("[ Qc,", f"[ {card},").replace("( $600 )", f"( {amount} )")
    fast, slow = _both(changed)
    assert fast == slow
