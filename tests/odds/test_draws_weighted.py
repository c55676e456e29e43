"""Weighted ranges in the kernel's range-against-range loop (issue 24): the alias draw
with integer keep thresholds gives each combo its weight's share, a zero weight never,
and weighted Monte Carlo agrees with exact enumeration on both backends."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from showdown.cards import Card
from showdown.odds import draws as D
from showdown.odds.equity import equity
from showdown.odds.showdown_counts import new_counts

needs_kernel = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def _ids(text: str) -> list[int]:
    return [Card.parse(c).id for c in text.split()]


#: A full board and a fixed hand (queens), so no card is drawn and each combo of the
#: ranged player has one outcome: beats the queens, ties them or loses to them.
BOARD = _ids("2c 7d 9h Jc Ks")
QUEENS = np.array([_ids("Qh Qd")], dtype=np.int64)
WINS = ["As Ad", "Kh Kd", "7h 7c", "9c 9d"]
TIES = ["Qs Qc"]
LOSES = ["3c 4c", "5h 6h", "3d 4d"]
COMBOS = np.array([_ids(c) for c in WINS + TIES + LOSES], dtype=np.int64)

weights = st.lists(
    st.one_of(st.just(0.0), st.floats(1e-6, 10.0), st.sampled_from([0.25, 0.5, 0.75, 1.0])),
    min_size=len(COMBOS),
    max_size=len(COMBOS),
).filter(lambda w: sum(w) > 0)


@needs_kernel
@settings(max_examples=25, deadline=None)
@given(weights, st.integers(0, 2**64 - 1))
def test_each_combo_is_drawn_by_its_weight(weight: list[float], seed: int) -> None:
    """Wins and ties of 40,000 deals are the winning and tying combos' share of the
    weight within 5 standard errors; a class of zero weight is never drawn at all."""
    n = 40_000
    w = np.array(weight)
    group = ([0], np.arange(len(COMBOS)).reshape(-1, 1), np.cumsum(w))
    counts = new_counts(2)
    assert D.deal_counts(BOARD, range(52), [COMBOS, QUEENS], [group], n, seed, counts)
    wins, ties = int(counts[0, 1]), int(counts[0, 2])
    for got, share in ((wins, w[: len(WINS)].sum()), (ties, w[len(WINS)].sum())):
        p = share / w.sum()
        if p == 0:
            assert got == 0
        else:
            assert abs(got - n * p) <= 5 * (n * p * (1 - p)) ** 0.5 + 1
    assert wins + ties + int(counts[1, 1]) == n  # every deal is one showdown


@needs_kernel
@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=len(COMBOS), max_size=len(COMBOS)).filter(any),
       st.integers(0, 2**64 - 1))  # fmt: skip
def test_whole_eighths_are_drawn_by_weight_too(eighths: list[int], seed: int) -> None:
    """Weights in whole eighths take the listed draw (each combo listed as often as its
    scaled weight) rather than the alias slots: the same shares, zero weights never."""
    test_each_combo_is_drawn_by_its_weight.hypothesis.inner_test(  # type: ignore[attr-defined]
        [e / 8 for e in eighths], seed
    )


@needs_kernel
def test_tiny_and_whole_weights_beside_each_other() -> None:
    """Weights whose keep chances sit at the ends of the threshold's range (a combo of
    weight 1e-9 beside whole ones): the tiny one is (nearly) never drawn, the others
    evenly."""
    n = 200_000
    w = np.array([1.0, 1.0, 1.0, 1.0, 1e-9, 1.0, 1.0, 1.0])
    group = ([0], np.arange(len(COMBOS)).reshape(-1, 1), np.cumsum(w))
    counts = new_counts(2)
    assert D.deal_counts(BOARD, range(52), [COMBOS, QUEENS], [group], n, 3, counts)
    assert int(counts[0, 2]) <= 1
    p = 4 / 7
    assert abs(int(counts[0, 1]) - n * p) <= 5 * (n * p * (1 - p)) ** 0.5


def test_weighted_ranges_agree_with_exact_on_both_backends(backend: str) -> None:
    """The benchmark's weighted ranges, Monte Carlo against exact, within 5 standard
    errors, on the kernel and on the numpy path (the ``backend`` fixture runs both)."""
    players = ["QQ+,AKs:0.5", "JJ-99:0.75,AQs+:0.25"]
    exact = equity(players, exact=True, workers=1)
    n = 200_000
    drawn = equity(players, trials=n, seed=21, workers=1)
    assert drawn.method == "monte-carlo"
    for e, d in zip(exact.equity, drawn.equity, strict=True):
        assert abs(e - d) <= 5 * (e * (1 - e) / n) ** 0.5 + 1e-3
