"""GGPoker (and Natural8): what its files write unlike PokerStars', read here; the rest
of a hand is read by :mod:`showdown.phh.rooms.stars`.

- The game's name: ``PLO``, ``PLO-5``, ``ShortDeck No Limit`` besides the usual
  ``Hold'em No Limit`` (:data:`GAMES`); in a tournament the name ends the part that
  starts ``Tournament #…, `` (``High Rollers PLO Main Event $1K Omaha Pot Limit``).
- Short deck: the header's single amount (``ShortDeck No Limit ($0.02)``) is the ante
  and the button blind each player posts in turn (``posts button blind $0.02``);
  hands are ranked with a straight above three of a kind (GGPoker's own showdown
  lines say so: ``won ... with Aces-High Straight`` against ``lost with Three Tens``),
  as PHH's ``NS`` and the registry's ``short-deck`` ladder rank them.
- ``straddle $0.5``: a blind posted to that total (``straddle $15.35 and is all-in``
  raises a straddle the same player posted, an over-straddle).
- All-in insurance (``get an all-in insurance (premium ...)``, ``pay premium of all-in
  insurance ($4)``): a side deal between the player and the house, outside the pot,
  which is settled as written.
- ``Cash Drop to Pot : total $0.2`` (Rush & Cash): money the house adds to the pot
  before the blinds, kept as ``_cash_drop``. In a pot-limit game it counts in the
  pot a raise may reach, which PHH cannot write (it has no money in the pot that no
  player put in): such a hand is refused, naming the drop.

>>> game_name(": PLO-5 ($0.1/$0.25) - ")
'P5O'
>>> game_name(": Tournament #5948181, High Rollers PLO Main Event $1K Omaha Pot Limit - ")
'PO'
>>> game_name(": ShortDeck No Limit ($0.02) - "), single_stake(": ShortDeck No Limit ($0.02) - ")
('NS', '$0.02')
"""

from __future__ import annotations

import re
from decimal import Decimal

from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.games import variant_of
from showdown.phh.rooms.money import amount

__all__ = ["GAMES", "action", "cash_drop", "game_name", "single_stake"]

#: GGPoker's names of the games it deals, as PHH codes. A tournament's header ends its
#: name with one of them; a cash game's header is one of them.
GAMES = {
    "Hold'em No Limit": "NT",
    "Hold'em Pot Limit": "PT",
    "Hold'em Limit": "FT",
    "Omaha Pot Limit": "PO",
    "Omaha5 Pot Limit": "P5O",
    "PLO": "PO",
    "PLO-5": "P5O",
    "PLO-6": "P6O",
    "ShortDeck No Limit": "NS",
    "NL Short Deck": "NS",
}
_BY_LENGTH = sorted(GAMES, key=len, reverse=True)
_STAKES_TAIL = re.compile(r"\s*\([^()]*\d[^()]*\)\s*$")
_TOURNAMENT = re.compile(r"^\s*Tournament #\d+,\s*")
_SINGLE = re.compile(r"\(([$€£]?\d[\d,]*(?:\.\d+)?)\)")
#: Pot limit before the flop and no limit after ("Omaholic": ``Omaha (NL postflop)``).
_SPLIT_LIMIT = "(NL postflop)"
_AMOUNT = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?")
#: The lines of the all-in insurance, a deal outside the pot.
_INSURANCE = ("get an all-in insurance", "pay premium of all-in insurance")


def _first_part(line: str) -> str:
    """The header's part before its first `` - `` (its hand number cut before)."""
    head = line.split(":", 1)[1] if ":" in line else line
    return head.split(" - ", 1)[0].strip()


def game_name(line: str) -> str:
    """The PHH code of a header's game (the header less its hand number and date); a
    ``ValueError`` naming a game the replay does not read."""
    part = _first_part(line)
    if _SPLIT_LIMIT in part:
        raise ValueError(f"the game {part!r} is pot limit before the flop and no limit after "
                         "(GGPoker's \"NL postflop\"), a betting structure no PHH variant has")
    name = _STAKES_TAIL.sub("", part).strip()
    tournament = _TOURNAMENT.match(name)
    if tournament is None:
        code = GAMES.get(name)
        return code if code is not None else variant_of(name)
    name = name[tournament.end():]
    for known in _BY_LENGTH:  # the tournament's own name comes first, the game last
        if name.endswith(known) and (len(name) == len(known) or name[-len(known) - 1] == " "):
            return GAMES[known]
    return variant_of(name)


def single_stake(line: str) -> str | None:
    """A short deck header's one amount (``ShortDeck No Limit ($0.02)``: the ante and
    the button blind), ``None`` for a header without it."""
    m = _SINGLE.search(_first_part(line))
    return m.group(1) if m else None


def action(b: HandBuilder, name: str, rest: str) -> bool:
    """A GGPoker line after ``name: `` that PokerStars does not write: read into ``b``
    (``True``), else ``False``."""
    if rest.startswith("straddle "):  # "straddle $0.5": a blind to this total
        m = _AMOUNT.search(rest, 9)
        if m is None:
            b.error(f"no amount in {name}'s straddle {rest!r}")
        total = amount(m.group())
        posted = b.blinds.get(name, Decimal(0))
        if total <= posted:
            b.error(f"{name} straddles to {m.group()}, no more than the {posted} posted")
        b.post(name, "blind", total - posted, all_in="and is all-in" in rest)
        return True
    return rest.startswith(_INSURANCE)


def cash_drop(b: HandBuilder, line: str) -> None:
    """``Cash Drop to Pot : total $0.2``: money the house adds (``_cash_drop``)."""
    m = _AMOUNT.search(line)
    if m is None:
        b.error(f"no amount in {line.strip()!r}")
    if b.variant.startswith("P"):
        b.error(f"{line.strip()!r} in a pot-limit game: the house's money counts in the "
                "pot a raise may reach, and PHH has no field for money in the pot that no "
                "player put in")
    b.fees["cash_drop"] = b.fees.get("cash_drop", Decimal(0)) + amount(m.group())
