"""The forced bets as PHH writes them: the antes, the live blinds, and the live blinds
posted out of position, which PHH's opening rule cannot place (a player coming back in a
late seat who posts a big blind).

The functions take the builder's plain data: the players in PHH's order (``names``),
their seats and stacks, the antes and blinds posted and the events read, by the room's
player names (:class:`~showdown.phh.rooms.builder.HandBuilder`'s fields), and ``error``,
which raises the hand's :class:`~showdown.phh.errors.MalformedHistory`.

>>> from decimal import Decimal as D
>>> seats = {"Ana": (1, D(100)), "Bo": (2, D(100)), "Cy": (3, D(100))}
>>> events = [("Cy", "cbr", "3"), ("Ana", "f", ""), ("Bo", "cc", "")]
>>> forced_bets(["Ana", "Bo", "Cy"], seats, {}, {"Ana": D("0.5"), "Bo": D(1)}, events,
...             "NT", print)
({}, {'Ana': Decimal('0.5'), 'Bo': Decimal('1')}, {})
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import NoReturn

from showdown.phh.betting import blind_opener, round_queue
from showdown.phh.rooms.variant_kinds import FIRST_BOARD

__all__ = ["forced_bets", "posted_out_of_position"]

_ZERO = Decimal(0)
#: The builder's error: raises :class:`~showdown.phh.errors.MalformedHistory` naming the
#: file and the hand.
Error = Callable[[str], NoReturn]


def forced_bets(names: list[str], seats: dict[str, tuple[int, Decimal]],
                antes: dict[str, Decimal], blinds: dict[str, Decimal],
                events: list[tuple[str, str, str]], variant: str, error: Error
                ) -> tuple[dict[str, Decimal], dict[str, Decimal], dict[str, Decimal]]:
    """Antes, live blinds and live blinds posted out of position as PHH writes them,
    by player.

    A live blind posted out of position is not one of PHH's blinds: when its player
    first acts preflop by calling, checking or raising, the chips come in with that
    action (``cc`` or ``cbr`` to the same total the room reached), so the betting
    opens where the room opened it and every player puts in what the room says; the
    blind is also written in ``_late_blinds`` (this library's field), which puts it
    in the pot from the start, as a pot-limit raise before the poster acts counts it
    (pokerkit, which ignores the field, sees the same chips come in with the
    poster's action). When the player first folds, the blind is dead money, written
    as an ante."""
    out_of_position = posted_out_of_position(names, seats, antes, blinds, events, error)
    if not out_of_position:  # most hands: the room's own
        return antes, blinds, {}
    antes = dict(antes)  # the builder's own stay as the room posted them
    blinds = dict(blinds)
    late: dict[str, Decimal] = {}
    for name, live in out_of_position.items():
        preflop = []
        early = variant in FIRST_BOARD  # Courchevel's card before the first round
        for who, verb, _ in events:
            if verb == "db" and early:
                early = False
                continue
            if verb in ("db", "sd"):  # the next street
                break
            if who == name:
                preflop.append(verb)
        if not preflop:
            error(f"{name!r} (seat {seats[name][0]}) posted a live blind out of "
                  "position and did not act preflop, which PHH cannot write")
        blinds[name] = _ZERO
        if preflop[0] == "f":
            antes[name] = antes.get(name, _ZERO) + live
        else:
            late[name] = live
    return antes, blinds, late


def posted_out_of_position(names: list[str], seats: dict[str, tuple[int, Decimal]],
                           antes: dict[str, Decimal], blinds: dict[str, Decimal],
                           events: list[tuple[str, str, str]], error: Error
                           ) -> dict[str, Decimal]:
    """The live blinds PHH's opening rule cannot place, by player (see
    :func:`forced_bets`); an error when the first to act preflop stays wrong.

    PHH opens the betting after the largest live blind, the later seat on a tie; a
    player coming back in a late seat who posts a big blind would open it wrongly.
    The blinds the rule picks are taken out, latest first, until it names the
    player the room shows acting first."""
    if len(names) == 2:
        return {}
    first = _first_to_act(events)
    if first is None or not any(blinds.values()):  # (those who post play: in names)
        return {}
    if _opens_as_posted(names, first, seats, antes, blinds):  # the usual hand, told at once
        return {}
    posted = {name: blinds.get(name, _ZERO) for name in names}
    out: dict[str, Decimal] = {}
    while True:
        # the rule compares, and whole numbers do: amounts in billionths
        units = [int(posted[name] * 10**9) for name in names]
        behind = [int((seats[name][1] - antes.get(name, _ZERO) - posted[name])
                      * 10**9) for name in names]
        opener = blind_opener(len(names), units, units)
        queue = round_queue(len(names), opener, behind, units, [False] * len(names))
        if queue and names[queue[0]] == first:
            return out
        if not any(units):
            break
        late = max(range(len(names)), key=lambda k: (units[k], k))
        out[names[late]] = posted[names[late]]
        posted[names[late]] = _ZERO
    late_name = next(iter(out), first)
    error(f"{late_name!r} (seat {seats[late_name][0]}) posted a live blind out "
          f"of position, and no reading of the blinds opens the betting with "
          f"{first!r}, who acted first")


def _first_to_act(events: list[tuple[str, str, str]]) -> str | None:
    """The first player who acts (``None``: nobody does)."""
    for name, verb, _ in events:  # (a loop: quicker than next() of a generator)
        if name and verb != "dh":
            return name
    return None


def _opens_as_posted(names: list[str], first: str, seats: dict[str, tuple[int, Decimal]],
                     antes: dict[str, Decimal], blinds: dict[str, Decimal]) -> bool:
    """Whether the first step of :func:`posted_out_of_position` (every blind live)
    opens the betting with ``first``, found without counting every player's chips.
    When every blind is a billionth or more, the opener is the seat after the largest
    (the later seat on a tie: ``blind_opener``'s rule), and ``round_queue`` takes the
    opener first when the opener has chips behind and another player has more in all
    than the opener's blind. ``False`` may be wrong: then the whole reckoning is made."""
    posts = [(int(posted * 10**9), names.index(name))  # (those who post are in names)
             for name, posted in blinds.items() if posted]
    if not posts or min(posts)[0] <= 0:
        return False
    opener = (max(posts)[1] + 1) % len(names)
    if names[opener] != first or not _units_behind(first, seats, antes, blinds):
        return False
    units = {k: blind for blind, k in posts}  # by player (none: 0)
    mine = units.get(opener, 0)
    return any(_units_behind(name, seats, antes, blinds) + units.get(k, 0) > mine
               for k, name in enumerate(names) if k != opener)


def _units_behind(name: str, seats: dict[str, tuple[int, Decimal]],
                  antes: dict[str, Decimal], blinds: dict[str, Decimal]) -> int:
    """A player's chips behind after the antes and the blinds, in billionths (as
    :func:`posted_out_of_position` counts them)."""
    return int((seats[name][1] - antes.get(name, _ZERO)
                - blinds.get(name, _ZERO)) * 10**9)
