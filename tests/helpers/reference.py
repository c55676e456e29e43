"""A slow, obviously-correct reference evaluator, written straight from SPEC R1-R4 and R10.

It shares no code with ``showdown.hands.rank_tables`` or ``showdown.hands.value``: it only
knows card ids (``id = 4 * rank + suit``, rank 0..12 for 2..A). A five-card
hand's *key* is ``(category, order)``: the category number (0 high card .. 8
straight flush, R1) and its five ranks in comparison order (R2). Keys compare
as tuples, so the bigger key wins and equal keys tie exactly (R4).

Straights (R3, R10) are listed from their top card down, cyclically: the wheel
is ``(3, 2, 1, 0, 12)`` (5-4-3-2-A). Two different straights always differ in
their top card, so comparing the whole tuple is comparing the top card.

Two forms: plain Python (:func:`five_key`, :func:`best_key`, :func:`omaha_key`),
slow and plainly readable, and :func:`five_codes`, the same rules written with
numpy over many hands at once, for exhaustive checks. The tests check the two
forms against each other.

>>> five_key([48, 49, 44, 40, 36])  # Ac Ad Kc Qc Jc: pair of aces, K Q J
(1, (12, 12, 11, 10, 9))
>>> five_key([12, 8, 4, 0, 48])  # 5c 4c 3c 2c Ac: the steel wheel
(8, (3, 2, 1, 0, 12))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import numpy as np

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def straight_tops(wrap: bool = False) -> range:
    """Top ranks a straight may have: 5-high (3) .. ace-high (12); with wrap also 2, 3, 4 (0..2)."""
    return range(13) if wrap else range(3, 13)


def run_from(top: int) -> tuple[int, ...]:
    """The five ranks of the straight whose top card is ``top``, top first (cyclic)."""
    return tuple((top - i) % 13 for i in range(5))


def straight_top(ranks: set[int], wrap: bool = False) -> int | None:
    """The top rank if the five distinct ``ranks`` form a straight, else None."""
    for top in straight_tops(wrap):
        if ranks == set(run_from(top)):
            return top
    return None


def five_key(ids: Sequence[int], wrap: bool = False) -> tuple[int, tuple[int, ...]]:
    """Category and comparison order of exactly five distinct cards."""
    assert len(ids) == 5 and len(set(ids)) == 5
    ranks = [i // 4 for i in ids]
    flush = len({i % 4 for i in ids}) == 1
    counts = Counter(ranks)
    # R2: bigger groups first, then higher rank first inside equal-sized groups.
    groups = sorted(counts.items(), key=lambda rank_count: (rank_count[1], rank_count[0]))
    groups.reverse()
    order = tuple(rank for rank, count in groups for _ in range(count))
    shape = sorted(counts.values(), reverse=True)
    top = straight_top(set(ranks), wrap) if len(counts) == 5 else None
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT), run_from(top)
    if shape == [4, 1]:
        return QUADS, order
    if shape == [3, 2]:
        return FULL_HOUSE, order
    if flush:
        return FLUSH, order
    if shape == [3, 1, 1]:
        return TRIPS, order
    if shape == [2, 2, 1]:
        return TWO_PAIR, order
    if shape == [2, 1, 1, 1]:
        return PAIR, order
    return HIGH_CARD, order


def best_key(ids: Sequence[int], wrap: bool = False) -> tuple[int, tuple[int, ...]]:
    """Best key over every five-card subset of 5 or more cards (hold'em, R5)."""
    return max(five_key(five, wrap) for five in combinations(ids, 5))


def omaha_key(
    hole: Sequence[int], board: Sequence[int], wrap: bool = False
) -> tuple[int, tuple[int, ...]]:
    """Best key using exactly two hole cards and exactly three board cards (R5)."""
    return max(five_key(h + b, wrap) for h in combinations(hole, 2) for b in combinations(board, 3))


# ---------------------------------------------------------------- numpy form

_POW = 13 ** np.arange(5, -1, -1, dtype=np.int64)  # category, then five ranks: base 13


def encode(key: tuple[int, tuple[int, ...]]) -> int:
    """One integer per key, ordered like the keys (a bigger code wins)."""
    category, order = key
    return int(np.dot(_POW, [category, *order]))


def _run_masks(wrap: bool) -> tuple[np.ndarray, np.ndarray]:
    tops = np.array(list(straight_tops(wrap)), dtype=np.int64)
    masks = np.array([sum(1 << r for r in run_from(t)) for t in tops], dtype=np.int64)
    order = np.argsort(masks)
    return masks[order], tops[order]


def five_codes(hands: np.ndarray, wrap: bool = False, chunk: int = 1 << 18) -> np.ndarray:
    """:func:`encode` (:func:`five_key`) for every row of an (N, 5) array of card ids."""
    hands = np.asarray(hands)
    out = np.empty(len(hands), dtype=np.int64)
    run_masks, run_tops = _run_masks(wrap)
    for start in range(0, len(hands), chunk):
        ids = hands[start : start + chunk].astype(np.int64)
        ranks, suits = ids // 4, ids % 4
        # Size of the group each card belongs to.
        group = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)
        # R2 ordering: by (group size, rank), descending.
        order_key = -np.sort(-(group * 13 + ranks), axis=1)
        order = order_key % 13
        sizes = order_key // 13  # group sizes in the same order, e.g. 3 3 3 2 2
        flush = (suits == suits[:, :1]).all(axis=1)
        mask = (1 << ranks).sum(axis=1)  # meaningful only when the five ranks differ
        distinct = sizes[:, 0] == 1
        where = np.clip(np.searchsorted(run_masks, mask), 0, len(run_masks) - 1)
        straight = distinct & (run_masks[where] == mask)
        top = run_tops[where]
        category = np.select(
            [
                straight & flush,
                sizes[:, 0] == 4,
                (sizes[:, 0] == 3) & (sizes[:, 3] == 2),
                flush,
                straight,
                sizes[:, 0] == 3,
                (sizes[:, 0] == 2) & (sizes[:, 2] == 2),
                sizes[:, 0] == 2,
            ],
            [STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR],
            HIGH_CARD,
        )
        runs = (top[:, None] - np.arange(5)) % 13
        order = np.where(straight[:, None], runs, order)
        out[start : start + chunk] = category * _POW[0] + order @ _POW[1:]
    return out


