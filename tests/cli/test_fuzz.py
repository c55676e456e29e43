"""Fuzzing every command and every public function: never a traceback, only documented errors.

Random text, bytes, numbers (NaN, infinities, booleans, huge integers), nested
JSON and card-like junk go into each command of the command line (in process,
through :func:`showdown.commands.main.main`) and into each public function of the
library. A command must end with status 0, or 2 and exactly one ``error:``
line; a function must return or raise ``ValueError`` (``CardError``,
``RangeError``, ``TableError`` are kinds of it) or ``TypeError``, the types its
documentation names. Monte Carlo runs are kept small so the whole file stays
within seconds.
"""

from __future__ import annotations

import contextlib
import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import showdown
from helpers.cli import run_cli
from showdown.commands.main import build_parser
from showdown.odds.ranges import Range, parse_range

DOCUMENTED = (ValueError, TypeError)

TOKENS = [
    "As", "Kd", "10h", "q♦", "2c", "Th", "9s", "Xx", "AsKd", "AA", "QQ+", "AKs", "K9o+",
    "76s+", "22-55", "A5s-A2s", "random", ":0.5", ":1e308", ":-1", ":nan", "-", "+", ",",
    ";", " ", "[", "]", "{", "}", '"', "\ufeff", "\x00", "é", "♠", "0", "52", "-1",
]  # fmt: skip

card_junk = st.lists(st.sampled_from(TOKENS), max_size=8).map("".join)
spaced_junk = st.lists(st.sampled_from(TOKENS), max_size=6).map(" ".join)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=16,
)
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.binary(max_size=8),
)
anything = st.one_of(
    scalars, card_junk, spaced_junk, json_values, st.lists(scalars | card_junk, max_size=7)
)
argument = st.one_of(card_junk, spaced_junk, st.text(max_size=20), json_values.map(json.dumps))


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def check_cli(argv: list[str], stdin: str = "") -> None:
    code, out, err = run_cli(argv, stdin)
    assert "Traceback" not in err, (argv, err)
    assert code in (0, 2), (argv, code, err)
    if code == 2:
        lines = err.splitlines()
        # The error line speaks --lang: "error:" in English and Spanish, "ошибка:" in Russian.
        assert len(lines) == 1 and lines[0].startswith(("error: ", "ошибка: ")), (argv, err)
        assert out == "", (argv, out)


def check_call(function: Any, *args: Any, **kwargs: Any) -> None:
    with contextlib.suppress(*DOCUMENTED):
        function(*args, **kwargs)


GAME_OPTIONS = st.lists(
    st.sampled_from(
        ["--board", "-b", "--game", "omaha", "five-card", "holdem", "--wrap", "--json",
         "--lang", "ru", "es", "xx", "--cards", "7", "6", "0"]
    ),
    max_size=4,
)  # fmt: skip


@given(st.lists(argument, max_size=4), GAME_OPTIONS)
@settings(max_examples=120)
def test_eval_and_compare_never_trace(args: list[str], options: list[str]) -> None:
    check_cli(["eval", *args, *options])
    check_cli(["compare", *args, *options])


@given(st.lists(st.sampled_from(["--cards", "5", "6", "-1", "x", "--wrap", "--json",
                                 "--lang", "es", "1e3", "True"]), max_size=4))  # fmt: skip
@settings(max_examples=40)
def test_stats_never_traces(options: list[str]) -> None:
    check_cli(["stats", *options])


@given(st.lists(argument, min_size=0, max_size=3), st.sampled_from(["", "Ah 7c 2d", "junk"]))
@settings(max_examples=80)
def test_equity_players_never_trace(players: list[str], board: str) -> None:
    argv = ["equity", *players, "--trials", "200", "--seed", "1"]
    check_cli([*argv, "--board", board] if board else argv)


@given(
    st.sampled_from(["--trials", "--seed"]),
    st.one_of(
        st.text(max_size=12),
        st.integers(min_value=-(2**80), max_value=2**80).map(str),
        st.floats().map(str),
        st.sampled_from(["True", "1e3", "100.5", "99999999999999999999999", "-1", "0x10"]),
    ),
)
@settings(max_examples=80)
def test_equity_counts_never_trace(option: str, value: str) -> None:
    if option == "--trials":
        try:  # a valid small count would just run: keep it small
            if int(value) > 0 and int(value) > 2000:
                return
        except ValueError:
            pass
    check_cli(["equity", "AA", "KK", option, value])


