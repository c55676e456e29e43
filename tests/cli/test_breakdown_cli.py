"""``showdown breakdown`` with ``--against``, ``--select`` and ``--all-flops`` (issue 35):
the output is the library's, and bad combinations of flags exit 2 with one line."""

from __future__ import annotations

import json

import pytest

from showdown.commands.main import main
from showdown.odds.ranges import parse_range
from showdown.odds.ranges.breakdown import breakdown
from showdown.odds.ranges.class_select import select
from showdown.odds.ranges.flop_analysis import flop_analysis


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_against_removes_the_other_players_cards(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["breakdown", "20%", "-b", "Qh Jh 3c", "--against", "AhKh", "--json"]
    code, out, _ = _run(args, capsys)
    assert code == 0
    doc = json.loads(out)
    assert doc == breakdown("20%", "Qh Jh 3c", against=["AhKh"]).to_json()
    assert doc["combos"] == 187 and doc["draw_combos"]["nut flush draw"] == 0
    code, out, _ = _run(["breakdown", "20%", "-b", "Qh Jh 3c", "--against", "AhKh"], capsys)
    lines = out.splitlines()
    assert lines[0] == "Board Qh Jh 3c: 187 combos"
    assert lines[2].split() == ["set", "3.21%", "6"]


def test_two_players_against(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["breakdown", "QQ+, AK", "-b", "Kh 9h 4c", "--against", "AsAd", "--against", "KK"]
    code, out, _ = _run([*args, "--json"], capsys)
    assert code == 0
    want = breakdown("QQ+, AK", "Kh 9h 4c", against=["AsAd", "KK"]).to_json()
    assert json.loads(out) == want


def test_select_prints_the_canonical_sub_range(capsys: pytest.CaptureFixture[str]) -> None:
    classes = "top pair, top kicker, flush_draws, set"
    args = ["breakdown", "20%", "-b", "Qh Jh 3c", "--against", "AhKh", "--select", classes]
    code, out, _ = _run(args, capsys)
    assert code == 0
    text = out.strip()
    want = select("20%", "Qh Jh 3c", classes, against=["AhKh"])
    assert parse_range(text) == want and text == want.canonical()
    assert parse_range(text).weight("Th9h") == 1.0 and "QhQd" not in parse_range(text)
    assert parse_range(text).weight("AsQs") == 1.0 and parse_range(text).weight("TsTd") == 0
    code, out, _ = _run([*args, "--json"], capsys)
    assert json.loads(out) == {"text": text, "combos": len(want)}


def test_a_selection_holding_nothing_prints_an_empty_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(["breakdown", "AA", "-b", "Qh Jh 3c", "--select", "straight"], capsys)
    assert code == 0 and out == "\n"


def test_all_flops(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["breakdown", "20%", "--all-flops", "--json"], capsys)
    assert code == 0
    assert json.loads(out) == flop_analysis("20%").to_json()
    code, out, _ = _run(["breakdown", "AhKh", "--all-flops", "--dead", "2c"], capsys)
    lines = out.splitlines()
    assert lines[0] == "All 20,825 flops: 1 combo"  # the flops of 51 live cards
    assert "made hands" in lines and "draws" in lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["breakdown", "QQ+"], "give the board"),
        (["breakdown", "QQ+", "--all-flops", "-b", "Qh Jh 3c"], "takes no --board"),
        (["breakdown", "QQ+", "--all-flops", "--against", "AA"], "takes no --against"),
        (["breakdown", "AAxx", "--all-flops", "--game", "omaha"], "holdem only"),
        (["breakdown", "QQ+", "-b", "Qh Jh 3c", "--select", "toppair"], "unknown class"),
        (["breakdown", "QQ+", "-b", "Qh Jh 3c", "--against", "QhQd"], "no combo left"),
        (["breakdown", "AAxx", "-b", "Qh Jh 3c", "-g", "omaha", "--select", "set"], "holdem"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(args, capsys)
    assert code == 2
    assert err.startswith("error:") and err.count("\n") == 1 and message in err, err
