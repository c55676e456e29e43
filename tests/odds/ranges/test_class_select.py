"""A sub-range by the classes it hits (issue 35): the union of the combos whose made
class or some draw is asked for, each combo with its weight, checked against each
combo's own breakdown."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.cards import Card, CardError, parse_cards
from showdown.odds.ranges import RangeError, parse_range
from showdown.odds.ranges.breakdown import DRAWS, MADE, breakdown
from showdown.odds.ranges.class_select import GROUPS, read_classes, select


def _classes_of(combo: tuple[int, int], board: str) -> set[str]:
    """The made class and the draws of one combo, from its own breakdown."""
    text = "".join(str(Card.from_id(c)) for c in combo)
    b = breakdown(text, board)
    return {k for k, v in {**b.made, **b.draws}.items() if v > 0}


@settings(max_examples=20, deadline=None)
@given(
    st.sampled_from(["20%", "QQ+, AK, KQs:0.5, 76s:0.25", "JJ-55, AQs-A9s:0.5, T9s, 87s"]),
    st.sampled_from(["Qh Jh 3c", "9s 8s 7s", "Kh 9h 4c 2d", "Ah 5d 4c"]),
    st.lists(st.sampled_from([*MADE, *DRAWS, *GROUPS]), min_size=1, max_size=4),
)
def test_select_is_the_union_of_the_classes(text: str, board: str, classes: list[str]) -> None:
    wanted = read_classes(classes)
    picked = select(text, board, classes)
    rng = parse_range(text)
    used = {c.id for c in parse_cards(board)}
    for combo, weight in rng.items():
        if set(combo) & used:
            assert combo not in picked
            continue
        hit = bool(_classes_of(combo, board) & wanted)
        assert (combo in picked) == hit, combo
        if hit:
            assert picked.weight(combo) == weight


def test_groups_and_names() -> None:
    assert read_classes("top_pair_or_better") == set(MADE[: MADE.index("overpair") + 4])
    assert "pocket pair below top pair" not in read_classes("top_pair_or_better")
    assert read_classes(["Top Pair, Top Kicker", "open-ended"]) == {
        "top pair, top kicker",
        "open-ended",
    }
    assert read_classes("two pair, top pair, weak kicker,gutshot") == {
        "two pair",
        "top pair, weak kicker",
        "gutshot",
    }
    with pytest.raises(RangeError, match="unknown class 'top pair'"):
        read_classes("top pair, kicker")
    with pytest.raises(RangeError, match="no class"):
        read_classes(" , ")


def test_against_leaves_out_the_blocked_combos() -> None:
    picked = select("20%", "Qh Jh 3c", "flush_draws", against=["AhKh"])
    assert picked.canonical() == "Th9h"
    assert select("20%", "Qh Jh 3c", "nut flush draw", against=["AhKh"]).canonical() == "AA:0"
    alone = select("20%", "Qh Jh 3c", "nut flush draw")
    assert len(alone) == 8 and all(50 in c or 46 in c for c in alone)  # Ah or Kh


def test_bad_input() -> None:
    with pytest.raises(CardError, match="holdem only"):
        select("AAxx", "Qh Jh 3c", "set", game="omaha")
    with pytest.raises(CardError, match="3, 4 or 5"):
        select("AA", "Qh Jh", "set")
