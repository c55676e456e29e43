"""Shared helpers for the tracker page's HTTP and browser tests.

:class:`TrackerServer` is ``showdown tracker --no-browser`` in a subprocess on
127.0.0.1, as a user runs it, on a database the test built; :class:`LiveTracker` is
the same application served in this process with the live view on, so that a test can
write new hands into the database the page reads (a DuckDB file is open in one process
at a time) and watch the page follow them.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import httpx

from helpers.page_server import PageServer


class TrackerServer(PageServer):
    """``showdown tracker --no-browser --port 0 --db DB ...``; ``url`` once it answers."""

    def start(self, db: Path, *extra: str, timeout: float = 30.0) -> TrackerServer:
        self.launch(["tracker", "--no-browser", "--port", "0", "--db", str(db), *extra], {},
                    "the tracker page", timeout)
        return self


class LiveTracker:
    """The tracker's application on ``db`` (open here) with the live view on, served by
    uvicorn in a thread; :meth:`cursor` writes into the database it reads."""

    def __init__(self, db_path: Path) -> None:
        import uvicorn

        from showdown.tracker.page_data import open_database
        from showdown.tracker.server import create_app
        from showdown.web.serving import listen

        self.db = open_database(db_path)
        self.listening = listen("127.0.0.1", 0, "the tracker page")
        self.url = self.listening.url
        app = create_app(self.db, allowed_hosts=self.listening.hosts, live=True)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                ws="none")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.listening.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the in-process tracker did not start"
            time.sleep(0.02)

    def cursor(self) -> Any:
        """A connection of this process to the page's database, to write hands into."""
        return self.db.con.cursor()

    def get(self, path: str, **params: Any) -> httpx.Response:
        return httpx.get(self.url + path, params=params, timeout=30)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.listening.sock.close()
        self.db.close()
