"""The lab's state in real headless Chromium: the address is the one source of truth.

A link pasted into an open tab shows exactly its spot (no board kept from before);
every change is an entry of the history (Back and Forward step through spots and
never leave the lab; Ctrl-Z and Ctrl-Y undo and redo); Clear leaves nothing of the
old range; the grid and the top-hands slider follow typed text at once; a stopped
server is said in the page's language; a link with more players than the page
takes says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import showdown
from helpers.browser import launch_chromium, wait_until
from helpers.lab_page import I18N, check_clean, open_lab, settled, shown_equity
from helpers.lab_server import LabServer

pytestmark = pytest.mark.browser

SELECTED = "document.querySelectorAll('#grid .cell[aria-selected=\"true\"]').length"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def value_is(page: Any, selector: str, value: str) -> None:
    """Wait until the box ``selector`` holds ``value``."""
    wait_until(page, f"document.querySelector({selector!r}).value === {value!r}")


def test_pasted_link_shows_exactly_its_spot(browser: Any, server: LabServer) -> None:
    """Item 1: a link without a board, pasted into a tab that showed one, is preflop."""
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ&board=Qs+7d+2c&dead=3h")
    assert settled(page) == "done"
    page.goto(server.url + "#game=holdem&p=AA&p=KK")  # the address bar, same tab
    value_is(page, "#player-1", "AA")
    assert settled(page) == "done"
    assert page.input_value("#board") == ""
    assert page.input_value("#dead") == ""
    preflop = showdown.equity(["AA", "KK"]).equity
    assert shown_equity(page) == pytest.approx(list(preflop), abs=1e-12)
    assert 0.81 < shown_equity(page)[0] < 0.83
    assert "board=&" in page.url  # the address now holds the empty board too
    page.evaluate("history.back()")  # Back shows the first spot as it was
    value_is(page, "#player-1", "AhKh")
    assert settled(page) == "done"
    assert page.input_value("#board") == "Qs 7d 2c"
    assert page.input_value("#dead") == "3h"
    before = showdown.equity(["AhKh", "QQ"], board="Qs 7d 2c", dead="3h").equity
    assert shown_equity(page) == pytest.approx(list(before), abs=1e-12)
    check_clean(page, server)
    page.context.close()


def test_changes_are_history_entries_and_keys_undo(browser: Any, server: LabServer) -> None:
    """Item 12: Back and Forward step through the spots and Back stays in the lab;
    Ctrl-Z, Ctrl-Y and Ctrl-Shift-Z undo and redo outside a text box."""
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ")
    first = page.url
    assert settled(page) == "done"
    page.fill("#board", "Qs 7d 2c")
    assert settled(page) == "done"
    page.click("#add-player")
    assert settled(page) == "done"
    assert page.locator("#player-rows .player-row").count() == 3
    page.focus("#player-2")
    page.keyboard.press("End")
    page.keyboard.type("+, JJ")  # five keys in one run of typing: one entry
    value_is(page, "#player-2", "QQ+, JJ")
    assert settled(page) == "done"

    page.evaluate("history.back()")
    value_is(page, "#player-2", "QQ")
    assert page.locator("#player-rows .player-row").count() == 3
    page.evaluate("history.back()")
    wait_until(page, "document.querySelectorAll('#player-rows .player-row').length === 2")
    assert page.input_value("#board") == "Qs 7d 2c"
    page.evaluate("history.back()")
    value_is(page, "#board", "")
    assert settled(page) == "done"
    expected = showdown.equity(["AhKh", "QQ"]).equity
    assert shown_equity(page) == pytest.approx(list(expected), abs=1e-12)
    assert page.url.split("#")[0] == first.split("#")[0]

    page.click("#results-title")  # out of any text box: the keys are the page's
    page.keyboard.press("Control+z")  # nothing older in the lab: the page stays
    page.wait_for_timeout(300)
    assert page.url.startswith(server.url)
    assert page.evaluate("document.body.dataset.ready") == "1"
    page.keyboard.press("Control+y")
    value_is(page, "#board", "Qs 7d 2c")
    page.keyboard.press("Control+Shift+z")
    wait_until(page, "document.querySelectorAll('#player-rows .player-row').length === 3")
    page.keyboard.press("Control+z")
    wait_until(page, "document.querySelectorAll('#player-rows .player-row').length === 2")
    page.evaluate("history.forward()")
    wait_until(page, "document.querySelectorAll('#player-rows .player-row').length === 3")
    assert settled(page) == "done"
    expected = showdown.equity(["AhKh", "QQ", "random"], board="Qs 7d 2c").equity
    assert shown_equity(page) == pytest.approx(list(expected), abs=1e-12)

    # in a text box Ctrl-Z is the box's own undo, not a step back through the spots
    page.click("#dead")
    at = page.url
    page.keyboard.press("Control+z")
    page.wait_for_timeout(300)
    assert page.url == at
    check_clean(page, server)
    page.context.close()


def test_clear_leaves_nothing_of_the_old_range(browser: Any, server: LabServer) -> None:
    """Item 4: Clear empties the box, the grid, the answers and the status, starts the
    new state's job, and the next click paints the cell rather than erasing it."""
    page = open_lab(browser, server.url + "#p=AhKh&p=22%2B&edit=2")
    assert settled(page) == "done"
    page.fill("#player-2", "22+, AKs")  # typed, then Clear at once: the box loses focus
    page.click("#clear-range")
    assert page.input_value("#player-2") == ""
    assert settled(page) == "error"
    page.wait_for_timeout(400)  # room for a late answer about the old text
    assert page.evaluate(SELECTED) == 0
    assert page.is_hidden("#equity-table")
    assert page.text_content("#range-info") == ""
    assert "player 2" in page.text_content("#player-2-error")
    assert "Done" not in page.text_content("#job-status")
    page.click('#grid .cell[data-cls="AA"]')
    value_is(page, "#player-2", "AA")
    assert settled(page) == "done"
    assert page.evaluate(SELECTED) == 1
    expected = showdown.equity(["AhKh", "AA"]).equity
    assert shown_equity(page) == pytest.approx(list(expected), abs=1e-12)
    check_clean(page, server, refused=True)
    page.context.close()


