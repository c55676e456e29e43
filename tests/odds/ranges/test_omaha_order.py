"""Omaha percentage ranges: the classes of four-card hands up to a change of suits, and
the documented order of :mod:`showdown.odds.ranges.omaha_order`."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from showdown.odds.ranges import RangeError
from showdown.odds.ranges.omaha import parse_omaha_range
from showdown.odds.ranges.omaha_classes import all_hands, class_keys, class_text, classes
from showdown.odds.ranges.omaha_order import SAMPLES, class_order, top_hands

SUIT_ORDERS = list(itertools.permutations(range(4)))


def test_the_classes_partition_the_hands() -> None:
    keys, first = classes()
    assert len(keys) == 16432 and len(set(keys.tolist())) == 16432
    ids = all_hands()[0]
    assert len(ids) == 270725
    of_hand = np.searchsorted(keys, class_keys(ids))
    assert (keys[of_hand] == class_keys(ids)).all()
    assert (class_keys(first) == keys).all()


@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True),
    st.sampled_from(SUIT_ORDERS),
)
def test_a_change_of_suits_keeps_the_class(hand: list[int], suits: tuple[int, ...]) -> None:
    moved = [4 * (c >> 2) + suits[c & 3] for c in hand]
    assert class_keys(np.array([hand]))[0] == class_keys(np.array([moved]))[0]


def test_hands_of_different_shapes_are_different_classes() -> None:
    ds, ss = class_keys(np.array([[51, 50, 47, 46], [51, 50, 47, 45]]))  # AsAhKsKh, AsAhKsKd
    assert ds != ss
    assert class_text(int(ds)) == "AsKsAhKh"


def test_the_order_holds_every_class_once() -> None:
    order = class_order()
    assert sorted(order.tolist()) == list(range(16432))
    assert SAMPLES >= 3000
    keys, _ = classes()
    assert class_text(int(keys[order[0]])).startswith("As")  # double-suited aces lead
    assert class_text(int(keys[order[0]]))[4:6] == "Ah"
    worst = {class_text(int(keys[i])) for i in order[-3:]}
    assert worst == {"4s4h4d4c", "3s3h3d3c", "2s2h2d2c"}  # quads: two cards play at most


@pytest.mark.parametrize("percent", [0.5, 1, 5, 10, 20, 50])
def test_n_percent_is_the_fewest_classes_holding_n_percent(percent: float) -> None:
    mask = top_hands(percent)
    assert mask.sum() >= round(270725 * percent / 100)
    keys, _ = classes()
    chosen = np.unique(class_keys(all_hands()[0][mask]))
    order = class_order()
    ranked = keys[order[: len(chosen)]]
    assert set(chosen.tolist()) == set(ranked.tolist())  # a prefix of the order
    last = np.searchsorted(keys, ranked[-1])
    size = int((class_keys(all_hands()[0]) == keys[last]).sum())
    assert mask.sum() - size < round(270725 * percent / 100)  # one class fewer is short


def test_omaha_percent_tokens() -> None:
    assert len(parse_omaha_range("100%")) == 270725 == len(parse_omaha_range("random"))
    assert len(parse_omaha_range("0%")) == 0
    five, ten = parse_omaha_range("5%"), parse_omaha_range("10%")
    band = parse_omaha_range("5%-10%")
    assert len(band) == len(ten) - len(five)
    assert parse_omaha_range("10%-5%").combos.tolist() == band.combos.tolist()
    assert len(parse_omaha_range("5%:0.5")) == len(five)
    with pytest.raises(RangeError, match="at most 100%"):
        parse_omaha_range("120%")


def test_the_order_follows_the_equity_against_a_random_hand() -> None:
    """Classes far apart in the order are far apart in equity, in the same direction, as
    ``showdown.equity`` measures it (an unshuffled draw in the generator once dealt the
    opponent biased cards and put KKJJ double-suited above AAQQ double-suited)."""
    from showdown.odds.equity import equity

    keys, _ = classes()
    order = class_order()
    measured = []
    for place in (0, 1500, 5000, 9000, 13000, 16400):
        hand = class_text(int(keys[order[place]]))
        r = equity([hand, "random"], game="omaha", trials=60_000, seed=11, workers=1)
        measured.append(r.equity[0])
    assert measured == sorted(measured, reverse=True), measured
    aa_qq = equity(["AsQsAhQh", "random"], game="omaha", trials=60_000, seed=11, workers=1)
    kk_jj = equity(["KsJsKhJh", "random"], game="omaha", trials=60_000, seed=11, workers=1)
    place = {class_text(int(keys[i])): n for n, i in enumerate(order[:200].tolist())}
    assert aa_qq.equity[0] > kk_jj.equity[0] + 0.015
    assert place["AsQsAhQh"] < place["KsJsKhJh"]
