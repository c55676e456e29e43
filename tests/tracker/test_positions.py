"""The positions' names by the players' place in dealing order (p1 the small blind, the
last player the button; heads-up p1 the big blind)."""

from __future__ import annotations

import pytest

from showdown.phh.engine import HandState
from showdown.phh.generate import header
from showdown.phh.notation import HandHistory
from showdown.tracker.positions import STEAL_POSITIONS, positions

TABLES = {
    2: "BB BTN",
    3: "SB BB BTN",
    4: "SB BB CO BTN",
    5: "SB BB HJ CO BTN",
    6: "SB BB UTG HJ CO BTN",
    7: "SB BB UTG LJ HJ CO BTN",
    8: "SB BB UTG UTG+1 LJ HJ CO BTN",
    9: "SB BB UTG UTG+1 UTG+2 LJ HJ CO BTN",
    10: "SB BB UTG UTG+1 UTG+2 UTG+3 LJ HJ CO BTN",
}


@pytest.mark.parametrize("count", sorted(TABLES))
def test_each_table_size(count: int) -> None:
    assert positions(count) == TABLES[count].split()


@pytest.mark.parametrize("count", range(2, 30))
def test_every_size_names_each_seat_once_and_ends_on_the_button(count: int) -> None:
    names = positions(count)
    assert len(names) == len(set(names)) == count
    assert names[-1] == "BTN" and names[-2 if count > 2 else 0] in {"CO", "BB"}
    if count >= 6:  # the first seat after the big blind is UTG
        assert names[2] == "UTG"
    if count >= 7:  # the three seats before the button, and UTG+1... between
        assert names[-4:-1] == ["LJ", "HJ", "CO"]
        assert names[3:-4] == [f"UTG+{k}" for k in range(1, count - 6)]
    assert STEAL_POSITIONS & set(names) == ({"BTN"} if count == 2 else
                                             {"SB", "BTN"} if count == 3 else STEAL_POSITIONS)


def test_the_list_is_a_copy() -> None:
    positions(6).append("XX")
    assert positions(6)[-1] == "BTN"


@pytest.mark.parametrize("count", range(2, 11))
def test_the_engine_posts_and_opens_in_this_order(count: int) -> None:
    """The big blind posts 2 and the small blind 1 (heads-up the button); preflop the seat
    after the big blind opens: heads-up and three-handed the button, then CO, HJ, UTG."""
    state = HandState.start(HandHistory(header("NT", [100] * count)))
    for i in range(count):
        state.apply(i, f"d dh p{i + 1} ????")
    names = positions(count)
    what, first = state.due()
    assert what == "act" and names[first] == {2: "BTN", 3: "BTN", 4: "CO", 5: "HJ"}.get(
        count, "UTG")
    small = "BTN" if count == 2 else "SB"
    assert (state.contributed[names.index("BB")], state.contributed[names.index(small)]) == (2, 1)


@pytest.mark.parametrize("count", [1, 0, -3])
def test_fewer_than_two_players_is_an_error(count: int) -> None:
    with pytest.raises(ValueError, match="2 players or more"):
        positions(count)
