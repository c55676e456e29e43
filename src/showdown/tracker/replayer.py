"""A hand stepped through for the replayer: :func:`replay_steps`.

The hand is replayed by the betting engine (:class:`~showdown.phh.engine.HandState`),
one action at a time, and each step records what happened and the table after it:

- ``action``: a code the page words in its own language: ``start``, ``post`` (antes
  and blinds, one step per player), ``deal`` (hole cards, the consecutive deals of a
  street in one step, or board cards), ``fold``, ``check``, ``call``, ``bet``,
  ``raise``, ``complete`` (a stud bring-in completed), ``draw`` (cards discarded),
  ``show``, ``muck``, then ``win`` (the pots paid, uncalled bets returned) or ``end``
  (a hand that cannot be settled: it stops early, or a hand needed at showdown is
  unknown);
- ``player`` (an index into the start step's ``players``, ``None`` for the dealer),
  ``amount``: chips put in by a post or a call, the total a bet or raise goes to;
- the table after it: each player's ``stacks`` and ``in_front`` (the bets of the
  betting round), the ``pot`` in the middle (the earlier rounds and the antes), the
  ``board`` so far, each player's ``holes`` and whether they ``folded``. At every
  step the stacks, the bets in front and the pot add up to the chips of the start;
  after ``win`` the stacks are the settlement's finishing stacks.

At the start of every street of a game with a board (preflop once the hole cards
are dealt, then flop, turn and river; again for each run of a hand run twice) the
step carries ``equity``: the exact equity, given the board so far, of every hand
still in whose cards are known (shown at any time in the hand: trackers show the
cards a showdown revealed from the first street), the other known cards being out
of the deck (:func:`~showdown.tracker.street_equity.street_equity`). Amounts are the
hand's numbers (integers, or decimals such as 0.25).

>>> from showdown.phh.notation import loads
>>> steps = replay_steps(loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KhKs", "p2 cbr 100", "p1 cc",
...            "d db 2c7d9h", "d db Kd", "d db 3s"]'''))
>>> [s["action"] for s in steps]
['start', 'post', 'post', 'deal', 'raise', 'call', 'deal', 'deal', 'deal', 'win']
>>> steps[4]["player"], steps[4]["amount"], steps[4]["stacks"], steps[4]["in_front"]
(1, 100, [98, 0], [2, 100])
>>> preflop = steps[3]["equity"]
>>> preflop["street"], preflop["players"], [round(e, 4) for e in preflop["equity"]]
('preflop', [0, 1], [0.8126, 0.1874])
>>> turn = steps[7]["equity"]  # KK made a set: AA has two aces left in 44 cards
>>> turn["street"], turn["board"], [round(e, 4) for e in turn["equity"]], turn["boards"]
('turn', ['2c', '7d', '9h', 'Kd'], [0.0455, 0.9545], 44)
>>> steps[-1]["stacks"], steps[-1]["pot"], steps[-1]["winners"]
([0, 200], 0, [{'player': 1, 'amount': 200}])
"""

from __future__ import annotations

from typing import Any

from showdown.phh.actions import parse_action
from showdown.phh.allin_ev import EV_GAMES
from showdown.phh.amounts import INFINITE, from_units
from showdown.phh.engine import HandState, replay
from showdown.phh.notation import HandHistory
from showdown.phh.replay_fields import variant_rules
from showdown.phh.settlement import settle_replay
from showdown.phh.variant_rules import VariantRules
from showdown.tracker.street_equity import street_equity
from showdown.variants import find_variant

__all__ = ["replay_steps", "street_names"]

_BOARD_STREETS = ("preflop", "flop", "turn", "river")
_STUD_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")


def street_names(rules: VariantRules) -> list[str]:
    """The streets of a variant as codes: preflop, flop, turn, river in the board games;
    third to seventh in stud; predraw, draw1, draw2, draw3 in the draw games.

    >>> from showdown.phh.variant_rules import find
    >>> street_names(find("FR")), street_names(find("F2L3D"))
    (['third', 'fourth', 'fifth', 'sixth', 'seventh'], ['predraw', 'draw1', 'draw2', 'draw3'])
    """
    count = len(rules.streets)
    if any(s.draw for s in rules.streets):
        return ["predraw", *(f"draw{k}" for k in range(1, count))]
    if rules.streets[0].opening != "position":
        return list(_STUD_STREETS[:count])
    return list(_BOARD_STREETS[:count])


