"""Which hands a question is about: :class:`Filters`, and the SQL condition it makes.

The same filters serve ``showdown db players``, ``db hands``, ``db graph``, the tracker
page and the library. Every value reaches DuckDB as a parameter, never inside the SQL.

>>> import datetime
>>> f = Filters(player="Ana", game="NT", date_from=datetime.date(2024, 1, 1))
>>> f.where()
('player = ? AND game = ? AND played_at >= ?', ['Ana', 'NT', datetime.datetime(2024, 1, 1, 0, 0)])
>>> Filters(ring=False).where()
('NOT ring', [])
>>> Filters().where()
('TRUE', [])
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

__all__ = ["GROUPS", "Filters", "parse_date"]

#: What ``--by`` groups a player's figures by: the name and its SQL over ``hand_players``.
GROUPS: dict[str, str] = {
    "position": "position",
    "stakes": "CAST(big_blind AS VARCHAR) || ' ' || coalesce(currency, 'chips')",
    "game": "game",
    "month": "strftime(played_at, '%Y-%m')",
    "seats": "players",
}


def parse_date(text: str) -> datetime.date:
    """A date given as ``YYYY-MM-DD`` (a :class:`ValueError` names what is wrong).

    >>> parse_date("2024-03-09")
    datetime.date(2024, 3, 9)
    >>> parse_date("March")
    Traceback (most recent call last):
    ...
    ValueError: 'March' is not a date of the form YYYY-MM-DD
    """
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a date of the form YYYY-MM-DD") from None


@dataclass(frozen=True)
class Filters:
    """The hands selected: a player's (``player``), a game's (its PHH code, ``NT``,
    ``PO``...), from one date to another (both included), ring games only
    (``ring=True``) or tournaments only (``False``); ``min_hands`` leaves out the
    players (or groups) with fewer hands."""

    player: str | None = None
    game: str | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    ring: bool | None = None
    min_hands: int = 0
    room: str | None = None

    def where(self) -> tuple[str, list[Any]]:
        """The SQL condition on ``hand_players`` and its parameters."""
        parts: list[str] = []
        params: list[Any] = []
        if self.player is not None:
            parts.append("player = ?")
            params.append(self.player)
        if self.game is not None:
            parts.append("game = ?")
            params.append(self.game)
        if self.date_from is not None:
            parts.append("played_at >= ?")
            params.append(datetime.datetime.combine(self.date_from, datetime.time()))
        if self.date_to is not None:
            parts.append("played_at < ?")
            params.append(datetime.datetime.combine(
                self.date_to + datetime.timedelta(days=1), datetime.time()))
        if self.ring is not None:
            parts.append("ring" if self.ring else "NOT ring")
        if self.room is not None:
            parts.append("hand_id IN (SELECT hand_id FROM hands WHERE room = ?)")
            params.append(self.room)
        return (" AND ".join(parts) or "TRUE"), params
