"""SQLite storage of the game (G8): profiles, chips, rounds, steps, balance history, requests.

Every change happens inside :meth:`Store.transaction` (``BEGIN IMMEDIATE``:
one writer at a time, across threads and processes), so a profile's chips, its
table and its round history change together or not at all.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "t.sqlite3")
>>> store = Store(path)
>>> with store.transaction() as db:
...     profile = db.profile("ann")
>>> profile["chips"], profile["button"]
(1000, 2)
>>> store.close()
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from showdown.game import DEFAULT_ANTE, START_CHIPS

SCHEMA = """
CREATE TABLE IF NOT EXISTS profiles (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    chips INTEGER NOT NULL,
    bot1_chips INTEGER NOT NULL,
    bot2_chips INTEGER NOT NULL,
    house INTEGER NOT NULL DEFAULT 0,
    table_pot INTEGER NOT NULL DEFAULT 0,
    button INTEGER NOT NULL,
    ante INTEGER NOT NULL,
    rounds INTEGER NOT NULL DEFAULT 0,
    refills INTEGER NOT NULL DEFAULT 0,
    refill_chips INTEGER NOT NULL DEFAULT 0,
    opponent_refills INTEGER NOT NULL DEFAULT 0,
    opponent_refill_chips INTEGER NOT NULL DEFAULT 0,
    active_round INTEGER
);
CREATE TABLE IF NOT EXISTS rounds (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    number INTEGER NOT NULL,
    phase TEXT NOT NULL,
    version INTEGER NOT NULL,
    ante INTEGER NOT NULL,
    button INTEGER NOT NULL,
    deck TEXT NOT NULL,
    state TEXT NOT NULL,
    player_outcome TEXT,
    player_net INTEGER,
    pot_outcome TEXT,
    explanation TEXT,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    UNIQUE (profile_id, number)
);
CREATE TABLE IF NOT EXISTS steps (
    id INTEGER PRIMARY KEY,
    round_id INTEGER NOT NULL REFERENCES rounds(id),
    version INTEGER NOT NULL,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS balance (
    id INTEGER PRIMARY KEY,
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    round_id INTEGER,
    chips INTEGER NOT NULL,
    reason TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS requests (
    profile_id INTEGER NOT NULL REFERENCES profiles(id),
    request_id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    response TEXT NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (profile_id, request_id)
);
CREATE INDEX IF NOT EXISTS rounds_by_profile ON rounds (profile_id, id);
CREATE INDEX IF NOT EXISTS balance_by_profile ON balance (profile_id, id);
"""


#: One lock per database file in this process: writers queue on it (and wake at once)
#: instead of polling SQLite's busy handler; other processes are held off by SQLite's lock.
_WRITE_LOCKS: dict[str, threading.Lock] = {}
_WRITE_LOCKS_GUARD = threading.Lock()


def _write_lock(path: Path) -> threading.Lock:
    key = str(path.resolve())
    with _WRITE_LOCKS_GUARD:
        return _WRITE_LOCKS.setdefault(key, threading.Lock())


def default_db_path() -> Path:
    """The database file in the user's data directory (the directory is created).

    ``$XDG_DATA_HOME/showdown/showdown.sqlite3``, else ``~/.local/share/...``;
    ``%APPDATA%\\showdown\\showdown.sqlite3`` on Windows.
    """
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        base = Path(os.environ["APPDATA"])
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    folder = base / "showdown"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / "showdown.sqlite3"


def now() -> str:
    """The time now, ISO 8601 UTC to the millisecond."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Tx:
    """The operations available inside one transaction."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    # profiles
    def find_profile(self, name: str) -> dict[str, Any] | None:
        row = self.conn.execute("SELECT * FROM profiles WHERE name = ?", (name,)).fetchone()
        return dict(row) if row else None

    @staticmethod
    def unsaved_profile(name: str) -> dict[str, Any]:
        """What a new profile ``name`` looks like, without creating it (reads never write)."""
        return {
            "id": None, "name": name, "created_at": now(), "chips": START_CHIPS,
            "bot1_chips": START_CHIPS, "bot2_chips": START_CHIPS, "house": 0, "table_pot": 0,
            "button": 2, "ante": DEFAULT_ANTE, "rounds": 0, "refills": 0, "refill_chips": 0,
            "opponent_refills": 0, "opponent_refill_chips": 0, "active_round": None,
        }  # fmt: skip

    def profile(self, name: str) -> dict[str, Any]:
        """The profile ``name``, created with 1,000 chips on first use."""
        found = self.find_profile(name)
        if found is not None:
            return found
        at = now()
        cur = self.conn.execute(
            "INSERT INTO profiles (name, created_at, chips, bot1_chips, bot2_chips, button, ante)"
            " VALUES (?, ?, ?, ?, ?, 2, ?)",
            (name, at, START_CHIPS, START_CHIPS, START_CHIPS, DEFAULT_ANTE),
        )
        self.add_balance(int(cur.lastrowid or 0), None, START_CHIPS, "new")
        found = self.find_profile(name)
        assert found is not None
        return found

    def update_profile(self, profile_id: int, **values: Any) -> None:
        cols = ", ".join(f"{k} = ?" for k in values)
        self.conn.execute(
            f"UPDATE profiles SET {cols} WHERE id = ?", (*values.values(), profile_id)
        )

    # rounds
    def insert_round(
        self, profile_id: int, number: int, ante: int, button: int, deck: str, state: dict[str, Any]
    ) -> int:
        cur = self.conn.execute(
            "INSERT INTO rounds (profile_id, number, phase, version, ante, button, deck, state,"
            " started_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                profile_id,
                number,
                state["phase"],
                state["version"],
                ante,
                button,
                deck,
                json.dumps(state),
                now(),
            ),
        )
        return int(cur.lastrowid or 0)

    def update_round(
        self,
        round_id: int,
        state: dict[str, Any],
        outcome: str | None = None,
        net: int | None = None,
        pot_outcome: str | None = None,
        explanation: str | None = None,
    ) -> None:
        finished = now() if state["phase"] == "settled" else None
        self.conn.execute(
            "UPDATE rounds SET phase = ?, version = ?, state = ?, player_outcome = ?,"
            " player_net = ?, pot_outcome = ?, explanation = ?, finished_at = ? WHERE id = ?",
            (
                state["phase"],
                state["version"],
                json.dumps(state),
                outcome,
                net,
                pot_outcome,
                explanation,
                finished,
                round_id,
            ),
        )

    def round_row(self, round_id: int) -> dict[str, Any] | None:
        row = self.conn.execute("SELECT * FROM rounds WHERE id = ?", (round_id,)).fetchone()
        return dict(row) if row else None

    def last_round_row(self, profile_id: int) -> dict[str, Any] | None:
        row = self.conn.execute(
            "SELECT * FROM rounds WHERE profile_id = ? ORDER BY id DESC LIMIT 1", (profile_id,)
        ).fetchone()
        return dict(row) if row else None

    def settled_rounds(
        self, profile_id: int, limit: int, before: int | None
    ) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT * FROM rounds WHERE profile_id = ? AND phase = 'settled' AND id < ?"
            " ORDER BY id DESC LIMIT ?",
            (profile_id, before if before is not None else 1 << 62, limit),
        ).fetchall()
        return [dict(r) for r in rows]

    def add_step(self, round_id: int, version: int, kind: str, detail: dict[str, Any]) -> None:
        self.conn.execute(
            "INSERT INTO steps (round_id, version, kind, detail, at) VALUES (?, ?, ?, ?, ?)",
            (round_id, version, kind, json.dumps(detail), now()),
        )

    def steps(self, round_id: int) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT version, kind, detail, at FROM steps WHERE round_id = ? ORDER BY id",
            (round_id,),
        ).fetchall()
        return [{**dict(r), "detail": json.loads(r["detail"])} for r in rows]

    # balance history
    def add_balance(self, profile_id: int, round_id: int | None, chips: int, reason: str) -> None:
        self.conn.execute(
            "INSERT INTO balance (profile_id, round_id, chips, reason, at) VALUES (?, ?, ?, ?, ?)",
            (profile_id, round_id, chips, reason, now()),
        )

    def balance(self, profile_id: int, limit: int = 1000) -> list[dict[str, Any]]:
        rows = self.conn.execute(
            "SELECT at, chips, reason, round_id FROM balance WHERE profile_id = ?"
            " ORDER BY id DESC LIMIT ?",
            (profile_id, limit),
        ).fetchall()
        return [
            {"at": r["at"], "chips": r["chips"], "reason": r["reason"], "round": r["round_id"]}
            for r in reversed(rows)
        ]

    def outcome_counts(self, profile_id: int, column: str) -> dict[str, int]:
        """Settled rounds counted by ``player_outcome`` or ``pot_outcome``."""
        if column not in ("player_outcome", "pot_outcome"):
            raise ValueError(column)
        rows = self.conn.execute(
            f"SELECT {column} AS k, COUNT(*) AS n FROM rounds WHERE profile_id = ?"
            " AND phase = 'settled' GROUP BY k",
            (profile_id,),
        ).fetchall()
        return {r["k"]: r["n"] for r in rows}

    def net_extremes(self, profile_id: int) -> tuple[int, int]:
        row = self.conn.execute(
            "SELECT MAX(player_net) AS hi, MIN(player_net) AS lo FROM rounds"
            " WHERE profile_id = ? AND phase = 'settled'",
            (profile_id,),
        ).fetchone()
        return (int(row["hi"] or 0), int(row["lo"] or 0))

    # idempotency
    def request(self, profile_id: int, request_id: str) -> tuple[str, dict[str, Any]] | None:
        row = self.conn.execute(
            "SELECT fingerprint, response FROM requests WHERE profile_id = ? AND request_id = ?",
            (profile_id, request_id),
        ).fetchone()
        return (row["fingerprint"], json.loads(row["response"])) if row else None

    def put_request(
        self, profile_id: int, request_id: str, fingerprint: str, response: dict[str, Any]
    ) -> None:
        self.conn.execute(
            "INSERT INTO requests (profile_id, request_id, fingerprint, response, at)"
            " VALUES (?, ?, ?, ?, ?)",
            (profile_id, request_id, fingerprint, json.dumps(response), now()),
        )


class Store:
    """A SQLite file; one connection per thread, every change in one transaction."""

    def __init__(self, path: str | os.PathLike[str] | None = None, timeout: float = 30.0) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.timeout = timeout
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._write = _write_lock(self.path)
        conn = self._connect()
        conn.executescript(SCHEMA)
        columns = {row["name"] for row in conn.execute("PRAGMA table_info(rounds)")}
        if "pot_outcome" not in columns:  # files made by the first version of this schema
            conn.execute("ALTER TABLE rounds ADD COLUMN pot_outcome TEXT")
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")  # the main file alone has the schema

    def connection(self) -> sqlite3.Connection:
        """This thread's connection (opened on first use), e.g. to take a backup from."""
        return self._connect()

    def checkpoint(self, mode: str = "PASSIVE") -> tuple[int, int, int]:
        """Copy the write-ahead log into the main file (``PRAGMA wal_checkpoint``).

        Returns SQLite's (busy, log pages, pages checkpointed). ``PASSIVE`` never
        waits for readers; ``TRUNCATE`` (at shutdown) also empties the log file.
        """
        if mode not in ("PASSIVE", "FULL", "RESTART", "TRUNCATE"):
            raise ValueError(f"unknown checkpoint mode {mode!r}")
        row = self._connect().execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        return int(row[0]), int(row[1]), int(row[2])

    def _connect(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is not None:
            return conn
        conn = sqlite3.connect(
            self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
        )
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode=WAL")
        # WAL + NORMAL: a commit is in the WAL file before the call returns, so it survives
        # the program being killed; an OS crash may lose the last commits, never half of one.
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute(f"PRAGMA busy_timeout={int(self.timeout * 1000)}")
        self._local.conn = conn
        with self._lock:
            self._all.append(conn)
        return conn

    @contextmanager
    def transaction(self) -> Iterator[Tx]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT``; any exception rolls everything back."""
        conn = self._connect()
        with self._write:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield Tx(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

    @contextmanager
    def read(self) -> Iterator[Tx]:
        """A consistent read (``BEGIN DEFERRED``), changing nothing."""
        conn = self._connect()
        conn.execute("BEGIN")
        try:
            yield Tx(conn)
        finally:
            conn.execute("ROLLBACK")

    def close(self) -> None:
        """Checkpoint the log into the main file and close every connection this store opened.

        When the last connection to the file closes, SQLite removes the ``-wal``
        and ``-shm`` files: the main file alone then holds the whole game.
        """
        with self._lock:
            conns = list(self._all)
        if conns:
            try:
                with self._write:
                    conns[0].execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error:
                pass  # a damaged file: closing is all that is left to do
        with self._lock:
            conns, self._all = self._all, []
        for conn in conns:
            conn.close()
        self._local = threading.local()
