"""Range notation: parsing to weighted combos, errors naming the token, text round trip."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.cards import RANKS, Card, parse_cards
from showdown.ranges import Range, RangeError, parse_range


def classes(r: Range) -> set[str]:
    """Hand classes present in a range, e.g. {'AKs', 'QQ'} (pairs without a suffix)."""
    out = set()
    for a, b in r:
        ca, cb = Card.from_id(a), Card.from_id(b)
        hi, lo = sorted((ca.rank, cb.rank), reverse=True)
        kind = "" if hi == lo else ("s" if ca.suit == cb.suit else "o")
        out.add(RANKS[hi] + RANKS[lo] + kind)
    return out


@pytest.mark.parametrize(
    ("text", "expected", "count"),
    [
        ("QQ+", {"QQ", "KK", "AA"}, 18),
        ("22-55", {"22", "33", "44", "55"}, 24),
        ("55-22", {"22", "33", "44", "55"}, 24),
        ("AKs", {"AKs"}, 4),
        ("KQo", {"KQo"}, 12),
        ("AK", {"AKs", "AKo"}, 16),
        ("A5s-A2s", {"A5s", "A4s", "A3s", "A2s"}, 16),
        ("76s+", {"76s", "87s", "98s", "T9s", "JTs", "QJs", "KQs", "AKs"}, 32),
        ("K9o+", {"K9o", "KTo", "KJo", "KQo"}, 48),
        ("T9s-65s", {"T9s", "98s", "87s", "76s", "65s"}, 20),
        ("AK-QJ", {"AKs", "AKo", "KQs", "KQo", "QJs", "QJo"}, 48),
        ("A2+", {f"A{r}{k}" for r in "23456789TJQK" for k in "so"}, 192),
        ("QQ+, AKs, 76s", {"QQ", "KK", "AA", "AKs", "76s"}, 26),
        ("aks kqo", {"AKs", "KQo"}, 16),
    ],
)
def test_notation(text: str, expected: set[str], count: int) -> None:
    r = parse_range(text)
    assert classes(r) == expected
    assert len(r) == count
    assert set(r.weights) == {1.0}


def test_explicit_combos_and_random() -> None:
    r = parse_range("AhKh, 10c9c, 2d2s")
    assert len(r) == 3
    assert r.weight("Kh Ah") == 1.0 and r.weight("Tc9c") == 1.0 and r.weight("2s2d") == 1.0
    assert r.weight("AsKs") == 0.0
    everything = parse_range("random")
    assert len(everything) == 1326 == len({frozenset(c) for c in everything})
    assert str(everything) == "random"


def test_combos_are_distinct_cards_high_first() -> None:
    r = parse_range("random")
    assert all(a > b for a, b in r)


def test_weights_and_overrides() -> None:
    r = parse_range("AA:0.5, KK, AsAh:0.25, QQ:0")
    assert len(r) == 12  # QQ at weight 0 is left out
    assert r.weight("AdAc") == 0.5
    assert r.weight("AsAh") == 0.25  # the later token wins
    assert r.weight("KsKh") == 1.0
    assert r.weight("QsQh") == 0.0
    assert parse_range("AKs:1e-1").weight("AsKs") == pytest.approx(0.1)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("AKs, QQ+x", "QQ+x"),
        ("AKs-QJo", "AKs-QJo"),
        ("AA, KKs", "KKs"),
        ("AA:x", "AA:x"),
        ("AA:-1", "AA:-1"),
        ("AhAh", "AhAh"),
        ("AhKhQh", "AhKhQh"),
        ("Xx", "Xx"),
        ("AK-QT", "AK-QT"),
        ("22-A5", "22-A5"),
        ("AKs-AQo", "AKs-AQo"),
        (":0.5", ":0.5"),
    ],
)
def test_errors_name_the_token(text: str, token: str) -> None:
    with pytest.raises(RangeError, match=f"token {token!r}".replace("+", r"\+")):
        parse_range(text)


def test_empty_range_is_an_error() -> None:
    with pytest.raises(RangeError, match="empty"):
        parse_range("  , ")


def test_range_protocol() -> None:
    r = parse_range("AKs")
    combo = (parse_cards("As")[0].id, parse_cards("Ks")[0].id)
    assert combo in r and combo[::-1] in r
    assert len(list(r.items())) == 4
    assert r == parse_range("AsKs, AhKh, AdKd, AcKc")
    assert hash(r) == hash(parse_range("AsKs, AhKh, AdKd, AcKc"))
    assert r != parse_range("AKo")
    with pytest.raises(RangeError):
        Range({(5, 5): 1.0})
    with pytest.raises(RangeError):
        Range({(5, 6): -1.0})


_WEIGHTS = st.sampled_from([1.0, 0.5, 0.25, 0.1, 1 / 3, 2.0])


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.tuples(st.integers(0, 51), st.integers(0, 51)), _WEIGHTS, max_size=60))
def test_text_round_trip(weights: dict[tuple[int, int], float]) -> None:
    r = Range({(a, b): w for (a, b), w in weights.items() if a != b})
    if len(r) == 0:
        return
    assert parse_range(str(r)) == r
    assert eval(repr(r), {"parse_range": parse_range}) == r


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.sampled_from(["QQ+", "AKs", "KQo", "A5s-A2s", "76s+", "K9o+", "22-55", "AJ", "T9s"]),
        min_size=1,
        max_size=5,
    ),
    _WEIGHTS,
)
def test_class_tokens_round_trip_compactly(tokens: list[str], weight: float) -> None:
    text = ", ".join(f"{t}:{weight!r}" for t in tokens)
    r = parse_range(text)
    assert parse_range(str(r)) == r
    # whole classes print as class tokens, never as explicit combos
    assert all(len(tok.split(":")[0]) <= 3 for tok in str(r).split(", "))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("QQs", "a pair cannot be suited or offsuit"),
        ("KQs-K2o", "both ends of a span must be the same kind"),
        ("AsAs", "duplicate card As"),
        ("AhKh, Ah", "an explicit combo is two cards"),
    ],
)
def test_range_errors_say_why(text: str, reason: str) -> None:
    with pytest.raises(RangeError, match=re.escape(reason)):
        parse_range(text)


def test_empty_range_repr_round_trips() -> None:
    empty = parse_range("AA:0")
    assert len(empty) == 0
    assert repr(empty) == "Range()" and eval(repr(empty)) == empty


def test_membership_and_weight_take_text_ids_or_cards() -> None:
    import numpy as np

    r = parse_range("AKs:0.5, QQ")
    as_ks = (Card.parse("As"), Card.parse("Ks"))
    # Text and Card pairs used to be "not in" the range even when they were.
    assert "AsKs" in r and "KsAs" in r and as_ks in r and as_ks[::-1] in r
    assert (51, 47) in r and (np.int64(47), np.int64(51)) in r
    assert "AsKd" not in r and "junk" not in r and 5 not in r and (1, 2, 3) not in r
    assert r.weight(as_ks) == r.weight("KsAs") == r.weight((47, 51)) == 0.5
    with pytest.raises(TypeError, match="a combo is"):
        r.weight((1.5, 2.5))  # type: ignore[arg-type]
