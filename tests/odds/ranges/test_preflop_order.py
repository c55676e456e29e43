"""Percentage ranges in PokerStove's order (the default) and in the equity order.

The reference is PokerStove itself: ``tests/data/pokerstove_ranges.txt`` holds the
range PokerStove's range window prints at each percentage where it grows by one
class (recorded by holdem-eval; see ``tests/data/README``).
"""

from __future__ import annotations

import pytest

from helpers.paths import DATA
from showdown.odds.ranges import RangeError, parse_range
from showdown.odds.ranges.pokerstove_order import POKERSTOVE
from showdown.odds.ranges.preflop import CLASSES
from showdown.odds.ranges.preflop_order import ORDER, class_order, top_classes

POKERSTOVE_RANGES = DATA / "pokerstove_ranges.txt"


def _published() -> list[tuple[float, str]]:
    rows = []
    for line in POKERSTOVE_RANGES.read_text().splitlines():
        if line and not line.startswith("#"):
            percent, text = line.split("\t")
            rows.append((float(percent), text))
    return rows


def test_the_file_grows_one_class_at_a_time() -> None:
    rows = _published()
    assert len(rows) == 169
    assert rows[0] == (0.452489, "AA") and rows[-1] == (100.0, "random")


@pytest.mark.parametrize(("percent", "text"), _published())
def test_each_published_pokerstove_range_is_read_back(percent: float, text: str) -> None:
    assert parse_range(f"{percent}%") == parse_range(text)
    assert abs(len(parse_range(text)) / 1326 * 100 - percent) < 1e-3  # the file is consistent


@pytest.mark.parametrize(
    ("percent", "text"),
    [  # the first ranges of PokerStove's order, as documented in docs/ranges.md
        (1, "QQ+"),
        (3, "99+, AKs"),
        (5, "88+, AJs+, KQs, AKo"),
        (10, "77+, A9s+, KTs+, QTs+, AJo+, KQo"),
        (20, "66+, A4s+, K8s+, Q9s+, J9s+, T9s, A9o+, KTo+, QTo+, JTo"),
    ],
)
def test_round_percentages_take_the_fewest_classes_holding_them(percent: int, text: str) -> None:
    assert parse_range(f"{percent}%") == parse_range(text)
    assert parse_range(f"{percent}%", order="pokerstove") == parse_range(text)


@pytest.mark.parametrize(
    ("percent", "text"),
    [  # today's order before PokerStove's became the default (docs/ranges.md)
        (1, "KK+"),
        (3, "88+"),
        (5, "77+, AJs+, AKo"),
        (10, "66+, A8s+, ATo+, KJs+"),
        (20, "55+, A3s+, A7o+, K8s+, KTo+, QTs+, QJo"),
    ],
)
def test_the_equity_order_is_kept_under_its_name(percent: int, text: str) -> None:
    assert parse_range(f"{percent}%", order="equity") == parse_range(text)


def test_both_orders_hold_every_class_once() -> None:
    assert sorted(POKERSTOVE) == sorted(CLASSES)
    assert class_order("equity") == [name for name, _ in ORDER]
    assert class_order() == list(POKERSTOVE)
    assert top_classes(100) == list(POKERSTOVE)
    assert len(parse_range("100%")) == 1326 and len(parse_range("0%")) == 0


def test_an_unknown_order_is_refused_with_the_choices() -> None:
    with pytest.raises(
        RangeError, match="unknown hand order 'sklansky': choose pokerstove or equity"
    ):
        parse_range("10%", order="sklansky")
