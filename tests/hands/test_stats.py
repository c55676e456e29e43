"""Hand counts (issue 2, item 6): SPEC section 2 figures and independent exact checks.

Three independent routes to the same numbers:

* the oracle figures of SPEC section 2 (5 and 7 cards);
* exhaustive enumeration of every hand, rated with ``evaluate_batch`` and
  counted per strength with ``np.bincount`` (5, 6 and 7 cards, both rule sets);
* exhaustive enumeration classified into categories by a small numpy
  classifier written here straight from R1-R3 and R10 (no lookup tables),
  plus closed-form counts for some categories.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from math import comb

import numpy as np
import pytest

from helpers.oracles import SPEC_FIVE_CARD, SPEC_SEVEN_HANDS
from showdown import Category
from showdown.categories import category_ranges
from showdown.commands import main as cli
from showdown.hands.batch import evaluate_batch
from showdown.hands.stats import CategoryCount, Stats, rank_counts, rank_multisets, stats
from showdown.text.stats_report import format_stats

#: Every test here runs on the native kernel and on the numpy path (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("backend")

C = Category

# --- exhaustive enumeration helpers -------------------------------------------------------


@cache
def _combos(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as sorted rows, in lexicographic order (vectorised)."""
    rows = np.arange(n, dtype=np.int8)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1].astype(np.int64)
        reps = n - 1 - last
        idx = np.repeat(np.arange(len(rows)), reps)
        start = np.cumsum(reps) - reps
        offset = np.arange(len(idx)) - np.repeat(start, reps)
        rows = np.column_stack([rows[idx], (last[idx] + 1 + offset).astype(np.int8)])
    rows.setflags(write=False)
    return rows


def all_hands(k: int) -> Iterator[np.ndarray]:
    """Every k-card hand (k = 5, 6, 7) exactly once, in chunks of (N, k) card ids."""
    five = _combos(52, 5)
    suffix = np.searchsorted(five[:, 0], np.arange(53))  # first row whose first card >= i
    if k == 5:
        yield five
        return
    for a in range(52 - k + 1):
        for b in range(a + 1, 52 - 5 + 1) if k == 7 else [None]:
            top = a if b is None else b
            rest = five[suffix[top + 1] :]
            hands = np.empty((len(rest), k), dtype=np.int8)
            hands[:, 0] = a
            if b is not None:
                hands[:, 1] = b
            hands[:, k - 5 :] = rest
            yield hands


def brute_rank_counts(k: int, wrap: bool) -> np.ndarray:
    """Hands per strength, by rating every hand with the batch evaluator."""
    out = np.zeros(7463, dtype=np.int64)
    for hands in all_hands(k):
        out += np.bincount(evaluate_batch(hands, wrap), minlength=7463)
    return out


def _runs(wrap: bool) -> list[int]:
    """Bit masks of the straight runs: 2-6 .. 10-A and the wheel; R10 adds the wrap runs."""
    starts = range(13) if wrap else range(-1, 9)  # start -1 is the ace playing low
    return [sum(1 << ((s + i) % 13) for i in range(5)) for s in starts]


def classify(hands: np.ndarray, wrap: bool) -> np.ndarray:
    """Category of each hand's best five, from R1-R3 (and R10) directly, no lookup tables.

    Per hand, three packed integers built over its cards: ``held`` has bit
    ``16 * s + r`` for a card of rank r in suit s; ``counts`` counts each rank in
    its own 4-bit field (0..4); ``suits`` counts each suit in its own 8-bit field.
    """
    ids = hands.astype(np.int64)
    held = np.zeros(len(ids), dtype=np.int64)
    counts = np.zeros(len(ids), dtype=np.int64)
    suits = np.zeros(len(ids), dtype=np.int64)
    for column in ids.T:
        rank, suit = column >> 2, column & 3
        held |= 1 << (16 * suit + rank)
        counts += 1 << (4 * rank)
        suits += 1 << (8 * suit)
    any_suit = (held | held >> 16 | held >> 32 | held >> 48) & 0x1FFF
    flush = (suits >> 2 & (suits | suits >> 1) & 0x01010101) != 0  # a suit field >= 5
    # Five ranks in a row: the ace also sits below the deuce (R3), or every run wraps (R10).
    line = any_suit | any_suit << 13 if wrap else any_suit << 1 | any_suit >> 12
    straight = (line & line >> 1 & line >> 2 & line >> 3 & line >> 4) != 0
    flushes = np.flatnonzero(flush)  # a straight flush needs a flush: look only there
    in_flush, suited_run = held[flushes], np.zeros(len(flushes), dtype=bool)
    for run in _runs(wrap):
        for s in range(4):
            suited_run |= (in_flush & run << 16 * s) == run << 16 * s
    straight_flush = np.zeros(len(ids), dtype=bool)
    straight_flush[flushes] = suited_run
    ones = sum(1 << 4 * r for r in range(13))  # bit 0 of every rank field
    pairs = (counts >> 1 | counts >> 2) & ones  # one bit per rank held 2, 3 or 4 times
    trips = (counts >> 2 | counts & counts >> 1) & ones  # ... held 3 or 4 times
    quads = counts >> 2 & ones  # ... held 4 times
    two_ranks_paired = (pairs & (pairs - 1)) != 0  # more than one bit set
    return np.select(
        [
            straight_flush,
            quads != 0,
            (trips != 0) & two_ranks_paired,
            flush,
            straight,
            trips != 0,
            two_ranks_paired,
            pairs != 0,
        ],
        [8, 7, 6, 5, 4, 3, 2, 1],
        default=0,
    )


