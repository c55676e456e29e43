"""The players' positions at the table, by their place in PHH's dealing order.

PHH lists the players in dealing order: ``p1`` the small blind, ``p2`` the big blind,
..., the last player the button. Heads-up the blinds are reversed (the button posts the
small blind and acts first preflop): ``p1`` is the big blind and ``p2`` the button,
named ``BB`` and ``BTN``. From three players on: ``SB``, ``BB``, the seats between the
big blind and the button, ``BTN``. The seats between are named counting back from the
button (``CO`` right of it, then ``HJ``, then ``LJ``), except that the first seat after
the big blind is ``UTG`` once there are three of them or more, and the seats between
``UTG`` and ``LJ`` are ``UTG+1``, ``UTG+2``, ...

>>> positions(2)
['BB', 'BTN']
>>> positions(3)
['SB', 'BB', 'BTN']
>>> positions(4)
['SB', 'BB', 'CO', 'BTN']
>>> positions(5)
['SB', 'BB', 'HJ', 'CO', 'BTN']
>>> positions(6)
['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN']
>>> positions(7)
['SB', 'BB', 'UTG', 'LJ', 'HJ', 'CO', 'BTN']
>>> positions(9)
['SB', 'BB', 'UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN']
>>> positions(10)[2:7]
['UTG', 'UTG+1', 'UTG+2', 'UTG+3', 'LJ']

The names are the same whoever posted: a seat is the small blind's seat even when its
player posted nothing (a dead small blind). PHH allows 24 players; the same scheme goes
on beyond (``UTG+18``, ...), as nothing in the naming needs a limit. Fewer than two
players is an error:

>>> positions(1)
Traceback (most recent call last):
...
ValueError: a hand has 2 players or more, not 1
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["STEAL_POSITIONS", "positions"]

#: The seats an open raise steals from when it is folded to them (see
#: :mod:`showdown.tracker.hand_stats`): the cutoff, the button and the small blind.
STEAL_POSITIONS = frozenset({"CO", "BTN", "SB"})

#: The middle seats' names nearest the button, counted back from it.
_LATE = ("CO", "HJ", "LJ")


def positions(count: int) -> list[str]:
    """The position of each of ``count`` players, in dealing order (``p1`` first)."""
    return list(_positions(count))


@lru_cache(maxsize=64)
def _positions(count: int) -> tuple[str, ...]:
    if count < 2:
        raise ValueError(f"a hand has 2 players or more, not {count}")
    if count == 2:
        return ("BB", "BTN")
    middle = count - 3
    if middle < 3:
        between = _LATE[:middle][::-1]
    else:
        late = _LATE[: min(middle - 1, 3)][::-1]
        early = middle - 1 - len(late)
        between = ("UTG", *(f"UTG+{k}" for k in range(1, early + 1)), *late)
    return ("SB", "BB", *between, "BTN")
