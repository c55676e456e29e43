"""The equity lab end to end in real headless Chromium (Debian's /usr/bin/chromium).

At a phone's 390 x 844 and a desktop's 1280 x 720: paint a range by dragging the
mouse over the grid, read the equity the page shows and check it against
``showdown.equity`` on the same input, open the shared link in a new page and
see the same state and answer; paint from the keyboard; Spanish and Russian
labels; an impossible input's reason next to its field; a long job's progress
and its cancel. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import showdown
from helpers.browser import launch_chromium, wait_until
from helpers.lab_page import I18N, check_clean, open_lab, settled, shot, shown_equity
from helpers.lab_server import LabServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def drag(page: Any, start: str, end: str) -> None:
    """Press on one grid cell, move across to another, release (as a mouse would)."""
    a = page.locator(f'#grid .cell[data-cls="{start}"]').bounding_box()
    b = page.locator(f'#grid .cell[data-cls="{end}"]').bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=12)
    page.mouse.up()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_paint_run_share_reload(browser: Any, server: LabServer, size: str) -> None:
    page = open_lab(browser, server.url + "#game=holdem&p=AhKh&p=QQ&board=Qs+7d+2c", size)
    settled(page)
    page.click("#player-rows .player-row:nth-child(2) button.edit")
    page.click("#clear-range")
    assert page.input_value("#player-2") == ""
    page.locator('#grid .cell[data-cls="AA"]').scroll_into_view_if_needed()
    drag(page, "AA", "AJs")  # AA AKs AQs AJs along the top row
    wait_until(page, "document.querySelector('#player-2').value !== ''")
    assert settled(page) == "done"
    painted = page.input_value("#player-2")
    assert showdown.parse_range(painted) == showdown.parse_range("AA, AJs+")
    for cls in ("AA", "AKs", "AQs", "AJs"):
        assert page.get_attribute(f'#grid .cell[data-cls="{cls}"]', "aria-selected") == "true"
    assert page.get_attribute('#grid .cell[data-cls="ATs"]', "aria-selected") == "false"
    expected = showdown.equity(["AhKh", painted], board="Qs 7d 2c")
    assert shown_equity(page) == pytest.approx(list(expected.equity), abs=1e-12)
    assert page.locator("#combo-rows tr").count() > 0  # per combo, for player 2
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # a phone keeps the figures in view at the bottom while painting; a desktop shows the table
    assert page.is_visible("#summary") == (size == "phone")
    if size == "phone":
        assert f"2: {100 * expected.equity[1]:.1f}%" in page.text_content("#summary")
    shot(page, f"painted-{size}")

    page.click("#share")
    link = page.url
    assert "p=AhKh" in link and "board=" in link
    again = open_lab(browser, link, size)
    assert settled(again) == "done"
    assert again.input_value("#player-1") == "AhKh"
    assert again.input_value("#player-2") == painted
    assert again.input_value("#board") == "Qs 7d 2c"
    assert shown_equity(again) == shown_equity(page)
    assert again.text_content("#grid-title") == page.text_content("#grid-title")
    check_clean(page, server, refused=True)  # the cleared range was refused until painted
    check_clean(again, server)
    for p in (page, again):
        p.context.close()


def test_finger_paints_on_a_phone(browser: Any, server: LabServer) -> None:
    """A touch drag (Chromium's own touch events, turned into pointer events) paints
    the cells it crosses, and the page does not scroll instead."""
    page = open_lab(
        browser, server.url + "#p=AhKh&p=22&edit=2", "phone", has_touch=True, is_mobile=True
    )
    settled(page)
    page.locator('#grid .cell[data-cls="KK"]').scroll_into_view_if_needed()
    a = page.locator('#grid .cell[data-cls="KK"]').bounding_box()
    b = page.locator('#grid .cell[data-cls="KJs"]').bounding_box()
    scrolled = page.evaluate("window.scrollY")
    cdp = page.context.new_cdp_session(page)
    y = a["y"] + a["height"] / 2
    x0, x1 = a["x"] + a["width"] / 2, b["x"] + b["width"] / 2
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for step in range(1, 9):
        x = x0 + (x1 - x0) * step / 8
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_until(page, "document.querySelector('#player-2').value.includes('K')")
    assert settled(page) == "done"
    assert showdown.parse_range(page.input_value("#player-2")) == showdown.parse_range(
        "22, KK, KQs, KJs"
    )
    assert page.evaluate("window.scrollY") == scrolled
    check_clean(page, server)
    page.context.close()


def test_keyboard_paints_and_percentage_slider(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=22&edit=2")
    settled(page)
    page.focus('#grid .cell[data-cls="AA"]')
    page.keyboard.press("ArrowDown")  # KK is below AA (AKo's row starts with AKo, then KK)
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.cls") == "KK"
    page.keyboard.press("Space")
    wait_until(page, "document.querySelector('#player-2').value.includes('KK')")
    assert showdown.parse_range(page.input_value("#player-2")) == showdown.parse_range("KK, 22")
    settled(page)
    page.fill("#percent", "20")
    page.dispatch_event("#percent", "input")
    wait_until(page, "document.querySelector('#player-2').value === '20%'")
    wait_until(page, "document.querySelector('#range-info').textContent.includes('20')")
    assert settled(page) == "done"
    expected = showdown.equity(["AhKh", "20%"])
    assert shown_equity(page) == pytest.approx(list(expected.equity), abs=1e-12)
    check_clean(page, server)
    page.context.close()


def test_range_colored_by_its_equity_in_the_spot(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ%2B%2C+AKs&board=Qs+7d+2c&edit=2")
    assert settled(page) == "done"
    page.check("#heat-spot")
    page.wait_for_selector('#grid .cell.heat[data-cls="QQ"]')
    assert page.locator("#grid .cell.heat").count() == 4  # QQ KK AA AKs
    mine = showdown.per_combo_equity(["AhKh", "QQ+, AKs"], board="Qs 7d 2c").rows[1]
    qq = [c for c in mine if c.combo[0] == c.combo[2] == "Q"]
    expected = sum(c.weight * c.equity for c in qq) / sum(c.weight for c in qq)
    label = page.get_attribute('#grid .cell[data-cls="QQ"]', "aria-label")
    assert label == f"QQ: {100 * expected:.1f}%"
    assert not page.is_hidden("#heat-legend")
    page.uncheck("#heat-spot")
    assert page.locator("#grid .cell.heat").count() == 0
    check_clean(page, server)
    page.context.close()


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_spanish_and_russian(browser: Any, server: LabServer, lang: str) -> None:
    words = I18N[lang]
    page = open_lab(browser, server.url + f"?lang={lang}#p=AhKh&p=QQ")
    assert settled(page) == "done"
    assert page.text_content("#results-title") == words["results_title"]
    assert page.text_content("#setup-title") == words["setup_title"]
    assert page.text_content("#grid-title") == words["grid_title"].replace("{n}", "1")
    assert page.text_content("#equity-table thead th:nth-child(3)") == words["equity"]
    assert page.evaluate("document.documentElement.lang") == lang
    assert "," in page.text_content("#equity-rows td.equity")  # a decimal comma
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.select_option("#lang-select", "en")
    wait_until(page, "document.querySelector('#results-title').textContent === 'Equity'")
    assert page.text_content("#equity-rows th") == "Player 1"  # the answers too, at once
    assert "." in page.text_content("#equity-rows td.equity")
    shot(page, f"lang-{lang}")
    check_clean(page, server)
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_impossible_input_says_why_next_to_the_field(
    browser: Any, server: LabServer, size: str
) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ", size)
    settled(page)
    page.fill("#board", "Qh Jh")
    assert settled(page) == "error"
    assert "0, 3, 4 or 5 cards" in page.text_content("#board-error")
    assert page.get_attribute("#board", "aria-invalid") == "true"
    page.fill("#board", "Qh Jh 3c")
    assert settled(page) == "done"
    assert page.text_content("#board-error") == ""
    page.fill("#player-2", "AhQd")
    assert settled(page) == "error"
    assert "Ah is in two places" in page.text_content("#player-2-error")
    assert page.text_content("#board-error") == ""
    shot(page, f"error-{size}")
    check_clean(page, server, refused=True)
    page.context.close()


def test_long_job_shows_progress_and_cancels(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=20%25")
    settled(page)
    page.click("#heatmap")
    page.wait_for_selector("#job-progress:not([hidden])", timeout=20_000)
    wait_until(page, "document.querySelector('#progress').value > 0", timeout=60)
    assert "%" in page.text_content("#job-status")
    assert page.is_enabled("#grid .cell[data-cls='AA']")
    shot(page, "progress")
    page.click("#cancel")
    assert settled(page) == "cancelled"
    assert page.text_content("#job-status") == I18N["en"]["status_cancelled"]
    assert page.is_hidden("#job-progress")
    check_clean(page, server)
    page.context.close()
