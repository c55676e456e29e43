"""The hand database as Parquet files (``showdown db export --parquet DIR``).

Every table of :mod:`~showdown.tracker.schema` becomes ``DIR/<table>.parquet``, written
by DuckDB's ``COPY ... (FORMAT parquet)`` in its key's order, the columns' types kept
(money stays ``DECIMAL(18, 6)``). ``hand_players``, the table the statistics read and
by far the longest, is cut into ``DIR/hand_players/part-0000.parquet``, ``part-0001``,
... of at most ``rows_per_file`` rows each in ``(hand_id, seat)`` order, so a cluster
can hand the parts out to its workers. The folder must be new or empty: an export never
mixes with other files.

>>> import duckdb, tempfile
>>> from pathlib import Path
>>> from showdown.tracker.schema import create
>>> con = duckdb.connect()
>>> create(con)
>>> with tempfile.TemporaryDirectory() as tmp:
...     folder = Path(tmp) / "export"
...     print([p.relative_to(folder).as_posix() for p in export_parquet(con, folder)])
...     try:
...         export_parquet(con, folder)
...     except ValueError as error:
...         print(str(error).replace(tmp, "TMP"))  # doctest: +NORMALIZE_WHITESPACE
['meta.parquet', 'files.parquet', 'hands.parquet', 'hand_players/part-0000.parquet',
 'actions.parquet', 'pots.parquet', 'refused.parquet']
the folder TMP/export holds other files (actions.parquet, files.parquet, hand_players, ...);
 export into a new or empty folder
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from showdown.tracker.schema import TABLES

__all__ = ["SPLIT", "export_parquet"]

#: The table written in parts, in this key's order.
SPLIT = ("hand_players", ("hand_id", "seat"))

# Each table's rows in the order of its key, so that two exports of one database match.
_ORDER = {
    "meta": "key",
    "files": "file_id",
    "hands": "hand_id",
    "actions": "hand_id, n",
    "pots": "hand_id, pot, seat",
    "refused": "path, place",
}


def export_parquet(con: Any, folder: Path, *, rows_per_file: int = 1_000_000) -> list[Path]:
    """Write every table to Parquet under ``folder``; the files written, in order.

    ``con`` is a DuckDB connection to a database of :mod:`~showdown.tracker.schema`.
    ``folder`` is created if missing; a folder that holds anything, or a path that is a
    file, is refused with :class:`ValueError` (nothing written). ``hand_players`` always
    has at least ``part-0000.parquet``, empty if the table is, so a reader finds its
    columns.
    """
    if isinstance(rows_per_file, bool) or not isinstance(rows_per_file, int) or rows_per_file < 1:
        raise ValueError(f"rows_per_file must be a positive integer, got {rows_per_file!r}")
    folder = Path(folder)
    _check_empty(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for table in TABLES:
        if table == SPLIT[0]:
            written += _write_parts(con, folder / table, rows_per_file)
        else:
            path = folder / f"{table}.parquet"
            order = _ORDER.get(table, "ALL")
            _copy(con, f"SELECT * FROM {table} ORDER BY {order}", path)
            written.append(path)
    return written


def _check_empty(folder: Path) -> None:
    """Refuse a path that is a file or a folder with something in it."""
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"{folder} is a file, not a folder; export into a new or empty folder")
    if folder.is_dir():
        names = sorted(p.name for p in folder.iterdir())
        if names:
            shown = ", ".join(names[:3]) + (", ..." if len(names) > 3 else "")
            raise ValueError(f"the folder {folder} holds other files ({shown}); "
                             "export into a new or empty folder")  # fmt: skip


def _write_parts(con: Any, folder: Path, rows: int) -> list[Path]:
    """``hand_players`` in parts of at most ``rows`` rows, in key order.

    The first key of every part is found in one pass (a row number over the key), and
    each part then selects the keys from its first to the next part's first: a range
    the table's zone maps skip to, where ``OFFSET`` would sort the table once a part.
    """
    table, (major, minor) = SPLIT
    folder.mkdir()
    starts = con.execute(
        f"SELECT {major}, {minor} FROM ("
        f"  SELECT {major}, {minor}, row_number() OVER (ORDER BY {major}, {minor}) AS r"
        f"  FROM {table}) WHERE (r - 1) % ? = 0 ORDER BY r",
        [rows],
    ).fetchall()
    bounds: list[tuple[Any, Any] | None] = [*starts, None] if starts else [None, None]
    paths = []
    for k, (low, high) in enumerate(itertools.pairwise(bounds)):
        where, params = [], []
        if low is not None:
            where.append(f"({major} > ? OR ({major} = ? AND {minor} >= ?))")
            params += [low[0], low[0], low[1]]
        if high is not None:
            where.append(f"({major} < ? OR ({major} = ? AND {minor} < ?))")
            params += [high[0], high[0], high[1]]
        condition = " AND ".join(where) or "TRUE"
        path = folder / f"part-{k:04d}.parquet"
        query = f"SELECT * FROM {table} WHERE {condition} ORDER BY {major}, {minor}"
        _copy(con, query, path, params)
        paths.append(path)
    return paths


def _copy(con: Any, query: str, path: Path, params: list[Any] | None = None) -> None:
    """``COPY (query) TO path`` as Parquet (a file name is no parameter: its quotes are
    doubled instead)."""
    target = str(path).replace("'", "''")
    con.execute(f"COPY ({query}) TO '{target}' (FORMAT parquet)", params or [])
