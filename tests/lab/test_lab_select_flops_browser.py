"""Two of the lab's tools that ask the server for more than the job's answer, in real
headless Chromium: the sub-range selected by what it hits (``POST /api/select``) and
the analysis over every flop (``POST /api/flops``), each checked against the library
on the same input."""

from __future__ import annotations

from collections.abc import Iterator
from math import comb
from typing import Any

import pytest

import showdown
from helpers.browser import launch_chromium, wait_until
from helpers.lab_page import I18N, check_clean, open_lab, settled, shot
from helpers.lab_server import LabServer
from showdown.lab.work import cell_combos
from showdown.odds.ranges.class_select import select
from showdown.odds.ranges.flop_analysis import flop_analysis
from showdown.odds.ranges.preflop import CLASSES

pytestmark = pytest.mark.browser
EN = I18N["en"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def combos_of(text: str) -> dict[str, float]:
    """Every combo of a Hold'em range with its weight."""
    rng = showdown.parse_range(text)
    every = (c for name in CLASSES for c in cell_combos(name))
    return {c: rng.weight(c) for c in every if rng.weight(c) > 0}


def hits(combo: str, board: str, classes: set[str]) -> bool:
    """Does one combo make one of the classes on the board (the library's breakdown)?"""
    single = showdown.breakdown(combo, board)
    return any(
        share > 0 for name, share in {**single.made, **single.draws}.items() if name in classes
    )


def selected(page: Any) -> str:
    """Wait for the answer to the latest ticks; the selection's text."""
    wait_until(page, "document.body.dataset.select === 'done'")
    return str(page.input_value("#select-text"))


def grid_class(combo: str) -> str:
    ranks = "AKQJT98765432"
    a, b = sorted([combo[:2], combo[2:]], key=lambda card: ranks.index(card[0]))
    return a[0] + b[0] + ("" if a[0] == b[0] else "s" if a[1] == b[1] else "o")


def test_select_the_combos_that_hit(browser: Any, server: LabServer) -> None:
    board = "Qh Jh 3c"
    page = open_lab(
        browser,
        server.url + "#p=AhKh&p=20%25&board=Qh+Jh+3c&edit=2",
        permissions=["clipboard-read", "clipboard-write"],
    )
    assert settled(page) == "done"
    chosen = {"set", "two pair", "flush draw"}
    for name in sorted(chosen):
        page.check(f'#breakdown tr[data-class="{name}"] input')
    text = selected(page)
    picked = combos_of(text)
    # exactly the 20%'s combos left beside Ah Kh and the board that make one of the classes
    taken = set("AhKhQhJh3c"[i : i + 2] for i in range(0, 10, 2))
    live = {c: w for c, w in combos_of("20%").items() if not {c[:2], c[2:]} & taken}
    expected = {c: w for c, w in live.items() if hits(c, board, chosen)}
    assert picked == expected
    count = page.text_content("#select-info")
    assert count.startswith(EN["select_info"].split("{")[0] + str(len(expected)) + " ")
    marked = page.locator("#grid .cell.selected")
    assert {marked.nth(i).get_attribute("data-cls") for i in range(marked.count())} == {
        grid_class(c) for c in expected
    }
    page.select_option("#combo-kind", "selected")
    rows = page.locator("#combo-rows th")
    assert sorted(rows.nth(i).text_content() for i in range(rows.count())) == sorted(expected)
    page.click("#select-copy")
    assert page.evaluate("navigator.clipboard.readText()") == text
    shot(page, "features-select")
    page.select_option("#select-target", "1")
    page.click("#select-use")
    wait_until(page, f"document.querySelector('#player-2').value === {text!r}")
    assert settled(page) == "done"
    assert page.is_hidden("#select-box") and page.locator("#grid .cell.selected").count() == 0
    cells = page.locator("#equity-rows td.equity")
    shown = [float(cells.nth(i).get_attribute("data-value")) for i in range(2)]
    assert shown == pytest.approx(
        list(showdown.equity(["AhKh", text], board=board).equity), abs=1e-12
    )
    check_clean(page, server)
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_every_flop(browser: Any, server: LabServer, size: str) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=20%25&dead=2c&edit=2", size)
    settled(page)
    page.click("#flops-run")
    wait_until(page, "document.body.dataset.flops === 'done'", timeout=60)
    expected = flop_analysis("20%", dead="2c")
    assert expected.flops == comb(51, 3)
    status = page.text_content("#flops-status")
    assert status.startswith(f"Player 2: {expected.combos} combos over all 20,825 flops")
    shares = {**expected.made, **expected.draws}
    counts = {**expected.made_combos, **expected.draw_combos}
    rows = page.locator("#flops-result tr[data-class]")
    seen = set()
    for i in range(rows.count()):
        row = rows.nth(i)
        name = row.get_attribute("data-class")
        seen.add(name)
        share = float(row.locator("td.share").get_attribute("data-value"))
        assert share == pytest.approx(shares[name], abs=1e-12), name
        combos = float(row.locator("td.combos").get_attribute("data-value"))
        assert combos == pytest.approx(counts[name], abs=1e-9), name
    assert seen == {name for name, share in shares.items() if share > 0}
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"features-flops-{size}")
    check_clean(page, server)
    page.context.close()


def test_tick_a_group_top_pair_or_better_and_flush_draws(browser: Any, server: LabServer) -> None:
    """The issue's own example: top pair or better + flush draws, one click each, is the
    library's ``select`` of those groups given the other player's hand."""
    page = open_lab(
        browser,
        server.url + "#p=AhKh&p=QQ%2B%2C+AK%2C+AQs%2C+KQ%2C+JTs%2C+T9s&board=Qh+Jh+3c&edit=2",
    )
    assert settled(page) == "done"
    page.click('#breakdown .bd-quick [data-group="top_pair_or_better"]')
    page.click('#breakdown .bd-quick [data-group="flush_draws"]')
    text = selected(page)
    ticked = page.locator("#breakdown input:checked")
    names = {ticked.nth(i).get_attribute("value") for i in range(ticked.count())}
    assert "top pair, top kicker" in names and "flush draw" in names and "ace high" not in names
    expected = select(
        "QQ+, AK, AQs, KQ, JTs, T9s",
        "Qh Jh 3c",
        "top_pair_or_better, flush_draws",
        against=["AhKh"],
    )
    assert showdown.parse_range(text) == expected
    page.click('#breakdown .bd-quick [data-group="flush_draws"]')  # again: untick the group
    wait_until(page, "!document.querySelector('#breakdown input[value=\"flush draw\"]').checked")
    expected = select(
        "QQ+, AK, AQs, KQ, JTs, T9s", "Qh Jh 3c", "top_pair_or_better", against=["AhKh"]
    )
    assert showdown.parse_range(selected(page)) == expected
    check_clean(page, server)
    page.context.close()
