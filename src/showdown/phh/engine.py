"""The betting engine: replay a hand's actions under the rules of its variant.

:func:`replay` deals, posts the forced bets and applies each action,
checking it against the rules: whose turn it is (preflop from the first seat
after the biggest blind or straddle, later streets from the first live seat
left of the button, reversed blinds heads-up; stud by the up cards), stacks
and all-ins, the no-limit minimum raise, the pot-limit maximum, fixed-limit
bet sizes and the cap, and that an all-in for less than a full raise does not
reopen the betting to players who already acted. An illegal action raises
:class:`~showdown.phh.errors.IllegalAction` naming the hand, the action's
index and text, and the rule. The result, a :class:`Replay`, is what
:mod:`showdown.phh.settlement` turns into a :class:`~showdown.pots.table.Table`.

>>> from showdown.phh.notation import loads
>>> r = replay(loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KsKd", "d dh p3 7h6h", "p3 cbr 3"]'''))
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
showdown.phh.errors.IllegalAction: hand 1: action 3 'p3 cbr 3': breaks the no-limit minimum ...

Conventions shared with pokerkit: the minimum raise is the largest bet plus
the larger of ``min_bet`` (the street's bet in fixed limit) and the largest
raise of the round (blinds and straddles are not raises); a fixed-limit round
allows at most four completions, bets and raises; a pot-limit raise may go
to the bet plus the pot after calling (antes included). One departure: when a
big blind posted all in for less leaves every blind below ``min_bet``, the full
big blind stays owed preflop (:meth:`HandState.full_blind_owed`): a bet to
exactly ``min_bet`` completes it and a raise counts from it, where pokerkit
counts from the largest blind posted.
"""

from __future__ import annotations

import math
import re
from typing import NoReturn

from showdown.phh.actions import CARD_TEXTS, Action, parse_action
from showdown.phh.amounts import LIMIT, from_units, hand_units, to_units
from showdown.phh.betting import after_raise, blind_opener, raise_bounds, round_queue
from showdown.phh.errors import IllegalAction, MalformedHistory, UnsupportedVariant
from showdown.phh.notation import HandHistory
from showdown.phh.replayed import Replay
from showdown.phh.rules import RULES, VariantRules, supported_codes
from showdown.phh.upcards import opener_by_upcards

__all__ = ["HandState", "Replay", "replay", "variant_rules"]

_DEALING, _BETTING, _DRAWING, _DONE = 0, 1, 2, 3
_ANY_CARD = CARD_TEXTS | {"??"}
#: "p1" -> 0, ... for the fast path of :meth:`HandState.apply`.
_PLAYERS = {f"p{k + 1}": k for k in range(99)}
#: A bet amount: ASCII digits, with a decimal point between digits (``150``, ``3.50``); not
#: ``1_0``, ``６`` or ``-5``, which Python's ``int`` would read.
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


def _split(text: str) -> tuple[str, ...] | None:
    """Cards run together, or ``None`` when the text is not (the grammar then says why)."""
    cards = tuple(text[k : k + 2] for k in range(0, len(text), 2))
    return cards if cards and len(text) % 2 == 0 and _ANY_CARD.issuperset(cards) else None


def variant_rules(history: HandHistory) -> VariantRules:
    """The rules of the hand's variant; an unknown or unsupported code is
    :class:`UnsupportedVariant`."""
    code = history.variant
    rules = RULES.get(code)
    if rules is None or not rules.supported:
        what = "is not a PHH variant code"
        if rules is not None:
            what = f"({rules.name}) is not supported yet"
        raise UnsupportedVariant(
            history.file,
            history.label,
            f"variant {code!r} {what}; this version replays {', '.join(supported_codes())}",
        )
    return rules


