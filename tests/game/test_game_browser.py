"""End to end in real headless Chromium (Debian's /usr/bin/chromium via Playwright).

Whole rounds are played by clicking and by keyboard alone: fold, keep,
exchange, the rules screen in the middle of a round, the language switch,
history and stats, and a phone-sized screen. Screenshots go to
``test-artifacts/`` (kept by CI as artifacts; look at them).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from helpers.browser import (
    I18N,
    api_get,
    api_state,
    check_clean,
    my_cards,
    new_page,
    shot,
    wait_count,
    wait_settled,
    wait_until,
)
from helpers.game_server import Client, GameServer, audit

pytestmark = pytest.mark.browser


def test_whole_rounds_by_clicking(browser: Any, server: GameServer) -> None:
    page = new_page(browser, server)
    shot(page, "01-empty-table")
    # Round 1: exchange the second card.
    page.click("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    assert page.locator("#dealer-cards img.card:not(.back)").count() == 1
    assert page.locator("#dealer-cards img.back").count() == 4
    assert page.locator("#seat-1 img.back").count() == 5
    assert page.locator("#seat-2 img.back").count() == 5
    before = my_cards(page)
    assert page.is_disabled("#btn-exchange")
    page.click("#seat-0 .card-btn >> nth=1")
    assert page.get_attribute("#seat-0 .card-btn >> nth=1", "aria-pressed") == "true"
    shot(page, "02-exchange-picked")
    page.click("#btn-exchange")
    wait_settled(page)
    after = my_cards(page)
    assert after[0] == before[0] and after[2:] == before[2:] and after[1] != before[1]
    assert page.locator("#seat-0 .card-wrap.drawn").count() == 1
    gave, drew = (
        f"the {I18N['en']['rank_' + c[0]]} of {I18N['en']['suit_' + c[1]]}"
        for c in (before[1], after[1])
    )
    # "card 2" never breaks between the word and its number (a non-breaking space).
    said = f"You gave {gave} (card\u00a02) and drew {drew}"
    assert page.inner_text("#seat-0 .seat-status") == said
    rnd = api_state(server)["round"]
    dealer_up = page.locator("#dealer-cards img.card:not(.back)").count()
    assert dealer_up == len(rnd["dealer"]["cards"]) == 5
    rows = page.locator("#showdown table.results tbody tr")
    assert rows.count() == 4  # the dealer and three players
    text = page.inner_text("#showdown").replace("\u00a0", " ")
    assert "Round 1" in text and rnd["result"]["pot"]["explanation"] in text
    mine = next(v for v in rnd["result"]["vs_house"] if v["seat"] == 0)
    assert mine["explanation"] in text
    # Each explanation says which comparison it is about: the pot, or a seat vs the dealer.
    why = page.locator("#showdown ul.why li")
    assert why.nth(0).inner_text().startswith(I18N["en"]["why_pot"] + ": ")
    assert why.nth(1).inner_text().startswith("You against the dealer: ")
    # The outcome is also on the felt, next to the Next button (the showdown
    # section may be below the fold), in words about "you".
    status = page.inner_text("#status").replace("\u00a0", " ")
    you_said = I18N["en"]["vs_" + mine["outcome"] + "_you"].split(",")[0]
    assert status.startswith("Round 1: ") and you_said in status, status
    assert "table pot" in status or "pot of" in status, status
    # Your decision is in the results: which card went, which came.
    you_row = page.inner_text("#showdown tr.you-row")
    assert "gave the " in you_row and "drew the " in you_row, you_row
    shot(page, "03-showdown-exchange")
    # Round 2: keep, and watch the dealer's cards arrive one at a time.
    page.click("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    page.click("#btn-keep")
    if page.locator("#dealer-cards img.back").count() or page.locator("#btn-deal").count() == 0:
        for up in (2, 3, 4, 5):
            wait_count(page, "#dealer-cards img.card:not(.back)", up)
            # Both counted at one moment (the dealer may turn a card between two looks).
            faces, backs = page.eval_on_selector_all(
                "#dealer-cards img.card",
                "els => [els.filter(e => !e.classList.contains('back')).length,"
                " els.filter(e => e.classList.contains('back')).length]",
            )
            assert faces + backs == 5 and faces <= up + 1
    wait_settled(page)
    assert I18N["en"]["status_kept_you"] in page.inner_text("#seat-0")
    # The dealer's line is a live region naming each new card for screen readers.
    last = page.get_attribute("#dealer-cards img.card >> nth=4", "alt")
    assert page.inner_text("#dealer-hand .visually-hidden").strip() == f"(new card: the {last})"
    # Round 3: fold.
    page.click("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    page.click("#btn-fold")
    wait_settled(page)
    assert I18N["en"]["status_folded_you"] in page.inner_text("#seat-0")
    shot(page, "04-showdown-fold")
    st = api_state(server)
    assert st["round"]["number"] == 3
    assert page.inner_text("#my-chips").replace(",", "") == str(st["chips"])
    assert audit(server.db_path, "player")["ok"]
    check_clean(page, server)


def test_whole_rounds_by_keyboard_alone(browser: Any, server: GameServer) -> None:
    page = new_page(browser, server)
    page.keyboard.press("n")
    page.wait_for_selector("#seat-0 .card-btn")
    before = my_cards(page)
    # Pick with a digit, unpick, then move with the arrows and pick with Space.
    page.keyboard.press("3")
    assert page.get_attribute("#seat-0 .card-btn >> nth=2", "aria-pressed") == "true"
    page.keyboard.press("3")
    assert page.get_attribute("#seat-0 .card-btn >> nth=2", "aria-pressed") == "false"
    page.focus("#seat-0 .card-btn >> nth=0")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.index")
    assert focused == "3"
    page.keyboard.press("Space")
    assert page.get_attribute("#seat-0 .card-btn >> nth=3", "aria-pressed") == "true"
    # The focus is visible: a real outline on the focused card.
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", "")
    shot(page, "05-keyboard-focus")
    page.keyboard.press("h")
    page.wait_for_selector(".hint-best")
    hint_text = page.inner_text("#hint")
    assert re.search(r"\d+%", hint_text) and "Best decision" in hint_text
    # The options are open at once (not only the headline); each row starts with a
    # capital, the sentence is lower case.
    assert page.get_attribute("#hint details", "open") is not None
    rows = page.locator("#hint tbody th").all_inner_texts()
    assert len(rows) >= 2 and all(r[:1].isupper() for r in rows), rows
    assert "Keep your five cards" in rows and "Fold" in rows, rows
    # Exchanges are short ("Exchange 8♦") with the words for screen readers.
    labels = page.locator("#hint tbody th[aria-label]").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert labels and all(re.fullmatch(r"Exchange the \w+ of \w+", x) for x in labels), labels
    assert "Best decision: Keep" not in hint_text and "Best decision: Fold" not in hint_text
    shot(page, "06-hint")
    page.keyboard.press("e")
    wait_settled(page)
    after = my_cards(page)
    assert after[:3] == before[:3] and after[4] == before[4] and after[3] != before[3]
    # Tab and Enter alone: the focus follows the game instead of falling back to
    # the top of the page when the focused button is redrawn away.
    page.focus("#btn-deal")
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-0 .card-btn")
    focused = "document.activeElement.id || document.activeElement.className"
    assert page.evaluate(focused).startswith("card-btn"), page.evaluate(focused)
    for _ in range(6):  # five cards, Fold, Keep (Exchange is disabled: no card picked)
        if page.evaluate("document.activeElement.id") == "btn-keep":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "btn-keep"
    page.keyboard.press("Enter")
    wait_settled(page)
    wait_until(page, "document.activeElement.id === 'btn-deal'")
    page.keyboard.press("Enter")
    page.wait_for_selector("#seat-0 .card-btn")
    page.keyboard.press("f")
    wait_settled(page)
    st = api_state(server)
    actions = [
        r["players"][0]["decision"]["action"] for r in api_get(server, "/api/history")["rounds"]
    ]
    assert actions == ["fold", "keep", "exchange"]
    assert st["round"]["number"] == 3
    # Every shortcut is documented on screen.
    footer = page.inner_text("footer")
    for key in ("N", "E", "K", "F", "H", "R", "L", "S", "T", "Esc", "1–5"):
        assert key in footer
    check_clean(page, server)


def test_rules_mid_round_keeps_the_round(browser: Any, server: GameServer) -> None:
    page = new_page(browser, server)
    page.click("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    cards = my_cards(page)
    page.keyboard.press("2")
    page.keyboard.press("r")
    assert page.is_visible("#screen-rules") and not page.is_visible("#screen-table")
    rules = page.inner_text("#screen-rules")
    for needle in ("wheel", "Q-K-A-2-3", "push", "left of the button", "Suits never break", "8 to"):
        assert needle in rules, needle
    for n in range(1, 8):
        assert I18N["en"][f"g{n}_title"] in rules
    # A picture of an example of each of the nine categories, plus the wheel and no-wrap.
    assert page.locator("#rules-body .rankings img.card").count() == 9 * 5
    assert page.locator("#rules-body figure.example").count() == 9 + 2 + 2
    shot(page, "07-rules")
    # The nav is always there; Escape goes back with the round untouched.
    page.keyboard.press("Escape")
    assert page.is_visible("#screen-table")
    assert my_cards(page) == cards
    assert page.get_attribute("#seat-0 .card-btn >> nth=1", "aria-pressed") == "true"
    # A reload (a closed tab) resumes the same round with the same cards.
    page.reload()
    page.wait_for_selector("#seat-0 .card-btn")
    assert my_cards(page) == cards
    page.click("#nav button[data-screen=rules]")
    page.click("#screen-rules button[data-screen=table]")
    page.keyboard.press("1")
    page.keyboard.press("e")
    wait_settled(page)
    assert api_state(server)["round"]["number"] == 1
    check_clean(page, server)


def test_language_follows_the_browser_and_is_remembered(browser: Any, server: GameServer) -> None:
    page = new_page(browser, server, locale="es-ES")
    assert page.get_attribute("html", "lang") == "es"
    assert page.inner_text("#nav button[data-screen=table] span") == I18N["es"]["nav_table"]
    assert page.inner_text("#btn-deal").startswith(I18N["es"]["deal"])
    page.click("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    # Switch to Russian with the selector: every labelled word follows.
    page.select_option("#lang-select", "ru")
    page.wait_for_selector("body[data-lang='ru']")
    assert page.inner_text("#btn-keep").startswith(I18N["ru"]["keep"])
    for el in page.query_selector_all("[data-i18n]"):
        key = el.get_attribute("data-i18n")
        assert el.text_content() == I18N["ru"][key], key
    alt = page.get_attribute("#seat-0 img.card >> nth=0", "alt")
    assert any(I18N["ru"][f"suit_{s}"] in alt for s in "cdhs")
    shot(page, "08-russian-table")
    page.keyboard.press("k")
    wait_settled(page)
    assert I18N["ru"]["col_vs_house"] in page.inner_text("#showdown")
    shot(page, "09-russian-showdown")
    # Shortcuts work with a Russian keyboard layout too: the N key types "т".
    page.evaluate(
        "document.dispatchEvent(new KeyboardEvent('keydown',"
        " {key: 'т', code: 'KeyN', bubbles: true}))"
    )
    page.wait_for_selector("#seat-0 .card-btn")
    page.evaluate(
        "document.dispatchEvent(new KeyboardEvent('keydown',"
        " {key: 'л', code: 'KeyK', bubbles: true}))"
    )
    wait_settled(page)
    # Russian names and grammar: the opponents' names in Cyrillic, counts of chips
    # in the right form (1 фишка, 3 фишки, 5 фишек), the showdown's sentences
    # about you in the second person.
    assert page.inner_text("#seat-1 h2") == "Марта" and page.inner_text("#seat-2 h2") == "Виктор"
    st = api_state(server)
    for seat in (1, 2):
        n = st["seats"][seat]["chips"]
        form = (
            "_one"
            if n % 10 == 1 and n % 100 != 11
            else "_few"
            if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14)
            else ""
        )
        expected = I18N["ru"]["chips_n" + form].replace("{n}", f"{n:,}".replace(",", "\u00a0"))
        assert page.inner_text(f"#seat-{seat} .chips") == expected
    mine = next(v for v in st["round"]["result"]["vs_house"] if v["seat"] == 0)
    assert I18N["ru"]["vs_" + mine["outcome"] + "_you"].split(",")[0] in page.inner_text("#status")
    assert "Marta" not in page.inner_text("#showdown") and "Viktor" not in page.inner_text("body")
    # Remembered across a reload, even though the browser prefers Spanish.
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.get_attribute("html", "lang") == "ru"
    page.keyboard.press("r")
    assert I18N["ru"]["wheel_title"] in page.inner_text("#screen-rules")
    page.select_option("#lang-select", "en")
    page.wait_for_selector("body[data-lang='en']")
    assert I18N["en"]["wheel_title"] in page.inner_text("#screen-rules")
    check_clean(page, server)


def test_history_and_stats_screens(browser: Any, server: GameServer) -> None:
    page = new_page(browser, server)
    for action in ("keep", "fold", "keep"):
        page.keyboard.press("n")
        page.wait_for_selector("#seat-0 .card-btn")
        page.keyboard.press(action[0])
        wait_settled(page)
    page.keyboard.press("l")
    page.wait_for_selector(".history-item")
    items = page.locator(".history-item")
    assert items.count() == 3
    # One line per round ("Round 3 · you lose to the dealer · −20"), opened on demand.
    first, last = (items.nth(i).inner_text().replace("\u00a0", " ") for i in (0, 2))
    assert first.startswith("Round 3") and last.startswith("Round 1")
    assert len(first.splitlines()) <= 3 and not items.nth(0).locator("table").is_visible()
    items.nth(0).locator("summary").click()
    assert items.nth(0).locator("table.results").is_visible()
    assert items.nth(0).locator("img.card").count() >= 10  # dealer + your hand at least
    shot(page, "10-history")
    page.keyboard.press("s")
    page.wait_for_selector("svg.chart polyline")
    stats = api_get(server, "/api/stats")
    points = page.get_attribute("svg.chart polyline", "points").split()
    assert len(points) == len(stats["balance"])
    body = page.inner_text("#stats-body")
    vs = stats["vs_house"]
    assert sum(vs.values()) == 3 and vs["fold"] == 1
    for label, key in (("Wins", "win"), ("Pushes", "push"), ("Losses", "loss"), ("Folds", "fold")):
        assert re.search(rf"{label}\s+{vs[key]}\b", body), (label, body)
    shot(page, "11-stats")
    page.keyboard.press("t")
    assert page.is_visible("#screen-table")
    check_clean(page, server)


@pytest.mark.parametrize("locale", ["en-US", "es-ES", "ru-RU"])
def test_phone_sized_screen(browser: Any, server: GameServer, locale: str) -> None:
    lang = locale[:2]
    page = new_page(
        browser,
        server,
        viewport={"width": 375, "height": 740},
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        locale=locale,
    )
    assert page.get_attribute("html", "lang") == lang
    page.tap("#btn-deal")
    page.wait_for_selector("#seat-0 .card-btn")
    page.tap("#seat-0 .card-btn >> nth=4")
    shot(page, f"12-phone-deciding-{lang}")
    # The hint's table of options fits the phone too.
    page.tap("#btn-hint")
    page.wait_for_selector(".hint-best")
    assert page.is_visible("#hint table")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    hint_box = page.locator("#hint .table-scroll")
    assert hint_box.evaluate("e => e.scrollWidth <= e.clientWidth"), "hint table wider than the box"
    # Nothing wider than the screen; every control reachable and big enough to tap.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, width
    for sel in ("#btn-fold", "#btn-keep", "#btn-exchange", "#btn-hint"):
        box = page.locator(sel).bounding_box()
        assert box["height"] >= 40 and box["x"] >= 0 and box["x"] + box["width"] <= 375, sel
    cards = [page.locator(f"#seat-0 .card-btn >> nth={i}").bounding_box() for i in range(5)]
    assert all(c["x"] >= 0 and c["x"] + c["width"] <= 375 for c in cards)
    page.tap("#btn-exchange")
    wait_settled(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, f"13-phone-showdown-{lang}")
    page.tap("#nav button[data-screen=rules]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    assert I18N[lang]["ties_title"] in page.inner_text("#screen-rules")
    shot(page, f"14-phone-rules-{lang}", full=False)
    # The chart is drawn at the phone's width, so its axis labels stay readable.
    page.tap("#nav button[data-screen=stats]")
    page.wait_for_selector("svg.chart polyline")
    view_width = float(page.get_attribute("svg.chart", "viewBox").split()[2])
    shown_width = page.locator("svg.chart").bounding_box()["width"]
    assert view_width <= 375 and abs(view_width - shown_width) < 40, (view_width, shown_width)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    check_clean(page, server)


def test_refill_offer_in_the_page(browser: Any, server: GameServer) -> None:
    client = Client(server.url, "player")
    try:
        for _ in range(20):
            if client.state()["refill_available"]:
                break
            client.start(ante=100)
            st = client.act("fold")
            if st["phase"] == "dealer":
                client.finish(st)
        assert client.state()["refill_available"]
    finally:
        client.close()
    page = new_page(browser, server)
    assert page.is_visible("#btn-refill") and page.locator("#btn-deal").count() == 0
    shot(page, "15-refill-offer")
    page.keyboard.press("g")
    page.wait_for_selector("#btn-deal")
    assert page.inner_text("#my-chips").replace(",", "") == "1000"
    # Between rounds the ante can be changed, after the refill and after a change.
    assert page.is_enabled("#ante-select")
    page.select_option("#ante-select", "25")
    wait_until(page, "document.querySelector('#ante-select').value === '25'")
    page.wait_for_timeout(300)
    assert api_state(server)["ante"] == 25
    assert page.is_enabled("#ante-select") and page.is_enabled("#btn-deal")
    page.keyboard.press("s")
    page.wait_for_selector("svg.chart circle.refill")
    check_clean(page, server)


def test_two_tabs_on_one_profile(browser: Any, server: GameServer) -> None:
    """A second tab follows the first without acting; a stale decision is refused."""
    first = new_page(browser, server)
    first.keyboard.press("n")
    first.wait_for_selector("#seat-0 .card-btn")
    second = first.context.new_page()
    second.goto(server.url)
    second.wait_for_selector("#seat-0 .card-btn")
    assert my_cards(second) == my_cards(first)
    # A request the second tab makes from what it saw before the first tab moved on
    # is refused (409): nothing is spent twice.
    version = api_state(server)["round"]["version"]
    first.keyboard.press("f")
    wait_settled(first)
    client = Client(server.url, "player")
    try:
        stale = client.post("/api/act", {"action": "keep", "version": version})
        assert stale.status_code == 409
    finally:
        client.close()
    # The second tab picks the change up by itself (it looks again while visible,
    # on focus and when shown), with no key pressed and no reload.
    second.wait_for_selector("#showdown:not([hidden])", timeout=15_000)
    assert I18N["en"]["status_folded_you"] in second.inner_text("#seat-0")
    assert second.inner_text("#my-chips") == first.inner_text("#my-chips")
    history = api_get(server, "/api/history")["rounds"]
    assert len(history) == 1 and history[0]["players"][0]["decision"]["action"] == "fold"
    assert audit(server.db_path, "player")["ok"]
    shot(second, "16-second-tab")
    check_clean(first, server)


def test_exact_ties_push_and_split_the_pot_on_screen(browser: Any, tmp_path: Path) -> None:
    """A dealt round with three equal 9-high straights (you, Marta, the dealer).

    The round is dealt from a chosen deck through the engine on the same SQLite
    file, then the server resumes it (G8): the page must show two pushes against
    the house and a split table pot with the odd chip to the left of the button.
    """
    from showdown.cards import Card
    from showdown.game import GameService

    you, marta, viktor, dealer = (
        ["9s", "8h", "7d", "6c", "5s"],
        ["9h", "8d", "7c", "6s", "5d"],
        ["2c", "3d", "4h", "Js", "Kc"],
        ["9d", "8c", "7s", "6h", "5c"],
    )
    dealt = [c for p in range(5) for c in (you[p], marta[p], viktor[p], dealer[p])]
    ids = [Card.parse(c).id for c in dealt]
    deck = ids + [i for i in range(52) if i not in ids]
    db = tmp_path / "tie.sqlite3"
    service = GameService(db, decks=[deck])
    state = service.start_round("player", ante=5)  # button on seat 2: you decide first
    service.close()
    assert state["round"]["players"][0]["cards"] == you and state["round"]["button"] == 2

    server = GameServer(db, "player").start()
    try:
        page = new_page(browser, server)
        assert my_cards(page) == you
        page.keyboard.press("k")
        wait_settled(page)
        rnd = api_state(server)["round"]
        outcomes = {v["seat"]: v["outcome"] for v in rnd["result"]["vs_house"]}
        assert outcomes[0] == "push" and outcomes[1] == "push"
        shares = {s["seat"]: s["amount"] for s in rnd["result"]["pot"]["shares"]}
        assert shares == {0: 8, 1: 7}  # 15 chips: the odd one to you, left of the button
        text = page.inner_text("#showdown")
        assert I18N["en"]["vs_push"] in text
        assert "split between equal hands: You\u00a08, Marta\u00a07" in text
        you_row = page.inner_text("#showdown tr.you-row")
        assert "8" in you_row and "push" in you_row
        # Both pot winners are marked, in words as well as with the star.
        note = I18N["en"]["pot_winner_note"]
        assert page.locator("#showdown tr.winner").count() == 2
        assert page.get_attribute("#showdown tr.you-row th", "title") == note
        assert note in page.text_content("#showdown tr.you-row th")
        # The settled round keeps its own button on screen (seat 2): the odd chip
        # went to the first winner left of it.
        assert page.locator("#seat-2 .badge.button").count() == 1
        assert page.locator(".badge.button").count() == 1
        shot(page, "17-exact-tie")
        check_clean(page, server)
    finally:
        server.stop()


def test_page_opened_mid_dealer_does_not_replay_the_cards(browser: Any, server: GameServer) -> None:
    """Cards already face up when the page opens appear at once; only new ones arrive."""
    client = Client(server.url, "player")
    try:
        client.start()
        st = client.act("keep")
        for _ in range(2):  # the dealer has three cards up when the page opens
            st = client.ok(client.post("/api/advance", {"version": st["round"]["version"]}))
    finally:
        client.close()
    assert st["phase"] == "dealer" and len(st["round"]["dealer"]["cards"]) == 3
    # Hold the page's first request for the next card, to look at the table as it opened.
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    held: list[Any] = []
    holding = [True]

    def hold(route: Any) -> None:
        if holding[0]:
            held.append(route)
        else:
            route.continue_()

    ctx.route("**/api/advance*", hold)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)
    page.wait_for_selector("body[data-ready='1']")
    wait_until(page, "document.querySelectorAll('#dealer-cards img.card').length === 5")
    assert page.locator("#dealer-cards img.card:not(.back)").count() == 3
    assert page.locator("#dealer-cards img.arrive").count() == 0
    holding[0] = False
    for route in held:
        route.continue_()
    wait_settled(page)
    assert not errors, errors
    ctx.close()
