"""Seven-card stud (F7S), stud eight or better (F7S/8) and razz (FR) replayed and settled
by the native kernel (``phh_settle``) exactly as the engine and
:func:`~showdown.pots.resolution.resolve` do: antes, the bring-in posted (``pb``) or
completed, the completion reopening the betting, each round opened by the up cards
(:mod:`showdown.phh.upcards`: third street by the lowest card, in razz the highest; later
by the best hand showing, in razz the best low), small bets on third and fourth street,
big bets after; the best five of seven cards (razz: the best ace-to-five low; stud eight
or better: both halves), odd chips by the cards held (no button), the showdown from the
lowest seat or the last aggressor. With ``SHOWDOWN_BACKEND=numpy`` both sides are the
Python path.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.kernel_compare import assert_same, kernel_share, reference, room_hands
from helpers.phh_cases import vary
from showdown.hands import native as _backend
from showdown.phh.engine import HandState
from showdown.phh.errors import HistoryError
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import Settlement

pytestmark = pytest.mark.usefixtures("backend")

STUD = ("F7S", "F7S/8", "FR")


def stud_hand(rng: random.Random, code: str) -> HandHistory:
    n = rng.randint(2, 7)  # seven cards each from one deck
    stacks = [rng.choice([2, 5, 12, 40, 100, 250]) for _ in range(n)]
    fields = header(code, stacks, antes=[rng.choice([0, 1, 1, 2])] * n,
                    bring_in=rng.choice([0, 1, 1, 2]))
    return random_hand(rng, fields, fold=rng.choice([0.02, 0.1, 0.3]),
                       muck=rng.choice([0, 0.2]))


def hidden(rng: random.Random, h: HandHistory) -> HandHistory:
    """The hand as a room writes it for one player: the others' down cards unknown."""
    hero = f"p{rng.randint(1, h.player_count)}"
    actions = []
    for a in h.fields["actions"]:
        words = a.split()
        if words[:2] == ["d", "dh"] and words[2] != hero:
            cards = words[3]
            if len(cards) == 6:  # third street: two down, one up
                cards = "????" + cards[4:]
            elif rng.random() < 0.3:  # seventh street down, or an up card left out
                cards = "??"
            words[3] = cards
        actions.append(" ".join(words))
    return h.with_fields(actions=actions)


def varied_stud(rng: random.Random, code: str) -> HandHistory:
    h = stud_hand(rng, code)
    if rng.random() < 0.3:
        h = hidden(rng, h)
    return vary(rng, h, (0.4, [1, 2]), metadata=0.5)


@pytest.mark.parametrize("code", STUD)
def test_generated_stud_hands_settle_in_the_kernel_as_the_engine(code: str) -> None:
    rng = random.Random(code)
    hands = [stud_hand(rng, code) for _ in range(300)]
    assert_same(hands)
    actions = [a for h in hands for a in h.fields["actions"]]
    assert sum(a.endswith(" pb") for a in actions) > 50  # bring-ins posted
    settled = [s for s in map(reference, hands)
               if isinstance(s, Settlement) and s.showdown is not None]
    pots = [p for s in settled for p in s.showdown.pots]  # type: ignore[union-attr]
    assert sum(p.contested for p in pots) > 100
    if code == "F7S/8":
        assert sum(p.low is not None for p in pots) > 20
    if _backend.current() == "native":
        assert kernel_share(hands) == 1.0


@pytest.mark.parametrize("code", STUD)
def test_stud_hands_with_hidden_down_cards_settle_as_the_engine(code: str) -> None:
    """A room's hand: the other players' down cards unknown (``??``), a showdown then
    unknown unless they show or fold; the up cards still open each round."""
    rng = random.Random(f"hidden {code}")
    hands = [hidden(rng, stud_hand(rng, code)) for _ in range(150)]
    assert_same(hands)
    legal = [h for h in hands if not isinstance(reference(h), HistoryError)]
    assert len(legal) > 60  # (an up card left out may change who acts: an error)
    if _backend.current() == "native":
        assert kernel_share(legal) == 1.0


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(STUD))
def test_any_stud_hand_settles_as_the_engine(seed: int, code: str) -> None:
    """Whole chips or decimals, metadata and real seat numbers, legal or broken."""
    rng = random.Random(seed)
    assert_same([varied_stud(rng, code) for _ in range(3)])


def test_odd_chips_go_by_the_cards_held() -> None:
    """Tied hands: the odd chip to the highest card by suit (spades highest), in razz and
    in the low half to the lowest card (aces low, clubs lowest)."""
    hands = []
    for code, holes in [
        ("F7S", ["AcKd2c3d4h5s7c", "AsKc2d3h4s5c7d"]),  # the same straight: As wins it
        ("FR", ["Ac2d3h4s5c9d9h", "Ad2h3s4c5dTcTd"]),  # the same wheel: Ac is lowest
        ("F7S/8", ["Ac2d3h4s5cKcKd", "Ad2h3s4c5dKhKs"]),  # both halves tied
    ]:
        # p3 folds on third street: 3 antes and two all-in completions, an odd pot of 11
        fields = header(code, [5, 5, 5], antes=[1, 1, 1], bring_in=1, small_bet=4,
                        big_bet=8)
        fields["actions"] = [f"d dh p1 {holes[0][:6]}", f"d dh p2 {holes[1][:6]}",
                             f"d dh p3 QhQd{'2c' if code == 'FR' else 'Jc'}"]  # no bring-in
        state = HandState.start(HandHistory(fields))
        for k, text in enumerate(fields["actions"]):
            state.apply(k, text)
        while state.due()[0] == "act":
            i = state.due()[1]
            text = f"p{i + 1} " + ("f" if i == 2 else "cbr 4" if state.bring_in_due else "cc")
            state.apply(len(fields["actions"]), text)
            fields["actions"].append(text)
        for k in range(6, 14, 2):
            fields["actions"] += [f"d dh p1 {holes[0][k:k + 2]}",
                                  f"d dh p2 {holes[1][k:k + 2]}"]
        hands.append(HandHistory(fields))
    settled = [reference(h) for h in hands]
    assert all(isinstance(s, Settlement) and s.showdown is not None for s in settled), settled
    split = [s.showdown.pots[0] for s in settled]  # type: ignore[union-attr]
    assert [p.amount for p in split] == [11, 11, 11]
    assert split[0].shares == {2: 6, 1: 5}  # As: the odd chip
    assert split[1].shares == {1: 6, 2: 5}  # Ac
    assert split[2].low is not None and split[2].low.shares == {1: 3, 2: 2}
    assert_same(hands)
    if _backend.current() == "native":
        assert kernel_share(hands) == 1.0


def test_room_sample_stud_hands_settle_in_the_kernel_as_the_engine() -> None:
    hands = (room_hands("pokerstars-handwritten-stud-draw.txt", STUD)
             + room_hands("wpn-stud-hi-lo.txt", STUD))
    assert sorted(h.fields["variant"] for h in hands) == ["F7S", "F7S/8"]
    assert_same(hands)
    if _backend.current() == "native":
        assert kernel_share(hands) == 1.0
