"""Spreading work: the same numbers in-process, on a local process pool and on a real
Dask ``LocalCluster`` with two worker processes; time budgets; bad schedulers; Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

import numpy as np
import pytest

from showdown import equity
from showdown.commands.main import main
from showdown.odds.matrix import PreflopMatrix, matrix
from showdown.odds.parallel import (
    ParallelError,
    check_time,
    check_workers,
    relax_malloc_trim,
    run_tasks,
    start_method,
)

pytestmark = pytest.mark.xdist_group("processes")

RANGES = ["QQ+, AKs", "JJ-99, AQs, AhKd"]  # an exact job of several tasks


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[Any]:
    """A real LocalCluster of two worker processes, with Dask's default settings."""
    distributed = pytest.importorskip("distributed")
    environ = dict(os.environ)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        # Dask's nanny leaves its pre-spawn variables (MALLOC_TRIM_THRESHOLD_) in this
        # process's environment: every later process started here would inherit them.
        os.environ.clear()
        os.environ.update(environ)
        yield cluster


@pytest.fixture(scope="module")
def dask_executor(dask_cluster: Any) -> Iterator[Executor]:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(dask_cluster) as client:
        yield client.get_executor()


def test_exact_is_the_same_everywhere(dask_executor: Executor) -> None:
    local = equity(RANGES, exact=True, workers=1)
    assert local.method == "exact"
    assert equity(RANGES, exact=True, workers=2) == local
    assert equity(RANGES, exact=True, executor=dask_executor) == local


def test_monte_carlo_same_seed_same_numbers_on_1_and_2_workers(dask_executor: Executor) -> None:
    kwargs = {"trials": 200_000, "seed": 42}
    one = equity(["AK", "22+", "random"], workers=1, **kwargs)
    assert one.trials == 200_000
    assert equity(["AK", "22+", "random"], workers=2, **kwargs) == one
    assert equity(["AK", "22+", "random"], executor=dask_executor, **kwargs) == one
    assert equity(["AK", "22+", "random"], workers=1, trials=200_000, seed=43) != one


def test_matrix_on_dask_equals_local(dask_executor: Executor) -> None:
    names = ["AA", "KK", "AKs", "72o"]
    local = matrix(names, workers=1)
    remote = matrix(names, executor=dask_executor)
    assert isinstance(local, PreflopMatrix) and isinstance(remote, PreflopMatrix)
    assert np.array_equal(local.equity, remote.equity) and np.array_equal(local.tie, remote.tie)


def test_exact_omaha_preflop_is_the_same_everywhere(dask_executor: Executor) -> None:
    """Exact preflop Omaha (issue 10b), a weighted range against a hand: blocks of boards
    on any worker add up to the same integer counts."""
    players = ["AsAhKdKh:0.5, AcAdKcKh", "Ts 9s 8d 7d"]
    local = equity(players, game="omaha", exact=True, workers=1)
    assert local.method == "exact" and local.boards == 2 * 1_086_008  # deals x boards
    assert equity(players, game="omaha", exact=True, workers=2) == local
    assert equity(players, game="omaha", exact=True, executor=dask_executor) == local


def test_time_budget_bounds_the_run() -> None:
    start = time.perf_counter()
    r = equity(["random", "random", "random"], time=1.0, seed=3, workers=1)
    elapsed = time.perf_counter() - start
    assert r.method == "monte-carlo" and r.trials is not None and r.trials > 0
    assert elapsed < 8  # one task past the deadline at most, on a loaded machine
    assert "as many trials as fit" in r.note
    # exact when its estimate fits the budget
    assert equity(["AcAd", "KhKs"], time=5.0).method == "exact"


def test_parameters_are_checked_by_name() -> None:
    for bad in (0, -1, True, 1.5):
        with pytest.raises(ParallelError, match="workers"):
            check_workers(bad)
    for bad in (0, -2.0, "3", True, float("nan")):
        with pytest.raises(ParallelError, match="time"):
            check_time(bad)
    with pytest.raises(ValueError, match="time=SECONDS replaces"):
        equity(["AA", "KK"], time=1.0, trials=10)
    with pytest.raises(ValueError, match="executor= or workers="):
        equity(["AA", "KK"], workers=1, executor=object())  # type: ignore[arg-type]


