"""Lookup tables behind every evaluator.

The 7,462 strengths are generated in order, best first (R1-R4); everything else
is derived from that list:

* ``classes``: for each rank 1..7462, its category and its five ranks in
  comparison order (``K K 4 4 A``; the wheel as ``5 4 3 2 A``).
* ``flush``: a 13-bit mask of the ranks held in one suit (5 to 7 bits) -> rank.
* non-flush: each card carries a key, ``rank_key << 8 | suit_key``. The rank
  keys make the sum over any 5, 6 or 7 cards unique per rank multiset (verified
  when the table is built); the suit keys make the low eight bits of the sum
  tell whether, and in which suit, five cards share a suit. The sum's rank
  part indexes a table of the best hand of that rank multiset.

Two forms. :func:`scalar_tables` holds plain Python lists and dicts for the
scalar path and never imports numpy: for the standard game it reads the
compact ``tables.bin`` shipped beside this module (about 100 kB, zlib), which
:func:`compute_tables` regenerates and the tests compare with a fresh
computation. :func:`get_tables` holds numpy arrays for the batch path. The
wrap-around house rule (R10) is always computed, with numpy, on first use.

>>> t = scalar_tables()
>>> t.classes_ranks[1], t.classes_ranks[7462]
((12, 11, 10, 9, 8), (5, 3, 2, 1, 0))
>>> len(t.nonflush[7]), get_tables().flush.dtype.name
(49205, 'uint16')
"""

from __future__ import annotations

import sys
import zlib
from array import array
from functools import cache
from itertools import accumulate, combinations, combinations_with_replacement, pairwise
from typing import TYPE_CHECKING

from showdown.categories import DISTINCT_HANDS, Category

# Re-exported: the keys and the packed file's reader live in packed.py (no numpy, light).
from showdown.hands.packed import CARD_KEYS as CARD_KEYS
from showdown.hands.packed import KEY_OFFSET as KEY_OFFSET
from showdown.hands.packed import MAGIC as _MAGIC
from showdown.hands.packed import PACKED_PATH as PACKED_PATH
from showdown.hands.packed import RANK_KEYS as RANK_KEYS
from showdown.hands.packed import SCALAR_CARD_KEYS as SCALAR_CARD_KEYS
from showdown.hands.packed import SUIT_BITS as SUIT_BITS
from showdown.hands.packed import SUIT_KEYS as SUIT_KEYS
from showdown.hands.packed import SUIT_MASK as SUIT_MASK
from showdown.hands.packed import flush_suit_list as _flush_suit_list
from showdown.hands.packed import from_le as _from_le
from showdown.hands.packed import read_bytes as _read_bytes
from showdown.hands.packed import segments as _segments

if TYPE_CHECKING:
    import numpy as np


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


@cache
def generate_classes(wrap: bool = False) -> tuple[tuple[Category, tuple[int, ...]], ...]:
    """All 7,462 five-card strengths, best first, with ranks in comparison order.

    >>> generate_classes()[0]
    (<Category.STRAIGHT_FLUSH: 8>, (12, 11, 10, 9, 8))
    """
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
    if len(out) != DISTINCT_HANDS:
        raise AssertionError(f"{len(out)} strengths instead of {DISTINCT_HANDS:,}")
    return tuple(out)


@cache
def class_columns(
    wrap: bool = False,
) -> tuple[tuple[Category, ...], tuple[tuple[int, ...], ...]]:
    """Category and comparison-order ranks indexed by rank number (index 0 unused)."""
    classes = generate_classes(wrap)
    return (Category.HIGH_CARD, *[c for c, _ in classes]), ((), *[r for _, r in classes])


class ScalarTables:
    """The tables of one rule set as plain Python objects, for the scalar path."""

    __slots__ = ("flush", "flush_suit", "nonflush", "wrap")

    def __init__(
        self,
        wrap: bool,
        flush: list[int],
        nonflush: dict[int, dict[int, int]],
    ) -> None:
        self.wrap = wrap
        #: 13-bit mask of the ranks in the flush suit -> rank (0: fewer than five bits).
        self.flush = flush
        #: n -> (low eight key bits -> flush suit or -1).
        self.flush_suit = {n: _flush_suit_list(n) for n in (5, 6, 7)}
        #: n -> {rank-key sum - n * KEY_OFFSET: rank} for hands without a flush.
        self.nonflush = nonflush

    @property
    def classes_category(self) -> tuple[Category, ...]:
        """Index = rank (0 unused): the category (built on first use)."""
        return class_columns(self.wrap)[0]

    @property
    def classes_ranks(self) -> tuple[tuple[int, ...], ...]:
        """Index = rank (0 unused): the five ranks in comparison order."""
        return class_columns(self.wrap)[1]


