"""The names of the breakdown classes, in their documented order (defined in
``docs/ranges.md``; computed by :mod:`showdown.odds.ranges.breakdown`).

>>> MADE[0], MADE[-1], len(MADE), DRAWS[0], len(DRAWS)
('straight flush', 'no made hand', 18, 'flush draw', 7)
"""

from __future__ import annotations

__all__ = ["DRAWS", "MADE"]

#: The made-hand classes, strongest first; a combo is in the first that fits.
MADE = (
    "straight flush",
    "quads",
    "full house",
    "flush",
    "straight",
    "set",
    "trips",
    "two pair",
    "overpair",
    "top pair, top kicker",
    "top pair, good kicker",
    "top pair, weak kicker",
    "pocket pair below top pair",
    "second pair",
    "weak pair",
    "underpair",
    "ace high",
    "no made hand",
)
#: The draw classes (a combo may be in several or none).
DRAWS = (
    "flush draw",
    "nut flush draw",
    "open-ended",
    "gutshot",
    "combo draw",
    "two overcards",
    "backdoor flush draw",
)
