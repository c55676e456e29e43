"""Benchmark the machine, not showdown: can it run two processes at full speed at once?

Run: ``.venv/bin/python benchmarks/bench_cores.py`` (``--rounds R``,
``--loops N``). The same pure-Python loop runs alone, then as two processes at
the same time, in interleaved rounds; the script prints the speed-up two cores
gave (two loops' work over the time the pair took, against one loop alone),
best and median.

Several targets ask for "2 workers at least 1.7x one" (``bench_evaluate.py``'s
threads, ``bench_equity.py``'s Monte Carlo threads, ``bench_scale.py``,
``bench_replay.py``'s corpus). Those figures mean something only on a machine
that itself gives about 2x here: on a shared virtual machine whose second core
is busy elsewhere (or whose two vCPUs are one physical core's hyperthreads) no
code reaches 1.7x, and this script says so before anyone blames the code.

>>> seconds = loop_seconds(10_000)
>>> seconds > 0
True
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

from common import machine_load

LOOP = """
import time
start = time.perf_counter()
total = 0
for i in range({loops}):
    total += i
print(time.perf_counter() - start)
"""


def loop_seconds(loops: int) -> float:
    """Seconds one pure-Python loop of ``loops`` additions takes in this process."""
    start = time.perf_counter()
    total = 0
    for i in range(loops):
        total += i
    return time.perf_counter() - start


def alone(loops: int) -> float:
    """Wall seconds of one child process running the loop (its own timing)."""
    out = subprocess.run(
        [sys.executable, "-c", LOOP.format(loops=loops)], capture_output=True, text=True, check=True
    )
    return float(out.stdout)


def together(loops: int) -> float:
    """Seconds the slower of two child processes started at once takes for the loop
    (each times its own loop, as :func:`alone` does, so interpreter start-up is left out)."""
    children = [
        subprocess.Popen(
            [sys.executable, "-c", LOOP.format(loops=loops)], stdout=subprocess.PIPE, text=True
        )
        for _ in range(2)
    ]
    return max(float(child.communicate()[0]) for child in children)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--loops", type=int, default=20_000_000)
    args = parser.parse_args()
    print(f"two processes against one, pure-Python loop of {args.loops:,} additions")
    print(f"load before: {machine_load() or 'idle'}")
    speedups = []
    for r in range(args.rounds):
        one = alone(args.loops)
        two = together(args.loops)
        speedups.append(2 * one / two)
        print(
            f"  round {r + 1}: one alone {one:.2f} s, two at once {two:.2f} s"
            f" -> x{speedups[-1]:.2f}"
        )
    best, median = max(speedups), statistics.median(speedups)
    print(
        f"two cores give x{best:.2f} best, x{median:.2f} median"
        " (a machine with two free cores: about x2)"
    )
    if median < 1.7:
        print(
            "  this machine cannot show a 1.7x two-worker target right now: "
            "its second core is not fully available"
        )
    print(f"load after: {machine_load() or 'idle'}")


if __name__ == "__main__":
    main()
