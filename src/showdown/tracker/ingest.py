"""Importing hands into a database: :func:`import_paths`, and what it counted.

Files are read, replayed and settled by :func:`~showdown.tracker.reading.file_rows`
(here, in local processes or on a Dask cluster) and written as they come by
:class:`~showdown.tracker.transactions.Transactions`, many files a transaction: a hand
already stored (same room and number) is not stored again; a hand that does not read is
kept in ``refused`` with its file, place and reason; a file is marked complete only in
the transaction that stores its last hand. A file already imported whole and
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
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from showdown.phh.corpus.files import find_files
from showdown.phh.errors import HistoryError
from showdown.tracker.reading import file_rows
from showdown.tracker.transactions import Transactions, Written
from showdown.tracker.writing import file_state, tally, write_rows

if TYPE_CHECKING:
    from showdown.tracker.database import Database
    from showdown.tracker.hand_rows import Rows

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


def _unchanged(db: Database, paths: list[str]) -> dict[str, int]:
    """The hands of each of ``paths`` imported whole and unchanged since (one query for
    them all: a query per file costs more than a small file's import)."""
    found = db.con.execute("SELECT path, size, mtime, hands FROM files WHERE complete AND "
                           "list_contains(?, path)", [paths]).fetchall()
    return {path: int(hands or 0) for path, size, mtime, hands in found
            if file_state(path) == (size, mtime)}


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
    unchanged = _unchanged(db, files)
    for f in files:
        known = unchanged.get(f)
        if known is None:
            todo.append(f)
        else:
            summary.unchanged += 1
            summary.already += known
    for file, reason in summary.skipped:
        db.con.execute("INSERT OR IGNORE INTO refused VALUES (NULL, ?, '', NULL, ?, ?)",
                       [str(Path(file).resolve()), f"skipped: {reason}",
                        datetime.datetime.now()])
    done = 0

    def told(written: list[Written]) -> None:
        nonlocal done
        for rows, _, new, already in written:
            tally(summary, rows, new, already)
            done += 1
            if progress is not None:
                progress(done, len(todo), summary)

    with Transactions(db) as writes:
        for file, rows in zip(todo, _results(todo, workers, executor), strict=True):
            told(writes.add(rows, file))
        told(writes.close())
    return summary
