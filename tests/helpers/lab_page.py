"""Opening the equity lab in a browser tab for the browser tests: the two screen
sizes, a tab with its script errors recorded, waiting for a job to end."""

from __future__ import annotations

from typing import Any

from helpers.browser import wait_until

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 720}}


def open_lab(browser: Any, url: str, size: str = "desktop", **context: Any) -> Any:
    """A new tab on the lab at ``size``, its script errors kept in ``page.errors``."""
    ctx = browser.new_context(viewport=SIZES[size], reduced_motion="reduce", **context)
    page = ctx.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.goto(url)
    page.wait_for_selector("body[data-ready='1']")
    return page


def settled(page: Any) -> str:
    """Wait for the page's current job to end; its state."""
    wait_until(page, "!['running', 'pending', undefined].includes(document.body.dataset.job)")
    return str(page.evaluate("document.body.dataset.job"))
