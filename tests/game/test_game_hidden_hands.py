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


def test_a_hidden_hand_has_no_outcome_against_the_dealer(tmp_path: Path) -> None:
    """Issue 35: "not shown — beats the dealer, +20" described a hand never shown. A seat
    whose cards stay hidden settles with the dealer as ``not_shown``: no win, loss or
    push, no explanation; the stored settlement keeps the real outcome."""
    service = GameService(tmp_path / "hidden.sqlite3", seed=5)
    hidden_in = 0
    try:
        for _ in range(40):
            service.start_round("ann")
            st = service.act("ann", "fold")
            while st["phase"] == "dealer":
                st = service.advance("ann")
            view = st["round"]
            entries = {v["seat"]: v for v in view["result"]["vs_house"]}
            for player in view["players"][1:]:
                entry = entries[player["seat"]]
                if player["cards"] is not None or player["status"] != "in":
                    continue
                hidden_in += 1
                assert entry["outcome"] == "not_shown" and entry["explanation"] is None
    finally:
        service.close()
    assert hidden_in  # some opponent did stay in alone, unseen
