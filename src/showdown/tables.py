"""Lookup tables behind every evaluator, built once per rule set on first use.

The 7,462 strengths are generated in order, best first (R1-R4); everything else
is derived from that list:

* ``classes``: for each rank 1..7462, its category and its five ranks in
  comparison order (``K K 4 4 A``; the wheel as ``5 4 3 2 A``).
* ``flush``: a 13-bit mask of the ranks held in one suit (5 to 7 bits) -> rank.
* non-flush: each card carries a 32-bit key, ``rank_key << 9 | suit_key``. The
  rank keys make the sum over any 5, 6 or 7 cards unique per rank multiset
  (verified when the table is built); the suit keys make the low nine bits of
  the sum tell whether, and in which suit, five cards share a suit.

No Python loop runs per hand here: 6- and 7-card tables are the minimum over
5-card subsets, computed with numpy.

>>> t = get_tables()
>>> t.classes_ranks[1], t.classes_ranks[7462]
((12, 11, 10, 9, 8), (5, 3, 2, 1, 0))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np

from showdown.categories import Category

# Greedy-minimal rank keys: every multiset of at most seven ranks (four of each
# at most) has its own sum. Checked in ``_nonflush_table``.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
# Low bits: the sum of suit keys over at most seven cards determines which
# suit (if any) holds five or more of them. Checked in ``_flush_suit_table``.
SUIT_KEYS = (0, 1, 29, 37)
SUIT_BITS = 9
SUIT_MASK = (1 << SUIT_BITS) - 1

CARD_KEYS = tuple((RANK_KEYS[i >> 2] << SUIT_BITS) | SUIT_KEYS[i & 3] for i in range(52))


def straight_runs(wrap: bool = False) -> list[tuple[int, ...]]:
    """Straight rank runs, best first, each listed top card first.

    >>> straight_runs()[0], straight_runs()[-1]
    ((12, 11, 10, 9, 8), (3, 2, 1, 0, 12))
    >>> len(straight_runs(wrap=True)), straight_runs(wrap=True)[-1]
    (13, (0, 12, 11, 10, 9))
    """
    runs = [tuple(range(top, top - 5, -1)) for top in range(12, 3, -1)]
    runs.append((3, 2, 1, 0, 12))  # the wheel: five-high
    if wrap:  # R10: K-A-2-3-4 (four-high) > Q-K-A-2-3 > J-Q-K-A-2 (two-high)
        runs += [(2, 1, 0, 12, 11), (1, 0, 12, 11, 10), (0, 12, 11, 10, 9)]
    return runs


def _generate_classes(wrap: bool) -> list[tuple[Category, tuple[int, ...]]]:
    """All 7,462 five-card strengths, best first, with ranks in comparison order."""
    runs = straight_runs(wrap)
    run_sets = {frozenset(r) for r in runs}
    desc = range(12, -1, -1)
    unpaired = [c for c in combinations(desc, 5) if frozenset(c) not in run_sets]
    out: list[tuple[Category, tuple[int, ...]]] = []
    out += [(Category.STRAIGHT_FLUSH, r) for r in runs]
    out += [(Category.FOUR_OF_A_KIND, (q,) * 4 + (k,)) for q in desc for k in desc if k != q]
    out += [(Category.FULL_HOUSE, (t,) * 3 + (p,) * 2) for t in desc for p in desc if p != t]
    out += [(Category.FLUSH, c) for c in unpaired]
    out += [(Category.STRAIGHT, r) for r in runs]
    out += [
        (Category.THREE_OF_A_KIND, (t,) * 3 + ks)
        for t in desc
        for ks in combinations([r for r in desc if r != t], 2)
    ]
    out += [
        (Category.TWO_PAIR, (hi, hi, lo, lo, k))
        for hi, lo in combinations(desc, 2)
        for k in desc
        if k not in (hi, lo)
    ]
    out += [
        (Category.PAIR, (p, p, *ks))
        for p in desc
        for ks in combinations([r for r in desc if r != p], 3)
    ]
    out += [(Category.HIGH_CARD, c) for c in unpaired]
    assert len(out) == 7462
    return out


def _multisets(n: int) -> np.ndarray:
    """Every multiset of ``n`` ranks with at most four of a rank, as sorted rows."""
    rows = np.array(list(combinations_with_replacement(range(13), n)), dtype=np.int64)
    if n > 4:  # rows are sorted, so five equal ranks show as row[j] == row[j + 4]
        rows = rows[(rows[:, 4:] != rows[:, :-4]).all(axis=1)]
    return rows


@dataclass(frozen=True)
class Tables:
    """Every lookup table of one rule set (standard, or ``wrap`` for R10)."""

    wrap: bool
    classes_category: tuple[Category, ...]  # index = rank (0 unused)
    classes_ranks: tuple[tuple[int, ...], ...]  # index = rank (0 unused)
    flush: np.ndarray  # uint16[8192]: rank-bit mask in one suit -> rank (0: not a flush)
    flush_suit: dict[int, np.ndarray] = field(repr=False)  # n -> int8[512], -1: no flush
    nonflush_keys: dict[int, np.ndarray] = field(repr=False)  # n -> sorted rank keys
    nonflush_values: dict[int, np.ndarray] = field(repr=False)  # n -> their ranks
    nonflush_dict: dict[int, dict[int, int]] = field(repr=False)  # n -> {rank key: rank}
    flush_list: list[int] = field(repr=False)  # ``flush`` as a list, for the scalar path
    flush_suit_list: dict[int, list[int]] = field(repr=False)
    category_of_rank: np.ndarray = field(repr=False)  # uint8[7463]

    def nonflush_array(self, n: int) -> np.ndarray:
        """Dense ``uint16`` table rank key -> rank for ``n`` cards (for the batch path)."""
        return _dense(self.wrap, n)


@cache
def _dense(wrap: bool, n: int) -> np.ndarray:
    tables = get_tables(wrap)
    keys = tables.nonflush_keys[n]
    table = np.zeros(int(keys[-1]) + 1, dtype=np.uint16)
    table[keys] = tables.nonflush_values[n]
    return table


def _flush_suit_table(n: int) -> np.ndarray:
    table = np.full(SUIT_MASK + 1, -1, dtype=np.int8)
    seen: dict[int, int] = {}
    for counts in combinations_with_replacement(range(4), n):
        per_suit = [counts.count(s) for s in range(4)]
        key = sum(SUIT_KEYS[s] * c for s, c in enumerate(per_suit))
        suit = next((s for s in range(4) if per_suit[s] >= 5), -1)
        if seen.setdefault(key, suit) != suit:
            raise AssertionError(f"suit keys collide for {n} cards")
        table[key] = suit
    return table


def _subset_min(rows: np.ndarray, five_value: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """For each row of ranks, the best (lowest) rank over its 5-element subsets."""
    best = np.full(len(rows), 65535, dtype=np.int64)
    for combo in combinations(range(rows.shape[1]), 5):
        sub = keys[rows[:, list(combo)]].sum(axis=1)
        np.minimum(best, five_value[sub], out=best)
    return best


@cache
def get_tables(wrap: bool = False) -> Tables:
    """The tables for the standard game, or for the wrap-around house rule."""
    classes = _generate_classes(wrap)
    cats = (Category.HIGH_CARD, *[c for c, _ in classes])
    ranks = ((), *[r for _, r in classes])
    rank_keys = np.array(RANK_KEYS, dtype=np.int64)

    # Flush table: every 5-bit mask from the class list, then 6 and 7 bits by subsets.
    flush = np.zeros(1 << 13, dtype=np.uint16)
    bit = 1 << np.arange(13, dtype=np.int64)
    for rank, (cat, rs) in enumerate(classes, start=1):
        if cat in (Category.STRAIGHT_FLUSH, Category.FLUSH):
            flush[sum(1 << r for r in rs)] = rank
    for n in (6, 7):
        rows = np.array(list(combinations(range(13), n)), dtype=np.int64)
        flush[bit[rows].sum(axis=1)] = _subset_min(rows, flush.astype(np.int64), bit)

    # Non-flush tables: 5-card multisets from the class list, 6 and 7 by subsets.
    five = [
        (sum(RANK_KEYS[r] for r in rs), rank)
        for rank, (cat, rs) in enumerate(classes, 1)
        if cat not in (Category.STRAIGHT_FLUSH, Category.FLUSH)
    ]
    five.sort()
    five_keys = np.array([k for k, _ in five], dtype=np.int64)
    five_ranks = np.array([r for _, r in five], dtype=np.int64)
    nonflush_keys: dict[int, np.ndarray] = {}
    nonflush_values: dict[int, np.ndarray] = {}
    nonflush_dict: dict[int, dict[int, int]] = {}
    for n in (5, 6, 7):
        rows = _multisets(n)
        if n == 5:
            keys, values = five_keys, five_ranks
        else:
            keys = rank_keys[rows].sum(axis=1)
            best = np.full(len(rows), 65535, dtype=np.int64)
            for combo in combinations(range(n), 5):
                sub = rank_keys[rows[:, list(combo)]].sum(axis=1)
                np.minimum(best, five_ranks[np.searchsorted(five_keys, sub)], out=best)
            order = np.argsort(keys)
            keys, values = keys[order], best[order]
        if len(keys) != len(rows) or (np.diff(keys) <= 0).any():
            raise AssertionError(f"rank keys collide for {n} cards")
        nonflush_keys[n], nonflush_values[n] = keys, values.astype(np.uint16)
        nonflush_dict[n] = dict(zip(keys.tolist(), values.tolist(), strict=True))

    flush_suit = {n: _flush_suit_table(n) for n in (5, 6, 7)}
    return Tables(
        wrap=wrap,
        classes_category=cats,
        classes_ranks=ranks,
        flush=flush,
        flush_suit=flush_suit,
        nonflush_keys=nonflush_keys,
        nonflush_values=nonflush_values,
        nonflush_dict=nonflush_dict,
        flush_list=flush.tolist(),
        flush_suit_list={n: t.tolist() for n, t in flush_suit.items()},
        category_of_rank=np.array([int(c) for c in cats], dtype=np.uint8),
    )
