"""``showdown tracker`` as a user runs it: a missing or damaged database refused with its
path and never touched, the default database in the data folder, bad options as one
``error:`` line, Ctrl-C stopping the page."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import duckdb
import httpx
import pytest

from helpers.paths import ROOT
from helpers.tracker_db import build_database
from helpers.tracker_server import TrackerServer


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tracker-command") / "hands.duckdb"
    build_database(path, ["pokerstars-tournament.txt"])
    return path


@pytest.fixture(scope="module")
def server(database: Path) -> Iterator[TrackerServer]:
    running = TrackerServer().start(database)
    try:
        yield running
    finally:
        running.stop()


def run_tracker(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "showdown", "tracker", "--no-browser", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=60,
                          env={**os.environ, **(env or {})})


def test_a_missing_database_is_refused_with_its_path_and_not_made(tmp_path: Path) -> None:
    missing = tmp_path / "none" / "hands.duckdb"
    done = run_tracker("--db", str(missing))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {missing}: no hand database")
    assert not missing.exists() and not missing.parent.exists()


def test_the_default_database_is_in_the_data_folder(tmp_path: Path) -> None:
    done = run_tracker(env={"XDG_DATA_HOME": str(tmp_path)})
    expected = tmp_path / "showdown" / "hands.duckdb"
    assert done.returncode == 2 and done.stderr.startswith(f"error: {expected}: "), done.stderr
    assert not expected.exists()


def test_a_damaged_database_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    damaged = tmp_path / "hands.duckdb"
    damaged.write_bytes(b"DUCK" + bytes(range(256)) * 8)
    before = damaged.read_bytes()
    done = run_tracker("--db", str(damaged))
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {damaged}: "), done.stderr
    assert damaged.read_bytes() == before
    other = tmp_path / "other.duckdb"
    with duckdb.connect(str(other)) as con:
        con.execute("CREATE TABLE notes (text VARCHAR)")
    done = run_tracker("--db", str(other))
    assert done.returncode == 2 and "not a hand database" in done.stderr


def test_bad_port_and_watch_are_one_line(tmp_path: Path) -> None:
    done = run_tracker("--port", "70000")
    assert (done.returncode, done.stderr.strip()) == (
        2, "error: bad port 70000: use 0-65535 (0 = any free port)")
    done = run_tracker("--watch", str(tmp_path / "nowhere"))
    assert done.returncode == 2
    assert done.stderr.strip() == f"error: --watch: {tmp_path / 'nowhere'} is not a folder"


def test_ctrl_c_stops_the_page(database: Path, server: TrackerServer) -> None:
    # a second page on the same file: the database is opened read-only by both
    other = TrackerServer().start(database)
    assert httpx.get(other.url + "api/session").json()["hands"] == 5
    assert other.stop() == 0
    assert "Stopped." in "".join(other.output)


@pytest.mark.parametrize(("missing", "extra"), [("duckdb", "tracker"), ("starlette", "game")])
def test_a_missing_extra_is_named(missing: str, extra: str, database: Path) -> None:
    blocked = (f"import sys; sys.modules[{missing!r}] = None; "
               "from showdown.commands.main import main; "
               f"sys.exit(main(['tracker', '--no-browser', '--db', {str(database)!r}]))")
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: the tracker page needs the '{extra}' extra ({missing} is missing): "
        f"pip install 'poker-showdown[{extra}]'"]
