"""The lab's layout in real Chromium at a phone's 390 x 844 and a desktop's 1280 x 720:
every card of the board picker can be clicked (nothing lies over it, nothing clips
it) and the results panel fits its box in every language (no column cut)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote_plus

import pytest

from helpers.browser import launch_chromium
from helpers.lab_page import open_lab, settled
from helpers.lab_server import LabServer

pytestmark = pytest.mark.browser

RANKS = "AKQJT98765432"
CARDS = [rank + suit for suit in "shdc" for rank in RANKS]

# The card under the middle of each picker button, and whether the button shows whole:
# its text inside it, itself inside its panel and every box that clips it.
_HIT_TEST = """card => {
  const button = document.querySelector(`#picker .pick[data-card="${card}"]`);
  button.scrollIntoView({block: "center", inline: "center"});
  const box = button.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const panel = button.closest(".panel").getBoundingClientRect();
  let whole = box.width > 0 && box.height > 0 && button.scrollWidth <= button.clientWidth
    && box.left >= panel.left && box.right <= panel.right;
  for (let up = button.parentElement; up; up = up.parentElement) {
    if (getComputedStyle(up).overflowX === "visible") continue;
    const clip = up.getBoundingClientRect();
    whole = whole && box.left >= clip.left - 0.5 && box.right <= clip.right + 0.5;
  }
  return {hit: hit === button, whole};
}"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_picker_card_can_be_clicked(browser: Any, server: LabServer, size: str) -> None:
    page = open_lab(browser, server.url + "#p=AA&p=QQ", size)  # ranges: no card in use
    settled(page)
    page.click("#picker-box summary")
    blocked = []
    for card in CARDS:
        where = page.evaluate(_HIT_TEST, card)
        if not (where["hit"] and where["whole"]):
            blocked.append((card, where))
    assert not blocked, blocked
    for card in CARDS:  # a real click on each: in, then out again
        button = page.locator(f'#picker .pick[data-card="{card}"]')
        button.click(timeout=2000)
        assert page.input_value("#board") == card
        button.click(timeout=2000)
        assert page.input_value("#board") == ""
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_results_fit_their_panel(browser: Any, server: LabServer, size: str, lang: str) -> None:
    """Six players with long ranges, the widest table the panel shows: no column cut."""
    ranges = ["QQ+, AKs, AQo", "AhKh", "22+, A2s+", "T9s, 98s, 87s", "JJ-88", "KQo, KJo"]
    players = "&".join("p=" + quote_plus(r) for r in ranges)
    page = open_lab(browser, server.url + f"?lang={lang}#{players}&board=Qs+7d+2c", size)
    assert settled(page) == "done"
    page.wait_for_selector("#combo-rows tr")
    boxes = "#results, #equity-table, #detail, #detail .scroll, #combo-table"
    widths = page.evaluate(
        f"""() => [...document.querySelectorAll('{boxes}')].map(
             e => [e.id || e.className, e.scrollWidth, e.clientWidth])"""
    )
    assert len(widths) == 5
    for name, scroll, client in widths:
        assert scroll <= client, (name, scroll, client)
    for table, box in (("#equity-table", "#results"), ("#combo-table", "#detail .scroll")):
        tie = page.locator(f"{table} thead th:nth-child(5)").bounding_box()
        panel = page.locator(box).bounding_box()
        assert tie["x"] + tie["width"] <= panel["x"] + panel["width"], table
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.context.close()
