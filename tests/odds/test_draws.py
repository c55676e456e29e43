"""Draws of the kernel's range-against-range loop that take several bounded picks from
one 32-bit number (issue 24): a board's cards drawn by index among the cards its deal
leaves (``Picks`` in draws.h: the i-th card of the deal's mask), and a deal's index in
every group at once (``uniform_deals``). Checked against brute-force
enumeration on small decks and ranges, where a draw that favoured some cards, some
combos or some order shows at once."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from showdown import evaluate_ids
from showdown.odds import draws as D
from showdown.odds.showdown_counts import new_counts

pytestmark = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


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
    counts = new_counts(2)
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
    shares are the exact ones within 5 standard errors: preflop (5 cards drawn among
    the cards each deal leaves) down to the river's one card."""
    board, live, combos, weights = deck
    n = 60_000
    exact = exact_shares(board, live, combos, weights)
    drawn = drawn_shares(board, live, combos, weights, n, seed)
    for e, d in zip(exact, drawn, strict=True):
        assert abs(e - d) <= 5 * (e * (1 - e) / n) ** 0.5 + 1e-9


def test_the_lists_hold_their_shares_over_a_long_run() -> None:
    """Two deals of a 12-card deck, one three times the other's weight, each leaving 8
    cards (56 boards): 400,000 boards of the same two deals still have the exact
    shares."""
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


@st.composite
def clashing_groups(draw: st.DrawFn) -> tuple[list[np.ndarray], list[list[float]]]:
    """Two to four ranged players of 2 to 5 combos each from 12 cards, so that their
    combos often share a card; weights all even, in quarters (listed) or any (alias)."""
    pool = draw(st.permutations(range(52)))[:12]
    pairs = list(itertools.combinations(pool, 2))
    players = draw(st.integers(2, 4))
    kind = draw(st.sampled_from(["even", "quarters", "any"]))
    combos, weights = [], []
    for _ in range(players):
        n = draw(st.integers(2, 5))
        combos.append(np.array(draw(st.lists(st.sampled_from(pairs), min_size=n, max_size=n,
                                             unique=True)), dtype=np.int64))  # fmt: skip
        weights.append(
            [1.0] * n if kind == "even"
            else draw(st.lists(st.sampled_from([0.25, 0.5, 1.0, 1.5]), min_size=n, max_size=n))
            if kind == "quarters"
            else draw(st.lists(st.floats(0.1, 3.0), min_size=n, max_size=n))
        )  # fmt: skip
    return combos, weights


def exact_counts(board: list[int], combos: list[np.ndarray], weights: list[list[float]]
                 ) -> np.ndarray | None:  # fmt: skip
    """counts[p, k] / trials of every deal with no card twice, by its weight (the
    product of its combos'), on a full ``board``; None when no deal fits."""
    players = len(combos)
    shares = np.zeros((players, 11))
    total = 0.0
    for deal in itertools.product(*(range(len(c)) for c in combos)):
        holes = [combos[p][i].tolist() for p, i in enumerate(deal)]
        cards = [c for h in holes for c in h]
        if len(set(cards)) < len(cards):
            continue
        w = float(np.prod([weights[p][i] for p, i in enumerate(deal)]))
        ranks = [evaluate_ids(h + board) for h in holes]
        best = [p for p in range(players) if ranks[p] == min(ranks)]
        for p in best:
            shares[p, len(best)] += w
        total += w
    return shares / total if total else None


@settings(max_examples=40, deadline=None)
@given(clashing_groups(), st.integers(0, 2**64 - 1))
def test_each_group_drawn_apart_gives_the_deals_their_weight(
    ranges: tuple[list[np.ndarray], list[list[float]]], seed: int
) -> None:
    """Each ranged player in a group of its own, on a full board (no card drawn, so a
    trial's outcome is its deal's): the counts of winners are the exact shares of the
    deals that fit, within 5 standard errors, whether the groups' indexes come from one
    32-bit number (even and listed weights) or one by one (alias slots)."""
    combos, weights = ranges
    taken = {int(c) for cs in combos for c in cs.ravel()}
    board = [c for c in range(52) if c not in taken][:5]
    expected = exact_counts(board, combos, weights)
    groups = [([p], np.arange(len(c)).reshape(-1, 1), np.cumsum(weights[p]))
              for p, c in enumerate(combos)]  # fmt: skip
    n = 40_000
    counts = new_counts(len(combos))
    fitted = D.deal_counts(board, range(52), combos, groups, n, seed, counts)
    if expected is None or not fitted:  # no deal fits, or too few attempts fit
        assert not fitted or expected is not None
        return
    got = counts / n
    sigma = np.sqrt(np.clip(expected * (1 - expected), 0, None) / n)  # 1 - 1.0000000001
    assert (np.abs(got - expected) <= 5 * sigma + 2 / n).all()


@settings(max_examples=30, deadline=None)
@given(st.data(), st.integers(0, 2**64 - 1))
def test_boards_skipping_other_groups_cards_agree_with_enumeration(
    data: st.DataObject, seed: int
) -> None:
    """Two or three ranged players, each a group, on a small deck with 0 to 3 board
    cards known: the boards are drawn by index among the cards every group's combo
    leaves (``sd_index_boards``); the counts of winners are the exact shares over every
    deal that fits and every board it leaves, within 5 standard errors."""
    cards = data.draw(st.permutations(range(52)))
    n_board = data.draw(st.integers(0, 3))
    board, pool = cards[:n_board], cards[n_board : n_board + 10]
    players = data.draw(st.integers(2, 3))
    pairs = list(itertools.combinations(pool, 2))
    hands = st.lists(st.sampled_from(pairs), min_size=2, max_size=3, unique=True)
    combos = [np.array(data.draw(hands), dtype=np.int64) for _ in range(players)]
    weights = [[1.0] * len(c) for c in combos]
    live = board + pool + cards[n_board + 10 : n_board + 13]  # 3 cards beside the pool
    expected = np.zeros((players, 11))
    total = 0.0
    for deal in itertools.product(*(range(len(c)) for c in combos)):
        holes = [combos[p][i].tolist() for p, i in enumerate(deal)]
        held = [c for h in holes for c in h]
        if len(set(held)) < len(held):
            continue
        deck = [c for c in live if c not in held and c not in board]
        boards = list(itertools.combinations(deck, 5 - n_board))
        for rest in boards:
            ranks = [evaluate_ids(h + board + list(rest)) for h in holes]
            best = [p for p in range(players) if ranks[p] == min(ranks)]
            for p in best:
                expected[p, len(best)] += 1 / len(boards)
        total += 1
    groups = [([p], np.arange(len(c)).reshape(-1, 1), np.cumsum(weights[p]))
              for p, c in enumerate(combos)]  # fmt: skip
    n = 40_000
    counts = new_counts(players)
    fitted = D.deal_counts(board, live, combos, groups, n, seed, counts)
    if total == 0 or not fitted:
        assert not fitted or total > 0
        return
    expected /= total
    sigma = np.sqrt(np.clip(expected * (1 - expected), 0, None) / n)  # 1 - 1.0000000001
    assert (np.abs(counts / n - expected) <= 5 * sigma + 2 / n).all()
