"""The game's screens on phones and a laptop, in real headless Chromium.

At 390 x 844 and 360 x 640 (phones, touch) and 1280 x 720 (a laptop), in
English, Spanish and Russian: every control at least 44 px, no word cut, the
result and every card that decided it on one screen with the pot's winners
marked, history rows whole; and the first-time tour, three steps, skippable,
shown once. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from helpers.browser import (
    CUT,
    I18N,
    api_state,
    check_clean,
    outside_view,
    page_at,
    press,
    shot,
    small_targets,
    wait_settled,
)
from helpers.game_server import GameServer, running_server

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (360, 640), (1280, 720)]
LANGS = ["en", "es", "ru"]


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameServer]:
    """One server for the checks that only add rounds (each page its own context)."""
    yield from running_server(tmp_path_factory.mktemp("screens") / "game.sqlite3", "player")


# The result and every card that decided it: the dealer's five, the opponents'
# (shown or mucked), yours with its name, the Next button and the result line.
RESULT = (
    "#dealer-cards img.card",
    "#dealer-hand",
    "#seat-1 .cards",
    "#seat-2 .cards",
    "#seat-0 .cards img.card",
    "#seat-0 .hand-desc",
    "#btn-deal",
    "#status",
)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_targets_words_and_the_result_on_one_screen(
    browser: Any, shared_server: GameServer, size: tuple[int, int], lang: str
) -> None:
    page = page_at(browser, shared_server, size, lang)
    name = f"player-{lang}-{size[0]}x{size[1]}"
    words = I18N[lang]
    # The switches say what they do, in the page's language.
    assert page.get_attribute("#pref-sound", "aria-label") == words["sound_label"]
    assert page.get_attribute("#pref-sound", "title") == words["sound_off"]
    press(page, "#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    page.wait_for_timeout(50)
    assert not small_targets(page), small_targets(page)
    assert not page.evaluate(CUT), page.evaluate(CUT)
    for sel in ("#btn-fold", "#btn-keep", "#btn-exchange", "#btn-hint"):
        assert page.locator(sel).evaluate("e => e.scrollWidth <= e.clientWidth"), sel
    assert words["hint"] in page.inner_text("#btn-hint")  # "Подсказка" whole
    # The four actions fit the felt's width (one row on a short phone), nothing sideways.
    assert page.locator("#actions").evaluate("e => e.scrollWidth <= e.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    shot(page, f"{name}-decision", full=False)
    press(page, "#btn-keep")
    wait_settled(page)
    page.wait_for_timeout(50)
    # Everything that decided the round is on the screen at once, without scrolling.
    assert not outside_view(page, *RESULT), outside_view(page, *RESULT)
    assert page.locator("#dealer-cards img.card:not(.back)").count() == 5
    rnd = api_state(shared_server)["round"]
    for seat in (1, 2):
        shown = rnd["players"][seat]["cards"]
        if shown:  # an opponent still in shows five face-up cards, all in view
            assert page.locator(f"#seat-{seat} .cards img.card:not(.back)").count() == 5
    # The pot's winners are marked: a class, a badge in words and a visible style.
    winners = rnd["result"]["pot"]["winners"]
    marked = [s for s in range(3) if "winner" in (page.get_attribute(f"#seat-{s}", "class") or "")]
    assert marked == sorted(winners)
    for seat in winners:
        box = page.locator(f"#seat-{seat}")
        assert words["pot_winner_badge"] in box.text_content()
        style = box.evaluate("e => [getComputedStyle(e).borderTopColor,"
                             " getComputedStyle(e).boxShadow]")  # fmt: skip
        assert style[0] == "rgb(242, 193, 78)" and style[1] != "none", style
    assert not small_targets(page), small_targets(page)
    assert not page.evaluate(CUT), page.evaluate(CUT)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    shot(page, f"{name}-result", full=False)
    # History: every row whole (its outcome wraps rather than being cut), tappable.
    press(page, "#nav button[data-screen=history]")
    page.wait_for_selector(".history-item")
    assert not page.evaluate(CUT), page.evaluate(CUT)
    assert not small_targets(page), small_targets(page)
    rows = page.locator(".history-item summary").evaluate_all(
        "els => els.map(e => [e.getBoundingClientRect().right, e.scrollWidth <= e.clientWidth])"
    )
    assert rows and all(right <= size[0] and whole for right, whole in rows), rows
    shot(page, f"{name}-history", full=False)
    # The other screens: nothing cut, nothing too small to tap.
    for screen in ("rules", "stats"):
        press(page, f"#nav button[data-screen={screen}]")
        page.wait_for_timeout(50)
        assert not page.evaluate(CUT), (screen, page.evaluate(CUT))
        assert not small_targets(page), (screen, small_targets(page))
    check_clean(page, shared_server)
    page.context.close()


@pytest.fixture(scope="module")
def new_player(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameServer]:
    """A profile that has never played (the tour is for new players only)."""
    yield from running_server(tmp_path_factory.mktemp("tour") / "game.sqlite3", "newcomer")


@pytest.mark.parametrize("lang", LANGS)
def test_first_time_tour(browser: Any, new_player: GameServer, lang: str) -> None:
    words = I18N[lang]
    for size in SIZES:
        page = page_at(browser, new_player, size, lang, tour=True)
        tour = page.locator("#tour")
        assert tour.is_visible()
        assert page.evaluate("document.activeElement.id") == "tour-next"
        assert not outside_view(page, "#tour"), outside_view(page, "#tour")
        assert not small_targets(page), small_targets(page)
        assert not page.evaluate(CUT), page.evaluate(CUT)
        phone = size[0] < 600
        for step in (1, 2, 3):
            total = words["tour_step"].replace("{n}", str(step)).replace("{total}", "3")
            assert page.inner_text("#tour-step") == total
            assert page.inner_text("#tour-title") == words[f"tour_{step}_title"]
            key = f"tour_{step}_text" + ("_keys" if step == 3 and not phone else "")
            assert page.inner_text("#tour-text") == words[key]
            assert page.is_visible("#tour-skip") == (step < 3)  # the last step has no Skip
            if step == 1 and size == (390, 844):
                shot(page, f"tour-{lang}-phone", full=False)
            last = words["tour_done"] if step == 3 else words["tour_next"]
            assert page.inner_text("#tour-next") == last
            press(page, "#tour-next")
        assert tour.is_hidden()
        assert page.evaluate("document.activeElement.id") == "btn-deal"
        assert page.evaluate("localStorage.getItem('showdown.tour')") == "done"
        page.reload()
        page.wait_for_selector("body[data-ready='1']")
        assert tour.is_hidden()  # shown once
        check_clean(page, new_player)
        page.context.close()
    # Skipped at the first step (or by Escape): gone for good, the focus on Deal.
    page = page_at(browser, new_player, (1280, 720), lang, tour=True)
    assert page.is_visible("#tour")
    page.keyboard.press("Escape")
    assert page.is_hidden("#tour") and page.evaluate("document.activeElement.id") == "btn-deal"
    page.context.close()
    page = page_at(browser, new_player, (360, 640), lang, tour=True)
    page.tap("#tour-skip")
    assert page.is_hidden("#tour") and page.evaluate("document.activeElement.id") == "btn-deal"
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.is_hidden("#tour")
    page.context.close()


def test_dealing_ends_the_tour_and_a_player_who_has_played_sees_none(
    browser: Any, server: GameServer
) -> None:
    page = page_at(browser, server, (1280, 720), "en", tour=True)
    assert page.is_visible("#tour")
    page.keyboard.press("n")  # playing is the best tour
    page.wait_for_selector("#seat-0 .card-btn")
    assert page.is_hidden("#tour")
    assert page.evaluate("localStorage.getItem('showdown.tour')") == "done"
    page.context.close()
    # A new browser (nothing remembered) on a profile that has played: no tour.
    page = page_at(browser, server, (1280, 720), "en", tour=True)
    assert page.is_hidden("#tour")
    page.context.close()
