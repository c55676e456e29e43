"""The ``showdown`` command line: eval, compare and demo, through ``cli.main`` and the real script.

Errors must be exit status 2 with exactly one ``error:`` line on stderr and no
traceback; piped output must be plain text; ``--json`` must follow the contracts
of issue 2 item 8.
"""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown import Card, evaluate
from showdown.cli import main

SCRIPT = Path(sys.executable).with_name("showdown")
EVAL_KEYS = {"category", "rank", "best_five", "description"}
COMPARE_KEYS = {"winners", "tie", "hands", "explanation"}
LANGS = ("en", "es", "ru")


def run_main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run ``cli.main`` in-process; argparse usage errors exit through SystemExit."""
    try:
        code = main(argv)
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def assert_error(code: int, out: str, err: str, *needles: str) -> None:
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    assert "Traceback" not in err
    for needle in needles:
        assert needle in lines[0]


def run_script(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
        check=False,
    )


def run_in_terminal(*args: str, no_color: bool = False) -> str:
    """Run the real script with its stdout on a pseudo-terminal; return what it printed."""
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    if no_color:
        env["NO_COLOR"] = "1"
    leader, follower = pty.openpty()
    with subprocess.Popen(
        [str(SCRIPT), *args], stdout=follower, stderr=subprocess.PIPE, env=env
    ) as proc:
        os.close(follower)
        chunks = []
        while True:
            ready, _, _ = select.select([leader], [], [], 30)
            if not ready:
                break
            try:
                data = os.read(leader, 65536)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        proc.wait(timeout=30)
        assert proc.returncode == 0
    os.close(leader)
    return b"".join(chunks).decode().replace("\r\n", "\n")


# ---------------------------------------------------------------- eval


@pytest.mark.parametrize(
    ("argv", "cards", "board", "game", "wrap"),
    [
        (["As", "Kd", "--board", "Qh Jc Ts 2c 3d"], "As Kd", "Qh Jc Ts 2c 3d", "holdem", False),
        (["AdKh", "-b", "A♣ 9♦ 7♥ 4♠ 2♣"], "Ad Kh", "Ac 9d 7h 4s 2c", "holdem", False),
        (["Kh Kd 4s 4c Ac", "--game", "five-card"], "Kh Kd 4s 4c Ac", "", "five-card", False),
        (
            ["Ah 2c 3d 4s", "-b", "Kh Qh Jh", "-g", "omaha"],
            "Ah 2c 3d 4s",
            "Kh Qh Jh",
            "omaha",
            False,
        ),
        (
            ["Qh Kd Ac 2s 3h", "--game", "five-card", "--wrap"],
            "Qh Kd Ac 2s 3h",
            "",
            "five-card",
            True,
        ),
        (["5c", "4d", "3h", "2s", "As", "Ks"], "5c 4d 3h 2s As Ks", "", "holdem", False),
    ],
)
@pytest.mark.parametrize("lang", LANGS)
def test_eval_json_contract(
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    cards: str,
    board: str,
    game: str,
    wrap: bool,
    lang: str,
) -> None:
    code, out, err = run_main(["eval", *argv, "--json", "--lang", lang], capsys)
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert set(document) == EVAL_KEYS
    value = evaluate(cards, board or None, game=game, wrap=wrap)
    assert document == value.to_json(lang)
    assert document["category"] == value.category.json_name
    assert document["rank"] == value.rank
    assert document["best_five"] == [str(c) for c in value.best_five]
    assert document["description"] == value.describe(lang)


def test_eval_json_values_for_documented_hands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_main(["eval", "Kh Kd 4s 4c Ac", "--game", "five-card", "--json"], capsys)
    assert code == 0
    assert json.loads(out) == {
        "category": "two_pair",
        "rank": 2688,
        "best_five": ["Kh", "Kd", "4s", "4c", "Ac"],
        "description": "Two pair, kings and fours",
    }
    code, out, _ = run_main(["eval", "2d 2h", "--board", "Ac Kd Qh Js Tc", "--json"], capsys)
    document = json.loads(out)
    assert document["category"] == "straight"
    assert sorted(document["best_five"]) == sorted(["Ac", "Kd", "Qh", "Js", "Tc"])
    code, out, _ = run_main(["eval", "Qh Kd Ac 2s 3h", "-g", "five-card", "--json"], capsys)
    assert json.loads(out)["category"] == "high_card"  # no wrap-around by default (R3)
    code, out, _ = run_main(
        ["eval", "Qh Kd Ac 2s 3h", "-g", "five-card", "--wrap", "--json"], capsys
    )
    assert json.loads(out)["category"] == "straight"  # the house rule (R10)


def test_eval_human_output_is_plain_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["eval", "Ad Kh", "--board", "Ac 9d 7h 4s 2c"], capsys)
    assert (code, err) == (0, "")
    assert "\033[" not in out
    assert "♦" not in out and "♥" not in out
    lines = out.splitlines()
    assert lines[0].split() == ["Hand:", "Ad", "Kh"]
    assert lines[1].split() == ["Board:", "Ac", "9d", "7h", "4s", "2c"]
    assert lines[2].split() == ["Best", "five:", "Ad", "Ac", "Kh", "9d", "7h"]
    assert "Pair of aces" in lines
    assert "rank 3354 of 7462" in out


@pytest.mark.parametrize("lang", LANGS)
def test_eval_human_output_in_each_language(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    code, out, _ = run_main(
        ["eval", "Ah 2c 3d 4s", "-b", "Kh Qh Jh", "-g", "omaha", "--wrap", "--lang", lang], capsys
    )
    assert code == 0
    value = evaluate("Ah 2c 3d 4s", "Kh Qh Jh", game="omaha", wrap=True)
    assert value.describe(lang) in out.splitlines()
    words = {"en": "Omaha", "es": "Omaha", "ru": "омаха"}[lang]
    assert words in out
    wrap_words = {"en": "wraps", "es": "da la vuelta", "ru": "заворачивает"}[lang]
    assert wrap_words in out


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["eval", "As Xd Kc Qc Jc"], ("unknown card", "Xd", "position 2")),
        (["eval", "As Kd", "--board", "Qh Jc 1x"], ("board", "1x")),
        (["eval", "As As Kc Qc Jc"], ("duplicate card As",)),
        (["eval", "As Kd", "--board", "As Qh Jc"], ("duplicate card As", "hand", "board")),
        (["eval", "As Kd"], ("Hold'em", "5 to 7")),
        (["eval", "As Kd 2c 3c 4c 5c 6c 7c"], ("Hold'em",)),
        (["eval", "As Kd", "--board", "2c 3c 4c 5c 6c 7c"], ("board at most 5",)),
        (["eval", "As Kd Qc", "--board", "2c 3c 4c", "--game", "omaha"], ("Omaha", "4 to 6")),
        (["eval", "As Kd Qc Jc", "--board", "2c 3c", "--game", "omaha"], ("Omaha", "3 to 5")),
        (["eval", "As Kd Qc Jc Tc", "--board", "2c", "--game", "five-card"], ("no board",)),
        (["eval", "As Kd Qc Jc", "--game", "five-card"], ("exactly 5",)),
        (["eval", "As Kd", "--game", "stud"], ("invalid choice", "stud")),
        (["eval", "As Kd Qc Jc Tc", "--lang", "fr"], ("invalid choice", "fr")),
        (["eval"], ("required", "CARDS")),
        (["eval", "As Kd Qc Jc Tc", "--colour"], ("unrecognized", "--colour")),
        (["nonsense"], ("invalid choice", "nonsense")),
        ([], ("required",)),
    ],
)
def test_eval_errors_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needles: tuple[str, ...]
) -> None:
    assert_error(*run_main(argv, capsys), *needles)


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(52)), st.integers(0, 4), st.integers(0, 6))
def test_eval_dealt_from_one_deck(deck: list[int], board_size: int, pick: int) -> None:
    """A card shared by hand and board is always the duplicate error, naming that card."""
    from showdown.commands.common import CliError
    from showdown.commands.eval_cmd import read_dealt

    hole = [Card.from_id(i) for i in deck[:2]]
    board = [Card.from_id(i) for i in deck[2 : 2 + board_size]]
    shared = hole[pick % 2]
    board.insert(pick % (board_size + 1), shared)
    text = " ".join(map(str, board))
    with pytest.raises(CliError, match=f"duplicate card {shared}: in the hand and on the board"):
        read_dealt([" ".join(map(str, hole))], text)


# ---------------------------------------------------------------- the installed script


def test_script_eval_json_and_exit_status() -> None:
    done = run_script("eval", "As Ks", "--board", "Qs Js Ts 2c 3d", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout) == evaluate("As Ks", "Qs Js Ts 2c 3d").to_json()
    assert json.loads(done.stdout)["rank"] == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["eval", "As Zz"],
        ["eval", "As Kd", "--board", "Kd 2c 3c"],
        ["eval", "As Kd"],
        ["eval", "--game", "nope", "As Kd"],
        ["eval"],
        ["frobnicate"],
        [],
    ],
)
def test_script_errors_are_one_line_without_traceback(argv: list[str]) -> None:
    done = run_script(*argv)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert done.stderr.startswith("error: ")
    assert "Traceback" not in done.stderr


def test_script_help_lists_the_commands() -> None:
    done = run_script("--help")
    assert done.returncode == 0
    for command in ("eval",):
        assert command in done.stdout


def test_script_piped_output_is_plain() -> None:
    done = run_script("eval", "Ah Kh", "--board", "Qh Jh Th")
    assert done.returncode == 0
    assert "\033[" not in done.stdout
    assert "♥" not in done.stdout
    assert "Royal flush" in done.stdout
    assert "Ah Kh Qh Jh Th" in done.stdout


def test_script_on_a_terminal_uses_colour_and_symbols() -> None:
    out = run_in_terminal("eval", "Ah Ks", "--board", "Qh Jc Td")
    assert "\033[31mA♥\033[0m" in out  # red hearts
    assert "K♠" in out and "\033[31mK♠" not in out  # black spades
    assert "\033[1m" in out  # the hand's name in bold
    plain = run_in_terminal("eval", "Ah Ks", "--board", "Qh Jc Td", no_color=True)
    assert "\033[" not in plain  # NO_COLOR: no colour, symbols still shown
    assert "A♥ K♠" in plain
