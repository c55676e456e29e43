"""What 888 and PartyPoker share: ``NAME verb [amount]`` lines, cards as ``[ Ac, Kd ]``,
the amount of a raise being the chips put in by it (not the total it raises to).

>>> cards_in("shows [ 8d, Ad ]"), cards_in("Dealt to Hero [  3h Js ]"), cards_in("x")
(['8d', 'Ad'], ['3h', 'Js'], [])
>>> str(bracket_amount("calls [$0.60 USD]")), str(bracket_amount("posts big blind [20]."))
('0.60', '20')

888's clients in other languages name the cards their way: German suits as words, ranks
as Swedish (``Kn`` knekt, ``D`` dam, ``E`` ess), Dutch (``B`` boer, ``V`` vrouw, ``H``
heer), Danish (``B``, ``D``) or Russian (``В``, ``Д``, ``К``, ``Т``, also as a Windows-1251
file read as Windows-1252 shows them) write them:

>>> cards_in("Dealt to Hero [ 8Pik, QKreuz ]"), cards_in("[ Knh, Dd, Ec ]"), cards_in("[ Bh, Vs ]")
(['8s', 'Qc'], ['Jh', 'Qd', 'Ac'], ['Jh', 'Qs'])
>>> cards_in("[ 9s, Вh, Тc ]"), cards_in("[ 9s, \xc2h, \xd2c ]")
(['9s', 'Jh', 'Ac'], ['9s', 'Jh', 'Ac'])
>>> cards_in("[ Xx, 2c ]")
Traceback (most recent call last):
...
ValueError: 'Xx' is not a card this reader knows (in [ Xx, 2c ])
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache

from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.money import amount, text

_ZERO = Decimal(0)

__all__ = ["RUN_LINES", "RUN_WORDS", "SPANISH_SUITS", "act", "bracket_amount", "cards_in",
           "check_stacks", "name_and_rest", "room_amount", "seat_line", "take_seat"]

#: The second word of a street line of a hand run more than once (PartyPoker: ``** Dealing
#: SECOND Flop ** [ .. ]``, as a converter's code shows): a layout not read, refused.
RUN_WORDS = frozenset({"first", "second", "third"})
#: How 888 starts the lines of a runout (``Second runout NAME collected ...``, which fpdb's
#: 888 reader strips): a layout not read, refused.
RUN_LINES = ("First runout ", "Second runout ", "Third runout ")

_BRACKET = re.compile(r"\[([^\]]*)\]")
#: The cards of a bracket as the English clients write them, all of it (else: translated).
_ENGLISH = re.compile(r"[\s,]*(?:(?:10|[2-9TJQKA])[cdhs][\s,]*)*")
_CARD = re.compile(r"(?:10|[2-9TJQKA])[cdhs]")
_TOKEN = re.compile(r"[^\s,]+")
#: Ranks as 888's clients in other languages write them (see the module docstring).
_RANKS = {**{r: r for r in "23456789TJQKA"}, "10": "T", "Kn": "J", "B": "J", "V": "Q",
          "D": "Q", "H": "K", "E": "A", "В": "J", "Д": "Q", "К": "K", "Т": "A",
          "\xc2": "J", "\xc4": "Q", "\xca": "K", "\xd2": "A"}
_SUITS = {"c": "c", "d": "d", "h": "h", "s": "s", "Kreuz": "c", "Karo": "d", "Herz": "h",
          "Pik": "s"}
#: The suits of 888's Spanish client (picas, tréboles, diamantes, corazones): its ``c`` is
#: hearts, so a hand is read with them only when a ``p`` or ``t`` shows it (see
#: :func:`cards_in`).
SPANISH_SUITS = {"p": "s", "t": "c", "d": "d", "c": "h"}
#: The usual amount of a bracket: dollars or chips, cents or none, PartyPoker's " USD".
_USUAL = re.compile(r" ?\$?(\d+(?:\.\d\d?)?)(?: USD)? ?")
#: Points before exactly three digits: thousands (888's European clients: ``3.000 $``).
_POINT_THOUSANDS = re.compile(r"\d\.\d{3}(?![\d])")
_SEAT = re.compile(r"^Seat (\d+): (.*) \( ?([^()]*?\d[^()]*?) ?\)(.*)$")
_BUTTON = re.compile(r"^Seat (\d+) is the button")


def cards_in(text: str, suits: dict[str, str] | None = None) -> list[str]:
    """The cards of the first ``[...]`` of a line (``suits``: a client's suit letters,
    such as :data:`SPANISH_SUITS`); a ``ValueError`` for a word that is no card."""
    m = _BRACKET.search(text)
    if m is None:
        return []
    inside = m.group(1)
    if suits is None and _ENGLISH.fullmatch(inside):
        return [c.replace("10", "T") for c in _CARD.findall(inside)]
    return [_card(token, inside, suits) for token in _TOKEN.findall(inside)]


def _card(token: str, inside: str, suits: dict[str, str] | None) -> str:
    """One card as a client in another language writes it, in English."""
    for size in (1, 3, 4, 5):  # a suit's letter, or its German word
        rank, suit = token[:-size], token[-size:]
        found = suits.get(suit) if size == 1 and suits is not None else _SUITS.get(suit)
        if found is not None and rank in _RANKS:
            return _RANKS[rank] + found
    raise ValueError(f"{token!r} is not a card this reader knows (in [{inside}])")


def room_amount(raw: str) -> Decimal:
    """An amount as 888 and PartyPoker write it: :func:`~showdown.phh.rooms.money.amount`,
    points before three digits being thousands (``3.000 $``, ``42.797,60 $``).

    >>> [str(room_amount(t)) for t in ("3.000 $", "42.797,60 $", "$0.25", "25\xa0000", "$1,000")]
    ['3000', '42797.60', '0.25', '25000', '1000']
    """
    if raw.isdigit() and raw.isascii():
        return Decimal(raw)
    usual = _USUAL.fullmatch(raw)  # "$0.25 USD", "$6", " 1.5 ": at once
    if usual is not None:
        return Decimal(usual.group(1))
    point = raw.find(".")
    if point >= 0 and raw[point + 1:point + 4].isdigit() and _POINT_THOUSANDS.search(raw):
        raw = raw.replace(".", "")
    return amount(raw)


@lru_cache(maxsize=4096)  # an action's words come back hand after hand ("calls [$0.02]")
def bracket_amount(text: str) -> Decimal:
    """The amount of the first ``[...]`` of a line."""
    m = _BRACKET.search(text)
    if m is None:
        raise ValueError(f"no [amount] in {text.strip()!r}")
    return room_amount(m.group(1))


@lru_cache(maxsize=1024)  # a seat line comes back unchanged while the player's stack is
def seat_line(line: str) -> tuple[int, str, Decimal, str] | None:
    """``Seat 1: Ana ( $970 )`` as (seat, name, stack, the rest of the line)."""
    m = _SEAT.match(line)
    if m is None:
        return None
    return int(m.group(1)), m.group(2), room_amount(m.group(3)), m.group(4)


def take_seat(b: HandBuilder, line: str, names: dict[str, list[str]]) -> str | None:
    """A ``Seat ...`` line: the button's seat, or a player seated with their stack (their
    name returned).

    ``names`` maps each name's first word to the seated names beginning with it,
    longest first, for :func:`name_and_rest`.
    """
    button = _BUTTON.match(line)
    if button is not None:
        b.button = int(button.group(1))
        return None
    seat = seat_line(line)
    if seat is not None:
        number, name, stack, _ = seat
        if not name.strip():
            b.error(f"seat {number}'s player has no name (the names were taken out of the "
                    "file): no line can say who acted")
        if name in b.seats and b.seats[name][0] != number:
            b.error(f"seats {b.seats[name][0]} and {number} hold the same name {name!r}: no "
                    "line can say which of them acted")
        b.seat(number, name, stack)
        same_start = names.setdefault(name.split(" ", 1)[0], [])
        same_start.append(name)
        same_start.sort(key=len, reverse=True)
        return name
    return None


def name_and_rest(line: str, names: dict[str, list[str]]) -> tuple[str, str] | None:
    """(player, the rest) of a line that starts with a seated player's name."""
    for name in names.get(line.partition(" ")[0], ()):
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
        live, dead = room_amount(live_text), room_amount(dead_text)
        b.post(name, "blind", live, dead, _all_in(b, name, live + dead))
    elif verb == "posts":
        value = bracket_amount(rest)
        if "ante" in rest or ("dead" in rest and "big blind" not in rest):
            b.post(name, "ante", value)
        elif "small & big" in rest or "small and big" in rest or "+ dead" in rest:
            live = b.big if b.big is not None and b.big < value else value
            b.post(name, "blind", live, value - live, _all_in(b, name, value))
        else:
            b.post(name, "blind", value, all_in=_all_in(b, name, value))
    else:
        return False
    return True


def _all_in(b: HandBuilder, name: str, value: Decimal) -> bool:
    """Whether a post takes all the player has left (888 and PartyPoker do not say so)."""
    seat = b.seats.get(name)
    return seat is not None and value >= seat[1] - b.spent.get(name, _ZERO)


def check_stacks(b: HandBuilder) -> None:
    """An error for a player who put in more than they sat down with (stacks edited or
    taken out of a file: ``Seat 8: Ana ( 1 )`` then ``Ana calls [40]``)."""
    for name, spent in b.spent.items():
        stack = b.seats[name][1]
        if spent > stack:
            b.error(f"{name} puts in {text(spent)} but sat down with {text(stack)}: the "
                    "stacks written are not the hand's")
