"""A folder followed as the room's client writes it: :class:`Watcher`.

Every ``interval`` seconds the folder's hand-history files are looked at; a file that
is new or changed since its import is imported again (its hands already stored are
not stored twice). A file changed less than ``quiet`` seconds ago may end in a hand
still being written: its last hand is left for a later round, and taken once the file
has been still for ``quiet`` seconds.

>>> import pathlib, tempfile
>>> from showdown.tracker.database import open_database
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with open_database(None) as db:
...     watcher = Watcher(db, folder, interval=0, quiet=0)
...     watcher.round().new
0
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from showdown.phh.corpus.files import find_files
from showdown.phh.errors import MalformedHistory
from showdown.tracker.database import first_row
from showdown.tracker.ingest import ImportSummary, write_rows
from showdown.tracker.reading import file_rows

if TYPE_CHECKING:
    from showdown.tracker.database import Database

__all__ = ["Watcher"]


class Watcher:
    """Imports what is new in ``folder`` at each :meth:`round`; :meth:`run` loops."""

    def __init__(self, db: Database, folder: str | Path, *, interval: float = 2.0,
                 quiet: float = 3.0) -> None:
        self.db = db
        self.folder = Path(folder)
        self.interval = interval
        self.quiet = quiet

    def _files(self) -> list[str]:
        try:
            return [str(Path(f).resolve()) for f in find_files([self.folder])]
        except MalformedHistory:  # no hand history in the folder yet
            return []

    def _known(self, path: str) -> tuple[int, float, bool] | None:
        found = first_row(self.db.con, "SELECT size, mtime, complete FROM files "
                                       "WHERE path = ?", [path])
        return None if found is None else (found[0], found[1], bool(found[2]))

    def round(self, now: float | None = None) -> ImportSummary:
        """Import every file new or changed since the last look; returns what was done."""
        summary = ImportSummary()
        now = time.time() if now is None else now
        for path in self._files():
            try:
                st = os.stat(path)
            except OSError:
                continue
            known = self._known(path)
            if known is not None and known[2] and (known[0], known[1]) == (st.st_size,
                                                                         st.st_mtime):
                continue
            still = now - st.st_mtime >= self.quiet
            rows = file_rows(path, hold_last=not still)
            write_rows(self.db, rows, path, complete=still, summary=summary)
        return summary

    def run(self, report: Callable[[ImportSummary], None] | None = None,
            rounds: int | None = None) -> None:
        """Look every ``interval`` seconds until interrupted (or ``rounds`` looks)."""
        done = 0
        while rounds is None or done < rounds:
            summary = self.round()
            if report is not None and (summary.new or summary.refused):
                report(summary)
            done += 1
            if rounds is None or done < rounds:
                time.sleep(self.interval)
