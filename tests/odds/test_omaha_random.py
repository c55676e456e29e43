"""Omaha Monte Carlo with random hands dealt from the deck (issue 35): a ``random`` (or
``xxxx``) player is dealt four cards of the cards left each trial, with the board, instead
of drawing one of its 270,725 hands from a table. The kernel's ranks are checked against
the numpy evaluator on the very cards it dealt (exactly), both backends against exact
enumeration and against each other (statistically), and exactly two hole cards play."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from helpers.backends import NO_KERNEL_INSTALL
from showdown import equity
from showdown.hands import native
from showdown.hands.batch import evaluate_omaha_batch
from showdown.odds import draws as D
from showdown.odds.omaha_jobs import random_players
from showdown.odds.seats import seat_players
from showdown.odds.showdown_counts import new_counts, showdown_counts

needs_kernel = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def dealt_of(players: list[str], board: str | None = None, dead: str | None = None) -> tuple:
    seats, board_ids, dead_ids = seat_players(players, board, dead, "omaha")
    fixed = {x for s in seats if len(s.combos) == 1 for x in s.combos[0].tolist()}
    live = sorted(set(range(52)) - set(board_ids) - set(dead_ids) - fixed)
    return random_players([s.combos for s in seats], [s.weights for s in seats], live)


def test_random_players_are_the_whole_deck_equally_weighted() -> None:
    assert dealt_of(["random", "random"]) == (0, 1)
    assert dealt_of(["AhAsKdQc", "xxxx", "random:0.5"], "2c 7h 9d", "3s") == (1, 2)
    assert dealt_of(["AAxx", "random"]) == (1,)
    # every hand but a weight apart, or but some hands, is a range like any other
    assert dealt_of(["random, AAxx:0.5", "random"]) == (1,)
    assert dealt_of(["KKxx", "AAxx, KKxx"]) == ()


def kernel_deal(board: list[int], dealt: int, trials: int, seed: int) -> tuple:
    """The kernel's ranks and the cards it dealt for ``dealt`` random hands."""
    live = [c for c in range(52) if c not in board]
    k = 5 - len(board)
    cards = np.zeros((trials, 4 * dealt + k), dtype=np.uint8)
    ranks = D.omaha_draw_ranks(
        board, live, [None] * dealt, [None] * dealt, trials, seed, tuple(range(dealt)), cards
    )
    boards = np.concatenate(
        [np.broadcast_to(np.array(board, dtype=np.int64), (trials, len(board))),
         cards[:, 4 * dealt :].astype(np.int64)], axis=1,
    )  # fmt: skip
    return ranks, cards.astype(np.int64), boards


@needs_kernel
@pytest.mark.parametrize("board", [[], [0, 4, 8], [51, 47, 43, 1], [51, 47, 43, 39, 2]])
@pytest.mark.parametrize("dealt", [2, 3])
def test_kernel_ranks_are_the_numpy_evaluators_on_the_same_cards(
    board: list[int], dealt: int
) -> None:
    ranks, cards, boards = kernel_deal(board, dealt, 30_000, seed=len(board) + dealt)
    every = np.sort(np.concatenate([cards[:, : 4 * dealt], boards], axis=1), axis=1)
    assert (every[:, 1:] != every[:, :-1]).all()  # no card twice in a trial
    with native.use("numpy"):
        for p in range(dealt):
            assert (evaluate_omaha_batch(cards[:, 4 * p : 4 * p + 4], boards) == ranks[p]).all()


@needs_kernel
@pytest.mark.parametrize("dealt", [(0, 1), (1,), (0, 2), ()])
def test_kernel_counts_are_the_tally_of_its_ranks(dealt: tuple[int, ...]) -> None:
    """The same seed draws the same trials whether the kernel returns the ranks or tallies
    them itself."""
    aces, kings = np.array([[48, 49, 44, 45]]), np.array([[50, 51, 46, 47]])
    combos = [None if i in dealt else hand for i, hand in enumerate([aces, kings, None])]
    combos = combos[: 2 if 2 not in dealt else 3]
    live = [c for c in range(52) if not any(h is not None and c in h[0] for h in combos)]
    picks = [None] * len(combos)
    ranks = D.omaha_draw_ranks([], live, combos, picks, 5_000, 11, dealt)
    counts = new_counts(len(combos))
    D.omaha_draw_counts([], live, combos, picks, 5_000, 11, dealt, counts)
    assert (counts == showdown_counts(ranks)[0]).all()


