"""The rate a ranged Monte Carlo job is planned at follows the backend that runs it."""

import pytest

import showdown.odds.holdem_plan as plan
from showdown.hands import native
from showdown.odds.equity import equity


def test_ranged_estimate_uses_the_backends_rate(backend: str) -> None:
    trials = 200_000
    result = equity(["QQ+,AKs", "JJ-99,AQs+"], trials=trials, seed=5, workers=1)
    expected = (
        plan.MONTE_CARLO_RATE_RANGES_NATIVE
        if native.kernel() is not None
        else plan.MONTE_CARLO_RATE_RANGES
    )
    assert (native.kernel() is not None) == (backend == "native")
    assert result.estimate == pytest.approx(trials * 2 / expected)  # type: ignore[attr-defined]


def test_hands_only_keep_their_rate(backend: str) -> None:
    trials = 100_000
    result = equity(["AcAd", "KhKs", "QcQd"], trials=trials, seed=5, workers=1)
    assert result.estimate == pytest.approx(trials * 3 / plan.MONTE_CARLO_RATE)  # type: ignore[attr-defined]


def test_the_native_rate_is_the_faster_one() -> None:
    # the kernel draws and tallies ranged deals in C: never planned slower than numpy
    assert plan.MONTE_CARLO_RATE_RANGES_NATIVE > plan.MONTE_CARLO_RATE_RANGES
