"""Running the game server: check the save, listen, serve, and stop cleanly.

:func:`serve` is what ``showdown play`` runs. Before anything is served the
database is checked (:func:`showdown.game.backup.check_database`): a damaged
file stops the game with one message that offers the latest good backup.
While it runs, each settled round is checkpointed into the main file and
backed up in the background. Ctrl-C (SIGINT) and SIGTERM both stop it the
same way: the requests under way finish, the write-ahead log is checkpointed
into the main file (``wal_checkpoint(TRUNCATE)``), the ``-wal``/``-shm`` files
disappear, and ``Stopped.`` is printed. Binding, serving and opening the
browser are :mod:`showdown.web.serving`'s, shared with the equity lab.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path
from typing import Any

from showdown.web.serving import LaunchError, listen, own_addresses, run

__all__ = ["BACKUP_EVERY", "LaunchError", "own_addresses", "serve"]

#: A backup after every settled round (taken in the background; the newest 5 are kept).
BACKUP_EVERY = 1


def serve(
    db_path: str | Path,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    profile: str = "default",
    open_browser: bool = True,
    backup_every: int | None = BACKUP_EVERY,
) -> int:
    """Run the game server until Ctrl-C (SIGINT) or SIGTERM; returns the exit status.

    Prints the URL as soon as the socket is bound (one line, flushed).
    """
    from showdown.game.backup import DamagedDatabase, check_database
    from showdown.game.rounds import GameError
    from showdown.game.server import create_app
    from showdown.game.service import check_profile

    try:
        check_profile(profile)
        check_database(db_path)
    except GameError as exc:
        raise LaunchError(exc.message) from None
    except DamagedDatabase as exc:
        raise LaunchError(str(exc)) from None
    listening = listen(host, port, "the game")
    try:
        app = create_app(
            db_path, profile=profile, allowed_hosts=listening.hosts, backup_every=backup_every
        )
    except sqlite3.DatabaseError as exc:
        listening.sock.close()
        raise LaunchError(str(DamagedDatabase(db_path, f"is damaged ({exc})"))) from None
    service = app.state.web.service
    try:
        _backup_if_changed(service)
        url = listening.url
        print(f"Poker vs Dealer: {url}  (profile {profile!r}, database {db_path})", flush=True)
        print("Press Ctrl-C to stop.", flush=True)
        run(app, listening, open_browser)
    finally:
        listening.sock.close()
        _close(service)
    print("Stopped.", flush=True)
    return 0


def _backup_if_changed(service: Any) -> None:
    """The start-up backup: taken unless the newest backup is already as new as the file."""
    newest = service.backups.all()
    path = Path(service.store.path)
    if not newest or path.stat().st_mtime > newest[0].stat().st_mtime:
        service.backup()


def _close(service: Any) -> None:
    """Last backup if rounds were played, checkpoint (TRUNCATE), close: no -wal/-shm left."""
    try:
        service.final_backup()
    except (OSError, sqlite3.Error) as exc:
        print(f"warning: could not take the last backup: {exc}", file=sys.stderr)
    service.close()
