"""Saves that cannot be lost: the start-up check, rotating backups and restore.

A game file is checked before anything is served (:func:`check_database`):
SQLite's ``PRAGMA quick_check`` over every page, plus the signs of a file
that was a game and is no more (empty or missing while backups exist, a
write-ahead log deleted after an unclean stop). Damage is never repaired or
replaced silently: it raises :class:`DamagedDatabase`, whose message says
what happened and offers the latest good backup.

Backups are whole copies made with SQLite's online backup API (consistent
even while the game is being played), kept in ``<file>.backups/``, the
newest :data:`KEEP` of them. :func:`restore` puts the latest good one in place
of a damaged file and keeps the damaged file aside, never deleting it.

>>> import tempfile, os, sqlite3
>>> folder = tempfile.mkdtemp()
>>> db = os.path.join(folder, "game.sqlite3")
>>> from showdown.game.service import GameService
>>> svc = GameService(db)
>>> _ = svc.state("ann")
>>> backups = Backups(db)
>>> taken = backups.take(svc.store.connection())
>>> svc.close()
>>> check_database(db)                       # a good file: nothing to say
>>> _ = open(db, "wb").close()               # the file is emptied
>>> check_database(db)
Traceback (most recent call last):
...
showdown.game.backup.DamagedDatabase: the game database ... is empty (0 bytes) although it ...
>>> report = restore(db)
>>> report.rounds, report.backup == taken, os.path.exists(report.kept_aside)
(0, True, True)
>>> check_database(db)
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

__all__ = [
    "KEEP",
    "BackupWorker",
    "Backups",
    "DamagedDatabase",
    "Restored",
    "check_database",
    "restore",
]

#: Backups kept per game file (the oldest is removed when a new one is taken).
KEEP = 5
_SUFFIX = ".sqlite3"


class DamagedDatabase(Exception):
    """The game file cannot be trusted; the message says what happened and the way out."""

    def __init__(self, path: str | os.PathLike[str], what: str) -> None:
        self.path = Path(path)
        self.what = what
        super().__init__(f"the game database {self.path} {what}; {_way_out(self.path)}")


def _way_out(path: Path) -> str:
    good = Backups(path).latest_good()
    if good is None:
        return (
            "there is no good backup of it. Nothing was changed: move the file away "
            "to start a new game"
        )
    backup, rounds = good
    return (
        f"nothing was changed. Run 'showdown play --db {path} --restore' to put back the "
        f"latest good backup ({backup.name}, {_rounds(rounds)}); the damaged file will be "
        "kept aside"
    )


def _rounds(n: int) -> str:
    return f"{n} round" + ("" if n == 1 else "s")


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def settled_rounds(conn: sqlite3.Connection) -> int:
    """How many settled rounds a game database holds (0 for a new file)."""
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "rounds" not in tables:
        return 0
    return int(conn.execute("SELECT COUNT(*) FROM rounds WHERE phase = 'settled'").fetchone()[0])


def open_readonly(path: str | os.PathLike[str]) -> sqlite3.Connection:
    """A read-only connection that leaves no ``-wal``/``-shm`` files behind.

    Without a log to read (no ``-wal`` file) the file is opened immutable; with
    one (after an unclean stop) read-only, through the log.
    """
    path = Path(path)
    mode = "ro" if Path(f"{path}-wal").exists() else "ro&immutable=1"
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode={mode}", uri=True)


def _problem(path: Path) -> str | None:
    """What is wrong with the SQLite file ``path`` (``None``: it is a sound game file)."""
    try:
        conn = open_readonly(path)
    except sqlite3.Error as exc:
        return f"cannot be opened ({exc})"
    try:
        rows = [r[0] for r in conn.execute("PRAGMA quick_check")]
        if rows != ["ok"]:
            return f"is damaged (SQLite's check says: {rows[0]})"
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if tables and "profiles" not in tables:
            return "is not a Poker vs Dealer database (it has no profiles table)"
        if "rounds" in tables:
            conn.execute("SELECT COUNT(*) FROM rounds WHERE phase = 'settled'").fetchone()
        return None
    except sqlite3.Error as exc:
        return f"is damaged ({exc})"
    finally:
        conn.close()


def check_database(path: str | os.PathLike[str]) -> None:
    """Raise :class:`DamagedDatabase` unless ``path`` is a sound game file or a new one.

    A missing or empty file is a new game, unless backups of it exist: then it
    was a game and has been lost. A ``-shm`` index left without its ``-wal``
    log means the log of an unclean stop was deleted (its steps are gone).
    """
    path = Path(path)
    has_backups = bool(Backups(path).all())
    if not path.exists():
        if has_backups:
            raise DamagedDatabase(path, "is missing although it has backups")
        return
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    if shm.exists() and not wal.exists() and path.stat().st_size > 0:
        raise DamagedDatabase(
            path,
            f"lost its write-ahead log ({wal.name} was deleted after the game was not stopped "
            "cleanly), so its latest steps are missing",
        )
    if path.stat().st_size == 0:
        if has_backups:
            raise DamagedDatabase(path, "is empty (0 bytes) although it has backups")
        return
    problem = _problem(path)
    if problem is not None:
        raise DamagedDatabase(path, problem)


class Backups:
    """The rotating backups of one game file, in ``<file>.backups/``."""

    def __init__(self, db_path: str | os.PathLike[str], keep: int = KEEP) -> None:
        self.db_path = Path(db_path)
        self.folder = self.db_path.with_name(self.db_path.name + ".backups")
        self.keep = keep

    def all(self) -> list[Path]:
        """Every backup, newest first."""
        if not self.folder.is_dir():
            return []
        found = [p for p in self.folder.iterdir() if p.name.endswith(_SUFFIX) and p.is_file()]
        return sorted(found, key=lambda p: p.name, reverse=True)

    def take(self, source: sqlite3.Connection) -> Path:
        """Copy the database behind ``source`` (a consistent snapshot); keep the newest few."""
        self.folder.mkdir(parents=True, exist_ok=True)
        final = self.folder / f"{self.db_path.stem}-{_stamp()}{_SUFFIX}"
        partial = final.with_name(final.name + ".partial")
        dest = sqlite3.connect(partial)
        try:
            source.backup(dest)
        finally:
            dest.close()
        os.replace(partial, final)
        for old in self.all()[self.keep :]:
            old.unlink(missing_ok=True)
        return final

    def latest_good(self) -> tuple[Path, int] | None:
        """The newest backup that passes the check, and its settled rounds."""
        for backup in self.all():
            if backup.stat().st_size == 0 or _problem(backup) is not None:
                continue
            conn = open_readonly(backup)
            try:
                return backup, settled_rounds(conn)
            finally:
                conn.close()
        return None


class BackupWorker:
    """Takes backups in one background thread, so that no request waits for a copy.

    :meth:`request` asks for a backup of the state committed so far; requests
    made while a copy runs are served by one more copy after it.
    """

    def __init__(self, take: Callable[[], Path]) -> None:
        self._take = take
        self._wake = threading.Event()
        self._stopping = False
        self._thread: threading.Thread | None = None
        self._guard = threading.Lock()
        self.taken = 0

    def request(self) -> None:
        with self._guard:
            if self._stopping:
                return
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="backups", daemon=True)
                self._thread.start()
        self._wake.set()

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()  # a request after this line gets one more copy
            if self._stopping:
                return
            try:
                self._take()
                self.taken += 1
            except (OSError, sqlite3.Error) as exc:
                print(f"warning: could not take a backup of the game: {exc}", file=sys.stderr)

    def close(self) -> None:
        """Finish the copy under way (if any) and stop the thread."""
        with self._guard:
            self._stopping = True
            thread = self._thread
        self._wake.set()
        if thread is not None:
            thread.join(timeout=60)


@dataclass(frozen=True)
class Restored:
    """What :func:`restore` did: which backup, its settled rounds, where the old file went."""

    backup: Path
    rounds: int
    kept_aside: Path | None

    def message(self, db_path: str | os.PathLike[str]) -> str:
        aside = f"; the damaged file is kept as {self.kept_aside}" if self.kept_aside else ""
        return (
            f"Restored {db_path} from the backup {self.backup.name} "
            f"({_rounds(self.rounds)}){aside}."
        )


class NoBackup(Exception):
    """``restore`` found no good backup to put back."""


def restore(db_path: str | os.PathLike[str]) -> Restored:
    """Put the latest good backup in place of ``db_path``; the old file is moved aside."""
    path = Path(db_path)
    good = Backups(path).latest_good()
    if good is None:
        raise NoBackup(f"there is no good backup of {path} to restore (looked in {path}.backups/)")
    backup, rounds = good
    aside: Path | None = None
    stamp = _stamp()
    for suffix in ("", "-wal", "-shm"):
        current = Path(f"{path}{suffix}")
        if current.exists():
            moved = path.with_name(f"{path.name}.damaged-{stamp}{suffix}")
            os.replace(current, moved)
            if suffix == "":
                aside = moved
    partial = path.with_name(path.name + ".restoring")
    shutil.copyfile(backup, partial)
    os.replace(partial, path)
    return Restored(backup, rounds, aside)
