"""Tasks sent to a cluster in batches (private): fewer, bigger calls, the same results.

A Dask cluster charges each call it runs a few milliseconds of the client's, the
scheduler's and the worker's time (messages, bookkeeping, the worker's event loop):
little against a task of a tenth of a second on a big cluster, but on two cores, where
the scheduler shares the workers' cores, a job of a few seconds in 40 calls loses a
fifth of its time that way. So :func:`run_batched` sends a run of consecutive tasks
per call (:func:`run_batch` runs them one after the other, in the worker, and returns
each task's own result), sized by guided self-scheduling: each batch takes a share of
the tasks left (:func:`batch_size`), so the first batches are big and the last ones
small enough that no worker idles long at the end, and no batch exceeds about
:data:`BATCH_SECONDS` of work once a batch's run time has been measured (so progress
and Ctrl-C stay responsive). The tasks and their order are those of the job, so the
numbers are the same as on a local pool or in-process: only how many tasks travel in
one call changes.

>>> batch_size(remaining=39, slots=2, cap=4)
4
>>> batch_size(remaining=39, slots=2, cap=100)
10
>>> batch_size(remaining=1, slots=2, cap=100)
1
>>> pickle.loads(run_batch(pow, True, [(2, 3), (3, 2)], None, True))[0]
[8, 9]
"""

from __future__ import annotations

import pickle
import time
from collections.abc import Callable, Sequence
from math import ceil
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import concurrent.futures as cf

class ParallelError(ValueError):
    """Bad ``workers``/``scheduler``/``executor``/``time`` input, or an unreachable scheduler."""



#: Seconds of work a batch carries at most, once a batch's run time is known.
BATCH_SECONDS = 1.0
#: Tasks per batch before any batch's run time is known (a task is about 0.1 s).
FIRST_CAP = 4
#: Batches kept queued or running per worker thread: the next one is there when a
#: worker finishes, so it never waits for a round trip to the client.
QUEUED_PER_SLOT = 2


def remote_slots(executor: cf.Executor) -> int | None:
    """Worker threads behind ``executor`` if it sends work to a cluster (a Dask client's
    executor, or any executor that is not one of :mod:`concurrent.futures`' own pools),
    else None (a local pool: its calls are cheap, tasks go one by one).

    Raises :class:`ParallelError` when a Dask cluster has no worker
    (the job would wait forever).
    """
    import concurrent.futures as cf

    if isinstance(executor, cf.ProcessPoolExecutor | cf.ThreadPoolExecutor):
        return None
    client = getattr(executor, "_client", None)  # distributed's ClientExecutor
    nthreads = getattr(client, "nthreads", None)
    if not callable(nthreads):
        return 4  # an executor we do not know: batches for a few workers
    return need_workers(client, WORKER_WAIT_SECONDS)


#: Seconds to wait for a Dask cluster without workers to get one.
WORKER_WAIT_SECONDS = 10.0


def need_workers(client: Any, timeout: float) -> int:
    """Worker threads of a Dask ``client``'s cluster, waiting up to ``timeout`` seconds
    for a first worker; :class:`ParallelError` naming the scheduler
    if none comes (a job sent there would wait forever)."""
    threads = sum(client.nthreads().values())
    if threads:
        return int(threads)
    try:
        client.wait_for_workers(1, timeout=timeout)
    except Exception:  # distributed raises its own TimeoutError
        address = getattr(getattr(client, "scheduler", None), "address", "the scheduler")
        raise ParallelError(
            f"the Dask scheduler at {address} has no workers (waited {timeout:g} s); "
            f"start some (dask worker {address}) or use --workers"
        ) from None
    return max(1, int(sum(client.nthreads().values())))


def batch_size(remaining: int, slots: int, cap: int) -> int:
    """Tasks in the next batch: a share of the ``remaining`` ones (guided self-scheduling,
    with :data:`QUEUED_PER_SLOT` batches per worker thread), at most ``cap``, at least 1."""
    share = ceil(remaining / (QUEUED_PER_SLOT * slots))
    return max(1, min(share, cap, remaining))


def run_batch(
    fn: Callable[..., Any], star: bool, tasks: Sequence[Any], stop_at: float | None, first: bool
) -> bytes:
    """Run ``tasks`` in turn (in a worker): their results and the seconds they took, pickled
    together (one frame for the cluster to carry: a Dask worker would otherwise send each
    numpy array of each result as a frame of its own, and the client read each apart).

    No task starts after ``stop_at`` (a :func:`time.time` value, as clocks of different
    machines agree on it), except the job's very first task (``first``: this batch holds
    it), so a run under a time budget always has a result; the results are then a prefix.
    """
    start = time.perf_counter()
    out = []
    for k, task in enumerate(tasks):
        if stop_at is not None and not (first and k == 0) and time.time() >= stop_at:
            break
        out.append(fn(*task) if star else fn(task))
    return pickle.dumps((out, time.perf_counter() - start), pickle.HIGHEST_PROTOCOL)


def run_batched(
    fn: Callable[..., Any],
    tasks: Sequence[Any],
    executor: cf.Executor,
    slots: int,
    *,
    star: bool,
    on_done: Callable[[int, Any], None] | None,
    deadline: float | None,
) -> dict[int, Any]:
    """The results of the tasks run in batches on ``executor`` (see the module docs), by
    task index: with a ``deadline`` (a :func:`time.monotonic` value) only the batches
    sent before it run (each starts no task after it, so the run ends within a task of
    the deadline), and the caller keeps the results up to the first missing task.
    Ctrl-C cancels every batch not yet finished and re-raises :class:`KeyboardInterrupt`."""
    import concurrent.futures as cf

    stop_at = None if deadline is None else time.time() + (deadline - time.monotonic())
    results: dict[int, Any] = {}
    pending: dict[cf.Future[Any], tuple[int, int]] = {}
    nxt = 0
    cap = FIRST_CAP
    measured_tasks, measured_seconds = 0, 0.0
    try:
        while nxt < len(tasks) or pending:
            late = deadline is not None and nxt > 0 and time.monotonic() >= deadline
            while nxt < len(tasks) and len(pending) < QUEUED_PER_SLOT * slots and not late:
                size = batch_size(len(tasks) - nxt, slots, cap)
                batch = list(tasks[nxt : nxt + size])
                future = executor.submit(run_batch, fn, star, batch, stop_at, nxt == 0)
                pending[future] = (nxt, size)
                nxt += size
            if late:  # submit nothing more; the batches sent start no task after stop_at
                nxt = len(tasks)
            if not pending:
                break
            timeout = None if deadline is None else max(0.05, deadline - time.monotonic())
            done, _ = cf.wait(pending, timeout=timeout, return_when=cf.FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: pending[f][0]):
                first, size = pending.pop(future)
                out, seconds = pickle.loads(future.result())
                for k, result in enumerate(out):
                    results[first + k] = result
                    if on_done is not None:
                        on_done(first + k, result)
                if len(out) < size:  # cut short by the deadline: nothing after it counts
                    nxt = len(tasks)
                if out:
                    measured_tasks += len(out)
                    measured_seconds += seconds
                    per_task = measured_seconds / measured_tasks
                    cap = max(1, int(BATCH_SECONDS / per_task)) if per_task > 0 else len(tasks)
    except BaseException:
        for future in pending:
            future.cancel()
        raise
    return results
