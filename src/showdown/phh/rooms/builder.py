"""One hand as a room tells it, turned into PHH: the readers call :class:`HandBuilder`.

A reader names the seats, the button, the forced bets, each action as the room
wrote it (a call, a bet of so much, a raise to or by so much), the cards dealt,
shown and run out, what each player collected and the fees the house took;
:meth:`HandBuilder.build` orders the players as PHH does (from the seat left of
the button, the button last), turns every action into PHH's (``cc``, ``f``,
``cbr`` to the street's total) and writes the room's record beside them.

>>> from decimal import Decimal as D
>>> b = HandBuilder("pokerstars", "NT", file="a.txt", hand="42")
>>> b.stakes(D("0.5"), D("1"))
>>> for seat, name in ((1, "Ana"), (2, "Bo"), (3, "Cy")):
...     b.seat(seat, name, D(100))
>>> b.button = 3
>>> b.post("Ana", "blind", D("0.5")); b.post("Bo", "blind", D(1))
>>> b.act("Cy", "raise_to", D(3)); b.act("Ana", "fold"); b.act("Bo", "call")
>>> b.board(["Ac", "Kd", "2h"]); b.act("Bo", "check"); b.act("Cy", "bet", D(4)); b.act("Bo", "fold")
>>> b.collect("Cy", D("6.5")); b.fees["rake"] = D("0.5")
>>> h = b.build()
>>> h.fields["actions"][:3]
['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????']
>>> h.fields["actions"][3:]
['p3 cbr 3', 'p1 f', 'p2 cc', 'd db AcKd2h', 'p2 cc', 'p3 cbr 4', 'p2 f']
>>> h.fields["winnings"], h.fields["_rake"], h.fields["hand"]
([0, 0, 6.5], 0.5, 42)
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any, NoReturn

from showdown.phh.betting import blind_opener
from showdown.phh.errors import MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.money import number, text

__all__ = ["HOLE_CARDS", "HandBuilder"]

#: Hole cards dealt in each PHH variant the readers write.
HOLE_CARDS = {"NT": 2, "FT": 2, "NS": 2, "PO": 4, "FO/8": 4}
_FIXED = frozenset({"FT", "FO/8"})
_ZERO = Decimal(0)


class HandBuilder:
    """A hand being read: see the module docstring. Names are the room's player names."""

    def __init__(self, room: str, variant: str, file: str | None = None,
                 hand: str | None = None) -> None:
        self.room = room
        self.variant = variant
        self.file = file
        self.hand = hand
        self.button: int | None = None
        self.small: Decimal | None = None
        self.big: Decimal | None = None
        self.seats: dict[str, tuple[int, Decimal]] = {}
        self.out: set[str] = set()
        self.playing: set[str] = set()
        self.antes: dict[str, Decimal] = {}
        self.blinds: dict[str, Decimal] = {}
        self.bets: dict[str, Decimal] = {}
        self.events: list[tuple[str, str, str]] = []
        self.holes: dict[str, list[str]] = {}
        self.shown: dict[str, list[str]] = {}
        self.mucked: set[str] = set()
        self.collected: dict[str, Decimal] = {}
        self.fees: dict[str, Decimal] = {}
        self.meta: dict[str, Any] = {}
        self.bounties: dict[str, Decimal] = {}
        self.spent: dict[str, Decimal] = {}
        self.folded: set[str] = set()
        self.runs = 1

    def error(self, message: str) -> NoReturn:
        """Raise :class:`MalformedHistory` naming the file and the hand."""
        raise MalformedHistory(self.file, self.hand, message)

    # What the reader says ----------------------------------------------------------------

    def stakes(self, first: Decimal, second: Decimal) -> None:
        """The stakes of the header: blinds (no and pot limit) or small and big bets (fixed)."""
        self.small, self.big = first, second

    def seat(self, seat: int, name: str, stack: Decimal, playing: bool = True) -> None:
        """A seated player; ``playing=False`` for one the room says sits out."""
        self.seats[name] = (seat, stack)
        if not playing:
            self.out.add(name)

    def player(self, name: str) -> str:
        """``name`` checked against the seats."""
        if name not in self.seats:
            self.error(f"{name!r} acts but has no seat")
        self.playing.add(name)
        return name

    def post(self, name: str, kind: str, value: Decimal, dead: Decimal = _ZERO) -> None:
        """A forced bet: ``ante`` (dead money), ``blind`` (a live blind or straddle) of
        ``value``, ``dead`` more of it dead (a small blind posted with a big one)."""
        self.player(name)
        if kind == "ante":
            self.antes[name] = self.antes.get(name, _ZERO) + value
            self.spent[name] = self.spent.get(name, _ZERO) + value
            return
        if dead:
            self.antes[name] = self.antes.get(name, _ZERO) + dead
        self.blinds[name] = self.blinds.get(name, _ZERO) + value
        self.bets[name] = self.bets.get(name, _ZERO) + value
        self.spent[name] = self.spent.get(name, _ZERO) + value + dead

    def act(self, name: str, verb: str, value: Decimal = _ZERO) -> None:
        """A betting action: ``fold``, ``check``, ``call``, ``bet`` (``value`` put in),
        ``raise_to`` (the street's total), ``raise_by`` (``value`` more than the
        player's bet before), ``put`` (``value`` put in: a call or a raise)."""
        self.player(name)
        before = self.bets.get(name, _ZERO)
        if verb == "fold":
            self.folded.add(name)
            self.events.append((name, "f", ""))
            return
        if verb in ("check", "call"):
            if verb == "call":  # the chips a later raise "by" or "put" counts from
                top = max(self.bets.values(), default=_ZERO)
                self.bets[name] = before + value if value else top
            self.events.append((name, "cc", ""))
        else:
            total = value if verb == "raise_to" else before + value
            if (verb == "put" and total <= max(self.bets.values(), default=_ZERO)) or (
                    self._nobody_behind(name)):  # a "raise" nobody can answer is a call
                self.bets[name] = total
                self.events.append((name, "cc", ""))
            else:
                self.bets[name] = total
                self.events.append((name, "cbr", text(total)))
        self.spent[name] = self.spent.get(name, _ZERO) + self.bets.get(name, before) - before

    def _nobody_behind(self, name: str) -> bool:
        """Whether every other player still in is all-in (then no raise can be made)."""
        others = [n for n in self.playing if n != name and n not in self.folded]
        return bool(others) and all(
            self.spent.get(n, _ZERO) >= self.seats[n][1] for n in others)

    def board(self, cards: list[str]) -> None:
        """Board cards dealt (a new street: the bets start again)."""
        self.bets = {}
        self.events.append(("", "db", "".join(cards)))

    def hole(self, name: str, cards: list[str]) -> None:
        """A player's hole cards (``??`` for unknown ones)."""
        self.player(name)
        self.holes[name] = cards

    def show(self, name: str, cards: list[str]) -> None:
        """Cards a player showed."""
        if name in self.seats:
            self.shown[name] = cards

    def muck(self, name: str, cards: list[str] | None = None) -> None:
        """A player who gave up at showdown (the cards, when the room writes them)."""
        if name in self.seats:
            self.mucked.add(name)
            if cards:
                self.holes.setdefault(name, cards)

    def collect(self, name: str, value: Decimal) -> None:
        """Chips the room paid a player from a pot."""
        self.player(name)
        self.collected[name] = self.collected.get(name, _ZERO) + value

    # PHH ---------------------------------------------------------------------------------

    def order(self) -> list[str]:
        """The players dealt in, from the seat left of the button, the button last."""
        names = [n for n in self.seats if n in self.playing or (n not in self.out and n in
                                                                  self.holes)]
        button = self.button
        if button is None:
            return sorted(names, key=lambda n: self.seats[n][0])
        return sorted(names, key=lambda n: (self.seats[n][0] <= button, self.seats[n][0]))

    def build(self) -> HandHistory:
        """The hand as a :class:`HandHistory` (the room's record in its fields)."""
        if self.runs > 1:
            self.error("the hand was run more than once, which PHH cannot hold")
        names = self.order()
        n = len(names)
        if n < 2:
            self.error(f"{n} player(s) in the hand: a hand needs two")
        index = {name: f"p{k + 1}" for k, name in enumerate(names)}
        cards = HOLE_CARDS.get(self.variant, 2)
        actions = []
        for name in names:
            hole = self.holes.get(name) or self.shown.get(name) or ["??"] * cards
            if len(hole) != cards:
                self.error(f"{name!r} holds {len(hole)} cards, not {cards}")
            actions.append(f"d dh {index[name]} {''.join(hole)}")
        for name, verb, arg in self.events:
            if verb == "db":
                actions.append(f"d db {arg}")
            elif arg:
                actions.append(f"{index[name]} {verb} {arg}")
            else:
                actions.append(f"{index[name]} {verb}")
        folded = {name for name, verb, _ in self.events if verb == "f"}
        live = [name for name in names if name not in folded]
        if len(live) > 1:
            for name in live:
                shown = self.shown.get(name)
                if shown and name not in self.mucked:
                    actions.append(f"{index[name]} sm {''.join(shown)}")
                else:
                    actions.append(f"{index[name]} sm")
        self._check_blinds(names)
        antes = [number(self.antes.get(name, _ZERO)) for name in names]
        blinds = [number(self.blinds.get(name, _ZERO)) for name in names]
        if n == 2:  # PHH writes heads-up forced bets reversed (p2 is the button)
            antes.reverse()
            blinds.reverse()
        fields: dict[str, Any] = {"variant": self.variant, "antes": antes,
                                  "blinds_or_straddles": blinds}
        big = self.big if self.big is not None else max(self.blinds.values(), default=None)
        if big is None or not big:
            self.error("the stakes (the big blind) are not written")
        if self.variant in _FIXED:
            small = self.small if self.small is not None else big / 2
            fields["small_bet"], fields["big_bet"] = number(small), number(big)
        else:
            fields["min_bet"] = number(big)
        fields["starting_stacks"] = [number(self.seats[name][1]) for name in names]
        fields["actions"] = actions
        hand = self.hand
        if hand is not None:
            fields["hand"] = int(hand) if hand.isdigit() else hand
        fields.update(self.meta)
        fields["seats"] = [self.seats[name][0] for name in names]
        fields["players"] = names
        fields["winnings"] = [number(self.collected.get(name, _ZERO)) for name in names]
        fields["_room"] = self.room
        for key, value in self.fees.items():
            fields[f"_{key}"] = number(value)
        if self.bounties:
            fields["_bounties"] = [number(self.bounties.get(name, _ZERO)) for name in names]
        return HandHistory(fields, self.file, hand)


    def _check_blinds(self, names: list[str]) -> None:
        """The first to act preflop must be the one PHH's rule names (the player after the
        largest live blind or straddle, the later one on a tie). A big blind posted by a
        player coming back in a late seat breaks it: PHH cannot write such a hand."""
        first = next((name for name, verb, _ in self.events if name), None)
        if len(names) == 2 or first is None or not any(self.blinds.values()):
            return
        posted = [self.blinds.get(name, _ZERO) for name in names]
        units = [int(v * 10**9) for v in posted]  # the rule compares; whole numbers do
        opener = blind_opener(len(names), units, units)
        if names[opener] != first:
            late = max((k for k, v in enumerate(posted) if v), key=lambda k: (posted[k], k))
            name = names[late]
            self.error(f"{name!r} (seat {self.seats[name][0]}) posted a live blind out of "
                       f"position, which PHH's order of play cannot hold ({first!r} acted "
                       "first)")


def clock(day: datetime.date, time: datetime.time, zone: str | None) -> dict[str, Any]:
    """PHH's date and time fields.

    >>> clock(datetime.date(2017, 1, 6), datetime.time(17, 15, 11), "ET")
    {'year': 2017, 'month': 1, 'day': 6, 'time': datetime.time(17, 15, 11), 'time_zone': 'ET'}
    """
    fields: dict[str, Any] = {"year": day.year, "month": day.month, "day": day.day,
                              "time": time}
    if zone:
        fields["time_zone"] = zone
    return fields