@given(st.one_of(json_values.map(json.dumps), st.text(max_size=60), spaced_junk))
@settings(max_examples=120)
def test_resolve_never_traces(text: str) -> None:
    check_cli(["resolve", "-"], stdin=text)
    check_cli(["resolve", "-", "--json"], stdin="\ufeff" + text)


@given(st.lists(st.sampled_from(["--json", "--lang", "ru", "es", "fr", "x", "-h"]), max_size=3))
@settings(max_examples=20)
def test_demo_never_traces(options: list[str]) -> None:
    check_cli(["demo", *options])


@given(st.lists(st.one_of(st.sampled_from(["--port", "--host", "--db", "--profile", "x",
                                           "-1", "70000", "1.5"]), st.text(max_size=6)),
                max_size=4))  # fmt: skip
@settings(max_examples=60)
def test_play_arguments_never_trace(options: list[str]) -> None:
    # Only the parser: a valid command line would start a server.
    try:
        build_parser().parse_args(["play", *options])
    except SystemExit as exc:
        assert exc.code in (0, 2)


@pytest.mark.parametrize("command", ["eval", "compare", "equity", "stats", "demo"])
def test_deep_nesting_in_any_argument_is_one_error_line(command: str) -> None:
    deep = nested(100_000)
    argv = {"stats": ["stats", "--cards", deep], "demo": ["demo", "--lang", deep]}.get(
        command, [command, deep, deep]
    )
    code, out, err = run_cli(argv)
    assert code == 2 and out == "" and err.startswith("error: ") and len(err.splitlines()) == 1


def test_deep_json_for_resolve_is_one_error_line(tmp_path: Any) -> None:
    for text in (nested(100_000), '{"players": ' + nested(100_000) + "}", "{" * 100_000):
        code, out, err = run_cli(["resolve", "-"], stdin=text)
        assert (code, out) == (2, ""), err
        assert err.startswith("error: ") and len(err.splitlines()) == 1
        assert "nested deeper than 64" in err or "not JSON" in err
        path = tmp_path / "deep.json"
        path.write_text(text, encoding="utf-8")
        assert run_cli(["resolve", str(path)])[0] == 2


def test_deep_json_in_the_library_is_a_table_error() -> None:
    from showdown.pots.table import TableError  # not loaded by `import showdown` alone

    with pytest.raises(TableError, match="nested deeper than 64"):
        showdown.Table.from_json(nested(100_000))
    deep: Any = []
    for _ in range(10_000):
        deep = [deep]
    with pytest.raises(DOCUMENTED):
        showdown.resolve({"button": 1, "players": deep})
    with pytest.raises(DOCUMENTED):
        showdown.evaluate(deep)


# ------------------------------------------------------------------ the library


@given(anything, anything)
@settings(max_examples=150)
def test_cards_functions(a: Any, b: Any) -> None:
    check_call(showdown.Card, a)
    check_call(showdown.Card, a, b)
    check_call(showdown.Card.parse, a)
    check_call(showdown.Card.from_id, a)
    check_call(showdown.parse_cards, a)
    check_call(showdown.Deck, seed=a)
    check_call(showdown.Deck, exclude=a)
    check_call(showdown.card_svg, a)
    check_call(showdown.hand_svg, a, caption=b if isinstance(b, str) else None)


@given(anything, anything, st.one_of(st.sampled_from(["holdem", "omaha", "five-card"]), anything),
       anything)  # fmt: skip
@settings(max_examples=200)
def test_evaluate_compare_explain(cards: Any, board: Any, game: Any, wrap: Any) -> None:
    check_call(showdown.evaluate, cards, board=board, game=game)
    check_call(showdown.evaluate, cards, game=game, wrap=wrap)
    check_call(showdown.compare, [cards, board], game=game)
    check_call(showdown.compare, cards, board=board, wrap=wrap)
    check_call(showdown.compare, [cards, board], lang=game, labels=wrap)
    value = showdown.evaluate("As Ks Qs Js Ts", game="five-card")
    check_call(showdown.explain, value, cards)
    check_call(showdown.explain, value, value, lang=cards)
    check_call(showdown.percentile, value, game=game, cards=cards)
    check_call(showdown.percentile, cards)


@given(anything, anything, st.lists(st.lists(st.integers(-3, 60), min_size=0, max_size=8),
                                    max_size=4))  # fmt: skip
@settings(max_examples=100)
def test_batch_paths_with_their_checks(a: Any, b: Any, rows: list[list[int]]) -> None:
    # check=True (the default) is the documented safe path; check=False is the caller's promise.
    check_call(showdown.evaluate_batch, a)
    check_call(showdown.evaluate_batch, rows)
    check_call(showdown.evaluate_batch, rows, wrap=b)
    check_call(showdown.evaluate_omaha_batch, rows, rows)
    check_call(showdown.evaluate_omaha_batch, a, b)


