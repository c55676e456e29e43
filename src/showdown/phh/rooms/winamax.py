"""Winamax: ``Winamax Poker - CashGame - HandId: #... - Holdem no limit (0.01€/0.02€) -
date UTC``, then lines as PokerStars writes them without the colon after the name, amounts
with the euro sign after them (``0.02€``); tournaments write ``(ante/small/big)``.

>>> head = ("Winamax Poker - CashGame - HandId: #18567763-280-1687022958 - "
...         "Holdem no limit (0.01€/0.02€) - 2023/06/17 17:29:18 UTC")
>>> h = read_hand(head + '''
... Table: 'Colorado 05' 5-max (real money) Seat #2 is the button
... Seat 1: Ana (2€)
... Seat 2: Bo (2.50€)
... *** ANTE/BLINDS ***
... Bo posts small blind 0.01€
... Ana posts big blind 0.02€
... *** PRE-FLOP ***
... Bo raises 0.04€ to 0.06€
... Ana folds
... Bo collected 0.04€ from pot
... *** SUMMARY ***
... Total pot 0.04€ | No rake''', "winamax")
>>> h.fields["actions"][2:], h.fields["hand"], h.fields["currency"], h.fields["table"]
(['p2 cbr 0.06', 'p1 f'], '18567763-280-1687022958', 'EUR', 'Colorado 05')
"""

from __future__ import annotations

import re

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.builder import HandBuilder, clock
from showdown.phh.rooms.games import variant_of, when
from showdown.phh.rooms.money import amount, currency_of
from showdown.phh.rooms.stars import read_body

__all__ = ["HEAD", "read_hand"]

HEAD = re.compile(r"^Winamax Poker - ", re.MULTILINE)
_ID = re.compile(r"HandId: #([\w-]+)")
_GAME = re.compile(r" - ([^-]*?) \(([^()]*/[^()]*)\) - ")
_TOURNAMENT = re.compile(r'Tournament "(.*?)"')


def read_hand(text: str, room: str = "winamax", file: str | None = None) -> HandHistory:
    """One Winamax hand as a :class:`HandHistory`."""
    lines = text.strip("\n").split("\n")
    head = lines[0]
    m = _ID.search(head)
    hand = m.group(1) if m else None
    game = _GAME.search(head)
    if game is None:
        HandBuilder(room, "NT", file, hand).error(f"cannot read the game of {head!r}")
    try:
        variant = variant_of(game.group(1))
    except ValueError as exc:
        HandBuilder(room, "NT", file, hand).error(str(exc))
    b = HandBuilder(room, variant, file, hand)
    # the part of an all-in nobody matched comes back as a "side pot" the player collects
    b.collects_unmatched = "and is all-in" in text
    stakes = game.group(2).split("/")
    b.stakes(amount(stakes[-2]), amount(stakes[-1]))
    tournament = _TOURNAMENT.search(head)
    if tournament is not None:
        b.meta["_tournament"] = tournament.group(1)
    else:
        currency = currency_of(game.group(2))
        if currency:
            b.meta["currency"] = currency
    stamp = when(head)
    if stamp is not None:
        b.meta.update(clock(*stamp))
    return read_body(lines[1:], b, colon=False)
