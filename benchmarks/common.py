"""Helpers shared by the benchmark scripts: random hands, timing and printing.

Run a benchmark from the repository root, e.g. ``.venv/bin/python benchmarks/bench_evaluate.py``.

>>> hands = random_hands(4, 7, seed=1)
>>> hands.shape, bool((np.sort(hands, axis=1)[:, 1:] != np.sort(hands, axis=1)[:, :-1]).all())
((4, 7), True)
>>> format_rate(2.5e7)
'25.00 M/s'
>>> times = interleaved_times({"a": lambda: None, "b": lambda: sum(range(100))}, rounds=3)
>>> sorted(times), [len(t) for t in times.values()]
(['a', 'b'], [3, 3])
>>> judge(True, trusted=True), judge(False, trusted=True), judge(True, trusted=False)[:17]
('meets target', 'MISSES target', 'cannot be judged:')
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np


def random_hands(n: int, k: int, seed: int = 2026) -> np.ndarray:
    """``n`` rows of ``k`` distinct card ids (0..51), uniformly random, reproducible."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int64)


def loop_over(fn: Callable[[object], object], items: Sequence[object]) -> Callable[[], None]:
    """A timing body that calls ``fn`` once per item, as a user's hot loop would."""

    def body() -> None:
        for item in items:
            fn(item)

    return body


def best_time(fn: Callable[[], object], repeat: int = 5) -> float:
    """Smallest wall time of ``repeat`` calls of ``fn`` (seconds): the least disturbed run."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def interleaved_times(
    fns: Mapping[str, Callable[[], object]], rounds: int = 7
) -> dict[str, list[float]]:
    """Wall times of ``rounds`` calls of each function, the functions taking turns.

    On a shared, noisy machine a burst of load then hits every contender alike,
    instead of spoiling all the runs of whichever happened to be timed during it.
    """
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return times


def interleaved_cpu_times(
    fns: Mapping[str, Callable[[], object]], rounds: int = 7
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and CPU times (this thread's) of ``rounds`` calls of each function, taking turns.

    Under load the wall time counts the time other processes held the core; this
    thread's CPU time does not (though a busy sibling core still slows it a little), so
    it shows what the code costs when the wall figure cannot be judged.
    """
    wall: dict[str, list[float]] = {name: [] for name in fns}
    cpu: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            start, start_cpu = time.perf_counter(), time.thread_time()
            fn()
            cpu[name].append(time.thread_time() - start_cpu)
            wall[name].append(time.perf_counter() - start)
    return wall, cpu


def serve_rounds(fn: Callable[[], int]) -> None:
    """The child's side of :func:`interleaved_processes`: ``fn`` once to warm up (its
    count printed), then one timed call per ``go`` line read, each answered with its wall
    and thread CPU seconds. Nothing else may be printed to stdout."""
    print(fn(), flush=True)
    for line in sys.stdin:
        if line.strip() != "go":
            break
        start, start_cpu = time.perf_counter(), time.thread_time()
        fn()
        print(f"{time.perf_counter() - start} {time.thread_time() - start_cpu}", flush=True)


def interleaved_processes(
    commands: Mapping[str, Sequence[str]], rounds: int = 7
) -> tuple[dict[str, int], dict[str, list[float]], dict[str, list[float]]]:
    """Counts, wall and CPU times of contenders that each live in a process of their own.

    Each command starts a child that calls :func:`serve_rounds`. The rounds take turns
    as :func:`interleaved_cpu_times` does, but a contender's allocations, caches and
    garbage never slow the next one: pokerkit's replays in the same interpreter, for
    one, slow the rounds of ours that follow them. Children wait, idle, for their turn.
    """
    children = {
        name: subprocess.Popen([sys.executable, *command], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True, env=CHILD_ENV)
        for name, command in commands.items()
    }
    try:
        counts = {name: int(_answer(name, child)) for name, child in children.items()}
        wall: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(rounds):
            for name, child in children.items():
                assert child.stdin is not None
                child.stdin.write("go\n")
                child.stdin.flush()
                seconds, cpu_seconds = map(float, _answer(name, child).split())
                wall[name].append(seconds)
                cpu[name].append(cpu_seconds)
    finally:
        for child in children.values():
            if child.stdin is not None:
                child.stdin.close()
        for child in children.values():
            child.wait()
    return counts, wall, cpu


def _answer(name: str, child: subprocess.Popen[str]) -> str:
    assert child.stdout is not None
    line = child.stdout.readline()
    if not line:
        raise RuntimeError(f"the process of {name!r} ended without an answer "
                           f"(exit {child.wait()})")
    return line.strip()


def best_median(count: float, times: Sequence[float]) -> tuple[float, float]:
    """``count`` per second in the best and in the median of ``times``.

    >>> best_median(10, [1.0, 2.0, 5.0])
    (10.0, 5.0)
    """
    return count / min(times), count / statistics.median(times)


def format_rate(per_second: float) -> str:
    """Hands per second in a readable unit."""
    if per_second >= 1e6:
        return f"{per_second / 1e6:.2f} M/s"
    if per_second >= 1e3:
        return f"{per_second / 1e3:.1f} k/s"
    return f"{per_second:.0f} /s"


