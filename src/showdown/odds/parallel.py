"""Spreading heavy work over processes: executors, task seeds, time budgets and Ctrl-C.

Every heavy call (:func:`showdown.equity`, :func:`showdown.matrix`) splits its
work into a fixed list of large numpy-sized tasks that depends only on the job,
never on the number of workers, and combines the task results in task order.
So exact sums are the same to the last bit on 1, 2 or 20 workers, and Monte
Carlo task ``i`` draws from a generator seeded by the root seed and ``i``
(:func:`task_rng`), so the same seed gives the same numbers wherever it runs.

``executor`` is any :class:`concurrent.futures.Executor`: a
:class:`~concurrent.futures.ProcessPoolExecutor`, or a Dask client's
``client.get_executor()`` (``pip install 'poker-showdown[dask]'``).
``workers=1`` runs in-process; ``workers=N`` makes a local pool of N processes
for the call; by default the pool spans every core, but only for jobs estimated
at over :data:`POOL_AFTER_SECONDS` (starting processes costs more than a short
job).

>>> run_tasks(pow, [(2, 3), (3, 2)], star=True)
[8, 9]
>>> int(task_rng(7, 0).integers(1000)) == int(task_rng(7, 0).integers(1000))
True
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import numpy as np

from showdown.odds.remote import ParallelError, need_workers, remote_slots, run_batched

if TYPE_CHECKING:  # imported where a pool is used: an in-process call does without them
    import concurrent.futures as cf

__all__ = [
    "POOL_AFTER_SECONDS",
    "ParallelError",
    "dask_executor",
    "dask_settings",
    "executor_for",
    "local_pool",
    "malloc_trim_threshold",
    "relax_malloc_trim",
    "root_entropy",
    "run_tasks",
    "start_method",
    "stop_pool",
    "task_rng",
    "worker_count",
    "worker_note",
]

#: Jobs estimated longer than this (seconds) run on a local process pool by default.
POOL_AFTER_SECONDS = 1.5


def worker_count() -> int:
    """Cores this process may use (the affinity mask where the platform has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def check_workers(workers: object) -> int | None:
    """``workers`` as a positive int (or None), naming the parameter when it is not one.

    >>> check_workers(0)
    Traceback (most recent call last):
    ...
    showdown.odds.remote.ParallelError: workers must be a whole number of at least 1, got 0
    """
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ParallelError(f"workers must be a whole number of at least 1, got {workers!r}")
    return workers


def check_time(seconds: object) -> float | None:
    """``time`` (a budget in seconds) as a positive finite float, or None."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise ParallelError(f"time must be a number of seconds, got {seconds!r}")
    if not 0 < float(seconds) < 1e7:
        raise ParallelError(f"time must be a number of seconds above 0, got {seconds!r}")
    return float(seconds)


def root_entropy(seed: int | None) -> int:
    """The root of every task seed: ``seed`` itself, or fresh entropy when it is None."""
    if seed is None:  # 128 bits from the OS, as numpy's SeedSequence() draws (no import)
        return int.from_bytes(os.urandom(16), "little")
    return int(seed)


def task_rng(root: int, index: int) -> np.random.Generator:
    """The generator of Monte Carlo task ``index`` under the root seed ``root``."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(root, spawn_key=(index,))))


#: Seconds between a pool worker's checks that the process that started it is alive.
PARENT_CHECK_SECONDS = 1.0


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(PARENT_CHECK_SECONDS)
        if os.getppid() != parent:  # re-parented: whoever started us is gone
            os._exit(1)


def _worker_init(parent: int) -> None:
    """Set up a pool worker: Ctrl-C is the parent's to handle (it ends the pool), SIGTERM
    ends the worker (a forked one would inherit the parent's handler), and the worker
    exits by itself within a second or so if the parent dies (even by SIGKILL)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def start_method() -> str:
    """How a local pool starts its workers: ``fork`` on Linux when this process runs a
    single thread (a worker then starts in milliseconds, with the modules and tables the
    parent already loaded), else ``spawn`` (a fresh interpreter: safe beside threads, such
    as a Dask client's, and on every OS, but each worker imports numpy and showdown anew).
    """
    single = threading.active_count() == 1
    if sys.platform.startswith("linux") and single:
        return "fork"
    return "spawn"


def local_pool(workers: int) -> cf.ProcessPoolExecutor:
    """A pool of ``workers`` processes, started by :func:`start_method`.

    Its workers ignore Ctrl-C (the parent ends them, see :func:`stop_pool`) and exit by
    themselves when the parent process dies.
    """
    import concurrent.futures as cf
    import multiprocessing

    return cf.ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context(start_method()),
        initializer=_worker_init,
        initargs=(os.getpid(),),
    )


def stop_pool(pool: cf.ProcessPoolExecutor) -> None:
    """End ``pool`` now: queued tasks are dropped and running ones killed (for Ctrl-C,
    SIGTERM and errors, where waiting for the running tasks would leave the user waiting)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=5)


class Terminated(SystemExit):
    """SIGTERM arrived while a local pool was running (exit status 143)."""


def _on_sigterm(signum: int, frame: object) -> None:
    raise Terminated(128 + signal.SIGTERM)


@contextmanager
def _sigterm_raises() -> Iterator[None]:
    """While inside, SIGTERM raises :class:`Terminated` (so ``finally`` blocks run) instead
    of ending the process on the spot; only in the main thread, where handlers live."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGTERM)
    if previous not in (signal.SIG_DFL, None):  # someone else handles it: leave theirs
        yield
        return
    signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def dask_executor(
    address: str, timeout: float = 5.0
) -> tuple[cf.Executor, Callable[[], None], str | None]:
    """The executor of a Dask client connected to the scheduler at ``address``, a closer,
    and a note when the workers run with a setting that slows these jobs (see
    :func:`worker_note`), else None.

    Raises :class:`ParallelError` (naming the address) when ``dask.distributed`` is
    missing, the scheduler does not answer within ``timeout`` seconds, or it has no
    worker and none joins within ``timeout`` seconds.
    """
    try:
        from distributed import Client
    except ImportError:
        raise ParallelError(
            "--scheduler needs dask.distributed: pip install 'poker-showdown[dask]'"
        ) from None
    try:
        client = Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as exc:
        raise ParallelError(
            f"cannot reach the Dask scheduler at {address!r} within {timeout:g} s ({exc}); "
            "check the address (e.g. tcp://host:8786) or use --workers"
        ) from None
    try:
        need_workers(client, timeout)
    except ParallelError:
        client.close()
        raise
    try:
        note = worker_note(client.run(malloc_trim_threshold))
    except Exception:  # a worker that cannot answer is no reason to refuse the cluster
        note = None
    return client.get_executor(), client.close, note


def dask_settings() -> dict[str, Any]:
    """Dask configuration for clusters that run these jobs, to set before their workers
    start: ``dask.config.set(showdown.odds.parallel.dask_settings())``, then ``LocalCluster``
    (or the same keys in the workers' and scheduler's Dask configuration).

    Each key is a background chore of every Dask process that costs CPU time while the
    tasks run, and that compute-only tasks do not need so often: the statistical
    profiler (it samples each running task's stack every 10 ms, taking the GIL from
    numpy-heavy tasks), the event loop's 20 ms tick, the 100 ms memory monitor and the
    500 ms system monitor (together about a tenth of a core on a 2-worker cluster, idle
    or busy), work stealing (the tasks come in balanced batches, see
    :mod:`showdown.odds.remote`), and the nanny's ``MALLOC_TRIM_THRESHOLD_=65536`` (see
    :func:`worker_note`). Needs ``dask``; the library never applies it by itself.

    Dask's nanny also copies its pre-spawn variables into the environment of the
    process that starts a ``LocalCluster``, where later clusters inherit them: start a
    cluster with these settings before any with Dask's defaults, or remove
    ``MALLOC_TRIM_THRESHOLD_`` from ``os.environ`` first.
    """
    from dask import config

    environ = dict(config.get("distributed.nanny.pre-spawn-environ", {}))
    environ.pop("MALLOC_TRIM_THRESHOLD_", None)
    return {
        "distributed.worker.profile.enabled": False,
        "distributed.admin.tick.interval": "1s",
        "distributed.worker.memory.monitor-interval": "1s",
        "distributed.admin.system-monitor.interval": "2s",
        "distributed.scheduler.work-stealing": False,
        "distributed.nanny.pre-spawn-environ": environ,
    }


def malloc_trim_threshold() -> str | None:
    """This process's ``MALLOC_TRIM_THRESHOLD_`` (asked of every Dask worker)."""
    return os.environ.get("MALLOC_TRIM_THRESHOLD_")


