"""Exact Hold'em with suit merging (the kernel's ``holdem_merged.c``) against the plain
kernel loops that walk every board and against the numpy fallback: the same integer
counts, preflop, on a flop and on a turn, 2 to 10 players, with dead cards.
"""

from __future__ import annotations

from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from showdown import equity
from showdown.hands import native
from showdown.odds.holdem_jobs import ExactSpec, exact_task, universe
from showdown.odds.showdown_counts import TALLY, exact_counts

pytestmark = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def kernel_counts(board: list[int], dead: list[int], hands: list[list[int]], merge: bool):
    used = set(board) | set(dead) | {c for h in hands for c in h}
    deck = [c for c in range(52) if c not in used]
    with native.use("native"):
        return exact_counts(board, deck, np.array([hands]), merge=merge)[0]


def numpy_counts(board: list[int], dead: list[int], hands: list[list[int]]) -> np.ndarray:
    used = set(board) | set(dead) | {c for h in hands for c in h}
    live = tuple(c for c in range(52) if c not in used)
    spec = ExactSpec(tuple(tuple(h) for h in hands), (), tuple(board), live)
    with native.use("numpy"):
        chunks = list(range(universe(tuple(board), live).n_chunks()))
        picks, masks = np.zeros((1, 0), dtype=np.int64), np.zeros(1, dtype=np.uint64)
        return exact_task(spec, chunks, picks, masks)[0]


def boards_of(counts: np.ndarray) -> int:
    """Showdowns in a count table: each counts once per winner, so sum counts / k."""
    k = np.arange(1, TALLY)
    return round(float((counts[:, 1:] / k).sum()))


@st.composite
def deals(draw: st.DrawFn, known: list[int], most_players: int) -> tuple:
    n_known = draw(st.sampled_from(known))
    players = draw(st.integers(2, most_players))
    n_dead = draw(st.integers(0, 3))
    cards = draw(st.permutations(range(52)))
    hands = [list(cards[2 * i : 2 * i + 2]) for i in range(players)]
    rest = cards[2 * players :]
    return rest[:n_known], rest[n_known : n_known + n_dead], hands


@settings(max_examples=60, deadline=None)
@given(deals(known=[3, 4], most_players=10))
def test_postflop_counts_equal_every_board_and_numpy(deal: tuple) -> None:
    board, dead, hands = deal
    merged = kernel_counts(board, dead, hands, True)
    np.testing.assert_array_equal(merged, kernel_counts(board, dead, hands, False))
    np.testing.assert_array_equal(merged, numpy_counts(board, dead, hands))
    live = 52 - len(board) - len(dead) - 2 * len(hands)
    assert boards_of(merged) == comb(live, 5 - len(board))


@settings(max_examples=15, deadline=None)
@given(deals(known=[0, 1, 2], most_players=6))
def test_preflop_counts_equal_every_board_and_numpy(deal: tuple) -> None:
    board, dead, hands = deal
    merged = kernel_counts(board, dead, hands, True)
    np.testing.assert_array_equal(merged, kernel_counts(board, dead, hands, False))
    if not board:  # numpy's board universe is for 0, 3, 4 or 5 known cards
        np.testing.assert_array_equal(merged, numpy_counts(board, dead, hands))


@pytest.mark.parametrize(
    "hands",
    [
        [[48, 49], [46, 47]],  # AcAd v KhKs: every suit in one hole, once
        [[51, 47], [35, 31]],  # AsKs v Ts9s: both suited, in the same suit
        [[51, 47], [50, 46], [49, 45], [48, 44]],  # AKs in every suit
        [[0, 4], [1, 5], [2, 6], [3, 7], [8, 12], [9, 13]],  # six small suited hands
    ],
)
def test_flush_heavy_deals(hands: list[list[int]]) -> None:
    """Deals where flushes decide many boards, preflop and on the flop Qc Jc 9d."""
    for board in ([], [40, 36, 29]):
        merged = kernel_counts(board, [], hands, True)
        np.testing.assert_array_equal(merged, kernel_counts(board, [], hands, False))
        np.testing.assert_array_equal(merged, numpy_counts(board, [], hands))


def test_a_flush_already_on_the_board() -> None:
    """Four hearts on the turn and a player holding a heart: every river is a flush
    board for the suit, the threshold already met (no heart needed)."""
    board = [2, 10, 18, 26]  # 2h 4h 6h 8h, the dead card 3s
    hands = [[50, 51], [30, 3]]  # AhAs v 9h2s
    merged = kernel_counts(board, [7], hands, True)
    np.testing.assert_array_equal(merged, kernel_counts(board, [7], hands, False))
    np.testing.assert_array_equal(merged, numpy_counts(board, [7], hands))


