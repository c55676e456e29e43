"""Omaha Monte Carlo against Hold'em's, per trial: ``random`` v ``random`` and a few more.

Run from the repository root::

    .venv/bin/python benchmarks/bench_omaha_mc.py          # about a minute
    .venv/bin/python benchmarks/bench_omaha_mc.py --quick  # fewer rounds, no sampler run

Issue 35 asks Omaha ``random`` v ``random`` Monte Carlo at the speed of Hold'em's. Every
contender is :func:`showdown.equity` with ``trials=N`` on one worker (in-process), so
what a user's call pays is timed: seating the players, planning, drawing, ranking,
tallying. The contenders take turns round by round; each prints trials per second in
its best and median round, of wall time and of this thread's CPU time (which the load of
other processes does not inflate), then Omaha's cost per trial against Hold'em's.

``before``: the same Omaha ``random`` v ``random`` with the dealing of random hands
switched off, so that each trial draws both hands out of the 270,725-hand table as any
range's are drawn (the sampler the dealing replaced); so slow that it gets a few
thousand trials, one round (left out with ``--quick``).

The machine is shared: say so beside any figure.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import interleaved_cpu_times, machine_load
from showdown.hands import native as _backend
from showdown.odds import omaha_jobs
from showdown.odds.equity import equity

#: (label, players, game, trials at full size)
CONTENDERS = [
    ("Hold'em random v random", ["random", "random"], "holdem", 2_000_000),
    ("Omaha random v random", ["random", "random"], "omaha", 1_000_000),
    ("Omaha AhAsKdQc v 9s8s7d6d", ["AhAsKdQc", "9s8s7d6d"], "omaha", 1_000_000),
    ("Omaha AhAsKdQc v random v random", ["AhAsKdQc", "random", "random"], "omaha", 500_000),
    ("Omaha AAxx v random", ["AAxx", "random"], "omaha", 500_000),
]


def call(players: list[str], game: str, trials: int) -> Callable[[], object]:
    return lambda: equity(players, game=game, trials=trials, seed=1, workers=1)


def rate_line(label: str, trials: int, wall: list[float], cpu: list[float]) -> str:
    return (
        f"  {label:<36} {trials / min(wall) / 1e6:6.2f} M trials/s best,"
        f" {trials / statistics.median(wall) / 1e6:6.2f} median (wall);"
        f" CPU {trials / min(cpu) / 1e6:6.2f} best, {trials / statistics.median(cpu) / 1e6:6.2f}"
        " median"
    )


def before(trials: int) -> tuple[float, float]:
    """Omaha random v random with every random hand drawn from its range's table (wall and
    CPU seconds of one call), as before random hands were dealt from the deck."""
    dealing = getattr(omaha_jobs, "random_players", None)
    if dealing is not None:
        omaha_jobs.random_players = lambda *_: ()  # type: ignore[assignment]
    try:
        equity(["random", "random"], game="omaha", trials=100, seed=1, workers=1)  # warm
        start, start_cpu = time.perf_counter(), time.thread_time()
        equity(["random", "random"], game="omaha", trials=trials, seed=1, workers=1)
        return time.perf_counter() - start, time.thread_time() - start_cpu
    finally:
        if dealing is not None:
            omaha_jobs.random_players = dealing  # type: ignore[assignment]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer trials and rounds")
    parser.add_argument("--backend", choices=_backend.NAMES, default=_backend.BACKEND)
    parser.add_argument(
        "--only",
        default="",
        help="only the contenders whose label holds this text (and Hold'em's), e.g. to time"
        " an older tree, where random v random takes hours, on hand v hand alone",
    )
    args = parser.parse_args()
    scale = 0.2 if args.quick else 1.0
    rounds = 3 if args.quick else 5
    if args.backend == "numpy":
        scale /= 10  # the numpy path is about ten times slower
    load = machine_load()
    print(
        f"python {sys.version.split()[0]}; backend {args.backend}; one worker; shared 2-core"
        " machine, figures are noisy" + (f"; NOTE: {load}" if load else "")
    )
    fns = {}
    sizes = {}
    with _backend.use(args.backend):
        for label, players, game, trials in CONTENDERS:
            if args.only not in label and game == "omaha":
                continue
            n = max(10_000, int(trials * scale))
            sizes[label] = n
            fns[label] = call(players, game, n)
            equity(players, game=game, trials=10_000, seed=1, workers=1)  # tables, caches
        wall, cpu = interleaved_cpu_times(fns, rounds)
        print(f"== best and median of {rounds} interleaved rounds")
        for label in fns:
            print(rate_line(label, sizes[label], wall[label], cpu[label]))
        holdem, omaha = CONTENDERS[0][0], CONTENDERS[1][0]
        ratios = []
        if omaha not in fns:
            return
        for what, times in (("wall", wall), ("CPU", cpu)):
            h = [t / sizes[holdem] for t in times[holdem]]
            o = [t / sizes[omaha] for t in times[omaha]]
            ratios.append(
                f"{what} {min(o) / min(h):.1f}x best, "
                f"{statistics.median(o) / statistics.median(h):.1f}x median"
            )
        print(f"  Omaha random v random costs per trial, against Hold'em's: {'; '.join(ratios)}")
        if not args.quick and not args.only:
            n = 2_000
            t, c = before(n)
            print(
                f"  before (random hands drawn from the 270,725-hand table), {n:,} trials,"
                f" one round: {n / t:,.0f} trials/s wall, {n / c:,.0f} CPU"
            )
    load = machine_load()
    if load:
        print(f"NOTE: {load}")


if __name__ == "__main__":
    main()
