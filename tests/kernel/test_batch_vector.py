"""The kernel's batch paths that rank rows sixteen at a time (AVX-512) or eight at a
time (AVX2).

Where the processor has AVX-512, ``batch`` takes the first for dense rows of 5-7 uint8,
int16, int32 or int64 ids; where it has AVX2 (or with the paths capped at AVX2, as
``showdown.hands.native.simd`` and ``SHOWDOWN_SIMD`` do), the second for uint8 and int16
rows. Rows that are not dense (a column view) always go through the scalar loop, so every
test here compares the two on the same hands, under each cap: flush-heavy rows, every
row count around the groups of 8 and 16 and the blocks of 256, bad ids of every kind and
cards twice at any place. The numpy backend is the third opinion on clean rows. On a
processor without a path, its cap runs the widest path it has (the same tests again).
"""

from __future__ import annotations

import platform
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from showdown import evaluate_batch
from showdown.hands import native as _backend
from showdown.hands.native import simd

pytestmark = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")

#: The processor features the path needs, as Linux names them in /proc/cpuinfo.
VECTOR_FLAGS = {"avx2", "avx512f", "avx512bw", "avx512vbmi", "avx512_bitalg"}


def cpu_flags() -> set[str] | None:
    """The processor's feature flags from /proc/cpuinfo (None where there is none)."""
    cpuinfo = Path("/proc/cpuinfo")
    if not cpuinfo.exists():
        return None
    for line in cpuinfo.read_text().splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return None


def suited_rows(rng: np.random.Generator, rows: int, n: int) -> np.ndarray:
    """``rows`` hands of ``n`` distinct ids, most with three to seven cards of one suit
    (so that about a quarter are flushes), in random order within the row."""
    out = np.empty((rows, n), np.uint8)
    for i in range(rows):
        deck = rng.permutation(52)
        suit = deck[0] % 4
        suited = deck[deck % 4 == suit][: rng.integers(3, 8)]
        rest = deck[deck % 4 != suit]
        out[i] = rng.permutation(np.concatenate([suited, rest])[:n])
    return out


def ranked(ids: np.ndarray, check: bool, wrap: bool = False) -> tuple[int, np.ndarray]:
    """The kernel's (first bad row or -1, ranks) of ``ids``."""
    out = np.zeros(len(ids), np.uint16)
    return _backend.native_tables(wrap).batch(ids, out, check), out


def scalar_ranked(ids: np.ndarray, check: bool, wrap: bool = False) -> tuple[int, np.ndarray]:
    """The same through the scalar loop: the rows as a view of every other row."""
    spread = np.zeros((2 * len(ids), ids.shape[1]), ids.dtype)
    spread[::2] = ids
    return ranked(spread[::2], check, wrap)


DTYPES = [np.uint8, np.int16, np.int32, np.int64]
#: The caps every comparison runs under: the AVX-512 path, the AVX2 path, the scalar loops.
CAPS = ["avx512", "avx2", "none"]


def test_the_path_is_taken_where_the_processor_has_it() -> None:
    tables = _backend.native_tables(False)
    with simd("avx512"):
        taken = [tables.vector_batch(n) for n in (4, 5, 6, 7, 8)]
        assert taken[0] == taken[4] == "none"  # rows of 5 to 7 ids only
        assert taken[1] == taken[2] == taken[3]
        flags = cpu_flags()
        if platform.machine() not in ("x86_64", "AMD64"):
            assert taken[1] == "none"  # the paths are built on x86-64 only
        elif flags is not None:  # Linux: exactly where the processor has the instructions
            widest = "avx512" if flags >= VECTOR_FLAGS else "avx2" if "avx2" in flags else "none"
            assert taken[1] == widest
        # int16 rows take either path; int32 and int64 rows the AVX-512 one only
        assert tables.vector_batch(7, 2) == taken[1]
        assert tables.vector_batch(7, 8) == ("avx512" if taken[1] == "avx512" else "none")
    with simd("avx2") as cap:
        assert cap.path == tables.vector_batch(7) == ("none" if taken[1] == "none" else "avx2")
        assert tables.vector_batch(7, 4) == "none"
    with simd("none") as cap:
        assert cap.path == tables.vector_batch(7) == tables.vector_batch(7, 2) == "none"
    assert tables.vector_batch(7) == taken[1]  # the cap is lifted after the block


