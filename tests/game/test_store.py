"""The SQLite store under the service (G8), with real files, threads and a killed process."""

from __future__ import annotations

import json
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from showdown.game import GameError, GameService
from showdown.game.store import Store, default_db_path

TABLES = ("profiles", "rounds", "steps", "balance", "requests")


def dump(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, read through a separate connection."""
    conn = sqlite3.connect(path)
    try:
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in TABLES}
    finally:
        conn.close()


def untimed(state: dict[str, Any]) -> dict[str, Any]:
    """A state without the round's timestamps (two copies finish at different moments)."""
    out = json.loads(json.dumps(state))
    if out["round"]:
        out["round"].pop("finished_at")
        out["round"].pop("started_at")
    return out


def finish(svc: GameService, profile: str) -> dict[str, Any]:
    st = svc.state(profile)
    if st["phase"] == "deciding":
        st = svc.act(profile, "keep")
    while st["phase"] == "dealer":
        st = svc.advance(profile)
    return st


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "game.sqlite3"


def test_default_db_path_is_in_the_user_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = default_db_path()
    assert path == tmp_path / "data" / "showdown" / "showdown.sqlite3"
    assert path.parent.is_dir()
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert (
        default_db_path()
        == tmp_path / "home" / ".local" / "share" / "showdown" / "showdown.sqlite3"
    )


def test_a_round_is_stored_with_its_whole_deck_and_every_step(db: Path) -> None:
    svc = GameService(db, seed=3)
    svc.start_round("ann", ante=25)
    svc.act("ann", "exchange", card_index=2)
    st = finish(svc, "ann")
    svc.close()
    conn = sqlite3.connect(db)
    deck, state, outcome, explanation = conn.execute(
        "SELECT deck, state, player_outcome, explanation FROM rounds"
    ).fetchone()
    kinds = [k for (k,) in conn.execute("SELECT kind FROM steps ORDER BY id")]
    reasons = [r for (r,) in conn.execute("SELECT reason FROM balance ORDER BY id")]
    conn.close()
    order = [int(x) for x in deck.split()]
    assert sorted(order) == list(range(52))
    stored = json.loads(state)
    assert stored["deck"] == order
    assert stored["seats"][0]["action"] == "exchange"
    assert outcome == st["round"]["result"]["vs_house"][0]["outcome"]
    assert explanation
    assert kinds[0] == "deal" and kinds[-1] == "settle"
    assert kinds.count("decision") == 3 and kinds.count("reveal") == 4
    assert reasons == ["new", "ante", "play_bet", "settle"]


def test_resume_after_reopening_mid_round_gives_the_same_cards(db: Path, tmp_path: Path) -> None:
    svc = GameService(db, seed=8)
    first = svc.start_round("ann", request_id="s1")
    svc.close()
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(db, copy)
    # a new process would have no seed: the cards must come from the file
    a, b = GameService(db), GameService(copy)
    assert a.state("ann") == first == b.state("ann")
    sa = a.act("ann", "exchange", card_index=0)
    a.close()
    a = GameService(db)  # reopen again, in the dealer phase
    assert a.state("ann") == sa
    sb = b.act("ann", "exchange", card_index=0)
    assert sa == sb
    while sa["phase"] == "dealer":
        sa, sb = a.advance("ann"), b.advance("ann")
        assert untimed(sa) == untimed(sb)
    assert sa["round"]["dealer"]["hidden"] == 0
    assert a.audit("ann")["ok"] and b.audit("ann")["ok"]
    a.close()
    b.close()


KILL_SCRIPT = """
import json, os, signal, sys
from showdown.game import GameService
svc = GameService(sys.argv[1])
st = svc.start_round("kim", ante=10, request_id="k1")
if sys.argv[2] == "act":
    st = svc.act("kim", "exchange", card_index=1, request_id="k2")
    st = svc.advance("kim", request_id="k3")
print(json.dumps(st), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.parametrize("stage", ["deal", "act"])
def test_kill_9_mid_round_resumes_the_same_round(db: Path, stage: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", KILL_SCRIPT, str(db), stage],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    shown = json.loads(proc.stdout)
    svc = GameService(db)
    assert svc.state("kim") == shown
    assert svc.audit("kim")["ok"]
    # replays of the requests made before the crash change nothing
    assert svc.start_round("kim", ante=10, request_id="k1")["round"]["id"] == shown["round"]["id"]
    st = finish(svc, "kim")
    assert st["round"]["id"] == shown["round"]["id"]
    mine = st["round"]["players"][0]["cards"]
    assert mine == shown["round"]["players"][0]["cards"]
    assert (
        st["round"]["dealer"]["cards"][: len(shown["round"]["dealer"]["cards"])]
        == (shown["round"]["dealer"]["cards"])
    )
    assert svc.audit("kim")["ok"]
    svc.close()


LOOP_SCRIPT = """
import sys
from showdown.game import GameService
svc = GameService(sys.argv[1])
svc.set_ante("lou", 10)  # the profile exists (reads never create it)
svc.start_round("lou")  # and the first round is dealt before the clock starts
print("ready", flush=True)
n = 0
while True:
    st = svc.state("lou")
    if st["phase"] == "idle":
        if st["refill_available"]:
            svc.refill("lou")
        st = svc.start_round("lou")
    elif st["phase"] == "deciding":
        n += 1
        action = ["keep", "fold", "exchange"][n % 3]
        svc.act("lou", action, card_index=n % 5 if action == "exchange" else None)
    else:
        svc.advance("lou")
"""


@pytest.mark.parametrize("delay", [0.3, 0.7, 1.1])
def test_kill_9_at_any_moment_leaves_a_consistent_resumable_table(db: Path, delay: float) -> None:
    import time

    proc = subprocess.Popen(
        [sys.executable, "-c", LOOP_SCRIPT, str(db)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    time.sleep(delay)  # the loop commits a step every few milliseconds: kill it mid-way
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    svc = GameService(db)
    before = svc.state("lou")
    assert svc.audit("lou")["ok"]
    rounds = dump(db)["rounds"]
    assert len(rounds) >= 1
    unfinished = [r for r in rounds if r[3] != "settled"]
    assert len(unfinished) == (0 if before["phase"] == "idle" else 1)
    st = finish(svc, "lou")
    if before["phase"] != "idle":
        assert st["round"]["id"] == before["round"]["id"]
        # the same round goes on with the same cards (finish() keeps if still deciding)
        assert st["round"]["players"][0]["cards"] == before["round"]["players"][0]["cards"]
        up = before["round"]["dealer"]["cards"]
        assert st["round"]["dealer"]["cards"][: len(up)] == up
    assert svc.audit("lou")["ok"]
    svc.close()


def race(calls: list[Any]) -> list[Any]:
    """Run the callables at the same moment in threads; each result or GameError."""
    barrier = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def go(k: int) -> None:
        barrier.wait()
        try:
            out[k] = calls[k]()
        except GameError as exc:
            out[k] = exc

    threads = [threading.Thread(target=go, args=(k,)) for k in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return out


def test_two_tabs_acting_at_once_cannot_spend_the_same_chips_twice(db: Path) -> None:
    tabs = [GameService(db, seed=1), GameService(db, seed=2)]
    tabs[0].set_ante("pat", 50)
    for n in range(8):
        # Which tab wins a race decides the deck, so the chips left vary: refill when
        # they cannot cover the stake, or both starts fail for want of chips.
        if tabs[0].state("pat")["refill_available"]:
            tabs[0].refill("pat")
        starts = race([lambda t=t: t.start_round("pat", ante=50) for t in tabs])
        ok = [r for r in starts if isinstance(r, dict)]
        errors = [r for r in starts if isinstance(r, GameError)]
        assert len(ok) == 1 and len(errors) == 1 and errors[0].code == "round_in_progress"
        assert ok[0]["chips"] == tabs[0].state("pat")["chips"]
        before = tabs[0].state("pat")
        if before["phase"] != "deciding":
            continue
        acts = race(
            [
                lambda: tabs[0].act("pat", "keep"),
                lambda n=n: tabs[1].act("pat", "exchange", card_index=n % 5),
            ]
        )
        ok = [r for r in acts if isinstance(r, dict)]
        errors = [r for r in acts if isinstance(r, GameError)]
        assert len(ok) == 1 and len(errors) == 1
        assert errors[0].status == 409 and errors[0].code in {"not_your_turn", "no_round"}
        after = tabs[1].state("pat")
        assert after["round"]["players"][0]["bet"] == 100
        assert tabs[0].audit("pat")["ok"]
        sa = finish(tabs[n % 2], "pat")
        assert sa["phase"] == "idle"
        assert tabs[1].audit("pat")["ok"]
    rows = dump(db)["rounds"]
    assert len(rows) == 8
    for t in tabs:
        t.close()


RACE_SCRIPT = """
import sys, time
from showdown.game import GameError, GameService
svc = GameService(sys.argv[1])
start = float(sys.argv[2])
svc.state("pat")  # connect and warm up before the start
time.sleep(max(0.0, start - time.time()))
try:
    if sys.argv[3] == "keep":
        svc.act("pat", "keep")
    else:
        svc.act("pat", "exchange", card_index=0)
    print("ok")
except GameError as exc:
    print(exc.code)
"""


def test_two_processes_acting_at_once_cannot_double_spend(db: Path) -> None:
    import time

    svc = GameService(db, seed=5)
    svc.start_round("pat", ante=100)
    start = time.time() + 3.0
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", RACE_SCRIPT, str(db), str(start), how],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for how in ("keep", "exchange")
    ]
    outs = [p.communicate(timeout=120) for p in procs]
    codes = sorted(out.strip() for out, _ in outs)
    assert codes == ["not_your_turn", "ok"], outs
    st = svc.state("pat")
    assert st["round"]["players"][0]["bet"] == 200 and st["chips"] == 1000 - 100 - 200
    assert svc.audit("pat")["ok"]
    svc.close()


def test_one_service_many_threads_one_round_each_profile(db: Path) -> None:
    svc = GameService(db, seed=4)
    names = [f"p{k}" for k in range(6)]
    results = race([lambda n=n: finish_round(svc, n) for n in names])
    for name, res in zip(names, results, strict=True):
        assert isinstance(res, dict) and res["phase"] == "idle"
        assert svc.audit(name)["ok"]
    svc.close()


def finish_round(svc: GameService, name: str) -> dict[str, Any]:
    svc.start_round(name)
    return finish(svc, name)


def test_concurrent_replays_of_one_request_id_do_the_work_once(db: Path) -> None:
    tabs = [GameService(db, seed=k) for k in range(3)]
    out = race([lambda t=t: t.start_round("rex", request_id="same") for t in tabs])
    assert all(isinstance(r, dict) for r in out)
    assert out[0] == out[1] == out[2]
    assert len(dump(db)["rounds"]) == 1
    for t in tabs:
        t.close()


def test_idempotent_replays_return_the_same_result_and_change_nothing(db: Path) -> None:
    svc = GameService(db, seed=6)
    first = svc.start_round("ann", ante=10, request_id="r1")
    mid = svc.act("ann", "keep", request_id="r2")
    assert mid["phase"] == "dealer"
    step = svc.advance("ann", request_id="r3", version=mid["round"]["version"])
    snapshot = dump(db)
    assert svc.start_round("ann", ante=10, request_id="r1") == first
    assert svc.act("ann", "keep", request_id="r2") == mid
    assert svc.advance("ann", request_id="r3", version=mid["round"]["version"]) == step
    assert dump(db) == snapshot
    with pytest.raises(GameError) as err:
        svc.act("ann", "fold", request_id="r2")
    assert (err.value.status, err.value.code) == (409, "request_id_reused")
    assert dump(db) == snapshot
    svc.close()


BAD_CALLS: list[tuple[str, Any, int, str]] = [
    ("act raise", lambda s: s.act("ann", "raise"), 400, "bad_action"),
    ("act no index", lambda s: s.act("ann", "exchange"), 400, "bad_card_index"),
    ("act index 7", lambda s: s.act("ann", "exchange", card_index=7), 400, "bad_card_index"),
    ("act keep+index", lambda s: s.act("ann", "keep", card_index=1), 400, "bad_card_index"),
    ("advance early", lambda s: s.advance("ann"), 409, "not_dealer_phase"),
    ("start again", lambda s: s.start_round("ann"), 409, "round_in_progress"),
    ("refill mid-round", lambda s: s.refill("ann"), 409, "round_in_progress"),
    ("stale version", lambda s: s.act("ann", "keep", version=999), 409, "stale"),
    ("text version", lambda s: s.act("ann", "keep", version="1"), 400, "bad_version"),
    ("stale advance", lambda s: s.advance("ann", version=0), 409, "stale"),
    ("history before", lambda s: s.history("ann", before="x"), 400, "bad_limit"),
    ("bad request id", lambda s: s.act("ann", "keep", request_id="x" * 101), 400, "bad_request_id"),
    ("bad request id 2", lambda s: s.act("ann", "keep", request_id="a b"), 400, "bad_request_id"),
    ("bad profile", lambda s: s.act("", "keep"), 400, "bad_profile"),
    ("bad profile 2", lambda s: s.state("x" * 41), 400, "bad_profile"),
    ("bad ante", lambda s: s.set_ante("ann", 7), 400, "bad_ante"),
    ("unknown round", lambda s: s.round_detail("ann", 12345), 404, "no_such_round"),
    ("other's profile act", lambda s: s.act("bob", "keep"), 409, "no_round"),
    ("hint no round", lambda s: s.hint("bob"), 409, "no_round"),
]


@pytest.mark.parametrize(
    ("label", "call", "status", "code"), BAD_CALLS, ids=[b[0] for b in BAD_CALLS]
)
def test_invalid_requests_change_nothing(
    db: Path, label: str, call: Any, status: int, code: str
) -> None:
    svc = GameService(db, seed=9)
    svc.start_round("ann")  # seat 0 decides first in a new profile's first round
    snapshot = dump(db)
    with pytest.raises(GameError) as err:
        call(svc)
    assert (err.value.status, err.value.code) == (status, code), label
    assert dump(db) == snapshot
    svc.close()


def test_store_transaction_rolls_back_everything_on_error(db: Path) -> None:
    store = Store(db)
    with store.transaction() as tx:
        tx.profile("zed")
    snapshot = dump(db)
    with pytest.raises(RuntimeError), store.transaction() as tx:
        prof = tx.profile("zed")
        tx.update_profile(prof["id"], chips=5)
        tx.add_balance(prof["id"], None, 5, "refill")
        raise RuntimeError("crash between two writes")
    assert dump(db) == snapshot
    store.close()
