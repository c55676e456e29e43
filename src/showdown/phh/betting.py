"""The betting arithmetic of the engine: who acts in a round, what a raise may be.

Pure functions over the per-player lists of a hand (``stacks`` behind,
``bets`` this round, ``folded``), used by :mod:`showdown.phh.engine`. The native
kernel's replay (``phh_settle``) takes the same steps in C; the tests compare the two.

>>> round_queue(3, 2, stacks=[98, 96, 100], bets=[2, 4, 0], folded=[False] * 3)
[2, 0, 1]
>>> blind_opener(3, bets=[1, 2, 0], blinds=[1, 2, 0])  # after the big blind
2
>>> from showdown.phh.variant_rules import find
>>> raise_bounds(find("NT"), 2, [98, 96, 100], [2, 4, 0], [False] * 3, [2, 4, 0],
...              max_bet=4, size=4, full=0, acted=None, raises=0, completion=False)
(8, 100, '')
>>> limit_alternatives(1000, max_bet=150, size=60, level=120)  # an all-in to 150 over 120
(180, 240)
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TypeVar

from showdown.phh.variant_rules import VariantRules

__all__ = ["after_raise", "blind_opener", "full_blind_owed", "limit_alternatives", "raise_bounds",
           "round_queue", "short_blind"]

#: An amount: whole units (the engine) or the room's money (the readers' builder).
Amount = TypeVar("Amount", int, Decimal)


def blind_opener(n: int, bets: Sequence[int], blinds: Sequence[int]) -> int:
    """The first to act preflop: the seat after the largest blind or straddle posted
    (the later seat on a tie); the first seat when nobody posted a blind."""
    if not any(blinds):
        return 0
    top = max(range(n), key=lambda i: (bets[i] if blinds[i] else 0, i))
    return (top + 1) % n


def short_blind(fixed: bool, largest_blind: Amount, big_blind: Amount, all_in: bool) -> bool:
    """The short all-in big blind rule, its start: whether the forced bets leave the full
    big blind owed (:func:`full_blind_owed`): in no and pot limit (fixed limit keeps its
    bet sizes), a blind posted all in (``all_in``) that leaves every blind posted (the
    largest: ``largest_blind``) below the stakes' ``big_blind``.

    >>> short_blind(False, 60, 100, all_in=True), short_blind(True, 60, 100, all_in=True)
    (True, False)
    """
    return not fixed and all_in and largest_blind < big_blind


def full_blind_owed(short: bool, street: int, bet: Amount, big_blind: Amount) -> bool:
    """The short all-in big blind rule: whether the full big blind is still owed.

    After a big blind posted all in for less (``short``: :func:`short_blind`) the other
    players owe the whole big blind all the same: preflop (``street`` 0) while the bet
    to match (``bet``) is below ``big_blind``, a bet to exactly the big blind completes
    it (the rooms write it as a call; PHH, whose ``cc`` matches only the largest bet
    posted, as ``cbr``), a raise is to the big blind plus a full raise at least, and an
    all-in for less may be any amount. The engine replays it so
    (:class:`~showdown.phh.engine.HandState`), the readers' builder writes a room's call
    of the full blind as PHH's completion.

    >>> full_blind_owed(True, 0, bet=60, big_blind=100)
    True
    >>> full_blind_owed(True, 1, 60, 100), full_blind_owed(True, 0, 100, 100)
    (False, False)
    """
    return short and street == 0 and bet < big_blind


def round_queue(
    n: int, opener: int, stacks: Sequence[int], bets: Sequence[int], folded: Sequence[bool]
) -> list[int]:
    """The players who act in a new betting round, from ``opener`` clockwise: live, with
    chips behind, and either owing chips or facing a player who can still bet into them."""
    # The two largest totals (chips behind plus bet) of live players.
    first = second = -1
    top = -1
    for i in range(n):
        if not folded[i]:
            total = stacks[i] + bets[i]
            if total > first:
                first, second, top = total, first, i
            elif total > second:
                second = total
    queue = []
    for k in range(n):
        i = (opener + k) % n
        if folded[i] or not stacks[i]:
            continue
        others = second if i == top else first
        if others <= bets[i]:  # nobody can bet into this player and they owe nothing
            continue
        queue.append(i)
    return queue


def after_raise(i: int, n: int, folded: Sequence[bool], stacks: Sequence[int]) -> list[int]:
    """Who acts after player ``i`` bets or raises: every other live player with chips."""
    return [j for j in ((i + k) % n for k in range(1, n)) if not folded[j] and stacks[j]]


def raise_bounds(
    rules: VariantRules,
    i: int,
    stacks: Sequence[int],
    bets: Sequence[int],
    folded: Sequence[bool],
    contributed: Sequence[int],
    *,
    max_bet: int,
    size: int,
    full: int,
    acted: int | None,
    raises: int,
    completion: bool,
    standard: bool = False,
) -> tuple[int, int, str]:
    """``(smallest, largest, "")``: what player ``i`` may complete, bet or raise to now;
    or ``(0, 0, why)`` when they may not raise, ``why`` one of ``cap`` (the fixed-limit
    cap), ``reopen`` (they acted and face only a short all-in), ``all-in`` (they cannot
    cover the bet) and ``caller`` (nobody is left to call).

    ``size`` is the street's bet (the no-limit minimum), ``full`` the largest raise of
    the round, ``acted`` the bet they last acted on (``None``: not yet this round).

    In fixed limit a raise is the street's bet more whatever the raises before it
    (``full`` plays no part), and an all-in for less reopens the betting to a player
    who already acted when it (with any other all-ins since they acted) comes to half
    a bet or more (Robert's Rules, as PokerStars and iPoker deal; see
    :func:`limit_alternatives` for the raises over it); in no and pot limit only a full
    raise since they acted does. ``standard``: pokerkit's rule in fixed limit too (only a
    full bet or raise reopens the betting; the hands pokerkit itself would replay).
    """
    if rules.cap is not None and raises >= rules.cap:
        return 0, 0, "cap"
    fixed = rules.structure == "fixed-limit"
    if acted is not None and (2 * (max_bet - acted) < size if fixed and not standard
                              else max_bet - acted < max(full, size)):
        return 0, 0, "reopen"
    total = stacks[i] + bets[i]
    if total <= max_bet:
        return 0, 0, "all-in"
    for j in range(len(stacks)):
        if j != i and not folded[j] and stacks[j] + bets[j] > max_bet:
            break
    else:
        return 0, 0, "caller"
    smallest = min(total, size if completion else max_bet + (size if fixed else max(full, size)))
    structure = rules.structure
    if structure == "no-limit":
        return smallest, total, ""
    if structure == "pot-limit":
        pot = sum(contributed)
        return smallest, min(total, max(smallest, 2 * max_bet - bets[i] + pot)), ""
    return smallest, smallest, ""


def limit_alternatives(total: int, *, max_bet: int, size: int, level: int) -> tuple[int, ...]:
    """Fixed limit: the raises the rooms deal over an all-in for less than a full bet or
    raise, besides the all-in plus a bet (Robert's Rules and pokerkit: what
    :func:`raise_bounds` gives).

    ``level`` is the bet of the round's last full bet or raise (the blind preflop, 0
    before any bet), ``max_bet`` the bet an all-in for less took above it, ``total`` the
    player's chips (bet and behind). PokerStars completes the bet the all-in fell short
    of (``level + size``: over an all-in to 150 at 60/120 after a raise to 120, "raises
    30 to 180"), as Robert's Rules complete a bet; iPoker counts an all-in of half a bet
    or more as a full bet and raises a bet over that (``level + 2 * size``: over an
    all-in bet of $0.13 at $0.10/$0.20, a raise to $0.40). Empty when no all-in for
    less raised the bet past ``level``; amounts the player cannot reach are left out.

    >>> limit_alternatives(1000, max_bet=50, size=300, level=0)  # under half a bet
    (300,)
    """
    if max_bet <= level:
        return ()
    if 2 * (max_bet - level) >= size:
        return tuple(a for a in (level + size, level + 2 * size) if a <= total)
    return (level + size,) if level + size <= total else ()
