"""Shared helpers for the browser tests: Debian's Chromium through Playwright.

``playwright install`` cannot download browsers here: the tests drive
``/usr/bin/chromium`` (installed by ``scripts/test.sh`` when run as root).
Screenshots go to ``test-artifacts/`` (gitignored; CI keeps them).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from helpers.game_server import ARTIFACTS, Client, GameServer
from helpers.paths import ROOT

CHROMIUM = "/usr/bin/chromium"
STATIC = ROOT / "src" / "showdown" / "game" / "static"
I18N = {
    lang: json.loads((STATIC / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    for lang in ("en", "es", "ru")
}


def launch_chromium() -> Iterator[Any]:
    """Generator for fixtures: a headless Chromium, closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield chromium
        chromium.close()


# Set before the page's own scripts run: the first-time tour counts as seen.
TOUR_SEEN = "localStorage.setItem('showdown.tour', 'done')"


def new_page(browser: Any, server: GameServer, *, tour: bool = False, **context: Any) -> Any:
    """A fresh browser tab on the game, with every request and page error recorded.

    The first-time tour is skipped unless ``tour`` (its own tests ask for it)."""
    options = {"viewport": {"width": 1280, "height": 900}, "reduced_motion": "reduce"}
    options.update(context)
    ctx = browser.new_context(**options)
    if not tour:
        ctx.add_init_script(script=TOUR_SEEN)
    page = ctx.new_page()
    page.requests = []  # type: ignore[attr-defined]
    page.errors = []  # type: ignore[attr-defined]
    page.on("request", lambda r: page.requests.append(r.url))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def shot(page: Any, name: str, full: bool = True) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"game-{name}.png"), full_page=full)


def api_get(server: GameServer, path: str, profile: str = "player") -> dict[str, Any]:
    client = Client(server.url, profile)
    try:
        return client.ok(client.get(path))
    finally:
        client.close()


def api_state(server: GameServer) -> dict[str, Any]:
    return api_get(server, "/api/state")


def my_cards(page: Any) -> list[str]:
    srcs = page.eval_on_selector_all("#seat-0 img.card", "els => els.map(e => e.src)")
    return [re.search(r"/cards/(\w+)\.svg", s).group(1) for s in srcs]


def wait_count(page: Any, selector: str, at_least: int, timeout: float = 20.0) -> None:
    """Poll from Python (the page's CSP forbids the eval that wait_for_function needs)."""
    for _ in range(int(timeout / 0.02)):
        if page.locator(selector).count() >= at_least:
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"never {at_least} of {selector}")


def wait_until(page: Any, expression: str, timeout: float = 20.0) -> None:
    """Poll a JavaScript expression from Python until it is true (``page.evaluate``
    is not subject to the page's CSP; ``wait_for_function`` needs ``eval``)."""
    for _ in range(int(timeout / 0.02)):
        if page.evaluate(expression):
            return
        page.wait_for_timeout(20)
    raise AssertionError(f"never true: {expression}")


def wait_settled(page: Any) -> None:
    page.wait_for_selector("#showdown:not([hidden])", timeout=20_000)
    page.wait_for_selector("#btn-deal", timeout=20_000)


def check_clean(page: Any, server: GameServer) -> None:
    """No script error, and nothing requested from anywhere but this server."""
    assert not page.errors, page.errors
    outside = [u for u in page.requests if not u.startswith(server.url)]
    assert not outside, outside


# ---- the page at a size, in a language: targets, cut words, what is on screen ----

PHONE = {"is_mobile": True, "has_touch": True, "device_scale_factor": 2}


def page_at(
    browser: Any, server: GameServer, size: tuple[int, int], lang: str, **extra: Any
) -> Any:
    """A tab at ``size`` whose browser speaks ``lang``; below 600 px wide, a touch phone."""
    width, height = size
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}, "locale": lang}
    if width < 600:
        options.update(PHONE)
    options.update(extra)
    page = new_page(browser, server, **options)
    assert page.get_attribute("html", "lang") == lang
    return page


def press(page: Any, selector: str) -> None:
    """A tap on a touch screen, a click elsewhere."""
    if page.viewport_size["width"] < 600:
        page.tap(selector)
    else:
        page.click(selector)


# Every control a finger or a mouse may use, shown on screen, with its box.
CONTROLS = """() => [...document.querySelectorAll('button, select, summary, a[href], input')]
  .filter(e => e.getClientRects().length && !e.closest('[hidden]') && !e.classList.contains('skip'))
  .map(e => { const r = e.getBoundingClientRect();
    return [e.id || e.className || e.tagName, e.textContent.trim().slice(0, 24),
      r.width, r.height]; })"""

# Elements whose text is cut: wider content than box (clipped) or an ellipsis. Text
# for screen readers only (a 1 px box) is not cut.
CUT = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getClientRects().length && !e.closest('.visually-hidden, [hidden]')
    && !e.matches('svg, svg *') && e.getBoundingClientRect().width > 1)
  .filter(e => { const s = getComputedStyle(e);
    return (s.textOverflow === 'ellipsis' || s.overflowX !== 'visible')
      && e.scrollWidth > e.clientWidth + 1 && !e.matches('.table-scroll'); })
  .map(e => [e.id || e.className || e.tagName, e.textContent.trim().slice(0, 30),
    e.scrollWidth, e.clientWidth])"""


def small_targets(page: Any) -> list[Any]:
    """The controls on screen less than 44 px wide or tall (a fingertip)."""
    return [c for c in page.evaluate(CONTROLS) if c[2] < 44 or c[3] < 44]


def outside_view(page: Any, *selectors: str) -> list[str]:
    """The selectors (every match) whose box is not wholly inside the viewport."""
    size = page.viewport_size
    bad = []
    for sel in selectors:
        boxes = page.locator(sel).evaluate_all(
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return [r.left, r.top, r.right, r.bottom]; })"
        )
        assert boxes, f"nothing matches {sel}"
        for left, top, right, bottom in boxes:
            inside = (
                left >= -0.5
                and top >= -0.5
                and right <= size["width"] + 0.5
                and bottom <= size["height"] + 0.5
            )
            if not inside:
                bad.append(f"{sel} at {[round(left), round(top), round(right), round(bottom)]}")
    return bad
