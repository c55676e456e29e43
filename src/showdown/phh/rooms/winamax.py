"""Winamax: ``Winamax Poker - CashGame - HandId: #... - Holdem no limit (0.01€/0.02€) -
date UTC``, then lines as PokerStars writes them without the colon after the name, amounts
with the euro sign after them (``0.02€``); tournaments write ``(ante/small/big)``, stud
games ``(ante/small bet/big bet)``.

Its other games are named its own way (``Omaha5``, ``2-7 Triple Draw``, ``Lowball27``,
``7-Card Stud``: :func:`game_name`); stud and draw hands write the cards not seen ``X``
(``Dealt to Bo [X X 9h]``), their streets ``*** FIRST-DRAW ***`` and a discard
``discard 2 cards``, read here as PokerStars' before :func:`~showdown.phh.rooms.stars.read_body`.

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
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.fields import clock
from showdown.phh.rooms.games import variant_of, when
from showdown.phh.rooms.money import amount, currency_of
from showdown.phh.rooms.money import text as text_of
from showdown.phh.rooms.stars import read_body
from showdown.phh.rooms.variant_kinds import DEALT_IN_STEPS, STUD

__all__ = ["HEAD", "game_name", "read_hand"]

#: Where a hand starts (a tournament's summary, "Winamax Poker - Tournament summary : ...",
#: in a file of its own, is not a hand).
HEAD = re.compile(r"^Winamax Poker - (?!Tournament summary)", re.MULTILINE)
_ID = re.compile(r"HandId: #([\w-]+)")
_GAME = re.compile(r" - ([^-]*?) \(([^()]*/[^()]*)\) - ")
#: A game whose name holds a dash (``2-7 Triple Draw``, ``7-Card Stud``), but not " - ".
_DASHED_GAME = re.compile(r" - ((?:(?! - )[^()])*?) \(([^()]*/[^()]*)\) - ")
_TOURNAMENT = re.compile(r'Tournament "(.*?)"')
#: Stud's and draw's street titles as PokerStars writes them.
_TITLES = {"FIRST-DRAW": "FIRST DRAW", "SECOND-DRAW": "SECOND DRAW", "THIRD-DRAW": "THIRD DRAW"}


def game_name(name: str) -> str:
    """A game's name as Winamax writes it, in the words :func:`variant_of` reads.

    >>> [variant_of(game_name(n)) for n in ("Omaha5 pot limit", "Omaha8 pot limit",
    ...     "2-7 Triple Draw fixed limit", "Lowball27 fixed limit", "7-Card Stud fixed limit")]
    ['P5O', 'PO/8', 'F2L3D', 'F2L3D', 'F7S']
    """
    name = name.replace("Omaha5", "5 Card Omaha")
    if "Lowball27" in name:  # the play-money client's name of its triple draw
        name = name.replace("Lowball27", "2-7 Lowball" + (
            " Triple Draw" if "fixed limit" in name and "Draw" not in name else ""))
    elif "2-7" in name and "owball" not in name:
        name += " Lowball"
    return name


def read_hand(text: str, room: str = "winamax", file: str | None = None) -> HandHistory:
    """One Winamax hand as a :class:`HandHistory`."""
    lines = text.strip("\n").split("\n")
    head = lines[0]
    m = _ID.search(head)
    hand = m.group(1) if m else None
    game = _GAME.search(head) or _DASHED_GAME.search(head)
    if game is None:
        HandBuilder(room, "NT", file, hand).error(f"cannot read the game of {head!r}")
    try:
        variant = variant_of(game_name(game.group(1)))
    except ValueError as exc:
        HandBuilder(room, "NT", file, hand).error(str(exc))
    b = HandBuilder(room, variant, file, hand)
    # the part of an all-in nobody matched comes back as a "side pot" the player collects
    b.collects_unmatched = "and is all-in" in text
    forced = text.find("*** ANTE/BLINDS ***")
    end = text.find("\n***", forced + 19) if forced >= 0 else -1
    if forced >= 0 and text.find(" raises ", forced, end if end >= 0 else len(text)) >= 0:
        b.error("a raise among the forced bets (\"raises ... to ...\" under *** ANTE/BLINDS "
                "***), which the hand\'s pot shows is no raise, and this reader cannot place")
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
    body = lines[1:]
    if variant in DEALT_IN_STEPS:
        body = _in_steps(body, b)
    elif "out of position" in text:
        body = [_both_blinds(line, b) for line in body]
    return read_body(body, b, colon=False)


def _both_blinds(line: str, b: HandBuilder) -> str:
    """``posts small blind 3€ out of position`` of more than the small blind: both blinds
    at once, the big blind live and the rest dead (Winamax then writes ``posts big blind
    0€ out of position``), as PokerStars writes it (``posts small & big blinds 3€``)."""
    at = line.find(" posts small blind ")
    if at < 0 or not line.endswith(" out of position"):
        return line
    value = amount(line[at + 19:-16])
    if b.small is None or value <= b.small:
        return line
    return f"{line[:at]} posts small & big blinds {line[at + 19:-16]}"


def _in_steps(lines: list[str], b: HandBuilder) -> list[str]:
    """A stud or draw hand's lines as PokerStars writes them: the cards not seen (``X``)
    in ``Dealt to`` filled from its player's cards shown at the showdown (shown in the
    order dealt), else left out (a line of none but them dropped); the draws' titles
    ``FIRST DRAW``, ``discards 2 cards``, ``brings in``."""
    out = []
    dealt = False
    brought: tuple[str, str] | None = None  # who brought in, for how much
    shown = {line.partition(" shows [")[0]: line.partition(" shows [")[2].partition("]")[0]
             .split() for line in lines if " shows [" in line}
    for line in lines:
        if line.startswith("***"):
            title = line.strip("* ")
            line = f"*** {_TITLES.get(title, title)} ***"
        elif line.startswith("Dealt to "):
            dealt = True
            if "X" in line:
                head, _, cards = line.partition(" [")
                seen = shown.get(head[9:], [])
                groups, k = [], 0
                for group in cards.rstrip("]").split("] ["):
                    known = []
                    for card in group.split():
                        if card == "X" and k < len(seen):
                            card = seen[k]  # the card its player shows at the showdown
                        if card != "X":
                            known.append(card)
                        k += 1
                    groups.append(" ".join(known))
                if not groups[-1]:
                    continue  # nothing seen dealt: the deal PHH leaves unknown
                line = f"{head} [{'] ['.join(groups)}]"
        elif " discard " in line:  # "discard 2 cards", "discard 0 card"
            line = line.replace(" discard ", " discards ", 1)
        elif " bring-in " in line:
            line = line.replace(" bring-in ", " brings in ", 1)
        elif " brings in " in line:
            brought = (line.partition(" brings in ")[0], line.rpartition(" ")[2])
        elif " raises -" in line and brought and line.startswith(brought[0] + " raises -"):
            # "raises -6.10€ to 18.90€" after bringing in for 10€: the "to" leaves out the
            # bring-in (a raise all in to 28.90€, as the pot shows)
            head, _, to = line.rpartition(" to ")
            total = amount(to) + amount(brought[1])
            line = f"{head} to {text_of(total)}"
        out.append(line)
    if b.variant in STUD and not dealt:
        b.error("a stud hand that writes no card dealt (its cards only at the showdown, "
                "as Winamax's play-money exports do): who brings in and who opens each "
                "street cannot be told")
    return out