def test_run_tasks_keeps_task_order_and_deadline_prefix() -> None:
    assert run_tasks(pow, [(2, 5), (3, 2), (2, 0)], star=True) == [32, 9, 1]
    assert run_tasks(abs, [-1, -2], deadline=time.monotonic() - 1) == [1]  # one task at least


def test_cli_workers_and_time(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "AK", "22+", "--trials", "100000", "--seed", "9", "--json"]
    assert main([*args, "--workers", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert main([*args, "--workers", "2"]) == 0
    assert json.loads(capsys.readouterr().out) == one
    assert main(["equity", "random", "random", "--time", "0.5", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    assert "Monte Carlo" in captured.out and "note: Monte Carlo" in captured.err
    with pytest.raises(SystemExit) as stop:
        main(["equity", "AA", "KK", "--time", "0"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--time" in err


def test_bad_scheduler_is_one_error_line() -> None:
    pytest.importorskip("distributed")
    start = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "showdown",
            "equity",
            "AA",
            "KK",
            "--scheduler",
            "tcp://127.0.0.1:9",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    elapsed = time.perf_counter() - start
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "tcp://127.0.0.1:9" in lines[0]
    assert elapsed < 60


def test_ctrl_c_prints_no_result() -> None:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "showdown",
            "equity",
            "random",
            "random",
            "random",
            "--trials",
            "200000000",
            "--workers",
            "1",
            "--progress",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stderr is not None
    seen = ""
    while "%" not in seen:  # wait until the work is under way (the bar is drawn)
        char = proc.stderr.read(1)
        assert char, "the process ended before drawing its progress bar"
        seen += char
    os.kill(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    err = seen + err
    assert proc.returncode == 130
    assert out == ""  # no partial table printed as final
    assert "interrupted" in err and "Traceback" not in err


def _children(pid: int) -> list[int]:
    """Process ids whose parent is ``pid`` (from /proc)."""
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(entry))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table from /proc")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_signal_leaves_no_pool_worker_behind(sig: int) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "showdown", "matrix", "--workers", "2"],  # minutes of work
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    workers: list[int] = []
    deadline = time.monotonic() + 120
    while len(workers) < 2 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _children(proc.pid)
    assert len(workers) >= 2, "the pool never started"
    time.sleep(1.0)  # let the workers take tasks
    os.kill(proc.pid, sig)
    out, _ = proc.communicate(timeout=60)
    assert out == b""
    assert proc.returncode == (143 if sig == signal.SIGTERM else 130)
    deadline = time.monotonic() + 15
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not [w for w in workers if _alive(w)]


def test_pools_fork_only_where_it_is_safe() -> None:
    code = (
        "from showdown import equity; from showdown.odds.parallel import start_method; "
        "r = [equity(['QQ+, AKs', 'JJ-99, AQs'], trials=3_000_000, seed=5, workers=n) "
        "for n in (1, 2)]; print(start_method(), r[0] == r[1])"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    expected = "fork" if sys.platform.startswith("linux") else "spawn"
    assert out.stdout.split() == [expected, "True"]  # a one-thread process forks
    stop = threading.Event()
    helper = threading.Thread(target=stop.wait)
    helper.start()
    try:
        assert start_method() == "spawn"  # never fork beside another thread
    finally:
        stop.set()
        helper.join()


def test_scheduler_option_runs_there_and_names_a_slow_worker_setting(
    dask_cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["matrix", "--classes", "AA,KK", "--json", "--scheduler", dask_cluster.scheduler_address]
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["equity"][0][1] == pytest.approx(0.81946, abs=1e-5)
    # Dask's nanny starts its workers with MALLOC_TRIM_THRESHOLD_=65536 unless told not to
    assert "note: 2 of 2 Dask workers run with MALLOC_TRIM_THRESHOLD_=65536" in err


def test_relax_malloc_trim_on_running_workers(dask_cluster: Any) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(dask_cluster) as client:
        done = client.run(relax_malloc_trim)
        assert len(done) == 2
        if sys.platform.startswith("linux"):  # glibc: applied on each worker
            assert all(done.values())
        names = ["AA", "KK", "AKs"]
        local = matrix(names, workers=1)
        remote = matrix(names, executor=client.get_executor())
        assert isinstance(local, PreflopMatrix) and isinstance(remote, PreflopMatrix)
        assert np.array_equal(local.equity, remote.equity)


def _slow_square(x: int) -> int:
    time.sleep(0.02)
    return x * x


def test_tasks_travel_in_batches_yet_keep_their_order_and_results(
    dask_executor: Executor,
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from showdown.odds.remote import run_batched

    seen: list[int] = []
    assert run_tasks(abs, list(range(-40, 0)), dask_executor, on_done=lambda i, _: seen.append(i))
    assert sorted(seen) == list(range(40))
    assert run_tasks(pow, [(2, k) for k in range(40)], dask_executor, star=True) == [
        2**k for k in range(40)
    ]
    with ThreadPoolExecutor(2) as pool:  # the batching itself, on any executor
        finished: list[int] = []
        out = run_batched(
            _slow_square, list(range(30)), pool, 2, star=False, on_done=None, deadline=None
        )
        assert out == {k: k * k for k in range(30)}
        # under a deadline: a prefix of the tasks, at least the first one
        out = run_batched(
            _slow_square,
            list(range(300)),
            pool,
            2,
            star=False,
            on_done=lambda i, _: finished.append(i),
            deadline=time.monotonic() + 0.3,
        )
        assert 1 <= len(out) < 300 and out[0] == 0 and set(out) == set(finished)
        assert all(out[k] == k * k for k in out)


def test_monte_carlo_in_batches_on_dask_gives_the_pools_numbers(
    dask_executor: Executor, monkeypatch: pytest.MonkeyPatch
) -> None:
    import showdown.odds.holdem_plan as plan

    monkeypatch.setattr(plan, "TASK_TRIALS", 1 << 13)  # 25 tasks: batches of several
    kwargs = {"trials": 200_000, "seed": 7}
    one = equity(["AKs", "QQ+", "random"], workers=1, **kwargs)
    assert equity(["AKs", "QQ+", "random"], workers=2, **kwargs) == one
    assert equity(["AKs", "QQ+", "random"], executor=dask_executor, **kwargs) == one
    budget = equity(["random"] * 3, time=0.5, seed=7, executor=dask_executor)
    assert budget.method == "monte-carlo" and budget.trials is not None and budget.trials > 0


def test_scheduler_without_workers_is_one_error_line() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=0, dashboard_address=":0") as cluster:
        command = ["equity", "AK", "QQ", "--trials", "1000"]
        done = subprocess.run(
            [sys.executable, "-m", "showdown", *command, "--scheduler", cluster.scheduler_address],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "has no workers" in lines[0] and "--workers" in lines[0]


def test_interrupted_line_speaks_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from showdown.commands.options import run_heavy

    def stopped(executor: Any, progress: Any) -> None:
        raise KeyboardInterrupt

    for lang, text in (("es", "interrumpido: sin resultado"), ("ru", "прервано")):
        args = argparse.Namespace(progress=False, scheduler=None, lang=lang)
        assert run_heavy(args, True, stopped) is None
        assert text in capsys.readouterr().err


def test_dask_settings_quiet_the_cluster_and_drop_the_malloc_setting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)  # a worker would inherit it
    dask = pytest.importorskip("dask")
    distributed = pytest.importorskip("distributed")
    from showdown.odds.parallel import dask_settings, malloc_trim_threshold, worker_note

    settings = dask_settings()
    assert settings["distributed.worker.profile.enabled"] is False
    assert settings["distributed.scheduler.work-stealing"] is False
    assert "MALLOC_TRIM_THRESHOLD_" not in settings["distributed.nanny.pre-spawn-environ"]
    with (
        dask.config.set(settings),
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert worker_note(client.run(malloc_trim_threshold)) is None
        ticks = client.run(lambda: dask.config.get("distributed.admin.tick.interval"))
        assert list(ticks.values()) == ["1s"]  # the workers run with the settings
        kwargs = {"trials": 100_000, "seed": 3}
        assert equity(["AK", "QQ"], executor=client.get_executor(), **kwargs) == equity(
            ["AK", "QQ"], workers=1, **kwargs
        )
