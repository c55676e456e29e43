"""The native kernel and the numpy path, side by side in one process: the same ranks,
the same errors and the same equity numbers, exhaustively where it fits.

Every evaluation, batch, equity and stats test also runs on both backends (the
``backend`` fixture of conftest.py); this file compares them directly.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from math import comb
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import showdown
from helpers.backends import NO_KERNEL_INSTALL, both, error_of
from helpers.oracles import SPEC_SEVEN_HANDS
from showdown import Card, equity, evaluate_batch, evaluate_omaha_batch
from showdown.categories import category_ranges
from showdown.hands import native as _backend
from showdown.hands import scalar as scalar_module  # the scalar paths of both backends
from showdown.hands.ladder_scalar import ladder_ids, value_ids
from showdown.hands.rank_tables import kernel_buffers
from showdown.hands.stats import rank_counts
from showdown.variants import ACE_TO_FIVE, find_variant

pytestmark = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def test_the_kernel_is_built() -> None:
    assert _backend.native_available(), "the C kernel did not build: run scripts/setup.sh"


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def colex(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) (uint8 rows, ascending), in colex order."""
    rows = np.arange(n, dtype=np.uint8)[:, None]
    for width in range(2, k + 1):
        blocks = [
            np.concatenate(
                [rows[: comb(m, width - 1)], np.full((comb(m, width - 1), 1), m, np.uint8)], 1
            )
            for m in range(width - 1, n)
        ]
        rows = np.concatenate(blocks)
    return rows


def test_backend_is_visible() -> None:
    # native, built by scripts/setup.sh, unless SHOWDOWN_BACKEND=numpy forces the fallback
    forced = os.environ.get("SHOWDOWN_BACKEND", "").lower() == "numpy"
    default = "numpy" if forced else "native"
    assert showdown.BACKEND == _backend.BACKEND == default
    hot = showdown.evaluate_ids
    assert hot is scalar_module.evaluator(backend=default)  # bound once per process
    with _backend.use("numpy"):
        assert _backend.current() == "numpy"
        assert scalar_module.evaluator() is scalar_module.evaluator(backend="numpy")
        assert showdown.evaluate_ids is hot  # never rebound: no copy of it goes stale
    assert _backend.current() == default
    with pytest.raises(ValueError, match="'native' or 'numpy'"), _backend.use("fast"):  # type: ignore[arg-type]
        pass


def kernel_calls(run: Callable[[], Any]) -> list[str]:
    """The kernel methods that ``run()`` calls, as a profiler sees every C call."""
    kernel_type = type(_backend.native_tables(False))
    seen: list[str] = []

    def watch(frame: object, event: str, arg: Any) -> None:
        if event == "c_call" and isinstance(getattr(arg, "__self__", None), kernel_type):
            seen.append(arg.__name__)

    sys.setprofile(watch)
    try:
        run()
    finally:
        sys.setprofile(None)
    return seen


@pytest.mark.parametrize("name", _backend.NAMES)
def test_every_path_runs_the_backend_in_use(name: str) -> None:
    """What the ``backend`` fixture switches truly switches: under ``use("native")`` each
    path calls the kernel, under ``use("numpy")`` none does (a path holding on to another
    backend's function would fail here). ``evaluate_ids`` stays the process's own."""
    hand = [48, 44, 40, 36, 32, 0, 1]
    hole, board = [51, 47, 0, 5], [43, 39, 35, 2, 6]
    holdem, o8 = find_variant("holdem"), find_variant("omaha-hi-lo")
    paths: dict[str, Callable[[], Any]] = {
        "evaluator": lambda: scalar_module.evaluator()(hand),
        "evaluate_ids_wrap": lambda: showdown.evaluate_ids_wrap(hand),
        "evaluate_omaha_ids": lambda: showdown.evaluate_omaha_ids(hole, board),
        "evaluate": lambda: showdown.evaluate("As Ks", board="Qs Js Ts 2c 3d"),
        "evaluate_batch": lambda: evaluate_batch([hand]),
        "evaluate_omaha_batch": lambda: evaluate_omaha_batch([hole], [board]),
        "ladder_ids": lambda: ladder_ids(hand[:5], ACE_TO_FIVE),
        "value_ids": lambda: [value_ids(hand[:2], hand[2:], holdem, ladder) for ladder in
                              holdem.ladders],
        "value_ids omaha": lambda: [value_ids(hole, board, o8, o8.ladders[0])],
    }  # fmt: skip
    with _backend.use(name):
        for label, run in paths.items():
            assert bool(kernel_calls(run)) == (name == "native"), label
        hot = kernel_calls(lambda: showdown.evaluate_ids(hand))
    assert hot == (["rank"] if _backend.BACKEND == "native" else [])


