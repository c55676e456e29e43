"""The tracker page's HTTP API against a real ``showdown tracker`` on 127.0.0.1, on a real
DuckDB file holding real hands of the rooms' files (``tests/helpers/tracker_db.py``).

The answers are checked against SQL on the same file and against the library (a stored
hand replays as its room's file does); the filters narrow what they say; every bad
parameter is a JSON 400 naming it; the checks inherited from :mod:`showdown.web` hold;
with a watched folder the live view follows the hands as they arrive. The command's
own refusals are in ``test_tracker_command.py``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import httpx
import pytest

from helpers.paths import ROOMS, ROOT
from helpers.tracker_db import build_database, store_files
from helpers.tracker_server import LiveTracker, TrackerServer
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory
from showdown.tracker.page_values import jsonable, thinned
from showdown.tracker.replayer import replay_steps

STATIC = ROOT / "src" / "showdown" / "tracker" / "static"
RATIOS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "steal", "cbet", "fold_to_cbet",
          "wtsd", "wsd", "wwsf")
BROKEN = ("broken", "1")  # a stored hand whose actions break the rules


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tracker") / "hands.duckdb"
    assert build_database(path) == 300
    with duckdb.connect(str(path)) as con:  # one stored hand the engine refuses
        con.execute("INSERT INTO hands (hand_id, room, hand, game, min_bet) "
                    "VALUES (9999, ?, ?, 'NT', 2)", list(BROKEN))
        for seat in (1, 2):
            con.execute("INSERT INTO hand_players (hand_id, seat, player, turn, starting_stack, "
                        "ante, blind) VALUES (9999, ?, ?, ?, 100, 0, ?)",
                        [seat, f"x{seat}", seat, seat])
        con.execute("INSERT INTO actions VALUES (9999, 0, 0, 1, 'p1 cbr 5')")
    return path


@pytest.fixture(scope="module")
def server(database: Path) -> Iterator[TrackerServer]:
    running = TrackerServer().start(database)
    try:
        yield running
    finally:
        running.stop()


def sql(database: Path, query: str, *values: Any) -> list[tuple[Any, ...]]:
    """A question to the database file (read-only: the server holds it open too)."""
    with duckdb.connect(str(database), read_only=True) as con:
        return con.execute(query, list(values)).fetchall()


def get(server: TrackerServer, path: str, **params: Any) -> httpx.Response:
    return httpx.get(server.url + path, params=params, timeout=60)


def ok(response: httpx.Response) -> Any:
    assert response.status_code == 200, (response.status_code, response.text)
    return response.json()


def expect_bad(response: httpx.Response, field: str, words: str) -> None:
    assert response.status_code == 400, (response.status_code, response.text)
    body = response.json()
    assert body["error"] == "bad_input" and body["field"] == field, body
    assert words in body["message"], body


# ---------------------------------------------------------------- the page and its files


def test_page_files_and_security_headers(server: TrackerServer) -> None:
    page = httpx.get(server.url)
    assert page.status_code == 200
    assert '<script type="module" src="/static/js/main.js">' in page.text
    csp = page.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert page.headers["x-frame-options"] == "DENY"
    for path in ["static/style.css", "static/favicon.svg", "static/i18n/ru.json",
                 *(f"static/js/{p.name}" for p in (STATIC / "js").glob("*.js"))]:
        assert httpx.get(server.url + path).status_code == 200, path


def test_page_loads_nothing_from_elsewhere_and_has_no_inline_code() -> None:
    for path in STATIC.rglob("*"):
        if path.suffix in (".html", ".js", ".css", ".svg"):
            text = path.read_text(encoding="utf-8")
            assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), path
            assert "https://" not in text and "//cdn" not in text, path
            assert "<script>" not in text and " style=" not in text, path
            assert "innerHTML" not in text and "eval(" not in text, path


def test_session_says_what_the_page_offers(server: TrackerServer, database: Path) -> None:
    body = ok(get(server, "api/session"))
    games = {r[0] for r in sql(database, "SELECT DISTINCT game FROM hands")}
    assert set(body["games"]) == games and body["games"][0] == "NT"  # the most played first
    assert body["langs"] == ["en", "es", "ru"] and body["live"] is False
    assert body["groups"] == ["position", "stakes", "game", "month", "seats"]
    assert body["database"] == str(database) and body["hands"] == 301  # and the broken one


# ---------------------------------------------------------------- players


def test_players_follow_the_contract_and_count_the_hands(
        server: TrackerServer, database: Path) -> None:
    found = ok(get(server, "api/players"))["players"]
    counts = dict(sql(database, "SELECT player, count(*) FROM hand_players GROUP BY player"))
    assert {p["player"]: p["hands"] for p in found} == counts
    hero = next(p for p in found if p["player"] == "Hero")
    assert hero["hands"] == 153
    for name in RATIOS:
        assert set(hero[name]) == {"made", "opportunities", "percent"}, name
    vpip, chances = sql(database, "SELECT sum(vpip), sum(vpip_opp) FROM hand_players "
                                  "WHERE player = 'Hero'")[0]
    assert (hero["vpip"]["made"], hero["vpip"]["opportunities"]) == (vpip, chances)
    assert hero["vpip"]["percent"] == round(100 * vpip / chances, 1)  # one decimal
    net = sql(database, "SELECT sum(net) FROM hand_players WHERE player = 'Hero'")[0][0]
    assert set(hero["net"]) == {"USD"} and float(hero["net"]["USD"]) == float(net)
    assert all(isinstance(v, str) for key in ("net", "ev_net", "rake") for v in hero[key].values())
    for key in ("af", "afq", "bb100", "ev_bb100"):
        assert key in hero


def test_players_filters_narrow_the_hands(server: TrackerServer, database: Path) -> None:
    five = ok(get(server, "api/players", game="P5O"))["players"]
    assert {p["player"]: p["hands"] for p in five} == dict(sql(
        database, "SELECT player, count(*) FROM hand_players WHERE game = 'P5O' GROUP BY 1"))
    assert next(p for p in five if p["player"] == "sabre_laser")["hands"] == 68
    many = ok(get(server, "api/players", min_hands=54))["players"]
    assert many and all(p["hands"] >= 54 for p in many)
    assert len(many) == len(sql(database, "SELECT player FROM hand_players GROUP BY 1 "
                                          "HAVING count(*) >= 54"))
    day = ok(get(server, "api/players", **{"from": "2018-03-04", "to": "2018-03-04"}))["players"]
    expected = dict(sql(database, "SELECT player, count(*) FROM hand_players WHERE "
                                  "CAST(played_at AS DATE) = DATE '2018-03-04' GROUP BY 1"))
    assert expected and {p["player"]: p["hands"] for p in day} == expected
    assert ok(get(server, "api/players", **{"from": "2030-01-01"}))["players"] == []


@pytest.mark.parametrize("by", ["position", "stakes", "game", "month", "seats"])
def test_players_by_group_add_up_to_the_player(server: TrackerServer, by: str) -> None:
    body = ok(get(server, "api/players", by=by, player="sabre_laser"))
    assert body["by"] == by
    groups = body["players"]
    assert groups and all(by in g and g["player"] == "sabre_laser" for g in groups)
    assert sum(g["hands"] for g in groups) == 122
    assert len({g[by] for g in groups}) == len(groups)
    if by == "game":
        assert {g["game"]: g["hands"] for g in groups} == {"P5O": 68, "NT": 54}


# ---------------------------------------------------------------- hands and graph


def test_hands_list_pages_through_one_players_hands(server: TrackerServer, database: Path) -> None:
    first = ok(get(server, "api/hands", player="Hero", limit=100))
    assert len(first["hands"]) == 100 and first["more"] is True
    rest = ok(get(server, "api/hands", player="Hero", limit=100, offset=100))
    assert len(rest["hands"]) == 53 and rest["more"] is False
    rows = first["hands"] + rest["hands"]
    assert {r["player"] for r in rows} == {"Hero"}
    assert len({r["hand"] for r in rows}) == 153
    times = [r["played_at"] for r in rows]
    assert times == sorted(times, reverse=True)  # the newest first
    row = rows[0]
    assert set(row) == {"room", "hand", "played_at", "game", "stakes", "currency", "position",
                        "cards", "net", "ev_net", "player", "players"}
    net = sql(database, "SELECT p.net FROM hand_players p JOIN hands h USING (hand_id) "
                        "WHERE h.hand = ? AND p.player = 'Hero'", row["hand"])[0][0]
    assert row["net"] == float(net) and row["currency"] == "USD"
    assert row["stakes"] == "0.02/0.05 USD"


def test_graph_runs_through_every_hand_of_the_player(server: TrackerServer, database: Path) -> None:
    body = ok(get(server, "api/graph", player="sabre_laser", game="P5O"))
    series = body["series"]
    assert body["hands"] == 68 and body["x"] == "hands"
    assert {len(v) for v in series.values()} == {68}
    assert series["x"] == list(range(1, 69))
    total = sql(database, "SELECT sum(net), sum(ev_net) FROM hand_players "
                          "WHERE player = 'sabre_laser' AND game = 'P5O'")[0]
    assert series["net"][-1] == pytest.approx(float(total[0]))
    assert series["ev_net"][-1] == pytest.approx(float(total[1]))
    for k in range(68):  # won with and without showdown make up the net
        assert series["showdown"][k] + series["no_showdown"][k] == pytest.approx(series["net"][k])
    by_date = ok(get(server, "api/graph", player="sabre_laser", game="P5O", x="date"))
    assert by_date["series"]["x"] == by_date["series"]["played_at"]
    assert ok(get(server, "api/graph", player="nobody"))["hands"] == 0


def test_graph_points_are_thinned_evenly_keeping_the_ends() -> None:
    series = {"x": list(range(1, 10_001)), "net": [k * 0.5 for k in range(10_000)]}
    kept = thinned(series, 1500)
    assert len(kept["x"]) == 1500 and kept["x"][0] == 1 and kept["x"][-1] == 10_000
    gaps = {b - a for a, b in zip(kept["x"], kept["x"][1:], strict=False)}
    assert gaps <= {6, 7}
    assert jsonable({"inf": float("inf")}) == {"inf": None}


# ---------------------------------------------------------------- one hand


def test_a_stored_hand_replays_as_its_rooms_file_does(server: TrackerServer) -> None:
    _, hands = read_file(ROOMS / "pokerstars-tournament.txt")
    for history in hands[:3]:
        assert isinstance(history, HandHistory)
        number = str(history.fields["hand"])
        body = ok(get(server, "api/hand", room="pokerstars", hand=number))
        assert body["room"] == "pokerstars" and body["hand"] == number
        assert body["table"] == history.fields["table"]
        assert body["steps"] == jsonable(replay_steps(history))
    first = ok(get(server, "api/hand", room="pokerstars", hand="159582303745"))
    assert first["played_at"] == "2016-10-06T23:20:07"
    flop = next(s for s in first["steps"] if s.get("equity", {}).get("street") == "flop")
    assert flop["equity"]["players"] == [1, 6]


def test_missing_and_broken_hands(server: TrackerServer) -> None:
    missing = get(server, "api/hand", room="pokerstars", hand="1")
    assert missing.status_code == 404 and missing.json()["error"] == "no_such_hand"
    broken = get(server, "api/hand", room=BROKEN[0], hand=BROKEN[1])
    assert broken.status_code == 422 and broken.json()["error"] == "bad_hand"
    assert "turn" in broken.json()["message"]


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("path", "params", "field", "words"),
    [
        ("api/players", {"colour": "red"}, "colour", "unknown parameter"),
        ("api/players", {"from": "2024-02-30"}, "from", "not a date"),
        ("api/players", {"to": "yesterday"}, "to", "not a date"),
        ("api/players", {"from": "2024-02-02", "to": "2024-02-01"}, "to", "before"),
        ("api/players", {"min_hands": "-1"}, "min_hands", "whole number"),
        ("api/players", {"min_hands": "1e3"}, "min_hands", "whole number"),
        ("api/players", {"by": "colour"}, "by", "not one of"),
        ("api/players", {"game": "chess"}, "game", "not a game"),
        ("api/players", {"player": "x" * 101}, "player", "at most 100"),
        ("api/hands", {"limit": "0"}, "limit", "from 1 to 500"),
        ("api/hands", {"limit": "501"}, "limit", "from 1 to 500"),
        ("api/hands", {"offset": "-5"}, "offset", "whole number"),
        ("api/graph", {}, "player", "required"),
        ("api/graph", {"player": "Hero", "x": "days"}, "x", "not one of"),
        ("api/hand", {"room": "pokerstars"}, "hand", "required"),
        ("api/hand", {"room": "r" * 41, "hand": "1"}, "room", "at most 40"),
        ("api/live", {"since": "1"}, "since", "unknown parameter"),
    ],
)
def test_bad_parameters_name_their_field(
        server: TrackerServer, path: str, params: dict[str, str], field: str, words: str) -> None:
    expect_bad(get(server, path, **params), field, words)


def test_a_parameter_twice_and_the_connection_stays_usable(server: TrackerServer) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        twice = client.get("api/players?game=NT&game=PO")
        expect_bad(twice, "game", "given twice")
        wrong = client.post("api/players", json={})
        assert wrong.status_code == 405 and wrong.json()["error"] == "method_not_allowed"
        assert client.get("api/nothing").json()["error"] == "not_found"
        assert client.get("api/session").status_code == 200


def test_host_origin_and_cross_site_checks(server: TrackerServer) -> None:
    r = httpx.get(server.url + "api/players", headers={"Host": "evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "bad_host"
    r = httpx.get(server.url + "api/players", headers={"Origin": "http://evil.example"})
    assert r.status_code == 403 and r.json()["error"] == "bad_origin"
    r = httpx.get(server.url + "api/hands", headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403 and r.json()["error"] == "cross_site"
    same = httpx.get(server.url + "api/session", headers={"Origin": server.url.rstrip("/")})
    assert same.status_code == 200


def test_live_is_off_without_a_watched_folder(server: TrackerServer) -> None:
    assert ok(get(server, "api/live")) == {"live": False, "version": 0, "tables": []}


# ---------------------------------------------------------------- the live view


def test_live_view_follows_the_hands_as_they_arrive(tmp_path: Path) -> None:
    path = tmp_path / "hands.duckdb"
    build_database(path, ["winamax-cash-incognito.txt", "pokerstars-tournament.txt"])
    live = LiveTracker(path)
    try:
        first = ok(live.get("api/live"))
        assert first["live"] is True and ok(live.get("api/session"))["live"] is True
        # the newest hand is PokerStars' of 14 October 2016, alone in its half hour
        [newest] = first["tables"]
        assert (newest["room"], newest["hand"]) == ("pokerstars", "159903637686")
        assert newest["table"] == "1696337131 1" and len(newest["players"]) == 9
        held = next(p for p in newest["players"] if p["player"] == "held")
        assert held["figures"]["hands"] == 4 and "vpip" in held["figures"]
        cursor = live.cursor()
        try:  # the room client writes a new hand at a new table
            store_files(cursor, ["partypoker-cash-hu.txt"],
                        changes={"year": 2030, "table": "Arrived"})
        finally:
            cursor.close()
        deadline = time.monotonic() + 10
        body = ok(live.get("api/live"))
        while body["version"] == first["version"]:
            assert time.monotonic() < deadline, "the live view never saw the new hands"
            time.sleep(0.1)
            body = ok(live.get("api/live"))
        assert body["version"] > first["version"]
        assert [t["table"] for t in body["tables"]] == ["Arrived"]  # the current table only
        assert len(body["tables"][0]["players"]) == 2
    finally:
        live.stop()


# ---------------------------------------------------------------- the words


def test_every_phrase_in_every_language() -> None:
    books = {lang: json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
             for lang in ("en", "es", "ru")}
    assert set(books["es"]) == set(books["en"]) == set(books["ru"])
    for lang, book in books.items():
        for key, text in book.items():
            assert text.strip(), (lang, key)
            assert set(re.findall(r"\{\w+\}", text)) == set(
                re.findall(r"\{\w+\}", books["en"][key])), (lang, key)
    used: set[str] = set()
    for path in [STATIC / "index.html", *(STATIC / "js").glob("*.js")]:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'data-i18n(?:-aria|-placeholder)?="(\w+)"', text))
        used |= set(re.findall(r'\bt\("(\w+)"', text))
    prefixes = {key for key in used if key.endswith("_")}  # t("street_" + name)
    assert used - prefixes <= set(books["en"]), used - prefixes - set(books["en"])
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in books["en"]), prefix
    from showdown.phh.variant_rules import supported_codes
    from showdown.tracker.replayer import street_names
    from showdown.tracker.server import GROUPS

    codes = {"start", "post", "deal", "fold", "check", "call", "bet", "raise", "complete",
             "draw", "show", "muck", "win", "end"}
    assert {f"act_{c}" for c in codes - {"start", "deal", "win", "end", "draw", "show"}} <= set(
        books["en"])
    assert {f"game_{c}" for c in supported_codes()} <= set(books["en"])
    assert {f"group_{g}" for g in GROUPS} <= set(books["en"])
    from showdown.phh.variant_rules import RULES

    streets = {name for rules in RULES.values() for name in street_names(rules)}
    assert {f"street_{s}" for s in (*streets, "showdown")} <= set(books["en"])
    for note in ("few_known_hands", "no_board", "not_computed"):
        assert f"note_{note}" in books["en"]