def test_the_environment_caps_the_paths_as_the_module_loads() -> None:
    import os
    import subprocess
    import sys

    code = "from showdown._native import _kernel; print(_kernel.simd())"
    widest = _backend.native_tables(False).vector_batch(7)
    for cap, expected in (("avx2", "none" if widest == "none" else "avx2"), ("none", "none")):
        env = {**os.environ, "SHOWDOWN_SIMD": cap}
        run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True)  # fmt: skip
        assert run.stdout.strip() == expected
    env = {**os.environ, "SHOWDOWN_SIMD": "sse9"}
    run = subprocess.run([sys.executable, "-W", "error", "-c", code], env=env,
                         capture_output=True, text=True)  # fmt: skip
    assert run.returncode != 0 and "SHOWDOWN_SIMD=sse9" in run.stderr
    with pytest.raises(ValueError, match="avx512"):
        _backend._import_kernel().simd("sse9")


@pytest.mark.parametrize("cap", CAPS)
@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("n", [5, 6, 7])
def test_rows_of_every_width_rank_as_the_scalar_loop(n: int, wrap: bool, cap: str) -> None:
    rng = np.random.default_rng(n + 10 * wrap)
    hands = np.concatenate(
        [suited_rows(rng, 3000, n), np.argsort(rng.random((5000, 52)), axis=1)[:, :n]]
    ).astype(np.uint8)
    rng.shuffle(hands)
    suits = np.stack([np.count_nonzero(hands % 4 == suit, axis=1) for suit in range(4)])
    # the flush branch of most groups of sixteen is taken
    assert np.count_nonzero(suits.max(axis=0) >= 5) > len(hands) // 8
    for check in (True, False):
        bad, scalar = scalar_ranked(hands, check, wrap)
        assert bad == -1
        for dtype in DTYPES:
            with simd(cap):
                bad, ours = ranked(hands.astype(dtype), check, wrap)
            assert bad == -1
            np.testing.assert_array_equal(ours, scalar)
    if not wrap:  # and the numpy backend agrees
        with _backend.use("numpy"):
            np.testing.assert_array_equal(evaluate_batch(hands), scalar)


BAD_IDS = {
    np.uint8: [52, 57, 63, 64, 100, 255],
    np.int16: [52, 63, 64, 255, 256, 4096, -1, -32768],
    np.int32: [52, 63, 64, 255, 256, 65536 + 3, 2**31 - 1, -1, -(2**31)],
    np.int64: [52, 63, 64, 256, 2**32 + 3, 2**40, -1, -(2**63)],
}


