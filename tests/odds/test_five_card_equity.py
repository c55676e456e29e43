"""Five-card equity: hands as they stand, no board, so one deal compared exactly; on the
command line as in the library (``equity --help`` lists five-card, and it works)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import showdown
from helpers.cli import run_cli
from showdown.cards import CardError


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 6).flatmap(lambda n: st.permutations(range(52)).map(lambda d: (n, d))))
def test_equity_is_the_showdown_of_the_hands_as_they_stand(dealt: tuple[int, list[int]]) -> None:
    players, deck = dealt
    hands = [deck[5 * i : 5 * i + 5] for i in range(players)]
    result = showdown.equity(hands, game="five-card")
    winners = showdown.compare(hands, game="five-card").winners
    assert result.method == "exact" and result.boards == 1
    expected = [1 / len(winners) if i in winners else 0.0 for i in range(players)]
    assert list(result.equity) == pytest.approx(expected)
    alone = len(winners) == 1
    assert list(result.win) == [1.0 if alone and i in winners else 0.0 for i in range(players)]
    assert list(result.tie) == [0.0 if alone or i not in winners else 1.0 for i in range(players)]


def test_an_exact_tie_splits_the_pot() -> None:
    result = showdown.equity(["As Ah Kc Qd Js", "Ac Ad Kh Qs Jd"], game="five-card")
    assert result.equity == (0.5, 0.5) and result.tie == (1.0, 1.0)


def test_the_command_answers_for_five_card() -> None:
    code, out, err = run_cli(
        ["equity", "Kh Kd 4s 4c Ac", "Qs Qd Jh Jc Kc", "--game", "five-card", "--json"]
    )
    assert (code, err) == (0, "")
    doc = json.loads(out)
    assert doc["game"] == "five-card" and doc["method"] == "exact" and doc["boards"] == 1
    assert [p["equity"] for p in doc["players"]] == [1.0, 0.0]
    _, help_text, _ = run_cli(["equity", "--help"])
    assert "five-card" in help_text


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["AA", "Kh Kd 4s 4c Ac"], "five-card takes each player's own cards, not a range"),
        (["Kh Kd 4s 4c", "Qs Qd Jh Jc Kc"], "five-card needs 5 hole cards, got 4"),
        (["Kh Kd 4s 4c Ac", "Kh Qd Jh Jc Kc"], "duplicate card Kh"),
    ],
)
def test_what_five_card_refuses_says_so_truly(players: list[str], message: str) -> None:
    with pytest.raises(CardError, match=message) as caught:
        showdown.equity(players, game="five-card")
    assert "use showdown.equity" not in str(caught.value)


def test_a_board_is_refused() -> None:
    with pytest.raises(CardError, match="five-card has no board"):
        showdown.equity(["Kh Kd 4s 4c Ac", "Qs Qd Jh Jc Kc"], board="2c 3c 4d", game="five-card")
