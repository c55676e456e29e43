"""Exact Omaha equity from preflop on (issue 10, item 4): the board enumeration, the
kernel's rankings against the numpy path and the batch evaluator, whole equities
against the reference brute force (shrunk by dead cards), against Monte Carlo on a
full preflop, the same counts however the work is split, and the errors."""

from __future__ import annotations

import functools
import json
import random
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from helpers.equity_brute import assert_matches, brute, card_ids, weighted_combos
from showdown import equity
from showdown.cards import Card, CardError
from showdown.commands.main import main
from showdown.hands import native as _backend
from showdown.hands.batch import evaluate_omaha_batch
from showdown.odds import omaha_exact as _omaha_exact
from showdown.odds import omaha_jobs as _omaha_jobs
from showdown.odds.omaha_exact import board_cards, board_count, board_ranks
from showdown.odds.ranges.omaha import parse_omaha_range

#: Every test here runs on the native kernel and on the numpy path (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("backend")

#: Twenty low cards (dead: a preflop hand against a hand is 42,504 boards).
LOW = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6h 7c 7h"


@pytest.mark.parametrize(
    "known", [[], [7], [7, 30], [7, 30, 44], [1, 7, 30, 44], [0, 1, 7, 30, 44]]
)
def test_boards_are_every_board_once_in_colex_order(known: list[int]) -> None:
    deck = [c for c in range(0, 52, 3) if c not in known]
    need = 5 - len(known)
    boards = board_cards(deck, known, 0, board_count(len(deck), need))
    runs = [tuple(sorted(row[len(known) :])) for row in boards.tolist()]
    assert sorted(runs) == sorted(combinations(deck, need))
    assert runs == sorted(runs, key=lambda r: r[::-1])  # colex: by the highest card first
    assert (boards[:, : len(known)] == known).all()
    a, b = len(boards) // 3, len(boards) // 3 + 4  # a block starts where the whole list says
    assert (board_cards(deck, known, a, b) == boards[a:b]).all()


@pytest.mark.parametrize("known", [[], [9, 22, 40], [9, 22, 40, 51]])
def test_board_ranks_match_the_batch_evaluator_on_both_backends(known: list[int]) -> None:
    rng = np.random.default_rng(len(known))
    deck = [c for c in range(52) if c not in known]
    total = board_count(len(deck), 5 - len(known))
    start, stop = total // 3, min(total, total // 3 + 700)
    boards = board_cards(deck, known, start, stop)
    for size in (4, 5, 6):
        holes = np.array([rng.choice(deck, size, replace=False) for _ in range(5)])
        ranks = board_ranks(deck, known, start, stop, holes)
        for name in _backend.NAMES if _backend.native_available() else ("numpy",):
            with _backend.use(name):
                assert (board_ranks(deck, known, start, stop, holes) == ranks).all(), name
        for hole, row in zip(holes, ranks, strict=True):
            clear = ~np.isin(boards, hole).any(axis=1)
            expected = evaluate_omaha_batch(
                np.broadcast_to(hole, (clear.sum(), size)), boards[clear]
            )
            assert (row[clear] == expected).all() and (row[~clear] == 0).all()


def _low_cards(players: list[str], board: str, count: int) -> str:
    """The ``count`` lowest cards no player (hand or range) and no board card uses."""
    combos = [weighted_combos(p, "omaha") for p in players]
    used = set(card_ids(board)) | {c for combo in combos for hole, _ in combo for c in hole}
    return " ".join([str(Card.from_id(c)) for c in range(52) if c not in used][:count])


