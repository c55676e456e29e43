"""Flop analysis over all flops (issue 35): the numpy classes equal the per-combo
classifier of the breakdown, and the sum over the flops up to a change of suits equals
the plain sum over every one of the 22,100 flops, for ranges that are not suit-symmetric
and with dead cards."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.cards import CardError, parse_cards
from showdown.odds.ranges import RangeError, parse_range
from showdown.odds.ranges.breakdown import DRAWS, MADE, breakdown, classify_combos
from showdown.odds.ranges.flop_analysis import flop_analysis
from showdown.odds.ranges.flop_classes import classify_grid

ALL_COMBOS = np.array(list(itertools.combinations(range(52), 2)))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=3, max_size=3, unique=True))
def test_the_numpy_classes_are_the_breakdown_s(flop: list[int]) -> None:
    combos = ALL_COMBOS[~np.isin(ALL_COMBOS, flop).any(axis=1)]
    made, draws = classify_combos(combos, tuple(flop))
    grid_made, grid_draws = classify_grid(combos, np.array([flop]))
    assert grid_made[0].tolist() == made.tolist()
    assert grid_draws[0].tolist() == draws.tolist()


@pytest.mark.parametrize(
    "board", ["Qh Jh 3c", "9s 8s 7s", "Jh 7s 7d", "Ah 5d 4c", "Kd Kc Kh", "Ts 9d 3c"]
)
def test_the_numpy_classes_on_named_flops(board: str) -> None:
    flop = [c.id for c in parse_cards(board)]
    want = breakdown("random", board)
    made, draws = classify_grid(ALL_COMBOS, np.array([flop]))
    live = ~np.isin(ALL_COMBOS, flop).any(axis=1)
    shares = np.bincount(made[0][live], minlength=len(MADE)) / live.sum()
    assert dict(zip(MADE, shares.tolist(), strict=True)) == pytest.approx(want.made, abs=1e-12)
    for bit, name in enumerate(DRAWS):
        assert ((draws[0][live] >> bit) & 1).mean() == pytest.approx(want.draws[name], abs=1e-12)


def brute_force(text: str, dead: str = "") -> tuple[dict[str, float], dict[str, float]]:
    """Every combo of the range on every flop of live cards it leaves, by weight."""
    dead_ids = [c.id for c in parse_cards(dead)] if dead else []
    rng = parse_range(text)
    combos = np.array([c for c in rng.combos if not set(c) & set(dead_ids)])
    weights = np.array([rng.weight(tuple(c)) for c in combos])
    live = [c for c in range(52) if c not in dead_ids]
    flops = np.array(list(itertools.combinations(live, 3)))
    made_w, draw_w = np.zeros(len(MADE)), np.zeros(len(DRAWS))
    for start in range(0, len(flops), 500):
        chunk = flops[start : start + 500]
        made, draws = classify_grid(combos, chunk)
        ok = ~(combos[None, :, :, None] == chunk[:, None, None, :]).any(axis=(2, 3))
        w = ok * weights[None, :]
        made_w += np.bincount(made.ravel(), weights=w.ravel(), minlength=len(MADE))
        for bit in range(len(DRAWS)):
            draw_w[bit] += w[(draws >> bit) & 1 == 1].sum()
    total = made_w.sum()
    assert total == pytest.approx(weights.sum() * comb(len(live) - 2, 3))
    return (
        dict(zip(MADE, (made_w / total).tolist(), strict=True)),
        dict(zip(DRAWS, (draw_w / total).tolist(), strict=True)),
    )


@pytest.mark.parametrize(
    ("text", "dead"),
    [
        ("AhKh, 7c6c:0.5, QsQd, 22, AsJd:0.25", ""),  # no suit symmetry at all
        ("AKs, T9s:0.5, 55", ""),
        ("AhKh, 7c6c:0.5, QQ, JTs", "Ah 2c"),  # dead cards keep fewer permutations
        ("KQo:0.75, 98s, AA", "Ts 9s 8d"),
    ],
)
def test_the_sum_over_suit_classes_is_the_sum_over_every_flop(text: str, dead: str) -> None:
    made, draws = brute_force(text, dead)
    got = flop_analysis(text, dead=dead or None)
    assert got.made == pytest.approx(made, abs=1e-12)
    assert got.draws == pytest.approx(draws, abs=1e-12)
    assert got.flops == comb(52 - len(dead.split()), 3)


@settings(max_examples=6, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(ALL_COMBOS.tolist()), st.sampled_from(["", ":0.5", ":0.25"])),
        min_size=1,
        max_size=6,
    ),
    st.lists(st.integers(0, 51), max_size=3, unique=True),
)
def test_random_ranges_and_dead_cards_against_every_flop(
    picked: list[tuple[list[int], str]], dead_ids: list[int]
) -> None:
    """Any few combos, any weights, any dead cards: no suit symmetry is assumed."""
    from showdown.cards import Card

    text = ", ".join(
        str(Card.from_id(a)) + str(Card.from_id(b)) + weight for (a, b), weight in picked
    )
    dead = " ".join(str(Card.from_id(c)) for c in dead_ids)
    rng = parse_range(text)
    if all(set(c) & set(dead_ids) for c in rng.combos):
        with pytest.raises(RangeError):
            flop_analysis(text, dead=dead or None)
        return
    made, draws = brute_force(text, dead)
    got = flop_analysis(text, dead=dead or None)
    assert got.made == pytest.approx(made, abs=1e-12)
    assert got.draws == pytest.approx(draws, abs=1e-12)


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(["20%", "QQ+, AK", "AhKh, 7c6c:0.5", "JJ-55, AQs-A9s:0.5, KTo+", "5%"]),
    st.sampled_from(["", "Ah", "2c 7d", "Ks Kd Kh"]),
)
def test_classes_partition_and_counts_are_shares_times_the_total(text: str, dead: str) -> None:
    a = flop_analysis(text, dead=dead or None)
    rng = parse_range(text)
    used = {c.id for c in parse_cards(dead)} if dead else set()
    kept = [w for c, w in rng.items() if not set(c) & used]
    assert a.combos == len(kept)
    assert sum(a.made.values()) == pytest.approx(1.0)
    assert sum(a.made_combos.values()) == pytest.approx(sum(kept))
    for name in MADE:
        assert a.made_combos[name] == pytest.approx(a.made[name] * sum(kept), abs=1e-9)
    for name in DRAWS:
        assert 0 <= a.draws[name] <= 1
        assert a.draw_combos[name] == pytest.approx(a.draws[name] * sum(kept), abs=1e-9)
    doc = a.to_json()
    assert list(doc) == ["flops", "combos", "made", "draws", "made_combos", "draw_combos"]


def test_known_figures() -> None:
    """A pocket pair flops a third card of its rank 1 - C(48,3)/C(50,3) of the time, and
    a full house on trips of another rank 12 x 4 times out of C(50,3); suited cards flop
    a flush 11/50 x 10/49 x 9/48."""
    pair = flop_analysis("77")
    better = sum(pair.made[k] for k in ("set", "full house", "quads"))
    assert better == pytest.approx(1 - comb(48, 3) / comb(50, 3) + 12 * 4 / comb(50, 3))
    suited = flop_analysis("AhKh")
    assert suited.made["straight flush"] == pytest.approx(1 / comb(50, 3))  # Qh Jh Th
    flush = suited.made["flush"] + suited.made["straight flush"]
    assert flush == pytest.approx(11 / 50 * 10 / 49 * 9 / 48)


def test_bad_input() -> None:
    with pytest.raises(CardError, match="holdem only"):
        flop_analysis("AAxx", game="omaha")
    with pytest.raises(RangeError, match="no combo left"):
        flop_analysis("AhAd", dead="Ah")
    with pytest.raises(CardError):
        flop_analysis("AA", dead="Ah Ah")
