"""The numpy path of exact Omaha's board ranks (issue 10b): it ranks a class of combos with
equal hole ranks once per board rank multiset and adds each combo's flushes only where the
board has three cards of a suit the combo holds twice. It must give the integers of the
plain per-combo evaluation (kept below as the reference) and of the native kernel, for
hands and for ranges full of combos that share their ranks, with 4, 5 or 6 hole cards,
known board cards and dead cards."""

from __future__ import annotations

from itertools import product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.hands import native as _backend
from showdown.hands.batch import evaluate_omaha_batch
from showdown.odds import omaha_exact as _omaha_exact
from showdown.odds.omaha_exact import board_cards, board_count, board_ranks
from showdown.odds.ranges.omaha import parse_omaha_range

#: Spades: 2s 3s 4s (three of a suit on the flop: every board can make a spade flush).
SPADE_FLOP = [3, 7, 11]


def _reference(
    deck: list[int], known: list[int], start: int, stop: int, holes: np.ndarray
) -> np.ndarray:
    """The per-combo evaluation the numpy path replaced: every combo on every board it does
    not touch through the batch evaluator (numpy), 0 on the boards it touches."""
    boards = board_cards(deck, known, start, stop)
    out = np.zeros((len(holes), len(boards)), dtype=np.uint16)
    with _backend.use("numpy"):
        for i, hole in enumerate(holes):
            clear = ~np.isin(boards, hole).any(axis=1)
            out[i, clear] = evaluate_omaha_batch(
                np.broadcast_to(hole, (int(clear.sum()), len(hole))), boards[clear]
            )
    return out


def _numpy_and_kernel(
    deck: list[int], known: list[int], start: int, stop: int, holes: np.ndarray
) -> np.ndarray:
    """The numpy path's ranks, checked equal to the kernel's when the kernel is built."""
    with _backend.use("numpy"):
        ranks = board_ranks(deck, known, start, stop, holes)
    if _backend.native_available():
        with _backend.use("native"):
            assert (board_ranks(deck, known, start, stop, holes) == ranks).all()
    return ranks


def _suit_variants(ranks: tuple[int, ...], count: int, seed: int) -> np.ndarray:
    """Up to ``count`` distinct combos holding exactly ``ranks`` (one class), suits varied."""
    rng = np.random.default_rng(seed)
    rows = set()
    for suits in product(range(4), repeat=len(ranks)):
        cards = tuple(sorted(4 * r + s for r, s in zip(ranks, suits, strict=True)))
        if len(set(cards)) == len(cards):
            rows.add(cards)
    picked = sorted(rows)
    order = rng.permutation(len(picked))[:count]
    return np.array([picked[i] for i in order], dtype=np.int64)


def _block(deck: list[int], known: list[int], size: int) -> tuple[int, int]:
    total = board_count(len(deck), 5 - len(known))
    start = total // 3
    return start, min(total, start + size)


@pytest.mark.parametrize("known", [[], [9, 22, 40], SPADE_FLOP, [*SPADE_FLOP, 15], [1, 5, 9, 13]])
@pytest.mark.parametrize(
    "tokens", [("KKxxds",), ("AKxxds", "KKQQ", "9876"), ("QQJTds", "AsAhKdKh")]
)
def test_ranges_match_the_per_combo_evaluation_and_the_kernel(
    known: list[int], tokens: tuple[str, ...]
) -> None:
    """Four-card ranges (many combos per class, double-suited ones for flushes) on preflop,
    flop, turn and all-suited boards: combos holding a known card rank 0 everywhere."""
    holes = np.concatenate([parse_omaha_range(t).combos for t in tokens])[::3]
    deck = [c for c in range(52) if c not in known]
    start, stop = _block(deck, known, 400)
    ranks = _numpy_and_kernel(deck, known, start, stop, holes)
    assert (ranks == _reference(deck, known, start, stop, holes)).all()
    touched = np.isin(holes, known).any(axis=1)
    assert (ranks[touched] == 0).all() and (ranks[~touched] > 0).any()


@pytest.mark.parametrize("size", [4, 5, 6])
@pytest.mark.parametrize("known", [[], SPADE_FLOP, [0, 17, 34, 51]])
def test_classes_of_four_to_six_cards_with_dead_cards(size: int, known: list[int]) -> None:
    """Hands of 4, 5 and 6 cards, several classes of suit variants each (flushes of two,
    three or more held cards of a suit), from a deck cut by dead cards."""
    pattern = [(12, 12, 11, 10, 9, 1), (8, 7, 6, 5, 4, 0), (12, 0, 1, 2, 3, 11)]
    holes = np.concatenate(
        [_suit_variants(ranks[:size], 9, seed) for seed, ranks in enumerate(pattern)]
    )
    dead = {2, 6, 26, 30, 42, 46}  # 2h 3h 8h 9h Jh Qh
    deck = [c for c in range(52) if c not in dead and c not in known]
    start, stop = _block(deck, known, 500)
    ranks = _numpy_and_kernel(deck, known, start, stop, holes)
    assert (ranks == _reference(deck, known, start, stop, holes)).all()
    classes = len(np.unique(np.sort(holes >> 2, axis=1), axis=0))
    assert classes == len(pattern) < len(holes)  # classes really are shared


def test_bounded_parts_give_the_same_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a tiny cell budget the flush and touching passes work a few rows at a time."""
    holes = np.concatenate([parse_omaha_range(t).combos for t in ("AKxxds", "JJxxds")])[::11]
    deck = [c for c in range(52) if c not in SPADE_FLOP]
    start, stop = _block(deck, SPADE_FLOP, 300)
    with _backend.use("numpy"):
        whole = board_ranks(deck, SPADE_FLOP, start, stop, holes)
        monkeypatch.setattr(_omaha_exact, "_CELLS", 700)
        assert len(_omaha_exact._row_parts(len(holes), stop - start)) == -(-len(holes) // 2)
        assert (board_ranks(deck, SPADE_FLOP, start, stop, holes) == whole).all()
    assert (whole == _reference(deck, SPADE_FLOP, start, stop, holes)).all()


@settings(max_examples=30, deadline=None)
@given(
    st.integers(4, 6),
    st.sampled_from([0, 3, 4]),
    st.integers(0, 20),
    st.lists(st.integers(0, 2**32 - 1), min_size=3, max_size=3),
)
def test_random_holes_and_blocks_match(size: int, known: int, dead: int, seeds: list[int]) -> None:
    """Random hole sets (random combos plus suit variants of one of them, so classes are
    shared) on a random block of boards, with random known and dead cards."""
    rng = np.random.default_rng(seeds)
    cards = rng.permutation(52).tolist()
    board, deck = cards[:known], sorted(cards[known + dead :])
    holes = np.array([rng.choice(52, size, replace=False) for _ in range(6)], dtype=np.int64)
    ranks = tuple(int(r) for r in holes[0] >> 2)
    holes = np.concatenate([holes, _suit_variants(ranks, 5, int(seeds[1]))])
    total = board_count(len(deck), 5 - known)
    start = int(rng.integers(0, total))
    stop = min(total, start + int(rng.integers(1, 300)))
    expected = _reference(deck, board, start, stop, holes)
    assert (_numpy_and_kernel(deck, board, start, stop, holes) == expected).all()
