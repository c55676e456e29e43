"""The game of a room's header as a PHH variant code, and the header's stakes and date.

>>> variant_of("Hold'em No Limit"), variant_of("NL Hold'em"), variant_of("Holdem(No Limit)")
('NT', 'NT', 'NT')
>>> variant_of("Omaha Pot Limit"), variant_of("Hold'em Limit"), variant_of("Omaha Hi/Lo Limit")
('PO', 'FT', 'FO/8')
>>> variant_of("7 Card Stud Hi/Lo Limit"), variant_of("Razz Limit"), variant_of(
...     "7Stud H/L(Fixed Limit)")
('F7S/8', 'FR', 'F7S/8')
>>> variant_of("Triple Draw 2-7 Lowball Limit"), variant_of("Single Draw 2-7 Lowball No Limit")
('F2L3D', 'N2L1D')
>>> [variant_of(game) for game in ("Hold'em Pot Limit", "5 Card Omaha Pot Limit",
...     "Omaha Hi/Lo Pot Limit", "5 Card Draw No Limit", "5 Card Draw Limit")]
['PT', 'P5O', 'PO/8', 'N5CD', 'F5CD']
>>> [variant_of(game) for game in ("Courchevel Pot Limit", "Courchevel Hi/Lo Pot Limit",
...     "PL Courchevel Hi", "PL Courchevel Hi/Lo")]  # PokerStars, then Full Tilt
['PCO', 'PCO/8', 'PCO', 'PCO/8']
>>> [variant_of(game) for game in ("6 Card Omaha Pot Limit", "Omaha Hi/Lo No Limit",
...     "Omaha Fixed Limit", "Limit Omaha H/L", "PL 6 Card Omaha Hi", "Omaha8 Pot Limit")]
['P6O', 'NO/8', 'FO', 'FO/8', 'P6O', 'PO/8']
>>> variant_of("5Card Omaha Reshuffle (Pot Limit)")  # WPN
'P5O'
>>> [variant_of(game) for game in ("Limit Stud Hi", "Limit Stud H/L", "Limit 2-7 Triple Draw",
...     "No Limit 2-7 Single Draw", "FL Badugi")]
['F7S', 'F7S/8', 'F2L3D', 'N2L1D', 'FB']
>>> variant_of("No Limit Irish")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: the game 'No Limit Irish' is not one the replay reads from a room's file (...)
>>> stakes_of("Tournament #2, $3.19+$0.31 USD Hold'em No Limit - Level I (10/20)")
('10', '20')
>>> stakes_of("Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2025/04/07 23:48:32")
('$0.01', '$0.02')
"""

from __future__ import annotations

import datetime
import re
from functools import lru_cache

__all__ = ["SUPPORTED", "stakes_of", "variant_of", "when"]

SUPPORTED = ("Hold'em no limit, pot limit and fixed limit, Omaha no limit, pot limit and "
             "fixed limit (high and hi/lo), 5 card Omaha pot limit (high and hi/lo), 6 card "
             "Omaha pot limit, 7 card stud and stud hi/lo, razz, 2-7 triple draw and badugi "
             "fixed limit, 2-7 single draw no limit, 5 card draw, Courchevel pot limit (high "
             "and hi/lo)")
_STAKES = re.compile(r"([$€£]?\d[\d,]*(?:\.\d+)?(?:[$€£]| ?€)?)\s?/\s?([$€£]?\d[\d,]*(?:\.\d+)?"
                     r"(?:[$€£]| ?€)?)(?![\d/])")
#: Eight or better in a game's name ("Omaha8", "PLO8", "O/8"), not a digit of an amount.
_EIGHT = re.compile(r"(?<![\d.,$€£])8(?![\d.,/]| game)")
#: The Omaha games with a PHH code, by limit and hole cards; those with a hi/lo code too.
_OMAHA = {("pot", 4): "PO", ("pot", 5): "P5O", ("pot", 6): "P6O", ("no", 4): "NO",
          ("fixed", 4): "FO"}
_OMAHA_HI_LO = frozenset({"PO", "P5O", "NO", "FO"})
# (\d\d{3}, not \d{4}: a pattern that opens with a digit lets the regex engine skip the
# other characters of a line at once)
_DATE = re.compile(r"(\d\d{3})[/-](\d{1,2})[/-](\d{1,2})[ T]+(\d{1,2}):(\d{2}):(\d{2})"
                   r"(?: ([A-Z]{2,4}))?")


