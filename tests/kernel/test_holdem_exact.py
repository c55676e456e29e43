"""The merged kernel counts deals that differ only in suits that can no longer flush
once (``same_deals`` in ``holdem_exact.c``) and copies the counts to the others: many
deals in one call, against the plain loops that walk every board of each deal.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from showdown.hands import native
from showdown.odds.holdem_jobs import ExactSpec, exact_task, universe
from showdown.odds.showdown_counts import TALLY, new_counts

pytestmark = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def both(board: list[int], holes: np.ndarray, start: np.ndarray | None = None):
    """The merged and the plain kernel's counts of the deals ``holes`` (D, P, 2) on every
    board of cards not in ``board`` or the deal, each adding to ``start`` when given."""
    deck = np.array([c for c in range(52) if c not in board], dtype=np.int64)  # each
    out = []  # deal's hole cards leave it in the kernel
    with native.use("native"):
        kernel = native.kernel()
        assert kernel is not None
        for merge in (True, False):
            counts = new_counts(holes.shape[1], holes.shape[0])
            if start is not None:
                counts += start
            kernel.holdem_exact(deck, np.array(board, dtype=np.int64), holes.ravel(), counts, merge)
            out.append(counts)
    return out


def numpy_counts(board: list[int], hands: np.ndarray) -> np.ndarray:
    """One deal's counts on the numpy path (its own deck: every card not in use)."""
    used = set(board) | {int(c) for c in hands.ravel()}
    live = tuple(c for c in range(52) if c not in used)
    spec = ExactSpec(tuple(tuple(int(c) for c in h) for h in hands), (), tuple(board), live)
    with native.use("numpy"):
        chunks = list(range(universe(tuple(board), live).n_chunks()))
        picks, masks = np.zeros((1, 0), dtype=np.int64), np.zeros(1, dtype=np.uint64)
        return exact_task(spec, chunks, picks, masks)[0]


@st.composite
def related_deals(draw: st.DrawFn) -> tuple[list[int], np.ndarray]:
    """A flop or turn and deals of the same ranks in many suit patterns, so that some
    deals share their flush key and some do not; the cards of all deals avoid the board."""
    n_known = draw(st.sampled_from([3, 4]))
    players = draw(st.integers(2, 4))
    board = draw(st.lists(st.integers(0, 51), min_size=n_known, max_size=n_known, unique=True))
    free_ranks = [r for r in range(13) if sum(c // 4 == r for c in board) == 0]
    ranks = draw(
        st.lists(st.sampled_from(free_ranks), min_size=players, max_size=players, unique=True)
    )
    deals = []
    for _ in range(draw(st.integers(2, 12))):
        hands = []
        for r in ranks:  # each seat: a card of its rank and one of the next free rank
            other = free_ranks[(free_ranks.index(r) + 1) % len(free_ranks)]
            s1, s2 = draw(st.integers(0, 3)), draw(st.integers(0, 3))
            hands.append([4 * r + s1, 4 * other + s2])
        cards = [c for h in hands for c in h]
        if len(set(cards)) == len(cards):
            deals.append(hands)
    if not deals:
        deals.append([[4 * r, 4 * r + 1] for r in ranks])
    return board, np.array(deals, dtype=np.int64)


@settings(max_examples=80, deadline=None)
@given(related_deals())
def test_many_deals_in_one_call_equal_every_board(case: tuple) -> None:
    board, holes = case
    merged, plain = both(board, holes)
    np.testing.assert_array_equal(merged, plain)
    for deal, hands in zip(merged, holes, strict=True):  # each deal alone, with numpy
        np.testing.assert_array_equal(deal, numpy_counts(board, hands))


def test_offsuit_pairs_share_one_count() -> None:
    """QQ v JJ without a spade on Ts 9s 2h: hearts, clubs and diamonds cannot flush, so
    the nine deals count alike, and the counts add to what the array held."""
    board = [35, 31, 2]  # Ts 9s 2h
    qq = [[40, 41], [40, 42], [41, 42]]  # QcQd QcQh QdQh
    jj = [[36, 37], [36, 38], [37, 38]]
    holes = np.array([[q, j] for q in qq for j in jj], dtype=np.int64)
    start = np.arange(holes.shape[0] * 2 * TALLY, dtype=np.int64).reshape(-1, 2, TALLY)
    merged, plain = both(board, holes, start)
    np.testing.assert_array_equal(merged, plain)
    gained = merged - start
    assert (gained == gained[0]).all()


def test_a_suit_that_can_flush_keeps_deals_apart() -> None:
    """AhKh can make a heart flush on Ts 9s 2h, AcKd cannot: different counts, each right."""
    board = [35, 31, 2]
    holes = np.array(
        [[[50, 46], [40, 41]], [[48, 45], [40, 41]], [[49, 44], [40, 41]]], dtype=np.int64
    )  # AhKh, AcKd, AdKc against QcQd
    merged, plain = both(board, holes)
    np.testing.assert_array_equal(merged, plain)
    assert (merged[0] != merged[1]).any()
    np.testing.assert_array_equal(merged[1], merged[2])
