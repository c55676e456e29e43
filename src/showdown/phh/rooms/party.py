"""PartyPoker: ``***** Hand History for Game 198554437 *****``, amounts in brackets with
the currency (``calls [$0.60 USD]``), ``NAME wins $14.18 USD`` for what the room paid.

>>> h = read_hand('''***** Hand History for Game 198554437 *****
... $0.10/$0.25 USD NL Texas Hold'em - Tuesday, June 19, 23:00:41 EDT 2018
... Table Clifton (Real Money)
... Seat 2 is the button
... Total number of players : 2/9
... Seat 2: Ana ( $28.45 USD )
... Seat 4: Bo ( $28.63 USD )
... Ana posts small blind [$0.10 USD].
... Bo posts big blind [$0.25 USD].
... ** Dealing down cards **
... Ana raises [$0.65 USD]
... Bo folds
... Ana does not show cards.
... Ana wins $0.50 USD''', "partypoker")
>>> h.fields["actions"][2:], h.fields["table"], h.fields["currency"], h.fields["winnings"]
(['p2 cbr 0.75', 'p1 f'], 'Clifton', 'USD', [0, 0.5])
"""

from __future__ import annotations

import datetime
import re

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.brackets import RUN_WORDS, act, cards_in, name_and_rest, take_seat
from showdown.phh.rooms.builder import HandBuilder, clock
from showdown.phh.rooms.games import variant_of
from showdown.phh.rooms.money import amount, currency_of

__all__ = ["HEAD", "read_hand"]

HEAD = re.compile(r"^\*{5} Hand History [Ff]or Game ", re.MULTILINE)
_ID = re.compile(r"Game (\w+)")
_CASH = re.compile(r"^(\S+)/(\S+)(?: [A-Z]{3})? (.*?) - \w+, (\w+) (\d{1,2}), "
                   r"(\d{1,2}):(\d{2}):(\d{2}) (\w+) (\d{4})")
_TOURNEY = re.compile(r"^(.*?) (?:\$ ?[\d.,]+ \w+ )?Buy-in.*? - \w+, (\w+) (\d{1,2}), "
                      r"(\d{1,2}):(\d{2}):(\d{2}) +(\w+ )?(\d{4})")
_BLINDS = re.compile(r"^Blinds(?:-Antes)?\(([\d.,]+)/([\d.,]+)")
_MONTHS = {m: k for k, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), start=1)}
_TABLE = re.compile(r"^Table (.*?) \((?:Real|Play) Money\)")
_WINS = re.compile(r"^wins ([$€£]?[\d.,]+)")


def read_hand(text: str, room: str = "partypoker", file: str | None = None) -> HandHistory:
    """One PartyPoker hand as a :class:`HandHistory`."""
    lines = [line for line in text.strip("\n").split("\n") if not line.startswith("#Game No")]
    m = _ID.search(lines[0])
    hand = m.group(1) if m else None
    head = lines[1] if len(lines) > 1 else ""
    cash = _CASH.match(head)
    tourney = None if cash else _TOURNEY.match(head)
    if cash is None and tourney is None:
        HandBuilder(room, "NT", file, hand).error(f"cannot read the game line {head!r}")
    game = cash.group(3) if cash else tourney.group(1)  # type: ignore[union-attr]
    try:
        variant = variant_of(game.replace("Texas ", ""))
    except ValueError as exc:
        HandBuilder(room, "NT", file, hand).error(str(exc))
    b = HandBuilder(room, variant, file, hand)
    if cash is not None:
        b.stakes(amount(cash.group(1)), amount(cash.group(2)))
        currency = currency_of(head.split(" - ")[0])
        if currency:
            b.meta["currency"] = currency
        month, day, h, mi, s, zone, year = cash.groups()[3:]
    else:
        month, day, h, mi, s, zone, year = tourney.groups()[1:]  # type: ignore[union-attr]
    try:
        stamp = (datetime.date(int(year), _MONTHS[month], int(day)),
                 datetime.time(int(h), int(mi), int(s)), zone.strip() if zone else None)
        b.meta.update(clock(*stamp))
    except (KeyError, ValueError):
        pass
    names: dict[str, list[str]] = {}
    for line in lines[2:]:
        line = line.strip()
        if not line:
            continue
        if line.startswith("Seat "):
            take_seat(b, line, names)
            continue
        if line.startswith("Table "):
            t = _TABLE.match(line)
            if t is not None:
                b.meta["table"] = t.group(1)
            continue
        if line.startswith("Blinds"):
            blinds = _BLINDS.match(line)
            if blinds is not None:
                b.stakes(amount(blinds.group(1)), amount(blinds.group(2)))
            continue
        if line.startswith("** "):
            word = line[3:].split(" ", 2)
            if len(word) > 1 and word[1].lower() in ("flop", "turn", "river"):
                b.board(cards_in(line))
            elif len(word) > 1 and word[1].lower() in RUN_WORDS:
                b.not_read_run(repr(line))  # "** Dealing SECOND Flop ** [ .. ]"
            continue
        if line.startswith("Dealt to "):
            rest = line[9:].partition(" [")[0]
            if rest in b.seats:
                b.hole(rest, cards_in(line))
            continue
        split = name_and_rest(line, names)
        if split is None:
            continue
        name, rest = split
        if rest.startswith("shows"):
            b.show(name, cards_in(rest))
        elif rest.startswith("doesn't show") or rest.startswith("mucks"):
            b.muck(name, cards_in(rest))
        elif rest.startswith("wins"):
            won = _WINS.match(rest)
            if won is not None:
                b.collect(name, amount(won.group(1)))
        elif not act(b, name, rest) and not rest.startswith(
                ("has ", "is ", "will ", "did ", "does ", "sits", "could not")):
            b.error(f"cannot read {name}'s action {rest!r}")
    return b.build()
