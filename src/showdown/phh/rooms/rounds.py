"""Where a betting round ends, for a room that writes no street lines (Bovada's files of
2012: the flop's actions follow the preflop's with nothing between them).

A round ends when every player still able to bet (dealt in, not folded, chips behind)
has acted since the last bet or raise; the next action then opens the next street, its
board cards taken from the summary's board. :class:`Rounds` follows a
:class:`~showdown.phh.rooms.builder.HandBuilder` as the reader feeds it.

>>> from decimal import Decimal as D
>>> from showdown.phh.rooms.builder import HandBuilder
>>> b = HandBuilder("bovada", "FT")
>>> b.stakes(D(2), D(4))
>>> for seat, name in ((1, "Small Blind"), (2, "Big Blind")):
...     b.seat(seat, name, D(100))
>>> b.post("Small Blind", "blind", D(1)); b.post("Big Blind", "blind", D(2))
>>> rounds = Rounds(b, ["Kd", "9s", "5c", "2h", "7c"])
>>> for name, verb in (("Small Blind", "call"), ("Big Blind", "check"), ("Big Blind", "bet"),
...                    ("Small Blind", "call")):
...     rounds.before(name)
...     b.act(name, verb, D(2) if verb == "bet" else D(1))
...     rounds.after(name)
>>> [arg for _, verb, arg in b.events if verb == "db"]  # the big blind's bet opened the flop
['Kd9s5c']
>>> rounds.over(), rounds.finish(), [arg for _, verb, arg in b.events if verb == "db"]
(True, None, ['Kd9s5c', '2h', '7c'])
"""

from __future__ import annotations

from decimal import Decimal

from showdown.phh.rooms.builder import HandBuilder

__all__ = ["Rounds"]

_ZERO = Decimal(0)


class Rounds:
    """The betting rounds of a hand written without street lines; ``board``: the board
    cards the summary lists (the streets' cards, 3, 1 and 1 of them)."""

    def __init__(self, b: HandBuilder, board: list[str]) -> None:
        self.b = b
        self.board = board
        self.street = 0
        #: The players who still have to act this round (``None``: the first action of
        #: the hand is still to come).
        self.owed: set[str] | None = None

    def over(self) -> bool:
        """Whether the round is over (the next action opens a street)."""
        return self.owed is not None and not self.owed

    def _able(self) -> set[str]:
        b = self.b
        return {n for n in b.seats if n not in b.folded and (n in b.playing or n in b.holes)
                and b.seats[n][1] - b.spent.get(n, _ZERO) > 0}

    def before(self, name: str) -> None:
        """An action of ``name`` comes: a new street first when the round is over."""
        if self.owed is None:
            self.owed = self._able()
        elif not self.owed:
            self._next()
            self.owed = self._able()

    def _next(self) -> None:
        start = 0 if self.street == 0 else self.street + 2
        cards = self.board[start:start + (3 if self.street == 0 else 1)]
        if self.street >= 3 or not cards:
            self.b.error("an action after the last betting round, and no board card "
                         "written to deal (the hand writes no street lines)")
        self.b.board(cards)
        self.street += 1

    def after(self, name: str) -> None:
        """``name`` has acted: a bet or raise (the builder wrote ``cbr``) reopens the round
        to every other player able to bet."""
        if self.owed is None:
            return
        events = self.b.events
        if events and events[-1][1] == "cbr" and events[-1][0] == name:
            self.owed = self._able() - {name}
        else:
            self.owed.discard(name)

    def finish(self) -> None:
        """Deal the board cards no action opened (a hand run out all in, or checked
        down): every street the summary's board holds, once the last round is over."""
        if self.owed is None or self.owed:
            return
        while self.street < 3 and len(self.board) >= (3 if self.street == 0 else
                                                       self.street + 3):
            self._next()
