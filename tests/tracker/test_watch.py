"""A folder followed as the room's client writes it: hands taken as they are appended,
the last one held while the file may still be growing, a half-written hand never
refused, new files picked up; and ``showdown db import --watch`` as a user runs it.
"""

from __future__ import annotations

import gzip
import os
import queue
import re
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers.cli import run_cli
from helpers.paths import ROOMS, ROOT
from helpers.tracker_corpus import room_hands, showdown_command, showdown_env
from showdown.tracker.database import Database, open_database
from showdown.tracker.watch import Watcher

QUIET = 3.0


@pytest.fixture(scope="module")
def table_hands() -> list[str]:
    """A GGPoker table's hands, each as the client writes it (a blank line after)."""
    text = gzip.decompress((ROOMS / "ggpoker-rush-cash-drop.txt.gz").read_bytes())
    return room_hands(text.decode("utf-8"))


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    with open_database(tmp_path / "hands.duckdb", create=True) as database:
        yield database


def _append(path: Path, text: str) -> float:
    """Append ``text`` as the client does; returns the file's modification time."""
    with path.open("a", encoding="utf-8") as f:
        f.write(text)
    return path.stat().st_mtime


def test_a_file_written_hand_by_hand(tmp_path: Path, db: Database,
                                     table_hands: list[str]) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    watcher = Watcher(db, folder, interval=0, quiet=QUIET)
    assert watcher.round().new == 0  # an empty folder: nothing yet
    file = folder / "table.txt"
    at = _append(file, table_hands[0])
    assert watcher.round(now=at + 0.5).new == 0  # its only hand may still be written
    assert db.hand_count() == 0
    assert watcher.round(now=at + QUIET).new == 1  # still for `quiet` seconds: taken
    for k in range(1, 4):
        at = _append(file, table_hands[k])
        done = watcher.round(now=at + 0.1)
        assert done.new + done.already == k  # every hand but the last, still written
        assert db.hand_count() == k and done.refused_count == 0
    done = watcher.round(now=at + QUIET + 1)
    assert (done.new, db.hand_count()) == (1, 4)
    again = watcher.round(now=at + 60)  # unchanged and complete: not read again
    assert (again.files, again.new) == (0, 0)
    assert db.con.execute("SELECT hands, complete FROM files").fetchall() == [(4, True)]


def test_a_half_written_hand_is_never_refused(tmp_path: Path, db: Database,
                                              table_hands: list[str]) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    file = folder / "table.txt"
    at = _append(file, "".join(table_hands[:2]))
    watcher = Watcher(db, folder, interval=0, quiet=QUIET)
    assert watcher.round(now=at + QUIET).new == 2
    hand = table_hands[2]
    for cut in (40, len(hand) // 3, 2 * len(hand) // 3, len(hand) - 3):
        file.write_text("".join(table_hands[:2]) + hand[:cut], encoding="utf-8")
        os.utime(file, (at + cut, at + cut))  # written since: a new time each time
        done = watcher.round(now=at + cut + 0.2)
        assert (done.new, done.refused_count, db.refused_count()) == (0, 0, 0), cut
    file.write_text("".join(table_hands[:3]), encoding="utf-8")
    os.utime(file, (at + 10_000, at + 10_000))
    assert watcher.round(now=at + 10_000 + 0.2).new == 0  # complete, but the last: held
    done = watcher.round(now=at + 10_000 + QUIET)
    assert (done.new, done.refused_count) == (1, 0)
    assert (db.hand_count(), db.refused_count()) == (3, 0)


def test_a_file_left_half_written_is_refused_until_completed(tmp_path: Path, db: Database,
                                                              table_hands: list[str]) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    file = folder / "table.txt"
    hand = table_hands[1]
    at = _append(file, table_hands[0] + hand[: len(hand) // 2])
    watcher = Watcher(db, folder, interval=0, quiet=QUIET)
    done = watcher.round(now=at + QUIET)  # still for long: the client stopped mid-hand
    assert (done.new, done.refused_count) == (1, 1)
    at = _append(file, hand[len(hand) // 2:])
    done = watcher.round(now=at + QUIET)
    assert (done.new, done.refused_count) == (1, 0)
    assert (db.hand_count(), db.refused_count()) == (2, 0)


def test_a_new_file_in_the_folder_is_picked_up(tmp_path: Path, db: Database,
                                               table_hands: list[str]) -> None:
    folder = tmp_path / "hands"
    (folder / "2025").mkdir(parents=True)
    at = _append(folder / "first.txt", "".join(table_hands[:3]))
    watcher = Watcher(db, folder, interval=0, quiet=QUIET)
    assert watcher.round(now=at + QUIET).new == 3
    at = _append(folder / "2025" / "second.txt", "".join(table_hands[3:8]))
    (folder / "notes.txt").write_text("my notes\n", encoding="utf-8")
    done = watcher.round(now=at + QUIET)
    assert (done.files, done.new, done.already) == (1, 5, 0)
    assert db.hand_count() == 8


# -- the command, as a user runs it -----------------------------------------------------------


class Lines:
    """A subprocess's output lines, read as they come."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.queue: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []

        def read() -> None:
            assert proc.stdout is not None
            for line in proc.stdout:
                self.queue.put(line.rstrip("\n"))

        threading.Thread(target=read, daemon=True).start()

    def until(self, pattern: str, timeout: float) -> str:
        """The first line from now on that matches ``pattern``."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line matching {pattern!r} in {self.seen}")
            try:
                line = self.queue.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(line)
            if re.search(pattern, line):
                return line


def test_import_watch_takes_the_hands_as_they_come(tmp_path: Path,
                                                   table_hands: list[str]) -> None:
    folder = tmp_path / "hands"
    folder.mkdir()
    first = folder / "table.txt"
    first.write_text("".join(table_hands[:3]), encoding="utf-8")
    db = tmp_path / "hands.duckdb"
    proc = subprocess.Popen(showdown_command("db", "import", folder, "--db", db, "--watch"),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env=showdown_env(), cwd=ROOT)
    try:
        lines = Lines(proc)
        assert lines.until(r"files read", 60).startswith("1 files read: 3 new hands")
        lines.until(r"^watching ", 10)
        # the database is the watcher's while it runs
        code, _, err = run_cli(["db", "players", "--db", str(db)])
        assert code == 2 and err == f"error: {db}: in use by another process (a running " \
                                    "import or tracker page)\n"
        _append(first, "".join(table_hands[3:5]))
        (folder / "second.txt").write_text("".join(table_hands[5:7]), encoding="utf-8")
        new = 0
        while new < 4:  # the hands before each file's last at once, the last ones once still
            new += int(re.findall(r"(\d+) new hands", lines.until(r"new hands", 30))[0])
        assert new == 4
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(30)
    assert code == 0
    with open_database(db, read_only=True) as database:
        assert (database.hand_count(), database.refused_count()) == (7, 0)
        assert database.con.execute("SELECT count(*) FROM files WHERE complete"
                                    ).fetchall() == [(2,)]