@functools.cache
def _brute(players: tuple[str, ...], board: str, dead: str) -> tuple[np.ndarray, ...]:
    """The brute force once per case (it is the same on both backends)."""
    return brute(list(players), board, dead, game="omaha")


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["Ac Ad Kc Kd", "Ah Qh Jh Th"], "", 27),
        (["As Ks Qd Jd", "9c 8c 8h 9h", "Ah Ad Ts Js"], "", 23),
        (["As Ks Qd Jd 8c", "9c 9h Th Td Jh Jc"], "", 24),
        (["AsAhKdKh:0.25, AcAdKcKh, QQJTds:0.5", "Ts 9s 8d 7d"], "", 29),
        (["KsKhQsQh:0.25, AsAhKdKc", "JJTTds:0.5", "9d 9s 8h 8s"], "", 28),
        (["Ac Ad Kc Kd", "Ah Qh Jh Th", "9s 9d 8s 8d"], "Js 2h 3c 4d", 0),
    ],
)
def test_exact_preflop_and_turn_match_brute_force(
    players: list[str], board: str, dead: int
) -> None:
    """Hands, 4 to 6 cards, and weighted ranges, preflop (dead cards shrink the deck) and on
    a turn: the exact result equals the reference evaluator's brute force."""
    cards = _low_cards(players, board, dead)
    r = equity(players, board=board, dead=cards, game="omaha", exact=True, workers=1)
    assert_matches(r, _brute(tuple(players), board, cards))


def test_full_preflop_is_exact_by_default_and_agrees_with_monte_carlo() -> None:
    players = ["Ah As Kd Qc", "9s 8s 7d 6d"]
    exact = equity(players, game="omaha", workers=1)
    assert exact.method == "exact" and exact.boards == board_count(44, 5) == 1_086_008
    assert exact.note.startswith("exact: 1 deal(s) x 1,086,008 runouts")
    mc = equity(players, game="omaha", trials=40_000, seed=5, workers=1)
    assert mc.method == "monte-carlo" and mc.stderr is not None
    for p in range(2):
        assert abs(mc.equity[p] - exact.equity[p]) < 4.5 * mc.stderr[p]
    assert equity(players, game="omaha", workers=2) == exact