@pytest.mark.parametrize("wrap", [False, True])
def test_every_five_card_hand(wrap: bool) -> None:
    """All 2,598,960 five-card hands, standard and wrap: rank by rank the same."""
    hands = colex(52, 5)
    native, numpy = both(evaluate_batch, hands, wrap)
    np.testing.assert_array_equal(native, numpy)
    assert len(native) == 2_598_960 and native.min() == 1 and native.max() == 7462


@pytest.mark.parametrize("k", [6, 7])
def test_millions_of_random_hands(k: int) -> None:
    hands = random_hands(np.random.default_rng(k), 1_000_000, k)
    for wrap in (False, True):
        native, numpy = both(evaluate_batch, hands, wrap)
        np.testing.assert_array_equal(native, numpy)


@pytest.mark.parametrize("holes", [4, 5, 6])
def test_random_omaha_hands(holes: int) -> None:
    rng = np.random.default_rng(holes)
    for boards in (3, 4, 5):
        cards = random_hands(rng, 60_000, holes + boards)
        for wrap in (False, True):
            native, numpy = both(evaluate_omaha_batch, cards[:, :holes], cards[:, holes:], wrap)
            np.testing.assert_array_equal(native, numpy)
            assert native.min() >= 1 and native.max() <= 7462  # never the 7463 sentinel


DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]


def layouts(hands: np.ndarray) -> Iterator[tuple[str, np.ndarray, slice]]:
    """The same hands in every memory layout: (name, array, rows of the expected output)."""
    yield "C", np.ascontiguousarray(hands), slice(None)
    yield "Fortran", np.asfortranarray(hands), slice(None)
    yield "reversed", hands[::-1], slice(None, None, -1)
    wide = np.zeros((len(hands), 2 * hands.shape[1]), dtype=hands.dtype)
    wide[:, ::2] = hands
    yield "every other column", wide[:, ::2], slice(None)
    yield "every other row", hands[::2], slice(None, None, 2)
    yield "big-endian", hands.astype(hands.dtype.newbyteorder(">")), slice(None)


@pytest.mark.parametrize("dtype", DTYPES)
def test_every_dtype_and_layout(dtype: type) -> None:
    hands = random_hands(np.random.default_rng(4), 20_000, 7)
    expected = both(evaluate_batch, hands)[1]
    for name, array, rows in layouts(hands.astype(dtype)):
        native, numpy = both(evaluate_batch, array)
        np.testing.assert_array_equal(native, expected[rows], err_msg=name)
        np.testing.assert_array_equal(numpy, expected[rows], err_msg=name)
    broadcast = np.broadcast_to(hands[:1].astype(dtype), (1000, 7))
    native, numpy = both(evaluate_batch, broadcast)
    assert (native == expected[0]).all() and (numpy == expected[0]).all()


@pytest.mark.parametrize("dtype", DTYPES)
def test_the_same_errors(dtype: type) -> None:
    """Duplicates and bad ids in every position: the same message on both paths."""
    info = np.iinfo(dtype)
    base = random_hands(np.random.default_rng(6), 5, 7).astype(dtype)
    bad_values = [v for v in (-1, 52, 63, 64, 255, 2**31, info.max) if info.min <= v <= info.max]
    for row in (0, 4):
        for position in range(7):
            for value in [int(base[row, (position + 1) % 7]), *bad_values]:
                hands = base.copy()
                hands[row, position] = value
                for check in (True, False):
                    native, numpy = both(error_of, evaluate_batch, hands, check=check)
                    assert native == numpy, (value, position, check)
                    if check or not 0 <= value <= 51:
                        assert native is not None and f"row {row}" in native
    holes, boards = base[:, :4].copy(), base[:, 4:].copy()
    boards[3, 2] = holes[3, 0]
    native, numpy = both(error_of, evaluate_omaha_batch, holes, boards)
    assert native == numpy == "CardError: hole and board row 3 holds a card twice"


