"""Which format a hand-history text is in, from its content (no flag, no file name).

>>> detect("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02)"), detect("Poker Hand #HD1: ...")
('pokerstars', 'ggpoker')
>>> detect('variant = "NT"\\nactions = []'), detect("[1]\\nvariant = 'NT'"), detect("hello")
('phh', 'phhs', None)
"""

from __future__ import annotations

import re

__all__ = ["ROOMS", "detect"]

#: The rooms read, as ``format`` names them.
ROOMS = ("pokerstars", "ggpoker", "winamax", "888", "ipoker", "partypoker", "fulltilt", "wpn",
         "bovada")

_FIRST = (
    ("PokerStars ", "pokerstars"),
    ("Poker Hand #", "ggpoker"),
    ("Winamax Poker - ", "winamax"),
    ("***** 888", "888"),  # 888poker, 888.es, 888poker.dk, 888.ro BLAST...
    ("***** Cassava", "888"),  # 888's older name and its skins' (a brand before
    ("***** LuckyAcePoker", "888"),  # "Hand History"; PartyPoker writes none)
    ("***** Hand History", "partypoker"),
    ("Full Tilt Poker ", "fulltilt"),
    ("FullTiltPoker ", "fulltilt"),
    ("Game Hand #", "wpn"),
    ("Hand #", "wpn"),  # ACR's newer header: "Hand #1903647457 - 7Stud H/L(Fixed Limit) - ..."
    ("Game started at: ", "wpn"),  # WPN's older layout (UTF-16 files, to about 2019)
    ("<session", "ipoker"),
    ("Bovada Hand #", "bovada"), ("Ignition Hand #", "bovada"), ("Bodog", "bovada"),
)
_PHH_KEY = re.compile(r"^[ \t]*[A-Za-z_][A-Za-z0-9_-]*[ \t]*=", re.MULTILINE)
_TABLE = re.compile(r"^[ \t]*\[[^\[\]\n]+\][ \t]*(?:#.*)?$", re.MULTILINE)


def detect(text: str) -> str | None:
    """``phh``, ``phhs``, a room of :data:`ROOMS`, or ``None`` for a text in no known format."""
    head = text[:4096].lstrip("\ufeff \t\r\n")
    if head.startswith("<?xml") or head.startswith("<session"):
        return "ipoker" if "<session" in head or "<game " in head else None
    for line in head.split("\n", 40)[:40]:
        line = line.strip()
        if not line or line.startswith("#") or (line.startswith("Game #") and line.endswith(
                "starts.")) or (line.startswith("*****") and "Hand History" not in line):
            continue  # blank lines, "#Game No : 1" (888, PartyPoker), PokerStars' "*** # 2 ***"
        for start, room in _FIRST:
            if line.startswith(start):
                return room
        if line.startswith("*") and "Hand History for Game" in line:
            return "partypoker"
        break
    if _PHH_KEY.search(head):
        return "phhs" if _TABLE.search(head) else "phh"
    return None
