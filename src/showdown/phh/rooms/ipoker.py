"""iPoker: an XML ``<session>`` of ``<game gamecode=...>`` elements, each with its players
(``chips``, ``seat``, ``dealer``, ``win``) and rounds of ``<action type=... sum=...>``;
cards written suit first (``SA HA``), ``X`` for a card not seen.

The action types read: 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet,
7 all-in (the chips put in), 15 ante, 23 raise (to the street's total); the
others (sitting out, chat) change nothing.

>>> text = '''<session sessioncode="0"><general><gametype>Holdem NL £0.50/£1</gametype>
... <tablename>Ebenthal, 901952806</tablename><tablecurrency>GBP</tablecurrency></general>
... <game gamecode="7973189877"><general><startdate>2018-06-20 15:38:34</startdate><players>
... <player chips="£50" dealer="0" seat="3" win="£0" name="Ana" />
... <player chips="£52" dealer="1" seat="8" win="£1.50" name="Bo" /></players></general>
... <round no="0"><action player="Bo" type="1" sum="£0.50" no="1" />
... <action player="Ana" type="2" sum="£1" no="2" /></round>
... <round no="1"><cards player="Bo" type="Pocket">SA HA</cards>
... <action player="Bo" type="23" sum="£3" no="3" /><action player="Ana" type="0" sum="£0" no="4" />
... </round></game></session>'''
>>> [h] = [read_hand(part) for part in split(text)]
>>> h.fields["actions"], h.fields["currency"], h.fields["table"], h.fields["winnings"]
(['d dh p1 ????', 'd dh p2 AsAh', 'p2 cbr 3', 'p1 f'], 'GBP', 'Ebenthal', [0, 1.5])
"""

from __future__ import annotations

import datetime
import re
import xml.etree.ElementTree as ET
from decimal import Decimal

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.builder import HandBuilder, clock
from showdown.phh.rooms.games import stakes_of, variant_of
from showdown.phh.rooms.money import amount, currency_of

#: A type of cards that names a street without being one the reader knows ("Flop2"...).
_BOARD_WORD = re.compile(r"(?i)flop|turn|river|board")

__all__ = ["HEAD", "read_hand", "split"]

HEAD = re.compile(r"<game gamecode=")
_GENERAL = re.compile(r"<general>.*?</general>", re.DOTALL)
_RANKS = {"10": "T", "A": "A", "K": "K", "Q": "Q", "J": "J", "T": "T"}
_ZERO = Decimal(0)


def split(text: str) -> list[str]:
    """Each game of a session, with the session's ``<general>`` (its game and table)."""
    head = text.find("<game ")
    general = _GENERAL.search(text, 0, head if head >= 0 else len(text))
    session = general.group() if general else ""
    starts = [m.start() for m in HEAD.finditer(text)]
    if not starts:  # a session without a game: no hand
        return []
    games = []
    for a, z in zip(starts, [*starts[1:], len(text)], strict=True):
        end = text.find("</game>", a, z)
        # A game cut short keeps its text: reading it then names the hand that stops early.
        games.append(text[a:end + 7] if end >= 0 else text[a:z])
    return [f"<session>{session}{game}</session>" for game in games]


def _card(text: str, b: HandBuilder) -> str:
    if text == "X":
        return "??"
    suit, rank = text[0].lower(), text[1:]
    rank = _RANKS.get(rank, rank)
    if suit not in "cdhs" or rank not in "23456789TJQKA" or len(rank) != 1:
        b.error(f"{text!r} is not a card")
    return rank + suit


def _amount(text: str | None) -> Decimal:
    return amount(text) if text and any(c.isdigit() for c in text) else _ZERO


def read_hand(text: str, room: str = "ipoker", file: str | None = None) -> HandHistory:
    """One iPoker game (a piece :func:`split` gives) as a :class:`HandHistory`."""
    m = re.search(r'gamecode="([^"]*)"', text)
    hand = m.group(1) if m else None
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        what = "stops early" if "</game>" not in text else "is not well-formed XML"
        HandBuilder(room, "NT", file, hand).error(f"the hand {what} ({exc})")
    game_type = root.findtext("general/gametype") or root.findtext("game/general/gametype") or ""
    try:
        variant = variant_of(game_type.replace(" NL", " No Limit").replace(" PL", " Pot Limit")
                             .replace(" FL", " Limit").replace(" L ", " Limit "))
    except ValueError as exc:
        HandBuilder(room, "NT", file, hand).error(str(exc))
    b = HandBuilder(room, variant, file, hand)
    stakes = stakes_of(game_type)
    if stakes is not None:
        b.stakes(amount(stakes[0]), amount(stakes[1]))
    tournament = root.findtext("general/tournamentcode")
    if tournament:
        b.meta["_tournament"] = tournament
    else:
        currency = root.findtext("general/tablecurrency") or currency_of(game_type)
        if currency:
            b.meta["currency"] = currency
    table = root.findtext("general/tablename")
    if table:
        b.meta["table"] = table.split(",")[0].strip()
    game = root.find("game")
    if game is None:
        b.error("no <game> element in the hand")
    start = game.findtext("general/startdate")
    if start:
        try:
            moment = datetime.datetime.strptime(start.strip()[:19], "%Y-%m-%d %H:%M:%S")
            b.meta.update(clock(moment.date(), moment.time(), None))
        except ValueError:
            pass
    for p in game.iterfind("general/players/player"):
        name = p.get("name", "")
        b.seat(int(p.get("seat", "0")), name, _amount(p.get("chips")))
        if p.get("dealer") == "1":
            b.button = int(p.get("seat", "0"))
        win = _amount(p.get("win"))
        if win:
            b.collect(name, win)
    for round_ in game.iterfind("round"):
        for item in round_.iterfind("cards"):
            kind = item.get("type")
            cards = [_card(c, b) for c in (item.text or "").split()]
            if kind == "Pocket":
                name = item.get("player", "")
                if name in b.seats:
                    b.hole(name, cards)
            elif kind in ("Flop", "Turn", "River"):
                b.board(cards)
            elif kind is not None and _BOARD_WORD.search(kind):  # a runout's? not known
                b.not_read_run(f"cards of type {kind!r}")
        # The actions of a round in the order of their numbers (not always the file's).
        actions = sorted(round_.iterfind("action"), key=lambda a: int(a.get("no") or 0))
        for item in actions:
            name = item.get("player", "")
            kind = item.get("type")
            value = _amount(item.get("sum"))
            if kind == "0":
                b.act(name, "fold")
            elif kind in ("1", "2"):
                b.post(name, "blind", value)
            elif kind == "15":
                b.post(name, "ante", value)
            elif kind == "3":
                b.act(name, "call", value)
            elif kind == "4":
                b.act(name, "check")
            elif kind == "5":
                b.act(name, "bet", value)
            elif kind == "23":
                b.act(name, "raise_to", value)
            elif kind == "7":
                b.act(name, "put", value)
    for name, cards in b.holes.items():
        if "??" not in cards:
            b.show(name, cards)
    return b.build()
