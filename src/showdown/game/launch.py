"""Running the game server: check the save, listen, serve, and stop cleanly.

:func:`serve` is what ``showdown play`` runs. Before anything is served the
database is checked (:func:`showdown.game.backup.check_database`): a damaged
file stops the game with one message that offers the latest good backup.
While it runs, each settled round is checkpointed into the main file and
backed up in the background. Ctrl-C (SIGINT) and SIGTERM both stop it the
same way: the requests under way finish, the write-ahead log is checkpointed
into the main file (``wal_checkpoint(TRUNCATE)``), the ``-wal``/``-shm`` files
disappear, and ``Stopped.`` is printed.

>>> "127.0.0.1" in own_addresses("0.0.0.0")
True
"""

from __future__ import annotations

import contextlib
import socket
import sqlite3
import sys
import threading
import time
import webbrowser
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["BACKUP_EVERY", "own_addresses", "serve"]

#: A backup after every settled round (taken in the background; the newest 5 are kept).
BACKUP_EVERY = 1
_WILDCARDS = ("0.0.0.0", "::")


class LaunchError(Exception):
    """The game cannot start: a bad profile, a damaged database, a port in use.

    The message is one line for the player; ``showdown play`` prints it as an
    ``error:`` line and exits with status 2.
    """


def _bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host``: ``port`` 0 picks a free port."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    if sys.platform != "win32":
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError:
        sock.close()
        raise
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def own_addresses(wildcard: str) -> list[str]:
    """The names and addresses by which other machines reach this one (sorted).

    Used when listening on every interface (``0.0.0.0`` or ``::``): requests
    are answered only when their ``Host`` is one of these, which keeps the
    protection against DNS rebinding.
    """
    family = socket.AF_INET6 if ":" in wildcard else socket.AF_INET
    found = {"127.0.0.1"} if family == socket.AF_INET else {"::1"}
    names = {socket.gethostname(), socket.getfqdn()} - {""}
    for name in names:
        with contextlib.suppress(OSError):
            for info in socket.getaddrinfo(name, None, family, socket.SOCK_STREAM):
                found.add(str(info[4][0]))
    # The address of the route to the outside world (a UDP "connect" sends nothing).
    with contextlib.suppress(OSError), socket.socket(family, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9) if family == socket.AF_INET else ("2001:db8::1", 9))
        found.add(str(probe.getsockname()[0]))
    hosts = {f"[{a}]" if ":" in a else a for a in found if "%" not in a}
    return sorted(hosts | names)


def _server_class() -> type:
    import uvicorn

    class Server(uvicorn.Server):  # type: ignore[misc]
        """uvicorn's server, except that a captured SIGTERM/SIGINT is not re-raised after
        the graceful shutdown (uvicorn re-raises it, which kills the process before
        the database is closed and ``Stopped.`` is printed)."""

        @contextlib.contextmanager
        def capture_signals(self) -> Iterator[None]:
            with super().capture_signals():
                try:
                    yield
                finally:
                    self.stop_signals = list(getattr(self, "_captured_signals", []))
                    getattr(self, "_captured_signals", []).clear()

    return Server


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
    import uvicorn

    from showdown.game.backup import DamagedDatabase, check_database
    from showdown.game.rules import GameError
    from showdown.game.server import create_app
    from showdown.game.service import check_profile

    try:
        check_profile(profile)
        check_database(db_path)
    except GameError as exc:
        raise LaunchError(exc.message) from None
    except DamagedDatabase as exc:
        raise LaunchError(str(exc)) from None
    try:
        sock = _bind(host, port)
    except OSError as exc:
        raise LaunchError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from exc
    bound_port = sock.getsockname()[1]
    shown_host = f"[{host}]" if ":" in host else host
    url_host = "127.0.0.1" if host in _WILDCARDS else shown_host
    allowed = {f"{shown_host}:{bound_port}", f"127.0.0.1:{bound_port}"}
    if host in _WILDCARDS:
        names = own_addresses(host)
        allowed |= {f"{name}:{bound_port}" for name in names}
        urls = ", ".join(
            f"http://{n}:{bound_port}/" for n in names if n not in ("127.0.0.1", "[::1]")
        )
        print(
            f"warning: listening on {host}: other machines on the network can play at "
            f"{urls or 'this machine’s address'} (requests to any other name are refused)",
            file=sys.stderr,
        )
    try:
        app = create_app(db_path, profile=profile, allowed_hosts=allowed, backup_every=backup_every)
    except sqlite3.DatabaseError as exc:
        sock.close()
        raise LaunchError(str(DamagedDatabase(db_path, f"is damaged ({exc})"))) from None
    service = app.state.web.service
    try:
        _backup_if_changed(service)
        url = f"http://{url_host}:{bound_port}/"
        print(f"Poker vs Dealer: {url}  (profile {profile!r}, database {db_path})", flush=True)
        print("Press Ctrl-C to stop.", flush=True)
        config = uvicorn.Config(
            app,
            log_level="warning",
            access_log=False,
            lifespan="off",
            ws="none",
            timeout_graceful_shutdown=3,
        )
        server = _server_class()(config)
        if open_browser:
            threading.Thread(target=_open_when_up, args=(server, url), daemon=True).start()
        with contextlib.suppress(KeyboardInterrupt):
            server.run(sockets=[sock])
    finally:
        sock.close()
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


def _open_when_up(server: Any, url: str) -> None:
    for _ in range(200):
        if server.started:
            webbrowser.open(url, new=2)
            return
        time.sleep(0.05)
