"""888poker (Pacific Poker): ``#Game No : 1186521350`` then ``***** 888poker Hand History
for Game ... *****``; amounts in brackets (``calls [$6]``), chips written with ``$`` in
tournaments; no rake written (the winners' ``collected`` is what is left of the pot).

>>> h = read_hand('''#Game No : 7
... ***** 888poker Hand History for Game 7 *****
... $3/$6 Blinds No Limit Holdem - *** 21 06 2018 19:41:18
... Table Goiania 6 Max (Real Money)
... Seat 4 is the button
... Total number of players : 2
... Seat 1: Kostan88 ( $600 )
... Seat 4: Tercinho390 ( $360 )
... Tercinho390 posts small blind [$3]
... Kostan88 posts big blind [$6]
... ** Dealing down cards **
... Tercinho390 raises [$15]
... Kostan88 folds
... ** Summary **
... Tercinho390 collected [ $12 ]''', "888")
>>> h.fields["actions"][2:], h.fields["table"], h.fields["currency"], h.fields["hand"]
(['p2 cbr 18', 'p1 f'], 'Goiania', 'USD', 7)
"""

from __future__ import annotations

import datetime
import re

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.brackets import (
    RUN_LINES,
    RUN_WORDS,
    act,
    bracket_amount,
    cards_in,
    name_and_rest,
    take_seat,
)
from showdown.phh.rooms.builder import HandBuilder, clock, fixed
from showdown.phh.rooms.games import variant_of
from showdown.phh.rooms.money import amount, currency_of

__all__ = ["HEAD", "read_hand"]

HEAD = re.compile(r"^(?:#Game No : \d+\n+)?\*{5} 888", re.MULTILINE)
_ID = re.compile(r"Game (?:No : )?(\d+)")
_GAME = re.compile(r"^(\S+)/(\S+) Blinds (.*?) - \*\*\* (\d{2}) (\d{2}) (\d{4}) "
                   r"(\d{1,2}):(\d{2}):(\d{2})")
_TABLE = re.compile(r"^(?:Tournament #(\d+) .*?- )?Table #?(.*?) (\d+) Max")


def read_hand(text: str, room: str = "888", file: str | None = None) -> HandHistory:
    """One 888poker hand as a :class:`HandHistory`."""
    lines = text.strip("\n").split("\n")
    found = _ID.search(text, 0, 200)
    hand = found.group(1) if found else None
    game = next((line for line in lines[1:4] if " Blinds " in line), None)
    m = _GAME.match(game) if game else None
    if m is None:
        b = HandBuilder(room, "NT", file, hand)
        b.error("no '$X/$Y Blinds <game> - *** date' line")
    try:
        variant = variant_of(m.group(3))
    except ValueError as exc:
        HandBuilder(room, "NT", file, hand).error(str(exc))
    b = HandBuilder(room, variant, file, hand)
    blind = amount(m.group(2))
    b.stakes(amount(m.group(1)), blind)
    big_bet = None  # fixed limit: 888 writes the blinds; the big bet is seen on the turn
    d, mo, y, h, mi, s = (int(m.group(k)) for k in (4, 5, 6, 7, 8, 9))
    b.meta.update(clock(datetime.date(y, mo, d), datetime.time(h, mi, s), None))
    names: dict[str, list[str]] = {}
    tournament = False
    summary = False
    dealt = False
    for line in lines[1:]:
        line = line.strip()
        if not line or line is game:
            continue
        if line.startswith("Seat "):
            take_seat(b, line, names)
            continue
        if line.startswith("Table ") or line.startswith("Tournament #"):
            t = _TABLE.match(line)
            if t is not None:
                tournament = t.group(1) is not None
                if tournament:
                    b.meta["_tournament"] = t.group(1)
                b.meta["table"] = t.group(2)
                b.meta["seat_count"] = int(t.group(3))
            continue
        if line.startswith("** "):
            word = line[3:].split(" ", 2)
            if len(word) > 1 and word[1].lower() in ("flop", "turn", "river"):
                b.board(cards_in(line))
            elif len(word) > 1 and word[1].lower() in RUN_WORDS:
                b.not_read_run(repr(line))
            elif line.startswith("** Summary"):
                summary = True
            elif line.startswith("** Dealing down"):
                dealt = True
            continue
        if line.startswith("Dealt to "):
            rest = line[9:].partition(" [")[0]
            if rest in b.seats:
                b.hole(rest, cards_in(line))
            continue
        if line.startswith(RUN_LINES):  # fpdb's 888 reader strips these from its collects
            b.not_read_run(repr(line))
        split = name_and_rest(line, names)
        if split is None:
            continue
        name, rest = split
        if (big_bet is None and rest.startswith("bets") and fixed(variant)
                and sum(verb == "db" for _, verb, _ in b.events) >= 2):
            big_bet = bracket_amount(rest)
        if not dealt and rest.startswith("folds"):  # declined to post: not dealt in
            b.out.add(name)
            continue
        if summary or rest.startswith(("shows", "mucks", "collected", "did not")):
            if rest.startswith("shows"):
                b.show(name, cards_in(rest))
            elif rest.startswith("mucks"):
                # 888 writes "mucks [cards]" for hands it showed at the end, winners' too.
                cards = cards_in(rest)
                if cards:
                    b.show(name, cards)
                else:
                    b.muck(name)
            elif rest.startswith("collected"):
                b.collect(name, bracket_amount(rest))
            continue
        if not act(b, name, rest) and not rest.startswith(("has ", "is ", "will ", "did ")):
            b.error(f"cannot read {name}'s action {rest!r}")
    if not summary:
        b.error("the hand stops early: it has no ** Summary ** (a file cut short?)")
    if fixed(variant):  # the small bet is the big blind; the big bet as bet (or twice it)
        b.stakes(blind, big_bet if big_bet is not None else 2 * blind)
    if not tournament and game:
        currency = currency_of(game)
        if currency:
            b.meta["currency"] = currency
    return b.build()
