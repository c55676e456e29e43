"""The game's HTTP API against a real ``showdown play`` server and a real SQLite file.

Covers G10 and issue 5 item 7: hidden cards never leave the server, Host and
Origin checks, the session token, input validation (4xx and nothing changed,
never a 500), replayed requests, and two tabs on one profile.
"""

from __future__ import annotations

import json
import os
import re
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from helpers.game_server import (
    Client,
    GameServer,
    audit,
    card_tokens,
    round_conserves_chips,
    running_server,
)
from helpers.paths import ROOT

STATIC = ROOT / "src" / "showdown" / "game" / "static"
ALL_CARDS = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("game-http") / "game.sqlite3"


@pytest.fixture(scope="module")
def server(db: Path) -> Iterator[GameServer]:
    yield from running_server(db)


_profiles = iter(range(10_000))


@pytest.fixture
def client(server: GameServer) -> Iterator[Client]:
    c = Client(server.url, f"http-{next(_profiles)}")
    yield c
    c.close()


def deciding(c: Client) -> dict[str, Any]:
    st = c.start()
    assert st["phase"] == "deciding" and st["round"]["to_act"] == 0
    return st


def expect_error(response: httpx.Response, status: int, code: str | None = None) -> None:
    assert response.status_code == status, (response.status_code, response.text)
    body = response.json()
    assert isinstance(body.get("error"), str) and body.get("message")
    if code is not None:
        assert body["error"] == code, body


# ---------------------------------------------------------------- pages and assets


def test_page_sets_session_and_security_headers(server: GameServer) -> None:
    r = httpx.get(server.url)
    assert r.status_code == 200
    token = re.search(r'name="showdown-token" content="([0-9a-f]{64})"', r.text)
    assert token, "the page carries the session token"
    cookie = r.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    csp = r.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert r.headers["x-frame-options"] == "DENY"
    # The token is bound to the cookie: a second visit with the cookie gets the same one.
    again = httpx.get(server.url, cookies=r.cookies)
    assert token.group(1) in again.text and "set-cookie" not in again.headers


def test_every_asset_is_served_locally(server: GameServer) -> None:
    page = httpx.get(server.url).text
    local = re.findall(r'(?:src|href)="(/[^"]+)"', page)
    assert "/static/js/main.js" in local and "/static/style.css" in local
    # The script is native ES modules (no build step): served as JavaScript, and the
    # CSP allows scripts from this server only.
    assert '<script type="module" src="/static/js/main.js">' in page
    modules = sorted(p.name for p in (STATIC / "js").glob("*.js"))
    assert len(modules) >= 5 and "main.js" in modules
    for name in modules:
        r = httpx.get(f"{server.url}static/js/{name}")
        assert r.status_code == 200 and "javascript" in r.headers["content-type"], name
        assert "script-src 'self'" in r.headers["content-security-policy"]
        # Each module imports only sibling modules, by relative path.
        text = (STATIC / "js" / name).read_text(encoding="utf-8")
        for imported in re.findall(r'from "([^"]+)"', text):
            assert imported.startswith("./") and (STATIC / "js" / imported[2:]).exists(), imported
        assert len(text.splitlines()) < 450, name  # small files, each about one thing
    for path in [*local, "/static/i18n/en.json", "/static/i18n/es.json", "/static/i18n/ru.json"]:
        assert httpx.get(server.url + path.lstrip("/")).status_code == 200, path
    # Nothing is fetched from elsewhere: no remote URL in the page, script or styles
    # (the SVG namespace is a name, not a fetch).
    for name in ("index.html", *(f"js/{m}" for m in modules), "style.css"):
        text = (STATIC / name).read_text(encoding="utf-8")
        remote = re.findall(r"https?://[^\s\"')]+", text)
        assert all(u == "http://www.w3.org/2000/svg" for u in remote), (name, remote)
        assert "@import" not in text and "@font-face" not in text


