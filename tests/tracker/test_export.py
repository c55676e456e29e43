"""The database as Parquet: every table read back equal, hand_players in ordered parts."""

from __future__ import annotations

from pathlib import Path

import duckdb
import pytest

from helpers.tracker_rows import write_hands
from showdown.tracker.export import export_parquet
from showdown.tracker.schema import TABLES, create

HANDS = 2500  # 15,000 hand_players rows: parts of 4,000, 4,000, 4,000 and 3,000


@pytest.fixture
def con(tmp_path: Path) -> duckdb.DuckDBPyConnection:
    con = duckdb.connect(str(tmp_path / "hands.duckdb"))
    write_hands(con, HANDS)
    con.execute("INSERT INTO files VALUES (1, 'C:\\hh\\it''s.txt', 1234, 1.5e9, 2500, 1, "
                "true, '2024-03-02 10:00')")  # fmt: skip
    con.execute("INSERT INTO actions SELECT hand_id, n, n // 4, n % 6 + 1, 'p' || (n % 6 + 1) "
                "|| ' cbr 1.50' FROM hands, range(9) AS r(n)")  # fmt: skip
    con.execute("INSERT INTO refused VALUES (1, 'C:\\hh\\it''s.txt', '2300001', "
                "'pokerstars', 'the pot does not add up', '2024-03-02 10:00')")  # fmt: skip
    return con


def same(con: duckdb.DuckDBPyConnection, table: str, source: str) -> bool:
    """The table and the Parquet rows hold the same multiset of rows, with the same types."""
    differ = con.execute(
        f"SELECT count(*) FROM ((SELECT * FROM {table} EXCEPT ALL SELECT * FROM {source})"
        f" UNION ALL (SELECT * FROM {source} EXCEPT ALL SELECT * FROM {table}))"
    ).fetchone()
    kinds = [con.execute(f"DESCRIBE SELECT * FROM {s}").fetchall() for s in (table, source)]
    return differ == (0,) and [k[:2] for k in kinds[0]] == [k[:2] for k in kinds[1]]


def test_every_table_comes_back_equal(con: duckdb.DuckDBPyConnection, tmp_path: Path) -> None:
    folder = tmp_path / "export"
    written = export_parquet(con, folder, rows_per_file=4000)
    names = sorted(p.relative_to(folder).as_posix() for p in written)
    assert names == sorted(
        [f"{t}.parquet" for t in TABLES if t != "hand_players"]
        + [f"hand_players/part-{k:04d}.parquet" for k in range(4)]
    )
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.parquet")) == names
    for table in TABLES:
        source = (f"read_parquet('{folder}/hand_players/*.parquet')" if table == "hand_players"
                  else f"read_parquet('{folder}/{table}.parquet')")  # fmt: skip
        assert same(con, table, source), table
        count = con.execute(f"SELECT count(*) FROM {table}").fetchone()
        assert count is not None and (table == "meta" or count[0] > 0), table


def test_hand_players_parts_are_ordered_and_no_longer_than_asked(
    con: duckdb.DuckDBPyConnection, tmp_path: Path
) -> None:
    parts = [p for p in export_parquet(con, tmp_path / "x", rows_per_file=4000)
             if p.parent.name == "hand_players"]  # fmt: skip
    sizes, keys = [], []
    for part in parts:
        rows = con.execute(f"SELECT hand_id, seat FROM read_parquet('{part}')").fetchall()
        sizes.append(len(rows))
        keys += rows
    assert sizes == [4000, 4000, 4000, 3000]
    assert keys == con.execute("SELECT hand_id, seat FROM hand_players ORDER BY ALL").fetchall()


def test_an_exact_multiple_makes_no_empty_part(
    con: duckdb.DuckDBPyConnection, tmp_path: Path
) -> None:
    written = export_parquet(con, tmp_path / "x", rows_per_file=HANDS * 6 // 2)
    assert [p.name for p in written if p.parent.name == "hand_players"] == [
        "part-0000.parquet", "part-0001.parquet"]  # fmt: skip


def test_an_empty_database_still_writes_every_table_s_columns(tmp_path: Path) -> None:
    con = duckdb.connect()
    create(con)
    folder = tmp_path / "empty"
    written = export_parquet(con, folder)
    assert folder / "hand_players" / "part-0000.parquet" in written
    for table in TABLES:
        source = (f"read_parquet('{folder}/hand_players/part-0000.parquet')"
                  if table == "hand_players" else f"read_parquet('{folder}/{table}.parquet')")
        assert same(con, table, source), table


def test_a_folder_with_other_files_is_refused_and_left_alone(
    con: duckdb.DuckDBPyConnection, tmp_path: Path
) -> None:
    folder = tmp_path / "busy"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(ValueError) as caught:
        export_parquet(con, folder)
    message = str(caught.value)
    assert "\n" not in message
    assert message == (f"the folder {folder} holds other files (notes.txt); "
                       "export into a new or empty folder")  # fmt: skip
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]


def test_a_file_or_a_bad_part_size_is_refused(
    con: duckdb.DuckDBPyConnection, tmp_path: Path
) -> None:
    path = tmp_path / "a-file"
    path.write_text("")
    with pytest.raises(ValueError, match="is a file, not a folder"):
        export_parquet(con, path)
    with pytest.raises(ValueError, match="rows_per_file must be a positive integer, got 0"):
        export_parquet(con, tmp_path / "new", rows_per_file=0)
    assert not (tmp_path / "new").exists()