@dataclass
class Result:
    """One timed contender: hands evaluated in ``seconds`` (best run; ``median`` if known)."""

    name: str
    hands: int
    seconds: float
    median: float | None = None

    @classmethod
    def from_times(cls, name: str, hands: int, times: Sequence[float]) -> Result:
        """Best and median of several timed runs over the same ``hands``."""
        return cls(name, hands, min(times), statistics.median(times))

    @property
    def rate(self) -> float:
        return self.hands / self.seconds

    @property
    def ns_per_hand(self) -> float:
        return 1e9 * self.seconds / self.hands


def print_table(title: str, results: Sequence[Result], ours: Sequence[str]) -> None:
    """Rates of every contender, then each of ``ours`` as a multiple of every other one."""
    print(f"\n== {title}")
    width = max(len(r.name) for r in results)
    for r in results:
        line = f"  {r.name:<{width}}  {format_rate(r.rate):>12}  {r.ns_per_hand:>10.1f} ns/hand"
        if r.median is not None:
            line += f"  (median {format_rate(r.hands / r.median)})"
        print(line)
    by_name = {r.name: r for r in results}
    for name in ours:
        mine = by_name[name]
        ratios = ", ".join(
            f"{mine.rate / r.rate:.2f}x {r.name}" for r in results if r.name not in ours
        )
        if ratios:
            print(f"  {name}: {ratios}")


#: Child processes keep compiled bytecode, as an installed package does, even where
#: PYTHONDONTWRITEBYTECODE is set (it would make every process compile every module).
CHILD_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def process_seconds(code: str, repeat: int = 7) -> float:
    """Best wall time of a fresh ``python -c code`` (same interpreter as this script)."""
    subprocess.run([sys.executable, "-c", code], check=True, env=CHILD_ENV)  # compile once
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True, env=CHILD_ENV)
        times.append(time.perf_counter() - start)
    return min(times)


def machine_load() -> str | None:
    """Why figures taken now cannot be trusted (a loaded machine), or None.

    Where Linux's ``/proc`` is readable, the test is what other work took: the CPU
    time every process outside this benchmark's own process tree used since the
    script started (the machine's busy time less this process, its children and
    their children, alive or ended), averaged over that time. More than a fifth
    of a core means other work shared the cores with the benchmark. The load
    average is no test here: a benchmark that runs two workers on two cores
    raises it to about 2 by itself. Elsewhere, a 1-minute load average above the
    number of cores is taken as other work.
    """
    cores = os.cpu_count() or 1
    other = _other_work()
    if other is not None:
        seconds, wall = other
        if wall > 0 and seconds / wall > 0.2:
            return (f"other processes used {seconds:.1f} CPU-s in {wall:.0f} s"
                    f" ({seconds / wall:.2f} of a core) on {cores} cores")
        return None
    try:
        load = os.getloadavg()[0]
    except OSError:  # pragma: no cover - no load average on this platform
        return None
    if load > cores:
        return f"load average {load:.1f} on {cores} cores (other work is running)"
    return None


def _busy_seconds() -> float | None:
    """CPU seconds the whole machine has been busy (``/proc/stat``), or None."""
    try:
        with open("/proc/stat") as f:
            fields = f.readline().split()[1:]
    except OSError:
        return None
    # user nice system idle iowait irq softirq steal ...: all but idle and iowait
    ticks = [int(x) for x in fields[:8]]
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")


def _own_tree_seconds() -> float:
    """CPU seconds of this process, its ended children, and its live descendants."""
    import resource

    me = resource.getrusage(resource.RUSAGE_SELF)
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    total = me.ru_utime + me.ru_stime + ended.ru_utime + ended.ru_stime
    parents: dict[int, int] = {}
    cpu: dict[int, float] = {}
    tick = os.sysconf("SC_CLK_TCK")
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        # fields from the state: ppid is the 2nd; utime, stime, cutime, cstime the 12th-15th
        parents[int(name)] = int(fields[1])
        cpu[int(name)] = sum(int(x) for x in fields[11:15]) / tick
    me_pid = os.getpid()
    for pid in cpu:
        up, seen = parents.get(pid), 0
        while up and up != me_pid and seen < 64:
            up, seen = parents.get(up), seen + 1
        if up == me_pid:
            total += cpu[pid]
    return total


_START = (time.monotonic(), _busy_seconds(), _own_tree_seconds())


def _other_work() -> tuple[float, float] | None:
    """(CPU seconds of other processes, wall seconds) since this module was imported."""
    busy = _busy_seconds()
    if busy is None or _START[1] is None:
        return None
    other = (busy - _START[1]) - (_own_tree_seconds() - _START[2])
    return max(0.0, other), time.monotonic() - _START[0]


def judge(ok: bool, trusted: bool = True, why: str | None = None) -> str:
    """A target's verdict: a pass or a miss only from a figure that can be trusted."""
    if not trusted:
        return f"cannot be judged: {why or machine_load() or 'the figure is unreliable'}"
    return "meets target" if ok else "MISSES target"


def steady(times: Sequence[float], spread: float = 1.5) -> bool:
    """True if the median run is within ``spread`` times the best one and the machine is
    not loaded: then the best run is a figure to judge by."""
    return machine_load() is None and statistics.median(times) <= spread * min(times)