#: From how many uint8 or int16 rows the kernel sums a row's ids two at a time
#: (PAIR_ROWS in evaluate.c): fewer go card by card.
PAIR_ROWS = 1024
#: Rows per block of the kernel's batch loops (BATCH_BLOCK in evaluate.c), whose ids'
#: range is checked once per block.
BATCH_BLOCK = 256
#: Bad ids of each type the pair loops must see: past 51 inside the pair tables, past
#: the int16 table's 0..63 (which its block check sends card by card), and negative.
BAD_IDS = {np.uint8: (52, 63, 64, 255), np.int16: (52, 63, 64, 255, 256, -1, -32768, 32767)}


@pytest.mark.parametrize("dtype", [np.uint8, np.int16])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_rows_by_pairs_and_card_by_card(k: int, dtype: type) -> None:
    """The kernel sums large uint8 and int16 batches two ids per lookup and small ones
    card by card (and, where the processor has AVX-512, dense ones sixteen rows at a
    time): all give the numpy path's ranks, and the same first bad row, dense or
    strided, at the edges of the blocks and of the batch."""
    rng = np.random.default_rng(30 + k)
    hands = random_hands(rng, 3 * PAIR_ROWS, k).astype(dtype)
    twice = hands.copy()
    twice[::3, k - 1] = twice[::3, 0]  # a card twice, in the last id (the unpaired one)
    twice[1::3, 1] = twice[1::3, 0]  # in a pair
    tables = _backend.native_tables(False)

    def by_pairs(ids: np.ndarray, check: bool) -> tuple[int, np.ndarray]:
        assert len(ids) >= PAIR_ROWS
        out = np.zeros(len(ids), np.uint16)
        return tables.batch(ids, out, check), out

    def card_by_card(ids: np.ndarray, check: bool) -> tuple[int, np.ndarray]:
        out = np.zeros(len(ids), np.uint16)
        for start in range(0, len(ids), PAIR_ROWS - 1):
            bad = tables.batch(ids[start : start + PAIR_ROWS - 1], out[start:], check)
            if bad >= 0:
                return start + bad, out
        return -1, out

    tall = np.zeros((2 * len(hands), k), dtype)
    tall[::2] = hands
    for ids in (hands, tall[::2]):
        expected = both(evaluate_batch, ids)[1]
        for check in (True, False):
            for run in (by_pairs, card_by_card):
                bad, ranks = run(ids, check)
                assert bad == -1
                np.testing.assert_array_equal(ranks, expected, err_msg=f"{run.__name__} {check}")
    assert by_pairs(twice, True)[0] == card_by_card(twice, True)[0] == 0
    paired, single = by_pairs(twice, False), card_by_card(twice, False)
    assert paired[0] == single[0] == -1
    # unchecked, a row with a card twice gets an unspecified rank in 0..7462 (the paths
    # need not agree on it: batch_vector.c counts suits from the cards' bits); the rows
    # between them are ranked as the numpy path ranks them
    assert paired[1].max() <= 7462 and single[1].max() <= 7462
    clean = both(evaluate_batch, twice[2::3])[1]
    np.testing.assert_array_equal(paired[1][2::3], clean)
    np.testing.assert_array_equal(single[1][2::3], clean)
    edges = (0, BATCH_BLOCK - 1, BATCH_BLOCK, PAIR_ROWS - 1, PAIR_ROWS, len(hands) - 1)
    for row in edges:
        for position in range(k):
            for value in (*BAD_IDS[dtype], int(hands[row, (position + 1) % k])):
                spoilt = hands.copy()
                spoilt[row, position] = value
                if row + 1 < len(hands):  # a later bad row in the same block must not win
                    spoilt[row + 1, position] = BAD_IDS[dtype][-1]
                first = row if not 0 <= value <= 51 else row + 1  # unchecked: twice is no error
                first = first if first < len(hands) else -1
                for ids in (spoilt, np.repeat(spoilt, 2, axis=0)[::2]):
                    assert by_pairs(ids, False)[0] == card_by_card(ids, False)[0] == first
                    assert by_pairs(ids, True)[0] == card_by_card(ids, True)[0] == row


