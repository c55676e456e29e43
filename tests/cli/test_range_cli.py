"""The range tools on the command line: ``equity --per-combo``/``--svg``/``--order``/
``-b``, ``breakdown``, ``eval`` of a starting hand, and the hint for an unquoted board.
Bad input exits 2 with one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from showdown.commands.main import main
from showdown.odds.per_combo import per_combo_equity
from showdown.odds.ranges.breakdown import DRAWS, MADE, breakdown


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as exc:  # argparse's own errors leave through SystemExit(2)
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_equity_per_combo_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "dist.svg"
    args = ["equity", "JsTs", "20%", "-b", "Jh 7s 7d", "--per-combo", "--json", "--svg", str(svg)]
    code, out, _ = _run(args, capsys)
    assert code == 0
    doc = json.loads(out)
    want = per_combo_equity(["JsTs", "20%"], board="Jh 7s 7d")
    assert doc["per_combo"] == want.to_json()["per_combo"]
    assert doc["distribution"] == [[list(p) for p in curve] for curve in want.distribution()]
    text = svg.read_text("utf-8")
    assert text.startswith("<svg") and text.count("<polyline") == 2


def test_equity_per_combo_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        ["equity", "AhKh", "QQ, AcKc", "--board", "Qh Jh 3c", "--per-combo"], capsys
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("AhKh") and lines[2] == "exact over 3,960 boards"
    assert lines[4] == "QQ, AcKc: 4 combos"
    assert lines[5].split() == ["combo", "weight", "equity", "win", "tie"]
    assert lines[-1].split() == ["AcKc", "25.00%", "34.09%", "4.55%", "59.09%"]


def test_equity_order_flag(capsys: pytest.CaptureFixture[str]) -> None:
    def first(order: str) -> float:
        args = ["equity", "JsTs", "3%", "-b", "Jh 7s 7d", "--json", "--order", order]
        code, out, _ = _run(args, capsys)
        assert code == 0
        return float(json.loads(out)["players"][0]["equity"])

    assert round(100 * first("pokerstove"), 1) == 42.8  # 3% = 99+, AKs
    assert round(100 * first("equity"), 1) == 47.6  # 3% = 88+


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["equity", "AsKd", "QQ", "--board", "Qh", "Jh", "Th"], "quote a board of several cards"),
        (["equity", "AsKd", "QQ", "--svg", "x.svg"], "--svg draws the equity distribution"),
        (["equity", "AsKd", "QQ", "--per-combo", "--time", "1"], "does not go with --time"),
        (["equity", "AsKd", "QQ", "--per-combo", "--svg", "/no/such/dir/x.svg"], "does not exist"),
        (["equity", "AsKd", "Ax, 40%(KK"], "unmatched '('"),
        (["breakdown", "QQ+", "--board", "Qh Jh"], "3, 4 or 5 cards"),
        (["breakdown", "QQ+", "-b", "Qh Jh 3c", "--svg", "/no/such/dir/x.svg"], "does not exist"),
        (["breakdown", "120%", "-b", "Qh Jh 3c", "--game", "omaha"], "at most 100%"),
        (["breakdown", "QQ+x", "-b", "Qh Jh 3c"], "not a class"),
        (["eval", "AsKd", "--board", "Qh", "Jh", "Th"], "quote a board"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(args, capsys)
    assert code == 2
    assert err.startswith("error:") and err.count("\n") == 1 and message in err


def test_breakdown_json_and_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "b.svg"
    args = ["breakdown", "QQ+, AK", "-b", "Qh Jh 3c", "--dead", "As", "--json", "--svg", str(svg)]
    code, out, _ = _run(args, capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc == breakdown("QQ+, AK", "Qh Jh 3c", dead="As").to_json()
    assert list(doc["made"]) == list(MADE) and list(doc["draws"]) == list(DRAWS)
    assert svg.read_text("utf-8").startswith("<svg")


def test_breakdown_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["breakdown", "QQ+, AK", "--board", "Qh Jh 3c"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Board Qh Jh 3c: 31 combos"
    assert lines[1] == "made hands" and lines[2].split() == ["set", "9.68%", "3"]


def test_eval_of_a_starting_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["eval", "AsKd"], capsys)
    assert code == 0
    assert out.splitlines()[1:] == [
        "AKo: 12 combos · equity against one random hand 65.32%",
        "PokerStove order: 9 of 169 classes, top 4.2% of hands",
        "equity order: 12 of 169 classes, top 5.4% of hands",
    ]
    code, out, _ = _run(["eval", "As", "Ad", "--json"], capsys)
    doc = json.loads(out)
    assert doc["class"] == "AA" and doc["orders"]["pokerstove"]["place"] == 1
    code, out, _ = _run(["eval", "7d2c", "--lang", "es"], capsys)
    assert "orden de PokerStove: 168 de 169 clases" in out
    # With a board, or in another game, eval evaluates the hand as before.
    code, out, _ = _run(["eval", "AsKd", "-b", "Qh Jh Th"], capsys)
    assert code == 0 and "Straight" in out
