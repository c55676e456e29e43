"""Jobs: a calculation in a worker thread, with its progress, its cancel and its answer.

A page starts a job and polls it. Each job belongs to a page (its ``tab``): a new
job of the same page cancels the previous one, so only the newest runs. A job is
cancelled by making its progress callback raise :class:`Cancelled`, which the
equity engine lets through at its next progress report (a fraction of a second;
a local process pool it started is stopped at once, see
:func:`showdown.odds.parallel.stop_pool`).

>>> runner = JobRunner()
>>> job = runner.start("tab-1", lambda progress: {"sum": 1 + 1})
>>> runner.wait(job, 5.0), job.state, job.result
(True, 'done', {'sum': 2})
>>> def slow(progress):
...     while True:
...         progress(0.5)
>>> job = runner.start("tab-1", slow)
>>> runner.cancel(job.id) is job, runner.wait(job, 5.0), job.state
(True, True, 'cancelled')
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Cancelled", "Job", "JobError", "JobRunner", "Work"]

#: What a job runs: it takes the progress callback and returns the JSON answer.
Work = Callable[[Callable[[float], None]], dict[str, Any]]


class Cancelled(Exception):
    """Raised inside a job's progress callback once the job is cancelled."""


class JobError(Exception):
    """A job refused for a reason the page can show: ``field`` names the input at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass
class Job:
    """One calculation: ``state`` is ``running``, ``done``, ``error`` (an input at
    fault), ``failed`` (a fault of the program) or ``cancelled``."""

    id: str
    tab: str
    state: str = "running"
    progress: float = 0.0
    result: dict[str, Any] | None = None
    error: JobError | None = None
    started: float = field(default_factory=time.perf_counter)
    seconds: float | None = None
    cancel_requested: threading.Event = field(default_factory=threading.Event)
    finished: threading.Event = field(default_factory=threading.Event)

    def to_json(self) -> dict[str, Any]:
        """What the page polls: the state, the progress, and the answer once there."""
        out: dict[str, Any] = {"id": self.id, "state": self.state, "progress": self.progress}
        if self.seconds is not None:
            out["seconds"] = round(self.seconds, 4)
        if self.result is not None:
            out["result"] = self.result
        if self.error is not None:
            out["field"] = self.error.field
            out["message"] = self.error.message
        return out


class JobRunner:
    """Runs jobs in daemon threads and remembers the latest ``keep`` of them.

    ``classify`` turns an exception of the work into a :class:`JobError` (an input
    the page can fix), or returns None for a fault of the program (re-raised in the
    thread's log, the job reported as an internal error).
    """

    def __init__(
        self,
        keep: int = 64,
        classify: Callable[[Exception], JobError | None] | None = None,
    ) -> None:
        self.keep = keep
        self.classify = classify or (lambda exc: exc if isinstance(exc, JobError) else None)
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._newest: dict[str, Job] = {}
        self._lock = threading.Lock()

    def start(self, tab: str, work: Work) -> Job:
        """Start ``work`` for page ``tab``, cancelling that page's previous job."""
        job = Job(id=secrets.token_hex(8), tab=tab)
        with self._lock:
            previous = self._newest.get(tab)
            if previous is not None:
                previous.cancel_requested.set()
            self._newest[tab] = job
            self._jobs[job.id] = job
            while len(self._jobs) > self.keep:
                _, old = self._jobs.popitem(last=False)
                old.cancel_requested.set()
                if self._newest.get(old.tab) is old:
                    del self._newest[old.tab]
        threading.Thread(target=self._run, args=(job, work), daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        """The job of that id, if it is still remembered."""
        with self._lock:
            return self._jobs.get(job_id)

    def cancel(self, job_id: str) -> Job | None:
        """Ask the job to stop (it does at its next progress report); None if unknown."""
        job = self.get(job_id)
        if job is not None:
            job.cancel_requested.set()
        return job

    def running(self) -> int:
        """How many jobs are running now."""
        with self._lock:
            return sum(1 for job in self._jobs.values() if job.state == "running")

    @staticmethod
    def wait(job: Job, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the job to end; whether it did."""
        return job.finished.wait(timeout)

    def _run(self, job: Job, work: Work) -> None:
        def progress(fraction: float) -> None:
            if job.cancel_requested.is_set():
                raise Cancelled
            job.progress = min(max(float(fraction), 0.0), 1.0)

        try:
            if job.cancel_requested.is_set():
                raise Cancelled
            result = work(progress)
        except Cancelled:
            job.state = "cancelled"
        except Exception as exc:
            error = self.classify(exc)
            if error is None:
                import traceback

                traceback.print_exc()
                error = JobError("", "Internal error.")
                job.state = "failed"
            else:
                job.state = "error"
            job.error = error
        else:
            job.result = result
            job.progress = 1.0
            job.state = "done"  # finished before a cancel could stop it: the answer stands
        finally:
            job.seconds = time.perf_counter() - job.started
            job.finished.set()