@given(anything, anything)
@settings(max_examples=80)
def test_stats_and_ranges(a: Any, b: Any) -> None:
    check_call(showdown.stats, a)
    check_call(showdown.stats, 5, wrap=b)
    check_call(parse_range, a)
    check_call(Range, {(51, 50): a})
    check_call(Range, a)


@given(json_values, anything)
@settings(max_examples=150)
def test_resolve_and_tables(data: Any, text: Any) -> None:
    check_call(showdown.resolve, data)
    check_call(showdown.Table.from_json, text)
    check_call(showdown.Table.from_json, json.dumps(data))
    seats = [
        {"seat": 1, "hole": "Ad Kh", "contributed": 5},
        {"seat": 2, "hole": "Qd Qh", "contributed": 5},
    ]
    table = {"button": 1, "board": "Ac 9d 7h 4s 2c", "players": seats}
    for key in ("button", "board", "game", "last_aggressor", "wrap"):
        check_call(showdown.resolve, {**table, key: data})
    for key in ("seat", "hole", "contributed", "folded", "muck", "name"):
        players = [{**table["players"][0], key: data}, table["players"][1]]
        check_call(showdown.resolve, {**table, "players": players})


@given(st.lists(anything, max_size=3), anything, anything, anything)
@settings(max_examples=100)
def test_equity(players: list[Any], board: Any, trials: Any, seed: Any) -> None:
    check_call(showdown.equity, players, board=board, trials=100, seed=1)
    check_call(showdown.equity, ["AA", "KK"], trials=trials, seed=seed)
    check_call(showdown.equity, ["AcAd", "KhKs"], board="2c 7d 9h 4s", dead=board, exact=trials)
    check_call(showdown.equity, players, game=board, trials=100)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"trials": True}, TypeError, "trials must be an integer, not the boolean True"),
        ({"trials": 100.5}, TypeError, "trials must be an integer, not the float 100.5"),
        ({"trials": 10**23}, ValueError, "trials must be from 1 to 1,000,000,000"),
        ({"seed": "abc"}, TypeError, "seed must be an integer or None, not the str 'abc'"),
        ({"seed": -1}, ValueError, "seed must be an integer from 0 to 2"),
        ({"seed": 1.5}, TypeError, "seed must be an integer or None"),
        ({"exact": "yes"}, TypeError, "exact must be True or False"),
        ({"progress": "yes"}, TypeError, "progress must be True, False or a callable"),
    ],
)
def test_equity_arguments_name_the_parameter(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    # Finding 4: trials=True ran one trial, trials=100.5 and seed="abc" were numpy errors.
    with pytest.raises(error, match=message.replace("(", r"\(").replace("+", r"\+")):
        showdown.equity(["AA", "KK"], **kwargs)


@pytest.mark.parametrize("weight", ["1e308", "1e7", "inf", "1e-300"])
def test_huge_or_tiny_weights_are_refused(weight: str) -> None:
    # Finding 3: "AA:1e308,KK:1e308" gave (nan, nan) with numpy warnings only.
    with pytest.raises(showdown.odds.ranges.RangeError, match=r"weight of 'AA'|token 'AA:inf'"):
        showdown.equity([f"AA:{weight},KK:{weight}", "QQ"], trials=100)
    with pytest.raises(showdown.odds.ranges.RangeError, match="weight"):
        Range({(51, 50): float(weight)})


def test_extreme_weights_still_give_finite_equity() -> None:
    result = showdown.equity(["AA:1,KK:1", "QQ:1e-6,JJ:1e-6"], trials=2000, seed=3)
    assert all(math.isfinite(x) for x in result.equity)
    assert abs(sum(result.equity) - 1) < 1e-9


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--seed", "-1"], "--seed must be an integer from 0"),
        (["--seed", "abc"], "--seed must be a whole number"),
        (["--trials", "99999999999999999999999"], "--trials must be from 1 to 1,000,000,000"),
        (["--trials", "100.5"], "--trials must be a whole number, not '100.5'"),
        (["--trials", "0"], "--trials must be from 1"),
    ],
)
def test_equity_cli_counts_name_the_option(argv: list[str], needle: str) -> None:
    code, out, err = run_cli(["equity", "AA", "KK", *argv])
    assert (code, out) == (2, "")
    assert needle in err and len(err.splitlines()) == 1
