"""The house's fees and additions as each room writes them, read and verified: the amount
the room took from (or added to) the pot is what the winners' record differs by.

Which rooms write which (the public corpora: fpdb's regression files, parsers' fixtures,
players' sessions): GGPoker's summary ``Total pot | Rake | Jackpot | Bingo | Fortune |
Tax`` (older files stop after ``Bingo``) and ``Cash Drop to Pot : total $X`` (money the
house adds); WPN's ``Total pot | Rake | JP Fee`` (its older "(JP)" tables leave the fee
out of the summary); PokerStars, Winamax, iPoker, 888 and PartyPoker write no jackpot,
bingo, fortune or tax line (888's "Jackpot table" header has no fee line: its rake is
the classes' at most 10% of the pot). Bingo and Fortune were found only as ``$0``.
"""

from __future__ import annotations

import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

#: (line kind, file, hand, the fields the line gives).
FEES = [
    ("GGPoker Jackpot", "ggpoker-rush-cash-drop.txt.gz", "RC3793134374",
     {"_rake": 0.12, "_jackpot": 0.07}),
    ("GGPoker Tax", "ggpoker-rush-tax.txt", "RC3793612972",
     {"_rake": 0.14, "_jackpot": 0.07, "_fees": 0.01}),
    ("GGPoker Bingo", "ggpoker-handwritten-bingo-fortune.txt", "RC1000000001",
     {"_rake": 0.05, "_jackpot": 0.01, "_fees": 0.02}),
    ("GGPoker Fortune (and Tax)", "ggpoker-handwritten-bingo-fortune.txt", "RC1000000002",
     {"_rake": 0.17, "_jackpot": 0.07, "_fees": 0.03}),
    ("GGPoker Cash Drop", "ggpoker-rush-cash-drop.txt.gz", "RC3793132008",
     {"_rake": 0.06, "_cash_drop": 0.5}),
    ("WPN JP Fee", "wpn-handwritten-games.txt", 910000001, {"_rake": 1.8, "_jackpot": 0.2}),
]


def _hand(name: str, number: object) -> HandHistory:
    _, hands = read_file(ROOMS / name)
    [hand] = [h for h in hands if isinstance(h, HandHistory) and h.fields["hand"] == number]
    return hand


@pytest.mark.parametrize(("kind", "name", "number", "fields"), FEES, ids=[f[0] for f in FEES])
def test_each_fee_line_is_read_and_counted_as_the_room_counts_it(
        kind: str, name: str, number: object, fields: dict[str, float]) -> None:
    hand = _hand(name, number)
    assert {k: v for k, v in hand.fields.items() if k in fields} == fields
    assert verify(settle(hand)).cls == "rake"
    # the record adds up only with the line's amount: left out, the hand is a mismatch
    key = "_cash_drop" if "_cash_drop" in fields else "_jackpot" if kind.endswith(
        ("Jackpot", "JP Fee")) else "_fees"
    assert verify(settle(hand.with_fields(**{key: 0}))).cls == "mismatch"
