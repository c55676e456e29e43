"""Shared helpers for the equity lab's browser tests: a tab on the lab, its job's end,
its cleanliness (no script error, nothing fetched from elsewhere), a screenshot."""

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
    watch(page)
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def watch(page: Any) -> None:
    """Record the page's script errors and the addresses it requests."""
    page.errors = []
    page.requests = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("request", lambda r: page.requests.append(r.url))


def settled(page: Any) -> str:
    """Wait for the page's current job to end; its state."""
    wait_until(page, "!['running', 'pending', undefined].includes(document.body.dataset.job)")
    return str(page.evaluate("document.body.dataset.job"))


def check_clean(page: Any, server: LabServer) -> None:
    """No script error, and nothing requested from anywhere but this server."""
    assert not page.errors, page.errors
    outside = [u for u in page.requests if not u.startswith(server.url)]
    assert not outside, outside


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"lab-{name}.png"), full_page=True)
