"""The deals of an exact Hold'em job and their classes up to a suit permutation (private).

A *deal* gives each ranged player one combo, no card twice (see
:func:`showdown.odds.deals.enumerate_deals`); deals that a suit permutation keeping the
board, the dead cards and every fixed hand maps onto each other have the same counts,
so an exact job counts one deal per class (:func:`showdown.odds.suit_symmetry.canonical_classes`)
and weighs it by its class's weight. :func:`deal_classes` gives both, from the native
kernel (``exact_deal_classes`` in ``exact_deals.c``: on a flop, listing and grouping the
deals in numpy took longer than counting their boards) or from numpy, the same arrays
either way (``tests/odds/test_deal_classes.py`` compares them).

>>> aces, kings = np.array([[48, 49], [50, 51]]), np.array([[44, 45], [46, 47]])
>>> found = deal_classes([aces, kings], [np.ones(2), np.ones(2)], [], 100, 10**9)
>>> found.picks.tolist(), found.class_of.tolist(), found.class_weight.tolist()
([[0, 0], [0, 1], [1, 0], [1, 1]], [0, 1, 1, 0], [2.0, 2.0])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from showdown.hands import native
from showdown.odds.board_vectors import SUIT_MAJOR_BIT
from showdown.odds.deals import enumerate_deals
from showdown.odds.suit_symmetry import canonical_classes, suit_symmetries

#: More ranged players than this are grouped by :func:`_keyed_classes` (numpy only).
MOST_KEYED_PLAYERS = 5


@dataclass(frozen=True)
class DealClasses:
    """Every deal (``picks`` (D, R) combo indices, ``weights``, suit-major card
    ``masks``) and its class (``class_of``); each class's first deal (``reps``, classes
    by ascending key) and weight (``class_weight``, its deals' weights summed in deal
    order); ``maps``: the suit permutations kept; ``walks``: on a flop or turn, the
    classes the native kernel walks (their first deals' distinct flush keys, see
    ``sd_same_deals`` in ``holdem_exact.c``), else the classes; None from numpy."""

    picks: np.ndarray
    weights: np.ndarray
    masks: np.ndarray
    reps: np.ndarray
    class_of: np.ndarray
    class_weight: np.ndarray
    maps: int
    walks: int | None = None


def deal_classes(
    cards: Sequence[np.ndarray],
    weights: Sequence[np.ndarray],
    fixed_sets: Sequence[Sequence[int]],
    limit: int,
    group_most: int,
) -> DealClasses | None:
    """The deals of the ranged players' ``cards`` ((m, 2) ids each) and their classes
    under the suit permutations keeping each of ``fixed_sets`` (the board, the dead
    cards, then each fixed hand, in that order), or None past ``limit`` deals (as
    :func:`~showdown.odds.deals.enumerate_deals`). Deals are grouped when there are two
    or more, ceil(deals / maps) is at most ``group_most`` and some permutation other
    than the identity is kept; otherwise each deal is its own class."""
    kernel = native.kernel()
    if kernel is not None and 1 <= len(cards) <= MOST_KEYED_PLAYERS:
        found = kernel.exact_deal_classes(
            [np.ascontiguousarray(c, dtype=np.int64).ravel() for c in cards],
            [np.ascontiguousarray(w, dtype=np.float64) for w in weights],
            fixed_sets,
            limit,
            group_most,
        )
        if found is None:
            return None
        picks, deal_weights, masks, reps, class_of, class_weight, maps, walks = found
        return DealClasses(
            np.frombuffer(picks, dtype=np.int64).reshape(-1, len(cards)),
            np.frombuffer(deal_weights, dtype=np.float64),
            np.frombuffer(masks, dtype=np.uint64),
            np.frombuffer(reps, dtype=np.int64),
            np.frombuffer(class_of, dtype=np.int64),
            np.frombuffer(class_weight, dtype=np.float64),
            maps,
            walks,
        )
    return _numpy_deal_classes(cards, weights, fixed_sets, limit, group_most)


def _numpy_deal_classes(
    cards: Sequence[np.ndarray],
    weights: Sequence[np.ndarray],
    fixed_sets: Sequence[Sequence[int]],
    limit: int,
    group_most: int,
) -> DealClasses | None:
    """:func:`deal_classes` in numpy."""
    masks = [SUIT_MAJOR_BIT[c].sum(axis=1, dtype=np.uint64) for c in cards]
    deals = enumerate_deals(masks, list(weights), limit)
    if deals is None:
        return None
    picks, deal_weights, deal_masks = deals
    symmetries = suit_symmetries(*fixed_sets)
    n = len(picks)
    group = n > 1 and len(symmetries) > 1 and -(-n // len(symmetries)) <= group_most
    if not group:
        reps = class_of = np.arange(n)
    elif len(cards) <= MOST_KEYED_PLAYERS or n > 200_000:
        reps, class_of = canonical_classes(picks, list(cards), symmetries)
    else:
        reps, class_of = _keyed_classes(picks, cards, symmetries)
    class_weight = np.bincount(class_of, weights=deal_weights, minlength=len(reps))
    class_weight = class_weight.astype(np.float64, copy=False)  # (no deal: an int array)
    return DealClasses(
        picks, deal_weights, deal_masks, reps, class_of, class_weight, len(symmetries)
    )


def _keyed_classes(
    picks: np.ndarray, cards: Sequence[np.ndarray], symmetries: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Deals grouped up to a suit permutation for more than five ranged players (whose
    keys do not fit one integer): each deal's least list of codes, classes numbered in
    order of first deal."""
    m, r = picks.shape
    keys = []
    for mapped in symmetries:
        cols = []
        for p in range(r):
            pair = mapped[cards[p][picks[:, p]]]
            cols.append(pair.max(axis=1) * 52 + pair.min(axis=1))
        keys.append(np.stack(cols, axis=1).tolist())
    best = [min(k[row] for k in keys) for row in range(m)]
    index: dict[tuple[int, ...], int] = {}
    reps: list[int] = []
    class_of = np.empty(m, dtype=np.int64)
    for row, key in enumerate(best):
        number = index.setdefault(tuple(key), len(reps))
        if number == len(reps):
            reps.append(row)
        class_of[row] = number
    return np.array(reps, dtype=np.int64), class_of