@cache  # no evaluator involved: the same on both backends, so counted once
def brute_category_hands(k: int, wrap: bool) -> dict[Category, int]:
    out = np.zeros(9, dtype=np.int64)
    for hands in all_hands(k):
        for start in range(0, len(hands), 1 << 18):
            out += np.bincount(classify(hands[start : start + (1 << 18)], wrap), minlength=9)
    return {c: int(out[c]) for c in Category}


def hands_of(s: Stats) -> dict[Category, int]:
    return {c: n.hands for c, n in s.categories.items()}


# --- SPEC section 2 -----------------------------------------------------------------------


def test_five_cards_match_spec_table() -> None:
    s = stats(5)
    assert (s.cards, s.wrap, s.hands, s.distinct) == (5, False, 2_598_960, 7_462)
    assert {c: (n.hands, n.distinct) for c, n in s.categories.items()} == SPEC_FIVE_CARD
    # Pair: 384 hands per strength; 1,020 per straight rank; royal flush 1 in 649,740.
    assert s.categories[C.PAIR].hands // s.categories[C.PAIR].distinct == 384
    counts = rank_counts(5)
    straights = category_ranges()[C.STRAIGHT]
    assert set(counts[straights.start : straights.stop].tolist()) == {1020}
    assert s.hands // int(counts[1]) == 649_740


def test_seven_cards_match_spec() -> None:
    s = stats(7)
    assert (s.hands, s.distinct) == (133_784_560, 4_824)
    assert hands_of(s) == SPEC_SEVEN_HANDS


def test_categories_are_listed_best_first_and_add_up() -> None:
    for cards in (5, 6, 7):
        for wrap in (False, True):
            s = stats(cards, wrap)
            assert list(s.categories) == sorted(Category, reverse=True)
            assert s.hands == comb(52, cards) == sum(n.hands for n in s.categories.values())
            assert s.distinct == sum(n.distinct for n in s.categories.values())
            assert s.distinct == int(np.count_nonzero(rank_counts(cards, wrap)))


def test_wrap_five_cards_has_thirteen_straight_ranks() -> None:
    s = stats(5, wrap=True)
    assert s.distinct == 7_462
    cats = s.categories
    assert cats[C.STRAIGHT] == CategoryCount(hands=13 * 1020, distinct=13)
    assert cats[C.STRAIGHT_FLUSH] == CategoryCount(hands=52, distinct=13)
    assert cats[C.FLUSH] == CategoryCount(hands=5108 - 12, distinct=1277 - 3)
    assert cats[C.HIGH_CARD] == CategoryCount(hands=1302540 - 3 * 1020, distinct=1277 - 3)
    for c in (C.FOUR_OF_A_KIND, C.FULL_HOUSE, C.THREE_OF_A_KIND, C.TWO_PAIR, C.PAIR):
        assert (cats[c].hands, cats[c].distinct) == SPEC_FIVE_CARD[c]


def test_closed_form_counts() -> None:
    """Categories with a short formula, for every hand size and both rule sets."""
    for cards in (5, 6, 7):
        suited = 4 * sum(comb(13, k) * comb(39, cards - k) for k in range(5, cards + 1))
        for wrap in (False, True):
            cats = stats(cards, wrap).categories
            # Four of a kind: any quad plus any others (quads leave at most four of a suit).
            assert cats[C.FOUR_OF_A_KIND].hands == 13 * comb(48, cards - 4)
            # Five or more cards of one suit can make neither quads nor a full house.
            assert cats[C.FLUSH].hands + cats[C.STRAIGHT_FLUSH].hands == suited
    # Five cards: pair = rank x 2 suits x three other ranks x their suits.
    assert stats(5).categories[C.PAIR].hands == 13 * comb(4, 2) * comb(12, 3) * 4**3


# --- exhaustive cross-checks --------------------------------------------------------------


