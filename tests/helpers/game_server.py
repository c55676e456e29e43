"""Shared helpers for the game's HTTP, browser and crash tests.

A real ``showdown play`` server runs as a subprocess on 127.0.0.1 with a real
SQLite file; clients talk to it over HTTP exactly as the browser does.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from helpers.page_server import PageServer
from helpers.paths import ROOT

ARTIFACTS = ROOT / "test-artifacts"
CARD_TOKEN = re.compile(r'"([2-9TJQKA][cdhs])"')


class GameServer(PageServer):
    """``showdown play --no-browser`` in a subprocess; ``url`` once it listens."""

    def __init__(
        self,
        db_path: Path,
        profile: str = "default",
        port: int = 0,
        *,
        browser: bool = False,
        env: dict[str, str] | None = None,
        args: tuple[str, ...] = (),
    ) -> None:
        super().__init__()
        self.args = args
        self.db_path = db_path
        self.profile = profile
        self.port = port
        self.browser = browser
        self.env = env or {}

    def start(self, timeout: float = 20.0) -> GameServer:
        command = [
            "play", *([] if self.browser else ["--no-browser"]),
            "--db", str(self.db_path), "--profile", self.profile, "--port", str(self.port),
            *self.args,
        ]  # fmt: skip
        self.launch(command, self.env, "server", timeout)
        return self


def play_round(client: Client, action: str = "keep") -> dict[str, Any]:
    """One whole round through the API (refilling first if needed); the settled state."""
    client.start()
    return client.finish(client.act(action, 0 if action == "exchange" else None))


def running_server(db_path: Path, profile: str = "default") -> Iterator[GameServer]:
    """Generator for fixtures: a started server, stopped afterwards."""
    server = GameServer(db_path, profile).start()
    try:
        yield server
    finally:
        server.stop()


class Client:
    """One browser-like session: cookie + token, a profile and a language."""

    def __init__(self, url: str, profile: str, lang: str = "en") -> None:
        self.http = httpx.Client(base_url=url, timeout=30.0)
        self.profile = profile
        self.lang = lang
        # A token belongs to one profile: ask for this client's.
        self.token = self.http.get("/api/session", params={"profile": profile}).json()["token"]
        self.responses: list[tuple[str, str]] = []  # (what, body text) of every answer

    def close(self) -> None:
        self.http.close()

    def params(self, **extra: Any) -> dict[str, Any]:
        return {"profile": self.profile, "lang": self.lang, **extra}

    def get(self, path: str, **params: Any) -> httpx.Response:
        response = self.http.get(path, params=self.params(**params))
        self.responses.append((f"GET {path}", response.text))
        return response

    def post(self, path: str, body: Any, *, token: str | None = None, **kw: Any) -> httpx.Response:
        headers = {"X-Showdown-Token": self.token if token is None else token}
        headers.update(kw.pop("headers", {}))
        response = self.http.post(path, params=self.params(), json=body, headers=headers, **kw)
        self.responses.append((f"POST {path} {json.dumps(body)}", response.text))
        return response

    def ok(self, response: httpx.Response) -> dict[str, Any]:
        assert response.status_code == 200, (response.status_code, response.text)
        return response.json()

    def state(self) -> dict[str, Any]:
        return self.ok(self.get("/api/state"))

    def start(self, ante: int | None = None) -> dict[str, Any]:
        st = self.state()
        body: dict[str, Any] = {"after": st["round"]["id"] if st["round"] else None}
        if ante is not None:
            body["ante"] = ante
        if st["refill_available"]:
            self.ok(self.post("/api/refill", {"after": body["after"]}))
        return self.ok(self.post("/api/start", body))

    def act(self, action: str, card_index: int | None = None) -> dict[str, Any]:
        st = self.state()
        body: dict[str, Any] = {"action": action, "version": st["round"]["version"]}
        if card_index is not None:
            body["card_index"] = card_index
        return self.ok(self.post("/api/act", body))

    def finish(self, st: dict[str, Any]) -> dict[str, Any]:
        """Advance the dealer until the round is settled."""
        for _ in range(6):
            if st["phase"] != "dealer":
                break
            st = self.ok(self.post("/api/advance", {"version": st["round"]["version"]}))
        assert st["phase"] == "idle" and st["round"]["phase"] == "settled", st["phase"]
        return st


def round_conserves_chips(rnd: dict[str, Any]) -> bool:
    """Chips of a settled round add up: players' nets + the house + the pot change == 0."""
    res = rnd["result"]
    nets = sum(n["net"] for n in res["net"])
    house = -sum(v["paid"] for v in res["vs_house"])
    pot_change = 3 * rnd["ante"] if res["pot"]["carried"] else -rnd["carry_in"]
    return nets + house + pot_change == 0


def card_tokens(text: str) -> set[str]:
    """Every JSON string in ``text`` that is exactly a card (``"As"``)."""
    return set(CARD_TOKEN.findall(text))


def audit(db_path: Path, profile: str) -> dict[str, Any]:
    """The engine's own conservation audit, read from the same SQLite file."""
    from showdown.game import GameService

    service = GameService(db_path)
    try:
        return service.audit(profile)
    finally:
        service.close()
