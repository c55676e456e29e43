"""A ``kill -9`` in the middle of an import leaves a database that opens, holding whole
files only, and the next import completes it: the same hands and the same money as an
import that was never interrupted.

The import killed is ``showdown db import`` with its transactions made smaller (about
1,000 hands each, some seven files, against some 40,000 hands): files are then
committed well before the import ends, and the kill lands between or inside commits.
"""

from __future__ import annotations

import gzip
import signal
import subprocess
import time
from pathlib import Path

import pytest

from helpers.paths import ROOMS, ROOT
from helpers.tracker_corpus import renumbered, showdown_command, showdown_env
from showdown.tracker.database import open_database
from showdown.tracker.ingest import import_paths

#: Copies of a real table's file, each with its own hand numbers (enough for an import
#: that lasts seconds on one core).
COPIES = 99
HANDS = 153  # in ggpoker-rush-cash-drop.txt.gz

pytestmark = pytest.mark.slow


def _contents(path: Path) -> list[tuple[object, ...]]:
    with open_database(path, read_only=True) as db:
        return db.con.execute(
            "SELECT h.room, h.hand, h.pot, h.rake, p.seat, p.player, p.net, p.ev_net "
            "FROM hands h JOIN hand_players p USING (hand_id) ORDER BY ALL").fetchall()


def _small_transactions(*args: str | Path) -> list[str]:
    """``showdown ARGS...`` (:func:`showdown_command`'s interpreter) with transactions of
    about 1,000 hands."""
    code = ("import sys; import showdown.tracker.transactions as t; t.COMMIT_HANDS = 1_000; "
            "t.INSERT_HANDS = 500; from showdown.commands.main import main; "
            "sys.exit(main(sys.argv[1:]))")
    return [showdown_command()[0], "-c", code, *map(str, args)]


def test_an_import_killed_midway_is_completed_by_the_next(tmp_path: Path) -> None:
    text = gzip.decompress((ROOMS / "ggpoker-rush-cash-drop.txt.gz").read_bytes()).decode()
    folder = tmp_path / "hands"
    folder.mkdir()
    for copy in range(COPIES):
        (folder / f"table-{copy:02d}.txt").write_text(renumbered(text, copy), encoding="utf-8")
    db = tmp_path / "killed.duckdb"
    proc = subprocess.Popen(_small_transactions("db", "import", folder, "--db", db),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=showdown_env(), cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while not db.exists() and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(1.0)  # a few transactions in
        assert proc.poll() is None, "the import ended before it could be killed"
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(30)
    assert proc.returncode == -signal.SIGKILL
    assert "files read" not in (proc.stdout.read() if proc.stdout else "")
    with open_database(db) as database:  # it opens: what was committed is there
        per_file = database.con.execute(
            "SELECT f.complete, count(h.hand_id) FROM files f LEFT JOIN hands h "
            "USING (file_id) GROUP BY f.file_id, f.complete").fetchall()
        assert all(done and n == HANDS for done, n in per_file)  # whole files, or none
        stored = database.hand_count()
        assert stored < COPIES * HANDS
        finished = import_paths(database, [folder])
        assert finished.new == COPIES * HANDS - stored
        assert finished.unchanged == len(per_file)
        assert database.hand_count() == COPIES * HANDS
    clean = tmp_path / "clean.duckdb"
    with open_database(clean, create=True) as database:
        assert import_paths(database, [folder]).new == COPIES * HANDS
    resumed, whole = _contents(db), _contents(clean)
    assert len(resumed) == len(whole) > COPIES * HANDS
    assert resumed == whole
    assert sum(r[6] for r in resumed) == sum(r[6] for r in whole)  # the sum of net
