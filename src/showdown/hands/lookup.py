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
from itertools import accumulate, pairwise
from typing import TYPE_CHECKING

from showdown.categories import Category

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
from showdown.hands.packed import shipped_segments

if TYPE_CHECKING:
    import numpy as np

    from showdown.variants import Ladder


@cache
def class_columns(
    wrap: bool = False,
) -> tuple[tuple[Category, ...], tuple[tuple[int, ...], ...]]:
    """Category and comparison-order ranks indexed by rank number (index 0 unused)."""
    from showdown.hands.ladders import class_columns  # the builder loads only when asked

    return class_columns(_ladder(wrap))  # type: ignore[return-value]  # all Category


def _ladder(wrap: bool) -> Ladder:
    from showdown.variants import HIGH, HIGH_WRAP

    return HIGH_WRAP if wrap else HIGH


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
    shipped = None if wrap else shipped_segments()
    if shipped is not None:
        gaps, values, flush, _ = shipped
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
    from showdown.hands.ladders import _first_fit_starts

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
        >>> from showdown.hands.ladders import NONFLUSH_ROW_BITS
        >>> bool((table[sums + shift[sums >> NONFLUSH_ROW_BITS]] == ranks).all())
        True
        """
        return _compact(self.wrap, n)


@cache
def _compact(wrap: bool, n: int) -> tuple[np.ndarray, np.ndarray]:
    tables = get_tables(wrap)
    from showdown.hands.ladders import compact_table

    return compact_table(tables.nonflush_keys[n], tables.nonflush_values[n], n)


@cache
def get_tables(wrap: bool = False) -> Tables:
    """The numpy tables for the standard game (from the shipped file) or the wrap house rule."""
    import numpy as np

    shipped = None if wrap else shipped_segments()
    if shipped is None:
        return compute_tables(wrap)
    gaps, values, flush, starts = shipped
    return Tables(
        False,
        np.frombuffer(flush, dtype="<u2").astype(np.uint16),
        {n: np.cumsum(np.frombuffer(gaps[n], dtype="<u4"), dtype=np.int64) for n in gaps},
        {n: np.frombuffer(values[n], dtype="<u2").astype(np.uint16) for n in values},
        {n: np.frombuffer(starts[n], dtype="<u4").astype(np.int64) for n in starts},
    )


def compute_tables(wrap: bool = False) -> Tables:
    """Compute every table with numpy (about 0.1 s), as any ladder's tables are computed:
    the standard ladder is one more declaration of :mod:`showdown.variants`, built by
    :class:`~showdown.hands.ladders.LadderTables` (this module ships the result packed).

    >>> fresh = compute_tables()
    >>> int(fresh.flush[0b1111100000000]), len(fresh.nonflush_keys[7])  # the royal flush
    (1, 49205)
    """
    import numpy as np

    from showdown.hands.ladders import _multisets, ladder_tables

    built = ladder_tables(_ladder(wrap))
    for n in (5, 6, 7):
        keys, rows = built.nonflush_keys[n], _multisets(n)
        if len(keys) != len(rows) or (np.diff(keys) <= 0).any():
            raise AssertionError(f"rank keys collide for {n} cards")
    return Tables(wrap, built.flush, dict(built.nonflush_keys), dict(built.nonflush_values))
