"""The tracker page's own questions to the database: the games in it, the tables now.

- :func:`games`: the games stored (PHH variant codes), for the page's game filter;
- :func:`live_tables`: the players at the current tables, each table's newest hand,
  for the page's live view while a folder is watched;
- :func:`version`: a number that changes whenever hands are added (the page polls it);
- :func:`hand_count`: how many hands are stored.

``db`` is anything with ``con``, a DuckDB connection on the tables of
:mod:`showdown.tracker.schema`.

>>> import duckdb
>>> from types import SimpleNamespace
>>> from showdown.tracker.schema import create
>>> db = SimpleNamespace(con=duckdb.connect())
>>> create(db.con)
>>> games(db), live_tables(db), version(db), hand_count(db)
([], [], 0, 0)
"""

from __future__ import annotations

import datetime
from typing import Any

__all__ = ["LIVE_TABLES", "LIVE_WINDOW", "games", "hand_count", "live_tables", "version"]

#: A table is current when its newest hand is at most this long before the newest of all.
LIVE_WINDOW = datetime.timedelta(minutes=30)
#: At most this many tables are shown live (the newest first).
LIVE_TABLES = 12


def games(db: Any) -> list[str]:
    """The games of the stored hands, the most played first."""
    rows = db.con.execute(
        "SELECT game FROM hands GROUP BY game ORDER BY count(*) DESC, game").fetchall()
    return [r[0] for r in rows]


def version(db: Any) -> int:
    """The newest hand's id (0: none): grows with every hand stored."""
    found = db.con.execute("SELECT coalesce(max(hand_id), 0) FROM hands").fetchone()
    return int(found[0]) if found else 0


def hand_count(db: Any) -> int:
    """The number of hands stored."""
    found = db.con.execute("SELECT count(*) FROM hands").fetchone()
    return int(found[0]) if found else 0


def live_tables(db: Any) -> list[dict[str, Any]]:
    """The newest hand of each current table, with the players dealt in it.

    Each table: ``room``, ``table``, ``hand``, ``played_at``, ``game``, ``big_blind``,
    ``currency`` and ``players`` (``seat``, ``player``, ``position``, ``stack`` at the
    start of that hand, ``net`` in it), the newest table first.
    """
    rows = db.con.execute(
        "SELECT hand_id, room, table_name, hand, played_at, game, big_blind, currency FROM ("
        " SELECT *, row_number() OVER (PARTITION BY room, table_name"
        "   ORDER BY played_at DESC NULLS LAST, hand_id DESC) AS k FROM hands) "
        "WHERE k = 1 ORDER BY played_at DESC NULLS LAST, hand_id DESC LIMIT ?",
        [LIVE_TABLES]).fetchall()
    newest = max((r[4] for r in rows if r[4] is not None), default=None)
    tables = []
    for hand_id, room, table, hand, at, game, big_blind, currency in rows:
        if newest is not None and (at is None or newest - at > LIVE_WINDOW):
            continue
        seated = db.con.execute(
            "SELECT seat, player, position, starting_stack, net FROM hand_players "
            "WHERE hand_id = ? ORDER BY seat", [hand_id]).fetchall()
        tables.append({
            "room": room, "table": table, "hand": hand, "played_at": at, "game": game,
            "big_blind": big_blind, "currency": currency,
            "players": [{"seat": s, "player": p, "position": pos, "stack": stack, "net": net}
                        for s, p, pos, stack, net in seated],
        })
    return tables
