"""Benchmark: two builds of the C kernel's batch loops against each other, in one process.

Run: ``.venv/bin/python benchmarks/bench_kernel_ab.py OLD.so NEW.so`` where each file is
a built ``_kernel`` extension (for instance this checkout's
``src/showdown/_native/_kernel.*.so`` copied aside before a change, and the one built
after it). ``--rows N`` (default 2 M random hands), ``--rounds R`` (default 21),
``--jobs`` (default ``u8c7 u8u7 i16c7 i64c7 u8c6 u8c5``: dtype, ``c`` checked or ``u``
unchecked, cards).

Both builds are loaded as modules of their own and given the same tables (this
checkout's), so only their loops differ; both must give the same ranks. Each round
times every job on both sides, alternating which goes first, by this thread's CPU
time, so that other work on a shared machine disturbs the ratio less than it does wall
time. Printed per job: best and median rate of each side (M rows/s), new/old of the
best, and the median and quartiles of the per-round new/old ratios.

>>> parse_job("i16c7")
('int16', True, 7)
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from showdown.hands import native
from showdown.hands.rank_tables import kernel_buffers

DEFAULT_JOBS = ("u8c7", "u8u7", "i16c7", "i64c7", "u8c6", "u8c5")
DTYPES = {"u8": "uint8", "i16": "int16", "i32": "int32", "i64": "int64"}


def parse_job(job: str) -> tuple[str, bool, int]:
    """(dtype, checked, cards) of a job name such as ``u8c7``."""
    dtype, flag, cards = job[:-2], job[-2], int(job[-1])
    if dtype not in DTYPES or flag not in "cu" or not 5 <= cards <= 7:
        raise SystemExit(f"bad job {job!r}: say u8|i16|i32|i64, c|u, 5|6|7 (u8c7)")
    return DTYPES[dtype], flag == "c", cards


def load_kernel(path: Path) -> ModuleType:
    """The extension at ``path`` as a module of its own."""
    spec = importlib.util.spec_from_file_location("showdown._native._kernel", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path} is not an extension module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def kernel_tables(module: ModuleType) -> Any:
    """The standard game's tables in ``module``'s own Tables type."""
    tables, key_gaps = kernel_buffers()
    return module.Tables(
        *tables, native._ids_error, native._omaha_ids_error, key_gaps=key_gaps
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--rows", type=int, default=2_000_000)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--jobs", nargs="*", default=list(DEFAULT_JOBS))
    args = parser.parse_args(argv)
    sides = {"old": kernel_tables(load_kernel(args.old))}
    sides["new"] = kernel_tables(load_kernel(args.new))
    deck = np.argsort(np.random.default_rng(1).random((args.rows, 52)), axis=1)
    out = np.empty(args.rows, np.uint16)
    jobs = {}
    for job in args.jobs:
        dtype, check, cards = parse_job(job)
        ids = np.ascontiguousarray(deck[:, :cards]).astype(dtype)
        ranks = []
        for tables in sides.values():
            assert tables.batch(ids, out, check) == -1
            ranks.append(out.copy())
        if not np.array_equal(ranks[0], ranks[1]):
            raise SystemExit(f"{job}: the two builds give different ranks")
        jobs[job] = (ids, check)
    rates: dict[tuple[str, str], list[float]] = {(j, s): [] for j in jobs for s in sides}
    for r in range(args.rounds):
        for job, (ids, check) in jobs.items():
            for side in ("old", "new") if r % 2 == 0 else ("new", "old"):
                start = time.thread_time()
                sides[side].batch(ids, out, check)
                rates[(job, side)].append(args.rows / (time.thread_time() - start) / 1e6)
    print(f"{args.rounds} rounds of {args.rows:,} rows, load {os.getloadavg()[0]:.2f} at the end")
    for job in jobs:
        old, new = rates[(job, "old")], rates[(job, "new")]
        ratios = [b / a for a, b in zip(old, new, strict=True)]
        low, mid, high = statistics.quantiles(ratios, n=4)
        print(
            f"{job:6s} old {max(old):6.1f} ({statistics.median(old):6.1f})  "
            f"new {max(new):6.1f} ({statistics.median(new):6.1f}) M/s  "
            f"new/old best {max(new) / max(old):.3f}, per round {mid:.3f} [{low:.3f}-{high:.3f}]"
        )


if __name__ == "__main__":
    main()
