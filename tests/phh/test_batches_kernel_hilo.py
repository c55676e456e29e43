"""Omaha eight or better (PO/8, FO/8, P5O/8) replayed and settled by the native kernel
(``phh_settle``) exactly as the engine and :func:`~showdown.pots.resolution.resolve` do:
each pot halved between the best high and the best qualifying low (exactly two hole and
three board cards for each half, the odd chip to the high half), the high scooping when
no low qualifies, each half's ties sharing their chips from the first seat left of the
button, the pot's winners listed as resolve lists them and each pot's halves kept. A
hi-lo hand run more than once takes the Python path. With ``SHOWDOWN_BACKEND=numpy``
both sides are the Python path.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.kernel_compare import assert_same, kernel_share, reference, room_hands
from showdown.hands import native as _backend
from showdown.phh.corpus.batches import settle_each
from showdown.phh.errors import HistoryError
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import Settlement

pytestmark = pytest.mark.usefixtures("backend")

HI_LO = ("PO/8", "FO/8", "P5O/8")


def hilo_hand(rng: random.Random, code: str) -> HandHistory:
    n = rng.randint(2, 4 if code == "P5O/8" else 5)  # unknown cards shown: from the deck
    stacks = [rng.choice([3, 7, 40, 100, 250]) for _ in range(n)]
    fields = header(code, stacks, antes=[rng.choice([0, 0, 1, 3])] * n)
    # folds are rare: most hands reach the showdown, where the halves are
    return random_hand(rng, fields, unknown=rng.choice([0, 0, 0.3]),
                       fold=rng.choice([0.02, 0.1, 0.3]), muck=rng.choice([0, 0.2]))


@pytest.mark.parametrize("code", HI_LO)
def test_generated_hi_lo_hands_settle_as_the_engine(code: str) -> None:
    rng = random.Random(code)
    hands = [hilo_hand(rng, code) for _ in range(300)]
    assert_same(hands)
    settled = [s for s in map(reference, hands)
               if isinstance(s, Settlement) and s.showdown is not None]
    pots = [p for s in settled for p in s.showdown.pots]  # type: ignore[union-attr]
    # the generator reaches what the halves are about: a low half, a scoop, tied lows
    assert sum(p.low is not None for p in pots) > 40
    assert sum(p.low is None and p.contested for p in pots) > 20
    assert any(p.low is not None and len(p.low.winners) > 1 for p in pots)
    legal = [h for h in hands if not isinstance(reference(h), HistoryError)]
    if _backend.current() == "native":
        assert kernel_share(legal) == 1.0


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(HI_LO), st.booleans())
def test_any_hi_lo_hand_settles_as_the_engine(seed: int, code: str, cut: bool) -> None:
    """Random hands, whole or cut short anywhere (a partial hand)."""
    rng = random.Random(seed)
    hands = [hilo_hand(rng, code) for _ in range(3)]
    if cut:
        hands = [h.with_fields(actions=h.fields["actions"][:rng.randrange(
            len(h.fields["actions"]) + 1)]) for h in hands]
    assert_same(hands)


def test_odd_chips_of_both_halves_settle_as_the_engine() -> None:
    """Odd pots split four ways: the high half's odd chip, then each half's ties."""
    hands = []
    for board, holes in [
        # both players hold the same low and the same high: every half tied
        ("Ac2d3h9sKd", ["4c5dTcJs", "4h5sThJd"]),
        # three wheels: the high and the low tied three ways
        ("Ah2h3c9d9s", ["4s5s9c8c", "4d5dTcJc", "4c5cQdKd"]),
        # no low qualifies: the high scoops, tied
        ("KcQdJh9s9d", ["Ac2cTd8d", "Ad2dTc8c"]),
    ]:
        n = len(holes)
        fields = header("PO/8", [5] * n)
        # all in before the flop (pots of 10 or 15 chips), the board dealt out
        bets = ["p2 cbr 5", "p1 cc"] if n == 2 else ["p3 cbr 5", "p1 cc", "p2 cc"]
        fields["actions"] = [
            *(f"d dh p{i + 1} {hole}" for i, hole in enumerate(holes)), *bets,
            f"d db {board[:6]}", f"d db {board[6:8]}", f"d db {board[8:]}",
        ]
        hands.append(HandHistory(fields))
    settled = [reference(h) for h in hands]
    assert all(isinstance(s, Settlement) and s.showdown is not None for s in settled), settled
    assert_same(hands)
    if _backend.current() == "native":
        assert kernel_share(hands) == 1.0


def test_hi_lo_hands_run_twice_take_the_python_path() -> None:
    rng = random.Random(8)
    hands = []
    while len(hands) < 20:
        h = hilo_hand(rng, "PO/8").with_fields(_runout_count=2)
        if not isinstance(reference(h), HistoryError):
            hands.append(h)
    assert_same(hands)
    if _backend.current() == "native":
        twice = [h for h, s in zip(hands, settle_each(hands), strict=True)
                 if isinstance(s, Settlement) and s.replay.boards]
        assert kernel_share(twice) == 0.0


def test_room_sample_hi_lo_hands_settle_in_the_kernel_as_the_engine() -> None:
    hands = room_hands("pokerstars-handwritten-more-games.txt", HI_LO)
    assert hands
    assert_same(hands)
    if _backend.current() == "native":
        assert kernel_share(hands) == 1.0
