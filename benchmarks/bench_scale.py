"""Equity at scale, side by side: the preflop matrix rate, 1 against 2 local workers, a
Dask LocalCluster against the local process pool, Monte Carlo range against range, and
the whole 169 x 169 matrix.

Run from the repository root::

    .venv/bin/python benchmarks/bench_scale.py           # a few minutes
    .venv/bin/python benchmarks/bench_scale.py --quick   # fewer rounds
    .venv/bin/python benchmarks/bench_scale.py --full    # + the whole matrix, 2 workers
    SHOWDOWN_BACKEND=numpy .venv/bin/python benchmarks/bench_scale.py --full  # numpy path

Each contender runs in interleaved rounds (best and median printed). The matrix job
is a block of the 169 x 169 table (:data:`CLASSES`, spread over the grid) so a round
takes seconds; its rate is in showdowns per second (a showdown is one combo pair on
one board, as counted before suit isomorphism), to set beside PokerStove's published
~119 M/s and CandyPoker's 1.3-2.2 G/s. The Monte Carlo job is range against range with
:data:`MC_TRIALS` trials (a few seconds on one worker, as jobs worth spreading are).

Like is compared with like: the local pool is started and every worker warmed (tables
built) once, the LocalClusters likewise in each of their turns, outside the timings;
the Monte Carlo job is
also timed in fresh processes with ``workers=1`` and ``workers=2`` (the pool started by
the call, forked since such a process runs one thread), which is what a user's
``showdown equity --workers N`` costs. The
cluster the verdict uses runs with :func:`showdown.parallel.dask_settings` (what
docs/equity-at-scale.md recommends for these jobs); one with all of Dask's defaults is
printed beside it. Each cluster is started, warmed and closed within its own turn of
each round (start-up printed apart, never in the job times), so no idle cluster's
event loops (a tenth of a core with Dask's defaults) run beside another contender.
Besides the job of a few seconds, a Monte Carlo job of :data:`MC_BIG_TRIALS` trials
(10-20 s on the pool: what a user asking for tight error bars runs, and the size of
job worth sending to a cluster) is judged too. CPU seconds per job (this process,
which holds a LocalCluster's scheduler, plus the workers) are printed for each
contender: they hold better than wall times on a loaded machine. ``--full`` times the
whole table as a user runs it (``showdown matrix --workers 2``: pool start included)
against the issue's targets: at most 2 minutes with the native kernel, 10 with numpy.
The matrix counts rather than evaluates boards (see ``showdown._matrix_jobs``), in numpy
on both backends. The machine may be shared: every verdict says when the load makes a
figure meaningless.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from math import comb
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import CHILD_ENV, judge, machine_load, steady
from showdown import _backend
from showdown._matrix_jobs import prepare
from showdown.equity import equity
from showdown.matrix import matrix
from showdown.parallel import dask_settings, local_pool
from showdown.preflop import CLASSES as ALL_CLASSES
from showdown.preflop import class_combos

#: A block of the table spread over the grid: pairs, suited, offsuit, high and low.
CLASSES = list(ALL_CLASSES[::9])
RANGES = ["QQ+, AKs, AQs", "22+, A2s+, KTs+, AJo+"]
#: Monte Carlo trials: a job of a few seconds on one worker, as jobs worth spreading are.
MC_TRIALS = 40_000_000
MC_TRIALS_NUMPY = 20_000_000
#: A Monte Carlo job for tight error bars (10-20 s on the local pool): where a cluster's
#: fixed costs (its first round trips, its event loops' ticks) weigh what they weigh on
#: the jobs users send to a cluster.
MC_BIG_TRIALS = 400_000_000
MC_BIG_TRIALS_NUMPY = 100_000_000
WARM_ONE = "1 worker (in-process)"
WARM_TWO = "2 local processes (warm pool)"
COLD_ONE = "workers=1 (fresh process)"
COLD_TWO = "workers=2 (fresh process, pool started by the call)"
DASK = "Dask LocalCluster x2"
DASK_DEFAULT = "LocalCluster x2, Dask's defaults"
TARGET_SPEEDUP = 1.7
TARGET_DASK = 1.15
POKERSTOVE, CANDY_LOW, CANDY_HIGH = 119e6, 1.3e9, 2.2e9


def matrix_showdowns(names: list[str]) -> int:
    """Showdowns (combo pairs x boards) of the upper triangle of a block of the matrix."""
    total = 0
    for i, a in enumerate(names):
        for b in names[i:]:
            pairs = sum(1 for x in class_combos(a) for y in class_combos(b) if not set(x) & set(y))
            total += pairs
    return total * comb(48, 5)


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f} / {five:.1f} (1 / 5 min) on {os.cpu_count()} cores"


def report(title: str, times: dict[str, list[float]], work: float, unit: str) -> None:
    print(title)
    first = min(next(iter(times.values())))
    for name, t in times.items():
        print(
            f"  {name:<44} best {min(t):7.2f} s  median {statistics.median(t):7.2f} s  "
            f"{work / min(t) / 1e6:9.1f} M {unit}/s  x{first / min(t):.2f}"
        )


def speedup_verdicts(times: dict[str, list[float]]) -> None:
    """The verdicts: 2 local workers against 1 (warm pool) and the LocalCluster against the
    warm local pool (both warm: like with like), with Dask's default worker environment
    beside it for the split of the gap."""
    trusted = all(steady(t) for t in times.values())
    one = min(times[WARM_ONE])
    ratio = one / min(times[WARM_TWO])
    print(
        f"  {WARM_TWO} / 1 worker: x{ratio:.2f} (target >= {TARGET_SPEEDUP}): "
        f"{judge(ratio >= TARGET_SPEEDUP, trusted)}"
    )
    pool = min(times[WARM_TWO])
    if DASK in times:
        slower = min(times[DASK]) / pool
        print(
            f"  LocalCluster / local pool: x{slower:.2f} time (target <= {TARGET_DASK}): "
            f"{judge(slower <= TARGET_DASK, trusted)}"
        )
    if DASK_DEFAULT in times:
        print(
            f"  (with every one of Dask's defaults: "
            f"x{min(times[DASK_DEFAULT]) / pool:.2f} the local pool's time)"
        )


def rates_against_others(rate: float) -> None:
    print(
        f"  rate {rate / 1e6:,.0f} M showdowns/s: x{rate / POKERSTOVE:.2f} PokerStove's ~119 M/s, "
        f"x{rate / CANDY_HIGH:.2f}-x{rate / CANDY_LOW:.2f} CandyPoker's 1.3-2.2 G/s"
    )


def full_matrix() -> None:
    native = _backend.kernel() is not None
    limit = 120.0 if native else 600.0
    print(f"Whole 169 x 169 matrix, 2 local workers (pool start included), {load()}")
    start = time.perf_counter()
    matrix(workers=2)
    seconds = time.perf_counter() - start
    work = matrix_showdowns(list(ALL_CLASSES))
    print(f"  {'native kernel' if native else 'numpy'} backend: {seconds:.1f} s, after: {load()}")
    rates_against_others(work / seconds)
    ok = seconds <= limit
    # a loaded run that meets the target is evidence; one that misses under load is not
    trusted = ok or machine_load() is None
    print(f"  target <= {limit:.0f} s: {judge(ok, trusted)}")


def fresh_seconds(workers: int, trials: int) -> tuple[float, float, float]:
    """Seconds of the Monte Carlo job called in a fresh process with ``workers=N``, as
    ``showdown equity --workers N`` runs it (the first call's own set-up and the pool's
    start, forked since the process runs one thread, included; the interpreter's start
    and imports not): wall time, and the CPU seconds of the calling process and of its
    pool's workers over the call."""
    code = (
        "import resource as r, time; from showdown import equity\n"
        "def cpu(who): u = r.getrusage(who); return u.ru_utime + u.ru_stime\n"
        "start, me = time.perf_counter(), cpu(r.RUSAGE_SELF)\n"
        f"equity({RANGES!r}, trials={trials}, seed=1, workers={workers})\n"
        "print(time.perf_counter() - start, cpu(r.RUSAGE_SELF) - me, cpu(r.RUSAGE_CHILDREN))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=CHILD_ENV
    )
    wall, parent, children = (float(x) for x in done.stdout.split()[-3:])
    return wall, parent, children


