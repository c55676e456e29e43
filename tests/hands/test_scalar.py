"""The fast paths are safe (issue 13, finding 5): checked scalar ids, no sentinel, no
internal error on unchecked input, Cards accepted. Each test runs on both backends."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import showdown
from showdown import Card, CardError, evaluate_batch, evaluate_ids_wrap, evaluate_omaha_batch
from showdown.hands.scalar import evaluate_omaha_ids, evaluator

pytestmark = pytest.mark.usefixtures("backend")

ROYAL = [51, 47, 43, 39, 35]


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ([-1, 47, 43, 39, 35], r"^card id -1 is outside 0\.\.51$"),  # -1 used to wrap to As
        ([0, 0, 0, 0, 0], r"^card 2c \(id 0\) is given twice$"),  # used to give 0
        ([52, 47, 43, 39, 35], r"^card id 52 is outside 0\.\.51$"),  # used to be an IndexError
        ([51, 47, 43, 39, 35, 0, 51], r"^card As \(id 51\) is given twice$"),
        ([2**64, 1, 2, 3, 4], r"outside 0\.\.51"),
        ([1, 2, 3, 4], r"^evaluate_ids takes 5 to 7 cards, not 4$"),
        ([1, 2, 3, 4, 5, 6, 7, 8], r"^evaluate_ids takes 5 to 7 cards, not 8$"),
        ([1.0, 2, 3, 4, 5], r"^a card id is an integer 0\.\.51, not 1\.0$"),
        ("As Ks Qs Js Ts", r"sequence of card ids or Cards"),
    ],
)
def test_evaluate_ids_rejects_bad_ids(ids: object, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluator()(ids)  # type: ignore[arg-type]
    with pytest.raises(CardError, match=message):
        evaluate_ids_wrap(ids)  # type: ignore[arg-type]


def test_evaluate_ids_takes_cards() -> None:
    cards = [Card.from_id(i) for i in ROYAL]
    assert evaluator()(cards) == evaluator()(tuple(cards)) == 1
    assert evaluator()([cards[0], 47, 43, cards[3], 35, 0, 1]) == 1
    assert evaluator()(showdown.parse_cards("Ac Kc Qc Jc Tc 2c 2d")) == 1
    assert evaluator()(np.array(ROYAL, dtype=np.uint8)) == 1
    assert evaluate_ids_wrap([Card.parse(c) for c in ("Jc", "Qc", "Kc", "Ac", "2c")]) == 13
    with pytest.raises(CardError, match="given twice"):
        evaluator()([cards[0], 51, 47, 43, 39])


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ([0], [4, 5, 6], r"^Omaha needs 4 to 6 hole cards, got 1$"),
        ([0, 1, 2, 3], [4, 5], r"^Omaha needs 3 to 5 board cards, got 2$"),
        ([0, 1, 2, 3], [4, 5, 3], r"^card 2s \(id 3\) is given twice$"),
        ([0, 1, 2, 60], [4, 5, 6], r"^card id 60 is outside 0\.\.51$"),
    ],
)
def test_omaha_ids_are_checked(hole: list[int], board: list[int], message: str) -> None:
    """The sentinel 7463 never escapes: too few cards is an error, not a rank."""
    for wrap in (False, True):
        with pytest.raises(ValueError, match=message):
            evaluate_omaha_ids(hole, board, wrap)


def test_omaha_ids_take_cards() -> None:
    hole = showdown.parse_cards("As Ks 2c 3d")
    assert evaluate_omaha_ids(hole, showdown.parse_cards("Qs Js Ts 2h 3h")) == 1


def test_unchecked_repeats_never_raise() -> None:
    """The flaky case of test_errors_match_a_plain_reference: five aces of clubs."""
    out = evaluate_batch([[48, 48, 48, 48, 48]], check=False)
    assert out.dtype == np.uint16 and 0 <= int(out[0]) <= 7462


@given(
    rows=st.lists(
        st.lists(st.integers(min_value=0, max_value=51), min_size=7, max_size=7),
        min_size=1,
        max_size=20,
    ),
    k=st.integers(min_value=5, max_value=7),
    wrap=st.booleans(),
)
def test_unchecked_input_gives_some_rank(rows: list[list[int]], k: int, wrap: bool) -> None:
    """check=False with any ids in 0..51, repeats included: a rank in 0..7462, no error."""
    hands = np.array([row[:k] for row in rows], dtype=np.int64)
    out = evaluate_batch(hands, wrap, check=False)
    assert out.shape == (len(rows),) and int(out.max()) <= 7462
    distinct = np.array([len(set(row[:k])) == k for row in rows])
    if distinct.any():  # rows without a repeat are ranked exactly
        np.testing.assert_array_equal(out[distinct], evaluate_batch(hands[distinct], wrap))


@given(
    rows=st.lists(
        st.lists(st.integers(min_value=0, max_value=51), min_size=9, max_size=9),
        min_size=1,
        max_size=10,
    )
)
def test_unchecked_omaha_repeats_never_raise(rows: list[list[int]]) -> None:
    cards = np.array(rows, dtype=np.int16)
    out = evaluate_omaha_batch(cards[:, :4], cards[:, 4:], check=False)
    assert out.shape == (len(rows),) and int(out.max()) <= 7462