def test_ranges_on_both_backends() -> None:
    """Range against range, preflop and on a flop with a dead card: the same result on
    the kernel (merged) and the numpy path."""
    for players, board, dead in [
        (["QQ+,AKs", "JJ-99,AQs+"], None, None),
        (["QQ+,AKs", "JJ-99,AQs+"], "Ts9s2h", "3c"),
        (["AKs,KQs", "22", "AhQh"], "Kh7h2c", None),
    ]:
        with native.use("native"):
            ours = equity(players, board=board, dead=dead, exact=True, workers=1)
        with native.use("numpy"):
            theirs = equity(players, board=board, dead=dead, exact=True, workers=1)
        assert ours == theirs and ours.method == "exact", players


def test_matrix_rows_on_both_backends() -> None:
    """A matrix row's counts: the kernel's exact deals against the numpy path's counting."""
    from showdown.odds.matrix_jobs import row_task

    rng = np.random.default_rng(24)
    for a0 in [(48, 49), (51, 47), (20, 1)]:  # AcAd, AsKs, 7c 2d
        others = [c for c in range(52) if c not in a0]
        combos = np.array([sorted(rng.choice(others, 2, replace=False)) for _ in range(6)])
        with native.use("native"):
            ours = row_task(a0, combos)
        with native.use("numpy"):
            theirs = row_task(a0, combos)
        np.testing.assert_array_equal(ours, theirs)
        assert (ours[0] + ours[1] <= comb(48, 5)).all()


@settings(max_examples=40, deadline=None)
@given(deals(known=[0, 1, 2, 3, 4], most_players=2))
def test_heads_up_counts_equal_every_board(deal: tuple) -> None:
    """Heads-up deals take their own flush-board loops (a suit's cards with one or two
    cards of the other suits, each player's flush rank looked up once): the same counts
    as walking every board, with any number of known and dead cards."""
    board, dead, hands = deal
    merged = kernel_counts(board, dead, hands, True)
    np.testing.assert_array_equal(merged, kernel_counts(board, dead, hands, False))


@pytest.mark.parametrize(
    "hands",
    [
        [[51, 47], [43, 39]],  # AsKs v QsJs: both flush with three spades
        [[51, 47], [50, 46]],  # AsKs v AhKh: three of either suit flush one player
        [[51, 50], [47, 46]],  # AsAh v KsKh: one card of each suit in both holes
        [[51, 3], [47, 7]],  # As2s v Ks3s: low spades, straight flushes
        [[48, 44], [0, 1]],  # AcKc v 2c2d: a pair against a suited hand
    ],
)
def test_heads_up_flush_deals(hands: list[list[int]]) -> None:
    """Heads-up deals where the same suit flushes one or both players, preflop and with
    one known card: the same counts as walking every board and as the numpy path."""
    for board in ([], [40]):
        merged = kernel_counts(board, [], hands, True)
        np.testing.assert_array_equal(merged, kernel_counts(board, [], hands, False))
        if not board:
            np.testing.assert_array_equal(merged, numpy_counts(board, [], hands))


@pytest.mark.parametrize(
    ("hero", "board"),
    [
        ([51, 46], []),  # AsKh preflop, against every other hand
        ([50, 49], []),  # AhAd
        ([47, 43], []),  # KsQs
        ([51, 46], [40, 36, 29]),  # AsKh on Qc Jc 9d
    ],
)
def test_heads_up_deals_in_one_call_equal_one_at_a_time(hero: list[int], board: list[int]) -> None:
    """One call with many heads-up deals keeps what deals share (the flushless part of a
    rank pair, a suit's flush boards with the same cards of it): every deal's counts equal
    those of a call of its own, and a sample those of walking every board."""
    deck = [c for c in range(52) if c not in hero and c not in board]
    others = [[a, b] for i, a in enumerate(deck) for b in deck[i + 1 :]]
    holes = np.array([[hero, o] for o in others], dtype=np.int64)
    with native.use("native"):
        together = exact_counts(board, deck, holes)
        for d in range(0, len(others), 7):
            alone = exact_counts(board, deck, holes[d : d + 1])[0]
            np.testing.assert_array_equal(together[d], alone)
    for d in range(0, len(others), 97):
        plain = kernel_counts(board, [], [hero, others[d]], False)
        np.testing.assert_array_equal(together[d], plain)


def test_a_matrix_row_of_many_suit_patterns_on_both_backends() -> None:
    """A row as the matrix sends it: every combo of a few rank pairs (each suit pattern,
    so the kernel's call keeps and reuses rank pairs' and suits' parts), the kernel's
    counts against the numpy path's."""
    from showdown.odds.matrix_jobs import row_task
    from showdown.odds.ranges.preflop import combos_array

    a0 = (51, 46)  # AsKh
    combos = np.concatenate([combos_array(name) for name in ("QJo", "QJs", "QQ", "K2o", "A5s")])
    combos = combos[~np.isin(combos, a0).any(axis=1)]
    with native.use("native"):
        ours = row_task(a0, combos)
    with native.use("numpy"):
        theirs = row_task(a0, combos)
    np.testing.assert_array_equal(ours, theirs)
