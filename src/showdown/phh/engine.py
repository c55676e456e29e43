"""The betting engine: replay a hand's actions under the rules of its variant.

:func:`replay` deals, posts the forced bets and applies each action,
checking it against the rules: whose turn it is (preflop from the first seat
after the biggest blind or straddle, later streets from the first live seat
left of the button, reversed blinds heads-up; stud by the up cards), stacks
and all-ins, the no-limit minimum raise, the pot-limit maximum, fixed-limit
bet sizes and the cap, and that an all-in for less than a full raise does not
reopen the betting to players who already acted (in fixed limit: an all-in of less
than half a bet; a raise over an all-in for less may also complete the bet, see
:func:`~showdown.phh.betting.limit_alternatives`). An illegal action raises
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
to the bet plus the pot after calling (antes included). Departures, each a rule
the rooms deal by that pokerkit does not (a hand pokerkit replays replays here
the same):

- when a big blind posted all in for less leaves every blind below ``min_bet``,
  the full big blind stays owed preflop (:meth:`HandState.full_blind_owed`): a
  bet to exactly ``min_bet`` completes it and a raise counts from it, where
  pokerkit counts from the largest blind posted;
- fixed limit, over an all-in for less than a full bet or raise: one of half a
  bet or more reopens the betting, and a raise may also complete the bet it fell
  short of, or (over half a bet or more) be a bet over it counted as full
  (:meth:`HandState.limit_alternatives`);
- ``_late_blinds`` (this library's field, per player in the players' order): live
  blinds posted out of position, in the pot and the poster's bet from the start
  (a pot-limit raise counts them) without opening the betting;
- a player all in whose fold is written (PokerStars folds the hand of a player
  sitting out, all in on the blinds or the ante) is out of every pot; a check
  written for a player all in changes nothing.
"""

from __future__ import annotations

import re
from typing import NoReturn

from showdown.phh.actions import parse_action
from showdown.phh.amounts import LATE_BLINDS, LIMIT, from_units, hand_units, to_units
from showdown.phh.betting import (
    after_raise,
    blind_opener,
    full_blind_owed,
    limit_alternatives,
    raise_bounds,
    round_queue,
    short_blind,
)
from showdown.phh.dealing import BETTING, DEALING, DONE, DRAWING, CardsInPlay, split_cards
from showdown.phh.errors import IllegalAction, MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.replay_fields import behind_the_cap, runout_count, variant_rules
from showdown.phh.replayed import Replay
from showdown.phh.upcards import open_pair, opener_by_upcards
from showdown.phh.variant_rules import VariantRules

__all__ = ["HandState", "Replay", "replay", "variant_rules"]

#: "p1" -> 0, ... for the fast path of :meth:`HandState.apply`.
_PLAYERS = {f"p{k + 1}": k for k in range(99)}
#: A bet amount: ASCII digits, with a decimal point between digits (``150``, ``3.50``); not
#: ``1_0``, ``６`` or ``-5``, which Python's ``int`` would read.
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]+)?")