def test_card_pictures(server: GameServer) -> None:
    with httpx.Client(base_url=server.url) as http:
        for card in [*ALL_CARDS, "back"]:
            r = http.get(f"/cards/{card}.svg")
            assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
            assert r.text.startswith("<svg")
        back = http.get("/cards/back.svg").text
        assert "2c" not in back and "clubs" not in back  # the back names no card
        for bad in ("1x", "AS", "..%2Fserver", "Zz", "10h"):
            expect_error(http.get(f"/cards/{bad}.svg"), 404)


def test_translations_have_the_same_keys() -> None:
    """Every word of the UI exists in all three languages, and every key used exists."""
    dicts = {
        lang: json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "es", "ru")
    }
    # Every language has every English key; a language may add only grammatical
    # variants ("status_folded_f": the past tense agreeing with Marta in Russian)
    # and local spellings of the opponents' names ("name_Viktor": "Виктор").
    for lang in ("es", "ru"):
        assert set(dicts["en"]) <= set(dicts[lang]), (lang, set(dicts["en"]) - set(dicts[lang]))
        for key in set(dicts[lang]) - set(dicts["en"]):
            assert re.fullmatch(r"name_(Marta|Viktor)", key) or (
                re.sub(r"_(f|one|few|many)$", "", key) in dicts["en"]
            ), (lang, key)
    for lang, d in dicts.items():
        for key, text in d.items():
            assert isinstance(text, str) and text.strip(), (lang, key)
            base = key if key in dicts["en"] else re.sub(r"_(f|one|few|many)$", "", key)
            # Placeholders match the English ones.
            assert set(re.findall(r"\{\w+\}", text)) == set(
                re.findall(r"\{\w+\}", dicts["en"].get(base, ""))
            ), (lang, key)
        if lang != "en":  # actually translated, not copied (names and symbols aside)
            same = [
                k for k in dicts["en"] if d[k] == dicts["en"][k] and re.search(r"[a-z]{4}", d[k])
            ]
            assert len(same) <= 3, (lang, same)
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    js = "\n".join(p.read_text(encoding="utf-8") for p in (STATIC / "js").glob("*.js"))
    used = set(re.findall(r'data-i18n(?:-aria)?="(\w+)"', html))
    used |= set(re.findall(r'\bt\("(\w+)"[,)]', js))
    used |= set(re.findall(r'\["[^"]+", "(key_\w+)"\]', js))
    missing = sorted(used - set(dicts["en"]))
    assert not missing, missing
    # Keys built at run time: categories, styles, ranks, suits.
    for cat in ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
                "full_house", "four_of_a_kind", "straight_flush"):  # fmt: skip
        assert f"cat_{cat}" in dicts["en"] and f"catdesc_{cat}" in dicts["en"]
    for key in [*(f"rank_{r}" for r in "23456789TJQKA"), *(f"suit_{s}" for s in "cdhs")]:
        assert key in dicts["en"]
    assert {"style_cautious", "style_bold", "g1_title", "g7_text"} <= set(dicts["en"])


# ---------------------------------------------------------------- G10: hidden cards


def snapshot(
    client: Client, rid: int, checks: list[tuple[str, str, int]], stage: str, up: int
) -> None:
    """Fetch every read endpoint: none may show more than the step allows."""
    for path in ("/api/state", "/api/history", "/api/stats", f"/api/round/{rid}", "/api/session"):
        response = client.get(path)
        assert response.status_code == 200, (path, response.text)
        checks.append((response.text, stage, up))


