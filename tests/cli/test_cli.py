"""The ``showdown`` command line: eval, compare and demo, through ``cli.main`` and the real script.

Errors must be exit status 2 with exactly one ``error:`` line on stderr and no
traceback; piped output must be plain text; ``--json`` must follow the contracts
of issue 2 item 8.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pty
import re
import select
import shlex
import shutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import showdown
from showdown import Card, evaluate
from showdown.commands.main import main

SCRIPT = Path(sys.executable).with_name("showdown")
if not SCRIPT.exists():  # tests run by an interpreter outside the project's virtualenv
    SCRIPT = Path(shutil.which("showdown") or "showdown")
VALUE_KEYS = {"category", "rank", "best_five", "description"}
#: eval and compare repeat their input (issue 13): the game, the rule and the cards.
EVAL_KEYS = VALUE_KEYS | {"game", "wrap", "cards", "board"}
COMPARE_KEYS = {"winners", "tie", "hands", "explanation", "game", "wrap", "board"}
COMPARE_HAND_KEYS = VALUE_KEYS | {"hand", "cards"}
LANGS = ("en", "es", "ru")


def demo_words(lang: str) -> Mapping[str, str]:
    """The tour's headings in ``lang`` (they live in the phrasebooks)."""
    from showdown.i18n import words

    return words("demo", lang)


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
    assert {k: document[k] for k in VALUE_KEYS} == value.to_json(lang)
    assert (document["game"], document["wrap"]) == (game, wrap)
    assert document["cards"] == [str(c) for c in showdown.parse_cards(cards)]
    assert document["board"] == [str(c) for c in showdown.parse_cards(board)]
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
        "game": "five-card",
        "wrap": False,
        "cards": ["Kh", "Kd", "4s", "4c", "Ac"],
        "board": [],
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
    lines = out.splitlines()
    # The rule lines open the output and start with a capital, like sentences.
    game_line = {"en": "Omaha: ", "es": "Omaha: ", "ru": "Омаха: "}[lang]
    wrap_line = {"en": "House rule: ", "es": "Regla de la casa: ", "ru": "Домашнее правило: "}
    assert lines[0].startswith(wrap_line[lang]) and lines[1].startswith(game_line)
    wrap_words = {"en": "wraps around", "es": "da la vuelta", "ru": "заворачивает по кругу"}
    assert wrap_words[lang] in lines[0]


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["eval", "As Xd Kc Qc Jc"], ("unknown card", "Xd", "position 2")),
        (["eval", "As Kd Qh"], ("got 3 + 0", "--board")),
        (["eval", "As Kd Qh Jc", "-g", "omaha"], ("Omaha", "--board")),
        (["eval", "As Kd", "--board", "Qh Jc 1x"], ("board", "1x")),
        (["eval", "As As Kc Qc Jc"], ("duplicate card As",)),
        (["eval", "As Kd", "--board", "As Qh Jc"], ("duplicate card As", "hand", "board")),
        (["eval", "As Kd Qh"], ("Hold'em", "2 more cards are missing")),
        (["eval", "As Kd 2c 3c 4c 5c 6c 7c"], ("Hold'em",)),
        (["eval", "As Kd", "--board", "2c 3c 4c 5c 6c 7c"], ("board has at most 5 cards",)),
        (["eval", "As Kd Qc", "--board", "2c 3c 4c", "--game", "omaha"], ("Omaha", "4 to 6")),
        (["eval", "As Kd Qc Jc", "--board", "2c 3c", "--game", "omaha"], ("Omaha", "3 to 5")),
        (["eval", "As Kd Qc Jc Tc", "--board", "2c", "--game", "five-card"], ("no board",)),
        (["eval", "As Kd Qc Jc", "--game", "five-card"], ("exactly 5",)),
        (["eval", "As Kd", "--game", "pineapple"], ("invalid choice", "pineapple")),
        (["eval", "As Kd Qc Jc Tc", "--lang", "fr"], ("invalid choice", "fr")),
        (["eval"], ("required", "CARDS")),
        (["eval", "As Kd Qc Jc Tc", "--colour"], ("unrecognized", "--colour")),
        (["nonsense"], ("invalid choice", "nonsense")),
        (["eval", "As Kd Qc Jc Tc", "--board"], ("--board", "expected one argument")),
        (["demo", "extra"], ("unrecognized arguments", "extra")),
        (["demo", "--lang", "xx"], ("invalid choice", "xx")),
        (["compare", "AsKd", "QsQd", "-b", "2c 3c 4c", "--game", "pineapple"], ("invalid choice",)),
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