def cpu_speedup(cpu: dict[str, list[tuple[float, float]]]) -> None:
    """CPU accounting of the fresh-process runs: what 2 otherwise idle cores would give,
    an estimate that holds better than wall times on a loaded machine (where both
    workers seldom run at once): the one-process CPU time against the parent's CPU time
    plus half the workers' (the tasks are many and equal, so they split evenly)."""
    one = min(p + c for p, c in cpu[COLD_ONE])
    parent, children = min(cpu[COLD_TWO], key=lambda pc: pc[0] + pc[1] / 2)
    print(
        f"  CPU: {COLD_ONE} {one:.2f} s; {COLD_TWO}: parent {parent:.2f} s + workers "
        f"{children:.2f} s; on 2 idle cores about x{one / (parent + children / 2):.2f} "
        "(an estimate from CPU time, not a measured wall ratio)"
    )


def start_cluster(default_env: bool) -> tuple[Any, Any, Executor]:
    """A 2-process LocalCluster (one thread each) with its tables built, its client and
    the client's executor: set up as docs/equity-at-scale.md recommends for these jobs
    (:func:`showdown.parallel.dask_settings`: no statistical profiler, slower ticks and
    monitors, no work stealing, no ``MALLOC_TRIM_THRESHOLD_``), or with every one of
    Dask's defaults (``default_env``), printed beside it to show what the settings save."""
    from dask import config as dask_config
    from distributed import Client, LocalCluster

    settings = {} if default_env else dask_settings()
    environ = dict(os.environ)
    with dask_config.set(settings):
        cluster = LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.CRITICAL,  # no heartbeat chatter as a cluster closes
        )
    # Dask's nanny sets its pre-spawn variables in this process's own environment: put it
    # back, or every later cluster (and pool) started here would inherit them.
    os.environ.clear()
    os.environ.update(environ)
    client = Client(cluster)
    client.run(prepare)
    return cluster, client, client.get_executor()


