"""The game on a phone and a laptop screen, by keyboard alone, in words, and healing itself.

Real headless Chromium at 390 x 844 and 360 x 640 (phones, touch) and
1280 x 720 (a laptop): after Deal, the dealer's up card, your five cards and
the four actions are inside the viewport without scrolling by hand; the Hint
and the Showdown open in view. Rounds are played with no Tab at all. A
screenshot of every screen at each size goes to ``test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from helpers.browser import (
    I18N,
    api_get,
    check_clean,
    new_page,
    outside_view,
    shot,
)
from helpers.game_server import GameServer, audit

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (360, 640), (1280, 720)]
PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def sized_page(browser: Any, server: GameServer, width: int, height: int, **extra: Any) -> Any:
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if width < 600:
        options.update(PHONE)
    options.update(extra)
    return new_page(browser, server, **options)


def settled(page: Any) -> None:
    page.wait_for_selector("#showdown:not([hidden])", timeout=20_000)
    page.wait_for_selector("#btn-deal", timeout=20_000)


DECISION = (
    "#dealer-cards img.card:not(.back)",
    "#seat-0 .card-btn",
    "#btn-fold",
    "#btn-keep",
    "#btn-exchange",
    "#btn-hint",
)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_decision_hint_and_showdown_open_in_view(
    browser: Any, server: GameServer, size: tuple[int, int]
) -> None:
    width, height = size
    name = f"layout-{width}x{height}"
    page = sized_page(browser, server, width, height)
    assert not outside_view(page, "#btn-deal")  # the Deal button is on the first screen
    shot(page, f"{name}-1-table", full=False)
    for round_no in (1, 2):
        page.click("#btn-deal")
        page.wait_for_selector("#seat-0 .card-btn")
        page.wait_for_timeout(100)
        assert not outside_view(page, *DECISION), (round_no, outside_view(page, *DECISION))
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if round_no == 1:
            shot(page, f"{name}-2-decision", full=False)
        page.click("#btn-hint")
        page.wait_for_selector("#hint table")
        page.wait_for_timeout(100)
        # The whole hint, its table of options included, is where the eye is.
        assert not outside_view(page, "#hint", "#hint table"), outside_view(page, "#hint")
        if round_no == 1:
            shot(page, f"{name}-3-hint", full=False)
        page.click("#btn-keep" if round_no == 1 else "#btn-fold")
        settled(page)
        page.wait_for_timeout(100)
        # The result line (the headline's and the pot's words) by the Next button, with
        # every card that decided the round (the showdown's table is below).
        shown = ("#btn-deal", "#status", "#dealer-cards", "#seat-1 .cards", "#seat-2 .cards",
                 "#seat-0 .cards")  # fmt: skip
        assert not outside_view(page, *shown), outside_view(page, *shown)
        assert page.inner_text("#showdown .headline") in page.inner_text("#status")
        if round_no == 1:
            shot(page, f"{name}-4-showdown", full=False)
    shot(page, f"{name}-5-showdown-full")
    page.click("#nav button[data-screen=rules]")
    shot(page, f"{name}-6-rules")
    page.click("#nav button[data-screen=history]")
    page.wait_for_selector(".history-item")
    # History: one line per round (it opens on a click).
    for item in page.locator(".history-item").all():
        box = item.bounding_box()
        assert box["height"] < 80, box
    shot(page, f"{name}-7-history")
    page.locator(".history-item summary").first.click()
    assert page.locator(".history-item table.results").first.is_visible()
    shot(page, f"{name}-8-history-open")
    page.click("#nav button[data-screen=stats]")
    page.wait_for_selector("svg.chart polyline")
    shot(page, f"{name}-9-stats")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    check_clean(page, server)


def focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement.id || document.activeElement.className"))


def test_keyboard_only_rounds_without_tab(browser: Any, server: GameServer) -> None:
    page = sized_page(browser, server, 1280, 720)
    assert focused(page) == "btn-deal"  # the page opens ready for N or Enter
    # Round 1: N deals and the focus lands on your cards; the arrows and Space work
    # at once, no Tab first.
    page.keyboard.press("n")
    page.wait_for_selector("#seat-0 .card-btn")
    assert focused(page).startswith("card-btn")
    assert page.evaluate("document.activeElement.dataset.index") == "0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.index") == "2"
    page.keyboard.press("Space")
    assert page.get_attribute("#seat-0 .card-btn >> nth=2", "aria-pressed") == "true"
    # The focus ring is visible.
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring not in ("none", ""), ring
    page.keyboard.press("e")
    settled(page)
    # After the showdown the focus is on the Next button, with its ring.
    assert focused(page) == "btn-deal"
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    # Round 2: Enter on the Next button deals; digits pick; H opens the hint in view.
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-0 .card-btn")
    assert focused(page).startswith("card-btn")
    page.keyboard.press("4")
    page.keyboard.press("4")
    assert page.locator("#seat-0 .card-btn[aria-pressed=true]").count() == 0
    page.keyboard.press("h")
    page.wait_for_selector("#hint table")
    assert not outside_view(page, "#hint")
    # T on the table keeps the focus on a control that acts (not a hidden heading).
    page.keyboard.press("t")
    assert focused(page).startswith("card-btn")
    page.keyboard.press("k")
    settled(page)
    assert focused(page) == "btn-deal"
    # R then Escape: back at the table, the focus is where the next key acts.
    page.keyboard.press("r")
    assert page.is_visible("#screen-rules")
    page.keyboard.press("Escape")
    assert page.is_visible("#screen-table") and focused(page) == "btn-deal"
    # Round 3: fold.
    page.keyboard.press("n")
    page.wait_for_selector("#seat-0 .card-btn")
    page.keyboard.press("f")
    settled(page)
    actions = [
        r["players"][0]["decision"]["action"] for r in api_get(server, "/api/history")["rounds"]
    ]
    assert actions == ["fold", "keep", "exchange"]
    shot(page, "keyboard-only-end", full=False)
    check_clean(page, server)


def rigged_server(tmp_path: Path, you: list[str], dealer: list[str]) -> GameServer:
    """A server whose first round deals these cards to you and the dealer (dealt by the
    engine on the same file; the server resumes the round, G8)."""
    from showdown.cards import Card
    from showdown.game import GameService

    mine, his = ([Card.parse(c).id for c in cards] for cards in (you, dealer))
    rest = [i for i in range(52) if i not in mine + his]
    # Dealt one card at a time: you, Marta, Viktor, the dealer.
    deck = [x for p in range(5) for x in (mine[p], rest[2 * p], rest[2 * p + 1], his[p])]
    deck += [i for i in range(52) if i not in deck]
    db = tmp_path / "rigged.sqlite3"
    service = GameService(db, decks=[deck])
    state = service.start_round("player", ante=5)
    service.close()
    assert state["round"]["players"][0]["cards"] == you
    return GameServer(db, "player").start()


def test_texts_russian_names_minus_signs_and_one_shortcut_list(
    browser: Any, tmp_path: Path
) -> None:
    server = rigged_server(tmp_path, ["Kc", "9d", "7s", "4h", "2c"], ["Jc", "Jd", "Js", "5h", "3c"])
    try:
        page = new_page(browser, server, locale="ru-RU", viewport={"width": 1280, "height": 800})
        assert page.get_attribute("html", "lang") == "ru"
        page.keyboard.press("h")
        page.wait_for_selector("#hint table")
        evs = page.locator("#hint tbody td.num").all_inner_texts()
        assert any(v.startswith("\u2212") for v in evs), evs  # a true minus sign
        assert not any("-" in v for v in evs), evs  # never a hyphen
        shot(page, "texts-russian-hint", full=False)
        # The shortcut list is on the page once, also on the Rules screen.
        page.keyboard.press("r")
        esc = page.locator("kbd", has_text="Esc")
        assert sum(1 for k in esc.all() if k.is_visible()) == 1
        shot(page, "texts-russian-rules")
        page.keyboard.press("Escape")
        page.keyboard.press("k")
        settled(page)
        # The dealer's three jacks are "Тройка вальтов", once: not "Сет (тройка) — Тройка".
        dealer = page.inner_text("#dealer-hand")
        assert dealer.startswith("Тройка вальтов"), dealer
        assert I18N["ru"]["cat_three_of_a_kind"] not in page.inner_text("#showdown")
        shot(page, "texts-russian-showdown")
        check_clean(page, server)
    finally:
        server.stop()


def test_touch_screens_say_tap_not_press(browser: Any, server: GameServer) -> None:
    page = sized_page(browser, server, 390, 844)
    page.tap("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    page.tap("#seat-0 .card-btn >> nth=1")
    card = page.get_attribute("#seat-0 .card-btn >> nth=1 >> img", "alt")
    assert page.inner_text("#status") == I18N["en"]["exchange_ready_touch"].replace("{card}", card)
    assert "Press" not in page.inner_text("body") and "press" not in page.inner_text(
        "#screen-table"
    )
    assert not page.locator("#actions kbd").first.is_visible()  # no key badges on a touch screen
    assert not page.is_visible("#keys-list")
    check_clean(page, server)


def test_the_page_heals_itself_when_the_server_comes_back(browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "heal.sqlite3"
    server = GameServer(db, "player").start()
    try:
        page = new_page(browser, server, viewport={"width": 1280, "height": 720})
        page.keyboard.press("n")
        page.wait_for_selector("#seat-0 .card-btn")
        server.kill()
        page.keyboard.press("k")  # refused: nobody answers
        page.wait_for_selector("#alert:not([hidden])", timeout=10_000)
        assert page.inner_text("#alert") == I18N["en"]["err_network"]
        server = GameServer(db, "player", port=server.port).start()
        # No reload, no key: the page finds the server again, clears the banner and
        # carries on with the same round.
        page.wait_for_selector("#alert", state="hidden", timeout=15_000)
        assert page.locator("#seat-0 .card-btn").count() == 5
        page.keyboard.press("k")
        settled(page)
        assert page.is_hidden("#alert")
        assert audit(db, "player")["ok"]
        assert not page.errors or all("Failed to fetch" in e or "ERR_" in e for e in page.errors)
    finally:
        server.stop()
