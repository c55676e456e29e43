"""An exact job's deals and their classes (``odds/deal_classes.py``): the native kernel's
``exact_deal_classes`` against the numpy path, array for array, bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from showdown.hands import native
from showdown.odds.deal_classes import DealClasses, _numpy_deal_classes, deal_classes

needs_kernel = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def _same(a: DealClasses | None, b: DealClasses | None) -> None:
    assert (a is None) == (b is None)
    if a is None or b is None:
        return
    assert a.maps == b.maps
    for name in ("picks", "weights", "masks", "reps", "class_of", "class_weight"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype, name
        assert x.shape == y.shape, name
        assert x.tobytes() == y.tobytes(), name  # the very same floats


@st.composite
def jobs(draw: st.DrawFn) -> tuple[list[np.ndarray], list[np.ndarray], list[list[int]]]:
    """1 to 5 ranged players of random combos (some weighted), a board of 0, 3 or 4 cards,
    dead cards and fixed hands, the ranges cleared of the cards in use."""
    deck = draw(st.permutations(range(52)))
    board = list(deck[: draw(st.sampled_from([0, 3, 4]))])
    at = len(board)
    dead = list(deck[at : at + draw(st.integers(0, 2))])
    at += len(dead)
    fixed = []
    for _ in range(draw(st.integers(0, 2))):
        fixed.append(list(deck[at : at + 2]))
        at += 2
    used = set(deck[:at])
    free = [c for c in range(52) if c not in used]
    pairs = [(a, b) for i, a in enumerate(free) for b in free[i + 1 :]]
    cards, weights = [], []
    for _ in range(draw(st.integers(1, 5))):
        size = draw(st.integers(2, 12))
        chosen = draw(st.lists(st.sampled_from(pairs), min_size=size, max_size=size, unique=True))
        cards.append(np.array(chosen, dtype=np.int64))
        if draw(st.booleans()):
            w = draw(st.lists(st.sampled_from([0.25, 0.5, 0.75, 1.0, 0.1, 0.3]),
                              min_size=size, max_size=size))  # fmt: skip
            weights.append(np.array(w))
        else:
            weights.append(np.ones(size))
    return cards, weights, [board, dead, *fixed]


@needs_kernel
@settings(max_examples=150, deadline=None)
@given(jobs(), st.sampled_from([10**9, 3]), st.sampled_from([2_000_000, 50]))
def test_kernel_gives_numpy_arrays(job, group_most, limit) -> None:
    cards, weights, sets = job
    with native.use("native"):
        fast = deal_classes(cards, weights, sets, limit, group_most)
    _same(fast, _numpy_deal_classes(cards, weights, sets, limit, group_most))


@needs_kernel
def test_suited_ranges_fold_by_suit() -> None:
    """AKs against QQ preflop: 4 x 6 deals, 2 classes (the kings' suit among the queens'
    or not), each weighing its deals."""
    aks = np.array([[48 + s, 44 + s] for s in range(4)])
    qq = np.array([[40 + a, 40 + b] for a in range(4) for b in range(a + 1, 4)])
    with native.use("native"):
        found = deal_classes([aks, qq], [np.ones(4), np.ones(6)], [], 10**6, 10**9)
    assert found is not None
    assert len(found.picks) == 24 and found.maps == 24
    assert sorted(found.class_weight.tolist()) == [12.0, 12.0]
    _same(found, _numpy_deal_classes([aks, qq], [np.ones(4), np.ones(6)], [], 10**6, 10**9))


def test_past_the_limit_is_none(backend: str) -> None:
    aa = np.array([[48 + a, 48 + b] for a in range(4) for b in range(a + 1, 4)])
    assert deal_classes([aa, aa], [np.ones(6), np.ones(6)], [], 5, 10**9) is None
    found = deal_classes([aa, aa], [np.ones(6), np.ones(6)], [], 9, 10**9)  # 36 <= 4 * 9
    assert found is not None and len(found.picks) == 6


def test_no_deal_fits(backend: str) -> None:
    aa = np.array([[48, 49], [50, 51]])
    found = deal_classes([aa[:1], aa[:1]], [np.ones(1), np.ones(1)], [], 10, 10**9)
    assert found is not None and len(found.picks) == 0 and len(found.reps) == 0


def flush_keys(board: list[int], deals: list[list[tuple[int, int]]]) -> int:
    """The distinct deals the merged kernel walks on a flop or turn: per seat its two
    cards as rank and suit, the suit forgotten where it cannot flush, and the suits that
    can (a suit can if its board cards, the most of it in one hole and the cards to come
    reach five)."""
    left = 5 - len(board)
    on_board = [sum(1 for c in board if c & 3 == s) for s in range(4)]
    keys = set()
    for deal in deals:
        most = [max(sum(1 for c in hole if c & 3 == s) for hole in deal) for s in range(4)]
        can = tuple(on_board[s] + most[s] + left >= 5 for s in range(4))
        seats = tuple(
            tuple(sorted((c >> 2) * 5 + (c & 3 if can[c & 3] else 4) for c in hole))
            for hole in deal
        )
        keys.add((seats, can))
    return len(keys)


@needs_kernel
@settings(max_examples=100, deadline=None)
@given(jobs())
def test_walks_are_the_flush_keys_of_the_classes(job) -> None:
    cards, weights, sets = job
    with native.use("native"):
        found = deal_classes(cards, weights, sets, 2_000_000, 10**9)
    assert found is not None and found.walks is not None
    board, fixed = sets[0], sets[2:]
    if len(board) not in (3, 4) or len(found.reps) <= 1:
        assert found.walks == len(found.reps)
        return
    deals = []
    for row in found.picks[found.reps].tolist():
        ranged = [tuple(int(x) for x in c[i]) for c, i in zip(cards, row, strict=True)]
        deals.append([tuple(h) for h in fixed] + ranged)
    assert found.walks == flush_keys(board, deals)
    assert _numpy_deal_classes(cards, weights, sets, 2_000_000, 10**9).walks is None


@needs_kernel
def test_the_estimate_counts_the_walks() -> None:
    """QQ+,AKs v JJ-99,AQs+ on Ts9s2h: 218 classes of deals, 90 flush keys walked."""
    from showdown.odds.holdem_plan import ExactPlan, exact_run_seconds
    from showdown.odds.seats import seat_players

    seats, board, dead = seat_players(["QQ+,AKs", "JJ-99,AQs+"], "Ts9s2h", None, "holdem")
    combos, weights = [s.combos for s in seats], [s.weights for s in seats]
    with native.use("native"):
        plan = ExactPlan(combos, weights, board, dead)
        per_class = plan.n_boards * 2  # C(49, 2) boards before each deal's hole cards
        assert (len(plan.reps), plan.work, plan.kernel_work) == (218, 218 * 1176 * 2, 90 * 1176 * 2)
        assert plan.seconds() == exact_run_seconds(90 * per_class, 2, 2, True, 384)  # 384 deals
    with native.use("numpy"):
        plan = ExactPlan(combos, weights, board, dead)
        assert plan.kernel_work == plan.work  # numpy walks every class