# ---------------------------------------------------------------- compare

COMPARE_CASES = [
    (["Ad Kh", "Ah Qd"], "Ac 9d 7h 4s 2c", "holdem"),  # seed 004: the kicker decides
    (["2d 2h", "9c 9d"], "Ac Kd Qh Js Tc", "holdem"),  # the board plays: a split
    (["As Kd", "Qc Jc", "7h 2d"], "Ts 9s 8s 3c 3d", "holdem"),  # three hands
    (["Kh Kd 4s 4c Ac", "Qs Qh Jd Jc Ks"], "", "five-card"),  # R2's first example
    (["As Ah Kc Qd Js", "Ac Ad Kh Qs Jd"], "", "five-card"),  # exact tie, suits differ
    (["Ah 2c 3d 4s", "9h 8c 7d 6s"], "Kh Qh Jh 5h Th", "omaha"),  # exactly two hole cards
    (["AhKh", "AcKc", "AdKd", "2s 3s"], "Qs Js Ts 9s 4h", "holdem"),  # a straight flush
]


def best_indices(hands: list[str], board: str, game: str) -> list[int]:
    values = [evaluate(h, board or None, game=game) for h in hands]
    return [i for i, v in enumerate(values) if v == max(values)]


@pytest.mark.parametrize(("hands", "board", "game"), COMPARE_CASES)
@pytest.mark.parametrize("lang", LANGS)
def test_compare_json_contract(
    capsys: pytest.CaptureFixture[str], hands: list[str], board: str, game: str, lang: str
) -> None:
    argv = ["compare", *hands, "--game", game, "--json", "--lang", lang]
    if board:
        argv += ["--board", board]
    code, out, err = run_main(argv, capsys)
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert set(document) == COMPARE_KEYS
    winners = best_indices(hands, board, game)
    assert document["winners"] == winners
    assert document["tie"] is (len(winners) > 1)
    assert [{k: h[k] for k in VALUE_KEYS} for h in document["hands"]] == [
        evaluate(h, board or None, game=game).to_json(lang) for h in hands
    ]
    for number, (hand, cards) in enumerate(zip(document["hands"], hands, strict=True), start=1):
        assert set(hand) == COMPARE_HAND_KEYS
        assert hand["hand"] == number  # 1-based, as the text's "Hand 1"
        assert hand["cards"] == [str(c) for c in showdown.parse_cards(cards)]
    assert document["game"] == game and document["wrap"] is False
    assert document["board"] == [str(c) for c in showdown.parse_cards(board)]
    expected = showdown.compare(hands, board=board or None, game=game, lang=lang)
    assert document["explanation"] == expected.explanation != ""


def test_compare_json_of_the_documented_examples(capsys: pytest.CaptureFixture[str]) -> None:
    def document(*argv: str) -> dict[str, object]:
        code, out, err = run_main(["compare", *argv, "--json"], capsys)
        assert (code, err) == (0, "")
        return json.loads(out)

    seed = document("AdKh", "AhQd", "-b", "Ac 9d 7h 4s 2c")
    assert (seed["winners"], seed["tie"]) == ([0], False)
    assert "king against queen" in str(seed["explanation"])
    tie = document("As Ah Kc Qd Js", "Ac Ad Kh Qs Jd", "-g", "five-card")
    assert (tie["winners"], tie["tie"]) == ([0, 1], True)
    assert "suits never break ties" in str(tie["explanation"])
    wheel = document("Ah 2d 3c 4s 5h", "2c 3h 4d 5c 6s", "-g", "five-card")
    assert wheel["winners"] == [1]  # the wheel is the lowest straight
    assert wheel["hands"][0]["best_five"] == ["5h", "4s", "3c", "2d", "Ah"]  # type: ignore[index]


