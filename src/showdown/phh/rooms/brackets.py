"""What 888 and PartyPoker share: ``NAME verb [amount]`` lines, cards as ``[ Ac, Kd ]``,
the amount of a raise being the chips put in by it (not the total it raises to).

>>> cards_in("shows [ 8d, Ad ]"), cards_in("Dealt to Hero [  3h Js ]"), cards_in("x")
(['8d', 'Ad'], ['3h', 'Js'], [])
>>> str(bracket_amount("calls [$0.60 USD]")), str(bracket_amount("posts big blind [20]."))
('0.60', '20')
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.money import amount

__all__ = ["RUN_LINES", "RUN_WORDS", "act", "bracket_amount", "cards_in", "name_and_rest",
           "seat_line", "take_seat"]

#: The second word of a street line of a hand run more than once (PartyPoker: ``** Dealing
#: SECOND Flop ** [ .. ]``, as a converter's code shows): a layout not read, refused.
RUN_WORDS = frozenset({"first", "second", "third"})
#: How 888 starts the lines of a runout (``Second runout NAME collected ...``, which fpdb's
#: 888 reader strips): a layout not read, refused.
RUN_LINES = ("First runout ", "Second runout ", "Third runout ")

_BRACKET = re.compile(r"\[([^\]]*)\]")
_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")
_SEAT = re.compile(r"^Seat (\d+): (.*) \( ?([^()]*?\d[^()]*?) ?\)(.*)$")
_BUTTON = re.compile(r"^Seat (\d+) is the button")


def cards_in(text: str) -> list[str]:
    """The cards of the first ``[...]`` of a line."""
    m = _BRACKET.search(text)
    if m is None:
        return []
    return [c.replace("10", "T") for c in _CARD.findall(m.group(1))]


@lru_cache(maxsize=4096)  # an action's words come back hand after hand ("calls [$0.02]")
def bracket_amount(text: str) -> Decimal:
    """The amount of the first ``[...]`` of a line."""
    m = _BRACKET.search(text)
    if m is None:
        raise ValueError(f"no [amount] in {text.strip()!r}")
    return amount(m.group(1))


@lru_cache(maxsize=1024)  # a seat line comes back unchanged while the player's stack is
def seat_line(line: str) -> tuple[int, str, Decimal, str] | None:
    """``Seat 1: Ana ( $970 )`` as (seat, name, stack, the rest of the line)."""
    m = _SEAT.match(line)
    if m is None:
        return None
    return int(m.group(1)), m.group(2), amount(m.group(3)), m.group(4)


def take_seat(b: HandBuilder, line: str, names: dict[str, list[str]]) -> None:
    """A ``Seat ...`` line: the button's seat, or a player seated with their stack.

    ``names`` maps each name's first word to the seated names beginning with it,
    longest first, for :func:`name_and_rest`.
    """
    button = _BUTTON.match(line)
    if button is not None:
        b.button = int(button.group(1))
        return
    seat = seat_line(line)
    if seat is not None:
        number, name, stack, _ = seat
        b.seat(number, name, stack)
        same_start = names.setdefault(name.split(" ", 1)[0], [])
        same_start.append(name)
        same_start.sort(key=len, reverse=True)


def name_and_rest(line: str, names: dict[str, list[str]]) -> tuple[str, str] | None:
    """(player, the rest) of a line that starts with a seated player's name."""
    for name in names.get(line.split(" ", 1)[0], ()):
        if line.startswith(name + " "):
            return name, line[len(name) + 1:]
    return None


def act(b: HandBuilder, name: str, rest: str) -> bool:
    """Apply a betting line (``True``), or say it is not one (``False``)."""
    verb = rest.partition(" ")[0]
    if verb == "folds":
        b.act(name, "fold")
    elif verb == "checks":
        b.act(name, "check")
    elif verb == "calls":
        b.act(name, "call", bracket_amount(rest))
    elif verb in ("bets", "raises") or rest.startswith("is all-In") or rest.startswith(
            "is all-in"):
        b.act(name, "put", bracket_amount(rest))
    elif verb == "posts" and "+" in rest.partition("[")[2]:  # 888: "[$0.01 + $0.02]"
        dead_text, _, live_text = rest.partition("[")[2].partition("]")[0].partition("+")
        b.post(name, "blind", amount(live_text), amount(dead_text))
    elif verb == "posts":
        value = bracket_amount(rest)
        if "ante" in rest or ("dead" in rest and "big blind" not in rest):
            b.post(name, "ante", value)
        elif "small & big" in rest or "small and big" in rest or "+ dead" in rest:
            live = b.big if b.big is not None and b.big < value else value
            b.post(name, "blind", live, value - live)
        else:
            b.post(name, "blind", value)
    else:
        return False
    return True
