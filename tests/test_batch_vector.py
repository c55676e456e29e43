"""The kernel's batch path that ranks uint8 and int16 rows sixteen at a time (AVX-512).

Where the processor has it, ``batch`` takes it for dense uint8 and int16 rows of 5-7
ids; int64 rows always go through the scalar loop, so every test here compares the
two on the same hands: flush-heavy rows, every row count around the groups of 16 and
the blocks of 256, bad ids of every kind and cards twice at any place. The numpy
backend is the third opinion on clean rows.
"""

from __future__ import annotations

import platform
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from showdown import evaluate_batch
from showdown.hands import native as _backend
from test_backends import NO_KERNEL_INSTALL

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


def test_the_path_is_taken_where_the_processor_has_it() -> None:
    flags = cpu_flags()
    if flags is None or platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("no /proc/cpuinfo on x86-64 to say what the processor has")
    tables = _backend.native_tables(False)
    assert [tables.vector_batch(n) for n in (4, 5, 6, 7, 8)] == [
        False, *[flags >= VECTOR_FLAGS] * 3, False
    ]  # fmt: skip


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("n", [5, 6, 7])
def test_uint8_and_int16_rows_rank_as_the_scalar_loop(n: int, wrap: bool) -> None:
    rng = np.random.default_rng(n + 10 * wrap)
    hands = np.concatenate(
        [suited_rows(rng, 3000, n), np.argsort(rng.random((5000, 52)), axis=1)[:, :n]]
    ).astype(np.uint8)
    rng.shuffle(hands)
    suits = np.stack([np.count_nonzero(hands % 4 == suit, axis=1) for suit in range(4)])
    # the flush branch of most groups of sixteen is taken
    assert np.count_nonzero(suits.max(axis=0) >= 5) > len(hands) // 8
    for check in (True, False):
        bad, scalar = ranked(hands.astype(np.int64), check, wrap)
        assert bad == -1
        for dtype in (np.uint8, np.int16):
            bad, ours = ranked(hands.astype(dtype), check, wrap)
            assert bad == -1
            np.testing.assert_array_equal(ours, scalar)
    if not wrap:  # and the numpy backend agrees
        with _backend.use("numpy"):
            np.testing.assert_array_equal(evaluate_batch(hands), scalar)


BAD_IDS = {np.uint8: [52, 57, 63, 64, 100, 255], np.int16: [52, 63, 64, 255, 256, 4096, -1]}


@given(
    n=st.sampled_from([5, 6, 7]),
    rows=st.integers(0, 700),
    dtype=st.sampled_from([np.uint8, np.int16]),
    check=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    fault=st.sampled_from(["none", "twice", "bad id"]),
    where=st.floats(0, 1, exclude_max=True),
)
def test_any_rows_and_faults_agree_with_the_scalar_loop(
    n: int, rows: int, dtype: type, check: bool, seed: int, fault: str, where: float
) -> None:
    rng = np.random.default_rng(seed)
    hands = suited_rows(rng, rows, n).astype(dtype)
    at = int(where * rows)
    if rows and fault == "twice":
        hands[at, rng.integers(1, n)] = hands[at, 0]
    elif rows and fault == "bad id":
        hands[at, rng.integers(0, n)] = rng.choice(BAD_IDS[dtype])
    bad, ours = ranked(hands, check)
    scalar_bad, scalar = ranked(hands.astype(np.int64), check)
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


def test_strided_and_offset_rows_go_through_the_scalar_loop_alike() -> None:
    rng = np.random.default_rng(3)
    hands = suited_rows(rng, 2000, 7)
    wide = np.zeros((2000, 9), np.uint8)
    wide[:, 1:8] = hands
    _, dense = ranked(hands, True)
    _, strided = ranked(wide[:, 1:8], True)  # rows 9 bytes apart: not dense
    np.testing.assert_array_equal(strided, dense)
    _, tail = ranked(hands[5:], True)  # a start that is not a multiple of 16
    np.testing.assert_array_equal(tail, dense[5:])
