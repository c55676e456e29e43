"""Running the tracker page: open the database, listen, serve until Ctrl-C or SIGTERM.

:func:`serve` is what ``showdown tracker`` runs; binding, serving and opening the
browser are :mod:`showdown.web.serving`'s, shared with the lab and the game. The
database is opened once, read-only unless a folder is watched (then its new hands are
imported into it while the page runs), and closed when the server stops.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from showdown.web.serving import LaunchError, listen, run

if TYPE_CHECKING:
    from showdown.tracker.page_data import Database
    from showdown.tracker.server import TrackerApp

__all__ = ["WATCH_START", "LaunchError", "serve"]

#: Seconds a folder's watch has to fail at once (an unreadable folder) before the page opens.
WATCH_START = 0.5


def serve(
    db_path: str | Path,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    open_browser: bool = True,
    watch: str | Path | None = None,
) -> int:
    """Run the tracker page on the database at ``db_path`` until Ctrl-C (SIGINT) or
    SIGTERM; returns the exit status.

    A missing or damaged database is a :class:`LaunchError` naming its path (it is never
    created or replaced here). With ``watch``, the hands written into that folder are
    imported as they come and the page's live view follows them. Prints the URL as soon
    as the socket is bound (one line, flushed).
    """
    from showdown.tracker.page_data import DatabaseError, open_database
    from showdown.tracker.server import create_app

    try:
        db = open_database(Path(db_path), read_only=watch is None)
    except DatabaseError as exc:
        raise LaunchError(str(exc)) from None
    stop = threading.Event()
    try:
        listening = listen(host, port, "the tracker page")
        try:
            app = create_app(db, allowed_hosts=listening.hosts, live=watch is not None)
            watcher = None
            if watch is not None:
                watcher = _start_watch(db, Path(watch), stop, app.state.tracker)
            print(f"Tracker page: {listening.url}", flush=True)
            print(f"Database: {db_path}", flush=True)
            if watch is not None:
                print(f"Watching: {watch}", flush=True)
            print("Press Ctrl-C to stop.", flush=True)
            run(app, listening, open_browser)
            stop.set()
            if watcher is not None:
                watcher.join(timeout=10)
        finally:
            listening.sock.close()
    finally:
        stop.set()
        db.close()
    print("Stopped.", flush=True)
    return 0


def _start_watch(db: Database, folder: Path, stop: threading.Event,
                 tracker: TrackerApp) -> threading.Thread:
    """Import ``folder``'s hands in a thread; a watch that fails at once stops the launch
    (its reason the one ``error:`` line), a later failure is printed and shown on the page."""
    from showdown.tracker.page_data import watch as watch_folder

    lock = threading.Lock()
    failed: list[str] = []
    running = [False]

    def work() -> None:
        try:
            watch_folder(db, folder, stop)
        except Exception as exc:  # the import's reason, for the user: not a traceback
            with lock:
                failed.append(str(exc))
                late = running[0]
            if late:
                tracker.watch_error = str(exc)
                print(f"error: watching {folder} stopped: {exc}", file=sys.stderr, flush=True)

    thread = threading.Thread(target=work, name="tracker-watch", daemon=True)
    thread.start()
    thread.join(WATCH_START)
    with lock:
        running[0] = True
        early = list(failed)
    if early:
        raise LaunchError(early[0])
    return thread