@needs_kernel
def test_exactly_two_hole_cards_play() -> None:
    """Four spades on the board and one in the hand make no flush (nor the board's
    straight) in Omaha; two spades in the hand do."""
    board = [51, 47, 43, 39, 2]  # As Ks Qs Js 2h
    one, two = np.array([[35, 0, 4, 8]]), np.array([[31, 27, 13, 17]])  # Ts 2c 3c 4c; 9s 8s
    live = [c for c in range(52) if c not in board + one[0].tolist() + two[0].tolist()]
    ranks = D.omaha_draw_ranks(board, live, [one, two, None], [None] * 3, 200, 1, (2,))
    with native.use("numpy"):
        assert ranks[0][0] == evaluate_omaha_batch(one, [board])[0]
        assert ranks[1][0] == evaluate_omaha_batch(two, [board])[0]
    assert ranks[0][0] > 1609  # worse than any straight: a pair of deuces
    assert 323 <= ranks[1][0] <= 1599  # a flush, K Q J 9 8 of spades
    assert (ranks[0] == ranks[0][0]).all() and (ranks[1] == ranks[1][0]).all()


@needs_kernel
def test_dealt_cards_avoid_the_picked_hands_and_are_uniform() -> None:
    """A ranged player's picked hand is never dealt to a random one; the others' cards
    come up equally often."""
    hands = np.array(list(combinations([48, 49, 50, 51, 44], 4)))  # aces, one king
    trials = 60_000
    picks = np.random.default_rng(1).integers(0, len(hands), trials)
    cards = np.zeros((trials, 4 + 5), dtype=np.uint8)
    D.omaha_draw_ranks([], range(52), [hands, None], [picks, None], trials, 3, (1,), cards)
    held = np.zeros((trials, 52), dtype=bool)
    held[np.arange(trials)[:, None], hands[picks]] = True
    assert not held[np.arange(trials)[:, None], cards.astype(np.int64)].any()
    counts = np.bincount(cards[:, :4].ravel(), minlength=52)[:44]  # never an ace or a K?
    expected = trials * 4 / 48  # 48 cards left each trial, the 44 below the king each 4/48
    assert np.abs(counts - expected).max() < 6 * np.sqrt(expected)


@pytest.mark.parametrize(
    ("players", "dead"),
    [
        (["AhAsKdQc", "random"], None),
        # a range against a random hand (dead cards keep the exact run short)
        (["AsAhKdKc, AsAhQdQc", "random"], "2d 3d 4d 5d 6d 2h 3h 4h 5h 6h"),
    ],
)
def test_monte_carlo_on_both_backends_is_near_exact(players: list[str], dead: str | None) -> None:
    board = "2c 7h 9d Ts"
    exact = equity(players, board=board, dead=dead, game="omaha", exact=True, workers=1)
    for backend in native.NAMES if not NO_KERNEL_INSTALL else ("numpy",):
        with native.use(backend):
            mc = equity(
                players, board=board, dead=dead, game="omaha", trials=40_000, seed=5, workers=1
            )
        assert mc.stderr is not None
        for p in range(2):
            assert abs(mc.equity[p] - exact.equity[p]) < 4.5 * mc.stderr[p], (backend, p)


@pytest.mark.parametrize("players", [["random", "random"], ["AAxxds", "random", "random"]])
def test_backends_agree_preflop(players: list[str]) -> None:
    """Random v random is even (the order of a numpy draw's cards must not favour a
    seat), and the backends agree within their errors."""
    runs = []
    for backend in native.NAMES if not NO_KERNEL_INSTALL else ("numpy",):
        with native.use(backend):
            runs.append(equity(players, game="omaha", trials=30_000, seed=6, workers=1))
    for r in runs:
        assert r.stderr is not None
        if players == ["random", "random"]:
            assert abs(r.equity[0] - 0.5) < 4.5 * r.stderr[0]
    if len(runs) == 2:
        a, b = runs
        assert a.stderr is not None and b.stderr is not None
        for p in range(len(players)):
            assert abs(a.equity[p] - b.equity[p]) < 4.5 * np.hypot(a.stderr[p], b.stderr[p])


def test_seeded_runs_repeat() -> None:
    first = equity(["random", "random", "AhAsKdQc"], game="omaha", trials=5_000, seed=9)
    assert equity(["random", "random", "AhAsKdQc"], game="omaha", trials=5_000, seed=9) == first