class HandState:
    """The state of a hand being replayed: :meth:`start`, then :meth:`apply` each action.

    :meth:`due` says what comes next and :meth:`raise_limits` what a raise may
    be, so that legal hands can be generated (the tests do).
    """

    __slots__ = (
        "acted",
        "aggressor",
        "antes",
        "behind",
        "bets",
        "blinds",
        "board",
        "bring_in",
        "bring_in_due",
        "completion",
        "contributed",
        "draws_left",
        "folded",
        "full",
        "history",
        "holes",
        "index",
        "inferred",
        "last_aggressor",
        "live",
        "max_bet",
        "min_bet",
        "mucked",
        "n",
        "pending_board",
        "pending_holes",
        "phase",
        "queue",
        "raises",
        "repair",
        "round_acted",
        "rules",
        "run_boards",
        "runout_street",
        "runs",
        "scale",
        "short_blind",
        "shown",
        "sizes",
        "stacks",
        "street",
        "text",
        "used",
    )

    def __init__(
        self, history: HandHistory, rules: VariantRules, scale: int, amounts: dict[str, list[int]]
    ) -> None:
        n = history.player_count
        self.history = history
        self.scale = scale
        self.repair = False
        self.inferred: list[str] = []
        self.rules = rules
        self.n = n
        self.index = -1
        self.text = ""
        stacks = list(amounts["starting_stacks"])
        if not all(stacks):
            history.error("every starting stack must be above 0")
        self.behind = _behind_the_cap(history, scale, stacks)
        self.stacks = stacks
        self.bets = [0] * n
        self.contributed = [0] * n
        self.folded = [False] * n
        self.mucked = [False] * n
        self.shown = [False] * n
        self.live = n
        self.holes: list[list[str]] = [[] for _ in range(n)]
        self.board: list[str] = []
        self.used: set[str] = set()
        self.street = 0
        self.last_aggressor: int | None = None
        self.aggressor: int | None = None
        self.round_acted = False
        if rules.fixed:
            small, big = amounts["small_bet"][0], amounts["big_bet"][0]
            self.sizes = [small if s.bet == "small" else big for s in rules.streets]
        else:
            self.sizes = [amounts["min_bet"][0]] * len(rules.streets)
        if not all(self.sizes):
            history.error("the minimum bet (min_bet, small_bet, big_bet) must be above 0")
        antes = amounts["antes"]
        blinds = amounts.get("blinds_or_straddles", [0] * n)
        if n == 2:  # heads-up: the forced bets are reversed (p2 is the button and small blind)
            antes = antes[::-1]
            blinds = blinds[::-1]
        self.bring_in = amounts.get("bring_in", [0])[0]
        self.antes = [min(antes[i], stacks[i]) for i in range(n)]
        for i in range(n):
            stacks[i] -= self.antes[i]
            self.contributed[i] += self.antes[i]
        for i in range(n):
            paid = min(blinds[i], stacks[i])
            stacks[i] -= paid
            self.bets[i] = paid
            self.contributed[i] += paid
        self.max_bet = max(self.bets)
        self.queue: list[int] = []
        self.acted: list[int | None] = [None] * n
        self.full = 0
        self.raises = 0
        self.bring_in_due = False
        self.completion = False
        self.draws_left: list[int] = []
        self.min_bet = self.sizes[0]
        self.blinds = blinds
        #: Every blind posted is below the big blind and a player is all in from the forced
        #: bets (a big blind posted all in for less, Winamax's "posts big blind 0 and is
        #: all-in" after the ante): in no and pot limit the full big blind (``min_bet``)
        #: stays owed, see :meth:`full_blind_owed`.
        self.short_blind = (not rules.fixed and self.max_bet < self.min_bet and any(blinds)
                            and not all(stacks))
        self.runs = _runout_count(history)
        self.runout_street: int | None = None
        self.run_boards: list[list[str]] = []
        self._start_street()

    @classmethod
    def start(cls, history: HandHistory, rules: VariantRules | None = None) -> HandState:
        """The state after the forced bets (the history's actions are not applied).

        ``rules`` replaces the variant's record: the betting of a variant whose
        showdown is not supported yet can be replayed (but not settled).
        """
        rules = rules or variant_rules(history)
        scale, amounts = hand_units(history, rules)
        return cls(history, rules, scale, amounts)

    def due(self) -> tuple[str, int]:
        """What comes next: ``("hole", i)``, ``("board", n)``, ``("discard", i)``,
        ``("act", i)``, ``("show", 0)`` (betting is over: live players may show) or
        ``("over", 0)`` (one player is left)."""
        if self.phase == _BETTING:
            return "act", self.queue[0]
        if self.phase == _DONE:
            return ("over", 0) if self.live == 1 else ("show", 0)
        if self.draws_left:
            return "discard", self.draws_left[0]
        if self.pending_board:
            return "board", self.pending_board
        return "hole", next(i for i, owed in enumerate(self.pending_holes) if owed)

    def to_call(self, i: int) -> int:
        """The chips player ``i`` puts in to check or call now."""
        return min(self.stacks[i], self.max_bet - self.bets[i])

    def result(self, partial: bool = True) -> Replay:
        """The replayed hand. One whose actions stop before it is over is replayed as far
        as written, its :attr:`Replay.partial` saying what comes next (``partial=False``:
        :class:`MalformedHistory` instead)."""
        waiting = self.pending()
        if waiting is not None and not partial:
            self.finish()
        return Replay(
            history=self.history,
            rules=self.rules,
            scale=self.scale,
            starting=[self.stacks[i] + self.contributed[i] + self.behind[i]
                      for i in range(self.n)],
            contributed=self.contributed,
            folded=self.folded,
            mucked=self.mucked,
            holes=self.holes,
            board=self.run_boards[0] if self.run_boards else self.board,
            boards=[*self.run_boards, self.board] if self.run_boards else [],
            last_aggressor=self.last_aggressor,
            inferred=self.inferred,
            antes=self.antes,
            partial=waiting,
        )

    # errors -------------------------------------------------------------------------------

    def illegal(self, rule: str, detail: str) -> NoReturn:
        h = self.history
        raise IllegalAction(h.file, h.label, self.index, self.text, rule, detail)

    # streets ------------------------------------------------------------------------------

    def _start_street(self) -> None:
        street = self.rules.streets[self.street]
        self.pending_board = street.board
        count = len(street.hole)
        self.pending_holes = [0 if self.folded[i] else count for i in range(self.n)]
        self.draws_left = [i for i in range(self.n) if not self.folded[i]] if street.draw else []
        self.phase = _DRAWING if street.draw else _DEALING
        self._maybe_begin_betting()

    def _maybe_begin_betting(self) -> None:
        if self.pending_board or self.draws_left or any(self.pending_holes):
            return
        self._begin_betting()

    def _begin_betting(self) -> None:
        n = self.n
        street = self.rules.streets[self.street]
        bets = self.bets
        self.min_bet = self.sizes[self.street]
        self.full = 0
        self.raises = 0
        self.acted = [None] * n
        self.aggressor = None
        self.round_acted = False
        self.bring_in_due = False
        if street.opening == "position":
            opener = blind_opener(n, bets, self.blinds) if self.street == 0 else 0
        else:
            opener = opener_by_upcards(street.opening, self.holes, self.rules.streets, self.folded)
            self.bring_in_due = self.street == 0 and self.bring_in > 0
            self.completion = self.bring_in_due
        queue = round_queue(n, opener, self.stacks, bets, self.folded)
        self.queue = queue
        self.phase = _BETTING
        if not queue or (len(queue) == 1 and bets[queue[0]] >= self.max_bet):
            self._end_round()

    def _end_round(self) -> None:
        if self.round_acted:
            self.last_aggressor = self.aggressor
        self.queue = []
        self.bets = [0] * self.n
        self.max_bet = 0
        if self.live == 1:
            self.phase = _DONE
            return
        self.street += 1
        if self.runout_street is None and not self._more_betting():
            self.runout_street = self.street  # all in: the rest is dealt without betting
        if self.street == len(self.rules.streets):
            if len(self.run_boards) + 1 < self.runs:
                self._next_run()
                return
            self.phase = _DONE
            return
        self._start_street()

    def _next_run(self) -> None:
        """The board is complete and another runout is due: the streets from the all-in
        are dealt again (their cards new: one deck for every run, as pokerkit deals it)."""
        start = self.runout_street
        rules = self.rules
        if start is None or start >= len(rules.streets) or not rules.streets[start].board:
            why = "the betting went on to the end" if start is None else "no board card was to come"
            self.illegal("runouts", f"the hand is run {self.runs} times (_runout_count) but "
                         f"{why}: only a hand all in before the last board card is run again")
        self.run_boards.append(self.board)
        shared = sum(s.board for s in rules.streets[:start])
        self.board = self.board[:shared]
        self.street = start
        self._start_street()

    # actions ------------------------------------------------------------------------------

    def apply(self, index: int, text: str) -> None:
        """Apply the action ``text``, the ``index``-th of the hand (errors name both)."""
        self.index = index
        self.text = text
        words = text.split() if "#" not in text else text.partition("#")[0].split()
        # The common actions are read here directly; anything else goes through the grammar.
        if len(words) == 2:
            i = _PLAYERS.get(words[0])
            verb = words[1]
            if i is not None and i < self.n and verb in ("cc", "f"):
                self._bet_action(i, verb, "")
                return
        elif len(words) == 3 and words[1] == "cbr":
            i = _PLAYERS.get(words[0])
            if i is not None and i < self.n:
                self._bet_action(i, "cbr", words[2])
                return
        elif len(words) == 3 and words[0] == "d" and words[1] == "db":
            cards = _split(words[2])
            if cards is not None:
                self._deal_board(cards)
                return
        elif len(words) == 4 and words[0] == "d" and words[1] == "dh":
            i = _PLAYERS.get(words[2])
            cards = _split(words[3])
            if i is not None and i < self.n and cards is not None:
                self._deal_hole(i, cards)
                return
        try:
            action = parse_action(text)
        except ValueError as exc:
            h = self.history
            raise MalformedHistory(h.file, h.label, f"action {index} {text!r}: {exc}") from None
        verb = action.verb
        if not verb:
            return
        if action.player >= self.n:
            self.illegal("table size", f"there are only {self.n} players (p1 to p{self.n})")
        if verb in ("cc", "f", "cbr", "pb"):
            self._bet_action(action.player, verb, action.amount or "")
        elif verb == "dh":
            self._deal_hole(action.player, action.cards or ())
        elif verb == "db":
            self._deal_board(action.cards or ())
        elif verb == "sm":
            self._show(action)
        else:
            self._draw(action)

    def _cards(self, cards: tuple[str, ...]) -> None:
        used = self.used
        ranks = self.rules.ranks
        for card in cards:
            if card != "??":
                if card in used:
                    self.illegal("deck", f"{card} was already dealt")
                if card[0] not in ranks:
                    self.illegal("deck", f"{card} is not in the {self.rules.name} deck")
                used.add(card)

    def _deal_hole(self, i: int, cards: tuple[str, ...]) -> None:
        self._no_decision_left()
        owed = self.pending_holes[i] if self.phase in (_DEALING, _DRAWING) else 0
        if owed == 0:
            self.illegal("dealing order", f"no hole cards are due to p{i + 1} now")
        if len(cards) > owed:
            self.illegal("dealing", f"p{i + 1} is owed {owed} cards, not {len(cards)}")
        self._cards(cards)
        self.holes[i].extend(cards)
        self.pending_holes[i] = owed - len(cards)
        self._maybe_begin_betting()

    def _no_decision_left(self) -> None:
        """End a betting round whose players still to act can only check: each has
        matched the bet and no other live player has chips (a raise needs a caller). The
        rooms do not ask them (a big blind after the small blind calls all in for less);
        a file may write their check (``cc``) or go on to the cards."""
        if self.phase != _BETTING:
            return
        queue = self.queue
        if any(self.bets[i] < self.max_bet for i in queue):
            return
        if self._more_betting():  # two players with chips could still bet
            return
        for i in list(queue):
            self.acted[i] = self.max_bet
        self._end_round()

    def _deal_board(self, cards: tuple[str, ...]) -> None:
        self._no_decision_left()
        if self.phase != _DEALING or not self.pending_board:
            self.illegal("dealing order", "no board cards are due now")
        if len(cards) > self.pending_board:
            self.illegal(
                "dealing", f"this street deals {self.pending_board} board cards, not {len(cards)}"
            )
        self._cards(cards)
        self.board.extend(cards)
        self.pending_board -= len(cards)
        self._maybe_begin_betting()

    def _draw(self, action: Action) -> None:
        self._no_decision_left()
        i = action.player
        if self.phase != _DRAWING or not self.draws_left:
            self.illegal("draw order", "nobody discards now")
        if self.draws_left[0] != i:
            self.illegal("draw order", f"it is p{self.draws_left[0] + 1}'s turn to discard")
        cards = action.cards or ()
        hole = self.holes[i]
        for card in cards:
            if card in hole:
                hole.remove(card)
                self.used.discard(card)  # the discards may come back after a reshuffle
            elif "??" in hole:
                hole.remove("??")
            else:
                self.illegal("discard", f"p{i + 1} does not hold {card}")
        self.draws_left.pop(0)
        self.pending_holes[i] = len(cards)
        if not self.draws_left:
            self.phase = _DEALING
            self._maybe_begin_betting()

    def _fill_unknown_holes(self) -> None:
        """Hole cards the file does not deal are unknown (``??``), as pokerkit reads them."""
        if self.pending_board:
            name = {3: "flop"}.get(self.pending_board, "board card")
            self.illegal("dealing order", f"the {name} must be dealt (d db) before anyone acts")
        for i, owed in enumerate(self.pending_holes):
            if owed:
                self.holes[i].extend(["??"] * owed)
                self.pending_holes[i] = 0
        self._begin_betting()

    def _bet_action(self, i: int, verb: str, amount: str) -> None:
        if self.phase == _DEALING and not self.draws_left:
            self._fill_unknown_holes()
        if self.phase != _BETTING:
            why = "the hand is over" if self.phase == _DONE else "the players are discarding"
            self.illegal("turn order", f"nobody can bet now: {why}")
        queue = self.queue
        if queue[0] != i:
            if not self.repair or i not in queue:
                self.illegal("turn order", f"it is p{queue[0] + 1}'s turn, not p{i + 1}'s")
            self._infer_until(i)
            queue = self.queue
        bets = self.bets
        stacks = self.stacks
        if verb == "cbr":
            self._raise(i, amount)
            return
        if verb == "pb":
            if not self.bring_in_due:
                self.illegal("bring-in", "no bring-in is due")
            self.bring_in_due = False
            self._put(i, min(self.bring_in, stacks[i]))
            self.max_bet = max(self.max_bet, bets[i])
        elif self.bring_in_due:
            self.illegal("bring-in", f"p{i + 1} must post the bring-in (pb) or complete (cbr)")
        elif verb == "cc":
            self._put(i, min(stacks[i], self.max_bet - bets[i]))
        else:
            self.folded[i] = True
            self.live -= 1
        self.acted[i] = self.max_bet
        self.round_acted = True
        queue.pop(0)
        if not queue or self.live == 1:
            self._end_round()

    def _infer_until(self, i: int) -> None:
        """Repair: the players before ``i`` whose actions are missing check, or fold to a bet."""
        index, text = self.index, self.text
        while self.phase == _BETTING and self.queue and self.queue[0] != i:
            j = self.queue[0]
            verb = "cc" if self.to_call(j) == 0 else "f"
            self.inferred.append(f"p{j + 1} {verb}")
            self._bet_action(j, verb, "")
        self.index, self.text = index, text
        if self.phase != _BETTING or not self.queue:
            self.illegal("turn order", f"p{i + 1} has nothing to do when the missing actions "
                         "are filled in")

    def _put(self, i: int, amount: int) -> None:
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.contributed[i] += amount

    def raise_limits(self, i: int) -> tuple[int, int]:
        """The smallest and largest amounts player ``i`` may complete, bet or raise to now.

        Raises :class:`IllegalAction` naming the rule when they may not raise at all.
        """
        rules = self.rules
        smallest, largest, why = raise_bounds(
            rules, i, self.stacks, self.bets, self.folded, self.contributed,
            max_bet=self.max_bet, size=self.min_bet, full=self.full, acted=self.acted[i],
            raises=self.raises, completion=self.completion,
        )
        if why == "cap":
            self.illegal(
                "fixed-limit cap",
                f"a betting round allows {rules.cap} bets and raises; p{i + 1} can call or fold",
            )
        if why == "reopen":
            self.illegal(
                "rule that a short all-in does not reopen the betting",
                f"p{i + 1} already acted and faces less than a full raise; they can call or fold",
            )
        if why == "all-in":
            self.illegal("all-in rule", f"p{i + 1} cannot cover the bet and can only call")
        if why == "caller":
            self.illegal(
                "rule that a raise needs a caller",
                f"every other player has folded or is all-in; p{i + 1} can only call",
            )
        if self.full_blind_owed():
            # a raise counts from the full big blind, not from the short blinds posted
            owed = self.min_bet
            total = self.stacks[i] + self.bets[i]
            smallest = min(total, owed + max(self.full, owed))
            largest = total
            if rules.structure == "pot-limit":
                pot = sum(self.contributed)
                largest = min(total, max(smallest, 2 * owed - self.bets[i] + pot))
        return smallest, largest

    def full_blind_owed(self) -> bool:
        """Whether the preflop bet is still below a big blind posted all in for less.

        The others owe the full big blind all the same (``min_bet``): a bet to exactly it
        completes the blind (the rooms write it as a call; PHH, whose ``cc`` matches only
        the largest bet posted, as ``cbr``), a raise is to at least the big blind plus a
        full raise, and an all-in for less may be any amount."""
        return self.short_blind and self.street == 0 and self.max_bet < self.min_bet

    def _raise(self, i: int, text: str) -> None:
        bets = self.bets
        stacks = self.stacks
        max_bet = self.max_bet
        if not _AMOUNT.fullmatch(text):
            self.illegal(
                "action grammar",
                f"{text!r} is not an amount (write digits 0-9, with a decimal point where "
                "needed: 150, 3.50)",
            )
        amount = to_units(float(text) if "." in text else int(text), self.scale)
        if amount >= LIMIT:
            self.illegal("stack limit", f"{text} is more than any stack holds")
        smallest, largest = self.raise_limits(i)
        short = self.full_blind_owed()
        if (amount < smallest or amount > largest) and not (
                short and amount == self.min_bet <= stacks[i] + bets[i]):
            self._bad_amount(i, amount, smallest, largest, stacks[i] + bets[i])
        completing = self.completion
        # over a short big blind the raise is counted from the full big blind
        increment = amount - (max(max_bet, self.min_bet) if short else max_bet)
        if increment >= self.full:
            self.full = increment
        if completing:  # the completion reopens the betting to the bring-in
            self.acted = [None] * self.n
            self.completion = False
        self._put(i, amount - bets[i])
        self.max_bet = amount
        self.acted[i] = amount
        self.raises += 1
        self.aggressor = i
        self.round_acted = True
        self.bring_in_due = False
        self.queue = after_raise(i, self.n, self.folded, stacks)
        if not self.queue:
            self._end_round()

    def _bad_amount(self, i: int, amount: int, smallest: int, largest: int, total: int) -> NoReturn:
        from showdown.phh.amounts import from_units

        def show(units: int) -> str:
            return str(from_units(units, self.scale))

        structure = self.rules.structure
        if amount > total:
            self.illegal("stack limit", f"p{i + 1} has only {show(total)} in all")
        if structure == "fixed-limit":
            self.illegal(
                "fixed-limit bet size",
                f"the bet or raise on this street is to exactly {show(smallest)}",
            )
        if amount < smallest:
            self.illegal(
                f"{structure} minimum raise",
                f"the smallest raise is to {show(smallest)} "
                f"(the last full raise was {show(max(self.full, self.min_bet))})",
            )
        self.illegal("pot-limit maximum", f"the largest raise is to {show(largest)} (the pot)")

    def _show(self, action: Action) -> None:
        self._no_decision_left()
        i = action.player
        if self.folded[i]:
            self.illegal("showdown", f"p{i + 1} folded and has no hand to show")
        cards = action.cards
        if self.shown[i] and (self.mucked[i] or cards == ()):
            # Showing again is allowed (card rooms write a show at each card of an all-in
            # runout, "p1 sm ????", then the cards); mucking after a show, or after a muck, not.
            self.illegal("showdown", f"p{i + 1} already {'mucked' if self.mucked[i] else 'showed'}")
        if self.phase == _BETTING or (self.phase != _DONE and self._more_betting()):
            self.illegal("showdown", "cards are shown only when the betting is over")
        self.shown[i] = True
        if cards is None:  # "sm -": the cards already dealt
            return
        if not cards:
            self.mucked[i] = True
            return
        hole = self.holes[i]
        if len(cards) != len(hole):
            self.illegal("showdown", f"p{i + 1} holds {len(hole)} cards, not {len(cards)}")
        for card in cards:
            if card == "??":
                continue
            if card in hole:
                continue
            unknown = [j for j, c in enumerate(hole) if c == "??"]
            if not unknown:
                self.illegal("showdown", f"p{i + 1} was dealt {''.join(hole)}, not {card}")
            if card in self.used:
                self.illegal("deck", f"{card} was already dealt")
            self.used.add(card)
            hole[unknown[0]] = card

    def _more_betting(self) -> bool:
        """Whether a betting round can still happen (two or more live players with chips)."""
        return sum(1 for i in range(self.n) if not self.folded[i] and self.stacks[i]) > 1

    def pending(self) -> str | None:
        """What the hand waits for when its actions stop here (``None``: it is over)."""
        if self.phase == _DONE:
            return None
        if self.phase == _BETTING:
            return f"p{self.queue[0] + 1} to act"
        if self.pending_board:
            return f"{self.pending_board} board card(s) to deal"
        if self.draws_left:
            return f"p{self.draws_left[0] + 1} to discard"
        return "hole cards to deal"

    def finish(self) -> None:
        """Raise :class:`MalformedHistory` unless the hand is over."""
        nxt = self.pending()
        if nxt is None:
            return
        h = self.history
        raise MalformedHistory(h.file, h.label, f"the actions end before the hand is over ({nxt})")


