"""``showdown equity``: the JSON contract, human output, progress bar and bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from showdown.commands.main import main
from showdown.odds.equity import equity


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["equity", *argv])
    except SystemExit as exc:  # argparse usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_json_exact(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "AcAd", "KhKs", "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert list(doc) == ["players", "method", "boards"]
    assert doc["method"] == "exact" and doc["boards"] == 1_712_304
    assert [p["hand"] for p in doc["players"]] == ["AcAd", "KhKs"]
    for p in doc["players"]:
        assert list(p) == ["hand", "equity", "win", "tie"]
        assert all(0 <= p[k] <= 1 for k in ("equity", "win", "tie"))
    assert round(doc["players"][0]["win"] * doc["boards"]) == 1_388_072
    assert round(doc["players"][1]["win"] * doc["boards"]) == 317_694
    assert round(doc["players"][0]["tie"] * doc["boards"]) == 6_538


def test_json_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["AK, QQ+", "JJ-99", "--board", "Qh 7c 2d", "--dead", "3s"]
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0
    assert json.loads(out) == equity(["AK, QQ+", "JJ-99"], board="Qh 7c 2d", dead="3s").to_json()


def test_json_monte_carlo_and_seed(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["AK", "22+", "random", "--trials", "20000", "--seed", "9", "--json"]
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert list(doc) == ["players", "method", "trials", "stderr"]
    assert doc["method"] == "monte-carlo" and doc["trials"] == 20_000
    assert len(doc["stderr"]) == 3 and all(0 < s < 0.01 for s in doc["stderr"])
    assert sum(p["equity"] for p in doc["players"]) == pytest.approx(1.0)
    assert run(capsys, *argv)[1] == out


def test_exact_flag_and_omaha(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "AcKd", "QQ", "--board", "Qh 7c 2d 9s", "--exact", "--json")
    assert code == 0 and json.loads(out)["method"] == "exact"
    code, out, _ = run(
        capsys, "Ac Ad Kc Kd", "Ah Qh Jh Th", "--board", "2h 7h 9c", "--game", "omaha", "--json"
    )
    doc = json.loads(out)
    assert code == 0 and doc["method"] == "exact" and doc["boards"] == 820
    assert [p["hand"] for p in doc["players"]] == ["AcAdKcKd", "AhQhJhTh"]


def test_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "AcAd", "KhKs")
    assert code == 0 and err == ""  # under a second: no progress bar
    lines = out.splitlines()
    assert lines[0].startswith("AcAd") and "81.26%" in lines[0]
    assert lines[1].startswith("KhKs") and "18.74%" in lines[1]
    assert lines[2] == "exact over 1,712,304 showdowns"
    code, out, _ = run(capsys, "AcAd", "KK", "--trials", "1000", "--seed", "1")
    assert "Monte Carlo, 1,000 trials" in out and "±" in out


def test_progress_bar_only_when_asked_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "AKs", "QQ", "--json", "--progress")
    assert code == 0 and json.loads(out)["boards"] == 41_095_296
    assert "100.0%" in err and err.endswith("\n") and "error" not in err
    code, out, err = run(capsys, "AKs", "QQ", "--json")
    assert code == 0 and err == ""


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["AcAd", "QQ+,AKz"], "'AKz'"),
        (["AcAd", "AcKs"], "Ac"),
        (["AcAd", "KK", "--board", "2c"], "0, 3, 4 or 5"),
        (["AcAd", "KK", "--board", "2c 3c"], "0, 3, 4 or 5"),
        (["AcAd"], "two players"),
        (["AcAd", "AcAs,AdAh"], "no combo left"),
        (["AcAd", "KK", "--board", "Ac 2c 3c"], "Ac"),
        (["AcAd", "KK", "--trials", "0"], "--trials must be from 1"),
        (["AcAd", "KK", "--exact", "--trials", "10"], "not allowed"),
        (["AcAd", "KK", "--game", "razz"], "razz"),
        (["AcAd", "KK", "--trials", "many"], "many"),
        (["AcAdKc", "KK", "--game", "omaha"], "4 to 6"),
    ],
)
def test_bad_input_is_one_error_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), err
    assert needle in lines[0]


def test_real_process() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "showdown", "equity", "AcAd", "KhKs", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["boards"] == 1_712_304
    bad = subprocess.run(
        [sys.executable, "-m", "showdown", "equity", "AcAd", "AcKd"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith("error:") and len(bad.stderr.splitlines()) == 1


@pytest.mark.parametrize(
    ("lang", "words", "method"),
    [
        (
            "es",
            ("equidad", "gana", "empata"),
            "Cálculo exacto sobre los 1.712.304 showdowns posibles",
        ),
        ("ru", ("эквити", "выигрыш", "ничья"), "Точный расчёт по 1 712 304 шоудаунам"),
    ],
)
def test_human_output_follows_lang(
    capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...], method: str
) -> None:
    code, out, err = run(capsys, "AcAd", "KhKs", "--lang", lang)
    assert code == 0 and err == ""
    lines = out.splitlines()
    r = equity(["AcAd", "KhKs"])
    for k, hand in enumerate(("AcAd", "KhKs")):
        figs = [f"{100 * x:.2f}%".replace(".", ",") for x in (r.equity[k], r.win[k], r.tie[k])]
        assert lines[k].split() == [hand, words[0], figs[0], words[1], figs[1], words[2], figs[2]]
    assert "81,26%" in lines[0]
    assert lines[2] == method
    code, out, _ = run(capsys, "AcAd", "KK", "--trials", "1000", "--seed", "1", "--lang", lang)
    assert code == 0 and ("Montecarlo: 1.000 simulaciones" in out or "1 000 симуляций" in out)
    assert "± " in out and "trials" not in out


def test_json_does_not_depend_on_lang(capsys: pytest.CaptureFixture[str]) -> None:
    docs = []
    for lang in ("en", "es", "ru"):
        code, out, _ = run(
            capsys, "AcAd", "QQ+", "--trials", "2000", "--seed", "3", "--json", "--lang", lang
        )
        assert code == 0
        docs.append(out)
    assert docs[0] == docs[1] == docs[2]
    assert list(json.loads(docs[0])) == ["players", "method", "trials", "stderr"]


def test_progress_bar_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "AcAd", "KhKs", "--progress", "--lang", "ru")
    assert code == 0 and "эквити" in out
    last = err.split("\r")[-1]
    assert last.startswith(f"Расчёт эквити [{'#' * 30}] 100,0%  ") and last.endswith("\n")
    assert " M шоудаунов/с" in last  # the rate, in the language too
    code, out, err = run(capsys, "AcAd", "KhKs", "--progress", "--lang", "es", "--json")
    assert code == 0 and json.loads(out)["method"] == "exact"
    assert err.split("\r")[-1].startswith(f"Calculando equidad [{'#' * 30}] 100,0%  ")


def test_an_empty_player_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "QQ+", "  "]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: player 2 has no hand or range")
    assert err.count("\n") == 1
