"""The kernel's replay answers as the engine on the rules the rooms' hands needed: fixed
limit with short stacks (all-ins for less, the half-bet reopening, the raises that
complete the bet or count a half-bet all-in as full, seven card stud's big bet over an
open pair), live blinds posted out of position (``_late_blinds``) and dead money (one
player's unequal ante) in no and pot limit, on random legal hands the engine generates.
"""

from __future__ import annotations

import random

import pytest

from helpers.kernel_compare import assert_same, kernel_share
from showdown.hands import native as _backend
from showdown.phh.engine import HandState
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory

pytestmark = pytest.mark.usefixtures("backend")

#: The most players each fixed-limit game deals to from one deck.
LIMIT_GAMES = {"FT": 6, "FO/8": 5, "FB": 4, "F2L3D": 3, "F7S": 6, "F7S/8": 6, "FR": 6}


def _limit_hand(rng: random.Random, code: str) -> HandHistory:
    n = rng.randint(2, LIMIT_GAMES[code])
    stacks = [rng.choice([3, 5, 7, 9, 13, 40, 100]) for _ in range(n)]
    stud = code in ("F7S", "F7S/8", "FR")
    forced = {"bring_in": 1} if stud else {"blinds_or_straddles": [2, 4] + [0] * (n - 2)}
    return random_hand(rng, header(code, stacks, small_bet=4, big_bet=8, **forced), fold=0.1)


def _room_raises(hands: list[HandHistory]) -> int:
    """How many raises of the hands only the rooms' fixed-limit rules allow."""
    count = 0
    for h in hands:
        state = HandState.start(h)
        for k, action in enumerate(h.actions):
            words = action.split()
            if words[1:2] == ["cbr"]:
                i = int(words[0][1:]) - 1
                if int(words[2]) in state.limit_alternatives(i):
                    count += 1
            state.apply(k, action)
    return count


@pytest.mark.parametrize("code", sorted(LIMIT_GAMES))
def test_short_stacked_limit_hands_settle_in_the_kernel_as_the_engine(code: str) -> None:
    rng = random.Random(f"limit {code}")
    hands = [_limit_hand(rng, code) for _ in range(150)]
    assert_same(hands)
    if _backend.current() == "native":
        assert kernel_share(hands) == 1
    if code in ("FT", "FB", "F7S"):  # the rooms' raises are among them
        assert _room_raises(hands) > 3


@pytest.mark.parametrize("code", ["NT", "PO"])
def test_late_blinds_and_dead_money_settle_in_the_kernel_as_the_engine(code: str) -> None:
    rng = random.Random(f"late {code}")
    hands = []
    for _ in range(150):
        n = rng.randint(3, 6)
        stacks = [rng.choice([30, 80, 200, 500]) for _ in range(n)]
        extra: dict[str, object] = {}
        if rng.random() < 0.5:  # a live big blind posted on the button
            extra["_late_blinds"] = [0] * (n - 1) + [2]
        if rng.random() < 0.5:  # a dead small blind, written as an ante
            antes = [0] * n
            antes[rng.randrange(2, n)] = 1
            extra["antes"] = antes
        hands.append(random_hand(rng, header(code, stacks, **extra), fold=0.4))
    assert_same(hands)
    if _backend.current() == "native":
        assert kernel_share(hands) == 1
