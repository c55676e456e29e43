"""The numpy batch paths: agreement with the scalar path, input handling, chunking, memory.

The exhaustive and reference checks of the ranks themselves are in test_value.py.
"""

from __future__ import annotations

import sys
import tracemalloc
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown import CardError, Category, evaluate, evaluate_ids_wrap
from showdown.hands.batch import evaluate_batch, evaluate_omaha_batch
from showdown.hands.scalar import evaluate_omaha_ids, evaluator

#: Every test here runs on the native kernel and on the numpy path (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("backend")

#: Where the numpy loops read their chunk size (a test shrinks it to cross chunk edges).
batch_module = sys.modules["showdown.hands.high_batch"]
arrays_module = sys.modules["showdown.hands.arrays"]


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k]


@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.parametrize("wrap", [False, True])
def test_batch_equals_scalar(k: int, wrap: bool) -> None:
    rng = np.random.default_rng(k + 10 * wrap)
    hands = random_hands(rng, 20_000, k)
    scalar = evaluate_ids_wrap if wrap else evaluator()
    got = evaluate_batch(hands, wrap=wrap)
    assert got.dtype == np.uint16 and got.shape == (len(hands),)
    np.testing.assert_array_equal(got, [scalar(h) for h in hands.tolist()])


@pytest.mark.parametrize(
    "dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
)
def test_any_integer_dtype_and_layout(dtype: type) -> None:
    rng = np.random.default_rng(3)
    hands = random_hands(rng, 1000, 7)
    expected = evaluate_batch(np.ascontiguousarray(hands))
    np.testing.assert_array_equal(evaluate_batch(hands.astype(dtype)), expected)
    fortran = np.asfortranarray(hands.astype(dtype))
    np.testing.assert_array_equal(evaluate_batch(fortran), expected)
    np.testing.assert_array_equal(evaluate_batch(hands.astype(dtype)[::-1]), expected[::-1])
    np.testing.assert_array_equal(evaluate_batch(hands.tolist()), expected)


def test_empty_input() -> None:
    for k in (5, 6, 7):
        out = evaluate_batch(np.empty((0, k), dtype=np.int64))
        assert out.shape == (0,) and out.dtype == np.uint16
    out = evaluate_omaha_batch(np.empty((0, 4), dtype=np.int8), np.empty((0, 5), dtype=np.int8))
    assert out.shape == (0,)


def test_chunk_boundaries(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(5)
    hands = random_hands(rng, 1001, 7)
    expected = [evaluator()(h) for h in hands.tolist()]
    holes, boards = hands[:, :4], hands[:, 4:]
    omaha = [evaluate_omaha_ids(h, b) for h, b in zip(holes.tolist(), boards.tolist(), strict=True)]
    for chunk in (1, 7, 64, 1000, 1001, 4096):
        monkeypatch.setattr(batch_module, "CHUNK", chunk)
        np.testing.assert_array_equal(evaluate_batch(hands), expected)
        np.testing.assert_array_equal(evaluate_omaha_batch(holes, boards), omaha)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3, 4), dtype=int), r"shape \(N, k\)"),
        (np.zeros((3, 8), dtype=int), r"shape \(N, k\)"),
        (np.zeros(7, dtype=int), r"shape \(N, k\)"),
        (np.zeros((2, 3, 7), dtype=int), r"shape \(N, k\)"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9, 10]], r"\(N, k\) array of card ids"),
        (np.array([[0.0, 1, 2, 3, 4]]), "integer card ids"),
        ([["As", "Ks", "Qs", "Js", "Ts"]], "integer card ids"),
        (np.array([[True, False, True, False, True]]), "integer card ids"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3, 52]], "row 1 holds a card id outside 0..51"),
        ([[0, 1, 2, 3, 4], [-1, 1, 2, 3, 5]], "row 1 holds a card id outside 0..51"),
        ([[0, 1, 2, 3, 4, 5, 6], [9, 1, 2, 3, 4, 5, 9]], "row 1 holds a card twice"),
    ],
)
def test_batch_errors(hands: object, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate_batch(hands)  # type: ignore[arg-type]


def test_duplicates_found_in_a_later_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch_module, "CHUNK", 10)
    hands = random_hands(np.random.default_rng(8), 100, 6)
    hands[57, 3] = hands[57, 0]
    with pytest.raises(CardError, match="row 57 holds a card twice"):
        evaluate_batch(hands)
    evaluate_batch(hands, check=False)  # the caller vouches for the input: no check


DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def _reference_error(rows: list[list[int]], check: bool = True) -> str | None:
    """The message expected for ``rows``, written plainly: the first bad row wins."""
    for index, row in enumerate(rows):
        if any(not 0 <= card <= 51 for card in row):
            return f"hands row {index} holds a card id outside 0..51"
        if check and len(set(row)) < len(row):
            return f"hands row {index} holds a card twice"
    return None


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("k", [5, 6, 7])
def test_every_repeated_position_pair_is_caught(dtype: type, k: int) -> None:
    """A card in positions i and j (every pair), in every dtype; the other rows are valid."""
    rng = np.random.default_rng(k)
    base = random_hands(rng, 3, k).astype(dtype)
    for i, j in combinations(range(k), 2):
        hands = base.copy()
        hands[1, j] = hands[1, i]
        with pytest.raises(CardError, match=r"^hands row 1 holds a card twice$"):
            evaluate_batch(hands)
        evaluate_batch(hands, check=False)  # no duplicate check asked for: no error
    # Three or more copies, and a row of one card only.
    hands = base.copy()
    hands[2, :] = hands[2, 0]
    with pytest.raises(CardError, match=r"^hands row 2 holds a card twice$"):
        evaluate_batch(hands)


def test_each_of_the_52_cards_repeated_is_caught() -> None:
    """Every card id, repeated in a row that otherwise holds distinct cards."""
    for card in range(52):
        others = [c for c in range(52) if c != card][card % 40 : card % 40 + 5]
        row = [card, *others, card]
        with pytest.raises(CardError, match="row 0 holds a card twice"):
            evaluate_batch(np.array([row]))


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_bad_id_is_caught_in_every_position(dtype: type) -> None:
    """Ids just outside 0..51, at the shift widths (63, 64) and at the dtype's extremes."""
    info = np.iinfo(dtype)
    candidates = [-1, -2, 52, 53, 63, 64, 65, 100, 127, 128, 255, 256, 2**31, 2**32 + 3, 2**63]
    bad_ids = sorted({v for v in [*candidates, info.min, info.max] if info.min <= v <= info.max})
    bad_ids = [v for v in bad_ids if not 0 <= v <= 51]
    assert bad_ids
    valid = np.array([[0, 5, 10, 15, 20, 25, 30], [1, 6, 11, 16, 21, 26, 31]], dtype=dtype)
    for value in bad_ids:
        for position in range(7):
            hands = valid.copy()
            hands[1, position] = value
            for check in (True, False):
                with pytest.raises(CardError, match=r"^hands row 1 holds a card id outside"):
                    evaluate_batch(hands, check=check)


#: What a test writes into a row to spoil it: a card twice, or an id outside 0..51
#: (inside a byte, or needing more: the kernel's loops read a wide id's low byte and
#: settle the rest per block of rows).
SPOILERS = ["twice", 52, 255, 256, 300, -1, 2**31 - 1]


