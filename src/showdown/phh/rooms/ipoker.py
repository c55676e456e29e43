"""iPoker: an XML ``<session>`` of ``<game gamecode=...>`` elements, each with its players
(``chips``, ``seat``, ``dealer``, ``win``) and rounds of ``<action type=... sum=...>``;
cards written suit first (``SA HA``), ``X`` for a card not seen.

The action types read: 0 fold, 1 small blind, 2 big blind, 3 call, 4 check, 5 bet,
7 all-in (the chips put in), 15 ante, 16 stud's bring-in, 23 raise (to the street's
total); the others (sitting out, chat) change nothing. Stud deals each player's cards
street by street (``<cards type="Third Street" player=...>X X DA</cards>``); the game
types are read by :mod:`~showdown.phh.rooms.ipoker_games`.

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

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.fields import clock
from showdown.phh.rooms.ipoker_games import amount_of, big_blind, game_of, limit_stakes, stud_stakes
from showdown.phh.rooms.money import currency_of
from showdown.phh.rooms.variant_kinds import STUD, fixed

__all__ = ["HEAD", "read_hand", "split"]

#: Where a game starts (``<game gamecode="...">``; a game without its code is one too).
HEAD = re.compile(r"<game[\s>/]")
_GENERAL = re.compile(r"<general>.*?</general>", re.DOTALL)
_CODE = re.compile(r'gamecode="([^"]*)"')
_RANKS = {"10": "T", "A": "A", "K": "K", "Q": "Q", "J": "J", "T": "T"}
#: A type of cards that names a street without being one the reader knows ("Flop2"...).
_BOARD_WORD = re.compile(r"(?i)flop|turn|river|board")
#: Stud's streets as the cards' types name them (the seventh: "River" or "Seventh Street").
_STUD_STREETS = frozenset({"Third Street", "Fourth Street", "Fifth Street", "Sixth Street",
                           "Seventh Street", "River"})
#: The start dates of the clients' languages and eras (``2012-03-19 20:46:31``,
#: ``18.05.2021 18:26:13``, ``30/01/2012 02:30``, ``23-Jan-2011 12:57:40``).
_SEPARATORS = str.maketrans("", "", "-: ")
_DATES = ("%Y-%m-%d %H:%M:%S", "%d.%m.%Y %H:%M:%S", "%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M",
          "%d-%b-%Y %H:%M:%S", "%d-%m-%Y %H:%M:%S", "%Y/%m/%d %H:%M:%S")


def split(text: str) -> list[str]:
    """Each game of a session, with the session's ``<general>`` (its game and table).

    A game the file does not close (the client writes ``</game>`` and ``</session>``
    when the session ends: a file copied while it was open) is closed when it ends
    after a whole round; one cut inside a round keeps its text, and reading it names
    the hand that stops early.

    >>> split('<session><general>g</general><game gamecode="1"><round no="0"></round>')
    ['<session><general>g</general><game gamecode="1"><round no="0"></round></game></session>']
    """
    starts = [m.start() for m in HEAD.finditer(text)]
    if not starts:  # a session without a game: no hand
        return []
    general = _GENERAL.search(text, 0, starts[0])
    session = general.group() if general else ""
    games = []
    for a, z in zip(starts, [*starts[1:], len(text)], strict=True):
        end = text.find("</game>", a, z)
        if end >= 0:
            game = text[a:end + 7]
        else:
            game = text[a:z]
            tail = game.rstrip().removesuffix("</session>").rstrip()
            if tail.endswith("</round>"):
                game = tail + "</game>"
        games.append(f"<session>{session}{game}</session>")
    return games


def _card(text: str, b: HandBuilder) -> str:
    if text in ("X", "x"):
        return "??"
    suit, rank = text[0].lower(), text[1:]
    rank = _RANKS.get(rank, rank)
    if suit not in "cdhs" or rank not in "23456789TJQKA" or len(rank) != 1:
        b.error(f"{text!r} is not a card")
    return rank + suit


def _under(element: ET.Element, path: str) -> list[ET.Element]:
    """What ``element.findall(path)`` finds for a path of tags (``general/players``), found
    tag by tag: ElementTree's C code finds one tag at once, a path only through the Python
    of ElementPath, many times slower."""
    found = [element]
    for tag in path.split("/"):
        found = [child for parent in found for child in parent.findall(tag)]
    return found


def _text_under(element: ET.Element, path: str) -> str | None:
    """What ``element.findtext(path)`` gives (see :func:`_under`): the first element's
    text ("" for none), ``None`` without one."""
    found = _under(element, path)
    return found[0].text or "" if found else None


def _pocket(element: ET.Element, path: str) -> ET.Element | None:
    """The first ``cards`` element of type ``Pocket`` at ``path`` (a player's hole cards)."""
    return next((c for c in _under(element, path) if c.get("type") == "Pocket"), None)


def _builder(root: ET.Element, room: str, file: str | None, hand: str | None) -> HandBuilder:
    """The hand's builder with its game, stakes, currency, table and date."""
    game_type = (_text_under(root, "general/gametype")
                 or _text_under(root, "game/general/gametype") or "")
    try:
        variant, stakes = game_of(game_type)
    except ValueError:  # a game type that names no game (its hole cards may tell), or no game
        pocket = _pocket(root, "game/round/cards")
        try:
            variant, stakes = game_of(game_type, None if pocket is None else len(
                (pocket.text or "").split()))
        except ValueError as exc:
            HandBuilder(room, "NT", file, hand).error(str(exc))
    b = HandBuilder(room, variant, file, hand)
    # "win" is all the player got back: a part of an all-in nobody matched too
    b.collects_unmatched = True
    if stakes is not None:
        b.stakes(amount_of(stakes[0]), amount_of(stakes[1]))
    tournament = _text_under(root, "general/tournamentcode")
    if tournament:
        b.meta["_tournament"] = tournament
    else:
        currency = _text_under(root, "general/tablecurrency") or currency_of(game_type)
        if currency:
            b.meta["currency"] = currency
    table = _text_under(root, "general/tablename")
    if table:
        b.meta["table"] = table.split(",")[0].strip()
    start = _text_under(root, "game/general/startdate")
    moment = _moment(start.strip()[:19]) if start else None
    if moment is not None:
        b.meta.update(clock(moment.date(), moment.time(), None))
    return b


def _moment(start: str) -> datetime.datetime | None:
    """A start date in any of :data:`_DATES` (``None``: none reads).

    >>> _moment("2012-03-19 20:46:31"), _moment("30/01/2012 02:30"), _moment("N/A")
    (datetime.datetime(2012, 3, 19, 20, 46, 31), datetime.datetime(2012, 1, 30, 2, 30), None)
    """
    if len(start) == 19 and start[4] == start[7] == "-" and start[10] == " " and (
            start[13] == start[16] == ":") and start.translate(_SEPARATORS).isdigit():
        try:  # the usual shape, read at once (strptime is slow)
            return datetime.datetime(int(start[:4]), int(start[5:7]), int(start[8:10]),
                                     int(start[11:13]), int(start[14:16]), int(start[17:]))
        except ValueError:
            pass
    for shape in _DATES:
        try:
            return datetime.datetime.strptime(start, shape)
        except ValueError:
            continue
    return None


def read_hand(text: str, room: str = "ipoker", file: str | None = None) -> HandHistory:
    """One iPoker game (a piece :func:`split` gives) as a :class:`HandHistory`."""
    m = _CODE.search(text)
    hand = m.group(1).replace("\n", " ").replace("\t", " ") if m else None
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        what = ("stops early (the file ends inside it: cut short?)"
                if "</game>" not in text else "is not well-formed XML")
        HandBuilder(room, "NT", file, hand).error(f"the hand {what} ({exc})")
    game = root.find("game")
    if game is None:
        HandBuilder(room, "NT", file, hand).error("no <game> element in the hand")
    b = _builder(root, room, file, hand)
    for p in _under(game, "general/players/player"):
        name = p.get("name", "")
        b.seat(int(p.get("seat", "0")), name, amount_of(p.get("chips")))
        if p.get("dealer") == "1":
            b.button = int(p.get("seat", "0"))
        win = amount_of(p.get("win"))
        if win:
            b.collect(name, win)
    rounds = game.findall("round")
    if all(r.get("no") == "0" for r in rounds) and not _under(game, "round/cards") \
            and not b.collected:
        b.error("the hand holds its forced bets only: no cards, no other action and no "
                "result are written (a partial export)")
    stud = b.variant in STUD
    dealt: dict[str, list[str]] = {}
    for k, round_ in enumerate(rounds):
        streets = 0
        for item in round_.findall("cards"):
            kind = item.get("type")
            cards = [_card(c, b) for c in (item.text or "").split()]
            if kind == "Pocket":
                name = item.get("player", "")
                if name in b.seats:
                    b.hole(name, cards)
            elif stud and kind in _STUD_STREETS:
                name = item.get("player", "")
                if streets == 0 and dealt:
                    b.street()  # a new betting round
                streets += 1
                b.deal(name, cards)
                dealt.setdefault(name, []).extend(cards)
            elif kind in ("Flop", "Turn", "River"):
                b.board(cards)
            elif kind is not None and _BOARD_WORD.search(kind):  # a runout's? not known
                b.not_read_run(f"cards of type {kind!r}")
        if k == 0 and b.button is None:
            _dead_button(b, round_)
        _actions(b, round_, first_deal=not stud and _pocket(round_, "cards") is not None)
    if stud:  # stud has no button: the players in the order of their seats
        b.button = None
        stud_stakes(b, rounds)
    elif fixed(b.variant):
        limit_stakes(b, rounds)
    for name, cards in (dealt if stud else b.holes).items():
        if "??" not in cards:
            b.show(name, cards)
    return b.build()


def _dead_button(b: HandBuilder, forced: ET.Element) -> None:
    """The button of a hand whose players none holds it (a dead button: its seat is
    empty): before the small blind, which opens the later streets (heads-up, the small
    blind's own seat)."""
    for item in forced.findall("action"):
        if item.get("type") == "1" and item.get("player") in b.seats:
            seat = b.seats[item.get("player", "")][0]
            b.button = seat if len(b.seats) == 2 else seat - 1
            return


def _number(item: ET.Element) -> int:
    return int(item.get("no") or 0)


def _actions(b: HandBuilder, round_: ET.Element, first_deal: bool = False) -> None:
    """A round's actions, in the order of their numbers (not always the file's).

    ``first_deal``: the round of the hole cards, where a player who posted and was dealt
    no cards may sit out (types 8, 9) before the betting reaches them: a fold, at their
    turn (just before the first action of the next seat around the table to act). A
    post of more than the big blind is both blinds at once: the big blind live, the
    rest dead."""
    ordered = sorted(round_.findall("action"), key=_number)
    big = big_blind(b, round_) if any(i.get("type") == "2" for i in ordered) else None
    items: list[ET.Element | str] = (_sit_outs_folded(b, ordered) if first_deal
                                     else list(ordered))
    for item in items:
        if isinstance(item, str):
            b.act(item, "fold")
            continue
        name = item.get("player", "")
        kind = item.get("type")
        raw = item.get("sum")
        value = amount_of(raw)
        if kind == "0":
            b.act(name, "fold")
        elif kind == "2" and big is not None and value > big:  # both blinds in one post
            b.post(name, "blind", big, value - big)
        elif kind in ("1", "2"):
            b.post(name, "blind", value)
        elif kind == "15":
            b.post(name, "ante", value)
        elif kind == "16":
            b.act(name, "bring_in", value)
        elif kind == "3":
            b.act(name, "call", value)
        elif kind == "4":
            b.act(name, "check")
        elif kind == "5":
            b.act(name, "bet", value)
        elif kind == "23":
            b.act(name, "raise_to", value)
        elif kind in ("6", "7"):  # 6: a raise (older clients), 7: all in; the chips put in
            if not value:
                b.error(f"{name!r} is put all in with chips behind ({raw!r}: the room's "
                        "disconnection protection), which PHH cannot write")
            b.act(name, "put", value)


def _sit_outs_folded(b: HandBuilder, items: list[ET.Element]) -> list[ET.Element | str]:
    """The actions with each player who posted, was dealt no cards and sits out folding
    at their turn (their name in the list) instead of at the sit-out's number."""
    acts: dict[str, int] = {}
    for item in items:
        name = item.get("player", "")
        acts[name] = acts.get(name, 0) + 1
    out = [item for item in items if item.get("type") in ("8", "9") and acts[item.get(
        "player", "")] == 1 and item.get("player") in b.playing and item.get(
        "player") not in b.holes]
    rest = [item for item in items if item not in out]
    if not out or not rest:
        return list(items)
    seats = {name: seat for name, (seat, _) in b.seats.items()}
    opener = seats.get(rest[0].get("player", ""), 0)
    first: list[ET.Element] = []
    seen: set[str] = set()
    for item in rest:
        if item.get("player", "") not in seen:
            seen.add(item.get("player", ""))
            first.append(item)
    placed: list[ET.Element | str] = list(rest)
    for item in out:
        name = item.get("player", "")
        turn = (seats[name] - opener) % 1000
        later = [f for f in first if (seats.get(f.get("player", ""), 0) - opener) % 1000 > turn]
        if later:
            placed.insert(placed.index(later[0]), name)
        else:  # the last of the first round of turns: before anyone's second action
            after = placed.index(first[-1]) + 1
            placed.insert(after, name)
    return placed
