"""A bot's hand never shown is never described on screen (issue 35, item 13).

You fold; Marta stays in alone with four aces and takes the pot without showing;
Viktor folds his ten-high. The results table once said of Marta "not shown" and, in
the next cell, "beats the dealer, +20": a sentence about the hand nobody saw.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from helpers.browser import I18N, api_state, launch_chromium, new_page, shot, wait_settled
from helpers.game_server import GameServer
from helpers.hidden_hands import HAND_WORDS

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_results_do_not_describe_a_hidden_hand(browser: Any, tmp_path: Path, lang: str) -> None:
    from showdown.cards import Card
    from showdown.game import GameService

    you, marta, viktor, dealer = (
        ["2s", "5h", "9d", "Jd", "3s"],
        ["Ah", "Ad", "Ac", "As", "Kd"],
        ["2c", "3d", "7h", "8s", "Tc"],
        ["Qs", "Qh", "8c", "4s", "2d"],
    )
    dealt = [c for p in range(5) for c in (you[p], marta[p], viktor[p], dealer[p])]
    ids = [Card.parse(c).id for c in dealt]
    deck = ids + [i for i in range(52) if i not in ids]
    db = tmp_path / "hidden.sqlite3"
    service = GameService(db, decks=[deck])
    state = service.start_round("player", ante=5)  # button on seat 2: you decide first
    service.close()
    assert state["round"]["players"][0]["cards"] == you

    server = GameServer(db, "player").start()
    try:
        page = new_page(browser, server)
        if lang != "en":
            page.select_option("#lang-select", lang)
        page.keyboard.press("f")
        wait_settled(page)
        rnd = api_state(server)["round"]
        marta_seat = next(p for p in rnd["players"] if p["name"] == "Marta")
        assert marta_seat["status"] == "in" and marta_seat["cards"] is None
        words = I18N[lang]
        at = rnd["order"].index(marta_seat["seat"])
        row = f"#showdown tbody tr:nth-child({2 + at})"  # the dealer's row first
        against_house = page.inner_text(f"{row} td:nth-child(4)")
        assert against_house == words["vs_not_shown"]
        assert not HAND_WORDS & set(against_house.lower().split())
        wins = words["vs_win"].split(",")[0]
        assert wins not in page.inner_text("#showdown")
        shot(page, f"hidden-hand-{lang}")
    finally:
        server.stop()
