"""``showdown resolve FILE``: JSON in and out, human tables in three languages, bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from showdown.commands.main import main

TABLE: dict[str, Any] = {
    "game": "holdem",
    "button": 3,
    "board": "Ac 9d 7h 4s 2c",
    "last_aggressor": 2,
    "players": [
        {"seat": 1, "name": "Ana", "hole": "Ad Kh", "contributed": 200, "folded": False},
        {"seat": 2, "name": "Bo", "hole": "Ah Qd", "contributed": 700, "folded": False},
        {"seat": 3, "name": "Cy", "hole": "Tc Th", "contributed": 500, "folded": False},
        {"seat": 5, "name": "Dee", "hole": None, "contributed": 50, "folded": True},
    ],
}


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["resolve", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "table.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, write(tmp_path, TABLE), "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    # Bo's 700 is 200 above Cy's 500: returned. Main 3 x 200 + Dee's dead 50 = 650
    # for Ana, Bo, Cy (Ana's king kicker wins); side 2 x 300 = 600 for Bo and Cy
    # (Bo's aces beat Cy's tens).
    assert doc["returned"] == {"2": 200}
    assert doc["pots"] == [
        {"amount": 650, "eligible": [1, 2, 3], "winners": [1], "shares": {"1": 650}},
        {"amount": 600, "eligible": [2, 3], "winners": [2], "shares": {"2": 600}},
    ]
    assert doc["payouts"] == {"1": 650, "2": 600}
    assert doc["showdown_order"] == [2, 3, 1]
    assert list(doc["hands"]) == ["2", "3", "1"]
    assert doc["hands"]["1"]["best_five"] == ["Ad", "Ac", "Kh", "9d", "7h"]
    assert doc["explanation"].splitlines()[0].startswith("Main pot (650 chips): Ana wins")


def test_stdin_and_languages(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]):
    for lang, words in (
        ("en", ("Main pot", "Side pot 1", "Showdown order: Bo, Cy, Ana", "Returned: Bo 200")),
        ("es", ("Bote principal", "Bote secundario 1", "Orden para enseñar: Bo, Cy, Ana")),
        ("ru", ("Основной банк", "Побочный банк 1", "Порядок вскрытия: Bo, Cy, Ana")),
    ):
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(TABLE)))
        code, out, err = run_cli(capsys, "-", "--lang", lang)
        assert code == 0 and err == ""
        for word in words:
            assert word in out
        monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(TABLE)))
        code, out, _ = run_cli(capsys, "-", "--json", "--lang", lang)
        assert code == 0
        assert json.loads(out)["hands"]["1"]["description"] in out


def test_human_table_rows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_cli(capsys, write(tmp_path, TABLE))
    lines = out.splitlines()
    assert lines[0].split() == ["Pot", "Chips", "Eligible", "Winners", "Winning", "hand"]
    assert lines[1].split() == [
        "Main",
        "pot",
        "650",
        "Ana,",
        "Bo,",
        "Cy",
        "Ana",
        "Pair",
        "of",
        "aces",
    ]
    assert lines[2].split() == ["Side", "pot", "1", "600", "Bo,", "Cy", "Bo", "Pair", "of", "aces"]
    assert "Payouts: Ana 650, Bo 600" in lines


def test_folds_to_one_player_in_human_form(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    data = {
        "button": 1,
        "board": "",
        "players": [
            {"seat": 1, "name": "Ana", "contributed": 5, "folded": True},
            {"seat": 2, "name": "Bo", "contributed": 10},
        ],
    }
    code, out, _ = run_cli(capsys, write(tmp_path, data))
    assert code == 0
    # Bo's 10 is 5 above Ana's: 5 back; the pot is 5 + 5 = 10, Bo's without showing.
    assert "Showdown order: none (the hand ended by folds)" in out
    assert "Main pot (10 chips): everyone else folded, so Bo takes it without showing." in out
    assert "5 chips returned to Bo" in out
    for lang, line in (
        ("es", "Orden para enseñar: nadie (la mano terminó porque los demás se retiraron)"),
        ("ru", "Порядок вскрытия: нет (остальные сбросили карты)"),
    ):
        code, out, _ = run_cli(capsys, write(tmp_path, data), "--lang", lang)
        assert code == 0 and line in out.splitlines()


def changed(**changes: Any) -> str:
    """TABLE as JSON text with some top-level keys changed."""
    return json.dumps({**TABLE, **changes})


def first_player(**changes: Any) -> str:
    """TABLE as JSON text with the first player's keys changed."""
    return changed(players=[{**TABLE["players"][0], **changes}, *TABLE["players"][1:]])


BAD = [
    ("{not json", "not JSON"),
    (changed(board="Ac 9d 7h 4s Ad"), "card Ad appears twice"),
    (changed(board="Ac 9d 7h 4s"), "board needs 5 cards"),
    (first_player(hole="Ad"), "seat 1 has 1 hole cards, needs 2"),
    (first_player(contributed=-1), "must not be negative"),
    (first_player(contributed=1.5), "must be an integer"),
    (changed(players=[*TABLE["players"], {**TABLE["players"][0], "hole": None}]), "listed twice"),
    (changed(button=-4), "the button -4 is negative"),
    (changed(last_aggressor=9), "the last aggressor 9 is not one of the seats"),
    (changed(last_aggressor=5), "the last aggressor, seat 5, folded"),
    (changed(players=TABLE["players"][:1]), "at least two players"),
    (first_player(hole=None), "seat 1 is live but has no hole cards"),
    ("[]", "the table must be a JSON object"),
]


@pytest.mark.parametrize(("text", "message"), BAD)
def test_bad_input_is_one_error_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    code, out, err = run_cli(capsys, write(tmp_path, text), "--json")
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") and err.count("\n") == 1
    assert message in err


def test_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run_cli(capsys, str(tmp_path / "nope.json"))
    assert code == 2 and out == "" and err.startswith("error: cannot read")


def test_console_script_end_to_end() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "showdown", "resolve", "-", "--json"],
        input=json.dumps(TABLE),
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["payouts"] == {"1": 650, "2": 600}
    bad = subprocess.run(
        [sys.executable, "-m", "showdown", "resolve", "-"],
        input="nope",
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and bad.stderr.startswith("error: not JSON")
    assert "Traceback" not in bad.stderr
