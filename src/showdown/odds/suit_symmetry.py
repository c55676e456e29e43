"""Suit symmetry: the suit permutations keeping some cards, and deals equal up to one.

Two deals that a suit permutation keeping the board, the dead cards and every fixed
hand maps onto each other have the same showdown counts, so an exact job counts one
deal per class (:func:`canonical_classes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

import numpy as np

__all__ = ["canonical_classes", "suit_symmetries"]

_SUIT_MAPS: list[tuple[tuple[int, ...], np.ndarray]] = []


def suit_symmetries(*fixed_sets: Sequence[int]) -> list[np.ndarray]:
    """Suit permutations (as card-id maps) that map each given card set onto itself.

    >>> len(suit_symmetries([48, 49])), len(suit_symmetries([48, 49], [44, 45]))
    (4, 4)
    >>> len(suit_symmetries([48, 45])), int(suit_symmetries([48])[1][4])
    (2, 4)
    """
    if not _SUIT_MAPS:  # the 24 maps, built once: a small exact job is planned in ~0.1 ms
        ids = np.arange(52)
        for perm in permutations(range(4)):
            _SUIT_MAPS.append((perm, 4 * (ids >> 2) + np.array(perm)[ids & 3]))
    # per suit, its ranks in each set: a permutation keeps every set iff it keeps these
    held = [[0] * len(fixed_sets) for _ in range(4)]
    for i, cards in enumerate(fixed_sets):
        for c in cards:
            held[int(c) & 3][i] |= 1 << (int(c) >> 2)
    return [
        mapped
        for perm, mapped in _SUIT_MAPS
        if held[perm[0]] == held[0]
        and held[perm[1]] == held[1]
        and held[perm[2]] == held[2]
        and held[perm[3]] == held[3]
    ]


def canonical_classes(
    assignments: np.ndarray, cards: list[np.ndarray], symmetries: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Group assignments equal up to a suit permutation.

    ``assignments`` is ``(M, R)`` combo indices into ``cards[p]`` (``(m_p, 2)`` ids).
    Returns ``(representatives, class_of)``: indices of one assignment per class, and
    each assignment's class number.
    """
    m, r = assignments.shape
    if r > 5 or len(symmetries) <= 1:
        return np.arange(m), np.arange(m)
    best = np.full(m, np.iinfo(np.int64).max, dtype=np.int64)
    for mapped in symmetries:
        key = np.zeros(m, dtype=np.int64)
        for p in range(r):
            # each combo's code under the map, then per deal (combos are fewer than deals)
            pair = mapped[cards[p]]
            a, b = pair[:, 0], pair[:, 1]  # (not pair.max(axis=1): slow along 2 columns)
            code = (np.maximum(a, b) * 52 + np.minimum(a, b)) * (2704**p)
            key += code[assignments[:, p]]
        np.minimum(best, key, out=best)
    _, first, inverse = np.unique(best, return_index=True, return_inverse=True)
    return first, inverse.ravel()

