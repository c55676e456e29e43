"""The tracker page end to end in real headless Chromium (Debian's /usr/bin/chromium), on a
real ``showdown tracker`` serving a real DuckDB file of real hands.

The players table sorts by its columns and the filters narrow it (as the API says); the
graph names the hand under the pointer and opens it; the replayer steps through a hand,
street by street, with the stacks, the pot and the equities the replayer module gives;
the page speaks Spanish and Russian; a phone shows every view without scrolling
sideways; the live view shows new hands as they arrive. Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from helpers.browser import launch_chromium, wait_until
from helpers.game_server import ARTIFACTS
from helpers.paths import ROOT
from helpers.tracker_db import build_database, store_files
from helpers.tracker_server import LiveTracker, TrackerServer

pytestmark = pytest.mark.browser

I18N = {
    lang: json.loads(
        (ROOT / "src/showdown/tracker/static/i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for lang in ("en", "es", "ru")
}
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}
HAND = ("pokerstars", "159582303745")  # QdJs against JcKh, all in on the turn


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("tracker-page") / "hands.duckdb"
    build_database(path)
    return path


@pytest.fixture(scope="module")
def server(database: Path) -> Iterator[TrackerServer]:
    running = TrackerServer().start(database)
    try:
        yield running
    finally:
        running.stop()


def api(server: TrackerServer | LiveTracker, path: str, **params: Any) -> Any:
    response = httpx.get(server.url + path, params=params, timeout=60)
    assert response.status_code == 200, response.text
    return response.json()


def open_page(browser: Any, url: str, size: str = "desktop", **context: Any) -> Any:
    """A new tab on the page at ``url``, its script errors and requests recorded."""
    options: dict[str, Any] = {"viewport": SIZES[size], "reduced_motion": "reduce"}
    if size == "phone":
        options.update(PHONE)
    options.update(context)
    page = browser.new_context(**options).new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.requests = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("request", lambda r: page.requests.append(r.url))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def done(page: Any, view: str) -> None:
    """Wait until the view's answer is shown."""
    wait_until(page, f"['done', 'empty'].includes(document.body.dataset.{view})")


def check_clean(page: Any, url: str) -> None:
    assert not page.errors, page.errors
    outside = [u for u in page.requests if not u.startswith(url)]
    assert not outside, outside


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tracker-{name}.png"), full_page=True)


def column(page: Any, key: str) -> list[str]:
    """The ``data-value`` of a column of the players table, top to bottom."""
    index = page.locator("#players-head th").evaluate_all(
        f"ths => ths.findIndex(th => th.dataset.key === '{key}')")
    return page.locator(f"#players-rows tr > :nth-child({index + 1})").evaluate_all(
        "cells => cells.map(c => c.dataset.value ?? c.textContent)")


def names(page: Any) -> list[str]:
    return page.locator("#players-rows tr").evaluate_all("rows => rows.map(r => r.dataset.player)")


# ---------------------------------------------------------------- the players table


def test_the_table_sorts_by_any_column(browser: Any, server: TrackerServer) -> None:
    page = open_page(browser, server.url)
    done(page, "players")
    players = api(server, "api/players")["players"]
    assert len(names(page)) == len(players)
    assert names(page)[:2] == ["Hero", "sabre_laser"]  # the most hands first
    assert page.get_attribute('#players-head th[data-key="hands"]', "aria-sort") == "descending"
    page.click('#players-head th[data-key="vpip"] button')
    assert page.get_attribute('#players-head th[data-key="vpip"]', "aria-sort") == "descending"
    shown = [float(v) if v else None for v in column(page, "vpip")]
    figures = sorted((p["vpip"]["percent"] for p in players if p["vpip"]["percent"] is not None),
                     reverse=True)
    assert shown[:len(figures)] == figures and all(v is None for v in shown[len(figures):])
    page.click('#players-head th[data-key="vpip"] button')
    assert page.get_attribute('#players-head th[data-key="vpip"]', "aria-sort") == "ascending"
    assert [float(v) for v in column(page, "vpip") if v] == sorted(figures)
    page.click('#players-head th[data-key="player"] button')
    shown_names = names(page)
    assert shown_names == sorted(shown_names, key=lambda n: (n.lower(), n))
    assert "sort=player%3Aasc" in page.url or "sort=player:asc" in page.url
    shot(page, "players-desktop")
    check_clean(page, server.url)
    page.context.close()