@cache
def scalar_tables(wrap: bool = False) -> ScalarTables:
    """The scalar tables for the standard game (shipped) or the wrap house rule (computed)."""
    data = None if wrap else _read_bytes(PACKED_PATH)
    if data is not None:
        gaps, values, flush, _ = _segments(data)
        nonflush = {}
        for n in (5, 6, 7):
            steps = _from_le("I", gaps[n])
            steps[0] -= n * KEY_OFFSET  # the first key, shifted: every later key follows
            nonflush[n] = dict(zip(accumulate(steps), _from_le("H", values[n]), strict=True))
        return ScalarTables(False, _from_le("H", flush), nonflush)
    tables = get_tables(wrap)
    nonflush = {
        n: dict(
            zip(
                (tables.nonflush_keys[n] - n * KEY_OFFSET).tolist(),
                tables.nonflush_values[n].tolist(),
                strict=True,
            )
        )
        for n in (5, 6, 7)
    }
    return ScalarTables(wrap, tables.flush.tolist(), nonflush)


# ------------------------------------------------------------ packed tables


def _to_le(values: array) -> bytes:
    if sys.byteorder == "big":  # pragma: no cover - no big-endian machine here
        values = array(values.typecode, values)
        values.byteswap()
    return values.tobytes()


def pack_tables(tables: Tables) -> bytes:
    """The standard tables as compact bytes: sorted rank keys as gaps, ranks, the flush
    table, then the row starts of the compact batch tables (see :func:`_row_starts`)."""
    if tables.wrap:
        raise ValueError("only the standard game is shipped packed")
    parts = []
    for n in (5, 6, 7):
        keys = tables.nonflush_keys[n].tolist()
        gaps = [keys[0]] + [b - a for a, b in pairwise(keys)]
        parts.append(_to_le(array("I", [len(keys)])))
        parts.append(_to_le(array("I", gaps)))
        parts.append(_to_le(array("H", tables.nonflush_values[n].tolist())))
    parts.append(_to_le(array("H", tables.flush.tolist())))
    for n in (5, 6, 7):
        starts = _first_fit_starts(tables.nonflush_keys[n]).tolist()
        parts.append(_to_le(array("I", [len(starts)])))
        parts.append(_to_le(array("I", starts)))
    return _MAGIC + zlib.compress(b"".join(parts), 9)


def unpack_tables(
    data: bytes,
) -> tuple[dict[int, list[int]], dict[int, list[int]], list[int]]:
    """Inverse of :func:`pack_tables`: (keys by n, ranks by n, flush table) as lists.

    The row starts are checked by :func:`_segments` and read by :func:`get_tables`.
    """
    gaps, values, flush, _ = _segments(data)
    return (
        {n: list(accumulate(_from_le("I", gaps[n]))) for n in gaps},
        {n: _from_le("H", values[n]) for n in values},
        _from_le("H", flush),
    )


def read_packed(
    path: str = PACKED_PATH,
) -> tuple[dict[int, list[int]], dict[int, list[int]], list[int]] | None:
    """The shipped tables, or None when the file is missing (they are computed then)."""
    data = _read_bytes(path)
    return None if data is None else unpack_tables(data)


def write_packed(path: str = PACKED_PATH) -> int:
    """Compute the standard tables and write them packed; returns the file size.

    Regenerate with ``python -c "from showdown.hands.lookup import write_packed; write_packed()"``.
    """
    data = pack_tables(compute_tables(False))
    with open(path, "wb") as f:
        f.write(data)
    return len(data)


# ------------------------------------------------------- numpy tables (batch)