def all_five_card_hands() -> np.ndarray:
    """Every one of the C(52, 5) = 2,598,960 hands as an (N, 5) int8 array, rows ascending."""
    return combinations_array(52, 5)


def combinations_array(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) in lexicographic order, built with numpy (no per-row loop)."""
    # Start with the 1-subsets, then extend each row by every larger element.
    rows = np.arange(n, dtype=np.int8)[:, None]
    for width in range(1, k):
        last = rows[:, -1].astype(np.int64)
        extra = n - 1 - last  # how many larger elements each row can take
        extra = np.maximum(extra - (k - 1 - width), 0)  # leave room for the rest
        keep = extra > 0
        rows, last, extra = rows[keep], last[keep], extra[keep]
        repeat = np.repeat(np.arange(len(rows)), extra)
        offsets = np.arange(len(repeat)) - np.repeat(np.cumsum(extra) - extra, extra)
        new = (last[repeat] + 1 + offsets).astype(np.int8)
        rows = np.concatenate([rows[repeat], new[:, None]], axis=1)
    return rows


def best_codes(hands: np.ndarray, wrap: bool = False) -> np.ndarray:
    """Best :func:`five_codes` over every five-card subset of each row (N, 5..7)."""
    hands = np.asarray(hands)
    best = np.full(len(hands), -1, dtype=np.int64)
    for combo in combinations(range(hands.shape[1]), 5):
        np.maximum(best, five_codes(hands[:, list(combo)], wrap), out=best)
    return best


def omaha_codes(hole: np.ndarray, board: np.ndarray, wrap: bool = False) -> np.ndarray:
    """Best :func:`five_codes` using exactly two of ``hole`` and three of ``board`` per row."""
    best = np.full(len(hole), -1, dtype=np.int64)
    for h in combinations(range(hole.shape[1]), 2):
        for b in combinations(range(board.shape[1]), 3):
            five = np.concatenate([hole[:, list(h)], board[:, list(b)]], axis=1)
            np.maximum(best, five_codes(five, wrap), out=best)
    return best


class Numbering:
    """The 1..7462 numbering derived from the reference alone: 1 is the best code.

    Built from the codes of all 2,598,960 five-card hands, so every strength is
    present exactly once.
    """

    def __init__(self, all_codes: np.ndarray) -> None:
        self.codes = np.unique(all_codes)  # ascending: worst first

    def __len__(self) -> int:
        return len(self.codes)

    def rank(self, codes: np.ndarray) -> np.ndarray:
        """Rank numbers (1 = best) of the given codes; every code must be a known strength."""
        where = np.searchsorted(self.codes, codes)
        assert (self.codes[np.minimum(where, len(self.codes) - 1)] == codes).all()
        return len(self.codes) - where
