"""iPoker's game types as PHH variants: ``Holdem NL €0.25/€0.50``, written in the client's
language and era (``Holdem SL`` in Spanish, ``Holdem БЛ`` in Russian, ``LH 20/40 x2
Limit``, ``7 Card Stud L``, ``Omaha HiLow PL``), and newer clients' bare ``PL €2/€4``,
whose game only the hole cards dealt tell.

>>> [game_of(t)[0] for t in ("Holdem NL $0.01/$0.02", "Holdem SL $0.01/$0.02",
...                          "Holdem БЛ €0.25/€0.50", "Omaha HiLow PL €5/€10")]
['NT', 'NT', 'NT', 'PO/8']
>>> game_of("LH 20/40 x2 Limit $10.00/$20.00")
('FT', ('20', '40'))
>>> game_of("7 Card Stud L"), game_of("PL €2/€4", pockets=5)
(('F7S', None), ('P5O', ('€2', '€4')))
>>> game_of("Omaha PL 50kr/100kr")
('PO', ('50', '100'))
>>> game_of("5 Card Stud Limit $0.05/$0.10")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: the game '5 Card Stud Limit $0.05/$0.10' is five-card stud, a game...
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from decimal import Decimal
from functools import lru_cache

from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.rooms.games import stakes_of, variant_of
from showdown.phh.rooms.money import amount

__all__ = ["amount_of", "big_blind", "game_of", "limit_stakes", "stud_stakes"]

#: The limit words of the clients' languages, as :func:`variant_of` reads them.
_WORDS = {"NL": "No Limit", "SL": "No Limit", "БЛ": "No Limit", "PL": "Pot Limit",
          "ПЛ": "Pot Limit", "FL": "Limit", "L": "Limit", "Л": "Limit",
          "LH": "Holdem Limit", "HiLow": "Hi/Lo", "HiLo": "Hi/Lo"}
#: What is not the game's name: the stakes (``$0.01/$0.02``, ``20/40``, ``50kr/100kr``),
#: an ante (``Ante $0.10``) and the multiplier of a game type such as ``x2``.
_NOT_NAME = re.compile(r"\S*\d\S*\s?/\s?\S*\d\S*|\bAnte\s+\S*\d\S*|\bx\d+\b")
#: Stakes with a currency written as letters after each amount (``50kr/100kr``).
_LETTER_STAKES = re.compile(r"(\d[\d.,]*)\s?[^\W\d_]*\s?/\s?(\d[\d.,]*)(?![\d/])")
_GAME_WORD = re.compile(r"(?i)hold|omaha|stud|razz|draw|badugi")
#: The game of a game type that names only its limit, by the hole cards dealt.
_BY_POCKETS = {2: "Holdem", 4: "Omaha", 5: "5 Card Omaha", 6: "6 Card Omaha"}
#: An amount whose only separators are points before groups of three digits: the
#: thousands of a client that writes a decimal comma (Italian: ``1.500`` chips).
_POINT_THOUSANDS = re.compile(r"[^\d.,]*\d{1,3}(?:\.\d{3})+[^\d.,]*")
_ZERO = Decimal(0)


@lru_cache(maxsize=4096)  # a session writes the same few amounts again and again
def amount_of(text: str | None) -> Decimal:
    """An amount as iPoker writes it, in any client's language; zero for a text without
    a digit (``DP``, empty). iPoker writes money with two decimal places at most, so a
    point before a group of three digits separates thousands.

    >>> [str(amount_of(t)) for t in ("$1,214.15", "€301,49", "1.500", "3.060", "1 001,24€")]
    ['1214.15', '301.49', '1500', '3060', '1001.24']
    >>> amount_of("1,440"), amount_of(""), amount_of("DP")
    (Decimal('1440'), Decimal('0'), Decimal('0'))
    """
    if not text or not any(c.isdigit() for c in text):
        return _ZERO
    if _POINT_THOUSANDS.fullmatch(text):
        return amount(text.replace(".", ""))
    return amount(text)


@lru_cache(maxsize=256)
def game_of(game_type: str, pockets: int | None = None) -> tuple[str, tuple[str, str] | None]:
    """The PHH variant and the stakes (the first pair of amounts, as written) of a game
    type; ``pockets``: the hole cards a player was dealt, for a game type that names
    only its limit (``PL €2/€4``). A ``ValueError`` naming the game for the others."""
    name = " ".join(_WORDS.get(word, word) for word in _NOT_NAME.sub(" ", game_type).split())
    low = name.lower()
    if "six plus" in low or "6+" in low:
        raise ValueError(
            f"the game {game_type.strip()!r} is iPoker's Six Plus Hold'em, short deck where "
            "three of a kind beats a straight; PHH's short-deck variant (NS) ranks the "
            "straight higher, and has no code for this ranking")
    if "stud" in low and ("5 card" in low or "five card" in low):
        raise ValueError(
            f"the game {game_type.strip()!r} is five-card stud, a game this library has "
            "no variant for (PHH has no code for it)")
    if not _GAME_WORD.search(name):
        if pockets is None or pockets not in _BY_POCKETS:
            raise ValueError(f"the game type {game_type.strip()!r} names no game, and no "
                             "hole cards dealt show which it is")
        name = f"{_BY_POCKETS[pockets]} {name}"
    try:
        variant = variant_of(name)
    except ValueError as exc:  # the message names the game as the file writes it
        raise ValueError(str(exc).replace(repr(name), repr(game_type.strip()), 1)) from None
    stakes = stakes_of(game_type)
    if stakes is None:
        m = _LETTER_STAKES.search(game_type)
        stakes = None if m is None else (m.group(1), m.group(2))
    return variant, stakes


def _ordered(round_: ET.Element) -> list[ET.Element]:
    return sorted(round_.findall("action"), key=lambda a: int(a.get("no") or 0))


def big_blind(b: HandBuilder, round_: ET.Element) -> Decimal | None:
    """The big blind of a round of forced bets: the smallest post of type 2 by a player
    not all in by it (a player who posts both blinds writes them as one post of type 2);
    ``None`` in a round without one."""
    posts = []
    for item in round_.findall("action"):
        name, value = item.get("player", ""), amount_of(item.get("sum"))
        if item.get("type") == "2" and name in b.seats and 0 < value < b.seats[name][1]:
            posts.append(value)
    return min(posts, default=None)


def limit_stakes(b: HandBuilder, rounds: list[ET.Element]) -> None:
    """A fixed-limit game's small and big bets from its big blind (:func:`big_blind`),
    the small bet: the game type's pair is the bets in some eras (``Holdem L $5/$10``,
    blinds of $2.50 and $5) and the blinds in others (blinds of $5 and $10)."""
    big = big_blind(b, rounds[0]) if rounds else None
    if big is not None and big != b.small:
        b.stakes(big, 2 * big)


def stud_stakes(b: HandBuilder, rounds: list[ET.Element]) -> None:
    """Stud's small bet when the game type writes no stakes (a tournament's ``7 Card Stud
    L``), and the bring-in when the player due completed instead of bringing in: PHH needs
    both, the hand's actions show them. The small bet is the first completion or bet of
    the third or fourth street (half the first bet of a later one), or four bring-ins
    when nobody bet; a bring-in nobody posted, which no action of the hand depends on, is
    a quarter of the small bet (rounded up to the cent, or to the chip). A fourth street
    bet may be the big bet over an open pair, which the replay allows (so the small bet
    is not read from the fourth street when an up card pairs there)."""
    streets = [r for r in rounds if r.find("cards") is not None]
    if b.small is None:
        small = None
        for k, round_ in enumerate(streets):
            if k == 1 and _open_pair(streets[0], round_):
                continue
            put: dict[str, Decimal] = {}
            for item in _ordered(round_):
                name, kind, value = item.get("player", ""), item.get("type"), amount_of(
                    item.get("sum"))
                if kind in ("5", "23"):  # a bet (the chips put in) or a raise (to a total)
                    total = put.get(name, _ZERO) + value if kind == "5" else value
                    small = total if k < 2 else total / 2
                    break
                put[name] = put.get(name, _ZERO) + value
            if small is not None:
                break
        if small is None and b.bring_in is not None:
            small = b.bring_in * 4
        if not small:
            b.error("the stakes are not written, and no bring-in or bet shows them")
        b.stakes(small, small * 2)
    assert b.small is not None
    if b.bring_in is None:
        unit = Decimal("0.01") if b.small != int(b.small) or "currency" in b.meta else Decimal(1)
        b.bring_in = math.ceil(b.small / 4 / unit) * unit


def _open_pair(third: ET.Element, fourth: ET.Element) -> bool:
    """Whether a player's fourth street card pairs their third street up card (the last
    card written there), as the rules let the fourth street's bet be the big bet."""
    up: dict[str, str] = {}
    for cards in third.iter("cards"):
        written = (cards.text or "").split()
        if written:
            up[cards.get("player", "")] = written[-1][1:]
    for cards in fourth.iter("cards"):
        written = (cards.text or "").split()
        if written and up.get(cards.get("player", "")) == written[-1][1:] != "":
            return True
    return False
