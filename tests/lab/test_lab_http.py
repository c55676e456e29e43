"""The equity lab's HTTP API against a real ``showdown lab`` server on 127.0.0.1.

Covers issue 22 item 7 on the server's side: answers equal to the library's,
impossible inputs answered 400 with the field at fault, long jobs with progress
and cancel while the server keeps answering, one running job per page, and the
checks inherited from :mod:`showdown.web` (token, Host, Origin, CSP, bodies).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import httpx
import pytest

import showdown
from helpers.lab_server import LabClient, LabServer, expect_bad
from helpers.paths import ROOT

# ---------------------------------------------------------------- the page and its files


def test_page_has_token_cookie_and_security_headers(server: LabServer) -> None:
    r = httpx.get(server.url)
    assert r.status_code == 200 and 'name="showdown-token"' in r.text
    assert r.cookies.get(f"showdown_lab_{server.port}")
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert r.headers["x-frame-options"] == "DENY"
    for path in ("static/js/main.js", "static/style.css", "static/i18n/ru.json"):
        assert httpx.get(server.url + path).status_code == 200, path


def test_page_loads_nothing_from_elsewhere() -> None:
    static = ROOT / "src" / "showdown" / "lab" / "static"
    for path in static.rglob("*"):
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text(encoding="utf-8")
            assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), path
            assert "https://" not in text, path
            assert "<script>" not in text and " style=" not in text, path


def test_session_lists_games_and_languages(server: LabServer) -> None:
    body = httpx.get(server.url + "api/session").json()
    assert body["langs"] == ["en", "es", "ru"] and "holdem" in body["games"]
    assert body["max_players"] == 6 and len(body["token"]) == 64


# ---------------------------------------------------------------- the grid's view of a range


def test_range_view_matches_the_library(server: LabServer) -> None:
    view = httpx.get(server.url + "api/range", params={"text": "20%"}).json()
    rng = showdown.parse_range("20%")
    assert view["combos"] == len(rng)
    assert abs(view["share"] - sum(rng.weights) / 1326) < 1e-12
    painted = httpx.get(server.url + "api/range", params={"text": "QQ+, AKs, AKs:0.5, KK:0"}).json()
    assert painted["classes"] == {"AA": 1.0, "QQ": 1.0, "AKs": 0.5}
    assert showdown.parse_range(painted["canonical"]) == showdown.parse_range("AA, QQ, AKs:0.5")


def test_range_view_says_what_is_wrong(server: LabServer) -> None:
    r = httpx.get(server.url + "api/range", params={"text": "QQ+x"})
    expect_bad(r, "range", "QQ+x")


# ---------------------------------------------------------------- answers


def test_equity_equals_the_library(client: LabClient) -> None:
    spot = {"board": "Qh Jh 3c", "dead": "2s"}
    body = client.finish(client.job(["AhKh", "20%"], **spot))  # 200 at once, or 202 and polls
    assert body["state"] == "done"
    mine = showdown.equity(["AhKh", "20%"], board="Qh Jh 3c", dead="2s")
    got = body["result"]
    assert [p["equity"] for p in got["players"]] == pytest.approx(list(mine.equity), abs=1e-12)
    assert [p["win"] for p in got["players"]] == pytest.approx(list(mine.win), abs=1e-12)
    assert got["method"] == "exact" and got["boards"] == mine.boards


def test_per_combo_distribution_and_breakdown_equal_the_library(client: LabClient) -> None:
    got = client.finish(client.job(["AhKh", "QQ+, AKs, JTs"], board="Qh Jh 3c"))["result"]
    mine = showdown.per_combo_equity(["AhKh", "QQ+, AKs, JTs"], board="Qh Jh 3c")
    assert got["per_combo"] == mine.to_json()["per_combo"]
    curve = mine.distribution()[1]
    assert got["distribution"][1] == [[round(s, 5), round(e, 5)] for s, e in curve]
    # each player's breakdown given the other's cards: the combos of the per-combo table
    board = showdown.breakdown("QQ+, AKs, JTs", "Qh Jh 3c", against=["AhKh"]).to_json()
    assert got["breakdown"][1] == board
    assert got["breakdown"][1]["combos"] == len(got["per_combo"][1]) == 9 + 3 + 3
    assert got["breakdown"][0]["made_combos"]["ace high"] == pytest.approx(15 / 22)
    preflop = client.finish(client.job(["AhKh", "QQ+"]))["result"]
    assert preflop["breakdown"] is None
    assert len(preflop["per_combo"][1]) == 3 + 3 + 6  # no Ah, no Kh


def test_other_games_and_six_players(client: LabClient) -> None:
    got = client.finish(client.job(["AhKhQc2d", "AsAdJcTc"], board="2c7d9h", game="omaha"))
    mine = showdown.equity(["AhKhQc2d", "AsAdJcTc"], board="2c7d9h", game="omaha")
    assert [p["equity"] for p in got["result"]["players"]] == pytest.approx(list(mine.equity))
    short = client.finish(client.job(["AhKh", "QsQd"], game="short-deck"))
    assert "per_combo" not in short["result"] and len(short["result"]["players"]) == 2
    six = client.finish(client.job(["AA", "KK", "QQ", "JJ", "TT", "99"]))
    assert len(six["result"]["players"]) == 6


# ---------------------------------------------------------------- impossible inputs


@pytest.mark.parametrize(
    ("players", "spot", "field", "words"),
    [
        (["AhKh", "QQ"], {"board": "Qh Jh"}, "board", "0, 3, 4 or 5 cards"),
        (["AhKh", "QQ"], {"board": "Qh Jh 1x"}, "board", "1x"),
        (["AhKh", "QQ"], {"dead": "Zz"}, "dead", "Zz"),
        (["AhKh", "AhQd"], {}, "player-2", "Ah is in two places"),
        (["AhKh", "QQ+x"], {}, "player-2", "QQ+x"),
        (["AhKh", "QQ"], {"board": "2c 3c 4c", "dead": "2c"}, "dead", "two places"),
        (["AhKh", "  "], {}, "player-2", "no hand or range"),
        (["AhKh"], {}, "players", "2 to 6 players"),
        (["AA"] * 7, {}, "players", "2 to 6 players"),
        (["QQ", "AA"], {"board": "As Ad 2c", "dead": "Ac Ah"}, "player-2", "no combo left"),
        (["AhKh", "QQ"], {"game": "chess"}, "game", "unknown game"),
    ],
)
def test_impossible_inputs_name_their_field(
    client: LabClient, players: list[str], spot: dict[str, str], field: str, words: str
) -> None:
    expect_bad(client.outcome(client.job(players, **spot)), field, words)


def test_heatmap_is_preflop_holdem(client: LabClient) -> None:
    response = client.job(["AA", "KK"], kind="heatmap", board="2c 3d 4h")
    expect_bad(client.outcome(response), "board", "preflop")


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"kind": "equity", "tab": "t", "players": ["AA", "KK"], "extra": 1}, 400, "unknown_field"),
        ({"kind": "sleep", "tab": "t", "players": ["AA", "KK"]}, 400, "bad_kind"),
        ({"kind": "equity", "tab": "no spaces", "players": ["AA", "KK"]}, 400, "bad_tab"),
        ({"kind": "equity", "tab": "t", "players": "AA KK"}, 400, "bad_input"),
        ({"kind": "equity", "tab": "t"}, 400, "missing_players"),
    ],
)
def test_malformed_bodies(client: LabClient, body: dict, status: int, code: str) -> None:
    r = client.post("/api/jobs", body)
    assert r.status_code == status and r.json()["error"] == code, r.text


def test_body_not_json_and_too_large(client: LabClient) -> None:
    headers = {"X-Showdown-Token": client.token, "Content-Type": "application/json"}
    r = client.http.post("/api/jobs", content=b'{"kind": ', headers=headers)
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    huge = client.job(["AA", "K" * 30_000])
    assert huge.status_code == 400 and huge.json()["error"] == "too_large"
    assert client.http.get("/api/session").status_code == 200  # the connection still works


# ---------------------------------------------------------------- the web stack's checks


def test_post_needs_this_sessions_token(server: LabServer, client: LabClient) -> None:
    r = client.post(
        "/api/jobs", {"kind": "equity", "tab": "t", "players": ["AA", "KK"]}, token="0" * 64
    )
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
    stranger = httpx.post(
        server.url + "api/jobs",
        json={"kind": "equity", "tab": "t", "players": ["AA", "KK"]},
        headers={"X-Showdown-Token": client.token},
    )
    assert stranger.status_code == 403  # the token without its cookie is worth nothing


def test_host_and_origin_checks(server: LabServer, client: LabClient) -> None:
    r = httpx.get(server.url + "api/session", headers={"Host": "evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "bad_host"
    r = client.post(
        "/api/jobs",
        {"kind": "equity", "tab": "t", "players": ["AA", "KK"]},
        headers={"Origin": "http://evil.example"},
    )
    assert r.status_code == 403 and r.json()["error"] == "bad_origin"
    r = client.http.get(
        "/api/range", params={"text": "AA"}, headers={"Sec-Fetch-Site": "cross-site"}
    )
    assert r.status_code == 403


def test_jobs_belong_to_their_session(server: LabServer, client: LabClient) -> None:
    job = client.job(["AA", "KK"]).json()["id"]
    other = LabClient(server.url)
    try:
        assert other.http.get(f"/api/jobs/{job}").status_code == 404
        assert other.post(f"/api/jobs/{job}/cancel", {}).status_code == 404
        assert other.http.get("/api/jobs/not-an-id").status_code == 404
    finally:
        other.close()


# ---------------------------------------------------------------- long jobs


def test_long_job_reports_progress_keeps_the_server_answering_and_cancels(
    client: LabClient,
) -> None:
    started = client.job(["AA", "20%"], kind="heatmap")
    assert started.status_code == 202 and started.json()["state"] == "running"
    job = started.json()["id"]
    progress = 0.0
    slowest = 0.0
    deadline = time.monotonic() + 180  # the heat map's workers start first (slow when loaded)
    while progress == 0.0:
        assert time.monotonic() < deadline, "no progress in three minutes"
        time.sleep(0.2)
        t0 = time.perf_counter()
        view = client.http.get("/api/range", params={"text": "QQ+"})
        slowest = max(slowest, time.perf_counter() - t0)
        assert view.status_code == 200
        state = client.http.get(f"/api/jobs/{job}").json()
        assert state["state"] == "running", state
        progress = state["progress"]
    assert 0 < progress < 1
    assert slowest < 1.5, f"the server took {slowest:.2f} s to answer while a job ran"
    cancelled = client.post(f"/api/jobs/{job}/cancel", {})
    assert cancelled.status_code == 200  # it waits up to 2 s for the job to end
    deadline = time.monotonic() + 30
    while cancelled.json()["state"] == "running":
        assert time.monotonic() < deadline, "the cancelled job kept running"
        time.sleep(0.1)
        cancelled = client.http.get(f"/api/jobs/{job}")
    assert cancelled.json()["state"] == "cancelled"
    assert "result" not in cancelled.json()


def test_a_new_job_of_the_page_cancels_the_previous(client: LabClient) -> None:
    first = client.job(["AA", "20%"], kind="heatmap", tab="page-a").json()["id"]
    other_page = client.job(["AA", "20%"], kind="heatmap", tab="page-b").json()["id"]
    second = client.job(["AhKh", "QQ"], tab="page-a")
    assert client.finish(second)["state"] == "done"
    deadline = time.monotonic() + 60  # generous: a loaded machine starts and stops processes slowly
    while client.http.get(f"/api/jobs/{first}").json()["state"] == "running":
        assert time.monotonic() < deadline, "the replaced job kept running"
        time.sleep(0.1)
    assert client.http.get(f"/api/jobs/{first}").json()["state"] == "cancelled"
    assert client.http.get(f"/api/jobs/{other_page}").json()["state"] == "running"
    client.post(f"/api/jobs/{other_page}/cancel", {})


# ---------------------------------------------------------------- the command


def test_cli_bad_port_is_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "lab", "--no-browser", "--port", "70000"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "error: bad port 70000: use 0-65535 (0 = any free port)"
    ]


def test_cli_port_in_use_is_one_line(server: LabServer) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "lab", "--no-browser", "--port", str(server.port)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: cannot listen on"), done.stderr


def test_ctrl_c_stops_the_lab() -> None:
    lab = LabServer().start()
    assert lab.stop() == 0
    assert "Stopped." in "".join(lab.output)


def test_every_phrase_in_every_language() -> None:
    static = ROOT / "src" / "showdown" / "lab" / "static"
    books = {
        lang: json.loads((static / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in ("en", "es", "ru")
    }
    assert set(books["es"]) == set(books["en"]) == set(books["ru"])
    for lang, book in books.items():
        for key, text in book.items():
            assert text.strip(), (lang, key)
            assert set(re.findall(r"\{\w+\}", text)) == set(
                re.findall(r"\{\w+\}", books["en"][key])
            ), (lang, key)
    from showdown.odds.ranges.breakdown import DRAWS, MADE

    for name in (*MADE, *DRAWS):  # every class the breakdown bars can show
        assert f"bd_{name}" in books["en"], name
    used = set()
    for path in [static / "index.html", *(static / "js").glob("*.js")]:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'data-i18n(?:-aria|-placeholder)?="(\w+)"', text))
        used |= set(re.findall(r'\bt\("(\w+)"', text))
    prefixes = {key for key in used if key.endswith("_")}  # t("bd_" + name), t("game_" + g)
    assert used - prefixes <= set(books["en"]), used - prefixes - set(books["en"])
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in books["en"]), prefix
    from showdown.lab.inputs import GAMES

    assert {f"game_{g}" for g in GAMES} <= set(books["en"])


@pytest.mark.slow
def test_heatmap_equals_the_library(client: LabClient) -> None:
    got = client.finish(client.job(["AA", "QQ+, AKs"], kind="heatmap"), timeout=600)["result"]
    assert len(got["classes"]) == 169 and got["vs"] == "QQ+, AKs"
    mine = showdown.matrix(["AA", "72o", "AKo"], vs="QQ+, AKs", workers=1)
    for name, equity in zip(["AA", "72o", "AKo"], mine.equity, strict=True):
        assert got["equity"][got["classes"].index(name)] == pytest.approx(float(equity), abs=1e-12)