def test_no_card_leaves_the_server_before_it_is_revealed(client: Client, db: Path) -> None:
    """Play rounds with every kind of decision; check every response of every step.

    At each step the only cards this round may show are your own (and the card
    you drew, once drawn), the dealer's cards turned so far and, at the
    showdown only, the hands of opponents still in. Past rounds in the
    history are settled and not this round's business.
    """
    plays = [("exchange", 4), ("keep", None), ("fold", None), ("exchange", 0), ("keep", None)]
    plays += [("keep", None)] * 10  # more rounds until two hands or more were shown
    showdowns = 0
    for n, (action, index) in enumerate(plays):
        if n >= 5 and showdowns:
            break
        checks: list[tuple[str, str, int]] = []  # (response text, stage, dealer cards up)

        st = client.start()
        rid = st["round"]["id"]
        mine = set(st["round"]["players"][0]["cards"])
        checks.append((client.responses[-1][1], "deal", 1))
        snapshot(client, rid, checks, "deal", 1)
        checks.append((client.get("/api/hint").text, "deal", 1))
        st = client.act(action, index)
        up = 1
        checks.append((client.responses[-1][1], "settled" if st["phase"] == "idle" else "act", up))
        dealer_seen = [st["round"]["dealer"]["cards"]]
        while st["phase"] == "dealer":
            snapshot(client, rid, checks, "act", up)
            st = client.ok(client.post("/api/advance", {"version": st["round"]["version"]}))
            up += 1
            dealer_seen.append(st["round"]["dealer"]["cards"])
            checks.append(
                (client.responses[-1][1], "settled" if st["phase"] == "idle" else "act", up)
            )
        snapshot(client, rid, checks, "settled", up)
        final = st["round"]
        assert final["id"] == rid and final["phase"] == "settled"
        dealer = final["dealer"]["cards"]
        # The dealer's cards arrive one per call, in order.
        for k, cards in enumerate(dealer_seen, start=1):
            assert cards == dealer[:k]
        drawn = set(final["players"][0]["cards"]) - mine
        assert len(drawn) == (1 if action == "exchange" else 0)
        shown = {c for p in final["players"][1:] if p["cards"] for c in p["cards"]}
        for text, stage, k in checks:
            allowed = mine | set(dealer[:k])
            if stage != "deal":
                allowed |= drawn
            if stage == "settled":
                allowed |= set(dealer) | shown
            doc = json.loads(text)
            history = isinstance(doc.get("rounds"), list)
            parts = [r for r in doc["rounds"] if r["id"] == rid] if history else [doc]
            for part in parts:
                leaked = card_tokens(json.dumps(part)) - allowed
                assert not leaked, (action, stage, k, leaked)
        # Nothing else of the deck is ever shown: 52 cards minus what was revealed.
        hidden = set(ALL_CARDS) - mine - drawn - set(dealer) - shown
        assert len(hidden) >= 52 - 5 - 1 - 5 - 10
        assert round_conserves_chips(final)
        showdowns += len(final["result"]["showdown"]) >= 2
    assert showdowns >= 1
    assert audit(db, client.profile)["ok"]


def test_folded_opponent_cards_are_never_shown(client: Client) -> None:
    """Across rounds, a folded opponent's cards and any lone winner's stay null."""
    for _ in range(6):
        client.start()
        rnd = client.finish(client.act("keep"))["round"]
        for p in rnd["players"][1:]:
            if p["status"] == "folded" or rnd["result"]["pot"]["uncontested"]:
                assert p["cards"] is None and p["hand"] is None
            if p["cards"] is not None:
                assert p["seat"] in rnd["result"]["showdown"]


# ---------------------------------------------------------------- Host / Origin / token


def test_dns_rebinding_host_is_refused(server: GameServer, client: Client) -> None:
    before = client.state()
    for host in ("evil.example", f"evil.example:{server.port}", f"127.0.0.1:{server.port + 1}",
                 "localhost", f"127.0.0.1.nip.io:{server.port}"):  # fmt: skip
        for method, path in (("GET", "/"), ("GET", "/api/state"), ("POST", "/api/start")):
            r = client.http.request(
                method,
                path,
                params=client.params(),
                headers={"Host": host, "X-Showdown-Token": client.token},
                json={"after": None} if method == "POST" else None,
            )
            expect_error(r, 403, "bad_host")
    assert client.state() == before
    # The real names of this server are accepted.
    assert httpx.get(f"http://localhost:{server.port}/api/state").status_code == 200