def test_filters_narrow_the_table_and_stay_in_the_link(browser: Any, server: TrackerServer) -> None:
    page = open_page(browser, server.url)
    done(page, "players")
    page.select_option("#f-game", "P5O")
    wait_until(page, "location.hash.includes('game=P5O')")
    done(page, "players")
    expected = {p["player"]: p["hands"] for p in api(server, "api/players", game="P5O")["players"]}
    hands = [int(v) for v in column(page, "hands")]
    assert dict(zip(names(page), hands, strict=True)) == expected
    page.fill("#f-min", "30")
    wait_until(page, "location.hash.includes('min=30')")
    done(page, "players")
    wait_until(page, "[...document.querySelectorAll('#players-rows tr')].length === "
                     f"{sum(1 for v in expected.values() if v >= 30)}")
    assert all(int(v) >= 30 for v in column(page, "hands"))
    page.fill("#f-player", "LASER")  # the search: part of a name, any case
    assert names(page) == ["sabre_laser"]
    page.fill("#f-player", "")
    page.select_option("#f-by", "position")
    done(page, "players")
    assert page.locator('#players-head th[data-key="position"]').count() == 1
    again = open_page(browser, page.url)  # the link shows the same table
    done(again, "players")
    assert again.input_value("#f-game") == "P5O" and again.input_value("#f-min") == "30"
    assert names(again) == names(page)
    check_clean(page, server.url)
    for p in (page, again):
        p.context.close()


def test_an_impossible_filter_says_why(browser: Any, server: TrackerServer) -> None:
    page = open_page(browser, server.url + "#from=2024-05-02&to=2024-05-01")
    wait_until(page, "document.body.dataset.players === 'error'")
    assert "before" in page.text_content("#filters-error")
    assert page.get_attribute("#f-to", "aria-invalid") == "true"
    page.fill("#f-to", "")
    page.dispatch_event("#f-to", "change")
    done(page, "players")
    assert page.text_content("#filters-error") == ""
    page.context.close()


# ---------------------------------------------------------------- the graph


def test_the_graph_names_the_hand_under_the_pointer_and_opens_it(
        browser: Any, server: TrackerServer) -> None:
    page = open_page(browser, server.url)
    done(page, "players")
    page.click('#players-rows tr[data-player="sabre_laser"] .name-button')
    wait_until(page, "location.hash.includes('view=graph')")
    done(page, "graph")
    series = api(server, "api/graph", player="sabre_laser")["series"]
    assert page.locator("#graph polyline").count() == 4
    box = page.locator("#graph").bounding_box()
    seen = []
    for fraction in (0.2, 0.5, 0.8):
        page.mouse.move(box["x"] + box["width"] * fraction, box["y"] + box["height"] / 2)
        page.wait_for_selector("#graph-tip:not([hidden])")
        k = int(page.get_attribute("#graph-tip", "data-index"))
        hand = page.get_attribute("#graph-tip", "data-hand")
        assert hand == series["hand"][k]
        assert hand in page.text_content("#graph-tip .tip-hand")
        seen.append(k)
    assert seen == sorted(seen) and len(set(seen)) == 3
    shot(page, "graph-hover")
    page.mouse.click(box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2)
    wait_until(page, "location.hash.includes('view=replayer')")
    done(page, "replayer")
    assert series["hand"][seen[-1]] in page.text_content("#replayer-title")
    assert f"room={series['room'][seen[-1]]}" in page.url
    check_clean(page, server.url)
    page.context.close()