class HandState(CardsInPlay):
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
        "level",
        "live",
        "max_bet",
        "min_bet",
        "mucked",
        "n",
        "pending_holes",
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
        self.behind = behind_the_cap(history, scale, stacks)
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
        late = amounts.get(LATE_BLINDS)
        if late is not None:  # live blinds posted out of position: in the pot, opening nothing
            for i in range(n):
                paid = min(late[i], stacks[i])
                stacks[i] -= paid
                self.bets[i] += paid
                self.contributed[i] += paid
        self.max_bet = max(self.bets)
        self.queue: list[int] = []
        self.acted: list[int | None] = [None] * n
        self.full = 0
        self.level = 0
        self.raises = 0
        self.bring_in_due = False
        self.completion = False
        self.draws_left: list[int] = []
        self.min_bet = self.sizes[0]
        self.blinds = blinds
        #: Every blind posted is below the big blind and a player is all in from the forced
        #: bets (a big blind posted all in for less, Winamax's "posts big blind 0 and is
        #: all-in" after the ante): in no and pot limit the full big blind (``min_bet``)
        #: stays owed (:func:`~showdown.phh.betting.short_blind`), see
        #: :meth:`full_blind_owed`.
        self.short_blind = short_blind(rules.fixed, self.max_bet, self.min_bet,
                                       any(blinds) and not all(stacks))
        self.runs = runout_count(history)
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
        if self.phase == BETTING:
            return "act", self.queue[0]
        if self.phase == DONE:
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
        self.phase = DRAWING if street.draw else DEALING
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
        self.level = self.max_bet
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
        self.phase = BETTING
        if not queue or (len(queue) == 1 and bets[queue[0]] >= self.max_bet):
            self._end_round()

    def _end_round(self) -> None:
        if self.round_acted:
            self.last_aggressor = self.aggressor
        self.queue = []
        self.bets = [0] * self.n
        self.max_bet = 0
        if self.live == 1:
            self.phase = DONE
            return
        self.street += 1
        if self.runout_street is None and not self._more_betting():
            self.runout_street = self.street  # all in: the rest is dealt without betting
        if self.street == len(self.rules.streets):
            if len(self.run_boards) + 1 < self.runs:
                self._next_run()
                return
            self.phase = DONE
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
            cards = split_cards(words[2])
            if cards is not None:
                self._deal_board(cards)
                return
        elif len(words) == 4 and words[0] == "d" and words[1] == "dh":
            i = _PLAYERS.get(words[2])
            cards = split_cards(words[3])
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

    def _no_decision_left(self) -> None:
        """End a betting round whose players still to act can only check: each has
        matched the bet and no other live player has chips (a raise needs a caller). The
        rooms do not ask them (a big blind after the small blind calls all in for less);
        a file may write their check (``cc``) or go on to the cards."""
        if self.phase != BETTING:
            return
        queue = self.queue
        if any(self.bets[i] < self.max_bet for i in queue):
            return
        if self._more_betting():  # two players with chips could still bet
            return
        for i in list(queue):
            self.acted[i] = self.max_bet
        self._end_round()

    def _bet_action(self, i: int, verb: str, amount: str) -> None:
        if verb in ("f", "cc") and not self.stacks[i] and not self.folded[i] and (
                self.phase != DONE):
            self._all_in_action(i, verb)
            return
        if self.phase == DEALING and not self.draws_left:
            self._fill_unknown_holes()
        if self.phase != BETTING:
            why = "the hand is over" if self.phase == DONE else "the players are discarding"
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

    def _all_in_action(self, i: int, verb: str) -> None:
        """A fold or a check written for a player all in, who has no decision left (no
        turn to act): a check changes nothing (Full Tilt's Flipout writes one for players
        all in on the antes); a fold puts the player out of every pot, their chips staying
        in (PokerStars folds the hand of a player sitting out, all in on the blinds or
        the ante, at their turn or after the betting: "is sitting out" ... "folds")."""
        if verb == "cc":
            return
        self.folded[i] = True
        self.live -= 1
        if self.live == 1:
            if self.phase == BETTING:
                self._end_round()
            else:
                self.phase = DONE

    def _infer_until(self, i: int) -> None:
        """Repair: the players before ``i`` whose actions are missing check, or fold to a bet."""
        index, text = self.index, self.text
        while self.phase == BETTING and self.queue and self.queue[0] != i:
            j = self.queue[0]
            verb = "cc" if self.to_call(j) == 0 else "f"
            self.inferred.append(f"p{j + 1} {verb}")
            self._bet_action(j, verb, "")
        self.index, self.text = index, text
        if self.phase != BETTING or not self.queue:
            self.illegal("turn order", f"p{i + 1} has nothing to do when the missing actions "
                         "are filled in")

    def _put(self, i: int, amount: int) -> None:
        self.stacks[i] -= amount
        self.bets[i] += amount
        self.contributed[i] += amount

    def raise_limits(self, i: int, standard: bool = False) -> tuple[int, int]:
        """The smallest and largest amounts player ``i`` may complete, bet or raise to now
        (``standard``: by pokerkit's rules alone, see
        :func:`~showdown.phh.betting.raise_bounds`).

        Raises :class:`IllegalAction` naming the rule when they may not raise at all.
        """
        rules = self.rules
        smallest, largest, why = raise_bounds(
            rules, i, self.stacks, self.bets, self.folded, self.contributed,
            max_bet=self.max_bet, size=self.min_bet, full=self.full, acted=self.acted[i],
            raises=self.raises, completion=self.completion, standard=standard,
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

    def limit_alternatives(self, i: int) -> tuple[int, ...]:
        """Fixed limit: the other amounts player ``i`` may bet or raise to besides
        :meth:`raise_limits`' amount: over an all-in for less than a full bet or raise,
        the bet completed, or a bet over an all-in of half a bet or more counted as a full
        bet (see :func:`~showdown.phh.betting.limit_alternatives`); in seven card stud,
        the big bet on fourth street over an open pair. Empty in any other case."""
        if not self.rules.fixed or self.completion:
            return ()
        total = self.stacks[i] + self.bets[i]
        found = limit_alternatives(total, max_bet=self.max_bet, size=self.min_bet,
                                   level=self.level)
        big = self._open_pair_bet()
        return found if big is None or big > total else (*found, big)

    def _open_pair_bet(self) -> int | None:
        """Seven card stud's fourth street before any bet, an open pair showing: the big
        bet the first bet may be, and the raises after it (PokerStars: "Pair on board - a
        double bet is allowed"); else ``None``."""
        if (self.raises or self.rules.game != "stud" or self.street != 1
                or self.min_bet == self.sizes[-1]
                or not open_pair(self.holes, self.rules.streets[:2], self.folded)):
            return None
        return self.max_bet + self.sizes[-1]

    def full_blind_owed(self) -> bool:
        """Whether the preflop bet is still below a big blind posted all in for less, the
        full big blind (``min_bet``) owed all the same: the rule of
        :func:`~showdown.phh.betting.full_blind_owed`, which the readers' builder follows
        too."""
        return full_blind_owed(self.short_blind, self.street, self.max_bet, self.min_bet)

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
        if amount == self._open_pair_bet():  # the round's bets are the big bet from now
            self.min_bet = self.sizes[-1]
        smallest, largest = self.raise_limits(i)
        short = self.full_blind_owed()
        if (amount < smallest or amount > largest) and not (
                short and amount == self.min_bet <= stacks[i] + bets[i]) and (
                amount not in self.limit_alternatives(i)):
            self._bad_amount(i, amount, smallest, largest, stacks[i] + bets[i])
        completing = self.completion
        # over a short big blind the raise is counted from the full big blind
        increment = amount - (max(max_bet, self.min_bet) if short else max_bet)
        if increment >= self.full:
            self.full = increment
        if amount >= self.level + self.min_bet:  # a full bet or raise (not an all-in for less)
            self.level = amount
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
        def show(units: int) -> str:
            return str(from_units(units, self.scale))

        structure = self.rules.structure
        if amount > total:
            self.illegal("stack limit", f"p{i + 1} has only {show(total)} in all")
        if structure == "fixed-limit":
            others = self.limit_alternatives(i)
            over = (f" (or, over the all-in for less, {' or '.join(map(show, others))})"
                    if others else "")
            self.illegal(
                "fixed-limit bet size",
                f"the bet or raise on this street is to exactly {show(smallest)}{over}",
            )
        if amount < smallest:
            self.illegal(
                f"{structure} minimum raise",
                f"the smallest raise is to {show(smallest)} "
                f"(the last full raise was {show(max(self.full, self.min_bet))})",
            )
        self.illegal("pot-limit maximum", f"the largest raise is to {show(largest)} (the pot)")

    def _more_betting(self) -> bool:
        """Whether a betting round can still happen (two or more live players with chips)."""
        return sum(1 for i in range(self.n) if not self.folded[i] and self.stacks[i]) > 1

    def pending(self) -> str | None:
        """What the hand waits for when its actions stop here (``None``: it is over)."""
        if self.phase == DONE:
            return None
        if self.phase == BETTING:
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
