"""Properties of the evaluator over the whole input space, with hypothesis."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import reference as ref
from showdown import evaluate, evaluate_ids_wrap
from showdown.hands.batch import evaluate_batch, evaluate_omaha_batch
from showdown.hands.scalar import evaluate_omaha_ids, evaluator

#: Every test here runs on the native kernel and on the numpy path (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("backend")

SETTINGS = settings(max_examples=150, deadline=None)

decks = st.permutations(range(52))
wraps = st.booleans()


def hand_sizes(lo: int = 5, hi: int = 7) -> st.SearchStrategy[int]:
    return st.integers(min_value=lo, max_value=hi)


def scalar(wrap: bool) -> Callable[[Sequence[int]], int]:
    return evaluate_ids_wrap if wrap else evaluator()


@SETTINGS
@given(deck=decks, k=hand_sizes(), wrap=wraps, order=st.randoms(use_true_random=False))
def test_card_order_never_matters(
    deck: list[int], k: int, wrap: bool, order: random.Random
) -> None:
    cards = deck[:k]
    shuffled = list(cards)
    order.shuffle(shuffled)
    assert scalar(wrap)(cards) == scalar(wrap)(shuffled)
    # Two hole cards and the rest on the board, or every card in hand: a Hold'em hand with
    # a board is exactly two hole cards (four with a board read as Omaha: issue 13).
    split = order.choice([2, k])
    a = evaluate(cards, game="holdem", wrap=wrap)
    b = evaluate(shuffled[:split], board=shuffled[split:] or None, wrap=wrap)
    assert a == b and a.ranks == b.ranks
    assert a.best_five == b.best_five  # the same cards are shown, whatever the order


@SETTINGS
@given(deck=decks, k=hand_sizes(), wrap=wraps, suits=st.permutations(range(4)))
def test_relabelling_suits_never_matters(
    deck: list[int], k: int, wrap: bool, suits: list[int]
) -> None:
    cards = deck[:k]
    relabelled = [4 * (c // 4) + suits[c % 4] for c in cards]
    assert scalar(wrap)(cards) == scalar(wrap)(relabelled)
    a, b = evaluate(cards, wrap=wrap), evaluate(relabelled, wrap=wrap)
    assert (a.rank, a.category, a.ranks) == (b.rank, b.category, b.ranks)
    hole, board = cards[:4], cards[4:] if k >= 7 else deck[k : k + 3]
    relabel = (
        [4 * (c // 4) + suits[c % 4] for c in hole],
        [4 * (c // 4) + suits[c % 4] for c in board],
    )
    assert evaluate_omaha_ids(hole, board, wrap) == evaluate_omaha_ids(*relabel, wrap)


@SETTINGS
@given(deck=decks, k=hand_sizes(), wrap=wraps)
def test_best_five_is_five_of_the_cards_and_worth_the_rank(
    deck: list[int], k: int, wrap: bool
) -> None:
    cards = deck[:k]
    value = evaluate(cards[:2], board=cards[2:], wrap=wrap)
    best = [c.id for c in value.best_five]
    assert len(set(best)) == 5 and set(best) <= set(cards)
    assert tuple(c.rank for c in value.best_five) == value.ranks
    again = evaluate(best, game="five-card", wrap=wrap)
    assert again == value and [c.id for c in again.best_five] == best
    assert (int(value.category), value.ranks) == ref.best_key(cards, wrap)


@SETTINGS
@given(deck=decks, k=hand_sizes(), wrap=wraps)
def test_batch_scalar_and_evaluate_agree(deck: list[int], k: int, wrap: bool) -> None:
    cards = deck[:k]
    rank = scalar(wrap)(cards)
    assert evaluate_batch(np.array([cards]), wrap=wrap).tolist() == [rank]
    assert evaluate(cards, wrap=wrap).rank == rank
    assert 1 <= rank <= 7462


@SETTINGS
@given(
    deck=decks,
    n_hole=hand_sizes(4, 6),
    n_board=hand_sizes(3, 5),
    wrap=wraps,
)
def test_omaha_paths_agree(deck: list[int], n_hole: int, n_board: int, wrap: bool) -> None:
    hole, board = deck[:n_hole], deck[n_hole : n_hole + n_board]
    rank = evaluate_omaha_ids(hole, board, wrap)
    assert evaluate_omaha_batch([hole], [board], wrap=wrap).tolist() == [rank]
    value = evaluate(hole, board=board, game="omaha", wrap=wrap)
    assert value.rank == rank
    best = {c.id for c in value.best_five}
    assert len(best & set(hole)) == 2 and len(best & set(board)) == 3
    assert (int(value.category), value.ranks) == ref.omaha_key(hole, board, wrap)


@SETTINGS
@given(deck=decks, k=hand_sizes(6, 7), wrap=wraps)
def test_more_cards_never_make_a_worse_hand(deck: list[int], k: int, wrap: bool) -> None:
    cards = deck[:k]
    rank = scalar(wrap)(cards)
    assert rank == min(scalar(wrap)(list(sub)) for sub in combinations(cards, k - 1))


@SETTINGS
@given(deck=decks, k=hand_sizes(), wrap=wraps)
def test_comparisons_follow_the_reference(deck: list[int], k: int, wrap: bool) -> None:
    a_cards, b_cards = deck[:k], deck[k : 2 * k]
    a, b = evaluate(a_cards, wrap=wrap), evaluate(b_cards, wrap=wrap)
    key_a, key_b = ref.best_key(a_cards, wrap), ref.best_key(b_cards, wrap)
    assert (a > b, a == b, a < b) == (key_a > key_b, key_a == key_b, key_a < key_b)
    assert (a >= b) == (key_a >= key_b) and (a <= b) == (key_a <= key_b)


@SETTINGS
@given(deck=decks, k=hand_sizes(), wrap=wraps)
def test_best_five_is_the_best_five_with_the_smallest_ids(
    deck: list[int], k: int, wrap: bool
) -> None:
    """Among several fives worth the same, the shown one has the smallest ids, in order."""
    cards = deck[:k]
    value = evaluate(cards, wrap=wrap)
    expected = min(combinations(sorted(cards), 5), key=lambda five: (scalar(wrap)(five), five))
    assert tuple(sorted(c.id for c in value.best_five)) == expected


@SETTINGS
@given(deck=decks, n_hole=hand_sizes(4, 6), n_board=hand_sizes(3, 5), wrap=wraps)
def test_omaha_best_five_has_the_smallest_ids_among_equals(
    deck: list[int], n_hole: int, n_board: int, wrap: bool
) -> None:
    hole, board = deck[:n_hole], deck[n_hole : n_hole + n_board]
    fives = [p + t for p in combinations(hole, 2) for t in combinations(board, 3)]
    expected = min(fives, key=lambda five: (scalar(wrap)(five), sorted(five)))
    value = evaluate(hole, board=board, game="omaha", wrap=wrap)
    assert sorted(c.id for c in value.best_five) == sorted(expected)
