"""G8: ``kill -9`` of the server in the middle of a round loses nothing.

The server is killed with SIGKILL (no clean-up at all) at several points of a
round, restarted on the same SQLite file, and must resume the very same round:
same cards, same dealer cards, same version, and chips that add up.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from helpers.game_server import Client, GameServer, audit, round_conserves_chips

PROFILE = "crash"


def restart(server: GameServer, *, same_port: bool = False) -> GameServer:
    return GameServer(server.db_path, PROFILE, port=server.port if same_port else 0).start()


def mine(st: dict[str, Any]) -> list[str]:
    return st["round"]["players"][0]["cards"]


def test_sigkill_mid_round_resumes_the_same_round(tmp_path: Path) -> None:
    db = tmp_path / "crash.sqlite3"
    server = GameServer(db, PROFILE).start()
    client = Client(server.url, PROFILE)
    start_chips = client.state()["chips"]
    dealt = client.start()
    hint = client.ok(client.get("/api/hint"))
    old_token = client.token

    # 1. Killed while waiting for your decision.
    server.kill()
    client.close()
    server = restart(server)
    client = Client(server.url, PROFILE)
    resumed = client.state()
    assert resumed == dealt  # same round, same cards, same dealer card, same chips
    assert client.ok(client.get("/api/hint")) == hint  # and the same analysis
    # A token of the killed server is worthless to the new one.
    stale = client.post("/api/act", {"action": "keep", "version": 1}, token=old_token)
    assert stale.status_code == 403 and client.state() == dealt

    # 2. Killed in the dealer phase, after one more dealer card was acknowledged.
    st = client.act("exchange", 0)
    assert mine(st)[1:] == mine(dealt)[1:] and mine(st)[0] != mine(dealt)[0]
    if st["phase"] == "dealer":
        st = client.ok(client.post("/api/advance", {"version": st["round"]["version"]}))
    acknowledged = st
    server.kill()
    client.close()
    server = restart(server)
    client = Client(server.url, PROFILE)
    assert client.state() == acknowledged

    # 3. Finish the round: the chips add up.
    final = client.finish(client.state()) if acknowledged["phase"] == "dealer" else acknowledged
    rnd = final["round"]
    assert rnd["id"] == dealt["round"]["id"] and mine(final) == mine(acknowledged)
    assert (
        rnd["dealer"]["cards"][: len(acknowledged["round"]["dealer"]["cards"])]
        == (acknowledged["round"]["dealer"]["cards"])
    )
    my_net = next(n["net"] for n in rnd["result"]["net"] if n["seat"] == 0)
    assert final["chips"] == start_chips + my_net
    assert round_conserves_chips(rnd)
    assert audit(db, PROFILE)["ok"]
    history = client.ok(client.get("/api/history"))["rounds"]
    assert [r["id"] for r in history] == [rnd["id"]]  # the kill never bought a new deal
    client.close()
    assert server.stop() == 0


def test_sigkill_during_a_burst_of_requests_keeps_every_acknowledged_step(
    tmp_path: Path,
) -> None:
    """Kill while requests are in flight: whatever was answered 200 survives."""
    db = tmp_path / "burst.sqlite3"
    server = GameServer(db, PROFILE).start()
    acked: list[dict[str, Any]] = []
    stop = threading.Event()

    def play() -> None:
        client = Client(server.url, PROFILE)
        try:
            while not stop.is_set() and len(acked) < 200:
                st = client.start()
                acked.append(st)
                st = client.act("keep")
                acked.append(st)
                while st["phase"] == "dealer":
                    st = client.ok(client.post("/api/advance", {"version": st["round"]["version"]}))
                    acked.append(st)
        except (httpx.TransportError, AssertionError):
            pass  # the server died under us
        finally:
            client.close()

    worker = threading.Thread(target=play)
    worker.start()
    deadline = 200
    while len(acked) < 12 and deadline:
        threading.Event().wait(0.05)
        deadline -= 1
    server.kill()
    stop.set()
    worker.join(timeout=30)
    assert len(acked) >= 12
    last = acked[-1]
    server = restart(server)
    client = Client(server.url, PROFILE)
    now = client.state()
    # The last acknowledged step is there (or, if a later request was committed but
    # its answer lost in the kill, the round moved on from it, never back).
    assert now["round"]["id"] >= last["round"]["id"]
    if now["round"]["id"] == last["round"]["id"]:
        assert now["round"]["version"] >= last["round"]["version"]
        assert mine(now) == mine(last)
        up = last["round"]["dealer"]["cards"]
        assert now["round"]["dealer"]["cards"][: len(up)] == up
    if now["phase"] == "deciding":
        now = client.act("fold")
    if now["phase"] == "dealer":
        client.finish(now)
    assert audit(db, PROFILE)["ok"]
    rounds = client.ok(client.get("/api/history", limit=200))["rounds"]
    assert all(round_conserves_chips(r) for r in rounds)
    client.close()
    server.stop()


@pytest.mark.browser
def test_the_page_carries_on_after_the_server_is_killed(tmp_path: Path) -> None:
    """The open tab survives a kill -9 and restart on the same port: same cards, new token."""
    from playwright.sync_api import sync_playwright

    db = tmp_path / "page.sqlite3"
    server = GameServer(db, PROFILE).start()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        page = browser.new_context(reduced_motion="reduce").new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url)
        page.wait_for_selector("body[data-ready='1']")
        page.keyboard.press("n")
        page.wait_for_selector("#seat-0 .card-btn")
        cards = page.eval_on_selector_all("#seat-0 img.card", "els => els.map(e => e.src)")
        server.kill()
        server = restart(server, same_port=True)
        # The page still holds the old token; its first request is refused, it fetches
        # a new token and carries on with the same round.
        page.keyboard.press("k")
        page.wait_for_selector("#showdown:not([hidden])", timeout=20_000)
        after = page.eval_on_selector_all("#seat-0 img.card", "els => els.map(e => e.src)")
        assert after == cards
        assert page.is_hidden("#alert")
        assert not errors, errors
        browser.close()
    assert audit(db, PROFILE)["ok"]
    server.stop()