def test_combination_helper_is_complete() -> None:
    rows = _combos(12, 4)
    assert len(rows) == comb(12, 4) == len({tuple(r) for r in rows.tolist()})
    assert (np.diff(rows.astype(int), axis=1) > 0).all()
    assert sum(len(h) for h in all_hands(6)) == comb(52, 6)


@pytest.mark.parametrize("wrap", [False, True])
def test_rank_counts_match_exhaustive_five_and_six(wrap: bool) -> None:
    for cards in (5, 6):
        assert np.array_equal(rank_counts(cards, wrap), brute_rank_counts(cards, wrap))


@pytest.mark.parametrize("wrap", [False, True])
def test_categories_match_table_free_classifier_five_and_six(wrap: bool) -> None:
    for cards in (5, 6):
        assert hands_of(stats(cards, wrap)) == brute_category_hands(cards, wrap)


def test_five_card_distinct_by_rank_multisets() -> None:
    """Five cards: a strength is a category plus a rank multiset; count those pairs."""
    for wrap in (False, True):
        hands = next(all_hands(5))
        cats = classify(hands, wrap)
        # The classifier agrees hand by hand with the evaluator's category.
        category_of_rank = np.zeros(7463, dtype=np.int64)
        for category, span in category_ranges(wrap).items():
            category_of_rank[span.start : span.stop] = category
        assert np.array_equal(cats, category_of_rank[evaluate_batch(hands, wrap)])
        ranks = np.sort(hands.astype(np.int64) >> 2, axis=1)
        key = (ranks * 13 ** np.arange(5)).sum(axis=1) * 9 + cats
        unique = np.unique(key)
        distinct = np.bincount(unique % 9, minlength=9)
        assert {c: n.distinct for c, n in stats(5, wrap).categories.items()} == {
            c: int(distinct[c]) for c in Category
        }


@pytest.mark.slow
@pytest.mark.parametrize("wrap", [False, True])
def test_rank_counts_match_exhaustive_seven(wrap: bool) -> None:
    assert np.array_equal(rank_counts(7, wrap), brute_rank_counts(7, wrap))


@pytest.mark.slow
@pytest.mark.parametrize("wrap", [False, True])
def test_seven_card_categories_match_table_free_classifier(wrap: bool) -> None:
    assert hands_of(stats(7, wrap)) == brute_category_hands(7, wrap)


