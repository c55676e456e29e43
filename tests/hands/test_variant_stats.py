"""``stats`` for the other showdowns: every figure against an independent brute force.

Each test enumerates the hands itself (every hand, or every rank multiset with
its number of suitings where the rules ignore suits) and rates them with the
reference of ``tests/helpers/reference_games.py``; the figures are also written in
README.md.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache, partial
from itertools import combinations_with_replacement
from math import comb, prod

import numpy as np
import pytest

from helpers.reference import combinations_array
from helpers.reference_games import (
    SHORT,
    SHORT_TRIPS,
    STANDARD,
    Key,
    ace_to_five_key,
    badugi_key,
    best_of,
    deuce_to_seven_key,
    eight_or_better_key,
    short_deck_key,
)
from showdown.categories import BadugiCategory, Category
from showdown.commands.main import main
from showdown.hands.variant_stats import game_cards, game_stats
from showdown.variants import GAMES, find_variant

_NAMES = {  # the reference's category words -> the library's categories
    "high": Category.HIGH_CARD,
    "pair": Category.PAIR,
    "two_pair": Category.TWO_PAIR,
    "trips": Category.THREE_OF_A_KIND,
    "straight": Category.STRAIGHT,
    "flush": Category.FLUSH,
    "full": Category.FULL_HOUSE,
    "quads": Category.FOUR_OF_A_KIND,
    "sf": Category.STRAIGHT_FLUSH,
}
_A5_SHAPES = ("high", "pair", "two_pair", "trips", "full", "quads")


def _tally(keys: Sequence[Key], weights: Sequence[int], category: Callable[[Key], object]) -> dict:
    hands: Counter = Counter()
    distinct: dict[object, set[Key]] = {}
    for key, weight in zip(keys, weights, strict=True):
        hands[category(key)] += weight
        distinct.setdefault(category(key), set()).add(key)
    return {c: (hands[c], len(distinct[c])) for c in hands}


def _figures(game: str, cards: int | None = None) -> dict:
    s = game_stats(game, cards)
    return {c: (n.hands, n.distinct) for c, n in s.categories.items() if n.hands}


def _suit_blind_classes(hands: np.ndarray) -> tuple[list[list[int]], list[int]]:
    """Hands the rules cannot tell apart (same rank multiset, same "one suit?"): one
    representative each, and how many hands it stands for."""
    counts = np.zeros((len(hands), 13), dtype=np.int64)
    for column in hands.T:
        counts[np.arange(len(hands)), column >> 2] += 1
    suits = hands & 3
    code = (counts @ (5 ** np.arange(13))) * 2 + (suits == suits[:, :1]).all(axis=1)
    _, first, sizes = np.unique(code, return_index=True, return_counts=True)
    return [hands[i].tolist() for i in first.tolist()], sizes.tolist()


def test_short_deck_five_cards() -> None:
    _, weights = _classes("short", 5)
    keys = _reference_keys("short", 5, "short-deck")
    expected = _tally(keys, weights, lambda k: _NAMES[SHORT[k[0]]])
    assert _figures("short-deck") == expected
    assert expected[Category.FLUSH] == (480, 120) and expected[Category.FULL_HOUSE] == (1728, 72)
    assert game_stats("short-deck").hands == 376_992 == comb(36, 5) == sum(weights)


def _multiset_classes(cards: int) -> tuple[list[list[int]], list[int]]:
    """One hand per rank multiset (suits spread out) and its number of suitings."""
    hands, weights = [], []
    for ranks in combinations_with_replacement(range(13), cards):
        counts = Counter(ranks)
        if max(counts.values()) > 4:
            continue
        hands.append([4 * r + i % 4 for i, r in enumerate(ranks)])
        weights.append(prod(comb(4, c) for c in counts.values()))
    return hands, weights


def test_ace_to_five_lows_five_cards() -> None:
    _, weights = _classes("multiset", 5)
    keys = _reference_keys("multiset", 5, "ace-to-five")
    expected = _tally(keys, weights, lambda k: _NAMES[_A5_SHAPES[-k[0]]])
    assert _figures("ace-to-five") == expected
    assert expected[Category.HIGH_CARD] == (1_317_888, 1287)


def test_razz_six_cards() -> None:
    _, weights = _classes("multiset", 6)
    keys = _reference_keys("multiset", 6, "ace-to-five")
    expected = _tally(keys, weights, lambda k: _NAMES[_A5_SHAPES[-k[0]]])
    assert _figures("razz", 6) == expected


@pytest.mark.xdist_group("multiset-7")
def test_eight_or_better_lows() -> None:
    for cards in (5, 7):
        _, weights = _classes("multiset", cards)
        keys = _reference_keys("multiset", cards, "eight-or-better")
        qualifying = sum(w for k, w in zip(keys, weights, strict=True) if k is not None)
        distinct = len({k for k in keys if k is not None})
        low = game_stats("stud-hi-lo", cards).low
        assert low is not None and (low.hands, low.distinct) == (qualifying, distinct)
    assert game_stats("omaha-hi-lo").low is not None
    assert game_stats("omaha-hi-lo").low.hands == 57_344  # type: ignore[union-attr]


@pytest.mark.xdist_group("deuce-to-seven")
def test_deuce_to_seven_five_cards() -> None:
    _, weights = _classes("suit-blind", 5)
    keys = _reference_keys("suit-blind", 5, "deuce-to-seven")
    expected = _tally(keys, weights, lambda k: _NAMES[STANDARD[-k[0]]])
    assert _figures("deuce-to-seven") == expected
    assert expected[Category.STRAIGHT] == (9180, 9) and expected[Category.FLUSH] == (5112, 1278)


@pytest.mark.xdist_group("badugi")
def test_badugi_four_cards() -> None:
    keys = _reference_keys("all", 4, "badugi")
    expected = _tally(keys, [1] * len(keys), lambda k: BadugiCategory.of_size(k[0]))
    assert _figures("badugi") == expected
    assert expected[BadugiCategory.FOUR_CARD] == (17_160, 715)


def test_short_deck_seven_cards_add_up() -> None:
    s = game_stats("short-deck", 7)
    assert s.hands == comb(36, 7) == sum(n.hands for n in s.categories.values())
    assert s.categories[Category.STRAIGHT_FLUSH].hands == 10_560


@pytest.mark.parametrize(
    ("argv", "total", "key"),
    [
        (["--game", "short-deck"], 376_992, "flush"),
        (["--game", "badugi"], 270_725, "four_card"),
        (["--game", "ace-to-five"], 2_598_960, "high_card"),
        (["--game", "razz", "--cards", "7"], 133_784_560, "two_pair"),
    ],
)
def test_cli_json_keeps_its_shape(
    argv: list[str], total: int, key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats", *argv, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["hands"] == total
    assert set(doc["categories"][key]) == {"hands", "distinct"}


def test_cli_hi_lo_adds_the_low_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--game", "omaha-hi-lo", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["low"] == {"hands": 57344, "distinct": 56}
    assert main(["stats", "--game", "badugi", "--cards", "5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --cards 5") and len(err.splitlines()) == 1


# ------------------------------------------------ every figure of `stats --game --json`


def _short_deck_classes(cards: int) -> tuple[list[list[int]], list[int]]:
    """Every ``cards``-card short-deck hand (all C(36, cards), enumerated with numpy), grouped
    into classes the rules cannot tell apart: same ranks, and the same ranks in the one suit
    holding five or more cards (if any). One representative per class and its size."""
    hands = combinations_array(36, cards)
    bit = np.array([1 << (9 * (c & 3) + (c >> 2)) for c in range(36)], dtype=np.int64)
    power = np.array([5 ** (c >> 2) for c in range(36)], dtype=np.int64)  # rank counts, base 5
    code = np.zeros(len(hands), dtype=np.int64)
    mask = np.zeros(len(hands), dtype=np.int64)
    for column in hands.T:
        code += power[column]
        mask |= bit[column]
    popcount = np.array([bin(m).count("1") for m in range(512)])
    flush = np.zeros(len(hands), dtype=np.int64)
    for suit in range(4):
        ranks = (mask >> (9 * suit)) & 511
        flush = np.where(popcount[ranks] >= 5, ranks, flush)
    _, first, sizes = np.unique(code * 512 + flush, return_index=True, return_counts=True)
    reps = (hands[first].astype(np.int64) + 16).tolist()  # ids 16.. are the sixes to aces
    return reps, sizes.tolist()


@cache
def _classes(deck: str, cards: int) -> tuple[list[list[int]], list[int]]:
    if deck == "short":
        return _short_deck_classes(cards)
    if deck == "multiset":
        return _multiset_classes(cards)
    if deck == "suit-blind":
        return _suit_blind_classes(combinations_array(52, cards).astype(np.int64))
    return combinations_array(52, cards).tolist(), [1] * comb(52, cards)


@cache
def _reference_keys(deck: str, cards: int, rule: str) -> list[Key | None]:
    five_key: Callable[[Sequence[int]], Key | None] = {
        "short-deck": short_deck_key,
        "short-deck-trips": partial(short_deck_key, trips_beat_straight=True),
        "ace-to-five": ace_to_five_key,
        "deuce-to-seven": deuce_to_seven_key,
        "eight-or-better": eight_or_better_key,
        "badugi": badugi_key,
    }[rule]
    hands, _ = _classes(deck, cards)
    if rule == "badugi":
        return [badugi_key(h) for h in hands]
    return [best_of(h, five_key) for h in hands]


def _reference_json(game: str, cards: int, trips: bool) -> dict:
    """``stats --game --json`` worked out from the reference evaluators alone."""
    from showdown.hands.stats import stats

    variant = find_variant(game)
    doc: dict = {"cards": cards}
    high = variant.high.key
    if high == "high":  # the standard ladder: tests/hands/test_stats.py checks these exhaustively
        doc.update({k: v for k, v in stats(cards).to_json().items() if k != "cards"})
    else:
        rule, deck, order = {
            "short-deck": ("short-deck-trips" if trips else "short-deck", "short", None),
            "ace-to-five": ("ace-to-five", "multiset", _A5_SHAPES),
            "deuce-to-seven": ("deuce-to-seven", "suit-blind", STANDARD),
            "badugi": ("badugi", "all", None),
        }[high]
        _, weights = _classes(deck, cards)
        keys = _reference_keys(deck, cards, rule)

        def category(key: Key) -> str:
            if rule == "badugi":
                return BadugiCategory.of_size(key[0]).json_name
            if rule.startswith("short-deck"):
                return _NAMES[(SHORT_TRIPS if trips else SHORT)[key[0]]].json_name
            return _NAMES[order[-key[0]]].json_name  # lows: keys are negated

        tally = _tally(keys, weights, category)  # type: ignore[arg-type]
        doc["hands"] = sum(weights)
        doc["distinct"] = len(set(keys))
        doc["categories"] = {c: {"hands": h, "distinct": d} for c, (h, d) in tally.items()}
    if variant.hi_lo:
        _, weights = _classes("multiset", cards)
        lows = _reference_keys("multiset", cards, "eight-or-better")
        qualifying = [(k, w) for k, w in zip(lows, weights, strict=True) if k is not None]
        doc["low"] = {
            "hands": sum(w for _, w in qualifying),
            "distinct": len({k for k, _ in qualifying}),
        }
    return doc


def _every_stats_call() -> list:
    calls = []
    for game in GAMES:
        for cards in game_cards(game):
            for trips in (False, True) if game == "short-deck" else (False,):
                # The 7-card brute forces are long: run once (slow), each family on one
                # worker so that its cached reference keys serve every game that needs them.
                marks = [pytest.mark.slow] if cards == 7 else []
                if cards == 7:
                    family = "short-deck-7" if game == "short-deck" else "multiset-7"
                    marks.append(pytest.mark.xdist_group(family))
                elif game in ("badugi", "deuce-to-seven"):
                    marks.append(pytest.mark.xdist_group(game))
                calls.append(pytest.param(game, cards, trips, marks=marks))
    return calls


@pytest.mark.parametrize(("game", "cards", "trips"), _every_stats_call())
def test_every_figure_of_stats_json_matches_a_brute_force(
    game: str, cards: int, trips: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["stats", "--game", game, "--cards", str(cards), "--json"]
    assert main(argv + (["--trips-beat-straight"] if trips else [])) == 0
    doc = json.loads(capsys.readouterr().out)
    expected = _reference_json(game, cards, trips)
    empty = {k: v for k, v in doc["categories"].items() if v["hands"] == 0}
    assert all(v == {"hands": 0, "distinct": 0} for v in empty.values())
    doc["categories"] = {k: v for k, v in doc["categories"].items() if k not in empty}
    assert doc == expected


@pytest.mark.slow
@pytest.mark.xdist_group("short-deck-7")
@pytest.mark.parametrize("trips", [False, True])
def test_short_deck_seven_cards_per_category(trips: bool) -> None:
    """The figures written in docs/games.md, each from the brute force above."""
    doc = _reference_json("short-deck", 7, trips)
    figures = {c: (v["hands"], v["distinct"]) for c, v in doc["categories"].items()}
    expected = dict(SHORT_DECK_SEVEN)
    if trips:  # a straight and three of a kind together: the trips play
        expected.update(three_of_a_kind=(637_560, 135), straight=(1_139_580, 6))
    assert (doc["hands"], doc["distinct"]) == (8_347_680, 762 if trips else 752)
    assert figures == expected


#: Short deck, all 8,347,680 seven-card hands, best five (docs/games.md).
SHORT_DECK_SEVEN = {
    "straight_flush": (10_560, 6),
    "four_of_a_kind": (44_640, 72),
    "flush": (175_560, 120),
    "full_house": (633_024, 72),
    "straight": (1_169_940, 6),
    "three_of_a_kind": (607_200, 125),
    "two_pair": (3_157_056, 203),
    "pair": (2_316_600, 138),
    "high_card": (233_100, 10),
}