def _runout_count(history: HandHistory) -> int:
    """How many times the hand's board is run out: ``_runout_count`` (1 when absent).

    PHH has no action for the players' choice of the number of runouts (pokerkit asks
    for it with ``select_runout_count`` and its notation has no text for it), so a
    hand run twice says so in this field; its ``d db`` actions deal each run in turn,
    from the street after the all-in, as pokerkit deals several runouts."""
    count = history.fields.get("_runout_count", 1)
    if type(count) is not int or not 1 <= count <= 9:
        history.error(f"_runout_count must be a whole number from 1 to 9, not {count!r}")
    return count


def _behind_the_cap(history: HandHistory, scale: int, stacks: list[int]) -> list[int]:
    """The chips each player keeps out of the hand in a cap game (``_cap``, this
    library's field: PokerStars' ``Hold'em No Limit ($2/$4 - $80 Cap - USD)``), taken
    out of ``stacks``; all 0 without a cap.

    Nobody puts more than the cap into the hand, forced bets included, so a player who
    reaches it plays on as one all in for the cap: the betting ends when every player
    left has reached it (or is all in) although their stacks remain, and the board is
    dealt without betting (once, or once per run). The chips behind are the player's
    again when the hand is settled."""
    cap = history.fields.get("_cap")
    if cap is None:
        return [0] * len(stacks)
    if type(cap) not in (int, float) or not 0 < cap < math.inf:
        history.error(f"_cap must be a number above 0, not {cap!r}")
    units = to_units(cap, scale)
    if from_units(units, scale) != cap:
        history.error(f"_cap ({cap!r}) has more decimal places than the hand's other amounts")
    behind = [max(0, s - units) for s in stacks]  # an unknown (inf) stack plays the cap too
    for i, kept in enumerate(behind):
        stacks[i] -= kept
    return behind


def replay(history: HandHistory, repair: bool = False, partial: bool = True) -> Replay:
    """Replay a hand under its variant's rules (errors: :mod:`showdown.phh.errors`).

    Actions that stop before the hand is over (the PHH standard allows it) are replayed
    as far as written: :attr:`Replay.partial` says what comes next (``partial=False``
    makes that a :class:`MalformedHistory`).

    ``repair=True`` fills in missing checks and folds as pokerkit does: when a
    player acts out of turn, each player before them checks, or folds to a bet
    (listed in :attr:`Replay.inferred`). Without it that is a turn-order error.
    """
    state = HandState.start(history, variant_rules(history))
    state.repair = repair
    for index, text in enumerate(history.fields["actions"]):
        state.apply(index, text)
    return state.result(partial)
