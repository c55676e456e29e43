"""A sub-range by what it hits: the combos of a Hold'em range in some breakdown classes.

:func:`select` keeps a combo when its made class or any of its draws is one of the
classes asked for (a union), with the weight it has in the range. Classes are named as
in :data:`~showdown.odds.ranges.breakdown.MADE` and
:data:`~showdown.odds.ranges.breakdown.DRAWS` (``"top pair, top kicker"``), or in
lower case with ``_`` for spaces and punctuation (``top_pair_top_kicker``,
``open_ended``); :data:`GROUPS` names some classes at once:

==========================  ===================================================
``top_pair_or_better``      straight flush ... overpair, and top pair (any kicker)
``two_pair_or_better``      straight flush ... two pair
``pair_or_better``          every made class with a pair or better (not ``ace high``
                            nor ``no made hand``)
``flush_draws``             flush draw (nut flush draw is one too)
``straight_draws``          open-ended, gutshot
``any_draw``                flush draw, open-ended, gutshot (and so combo draw)
==========================  ===================================================

>>> picked = select("QQ+, AK, JTs", "Qh Jh 3c", "top_pair_or_better, flush_draws")
>>> picked.canonical()
'QQ+, QhQc:0, QhQd:0, QsQh:0, AhKh'
>>> read_classes("set, top pair, top kicker, nut_flush_draw") == {
...     "set", "top pair, top kicker", "nut flush draw"}
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from showdown.cards import CardError, CardsLike, to_cards
from showdown.odds.ranges.breakdown import DRAWS, MADE, classify, weighted_combos
from showdown.odds.ranges.holdem import Range, RangeError, parse_range

__all__ = ["GROUPS", "read_classes", "select"]

#: Names of several classes at once (see the module docs).
GROUPS: dict[str, tuple[str, ...]] = {
    "top_pair_or_better": MADE[: MADE.index("top pair, weak kicker") + 1],
    "two_pair_or_better": MADE[: MADE.index("two pair") + 1],
    "pair_or_better": MADE[: MADE.index("ace high")],
    "flush_draws": ("flush draw", "nut flush draw"),
    "straight_draws": ("open-ended", "gutshot"),
    "any_draw": ("flush draw", "nut flush draw", "open-ended", "gutshot", "combo draw"),
}


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


_NAMES: dict[str, tuple[str, ...]] = {
    **{_slug(name): (name,) for name in (*MADE, *DRAWS)},
    **GROUPS,
}


def read_classes(classes: str | Iterable[str]) -> set[str]:
    """The class names a text (comma-separated) or a list of names and groups stand for.

    A comma inside a class name (``top pair, top kicker``) is read as part of it."""
    items = _split(classes) if isinstance(classes, str) else list(classes)
    out: set[str] = set()
    for item in items:
        if not isinstance(item, str) or _slug(item) not in _NAMES:
            known = ", ".join([*(_slug(n) for n in (*MADE, *DRAWS)), *GROUPS])
            raise RangeError(f"unknown class {str(item)[:40]!r}: choose from {known}")
        out.update(_NAMES[_slug(item)])
    if not out:
        raise RangeError("no class to select")
    return out


def _split(text: str) -> list[str]:
    """Comma-separated names, a piece joined to the next when both make one name."""
    pieces = [p.strip() for p in text.split(",") if p.strip()]
    items: list[str] = []
    at = 0
    while at < len(pieces):
        if at + 1 < len(pieces) and _slug(f"{pieces[at]} {pieces[at + 1]}") in _NAMES:
            items.append(f"{pieces[at]}, {pieces[at + 1]}")
            at += 2
        else:
            items.append(pieces[at])
            at += 1
    return items


def select(
    range_text: str,
    board: CardsLike,
    classes: str | Iterable[str],
    dead: CardsLike | None = None,
    game: str = "holdem",
    order: str = "pokerstove",
    against: Sequence[str] | None = None,
) -> Range:
    """The combos of a Hold'em range on a board of 3 to 5 cards whose made class or any
    draw is among ``classes``, each with its weight in the range. Combos using a board
    or dead card, or left no combo by the other players' hands (``against``, as in
    :func:`~showdown.odds.ranges.breakdown.breakdown`), are not kept."""
    if game != "holdem":
        raise CardError(f"selecting by class is for holdem only, not {game!r}")
    wanted = read_classes(classes)
    community = to_cards(board)
    if not 3 <= len(community) <= 5:
        raise CardError(f"a breakdown needs a board of 3, 4 or 5 cards, got {len(community)}")
    combos, _ = weighted_combos(range_text, community, dead, game, order, against)
    made, draws = classify(combos, tuple(c.id for c in community))
    made_in = np.isin(made, [MADE.index(n) for n in wanted if n in MADE])
    draw_mask = sum(1 << DRAWS.index(n) for n in wanted if n in DRAWS)
    keep = made_in | ((draws & draw_mask) != 0)
    rng = parse_range(range_text, order)
    return Range({(int(a), int(b)): rng.weight((int(a), int(b))) for a, b in combos[keep]})
