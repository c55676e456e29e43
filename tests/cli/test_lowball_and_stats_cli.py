"""``eval`` and ``stats`` of lowball name a hand without a pair "no pair" (as the docs
do), in every language; ``stats`` refuses a hand size the game never shows down."""

from __future__ import annotations

import json

import pytest

from helpers.cli import run_cli
from showdown.i18n import LANGS, words

NO_PAIR = {"en": "no pair", "es": "sin pareja", "ru": "без пары"}
HIGH_CARD = {"en": "high card", "es": "carta alta", "ru": "старшая карта"}


@pytest.mark.parametrize("game", ["ace-to-five", "deuce-to-seven", "razz"])
@pytest.mark.parametrize("lang", LANGS)
def test_eval_of_a_lowball_hand_says_no_pair(game: str, lang: str) -> None:
    code, out, err = run_cli(["eval", "7h 5d 4c 3s 2h", "--game", game, "--lang", lang])
    assert (code, err) == (0, "")
    category_line = out.splitlines()[-1]
    assert category_line.startswith(f"{NO_PAIR[lang]} · "), category_line
    assert words("eval", lang)["no_pair"] == NO_PAIR[lang]


@pytest.mark.parametrize(("game", "cards"), [("ace-to-five", "5"), ("deuce-to-seven", "5"),
                                             ("razz", "7")])  # fmt: skip
@pytest.mark.parametrize("lang", LANGS)
def test_stats_of_lowball_count_no_pair(game: str, cards: str, lang: str) -> None:
    code, out, _ = run_cli(["stats", "--game", game, "--cards", cards, "--lang", lang])
    assert code == 0
    first_row = out.splitlines()[2].lower()
    assert first_row.startswith(NO_PAIR[lang]) and HIGH_CARD[lang] not in out.lower()


def test_high_games_still_say_high_card() -> None:
    _, out, _ = run_cli(["eval", "7h 5d 4c 3s 9h", "--game", "five-card"])
    assert out.splitlines()[-1].startswith("high card · ")
    _, table, _ = run_cli(["stats"])
    assert "High card" in table and "No pair" not in table


def test_the_json_keys_do_not_change() -> None:
    code, out, _ = run_cli(["stats", "--game", "ace-to-five", "--json"])
    assert code == 0 and "high_card" in json.loads(out)["categories"]


@pytest.mark.parametrize(
    ("game", "cards", "message"),
    [
        ("omaha", "7", "stats counts omaha hands of 5 cards (two hole cards and three of the "
                       "board), not 7"),
        ("omaha", "6", "not 6"),
        ("omaha-hi-lo", "7", "stats counts omaha-hi-lo hands of 5 cards"),
        ("five-card", "7", "stats counts five-card hands of 5 cards, not 7"),
        ("five-card", "6", "stats counts five-card hands of 5 cards, not 6"),
        ("deuce-to-seven", "7", "stats counts deuce-to-seven hands of 5 cards, not 7"),
    ],
)  # fmt: skip
def test_stats_refuses_a_size_the_game_never_shows_down(
    game: str, cards: str, message: str
) -> None:
    code, out, err = run_cli(["stats", "--game", game, "--cards", cards])
    assert (code, out) == (2, "")
    assert err.startswith("error: --cards ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize(("game", "cards", "hands"), [("omaha", "5", "2,598,960"),
                                                      ("five-card", "5", "2,598,960"),
                                                      ("holdem", "6", "20,358,520"),
                                                      ("stud", "6", "20,358,520")])  # fmt: skip
def test_the_sizes_a_game_shows_down_are_counted(game: str, cards: str, hands: str) -> None:
    code, out, _ = run_cli(["stats", "--game", game, "--cards", cards])
    assert code == 0 and hands in out.splitlines()[0]
