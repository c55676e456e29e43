"""Bovada, Ignition and Bodog (one network, one layout): the players named by their
position in the hand (``Dealer``, ``Small Blind``, ``Big Blind``, ``UTG``, ``UTG+1``...;
stud: ``Seat+3``), ``[ME]`` after the hero's, one ``NAME : action`` line each, every
player's hole cards written (``Card dealt to a spot``), what each player was paid
(``Hand result``) and the total pot.

>>> h = read_hand('''Bovada Hand #4290323643 TBL#26728545 HOLDEM No Limit - 2022-05-26 09:19:56
... Seat 1: UTG [ME] ($21.64 in chips)
... Seat 4: Dealer ($25.98 in chips)
... Seat 5: Small Blind ($28.77 in chips)
... Seat 6: Big Blind ($25 in chips)
... Dealer : Set dealer [4]
... Small Blind : Small Blind $0.10
... Big Blind : Big blind $0.25
... *** HOLE CARDS ***
... UTG  [ME] : Card dealt to a spot [9d 8c]
... Dealer : Card dealt to a spot [8s Ks]
... Small Blind : Card dealt to a spot [8h Ad]
... Big Blind : Card dealt to a spot [Qc Qs]
... UTG  [ME] : Folds
... Dealer : Raises $1 to $1
... Small Blind : Folds
... Big Blind : Raises $3.25 to $3.50
... Dealer : Folds
... Big Blind : Return uncalled portion of bet $2.50
... Big Blind : Does not show [Qc Qs] (High Card)
... Big Blind : Hand result $2.30
... *** SUMMARY ***
... Total Pot($2.35)''')
>>> h.fields["players"], h.fields["seats"], h.fields["_hero"], h.fields["currency"]
(['Small Blind', 'Big Blind', 'UTG', 'Dealer'], [5, 6, 1, 4], 'UTG', 'USD')
>>> h.fields["actions"][4:], h.fields["winnings"], h.fields["_rake"]
(['p3 f', 'p4 cbr 1', 'p1 f', 'p2 cbr 3.5', 'p4 f'], [0, 2.3, 0, 0], 0.05)
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal
from functools import lru_cache

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.fields import clock
from showdown.phh.rooms.rounds import Rounds
from showdown.phh.rooms.variant_kinds import STUD, fixed

__all__ = ["HEAD", "read_hand"]

#: The start of a hand. Not anchored at a line start: a hand cut short in the middle of a
#: line runs into the next hand's head (``Dealer : RaisBovada Hand #...``), and both are
#: then named (the first as cut short) rather than read as one.
HEAD = re.compile(r"(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK| Canada|88)?) Hand #")

_ID = re.compile(r"Hand #C?(\d+)")
_GAME = re.compile(r"\b(HOLDEM|OMAHA|7CARD)( HiLo|_HL)?")
_LIMITS = (("No Limit", "N"), ("Pot Limit", "P"), ("Fixed Limit", "F"))
_VARIANTS = {("HOLDEM", "N"): "NT", ("HOLDEM", "P"): "PT", ("HOLDEM", "F"): "FT",
             ("OMAHA", "N"): "NO", ("OMAHA", "P"): "PO", ("OMAHA", "F"): "FO",
             ("OMAHA/8", "N"): "NO/8", ("OMAHA/8", "P"): "PO/8", ("OMAHA/8", "F"): "FO/8",
             ("7CARD", "F"): "F7S", ("7CARD/8", "F"): "F7S/8"}
_DEALT_AS = {"HOLDEM": "N", "OMAHA": "P", "7CARD": "F"}
_TABLE = re.compile(r"(?:TBL|Zone Poker ID)#([^\s,]+)")
_TOURNAMENT = re.compile(r"Tournament #(?:M-)?(\d+)")
_LEVEL = re.compile(r"Level \d+ \(([\d,.]+)/([\d,.]+)\)")
_SEATS = re.compile(r"^Seat (\d+): (.+?) ?(\[ME\])? \(\$?([\d,.]+) in chips\) *$", re.MULTILINE)
_STUD_SEATS = re.compile(r"^Seat\+(\d+)( \[ME\])?: \$?([\d,.]+) in chips *$", re.MULTILINE)
_STAKES = re.compile(r"Stakes: \$?([\d,.]+)-\$?([\d,.]+)")
_BIG_BLIND = re.compile(r" : Big [Bb]lind(?:/Bring in)? \$?([\d,.]+)")
_BOARD = re.compile(r"^Board \[([^\]]*)\]", re.MULTILINE)
_DECK = frozenset(r + s for r in "23456789TJQKA" for s in "cdhs")
_ZERO = Decimal(0)

#: Where each position's player acts in the deal, from the small blind to the dealer.
_POSITIONS = {"Small Blind": 0, "Big Blind": 1, "UTG": 2, **{f"UTG+{k}": 2 + k
                                                            for k in range(1, 12)},
              "Dealer": 99}

# What a player's line says, by its first four characters (``Folds(timeout)``, ``Call
# $2``, ``Hand Result-Side Pot 550``...).
_CARD, _FOLD, _CHECK, _CALL, _BET, _RAISE, _ALL_IN, _ANTE, _BLIND, _BRING_IN, _RESULT, \
    _RETURN, _HIDDEN, _SHOWDOWN, _MUCK, _BOUNTY, _RANKING, _DOUBLE = range(1, 19)
_KINDS = {"Card": _CARD, "Fold": _FOLD, "Chec": _CHECK, "Call": _CALL, "Bets": _BET,
          "Rais": _RAISE, "All-": _ALL_IN, "Ante": _ANTE, "Smal": _BLIND, "Big ": _BLIND,
          "Post": _BLIND, "Brin": _BRING_IN, "Hand": _RESULT, "Retu": _RETURN,
          "Does": _HIDDEN, "Show": _SHOWDOWN, "Muck": _MUCK, "BOUN": _BOUNTY,
          "Rank": _RANKING, "D be": _DOUBLE, "Doub": _DOUBLE}
#: What a player's line may say that changes nothing in the hand: seating, the cashier,
#: the tournament's prizes, the draw for the first button.
_NOISE = ("Set dealer", "Table ", "Seat ", "Sitout", "Sit out", "Re-join", "Stand",
          "Leave(Auto)", "Enter(Auto)", "Prize ", "Draw for dealer", "Rebuyin", "Addon",
          "Double rebuys", "Double addon")
#: Lines without a player (someone joining, the zone pool's moves), changing nothing.
_BARE = ("Table ", "Seat ", "Enter(Auto)", "Leave(Auto)", "Set dealer", "Player Info",
         "Seating Info")


@lru_cache(maxsize=256)
def _game(line: str) -> tuple[str, str | None, str | None, tuple[Decimal, Decimal] | None]:
    """The variant, table, tournament and level's blinds of a header (its hand number and
    date taken out: a session's headers then share one entry); a ``ValueError`` for a game
    the replay does not read.

    >>> _game(": HOLDEM Tournament #14303391 TBL#1, No Limit- Level 8 (200/400)")
    ('NT', '1', '14303391', (Decimal('200'), Decimal('400')))
    >>> _game(" TBL#7794710 7CARD HiLo Fixed Limit")
    ('F7S/8', '7794710', None, None)
    >>> _game(": OMAHA HiLo Tournament #47895702 TBL#2, Normal- Level 10 (200/400)")[0]
    'PO/8'
    >>> [_game(f" TBL#1 {game}")[0] for game in ("HOLDEM Pot Limit", "OMAHA_HL Fixed Limit",
    ...     "OMAHA HiLoZonePoker Pot Limit", "OMAHA No Limit", "7CARD_HL Fixed Limit")]
    ['PT', 'FO/8', 'PO/8', 'NO', 'F7S/8']
    """
    game = _GAME.search(line)
    variant = None
    if game is not None:
        # the newer tournament heads write no limit ("Normal- Level 10"): the room deals
        # Hold'em no limit, Omaha pot limit, stud fixed limit
        limit = next((code for words, code in _LIMITS if words in line),
                     _DEALT_AS.get(game.group(1), "N"))
        variant = _VARIANTS.get((game.group(1) + ("/8" if game.group(2) else ""), limit))
    if variant is None:
        raise ValueError(f"the game {line.strip(' :-')!r} is not one the replay reads from a "
                         "Bovada file (Hold'em, Omaha and Omaha hi/lo no, pot and fixed limit, "
                         "7 card stud and stud hi/lo fixed limit)")
    table = _TABLE.search(line)
    tournament = _TOURNAMENT.search(line)
    level = _LEVEL.search(line)
    blinds = None
    if level is not None and _value(level.group(2)):
        blinds = (_value(level.group(1)), _value(level.group(2)))
    return (variant, table.group(1) if table else None,
            tournament.group(1) if tournament else None, blinds)


_VALUES: dict[str, Decimal] = {}


def _value(raw: str) -> Decimal:
    """An amount as Bovada writes it (``$1,066.02``, ``1,500``), read exactly (and kept:
    a session's amounts repeat, blinds, antes, bets).

    >>> _value("$1,066.02"), _value("1,500")
    (Decimal('1066.02'), Decimal('1500'))
    """
    value = _VALUES.get(raw)
    if value is None:
        value = _parse(raw)
        if len(_VALUES) >= 4096:  # a bounded memory
            _VALUES.clear()
        _VALUES[raw] = value
    return value


def _parse(raw: str) -> Decimal:
    """``$1,066.02`` read strictly: dollars, digits, thousands commas, a decimal point
    (never an exponent, nor a stray character read past).

    >>> _parse("3x0")
    Traceback (most recent call last):
    ...
    ValueError: '3x0' is not an amount
    """
    digits = raw.lstrip("$").replace(",", "")
    if digits.isascii() and digits.replace(".", "", 1).isdigit():
        return Decimal(digits)
    raise ValueError(f"{raw!r} is not an amount")


def _when(text: str) -> tuple[datetime.date, datetime.time, str | None] | None:
    """The date, time and zone of ``2021-03-11 22:58:57 UTC`` (``None``: not a date).

    >>> _when("2012-04-03 16:25:23")
    (datetime.date(2012, 4, 3), datetime.time(16, 25, 23), None)
    """
    try:
        day = datetime.date(int(text[0:4]), int(text[5:7]), int(text[8:10]))
        time = datetime.time(int(text[11:13]), int(text[14:16]), int(text[17:19]))
    except ValueError:
        return None
    zone = text[20:].strip()
    return day, time, zone if zone.isalpha() else None


def read_hand(text: str, room: str = "bovada", file: str | None = None) -> HandHistory:
    """One Bovada, Ignition or Bodog hand as a :class:`HandHistory`."""
    text = text.strip("\n")
    lines = text.split("\n")
    head = lines[0].lstrip("\ufeff")
    m = _ID.search(head)
    hand = m.group(1) if m else None
    cut = head.rfind(" - ")
    try:
        variant, table, tournament, blinds = _game(
            head[m.end() if m else 0:cut if cut > 0 else len(head)])
    except ValueError as exc:
        HandBuilder(room, "NT", file, hand).error(str(exc))
    b = HandBuilder(room, variant, file, hand)
    if "*** SUMMARY ***" not in text:
        b.error("the hand stops early: it has no *** SUMMARY *** (a file cut short?)")
    if table is not None:
        b.meta["table"] = table
    if tournament is not None:
        b.meta["_tournament"] = tournament
    stamp = _when(head[cut + 3:]) if cut > 0 else None
    if stamp is not None:
        b.meta.update(clock(*stamp))
    return _Hand(b, text, lines, blinds).read()


class _Hand:
    """The reading of one hand's lines after the header."""

    def __init__(self, b: HandBuilder, text: str, lines: list[str],
                 blinds: tuple[Decimal, Decimal] | None) -> None:
        self.b = b
        self.text = text
        self.lines = lines
        self.blinds = blinds
        self.stud = b.variant in STUD
        #: The room's seat numbers, when the builder was given places (see :meth:`_seat`).
        self.real_seats: dict[str, int] = {}
        self.dealt = False
        self.total: Decimal | None = None
        self.rake: Decimal | None = None
        self.big_blind: Decimal | None = None
        #: Stud: the street dealt (3 to 7), its first bet or completion, each one's cards.
        self.street = 2
        self.stud_bets: dict[int, Decimal] = {}
        self.stud_cards: dict[str, list[str]] = {}
        self.bounties: dict[str, Decimal] = {}
        self.ranked: list[str] = []

    # The seats --------------------------------------------------------------------------

    def seats(self) -> int:
        """Read the seat lines at the top (the lines before the first player's); the index
        of the first line after them."""
        b = self.b
        text = self.text
        end = text.find(" : ")
        stars = text.find("\n***")
        if end < 0 or 0 <= stars < end:
            end = stars if stars >= 0 else len(text)
        block = text[:text.rfind("\n", 0, end) + 1]
        if self.stud:
            found = [(int(seat), f"Seat+{seat}", _value(stack), hero)
                     for seat, hero, stack in _STUD_SEATS.findall(block)]
        else:
            found = [(int(seat), name, _value(stack), hero)
                     for seat, name, hero, stack in _SEATS.findall(block)]
        if len(found) != block.count("\nSeat ") + block.count("\nSeat+"):
            for line in block.split("\n")[1:]:
                if line.startswith(("Seat ", "Seat+")) and not (
                        _STUD_SEATS if self.stud else _SEATS).match(line + "\n"):
                    b.error(f"cannot read the seat line {line.strip()!r}")
        if not found:
            b.error("no seat lines after the head (a hand cut or edited?)")
        hero = next((name for _, name, _, me in found if me), None)
        if hero is not None:
            b.meta["_hero"] = hero
        if "$" in self.lines[1]:  # cash: dollars (tournaments: chips)
            b.meta["currency"] = "USD"
        if "\nTable Info:" in block:
            stakes = _STAKES.search(block)
            if stakes is not None:
                self.blinds = (_value(stakes.group(1)), _value(stakes.group(2)))
        if len({name for _, name, _, _ in found}) != len(found):
            b.error(f"two seats hold the same name ({', '.join(n for _, n, _, _ in found)})")
        self._seat([(seat, name, stack) for seat, name, stack, _ in found])
        return block.count("\n")

    def _seat(self, found: list[tuple[int, str, Decimal]]) -> None:
        """Seat the players in the builder, in the order they are dealt: the positions'
        order (the seat numbers of some tournament tables are not in the table's order),
        else the seats' (stud). The builder is given the real seat numbers and the button
        when they run round the table as the positions do, else the places 1, 2... (the
        real numbers then written after the build)."""
        b = self.b
        ranked = [(_POSITIONS.get(name), seat, name, stack) for seat, name, stack in found]
        if self.stud or any(rank is None for rank, _, _, _ in ranked):
            for seat, name, stack in found:
                b.seat(seat, name, stack)
            return
        order = [entry[1:] for entry in sorted(ranked)]  # type: ignore[type-var]
        numbers = [seat for seat, _, _ in order]
        if sum(1 for a, c in zip(numbers, numbers[1:] + numbers[:1], strict=True)
               if c < a) <= 1:
            for seat, name, stack in order:
                b.seat(seat, name, stack)
            b.button = numbers[-1]
            return
        for place, (seat, name, stack) in enumerate(order, start=1):
            b.seat(place, name, stack)
            self.real_seats[name] = seat

    # The hand ---------------------------------------------------------------------------

    def read(self) -> HandHistory:
        b = self.b
        text = self.text
        start = self.seats()
        stud = self.stud
        rounds = None
        if not stud and "*** FLOP ***" not in text and " to the table " not in text \
                and "Card dealt to table" not in text:
            found = _BOARD.search(text)
            rounds = Rounds(b, found.group(1).split() if found else [])
        seats = b.seats
        kinds = _KINDS
        deck = _DECK
        act, post, collect, value_of = b.act, b.post, b.collect, _value
        lines = self.lines
        previous = ""
        last_was_deal = False
        k = start
        for k in range(start, len(lines)):
            line = lines[k].rstrip()
            if not line:
                continue
            if line == previous and (rounds is None or not rounds.over()):
                continue  # the room writes some lines twice or more (never one action twice)
            previous = line
            who, sep, rest = line.partition(" : ")
            if sep:
                if who in seats:
                    name = who
                else:  # the hero's "UTG  [ME]", or a line of nobody seated
                    name = who.replace("[ME]", "").strip()
                    if name not in seats:
                        if rest.startswith(_NOISE):
                            continue
                        b.error(f"{who!r} acts but has no seat: {line.strip()!r}")
                kind = kinds.get(rest[:4], 0)
                if kind == _CARD:  # "Card dealt to a spot [9d 8c]"
                    at = rest.find("[")
                    cards = rest[at + 1:rest.find("]", at)].split()
                    if at < 0 or not cards or not deck.issuperset(cards):
                        b.error(f"no cards in {line.strip()!r}")
                    self.dealt = True
                    if stud:
                        if not last_was_deal:
                            b.street()
                            self.street += 1
                        b.deal(name, cards)
                        self.stud_cards.setdefault(name, []).extend(cards)
                    else:
                        b.hole(name, cards)
                    last_was_deal = True
                    continue
                last_was_deal = False
                if not kind and rest.startswith(_NOISE):
                    continue
                if rounds is None:  # the commonest lines read here, the others by _action
                    if kind == _FOLD and "[" not in rest:
                        act(name, "fold")
                    elif kind == _CHECK:
                        act(name, "check")
                    elif kind == _CALL:
                        act(name, "call", value_of(rest[rest.rfind(" ") + 1:]))
                    elif kind == _ANTE and rest[4:5] == " ":  # "Ante chip 25"
                        post(name, "ante", value_of(rest[rest.rfind(" ") + 1:]))
                    elif kind == _RESULT:
                        collect(name, value_of(rest[rest.rfind(" ") + 1:]))
                    else:
                        self._action(name, rest, kind)
                elif _FOLD <= kind <= _ALL_IN and self.dealt:
                    rounds.before(name)
                    self._action(name, rest, kind)
                    rounds.after(name)
                else:
                    self._action(name, rest, kind)
            elif line.startswith("***"):
                title = line[4:line.find(" ***", 4)] if line.find(" ***", 4) > 0 else ""
                if title == "SUMMARY":
                    break
                if title in ("FLOP", "TURN", "RIVER") and not stud:
                    at = line.rfind("[")
                    b.board(_cards(line[at:], b) if at > 0 else _cards(line, b))
                else:  # HOLE CARDS, 3RD STREET: the deal (stud's streets: its deal lines)
                    self.dealt = True
            elif line.startswith(("Card dealt to table", "Card to the table")):
                b.board(_cards(line, b))
            elif not line.startswith(_BARE):
                b.error(f"cannot read the line {line.strip()!r}")
        for line in lines[k + 1:]:
            if line.startswith("Total Pot("):
                pot, _, fee = line.partition("|")
                self.total = _value(pot[10:].strip(" )"))
                if "Rake" in fee:
                    self.rake = _value(fee.replace("Rake", "").strip(" ()"))
                break
        if rounds is not None:
            rounds.finish()
        return self._build()

    def _action(self, name: str, rest: str, kind: int) -> None:
        """A player's line (``rest``: what follows ``NAME : ``; ``kind``: its :data:`_KINDS`
        entry)."""
        b = self.b
        if kind == _FOLD:  # "Folds", "Folds(timeout)", "Fold(Blind Disconnected)"
            b.act(name, "fold")
            if "[" in rest:  # "Folds & Shows [8d Kh]"
                b.holes.setdefault(name, _cards(rest, b))
        elif kind == _ANTE:
            value = _money(rest, b)
            if rest.startswith("Ante chip"):
                b.post(name, "ante", value)
            else:  # "Ante/Small Blind $4": the small blind
                b.post(name, "blind", value)
        elif kind == _CHECK:
            b.act(name, "check")
        elif kind == _CALL:  # "Calls $0.25", "Call 20", "Call(timeout) 4512"
            b.act(name, "call", _money(rest, b))
        elif kind == _BET:  # "Bets $1.15", "Bets chip info(timeout) 5"
            value = _money(rest, b)
            b.act(name, "bet", value)
            if self.stud:
                self.stud_bets.setdefault(self.street, value)
        elif kind == _RAISE:  # "Raises $0.90 to $1"; 2012: "Raises $16" (to $16)
            value = _money(rest, b)
            if self.stud and self.street == 3 and max(b.bets.values(), default=_ZERO) == (
                    b.bring_in or _ZERO):
                self.stud_bets.setdefault(3, value)  # the completion to the small bet
            b.act(name, "raise_to", value)
        elif kind == _RESULT:  # "Hand result $2", "Hand Result-Side Pot 550"
            b.collect(name, _money(rest, b))
        elif kind == _ALL_IN:
            self._all_in(name, rest)
        elif kind == _BLIND:
            self._post(name, rest)
        elif kind == _RETURN:  # "Return uncalled portion of bet $2.50": the builder's own
            if not self.dealt:
                self._returned_ante(name, _money(rest, b))
        elif kind == _HIDDEN:  # "Does not show [Qc Qs] (High Card)": the winner's cards
            if "[" in rest:
                b.holes.setdefault(name, _cards(rest, b))
        elif kind == _SHOWDOWN:  # "Showdown [best five] (Two pair)": shown at the build
            b.player(name)
        elif kind == _MUCK:
            b.muck(name)
        elif kind == _BRING_IN:  # "Bring_in chip $0.02"
            b.act(name, "bring_in", _money(rest, b))
        elif kind == _BOUNTY:  # "BOUNTY PRIZE [$5]": for the players knocked out
            at = rest.find("[")
            if at > 0:
                value = _value(rest[at + 1:].rstrip("]"))
                self.bounties[name] = self.bounties.get(name, _ZERO) + value
        elif kind == _RANKING:  # a place in the tournament: out, or paid at its end
            self.ranked.append(name)
        elif kind == _DOUBLE and not rest.startswith(("Double rebuys", "Double addon")):
            b.error(f"{name} {rest!r}: the double bet an open pair allows on fourth street, "
                    "which PHH's stud does not deal (its fourth street bets the small bet)")
        elif not rest.startswith(_NOISE):
            b.error(f"cannot read {name}'s action {rest!r}")

    def _all_in(self, name: str, rest: str) -> None:
        """``All-in $39`` (the chips put in), ``All-in(raise) $31.75 to $34`` (a raise to a
        total); before the cards, a blind or an ante posted all in."""
        b = self.b
        value = _money(rest, b)
        if not self.dealt:
            if name not in b.antes and " : Ante chip " in self.text:
                b.post(name, "ante", value)  # every other player antes: this is its ante
            else:
                b.post(name, "blind", value, all_in=True)
        elif "(raise" not in rest:
            b.act(name, "put", value)
        elif " to " in rest:
            b.act(name, "raise_to", value)
        else:  # "All-in(raise) $124": the total raised to, or the chips put in
            left = b.seats[name][1] - b.spent.get(name, _ZERO)
            b.act(name, "put" if value == left else "raise_to", value)

    def _post(self, name: str, rest: str) -> None:
        """A blind: the small or big blind, a player's ``Posts chip`` (a live big blind) or
        ``Posts dead chip`` (both blinds: the big one live, the rest dead); stud's
        ``Big blind/Bring in``, its bring-in."""
        b = self.b
        value = _money(rest, b)
        if rest[0] == "B" and self.stud:
            b.act(name, "bring_in", value)
        elif rest.startswith("Posts dead"):
            big = self._big()
            live = value if big is None or value <= big else big
            b.post(name, "blind", live, value - live)
        else:
            if rest[0] == "B" and value < b.seats[name][1]:
                self.big_blind = value
            b.post(name, "blind", value)

    def _big(self) -> Decimal | None:
        """The big blind of the hand: as posted, else the header's."""
        if self.big_blind is None:
            found = _BIG_BLIND.search(self.text)
            if found is not None:
                self.big_blind = _value(found.group(1))
            elif self.blinds is not None:
                self.big_blind = self.blinds[1]
        return self.big_blind

    def _returned_ante(self, name: str, value: Decimal) -> None:
        """Chips handed back before the deal: the part of an ante above what a player all
        in with less could match (the room counts only the matched part in the pot)."""
        b = self.b
        ante = b.antes.get(name, _ZERO)
        if ante >= value and not b.blinds.get(name):
            b.antes[name] = ante - value
            b.spent[name] = b.spent.get(name, _ZERO) - value

    # The build --------------------------------------------------------------------------

    def _build(self) -> HandHistory:
        b = self.b
        live = [n for n in b.seats if n not in b.folded and (n in b.playing or n in b.holes)]
        if len(live) > 1:  # every player left shows: the room writes every player's cards
            holes = self.stud_cards if self.stud else b.holes
            for name in live:
                if name not in b.mucked and name in holes:
                    b.show(name, holes[name])
        for name, value in self.bounties.items():  # the knocked out: the players ranked
            b.bounty_won(name, value, [n for n in self.ranked if n not in self.bounties])
        paid = sum(b.collected.values(), _ZERO)
        if self.rake is not None:
            if self.rake:
                b.fees["rake"] = self.rake
        elif self.total is not None and self.total > paid:
            b.fees["rake"] = self.total - paid  # the room writes no rake: what it kept
        self._stakes()
        h = b.build()
        if self.real_seats:
            h.fields["seats"] = [self.real_seats[name] for name in h.fields["players"]]
        return h

    def _stakes(self) -> None:
        """The stakes: the level's blinds (tournaments), the table's (``Table Info``), else
        the blinds posted; fixed limit: the small bet is the big blind, the big bet twice
        it; stud: the bets made."""
        b = self.b
        big = self.big_blind if self.big_blind is not None else (
            self.blinds[1] if self.blinds else None)
        if self.stud:
            b.stakes(*_stud_bets(self.stud_bets, b.bring_in))
            if b.bring_in is None and b.small is not None:
                # the player due to bring in completed instead: the game's bring-in is
                # not written; PHH's field takes half the small bet, never posted
                b.bring_in = b.small / 2
        elif fixed(b.variant):
            if big is None:
                big = max(b.blinds.values(), default=None)
            if big is not None:
                b.stakes(big, big * 2)
        elif big is not None:
            b.stakes(self.blinds[0] if self.blinds else big / 2, big)


def _cards(text: str, b: HandBuilder) -> list[str]:
    """The cards of the first ``[...]`` of a line."""
    at = text.find("[")
    end = text.find("]", at)
    cards = text[at + 1:end].split() if 0 <= at < end else []
    if not cards or not _DECK.issuperset(cards):
        b.error(f"no cards in {text.strip()!r}")
    return cards


def _money(text: str, b: HandBuilder) -> Decimal:
    """The amount that ends a line (``Calls $0.25``, ``Raises $0.90 to $1``)."""
    last = text[text.rfind(" ") + 1:]
    if not last or not (last[0] == "$" or last[0].isdigit()):
        b.error(f"no amount at the end of {text.strip()!r}")
    return _value(last)


def _stud_bets(bets: dict[int, Decimal], bring_in: Decimal | None
               ) -> tuple[Decimal, Decimal]:
    """The small and big bets of a stud hand from its first bet or completion per street
    (``bets``; the header writes no stakes): third and fourth street's is the small bet,
    a later street's the big bet; one unseen is half or twice the other, both unseen the
    small bet twice the bring-in.

    >>> _stud_bets({3: Decimal(5), 5: Decimal(10)}, Decimal("2.5"))
    (Decimal('5'), Decimal('10'))
    >>> _stud_bets({}, Decimal("0.02"))
    (Decimal('0.04'), Decimal('0.08'))
    """
    small = bets.get(3, bets.get(4))
    big = next((bets[k] for k in (5, 6, 7) if k in bets), None)
    if small is None:
        small = big / 2 if big is not None else (bring_in or Decimal(1)) * 2
    return small, big if big is not None else small * 2
