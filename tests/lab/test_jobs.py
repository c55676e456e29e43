"""The lab's job runner and input checks, without a server: states, cancel, hooks."""

from __future__ import annotations

import threading
import time

import pytest

from showdown.lab.inputs import field_of, read_spot
from showdown.lab.jobs import Control, JobError, JobRunner


def forever(control: Control) -> dict:
    while True:
        control.progress(0.25)
        time.sleep(0.01)


def test_states_of_a_job() -> None:
    runner = JobRunner()
    done = runner.start("a", lambda control: {"x": 1})
    refused = runner.start("b", lambda control: (_ for _ in ()).throw(JobError("board", "no")))
    broken = runner.start("c", lambda control: {}["missing"])
    for job in (done, refused, broken):
        assert runner.wait(job, 5)
    assert (done.state, done.progress, done.result) == ("done", 1.0, {"x": 1})
    assert refused.state == "error" and refused.to_json()["field"] == "board"
    assert broken.state == "failed" and broken.to_json()["message"] == "Internal error."


def test_progress_is_reported_and_a_cancel_stops_the_work() -> None:
    runner = JobRunner()
    job = runner.start("a", forever)
    time.sleep(0.1)
    assert job.state == "running" and job.progress == 0.25
    runner.cancel(job.id)
    assert runner.wait(job, 2) and job.state == "cancelled"
    assert job.to_json()["state"] == "cancelled" and "result" not in job.to_json()


def test_cancel_hooks_run_at_once_and_late_hooks_run_immediately() -> None:
    stopped = threading.Event()
    ran: list[str] = []

    def blocked(control: Control) -> dict:
        control.on_cancel(stopped.set)
        stopped.wait(10)  # no progress report: only the hook can end this
        raise RuntimeError("the pool was stopped under the job")

    runner = JobRunner()
    job = runner.start("a", blocked)
    time.sleep(0.05)
    t0 = time.perf_counter()
    runner.cancel(job.id)
    assert runner.wait(job, 2) and time.perf_counter() - t0 < 1
    assert job.state == "cancelled"  # the error after a cancel is the cancel
    Control(job).on_cancel(lambda: ran.append("late"))
    assert ran == ["late"]


def test_only_the_newest_job_of_a_page_runs() -> None:
    runner = JobRunner()
    first = runner.start("page", forever)
    other = runner.start("other", forever)
    second = runner.start("page", lambda control: {"ok": True})
    assert runner.wait(first, 2) and first.state == "cancelled"
    assert runner.wait(second, 2) and second.state == "done"
    assert other.state == "running" and runner.running() == 1
    assert runner.running(besides="other") == 0
    runner.cancel(other.id)
    assert runner.wait(other, 2)


def test_old_jobs_are_forgotten_and_stopped() -> None:
    runner = JobRunner(keep=2)
    oldest = runner.start("a", forever)
    runner.start("b", lambda control: {})
    runner.start("c", lambda control: {})
    assert runner.get(oldest.id) is None
    assert runner.wait(oldest, 2) and oldest.state == "cancelled"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"players": ["AA"]}, "players"),
        ({"players": "AA KK"}, "players"),
        ({"players": ["AA", 3]}, "players"),
        ({"players": ["AA", "KK"], "board": 5}, "board"),
        ({"players": ["AA", "KK"], "board": "x" * 3000}, "board"),
        ({"players": ["AA", "KK"], "game": "chess"}, "game"),
        ({"players": ["AA", "KK", "QQ+zz"]}, "player-3"),
        ({"players": ["AhKhQhJh", "AAxx"], "game": "omaha", "dead": "Zz"}, "dead"),
        ({"players": ["AhKhQhJh", "Axxx!"], "game": "omaha"}, "player-2"),
    ],
)
def test_read_spot_names_the_field(body: dict, field: str) -> None:
    with pytest.raises(JobError) as caught:
        read_spot(body)
    assert caught.value.field == field and caught.value.message


def test_field_of_places_the_librarys_messages() -> None:
    players = ("AhKh", "QQ", "AhQd")
    two = "card Ah is in two places: in player 1's hand (AhKh) and in player 3's hand (AhQd)"
    assert field_of(two, players) == "player-3"
    assert field_of("card 2c is in two places: in the dead cards and on the board", players) == (
        "board"
    )
    assert field_of("range 'QQ' has no combo left once the cards in use are removed", players) == (
        "player-2"
    )
    assert field_of("not enough cards: 20 hole cards, a board and 30 dead", players) == ("players")
    assert field_of("something else entirely", players) == "players"
