"""Text a room's reader cannot read is a named error of that hand; a bug of the reader
(any other error) is raised as one, never reported as bad input."""

from __future__ import annotations

import pytest

from showdown.phh.corpus import read as corpus_read
from showdown.phh.corpus.read import read_hands, split_hands
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.money import amount

HAND = """PokerStars Hand #164150709626: Hold'em No Limit ($0.02/$0.05) - 2017/01/06 17:15:11 ET
Table 'Donati' 6-max Seat #2 is the button
Seat 1: Ana ($5 in chips)
Seat 2: Bo ($5 in chips)
Bo: posts small blind $0.02
Ana: posts big blind $0.05
*** HOLE CARDS ***
Bo: calls $0.03
Ana: checks
*** FLOP *** [Ac 4h 9d]
Ana: checks
Bo: checks
*** TURN *** [Ac 4h 9d] [2s]
Ana: checks
Bo: checks
*** RIVER *** [Ac 4h 9d 2s] [Kd]
Ana: checks
Bo: checks
*** SHOW DOWN ***
Ana: shows [Ks Qh] (a pair of Kings)
Bo: shows [7c 7d] (a pair of Sevens)
Ana collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: Ana (big blind) showed [Ks Qh] and won ($0.10)
Seat 2: Bo (button) (small blind) showed [7c 7d] and lost
"""


def test_the_hand_reads() -> None:
    [hand] = read_hands(HAND, "pokerstars", "a.txt")
    assert isinstance(hand, HandHistory)
    assert hand.fields["winnings"] == [0.1, 0]


def test_cards_never_closed_are_a_named_error() -> None:
    text = HAND.replace("showed [7c 7d] and lost", "showed [7c 7d and lost")
    [hand] = read_hands(text, "pokerstars", "a.txt")
    assert isinstance(hand, MalformedHistory)
    assert str(hand) == ("a.txt, hand 164150709626: no closed [cards] in "
                         "'Seat 2: Bo (button) (small blind) showed [7c 7d and lost'")


def test_an_ipoker_session_without_a_game_has_no_hand() -> None:
    assert split_hands('<session sessioncode="1"><general></general></session>', "ipoker") == []


def test_an_exponent_is_not_an_amount() -> None:
    """``Decimal`` reads ``1E999999``; an amount never does (its integer would take hours)."""
    assert amount("1E999999") < 10**7


def test_a_bug_of_a_reader_is_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(text: str, room: str, file: str | None = None) -> HandHistory:
        raise TypeError("a bug")

    # Razz: a game the kernel leaves to the Python reader.
    text = HAND.replace("Hold'em No Limit", "Razz Limit")
    monkeypatch.setitem(corpus_read._READERS, "pokerstars", broken)
    with pytest.raises(TypeError, match="a bug"):
        read_hands(text, "pokerstars", "a.txt")


def test_a_number_that_does_not_read_is_a_named_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def unreadable(text: str, room: str, file: str | None = None) -> HandHistory:
        return HandHistory({"n": int("x")})

    monkeypatch.setitem(corpus_read._READERS, "pokerstars", unreadable)
    [hand] = read_hands(HAND.replace("Hold'em No Limit", "Razz Limit"), "pokerstars", "a.txt")
    assert isinstance(hand, HistoryError)
    assert str(hand).startswith("a.txt, hand 164150709626: cannot read the hand: invalid literal")