def test_grid_and_slider_follow_typed_text(browser: Any, server: LabServer) -> None:
    """Items 5 and 9: typed text shows on the grid while the box still has the focus,
    and the top-hands slider moves to the typed range's share of all hands."""
    page = open_lab(browser, server.url + "#p=AhKh&p=20%25&edit=2")
    assert settled(page) == "done"
    assert page.input_value("#percent") == "20"
    page.fill("#player-2", "22+, A2s+")
    wait_until(page, f"{SELECTED} === 25", timeout=1.5)
    for cls in ("22", "AA", "A2s", "AKs"):
        assert page.get_attribute(f'#grid .cell[data-cls="{cls}"]', "aria-selected") == "true"
    assert page.get_attribute('#grid .cell[data-cls="AKo"]', "aria-selected") == "false"
    assert page.evaluate("document.activeElement.id") == "player-2"
    page.fill("#player-2", "KK+, AKs")  # 16 combos of 1,326: 1.2%
    wait_until(page, f"{SELECTED} === 3", timeout=1.5)
    value_is(page, "#percent", "1.2")
    assert page.text_content("#percent-out") == "1.2%"
    page.fill("#player-2", "1.5%")
    value_is(page, "#percent", "1.5")
    assert settled(page) == "done"
    check_clean(page, server)
    page.context.close()


def test_stopped_server_is_said_in_the_page_language(browser: Any) -> None:
    """Item 7: with the server gone the old figures go, the status says why in Spanish,
    the job marker ends, and no script error is left uncaught."""
    server = LabServer().start()
    try:
        page = open_lab(browser, server.url + "?lang=es#p=AhKh&p=QQ")
        assert settled(page) == "done"
        assert page.is_visible("#equity-table")
    finally:
        server.stop()
    page.fill("#board", "Qs 7d 2c")
    assert settled(page) == "unreachable"
    assert page.text_content("#job-status") == I18N["es"]["status_unreachable"]
    assert page.is_hidden("#equity-table")
    assert page.is_hidden("#detail")
    assert page.get_attribute("#results", "aria-busy") is None  # nothing left waiting
    page.click("#add-player")  # another change: still said, still no uncaught error
    assert settled(page) == "unreachable"
    refused = "net::ERR_CONNECTION_REFUSED"  # the browser's own note of each refused call
    errors = [e for e in page.errors if refused not in e]
    assert not errors, errors
    page.context.close()


