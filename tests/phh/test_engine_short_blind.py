"""The engine's rule for a big blind posted all in for less (no and pot limit): the full
big blind (``min_bet``) stays owed preflop and stays the unit of a raise; a bet to exactly
it completes it; an all-in for less may be any amount; anything else between is an
illegal raise. The native kernel's replay follows the same rule (compared hand by hand).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from showdown.hands import native as _backend
from showdown.phh.corpus.batches import _kernel_results, settle_each
from showdown.phh.engine import HandState
from showdown.phh.errors import HistoryError, IllegalAction
from showdown.phh.generate import header
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import Settlement, settle

pytestmark = pytest.mark.usefixtures("backend")

BIG = 20  # min_bet, the full big blind
HOLE = {"NT": "??" * 2, "PO": "??" * 4}  # unknown hole cards


@st.composite
def layouts(draw: st.DrawFn) -> dict[str, object]:
    """A table whose big blind (p2) posts all in for less than BIG: the small blind may be
    above or below what the big blind posted (Winamax freeroll hand -50-1428523453)."""
    n = draw(st.integers(3, 6))
    small = draw(st.integers(1, BIG - 1))
    ante = draw(st.sampled_from([0, 0, 1, 2]))
    # the big blind's whole stack (the ante alone: "posts big blind 0 and is all-in")
    short = draw(st.integers(max(ante, 1), ante + BIG - 1))
    stacks = [draw(st.integers(small + ante + 1, 200)), short,
              *[draw(st.integers(ante + 1, 200)) for _ in range(n - 2)]]
    return header(draw(st.sampled_from(["NT", "PO"])), stacks, antes=[ante] * n,
                  blinds_or_straddles=[small, BIG] + [0] * (n - 2), min_bet=BIG)


def dealt(fields: dict[str, object]) -> HandState:
    n = len(fields["starting_stacks"])  # type: ignore[arg-type]
    state = HandState.start(HandHistory(dict(fields)))
    for k in range(n):
        state.apply(k, f"d dh p{k + 1} {HOLE[str(fields['variant'])]}")
    return state


def legal(fields: dict[str, object], *actions: str) -> bool:
    state = dealt(fields)
    try:
        for k, text in enumerate(actions):
            state.apply(k, text)
    except IllegalAction:
        return False
    return True


@settings(max_examples=300)
@given(layouts(), st.data())
def test_the_first_to_act_may_complete_go_all_in_or_raise_from_the_full_blind(
        fields: dict[str, object], data: st.DataObject) -> None:
    state = dealt(fields)
    assume(state.queue)
    first = state.queue[0]
    total = state.stacks[first] + state.bets[first]
    posted = state.max_bet
    assert state.full_blind_owed()
    me = f"p{first + 1}"
    # a raise needs a player who could call it (else the rooms' "call" is written cc)
    assume(any(state.stacks[j] + state.bets[j] > posted and not state.folded[j]
               for j in range(state.n) if j != first))
    assert legal(fields, f"{me} cbr {BIG}") == (total >= BIG)  # the completion
    if posted < total < 2 * BIG:
        assert legal(fields, f"{me} cbr {total}")  # all in for less, any amount
    between = data.draw(st.integers(posted + 1, BIG + 1))
    if between not in (BIG, total):  # neither a completion nor all in
        assert not legal(fields, f"{me} cbr {between}")
    # a raise counts from the full big blind: at least to 2 * BIG
    assert legal(fields, f"{me} cbr {2 * BIG}") == (total >= 2 * BIG)
    if total > 2 * BIG - 1:
        assert not legal(fields, f"{me} cbr {2 * BIG - 1}")


@settings(max_examples=150)
@given(layouts())
def test_after_the_completion_bets_are_at_least_the_full_big_blind(
        fields: dict[str, object]) -> None:
    state = dealt(fields)
    n = state.n
    assume(state.queue)
    first = state.queue[0]
    stacks = fields["starting_stacks"]
    assert isinstance(stacks, list)
    rich = [i for i in range(n) if i != 1 and stacks[i] > 3 * BIG]
    if first not in rich or len(rich) < 2:
        return
    actions = [f"p{first + 1} cbr {BIG}"]
    for k in range(1, n):
        j = (first + k) % n
        if j != 1:  # the big blind is all in
            actions.append(f"p{j + 1} {'cc' if j in rich else 'f'}")
    flop = [*actions, "d db 2c3d4h"]
    opener = min(rich)
    assert legal(fields, *flop, f"p{opener + 1} cbr {BIG}")
    assert not legal(fields, *flop, f"p{opener + 1} cbr {BIG - 1}")  # once lowered min_bet


def _outcome(s: Settlement | HistoryError) -> tuple[object, ...]:
    if isinstance(s, HistoryError):
        return ("error", str(s))
    sd = s.showdown
    return (s.finishing, s.winnings, s.replay.contributed, s.replay.inferred,
            None if sd is None else (sd.pots, sd.returned))


def _reference(h: HandHistory) -> Settlement | HistoryError:
    try:
        return settle(h)
    except HistoryError as exc:
        return exc


def _finish(rng: random.Random, fields: dict[str, object], actions: list[str],
            state: HandState) -> HandHistory:
    """Play the hand on from ``state`` with random legal actions."""
    deck = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    rng.shuffle(deck)
    while True:
        what, who = state.due()
        if what == "over":
            break
        if what == "show":
            live = [i for i in range(state.n) if not state.folded[i] and not state.shown[i]]
            if not live:
                break
            text = f"p{live[0] + 1} sm {''.join(deck.pop() for _ in state.holes[live[0]])}"
        elif what == "board":
            text = f"d db {''.join(deck.pop() for _ in range(who))}"
        elif what != "act":
            break
        else:
            me, total = f"p{who + 1}", state.stacks[who] + state.bets[who]
            try:
                low, high = state.raise_limits(who)
                choices = [f"{me} cc", f"{me} f", f"{me} cbr {rng.randint(low, high)}"]
                if state.full_blind_owed():  # as the rooms write a call of the full blind
                    choices += [f"{me} cbr {min(total, BIG)}"] * 3
                text = rng.choice(choices)
            except IllegalAction:
                text = f"{me} cc"
            if text.endswith(" f") and not state.to_call(who):
                text = f"p{who + 1} cc"
        state.apply(len(actions), text)
        actions.append(text)
    return HandHistory(dict(fields, actions=actions))


@settings(max_examples=100)
@given(layouts(), st.integers(0, 2**32))
def test_the_kernel_replays_short_blind_hands_as_the_engine(
        fields: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    state = dealt(fields)
    actions = [f"d dh p{k + 1} {HOLE[str(fields['variant'])]}" for k in range(state.n)]
    hand = _finish(rng, fields, actions, state)
    broken = hand.with_fields(actions=[
        a.replace(f"cbr {BIG}", f"cbr {BIG - 1}") for a in hand.fields["actions"]])
    hands = [hand, broken]
    assert [_outcome(s) for s in settle_each(hands)] == [_outcome(_reference(h))
                                                       for h in hands]
    if _backend.current() == "native":
        assert _kernel_results([hand])[0] is not None  # the kernel settled it itself