def test_counts_do_not_depend_on_the_split(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tiny blocks of boards and slices of deals (many tasks): the same exact numbers."""
    players = ["AsAhKdKh:0.25, AcAdKcKh, QQJTds:0.5", "Ts 9s 8d 7d"]
    dead = _low_cards(players, "", 29)
    whole = equity(players, dead=dead, game="omaha", exact=True, workers=1)
    monkeypatch.setattr(_omaha_exact, "_BOARD_BLOCK", 997)
    monkeypatch.setattr(_omaha_exact, "_TASK_SHOWDOWNS", 3 * 997 * 2)
    monkeypatch.setattr(_omaha_exact, "_CELLS", 1500)
    split = equity(players, dead=dead, game="omaha", exact=True, workers=1)
    assert split == whole


@pytest.mark.parametrize("deals_a_task", [1, 2])
def test_a_slice_that_uses_one_combo_of_a_range_counts_the_same(
    deals_a_task: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Slices of one or two deals: a ranged player whose slice uses one combo of its range
    is still a range there (its boards touching that combo do not count), and the next
    ranged player still reads its own picks."""
    players = ["AsAhKdKh:0.25, AcAdKcKh", "Ts9s8d7d", "JsJhTd9h:0.25, JcJdTc9c:0.75"]
    dead = _low_cards(players, "", 26)
    whole = equity(players, dead=dead, game="omaha", exact=True, workers=1)

    def slices(deals: int, boards: int, players: int, combos: int) -> list[tuple[int, ...]]:
        k = deals_a_task
        return [(d, min(deals, d + k), 0, boards) for d in range(0, deals, k)]

    monkeypatch.setattr(_omaha_jobs, "task_bounds", slices)
    assert equity(players, dead=dead, game="omaha", exact=True, workers=1) == whole


def test_the_command_line_prints_exact_preflop(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "--game", "omaha", "AhAsKdQc", "9s8s7d6d", "--exact", "--json"]
    argv += ["--dead", LOW, "--workers", "1"]
    assert main(argv) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["method"] == "exact" and doc["boards"] == board_count(52 - 8 - 20, 5)
    api = equity(["AhAsKdQc", "9s8s7d6d"], dead=LOW, game="omaha", workers=1)
    assert [p["equity"] for p in doc["players"]] == list(api.equity)


def test_too_big_for_exact_says_so() -> None:
    with pytest.raises(CardError, match=r"too many Omaha combo deals.*--trials N or --time"):
        equity(["AAxx", "KKxx"], game="omaha", exact=True)
    with pytest.raises(CardError, match=r"exact=True allows.*--trials N or --time"):
        equity(["xxxx", "Ah As Kd Qc"], game="omaha", exact=True)
    r = equity(["xxxx", "Ah As Kd Qc"], game="omaha", time=0.2, seed=1, workers=1)
    assert r.method == "monte-carlo" and "exact would be" in r.note


@settings(max_examples=25)
@given(
    st.lists(st.integers(4, 6), min_size=2, max_size=3),
    st.sampled_from([0, 3, 4]),
    st.randoms(use_true_random=False),
)
def test_random_deals_match_brute_force(sizes: list[int], known: int, rnd: random.Random) -> None:
    """Random hands of 4 to 6 cards on a random board of 0, 3 or 4 cards, the deck cut
    to 13 live cards by dead ones: exact equity equals the brute force."""
    cards = rnd.sample(range(52), 52)  # hands, board, 13 live cards, then the dead ones
    hands, at = [], 0
    for size in sizes:
        hands.append(" ".join(str(Card.from_id(c)) for c in cards[at : at + size]))
        at += size
    board = " ".join(str(Card.from_id(c)) for c in cards[at : at + known])
    dead = " ".join(str(Card.from_id(c)) for c in cards[at + known + 13 :])
    r = equity(hands, board=board, dead=dead, game="omaha", exact=True, workers=1)
    assert_matches(r, brute(hands, board, dead, game="omaha"))


@pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")
def test_kernel_entries_refuse_bad_input() -> None:
    """The kernel's two entries check their buffers instead of reading past them (a
    kernel that did not build fails here, as in test_backends.py)."""
    assert _backend.native_available(), "the C kernel did not build: run scripts/setup.sh"
    native = _backend.native_tables(False)
    hole = np.array([0, 1, 2, 3], dtype=np.int64)
    out = np.empty(4, dtype=np.uint16)
    with pytest.raises(ValueError, match="bad deck"):
        native.omaha_boards(
            np.array([9, 8, 7, 6, 5, 4]), np.array([], dtype=np.int64), 0, hole, 4, out
        )
    with pytest.raises(ValueError, match="in range"):
        native.omaha_boards(np.arange(4, 10), np.array([], dtype=np.int64), 3, hole, 4, out)
    table = np.ones((2, 3), dtype=np.uint16)
    counts = np.zeros((1, 2, 11), dtype=np.int64)
    with pytest.raises(ValueError, match="picks"):
        native.omaha_deal_counts([table, table], np.array([0, 2]), 3, counts)
    native.omaha_deal_counts([table, table * 2], np.array([1, 0]), 3, counts)
    assert counts[0, 0, 1] == 3 and counts[0, 1].sum() == 0


@pytest.mark.parametrize("known", [[], [2, 6, 10], [2, 6, 10, 14]])  # hearts: 2h 3h 4h 5h
def test_combos_with_equal_ranks_share_a_class_yet_rank_as_themselves(known: list[int]) -> None:
    """Ranges are full of combos with the same ranks (the kernel ranks them once per board
    off flushes): each still gets its own rank, flushes included, on both backends."""
    holes = np.concatenate([parse_omaha_range(t).combos for t in ("KKQQ", "AKxxds", "9876")])
    holes = holes[~np.isin(holes, known).any(axis=1)][::7]
    deck = [c for c in range(52) if c not in known]
    total = board_count(len(deck), 5 - len(known))
    start, stop = total // 2, min(total, total // 2 + 300)
    boards = board_cards(deck, known, start, stop)
    ranks = board_ranks(deck, known, start, stop, holes)
    if _backend.native_available():
        for name in _backend.NAMES:
            with _backend.use(name):
                assert (board_ranks(deck, known, start, stop, holes) == ranks).all(), name
    for hole, row in zip(holes, ranks, strict=True):
        clear = ~np.isin(boards, hole).any(axis=1)
        expected = evaluate_omaha_batch(np.broadcast_to(hole, (clear.sum(), 4)), boards[clear])
        assert (row[clear] == expected).all() and (row[~clear] == 0).all()
