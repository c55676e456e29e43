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

from bisect import bisect_right
from decimal import Decimal
from typing import Any, NoReturn

from showdown.phh.amounts import LATE_BLINDS
from showdown.phh.betting import full_blind_owed, short_blind
from showdown.phh.errors import MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.draw_order import deals_after_draws
from showdown.phh.rooms.fields import history, numbers, player_codes
from showdown.phh.rooms.forced_bets import forced_bets
from showdown.phh.rooms.money import number, text
from showdown.phh.rooms.variant_kinds import DEALT_IN_STEPS, FIRST_BOARD, FIXED, HOLE_CARDS, STUD

__all__ = ["HandBuilder"]

#: The rooms whose layout of a hand run more than once the readers know.
_RUNS_READ = frozenset({"pokerstars", "ggpoker", "fulltilt", "wpn"})
_ZERO = Decimal(0)


class HandBuilder:
    """A hand being read: see the module docstring. Names are the room's player names."""

    # Slots: a hand's builder is made and read from for every hand (quicker than a dict).
    # An attribute not named here (a new one) lives in __dict__, slower but as well.
    __slots__ = (
        "__dict__", "antes", "bets", "big", "blinds", "bounties", "bring_in", "button",
        "cash_out_fees", "cashed_out", "collected", "collects_unmatched", "completable",
        "dead_in_raise", "eliminated", "events", "fees", "file", "folded", "hand", "holes",
        "meta", "mucked", "out", "playing", "room", "runs", "seats", "shown", "small",
        "spent", "unmatched", "variant", "won_bounties",
    )

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
        self.won_bounties: dict[str, Decimal] = {}
        self.eliminated: dict[str, str] = {}
        self.spent: dict[str, Decimal] = {}
        self.folded: set[str] = set()
        self.runs = 1
        #: The part of a "raise" nobody could answer (written as a call), by player.
        self.unmatched: dict[str, Decimal] = {}
        #: Whether the room counts that part in what the player collected (Winamax, in a
        #: hand with an all-in: the reader says so).
        self.collects_unmatched = False
        #: Whether a call may complete a short big blind (:meth:`_completes`): a blind
        #: was posted all in for less than the big blind, in no or pot limit
        #: (:func:`~showdown.phh.betting.short_blind`).
        self.completable = False
        self.bring_in: Decimal | None = None
        #: Dead chips the room counts in a player's "raises to" on this street (Winamax
        #: counts a small blind posted out of position in it), by player.
        self.dead_in_raise: dict[str, Decimal] = {}
        #: What the room paid each player who cashed out, beside what they collected from
        #: the pots (``collect``), and the fee it wrote, by player.
        self.cashed_out: dict[str, Decimal] = {}
        self.cash_out_fees: dict[str, Decimal] = {}
        #: Small blinds posted out of position (:meth:`post`), taken as dead until the
        #: player's first action, by player.
        self.late_small: dict[str, Decimal] = {}

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

    def post(self, name: str, kind: str, value: Decimal, dead: Decimal = _ZERO,
             all_in: bool = False) -> None:
        """A forced bet: ``ante`` (dead money), ``blind`` (a live blind or straddle) of
        ``value``, ``dead`` more of it dead (a small blind posted with a big one);
        ``all_in``: the room says the post put the player all in.

        A blind below one posted before it (and not all in) is a small blind posted out
        of position by a player coming back to the table (the rooms write the small and
        the big blind first): dead money, never a bet to match, as PokerStars deals it (its
        ``Total pot`` counts it so, and the player's ``calls`` put in the whole bet);
        unless the player's first action is a call that counts it (:meth:`act`)."""
        self.player(name)
        if (kind == "blind" and not dead and 0 < value < max(self.blinds.values(), default=_ZERO)
                and self.spent.get(name, _ZERO) + value < self.seats[name][1]):
            self.late_small[name] = self.late_small.get(name, _ZERO) + value
            kind = "ante"
        if kind == "ante":
            self.antes[name] = self.antes.get(name, _ZERO) + value
            self.spent[name] = self.spent.get(name, _ZERO) + value
            return
        if dead:
            self.antes[name] = self.antes.get(name, _ZERO) + dead
        self.blinds[name] = self.blinds.get(name, _ZERO) + value
        self.bets[name] = self.bets.get(name, _ZERO) + value
        self.spent[name] = self.spent.get(name, _ZERO) + value + dead
        if all_in and self.big is not None and short_blind(self.variant in FIXED, value,
                                                          self.big, all_in):
            self.completable = True  # posted all in for less

    def act(self, name: str, verb: str, value: Decimal = _ZERO) -> None:
        """A betting action: ``fold``, ``check``, ``call``, ``bet`` (``value`` put in),
        ``raise_to`` (the street's total), ``raise_by`` (``value`` more than the
        player's bet before), ``put`` (``value`` put in: a call or a raise)."""
        self.player(name)
        if self.late_small:
            self._late_small_counted(name, verb, value)
        before = self.bets.get(name, _ZERO)
        if verb == "bring_in":
            self.bring_in = value
            self.bets[name] = before + value
            self.spent[name] = self.spent.get(name, _ZERO) + value
            self.events.append((name, "pb", ""))
            return
        if verb == "fold":
            self.folded.add(name)
            self.events.append((name, "f", ""))
            return
        if verb == "check":  # nothing put in: the bets and chips spent stay
            self.events.append((name, "cc", ""))
            return
        if verb == "call" and value and self.completable and self._completes(
                name, before + value):
            self.bets[name] = before + value
            self.events.append((name, "cbr", text(before + value)))
        elif verb in ("check", "call"):
            if verb == "call":  # the chips a later raise "by" or "put" counts from
                top = max(self.bets.values(), default=_ZERO)
                if self.completable and value and before + value > top:
                    # the full big blind called over a short one nobody else matches
                    self.unmatched[name] = self.unmatched.get(name, _ZERO) + before + value - top
                self.bets[name] = before + value if value else top
            self.events.append((name, "cc", ""))
        else:
            if verb == "raise_to" and self.dead_in_raise:
                dead = self.dead_in_raise.get(name, _ZERO)
                if dead and value <= dead:
                    self.error(f"{name} raises to {text(value)}, which counts the "
                               f"{text(dead)} dead posted and is no more than it")
                value -= dead
            # (a first bet of the street is the amount itself: its text is kept)
            total = value if verb == "raise_to" or not before else before + value
            top = max(self.bets.values(), default=_ZERO)
            if (verb == "put" and total <= top) or (
                    self._nobody_behind(name)):  # a "raise" nobody can answer is a call
                if total > top:  # the part nobody can match, handed back
                    self.unmatched[name] = self.unmatched.get(name, _ZERO) + total - top
                self.bets[name] = total
                self.events.append((name, "cc", ""))
            else:
                self.bets[name] = total
                self.events.append((name, "cbr", text(total)))
        self.spent[name] = self.spent.get(name, _ZERO) + self.bets.get(name, before) - before

    def _late_small_counted(self, name: str, verb: str, value: Decimal) -> None:
        """A small blind posted out of position (:meth:`post`) turned live when the
        player's first action is a call that reaches the bet only with it (files other
        rooms' hands were converted from deal it live: ``posts small blind $15`` then
        ``calls $15`` to a $30 bet); a call of the whole bet keeps it dead."""
        posted = self.late_small.pop(name, None)
        if posted is None or verb != "call" or not value:
            return
        before = self.bets.get(name, _ZERO)
        top = max(self.bets.values(), default=_ZERO)
        if before + value < top == before + value + posted:
            self.antes[name] -= posted
            self.blinds[name] = self.blinds.get(name, _ZERO) + posted
            self.bets[name] = before + posted

    def _completes(self, name: str, total: Decimal) -> bool:
        """Whether a call is to the full big blind over a big blind posted all in for
        less, the big blind still owed (:func:`~showdown.phh.betting.full_blind_owed`, the
        engine's rule): the room has the callers put in the whole big blind, the part
        nobody matched handed back. PHH's ``cc``
        matches only the largest bet posted, so such a call is written as a completion
        (``cbr`` to the big blind, which the engine allows while the blinds posted are
        short), and a call all in between the two as a ``cbr`` all in for less (no and
        pot limit; a raise nobody can answer stays a call)."""
        top = max(self.bets.values(), default=_ZERO)
        street = max(0, self._board_streets() - (self.variant in FIRST_BOARD))
        return (self.big is not None and full_blind_owed(self.completable, street, top, self.big)
                and top < total <= self.big and not self._nobody_behind(name))

    def _nobody_behind(self, name: str) -> bool:
        """Whether no other player still in has chips left beyond calling the bet now
        (then no raise can be made: a room's "raise" is a call, the rest returned)."""
        top = max(self.bets.values(), default=_ZERO)
        others = False
        for n in self.playing:  # (most hands: the first other player has chips beyond)
            if n != name and n not in self.folded:
                if self.seats[n][1] - self.spent.get(n, _ZERO) > top - self.bets.get(n, _ZERO):
                    return False
                others = True
        return others

    def _board_streets(self) -> int:
        """The board streets dealt so far (Courchevel's face-up card is one)."""
        return [verb for _, verb, _ in self.events].count("db")

    def board(self, cards: list[str]) -> None:
        """Board cards dealt (a new street: the bets start again). A street past the
        game's last is a second board the reader did not take for a runout: an error,
        never dealt. Courchevel's flop may be written whole, its face-up card again
        (``[7h 5d 3s]`` after ``[7h]``): that card is not dealt twice."""
        streets = self._board_streets()
        early = self.variant in FIRST_BOARD
        if streets >= 3 + early:
            self.not_read_run(f"a fourth board street [{' '.join(cards)}]")
        if early and streets == 1:
            cards = self._without_first_board(cards)
        self.bets = {}
        self.dead_in_raise = {}
        self.events.append(("", "db", "".join(cards)))

    def first_board(self, cards: list[str]) -> None:
        """The board card a game deals face up before the first betting round
        (:data:`~showdown.phh.rooms.variant_kinds.FIRST_BOARD`: Courchevel's first flop
        card), dealt before any action; the blinds' bets stand."""
        if self.variant not in FIRST_BOARD:
            self.error(f"board cards [{' '.join(cards)}] before the first betting round, "
                       "which only Courchevel deals")
        if len(cards) != 1 or self.events:  # nothing dealt or done before it
            self.error(f"Courchevel deals one board card before the first betting round, "
                       f"not [{' '.join(cards)}] here")
        self.events.append(("", "db", cards[0]))

    def _without_first_board(self, cards: list[str]) -> list[str]:
        """``cards`` less the face-up card dealt before the first round (a Courchevel
        flop or a runout written with it)."""
        first = next((arg for _, verb, arg in self.events if verb == "db"), None)
        return [c for c in cards if c != first] if len(cards) == 3 else cards

    def not_read_run(self, what: str) -> NoReturn:
        """The error of a hand run more than once in a layout this library does not read
        (``what``: the line or street that shows it), named as such rather than misread."""
        if self.room in _RUNS_READ:
            self.error(f"{what}: more board streets than one board has, not in the layout "
                       f"of a hand run more than once this library reads from {self.room}")
        self.error(f"{what}: a hand run more than once, which this library reads only as "
                   f"PokerStars, GGPoker, Full Tilt and WPN write it (no public {self.room} "
                   "hand history run twice was found to learn its layout from)")

    def runout(self, run: int, cards: list[str]) -> None:
        """Board cards of the ``run``-th runout (2, 3...) of a hand run more than once,
        dealt after the first run's (PHH deals each run in turn, see
        :mod:`showdown.phh.engine`). Cards already on a board (a street the runs share,
        written again) are not dealt twice."""
        dealt = {c for _, verb, arg in self.events if verb == "db"
                 for c in (arg[k:k + 2] for k in range(0, len(arg), 2))}
        if set(cards) <= dealt:
            return
        if self.variant in FIRST_BOARD:
            cards = self._without_first_board(cards)
        self.runs = max(self.runs, run)
        self.events.append(("", "db", "".join(cards)))

    def street(self) -> None:
        """A new betting round with no board cards (stud's streets, a draw's)."""
        self.bets = {}
        self.dead_in_raise = {}

    def deal(self, name: str, cards: list[str]) -> None:
        """Hole cards dealt to a player on this street (``??`` for unknown ones): stud and
        draw games, where the hole cards come street by street."""
        self.player(name)
        self.events.append((name, "dh", "".join(cards)))

    def draw(self, name: str, discards: list[str]) -> None:
        """A player's discards (``??`` for unknown ones; none: stands pat)."""
        self.player(name)
        self.events.append((name, "sd", "".join(discards)))

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

    def cash_out(self, name: str, value: Decimal, fee: Decimal | None = None) -> None:
        """A player who cashed out: ``value`` paid by the room beside the pots (negative:
        taken back from what the pots paid), ``fee`` its fee when the room writes one."""
        self.player(name)
        self.cashed_out[name] = self.cashed_out.get(name, _ZERO) + value
        if fee is not None:
            self.cash_out_fees[name] = self.cash_out_fees.get(name, _ZERO) + fee

    def bounty_won(self, name: str, value: Decimal, eliminated: list[str]) -> None:
        """A bounty paid to ``name`` for knocking out the ``eliminated`` players."""
        self.won_bounties[name] = self.won_bounties.get(name, _ZERO) + value
        for beaten in eliminated:
            self.eliminated.setdefault(beaten, name)

    # PHH ---------------------------------------------------------------------------------

    def order(self) -> list[str]:
        """The players dealt in, from the seat left of the button, the button last."""
        seat = {name: at for name, (at, _) in self.seats.items()
                if name in self.playing or (name not in self.out and name in self.holes)}
        names = sorted(seat, key=seat.__getitem__)  # by seat, then the button's seat last:
        if self.button is None:
            return names
        first = bisect_right([seat[name] for name in names], self.button)
        return names[first:] + names[:first]

    def build(self) -> HandHistory:
        """The hand as a :class:`HandHistory` (the room's record in its fields)."""
        names = self.order()
        n = len(names)
        if n < 2:
            self.error(f"{n} player(s) in the hand: a hand needs two")
        index = dict(zip(names, player_codes(n), strict=True))
        cards = HOLE_CARDS.get(self.variant, 2)
        unknown = "??" * cards
        actions = []
        for name in names if self.variant not in DEALT_IN_STEPS else ():
            hole = self.holes.get(name) or self.shown.get(name)
            if not hole:  # (most players: cards nobody saw)
                actions.append(f"d dh {index[name]} {unknown}")
                continue
            if len(hole) < cards and name not in self.holes:  # one card shown (GGPoker, or
                # PokerStars' "folds [9c]")
                hole = [*hole, *["??"] * (cards - len(hole))]
            if len(hole) != cards:
                self.error(f"{name!r} holds {len(hole)} cards, not {cards}")
            actions.append(f"d dh {index[name]} {''.join(hole)}")
        for name, verb, arg in deals_after_draws(self.events):
            if verb == "db":
                actions.append(f"d db {arg}")
            elif verb == "dh":
                actions.append(f"d dh {index[name]} {arg}")
            elif arg:
                actions.append(f"{index[name]} {verb} {arg}")
            else:
                actions.append(f"{index[name]} {verb}")
        live = [name for name in names if name not in self.folded]
        if len(live) > 1:
            for name in live:
                shown = self.shown.get(name)
                if shown and name not in self.mucked:
                    actions.append(f"{index[name]} sm {''.join(shown)}")
                else:
                    actions.append(f"{index[name]} sm")
        ante_of, blind_of, late_of = forced_bets(names, self.seats, self.antes, self.blinds,
                                                self.events, self.variant, self.error)
        antes = numbers(ante_of, names)
        blinds = numbers(blind_of, names)
        if n == 2:  # PHH writes heads-up forced bets reversed (p2 is the button)
            antes.reverse()
            blinds.reverse()
        fields: dict[str, Any] = {"variant": self.variant, "antes": antes}
        if self.variant in STUD:
            fields["bring_in"] = number(self._bring_in())
        else:
            fields["blinds_or_straddles"] = blinds
        if late_of:  # in the pot from the start (a pot-limit raise counts them)
            fields[LATE_BLINDS] = [number(late_of.get(name, _ZERO)) for name in names]
        big = self.big if self.big is not None else max(self.blinds.values(), default=None)
        if big is None or not big:
            self.error("the stakes (the big blind) are not written")
        if self.variant in FIXED:
            small = self.small if self.small is not None else big / 2
            fields["small_bet"], fields["big_bet"] = number(small), number(big)
        else:
            # the header's stakes, unless the blinds posted (by players not all-in) say
            # else; a blind posted all in for less leaves the header's big blind owed
            posted = [v for n, v in self.blinds.items() if v and v < self.seats[n][1]]
            if posted and big not in posted and not self.completable:
                big = max(posted)  # (888 tournaments: a level's blinds behind its header)
            fields["min_bet"] = number(big)
        fields["starting_stacks"] = [number(self.seats[name][1]) for name in names]
        fields["actions"] = actions
        hand = self.hand
        if hand is not None:
            fields["hand"] = int(hand) if hand.isdigit() else hand
        fields.update(self.meta)
        fields["seats"] = [self.seats[name][0] for name in names]
        fields["players"] = names
        fields["winnings"] = [number(self._won(name)) if name in self.collected else 0
                              for name in names]  # (0: a player who collected nothing)
        fields["_room"] = self.room
        for key, value in self.fees.items():
            fields[f"_{key}"] = number(value)
        if self.runs > 1:
            fields["_runout_count"] = self.runs
        if self.cashed_out:  # who cashed out (1), what the room paid them in all, the fee
            fields["_cash_out"] = [int(name in self.cashed_out) for name in names]
            fields["_cash_out_paid"] = [
                number(self.collected.get(name, _ZERO) + self.cashed_out[name])
                if name in self.cashed_out else 0 for name in names]
            if self.cash_out_fees:
                fields["_cash_out_fee"] = [number(self.cash_out_fees.get(name, _ZERO))
                                           for name in names]
        if self.bounties:
            fields["_bounties"] = [number(self.bounties.get(name, _ZERO)) for name in names]
        if self.won_bounties:  # bounties paid, and who knocked out whom (player numbers)
            fields["_bounties_won"] = [number(self.won_bounties.get(name, _ZERO))
                                       for name in names]
            fields["_eliminated_by"] = [
                names.index(self.eliminated[name]) + 1 if self.eliminated.get(name) in index
                else 0 for name in names]
        return history(fields, self.file, hand)

    def _bring_in(self) -> Decimal:
        """The stud hand's bring-in; none (0) when the first to act completes at once
        (PokerStars' home games deal stud without one; its 2009 tables wrote a completion
        as "bets") or nobody acts (all in on the antes), else an error."""
        if self.bring_in is not None:
            return self.bring_in
        first = next((verb for name, verb, _ in self.events if name and verb != "dh"), None)
        if first is None or first == "cbr":
            return _ZERO
        self.error("nobody brought in: a stud hand needs a bring-in, and the first to act "
                   "did not complete")

    def _won(self, name: str) -> Decimal:
        """What the room says the player collected, less the part of a raise nobody could
        answer when the room counts it as won (Winamax writes it as a pot collected:
        ``collected 104 from side pot 1``); the replay never bets that part."""
        won = self.collected.get(name, _ZERO)
        back = self.unmatched.get(name, _ZERO)
        return won - back if self.collects_unmatched and won >= back else won
