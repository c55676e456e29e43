"""Benchmark: one change in the lab's page to its new answers, as a user sees it (target:
under 0.3 s for a range against a range on a flop, on an idle machine).

Run: ``.venv/bin/python benchmarks/bench_lab_page.py`` (``--rounds N``). A real
``showdown lab`` server runs in a subprocess on 127.0.0.1 and Debian's
``/usr/bin/chromium`` (headless, through Playwright) opens the page on
``JJ+, AKs`` against ``20%`` on Qh Jh 3c. The contenders take turns (interleaved),
each timed from the change until the page shows the answers of the new spot (its
job marker ``done``), Playwright's round trips included (a few ms):

- ``turn card``: a click on 2d in the board picker (adds the turn, then takes it off);
- ``grid cell``: a click on 22 on player 2's grid (paints it, then erases it);
- ``typed board``: the board's box typed (one input event) with or without the turn; a
  board typed to its last card is asked at once (a half-typed card waits for more typing,
  ``TYPING_PAUSE_MS`` in main.js);
- ``back``: the browser's Back to the previous spot.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench_lab import start_lab
from common import interleaved_times, judge, machine_load

CHROMIUM = "/usr/bin/chromium"
SPOT = "#p=JJ%2B%2C+AKs&p=20%25&board=Qh+Jh+3c&edit=2"
TARGET = 0.3
JOB = "document.body.dataset.job"


def wait_for(page: Any, expression: str, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise RuntimeError(f"never true: {expression}")
        time.sleep(0.002)


def answered(page: Any) -> None:
    """Wait for the page's job of the latest change to end with answers."""
    wait_for(page, f"!['running', 'pending'].includes({JOB})")
    state = page.evaluate(JOB)
    if state != "done":
        raise RuntimeError(f"the page's job ended {state}")


def contenders(page: Any) -> dict[str, Callable[[], None]]:
    def turn_card() -> None:
        # the button's own click (on main, the picker's last cards may lie under the grid)
        page.dispatch_event('#picker .pick[data-card="2d"]', "click")
        answered(page)

    def grid_cell() -> None:
        before = page.input_value("#player-2")
        page.click('#grid .cell[data-cls="22"]')
        wait_for(page, f"document.querySelector('#player-2').value !== {before!r}")
        answered(page)

    def typed_board() -> None:
        board = page.input_value("#board")
        page.fill("#board", "Qh Jh 3c" if len(board.split()) == 4 else "Qh Jh 3c 2d")
        answered(page)

    def back() -> None:
        page.evaluate("history.back()")
        wait_for(page, f"{JOB} !== 'done'", timeout=5.0)
        answered(page)

    return {
        "turn card": turn_card,
        "grid cell": grid_cell,
        "typed board": typed_board,
        "back": back,
    }


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    proc, url = start_lab()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(url + SPOT)
            page.wait_for_selector("body[data-ready='1']")
            answered(page)
            page.click("#picker-box summary")
            fns = contenders(page)
            for fn in fns.values():
                fn()  # warm: the server's tables, the page's code
            times = interleaved_times(fns, rounds=args.rounds)
            load = machine_load()
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print("== one change in the page to its answers (JJ+, AKs v 20% on Qh Jh 3c)")
    for name, values in times.items():
        best, median = min(values), statistics.median(values)
        print(f"  {name:<12} best {1000 * best:8.1f} ms   median {1000 * median:8.1f} ms")
    median = max(statistics.median(values) for values in times.values())
    print(
        f"\ntarget: every change to its answers under {TARGET} s (slowest median {median:.3f} s): "
        + judge(median < TARGET, trusted=load is None, why=load)
    )
    print(f"machine load during the runs: {load or 'none found'}")


if __name__ == "__main__":
    main()
