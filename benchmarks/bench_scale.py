"""Equity at scale, side by side: the preflop matrix rate, 1 against 2 local workers, a
Dask LocalCluster against the local process pool, Monte Carlo range against range, and
the whole 169 x 169 matrix.

Run from the repository root::

    .venv/bin/python benchmarks/bench_scale.py           # a few minutes
    .venv/bin/python benchmarks/bench_scale.py --quick   # fewer rounds
    .venv/bin/python benchmarks/bench_scale.py --full    # + the whole matrix, 2 workers
    SHOWDOWN_BACKEND=numpy .venv/bin/python benchmarks/bench_scale.py --full  # numpy path
    .venv/bin/python benchmarks/bench_scale.py --matrix --against ../other-checkout

``--matrix`` times only the whole table as ``showdown matrix --json`` prints it (a
fresh process, the pool started by the command: wall and CPU, best and median of
``--rounds``), against the target of 10 s on 2 cores; ``--against`` runs another
checkout's command in turns with this one's (its ``src/`` with its kernel built, this
interpreter) and compares the two tables byte for byte.

Each contender runs in interleaved rounds (best and median printed). The matrix job
is a block of the 169 x 169 table (:data:`CLASSES`, spread over the grid) so a round
takes seconds; its rate is in showdowns per second (a showdown is one combo pair on
one board, as counted before suit isomorphism), to set beside PokerStove's published
~119 M/s and CandyPoker's 1.3-2.2 G/s. The Monte Carlo job is range against range with
:data:`MC_TRIALS` trials (a few seconds on one worker, as jobs worth spreading are).

Like is compared with like: the local pool is started and every worker warmed (tables
built) once, outside the timings; the Monte Carlo job is also timed in fresh processes
with ``workers=1`` and ``workers=2`` (the pool started by the call, forked since such a
process runs one thread), which is what a user's ``showdown equity --workers N`` costs.

The LocalCluster against the pool is judged pair by pair. This VM's own speed swings
by up to 2x over tens of seconds (``bench_cores.py`` shows it), so two contenders
timed in turns of their own, a quarter of a minute apart, are often timed on two
different machines, and a ratio of their best runs measures the luck of their
windows more than the engine: with the cluster's real overhead a few per cent, such
ratios came out anywhere from 1.0x to 1.55x from one idle run to the next. So the
cluster and the pool both stay up, and each job runs on the pool and on the cluster
back to back (which one goes first alternates by round); the verdict is the median
of these pairs' ratios (each taken within seconds, on the same machine phase), with
the ratio of the best runs printed beside it. Running beside the pool, the idle
cluster takes a share of a core that is measured and printed (about 2% with
:func:`showdown.odds.parallel.dask_settings`). The cluster the verdict uses runs with
those settings (what docs/equity-at-scale.md recommends for these jobs); one with
all of Dask's defaults is printed beside it, paired the same way in fewer rounds (its
idle event loops take more of a core, which slows the pool beside it a little: that
column flatters Dask's defaults, if anything). Cluster start-up is printed apart,
never in the job times. Besides the job of a few seconds, a Monte Carlo job of
:data:`MC_BIG_TRIALS` trials (10-20 s on the pool: what a user asking for tight error
bars runs, and the size of job worth sending to a cluster) is judged too. CPU seconds
per job (this process, which holds a LocalCluster's scheduler, plus the workers) are
printed for each contender: they hold better than wall times on a loaded machine.
``--full`` times the whole table as a user runs it (``matrix(workers=2)``, pool start
included, and the command in a fresh process) against the targets: at most 10 s with
the native kernel, 10 minutes with numpy. The matrix counts rather than evaluates boards
(see ``showdown.odds.matrix_jobs``: by rank multiset in the kernel, by per-multiset
board counts on the numpy path). The machine may be shared: every verdict says when the
load makes a figure meaningless.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
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
from showdown.hands import native as _backend
from showdown.odds.equity import equity
from showdown.odds.matrix import matrix
from showdown.odds.matrix_jobs import prepare
from showdown.odds.parallel import dask_settings, local_pool
from showdown.odds.ranges.preflop import CLASSES as ALL_CLASSES
from showdown.odds.ranges.preflop import class_combos

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
#: The whole table's targets in wall seconds on 2 cores, with the native kernel and numpy.
MATRIX_SECONDS = 10.0
MATRIX_SECONDS_NUMPY = 600.0
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


def speedup_verdict(times: dict[str, list[float]]) -> None:
    """The verdict of 2 local workers against 1 (a warm pool against in-process)."""
    trusted = all(steady(t) for t in times.values())
    ratio = min(times[WARM_ONE]) / min(times[WARM_TWO])
    print(
        f"  {WARM_TWO} / 1 worker: x{ratio:.2f} (target >= {TARGET_SPEEDUP}): "
        f"{judge(ratio >= TARGET_SPEEDUP, trusted)}"
    )


def rates_against_others(rate: float) -> None:
    print(
        f"  rate {rate / 1e6:,.0f} M showdowns/s: x{rate / POKERSTOVE:.2f} PokerStove's ~119 M/s, "
        f"x{rate / CANDY_HIGH:.2f}-x{rate / CANDY_LOW:.2f} CandyPoker's 1.3-2.2 G/s"
    )


def full_matrix() -> None:
    native = _backend.kernel() is not None
    limit = MATRIX_SECONDS if native else MATRIX_SECONDS_NUMPY
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


def cli_matrix_run(root: Path) -> tuple[float, float, bytes]:
    """``python -m showdown matrix --json`` of the checkout at ``root`` (its ``src`` on
    PYTHONPATH, this interpreter) in a fresh process, as a user runs it: wall seconds, the
    CPU seconds of the process and its pool's workers, and the JSON it printed."""
    env = dict(CHILD_ENV, PYTHONPATH=str(root / "src"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "matrix", "--json"],
        check=True,
        capture_output=True,
        env=env,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def cli_matrix(rounds: int, against: Path | None) -> None:
    """The whole table as ``showdown matrix --json`` prints it (default workers: a pool on
    every core, started by the command), ``rounds`` times; with ``against``, the command
    of that checkout too, the two taking turns (which goes first alternates by round) and
    their JSON compared byte for byte."""
    sides = {"this checkout": Path(__file__).resolve().parents[1]}
    if against is not None:
        sides["--against " + str(against)] = against.resolve()
    print(f"showdown matrix --json (whole table, fresh process), {rounds} rounds, {load()}")
    wall: dict[str, list[float]] = {name: [] for name in sides}
    cpu: dict[str, list[float]] = {name: [] for name in sides}
    printed: dict[str, bytes] = {}
    for round_ in range(rounds):
        order = list(sides) if round_ % 2 == 0 else list(reversed(sides))
        for name in order:
            seconds, used, out = cli_matrix_run(sides[name])
            wall[name].append(seconds)
            cpu[name].append(used)
            if printed.setdefault(name, out) != out:
                raise SystemExit(f"error: {name} printed two different tables")
        print("  ... " + ", ".join(f"{n} {wall[n][-1]:.2f} s" for n in sides), flush=True)
    for name in sides:
        print(
            f"  {name:<44} wall best {min(wall[name]):6.2f} s  median "
            f"{statistics.median(wall[name]):6.2f} s;  CPU best {min(cpu[name]):6.2f} s  "
            f"median {statistics.median(cpu[name]):6.2f} s"
        )
    first = next(iter(sides))
    if against is not None:
        other = list(sides)[1]
        same = printed[first] == printed[other]
        print(f"  the same JSON, byte for byte: {'yes' if same else 'NO'}")
        print(
            f"  {other} / this checkout: wall x{min(wall[other]) / min(wall[first]):.2f} "
            f"(best), CPU x{min(cpu[other]) / min(cpu[first]):.2f} (best)"
        )
    native = _backend.kernel() is not None
    limit = MATRIX_SECONDS if native else MATRIX_SECONDS_NUMPY
    best = min(wall[first])
    ok = best <= limit
    trusted = ok or machine_load() is None
    print(f"  target <= {limit:.0f} s wall: {judge(ok, trusted)}, {load()}")


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
    (:func:`showdown.odds.parallel.dask_settings`: no statistical profiler, slower ticks and
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
    """One way of running the jobs: in-process, the warm local pool, or a LocalCluster."""

    name: str
    executor: Executor | None = None
    pids: list[int] = field(default_factory=list)


Job = tuple[str, Callable[[Executor | None], object]]
#: Seconds and CPU seconds of each run, by job, then by contender.
Runs = dict[str, dict[str, list[float]]]


def timed_job(contender: Contender, job: Job, times: Runs, cpu: Runs) -> None:
    """Run ``job`` once on ``contender``: its seconds and CPU seconds (this process, which
    holds a LocalCluster's scheduler, plus the contender's workers) go to the lists."""
    name, run = job
    me, workers = process_cpu([os.getpid()]), process_cpu(contender.pids)
    begin = time.perf_counter()
    run(contender.executor)
    times[name].setdefault(contender.name, []).append(time.perf_counter() - begin)
    used = process_cpu([os.getpid()]) - me + process_cpu(contender.pids) - workers
    cpu[name].setdefault(contender.name, []).append(used)


def idle_share(pids: list[int], seconds: float = 3.0) -> float:
    """Share of a core that an idle LocalCluster (its scheduler's thread in this process,
    and its workers ``pids``) takes: what it costs a contender running beside it."""
    before = process_cpu([os.getpid(), *pids])
    time.sleep(seconds)
    return (process_cpu([os.getpid(), *pids]) - before) / seconds


@dataclass
class Paired:
    """A LocalCluster's runs of each job, each paired with a run of the pool right
    before or after it (see the module docs), and what the cluster cost to start and
    to keep idle."""

    name: str
    times: Runs
    cpu: Runs
    startup: float = 0.0
    idle: float = 0.0


def paired_runs(
    name: str, default_env: bool, pool: Contender, jobs: list[Job], rounds: dict[str, int]
) -> Paired:
    """Start a LocalCluster (timed apart), warm it, measure it idle, then run each job
    ``rounds[job]`` times on the pool and on the cluster back to back (which goes first
    alternates), and close it."""
    paired = Paired(name, {job: {} for job, _ in jobs}, {job: {} for job, _ in jobs})
    begin = time.perf_counter()
    cluster, client, executor = start_cluster(default_env)
    paired.startup = time.perf_counter() - begin
    contender = Contender(name, executor, list(client.run(os.getpid).values()))
    try:
        jobs[1][1](executor)  # warm: each worker's Monte Carlo sampler
        paired.idle = idle_share(contender.pids)
        for r in range(max(rounds.values())):
            order = (pool, contender) if r % 2 == 0 else (contender, pool)
            for job in jobs:
                if r < rounds[job[0]]:
                    for c in order:
                        timed_job(c, job, paired.times, paired.cpu)
            done = ", ".join(
                f"{job} x{t[name][-1] / t[pool.name][-1]:.2f}"
                for job, t in paired.times.items()
                if r < rounds[job]
            )
            print(f"  ... {name} / pool, pair {r + 1}: {done}", flush=True)
    finally:
        close_cluster(cluster, client)
    return paired


def paired_verdict(paired: Paired, job: str, judged: bool) -> None:
    """The cluster against the pool on ``job``: the median of the pairs' ratios (judged
    against :data:`TARGET_DASK` when ``judged``), the ratio of the best runs, CPU."""
    pool, cluster = paired.times[job][WARM_TWO], paired.times[job][paired.name]
    ratios = [c / p for p, c in zip(pool, cluster, strict=True)]
    median = statistics.median(ratios)
    listed = " ".join(f"{r:.2f}" for r in ratios)
    verdict = (
        f"(target <= {TARGET_DASK}): {judge(median <= TARGET_DASK, machine_load() is None)}"
        if judged
        else "(not judged)"
    )
    print(f"  {paired.name} / local pool, {len(ratios)} back-to-back pairs: x{listed}")
    print(f"    median of the pairs x{median:.2f} the pool's time {verdict}")
    cpu_pool = statistics.median(paired.cpu[job][WARM_TWO])
    cpu_cluster = statistics.median(paired.cpu[job][paired.name])
    print(
        f"    best runs: pool {min(pool):.2f} s, cluster {min(cluster):.2f} s "
        f"(x{min(cluster) / min(pool):.2f}); CPU per job (median): pool {cpu_pool:.2f} s, "
        f"cluster {cpu_cluster:.2f} s (x{cpu_cluster / cpu_pool:.2f})"
    )


def cpu_line(cpu: dict[str, list[float]]) -> None:
    """CPU seconds of the job (this process plus the workers): what each way of running
    it costs whatever the load."""
    parts = [f"{name.split(' (')[0]} {statistics.median(c):.2f} s" for name, c in cpu.items()]
    print("  CPU per job (median; this process + workers): " + ", ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--full", action="store_true", help="also time the whole matrix")
    parser.add_argument(
        "--matrix", action="store_true", help="only the whole matrix, as the command runs it"
    )
    parser.add_argument(
        "--against", type=Path, default=None, metavar="CHECKOUT",
        help="with --matrix: that checkout's command too (its src/, kernel built), in turns",
    )  # fmt: skip
    parser.add_argument("--rounds", type=int, default=3, help="with --matrix: rounds")
    args = parser.parse_args()
    if args.matrix:
        cli_matrix(args.rounds, args.against)
        print(time.strftime("measured %Y-%m-%d %H:%M UTC", time.gmtime()), load())
        return
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
    for c in contenders:  # warm: each worker's Monte Carlo sampler
        run_mc(trials)(c.executor)
    times: Runs = {job: {} for job, _ in jobs}
    cpu: Runs = {job: {} for job, _ in jobs}
    paired: list[tuple[Paired, bool]] = []
    try:
        for _ in range(rounds):
            for c in contenders:
                for each in jobs:
                    timed_job(c, each, times, cpu)
                done = ", ".join(f"{job} {times[job][c.name][-1]:.2f} s" for job, _ in jobs)
                print(f"  ... {c.name}: {done}", flush=True)
        try:
            import distributed  # noqa: F401
        except ImportError:
            print("dask.distributed not installed: the LocalCluster comparison is skipped")
        else:
            # short jobs' pairs are cheap and vary most from pair to pair: more of them
            pairs = 10 if args.quick else 16
            settings = {matrix_job: pairs, mc_job: pairs, big_job: 3 if args.quick else 5}
            defaults = (
                {matrix_job: 2, mc_job: 2, big_job: 1} if args.quick else dict.fromkeys(settings, 3)
            )
            paired.append((paired_runs(DASK, False, contenders[1], jobs, settings), True))
            paired.append((paired_runs(DASK_DEFAULT, True, contenders[1], jobs, defaults), False))
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
    speedup_verdict(times[matrix_job])
    cpu_line(cpu[matrix_job])
    for p, judged in paired:
        paired_verdict(p, matrix_job, judged)
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
        speedup_verdict(times[job])
        cpu_line(cpu[job])
        for p, judged in paired:
            paired_verdict(p, job, judged)
    for p, _ in paired:
        print(
            f"  {p.name}: start-up {p.startup:.2f} s (not in the job times); idle beside "
            f"the pool's runs it took {p.idle:.3f} of a core"
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
        cli_matrix(args.rounds, None)
    print(time.strftime("measured %Y-%m-%d %H:%M UTC", time.gmtime()), load())


if __name__ == "__main__":
    main()
