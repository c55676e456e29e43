"""Short-deck Hold'em (NS: 36 cards, six to ace) replayed and settled by the native
kernel (``phh_settle``) exactly as the engine and :func:`~showdown.pots.resolution.resolve`
do, ranked on the short-deck ladder (a flush above a full house, the ace-to-nine
straight); a card outside the short deck leaves the hand to the Python path, which
names the error. With ``SHOWDOWN_BACKEND=numpy`` both sides are the Python path.
"""

from __future__ import annotations

import random

import pytest

from helpers.kernel_compare import assert_same, reference
from showdown.hands import native as _backend
from showdown.phh.corpus.batches import _kernel_results
from showdown.phh.errors import HistoryError
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import Settlement

pytestmark = pytest.mark.usefixtures("backend")


def short_hand(rng: random.Random) -> HandHistory:
    n = rng.randint(2, 5)
    fields = header("NS", [rng.choice([3, 7, 40, 100, 250]) for _ in range(n)],
                    antes=[rng.choice([0, 0, 1])] * n)
    return random_hand(rng, fields, unknown=rng.choice([0, 0, 0.3]),
                       fold=rng.choice([0.05, 0.3]), muck=rng.choice([0, 0.2]))


def test_short_deck_hands_settle_in_the_kernel_as_the_engine() -> None:
    rng = random.Random("NS")
    hands = [short_hand(rng) for _ in range(300)]
    assert_same(hands)
    ranks = {r for h in hands
             if isinstance(s := reference(h), Settlement) and s.showdown is not None
             for r in s.showdown.ranks.values()}
    assert len(ranks) > 100  # many short-deck values, not a handful
    if _backend.current() == "native":
        assert all(r is not None for r in _kernel_results(hands))


@pytest.mark.parametrize("card", ["2c", "5s", "4h"])
def test_a_card_outside_the_short_deck_is_the_engines_error(card: str) -> None:
    rng = random.Random(card)
    hands = []
    for _ in range(20):
        h = short_hand(rng)
        actions = list(h.fields["actions"])
        k = rng.choice([j for j, a in enumerate(actions) if a.startswith("d d")])
        words = actions[k].split()
        cards = words[-1]
        spot = 2 * rng.randrange(len(cards) // 2)
        words[-1] = cards[:spot] + card + cards[spot + 2:]
        actions[k] = " ".join(words)
        hands.append(h.with_fields(actions=actions))
    assert all(isinstance(reference(h), HistoryError) for h in hands)
    assert_same(hands)
    if _backend.current() == "native":
        assert all(r is None for r in _kernel_results(hands))
