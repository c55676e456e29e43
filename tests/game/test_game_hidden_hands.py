"""Settled views never describe, in words, the hand of an opponent whose cards stay hidden."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from helpers.hidden_hands import hidden_opponents, sentence_leaks
from showdown.game import GameService


def test_the_check_catches_a_sentence_about_a_hidden_hand() -> None:
    # The hole of issue 13: card strings were checked, sentences were not.
    view = {"result": {"pot": {"explanation": "Marta wins on the first card, ace against king."}}}
    assert sentence_leaks(view, {"Marta"}) == ["Marta wins on the first card, ace against king."]
    ru = {"text": "Марта выигрывает: флеш бьёт стрит."}
    assert sentence_leaks(ru, {"Марта"}) == ["Марта выигрывает: флеш бьёт стрит."]
    assert sentence_leaks(view, {"Viktor"}) == []


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_no_settled_sentence_names_a_hidden_hand(tmp_path: Path, lang: str) -> None:
    service = GameService(tmp_path / "hidden.sqlite3", seed=11)
    rng = random.Random(lang)
    hidden_seen = 0
    try:
        for _ in range(30):
            service.start_round("ann")
            action = rng.choice(["fold", "keep", "keep", "exchange"])
            index = rng.randrange(5) if action == "exchange" else None
            st = service.act("ann", action, card_index=index)
            while st["phase"] == "dealer":
                st = service.advance("ann")
            for view in (service.state("ann", lang=lang)["round"], st["round"]):
                hidden = hidden_opponents(view)
                hidden_seen += bool(hidden)
                assert sentence_leaks(view, hidden) == [], view["result"]
    finally:
        service.close()
    assert hidden_seen  # some rounds did hide an opponent's hand
