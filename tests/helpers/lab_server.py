"""Shared helpers for the equity lab's HTTP and browser tests.

A real ``showdown lab --no-browser`` server runs as a subprocess on 127.0.0.1;
:class:`LabClient` talks to it as the page does (session cookie, token header).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import httpx

from helpers.page_server import PageServer


class LabServer(PageServer):
    """``showdown lab --no-browser --port 0`` in a subprocess; ``url`` once it answers."""

    def start(self, timeout: float = 20.0) -> LabServer:
        self.launch(["lab", "--no-browser", "--port", "0"], {}, "lab", timeout)
        return self


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


def expect_bad(response: httpx.Response, field: str, words: str) -> None:
    """The answer is a 400 naming ``field`` with ``words`` in its message."""
    assert response.status_code == 400, (response.status_code, response.text)
    body = response.json()
    assert body["error"] == "bad_input" and body["field"] == field, body
    assert words in body["message"], body
