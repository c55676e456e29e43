"""An impossible input's reason in the page's language (issue 35, items 6 and 11).

The server answers ``{"field", "message", "code", "params"}``: the English message and
the same reason as data, which the page words from its ``err_<code>`` keys (the same
sentences as the command line's phrasebooks). A 3-card Hold'em hand is reported once,
under the player who has it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from helpers.browser import launch_chromium
from helpers.lab_page import I18N, open_lab, settled
from helpers.lab_server import LabClient, LabServer
from showdown.i18n import LANGS, words

TWO_PLACES = {
    "es": "la carta Ah está en dos sitios: en la mano del jugador 1 (AhKh) y en la mano del "
    "jugador 2 (AhQd)",
    "ru": "карта Ah в двух местах: в руке игрока 1 (AhKh) и в руке игрока 2 (AhQd)",
}


def test_the_answer_carries_the_reason_as_data(client: LabClient) -> None:
    answer = client.outcome(client.job(["AhKh", "AhQd"]))
    assert answer.status_code == 400
    body = answer.json()
    assert body["field"] == "player-2"
    assert body["message"].startswith("card Ah is in two places")
    assert body["code"] == "two_places"
    assert body["params"] == {
        "card": "Ah",
        "first": {"code": "in_hand", "params": {"number": 1, "hand": "AhKh"}},
        "second": {"code": "in_hand", "params": {"number": 2, "hand": "AhQd"}},
    }


@pytest.mark.parametrize(("players", "field"), [(["AhKhQh", "QQ"], "player-1"),
                                                (["QQ", "AhKhQh"], "player-2")])  # fmt: skip
def test_a_three_card_holdem_hand_is_reported_under_its_player(
    client: LabClient, players: list[str], field: str
) -> None:
    body = client.outcome(client.job(players)).json()
    assert body["field"] == field
    assert body["code"] == "range_token_why"
    assert body["params"]["why"] == {"code": "combo_cards", "params": {"count": "3"}}


def test_the_page_has_the_phrasebooks_words_for_every_reason() -> None:
    for lang in LANGS:
        book = words("errors", lang)
        keys = [k for k in I18N[lang] if k.startswith("err_")]
        assert len(keys) >= 20 and set(keys) == {k for k in I18N["en"] if k.startswith("err_")}
        for key in keys:
            assert I18N[lang][key] == book[key.removeprefix("err_")], (lang, key)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from launch_chromium()


@pytest.mark.browser
@pytest.mark.parametrize("lang", ["es", "ru"])
def test_the_page_words_the_reason_in_its_language(
    browser: Any, server: LabServer, lang: str
) -> None:
    page = open_lab(browser, server.url + f"?lang={lang}#p=AhKh&p=QQ")
    settled(page)
    page.fill("#player-2", "AhQd")
    assert settled(page) == "error"
    assert page.text_content("#player-2-error") == TWO_PLACES[lang]
    status = I18N[lang]["status_error"].replace("{message}", TWO_PLACES[lang])
    assert page.text_content("#job-status") == status
    page.fill("#player-2", "QQ")
    page.fill("#player-1", "AhKhQh")
    assert settled(page) == "error"
    assert page.text_content("#player-2-error") == ""
    assert page.text_content("#players-error") == ""
    why = I18N[lang]["err_combo_cards"].replace("{count}", "3")
    assert page.text_content("#player-1-error").endswith(why)
    assert not page.errors or all("status of 400" in e for e in page.errors)
    page.context.close()


@pytest.mark.parametrize(
    ("field", "message", "code"),
    [
        ("players", "give 2 to 6 players, not 7", "players_count"),
        ("player-1", "at most 2000 characters", "at_most"),
        ("game", "unknown game 'chess': choose one of holdem, omaha", "unknown_game"),
        ("game", "the heat map is for Hold'em", "heatmap_holdem"),
        ("board", "the heat map is preflop: clear the board and the dead cards", "heatmap_preflop"),
        ("player-2", "player 2 has no hand or range", "player_blank"),
    ],
)
def test_the_labs_own_reasons_have_a_code_and_words(field: str, message: str, code: str) -> None:
    from showdown.lab.jobs import JobError

    doc = JobError(field, message).to_json()
    assert doc["code"] == code
    for lang in ("es", "ru"):
        sentence = I18N[lang][f"err_{code}"]
        assert sentence != I18N["en"][f"err_{code}"]
