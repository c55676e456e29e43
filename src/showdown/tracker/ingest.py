"""Importing hands into a database: :func:`import_paths`, and what it counted.

Files are read, replayed and settled by :func:`~showdown.tracker.reading.file_rows`
(here, in local processes or on a Dask cluster) and written here, one file per
transaction: a hand already stored (same room and number) is not stored again; a hand
that does not read is kept in ``refused`` with its file, place and reason; the file is
marked complete only when its last hand is committed. A file already imported whole and
unchanged since (same size and time) is not read again. So an import killed at any
moment leaves a database that opens, and the next import completes it.

>>> import pathlib, tempfile
>>> from showdown.tracker.database import open_database
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.phh").write_text('variant = "NT"\\nantes = [0, 0]\\n'
...     'blinds_or_straddles = [1, 2]\\nmin_bet = 2\\nstarting_stacks = [10, 10]\\n'
...     'actions = ["p2 f"]\\nhand = 5\\n')
>>> with open_database(None) as db:
...     first = import_paths(db, [folder])
...     again = import_paths(db, [folder / "a.phh"])
...     (first.new, first.already), (again.new, again.already), db.hand_count()
((1, 0), (0, 1), 1)
"""

from __future__ import annotations

import datetime
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from showdown.phh.corpus.files import find_files
from showdown.phh.errors import HistoryError
from showdown.tracker.database import count, first_row
from showdown.tracker.hand_rows import MICRO, MONEY, Rows
from showdown.tracker.reading import file_rows

if TYPE_CHECKING:
    from showdown.tracker.database import Database

__all__ = ["ImportSummary", "import_paths", "write_rows"]

#: Called after each file: (files done, files in all, the summary so far).
Progress = Callable[[int, int, "ImportSummary"], None]


@dataclass
class ImportSummary:
    """What an import did: files read and skipped, hands new and already there, hands
    and files refused by reason."""

    files: int = 0
    unchanged: int = 0
    new: int = 0
    already: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    skipped: list[tuple[str, str]] = field(default_factory=list)

    @property
    def refused_count(self) -> int:
        """Hands and files refused."""
        return sum(self.refused.values())

    def lines(self) -> list[str]:
        """The summary in words, a line each.

        >>> s = ImportSummary(files=2, new=10, already=3, refused=Counter({"x": 2}))
        >>> s.lines()
        ['2 files read: 10 new hands, 3 already there, 2 refused', '  2 refused: x']
        """
        head = f"{self.files} files read"
        if self.unchanged:
            head += f" ({self.unchanged} unchanged since their import, not read again)"
        out = [f"{head}: {self.new} new hands, {self.already} already there, "
               f"{self.refused_count} refused"]
        out += [f"  {n} refused: {reason}" for reason, n in self.refused.most_common()]
        if self.skipped:
            out.append(f"  {len(self.skipped)} files of the folders skipped (no hand history)")
        return out


def _reason_kind(reason: str) -> str:
    """A refusal's reason without the hand's own numbers, to count reasons together."""
    head = reason.split(": ", 1)[0] if reason.startswith("action ") else reason
    return head[:160]


def _arrow(columns: dict[str, list[Any]]) -> Any:
    import pyarrow as pa

    return pa.table({name: pa.array(values) for name, values in columns.items()})


#: One millionth as DuckDB multiplies it exactly (amounts are integers of 1 / MICRO).
_MILLIONTH = f"{1 / MICRO:.6f}::DECIMAL(18, 6)"


#: The amounts of each table (``pots.pot`` is the pot's number, ``hands.pot`` an amount).
_AMOUNTS = {"pots": frozenset({"amount", "share"})}


def _select(columns: Iterable[str], offset: int, table: str = "hands") -> str:
    """The SELECT list that turns a batch's columns into the table's: ids moved past
    the stored ones, millionths made DECIMAL."""
    amounts = _AMOUNTS.get(table, MONEY)
    out = []
    for c in columns:
        if c == "hand_id":
            out.append(f"hand_id + {offset} AS hand_id")
        elif c in amounts:
            out.append(f"CAST({c} AS BIGINT) * {_MILLIONTH} AS {c}")
        else:
            out.append(c)
    return ", ".join(out)


def _file_state(path: str) -> tuple[int, float]:
    try:
        st = os.stat(path)
    except OSError:
        return -1, 0.0
    return st.st_size, st.st_mtime


