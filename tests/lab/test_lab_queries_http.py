"""The lab's ``POST /api/select`` and ``POST /api/flops`` (issue 35) against a real
``showdown lab`` server on 127.0.0.1: answers equal to the library's, impossible
inputs answered 400 with the field at fault, the session's token required."""

from __future__ import annotations

import pytest

from helpers.lab_server import LabClient, expect_bad
from showdown.odds.ranges.class_select import select
from showdown.odds.ranges.flop_analysis import flop_analysis


def test_select_is_the_library_s_sub_range(client: LabClient) -> None:
    classes = ["top_pair_or_better", "flush draw"]
    body = {"range": "20%", "board": "Qh Jh 3c", "against": ["AhKh"], "classes": classes}
    r = client.post("/api/select", body)
    assert r.status_code == 200, r.text
    doc = r.json()
    want = select("20%", "Qh Jh 3c", classes, against=["AhKh"])
    assert set(doc) == {"text", "combos", "classes"}
    assert doc["text"] == want.canonical() and doc["combos"] == len(want)
    grid = client.http.get("/api/range", params={"text": doc["text"]}).json()
    assert doc["classes"] == grid["classes"]
    assert doc["classes"]["AQs"] == 0.75 and doc["classes"]["T9s"] == 0.25  # Th9h: the FD
    assert "AKs" not in doc["classes"]  # every AK is ace high, less AhKh: P1's hand


def test_select_with_dead_cards_and_nothing_selected(client: LabClient) -> None:
    body = {"range": "QQ+", "board": "Qh Jh 3c", "dead": "Qs", "classes": ["set"]}
    doc = client.post("/api/select", body).json()
    assert doc["text"] == select("QQ+", "Qh Jh 3c", ["set"], dead="Qs").canonical()
    assert doc["combos"] == 1 and doc["classes"] == {"QQ": pytest.approx(1 / 6)}  # QdQc
    empty = client.post("/api/select", {**body, "classes": ["straight"]}).json()
    assert empty == {"text": "", "combos": 0, "classes": {}}


def test_select_bad_input_names_the_field(client: LabClient) -> None:
    base = {"range": "QQ+", "board": "Qh Jh 3c", "classes": ["set"]}
    expect_bad(client.post("/api/select", {**base, "classes": ["toppair"]}), "classes", "toppair")
    expect_bad(client.post("/api/select", {**base, "board": ""}), "board", "board")
    expect_bad(client.post("/api/select", {**base, "board": "Qh Jh"}), "board", "3, 4 or 5")
    expect_bad(client.post("/api/select", {**base, "range": "QQ+x"}), "range", "QQ+x")
    expect_bad(client.post("/api/select", {**base, "against": ["AK", "ZZ"]}), "against-2", "ZZ")
    expect_bad(
        client.post("/api/select", {**base, "range": "QhQd", "against": ["AA"]}),
        "range",
        "no combo left",
    )
    expect_bad(
        client.post("/api/select", {**base, "against": ["QhJd"]}), "against-1", "no combo left"
    )
    expect_bad(client.post("/api/select", {**base, "game": "razz"}), "game", "razz")
    r = client.post("/api/select", base, token="0" * 64)
    assert r.status_code == 403 and r.json()["error"] == "bad_token"


def test_flops_is_the_library_s_analysis(client: LabClient) -> None:
    r = client.post("/api/flops", {"range": "20%"})
    assert r.status_code == 200, r.text
    doc = r.json()
    assert doc == flop_analysis("20%").to_json()
    assert doc["flops"] == 22100 and doc["combos"] == 270
    dead = client.post("/api/flops", {"range": "AhKh, QQ", "dead": "Ah 2c"}).json()
    assert dead == flop_analysis("AhKh, QQ", dead="Ah 2c").to_json()


def test_flops_bad_input_names_the_field(client: LabClient) -> None:
    expect_bad(client.post("/api/flops", {"range": "AAxx", "game": "omaha"}), "game", "holdem")
    expect_bad(client.post("/api/flops", {"range": "22+x"}), "range", "22+x")
    expect_bad(client.post("/api/flops", {"range": "AhAd", "dead": "Ah"}), "range", "no combo")
    expect_bad(client.post("/api/flops", {"range": "AA", "dead": "Ah Ax"}), "dead", "Ax")
    r = client.post("/api/flops", {"range": "AA", "board": "Qh Jh 3c"})
    assert r.status_code == 400  # no board here: the body's fields are checked
    r = client.post("/api/flops", {"range": "AA"}, token="0" * 64)
    assert r.status_code == 403