def _limit(game: str) -> str:
    if "no limit" in game or "nl " in game or "(no limit)" in game or game.startswith("nl"):
        return "no"
    if "pot limit" in game or "pl " in game or game.startswith("pl"):
        return "pot"
    if "limit" in game or "fl " in game or game.startswith("fl"):
        return "fixed"
    return "?"


@lru_cache(maxsize=256)  # a file names the same few games again and again
def variant_of(game: str) -> str:
    """The PHH code of a game as a room names it (a ``ValueError`` for the others)."""
    low = game.lower().replace("-", " ")
    limit = _limit(low)
    stud = _stud_or_draw(low, limit)
    if stud is not None:
        return stud
    if "courchevel" in low and limit == "pot":  # five-card Omaha, a flop card dealt first
        hi_lo = "hi/lo" in low or "hi lo" in low or "8" in low.split()
        return "PCO/8" if hi_lo else "PCO"
    if "stud" in low or "razz" in low or "draw" in low or "badugi" in low or "courchevel" in low:
        limit = "?"
    if "omaha" in low:
        hi_lo = "hi/lo" in low or "hi lo" in low or "h/l" in low or _EIGHT.search(low) is not None
        cards = 5 if "5 card" in low or "5card" in low or "five card" in low else 6 if (
            "6 card" in low or "6card" in low or "six card" in low) else 4
        code = _OMAHA.get((limit, cards))
        if code is not None and (not hi_lo or code in _OMAHA_HI_LO):
            return code + ("/8" if hi_lo else "")
    elif "hold" in low:
        if limit == "no":
            return "NT"
        if limit == "fixed":
            return "FT"
        if limit == "pot":
            return "PT"
    raise ValueError(f"the game {game.strip()!r} is not one the replay reads from a room's "
                     f"file ({SUPPORTED})")


def _stud_or_draw(low: str, limit: str) -> str | None:
    """The PHH code of a stud or draw game PHH has a code for (``None`` for the others)."""
    # Full Tilt names seven card stud "Stud Hi" and "Stud H/L"; five card stud has no code
    seven = "7 card" in low or "7stud" in low or "7 stud" in low or (
        "stud" in low and "5 card" not in low and "five card" not in low)
    if limit == "fixed" and "stud" in low and seven:
        hi_lo = "hi/lo" in low or "hi lo" in low or "h/l" in low or "8" in low.split()
        return "F7S/8" if hi_lo else "F7S"
    if limit == "fixed" and "razz" in low:
        return "FR"
    if limit == "fixed" and "badugi" in low and "draw" not in low:
        return "FB"
    if ("5 card draw" in low or "five card draw" in low) and limit != "?":
        return {"no": "N5CD", "pot": "P5CD", "fixed": "F5CD"}[limit]
    lowball = "2 7" in low  # "Triple Draw 2-7 Lowball", Full Tilt's "2-7 Triple Draw"
    if lowball and limit == "fixed" and "triple draw" in low:
        return "F2L3D"
    if lowball and limit == "no" and "single draw" in low:
        return "N2L1D"
    return None


def stakes_of(header: str) -> tuple[str, str] | None:
    """The first ``small/big`` pair of amounts in a header (``None``: none is written)."""
    m = _STAKES.search(header)
    return (m.group(1), m.group(2)) if m else None


def when(text: str) -> tuple[datetime.date, datetime.time, str | None] | None:
    """The first ``2017/01/06 17:15:11 ET`` of a line: date, time and zone.

    >>> when("Hold'em - 2017/01/06 17:15:11 ET")
    (datetime.date(2017, 1, 6), datetime.time(17, 15, 11), 'ET')
    """
    m = _DATE.search(text)
    if m is None:
        return None
    hour, minute, second = map(int, m.group(4, 5, 6))
    try:
        return _day(*m.group(1, 2, 3)), datetime.time(hour, minute, second), m.group(7)
    except ValueError:
        return None


@lru_cache(maxsize=64)  # a file's hands are dealt on a few days
def _day(year: str, month: str, day: str) -> datetime.date:
    return datetime.date(int(year), int(month), int(day))
