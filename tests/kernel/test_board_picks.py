"""The range-against-range boards drawn by index (``Picks`` in draws.h): where the
processor has a fast PDEP (BMI2) the kernel finds the i-th card of a deal's mask with
it; a kernel built here with ``-DSHOWDOWN_NO_BMI2`` takes the portable paths (ranks
first, then a select by byte counts, or for one group a list per deal), which must
draw the very same boards: the same seed gives the same counts on every machine."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sysconfig
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from helpers.backends import NO_KERNEL_INSTALL
from showdown.hands import native as _backend
from showdown.hands.rank_tables import kernel_buffers
from showdown.odds.deals import groups
from showdown.odds.ranges.holdem import parse_range
from showdown.odds.showdown_counts import new_counts

pytestmark = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")

#: Ranges as the benchmark plays them: one group (heads-up, weighted), several groups
#: (three and six ranges), on no board, a flop and a turn.
JOBS = [
    (["QQ+,AKs", "JJ-99,AQs+"], []),
    (["QQ+,AKs:0.5", "JJ-99:0.75,AQs+:0.25"], []),
    (["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs"], []),
    (["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs", "55-22", "AJo-A9o", "KJs-K9s"], []),
    (["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs"], [8, 33, 2]),  # 4c Jd 2h
    (["AA,KK,AKs", "TT-77", "A5s-A2s"], [8, 33, 2, 47]),
]


def portable_kernel(tmp_path: Path) -> Any:
    """The kernel built with ``-DSHOWDOWN_NO_BMI2``: its tables, as the built kernel's."""
    import showdown._native as kernel_package  # the kernel is built (see pytestmark)

    ldshared = sysconfig.get_config_var("LDSHARED")
    assert os.name == "posix" and ldshared and shutil.which(ldshared.split()[0]), (
        f"no C compiler (LDSHARED={ldshared!r}) to build the kernel's portable path with"
    )
    out = tmp_path / "_kernel.so"
    include = sysconfig.get_paths()["include"]
    sources = sorted(Path(kernel_package.__file__).parent.glob("*.c"))
    subprocess.run(
        [*ldshared.split(), "-std=c99", "-O2", "-fPIC", "-DSHOWDOWN_NO_BMI2", f"-I{include}",
         *map(str, sources), "-o", str(out)],
        check=True,
    )  # fmt: skip
    loader = importlib.machinery.ExtensionFileLoader("portable._kernel", str(out))
    spec = importlib.util.spec_from_file_location("portable._kernel", out, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    buffers = kernel_buffers()
    return module.Tables(*buffers[0], _backend._ids_error, _backend._omaha_ids_error,
                         key_gaps=buffers[1])  # fmt: skip


def deal_arguments(players: list[str], board: list[int]) -> tuple[Any, ...]:
    """holdem_deals' arguments for ranged ``players`` on ``board`` (as deal_counts
    passes them), the players' combos dropped where they touch the board."""
    combos, masks, weights = [], [], []
    for text in players:
        kept = [(c, w) for c, w in parse_range(text).items() if not set(c) & set(board)]
        combos.append(np.array([c for c, _ in kept], dtype=np.int64))
        weights.append(np.array([w for _, w in kept], dtype=np.float64))
        bits = (np.uint64(1) << combos[-1].astype(np.uint64)).sum(axis=1, dtype=np.uint64)
        masks.append(bits)
    listed = [(np.asarray(m, np.int64), np.ascontiguousarray(c, np.int64).ravel(),
               np.cumsum(w)) for m, c, w, _ in groups(masks, weights)]  # fmt: skip
    live = np.array([c for c in range(52) if c not in board], dtype=np.int64)
    held = [(np.ascontiguousarray(c).ravel(), None) for c in combos]
    return np.array(board, dtype=np.int64), live, held, listed


def test_the_portable_boards_are_the_pdep_boards(tmp_path: Path) -> None:
    """Every job's counts, seeded, from the kernel as built (PDEP where the processor
    has it) and from the portable build: identical, so no path draws other boards; and
    every trial counted once."""
    portable = portable_kernel(tmp_path)
    built = _backend.native_tables(False)
    trials = 20_000
    for players, board in JOBS:
        args = deal_arguments(players, board)
        ours, theirs = new_counts(len(players)), new_counts(len(players))
        for seed in (1, 2**63 + 5):
            assert built.holdem_deals(*args, trials, seed, ours, 100 * trials) >= trials
            assert portable.holdem_deals(*args, trials, seed, theirs, 100 * trials) >= trials
            np.testing.assert_array_equal(ours, theirs)
        shares = ours[:, 1:] / np.arange(1, 11)
        assert round(float(shares.sum())) == 2 * trials  # each trial's pot given out once


def test_a_heads_up_group_listed_either_way_round_gives_the_same_counts() -> None:
    """Both players in one group, listed as (0, 1) or as (1, 0) with the columns
    swapped: the same joint combos in the same order, so the same seeded draws, and the
    counts of each player the same (the heads-up showdowns read the members' order)."""
    board, live, held, listed = deal_arguments(["QQ+,AKs", "JJ-99,AQs+,KQo"], [])
    [(members, columns, cumulative)] = listed
    swapped = (members[::-1].copy(), columns.reshape(-1, 2)[:, ::-1].ravel().copy(), cumulative)
    built = _backend.native_tables(False)
    trials = 50_000
    ours, theirs = new_counts(2), new_counts(2)
    assert built.holdem_deals(board, live, held, listed, trials, 3, ours, 100 * trials) >= 0
    assert built.holdem_deals(board, live, held, [swapped], trials, 3, theirs, 100 * trials) >= 0
    np.testing.assert_array_equal(ours, theirs)
    assert ours[0, 1] != ours[1, 1]  # the two players' wins differ: a swap would show
