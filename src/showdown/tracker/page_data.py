"""What the tracker page reads from the database: the one place it meets the wing's modules.

The page's server (:mod:`showdown.tracker.server`) calls only the names below. They are
what the database's modules give, with these expectations:

- ``showdown.tracker.database``: ``open_database(path, *, create=False, read_only=False)
  -> Database`` (``.con`` a DuckDB connection, ``.path``, ``.close()``) and
  ``DatabaseError``, whose message names the file and what is wrong with it;
- ``showdown.tracker.query``: ``Filters(player, game, date_from, date_to, min_hands)``;
  ``players(db, filters, by=None)``: the issue's JSON objects, one per player (and per
  group, the group's value under the name of ``by``); ``hands(db, filters, limit,
  offset)``: dicts with ``room``, ``hand``, ``played_at``, ``game``, ``stakes``,
  ``currency``, ``position``, ``cards``, ``net``, ``ev_net``, ``player``, the newest
  first; ``stored_hand(db, room, hand)``: the stored hand as a ``HandHistory``, ``None``
  when there is no such hand;
- ``showdown.tracker.graph``: ``graph_series(db, player, filters, x="hands")``: lists of
  equal length, one item per hand in the order played: ``x`` (the hand's count, or its
  date with ``x="date"``), the running sums ``net``, ``ev_net``, ``showdown`` (won at
  showdown) and ``no_showdown`` (won without), and ``room``, ``hand``, ``played_at``;
- ``showdown.tracker.watch``: ``watch(db, folder, stop)``: import what is written into
  ``folder`` until the ``threading.Event`` ``stop`` is set.

``hands``, ``stored_hand`` and ``watch`` are the database's own, as the page wants them:
amounts as numbers, no hand as ``None``, the watch stopped by an event.

Each request runs in a worker thread: :func:`reading` gives it its own cursor on the
one open database (a DuckDB connection is not shared between threads).

>>> from pathlib import Path
>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "hands.duckdb"
>>> open_database(path)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
showdown.tracker.database.DatabaseError: .../hands.duckdb: no hand database there ...
>>> db = open_database(path, create=True)
>>> with reading(db) as view:
...     players(view, Filters()), games(view)
([], [])
>>> db.close()
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any

from showdown.phh.notation import HandHistory
from showdown.tracker import graph, query
from showdown.tracker.database import Database, DatabaseError, open_database
from showdown.tracker.filters import Filters
from showdown.tracker.page_queries import games, hand_count, live_tables, version
from showdown.tracker.query import players
from showdown.tracker.watch import Watcher

__all__ = [
    "Database",
    "DatabaseError",
    "Filters",
    "games",
    "graph_series",
    "hand_count",
    "hands",
    "live_tables",
    "open_database",
    "players",
    "reading",
    "stored_hand",
    "version",
    "watch",
]


@contextmanager
def reading(db: Database) -> Iterator[Database]:
    """``db`` seen through a cursor of its own, for one request in one thread."""
    cursor = db.con.cursor()
    try:
        yield Database(cursor, db.path)
    finally:
        cursor.close()


def hands(db: Database, filters: Filters, limit: int = 100,
          offset: int = 0) -> list[dict[str, Any]]:
    """The hands ``filters`` select, the newest first, amounts as numbers."""
    rows = query.hands(db, filters, limit, offset, newest_first=True)
    for row in rows:
        for key in ("net", "ev_net"):
            if row[key] is not None:
                row[key] = Decimal(row[key])
    return rows


def stored_hand(db: Database, room: str, hand: str) -> HandHistory | None:
    """The stored hand rebuilt as PHH, or ``None`` when it is not stored."""
    try:
        return query.stored_hand(db, room, hand)
    except KeyError:
        return None


def watch(db: Database, folder: Path, stop: threading.Event) -> None:
    """Import what is written into ``folder`` until ``stop`` is set (on a cursor of its
    own: the page's requests read while it writes)."""
    with reading(db) as own:
        watcher = Watcher(own, folder)
        while not stop.is_set():
            watcher.round()
            stop.wait(watcher.interval)


#: What the page's graph reads of each kept point.
_GRAPH_KEYS = ("x", "net", "ev_net", "showdown", "no_showdown", "room", "hand", "played_at")


def graph_series(db: Database, player: str, filters: Filters,
                 x: str = "hands") -> dict[str, list[Any]]:
    """The player's running sums in the currency of most of his hands (the page draws one
    currency), as lists of equal length: one item per point kept."""
    where, params = dataclasses.replace(filters, player=None).where()
    found = graph.graph_series(db.con, player, where, params, x=x)
    if not found:
        return {key: [] for key in _GRAPH_KEYS}
    points = max(found.values(), key=lambda series: series[-1]["n"])
    return {key: [p[key] for p in points] for key in _GRAPH_KEYS}  # type: ignore[literal-required]