def test_scalar_paths_agree() -> None:
    rng = np.random.default_rng(8)
    python = scalar_module.evaluator(backend="numpy")
    native = scalar_module.evaluator(backend="native")
    for k in (5, 6, 7):
        for hand in random_hands(rng, 30_000, k).tolist():
            assert native(hand) == python(hand)
    bad: list[Any] = [
        [-1, 47, 43, 39, 35],
        [0, 0, 0, 0, 0],
        [52, 1, 2, 3, 4],
        [2**70, 1, 2, 3, 4],
        [1, 2, 3, 4],
        list(range(8)),
        [1.0, 2, 3, 4, 5],
        "As Ks Qs Js Ts",
        5,
        None,
        [Card.from_id(1), 1, 2, 3, 4],
    ]
    for ids in bad:
        assert error_of(native, ids) == error_of(python, ids) is not None, ids


def test_monte_carlo_same_seed_same_numbers_and_both_near_exact() -> None:
    """Monte Carlo: the native kernel draws its boards itself (xoshiro256**; Hold'em, also
    with importance-weighted deals, and Omaha), the numpy path from its own tables, so
    the numbers differ between backends (the issue allows it, documented in the README).
    Each backend gives the same numbers for the same seed and lands within its stated
    standard errors of exact equity."""
    for players, board, trials in [
        (["AcAd", "KhKs"], None, 50_000),
        (["AhKh", "QQ+"], None, 40_000),
        (["AhKh", "QQ", "JTs", "random"], "2c 7d 9h", 30_000),
    ]:
        exact = equity(players, board=board)
        for name in _backend.NAMES:
            with _backend.use(name):
                first = equity(players, board=board, trials=trials, seed=11)
                again = equity(players, board=board, trials=trials, seed=11)
                other = equity(players, board=board, trials=trials, seed=12)
            assert first == again and first.equity != other.equity, (name, players)
            assert first.stderr is not None
            for p in range(len(players)):
                assert abs(first.equity[p] - exact.equity[p]) < 4.5 * first.stderr[p], (name, p)
    # Deals too many to list: importance-weighted samples, each trial's ranks weighed (the
    # native kernel hands them back); both backends agree within their standard errors.
    players = ["random", "random", "AA, KK, AKs:0.5", "AK, QQ", "random"]
    runs = {}
    for name in _backend.NAMES:
        with _backend.use(name):
            runs[name] = equity(players, trials=60_000, seed=4, workers=1)
            assert runs[name] == equity(players, trials=60_000, seed=4, workers=1)
    a, b = runs["native"], runs["numpy"]
    assert a.stderr is not None and b.stderr is not None and a.equity != b.equity
    for p in range(len(players)):
        spread = (a.stderr[p] ** 2 + b.stderr[p] ** 2) ** 0.5
        assert abs(a.equity[p] - b.equity[p]) < 4.5 * spread, p
    # Omaha: the native kernel draws its boards too (other draws, the same distribution).
    for players, board in [
        (["Ac Ad Kc Kd", "Ah Qh Jh Th", "2c 3c 4d 5d"], "2h 7h 9c"),
        (["AAxx", "QhQsJdTd"], "2h 7h 9c 3d"),
    ]:
        exact = equity(players, board=board, game="omaha", exact=True, workers=1)
        for name in _backend.NAMES:
            with _backend.use(name):
                first = equity(players, board=board, game="omaha", trials=20_000, seed=2)
                assert first == equity(players, board=board, game="omaha", trials=20_000, seed=2)
            assert first.stderr is not None
            for p in range(len(players)):
                assert abs(first.equity[p] - exact.equity[p]) < 4.5 * first.stderr[p], (name, p)