def close_cluster(cluster: Any, client: Any) -> None:
    logging.getLogger("distributed").setLevel(logging.CRITICAL)  # no closing chatter
    client.close()
    cluster.close()
    logging.getLogger("distributed").setLevel(logging.WARNING)


def process_cpu(pids: list[int]) -> float:
    """CPU seconds so far of the given processes (Linux /proc; 0.0 elsewhere)."""
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    total = 0.0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


@dataclass
class Contender:
    """One way of running the jobs: in-process, the warm local pool, or a LocalCluster
    started for its own turn of each round (so an idle cluster's event loops, a few per
    cent of a core each, never run beside another contender's timings)."""

    name: str
    executor: Executor | None = None
    pids: list[int] = field(default_factory=list)
    cluster: tuple[bool, Any, Any] | None = None  # (default env, cluster, client) once started


Job = tuple[str, Callable[[Executor | None], object]]


def timed_round(
    contender: Contender,
    jobs: list[Job],
    times: dict[str, dict[str, list[float]]],
    cpu: dict[str, dict[str, list[float]]],
    starts: dict[str, list[float]],
    default_env: bool | None,
) -> None:
    """Time each job once on ``contender`` (starting and warming its cluster first when it
    is a LocalCluster, outside the timings, and closing it after)."""
    if default_env is not None:
        begin = time.perf_counter()
        cluster, client, contender.executor = start_cluster(default_env)
        starts.setdefault(contender.name, []).append(time.perf_counter() - begin)
        contender.pids = list(client.run(os.getpid).values())
        jobs[1][1](contender.executor)  # warm: each worker's Monte Carlo sampler
        contender.cluster = (default_env, cluster, client)
    try:
        for job, run in jobs:
            me, workers = process_cpu([os.getpid()]), process_cpu(contender.pids)
            begin = time.perf_counter()
            run(contender.executor)
            times[job].setdefault(contender.name, []).append(time.perf_counter() - begin)
            used = process_cpu([os.getpid()]) - me, process_cpu(contender.pids) - workers
            cpu[job].setdefault(contender.name, []).append(used[0] + used[1])
    finally:
        if contender.cluster is not None:
            close_cluster(*contender.cluster[1:])
            contender.cluster = None
    done = ", ".join(f"{job} {times[job][contender.name][-1]:.2f} s" for job, _ in jobs)
    print(f"  ... {contender.name}: {done}", flush=True)


