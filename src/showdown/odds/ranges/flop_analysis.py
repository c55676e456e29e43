"""How often a Hold'em range makes each breakdown class on a random flop, exactly.

:func:`flop_analysis` weighs every (combo, flop) pair the deck allows: each combo of the
range (less the dead cards) with each flop of three other live cards, weighted by the
combo's weight. A class's share is the weight of the pairs in it over the weight of all
pairs: the chance that a combo drawn from the range by weight, then a flop from the
cards left, lands in that class. Without dead cards that is every one of the 22,100
flops, each with the range's combos not touching it.

The sum runs over the flops up to a change of suits, not all of them. A suit
permutation ``g`` keeping the dead cards maps the pair (combo ``c``, flop ``f``) to
``(g c, g f)`` in the same class, so the pairs on every flop of the orbit of ``f`` are
those on ``f`` with the combo weights symmetrised over the permutations: the weight of
``c`` on ``f`` becomes ``sum(w(g c) for g)`` times ``orbit size / permutations``. The
range itself need not be suit-symmetric. Without dead cards that is 1,755 flops, and
only the combos some permutation of the range holds are classed on them, by
:func:`~showdown.odds.ranges.flop_classes.classify_grid`.

>>> a = flop_analysis("AA")
>>> a.flops, a.combos, round(a.made["set"], 4), round(a.made["overpair"], 4)
(22100, 6, 0.1078, 0.88)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from showdown.cards import CardError, CardsLike, to_cards
from showdown.odds.ranges.breakdown import DRAWS, MADE, weighted_combos
from showdown.odds.ranges.flop_classes import classify_grid
from showdown.odds.ranges.holdem import RangeError
from showdown.odds.suit_symmetry import suit_symmetries

__all__ = ["FlopAnalysis", "flop_analysis"]

#: Flops classed at once (bounds the memory of the (flops, combos) arrays).
_CHUNK = 256


@dataclass(frozen=True)
class FlopAnalysis:
    """A range's shares of each class over all flops: ``made`` (summing to 1), ``draws``,
    and the same as weighted combos (share x the range's total weight)."""

    flops: int  # the flops of three live cards
    combos: int  # the range's combos left once the dead cards are removed
    made: dict[str, float]
    draws: dict[str, float]
    made_combos: dict[str, float]
    draw_combos: dict[str, float]

    def to_json(self) -> dict[str, Any]:
        """``{"flops", "combos", "made", "draws", "made_combos", "draw_combos"}``."""
        return {
            "flops": self.flops,
            "combos": self.combos,
            "made": dict(self.made),
            "draws": dict(self.draws),
            "made_combos": dict(self.made_combos),
            "draw_combos": dict(self.draw_combos),
        }


def flop_analysis(
    range_text: str,
    dead: CardsLike | None = None,
    game: str = "holdem",
    order: str = "pokerstove",
) -> FlopAnalysis:
    """The exact shares of a Hold'em range in each made class and draw over every flop
    (see the module docs); ``order`` reads percentage ranges."""
    if game != "holdem":
        raise CardError(f"the analysis over all flops is for holdem only, not {game!r}")
    dead_ids = sorted(c.id for c in to_cards(dead))
    if len(set(dead_ids)) != len(dead_ids):
        raise CardError("a dead card is given twice")
    if 52 - len(dead_ids) < 5:
        raise CardError("too many dead cards: a combo and a flop need five live cards")
    combos, weights = weighted_combos(range_text, [], dead, game, order)
    symmetries = suit_symmetries(dead_ids)
    flops, multiplicity = _canonical_flops(tuple(dead_ids))
    everywhere, sym_weights = _symmetrised(combos, weights, symmetries)
    made_w = np.zeros(len(MADE))
    draw_w = np.zeros(len(DRAWS))
    for start in range(0, len(flops), _CHUNK):
        chunk = flops[start : start + _CHUNK]
        made, draws = classify_grid(everywhere, chunk)
        live = ~(everywhere[None, :, :, None] == chunk[:, None, None, :]).any(axis=(2, 3))
        pair_w = (multiplicity[start : start + _CHUNK, None] * sym_weights[None, :]) * live
        made_w += np.bincount(made.ravel(), weights=pair_w.ravel(), minlength=len(MADE))
        for bit in range(len(DRAWS)):
            draw_w[bit] += pair_w[(draws >> bit) & 1 == 1].sum()
    total = float(weights.sum())
    pairs = made_w.sum()
    if pairs <= 0:
        raise RangeError(f"range {range_text!r} has no combo left")
    made_share, draw_share = made_w / pairs, draw_w / pairs
    return FlopAnalysis(
        comb(52 - len(dead_ids), 3),
        len(combos),
        {name: float(x) for name, x in zip(MADE, made_share, strict=True)},
        {name: float(x) for name, x in zip(DRAWS, draw_share, strict=True)},
        {name: float(x) * total for name, x in zip(MADE, made_share, strict=True)},
        {name: float(x) * total for name, x in zip(DRAWS, draw_share, strict=True)},
    )


@cache
def _canonical_flops(dead: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """One flop of live cards per class up to the suit permutations keeping ``dead``,
    and how many flops each class holds."""
    live = np.setdiff1d(np.arange(52), np.array(dead, dtype=np.int64))
    flops = live[np.array(list(combinations(range(len(live)), 3)), dtype=np.int64)]
    best = np.full(len(flops), np.iinfo(np.int64).max)
    for mapped in suit_symmetries(list(dead)):
        image = np.sort(mapped[flops], axis=1)
        best = np.minimum(best, (image[:, 0] * 52 + image[:, 1]) * 52 + image[:, 2])
    keys, counts = np.unique(best, return_counts=True)
    canonical = np.stack([keys // 2704, keys // 52 % 52, keys % 52], axis=1)
    return canonical, counts.astype(float)


def _symmetrised(
    combos: np.ndarray, weights: np.ndarray, symmetries: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """The combos some permutation of the range holds, and each one's weight summed over
    the permutations (``sum(w(g c) for g)``) divided by their number."""
    index = np.full((52, 52), -1, dtype=np.int64)
    all_combos = np.array(list(combinations(range(52), 2)), dtype=np.int64)
    index[all_combos[:, 0], all_combos[:, 1]] = np.arange(len(all_combos))
    summed = np.zeros(len(all_combos))
    for mapped in symmetries:
        image = np.sort(mapped[combos], axis=1)
        np.add.at(summed, index[image[:, 0], image[:, 1]], weights)
    held = summed > 0
    return all_combos[held], summed[held] / len(symmetries)
