"""The lab's wording (issue 35, item 11): what an exact answer enumerated (showdowns,
not boards: on a river a range's combos are what is counted), counts in the plural
form each language needs (Russian has three), and a tiny share shown as ``<0.01%``,
never rounded away to nothing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import showdown
from helpers.browser import launch_chromium, wait_until
from helpers.lab_page import I18N, open_lab, settled
from helpers.lab_server import LabServer

pytestmark = pytest.mark.browser

RIVER = "Qs+7d+2c+3h+4h"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


@pytest.mark.parametrize(
    ("lang", "method"),
    [
        ("en", "Exact over 14 showdowns (every board for every combo)"),
        ("es", "Cálculo exacto sobre 14 showdowns (cada mesa con cada combinación)"),
        ("ru", "Точно по 14 шоудаунам (каждый борд с каждой комбинацией)"),
    ],
)
def test_a_river_counts_showdowns_not_boards(
    browser: Any, server: LabServer, lang: str, method: str
) -> None:
    expected = showdown.equity(["AhKh", "QQ+, AQs+"], board=RIVER.replace("+", " "))
    assert expected.boards == 14  # the range's combos left on this river: one board
    page = open_lab(browser, server.url + f"?lang={lang}#p=AhKh&p=QQ%2B%2C+AQs%2B&board={RIVER}")
    assert settled(page) == "done"
    assert page.text_content("#method") == method
    page.context.close()


@pytest.mark.parametrize(
    ("lang", "ranges"),
    [
        ("en", {"AhKh": "1 combo", "AhKh, AsKs": "2 combos", "KK": "6 combos"}),
        ("es", {"AhKh": "1 combinación", "AhKh, AsKs": "2 combinaciones"}),
        (
            "ru",
            {
                "AhKh": "1 комбинация",
                "AhKh, AsKs": "2 комбинации",
                "KK": "6 комбинаций",
                "AKs, AhKd, KK, QQ, JJ, TT": "29 комбинаций",
                "AK, KK": "22 комбинации",
                "random": "1\u00a0326 комбинаций",
                "AK, QQ+, 66, AhQh": "41 комбинация",
            },
        ),
    ],
)
def test_counts_take_the_plural_form_of_their_number(
    browser: Any, server: LabServer, lang: str, ranges: dict[str, str]
) -> None:
    page = open_lab(browser, server.url + f"?lang={lang}#p=AhKh&p=QQ&edit=2")
    settled(page)
    for text, count in ranges.items():
        page.fill("#player-2", text)
        wait_until(page, f"document.querySelector('#range-info').textContent.startsWith({count!r})")
        words = page.text_content("#range-info")
        assert words.split(",")[0] == count
        assert "|" not in words
    page.context.close()


def test_a_tiny_share_is_not_rounded_away(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=AA%3A0.000001%2C+KK&board=Qs+7d+2c&edit=2")
    assert settled(page) == "done"
    page.wait_for_selector("#combo-rows tr")
    shares = page.eval_on_selector_all(
        "#combo-rows tr td:nth-child(2)", "c => c.map(e => e.textContent)"
    )
    aces = page.eval_on_selector_all(
        "#combo-rows tr",
        "rows => rows.filter(r => r.querySelector('th').textContent.startsWith('A')).length",
    )
    assert aces == 3  # the ace of hearts is player 1's
    assert shares.count("<0.01%") == 3  # each ace combo: 1e-7 of the range, still there
    assert "0.00%" not in shares
    assert I18N["en"]["range_info"]  # the page's own words were read
    page.context.close()
