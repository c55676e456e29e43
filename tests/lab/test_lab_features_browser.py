"""The lab's Flopzilla-style tools end to end in real headless Chromium.

Suits inside a grid cell and the cards in use greyed out in the picker; named
ranges kept in the browser, exported and imported; the combo table sorted and
filtered; the distribution's axes and the heat map colored over the spot's own
spread; the breakdown's combos per class. Every figure is checked against the
library on the same input.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

import showdown
from helpers.browser import launch_chromium, wait_until
from helpers.lab_page import I18N, check_clean, open_lab, settled, shot
from helpers.lab_server import LabServer

pytestmark = pytest.mark.browser
EN = I18N["en"]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


def watch(page: Any) -> None:
    """Record a tab's script errors and the addresses it requests (as ``open_lab``)."""
    page.errors = []
    page.requests = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("request", lambda r: page.requests.append(r.url))


def percent(text: str) -> float:
    """'12.5%' -> 0.125."""
    return float(text.strip().rstrip("%")) / 100


def test_suits_inside_a_cell(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=2c2d&p=QQ%2C+AKs&edit=2")
    settled(page)
    page.click("#suit-mode")
    page.click('#grid .cell[data-cls="AKs"]')
    page.wait_for_selector("#suit-picker:not([hidden])")
    combos = page.locator("#suit-combos .suit-combo")
    assert [combos.nth(i).get_attribute("data-combo") for i in range(4)] == [
        "AsKs",
        "AhKh",
        "AdKd",
        "AcKc",
    ]
    assert page.locator("#suit-combos [aria-pressed=true]").count() == 4
    page.click('#suit-combos [data-combo="AdKd"]')
    page.click('#suit-combos [data-combo="AcKc"]')
    page.click("#suit-apply")
    wait_until(page, "document.querySelector('#player-2').value.includes('AhKh')")
    assert page.is_hidden("#suit-picker")
    text = page.input_value("#player-2")
    assert showdown.parse_range(text) == showdown.parse_range("QQ, AhKh, AsKs")
    assert settled(page) == "done"
    # the cell shows half its combos; the grid paints again once suits mode is off
    wait_until(
        page, "document.querySelector('#grid .cell[data-cls=\"AKs\"] .value').textContent === '50%'"
    )
    page.click("#suit-mode")
    assert page.get_attribute("#suit-mode", "aria-pressed") == "false"
    # the S key opens the same picker on the focused cell, showing the range's suits
    page.focus('#grid .cell[data-cls="AA"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("s")
    page.wait_for_selector("#suit-picker:not([hidden])")
    pressed = page.locator("#suit-combos [aria-pressed=true]")
    assert [pressed.nth(i).get_attribute("data-combo") for i in range(pressed.count())] == [
        "AsKs",
        "AhKh",
    ]
    page.keyboard.press("Escape")
    assert page.is_hidden("#suit-picker")
    check_clean(page, server)
    page.context.close()


def test_picker_greys_cards_in_use_and_picks_dead_cards(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ&board=Qs7d2c")
    settled(page)
    page.click("#picker-box summary")
    ah = '#picker .pick[data-card="Ah"]'
    assert page.is_disabled(ah)  # in player 1's hand
    assert page.get_attribute(ah, "aria-label") == EN["card_used"].replace("{card}", "Ah")
    assert page.is_enabled('#picker .pick[data-card="Qs"]')  # on the board: click takes it off
    assert page.get_attribute('#picker .pick[data-card="Qs"]', "aria-pressed") == "true"
    page.check("input[name=pick-for][value=dead]")
    assert page.is_disabled('#picker .pick[data-card="Qs"]')  # now in use by the board
    page.click('#picker .pick[data-card="3c"]')
    page.click('#picker .pick[data-card="4d"]')
    assert page.input_value("#dead") == "3c 4d"
    assert settled(page) == "done"
    expected = showdown.equity(["AhKh", "QQ"], board="Qs 7d 2c", dead="3c 4d")
    cells = page.locator("#equity-rows td.equity")
    shown = [float(cells.nth(i).get_attribute("data-value")) for i in range(2)]
    assert shown == pytest.approx(list(expected.equity), abs=1e-12)
    page.check("input[name=pick-for][value=board]")
    assert page.is_disabled('#picker .pick[data-card="3c"]')  # dead now
    page.fill("#player-1", "22+")  # a range holds no known card: Ah is free again
    wait_until(page, "!document.querySelector('#picker .pick[data-card=\"Ah\"]').disabled")
    check_clean(page, server)
    page.context.close()


def test_saved_ranges_export_and_import(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ%2B%2C+AKs&edit=2")
    settled(page)
    page.click("#saved-box summary")
    assert page.is_visible("#saved-empty")
    page.fill("#save-name", "tight")
    page.click("#save-range")
    assert page.locator("#saved-list li").count() == 1
    # kept in the browser: a new tab of the same profile lists it
    again = page.context.new_page()
    watch(again)
    again.goto(server.url + "#p=AhKh&p=random")
    again.wait_for_selector("body[data-ready='1']")
    again.click("#saved-box summary")
    assert again.text_content("#saved-list li .saved-name") == "tight"
    again.click('#saved-list li[data-name="tight"] .use-saved')
    wait_until(again, "document.querySelector('#player-1').value === 'QQ+, AKs'")
    assert settled(again) == "done"
    assert again.get_attribute('#grid .cell[data-cls="AKs"]', "aria-selected") == "true"
    again.click("#export-ranges")
    assert again.input_value("#saved-io") == "tight = QQ+, AKs"
    again.fill("#saved-io", "wide = 22+, A2s+\nno equals sign here\nsuited aces = A2s+:0.5\n")
    again.click("#import-ranges")
    status = EN["saved_imported_bad"].replace("{n}", "2").replace("{bad}", "1")
    assert again.text_content("#saved-status") == status
    names = again.locator("#saved-list .saved-name")
    assert [names.nth(i).text_content() for i in range(names.count())] == [
        "tight",
        "wide",
        "suited aces",
    ]
    again.click('#saved-list li[data-name="wide"] .drop-saved')
    assert again.locator("#saved-list li").count() == 2
    stored = again.evaluate("JSON.parse(localStorage.getItem('showdown.lab.ranges'))")
    assert stored == {"tight": "QQ+, AKs", "suited aces": "A2s+:0.5"}
    check_clean(again, server)
    page.context.close()


def combo_column(page: Any) -> list[str]:
    rows = page.locator("#combo-rows th")
    return [rows.nth(i).text_content() for i in range(rows.count())]


def test_combo_table_sorts_and_filters(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ%2B%2C+AKs&board=Qs7d2c&edit=2")
    assert settled(page) == "done"
    rows = showdown.per_combo_equity(["AhKh", "QQ+, AKs"], board="Qs 7d 2c").rows[1]
    assert len(combo_column(page)) == len(rows) == 12  # 3 of each: the board's Qs, the Ah Kh out
    by_equity = [c.combo for c in sorted(rows, key=lambda c: -c.equity)]
    shown = combo_column(page)
    equity = {c.combo: c.equity for c in rows}
    assert [equity[c] for c in shown] == [equity[c] for c in by_equity]  # highest first
    page.click('#combo-table th[data-key="equity"] .sort')
    assert page.get_attribute('#combo-table th[data-key="equity"]', "aria-sort") == "ascending"
    assert [equity[c] for c in combo_column(page)] == sorted(equity.values())
    page.click('#combo-table th[data-key="combo"] .sort')
    by_hand = combo_column(page)
    # the grid's order (AA, AKs, KK, QQ), then the suits' text within a class
    kinds = [c[0] + c[2] + ("s" if c[0] != c[2] else "") for c in by_hand]
    assert kinds == ["AA"] * 3 + ["AKs"] * 3 + ["KK"] * 3 + ["QQ"] * 3
    assert all(by_hand[i : i + 3] == sorted(by_hand[i : i + 3]) for i in range(0, 12, 3))
    page.fill("#combo-filter", "AK")
    assert sorted(combo_column(page)) == ["AcKc", "AdKd", "AsKs"]
    assert page.text_content("#combo-count") == "3 of 12 combos"
    page.fill("#combo-filter", "h")
    assert sorted(combo_column(page)) == sorted(c.combo for c in rows if "h" in c.combo)
    page.fill("#combo-filter", "kk, Qd")
    assert sorted(combo_column(page)) == sorted(
        c.combo for c in rows if c.combo[0] == c.combo[2] == "K" or "Qd" in c.combo
    )
    page.fill("#combo-filter", "")
    page.select_option("#combo-kind", "suited")
    assert sorted(combo_column(page)) == ["AcKc", "AdKd", "AsKs"]
    page.select_option("#combo-kind", "pairs")
    assert len(combo_column(page)) == 9
    check_clean(page, server)
    page.context.close()


def test_distribution_axes_and_heat_over_the_spots_spread(browser: Any, server: LabServer) -> None:
    page = open_lab(browser, server.url + "#p=AhKh&p=QQ%2B%2C+AKs&board=Qs7d2c&edit=2")
    assert settled(page) == "done"
    assert page.text_content("#distribution .axis-x") == EN["axis_share"]
    assert page.text_content("#distribution .axis-y") == EN["axis_equity"]
    ticks = page.locator("#distribution .tick-x")
    assert [ticks.nth(i).text_content() for i in range(ticks.count())] == [
        "0%",
        "25%",
        "50%",
        "75%",
        "100%",
    ]
    page.check("#heat-spot")
    page.wait_for_selector('#grid .cell.heat[data-cls="QQ"]')
    rows = showdown.per_combo_equity(["AhKh", "QQ+, AKs"], board="Qs 7d 2c").rows[1]
    classes: dict[str, list[float]] = {}
    for c in rows:
        cls = "AKs" if c.combo[0] != c.combo[2] else c.combo[0] * 2
        classes.setdefault(cls, [0.0, 0.0])
        classes[cls][0] += c.weight * c.equity
        classes[cls][1] += c.weight
    mean = {cls: we / w for cls, (we, w) in classes.items()}
    low, high = min(mean.values()), max(mean.values())
    for cls, e in mean.items():
        hue = page.evaluate(
            f"getComputedStyle(document.querySelector('#grid .cell[data-cls=\"{cls}\"]'))"
            ".getPropertyValue('--hue')"
        )
        assert int(hue) == round(120 * (e - low) / (high - low)), cls
    assert page.text_content("#heat-scale .heat-min") == f"{100 * low:.1f}%"
    assert page.text_content("#heat-scale .heat-max") == f"{100 * high:.1f}%"
    page.uncheck("#heat-spot")
    assert page.locator("#grid .cell.heat").count() == 0
    shot(page, "features-heat")
    check_clean(page, server)
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_breakdown_counts_combos_per_class(browser: Any, server: LabServer, size: str) -> None:
    """Player 2's 20% on Qh Jh 3c given player 1's Ah Kh: 187 combos, no nut flush
    draw (it needs the Ah), each class as a count and a share of the range."""
    page = open_lab(browser, server.url + "#p=AhKh&p=20%25&board=Qh+Jh+3c&edit=2", size)
    assert settled(page) == "done"
    expected = showdown.breakdown("20%", "Qh Jh 3c", against=["AhKh"])
    assert expected.combos == 187
    total = EN["bd_total"].replace("{n}", "2").replace("{combos}", "187")
    assert page.text_content("#breakdown .bd-total") == total
    shares = {**expected.made, **expected.draws}
    counts = {**expected.made_combos, **expected.draw_combos}
    rows = page.locator("#breakdown tr[data-class]")
    seen = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        name = row.get_attribute("data-class")
        combos = float(row.locator("td.combos").get_attribute("data-value"))
        seen[name] = combos
        assert combos == pytest.approx(counts[name], abs=1e-9), name
        assert row.locator("td.combos").text_content() == str(round(combos))
        assert percent(re.sub(r"^\D*", "", row.locator("td.share").text_content())) == (
            pytest.approx(shares[name], abs=0.0005)
        )
    assert set(seen) == {name for name, share in shares.items() if share > 0}
    assert "nut flush draw" not in seen and "flush draw" in seen
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"features-breakdown-{size}")
    check_clean(page, server)
    page.context.close()


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_tools_speak_spanish_and_russian(browser: Any, server: LabServer, size: str) -> None:
    ru, es = I18N["ru"], I18N["es"]
    page = open_lab(browser, server.url + "?lang=ru#p=AhKh&p=QQ%2B&board=Qs7d2c&edit=2", size)
    assert settled(page) == "done"
    page.click("#picker-box summary")
    page.click("#suit-mode")
    page.click('#grid .cell[data-cls="AKo"]')
    page.click('#breakdown .bd-quick [data-group="pair_or_better"]')
    page.click("#flops-run")
    wait_until(page, "document.body.dataset.flops === 'done'", timeout=60)
    wait_until(page, "document.body.dataset.select === 'done'")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, f"features-ru-{size}")
    assert page.text_content("#flops-title") == ru["flops_title"]
    assert page.text_content("#suit-mode") == ru["suit_mode"]
    assert page.text_content("#distribution .axis-x") == ru["axis_share"]
    count = ru["combo_count"].replace("{n}", "9").replace("{total}", "9")
    assert page.text_content("#combo-count") == count  # 3 each of QQ, KK, AA: Qs, Kh, Ah out
    page.click("#saved-box summary")
    page.fill("#save-name", "премиум")
    page.click("#save-range")
    assert page.text_content("#saved-list .use-saved") == ru["saved_use"]
    page.select_option("#lang-select", "es")
    wait_until(page, "document.body.dataset.lang === 'es'")
    wait_until(
        page,
        f"document.querySelector('#saved-list .use-saved').textContent === {es['saved_use']!r}",
    )
    assert page.text_content("#breakdown th") == es["made_hands"]
    assert page.text_content("#combo-count") == es["combo_count"].replace("{n}", "9").replace(
        "{total}", "9"
    )
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    check_clean(page, server)
    page.context.close()


def test_saved_ranges_say_when_the_browser_refuses(browser: Any, server: LabServer) -> None:
    """A full or forbidden storage: the page says so and lists nothing it did not keep."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(
        script="Storage.prototype.setItem = function () { throw new DOMException('full', "
        "'QuotaExceededError'); };"
    )
    page = ctx.new_page()
    watch(page)
    page.goto(server.url + "#p=AhKh&p=QQ")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#saved-box summary")
    page.fill("#save-name", "qq")
    page.click("#save-range")
    assert page.text_content("#saved-status") == EN["saved_refused"]
    assert page.locator("#saved-list li").count() == 0
    assert page.input_value("#save-name") == "qq"  # kept, to try again
    check_clean(page, server)
    ctx.close()
