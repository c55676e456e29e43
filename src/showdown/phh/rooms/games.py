"""The game of a room's header as a PHH variant code, and the header's stakes and date.

>>> variant_of("Hold'em No Limit"), variant_of("NL Hold'em"), variant_of("Holdem(No Limit)")
('NT', 'NT', 'NT')
>>> variant_of("Omaha Pot Limit"), variant_of("Hold'em Limit"), variant_of("Omaha Hi/Lo Limit")
('PO', 'FT', 'FO/8')
>>> variant_of("Razz")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: the game 'Razz' is not one the replay reads from a room's file (Hold'em no ...)
>>> stakes_of("Tournament #2, $3.19+$0.31 USD Hold'em No Limit - Level I (10/20)")
('10', '20')
>>> stakes_of("Poker Hand #HD1: Hold'em No Limit ($0.01/$0.02) - 2025/04/07 23:48:32")
('$0.01', '$0.02')
"""

from __future__ import annotations

import datetime
import re

__all__ = ["SUPPORTED", "stakes_of", "variant_of", "when"]

SUPPORTED = "Hold'em no limit and fixed limit, Omaha pot limit, Omaha hi/lo fixed limit"
_STAKES = re.compile(r"([$€£]?\d[\d,]*(?:\.\d+)?(?:[$€£]| ?€)?)\s?/\s?([$€£]?\d[\d,]*(?:\.\d+)?"
                     r"(?:[$€£]| ?€)?)(?![\d/])")
_DATE = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})[ T]+(\d{1,2}):(\d{2}):(\d{2})"
                   r"(?: ([A-Z]{2,4}))?")


def _limit(game: str) -> str:
    if "no limit" in game or "nl " in game or "(no limit)" in game or game.startswith("nl"):
        return "no"
    if "pot limit" in game or "pl " in game or game.startswith("pl"):
        return "pot"
    if "limit" in game or "fl " in game or game.startswith("fl"):
        return "fixed"
    return "?"


def variant_of(game: str) -> str:
    """The PHH code of a game as a room names it (a ``ValueError`` for the others)."""
    low = game.lower().replace("-", " ")
    limit = _limit(low)
    if "stud" in low or "razz" in low or "draw" in low or "badugi" in low or "courchevel" in low:
        limit = "?"
    if "omaha" in low:
        hi_lo = "hi/lo" in low or "hi lo" in low or "8" in low
        if hi_lo and limit == "fixed":
            return "FO/8"
        if not hi_lo and limit == "pot" and "5 card" not in low and "6 card" not in low:
            return "PO"
    elif "hold" in low:
        if limit == "no":
            return "NT"
        if limit == "fixed":
            return "FT"
    raise ValueError(f"the game {game.strip()!r} is not one the replay reads from a room's "
                     f"file ({SUPPORTED})")


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
    y, mo, d, h, mi, s = (int(g) for g in m.groups()[:6])
    try:
        return datetime.date(y, mo, d), datetime.time(h, mi, s), m.group(7)
    except ValueError:
        return None