def test_rank_multisets() -> None:
    for n in (5, 6, 7):
        rows = rank_multisets(n)
        assert (rows.sum(axis=1) == n).all() and rows.max() <= 4 and rows.min() >= 0
        assert len({tuple(r) for r in rows.tolist()}) == len(rows)
        # Multisets of n ranks with at most four each: inclusion-exclusion on ranks over four.
        expected = sum(
            (-1) ** j * comb(13, j) * comb(n - 5 * j + 12, 12) for j in range(n // 5 + 1)
        )
        assert len(rows) == expected


# --- the objects --------------------------------------------------------------------------


def test_stats_is_frozen_and_serialises() -> None:
    s = stats(6)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.hands = 0  # type: ignore[misc]
    with pytest.raises(TypeError):
        s.categories[C.PAIR] = CategoryCount(0, 0)  # type: ignore[index]
    doc = s.to_json()
    assert list(doc) == ["cards", "hands", "distinct", "categories"]
    assert list(doc["categories"]) == [c.json_name for c in sorted(Category, reverse=True)]
    assert doc["categories"]["four_of_a_kind"] == {"hands": 13 * comb(48, 2), "distinct": 156}
    assert json.loads(json.dumps(doc)) == doc
    assert hash(s) == hash(stats(6)) and s == stats(6) and s != stats(6, wrap=True)
    counts = rank_counts(6)
    with pytest.raises(ValueError):
        counts[1] = 0


@pytest.mark.parametrize("cards", [0, 4, 8, 52, -5, True, 5.0])
def test_unsupported_card_counts_raise(cards: int) -> None:
    with pytest.raises(ValueError, match="5, 6 or 7"):
        stats(cards)
    with pytest.raises(ValueError, match="5, 6 or 7"):
        rank_counts(cards)


def test_top_level_export() -> None:
    import showdown

    assert showdown.stats is stats and showdown.Stats is Stats


# --- CLI ----------------------------------------------------------------------------------


def test_cli_json_seven_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["stats", "--cards", "7", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc == stats(7).to_json()
    assert {c: v["hands"] for c, v in doc["categories"].items()} == {
        c.json_name: n for c, n in SPEC_SEVEN_HANDS.items()
    }


def test_cli_json_wrap(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["stats", "--wrap", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["cards"] == 5 and doc["distinct"] == 7462
    assert doc["categories"]["straight"] == {"hands": 13260, "distinct": 13}


def test_cli_human_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["stats", "--cards", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "20,358,520" in lines[0] and "six cards" in lines[0]
    body = lines[2:]
    assert [line.split("  ")[0].strip() for line in body] == [
        "Straight flush",
        "Four of a kind",
        "Full house",
        "Flush",
        "Straight",
        "Three of a kind",
        "Two pair",
        "Pair",
        "High card",
        "Total",
    ]
    assert len({len(line) for line in lines[1:]}) == 1  # aligned columns
    assert "\033[" not in "\n".join(lines)  # plain text when not a terminal
    total = body[-1].split()
    assert total[1] == f"{comb(52, 6):,}" and total[-1] == f"{stats(6).distinct:,}"
    four = body[1].split()
    assert four[-3] == f"{13 * comb(48, 2):,}" and four[-1] == "156"


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_cli_human_table_in_other_languages(lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    from showdown.i18n import category_name

    assert cli.main(["stats", "--cards", "7", "--lang", lang]) == 0
    english = format_stats(stats(7)).splitlines()
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(english) == 12
    assert len({len(line) for line in lines[1:]}) == 1
    # Issue 13, finding 9: numbers as every command writes them in this language.
    separator = {"es": ".", "ru": " "}[lang]
    assert f"133{separator}784{separator}560" in lines[0] and lines[0] != english[0]
    rows = zip(lines[2:11], english[2:11], sorted(Category, reverse=True), strict=True)
    for line, en_line, category in rows:
        name = category_name(category, lang, capital=True)
        assert line.startswith(name + " ")
        # Same hands, share and distinct, in the language's signs.
        localised = " ".join(en_line.split()[-3:]).replace(",", "_").replace(".", ",")
        assert line[len(name) :].split() == localised.replace("_", separator).split()


def test_stats_and_equity_write_numbers_alike(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 13, finding 9: ``stats --lang ru`` prints like ``equity --lang ru``."""
    assert cli.main(["stats", "--lang", "ru"]) == 0
    table = capsys.readouterr().out
    assert "2 598 960" in table and "0,0015%" in table and "2,598,960" not in table
    assert cli.main(["equity", "AcAd", "KhKs", "--lang", "ru"]) == 0
    equity_text = capsys.readouterr().out
    assert "1 712 304" in equity_text and "81,26%" in equity_text


def test_table_colour_only_when_asked() -> None:
    plain = format_stats(stats(5), colour=False)
    coloured = format_stats(stats(5), colour=True)
    assert "\033[" not in plain and "\033[1m" in coloured
    assert re.sub(r"\033\[[0-9;]*m", "", coloured) == plain


@pytest.mark.parametrize("bad", [["--cards", "4"], ["--cards", "8"], ["--cards", "seven"]])
def test_cli_rejects_unsupported_card_counts(bad: list[str]) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "showdown", "stats", *bad],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and "--cards" in lines[0]


def test_cli_whole_process_json() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "showdown", "stats", "--cards", "7", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == stats(7).to_json()


def test_stats_repr_is_short_and_str_is_the_table() -> None:
    assert repr(stats(7)) == (
        "<Stats 7 cards, standard rules: 133,784,560 hands, 4,824 distinct strengths>"
    )
    assert repr(stats(5, wrap=True)).startswith("<Stats 5 cards, wrap-around rule: 2,598,960")
    assert str(stats(6)) == format_stats(stats(6))


@pytest.mark.parametrize(
    ("lang", "header"),
    [
        ("en", ["Category", "Hands", "Share", "Distinct"]),
        ("es", ["Categoría", "Manos", "Proporción", "Fuerzas"]),
        # The last column used to be the bare adjective "Различных" (distinct what?).
        ("ru", ["Комбинация", "Раздачи", "Доля", "Уровней", "силы"]),
    ],
)
def test_table_header_words(lang: str, header: list[str]) -> None:
    assert format_stats(stats(5), lang).splitlines()[1].split() == header


def test_stats_command_loads_no_numpy_with_the_kernel(backend: str) -> None:
    """``showdown stats --cards 7`` on the native kernel counts in C: numpy, the other
    commands and game_stats are never imported (what keeps the process short)."""
    code = (
        "import contextlib, io, sys\n"
        "from showdown.commands.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    assert main(['stats', '--cards', '7', '--json']) == 0\n"
        "assert '\"hands\": 133784560' in out.getvalue()\n"
        "heavy = ('numpy', 'showdown.hands.variant_stats', 'showdown.hands.value',\n"
        "         'showdown.commands.eval_cmd')\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(heavy))\n"
        "assert not loaded or sys.argv[1] == 'numpy', loaded\n"
    )
    env = {**os.environ, "SHOWDOWN_BACKEND": backend}
    subprocess.run([sys.executable, "-c", code, backend], check=True, env=env)