def test_native_draws_match_exact_counts() -> None:
    """The kernel's board draws (one part, or two parts redrawn until disjoint) for 1, 2,
    4 and 5 missing cards: each player's win share lands within 4.5 standard errors of
    exact enumeration; a ranged player's picks are honoured and bad combos refused."""
    from showdown.odds import draws as D
    from showdown.odds.showdown_counts import exact_counts, new_counts

    hero, villain = np.array([[48, 49]]), np.array([[46, 47]])
    live = [c for c in range(52) if c not in (46, 47, 48, 49)]
    trials = 400_000
    for board in ([0, 5, 10, 15], [0, 5, 10], [0], []):
        deck = [c for c in live if c not in board]
        counts = new_counts(2)
        D.draw_counts(board, deck, [hero, villain], [None, None], trials, 99, counts)
        with _backend.use("native"):
            exact = exact_counts(board, deck, np.array([[[48, 49], [46, 47]]]))[0]
        boards = exact[0, 1] + exact[1, 1] + exact[0, 2]
        for p in (0, 1):
            share = exact[p, 1] / boards
            sd = (share * (1 - share) / trials) ** 0.5
            assert abs(counts[p, 1] / trials - share) <= 4.5 * sd, (board, p)
    combos = np.array([[0, 1], [4, 5], [8, 9]])
    picks = np.arange(30_000, dtype=np.int64) % 3
    counts = new_counts(2)
    D.draw_counts([], live, [hero, combos], [None, picks], 30_000, 5, counts)
    assert counts[0, 1] + counts[1, 1] + counts[0, 2] == 30_000
    with pytest.raises(ValueError, match="bad or board card"):
        D.draw_counts([0, 5, 10], live, [hero, np.array([[0, 2]])], [None, None], 10, 1, counts)
    omaha = [np.array([[48, 49, 44, 45]]), np.array([[46, 47, 42, 43]])]
    deck = [c for c in range(52) if c not in (42, 43, 44, 45, 46, 47, 48, 49)]
    ranks = D.omaha_draw_ranks([], deck, omaha, [None, None], 1000, 3)
    assert [r.shape for r in ranks] == [(1000,), (1000,)] and min(r.min() for r in ranks) > 0
    with pytest.raises(ValueError, match="bad or board card"):
        D.omaha_draw_ranks([48, 0, 1], deck, omaha, [None, None], 10, 1)


def test_exact_equity_is_the_same() -> None:
    for players, board in [
        (["AcAd", "KhKs"], None),
        (["AKs", "QQ"], None),
        (["AhKh", "2c2d", "9s9d"], None),
        (["AhKh", "2c2d"], "Qh Jh 3c"),
        (["QQ+,AKs", "random"], "Ah 7c 2d"),
        (["AA", "KK", "QQ"], "2c 3d 4h 9s"),
    ]:
        native, numpy = both(equity, players, board=board)
        assert native == numpy and native.method == "exact", players
    native, numpy = both(equity, ["Ac Ad Kc Kd", "Ah Qh Jh Th"], board="2h 7h 9c", game="omaha")
    assert native == numpy


def test_stats_counts_are_the_same() -> None:
    for cards in (5, 6, 7):
        for wrap in (False, True):
            native, numpy = both(rank_counts, cards, wrap)
            np.testing.assert_array_equal(native, numpy)


def test_threads_share_the_work() -> None:
    """The kernels release the GIL: chunks evaluated on two threads give the same ranks."""
    hands = random_hands(np.random.default_rng(12), 400_000, 7)
    whole = evaluate_batch(hands)
    with ThreadPoolExecutor(2) as pool:
        parts = list(pool.map(evaluate_batch, np.array_split(hands, 8)))
    np.testing.assert_array_equal(np.concatenate(parts), whole)


@pytest.mark.slow
def test_every_seven_card_hand() -> None:
    """SPEC section 2: all 133,784,560 seven-card hands, hand by hand the same on both paths."""
    per_rank = np.zeros(7463, dtype=np.int64)
    tails = colex(51, 6)  # six-card tails in colex order: those below m are a prefix
    for first in range(52 - 7 + 1):
        rest = tails[: comb(51 - first, 6)] + np.uint8(first + 1)
        hands = np.empty((len(rest), 7), dtype=np.uint8)
        hands[:, 0] = first
        hands[:, 1:] = rest
        native, numpy = both(evaluate_batch, hands, check=False)
        np.testing.assert_array_equal(native, numpy)
        per_rank += np.bincount(native, minlength=7463)
    assert per_rank.sum() == comb(52, 7)
    for category, span in category_ranges().items():
        assert per_rank[span.start : span.stop].sum() == SPEC_SEVEN_HANDS[category], category
    assert np.count_nonzero(per_rank) == 4824


