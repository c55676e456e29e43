"""Jobs: a calculation in a worker thread, with its progress, its cancel and its answer.

A page starts a job and polls it. Each job belongs to a page (its ``tab``): a new
job of the same page cancels the previous one, so only the newest runs. A job is
cancelled two ways at once: its progress callback raises :class:`Cancelled`,
which the equity engine lets through at its next progress report (a fraction of
a second in-process; a local pool it started is then stopped, see
:func:`showdown.odds.parallel.stop_pool`), and the hooks the work registered
with :meth:`Control.on_cancel` run at once (the heat map stops its own process
pool there, since its first report can be seconds away).

>>> runner = JobRunner()
>>> job = runner.start("tab-1", lambda control: {"sum": 1 + 1})
>>> runner.wait(job, 5.0), job.state, job.result
(True, 'done', {'sum': 2})
>>> def slow(control):
...     while True:
...         control.progress(0.5)
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

__all__ = ["Cancelled", "Control", "Job", "JobError", "JobRunner", "Work"]


class Cancelled(Exception):
    """Raised inside a job's progress callback once the job is cancelled."""


class JobError(Exception):
    """A job refused for a reason the page can show: ``field`` names the input at fault,
    ``message`` says why in English and ``reason`` (``{"code", "params"}`` or None) is the
    same as data, which the page words in its own language. ``cause``: the library's
    error, whose own code wins over reading one back from the message.

    >>> JobError("board", "a board has 0, 3, 4 or 5 cards, got 2").to_json()["code"]
    'board_size'
    """

    def __init__(self, field: str, message: str, cause: BaseException | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.message = message
        from showdown.i18n.error_lines import reason_of

        self.reason = reason_of(message if cause is None else cause)

    def to_json(self) -> dict[str, Any]:
        """``{"field", "message"}``, with ``code`` and ``params`` when the reason is known."""
        doc: dict[str, Any] = {"field": self.field, "message": self.message}
        if self.reason is not None:
            doc.update(self.reason)
        return doc


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
    hooks: list[Callable[[], None]] = field(default_factory=list)
    hooks_lock: threading.Lock = field(default_factory=threading.Lock)

    def request_cancel(self) -> None:
        """Ask the job to stop: its progress callback raises from now on, its hooks run."""
        with self.hooks_lock:
            self.cancel_requested.set()
            hooks, self.hooks = self.hooks, []
        for hook in hooks:
            hook()

    def to_json(self) -> dict[str, Any]:
        """What the page polls: the state, the progress, and the answer once there."""
        out: dict[str, Any] = {"id": self.id, "state": self.state, "progress": self.progress}
        if self.seconds is not None:
            out["seconds"] = round(self.seconds, 4)
        if self.result is not None:
            out["result"] = self.result
        if self.error is not None:
            out.update(self.error.to_json())
        return out


class Control:
    """What a running job is given: :meth:`progress` to report (and to be stopped at)
    and :meth:`on_cancel` to say how to stop it at once."""

    def __init__(self, job: Job) -> None:
        self._job = job

    def progress(self, fraction: float) -> None:
        """Report the fraction done; raises :class:`Cancelled` once the job is cancelled."""
        if self._job.cancel_requested.is_set():
            raise Cancelled
        self._job.progress = min(max(float(fraction), 0.0), 1.0)

    def on_cancel(self, hook: Callable[[], None]) -> None:
        """Run ``hook`` when the job is cancelled (at once if it already is)."""
        with self._job.hooks_lock:
            if not self._job.cancel_requested.is_set():
                self._job.hooks.append(hook)
                return
        hook()


#: What a job runs: it takes its :class:`Control` and returns the JSON answer.
Work = Callable[[Control], dict[str, Any]]


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
                threading.Thread(target=previous.request_cancel, daemon=True).start()
            self._newest[tab] = job
            self._jobs[job.id] = job
            while len(self._jobs) > self.keep:
                _, old = self._jobs.popitem(last=False)
                threading.Thread(target=old.request_cancel, daemon=True).start()
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
            job.request_cancel()
        return job

    def running(self, besides: str | None = None) -> int:
        """How many jobs are running now (``besides`` a page: not counting its newest
        job, which that page's next job is about to cancel)."""
        with self._lock:
            spared = self._newest.get(besides) if besides is not None else None
            return sum(1 for j in self._jobs.values() if j.state == "running" and j is not spared)

    @staticmethod
    def wait(job: Job, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the job to end; whether it did."""
        return job.finished.wait(timeout)

    def _run(self, job: Job, work: Work) -> None:
        try:
            if job.cancel_requested.is_set():
                raise Cancelled
            result = work(Control(job))
        except Cancelled:
            job.state = "cancelled"
        except Exception as exc:
            if job.cancel_requested.is_set():  # e.g. its pool stopped under it
                job.state = "cancelled"
                return
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
