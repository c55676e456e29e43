"""A player's breakdown given the other players' cards (issue 35 item 2), and the
breakdown as weighted combos: each combo weighed by the share of every other player's
range it leaves, against a pair-by-pair count written here."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.cards import parse_cards
from showdown.odds.per_combo import per_combo_equity
from showdown.odds.ranges import RangeError, parse_range
from showdown.odds.ranges.blockers import compatible_weight
from showdown.odds.ranges.breakdown import DRAWS, MADE, breakdown
from showdown.odds.ranges.omaha import parse_omaha_range


def test_the_issue_spot_counts_the_combos_of_the_per_combo_table() -> None:
    per_combo = per_combo_equity(["AhKh", "20%"], board="Qh Jh 3c").to_json()["per_combo"][1]
    alone = breakdown("20%", "Qh Jh 3c")
    theirs = breakdown("20%", "Qh Jh 3c", against=["AhKh"])
    assert alone.combos == 231 and alone.draws["nut flush draw"] > 0
    assert theirs.combos == len(per_combo) == 187
    assert sum(theirs.made_combos.values()) == pytest.approx(187)
    assert theirs.draws["nut flush draw"] == 0 == theirs.draw_combos["nut flush draw"]
    # the known hand's own breakdown: the other range only scales its weight
    mine = breakdown("AhKh", "Qh Jh 3c", against=["20%"])
    assert mine.made == breakdown("AhKh", "Qh Jh 3c").made and mine.combos == 1
    assert mine.made_combos["ace high"] == pytest.approx(187 / 231)


def _pairwise(hero: str, others: list[str], board: str) -> dict[tuple[int, ...], float]:
    """Each hero combo's weight times, per other player, the weight of that player's
    combos sharing no card with it or the board, over that player's weight on the board."""
    used = {c.id for c in parse_cards(board)}
    mine = {c: w for c, w in parse_range(hero).items() if not set(c) & used}
    out = {}
    for combo, weight in mine.items():
        for text in others:
            live = [(c, w) for c, w in parse_range(text).items() if not set(c) & used]
            total = sum(w for _, w in live)
            weight *= sum(w for c, w in live if not set(c) & set(combo)) / total
        if weight > 0:
            out[combo] = weight
    return out


@pytest.mark.parametrize(
    ("hero", "others", "board"),
    [
        ("20%", ["AhKh"], "Qh Jh 3c"),
        ("QQ+, AK, KQs:0.5, 76s:0.25", ["AA, KK:0.5, AhQd", "JJ-88, T9s:0.3"], "Kh 9h 4c"),
        ("random", ["AcAd", "Ks9s:0.5, KK"], "Kd Qc Tc 9h"),
    ],
)
def test_weights_are_the_compatible_shares(hero: str, others: list[str], board: str) -> None:
    want = _pairwise(hero, others, board)
    got = breakdown(hero, board, against=others)
    assert got.combos == len(want)
    assert sum(got.made_combos.values()) == pytest.approx(sum(want.values()), rel=1e-12)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(list(itertools.combinations(range(52), 2))), min_size=1, max_size=30),
    st.lists(st.sampled_from(list(itertools.combinations(range(52), 2))), min_size=1, max_size=30),
    st.lists(st.sampled_from([0.25, 0.5, 1.0]), min_size=30, max_size=30),
)
def test_compatible_weight_is_the_pairwise_sum(
    hands: list[tuple[int, int]], combos: list[tuple[int, int]], weights: list[float]
) -> None:
    w = np.array(weights[: len(combos)])
    got = compatible_weight(np.array(hands), np.array(combos), w)
    want = [sum(x for c, x in zip(combos, w, strict=True) if not set(c) & set(h)) for h in hands]
    assert got == pytest.approx(want, abs=1e-12)


def test_omaha_hands_against_omaha_and_holdem_sized_combos() -> None:
    rng = parse_omaha_range("AAKKds")
    theirs = parse_omaha_range("AAxx")
    got = compatible_weight(rng.combos[:20], theirs.combos, theirs.weights)
    want = [sum(not set(h) & set(c) for c in theirs.combos.tolist()) for h in rng.combos[:20]]
    assert got.tolist() == want
    b = breakdown("AAKKds", "Qh Jh 3c", game="omaha", against=["AhQsQd9c"])
    used = {c.id for c in parse_cards("Ah Qs Qd 9c Qh Jh 3c")}
    assert b.combos == sum(not set(h) & used for h in rng.combos.tolist())


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["20%", "QQ+, AK", "random", "JJ-55, AQs-A9s:0.5, KTo+"]),
    st.sampled_from(["AhKh", "10%", "QsQd, 99:0.5", "random"]),
    st.sampled_from(["Qh Jh 3c", "9s 8s 7s", "Ah 5d 4c 2s", "Kd Qc Tc 9h 2d"]),
)
def test_classes_partition_and_counts_are_shares_times_the_total(
    hero: str, other: str, board: str
) -> None:
    try:
        b = breakdown(hero, board, against=[other])
    except RangeError:
        return  # the other hand takes every combo (or touches the board): said, not computed
    total = sum(b.made_combos.values())
    assert sum(b.made.values()) == pytest.approx(1.0)
    assert list(b.made) == list(MADE) and list(b.draws) == list(DRAWS)
    for name in MADE:
        assert b.made_combos[name] == pytest.approx(b.made[name] * total, abs=1e-9)
    for name in DRAWS:
        assert b.draw_combos[name] == pytest.approx(b.draws[name] * total, abs=1e-9)
        assert b.draw_combos[name] <= total + 1e-9


def test_a_hand_taking_every_combo_is_said() -> None:
    with pytest.raises(RangeError, match="no combo left"):
        breakdown("AhAd", "Qh Jh 3c", against=["AhAd"])
    with pytest.raises(RangeError, match="no combo left"):
        breakdown("AA", "Qh Jh 3c", against=["QhJd"])