#: glibc ``mallopt`` parameters, and the values :func:`relax_malloc_trim` sets: blocks
#: under 32 MiB come from the heap, and the heap keeps up to 64 MiB free at its top.
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3
_TRIM_TO, _MMAP_FROM = 64 << 20, 32 << 20


def relax_malloc_trim() -> bool:
    """Let glibc's allocator reuse freed memory for numpy temporaries again, in this process;
    True if it could (glibc), False elsewhere (nothing changed).

    Meant for Dask workers started with ``MALLOC_TRIM_THRESHOLD_`` (Dask's default, see
    :func:`worker_note`), without restarting them: ``client.run(relax_malloc_trim)``. The
    workers then keep up to 64 MiB of freed memory at the top of their heap instead of
    handing every freed block over 64 KiB back to the system. A cluster shared with
    memory-hungry jobs may prefer Dask's setting: the choice is the caller's, never made
    by :func:`showdown.equity` or :func:`showdown.matrix`.
    """
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    return bool(mallopt(_M_MMAP_THRESHOLD, _MMAP_FROM)) and bool(
        mallopt(_M_TRIM_THRESHOLD, _TRIM_TO)
    )


def worker_note(thresholds: dict[str, str | None]) -> str | None:
    """A note when Dask workers run with ``MALLOC_TRIM_THRESHOLD_`` set (Dask's nanny sets
    65536 by default): glibc then serves every block over 128 KiB from a fresh memory
    map, so each numpy temporary is page-faulted anew and equity and matrix jobs run about
    twice as slowly. ``thresholds`` maps each worker's address to its setting.

    >>> worker_note({"tcp://a:1": None}) is None
    True
    >>> worker_note({"tcp://a:1": "65536", "tcp://b:1": None})[:57]
    '1 of 2 Dask workers run with MALLOC_TRIM_THRESHOLD_=65536'

    """
    slow = sorted(v for v in thresholds.values() if v is not None)
    if not slow:
        return None
    return (
        f"{len(slow)} of {len(thresholds)} Dask workers run with MALLOC_TRIM_THRESHOLD_="
        f"{slow[0]}, which makes equity and matrix jobs about 2x slower; start them without "
        "it, or run showdown.odds.parallel.relax_malloc_trim on them (docs: Equity at scale)"
    )