@settings(max_examples=150, deadline=None)
@given(
    rows=st.integers(1, 1_300),
    k=st.sampled_from([5, 6, 7]),
    dtype=st.sampled_from([np.uint8, np.int16, np.int32, np.int64]),
    strided=st.booleans(),
    check=st.booleans(),
    spoils=st.lists(
        st.tuples(st.integers(0, 1_299), st.sampled_from(SPOILERS), st.integers(0, 6)),
        max_size=4,
    ),
    seed=st.integers(0, 2**32 - 1),
)
def test_first_bad_row_across_blocks(
    rows: int, k: int, dtype: type, strided: bool, check: bool,
    spoils: list[tuple[int, object, int]], seed: int,
) -> None:  # fmt: skip
    """The first bad row is the one named, wherever the bad rows fall among the kernel's
    blocks of rows (several in one block, a repeated card before or after a bad id, a wide
    id in a later block), in every specialised dtype, contiguous or strided; good input
    gets the scalar path's ranks."""
    hands = random_hands(np.random.default_rng(seed), rows, k).astype(np.int64)
    for row, spoiler, position in spoils:
        row, position = row % rows, position % k
        if spoiler == "twice":
            hands[row, position] = hands[row, (position + 1) % k]
        elif np.iinfo(dtype).min <= int(spoiler) <= np.iinfo(dtype).max:  # type: ignore[call-overload]
            hands[row, position] = spoiler
    ids = hands.astype(dtype)
    if strided:  # every other row of a taller array: rows two rows' bytes apart
        tall = np.zeros((2 * rows, k), dtype=dtype)
        tall[::2] = ids
        ids = tall[::2]
    expected = _reference_error(hands.tolist(), check)
    if expected is None:
        got = evaluate_batch(ids, check=check)
        distinct = [i for i, h in enumerate(hands.tolist()) if len(set(h)) == k]  # check=False
        np.testing.assert_array_equal(got[distinct], [evaluator()(hands[i]) for i in distinct])
    else:
        with pytest.raises(CardError, match=f"^{expected}$"):
            evaluate_batch(ids, check=check)


@pytest.mark.parametrize("chunk", [1, 2, 3, 8])
def test_bad_rows_at_chunk_edges(monkeypatch: pytest.MonkeyPatch, chunk: int) -> None:
    """The first bad row is named whichever chunk it falls in, first or last of it."""
    monkeypatch.setattr(batch_module, "CHUNK", chunk)
    rng = np.random.default_rng(chunk)
    hands = random_hands(rng, 20, 7)
    for row in range(20):
        for dtype in (np.int64, np.uint8):
            repeated = hands.astype(dtype)
            repeated[row, 6] = repeated[row, 0]
            with pytest.raises(CardError, match=rf"^hands row {row} holds a card twice$"):
                evaluate_batch(repeated)
            outside = hands.astype(dtype)
            outside[row, 3] = 60
            with pytest.raises(CardError, match=rf"^hands row {row} holds a card id outside"):
                evaluate_batch(outside, check=False)
    np.testing.assert_array_equal(evaluate_batch(hands), [evaluator()(h) for h in hands.tolist()])


@settings(max_examples=200, deadline=None)
@given(
    rows=st.lists(
        st.lists(st.integers(min_value=-3, max_value=56), min_size=7, max_size=7),
        min_size=1,
        max_size=12,
    ),
    k=st.integers(min_value=5, max_value=7),
    dtype=st.sampled_from([np.int8, np.int16, np.int32, np.int64]),
    check=st.booleans(),
    chunk=st.integers(min_value=1, max_value=5),
)
def test_errors_match_a_plain_reference(
    rows: list[list[int]], k: int, dtype: type, check: bool, chunk: int
) -> None:
    """Any ids near the valid range: an error exactly when the reference finds one, same text."""
    rows = [row[:k] for row in rows]
    expected = _reference_error(rows, check)
    hands = np.array(rows, dtype=dtype)
    original = batch_module.CHUNK
    batch_module.CHUNK = chunk
    try:
        if expected is None:
            if check:
                np.testing.assert_array_equal(
                    evaluate_batch(hands), [evaluator()(r) for r in rows]
                )
            else:
                evaluate_batch(hands, check=False)
        else:
            with pytest.raises(CardError) as error:
                evaluate_batch(hands, check=check)
            assert str(error.value) == expected
    finally:
        batch_module.CHUNK = original


def test_omaha_repeats_across_hole_and_board() -> None:
    rng = np.random.default_rng(21)
    for holes in (4, 5, 6):
        cards = random_hands(rng, 2, holes + 5)
        for i, j in combinations(range(holes + 5), 2):
            bad = cards.copy()
            bad[1, j] = bad[1, i]
            with pytest.raises(CardError, match=r"^hole and board row 1 holds a card twice$"):
                evaluate_omaha_batch(bad[:, :holes], bad[:, holes:])
            bad[1, j] = 52
            with pytest.raises(CardError, match="row 1 holds a card id outside"):
                evaluate_omaha_batch(bad[:, :holes], bad[:, holes:], check=False)


