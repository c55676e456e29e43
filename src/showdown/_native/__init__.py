"""The native kernel's thin loader: one ladder's tables handed to the C code as buffers.

The C sources beside this file (``kernel.h`` and the files it lists) hold no
table of their own: :func:`make_tables` passes them the card keys, the
flush-suit and flush tables and, per hand size, the sorted non-flush rank-key
sums with their ranks and the compact rows' starts. The standard game's come
from the shipped ``tables.bin`` without numpy (:func:`standard_buffers`); any
other ladder's from its numpy :class:`~showdown.tables.Tables`
(:func:`numpy_buffers`), so a new ladder goes through the same kernel.

Importing this package raises ImportError when the extension was not built;
:mod:`showdown._backend` decides what to do then.
"""

from __future__ import annotations

from showdown._native import _kernel  # type: ignore[attr-defined]
from showdown._packed import (
    CARD_KEYS,
    PACKED_PATH,
    flush_suit_list,
    le_array,
    native_array,
    read_bytes,
    segments,
)

TYPE_CHECKING = False  # not typing's: importing typing costs more than this whole module
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from showdown.tables import Tables

    #: The kernel's table buffers, and whether the keys are given as gaps (the packed form).
    Buffers = tuple[tuple[Any, Any, Any, Sequence[Any], Sequence[Any], Sequence[Any]], bool]

#: The kernel's interface version; a build of another version is not used.
ABI = 5


def _flush_suits() -> bytes:
    return bytes(s & 255 for n in (5, 6, 7) for s in flush_suit_list(n))


def standard_buffers() -> Buffers | None:
    """The standard game's tables from ``tables.bin`` (no numpy), or None if it is missing."""
    data = read_bytes(PACKED_PATH)
    if data is None:
        return None
    gaps, values, flush, starts = segments(data)
    tables = (
        native_array("I", CARD_KEYS),
        _flush_suits(),
        le_array("H", flush),
        [le_array("I", gaps[n]) for n in (5, 6, 7)],
        [le_array("H", values[n]) for n in (5, 6, 7)],
        [le_array("I", starts[n]) for n in (5, 6, 7)],
    )
    return tables, True


def numpy_buffers(tables: Tables) -> Buffers:
    """The buffers of any ladder's numpy tables (the wrap-around rule, for one)."""
    from showdown.tables import _row_starts

    buffers = (
        native_array("I", CARD_KEYS),
        _flush_suits(),
        tables.flush,
        [tables.nonflush_keys[n] for n in (5, 6, 7)],
        [tables.nonflush_values[n] for n in (5, 6, 7)],
        [_row_starts(n) for n in (5, 6, 7)],
    )
    return buffers, False


def make_tables(
    buffers: Buffers, on_error: Callable[[Any], Any], on_omaha_error: Callable[[Any, Any], Any]
) -> Any:
    """A kernel ``Tables`` object; ``on_error`` raises the error of bad scalar input."""
    tables, key_gaps = buffers
    return _kernel.Tables(*tables, on_error, on_omaha_error, key_gaps=key_gaps)
