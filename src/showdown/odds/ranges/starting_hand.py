"""A Hold'em starting hand's strength before the flop: its class, its place among the
169 classes and the share of hands at least as strong, in both percentage orders.

``top`` is the share of the 1,326 combos in the classes ranked at or above the
hand's class: the smallest ``N%`` range of that order holding the hand (PokerStove's
rule; in the equity order, whose rule counts a class by its middle, ``N%`` holds the
hand from ``top`` less half its class's share).

>>> s = starting_hand("As Kd")
>>> s.name, s.combos, s.places, round(s.equity_vs_random, 4)
('AKo', 12, {'pokerstove': 9, 'equity': 12}, 0.6532)
>>> {order: round(top, 2) for order, top in s.top.items()}
{'pokerstove': 4.22, 'equity': 5.43}
>>> starting_hand("2c 7d").places
{'pokerstove': 168, 'equity': 165}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from showdown.cards import Card, CardError, CardsLike, check_distinct, to_cards
from showdown.odds.ranges.preflop import class_combos
from showdown.odds.ranges.preflop_order import ORDER, ORDERS, class_order

__all__ = ["StartingHand", "starting_hand"]


@dataclass(frozen=True)
class StartingHand:
    """Where a two-card hand stands before the flop (see the module docs)."""

    cards: tuple[Card, Card]
    name: str  # the class: "AA", "AKs", "AKo"
    combos: int  # combos of the class: 6, 4 or 12
    places: dict[str, int]  # per order: 1 (best) .. 169
    top: dict[str, float]  # per order: percent of combos in classes at or above it
    equity_vs_random: float  # all-in equity against one random hand

    def to_json(self) -> dict[str, Any]:
        """``{"cards", "class", "combos", "equity_vs_random", "orders": {order:
        {"place", "top_percent"}}}``."""
        return {
            "cards": [str(c) for c in self.cards],
            "class": self.name,
            "combos": self.combos,
            "equity_vs_random": self.equity_vs_random,
            "orders": {
                order: {"place": self.places[order], "top_percent": self.top[order]}
                for order in ORDERS
            },
        }


def class_name(a: Card, b: Card) -> str:
    """The class of two cards: ``"AA"``, ``"AKs"``, ``"AKo"`` (higher rank first)."""
    hi, lo = (a, b) if a.rank >= b.rank else (b, a)
    if hi.rank == lo.rank:
        return str(hi)[0] * 2
    return str(hi)[0] + str(lo)[0] + ("s" if hi.suit == lo.suit else "o")


def starting_hand(cards: CardsLike) -> StartingHand:
    """The strength of a Hold'em starting hand of two cards (see the module docs)."""
    hole = to_cards(cards)
    if len(hole) != 2:
        raise CardError(f"a Hold'em starting hand is two cards, got {len(hole)}")
    check_distinct(hole)
    name = class_name(*hole)
    places: dict[str, int] = {}
    top: dict[str, float] = {}
    for order in ORDERS:
        names = class_order(order)
        place = names.index(name)
        held = sum(len(class_combos(n)) for n in names[: place + 1])
        places[order] = place + 1
        top[order] = 100 * held / 1326
    return StartingHand(
        (hole[0], hole[1]),
        name,
        len(class_combos(name)),
        places,
        top,
        dict(ORDER)[name],
    )