@given(
    n=st.sampled_from([5, 6, 7]),
    rows=st.integers(0, 700),
    dtype=st.sampled_from(DTYPES),
    check=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    fault=st.sampled_from(["none", "twice", "bad id"]),
    where=st.floats(0, 1, exclude_max=True),
    cap=st.sampled_from(CAPS),
)
def test_any_rows_and_faults_agree_with_the_scalar_loop(
    n: int, rows: int, dtype: type, check: bool, seed: int, fault: str, where: float, cap: str
) -> None:
    rng = np.random.default_rng(seed)
    hands = suited_rows(rng, rows, n).astype(dtype)
    at = int(where * rows)
    if rows and fault == "twice":
        hands[at, rng.integers(1, n)] = hands[at, 0]
    elif rows and fault == "bad id":
        hands[at, rng.integers(0, n)] = rng.choice(BAD_IDS[dtype])
    with simd(cap):
        bad, ours = ranked(hands, check)
    scalar_bad, scalar = scalar_ranked(hands, check)
    assert bad == scalar_bad
    expected = -1
    if rows and (fault == "bad id" or (fault == "twice" and check)):
        expected = at
    assert bad == expected
    # before a bad row, the rows of the blocks of 256 ahead of its own are ranked
    clean = (bad // 256) * 256 if bad >= 0 else rows
    keep = np.ones(clean, bool)
    if fault == "twice" and not check and at < clean:
        keep[at] = False  # an unchecked card twice: some rank, not a given one
    np.testing.assert_array_equal(ours[:clean][keep], scalar[:clean][keep])


@pytest.mark.parametrize("cap", CAPS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_strided_and_offset_rows_go_through_the_scalar_loop_alike(dtype: type, cap: str) -> None:
    rng = np.random.default_rng(3)
    hands = suited_rows(rng, 2000, 7).astype(dtype)
    wide = np.zeros((2000, 9), dtype)
    wide[:, 1:8] = hands
    with simd(cap):
        _, dense = ranked(hands, True)
        _, strided = ranked(wide[:, 1:8], True)  # rows 9 ids apart: not dense
        np.testing.assert_array_equal(strided, dense)
        _, tail = ranked(hands[5:], True)  # a start that is not a multiple of 8 or 16
        np.testing.assert_array_equal(tail, dense[5:])


@pytest.mark.parametrize("cap", CAPS)
@pytest.mark.parametrize("ladder", ["deuce-to-seven", "short-deck", "short-deck-trips"])
def test_the_other_ladders_with_flushes_rank_as_the_scalar_loop(ladder: str, cap: str) -> None:
    """Every ladder whose flushes are five of a suit takes the path too (its own
    tables); ladders without flushes (ace-to-five) keep the scalar loop."""
    from showdown.hands.ladder_native import ladder_kernel
    from showdown.variants import LADDERS

    tables = ladder_kernel(LADDERS[ladder])
    with simd(cap):
        assert tables.vector_batch(5) == _backend.native_tables(False).vector_batch(5)
        assert ladder_kernel(LADDERS["ace-to-five"]).vector_batch(5) == "none"
    rng = np.random.default_rng(len(ladder))
    sizes = [n for n in (5, 6, 7) if LADDERS[ladder].key != "deuce-to-seven" or n == 5]
    for n in sizes:  # deuce-to-seven has five-card tables only
        hands = suited_rows(rng, 4000, n)
        for dtype in DTYPES:
            ours, theirs = np.zeros(4000, np.uint16), np.zeros(4000, np.uint16)
            spread = np.zeros((8000, n), dtype)
            spread[::2] = hands
            with simd(cap):
                assert tables.batch(hands.astype(dtype), ours, True) == -1
            assert tables.batch(spread[::2], theirs, True) == -1  # not dense: the scalar loop
            np.testing.assert_array_equal(ours, theirs)


@pytest.mark.parametrize("cap", CAPS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_an_id_of_52_to_63_is_found_however_many_times_a_row_holds_it(
    dtype: type, cap: str
) -> None:
    """Such ids take the place of a rank 13 in the suit masks, which are added: twice at
    one place (or four times) once carried out of the suit's half and went unseen."""
    rng = np.random.default_rng(52)
    for n in (5, 6, 7):
        for bad_id in range(52, 64):
            for times in range(1, n + 1):
                hands = np.argsort(rng.random((40, 52)), axis=1)[:, :n].astype(dtype)
                hands[19, :times] = bad_id
                for check in (True, False):
                    with simd(cap):
                        assert ranked(hands, check)[0] == 19


@pytest.mark.parametrize("cap", CAPS)
@pytest.mark.parametrize("n", [5, 6, 7])
def test_every_path_ranks_a_large_random_set_as_the_numpy_evaluator(n: int, cap: str) -> None:
    """200,000 uniformly random hands and 20,000 flush-heavy ones, uint8 and int16,
    checked and not: each path's ranks are the numpy backend's."""
    rng = np.random.default_rng(100 + n)
    hands = np.concatenate(
        [np.argsort(rng.random((200_000, 52)), axis=1)[:, :n], suited_rows(rng, 20_000, n)]
    ).astype(np.uint8)
    with _backend.use("numpy"):
        expected = evaluate_batch(hands)
    for dtype in (np.uint8, np.int16):
        for check in (True, False):
            with simd(cap):
                bad, ours = ranked(hands.astype(dtype), check)
            assert bad == -1
            np.testing.assert_array_equal(ours, expected)