def test_popcount_without_numpy_2() -> None:
    rng = np.random.default_rng(11)
    x = rng.integers(0, 2**63, size=1000, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    x = np.concatenate([x, np.array([0, 2**64 - 1], dtype=np.uint64)])
    expected = [bin(int(v)).count("1") for v in x]
    np.testing.assert_array_equal(arrays_module.popcount_by_bytes(x), expected)
    np.testing.assert_array_equal(arrays_module.popcount(x), expected)


def test_omaha_batch_errors() -> None:
    hole = np.array([[0, 1, 2, 3]])
    with pytest.raises(CardError, match="hole has 1 rows but board has 2"):
        evaluate_omaha_batch(hole, np.array([[4, 5, 6], [7, 8, 9]]))
    with pytest.raises(CardError, match=r"hole must have shape"):
        evaluate_omaha_batch(np.array([[0, 1, 2]]), np.array([[4, 5, 6]]))
    with pytest.raises(CardError, match=r"board must have shape"):
        evaluate_omaha_batch(hole, np.array([[4, 5, 6, 7, 8, 9]]))
    with pytest.raises(CardError, match="holds a card twice"):
        evaluate_omaha_batch(hole, np.array([[4, 5, 3]]))
    with pytest.raises(CardError, match=r"outside 0\.\.51"):
        evaluate_omaha_batch(hole, np.array([[4, 5, 60]]))


def test_omaha_batch_uses_exactly_two_and_three() -> None:
    hole = [[51, 47, 0, 5], [50, 46, 42, 38]]  # As Ks 2c 3d; Ah Kh Qh Jh
    board = [[43, 39, 35, 2, 6], [34, 9, 13, 17, 21]]  # Qs Js Ts 2h 3h; Th 4d 5d 6d 7d
    ranks = evaluate_omaha_batch(hole, board)
    assert ranks[0] == 1  # royal flush with As Ks + Qs Js Ts
    second = evaluate("Ah Kh Qh Jh", board="Th 4d 5d 6d 7d", game="omaha")
    assert ranks[1] == second.rank and second.category != Category.STRAIGHT_FLUSH


def test_memory_stays_bounded_whatever_n() -> None:
    """Temporaries are per chunk: the peak above the output does not grow with N."""
    row = np.array([[51, 46, 41, 36, 31, 26, 21]], dtype=np.int8)
    evaluate_batch(row)  # build and cache the tables first
    extra = []
    for n in (4 * batch_module.CHUNK, 32 * batch_module.CHUNK):
        hands = np.broadcast_to(row, (n, 7))  # n rows, no memory of their own
        tracemalloc.start()
        try:
            out = evaluate_batch(hands)
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert (out == out[0]).all()
        extra.append(peak - out.nbytes)
    assert extra[1] < 16 * 2**20, extra
    assert extra[1] < extra[0] + 2**20, extra


@pytest.mark.slow
def test_one_hundred_million_hands_in_bounded_memory() -> None:
    row = np.array([[0, 4, 9, 13, 18, 33, 51]], dtype=np.int8)
    hands = np.broadcast_to(row, (100_000_000, 7))
    tracemalloc.start()
    try:
        out = evaluate_batch(hands)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(out) == 100_000_000 and out[-1] == evaluator()(row[0].tolist())
    assert peak - out.nbytes < 32 * 2**20


def test_out_receives_the_ranks_and_is_returned() -> None:
    rng = np.random.default_rng(24)
    for k in (5, 6, 7):
        hands = random_hands(rng, 3000, k).astype(np.uint8)
        out = np.full(len(hands), 9999, dtype=np.uint16)
        got = evaluate_batch(hands, out=out)
        assert got is out
        np.testing.assert_array_equal(out, [evaluator()(h) for h in hands.tolist()])


def test_out_slices_take_the_ranks_of_their_rows() -> None:
    """Two halves into the two halves of one array: as two threads fill a preallocated one."""
    rng = np.random.default_rng(25)
    hands = random_hands(rng, 1001, 7)
    out = np.zeros(len(hands), dtype=np.uint16)
    evaluate_batch(hands[:500], out=out[:500])
    evaluate_batch(hands[500:], out=out[500:])
    np.testing.assert_array_equal(out, evaluate_batch(hands))


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (np.zeros(3, dtype=np.int32), r"out must be a uint16 array, not int32"),
        (np.zeros(4, dtype=np.uint16), r"out must have shape \(3,\) for 3 hands"),
        (np.zeros((3, 1), dtype=np.uint16), r"out must have shape \(3,\)"),
        (np.zeros(6, dtype=np.uint16)[::2], r"out must be a writable, contiguous array"),
        ([0, 0, 0], r"out must be a numpy uint16 array, not list"),
    ],
)
def test_bad_out_arrays_say_what_is_wrong(out: object, message: str) -> None:
    hands = [[0, 4, 8, 12, 17], [1, 5, 9, 13, 18], [2, 6, 10, 14, 19]]
    with pytest.raises(ValueError, match=message):
        evaluate_batch(hands, out=out)  # type: ignore[arg-type]


