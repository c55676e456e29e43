"""The hand database's tables: created once, in a real DuckDB file, and described in the docs."""

from __future__ import annotations

from pathlib import Path

import duckdb

from showdown.tracker.schema import STAT_COLUMNS, TABLES, VERSION, create

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_create_twice_keeps_one_version_row(tmp_path: Path) -> None:
    path = tmp_path / "hands.duckdb"
    with duckdb.connect(str(path)) as con:
        create(con)
        create(con)
        assert con.execute("SELECT key, value FROM meta").fetchall() == [("schema", str(VERSION))]
    with duckdb.connect(str(path)) as con:
        found = con.execute("SELECT table_name FROM information_schema.tables").fetchall()
    names = {r[0] for r in found}
    assert names == set(TABLES)


def test_every_counter_is_a_column_of_hand_players() -> None:
    con = duckdb.connect()
    create(con)
    columns = {r[0] for r in con.execute("DESCRIBE hand_players").fetchall()}
    assert set(STAT_COLUMNS) <= columns


def test_a_hand_is_stored_once_per_room_and_number() -> None:
    con = duckdb.connect()
    create(con)
    insert = "INSERT OR IGNORE INTO hands (hand_id, room, hand, game) VALUES (?, ?, ?, 'NT')"
    con.execute(insert, [1, "pokerstars", "42"])
    con.execute(insert, [2, "pokerstars", "42"])
    con.execute(insert, [3, "ggpoker", "42"])
    assert con.execute("SELECT count(*) FROM hands").fetchall() == [(2,)]
