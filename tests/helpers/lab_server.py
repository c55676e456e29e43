"""Shared helpers for the equity lab's HTTP and browser tests.

A real ``showdown lab --no-browser`` server runs as a subprocess on 127.0.0.1;
:class:`LabClient` talks to it as the page does (session cookie, token header).
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx

from helpers.game_server import URL_LINE
from helpers.paths import ROOT


class LabServer:
    """``showdown lab --no-browser --port 0`` in a subprocess; ``url`` once it answers."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.port = 0
        self.output: list[str] = []

    def start(self, timeout: float = 20.0) -> LabServer:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "showdown", "lab", "--no-browser", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            cwd=ROOT,
        )
        found = threading.Event()

        def reader() -> None:
            assert self.proc is not None and self.proc.stdout is not None
            for line in self.proc.stdout:
                self.output.append(line)
                match = URL_LINE.search(line)
                if match and not found.is_set():
                    self.url, self.port = match.group(1), int(match.group(2))
                    found.set()

        threading.Thread(target=reader, daemon=True).start()
        if not found.wait(timeout):
            self.stop()
            raise RuntimeError("lab did not start:\n" + "".join(self.output))
        deadline = time.monotonic() + timeout
        while True:
            try:
                httpx.get(self.url + "api/session", timeout=2.0)
                return self
            except httpx.TransportError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def stop(self) -> int | None:
        """Ctrl-C as a user would; the exit status."""
        if self.proc is None:
            return None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        return self.proc.returncode


def running_lab() -> Iterator[LabServer]:
    """Generator for fixtures: a started lab, stopped afterwards."""
    server = LabServer().start()
    try:
        yield server
    finally:
        server.stop()


class LabClient:
    """One page's session: the cookie from loading the page, its token."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=30.0)
        page = self.http.get("/")
        found = re.search(r'name="showdown-token" content="([0-9a-f]{64})"', page.text)
        assert found, page.text[:200]
        self.token = found.group(1)

    def close(self) -> None:
        self.http.close()

    def post(self, path: str, body: Any, token: str | None = None, **kw: Any) -> httpx.Response:
        headers = {"X-Showdown-Token": self.token if token is None else token}
        headers.update(kw.pop("headers", {}))
        return self.http.post(path, json=body, headers=headers, **kw)

    def job(
        self, players: list[str], kind: str = "equity", tab: str = "t", **spot: Any
    ) -> httpx.Response:
        return self.post("/api/jobs", {"kind": kind, "tab": tab, "players": players, **spot})

    def outcome(self, response: httpx.Response, timeout: float = 60.0) -> httpx.Response:
        """The answer of a job once it ended: a slow machine may answer 202 first."""
        deadline = time.monotonic() + timeout
        while response.status_code == 202:
            assert time.monotonic() < deadline, "the job never ended"
            time.sleep(0.1)
            response = self.http.get(f"/api/jobs/{response.json()['id']}")
        return response

    def finish(self, response: httpx.Response, timeout: float = 60.0) -> dict[str, Any]:
        """Poll a started job until it ends; its last answer."""
        deadline = time.monotonic() + timeout
        while response.status_code == 202:
            assert time.monotonic() < deadline, "the job never ended"
            time.sleep(0.1)
            response = self.http.get(f"/api/jobs/{response.json()['id']}")
        assert response.status_code == 200, (response.status_code, response.text)
        return response.json()