class Tables:
    """Every lookup table of one rule set as numpy arrays (standard, or ``wrap`` for R10)."""

    __slots__ = (
        "classes_category",
        "classes_ranks",
        "flush",
        "flush_suit",
        "nonflush_keys",
        "nonflush_values",
        "row_starts",
        "wrap",
    )

    def __init__(
        self,
        wrap: bool,
        flush: np.ndarray,
        nonflush_keys: dict[int, np.ndarray],
        nonflush_values: dict[int, np.ndarray],
        row_starts: dict[int, np.ndarray] | None = None,
    ) -> None:
        import numpy as np

        self.wrap = wrap
        self.classes_category, self.classes_ranks = class_columns(wrap)
        #: uint16[8192]: rank-bit mask in one suit -> rank (0: not a flush).
        self.flush = flush
        #: n -> int8[256]: low eight key bits -> flush suit, -1 for none.
        self.flush_suit = {n: np.array(_flush_suit_list(n), dtype=np.int8) for n in (5, 6, 7)}
        #: n -> sorted rank-key sums and their ranks, for hands without a flush.
        self.nonflush_keys = nonflush_keys
        self.nonflush_values = nonflush_values
        #: n -> the shipped row starts of the compact tables (None: computed on use).
        self.row_starts = row_starts

    def nonflush_compact(self, n: int) -> tuple[np.ndarray, np.ndarray]:
        """The non-flush ranks for ``n`` cards packed into about 220 kB (batch path).

        Returns ``(table, shift)``: the rank of rank-key sum ``s`` is
        ``table[s + shift[s >> NONFLUSH_ROW_BITS]]``. A dense table indexed by
        ``s`` has 7.8 million mostly empty entries for seven cards; hands then
        miss the cache on most lookups, which this form (L2-sized) avoids.

        >>> tables = get_tables()
        >>> table, shift = tables.nonflush_compact(5)
        >>> sums, ranks = tables.nonflush_keys[5], tables.nonflush_values[5]
        >>> bool((table[sums + shift[sums >> NONFLUSH_ROW_BITS]] == ranks).all())
        True
        """
        return _compact(self.wrap, n)


#: Rows of ``2**NONFLUSH_ROW_BITS`` rank-key sums share one displacement in the
#: compact non-flush tables (see :meth:`Tables.nonflush_compact`).
NONFLUSH_ROW_BITS = 10


@cache
def _row_starts(n: int) -> np.ndarray:
    """Where each row of rank-key sums starts in the compact table, for ``n`` cards.

    They depend on the rank keys only, so every rule set shares them: read from
    the shipped file when it is there, else computed (about 0.2 s for seven cards).
    """
    shipped = get_tables(False).row_starts
    return shipped[n] if shipped is not None else _first_fit_starts(_multiset_keys(n))


def _first_fit_starts(keys: np.ndarray) -> np.ndarray:
    """First-fit displacement of the sorted rank-key sums ``keys`` of one hand size.

    The sums are cut into rows of ``2**NONFLUSH_ROW_BITS``; each row, fullest
    first, is laid at the first position where its occupied entries land on
    free ones. Returns each row's start (0 for empty rows).
    """
    import numpy as np

    width = 1 << NONFLUSH_ROW_BITS
    rows, cols = keys >> NONFLUSH_ROW_BITS, keys & (width - 1)
    used, first, counts = np.unique(rows, return_index=True, return_counts=True)
    taken = np.zeros(4 * len(keys) + 2 * width, dtype=bool)
    starts = np.zeros(int(rows[-1]) + 1, dtype=np.int64)
    top = 0  # every position from top on is free
    for row in np.argsort(-counts, kind="stable").tolist():
        row_cols = cols[first[row] : first[row] + counts[row]].tolist()
        clash = taken[row_cols[0] : row_cols[0] + top + 1].copy()
        for col in row_cols[1:]:
            clash |= taken[col : col + top + 1]
        start = int(np.argmin(clash))  # the first start with no clash (top has none)
        taken[[start + col for col in row_cols]] = True
        starts[used[row]] = start
        top = max(top, start + row_cols[-1] + 1)
    return starts


def _multiset_keys(n: int) -> np.ndarray:
    """Sorted rank-key sums of every multiset of ``n`` ranks (the same for every rule set)."""
    import numpy as np

    return np.sort(np.array(RANK_KEYS, dtype=np.int64)[_multisets(n)].sum(axis=1))


@cache
def _compact(wrap: bool, n: int) -> tuple[np.ndarray, np.ndarray]:
    tables = get_tables(wrap)
    return compact_table(tables.nonflush_keys[n], tables.nonflush_values[n], n)


