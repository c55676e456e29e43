"""Hand strength as a percentile: the share of all hands a value beats.

treys users know ``get_five_card_rank_percentage`` (a rank's place among the
7,462 strengths). Here the share counts *hands*, not strengths: of every hand
of ``cards`` cards (5, 6 or 7; best five), how many does this value beat
outright? A-A-K-7-2 beats 92% of five-card hands but only 60% of
seven-card hands, where everyone has more to choose from.

>>> from showdown.hands.value import evaluate
>>> aces = evaluate("As Ah Kd 7c 2s", game="five-card")
>>> round(percentile(aces), 4), round(percentile(aces, game="holdem"), 4)
(0.9171, 0.5983)
>>> percentile(evaluate("As Ks Qs Js Ts", game="five-card"))  # ties the three other royals
0.9999984609228306
>>> percentile(evaluate("7c 5d 4h 3s 2c", game="five-card"))  # the worst hand beats nothing
0.0
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Protocol

from showdown import validate as V
from showdown.variants import Ladder

if TYPE_CHECKING:
    import numpy as np


class RankedValue(Protocol):
    """What a percentile reads of a :class:`showdown.hands.value.HandValue`."""

    @property
    def rank(self) -> int: ...

    @property
    def ladder(self) -> Ladder: ...

    @property
    def wrap(self) -> bool: ...

__all__ = ["PERCENTILE_GAMES", "percentile"]

#: The games whose hands are counted: the best five of 5, 6 or 7 cards.
PERCENTILE_GAMES: tuple[str, ...] = ("five-card", "holdem")


def percentile(value: RankedValue, game: str = "five-card", cards: int | None = None) -> float:
    """The share (0..1) of all hands of ``cards`` cards that ``value`` beats outright.

    ``game`` is ``five-card`` (``cards`` is 5) or ``holdem`` (``cards`` 5, 6
    or 7, by default 7: two hole cards and a full board). The house rule of
    the value (``wrap``) is used for the count. Ties count as not beaten, so a
    royal flush scores just under 1. Omaha hands are not counted (``ValueError``).

    >>> from showdown.hands.value import evaluate
    >>> v = evaluate("Ah Kh", board="Qh Jh 2c 3d 9s")  # ace high
    >>> round(percentile(v, "holdem"), 4), round(percentile(v, "holdem", cards=5), 4)
    (0.1717, 0.5008)
    >>> percentile(v, "five-card", cards=6)
    Traceback (most recent call last):
    ...
    ValueError: a five-card hand has 5 cards, so cards must be 5, got 6
    """
    if not isinstance(getattr(value, "ladder", None), Ladder):  # a HandValue, of any game
        raise TypeError(f"percentile takes a HandValue (see evaluate), not {type(value).__name__}")
    if game == "omaha":
        raise ValueError("percentile counts hands of 5 to 7 cards (five-card, holdem), not Omaha")
    game = V.choice(game, "game", PERCENTILE_GAMES)
    if cards is None:
        cards = 5 if game == "five-card" else 7
    cards = V.count(cards, "cards", minimum=5, maximum=7)
    if game == "five-card" and cards != 5:
        raise ValueError(f"a five-card hand has 5 cards, so cards must be 5, got {cards}")
    below = _beaten(cards, bool(value.wrap))
    return float(below[value.rank])


@cache
def _beaten(cards: int, wrap: bool) -> np.ndarray:
    """Per rank, the share of ``cards``-card hands of a strictly worse rank."""
    import numpy as np

    from showdown.hands.stats import rank_counts

    counts = rank_counts(cards, wrap)
    worse = np.concatenate([np.cumsum(counts[::-1])[::-1][1:], [0]])  # hands ranked above r
    share = worse / counts.sum()
    share.setflags(write=False)
    return share
