"""Opening a hand database: :func:`open_database`, and :class:`Database` around it.

A database is one DuckDB file holding the tables of :mod:`showdown.tracker.schema`.
A file that is not one (another program's file, a damaged or a truncated database,
a hand database of another schema version) is refused with its path and what is
wrong, never replaced; a file another process is writing is refused with that reason.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "hands.duckdb"
>>> with open_database(path, create=True) as db:
...     db.hand_count()
0
>>> _ = path.with_name("notes.txt").write_text("not a database")
>>> open_database(path.with_name("notes.txt"))
Traceback (most recent call last):
...
showdown.tracker.database.DatabaseError: .../notes.txt: not a hand database (not a DuckDB file)
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from showdown.tracker import schema

if TYPE_CHECKING:
    from types import TracebackType

__all__ = ["Database", "DatabaseError", "count", "first_row", "named_errors", "open_database"]


def first_row(con: Any, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
    """The first row of a query, or ``None``; the result is read to its end (DuckDB
    keeps a connection busy until then)."""
    rows = con.execute(sql, list(params)).fetchall()
    return tuple(rows[0]) if rows else None


def count(con: Any, sql: str, params: Sequence[Any] = ()) -> int:
    """The single number a query gives (``0`` for none)."""
    row = first_row(con, sql, params)
    return int(row[0]) if row and row[0] is not None else 0


class DatabaseError(Exception):
    """A database that cannot be opened or used: the message names its path."""


class Database:
    """An open hand database: ``con`` is its DuckDB connection, ``path`` its file
    (``None`` in memory). Use it as a context manager, or :meth:`close` it."""

    def __init__(self, con: Any, path: Path | None) -> None:
        self.con = con
        self.path = path

    def close(self) -> None:
        """Close the connection (what was committed stays)."""
        self.con.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def hand_count(self) -> int:
        """The number of hands stored."""
        return count(self.con, "SELECT count(*) FROM hands")

    def refused_count(self) -> int:
        """The number of hands and files kept as refused."""
        return count(self.con, "SELECT count(*) FROM refused")

    def __repr__(self) -> str:
        return f"<Database {self.path or ':memory:'}>"


def _reason(exc: Exception) -> str:
    """What is wrong with a database file, from DuckDB's error.

    >>> _reason(OSError('IO Error: Could not set lock on file "a.duckdb": Conflicting lock'))
    'in use by another process (a running import or tracker page)'
    >>> _reason(OSError("Corrupt database file: computed checksum 1 does not match stored "
    ...                 "checksum 2 in block at location 3"))[:18]
    'a damaged database'
    """
    text = str(exc)
    lowered = text.lower()
    if re.search(r"\block\b", lowered):  # (a damaged block is not a lock)
        return "in use by another process (a running import or tracker page)"
    if "not a valid duckdb" in lowered or "not a duckdb" in lowered or "magic" in lowered:
        return "not a hand database (not a DuckDB file)"
    if "version" in lowered and "storage" in lowered:
        return "a DuckDB file of another DuckDB version"
    first = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    return f"a damaged database ({first})"


@contextmanager
def named_errors(db: Database) -> Iterator[Database]:
    """``db``, whose DuckDB errors while it is used (a damaged block a query reads, a
    full disk, another process's lock) become a :class:`DatabaseError` naming its file.
    Errors in a query's text (DuckDB's ``ProgrammingError``) are left as they are: they
    are mistakes of the code, not of the file.

    >>> with open_database(None) as db, named_errors(db):
    ...     db.hand_count()
    0
    """
    import duckdb

    try:
        yield db
    except duckdb.ProgrammingError:
        raise
    except duckdb.Error as exc:
        raise DatabaseError(f"{db.path or ':memory:'}: {_reason(exc)}") from None


def open_database(path: str | Path | None, *, create: bool = False,
                  read_only: bool = False) -> Database:
    """Open the hand database at ``path`` (``None``: a new one in memory).

    ``create``: make the file (and its folder) when it does not exist; else a
    missing file is a :class:`DatabaseError`. A DuckDB file without the tables of a
    hand database, or of another schema version, is refused.
    """
    import duckdb

    if path is None:
        con = duckdb.connect()
        schema.create(con)
        return Database(con, None)
    path = Path(path)
    if path.is_dir():
        raise DatabaseError(f"{path}: a folder, not a hand database file")
    exists = path.exists()
    if not exists and not create:
        raise DatabaseError(f"{path}: no hand database there (import hands first: "
                            "showdown db import PATH --db FILE)")
    if not exists:
        path.parent.mkdir(parents=True, exist_ok=True)
    try:
        con = duckdb.connect(str(path), read_only=read_only and exists)
    except duckdb.Error as exc:
        raise DatabaseError(f"{path}: {_reason(exc)}") from None
    try:
        tables = {r[0] for r in con.execute(
            "SELECT table_name FROM information_schema.tables").fetchall()}
        if exists and tables and "meta" not in tables:
            raise DatabaseError(f"{path}: a DuckDB file, but not a hand database "
                                f"(its tables: {', '.join(sorted(tables)[:5])})")
        if "meta" in tables:
            found = first_row(con, "SELECT value FROM meta WHERE key = 'schema'")
            if found is None or found[0] != str(schema.VERSION):
                version = found[0] if found else "none"
                raise DatabaseError(f"{path}: a hand database of schema version {version}; "
                                    f"this version of showdown reads version {schema.VERSION}")
        if not read_only or not exists:
            schema.create(con)
    except DatabaseError:
        con.close()
        raise
    except duckdb.Error as exc:
        con.close()
        raise DatabaseError(f"{path}: {_reason(exc)}") from None
    return Database(con, path)
