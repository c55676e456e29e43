"""Players' figures over a Parquet folder (``showdown db export``), on many workers.

Each ``hand_players`` file of the folder is summed on its own (DuckDB reading the
file where the worker runs), the partial sums are added here
(:func:`~showdown.tracker.figures.merge`) and turned into the same objects as
:func:`showdown.tracker.query.players` gives over the database: sums of sums are sums.
``executor``: any :class:`concurrent.futures.Executor` (a Dask cluster's, from
``--scheduler``); ``None`` sums the files here, one after another.

>>> import pathlib, tempfile
>>> parquet_players(pathlib.Path(tempfile.mkdtemp()), Filters())  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: ... holds no hand_players Parquet file (write one with: ...)
"""

from __future__ import annotations

from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from showdown.tracker.filters import Filters
from showdown.tracker.query import finish, player_sums

__all__ = ["parquet_files", "parquet_players", "sums_of_file"]


def parquet_files(folder: str | Path) -> list[str]:
    """The ``hand_players`` Parquet files of an export, in order."""
    root = Path(folder)
    files = sorted(str(p) for p in (root / "hand_players").glob("*.parquet"))
    if not files and (root / "hand_players.parquet").is_file():
        files = [str(root / "hand_players.parquet")]
    if not files:
        raise ValueError(f"{root}: holds no hand_players Parquet file (write one with: "
                         "showdown db export --parquet DIR)")
    return files


def sums_of_file(file: str, filters: Filters, by: str | None) -> list[dict[str, Any]]:
    """The partial sums of one Parquet file (runs on a worker)."""
    import duckdb

    con = duckdb.connect()
    try:
        quoted = file.replace("'", "''")
        return player_sums(con, f"read_parquet('{quoted}')", filters, by)
    finally:
        con.close()


def parquet_players(folder: str | Path, filters: Filters, by: str | None = None,
                    executor: Executor | None = None) -> list[dict[str, Any]]:
    """Each player's figures over an export's files (see the module's docstring).

    The players' rows of an export do not name their room: a ``room`` filter is a
    :class:`ValueError` (ask the database instead).
    """
    if filters.room is not None:
        raise ValueError("the room filter (--room) needs the database: the players' rows "
                         "of a Parquet export do not name their room")
    files = parquet_files(folder)
    n = len(files)
    run = map if executor is None else executor.map
    parts = run(sums_of_file, files, [filters] * n, [by] * n)
    rows = [row for part in parts for row in part]
    return finish(rows, filters, by)