def test_compare_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_main(["compare", "AdKh", "AhQd", "-b", "Ac 9d 7h 4s 2c"], capsys)
    assert (code, err) == (0, "")
    assert "\033[" not in out
    lines = out.splitlines()
    assert lines[0].split() == ["Board:", "Ac", "9d", "7h", "4s", "2c"]
    assert lines[1].split()[:4] == ["Hand", "1:", "Ad", "Kh"]
    assert lines[1].endswith("wins")
    assert "Ad Ac Kh 9d 7h" in lines[1]
    assert lines[2].split()[:4] == ["Hand", "2:", "Ah", "Qd"]
    assert not lines[2].rstrip().endswith("wins")
    expected = showdown.compare(["Ad Kh", "Ah Qd"], board="Ac 9d 7h 4s 2c")
    assert lines[3] == expected.explanation
    assert len(lines) == 4


@pytest.mark.parametrize("lang", LANGS)
def test_compare_human_output_of_a_split_in_each_language(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    argv = ["compare", "2d 2h", "9c 9d", "7c 8c", "-b", "Ac Kd Qh Js Tc", "--lang", lang]
    code, out, _ = run_main(argv, capsys)
    assert code == 0
    split = {"en": "splits the pot", "es": "comparte el bote", "ru": "делит банк"}[lang]
    rows = [line for line in out.splitlines() if line.split()[1:2] in (["1:"], ["2:"], ["3:"])]
    assert len(rows) == 3
    assert all(row.endswith(split) for row in rows)  # the board plays for all three
    assert (
        showdown.compare(["2d 2h", "9c 9d", "7c 8c"], "Ac Kd Qh Js Tc", lang=lang).explanation
        in out
    )


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["compare", "As Kd"], ("at least two hands", "got 1")),
        (["compare"], ("required", "HAND")),
        (
            ["compare", "As Kd", "Ks As", "-b", "2c 3c 4c"],
            ("duplicate card As", "hand 1", "hand 2"),
        ),
        (["compare", "As Kd", "Qs Qd", "-b", "2c Qd 4c"], ("duplicate card Qd", "hand 2", "board")),
        (["compare", "As Kd", "Qs Qs", "-b", "2c 3d 4c"], ("hand 2", "duplicate card Qs")),
        (["compare", "As Kd", "Qs Xd", "-b", "2c 3d 4c"], ("hand 2", "unknown card", "Xd")),
        (["compare", "As Kd", "Qs Qd", "-b", "2c 3d 4z"], ("board", "4z")),
        (["compare", "As Kd", "Qs", "-b", "2c 3d 4c"], ("hand 2", "Hold'em")),
        (["compare", "As Kd", "Qs Qd"], ("hand 1", "Hold'em")),
        (["compare", "As Kd Qc Jc", "Qs Qd", "-b", "2c 3d 4c", "-g", "omaha"], ("hand 2", "Omaha")),
        (
            ["compare", "As Kd Qc Jc Tc", "2s 3s 4s 5s 7d", "-g", "five-card", "-b", "9h"],
            ("board",),
        ),
        (["compare", "As Kd Qc Jc Tc", "2s 3s 4s 5s", "-g", "five-card"], ("hand 2", "exactly 5")),
        (["compare", "As Kd", "Qs Qd", "-b", "2c 3d 4c", "--lang", "de"], ("invalid choice",)),
        # Cards of one hand given as separate arguments: say how to write a hand.
        (["compare", "As", "Kd", "Qh", "Qc", "-b", "2c 3c 4c"], ("hand 1", "quote it")),
        # An empty hand used to be accepted when the board alone made five cards.
        (["compare", "", "", "-b", "2c 3c 4c 5c 6c"], ("hand 1 has no cards",)),
        (["compare", "As Kd", " ", "-b", "2c 3c 4c 5c 6c"], ("hand 2 has no cards",)),
        (["compare", "As " * 5000, "Kd Qd"], ("duplicate card As", "15000 characters")),
    ],
)
def test_compare_errors_are_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needles: tuple[str, ...]
) -> None:
    assert_error(*run_main(argv, capsys), *needles)


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(52)), st.integers(2, 5), st.sampled_from([0, 3, 4, 5]))
def test_compare_finds_every_winner_of_random_deals(
    deck: list[int], players: int, board_size: int
) -> None:
    cards = [str(Card.from_id(i)) for i in deck]
    hole_size = 2 if board_size else 5
    hands = [" ".join(cards[i * hole_size : (i + 1) * hole_size]) for i in range(players)]
    board = " ".join(cards[players * hole_size : players * hole_size + board_size])
    game = "holdem" if board_size else "five-card"
    argv = ["compare", *hands, "--game", game, "--json"]
    if board:
        argv += ["--board", board]
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        assert main(argv) == 0
    document = json.loads(buffer.getvalue())
    assert document["winners"] == best_indices(hands, board, game)
    assert document["tie"] is (len(document["winners"]) > 1)


