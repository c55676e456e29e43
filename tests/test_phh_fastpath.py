"""The lean replay of everyday hands answers exactly as the general engine, or not at all."""

from __future__ import annotations

import random
from dataclasses import astuple

import pytest

from showdown.phh.engine import HandState, replay
from showdown.phh.errors import HistoryError
from showdown.phh.fastpath import fast_replay
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory
from showdown.phh.replayed import Replay
from showdown.phh.rules import find

BLIND_BOARD = ("NT", "NS", "PO", "FT", "FO/8")


def general(h: HandHistory) -> Replay | None:
    """The general engine's replay, or None when it rejects the hand."""
    try:
        state = HandState.start(h)
        for k, text in enumerate(h.fields["actions"]):
            state.apply(k, text)
        return state.result()
    except HistoryError:
        return None


def random_case(rng: random.Random, code: str) -> HandHistory:
    n = rng.randint(2, 6)
    stacks = [rng.choice([3, 7, 40, 100, 250]) for _ in range(n)]
    antes = [rng.choice([0, 0, 1, 3])] * n
    if rng.random() < 0.2:
        antes = [0] * n
        antes[1 if n > 2 else 0] = 2
    fields = header(code, stacks, antes=antes)
    if rng.random() < 0.2 and n > 3:  # a straddle
        fields["blinds_or_straddles"] = [1, 2, 4] + [0] * (n - 3)
    return random_hand(rng, fields, unknown=rng.choice([0, 0, 0.3]),
                       fold=rng.choice([0.1, 0.3, 0.6]), muck=rng.choice([0, 0.3]))


def in_cents(h: HandHistory) -> HandHistory:
    """The hand in dollars and cents: every amount divided by 100 (0.5, 2.25, ...)."""
    changes: dict[str, object] = {}
    for key in ("antes", "blinds_or_straddles", "starting_stacks"):
        changes[key] = [v / 100 for v in h.fields[key]]
    for key in ("min_bet", "small_bet", "big_bet"):
        if key in h.fields:
            changes[key] = h.fields[key] / 100
    changes["actions"] = [
        f"{a.rpartition(' ')[0]} {int(a.rpartition(' ')[2]) / 100:.2f}" if " cbr " in a else a
        for a in h.fields["actions"]
    ]
    return h.with_fields(**changes)


def broken(rng: random.Random, h: HandHistory) -> HandHistory:
    """The hand with one action dropped, doubled, swapped, re-sized or replaced."""
    actions = list(h.fields["actions"])
    k = rng.randrange(len(actions))
    how = rng.randrange(6)
    if how == 0:
        del actions[k]
    elif how == 1:
        actions.insert(k, actions[k])
    elif how == 2 and k + 1 < len(actions):
        actions[k], actions[k + 1] = actions[k + 1], actions[k]
    elif how == 3:
        raises = [j for j, a in enumerate(actions) if " cbr " in a]
        if raises:
            j = rng.choice(raises)
            who, _, amount = actions[j].split()
            actions[j] = f"{who} cbr {int(amount) + rng.choice([-3, -1, 1, 2, 50])}"
    elif how == 4:
        who = actions[k].split()[0]
        if who != "d":
            actions[k] = f"{who} {rng.choice(['f', 'cc', 'cbr 9', 'sm', 'pb', 'sd'])}"
    else:
        actions = actions[:k]
    return h.with_fields(actions=actions)


@pytest.mark.parametrize("code", BLIND_BOARD)
def test_legal_hands_replay_exactly_as_the_engine(code: str) -> None:
    rng = random.Random(code)
    answered = 0
    for k in range(150):
        h = random_case(rng, code)
        if k % 3 == 0:
            h = in_cents(h)
        ours = fast_replay(h, find(code))
        theirs = general(h)
        assert theirs is not None
        if ours is not None:
            answered += 1
            assert astuple(ours) == astuple(theirs), h.fields["actions"]
        assert astuple(replay(h)) == astuple(theirs)
    assert answered > 100  # the everyday hands do take the lean path


@pytest.mark.parametrize("code", BLIND_BOARD)
def test_broken_hands_are_left_to_the_engine(code: str) -> None:
    rng = random.Random(f"broken {code}")
    rejected = 0
    for k in range(300):
        h = broken(rng, random_case(rng, code))
        if k % 3 == 0:
            h = in_cents(h)
        ours = fast_replay(h, find(code))
        theirs = general(h)
        if theirs is None:
            rejected += 1
            assert ours is None, h.fields["actions"]
        elif ours is not None:
            assert astuple(ours) == astuple(theirs), h.fields["actions"]
    assert rejected > 50


def test_other_variants_and_unusual_hands_take_the_general_path() -> None:
    rng = random.Random(4)
    for code in ("F7S", "FR", "F2L3D", "FB", "N2L1D"):
        h = random_hand(rng, header(code, [50, 50, 50]))
        assert fast_replay(h, find(code)) is None and general(h) is not None
    h = random_hand(rng, header("NT", [50, 50, 50]))
    actions = h.fields["actions"]
    for changed in (
        [actions[0] + " # a note", *actions[1:]],  # a comment
        [a.replace(" cbr ", " cbr 0") + ".0" if " cbr " in a else a for a in actions],
    ):
        assert fast_replay(h.with_fields(actions=changed), find("NT")) is None
    for decimal in (h.with_fields(min_bet=2.5), in_cents(h)):  # decimals: the engine's units
        fast = fast_replay(decimal, find("NT"))
        assert fast is not None and fast.scale == (10 if decimal.fields["min_bet"] == 2.5 else 100)
        assert astuple(fast) == astuple(general(decimal))  # type: ignore[arg-type]
    whole = [a + ".5" if " cbr " in a else a for a in actions]  # a decimal bet, whole fields
    assert fast_replay(h.with_fields(actions=whole), find("NT")) is None