def compact_table(keys: np.ndarray, values: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Rank-key sums ``keys`` of ``n`` cards and their ``values`` in the compact form of
    :meth:`Tables.nonflush_compact` (any rule set: the row starts fit every subset)."""
    import numpy as np

    starts = _row_starts(n)
    # Padded so that any sum of n rank keys, repeats included (unchecked input), stays
    # inside: rows past the last start shift to their own column, and the table has a
    # whole row of room past the last start. The native kernel lays its table out alike.
    rows = ((n * max(RANK_KEYS)) >> NONFLUSH_ROW_BITS) + 1
    padded = np.zeros(rows, dtype=np.int64)
    padded[: len(starts)] = starts
    shift = padded - (np.arange(rows, dtype=np.int64) << NONFLUSH_ROW_BITS)
    index = keys + shift[keys >> NONFLUSH_ROW_BITS]
    table = np.zeros(int(starts.max()) + (1 << NONFLUSH_ROW_BITS) + 1, dtype=np.uint16)
    table[index] = values
    return table, shift.astype(np.intp)


@cache
def get_tables(wrap: bool = False) -> Tables:
    """The numpy tables for the standard game (from the shipped file) or the wrap house rule."""
    import numpy as np

    data = None if wrap else _read_bytes(PACKED_PATH)
    if data is None:
        return compute_tables(wrap)
    gaps, values, flush, starts = _segments(data)
    return Tables(
        False,
        np.frombuffer(flush, dtype="<u2").astype(np.uint16),
        {n: np.cumsum(np.frombuffer(gaps[n], dtype="<u4"), dtype=np.int64) for n in gaps},
        {n: np.frombuffer(values[n], dtype="<u2").astype(np.uint16) for n in values},
        {n: np.frombuffer(starts[n], dtype="<u4").astype(np.int64) for n in starts},
    )


def _multisets(n: int) -> np.ndarray:
    """Every multiset of ``n`` ranks with at most four of a rank, as sorted rows."""
    import numpy as np

    rows = np.array(list(combinations_with_replacement(range(13), n)), dtype=np.int64)
    if n > 4:  # rows are sorted, so five equal ranks show as row[j] == row[j + 4]
        rows = rows[(rows[:, 4:] != rows[:, :-4]).all(axis=1)]
    return rows


def compute_tables(wrap: bool = False) -> Tables:
    """Compute every table from the class list, with numpy (about 0.1 s).

    6- and 7-card entries are the minimum over 5-card subsets; no Python loop
    runs per hand.
    """
    import numpy as np

    classes = generate_classes(wrap)
    rank_keys = np.array(RANK_KEYS, dtype=np.int64)

    # Flush table: every 5-bit mask from the class list, then 6 and 7 bits by subsets.
    flush = np.zeros(1 << 13, dtype=np.uint16)
    bit = 1 << np.arange(13, dtype=np.int64)
    for rank, (cat, rs) in enumerate(classes, start=1):
        if cat in (Category.STRAIGHT_FLUSH, Category.FLUSH):
            flush[sum(1 << r for r in rs)] = rank
    five_flush = flush.astype(np.int64)
    for n in (6, 7):
        rows = np.array(list(combinations(range(13), n)), dtype=np.int64)
        best = np.full(len(rows), 65535, dtype=np.int64)
        for combo in combinations(range(n), 5):
            np.minimum(best, five_flush[bit[rows[:, list(combo)]].sum(axis=1)], out=best)
        flush[bit[rows].sum(axis=1)] = best

    # Non-flush tables: 5-card multisets from the class list, 6 and 7 by subsets.
    five = sorted(
        (sum(RANK_KEYS[r] for r in rs), rank)
        for rank, (cat, rs) in enumerate(classes, 1)
        if cat not in (Category.STRAIGHT_FLUSH, Category.FLUSH)
    )
    five_keys = np.array([k for k, _ in five], dtype=np.int64)
    five_ranks = np.array([r for _, r in five], dtype=np.int64)
    nonflush_keys: dict[int, np.ndarray] = {}
    nonflush_values: dict[int, np.ndarray] = {}
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
    return Tables(wrap, flush, nonflush_keys, nonflush_values)
