"""``GET /api/range?text=&cell=``: the weight of each combo of one grid cell, which
the grid's suit picker starts from; ``&per_combo=1``: every combo of the range, which
the combo table's filter by a selected sub-range uses."""

from __future__ import annotations

import httpx
import pytest

import showdown
from helpers.lab_server import LabServer


@pytest.mark.parametrize(
    ("text", "cell", "size"),
    [("AhKh, AsKs, QQ", "AKs", 4), ("AKo:0.5, AhKd", "AKo", 12), ("22+", "TT", 6), ("", "72o", 12)],
)
def test_cell_weights_match_the_library(server: LabServer, text: str, cell: str, size: int) -> None:
    answer = httpx.get(server.url + "api/range", params={"text": text, "cell": cell})
    assert answer.status_code == 200
    weights = answer.json()["cell"]
    assert len(weights) == size
    rng = showdown.parse_range(text) if text else None
    for combo, weight in weights.items():
        assert weight == (rng.weight(combo) if rng is not None else 0.0), combo
    if cell == "AKo":
        assert weights["AhKd"] == 1.0 and weights["AsKd"] == 0.5


def test_no_cell_no_weights_and_a_bad_cell_refused(server: LabServer) -> None:
    plain = httpx.get(server.url + "api/range", params={"text": "QQ+"})
    assert "cell" not in plain.json()
    bad = httpx.get(server.url + "api/range", params={"text": "QQ+", "cell": "AKx"})
    assert bad.status_code == 400
    assert bad.json()["field"] == "range" and "AKx" in bad.json()["message"]


def test_every_combo_of_the_range(server: LabServer) -> None:
    view = httpx.get(server.url + "api/range", params={"text": "20%, AhKh:0.5", "per_combo": "1"})
    each = view.json()["per_combo"]
    rng = showdown.parse_range("20%, AhKh:0.5")
    assert len(each) == len(rng) and each["AhKh"] == 0.5
    assert all(weight == rng.weight(combo) > 0 for combo, weight in each.items())
