"""PHH in and out: round trips, unknown and user fields, .phhs tables, the fast TOML path."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from showdown.phh import MalformedHistory, dumps, dumps_all, load_file, loads, loads_all
from showdown.phh.actions import parse_action
from showdown.phh.fasttoml import fast_loads
from showdown.phh.fasttoml import loads as toml_loads

DWAN_IVEY = '''# A big pot between Dwan and Ivey (the PHH standard's example, MIT licence).
variant = "NT"
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = [
  # Pre-flop
  "d dh p1 Ac2d",  # Ivey
  "d dh p2 ????",  # Antonius
  "d dh p3 7h6h",  # Dwan
  "p3 cbr 7000",
  "p1 cbr 23000",
  "p2 f",
  "p3 cc",
  "d db Jc3d5c",
  "p1 cbr 35000",
  "p3 cc",
  "d db 4h",
  "p1 cbr 90000",
  "p3 cbr 232600",
  "p1 cbr 1067100",
  "p3 cc",
  "p1 sm Ac2d",
  "p3 sm 7h6h",
  "d db Jh",
]
author = "Juho Kim"
event = "Million Dollar Cash Game"
year = 2009
players = ["Phil Ivey", "Patrik Antonius", "Tom Dwan"]
currency = "USD"
time = 21:30:00
_sponsor = ["", "", "Full Tilt"]
venue_notes = { table = 4, tv = true }
'''


def test_round_trip_keeps_every_field() -> None:
    h = loads(DWAN_IVEY)
    again = loads(dumps(h))
    assert again == h
    assert again.fields["_sponsor"] == ["", "", "Full Tilt"]
    assert again.fields["venue_notes"] == {"table": 4, "tv": True}  # unknown: kept as is
    assert str(again.fields["time"]) == "21:30:00"
    assert list(again.fields)[:6] == ["variant", "antes", "blinds_or_straddles", "min_bet",
                                      "starting_stacks", "actions"]


def test_the_standards_example_replays_and_settles() -> None:
    from showdown.phh import settle

    s = settle(loads(DWAN_IVEY))
    # Dwan's 553,500 are all in; his seven-high straight beats Ivey's wheel; Ivey's chips
    # above Dwan's stack come back; Antonius's ante and blind go to Dwan.
    assert s.finishing == [1125600 - 553500, 2000000 - 2500, 2 * 553500 + 2500]


def test_phhs_tables_round_trip(tmp_path: object) -> None:
    one = 'variant = "NT"\nstarting_stacks = [5, 5]\nactions = ["p2 f"]'
    text = f"[1]\n{one}\n\n[hand-2]\n{one}\n_x = 1\n"
    hands = loads_all(text, "x.phhs")
    assert [h.name for h in hands] == ["1", "hand-2"]
    assert loads_all(dumps_all(hands)) == hands
    path = tmp_path / "x.phhs"  # type: ignore[operator]
    path.write_text(dumps_all(hands))
    assert [h.label for h in load_file(path)] == ["1", "hand-2"]


def test_malformed_files_name_the_file() -> None:
    with pytest.raises(MalformedHistory, match=r"^bad\.phh: not valid TOML"):
        loads("variant = ", "bad.phh")
    with pytest.raises(MalformedHistory, match=r"^bad\.phh, hand 1: the field 'actions' must be"):
        loads('variant = "NT"\nstarting_stacks = [1, 1]\nactions = "p1 f"', "bad.phh")
    with pytest.raises(MalformedHistory, match="is not a table"):
        loads_all('variant = "NT"', "x.phhs")


def test_action_grammar() -> None:
    assert parse_action("  ").verb == ""
    assert parse_action("# burn card 6s").comment == "burn card 6s"
    a = parse_action("p2 sd 2h3h  # two")
    assert (a.player, a.verb, a.cards, a.comment) == (1, "sd", ("2h", "3h"), "two")
    assert parse_action("p1 pb").verb == "pb"
    for bad in ("p0 f", "x f", "p1 cbr", "p1 cc 5", "d db", "d dh p1", "p1 sm AcA", "p1 sm 1c2c"):
        with pytest.raises(ValueError):
            parse_action(bad)


SCALAR = st.one_of(
    st.integers(-(10**12), 10**12),
    st.decimals(min_value=-1000, max_value=1000, places=2, allow_nan=False).map(float),
    st.booleans(),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
)
VALUE = st.one_of(SCALAR, st.lists(st.integers(0, 10**6), max_size=5),
                  st.lists(st.text(max_size=8), max_size=5))
KEYS = st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,8}", fullmatch=True)


@given(st.dictionaries(KEYS, VALUE, max_size=6))
def test_fast_reader_agrees_with_tomllib(data: dict[str, object]) -> None:
    from showdown.phh.notation import _key, _value

    text = "\n".join(f"{_key(k)} = {_value(v)}" for k, v in data.items())
    expected = tomllib.loads(text)
    assert toml_loads(text) == expected
    fast = fast_loads(text)
    assert fast is None or fast == expected
    single = text.replace('"', "'") if "'" not in text and "\\" not in text else text
    try:
        expected_single = tomllib.loads(single)
    except tomllib.TOMLDecodeError:
        return
    assert toml_loads(single) == expected_single


def test_fast_reader_reads_corpus_style_files() -> None:
    text = "variant = 'NT'\nantes = [0, 0]\nactions = ['d dh p1 AcAd # a, b', \"p2 f\"]  # x\n"
    assert fast_loads(text) == tomllib.loads(text)
    for other in ("a = 1\na = 2", "a = [1,\n2]", "a = 1e3", "a = inf", "a.b = 1", "[[x]]"):
        assert fast_loads(other) is None


@given(st.lists(st.dictionaries(KEYS, VALUE, max_size=4), min_size=1, max_size=4))
def test_fast_reader_agrees_with_tomllib_on_repeated_lines(tables: list[dict[str, object]]) -> None:
    """Lines met before are looked up: every table still gets its own values."""
    from showdown.phh.notation import _key, _value

    body = "\n".join(f"[{k}]\n" + "\n".join(f"{_key(a)} = {_value(v)}" for a, v in t.items())
                     for k, t in enumerate(tables + tables[:1]))
    expected = tomllib.loads(body)
    for _ in range(2):
        fast = fast_loads(body)
        assert fast is None or fast == expected
        for table in (fast or {}).values():  # mutating what was read changes no later read
            for value in table.values():
                if isinstance(value, list):
                    value.append(0)


def test_repeated_key_is_left_to_tomllib_even_when_seen_before() -> None:
    assert fast_loads("a = 1\nb = 2") == {"a": 1, "b": 2}
    assert fast_loads("a = 1\na = 1") is None
    assert fast_loads('[1]\nx = ["a", "b"]\n[2]\nx = ["a", "b"]\nx = ["a", "b"]') is None
    assert fast_loads('x = ["]') is None and fast_loads("x = ['a','b']") == {"x": ["a", "b"]}
