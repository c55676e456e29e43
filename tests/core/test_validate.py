"""A JSON object that gives a key twice is refused, never read with the last one winning:
in ``resolve``'s input and in the game's request bodies."""

from __future__ import annotations

import json

import pytest

from helpers.cli import run_cli
from showdown.pots.table import Table, TableError
from showdown.validate import InputError, RepeatedKey, load_json, unique_object
from showdown.web.bodies import BodyError, parse_body

TABLE = {
    "game": "holdem",
    "button": 1,
    "board": "Ac 9d 7h 4s 2c",
    "players": [
        {"seat": 1, "hole": "Ad Kh", "contributed": 100, "folded": False},
        {"seat": 2, "hole": "Ah Qd", "contributed": 100, "folded": False},
    ],
}


def _with_repeat(text: str, key: str, value: str) -> str:
    """``text`` with ``"key": value,`` put again before its first ``"key"``."""
    at = text.index(f'"{key}"')
    return text[:at] + f'"{key}": {value}, ' + text[at:]


def test_resolve_refuses_a_repeated_key_at_the_top() -> None:
    text = _with_repeat(json.dumps(TABLE), "button", "2")
    code, out, err = run_cli(["resolve", "-"], stdin=text)
    assert (code, out) == (2, "")
    assert err == "error: the table: the key 'button' is given twice\n"
    code, _, err = run_cli(["resolve", "-", "--lang", "es"], stdin=text)
    assert err == "error: the table: la clave 'button' aparece dos veces\n"


def test_resolve_refuses_a_repeated_key_in_a_player() -> None:
    text = _with_repeat(json.dumps(TABLE), "contributed", "900")
    with pytest.raises(TableError, match="the table: the key 'contributed' is given twice"):
        Table.from_json(text)
    assert run_cli(["resolve", "-"], stdin=json.dumps(TABLE))[0] == 0  # the same, once


def test_the_game_body_refuses_a_repeated_field() -> None:
    fields = {"action": (str, "required"), "token": (str, "optional")}
    assert parse_body(b'{"action": "keep"}', fields) == {"action": "keep"}
    with pytest.raises(BodyError) as caught:
        parse_body(b'{"action": "fold", "action": "keep"}', fields)
    assert caught.value.code == "bad_json" and caught.value.status == 400
    assert caught.value.message == "The request body gives 'action' twice."


def test_the_hook_keeps_order_and_nesting() -> None:
    text = '{"b": 1, "a": {"b": 2, "c": [{"b": 3}]}}'
    assert json.loads(text, object_pairs_hook=unique_object) == json.loads(text)
    with pytest.raises(InputError, match="the key 'x' is given twice"):
        load_json('{"a": [{"x": 1, "x": 1}]}')
    with pytest.raises(RepeatedKey):
        json.loads('{"x": 1, "x": 1}', object_pairs_hook=unique_object)
