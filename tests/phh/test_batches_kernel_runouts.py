"""Hands run more than once (``_runout_count``) replayed and settled by the native kernel
(``phh_settle``) exactly as the engine and :func:`~showdown.phh.runouts.combine_runs`
settle them: every pot's part per run, the odd chips to the earlier runs, each part
shared on its run's board; the boards of every run. Hands the kernel cannot settle so
(a run missing, a card dealt twice, a hand not all in) take the Python path, which
names the error. With ``SHOWDOWN_BACKEND=numpy`` both sides are the Python path."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.kernel_compare import assert_same, reference
from helpers.paths import ROOMS
from showdown.hands import native as _backend
from showdown.phh.corpus.batches import _kernel_results
from showdown.phh.corpus.read import read_file
from showdown.phh.errors import HistoryError
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import Settlement

pytestmark = pytest.mark.usefixtures("backend")



def run_hand(rng: random.Random, code: str, runs: int) -> HandHistory | None:
    """A random legal hand of ``code`` run ``runs`` times, or None when its betting did
    not end all in before the river (then it cannot be run again)."""
    n = rng.randint(2, 4 if code == "P5O" else 6)
    stacks = [rng.choice([3, 7, 20, 40, 100, 250]) for _ in range(n)]
    fields = header(code, stacks, antes=[rng.choice([0, 0, 1, 3])] * n)
    fields["_runout_count"] = runs
    try:
        return random_hand(rng, fields, fold=rng.choice([0.1, 0.3]), muck=rng.choice([0, 0.3]))
    except HistoryError:
        return None


def run_hands(seed: int, code: str, count: int, ran: bool = False) -> list[HandHistory]:
    """``count`` random hands run more than once (``ran``: only those whose board was
    really dealt more than once, not ended by folds)."""
    rng = random.Random(seed)
    hands: list[HandHistory] = []
    while len(hands) < count:
        h = run_hand(rng, code, rng.choice([2, 2, 3]))
        if h is not None and (not ran or sum(a.startswith("d db") for a in
                                             h.fields["actions"]) > 3):
            hands.append(h)
    return hands


def settled_in_kernel(hands: list[HandHistory]) -> int:
    return sum(r is not None for r in _kernel_results(hands))


@pytest.mark.parametrize("code", ["NT", "PO", "P5O", "FT", "PT"])
def test_generated_hands_run_more_than_once_settle_as_the_engine(code: str) -> None:
    hands = run_hands(hash(code) & 0xFFFF, code, 120)
    assert_same(hands)
    boards = [reference(h) for h in hands]
    ran = [h for h, s in zip(hands, boards, strict=True)
           if isinstance(s, Settlement) and s.replay.boards]
    assert len(ran) > 30  # the generator really runs hands more than once
    if _backend.current() == "native":
        assert settled_in_kernel(ran) == len(ran)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["NT", "PO", "FT"]),
       st.sampled_from(["drop", "repeat", "once", "more", "bad count"]))
def test_broken_hands_run_more_than_once_settle_as_the_engine(
        seed: int, code: str, how: str) -> None:
    """A run's last card dropped (partial), a card of the first run dealt again, the count
    lowered or raised, a count that is no whole number: the same result or error."""
    [h] = run_hands(seed, code, 1, ran=True)
    actions = list(h.fields["actions"])
    deals = [k for k, a in enumerate(actions) if a.startswith("d db ")]
    runs = h.fields["_runout_count"]
    if how == "drop":
        del actions[deals[-1]]
        h = h.with_fields(actions=actions)
    elif how == "repeat":
        actions[deals[-1]] = "d db " + actions[deals[0]][5:7]
        h = h.with_fields(actions=actions)
    elif how == "once":
        h = h.with_fields(_runout_count=runs - 1)
    elif how == "more":
        h = h.with_fields(_runout_count=runs + 1)
    else:
        h = h.with_fields(_runout_count=random.Random(seed).choice([0, 10, 2.0, "2", True]))
    assert_same([h])


@pytest.mark.parametrize("name", sorted(
    p.name for p in ROOMS.iterdir() if "run-twice" in p.name))
def test_every_room_hand_run_twice_settles_in_the_kernel_as_the_engine(name: str) -> None:
    hands = [h for h in read_file(ROOMS / name)[1] if isinstance(h, HandHistory)]
    twice = [h for h in hands if h.fields.get("_runout_count", 1) > 1]
    assert twice
    assert_same(hands)
    if _backend.current() == "native":
        assert settled_in_kernel(twice) == len(twice)