def test_cross_site_requests_are_refused(server: GameServer, client: Client) -> None:
    before = client.state()
    body = {"after": None}
    for headers in (
        {"Origin": "http://evil.example"},
        {"Origin": f"http://127.0.0.1:{server.port + 1}"},
        {"Origin": "null"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "same-site"},
    ):
        expect_error(client.post("/api/start", body, headers=headers), 403)
        r = client.http.get("/api/state", params=client.params(), headers=headers)
        expect_error(r, 403)
    assert client.state() == before
    same = client.post("/api/start", body, headers={"Origin": server.url.rstrip("/")})
    assert same.status_code == 200


def test_state_changes_need_the_session_token(server: GameServer, client: Client) -> None:
    before = client.state()
    expect_error(client.post("/api/start", {"after": None}, token=""), 403, "bad_token")
    expect_error(client.post("/api/start", {"after": None}, token="0" * 64), 403, "bad_token")
    # A token from another session (another cookie) does not fit this cookie.
    other = Client(server.url, client.profile)
    expect_error(client.post("/api/start", {"after": None}, token=other.token), 403, "bad_token")
    other.close()
    # A token without its cookie is useless too.
    bare = httpx.post(
        server.url + "api/start",
        json={"after": None},
        params=client.params(),
        headers={"X-Showdown-Token": client.token},
    )
    expect_error(bare, 403, "bad_token")
    # A plain HTML form cannot post JSON.
    form = client.http.post(
        "/api/start",
        params=client.params(),
        content=b"after=",
        headers={"X-Showdown-Token": client.token,
                 "Content-Type": "application/x-www-form-urlencoded"},
    )  # fmt: skip
    expect_error(form, 415)
    assert client.state() == before


# ---------------------------------------------------------------- validation


def test_bad_inputs_are_4xx_and_change_nothing(client: Client, db: Path) -> None:
    st = deciding(client)
    version = st["round"]["version"]
    hand = st["round"]["players"][0]["cards"]
    not_mine = next(c for c in ALL_CARDS if c not in hand)
    bad_posts: list[tuple[str, Any, int, str | None]] = [
        ("/api/act", {"action": "raise", "version": version}, 400, "bad_action"),
        ("/api/act", {"action": "", "version": version}, 400, "bad_action"),
        ("/api/act", {"action": 3, "version": version}, 400, "bad_action"),
        ("/api/act", {"action": "exchange", "version": version}, 400, "bad_card_index"),
        ("/api/act", {"action": "exchange", "version": version, "card_index": 5}, 400,
         "bad_card_index"),
        ("/api/act", {"action": "exchange", "version": version, "card_index": -1}, 400,
         "bad_card_index"),
        ("/api/act", {"action": "exchange", "version": version, "card_index": True}, 400,
         "bad_card_index"),
        ("/api/act", {"action": "exchange", "version": version, "card": not_mine}, 400,
         "card_not_in_hand"),
        ("/api/act", {"action": "exchange", "version": version, "card": "Xx"}, 400,
         "card_not_in_hand"),
        ("/api/act", {"action": "exchange", "version": version, "card": hand[0],
                      "card_index": 0}, 400, "bad_card"),
        ("/api/act", {"action": "keep", "version": version, "card_index": 1}, 400,
         "bad_card_index"),
        ("/api/act", {"action": "fold", "version": version, "card": hand[1]}, 400, "bad_card"),
        ("/api/act", {"action": "keep"}, 400, "missing_version"),
        ("/api/act", {"action": "keep", "version": "1"}, 400, "bad_version"),
        ("/api/act", {"action": "keep", "version": 1.5}, 400, "bad_version"),
        ("/api/act", {"action": "keep", "version": version, "extra": 1}, 400, "unknown_field"),
        ("/api/act", [1, 2], 400, "bad_json"),
        ("/api/act", "keep", 400, "bad_json"),
        ("/api/act", {"action": "keep", "version": 2**80}, 409, None),
        ("/api/ante", {"ante": 7}, 400, "bad_ante"),
        ("/api/ante", {"ante": "10"}, 400, "bad_ante"),
        ("/api/start", {}, 400, "missing_after"),
        ("/api/nonsense", {}, 404, "not_found"),
    ]  # fmt: skip
    for path, body, status, code in bad_posts:
        expect_error(client.post(path, body), status, code)
        assert client.state() == st, (path, body)
    raw = client.http.post(
        "/api/act",
        params=client.params(),
        content=b"{not json",
        headers={"X-Showdown-Token": client.token, "Content-Type": "application/json"},
    )
    expect_error(raw, 400, "bad_json")
    huge = client.http.post(
        "/api/act",
        params=client.params(),
        content=b'{"action": "' + b"k" * 10_000 + b'"}',
        headers={"X-Showdown-Token": client.token, "Content-Type": "application/json"},
    )
    expect_error(huge, 400, "too_large")
    for path, params, status, code in [
        ("/api/state", {"lang": "fr"}, 400, "bad_lang"),
        ("/api/state", {"profile": ""}, 400, "bad_profile"),
        ("/api/state", {"profile": "x" * 300}, 400, "bad_profile"),
        ("/api/state", {"profile": "a/b"}, 400, "bad_profile"),
        ("/api/history", {"limit": "0"}, 400, "bad_limit"),
        ("/api/history", {"limit": "many"}, 400, "bad_limit"),
        ("/api/history", {"before": "x"}, 400, "bad_before"),
        ("/api/round/999999", {}, 404, "no_such_round"),
        ("/api/round/abc", {}, 400, "bad_round_id"),
    ]:
        expect_error(client.get(path, **params), status, code)
    expect_error(client.http.put("/api/act"), 405)
    expect_error(client.http.get("/api/act"), 405)
    assert client.state() == st
    # The same requests, well formed, work.
    st = client.ok(client.post("/api/act", {"action": "exchange", "version": version,
                                             "card": hand[2]}))  # fmt: skip
    assert st["round"]["players"][0]["decision"]["card_index"] == 2
    client.finish(st)
    assert audit(db, client.profile)["ok"]