def cpu_line(cpu: dict[str, list[float]]) -> None:
    """CPU seconds of the job (this process, with an in-process LocalCluster's scheduler,
    plus the workers): what each way of running it costs whatever the load."""
    parts = [f"{name.split(' (')[0]} {statistics.median(c):.2f} s" for name, c in cpu.items()]
    print("  CPU per job (median; this process + workers): " + ", ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--full", action="store_true", help="also time the whole matrix")
    args = parser.parse_args()
    rounds = 2 if args.quick else 3
    native = _backend.kernel() is not None
    trials = MC_TRIALS if native else MC_TRIALS_NUMPY
    big = MC_BIG_TRIALS if native else MC_BIG_TRIALS_NUMPY
    print(f"backend: {'native kernel' if native else 'numpy'}; {load()}")
    pool = local_pool(2)
    list(pool.map(prepare, [1.0, 1.0]))  # one call per worker: every worker's tables built
    prepare()
    contenders = [
        Contender(WARM_ONE),
        Contender(WARM_TWO, pool, list(getattr(pool, "_processes", {}) or {})),
    ]
    dask_envs: dict[str, bool] = {}
    try:
        import distributed  # noqa: F401

        contenders += [Contender(DASK), Contender(DASK_DEFAULT)]
        dask_envs = {DASK: False, DASK_DEFAULT: True}
    except ImportError:
        print("dask.distributed not installed: the LocalCluster columns are skipped")

    def run_matrix(ex: Executor | None) -> object:
        if ex is None:
            return matrix(CLASSES, workers=1)
        return matrix(CLASSES, executor=ex)

    def run_mc(n: int) -> Callable[[Executor | None], object]:
        def run(ex: Executor | None) -> object:
            if ex is None:
                return equity(RANGES, trials=n, seed=1, workers=1)
            return equity(RANGES, trials=n, seed=1, executor=ex)

        return run

    matrix_job, mc_job, big_job = "matrix", "mc", "mc-big"
    jobs: list[Job] = [(matrix_job, run_matrix), (mc_job, run_mc(trials)), (big_job, run_mc(big))]
    for c in contenders[:2]:  # warm: each worker's Monte Carlo sampler
        run_mc(trials)(c.executor)
    times: dict[str, dict[str, list[float]]] = {job: {} for job, _ in jobs}
    cpu: dict[str, dict[str, list[float]]] = {job: {} for job, _ in jobs}
    starts: dict[str, list[float]] = {}
    try:
        for _ in range(rounds):
            for c in contenders:
                timed_round(c, jobs, times, cpu, starts, dask_envs.get(c.name))
    finally:
        pool.shutdown()
    work = matrix_showdowns(CLASSES)
    report(
        f"Preflop matrix block {len(CLASSES)} x {len(CLASSES)} ({work:,} showdowns), {load()}",
        times[matrix_job],
        work,
        "showdowns",
    )
    rates_against_others(work / min(min(t) for t in times[matrix_job].values()))
    speedup_verdicts(times[matrix_job])
    cpu_line(cpu[matrix_job])
    for job, n, why in (
        (mc_job, trials, "a job of a few seconds"),
        (big_job, big, "tight error bars: 10-20 s on the pool"),
    ):
        report(
            f"Monte Carlo range against range ({RANGES[0]} v {RANGES[1]}), {n:,} trials "
            f"({why}), {load()}",
            times[job],
            n,
            "trials",
        )
        speedup_verdicts(times[job])
        cpu_line(cpu[job])
    for name, seconds in starts.items():
        print(
            f"  {name} start-up (not in the job times): best {min(seconds):.2f} s, "
            f"median {statistics.median(seconds):.2f} s"
        )
    cold: dict[str, list[float]] = {COLD_ONE: [], COLD_TWO: []}
    cold_cpu: dict[str, list[tuple[float, float]]] = {COLD_ONE: [], COLD_TWO: []}
    for _ in range(rounds):
        for name, n in ((COLD_ONE, 1), (COLD_TWO, 2)):
            wall, parent, children = fresh_seconds(n, trials)
            cold[name].append(wall)
            cold_cpu[name].append((parent, children))
    report(
        f"The same Monte Carlo job in a fresh process, as the CLI runs it, {load()}",
        cold,
        trials,
        "trials",
    )
    ratio = min(cold[COLD_ONE]) / min(cold[COLD_TWO])
    trusted = all(steady(t) for t in cold.values())
    print(
        f"  {COLD_TWO} / {COLD_ONE}: x{ratio:.2f} (target >= {TARGET_SPEEDUP}): "
        f"{judge(ratio >= TARGET_SPEEDUP, trusted)}"
    )
    cpu_speedup(cold_cpu)
    if args.full:
        full_matrix()
    print(time.strftime("measured %Y-%m-%d %H:%M UTC", time.gmtime()), load())


if __name__ == "__main__":
    main()
