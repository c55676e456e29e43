"""Files' rows written as an import reads them: :class:`Transactions`.

The rows of the files read are inserted in chunks of about :data:`INSERT_HANDS` hands (a
chunk's Arrow tables made at once: a small file's alone would cost more than its rows)
into a transaction committed every :data:`COMMIT_HANDS` hands or so: DuckDB's commit and
checkpoint cost less per hand the more a transaction holds (a row group's worth of rows
is written straight to the file, compressed once), and a transaction per file would cost
milliseconds per file. A file's row in ``files`` is inserted, marked ``complete`` or not,
in the transaction that stores its hands, so a process killed before a commit leaves
none of that transaction's files marked, and the next import reads them again.

>>> import tempfile, pathlib
>>> from showdown.tracker.database import open_database
>>> from showdown.tracker.reading import file_rows
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.phh").write_text('variant = "NT"\\nantes = [0, 0]\\n'
...     'blinds_or_straddles = [1, 2]\\nmin_bet = 2\\nstarting_stacks = [10, 10]\\n'
...     'actions = ["p2 f"]\\nhand = 5\\n')
>>> path = str(folder / "a.phh")
>>> with open_database(None) as db, Transactions(db) as writes:
...     writes.add(file_rows(path), path), [(n, k) for _, _, n, k in writes.close()]
([], [(1, 0)])
"""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING

from showdown.phh.nogc import paused
from showdown.tracker.writing import insert_batch

if TYPE_CHECKING:
    from showdown.tracker.database import Database
    from showdown.tracker.hand_rows import Rows

__all__ = ["COMMIT_HANDS", "INSERT_HANDS", "Transactions", "Written"]

#: Hands whose rows are made into tables and inserted together.
INSERT_HANDS = 5_000
#: Hands a transaction holds before it is committed (about 40 MB of DuckDB's rows).
COMMIT_HANDS = 40_000
#: Files inserted together at most (many files of no hand: each is a row of ``files``).
INSERT_FILES = 1_000

#: A file committed: its rows, its path, its new hands and those already there.
Written = tuple["Rows", str, int, int]


class Transactions:
    """Files' rows inserted in chunks and committed in transactions of many files
    (``insert_hands`` and ``commit_hands``: by default :data:`INSERT_HANDS` and
    :data:`COMMIT_HANDS` as they are when it is made).

    :meth:`add` and :meth:`close` return the files committed by that call, in the order
    they were added. Used as a context manager, an exception rolls back what was not
    committed.
    """

    def __init__(self, db: Database, insert_hands: int | None = None,
                 commit_hands: int | None = None) -> None:
        self.db = db
        self.insert_hands = INSERT_HANDS if insert_hands is None else insert_hands
        self.commit_hands = COMMIT_HANDS if commit_hands is None else commit_hands
        self._pending: list[tuple[Rows, str, bool]] = []
        self._pending_hands = 0
        self._inserted: list[Written] = []
        self._open_hands = 0
        self._open = False

    def add(self, rows: Rows, path: str, complete: bool = True) -> list[Written]:
        """Take one file's rows (``complete``: read to its end)."""
        self._pending.append((rows, path, complete))
        self._pending_hands += len(rows) + len(rows.refused)
        if self._pending_hands < self.insert_hands and len(self._pending) < INSERT_FILES:
            return []
        self._insert()
        if self._open_hands < self.commit_hands:
            return []
        return self._commit()

    def close(self) -> list[Written]:
        """Insert and commit what is left."""
        self._insert()
        return self._commit()

    def rollback(self) -> None:
        """Drop what was not committed."""
        self._pending.clear()
        self._inserted.clear()
        if self._open:
            self._open = False
            self.db.con.execute("ROLLBACK")

    def _insert(self) -> None:
        if not self._pending:
            return
        if not self._open:
            self.db.con.execute("BEGIN TRANSACTION")
            self._open, self._open_hands = True, 0
        with paused():  # the tables made of the rows: many small acyclic containers
            counts = insert_batch(self.db.con, self._pending)
        self._inserted += [(rows, path, new, already) for (rows, path, _), (new, already)
                           in zip(self._pending, counts, strict=True)]
        self._open_hands += self._pending_hands
        self._pending, self._pending_hands = [], 0

    def _commit(self) -> list[Written]:
        if self._open:
            self.db.con.execute("COMMIT")
            self._open = False
        done, self._inserted = self._inserted, []
        return done

    def __enter__(self) -> Transactions:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        if kind is not None:
            self.rollback()
