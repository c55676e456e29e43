"""The draw games (five-card draw N5CD, P5CD, F5CD and deuce-to-seven single draw N2L1D:
five hole cards, a round, one draw, a round; deuce-to-seven triple draw F2L3D and badugi
FB: three draws, four cards in badugi) replayed and settled by the native kernel
(``phh_settle``) exactly as the engine and :func:`~showdown.pots.resolution.resolve` do:
the discards in turn (a card discarded may be dealt again, a ``??`` held goes for a card
not held), the cards owed dealt, each later round from p1, the hole cards ranked alone
(high, deuce-to-seven low or badugi). Hands the kernel does not
take (cards owed dealt in parts, a bet before they are dealt, an illegal draw) take
the Python path, which names the error. With ``SHOWDOWN_BACKEND=numpy`` both sides are
the Python path."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.kernel_compare import assert_same, reference, room_hands
from showdown.hands import native as _backend
from showdown.phh.corpus.batches import _kernel_results
from showdown.phh.errors import HistoryError
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory

pytestmark = pytest.mark.usefixtures("backend")

DRAW_GAMES = ("N5CD", "P5CD", "F5CD", "N2L1D", "F2L3D", "FB")
#: Most players per game: every card dealt and drawn comes from one deck.
MOST_PLAYERS = {"F2L3D": 3, "FB": 4}


def draw_hand(rng: random.Random, code: str) -> HandHistory:
    n = rng.randint(2, MOST_PLAYERS.get(code, 5))
    stacks = [rng.choice([3, 7, 20, 40, 100, 250]) for _ in range(n)]
    fields = header(code, stacks, antes=[rng.choice([0, 0, 1, 3])] * n)
    # (unknown hole cards: random_hand cannot show them after a draw; the "??" discards
    # are varied in the broken hands below)
    return random_hand(rng, fields, fold=rng.choice([0.1, 0.3, 0.6]), muck=rng.choice([0, 0.3]))


@pytest.mark.parametrize("code", DRAW_GAMES)
def test_generated_draw_hands_settle_as_the_engine(code: str) -> None:
    rng = random.Random(code)
    hands = [draw_hand(rng, code) for _ in range(200)]
    assert_same(hands)
    drawn = [h for h in hands if any(" sd" in a for a in h.fields["actions"])]
    assert len(drawn) > 50  # the generator really reaches the draw
    if _backend.current() == "native":
        settled = sum(r is not None for r in _kernel_results(drawn))
        assert settled == len(drawn)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(DRAW_GAMES),
       st.sampled_from(["cut", "discard twice", "not held", "deal less", "deal more",
                        "deal again", "stand pat", "swap turns", "unknown"]))
def test_broken_draw_hands_settle_as_the_engine(seed: int, code: str, how: str) -> None:
    """The actions cut short, a card discarded twice or not held, the cards owed dealt
    short, long or already out, a discard turned into standing pat, two discards
    swapped, a drawing player's cards unknown (``??`` discarded for the cards named):
    the same result or error both ways."""
    rng = random.Random(seed)
    h = draw_hand(rng, code)
    while not any(" sd " in a for a in h.fields["actions"]):
        h = draw_hand(rng, code)
    actions = list(h.fields["actions"])
    draws = [k for k, a in enumerate(actions) if " sd" in a]
    redeals = [k for k, a in enumerate(actions) if a.startswith("d dh") and k > draws[0]]
    k = rng.choice([d for d in draws if actions[d].count(" ") == 2] or draws)
    words = actions[k].split()
    if how == "cut":
        actions = actions[:rng.randrange(len(actions))]
    elif how == "discard twice" and len(words) == 3:
        actions[k] = f"{words[0]} sd {words[2][:2]}{words[2][:2]}"
    elif how == "not held" and len(words) == 3:
        actions[k] = f"{words[0]} sd {'2c' if words[2][:2] != '2c' else '2d'}"
    elif how == "stand pat":
        actions[k] = f"{words[0]} sd"
    elif how == "unknown":  # the drawing player's first cards unknown: "??" discarded
        j = next(j for j, a in enumerate(actions) if a.startswith(f"d dh {words[0]} "))
        actions[j] = f"d dh {words[0]} " + "??" * (4 if code == "FB" else 5)
    elif how == "swap turns" and len(draws) > 1:
        actions[draws[0]], actions[draws[1]] = actions[draws[1]], actions[draws[0]]
    elif redeals:
        j = rng.choice(redeals)
        deal = actions[j].split()
        if how == "deal less" and len(deal[3]) > 2:
            actions[j] = " ".join([*deal[:3], deal[3][2:]])
        elif how == "deal more":
            actions[j] = " ".join([*deal[:3], deal[3] + "??"])
        elif how == "deal again":
            first = next(a for a in actions if a.startswith("d dh"))
            actions[j] = " ".join([*deal[:3], first.split()[3][:len(deal[3])]])
    assert_same([h.with_fields(actions=actions)])


@pytest.mark.parametrize("code", ["NT", "PO", "FT", "NS", "PO/8", *DRAW_GAMES])
def test_hole_cards_not_dealt_are_unknown_in_the_kernel_as_in_the_engine(code: str) -> None:
    """A file that deals only some players' cards (a room's hand deals the hero's): the
    others hold unknown cards from the first bet on (``dealing.CardsInPlay._fill_unknown_holes``),
    and after a draw the cards owed but not dealt are unknown too; the kernel settles
    those hands (or finds a needed hand unknown) as the engine does."""
    rng = random.Random(f"undealt {code}")
    hands = []
    for _ in range(150):
        h = draw_hand(rng, code)
        actions = [a for a in h.fields["actions"]
                   if not (a.startswith("d dh") and rng.random() < 0.4)]
        hands.append(h.with_fields(actions=actions))
    assert_same(hands)
    legal = [h for h in hands if not isinstance(reference(h), HistoryError)]
    assert len(legal) > 30
    if _backend.current() == "native":
        assert sum(r is not None for r in _kernel_results(legal)) == len(legal)


def test_room_sample_draw_hands_settle_in_the_kernel_as_the_engine() -> None:
    """The triple draw hand of a PokerStars sample, as its reader writes it."""
    hands = room_hands("pokerstars-handwritten-stud-draw.txt", DRAW_GAMES)
    assert [h.fields["variant"] for h in hands] == ["F2L3D"]
    assert_same(hands)
    if _backend.current() == "native":
        assert all(r is not None for r in _kernel_results(hands))