def test_actions_out_of_turn_are_409(client: Client) -> None:
    idle = client.state()
    expect_error(client.post("/api/act", {"action": "keep", "version": 1}), 409, "no_round")
    expect_error(client.post("/api/advance", {"version": 1}), 409, "no_round")
    expect_error(client.get("/api/hint"), 409, "no_round")
    expect_error(client.post("/api/refill", {"after": None}), 409, "refill_not_needed")
    assert client.state() == idle
    st = deciding(client)
    expect_error(client.post("/api/advance", {"version": st["round"]["version"]}), 409,
                 "not_dealer_phase")  # fmt: skip
    expect_error(client.post("/api/start", {"after": None}), 409)
    expect_error(client.post("/api/refill", {"after": None}), 409)
    assert client.state() == st
    st = client.act("keep")
    if st["phase"] == "dealer":
        v = st["round"]["version"]
        expect_error(client.post("/api/act", {"action": "fold", "version": v}), 409,
                     "not_your_turn")  # fmt: skip
        expect_error(client.get("/api/hint"), 409, "not_your_turn")
        expect_error(client.post("/api/start", {"after": st["round"]["id"]}), 409,
                     "round_in_progress")  # fmt: skip
        assert client.state() == st
    client.finish(st)


def test_replayed_requests_are_409_and_change_nothing(client: Client) -> None:
    last = client.state()["round"]
    start_body = {"after": last["id"] if last else None}
    st = client.ok(client.post("/api/start", start_body))
    expect_error(client.post("/api/start", start_body), 409)
    act_body = {"action": "keep", "version": st["round"]["version"]}
    st = client.ok(client.post("/api/act", act_body))
    snapshot = client.state()
    expect_error(client.post("/api/act", act_body), 409)
    assert client.state() == snapshot
    while st["phase"] == "dealer":
        adv = {"version": st["round"]["version"]}
        st = client.ok(client.post("/api/advance", adv))
        snapshot = client.state()
        expect_error(client.post("/api/advance", adv), 409)
        assert client.state() == snapshot
    # Replaying the first start after the round is over does not deal a new round.
    expect_error(client.post("/api/start", start_body), 409, "stale")
    assert client.state() == snapshot