def test_the_graph_from_the_keyboard(browser: Any, server: TrackerServer) -> None:
    page = open_page(browser, server.url + "#view=graph&player=Hero")
    done(page, "graph")
    series = api(server, "api/graph", player="Hero")["series"]
    page.focus("#graph")
    page.keyboard.press("End")
    assert page.get_attribute("#graph-tip", "data-hand") == series["hand"][-1]
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#graph-tip", "data-hand") == series["hand"][-2]
    page.keyboard.press("Enter")
    done(page, "replayer")
    assert series["hand"][-2] in page.text_content("#replayer-title")
    page.context.close()


# ---------------------------------------------------------------- hands and the replayer


def test_the_hand_list_opens_a_hand(browser: Any, server: TrackerServer) -> None:
    page = open_page(browser, server.url + "#view=hands&player=Hero")
    done(page, "hands")
    first = api(server, "api/hands", player="Hero", limit=100)["hands"]
    rows = page.locator("#hands-rows tr")
    assert rows.count() == 100 and page.is_visible("#hands-more")
    assert rows.nth(0).get_attribute("data-hand") == first[0]["hand"]
    page.click("#hands-more")
    wait_until(page, "document.querySelectorAll('#hands-rows tr').length === 153")
    assert page.is_hidden("#hands-more")
    rows.nth(3).click()
    done(page, "replayer")
    assert first[3]["hand"] in page.text_content("#replayer-title")
    page.context.close()


def test_the_replayer_steps_through_a_hand(browser: Any, server: TrackerServer) -> None:
    room, number = HAND
    steps = api(server, "api/hand", room=room, hand=number)["steps"]
    page = open_page(browser, server.url + f"#view=replayer&room={room}&hand={number}")
    done(page, "replayer")
    assert page.text_content("#step-text") == "The hand starts with 7 players."
    assert page.is_disabled("#step-back")
    for k in range(1, 9):
        page.click("#step-next")
        assert page.text_content("#step-count") == f"Step {k} of {len(steps) - 1}"
        stacks = page.locator("#seats .stack").all_text_contents()
        assert stacks == [f"Stack {x:,}" for x in steps[k]["stacks"]], k
    assert page.text_content("#step-text") == "Preflop: the cards are dealt"
    assert "equity" in steps[8]
    page.click('#street-jumps button[data-street="flop"]')
    flop = next(k for k, s in enumerate(steps) if s["street"] == "flop" and s["action"] == "deal")
    assert page.text_content("#step-count") == f"Step {flop} of {len(steps) - 1}"
    assert page.locator("#board .card").evaluate_all("cs => cs.map(c => c.dataset.card)") == [
        "2c", "3d", "Jd"]
    assert page.text_content("#pot") == "Pot: 342"
    equity = steps[flop]["equity"]
    now = page.locator("#equity-rows td.now").evaluate_all("cs => cs.map(c => c.dataset.value)")
    assert [float(v) for v in now if v] == equity["equity"]
    assert page.text_content("#equity-head th.now") == "Flop"
    assert page.text_content("#equity-note") == (  # the big blind is still in, unseen
        "Among the known hands only: 1 more still in, their cards unknown.")
    assert page.get_attribute('#street-jumps button[data-street="flop"]', "aria-current") == "true"
    page.keyboard.press("ArrowRight")
    assert page.text_content("#step-text") == "almirantonio checks"
    page.keyboard.press("End")
    assert page.text_content("#step-text") == "marco capile wins 3,080"
    assert page.locator("#seats .winner .who").all_text_contents() == ["marco capile"]
    assert page.is_disabled("#step-next")
    wait_until(page, f"location.hash.includes('step={len(steps) - 1}')")
    page.click("#action-log button[data-step='24']")
    assert page.text_content("#step-text") == "mister MH raises to 1,198 and is all in"
    shot(page, "replayer-desktop")
    again = open_page(browser, page.url)  # the link keeps the step
    done(again, "replayer")
    assert again.text_content("#step-text") == "mister MH raises to 1,198 and is all in"
    check_clean(page, server.url)
    for p in (page, again):
        p.context.close()