def test_omaha_scalar_agrees_with_batch() -> None:
    rng = np.random.default_rng(13)
    cards = random_hands(rng, 2000, 9)
    batch = evaluate_omaha_batch(cards[:, :4], cards[:, 4:])
    for name in _backend.NAMES:
        with _backend.use(name):
            scalar = [showdown.evaluate_omaha_ids(h[:4], h[4:]) for h in cards.tolist()]
            np.testing.assert_array_equal(scalar, batch)


@pytest.mark.parametrize(
    "flag",
    [
        "-DSHOWDOWN_SSE2=0",
        "-DSHOWDOWN_NO_POPCNT",
        "-DSHOWDOWN_NO_VPOPCNT",
        "-DSHOWDOWN_NO_AVX512",
        "-DSHOWDOWN_NO_AVX512 -DSHOWDOWN_NO_AVX2",
    ],
)
def test_the_portable_c_batch_loop_agrees(tmp_path: Path, flag: str) -> None:
    """The batch loop's plain C path (ARM64 and any machine without SSE2 take it) built
    here with ``-DSHOWDOWN_SSE2=0``, and its checked loop without POPCNT (processors
    without it take it) built with ``-DSHOWDOWN_NO_POPCNT``, and its POPCNT loops (which
    processors without AVX-512 VPOPCNTDQ take) built with ``-DSHOWDOWN_NO_VPOPCNT``, and
    with ``-DSHOWDOWN_NO_AVX512`` the AVX2 path of uint8 and int16 rows (batch_avx2.c:
    what a processor without AVX-512 runs) and the scalar loops of wider rows that the
    built kernel replaces by batch_vector.c where the processor has AVX-512, and with
    ``-DSHOWDOWN_NO_AVX2`` too the scalar loops of every width: the
    same ranks and first bad rows as the built kernel for every specialised input type,
    checked and not, on 5, 6 and 7 cards."""
    import showdown._native as kernel_package  # the kernel is built (see pytestmark)

    ldshared = sysconfig.get_config_var("LDSHARED")
    # The kernel in this checkout was compiled here, so the compiler that built it is present.
    assert os.name == "posix" and ldshared and shutil.which(ldshared.split()[0]), (
        f"no C compiler (LDSHARED={ldshared!r}) to build the kernel's portable path with"
    )
    out = tmp_path / "_kernel.so"
    include = sysconfig.get_paths()["include"]
    sources = sorted(Path(kernel_package.__file__).parent.glob("*.c"))  # kernel.h is beside them
    assert len(sources) > 1, sources
    subprocess.run(
        [*ldshared.split(), "-std=c99", "-O2", "-fPIC", *flag.split(), f"-I{include}",
         *map(str, sources), "-o", str(out)],
        check=True,
    )  # fmt: skip
    loader = importlib.machinery.ExtensionFileLoader("portable._kernel", str(out))
    spec = importlib.util.spec_from_file_location("portable._kernel", out, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    buffers = kernel_buffers()
    portable = module.Tables(*buffers[0], _backend._ids_error, _backend._omaha_ids_error,
                             key_gaps=buffers[1])  # fmt: skip
    built = _backend.native_tables(False)
    rng = np.random.default_rng(21)
    for k in (5, 6, 7):
        hands = random_hands(rng, 20_000, k)
        hands[777, 1] = hands[777, 0]  # a card twice
        hands[9_000, 2] = 60  # an id outside 0..51
        for dtype in (np.uint8, np.int16, np.int32, np.int64):
            ids = hands.astype(dtype)
            for check in (True, False):
                ours, theirs = np.zeros(len(ids), np.uint16), np.zeros(len(ids), np.uint16)
                bad = portable.batch(ids, ours, check)
                assert bad == built.batch(ids, theirs, check) == (777 if check else 9_000)
                np.testing.assert_array_equal(ours[:bad], theirs[:bad])
                rest = ids[bad + 1 :]
                ours, theirs = np.zeros(len(rest), np.uint16), np.zeros(len(rest), np.uint16)
                again = portable.batch(rest, ours, check)
                assert again == built.batch(rest, theirs, check)
                # the rows after a bad row are left unspecified
                end = len(rest) if again < 0 else again
                np.testing.assert_array_equal(ours[:end], theirs[:end])
