"""Omaha ranges: the syntax, its errors, and equity with ranges against exact figures."""

from __future__ import annotations

from math import comb

import pytest

from showdown import equity
from showdown.cards import Card
from showdown.odds.ranges import RangeError
from showdown.odds.ranges.omaha import parse_omaha_range


def _ranks(hand: list[int]) -> str:
    return "".join(sorted((Card.from_id(c).rank_char for c in hand), reverse=True))


def test_counts_follow_from_combinatorics() -> None:
    assert len(parse_omaha_range("xxxx")) == comb(52, 4)
    exactly_two = comb(4, 2) * comb(48, 2)
    assert len(parse_omaha_range("AAxx")) == exactly_two + comb(4, 3) * 48 + 1
    assert len(parse_omaha_range("AKQJ")) == 4**4
    assert len(parse_omaha_range("AKQJr")) == 24  # 4! suit assignments
    assert len(parse_omaha_range("AAxxds")) == 6 * 12 * 12
    single = parse_omaha_range("AKQJss")
    assert len(single) == comb(4, 2) * 4 * 3 * 2  # the suited pair, its suit, two more suits
    assert len(parse_omaha_range("AsAhKdKc")) == 1


def test_weights_overrides_and_text() -> None:
    r = parse_omaha_range("KKxx:0.5; KKQQ")
    by_hand = {tuple(sorted(h.tolist())): w for h, w in zip(r.combos, r.weights, strict=True)}
    kkqq = [h for h in by_hand if sorted(_ranks(list(h))) == sorted("KKQQ")]
    assert kkqq and all(by_hand[h] == 1.0 for h in kkqq)
    assert {w for h, w in by_hand.items() if h not in kkqq} == {0.5}
    assert str(r) == "KKxx:0.5, KKQQ"


@pytest.mark.parametrize("text", ["AAxy", "AAxxqq", "AsAh", "AAKK:x", "AsAsKdKc"])
def test_errors_name_the_token(text: str) -> None:
    with pytest.raises(RangeError, match="Omaha range token"):
        parse_omaha_range(text)


def test_range_equity_matches_the_average_of_its_hands() -> None:
    """Two hands in a range against a hand on the flop: each deal has the same number
    of runouts, so the exact answer is the plain average of the two exact equities."""
    board = "2c 7d 9h"
    hands = ["AsAhKdKc", "AsAdKhKc"]
    exact = [equity([h, "QhQsJdTd"], board=board, game="omaha").equity[0] for h in hands]
    truth = sum(exact) / 2
    mc = equity(
        [", ".join(hands), "QhQsJdTd"], board=board, game="omaha", trials=60_000, seed=4, workers=1
    )
    assert mc.method == "monte-carlo" and mc.stderr is not None
    assert abs(mc.equity[0] - truth) < 4.5 * mc.stderr[0]
    exact_range = equity([", ".join(hands), "QhQsJdTd"], board=board, game="omaha", exact=True)
    assert exact_range.method == "exact"
    assert exact_range.equity[0] == pytest.approx(truth, abs=1e-12)


def test_overlapping_omaha_ranges_never_corner_the_sampler() -> None:
    r = equity(["AAxx", "AAxx", "KKxxds"], game="omaha", trials=5000, seed=1, workers=1)
    assert r.trials == 5000 and sum(r.equity) == pytest.approx(1.0)


def test_impossible_omaha_deal_is_found_up_front() -> None:
    with pytest.raises(ValueError, match="no deal is possible"):
        equity(["AAKK", "AAKK", "AAKK"], game="omaha", trials=100, seed=1)
