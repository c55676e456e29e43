"""How much of another player's range a hand leaves: the weight of its combos sharing no
card with the hand.

:func:`compatible_weight` counts, for every hand of one player, the weight of the other
player's combos that share no card with it, by inclusion-exclusion over the hand's
cards: the other range's total, less the weight of its combos holding each card of the
hand, plus those holding each two of them, and so on. The weight of the combos holding
a set of cards is summed once per set, so a whole range is weighed against a whole
range in ``O((m + n) 2^k)`` instead of ``m x n`` (``k`` cards a hand).

>>> hero = np.array([[51, 47], [3, 1]])  # AsKs, 2s2d
>>> other = np.array([[51, 50], [49, 48], [1, 0]])  # AsAh, AdAc, 2d2c
>>> compatible_weight(hero, other, np.array([1.0, 1.0, 0.5])).tolist()
[1.5, 2.0]
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

__all__ = ["compatible_weight"]


def _keys(combos: np.ndarray, columns: tuple[int, ...]) -> np.ndarray:
    """One integer per row naming the set of cards in ``columns`` (rows sorted first)."""
    key = np.zeros(len(combos), dtype=np.int64)
    for col in columns:
        key = key * 52 + combos[:, col]
    return key


def compatible_weight(hands: np.ndarray, combos: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """For each row of ``hands`` (``(m, k)`` card ids), the total weight of the rows of
    ``combos`` (``(n, j)`` ids, weighted by ``weights``) sharing no card with it."""
    hands = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    combos = np.sort(np.asarray(combos, dtype=np.int64), axis=1)
    weights = np.asarray(weights, dtype=float)
    out = np.full(len(hands), float(weights.sum()))
    for size in range(1, min(hands.shape[1], combos.shape[1]) + 1):
        # the weight of the other combos holding each set of `size` cards
        held_keys = np.concatenate(
            [_keys(combos, cols) for cols in combinations(range(combos.shape[1]), size)]
        )
        repeats = len(held_keys) // max(len(combos), 1)
        keys, inverse = np.unique(held_keys, return_inverse=True)
        held = np.bincount(inverse, weights=np.tile(weights, repeats), minlength=len(keys))
        sign = -1.0 if size % 2 else 1.0
        for cols in combinations(range(hands.shape[1]), size):
            wanted = _keys(hands, cols)
            at = np.minimum(np.searchsorted(keys, wanted), max(len(keys) - 1, 0))
            found = (keys[at] == wanted) if len(keys) else np.zeros(len(wanted), dtype=bool)
            out += sign * np.where(found, held[at] if len(keys) else 0.0, 0.0)
    # sums and differences of weights leave rounding dust where nothing is left
    out[out <= 1e-9 * max(float(weights.sum()), 1.0)] = 0.0
    return out
