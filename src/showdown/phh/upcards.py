"""Who opens a stud betting round: by the up cards (bring-in, then the best hand showing).

Third street: the lowest up card brings in (aces high; ties broken by suit,
clubs lowest); in razz the highest (aces low; spades highest). Later
streets: the best poker hand showing acts first (razz: the best low), ties
to the player first in dealing order.

>>> holes = [["2c", "3c", "Kd"], ["4c", "5c", "2d"], ["6c", "7c", "2h"]]
>>> up = [(False, False, True)]
>>> opener_by_upcards("low-card", holes, up, [False] * 3)  # 2d is lower than 2h
1
>>> opener_by_upcards("high-card", holes, up, [False] * 3)  # razz: the king
0
>>> holes = [["2c", "3c", "Kd", "Ks"], ["4c", "5c", "Ad", "Qs"]]
>>> opener_by_upcards("high-hand", holes, [(False, False, True), (True,)], [False] * 2)
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = ["open_pair", "opener_by_upcards"]

_HIGH = {r: k for k, r in enumerate("23456789TJQKA")}
_LOW = {r: k for k, r in enumerate("A23456789TJQK")}
_SUIT = {s: k for k, s in enumerate("cdhs")}


def _showing(ranks: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(group sizes, ranks by group) of the up cards: pairs and trips before kickers."""
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(counts[r] for r in order), tuple(order)


def opener_by_upcards(
    opening: str,
    holes: Sequence[Sequence[str]],
    streets: Sequence[object],
    folded: Sequence[bool],
) -> int:
    """The index of the player who opens, from the up cards dealt on ``streets`` so far.

    ``streets`` are :class:`~showdown.phh.variant_rules.Street` records (or the tuples
    of their up flags) up to the current one.
    """
    flags: list[bool] = []
    for street in streets:
        flags.extend(getattr(street, "hole", street))  # type: ignore[arg-type]
    best_key: tuple[object, ...] | None = None
    best = 0
    for i, hole in enumerate(holes):
        if folded[i]:
            continue
        up = [c for c, f in zip(hole, flags, strict=False) if f and c != "??"]
        if not up:
            continue
        if opening in ("low-card", "high-card"):
            order = _HIGH if opening == "low-card" else _LOW
            card = up[-1]
            key: tuple[object, ...] = (order[card[0]], _SUIT[card[1]])
            if opening == "low-card":
                key = (-key[0], -key[1])  # type: ignore[operator]
        else:
            order = _HIGH if opening == "high-hand" else _LOW
            sizes, ranks = _showing([order[c[0]] for c in up])
            key = (sizes, ranks)
            if opening == "low-hand":
                key = (tuple(-s for s in sizes), tuple(-r for r in ranks))
        if best_key is None or key > best_key:  # type: ignore[operator]
            best_key = key
            best = i
    return best


def open_pair(holes: Sequence[Sequence[str]], streets: Sequence[object],
              folded: Sequence[bool]) -> bool:
    """Whether a player still in shows a pair among the up cards dealt on ``streets``
    (seven card stud's fourth street: then a player may bet the big bet).

    >>> open_pair([["2c", "3c", "Kd", "Ks"], ["4c", "5c", "Ad", "Qs"]],
    ...           [(False, False, True), (True,)], [False, False])
    True
    """
    flags: list[bool] = []
    for street in streets:
        flags.extend(getattr(street, "hole", street))  # type: ignore[arg-type]
    for i, hole in enumerate(holes):
        if not folded[i]:
            ranks = [c[0] for c, f in zip(hole, flags, strict=False) if f and c != "??"]
            if len(set(ranks)) < len(ranks):
                return True
    return False
