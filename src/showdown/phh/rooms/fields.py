"""PHH's fields as the readers' builder writes them: the date and time, the players'
codes, an amount for each player, and the :class:`~showdown.phh.notation.HandHistory`
made at once from the fields.

>>> player_codes(3), numbers({"Bo": Decimal("1.5")}, ["Ana", "Bo"])
(('p1', 'p2', 'p3'), [0, 1.5])
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from functools import lru_cache
from typing import Any

from showdown.phh.notation import HandHistory
from showdown.phh.rooms.money import number

__all__ = ["clock", "history", "numbers", "player_codes"]


def clock(day: datetime.date, time: datetime.time, zone: str | None) -> dict[str, Any]:
    """PHH's date and time fields.

    >>> clock(datetime.date(2017, 1, 6), datetime.time(17, 15, 11), "ET")
    {'year': 2017, 'month': 1, 'day': 6, 'time': datetime.time(17, 15, 11), 'time_zone': 'ET'}
    """
    fields: dict[str, Any] = {"year": day.year, "month": day.month, "day": day.day,
                              "time": time}
    if zone:
        fields["time_zone"] = zone
    return fields


@lru_cache(maxsize=64)
def player_codes(n: int) -> tuple[str, ...]:
    """PHH's names of ``n`` players: ``p1``, ``p2``..."""
    return tuple(f"p{k + 1}" for k in range(n))


def numbers(values: dict[str, Decimal], names: list[str]) -> list[int | float]:
    """Each player's amount in ``values`` as a PHH number, 0 for a player not in it."""
    if not values:  # (most hands' antes)
        return [0] * len(names)
    return [number(values[name]) if name in values else 0 for name in names]


def history(fields: dict[str, Any], file: str | None, name: str | None) -> HandHistory:
    """The hand's :class:`HandHistory`, made at once: its fields, built by the builder, are
    of the shapes ``HandHistory`` checks (a text variant, a list of texts for the actions,
    a stack for each of two players or more), so neither copied nor checked again (as
    :func:`~showdown.phh.rooms.fast.as_history` makes the kernel's hands)."""
    made = object.__new__(HandHistory)
    made.fields, made.file, made.name = fields, file, name
    return made
