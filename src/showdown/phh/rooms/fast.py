"""Rooms' hands read by the native kernel where it can (``room_hands`` in
``showdown/_native/rooms.c``): the common shapes of PokerStars, GGPoker and WPN and
of iPoker's XML, straight into the fields :meth:`~showdown.phh.rooms.builder.HandBuilder.build`
writes. The Python readers stay the reference: a hand the kernel does not read exactly
as they do (an odd line, a game or a name it does not know, an error) comes back
``None``, and :func:`~showdown.phh.rooms.read.read_hands` reads it in Python; without
the kernel (``SHOWDOWN_BACKEND=numpy``) every hand does. The tests compare both.

>>> hands = native_hands(["PokerStars Hand #1: Razz Limit ($1/$2)"], "pokerstars")
>>> hands is None or hands == [None]  # a game the kernel leaves to Python
True
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from typing import Any

from showdown.hands import native
from showdown.phh.rooms import stars

__all__ = ["NATIVE_ROOMS", "native_hands"]

#: The rooms whose hands the kernel reads.
NATIVE_ROOMS = frozenset({"pokerstars", "ggpoker", "wpn", "ipoker"})
_NANO = 10**9


def _nano(value: Decimal) -> int | None:
    """An amount in billionths, as the kernel counts them (``None``: beyond it)."""
    units = value * _NANO
    if units != units.to_integral_value() or not 0 <= units < _NANO * _NANO:
        return None
    return int(units)


@lru_cache(maxsize=256)
def _game(room: str, header: str) -> tuple[str, int | None, int | None, str | None,
                                          str | None] | None:
    """A header's game as the kernel takes it (the Python reader's own reading, its
    stakes in billionths); ``None`` for one the Python reader refuses or the kernel
    cannot count."""
    try:
        variant, stakes, currency, tournament = stars._game(room, header)
    except ValueError:
        return None
    if stakes is None:
        return variant, None, None, currency, tournament
    small, big = _nano(stakes[0]), _nano(stakes[1])
    if small is None or big is None:
        return None
    return variant, small, big, currency, tournament


def native_hands(parts: list[str], room: str) -> list[tuple[str | None, dict[str, Any]] | None
                                                      ] | None:
    """Per piece of a room's text, ``(hand number, fields)`` as the kernel read it, or
    ``None`` for a piece Python reads; ``None`` for all when the kernel is not in use."""
    if room not in NATIVE_ROOMS:
        return None
    run = getattr(native.kernel(), "room_hands", None)
    if run is None:
        return None
    return run(parts, room, _game)  # type: ignore[no-any-return]