def write_rows(db: Database, rows: Rows, path: str, *, complete: bool = True,
               summary: ImportSummary | None = None) -> tuple[int, int]:
    """Write one file's rows in one transaction; returns (new hands, already there)."""
    con = db.con
    size, mtime = _file_state(path)
    now = datetime.datetime.now()
    con.execute("BEGIN TRANSACTION")
    try:
        found = first_row(con, "SELECT file_id FROM files WHERE path = ?", [path])
        if found is None:
            file_id = count(con, "SELECT coalesce(max(file_id), 0) + 1 FROM files")
        else:
            file_id = found[0]
        offset = count(con, "SELECT coalesce(max(hand_id), -1) + 1 FROM hands")
        new = 0
        if len(rows):
            rows.hands["file_id"] = [file_id] * len(rows)
            batch = _arrow(rows.hands)
            con.register("batch_hands", batch)
            con.execute(f"INSERT OR IGNORE INTO hands ({', '.join(rows.hands)}) SELECT "
                        f"{_select(rows.hands, offset)} "
                        "FROM batch_hands")
            con.unregister("batch_hands")
            new = count(con, "SELECT count(*) FROM hands WHERE hand_id >= ?", [offset])
            for table, columns in (("hand_players", rows.players), ("actions", rows.actions),
                                   ("pots", rows.pots)):
                if not columns["hand_id"]:
                    continue
                con.register("batch_rows", _arrow(columns))
                con.execute(
                    f"INSERT INTO {table} ({', '.join(columns)}) SELECT "
                    f"{_select(columns, offset, table)} FROM batch_rows "
                    f"WHERE hand_id + {offset} IN "
                    "(SELECT hand_id FROM hands WHERE hand_id >= ?)", [offset])
                con.unregister("batch_rows")
        # the file is read whole again: its refusals are this reading's (a hand refused
        # while the client was still writing it, and stored now, is refused no more)
        con.execute("DELETE FROM refused WHERE path = ?", [path])
        for place, room, reason in rows.refused:
            con.execute("INSERT OR IGNORE INTO refused VALUES (?, ?, ?, ?, ?, ?)",
                        [file_id, path, place, room or None, reason, now])
        hands = len(rows)
        values = [size, mtime, hands, len(rows.refused), complete, now]
        if found is None:
            con.execute("INSERT INTO files VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        [file_id, path, *values])
        else:
            con.execute("UPDATE files SET size = ?, mtime = ?, hands = ?, refused = ?, "
                        "complete = ?, imported_at = ? WHERE file_id = ?", [*values, file_id])
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    if summary is not None:
        summary.files += 1
        summary.new += new
        summary.already += hands - new
        summary.refused.update(_reason_kind(r[2]) for r in rows.refused)
    return new, hands - new


def _unchanged(db: Database, path: str) -> int | None:
    """The hands of a file imported whole and unchanged since, else ``None``."""
    found = first_row(db.con, "SELECT size, mtime, hands, complete FROM files WHERE path = ?",
                      [path])
    if found is None or not found[3]:
        return None
    size, mtime = _file_state(path)
    if (size, mtime) != (found[0], found[1]):
        return None
    return int(found[2] or 0)


def _results(files: list[str], workers: int, executor: Executor | None
             ) -> Iterator[Rows]:
    if executor is not None:
        yield from executor.map(file_rows, files)
    elif workers > 1 and len(files) > 1:
        with ProcessPoolExecutor(workers) as pool:
            yield from pool.map(file_rows, files, chunksize=1)
    else:
        yield from map(file_rows, files)


def import_paths(db: Database, paths: Iterable[str | Path], *, workers: int = 1,
                 executor: Executor | None = None, progress: Progress | None = None,
                 ) -> ImportSummary:
    """Import every hand-history file of ``paths`` (files, folders searched recursively:
    room files, PHH, gzip'd or not) into ``db``; returns what was done.

    A folder's files that hold no hand history are listed in ``skipped`` (and kept in
    ``refused`` with place ``""``); a path that does not exist raises
    :class:`~showdown.phh.errors.MalformedHistory`.
    """
    summary = ImportSummary()

    def skip(file: str, reason: str) -> None:
        summary.skipped.append((file, reason))

    files = [str(Path(f).resolve()) if f != "-" else f for f in find_files(paths, skip)]
    if "-" in files:
        raise HistoryError(None, None, "the hand database imports files, not standard input")
    todo = []
    for f in files:
        known = _unchanged(db, f)
        if known is None:
            todo.append(f)
        else:
            summary.unchanged += 1
            summary.already += known
    for file, reason in summary.skipped:
        db.con.execute("INSERT OR IGNORE INTO refused VALUES (NULL, ?, '', NULL, ?, ?)",
                       [str(Path(file).resolve()), f"skipped: {reason}",
                        datetime.datetime.now()])
    for done, (file, rows) in enumerate(zip(todo, _results(todo, workers, executor),
                                            strict=True), 1):
        write_rows(db, rows, file, summary=summary)
        if progress is not None:
            progress(done, len(todo), summary)
    return summary

