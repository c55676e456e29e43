"""The short exact path of fixed hands (showdown.odds.fixed_exact) against the general
path: the same floats, counts, note and estimate, on both backends."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from showdown import equity
from showdown.cards import Card, CardError
from showdown.odds.fixed_exact import fixed_exact
from showdown.odds.ranges import RangeError

SLOW_FIXTURE = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]


def general(players: list[str], board: str | None, dead: str | None, **kw: object) -> object:
    """The general path: hands given as Card lists, which the short path declines."""
    as_cards = [[Card.parse(h[i : i + 2]) for i in range(0, len(h), 2)] for h in players]
    return equity(as_cards, board=board, dead=dead, **kw)  # type: ignore[arg-type]


def text(ids: list[int]) -> str:
    return "".join(str(Card.from_id(c)) for c in ids)


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[str], str | None, str | None]:
    """2 to 6 fixed hands, a flop, turn or river, maybe dead cards, no card twice."""
    n_players = draw(st.integers(2, 6))
    n_board = draw(st.sampled_from([3, 4, 5]))
    n_dead = draw(st.integers(0, 3))
    cards = draw(st.permutations(range(52)))[: 2 * n_players + n_board + n_dead]
    players = [text(cards[2 * i : 2 * i + 2]) for i in range(n_players)]
    board = text(cards[2 * n_players : 2 * n_players + n_board])
    dead = text(cards[2 * n_players + n_board :]) or None
    return players, board, dead


@settings(max_examples=60, deadline=None, suppress_health_check=SLOW_FIXTURE)
@given(deal=deals())
def test_the_same_result_as_the_general_path(
    backend: str, deal: tuple[list[str], str | None, str | None]
) -> None:
    players, board, dead = deal
    for workers in (1, 2):
        lean = fixed_exact(players, board, dead, workers)
        assert lean is not None  # the short path answered
        through = equity(players, board=board, dead=dead, exact=True, workers=workers)
        theirs = general(players, board, dead, exact=True, workers=workers)
        for ours in (lean, through):
            assert ours == theirs  # hands, the floats of equity, win and tie, boards
            assert (ours.note, ours.estimate) == (theirs.note, theirs.estimate)  # type: ignore[attr-defined]


def test_preflop_and_automatic_choice(backend: str) -> None:
    players = ["AcAd", "KhKs"]
    ours = equity(players, workers=1)
    assert fixed_exact(players, None, None, 1) == ours
    assert ours == general(players, None, None, workers=1)
    assert ours.boards == 1712304


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["AcAd", "QQ+"], "Ts9s2h", None),  # a range
        (["AcAd", "AcKs"], "Ts9s2h", None),  # a card in two hands
        (["AcAd", "KhKs"], "Ts9s2hAc", None),  # a hand's card on the board
        (["AcAd", "KhKs"], "Ts9s", None),  # two board cards
        (["AcAd", "KhKs"], "Ts9s2h", "2h"),  # a dead card on the board
        (["AcAdKc", "KhKs"], None, None),  # three cards
        (["AcAd", "KhKs"], ["Ts", "9s", "2h"], None),  # a board as a list
    ],
)
def test_what_it_leaves_to_the_general_path(
    players: list[str], board: object, dead: str | None
) -> None:
    assert fixed_exact(players, board, dead, 1) is None


def test_errors_are_the_general_paths() -> None:
    with pytest.raises(CardError, match="Ac is in two places"):
        equity(["AcAd", "KhKs"], board="Ts9s2hAc", exact=True)
    with pytest.raises(RangeError, match="an explicit combo is two cards, not 3"):
        equity(["AcAdKc", "KhKs"], exact=True)


def test_parsed_text_is_not_shared_between_calls() -> None:
    """The parsed ids are cached per text: a different text gives a different hand."""
    a = equity(["AcAd", "KhKs"], board="Ts9s2h", exact=True, workers=1)
    b = equity(["AcAd", "KhKs"], board="Kc9s2h", exact=True, workers=1)
    assert a.equity != b.equity and a.hands == b.hands == ("AcAd", "KhKs")


def test_a_range_read_once_is_cleared_afresh_each_call() -> None:
    """A range's text is parsed once and shared: the cards each call removes from it must
    not leak into the next call (the shared arrays are read-only)."""
    from showdown.odds.ranges import parse_range

    for other, board in [("QcQd", "Ts9s2h"), ("KhKs", "Qs9s2h"), ("QcQd", None)]:
        by_text = equity(["QQ+,AKs", other], board=board, exact=True, workers=1)
        by_range = equity([parse_range("QQ+,AKs"), other], board=board, exact=True, workers=1)
        numbers = ("equity", "win", "tie", "boards")  # (the labels: the text, the Range's str)
        assert [getattr(by_text, k) for k in numbers] == [getattr(by_range, k) for k in numbers]
