"""Boards of one group's deals drawn from each deal's own list of the cards it leaves
(issue 24, ``draw_listed`` in the kernel): a partial Fisher-Yates shuffle with every
position of a board taken from one 32-bit number. Checked against brute-force
enumeration on small decks, where a board that favoured some cards or some order of
drawing them shows at once."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown import evaluate_ids
from showdown.hands import native as _native
from showdown.odds import draws as D
from showdown.odds import kernels as K

pytestmark = pytest.mark.skipif(
    not _native.native_available(), reason="the no-compiler install: no kernel"
)


def exact_shares(
    board: list[int], live: list[int], combos: list[np.ndarray], weights: list[float]
) -> tuple[float, float, float]:
    """Player 0's (ranged, ``weights`` per combo) chance to win, player 1's (fixed) and
    a tie's, over every combo of player 0 and every board of the live cards left."""
    fixed = [int(c) for c in combos[1][0]]
    won = [0.0, 0.0, 0.0]
    total = 0.0
    for hole, w in zip(combos[0].tolist(), weights, strict=True):
        deck = [c for c in live if c not in hole and c not in fixed and c not in board]
        boards = list(itertools.combinations(deck, 5 - len(board)))
        for rest in boards:  # each deal weighs w, whatever number of boards it leaves
            cards = board + list(rest)
            mine, theirs = evaluate_ids(hole + cards), evaluate_ids(fixed + cards)
            won[0 if mine < theirs else 1 if theirs < mine else 2] += w / len(boards)
        total += w
    return won[0] / total, won[1] / total, won[2] / total


def drawn_shares(
    board: list[int], live: list[int], combos: list[np.ndarray], weights: list[float],
    trials: int, seed: int,
) -> tuple[float, float, float]:  # fmt: skip
    group = ([0], np.arange(len(combos[0])).reshape(-1, 1), np.cumsum(weights))
    counts = K.new_counts(2)
    assert D.deal_counts(board, live, combos, [group], trials, seed, counts)
    assert counts[0, 1] + counts[1, 1] + counts[0, 2] == trials  # one showdown a trial
    return counts[0, 1] / trials, counts[1, 1] / trials, counts[0, 2] / trials


@st.composite
def small_decks(draw: st.DrawFn) -> tuple[list[int], list[int], list[np.ndarray], list[float]]:
    """A known board of 0 to 4 cards, 9 to 12 live cards around it, one fixed hand and a
    ranged player of 2 to 4 combos (weights in quarters or any), all from the live cards."""
    cards = draw(st.permutations(range(52)))
    n_board = draw(st.integers(0, 4))
    n_live = draw(st.integers(9, 12))  # 2 fixed + 2 dealt + 5 - n_board to draw, at least
    board, live = cards[:n_board], cards[n_board : n_board + n_live]
    fixed = live[:2]
    pool = live[2:]
    n_combos = draw(st.integers(2, 4))
    pairs = list(itertools.combinations(pool, 2))
    picked = draw(st.lists(st.sampled_from(pairs), min_size=n_combos, max_size=n_combos,
                           unique=True))  # fmt: skip
    weights = draw(st.one_of(
        st.lists(st.sampled_from([0.25, 0.5, 1.0, 2.0]), min_size=n_combos, max_size=n_combos),
        st.lists(st.floats(0.05, 3.0), min_size=n_combos, max_size=n_combos),
    ))  # fmt: skip
    combos = [np.array(picked, dtype=np.int64), np.array([fixed], dtype=np.int64)]
    return board, live + board, combos, weights


@settings(max_examples=30, deadline=None)
@given(small_decks(), st.integers(0, 2**64 - 1))
def test_listed_boards_agree_with_enumeration(
    deck: tuple[list[int], list[int], list[np.ndarray], list[float]], seed: int
) -> None:
    """On a small deck (every board of it enumerable) the kernel's win, loss and tie
    shares are the exact ones within 5 standard errors: preflop (5 cards drawn from each
    deal's list) down to the river's one card."""
    board, live, combos, weights = deck
    n = 60_000
    exact = exact_shares(board, live, combos, weights)
    drawn = drawn_shares(board, live, combos, weights, n, seed)
    for e, d in zip(exact, drawn, strict=True):
        assert abs(e - d) <= 5 * (e * (1 - e) / n) ** 0.5 + 1e-9


def test_the_lists_hold_their_shares_over_a_long_run() -> None:
    """Two deals of a 12-card deck, one three times the other's weight, each leaving 8
    cards (56 boards): the lists are shuffled in place by every board drawn from them,
    so 400,000 boards from the same two lists still have the exact shares."""
    combos = [np.array([[8, 13], [22, 27]], dtype=np.int64), np.array([[30, 35]], dtype=np.int64)]
    live = [8, 13, 22, 27, 30, 35, 40, 41, 45, 46, 49, 51]
    exact = exact_shares([], live, combos, [1.0, 3.0])
    n = 400_000
    drawn = drawn_shares([], live, combos, [1.0, 3.0], n, 9)
    for e, d in zip(exact, drawn, strict=True):
        assert abs(e - d) <= 5 * (e * (1 - e) / n) ** 0.5 + 1e-9


def test_a_dead_card_in_a_combo_takes_the_card_by_card_boards() -> None:
    """A ranged combo holding a card that is not live leaves another number of cards
    than its neighbour: the kernel draws such boards card by card, with the exact
    shares still."""
    combos = [np.array([[0, 4], [8, 12]], dtype=np.int64), np.array([[50, 51]], dtype=np.int64)]
    live = [0, *range(8, 18), 50, 51]  # card 4 is dead
    exact = exact_shares([], live, combos, [1.0, 2.0])
    n = 200_000
    drawn = drawn_shares([], live, combos, [1.0, 2.0], n, 4)
    for e, d in zip(exact, drawn, strict=True):
        assert abs(e - d) <= 5 * (e * (1 - e) / n) ** 0.5 + 1e-9