def test_hint_is_a_decision_with_a_chance(client: Client) -> None:
    deciding(client)
    hint = client.ok(client.get("/api/hint"))
    assert hint["action"] in ("fold", "keep", "exchange")
    assert 0.0 <= hint["win_chance"] <= 1.0
    assert client.ok(client.get("/api/hint")) == hint  # reading it changes nothing
    client.finish(client.act("fold"))


def test_two_tabs_cannot_spend_the_same_chips_twice(server: GameServer, db: Path) -> None:
    profile = "two-tabs"
    tabs = [Client(server.url, profile) for _ in range(2)]
    results: list[httpx.Response] = []

    def go(tab: Client, path: str, payload: dict[str, Any]) -> None:
        results.append(tab.post(path, payload))

    try:
        for _ in range(3):
            results.clear()
            last = tabs[0].state()["round"]
            body = {"after": last["id"] if last else None}
            threads = [threading.Thread(target=go, args=(t, "/api/start", body)) for t in tabs]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            assert sorted(r.status_code for r in results) == [200, 409]
            st = tabs[1].state()
            results.clear()
            payload = {"action": "keep", "version": st["round"]["version"]}
            threads = [threading.Thread(target=go, args=(t, "/api/act", payload)) for t in tabs]
            for th in threads:
                th.start()
            for th in threads:
                th.join()
            assert sorted(r.status_code for r in results) == [200, 409]
            st = tabs[0].finish(tabs[0].state())
            assert round_conserves_chips(st["round"])
        assert audit(db, profile)["ok"]
        stats = tabs[0].ok(tabs[0].get("/api/stats"))
        assert stats["rounds"] == 3
    finally:
        for t in tabs:
            t.close()


def test_chips_add_up_over_many_rounds(client: Client, db: Path) -> None:
    chips = client.state()["chips"]
    for i in range(8):
        st = client.start(ante=(5, 10, 25, 50, 100)[i % 5])
        chips -= st["round"]["ante"]
        assert st["chips"] == chips
        st = client.finish(
            client.act(("keep", "exchange", "fold")[i % 3], 1 if i % 3 == 1 else None)
        )
        rnd = st["round"]
        assert round_conserves_chips(rnd)
        mine = next(n["net"] for n in rnd["result"]["net"] if n["seat"] == 0)
        chips += mine + rnd["ante"]
        assert st["chips"] == chips
    history = client.ok(client.get("/api/history", limit=200))
    assert [r["number"] for r in history["rounds"]] == list(range(8, 0, -1))
    assert audit(db, client.profile)["ok"]


def test_server_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    server = GameServer(tmp_path / "g.sqlite3").start()
    assert server.stop() == 0
    assert "Stopped." in "".join(server.output)
    assert "Traceback" not in "".join(server.output)


