"""888poker (Pacific Poker, Cassava): ``#Game No : 1186521350`` then ``***** 888poker Hand
History for Game ... *****`` (``Cassava``, ``888.es``, ``888poker.dk Snap Poker``, ``888.ro
BLAST``...); amounts in brackets (``calls [$6]``), chips written with ``$`` in tournaments;
no rake written (the winners' ``collected`` is what is left of the pot).

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

The clients in other languages write amounts their way (``0,01 $``, ``25 000``, ``3.000 $``
with points for thousands, a no-break space before the sign), their cards their way (see
:func:`~showdown.phh.rooms.brackets.cards_in`), and 888.ro leaves the date out:

>>> h = read_hand('''#Game No : 8
... ***** 888.ro Hand History for Game 8 *****
... 1.000 $/2.000 $ Blinds No Limit Holdem - ***
... Tournament #9 Free 10 Max (Real Money)
... Seat 1 is the button
... Seat 1: Ana ( 51.000 $ )
... Seat 2: Bo ( 48.500 $ )
... Ana posts small blind [1.000 $]
... Bo posts big blind [2.000 $]
... ** Dealing down cards **
... Dealt to Bo [ 8Pik, QKreuz ]
... Ana folds
... ** Summary **
... Bo collected [ 3.000 $ ]''', "888")
>>> h.fields["starting_stacks"], h.fields["actions"][:2], "year" in h.fields
([48500, 51000], ['d dh p1 8sQc', 'd dh p2 ????'], False)
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.brackets import (
    RUN_LINES,
    RUN_WORDS,
    SPANISH_SUITS,
    act,
    bracket_amount,
    cards_in,
    check_stacks,
    name_and_rest,
    room_amount,
    take_seat,
)
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.fields import clock
from showdown.phh.rooms.games import variant_of
from showdown.phh.rooms.money import currency_of
from showdown.phh.rooms.variant_kinds import fixed

__all__ = ["HEAD", "read_hand", "variant"]

HEAD = re.compile(r"^(?:#Game No : \d+\n+)?\*{5} (?:888|Cassava |LuckyAcePoker)", re.MULTILINE)
_ID = re.compile(r"Game (?:No : )?(\d+)")
_GAME = re.compile(r"^(.+?)/(.+?) Blinds (.*?) - \*\*\*(?: (\d{2}) (\d{2}) (\d{4}) "
                   r"(\d{1,2}):(\d{2}):(\d{2}))?")
_TOURNAMENT = re.compile(r"^Tournament #(\d+) .*?(?: - Table #?(\S+))?(?: (\d+) Max)? \(")
_TABLE = re.compile(r"^Table (.*?)(?: (\d+) Max)? \(")
#: 888's names of its games (the header's, without `` Jackpot table``) and their PHH codes.
_GAMES = {"No Limit Holdem": "NT", "Pot Limit Holdem": "PT", "Fix Limit Holdem": "FT",
          "Pot Limit Omaha": "PO", "Pot Limit OmahaHL": "PO/8", "Fix Limit Omaha": "FO",
          "Fix Limit OmahaHL": "FO/8", "No Limit Omaha": "NO", "No Limit OmahaHL": "NO/8"}
#: A card of the Spanish client's suits (``7p``, ``8t``): the hand's ``c`` is hearts.
_SPANISH = re.compile(r"\[[^\]\n]*\b(?:10|[2-9TJQKA])[pt]\b")
_ZERO = Decimal(0)


def variant(game: str) -> str:
    """The PHH code of a game as 888's header names it (a ``ValueError`` for the others).

    >>> variant("Fix Limit OmahaHL"), variant("No Limit Holdem Jackpot table")
    ('FO/8', 'NT')
    """
    found = _GAMES.get(game.removesuffix(" Jackpot table"))
    return found if found is not None else variant_of(game)


def read_hand(text: str, room: str = "888", file: str | None = None) -> HandHistory:
    """One 888poker hand as a :class:`HandHistory`."""
    lines = text.strip("\n").split("\n")
    found = _ID.search(text, 0, 200)
    hand = found.group(1) if found else None
    game = next((line for line in lines[1:4] if " Blinds " in line), None)
    m = _GAME.match(game) if game else None
    if m is None:
        b = HandBuilder(room, "NT", file, hand)
        b.error("no '$X/$Y Blinds <game> - ***' line")
    try:
        code = variant(m.group(3))
    except ValueError as exc:
        HandBuilder(room, "NT", file, hand).error(str(exc))
    b = HandBuilder(room, code, file, hand)
    is_fixed = fixed(code)
    blind = room_amount(m.group(2))
    b.stakes(room_amount(m.group(1)), blind)
    big_bet = None  # fixed limit: 888 writes the blinds; the big bet is seen on the turn
    if m.group(4) is not None:
        d, mo, y, h, mi, s = (int(m.group(k)) for k in (4, 5, 6, 7, 8, 9))
        b.meta.update(clock(datetime.date(y, mo, d), datetime.time(h, mi, s), None))
    suits = SPANISH_SUITS if ("p," in text or "t," in text or "p ]" in text or "t ]" in text
                              ) and _SPANISH.search(text) else None
    names: dict[str, list[str]] = {}
    back: dict[str, Decimal] = {}  # the parts of calls nobody matched, by player
    tournament = False
    summary = False
    dealt = False
    for line in lines[1:]:
        line = line.strip()
        if not line or line is game:
            continue
        if line[0] not in "ST*DF":  # no seat, table, street, deal or runout line
            pass
        elif line.startswith("Seat "):
            take_seat(b, line, names)
            continue
        elif line.startswith(("Table ", "Tournament #")):
            tournament = _table(b, line) or tournament
            continue
        elif line.startswith("** "):
            word = line[3:].split(" ", 2)
            if len(word) > 1 and word[1].lower() in ("flop", "turn", "river"):
                b.board(cards_in(line, suits))
                dealt = True
            elif (len(word) > 1 and word[1].lower() in RUN_WORDS) or "runout" in line:
                b.not_read_run(repr(line))  # "** Første runout **" (888poker.dk)
            elif line.startswith("** Summary"):
                summary = True
            elif line.startswith("** Dealing down"):
                dealt = True
            continue
        elif line.startswith("Dealt to "):
            rest = line[9:].partition(" [")[0]
            if rest in b.seats:
                b.hole(rest, cards_in(line, suits))
            continue
        elif line.startswith(RUN_LINES):  # fpdb's 888 reader strips these from its collects
            b.not_read_run(repr(line))
        split = name_and_rest(line, names)
        if split is None:
            continue
        name, rest = split
        if (is_fixed and big_bet is None and rest.startswith("bets")
                and sum(verb == "db" for _, verb, _ in b.events) >= 2):
            big_bet = bracket_amount(rest)
        if not dealt and not summary:
            if rest.startswith("folds"):  # declined to post: not dealt in
                b.out.add(name)
                continue
            # the cards were dealt (a hand watched has no "** Dealing down cards **")
            dealt = not rest.startswith("posts")
        if summary or rest.startswith(("shows", "mucks", "collected", "did not")):
            if rest.startswith("shows"):
                b.show(name, cards_in(rest, suits))
            elif rest.startswith("mucks"):
                # 888 writes "mucks [cards]" for hands it showed at the end, winners' too.
                cards = cards_in(rest, suits)
                if cards:
                    b.show(name, cards)
                else:
                    b.muck(name)
            elif rest.startswith("collected"):
                b.collect(name, bracket_amount(rest))
            continue
        before = b.unmatched.get(name)
        if not act(b, name, rest) and not rest.startswith(("has ", "is ", "will ", "did ")):
            b.error(f"cannot read {name}'s action {rest!r}")
        if rest.startswith("calls") and b.unmatched.get(name) != before:
            # a call of the big blind over a short one all in: 888 pays the part nobody
            # matched back as a pot "collected", the replay never bets it
            back[name] = back.get(name, _ZERO) + b.unmatched[name] - (before or _ZERO)
    for name, chips in back.items():
        if b.collected.get(name, _ZERO) >= chips:
            b.collected[name] -= chips
    check_stacks(b)
    if not summary:
        b.error("the hand stops early: it has no ** Summary ** (a file cut short?)")
    if not dealt and len(b.order()) < 2:
        b.error("the hand was called off before the deal (a blind declined to post): no "
                "cards were dealt, nothing to replay")
    if is_fixed:  # the small bet is the big blind; the big bet as bet (or twice it)
        b.stakes(blind, big_bet if big_bet is not None else 2 * blind)
    elif not blind and not b.blinds:
        # 888's BLAST writes "prize/0 Blinds" for its last level, where the antes put
        # every player all in: no blind, the min bet is then the largest ante
        b.stakes(_ZERO, max(b.antes.values(), default=_ZERO))
    if not tournament and game:
        currency = currency_of(game)
        if currency:
            b.meta["currency"] = currency
    return b.build()


def _table(b: HandBuilder, line: str) -> bool:
    """A ``Table`` or ``Tournament #`` line: the table, its seats, the tournament's number;
    whether the hand is a tournament's."""
    t = _TOURNAMENT.match(line)
    tournament = t is not None
    if t is not None:
        b.meta["_tournament"] = t.group(1)
        table, seats = t.group(2), t.group(3)
    else:
        t = _TABLE.match(line)
        if t is None:
            return False
        table, seats = t.group(1), t.group(2)
    if table is not None:
        b.meta["table"] = table
    if seats is not None:
        b.meta["seat_count"] = int(seats)
    return tournament
