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

Until those modules land, the stand-ins of :mod:`showdown.tracker.page_stand_ins` give
the same names on the same tables (:mod:`showdown.tracker.schema`); when they land,
this module imports them instead and nothing else changes.

Each request runs in a worker thread: :func:`reading` gives it its own cursor on the
one open database (a DuckDB connection is not shared between threads).

>>> from pathlib import Path
>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "hands.duckdb"
>>> open_database(path)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
showdown.tracker.page_stand_ins.DatabaseError: .../hands.duckdb: no hand database there ...
>>> db = open_database(path, create=True)
>>> with reading(db) as view:
...     players(view, Filters()), games(view)
([], [])
>>> db.close()
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from showdown.tracker.page_queries import games, hand_count, live_tables, version
from showdown.tracker.page_stand_ins import (
    Database,
    DatabaseError,
    Filters,
    graph_series,
    hands,
    open_database,
    players,
    stored_hand,
    watch,
)

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