def replay_steps(history: HandHistory) -> list[dict[str, Any]]:
    """The hand step by step (see the module's docstring); a hand that does not replay
    raises the engine's :class:`~showdown.phh.errors.HistoryError`."""
    return _Stepper(history).run()


class _Stepper:
    """The steps of one hand, built as the engine replays it."""

    def __init__(self, history: HandHistory) -> None:
        self.history = history
        self.rules = variant_rules(history)
        self.final = replay(history)  # the cards the whole hand reveals; errors first
        self.state = HandState.start(history, self.rules)
        self.names = street_names(self.rules)
        self.board_game = self.rules.game in EV_GAMES
        self.draws = any(s.draw for s in self.rules.streets)
        self.steps: list[dict[str, Any]] = []
        self.priced: set[tuple[int, int]] = set()  # (run, street) whose equity is given

    def amount(self, units: int) -> int | float | None:
        """Units as the hand's numbers; ``None`` for an unknown (infinite) stack."""
        return None if units >= INFINITE // 2 else from_units(units, self.state.scale)

    def run(self) -> list[dict[str, Any]]:
        s = self.state
        history = self.history
        n = s.n
        start = [s.stacks[i] + s.contributed[i] + s.behind[i] for i in range(n)]
        first = self.snapshot("start", None, stacks=start, in_front=[0] * n, pot=0)
        first.update(
            variant=history.variant,
            game=self.rules.game,
            streets=self.names,
            board_game=self.board_game,
            players=[{"name": name, "seat": seat}
                     for name, seat in zip(history.names, history.seats, strict=True)],
            button=n - 1 if find_variant(self.rules.game).button else None,
        )
        if not self.board_game:
            first["equity"] = {"street": self.names[0], "note": "no_board"}
        self.steps.append(first)
        self.posts(start)
        for index, text in enumerate(history.fields["actions"]):
            self.action(index, text)
        self.finish()
        for k, step in enumerate(self.steps):
            step["n"] = k
        return self.steps

    # ---- the table ------------------------------------------------------------------

    def street(self) -> str:
        s = self.state
        return self.names[s.street] if s.street < len(self.names) else "showdown"

    def holes(self) -> list[list[str]]:
        """Each player's cards so far, a card the hand shows later in place of its ``??``
        (not in the draw games, whose hands change)."""
        holes = self.state.holes
        if self.draws:
            return [list(h) for h in holes]
        known = self.final.holes
        return [[known[i][k] if c == "??" and k < len(known[i]) else c
                 for k, c in enumerate(hole)] for i, hole in enumerate(holes)]

    def snapshot(self, action: str, player: int | None, *, stacks: list[int] | None = None,
                 in_front: list[int] | None = None, pot: int | None = None) -> dict[str, Any]:
        s = self.state
        if stacks is None:
            stacks = [s.stacks[i] + s.behind[i] for i in range(s.n)]
        if in_front is None:
            in_front = list(s.bets)
        if pot is None:
            pot = sum(s.contributed) - sum(s.bets)
        step: dict[str, Any] = {
            "n": 0,
            "action": action,
            "player": player,
            "street": self.street(),
            "stacks": [self.amount(u) for u in stacks],
            "in_front": [self.amount(u) for u in in_front],
            "pot": self.amount(pot),
            "board": list(s.board),
            "holes": self.holes(),
            "folded": list(s.folded),
        }
        if s.run_boards:
            step["runs"] = [list(b) for b in s.run_boards]
        return step

    # ---- the steps ------------------------------------------------------------------

    def posts(self, start: list[int]) -> None:
        """One ``post`` step per player who posted an ante, a blind or a straddle, the
        smallest blind first (antes alone before any blind)."""
        s = self.state
        stacks = list(start)
        in_front = [0] * s.n
        pot = 0
        for i in sorted((i for i in range(s.n) if s.contributed[i]), key=lambda i: (s.bets[i], i)):
            stacks[i] -= s.contributed[i]
            in_front[i] = s.bets[i]
            pot += s.contributed[i] - s.bets[i]
            step = self.snapshot("post", i, stacks=list(stacks), in_front=list(in_front), pot=pot)
            step.update(amount=self.amount(s.contributed[i]), ante=self.amount(s.antes[i]),
                        blind=self.amount(s.contributed[i] - s.antes[i]))
            self.steps.append(step)

    def action(self, index: int, text: str) -> None:
        s = self.state
        parsed = parse_action(text)
        verb = parsed.verb
        if not verb:  # a comment alone
            return
        i = parsed.player
        street = self.street()
        to_call = s.to_call(i) if i >= 0 else 0
        before = s.contributed[i] if i >= 0 else 0
        opened = s.max_bet > 0
        completing = s.completion
        s.apply(index, text)
        extra: dict[str, Any] = {}
        if verb == "dh":
            dealt = [{"player": i, "cards": list(parsed.cards or ())}]
            last = self.steps[-1]
            if "dealt" in last and last["street"] == street and "equity" not in last:
                self.steps.pop()  # the street's hole deals in one step
                dealt = [*last["dealt"], *dealt]
            step = self.snapshot("deal", None)
            extra["dealt"] = dealt
        elif verb == "db":
            step = self.snapshot("deal", None)
            extra["cards"] = list(parsed.cards or ())
        elif verb in ("cc", "f", "cbr", "pb"):
            if verb == "cc":
                code = "check" if to_call == 0 else "call"
            elif verb == "cbr":
                code = "complete" if completing else "raise" if opened else "bet"
            else:
                code = "fold" if verb == "f" else "post"
            put = s.contributed[i] - before
            step = self.snapshot(code, i)
            if verb == "cbr":
                extra["amount"] = _number(parsed.amount or "0")  # the total it goes to
            elif code in ("call", "post"):
                extra["amount"] = self.amount(put)
            if put and not s.stacks[i]:
                extra["all_in"] = True
        elif verb == "sm":
            shown = parsed.cards
            step = self.snapshot("muck" if shown == () else "show", i)
            if shown != ():
                extra["cards"] = list(shown) if shown is not None else list(s.holes[i])
        else:  # sd: cards discarded
            step = self.snapshot("draw", i)
            extra["cards"] = list(parsed.cards or ())
            extra["discards"] = len(parsed.cards or ())
        step["street"] = street  # a call that closes a round belongs to it, not the next
        step.update(extra)
        self.steps.append(step)
        self.price(step)

    def finish(self) -> None:
        """The ``win`` step: the pots paid and the uncalled bets returned; or ``end``."""
        settled = settle_replay(self.state.result())
        s = self.state
        if settled.finishing is None or settled.winnings is None:
            step = self.snapshot("end", None)
            step["note"] = "unsettled"
            self.steps.append(step)
            return
        seats = self.history.seats
        returned = settled.showdown.returned if settled.showdown is not None else {}
        step = self.snapshot("win", None, stacks=settled.finishing, in_front=[0] * s.n, pot=0)
        step["street"] = self.steps[-1]["street"]
        step["winners"] = [{"player": i, "amount": self.amount(won)}
                           for i, won in enumerate(settled.winnings) if won]
        step["returned"] = [{"player": seats.index(seat), "amount": self.amount(chips)}
                            for seat, chips in sorted(returned.items()) if seat in seats]
        step["net"] = [self.amount(f - b) if b < INFINITE // 2 else None
                       for f, b in zip(settled.finishing, settled.replay.starting, strict=True)]
        self.steps.append(step)

    # ---- equity at the start of each street -----------------------------------------

    def price(self, step: dict[str, Any]) -> None:
        """Attach the equity to ``step`` when it completes the dealing of a street."""
        s = self.state
        if not self.board_game or s.live < 2:
            return
        holes_dealt = s.street > 0 or not any(s.pending_holes)
        if not holes_dealt:
            return
        reached = -1  # the last street whose board cards are all out
        out = 0
        for k, street in enumerate(self.rules.streets):
            out += street.board
            if len(s.board) >= out:
                reached = k
        run = len(s.run_boards)
        if reached < 0 or (run, reached) in self.priced:
            return
        for k in range(reached + 1):
            self.priced.add((run, k))
        step["equity"] = street_equity(self.names[reached], s.board, self.final.holes, s.folded,
                                       self.rules.game, s.run_boards)


def _number(text: str) -> int | float:
    """An amount as the hand writes it (``150``, ``3.50``)."""
    return float(text) if "." in text else int(text)
