"""Courchevel as PokerStars and Full Tilt write it: the face-up card before the first
round (``*** PRE-FLOP *** [7h]``, ``*** FLOPET *** [9h] (Total Pot: ...)``), the flop
written whole or as the two cards it adds, read into PHH's ``PCO`` and ``PCO/8``, replayed,
settled and verified against what the room paid. The hands are written by hand in the
layouts of the real hands of fpdb-3's regression files (tests/data/README)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from helpers.backends import NO_KERNEL_INSTALL
from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.read import open_text, read_file, split_hands
from showdown.phh.errors import MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.rooms import stars
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.fast import native_hands
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

STARS = "pokerstars-handwritten-courchevel.txt"
FULL_TILT = "fulltilt-handwritten-courchevel.txt"


def _hands(name: str) -> list[HandHistory]:
    _, hands = read_file(ROOMS / name)
    assert all(isinstance(h, HandHistory) for h in hands), hands
    return hands  # type: ignore[return-value]


def test_pokerstars_hands_read_settle_and_verify() -> None:
    hands = _hands(STARS)
    assert [h.fields["variant"] for h in hands] == ["PCO", "PCO/8", "PCO/8", "PCO"]
    cash, twice, tournament, preflop = hands
    # the face-up card right after the hole cards, then the flop's two new cards (2013: the
    # flop written whole, its first card again; 2017: "[5h] [3c Td]")
    assert cash.fields["actions"][4:10] == ["d db 6d", "p3 f", "p4 cbr 1.5", "p1 cc", "p2 cc",
                                            "d db 7c9s"]
    assert "d db 3cTd" in tournament.fields["actions"]
    assert twice.fields["_runout_count"] == 2
    assert [verify(settle(h)).cls for h in hands] == ["rake", "rake", "match", "match"]
    s = settle(twice)
    assert s.replay.boards == [["4d", "6h", "2c", "Kd", "9s"], ["4d", "6h", "2c", "3h", "Qc"]]
    # the room paid 12.60 + 18.90 and 12.60 + 6.30 of $51 less $0.60 rake: each run's high
    # half to the kings (trips, then a pair), the low half to A-3 on the first run and
    # quartered on the second (6-4-3-2-A both)
    assert s.winnings == [320, 190]  # in tenths: $32 and $19 before the rake
    assert twice.fields["winnings"] == [31.5, 18.9]
    s = settle(tournament)  # the wheel takes the low half, the six-high straight the high
    assert s.winnings == [210, 0, 0, 210, 0] and tournament.fields["_bounties"][0] == 3.41
    s = settle(preflop)  # won before the flop: the one card dealt is the board
    assert s.table is not None and [str(c) for c in s.table.board] == ["Ac"]
    assert preflop.fields["winnings"] == [0, 0, 2.5]


def test_full_tilt_hands_read_settle_and_verify() -> None:
    high, hi_lo = _hands(FULL_TILT)
    assert (high.fields["variant"], hi_lo.fields["variant"]) == ("PCO", "PCO/8")
    assert high.fields["actions"][3:9] == ["d db Qh", "p3 cc", "p1 cbr 80", "p2 f", "p3 cc",
                                           "d db 9c2d"]
    assert [verify(settle(h)).cls for h in (high, hi_lo)] == ["match", "rake"]
    assert settle(high).winnings == [820, 0, 0]
    # the kings' high half and the A-5 low, $38.65 less $1.15 rake: $18.75 each
    assert hi_lo.fields["winnings"] == [0, 18.75, 18.75] and hi_lo.fields["_rake"] == 1.15


@pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")
@pytest.mark.parametrize("name", [STARS, FULL_TILT])
def test_the_kernel_leaves_courchevel_to_python(name: str) -> None:
    text = open_text((ROOMS / name).read_bytes())
    room = "fulltilt" if name == FULL_TILT else "pokerstars"
    with native.use("native"):
        done = native_hands(split_hands(text, room), room)
    # None per hand (the kernel refuses each); None for all: Full Tilt has no C reader
    assert done == ([None] * 4 if name == STARS else None)


def _read(text: str) -> HandHistory:
    return stars.read_hand(text, "pokerstars", "h.txt")


_HAND = (ROOMS / STARS).read_text(encoding="utf-8").split("\n\n\n\n")[3]


def test_the_face_up_card_must_come_first_and_alone() -> None:
    late = _HAND.replace("*** PRE-FLOP *** [Ac]\nnorrland: raises $2.50 to $3.50",
                         "norrland: raises $2.50 to $3.50\n*** PRE-FLOP *** [Ac]")
    with pytest.raises(MalformedHistory, match=r"one board card before the first betting "
                       r"round, not \[Ac\] here"):
        _read(late)
    two = _HAND.replace("*** PRE-FLOP *** [Ac]", "*** PRE-FLOP *** [Ac 2d]")
    with pytest.raises(MalformedHistory, match=r"not \[Ac 2d\] here"):
        _read(two)
    b = HandBuilder("pokerstars", "PO", "h.txt", "1")
    with pytest.raises(MalformedHistory, match="which only Courchevel deals"):
        b.first_board(["Ac"])


def test_a_pre_flop_title_in_another_game_deals_nothing() -> None:
    omaha = _HAND.replace("Courchevel Pot Limit", "5 Card Omaha Pot Limit").replace(
        "*** PRE-FLOP *** [Ac]", "*** PRE-FLOP ***")
    h = _read(omaha)
    assert h.fields["variant"] == "P5O" and not any(
        a.startswith("d db") for a in h.fields["actions"])


def test_a_flop_of_two_new_cards_or_written_whole_deals_the_same() -> None:
    cash = (ROOMS / STARS).read_text(encoding="utf-8").split("\n\n\n\n")[0]
    new_only = cash.replace("*** FLOP *** [6d 7c 9s]", "*** FLOP *** [6d] [7c 9s]")
    assert _read(new_only).fields["actions"] == _read(cash).fields["actions"]
    assert settle(_read(new_only)).winnings == [int(Decimal("30.10") * 100), 0, 0, 0]
