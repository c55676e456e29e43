"""Benchmark: the equity lab's answers (target: a hand against a 20% range on the flop,
per combo and with the board breakdown, in under 0.3 s; the lab answers while a job runs).

Run: ``.venv/bin/python benchmarks/bench_lab.py`` (``--rounds N``). A real
``showdown lab`` server runs in a subprocess on 127.0.0.1; the contenders take
turns (interleaved), each timed as the page sees it:

- ``lab job``: ``POST /api/jobs`` for AhKh against ``20%`` on Qh Jh 3c, answered
  with equity, per-combo equity, the distribution and the breakdown (HTTP round
  trip, JSON included);
- ``library``: ``showdown.per_combo_equity`` and ``showdown.breakdown`` on the same
  spot in this process (what the job costs without the server);
- ``range view``: ``GET /api/range?text=20%`` (what the grid asks for on each stroke).

Then the same ``lab job`` and ``range view`` while the preflop heat map (a job of
about 40 s on two cores) runs for another page: the lab must still answer.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

import httpx

import showdown
from common import interleaved_times, judge, machine_load

SPOT = {"players": ["AhKh", "20%"], "board": "Qh Jh 3c"}
TARGET = 0.3


def start_lab() -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "showdown", "lab", "--no-browser", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        found = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
        if found:
            return proc, found.group(1)
    raise RuntimeError("the lab did not start")


def show(title: str, times: dict[str, list[float]]) -> None:
    print(f"\n== {title}")
    for name, values in times.items():
        best, median = min(values), statistics.median(values)
        print(f"  {name:<12} best {1000 * best:8.1f} ms   median {1000 * median:8.1f} ms")
    if "lab job" in times and "library" in times:
        ratio = statistics.median(times["lab job"]) / statistics.median(times["library"])
        print(f"  lab job / library (medians): {ratio:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    proc, url = start_lab()
    try:
        client = httpx.Client(base_url=url, timeout=120)
        token = re.search(r'showdown-token" content="([0-9a-f]+)"', client.get("/").text)
        assert token is not None
        headers = {"X-Showdown-Token": token.group(1)}

        def lab_job() -> None:
            r = client.post(
                "/api/jobs", json={"kind": "equity", "tab": "bench", **SPOT}, headers=headers
            )
            assert r.status_code == 200 and r.json()["state"] == "done", r.text
            assert r.json()["result"]["breakdown"] and r.json()["result"]["per_combo"]

        def library() -> None:
            showdown.per_combo_equity(SPOT["players"], board=SPOT["board"])
            showdown.breakdown("20%", SPOT["board"])

        def range_view() -> None:
            assert client.get("/api/range", params={"text": "20%"}).status_code == 200

        fns: dict[str, Callable[[], None]] = {
            "lab job": lab_job,
            "library": library,
            "range view": range_view,
        }
        for fn in fns.values():
            fn()  # warm: imports, tables
        idle = interleaved_times(fns, rounds=args.rounds)
        load_idle = machine_load()
        show("idle lab", idle)

        heat = client.post(
            "/api/jobs",
            headers=headers,
            json={"kind": "heatmap", "tab": "other-page", "players": ["AA", "20%"]},
        )
        assert heat.status_code == 202, heat.text
        time.sleep(2.0)  # the heat map's workers are up and busy
        busy = interleaved_times({"lab job": lab_job, "range view": range_view}, rounds=args.rounds)
        state = client.get(f"/api/jobs/{heat.json()['id']}").json()
        client.post(f"/api/jobs/{heat.json()['id']}/cancel", json={}, headers=headers)
        show(
            f"while the heat map runs (it was at {100 * state['progress']:.0f}%, {state['state']})",
            busy,
        )

        median = statistics.median(idle["lab job"])
        print(
            f"\ntarget: lab job under {TARGET} s (median {median:.3f} s): "
            + judge(median < TARGET, trusted=load_idle is None, why=load_idle)
        )
        print(f"machine load during the idle runs: {load_idle or 'none found'}")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    main()
