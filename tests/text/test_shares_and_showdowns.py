"""Wording on the command line (issue 35, item 11): an exact answer says it enumerated
showdowns (on a river with a range, the range's combos; never "boards"), and a tiny but
non-zero share prints as ``<0.01%``, never rounded away to ``0.00%``."""

from __future__ import annotations

import showdown
from helpers.cli import run_cli
from showdown.odds.ranges.breakdown import breakdown
from showdown.text.breakdown_render import breakdown_table

RIVER = "Qs 7d 2c 3h 4h"


def test_a_river_against_a_range_counts_its_showdowns() -> None:
    r = showdown.equity(["AhKh", "QQ+, AQs+"], board=RIVER)
    assert r.boards == 14  # one board, the range's 14 combos left on it
    assert r.format().splitlines()[-1] == "exact over 14 showdowns"
    assert r.format("es").splitlines()[-1] == "Cálculo exacto sobre los 14 showdowns posibles"
    assert r.format("ru").splitlines()[-1] == "Точный расчёт по 14 шоудаунам"


def test_a_tiny_weight_shows_as_less_than_the_least_figure() -> None:
    code, out, _ = run_cli(["equity", "AhKh", "QQ:0.000001, AA", "--per-combo"])
    assert code == 0
    queens = [
        line.split()
        for line in out.splitlines()
        if line[:4] in {"QhQc", "QsQh", "QsQc", "QdQc", "QhQd", "QsQd"}
    ]
    assert len(queens) == 6 and all(row[1] == "<0.01%" for row in queens)
    assert "0.00%" not in {row[1] for row in queens}


def test_a_tiny_class_of_the_breakdown_is_still_there() -> None:
    table = breakdown_table(breakdown("QQ:0.000001, AA", "Qs 7d 2c"))
    assert "<0.01%" in next(line for line in table.splitlines() if "set" in line)
    assert ">99.99%" in next(line for line in table.splitlines() if "overpair" in line)
