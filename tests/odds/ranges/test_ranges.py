"""Range notation: parsing to weighted combos, errors naming the token, text round trip."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.cards import RANKS, Card, parse_cards
from showdown.odds.ranges import Range, RangeError, parse_range


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
        ("76s+", {"76s"}, 4),
        ("T8s+", {"T8s", "T9s"}, 8),
        ("76s++", {"76s", "87s", "98s", "T9s", "JTs", "QJs", "KQs", "AKs"}, 32),
        ("T8s++", {"T8s", "J9s", "QTs", "KJs", "AQs"}, 20),
        ("9Ko+", {"K9o", "KTo", "KJo", "KQo"}, 48),
        ("45s+", {"54s"}, 4),
        ("45s++", {"54s", "65s", "76s", "87s", "98s", "T9s", "JTs", "QJs", "KQs", "AKs"}, 40),
        ("AA; KK;QQ", {"AA", "KK", "QQ"}, 18),
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


_WEIGHTS = st.sampled_from([1.0, 0.5, 0.25, 0.1, 1 / 3, 0.75])


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
        st.sampled_from(
            ["QQ+", "AKs", "KQo", "A5s-A2s", "76s++", "K9o+", "22-55", "AJ", "T9s", "10%"]
        ),
        min_size=1,
        max_size=5,
    ),
    _WEIGHTS,
)
def test_class_tokens_round_trip_compactly(tokens: list[str], weight: float) -> None:
    text = ", ".join(f"{t}:{weight!r}" for t in tokens)
    r = parse_range(text)
    assert parse_range(str(r)) == r
    assert str(r) == text  # a parsed range prints what it parsed
    canonical = Range(dict(r.items())).canonical()
    assert str(Range(dict(r.items()))) == canonical and parse_range(canonical) == r
    # whole classes print as class tokens, never as explicit combos
    assert not re.search(r"[2-9TJQKA][cdhs][2-9TJQKA][cdhs]", canonical)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("QQs", "a pair cannot be suited or offsuit"),
        ("KQs-K2o", "both ends of a span must be the same kind"),
        ("AsAs", "duplicate card As"),
        ("AhKh, Ah", "an explicit combo is two cards"),
        ("AA-AK", "a span cannot mix pairs and non-pairs"),
        ("QQ++", "a pair takes one +"),
        ("101%", "at most 100%"),
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


def test_reweighted_combo_and_random_base_round_trip() -> None:
    """Finding 9 of issue 13: a class with one combo reweighted, and random with a class
    reweighted, print compactly and read back equal."""
    r = parse_range("AKs:0.25, AhKh")
    assert r.weight("AhKh") == 1.0 and r.weight("AsKs") == r.weight("AcKc") == 0.25
    assert str(r) == "AKs:0.25, AhKh"
    built = Range(dict(r.items()))
    assert built.canonical() == "AKs:0.25, AhKh" and parse_range(built.canonical()) == r
    r = parse_range("random, AA:0.5")
    assert len(r) == 1326 and r.weight("AsAh") == 0.5 and r.weight("2c2d") == 1.0
    assert Range(dict(r.items())).canonical() == "random, AA:0.5"
    assert parse_range(Range(dict(r.items())).canonical()) == r
    gone = parse_range("random, AA:0, AhAd")
    assert len(gone) == 1321 and Range(dict(gone.items())).canonical() == "random, AA:0, AhAd"
    assert parse_range("random, AA:0, AhAd") == parse_range(Range(dict(gone.items())).canonical())


def test_canonical_compresses_runs() -> None:
    cases = {
        "22+": "22+",
        "99-66": "99-66",
        "A2s+": "A2s+",
        "K9o-K7o": "K9o-K7o",
        "KQs": "KQs",
        "QQ+:0.5, AKs": "QQ+:0.5, AKs",
        "76s++": "AKs, KQs, QJs, JTs, T9s, 98s, 87s, 76s",
    }
    for text, expected in cases.items():
        assert Range(dict(parse_range(text).items())).canonical() == expected


def test_card_id_52_is_refused() -> None:
    with pytest.raises(RangeError, match="52"):
        Range({(52, 1): 1.0})
    with pytest.raises(RangeError, match="-1"):
        Range({(-1, 1): 1.0})


def test_percentage_ranges() -> None:
    from showdown.odds.ranges.preflop import CLASSES
    from showdown.odds.ranges.preflop_order import ORDER, top_classes

    assert sorted(name for name, _ in ORDER) == sorted(CLASSES)
    equities = [e for _, e in ORDER]
    assert equities == sorted(equities, reverse=True)
    assert ORDER[0][0] == "AA" and ORDER[1][0] == "KK"
    assert len(parse_range("100%")) == 1326 and parse_range("100%") == parse_range("random")
    assert len(parse_range("0%")) == 0  # no class is in the top 0%
    top = parse_range("15%")
    assert abs(len(top) - 0.15 * 1326) <= 12  # within half the largest class
    assert str(top) == "15%"
    band = parse_range("5%-10%")
    assert parse_range("10%-5%") == band  # either order
    assert set(band) == set(parse_range("10%")) - set(parse_range("5%"))
    assert len(parse_range("7%-7%")) == 0  # equal bounds: an empty band
    assert parse_range("5%, 5%-10%") == parse_range("10%")
    assert top_classes(0.6, "equity") == ["AA"]  # 6 + 6 combos, KK mostly outside
    assert top_classes(0.7, "equity") == ["AA", "KK"]
    assert top_classes(0.45) == ["AA"] and top_classes(0.6) == ["AA", "KK"]  # PokerStove: at least
    with pytest.raises(RangeError, match="'12%-'"):
        parse_range("12%-")


@pytest.mark.slow
def test_the_shipped_order_is_the_exact_equity_against_a_random_hand() -> None:
    from showdown.odds.matrix import MatrixRow, matrix
    from showdown.odds.ranges.preflop_order import ORDER

    row = matrix(["AA"], vs="random", workers=1)
    assert isinstance(row, MatrixRow)
    assert float(row.equity[0]) == pytest.approx(dict(ORDER)["AA"], abs=1e-6)
