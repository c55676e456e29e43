"""Shared helpers for the equity lab's browser tests: a tab on the lab, its job's end,
the figures it shows, its script errors.

``open_lab(browser, url)`` opens a tab and waits for the page to be ready;
``settled(page)`` waits for the job of the latest change and gives its state
(``done``, ``error``, ``cancelled``, ``unreachable``...).
"""

from __future__ import annotations

import json
from typing import Any

from helpers.browser import wait_until
from helpers.game_server import ARTIFACTS
from helpers.lab_server import LabServer
from helpers.paths import ROOT

I18N = {
    lang: json.loads(
        (ROOT / "src/showdown/lab/static/i18n" / f"{lang}.json").read_text(encoding="utf-8")
    )
    for lang in ("en", "es", "ru")
}
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 720}}


def open_lab(browser: Any, url: str, size: str = "desktop", **context: Any) -> Any:
    """A new tab on the lab, with its script errors and requests recorded."""
    ctx = browser.new_context(viewport=SIZES[size], reduced_motion="reduce", **context)
    page = ctx.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.requests = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("request", lambda r: page.requests.append(r.url))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def settled(page: Any, timeout: float = 20.0) -> str:
    """Wait for the page's current job to end; its state."""
    wait_until(
        page,
        "!['running', 'pending', undefined].includes(document.body.dataset.job)",
        timeout=timeout,
    )
    return str(page.evaluate("document.body.dataset.job"))


def shown_equity(page: Any) -> list[float]:
    cells = page.locator("#equity-rows td.equity")
    return [float(cells.nth(i).get_attribute("data-value")) for i in range(cells.count())]


def check_clean(page: Any, server: LabServer, refused: bool = False) -> None:
    """No script error (with ``refused``, the browser's note of a 400 answer aside),
    and nothing requested from anywhere but this server."""
    status_400 = "the server responded with a status of 400"
    errors = [e for e in page.errors if not (refused and status_400 in e)]
    assert not errors, errors
    outside = [u for u in page.requests if not u.startswith(server.url)]
    assert not outside, outside


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lab-{name}.png"), full_page=True)
