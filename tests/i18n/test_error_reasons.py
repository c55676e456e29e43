"""Errors as data (issue 35, item 6): the library's errors about a deal carry a code and
their fields, so that each language words them: the command line's ``--lang`` and the
lab's page (which renders them from its own i18n keys, see tests/lab)."""

from __future__ import annotations

import pickle

import pytest

import showdown
from helpers.cli import run_cli
from showdown.cards import CardError
from showdown.i18n import LANGS
from showdown.i18n.error_lines import reason_of, reason_text
from showdown.odds.ranges import RangeError

TWO_PLACES = {
    "en": "error: card Ah is in two places: in player 1's hand (AhKh) and in player 2's "
    "hand (AhQd)",
    "es": "error: la carta Ah está en dos sitios: en la mano del jugador 1 (AhKh) y en la "
    "mano del jugador 2 (AhQd)",
    "ru": "ошибка: карта Ah в двух местах: в руке игрока 1 (AhKh) и в руке игрока 2 (AhQd)",
}


@pytest.mark.parametrize("lang", LANGS)
def test_a_card_in_two_places_speaks_the_language_asked(lang: str) -> None:
    code, out, err = run_cli(["equity", "AhKh", "AhQd", "--lang", lang])
    assert (code, out) == (2, "")
    assert err.splitlines() == [TWO_PLACES[lang]]


def test_the_library_error_carries_its_code_and_fields() -> None:
    with pytest.raises(CardError) as caught:
        showdown.equity(["AhKh", "AhQd"])
    err = caught.value
    assert str(err) == TWO_PLACES["en"].removeprefix("error: ")
    assert err.code == "two_places"
    assert err.params == {
        "card": "Ah",
        "first": {"code": "in_hand", "params": {"number": 1, "hand": "AhKh"}},
        "second": {"code": "in_hand", "params": {"number": 2, "hand": "AhQd"}},
    }
    again = pickle.loads(pickle.dumps(err))  # as a worker process hands it back
    assert (again.code, again.params, str(again)) == (err.code, err.params, str(err))


@pytest.mark.parametrize(
    ("players", "board", "dead", "code"),
    [
        (["AhKh", "QQ"], "Ah 2c 3c", None, "two_places"),
        (["AhKh", "QQ"], "Qc 2c 3c", "2c", "two_places"),
        (["AhKh", "AhAd"], None, None, "two_places"),
        (["AhKh", "KK"], "Kc Ks 2c", "Kd", "no_combo_left"),
        (["AhKh", "  "], None, None, "player_empty"),
    ],
)
def test_every_deal_error_has_a_code_and_each_language_words_it(
    players: list[str], board: str | None, dead: str | None, code: str
) -> None:
    with pytest.raises((CardError, RangeError)) as caught:
        showdown.equity(players, board=board, dead=dead)
    found = reason_of(caught.value)
    assert found is not None and found["code"] == code
    assert reason_text(found, "en") == str(caught.value)
    for lang in ("es", "ru"):
        worded = reason_text(found, lang)
        assert worded != str(caught.value) and "{" not in worded


def test_a_message_without_a_code_is_read_back_by_the_templates() -> None:
    message = "cannot read range token 'AhKhQh' in 'AhKhQh': an explicit combo is two cards, not 3"
    assert reason_of(message) == {
        "code": "range_token_why",
        "params": {
            "token": "'AhKhQh'",
            "text": "'AhKhQh'",
            "why": {"code": "combo_cards", "params": {"count": "3"}},
        },
    }
    assert reason_text(reason_of(message) or {}, "ru") == (
        "не удаётся прочитать элемент 'AhKhQh' диапазона 'AhKhQh': явная комбинация — это две "
        "карты, а не 3"
    )


def test_a_range_token_error_carries_its_code_and_its_why() -> None:
    with pytest.raises(RangeError) as caught:
        showdown.parse_range("AA, QQs")
    assert caught.value.code == "range_token_why"
    assert caught.value.params == {
        "token": "'QQs'",
        "text": "'AA, QQs'",
        "why": {"code": "pair_suited", "params": {}},
    }
    assert reason_text(reason_of(caught.value) or {}, "es") == (
        "no se puede leer el elemento 'QQs' del rango 'AA, QQs': una pareja no puede ser "
        "suited ni offsuit"
    )