def test_out_is_for_the_standard_ladder_only() -> None:
    with pytest.raises(ValueError, match="out= is for the standard ladder"):
        evaluate_batch([[20, 13, 9, 4, 0]], game="deuce-to-seven", out=np.zeros(1, np.uint16))


@pytest.mark.parametrize("dtype", [np.uint8, np.int16, np.int32, np.int64])
def test_strided_rows_read_like_contiguous_ones(dtype: type) -> None:
    """Rows a few ids apart (a column slice of a wider array) on the strided kernel loop."""
    rng = np.random.default_rng(26)
    wide = random_hands(rng, 2000, 9).astype(dtype)
    for k in (5, 6, 7):
        sliced = wide[:, :k]
        assert not sliced.flags.c_contiguous
        np.testing.assert_array_equal(
            evaluate_batch(sliced), evaluate_batch(np.ascontiguousarray(sliced))
        )


@settings(max_examples=300, deadline=None)
@given(
    card=st.integers(min_value=0, max_value=51),
    copies=st.integers(min_value=2, max_value=7),
    k=st.integers(min_value=5, max_value=7),
    dtype=st.sampled_from([np.uint8, np.int16, np.int32, np.int64]),
    seed=st.integers(min_value=0, max_value=1000),
)
def test_a_card_held_many_times_is_caught(
    card: int, copies: int, k: int, dtype: type, seed: int
) -> None:
    """Two to seven copies of one card among distinct others (the kernel counts the bits
    of the row's bit sum: every carry of a repeat must show)."""
    copies = min(copies, k)
    rng = np.random.default_rng(seed)
    others = [int(c) for c in rng.permutation(52) if c != card][: k - copies]
    row = [card] * copies + others
    rng.shuffle(row)
    hands = np.array([[0, 4, 8, 12, 17, 21, 25][:k], row], dtype=dtype)
    with pytest.raises(CardError, match=r"^hands row 1 holds a card twice$"):
        evaluate_batch(hands)
    assert evaluate_batch(hands, check=False).shape == (2,)  # unspecified rank, no error


@pytest.mark.parametrize(("wrap", "rule"), [(None, False), (0, False), ("", False), (1, True),
                                            ("yes", True)])  # fmt: skip
def test_wrap_is_read_for_its_truth(backend: str, wrap: object, rule: bool) -> None:
    """Any value stands for the rule by its truth, as ``if wrap`` reads it, on every path."""
    hand, hole, board = [36, 40, 44, 48, 0], [36, 40, 1, 5], [44, 48, 0, 9, 13]  # J-Q-K-A-2
    expected = 13 if rule else 330
    assert evaluate_batch([hand], wrap=wrap).tolist() == [expected]  # type: ignore[arg-type]
    assert evaluate_omaha_batch([hole], [board], wrap=wrap).tolist() == [expected]  # type: ignore[arg-type]
    assert evaluate_omaha_ids(hole, board, wrap=wrap) == expected  # type: ignore[arg-type]
