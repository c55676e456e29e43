"""Equity benchmark: showdown next to eval7's Monte Carlo and pokerkit's calculate_equities.

Run from the repository root::

    .venv/bin/python benchmarks/bench_equity.py          # full run (~1 minute)
    .venv/bin/python benchmarks/bench_equity.py --quick  # fewer repeats

Both backends are timed: ``[native]`` (the C kernel) and ``[numpy]`` (the
fallback). Targets of issue 8 (warm, one thread unless said): exact AcAd v KhKs
<= 10 ms, AKs v QQ <= 25 ms; Monte Carlo hand v hand >= 60 M trials/s on one
thread and >= 100 M trials/s on two (the kernel drawing its own boards, each
thread with its own seed, as ``showdown.equity`` runs it). A verdict is printed only from a
figure that can be trusted: a loaded machine, or a difference of two processes
that comes out negative, is reported as such, never as a pass.

Targets (issue 4):

* exact heads-up hand against hand preflop (AcAd v KhKs, 1,712,304 boards): at
  most 50 ms above process start. Measured two ways in fresh processes: the
  first call of :func:`showdown.equity` after ``import numpy, showdown``
  (everything lazy included: importing the module, loading the tables), and the
  whole ``showdown equity AcAd KhKs --json`` process minus a process that only
  imports numpy and builds the CLI parser (median over interleaved pairs);
* exact AKs against QQ (24 combo pairs, 41,095,296 showdowns): at most 0.5 s;
* Monte Carlo heads-up: more trials per second than eval7's
  ``py_hand_vs_range_monte_carlo`` (measured here, same matchups, same run).

Exact Omaha preflop (issue 10b, no target of its own): AhAsKdQc v 9s8s7d6d, every
one of the 1,086,008 boards, on 1 and 2 local workers (a pool started per call, as a
user's call starts it) and on the numpy path; AhAsKdQc v the ranges KKQQ (9 deals)
and KKxxds (363 deals, about 13 s of CPU: the job where two workers can pay; numpy
too). It prints boards and player-evaluations per second, best and median of
interleaved rounds, CPU time (parent and workers), and the 2-worker speed-up against
the issue's 1.7x for two workers.

pokerkit's ``calculate_equities`` is much slower per sample, so it gets fewer
samples; its rate is still per trial. eval7's ``py_hand_vs_range_exact`` is not
compared: on AcAd v KhKs with a 2c 7d 9h flop it answers 1.0 (KhKs has two outs),
so it does not compute the same quantity. The machine is shared: figures are noisy.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from common import best_time, judge, machine_load, steady
from showdown.hands import native as _backend
from showdown.odds import draws as D
from showdown.odds.showdown_counts import new_counts

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
SCRIPT = Path(PYTHON).with_name("showdown")
# Child processes keep compiled bytecode (as an installed package does) in a private
# cache, even where PYTHONDONTWRITEBYTECODE is set; the first run compiles it.
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
CHILD_ENV["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "showdown-bench-pyc")


def wall(argv: list[str]) -> float:
    """Wall time of one process (seconds); it must succeed."""
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True, cwd=ROOT, env=CHILD_ENV)
    return time.perf_counter() - start


def child_seconds(code: str) -> float:
    """Run ``code`` in a fresh interpreter; it prints seconds of wall time, then of CPU."""
    return child_times(code)[0]


def child_times(code: str) -> tuple[float, float]:
    """Wall and CPU seconds that ``code``, run in a fresh interpreter, prints."""
    done = subprocess.run(
        [PYTHON, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT, env=CHILD_ENV
    )
    wall, cpu = done.stdout.split()[-2:]
    return float(wall), float(cpu)


FIRST_CALL = """
import time
import numpy, showdown
start, start_cpu = time.perf_counter(), time.process_time()
from showdown.odds.equity import equity
r = equity({players!r})
assert r.method == "exact" and r.boards == {boards}
print(time.perf_counter() - start, time.process_time() - start_cpu)
"""


def verdict(ok: bool, trusted: bool = True, why: str | None = None) -> str:
    return judge(ok, trusted and machine_load() is None, why)


def warm_times(players: list[str], repeat: int) -> dict[str, tuple[list[float], list[float]]]:
    """Warm wall and CPU times of ``equity(players)`` on each backend, in interleaved rounds
    (CPU: this thread's, which the load of other processes does not inflate)."""
    from showdown.odds.equity import equity

    times: dict[str, tuple[list[float], list[float]]] = {b: ([], []) for b in _backend.NAMES}
    for b in _backend.NAMES:
        with _backend.use(b):
            equity(players)
    for _ in range(repeat):
        for b in _backend.NAMES:
            with _backend.use(b):
                start, start_cpu = time.perf_counter(), time.thread_time()
                equity(players)
                times[b][1].append(time.thread_time() - start_cpu)
                times[b][0].append(time.perf_counter() - start)
    return times


def warm_line(backend: str, wall: list[float], cpu: list[float]) -> str:
    """Best / median wall and CPU milliseconds of one backend's warm calls."""
    return (
        f"  warm call [{backend}]: best {1e3 * min(wall):.1f} ms, median"
        f" {1e3 * statistics.median(wall):.1f} ms; CPU best {1e3 * min(cpu):.1f} ms, median"
        f" {1e3 * statistics.median(cpu):.1f} ms"
    )


def exact_section(repeat: int) -> None:

    print("== exact, heads-up hand against hand preflop: AcAd v KhKs (1,712,304 boards)")
    shutil.rmtree(CHILD_ENV["PYTHONPYCACHEPREFIX"], ignore_errors=True)
    compiling = child_seconds(FIRST_CALL.format(players=["AcAd", "KhKs"], boards=1_712_304))
    print(f"  first call in the very first process (compiling bytecode): {1e3 * compiling:.1f} ms")
    runs = [
        child_times(FIRST_CALL.format(players=["AcAd", "KhKs"], boards=1_712_304))
        for _ in range(max(repeat, 5))
    ]
    first, cpu = [w for w, _ in runs], [c for _, c in runs]
    med = statistics.median(first)
    print(
        f"  first call in a fresh process (import + tables + enumeration): "
        f"median {1e3 * med:.1f} ms, min {1e3 * min(first):.1f} ms (CPU median"
        f" {1e3 * statistics.median(cpu):.1f} ms, min {1e3 * min(cpu):.1f} ms)  "
        f"[target <= 50 ms: {verdict(med <= 0.05)}]"
    )
    # Interleaved pairs, so both processes see the same machine load.
    pairs = [
        (
            wall([PYTHON, "-c", "import numpy, showdown.commands.main as m; m.build_parser()"]),
            wall([str(SCRIPT), "equity", "AcAd", "KhKs", "--json"]),
        )
        for _ in range(repeat)
    ]
    differences = [cli - base for base, cli in pairs]
    extra = statistics.median(differences)
    # A difference of two processes is a figure only if it is positive and steady: under
    # load it can come out negative (the load, not the work), and then it proves nothing.
    trusted = extra > 0 and min(differences) > 0
    why = None if trusted else f"the difference is not steady (min {1e3 * min(differences):.1f} ms)"
    print(
        f"  'showdown equity AcAd KhKs --json' process minus a process importing numpy and"
        f" building the CLI parser: median {1e3 * extra:.1f} ms over {repeat} pairs"
        f" (processes take {1e3 * statistics.median(c for _, c in pairs):.0f} ms)"
        f"  [target <= 50 ms: {verdict(extra <= 0.05, trusted, why)}]"
    )
    for b, (t, cpu) in warm_times(["AcAd", "KhKs"], repeat).items():
        warm = min(t)
        print(
            warm_line(b, t, cpu)
            + f" ({1_712_304 * 2 / warm / 1e6:.0f} M evaluations/s)"
            + (f"  [target <= 10 ms: {verdict(warm <= 0.010, steady(t))}]" if b == "native" else "")
        )

    print("== exact AKs v QQ (24 combo pairs, 41,095,296 showdowns)")
    first = [
        child_seconds(FIRST_CALL.format(players=["AKs", "QQ"], boards=41_095_296))
        for _ in range(repeat)
    ]
    med = statistics.median(first)
    print(
        f"  first call in a fresh process: median {1e3 * med:.1f} ms"
        f"  [target <= 500 ms: {verdict(med <= 0.5)}]"
    )
    for b, (t, cpu) in warm_times(["AKs", "QQ"], repeat).items():
        warm = min(t)
        print(
            warm_line(b, t, cpu)
            + f" = {41_095_296 / warm / 1e6:.0f} M showdowns/s"
            + (f"  [target <= 25 ms: {verdict(warm <= 0.025, steady(t))}]" if b == "native" else "")
        )
    print("  (PokerStove, native, reports about 119 M showdowns/s on such work)")


def monte_carlo_section(trials: int, repeat: int, pokerkit_samples: int) -> None:
    import eval7
    from pokerkit import Deck, StandardHighHand, calculate_equities
    from pokerkit import parse_range as pk_range

    from showdown.odds.equity import equity

    matchups = [("AcAd", "KhKs", "hand v hand"), ("AcAd", "QQ+,AKs", "hand v range")]
    print(f"== Monte Carlo heads-up, preflop ({trials:,} trials, best of {repeat})")
    for hero, villain, what in matchups:
        equity([hero, villain], trials=1000, seed=0)  # build the board universe once
        rates = {}
        for b in _backend.NAMES:
            with _backend.use(b):
                t = best_time(
                    lambda h=hero, v=villain: equity([h, v], trials=trials, seed=1), repeat
                )
                rates[b] = trials / t
        ours = equity([hero, villain], trials=trials, seed=1)
        ours_t = trials / rates[_backend.BACKEND]
        hand = [eval7.Card(hero[:2]), eval7.Card(hero[2:])]
        hrange = eval7.HandRange(villain)
        e7_t = best_time(
            lambda hand=hand, hrange=hrange: eval7.py_hand_vs_range_monte_carlo(
                hand, hrange, [], trials
            ),
            repeat,
        )
        e7 = eval7.py_hand_vs_range_monte_carlo(hand, hrange, [], trials)
        start = time.perf_counter()
        pk = calculate_equities(
            (pk_range(hero), pk_range(villain)),
            (),
            2,
            5,
            Deck.STANDARD,
            (StandardHighHand,),
            sample_count=pokerkit_samples,
        )
        pk_t = time.perf_counter() - start
        rate, e7_rate, pk_rate = trials / ours_t, trials / e7_t, pokerkit_samples / pk_t
        print(f"  {hero} v {villain} ({what})")
        for b, r in rates.items():
            print(
                f"    showdown  {r / 1e6:8.2f} M trials/s [{b}]  equity {ours.equity[0]:.4f}"
                f" ± {ours.stderr[0] if ours.stderr else 0:.4f}"
            )
        print(f"    eval7     {e7_rate / 1e6:8.2f} M trials/s  equity {e7:.4f}")
        print(
            f"    pokerkit  {pk_rate / 1e6:8.4f} M trials/s  equity {pk[0]:.4f}"
            f" ({pokerkit_samples:,} samples)"
        )
        print(
            f"    showdown / eval7 = {rate / e7_rate:.2f}x, showdown / pokerkit ="
            f" {rate / pk_rate:,.0f}x  [target > 1x eval7: {verdict(rate > e7_rate)}]"
        )
    equity(["AcAd", "KhKs"], trials=1000, seed=0)
    start = time.perf_counter()
    equity(["AcAd", "QQ+,AKs", "random"], trials=trials, seed=1)
    three = time.perf_counter() - start
    print(f"  three-way AcAd v QQ+,AKs v random: {trials / three / 1e6:.2f} M trials/s")


def kernel_threads(trials: int, repeat: int) -> None:
    """Monte Carlo AcAd v KhKs through the kernel on 1 and 2 threads, each thread's
    kernel drawing its boards from its own seed (as ``showdown.equity`` runs it)."""
    hero, villain = np.array([[48, 49]]), np.array([[46, 47]])
    live = [c for c in range(52) if c not in (46, 47, 48, 49)]
    chunk = 1 << 21

    def work(seed: int, n: int) -> None:
        counts = new_counts(2)
        for start in range(0, n, chunk):
            size = min(chunk, n - start)
            D.draw_counts([], live, [hero, villain], [None, None], size, seed + start, counts)

    print(f"== Monte Carlo kernel, AcAd v KhKs, {trials:,} trials, threads [native]")
    pool = ThreadPoolExecutor(2)
    times: dict[int, list[float]] = {1: [], 2: []}
    cpu: list[float] = []  # the one thread's CPU time (load does not inflate it)
    for _ in range(repeat):
        for threads in (1, 2):
            start = time.perf_counter()
            if threads == 1:
                start_cpu = time.thread_time()
                work(0, trials)
                cpu.append(time.thread_time() - start_cpu)
            else:
                list(pool.map(work, range(threads), [trials // threads] * threads))
            times[threads].append(time.perf_counter() - start)
    pool.shutdown()
    for threads, target in ((1, 60), (2, 100)):
        rate = trials / min(times[threads]) / 1e6
        med = trials / statistics.median(times[threads]) / 1e6
        # the median must meet the target too: a lucky best round alone is not a pass
        ok = verdict(med >= target, steady(times[threads]))
        print(f"  {threads} thread(s): {rate:7.1f} M trials/s (median {med:.1f})"
              f"  [target >= {target} M/s at the median: {ok}]")  # fmt: skip
    print(
        f"  1 thread's CPU time: {trials / min(cpu) / 1e6:.1f} M trials/s (median"
        f" {trials / statistics.median(cpu) / 1e6:.1f}); 2 threads / 1 thread (best walls):"
        f" {min(times[1]) / min(times[2]):.2f}x"
    )


def _cpu_all() -> float:
    """CPU seconds of this process and its reaped children (a finished pool's workers)."""
    import resource

    me, kids = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def omaha_exact_section(repeat: int) -> None:
    """Exact Omaha preflop (issue 10b): hand v hand and hand v range, 1 and 2 workers."""
    from showdown.odds.equity import equity

    jobs = [
        ("AhAsKdQc v 9s8s7d6d", ["AhAsKdQc", "9s8s7d6d"], ("native", "numpy"), repeat),
        ("AhAsKdQc v KKQQ (9 deals)", ["AhAsKdQc", "KKQQ"], ("native",), repeat),
        # a hand against a range long enough for two workers to pay (~13 s of CPU)
        (
            "AhAsKdQc v KKxxds (363 deals)",
            ["AhAsKdQc", "KKxxds"],
            ("native", "numpy"),
            min(repeat, 3),
        ),
    ]
    for title, players, backends, rounds in jobs:
        print(f"== exact Omaha preflop, {title}")
        runs = [(b, w) for b in backends for w in ((1, 2) if b == "native" else (1,))]
        wall_t: dict[tuple[str, int], list[float]] = {run: [] for run in runs}
        cpu_t: dict[tuple[str, int], list[float]] = {run: [] for run in runs}
        boards = 0
        for b in backends:
            with _backend.use(b):
                equity(["AhAsKdQc", "9s8s7d6d"], game="omaha", exact=True, workers=1)  # warm
        for _ in range(rounds):
            for b, w in runs:
                with _backend.use(b):
                    start, start_cpu = time.perf_counter(), _cpu_all()
                    r = equity(players, game="omaha", exact=True, workers=w)
                    cpu_t[b, w].append(_cpu_all() - start_cpu)
                    wall_t[b, w].append(time.perf_counter() - start)
                assert r.method == "exact"
                boards = r.boards or 0
        for b, w in runs:
            t, c = wall_t[b, w], cpu_t[b, w]
            print(
                f"  [{b}] {w} worker(s): best {min(t):.3f} s, median {statistics.median(t):.3f} s"
                f" = {boards / min(t) / 1e6:.2f} M boards/s, {2 * boards / min(t) / 1e6:.2f} M"
                f" player-evaluations/s (CPU best {min(c):.3f} s, median"
                f" {statistics.median(c):.3f} s)"
            )
        if ("native", 2) in wall_t:
            one, two = wall_t["native", 1], wall_t["native", 2]
            gain = min(one) / min(two)
            gain_med = statistics.median(one) / statistics.median(two)
            # No target of its own: the 1.7x of two workers is set for the matrix and
            # Monte Carlo (bench_scale.py); a job under a second cannot pay a pool's start.
            print(
                f"  2 workers / 1 worker [native]: {gain:.2f}x best, {gain_med:.2f}x median"
                "  (no target here: see bench_scale.py)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and trials")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7
    load = machine_load()
    print(
        f"python {sys.version.split()[0]}; backend at import {_backend.BACKEND}; shared 2-core"
        f" machine, figures are noisy" + (f"; NOTE: {load}" if load else "") + "\n"
    )
    exact_section(repeat)
    print()
    monte_carlo_section(
        trials=2_000_000 if args.quick else 5_000_000,
        repeat=2 if args.quick else 3,
        pokerkit_samples=1_000 if args.quick else 3_000,
    )
    print()
    omaha_exact_section(repeat)
    print()
    with _backend.use("native"):
        kernel_threads(4_000_000 if args.quick else 20_000_000, 2 if args.quick else 3)


if __name__ == "__main__":
    main()