# ---------------------------------------------------------------- demo


@pytest.mark.parametrize("lang", LANGS)
def test_demo_json_each_step_is_reproduced_by_its_cli_and_api_call(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    from showdown.commands.demo_cmd import TOUR

    code, out, err = run_main(["demo", "--json", "--lang", lang], capsys)
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document["lang"] == lang
    assert document["title"] == demo_words(lang)["title"]
    assert [s["heading"] for s in document["sections"]] == [demo_words(lang)[s.key] for s in TOUR]
    steps = [step for section in document["sections"] for step in section["steps"]]
    assert len(steps) >= 10
    for step in steps:
        words = shlex.split(step["cli"])
        assert words[:2] == ["showdown", step["command"]]
        code, again, err = run_main([*words[1:], "--json"], capsys)
        assert (code, err) == (0, "")
        assert json.loads(again) == step["result"]
        value = eval(step["api"], {"showdown": showdown})  # the call shown to the reader
        if step["command"] == "compare":
            library = value.to_json(lang)
            assert {k: step["result"][k] for k in library if k != "hands"} == {
                k: v for k, v in library.items() if k != "hands"
            }
            # A hi-lo hand carries "high" and "low" values instead of one value's keys.
            hands = zip(step["result"]["hands"], library["hands"], strict=True)
            assert [{k: h[k] for k in mine} for h, mine in hands] == library["hands"]
            hi_lo = {"high", "low"} if step["game"] == "omaha-hi-lo" else set()
            assert set(step["result"]) == COMPARE_KEYS | hi_lo
        else:
            assert value == step["result"]["description"]
            assert set(step["result"]) == EVAL_KEYS


def test_demo_covers_the_documents_examples(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run_main(["demo", "--json"], capsys)
    sections = {s["heading"]: s["steps"] for s in json.loads(out)["sections"]}
    text = demo_words("en")
    two_pair = sections[text["two_pair"]][0]
    assert two_pair["hands"] == ["Kh Kd 4s 4c Ac", "Qs Qh Jd Jc Ks"]
    assert two_pair["result"]["winners"] == [0]
    assert sections[text["high_card"]][0]["result"]["winners"] == [0]
    assert sections[text["pair"]][0]["result"]["winners"] == [0]
    full_houses = sections[text["full_house"]]
    assert [s["result"]["winners"] for s in full_houses] == [[0], [0], [0]]
    assert full_houses[2]["board"] == "Kc Kd Ks 5h 2c"  # equal trips: the pair decides
    assert [h["category"] for h in full_houses[2]["result"]["hands"]] == ["full_house"] * 2
    assert sections[text["wheel"]][0]["result"]["winners"] == [1]
    plain, wrapped = sections[text["no_wrap"]]
    assert (plain["result"]["category"], wrapped["result"]["category"]) == ("high_card", "straight")
    assert wrapped["wrap"] is True and "--wrap" in wrapped["cli"]
    assert sections[text["suits"]][0]["result"]["tie"] is True
    board_plays = sections[text["board_plays"]][0]
    assert board_plays["board"] == "Ac Kd Qh Js Tc"
    assert board_plays["result"]["tie"] is True
    kicker = sections[text["kicker"]][0]
    assert (kicker["hands"], kicker["board"]) == (["Ad Kh", "Ah Qd"], "Ac 9d 7h 4s 2c")
    assert kicker["result"]["winners"] == [0]
    omaha = sections[text["omaha"]][0]
    assert omaha["game"] == "omaha"
    # Ah plus four hearts on the board: a royal flush in Hold'em, only ace high in Omaha.
    assert omaha["result"]["hands"][0]["category"] == "high_card"
    assert omaha["result"]["winners"] == [1]
    quartered, scoop = sections[text["omaha_hi_lo"]]
    assert quartered["game"] == scoop["game"] == "omaha-hi-lo"
    assert [h["low"] is not None for h in quartered["result"]["hands"]] == [True, True, False]
    assert quartered["result"]["winners"] == [0, 1, 2] and quartered["result"]["tie"] is True
    assert (quartered["result"]["high"], quartered["result"]["low"]) == (
        {"winners": [2]},
        {"winners": [0, 1]},
    )
    assert all(h["low"] is None for h in scoop["result"]["hands"])
    assert scoop["result"]["winners"] == [1] and scoop["result"]["tie"] is False
    assert (scoop["result"]["high"], scoop["result"]["low"]) == ({"winners": [1]}, None)


@pytest.mark.parametrize("lang", LANGS)
def test_demo_human_tour_in_each_language(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    from showdown.commands.demo_cmd import TOUR

    code, out, err = run_main(["demo", "--lang", lang], capsys)
    assert (code, err) == (0, "")
    assert "\033[" not in out
    assert out.startswith(demo_words(lang)["title"])
    for number, section in enumerate(TOUR, 1):
        assert f"{number}. {demo_words(lang)[section.key]}" in out
        for step in section.steps:
            assert f"$ {step.cli(lang)}" in out
            assert f">>> {step.api(lang)}" in out
            if step.command == "compare":
                result = showdown.compare(
                    list(step.hands), board=step.board or None, game=step.game, lang=lang
                )
                assert result.explanation in out
            else:
                assert evaluate(step.hands[0], game=step.game, wrap=step.wrap).describe(lang) in out
    lines = [re.sub(r"^\s*(\d+\.\s)?", "", line) for line in out.splitlines()]
    for section in TOUR:  # each heading once (the Omaha rule used to be repeated under it)
        assert lines.count(demo_words(lang)[section.key]) == 1
    others = [other for other in LANGS if other != lang]
    for other in others:  # the headings really are translated
        assert demo_words(other)["two_pair"] not in out


# ---------------------------------------------------------------- the installed script


def test_script_eval_json_and_exit_status() -> None:
    done = run_script("eval", "As Ks", "--board", "Qs Js Ts 2c 3d", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    document = json.loads(done.stdout)
    assert {k: document[k] for k in VALUE_KEYS} == evaluate("As Ks", "Qs Js Ts 2c 3d").to_json()
    assert document["rank"] == 1
    assert (document["game"], document["cards"], document["board"]) == (
        "holdem",
        ["As", "Ks"],
        ["Qs", "Js", "Ts", "2c", "3d"],
    )


@pytest.mark.parametrize(
    "argv",
    [
        ["eval", "As Zz"],
        ["eval", "As Kd", "--board", "Kd 2c 3c"],
        ["eval", "As Kd Qh"],
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


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    expected = f"showdown {showdown.__version__} ({showdown.BACKEND} backend)\n"
    assert capsys.readouterr().out == expected


def test_script_help_lists_the_commands() -> None:
    done = run_script("--help")
    assert done.returncode == 0
    for command in ("eval", "compare", "demo"):
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


def test_script_compare_and_demo() -> None:
    done = run_script("compare", "AdKh", "AhQd", "--board", "Ac 9d 7h 4s 2c", "--json")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["winners"] == [0]
    done = run_script("compare", "AdKh")
    assert done.returncode == 2
    assert done.stderr == "error: compare needs at least two hands, got 1\n"
    done = run_script("compare", "AdKh", "KhQd", "-b", "2c 3c 4c")
    assert done.returncode == 2
    assert done.stderr == "error: duplicate card Kh: in hand 1 and in hand 2\n"
    for lang in LANGS:
        done = run_script("demo", "--lang", lang)
        assert (done.returncode, done.stderr) == (0, "")
        assert "\033[" not in done.stdout
        done = run_script("demo", "--json", "--lang", lang)
        assert json.loads(done.stdout)["lang"] == lang


def test_script_compare_on_a_terminal_marks_the_winner_in_colour() -> None:
    out = run_in_terminal("compare", "AdKh", "AhQd", "--board", "Ac 9d 7h 4s 2c")
    assert "\033[32;1mwins\033[0m" in out
    assert "\033[31mA♦\033[0m" in out
    assert "A♣" in out


@pytest.mark.parametrize("command", ["eval", "compare", "stats", "equity", "demo"])
def test_help_examples_run(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    help_text = capsys.readouterr().out
    examples = help_text.split("examples:\n", 1)[1].split("\n\n")[0].splitlines()
    assert len(examples) >= 3
    examples = [line.split("|")[0] for line in examples]  # "showdown demo --json | ..."
    for line in examples:
        argv = shlex.split(line, comments=True)
        assert argv[0] == "showdown" and argv[1] == command
        code, out, err = run_main(argv[1:], capsys)
        assert (code, err) == (0, ""), line
        assert out


@pytest.mark.parametrize(
    ("lang", "last_line"),
    [
        ("en", "high card · rank 6644 of 7462 (1 = royal flush)"),
        ("es", "carta alta · puesto 6644 de 7462 (1 = escalera real)"),
        ("ru", "старшая карта · место 6644 из 7462 (1 = роял-флеш)"),
    ],
)
def test_eval_category_line_is_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str], lang: str, last_line: str
) -> None:
    # It used to show the JSON name (high_card) whatever the language.
    code, out, _ = run_main(["eval", "Ah 2c 3d 4s 9c", "-g", "five-card", "--lang", lang], capsys)
    assert code == 0 and out.splitlines()[-1] == last_line
    assert evaluate("Ah 2c 3d 4s 9c", game="five-card").rank == 6644


def test_script_on_an_ascii_output_fails_in_one_line() -> None:
    # An encoding error used to surface as "error: 'ascii' codec can't encode ...".
    done = run_script("eval", "As Kd Qh Jc 9s", "--lang", "ru", env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "error: the output encoding (ascii) cannot write this text; set PYTHONIOENCODING=utf-8"
    ]


def test_no_suit_symbols_on_a_stream_that_cannot_encode_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from showdown.commands import eval_cmd

    class AsciiTerminal(io.StringIO):
        encoding = "ascii"

        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdout", AsciiTerminal())
    assert eval_cmd.decorations()[0] is False
    monkeypatch.setattr(AsciiTerminal, "encoding", "utf-8")
    assert eval_cmd.decorations()[0] is True


def test_script_on_a_full_disk_fails_in_one_line_without_traceback() -> None:
    # Writing to a full device used to end in an OSError traceback.
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [str(SCRIPT), "eval", "As Kd Qh Jc 9s"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr == "error: [Errno 28] No space left on device\n"


def test_script_into_a_closed_pipe_is_quiet() -> None:
    shell = f"{shlex.quote(str(SCRIPT))} demo | head -c 1 >/dev/null; echo ${{PIPESTATUS[0]}}"
    done = subprocess.run(
        ["bash", "-c", shell], capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.stdout, done.stderr) == ("0\n", "")


@pytest.mark.parametrize(("value", "colour"), [(None, True), ("", True), ("1", False)])
def test_no_color_is_honoured_when_not_empty(
    monkeypatch: pytest.MonkeyPatch, value: str | None, colour: bool
) -> None:
    from showdown.commands.common import use_colour

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    if value is None:
        monkeypatch.delenv("NO_COLOR", raising=False)
    else:
        monkeypatch.setenv("NO_COLOR", value)
    assert use_colour(Terminal()) is colour
    assert use_colour(io.StringIO()) is False