def test_link_with_more_players_than_the_page_takes(browser: Any, server: LabServer) -> None:
    """Item 11: a link with 8 players shows the first 6 and says so; one with a single
    player gets a random hand beside it, and says so."""
    hands = ["AA", "KK", "QQ", "JJ", "TT", "99", "88", "77"]
    link = server.url + "#" + "&".join(f"p={h}" for h in hands)
    page = open_lab(browser, link)
    assert settled(page) == "done"
    assert page.locator("#player-rows .player-row").count() == 6
    notice = page.text_content("#link-notice")
    assert page.is_visible("#link-notice")
    assert "8" in notice and "6" in notice
    page.goto(server.url + "#p=AA")  # one player: a random hand fills the second seat
    value_is(page, "#player-2", "random")
    assert page.locator("#player-rows .player-row").count() == 2
    assert "1" in page.text_content("#link-notice")
    assert settled(page) == "done"
    page.goto(server.url + "#p=AA&p=KK")  # a link the page takes whole: no notice
    value_is(page, "#player-1", "AA")
    assert page.is_hidden("#link-notice")
    check_clean(page, server)
    page.context.close()


def test_reload_keeps_the_spot_and_its_place_in_the_history(
    browser: Any, server: LabServer
) -> None:
    """A reload shows the same spot, and Ctrl-Z and Ctrl-Y still step to either side."""
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ")
    assert settled(page) == "done"
    page.fill("#board", "Qs 7d 2c")
    assert settled(page) == "done"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert settled(page) == "done"
    assert page.input_value("#board") == "Qs 7d 2c"
    page.click("#results-title")
    page.keyboard.press("Control+z")
    value_is(page, "#board", "")
    assert settled(page) == "done"
    page.keyboard.press("Control+y")
    value_is(page, "#board", "Qs 7d 2c")
    expected = showdown.equity(["AhKh", "QQ"], board="Qs 7d 2c").equity
    assert settled(page) == "done"
    assert shown_equity(page) == pytest.approx(list(expected), abs=1e-12)
    check_clean(page, server)
    page.context.close()


def test_classes_ticked_in_the_breakdown_are_in_the_address(
    browser: Any, server: LabServer
) -> None:
    """A selection is part of the spot: a link shows it ticked, Back unticks it, and a
    class ticked stays ticked when a new board still shows it."""
    page = open_lab(browser, server.url + "#p=AhKh&p=20%25&board=Qh+Jh+3c&edit=2")
    assert settled(page) == "done"
    page.check('#breakdown tr[data-class="set"] input')
    wait_until(page, "document.querySelector('#select-text').value !== ''")
    assert "sel=set" in page.url
    text = page.input_value("#select-text")
    again = open_lab(browser, page.url)
    assert settled(again) == "done"
    wait_until(again, "document.querySelector('#select-text').value !== ''")
    # the same combos (the text may be written two ways while the page shortens it)
    assert showdown.parse_range(again.input_value("#select-text")) == showdown.parse_range(text)
    assert again.is_checked('#breakdown tr[data-class="set"] input')
    page.evaluate("history.back()")
    wait_until(page, "document.querySelector('#select-box').hidden")
    assert settled(page) == "done"
    assert not page.is_checked('#breakdown tr[data-class="set"] input')
    assert "sel=" not in page.url
    page.evaluate("history.forward()")  # ticked again, and kept through a new board
    wait_until(page, "!document.querySelector('#select-box').hidden")
    page.fill("#board", "Qh Jh 3c 6d")  # 66 in the 20% makes a set too
    assert settled(page) == "done"
    wait_until(page, "document.querySelector('#select-text').value.includes('6')")
    assert page.is_checked('#breakdown tr[data-class="set"] input')
    assert "sel=set" in page.url
    for p in (page, again):
        check_clean(p, server)
        p.context.close()
