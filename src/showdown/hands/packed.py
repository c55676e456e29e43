"""The card keys and the shipped ``tables.bin``, read without numpy and almost no imports.

This is what ``import showdown`` plus a first :func:`showdown.evaluate_ids` needs
(the native kernel's tables come from here); :mod:`showdown.hands.lookup` builds on it.
See :mod:`showdown.hands.lookup` for what the keys and tables are.

>>> CARD_KEYS[51] == RANK_KEYS[12] << SUIT_BITS | SUIT_KEYS[3]
True
>>> flush_suit_list(7)[5 * SUIT_KEYS[2] + SUIT_KEYS[1] + SUIT_KEYS[0]]
2
>>> gaps, values, flush, starts = segments(read_bytes(PACKED_PATH))
>>> len(values[5]) // 2, len(flush) // 2  # rank multisets of five cards; flush masks
(6175, 8192)
"""

from __future__ import annotations

import os
import sys
import zlib
from itertools import combinations_with_replacement

TYPE_CHECKING = False  # not typing's: this module is on the light import path
if TYPE_CHECKING:
    from array import array
    from collections.abc import Sequence
    from typing import Literal

    #: The item types of the tables' buffers.
    IntCode = Literal["B", "H", "I"]

# Greedy-minimal rank keys: every multiset of at most seven ranks (four of each
# at most) has its own sum. Checked in ``showdown.hands.lookup.compute_tables``.
RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
# Low bits: the sum of suit keys over 5, 6 or 7 cards tells which suit (if any)
# holds five or more of them (the smallest such keys). Checked in ``flush_suit_list``.
SUIT_KEYS = (0, 1, 25, 32)
SUIT_BITS = 8
SUIT_MASK = (1 << SUIT_BITS) - 1

#: Card keys for the batch paths (uint32 sums): ``rank_key << 8 | suit_key``.
CARD_KEYS = tuple((RANK_KEYS[i >> 2] << SUIT_BITS) | SUIT_KEYS[i & 3] for i in range(52))

#: The scalar path shifts every rank key down by ``KEY_OFFSET`` so that every sum
#: of up to seven keys stays below 2**30 in absolute value: CPython adds such
#: "single-digit" ints on its fast path. Python's ``>>`` and ``&`` on negative
#: ints act as on two's complement, so ``key >> 8`` and ``key & 255`` still split
#: the rank part (``rank-key sum - n * KEY_OFFSET``) from the suit part.
KEY_OFFSET = 558_983
SCALAR_CARD_KEYS = tuple(
    ((RANK_KEYS[i >> 2] - KEY_OFFSET) << SUIT_BITS) + SUIT_KEYS[i & 3] for i in range(52)
)

#: The shipped standard-game tables (see :func:`showdown.hands.lookup.pack_tables`).
PACKED_PATH = os.path.join(os.path.dirname(__file__), "tables.bin")
MAGIC = b"showdown-tables-2\n"


def flush_suit_list(n: int) -> list[int]:
    """Low eight bits of a key sum over ``n`` cards -> the suit holding five or more, or -1."""
    table = [-1] * (SUIT_MASK + 1)
    seen: dict[int, int] = {}
    for suits in combinations_with_replacement(range(4), n):
        key = sum(SUIT_KEYS[s] for s in suits)
        suit = next((s for s in range(4) if suits.count(s) >= 5), -1)
        if seen.setdefault(key, suit) != suit:
            raise AssertionError(f"suit keys collide for {n} cards")
        table[key] = suit
    return table


def le_array(typecode: IntCode, data: bytes) -> memoryview | array:
    """Little-endian bytes as a buffer of ``typecode`` items (no copy on a little-endian
    machine; :mod:`array`, which imports :mod:`collections`, only on a big-endian one).

    >>> le_array("H", bytes([1, 0, 2, 1])).tolist()
    [1, 258]
    """
    if sys.byteorder == "little":
        return memoryview(data).cast(typecode)
    from array import array  # pragma: no cover - no big-endian machine here

    values = array(typecode)  # pragma: no cover
    values.frombytes(data)  # pragma: no cover
    values.byteswap()  # pragma: no cover
    return values  # pragma: no cover


def native_array(typecode: IntCode, values: Sequence[int]) -> memoryview:
    """``values`` as a buffer of ``typecode`` items in the machine's byte order.

    >>> native_array("I", [1, 2**32 - 1]).tolist()
    [1, 4294967295]
    """
    size = memoryview(b"").cast(typecode).itemsize
    data = b"".join(v.to_bytes(size, sys.byteorder) for v in values)
    return memoryview(data).cast(typecode)


def from_le(typecode: IntCode, data: bytes) -> list[int]:
    """Little-endian bytes as a list of ints."""
    return le_array(typecode, data).tolist()


def segments(
    data: bytes,
) -> tuple[dict[int, bytes], dict[int, bytes], bytes, dict[int, bytes]]:
    """Split packed tables into raw little-endian segments: key gaps, ranks, flush table,
    row starts."""
    if not data.startswith(MAGIC):
        raise ValueError("not a showdown tables file")
    raw = zlib.decompress(data[len(MAGIC) :])
    gaps: dict[int, bytes] = {}
    values: dict[int, bytes] = {}
    pos = 0
    for n in (5, 6, 7):
        (count,) = from_le("I", raw[pos : pos + 4])
        pos += 4
        gaps[n] = raw[pos : pos + 4 * count]
        pos += 4 * count
        values[n] = raw[pos : pos + 2 * count]
        pos += 2 * count
    flush = raw[pos : pos + 2 * 8192]
    pos += 2 * 8192
    starts: dict[int, bytes] = {}
    for n in (5, 6, 7):
        (count,) = from_le("I", raw[pos : pos + 4]) if pos + 4 <= len(raw) else (-1,)
        starts[n] = raw[pos + 4 : pos + 4 + 4 * count]
        pos += 4 + 4 * count
    if pos != len(raw) or count < 0:
        raise ValueError("tables file has the wrong length")
    return gaps, values, flush, starts


#: The shipped file's segments once read (one entry: the segments, or None if missing).
_SHIPPED: list[tuple[dict[int, bytes], dict[int, bytes], bytes, dict[int, bytes]] | None] = []


def shipped_segments() -> tuple[dict[int, bytes], dict[int, bytes], bytes, dict[int, bytes]] | None:
    """:func:`segments` of the shipped ``tables.bin``, read and unpacked once per process
    (the scalar path, the kernel's buffers and the compact tables' row starts share them);
    None when the file is missing."""
    if not _SHIPPED:
        data = read_bytes(PACKED_PATH)
        _SHIPPED.append(None if data is None else segments(data))
    return _SHIPPED[0]


def read_bytes(path: str) -> bytes | None:
    """The file's bytes, or None if it is missing."""
    try:
        with open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None
