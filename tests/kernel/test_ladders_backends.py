"""The other showdowns on the native kernel and on the numpy path, side by side: the
same values for every hand where it fits, on large random samples elsewhere, and the
same errors. ``tests/hands/test_ladders.py`` checks the values themselves against the
independent reference (on the default backend; ``scripts/test.sh`` runs it on both).
"""

from __future__ import annotations

import numpy as np
import pytest

from helpers.backends import NO_KERNEL_INSTALL, both, error_of
from helpers.reference import combinations_array
from showdown import evaluate_batch, evaluate_omaha_batch
from showdown.hands.ladder_scalar import ladder_ids, ladder_omaha_ids
from showdown.variants import EIGHT_OR_BETTER, find_variant

pytestmark = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def deals(game: str, n: int, k: int, seed: int) -> np.ndarray:
    deck = np.array(find_variant(game).deck)
    rng = np.random.default_rng(seed)
    return deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]]


@pytest.mark.parametrize(
    ("game", "deck", "k"),
    [("short-deck", 36, 5), ("deuce-to-seven", 52, 5), ("ace-to-five", 52, 5), ("badugi", 52, 4)],
)
def test_every_hand_alike(game: str, deck: int, k: int) -> None:
    """Every hand of the game's deck (short deck 376,992; the lowball games 2,598,960;
    badugi 270,725), in uint8 and in int64 with the columns turned around."""
    hands = combinations_array(deck, k).astype(np.uint8) + (52 - deck)
    native, numpy = both(evaluate_batch, hands, game=game)
    assert np.array_equal(native, numpy)
    turned = hands[:, ::-1].astype(np.int64)
    native, numpy = both(evaluate_batch, turned, game=game, check=False)
    assert np.array_equal(native, numpy)


@pytest.mark.parametrize(
    ("game", "k"),
    [
        ("short-deck", 6),
        ("short-deck", 7),
        ("stud", 7),
        ("razz", 5),
        ("razz", 6),
        ("razz", 7),
        ("stud-hi-lo", 5),
        ("stud-hi-lo", 7),
    ],
)
def test_random_hands_alike(game: str, k: int) -> None:
    hands = deals(game, 60_000, k, seed=k * 7 + len(game))
    for dtype in (np.uint8, np.int32, np.int64):
        native, numpy = both(evaluate_batch, hands.astype(dtype), game=game)
        assert native.shape == numpy.shape
        assert np.array_equal(native, numpy)
    trips = find_variant(game, trips_beat_straight=True) if game == "short-deck" else game
    native, numpy = both(evaluate_batch, hands, game=trips)
    assert np.array_equal(native, numpy)


@pytest.mark.parametrize(("hole", "board"), [(4, 3), (4, 5), (5, 4), (5, 5)])
def test_omaha_hi_lo_alike(hole: int, board: int) -> None:
    cards = deals("omaha-hi-lo", 20_000, hole + board, seed=hole * 10 + board)
    native, numpy = both(evaluate_omaha_batch, cards[:, :hole], cards[:, hole:], game="O/8")
    assert native.shape == numpy.shape == (len(cards), 2)
    assert np.array_equal(native, numpy)
    scalar = [
        ladder_omaha_ids(row[:hole], row[hole:], EIGHT_OR_BETTER) for row in cards[:2000].tolist()
    ]
    assert scalar == numpy[:2000, 1].tolist()


@pytest.mark.parametrize("game", ["short-deck", "razz", "stud-hi-lo", "deuce-to-seven", "badugi"])
def test_scalar_alike(game: str) -> None:
    """``ladder_ids`` (the kernel's ``rank`` where it helps, else Python) and the batch."""
    variant = find_variant(game)
    k = variant.cards[1]
    hands = deals(game, 3000, k, seed=3)
    batch = evaluate_batch(hands, game=game)
    for index, ladder in enumerate(variant.ladders):
        column = batch if batch.ndim == 1 else batch[:, index]
        native, numpy = both(lambda lad=ladder: [ladder_ids(row, lad) for row in hands.tolist()])
        assert native == numpy == column.tolist()


@pytest.mark.parametrize(
    ("game", "k"),
    [
        ("ace-to-five", 5),
        ("razz", 7),
        ("razz", 6),
        ("deuce-to-seven", 5),
        ("short-deck", 5),
        ("short-deck", 7),
        ("stud-hi-lo", 7),
        ("badugi", 4),
    ],
)
def test_evaluators_for_one_hand_size_alike(game: str, k: int) -> None:
    """``ladder_evaluator(ladder, cards=k)`` (no dispatch on the length) gives the batch's
    values on both backends; a size the ladder has no tables for is an error."""
    from showdown.hands.ladder_scalar import ladder_evaluator

    variant = find_variant(game)
    hands = deals(game, 3000, k, seed=5)
    suited = np.array([c for c in variant.deck if c % 4 == 1])  # one suit's hands: flushes
    hands = np.concatenate([hands, suited[combinations_array(len(suited), k)]])
    batch = evaluate_batch(hands, game=game)
    for index, ladder in enumerate(variant.ladders):
        column = batch if batch.ndim == 1 else batch[:, index]

        def values(lad: object = ladder) -> list[int]:
            evaluate = ladder_evaluator(lad, cards=k)  # type: ignore[arg-type]
            return [evaluate(row) for row in hands.tolist()]

        native, numpy = both(values)
        assert native == numpy == column.tolist()
    with pytest.raises(ValueError, match="takes"):
        ladder_evaluator(variant.ladders[-1], cards=3)


@pytest.mark.parametrize(
    ("game", "rows", "message"),
    [
        ("short-deck", [[16, 20, 24, 28, 32], [16, 20, 24, 28, 3]], "row 1 holds a card that"),
        ("short-deck", [[16, 20, 24, 28, 28], [0, 20, 24, 28, 32]], "row 0 holds a card twice"),
        ("razz", [[0, 1, 2, 3, 4], [0, 1, 2, 3, 60], [5, 5, 6, 7, 8]], "row 1 holds a card id"),
        ("stud-hi-lo", [[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 5]], "row 1 holds a card twice"),
        ("badugi", [[0, 1, 2, 3], [0, 1, 2, -1]], "row 1 holds a card id outside"),
        ("badugi", [[0, 1, 2, 2]], "row 0 holds a card twice"),
    ],
)
def test_errors_alike(game: str, rows: list[list[int]], message: str) -> None:
    native, numpy = both(error_of, evaluate_batch, np.array(rows), game=game)
    assert native == numpy
    assert numpy is not None and message in numpy and numpy.startswith("CardError: ")


def test_omaha_errors_alike() -> None:
    hole = np.array([[0, 1, 2, 3], [4, 5, 6, 7]])
    board = np.array([[8, 9, 10, 11, 12], [8, 9, 10, 11, 7]])
    native, numpy = both(error_of, evaluate_omaha_batch, hole, board, game="omaha-hi-lo")
    assert native == numpy == "CardError: hole and board row 1 holds a card twice"