@contextmanager
def executor_for(
    executor: cf.Executor | None,
    workers: int | None,
    estimate: float,
    tasks: int,
    warm: Callable[[], None] | None = None,
) -> Iterator[cf.Executor | None]:
    """The executor a job runs on: the one given, else a local pool when it pays, else
    None (in-process). A pool made here is shut down when the job ends; on Ctrl-C,
    SIGTERM (which raises :class:`Terminated` meanwhile) or an error its workers are
    ended at once, so none outlives the call. ``warm()`` is called before a pool made
    here forks its workers (they then share what it built instead of each building it)."""
    if executor is not None:
        yield executor
        return
    n = worker_count() if workers is None else workers
    if workers is None and estimate < POOL_AFTER_SECONDS:
        n = 1
    n = min(n, tasks)
    if n <= 1:
        yield None
        return
    with _sigterm_raises():
        if warm is not None and start_method() == "fork":
            warm()
        pool = local_pool(n)
        try:
            yield pool
            pool.shutdown(wait=True)
        except BaseException:  # Ctrl-C, SIGTERM or an error: do not wait for running tasks
            stop_pool(pool)
            raise


def run_tasks(
    fn: Callable[..., Any],
    tasks: Sequence[Any],
    executor: cf.Executor | None = None,
    *,
    star: bool = False,
    on_done: Callable[[int, Any], None] | None = None,
    deadline: float | None = None,
    in_flight: int = 64,
) -> list[Any]:
    """``fn(task)`` for each task (``fn(*task)`` with ``star``), results in task order.

    ``on_done(index, result)`` is called as each task finishes (for progress).
    With a ``deadline`` (a :func:`time.monotonic` value) no task starts after it and
    only the tasks finished by then, up to the first one missing, are returned: the
    same prefix of tasks, hence the same numbers, whatever ran them. Ctrl-C cancels
    every task not yet started and re-raises :class:`KeyboardInterrupt`. On a cluster
    (a Dask client's executor) the tasks travel in batches of consecutive tasks, each
    still its own result (see :mod:`showdown.odds.remote`).
    """

    def call(task: Any) -> Any:
        return fn(*task) if star else fn(task)

    results: dict[int, Any] = {}
    if executor is None:
        for i, task in enumerate(tasks):
            if deadline is not None and i > 0 and time.monotonic() >= deadline:
                break
            results[i] = call(task)
            if on_done is not None:
                on_done(i, results[i])
        return [results[i] for i in range(len(results))]
    import concurrent.futures as cf

    slots = remote_slots(executor)
    if slots is not None:
        results = run_batched(
            fn, tasks, executor, slots, star=star, on_done=on_done, deadline=deadline
        )
        return _prefix(results, len(tasks))
    pending: dict[cf.Future[Any], int] = {}
    nxt = 0
    try:
        while nxt < len(tasks) or pending:
            late = deadline is not None and nxt > 0 and time.monotonic() >= deadline
            while nxt < len(tasks) and len(pending) < in_flight and not late:
                task = tasks[nxt]
                future = executor.submit(fn, *task) if star else executor.submit(fn, task)
                pending[future] = nxt
                nxt += 1
            if late:
                nxt = len(tasks)  # submit nothing more, drop the queued, let the running finish
                for future in [f for f in pending if f.cancel()]:
                    del pending[future]
            if not pending:
                break
            timeout = None if deadline is None else max(0.05, deadline - time.monotonic())
            done, _ = cf.wait(pending, timeout=timeout, return_when=cf.FIRST_COMPLETED)
            for future in done:
                i = pending.pop(future)
                results[i] = future.result()
                if on_done is not None:
                    on_done(i, results[i])
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return _prefix(results, len(tasks))


def _prefix(results: dict[int, Any], n: int) -> list[Any]:
    """The results of tasks 0, 1, ... up to the first one missing."""
    out = []
    for i in range(n):
        if i not in results:
            break
        out.append(results[i])
    return out