def test_listens_on_loopback_only(server: GameServer) -> None:
    """Bound to 127.0.0.1 itself: even another loopback address cannot connect."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=2):
        pass
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.2", server.port), timeout=2).close()


def test_reads_never_write_and_a_token_belongs_to_one_profile(server: GameServer, db: Path) -> None:
    def profiles() -> list[str]:
        conn = sqlite3.connect(db)
        try:
            return [r[0] for r in conn.execute("SELECT name FROM profiles ORDER BY name")]
        finally:
            conn.close()

    before = profiles()
    reader = Client(server.url, "Newbie")
    for path in ("/api/state", "/api/stats", "/api/history"):
        assert reader.get(path).status_code == 200, path
    assert reader.state()["chips"] == 1000
    expect_error(reader.get("/api/hint"), 409, "no_round")
    assert profiles() == before  # a GET created nothing
    # Newbie's token cannot change another profile, and the other way round.
    other = Client(server.url, "Other")
    stolen = reader.http.post(
        "/api/ante",
        params={"profile": "Other"},
        json={"ante": 25},
        headers={"X-Showdown-Token": reader.token},
    )
    expect_error(stolen, 403, "bad_token")
    assert profiles() == before
    assert reader.ok(reader.post("/api/ante", {"ante": 25}))["ante"] == 25
    assert other.ok(other.post("/api/ante", {"ante": 50}))["ante"] == 50
    assert profiles() == sorted([*before, "Newbie", "Other"])
    reader.close()
    other.close()


def test_any_interface_answers_this_machines_own_addresses(tmp_path: Path) -> None:
    """``--host 0.0.0.0``: the warning names the URLs to use, and they work; other names
    are still refused (DNS rebinding)."""
    from showdown.game.launch import own_addresses

    server = GameServer(tmp_path / "g.sqlite3", args=("--host", "0.0.0.0")).start()
    try:
        warning = next(line for line in server.output if line.startswith("warning:"))
        names = [n for n in own_addresses("0.0.0.0") if n not in ("127.0.0.1", "[::1]")]
        assert names, "this machine has no name or address but loopback"
        for name in names:
            assert f"http://{name}:{server.port}/" in warning, (name, warning)
            r = httpx.get(server.url + "api/session", headers={"Host": f"{name}:{server.port}"})
            assert r.status_code == 200, (name, r.text)
        evil = httpx.get(server.url + "api/session", headers={"Host": f"evil.test:{server.port}"})
        expect_error(evil, 403, "bad_host")
    finally:
        assert server.stop() == 0


def test_opens_the_browser_unless_told_not_to(tmp_path: Path) -> None:
    opened = tmp_path / "opened.txt"
    fake = tmp_path / "fake-browser"
    fake.write_text(f'#!/bin/sh\necho "$1" > {opened}\n')
    fake.chmod(0o755)
    server = GameServer(tmp_path / "g.sqlite3", browser=True, env={"BROWSER": str(fake)})
    server.start()
    try:
        for _ in range(100):
            if opened.exists() and opened.read_text().strip():
                break
            time.sleep(0.05)
        assert opened.read_text().strip() == server.url
    finally:
        server.stop()


def run_play(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "showdown", "play", "--no-browser", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=dict(os.environ),
    )


def test_bad_command_lines_are_one_error_line(server: GameServer, tmp_path: Path) -> None:
    db = str(tmp_path / "x.sqlite3")
    for args in (
        ["--db", db, "--port", str(server.port)],  # the port is taken
        ["--db", db, "--profile", "no/slashes"],
        ["--db", db, "--port", "70000"],
        ["--db", db, "--host", "no.such.host.invalid"],
    ):
        done = run_play(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error:"), (args, done.stderr)


def test_the_web_stack_loads_only_for_play() -> None:
    code = (
        "import sys, showdown, showdown.commands.main, contextlib, io\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    showdown.commands.main.main(['--help'])\n"
        "print(sorted(m for m in ('starlette', 'uvicorn', 'showdown.game.server') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]", done.stdout + done.stderr


def lose_down_to_a_refill(client: Client) -> dict[str, Any]:
    """Fold rounds at the biggest ante until the chips cannot cover ante + play bet."""
    st = client.state()
    for _ in range(20):
        if st["refill_available"]:
            return st
        client.start(ante=100)
        st = client.act("fold")
        if st["phase"] == "dealer":
            st = client.finish(st)
    raise AssertionError("never ran out of chips")


def test_refill_when_the_chips_run_out(client: Client, db: Path) -> None:
    st = lose_down_to_a_refill(client)
    assert st["chips"] < 3 * 100 and st["phase"] == "idle"
    after = st["round"]["id"]
    expect_error(client.post("/api/start", {"after": after, "ante": 100}), 409,
                 "insufficient_chips")  # fmt: skip
    assert client.state() == st
    refilled = client.ok(client.post("/api/refill", {"after": after}))
    assert refilled["chips"] == 1000 and refilled["refills"] == 1
    expect_error(client.post("/api/refill", {"after": after}), 409)  # a replay: nothing more
    assert client.state() == refilled
    stats = client.ok(client.get("/api/stats"))
    assert stats["refills"] == 1 and stats["balance"][-1]["reason"] == "refill"
    assert audit(db, client.profile)["ok"]
