"""PHH in and out: round trips, unknown and user fields, .phhs tables, the kernel's TOML reader
against tomllib."""

from __future__ import annotations

import datetime
import os
import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.paths import DATA
from showdown.hands.native import native_available, use
from showdown.phh import MalformedHistory, dumps, dumps_all, load_file, loads, loads_all
from showdown.phh.actions import parse_action
from showdown.phh.notation import toml_reader

pytestmark = pytest.mark.usefixtures("backend")

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


#: The no-compiler install (``SHOWDOWN_BACKEND=numpy`` and no kernel built) has no kernel
#: reader to compare; anywhere else the kernel's reader is tested, on either backend.
NO_KERNEL = os.environ.get("SHOWDOWN_BACKEND", "").lower() == "numpy" and not native_available()
needs_kernel = pytest.mark.skipif(NO_KERNEL, reason="the no-compiler install: no kernel")


def _kernel(text: str) -> dict[str, object] | None:
    """What the native kernel's reader gives (``None``: tomllib reads the text)."""
    with use("native"):
        reader = toml_reader()
    assert reader is not None, "the kernel was built but has no phh_toml"
    return reader(text)


@given(st.dictionaries(KEYS, VALUE, max_size=6))
def test_kernel_reader_agrees_with_tomllib(data: dict[str, object]) -> None:
    from showdown.phh.notation import _key, _toml, value_text

    text = "\n".join(f"{_key(k)} = {value_text(v)}" for k, v in data.items())
    expected = tomllib.loads(text)
    assert _toml(text, None) == expected
    reader = toml_reader()
    if reader is not None:
        got = reader(text)
        assert got == expected or (got is None and "\\" in text)  # escapes: tomllib reads them
    single = text.replace('"', "'") if "'" not in text and "\\" not in text else text
    try:
        expected_single = tomllib.loads(single)
    except tomllib.TOMLDecodeError:
        return
    assert _toml(single, None) == expected_single


@needs_kernel
def test_kernel_reader_reads_corpus_style_files() -> None:
    text = "variant = 'NT'\nantes = [0, 0]\nactions = ['d dh p1 AcAd # a, b', \"p2 f\"]  # x\n"
    assert _kernel(text) == tomllib.loads(text)
    for other in ("a = 1\na = 2", "a = [1,\n2]", "a = 1e3", "a.b = 1", "[[x]]",
                  "a = 1979-05-27", "a = 07:32:00Z", "a = 24:00:00", "a = 7:32:00",
                  "a = nan", "a = [nan]"):
        assert _kernel(other) is None


@needs_kernel
def test_kernel_reader_reads_handhq_metadata() -> None:
    """Decimal amounts, ``inf`` stacks, local times and the other metadata lines of real
    HandHQ files are read by the kernel exactly as tomllib reads them."""

    for path in sorted(DATA.glob("handhq-*.phhs")):
        text = path.read_text()
        assert _kernel(text) == tomllib.loads(text)
    text = ("time = 00:00:09\nt2 = 23:59:59.1234567\nt3 = 07:32:00.5  # x\n"
            "starting_stacks = [inf, +inf, 200.30, 1]\nx = -inf\n"
            "time_zone = 'ET'\n_user = true\nevent = \"WSOP\"\n")
    got = _kernel(text)
    assert got == tomllib.loads(text) and type(got["t2"]) is datetime.time
    assert got["t2"].microsecond == 123456 and got["t3"].microsecond == 500000


@needs_kernel
def test_repeated_key_is_left_to_tomllib() -> None:
    assert _kernel("a = 1\nb = 2") == {"a": 1, "b": 2}
    assert _kernel("a = 1\na = 1") is None
    assert _kernel('[1]\nx = ["a", "b"]\n[2]\nx = ["a", "b"]\nx = ["a", "b"]') is None
    assert _kernel('x = ["]') is None and _kernel("x = ['a','b']") == {"x": ["a", "b"]}
