"""888poker's German client (``0,01 $/0,02 $ Blinds``, amounts with a no-break space
before the sign, whole amounts as ``2 $``, suits ``Herz``/``Karo``/``Pik``/``Kreuz``, ``10``
for tens), every layout its files show, on hands written here on the model of a player's
published 2NL sessions (Base-R-Best-R/888-Poker-Hand-History-Analysis, no licence: names,
numbers and dates changed): ``888-handwritten-german.txt``."""

from __future__ import annotations

from collections import Counter

import pytest

from helpers.backends import NO_KERNEL_INSTALL
from helpers.kernel_compare import assert_same, kernel_share
from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.read import open_text, read_file, read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

GERMAN = ROOMS / "888-handwritten-german.txt"


def _hands() -> dict[str, HandHistory | HistoryError]:
    """The file's hands by number (a refusal by the number it names)."""
    room, hands = read_file(GERMAN)
    assert room == "888"
    return {str(h.name) if isinstance(h, HandHistory) else str(h).split("hand ")[1][:9]: h
            for h in hands}


def _hand(number: str) -> HandHistory:
    hand = _hands()[number]
    assert isinstance(hand, HandHistory), str(hand)
    return hand


def _of(hand: HandHistory, field: str, name: str) -> object:
    return hand.fields[field][hand.fields["players"].index(name)]


def test_every_hand_is_read_settled_and_verified_or_refused_with_its_reason() -> None:
    hands = _hands()
    read = [h for h in hands.values() if isinstance(h, HandHistory)]
    assert Counter(verify(settle(h)).cls for h in read) == {"match": 2, "rake": 3}
    # "Amsel posts small blind", "Distel folds": no cards dealt
    refused = hands["900100005"]
    assert isinstance(refused, HistoryError)
    assert "called off before the deal" in str(refused)


def test_the_header_seats_and_cards_as_the_german_client_writes_them() -> None:
    hand = _hand("900100001")  # "Seat 1: Lindwurm ( 2\xa0$ )", "[ 9Herz, 10Karo, 2Pik ]"
    assert hand.fields["min_bet"] == 0.02 and hand.fields["currency"] == "USD"
    assert (hand.fields["table"], hand.fields["seat_count"]) == ("Hohe Tauern", 9)
    assert (hand.fields["year"], hand.fields["month"], hand.fields["day"]) == (2020, 3, 11)
    assert _of(hand, "starting_stacks", "Lindwurm") == 2
    assert _of(hand, "starting_stacks", "Kaffeetasse") == 3.1
    assert "d db 9hTd2s" in hand.fields["actions"]
    assert "p2 sm Th9c" in hand.fields["actions"]  # "shows [ 10Herz, 9Kreuz ]"
    assert "p5 sm AsQd" in hand.fields["actions"]  # "mucks [ APik, QKaro ]": shown


def test_a_big_blind_posted_out_of_position_comes_in_with_the_check() -> None:
    # "Lindwurm posts big blind [0,02 $]" (seat 1, back at the table, first to act), then
    # "Lindwurm checks": PHH's blinds cannot place it, the check puts it in
    hand = _hand("900100001")
    assert _of(hand, "blinds_or_straddles", "Lindwurm") == 0
    assert hand.fields["actions"][6] == "p3 cc"
    assert verify(settle(hand)).cls == "rake"


def test_a_dead_blind_folded_is_no_bet_to_call() -> None:
    # "Dachs posts dead blind [0,01 $ + 0,02 $]", folds to "Kuckuck_9 raises [0,06 $]":
    # 888 hands back the raise above the big blind ($0.04) and pays the $0.08 left; the
    # $0.03 folded is dead money, never the bet the raise is measured against
    hand = _hand("900100002")
    assert _of(hand, "antes", "Dachs") == 0.03
    settled = settle(hand)
    assert verify(settled).cls == "match"
    assert settled.showdown is not None and settled.showdown.returned == {3: 4}


@pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")
def test_the_kernel_settles_the_dead_blind_as_the_engine() -> None:
    hands = [h for h in _hands().values() if isinstance(h, HandHistory)]
    with native.use("native"):
        assert kernel_share(hands) == 1
        assert_same(hands)


def test_a_dead_small_blind_alone() -> None:
    # "Fuchs posts dead blind [0,01 $ + 0 $]": a cent dead, no live blind
    hand = _hand("900100003")
    assert _of(hand, "antes", "Fuchs") == 0.01
    assert _of(hand, "blinds_or_straddles", "Fuchs") == 0
    assert verify(settle(hand)).cls == "rake"


def test_a_walk_and_whole_amounts_in_a_raise_called_all_in_for_less() -> None:
    assert verify(settle(_hand("900100004"))).cls == "match"  # "did not show his hand"
    # "Otter raises [1 $]", "Rabe raises [1,42 $]" all in, "Otter calls [0,08 $]" all in
    hand = _hand("900100006")
    assert hand.fields["actions"][-5:-2] == ["p3 cbr 1", "p2 cbr 1.82", "p3 cc"]
    settled = settle(hand)
    assert verify(settled).cls == "rake"
    assert settled.showdown is not None and settled.showdown.returned == {8: 74}


@pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")
def test_the_kernel_and_python_read_the_same() -> None:
    text = open_text(GERMAN.read_bytes())
    with native.use("native"):
        fast = [str(h) if isinstance(h, HistoryError) else h.fields
                for h in read_hands(text, "888", "x")]
    with native.use("numpy"):
        slow = [str(h) if isinstance(h, HistoryError) else h.fields
                for h in read_hands(text, "888", "x")]
    assert fast == slow