def test_a_hand_not_in_the_database(browser: Any, server: TrackerServer) -> None:
    page = open_page(browser, server.url + "#view=replayer&room=pokerstars&hand=1")
    wait_until(page, "document.body.dataset.replayer === 'error'")
    assert page.text_content("#replayer-status") == "Hand 1 is not in the database."
    assert page.is_hidden("#replayer-body")
    page.context.close()


# ---------------------------------------------------------------- languages and phones


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_spanish_and_russian(browser: Any, server: TrackerServer, lang: str) -> None:
    words = I18N[lang]
    room, number = HAND
    page = open_page(browser, server.url + f"?lang={lang}")
    done(page, "players")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.text_content("#players-title") == words["players_title"]
    assert page.text_content("#tab-graph") == words["view_graph"]
    assert page.text_content('#players-head th[data-key="player"]') == words["col_player"]
    vpip = page.text_content('#players-rows tr[data-player="Hero"] td[data-value]:nth-child(3)')
    assert vpip.startswith("16,3")  # a decimal comma
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.goto(server.url + f"?lang={lang}#view=replayer&room={room}&hand={number}&step=24")
    done(page, "replayer")
    raised = words["act_raise"].replace("{name}", "mister MH").replace("{amount}", "1198")
    assert page.text_content("#step-text").replace("\u00a0", "").replace(" ", "").startswith(
        raised.replace(" ", ""))
    page.select_option("#lang-select", "en")
    wait_until(page, "document.querySelector('#step-text').textContent"
                     ".startsWith('mister MH raises')")
    assert page.text_content("#tab-graph") == "Graph"
    shot(page, f"lang-{lang}")
    check_clean(page, server.url)
    page.context.close()


@pytest.mark.parametrize("view", ["players", "graph", "hands", "replayer"])
def test_a_phone_shows_every_view_without_scrolling_sideways(
        browser: Any, server: TrackerServer, view: str) -> None:
    room, number = HAND
    where = {"players": "", "graph": "#view=graph&player=Hero", "hands": "#view=hands&player=Hero",
             "replayer": f"#view=replayer&room={room}&hand={number}&step=16"}[view]
    page = open_page(browser, server.url + where, "phone")
    done(page, view)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), view
    assert page.evaluate("document.body.scrollWidth <= window.innerWidth"), view
    if view == "graph":  # a finger's tap names the hand; a second tap on it opens it
        box = page.locator("#graph").bounding_box()
        x, y = box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2
        page.touchscreen.tap(x, y)
        page.wait_for_selector("#graph-tip:not([hidden])")
        hand = page.get_attribute("#graph-tip", "data-hand")
        assert "view=graph" in page.url
        page.touchscreen.tap(x, y)
        done(page, "replayer")
        assert hand in page.text_content("#replayer-title")
    shot(page, f"phone-{view}")
    check_clean(page, server.url)
    page.context.close()


# ---------------------------------------------------------------- live


def test_the_live_view_shows_hands_as_they_arrive(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "hands.duckdb"
    build_database(path, ["pokerstars-tournament.txt"])
    live = LiveTracker(path)
    try:
        page = open_page(browser, live.url)
        assert page.is_visible("#tab-live")
        page.click("#tab-live")
        page.wait_for_selector("#live-tables .live-table")
        assert page.locator("#live-tables .live-table").get_attribute("data-hand") == "159903637686"
        before = page.evaluate("document.body.dataset.liveVersion")
        cursor = live.cursor()
        try:
            store_files(cursor, ["partypoker-cash-hu.txt"],
                        changes={"year": 2030, "table": "Arrived"})
        finally:
            cursor.close()
        page.wait_for_selector('#live-tables .live-table[data-table="Arrived"]', timeout=15_000)
        assert page.evaluate("document.body.dataset.liveVersion") != before
        assert page.locator('.live-table[data-table="Arrived"] tbody tr').count() == 2
        shot(page, "live")
        check_clean(page, live.url)
        page.context.close()
    finally:
        live.stop()
