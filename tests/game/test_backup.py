"""Saves that cannot be lost: damage, restore, clean stops, export and import.

Every case runs the real ``showdown play`` as a subprocess on a real SQLite
file: the file is damaged in each way a user's disk or hands can damage it
(emptied, truncated, garbage in the header, garbage in late pages, the
write-ahead log deleted after a crash). ``showdown play`` must then stop with
one ``error:`` line (no traceback), leave the damaged file as it is, and
``--restore`` must bring back every settled round.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers.game_server import Client, GameServer, audit, play_round
from helpers.paths import ROOT

PROFILE = "saver"
ROUNDS = 3


def run_play(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "showdown", "play", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )


def settled_in_main_file(db: Path, patience: float = 10.0) -> int:
    """Settled rounds in the main file alone (immutable: the -wal is not read).

    While the game runs, a checkpoint may be copying pages into the main file at the
    moment it is read, which an immutable reader sees as a malformed file: such a
    torn read is read again, until the file reads whole or ``patience`` runs out.
    """
    deadline = time.monotonic() + patience
    while True:
        conn = sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro&immutable=1", uri=True)
        try:
            query = "SELECT COUNT(*) FROM rounds WHERE phase='settled'"
            return int(conn.execute(query).fetchone()[0])
        except sqlite3.DatabaseError:
            if time.monotonic() > deadline:
                raise
        finally:
            conn.close()
        time.sleep(0.05)


def side_files(db: Path) -> list[str]:
    return [p.name for p in db.parent.iterdir() if p.name.endswith(("-wal", "-shm"))]


def wait_for_line(server: GameServer, text: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not any(text in line for line in server.output):
        assert time.monotonic() < deadline, server.output
        time.sleep(0.02)


def newest_backup_rounds(db: Path) -> int:
    from showdown.game.backup import Backups

    good = Backups(db).latest_good()
    return -1 if good is None else good[1]


def wait_for_backup(db: Path, rounds: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while newest_backup_rounds(db) != rounds:
        assert time.monotonic() < deadline, newest_backup_rounds(db)
        time.sleep(0.05)


def history_ids(db: Path) -> list[int]:
    """The settled rounds of the file, newest first, read by the engine itself."""
    from showdown.game import GameService

    service = GameService(db)
    try:
        return [r["id"] for r in service.history(PROFILE, limit=200)["rounds"]]
    finally:
        service.close()


def served_history_ids(db: Path) -> list[int]:
    """The same, through ``showdown play`` (the restored file starts and serves)."""
    server = GameServer(db, PROFILE).start()
    client = Client(server.url, PROFILE)
    try:
        return [r["id"] for r in client.ok(client.get("/api/history", limit=200))["rounds"]]
    finally:
        client.close()
        assert server.stop() == 0


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[int]]:
    """A game of three settled rounds, stopped with Ctrl-C; its round ids newest first."""
    db = tmp_path_factory.mktemp("saved") / "game.sqlite3"
    server = GameServer(db, PROFILE).start()
    client = Client(server.url, PROFILE)
    ids = [play_round(client, action)["round"]["id"] for action in ("keep", "exchange", "fold")]
    client.close()
    assert server.stop() == 0
    return db, ids[::-1]


def copy_game(source: Path, folder: Path) -> Path:
    db = folder / source.name
    shutil.copyfile(source, db)
    shutil.copytree(Path(f"{source}.backups"), Path(f"{db}.backups"))
    return db


def expect_one_error(proc: subprocess.CompletedProcess[str], *words: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert "--restore" in lines[0], lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def _garbage(db: Path, offset: int, size: int) -> None:
    noise = random.Random(offset).randbytes(size)
    with db.open("r+b") as f:
        f.seek(offset)
        f.write(noise)


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "emptied": (lambda db: db.write_bytes(b""), "is empty (0 bytes)"),
    "truncated": (lambda db: os.truncate(db, db.stat().st_size // 2), "is damaged"),
    "garbage header": (lambda db: _garbage(db, 0, 100), "file is not a database"),
    "garbage in late pages": (
        lambda db: _garbage(db, db.stat().st_size - 2 * 4096, 2 * 4096),
        "is damaged",
    ),
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_file_stops_the_game_and_restore_brings_back_every_round(
    saved_game: tuple[Path, list[int]], tmp_path: Path, damage: str
) -> None:
    source, ids = saved_game
    db = copy_game(source, tmp_path)
    harm, says = DAMAGE[damage]
    harm(db)
    damaged = db.read_bytes()
    line = expect_one_error(run_play("--no-browser", "--db", str(db)), says)
    assert f".sqlite3, {ROUNDS} rounds)" in line  # the backup offered holds every round
    assert db.read_bytes() == damaged  # never replaced, never repaired silently
    assert not side_files(db)

    restored = run_play("--db", str(db), "--restore")
    assert restored.returncode == 0, restored.stderr
    assert f"({ROUNDS} rounds)" in restored.stdout, restored.stdout
    kept = [p for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes() == damaged  # kept aside, not deleted
    assert history_ids(db) == ids
    assert audit(db, PROFILE)["ok"]


def test_a_deleted_write_ahead_log_after_a_crash_is_damage(tmp_path: Path) -> None:
    db = tmp_path / "game.sqlite3"
    server = GameServer(db, PROFILE).start()
    client = Client(server.url, PROFILE)
    ids = [play_round(client)["round"]["id"] for _ in range(ROUNDS)][::-1]
    client.start()  # an unfinished round, then the crash
    client.close()
    wait_for_backup(db, ROUNDS)
    server.kill()
    wal = Path(f"{db}-wal")
    assert wal.exists()
    wal.unlink()
    expect_one_error(run_play("--no-browser", "--db", str(db)), "write-ahead log")
    restored = run_play("--db", str(db), "--restore")
    assert restored.returncode == 0 and f"({ROUNDS} rounds)" in restored.stdout, restored
    assert served_history_ids(db) == ids
    assert audit(db, PROFILE)["ok"]


def test_without_a_backup_the_error_says_so_and_restore_refuses(tmp_path: Path) -> None:
    db = tmp_path / "game.sqlite3"
    db.write_bytes(b"this is not a database at all, just some text " * 200)
    proc = run_play("--no-browser", "--db", str(db))
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "no good backup" in proc.stderr, proc.stderr
    refused = run_play("--db", str(db), "--restore")
    assert refused.returncode == 2 and refused.stderr.startswith("error: there is no good backup")
    assert db.read_bytes().startswith(b"this is not a database")


def test_restore_refuses_to_replace_a_sound_file(
    saved_game: tuple[Path, list[int]], tmp_path: Path
) -> None:
    source, _ = saved_game
    db = copy_game(source, tmp_path)
    before = db.read_bytes()
    refused = run_play("--db", str(db), "--restore")
    assert refused.returncode == 2 and "is not damaged" in refused.stderr, refused
    assert db.read_bytes() == before and not [p for p in tmp_path.iterdir() if "damaged" in p.name]


def test_an_empty_file_without_backups_is_a_new_game(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite3"
    db.write_bytes(b"")
    server = GameServer(db, PROFILE).start()
    client = Client(server.url, PROFILE)
    assert client.state()["chips"] == 1000
    client.close()
    assert server.stop() == 0


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_cleanly_and_the_main_file_holds_everything(
    tmp_path: Path, sig: signal.Signals
) -> None:
    db = tmp_path / "game.sqlite3"
    server = GameServer(db, PROFILE).start()
    client = Client(server.url, PROFILE)
    for n in range(1, ROUNDS + 1):
        play_round(client)
        # While the game runs, the main file alone is never more than one round behind
        # (a backup still reading the previous round holds the checkpoint at that round).
        assert n - 1 <= settled_in_main_file(db) <= n
    dealt = client.start()  # stopped in the middle of a round
    client.close()
    assert server.stop(sig) == 0
    wait_for_line(server, "Stopped.")
    assert not side_files(db)  # the log was checkpointed (TRUNCATE) and removed
    assert settled_in_main_file(db) == ROUNDS
    assert newest_backup_rounds(db) == ROUNDS
    server = GameServer(db, PROFILE).start()
    client = Client(server.url, PROFILE)
    assert client.state() == dealt
    client.close()
    server.stop()


def test_backups_rotate(tmp_path: Path) -> None:
    from showdown.game.backup import KEEP, Backups

    db = tmp_path / "game.sqlite3"
    server = GameServer(db, PROFILE).start()
    client = Client(server.url, PROFILE)
    for n in range(1, KEEP + 3):
        play_round(client, "fold")
        wait_for_backup(db, n)
    client.close()
    server.stop()
    assert len(Backups(db).all()) == KEEP


def test_export_then_import_keeps_every_round_and_chip(
    saved_game: tuple[Path, list[int]], tmp_path: Path
) -> None:
    source, ids = saved_game
    db = copy_game(source, tmp_path)
    out = tmp_path / "export.json"
    done = run_play("--db", str(db), "--export", str(out))
    assert done.returncode == 0 and f"1 profiles and {ROUNDS} rounds" in done.stdout, done
    data = json.loads(out.read_text(encoding="utf-8"))
    entry = data["profiles"][0]
    assert entry["profile"]["name"] == PROFILE and len(entry["rounds"]) == ROUNDS
    assert all(r["steps"] for r in entry["rounds"]) and len(entry["balance"]) > ROUNDS
    copy = tmp_path / "imported.sqlite3"
    done = run_play("--db", str(copy), "--import", str(out))
    assert done.returncode == 0 and "chips add up" in done.stdout, done
    assert audit(copy, PROFILE) == audit(db, PROFILE) and audit(copy, PROFILE)["ok"]
    assert history_ids(copy) == ids
    # An import never overwrites a game; a damaged export is one error line.
    again = run_play("--db", str(copy), "--import", str(out))
    assert again.returncode == 2 and "already exists" in again.stderr
    entry["profile"]["chips"] += 1
    out.write_text(json.dumps(data), encoding="utf-8")
    bad = run_play("--db", str(tmp_path / "bad.sqlite3"), "--import", str(out))
    assert bad.returncode == 2 and "do not add up" in bad.stderr and "Traceback" not in bad.stderr
    assert not (tmp_path / "bad.sqlite3").exists()


def test_damage_found_while_running_is_a_503_that_says_how_to_restore(
    saved_game: tuple[Path, list[int]], tmp_path: Path
) -> None:
    """A file damaged under a running game (pages start-up had no reason to read):
    History and Stats answer 503 with the way out, never a 500 or a dropped line.

    The start-up check would refuse this file, so the app is served here directly
    (uvicorn in a thread, on 127.0.0.1) on the already damaged file.
    """
    import socket
    import threading

    import httpx
    import uvicorn

    from showdown.game.server import create_app

    source, _ = saved_game
    db = copy_game(source, tmp_path)
    _garbage(db, db.stat().st_size - 2 * 4096, 2 * 4096)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    port = sock.getsockname()[1]
    app = create_app(db, profile=PROFILE, allowed_hosts=[f"127.0.0.1:{port}"])
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
            answers = {
                path: http.get(path, params={"profile": PROFILE})
                for path in ("/api/history", "/api/stats", "/api/state")
            }
            assert all(r.status_code != 500 for r in answers.values()), answers
            damaged = [r.json() for r in answers.values() if r.status_code == 503]
            assert damaged, {p: r.status_code for p, r in answers.items()}
            for answer in damaged:
                assert answer["error"] == "damaged_database" and "--restore" in answer["message"]
            assert http.get("/api/session").status_code == 200  # the same connection goes on
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()
        app.state.web.service.close()
