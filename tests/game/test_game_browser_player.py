"""Playing the game: keyboard, two tabs, sound and motion, installing it as an app.

Real headless Chromium: one Tab stop for the hand (the arrow keys move between
the cards); a second tab on the same profile that follows quietly and takes over
when the first stops; the sound and card-flip switches and reduced motion; the
web app manifest and icons, checked by Chromium's own installability test.
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import httpx
import pytest

from helpers.browser import (
    CHROMIUM,
    I18N,
    api_state,
    check_clean,
    my_cards,
    page_at,
    wait_count,
    wait_settled,
    wait_until,
)
from helpers.game_server import GameServer, audit

pytestmark = pytest.mark.browser


def tab_stops_in_hand(page: Any) -> int:
    return int(page.evaluate("document.querySelectorAll('#seat-0 [tabindex=\"0\"]').length"))


def focused_index(page: Any) -> str | None:
    return page.evaluate(  # type: ignore[no-any-return]
        "document.activeElement.classList.contains('card-btn')"
        " ? document.activeElement.dataset.index : document.activeElement.id"
    )


# Each language once, each at another size.
MIXED = [("en", (1280, 720)), ("es", (390, 844)), ("ru", (360, 640))]
MIXED_IDS = [f"{lang}-{w}x{h}" for lang, (w, h) in MIXED]


@pytest.mark.parametrize(("lang", "size"), MIXED, ids=MIXED_IDS)
def test_one_tab_stop_for_the_hand(
    browser: Any, server: GameServer, lang: str, size: tuple[int, int]
) -> None:
    page = page_at(browser, server, size, lang)
    page.keyboard.press("n")
    page.wait_for_selector("#seat-0 .card-btn")
    assert focused_index(page) == "0" and tab_stops_in_hand(page) == 1
    # Tab leaves the hand at once: the next stop is the first action, not card 2.
    page.keyboard.press("Tab")
    assert focused_index(page) == "btn-fold"
    page.keyboard.press("Shift+Tab")
    assert focused_index(page) == "0"
    # The arrows move inside the hand and carry the one Tab stop with them.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert focused_index(page) == "2" and tab_stops_in_hand(page) == 1
    assert page.get_attribute("#seat-0 .card-btn >> nth=2", "tabindex") == "0"
    page.keyboard.press("ArrowLeft")
    assert focused_index(page) == "1"
    page.keyboard.press("End")
    assert focused_index(page) == "4"
    page.keyboard.press("ArrowRight")  # round the end
    assert focused_index(page) == "0"
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")
    assert focused_index(page) == "btn-fold"
    page.keyboard.press("Shift+Tab")
    assert focused_index(page) == "3"  # back where the arrows left it
    # Space picks the card, Enter puts it back; the pick survives a Tab out and in.
    page.keyboard.press("Space")
    assert page.get_attribute("#seat-0 .card-btn >> nth=3", "aria-pressed") == "true"
    page.keyboard.press("Enter")
    assert page.get_attribute("#seat-0 .card-btn >> nth=3", "aria-pressed") == "false"
    page.keyboard.press("Space")
    before = my_cards(page)
    # From the hand to Exchange: Fold, Keep, Exchange; three Tabs, not seven.
    for _ in range(3):
        page.keyboard.press("Tab")
    assert focused_index(page) == "btn-exchange"
    page.keyboard.press("Enter")
    wait_settled(page)
    after = my_cards(page)
    assert after[:3] == before[:3] and after[4] == before[4] and after[3] != before[3]
    check_clean(page, server)


@pytest.mark.parametrize(("lang", "size"), MIXED, ids=MIXED_IDS)
def test_a_second_tab_follows_quietly(
    browser: Any, server: GameServer, lang: str, size: tuple[int, int]
) -> None:
    """Two tabs on one profile: the one where you decide turns the dealer's cards, the
    other follows it without a single 409 and without an error banner."""
    first = page_at(browser, server, size, lang, reduced_motion="no-preference")
    second = first.context.new_page()
    conflicts: list[str] = []
    for page in (first, second):
        page.on("response", lambda r: r.status == 409 and conflicts.append(r.url))
    second.goto(server.url)
    second.wait_for_selector("body[data-ready='1']")
    first.keyboard.press("n")
    first.wait_for_selector("#seat-0 .card-btn")
    second.evaluate("window.dispatchEvent(new Event('focus'))")  # it looks again on focus
    second.wait_for_selector("#seat-0 .card-btn")
    first.keyboard.press("k")
    # The second tab sees the dealer at work and follows him, card by card.
    second.evaluate("window.dispatchEvent(new Event('focus'))")
    wait_settled(first)
    wait_settled(second)
    assert not conflicts, conflicts
    assert second.is_hidden("#alert") and first.is_hidden("#alert")
    assert second.inner_text("#status") == first.inner_text("#status")
    assert second.locator("#dealer-cards img.card:not(.back)").count() == 5
    # A click in the tab that is behind (the round moved on elsewhere) is not an error:
    # the tab shows the table as it is now.
    first.keyboard.press("n")
    first.wait_for_selector("#seat-0 .card-btn")
    second.evaluate("window.dispatchEvent(new Event('focus'))")
    second.wait_for_selector("#seat-0 .card-btn")
    first.keyboard.press("f")
    wait_settled(first)
    second.keyboard.press("k")  # from what it saw: refused by the server, resolved here
    wait_settled(second)
    assert second.is_hidden("#alert")
    assert I18N[lang]["status_folded_you"] in second.inner_text("#seat-0")
    # The same for a hint asked in the tab that is behind.
    first.keyboard.press("n")
    first.wait_for_selector("#seat-0 .card-btn")
    second.evaluate("window.dispatchEvent(new Event('focus'))")
    second.wait_for_selector("#seat-0 .card-btn")
    first.keyboard.press("f")
    wait_settled(first)
    second.keyboard.press("h")
    wait_settled(second)
    assert second.is_hidden("#alert") and second.is_hidden("#hint")
    assert audit(server.db_path, "player")["ok"]
    first.context.close()


def test_a_second_tab_takes_over_when_the_first_stops(browser: Any, server: GameServer) -> None:
    """The tab that decided stops turning the dealer's cards (closed, asleep): the other
    one finishes the round; the first, back later, follows without a banner."""
    first = page_at(browser, server, (1280, 720), "en")
    held: list[Any] = []
    first.route("**/api/advance*", lambda route: held.append(route))
    second = first.context.new_page()
    second.goto(server.url)
    second.wait_for_selector("body[data-ready='1']")
    first.keyboard.press("n")
    first.wait_for_selector("#seat-0 .card-btn")
    first.keyboard.press("k")
    wait_until(first, "document.querySelectorAll('#dealer-cards img.back').length > 0")
    second.evaluate("window.dispatchEvent(new Event('focus'))")
    wait_settled(second)  # after a pause with no card turned, the second tab turned them
    assert held, "the first tab never asked for the dealer's card"
    for route in held:
        route.continue_()  # refused (409): the second tab turned that card already
    first.unroute("**/api/advance*")
    wait_settled(first)
    assert first.is_hidden("#alert") and second.is_hidden("#alert")
    assert first.inner_text("#status") == second.inner_text("#status")
    assert audit(server.db_path, "player")["ok"]
    first.context.close()


def test_sound_and_card_flip_switches(browser: Any, server: GameServer) -> None:
    page = page_at(browser, server, (390, 844), "ru", reduced_motion="no-preference")
    # By default: the animation on, the sound off.
    assert page.get_attribute("#pref-motion", "aria-pressed") == "true"
    assert page.get_attribute("#pref-sound", "aria-pressed") == "false"
    assert page.get_attribute("#pref-sound", "title") == I18N["ru"]["sound_off"]
    page.tap("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    page.tap("#btn-keep")
    # The dealer's cards turn over (a card turned, its back behind it, half a turn).
    wait_until(
        page,
        "[...document.querySelectorAll('#dealer-cards .flip .flip-inner')]"
        ".some(e => getComputedStyle(e).animationName === 'flip' && e.querySelector('img.card'))",
    )
    wait_settled(page)
    # A flipped card, once turned, is as big as any other (the opponents' too).
    wait_until(page, "document.getAnimations().every(a => a.playState === 'finished')")
    widths = page.locator("#screen-table .felt img.card").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)"
    )
    assert min(widths) > 24, widths
    assert page.evaluate("document.body.dataset.sounds") is None  # silent
    # The mute switch: on, remembered, and the sounds of a whole round.
    page.tap("#pref-sound")
    assert page.get_attribute("#pref-sound", "aria-pressed") == "true"
    assert page.get_attribute("#pref-sound", "title") == I18N["ru"]["sound_on"]
    assert page.evaluate("localStorage.getItem('showdown.sound')") == "on"
    assert page.evaluate("document.body.dataset.sound") == "select"
    page.tap("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    assert page.evaluate("document.body.dataset.sound") == "deal"
    page.tap("#btn-keep")
    wait_settled(page)
    outcome = next(v for v in api_state(server)["round"]["result"]["vs_house"] if v["seat"] == 0)
    assert page.evaluate("document.body.dataset.sound") == outcome["outcome"]
    assert int(page.evaluate("document.body.dataset.sounds")) >= 5  # select, deal, flips, end
    assert page.evaluate("typeof AudioContext") == "function"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("#pref-sound", "aria-pressed") == "true"
    # Animation off: no card flips any more.
    page.tap("#pref-motion")
    assert page.evaluate("localStorage.getItem('showdown.motion')") == "off"
    page.tap("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    page.tap("#btn-fold")
    wait_settled(page)
    assert page.locator(".flip").count() == 0
    check_clean(page, server)
    page.context.close()


def test_reduced_motion_means_no_flip_and_no_sound_unless_asked(
    browser: Any, server: GameServer
) -> None:
    page = page_at(browser, server, (1280, 720), "es", reduced_motion="reduce")
    assert page.get_attribute("#pref-motion", "aria-pressed") == "false"
    assert page.get_attribute("#pref-motion", "title") == I18N["es"]["motion_off"]
    assert page.get_attribute("#pref-sound", "aria-pressed") == "false"
    page.keyboard.press("n")
    page.wait_for_selector("#seat-0 .card-btn")
    page.keyboard.press("k")
    wait_settled(page)
    assert page.locator(".flip").count() == 0
    assert page.evaluate("document.body.dataset.sounds") is None
    # The player's own choice wins over the system's: switched on here, the cards flip.
    page.click("#pref-motion")
    assert page.get_attribute("#pref-motion", "aria-pressed") == "true"
    page.keyboard.press("n")
    page.wait_for_selector("#seat-0 .card-btn")
    page.keyboard.press("k")
    wait_count(page, "#dealer-cards .flip", 1)
    wait_settled(page)
    check_clean(page, server)
    page.context.close()


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_and_icons_make_it_installable(browser: Any, tmp_path: Path) -> None:
    server = GameServer(tmp_path / "app.sqlite3", "player").start()
    try:
        answer = httpx.get(server.url + "static/manifest.webmanifest")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/manifest+json")
        assert "default-src 'self'" in answer.headers["content-security-policy"]
        manifest = json.loads(answer.text)
        assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
        assert manifest["name"] == I18N["en"]["app_title"]
        sizes = set()
        for icon in manifest["icons"]:
            got = httpx.get(server.url + icon["src"].lstrip("/"))
            assert got.status_code == 200, icon
            if icon["type"] == "image/png":
                width, height = png_size(got.content)
                assert icon["sizes"] == f"{width}x{height}"
                sizes.add(width)
        assert {192, 512} <= sizes
        assert any(i["purpose"] == "maskable" for i in manifest["icons"])
        touch = httpx.get(server.url + "static/icons/apple-touch-icon.png")
        assert png_size(touch.content) == (180, 180)
        # Chromium itself says the page can be installed (a profile on disk: a private
        # window never offers it).
        context = browser.browser_type.launch_persistent_context(
            str(tmp_path / "profile"),
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        try:
            page = context.new_page()
            page.goto(server.url)
            page.wait_for_selector("body[data-ready='1']")
            cdp = context.new_cdp_session(page)
            found = cdp.send("Page.getAppManifest")
            assert found["errors"] == [] and found["url"].endswith("/static/manifest.webmanifest")
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == [], errors
        finally:
            context.close()
    finally:
        server.stop()
