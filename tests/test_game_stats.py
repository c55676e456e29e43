"""``stats`` for the other showdowns: every figure against an independent brute force.

Each test enumerates the hands itself (every hand, or every rank multiset with
its number of suitings where the rules ignore suits) and rates them with the
reference of ``tests/reference_games.py``; the figures are also written in
README.md.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from math import comb, prod

import numpy as np
import pytest

from reference import combinations_array
from reference_games import (
    SHORT,
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
from showdown.cli import main
from showdown.game_stats import game_stats

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
    hands, weights = _suit_blind_classes(combinations_array(36, 5).astype(np.int64) + 16)
    keys = [short_deck_key(h) for h in hands]
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
    hands, weights = _multiset_classes(5)
    keys = [ace_to_five_key(h) for h in hands]
    expected = _tally(keys, weights, lambda k: _NAMES[_A5_SHAPES[-k[0]]])
    assert _figures("ace-to-five") == expected
    assert expected[Category.HIGH_CARD] == (1_317_888, 1287)


def test_razz_six_cards() -> None:
    hands, weights = _multiset_classes(6)
    keys = [best_of(h, ace_to_five_key) for h in hands]
    expected = _tally(keys, weights, lambda k: _NAMES[_A5_SHAPES[-k[0]]])
    assert _figures("razz", 6) == expected


def test_eight_or_better_lows() -> None:
    for cards in (5, 7):
        hands, weights = _multiset_classes(cards)
        keys = [best_of(h, eight_or_better_key) for h in hands]
        qualifying = sum(w for k, w in zip(keys, weights, strict=True) if k is not None)
        distinct = len({k for k in keys if k is not None})
        low = game_stats("stud-hi-lo", cards).low
        assert low is not None and (low.hands, low.distinct) == (qualifying, distinct)
    assert game_stats("omaha-hi-lo").low is not None
    assert game_stats("omaha-hi-lo").low.hands == 57_344  # type: ignore[union-attr]


def test_deuce_to_seven_five_cards() -> None:
    hands, weights = _suit_blind_classes(combinations_array(52, 5).astype(np.int64))
    keys = [deuce_to_seven_key(h) for h in hands]
    expected = _tally(keys, weights, lambda k: _NAMES[STANDARD[-k[0]]])
    assert _figures("deuce-to-seven") == expected
    assert expected[Category.STRAIGHT] == (9180, 9) and expected[Category.FLUSH] == (5112, 1278)


def test_badugi_four_cards() -> None:
    keys = [badugi_key(h) for h in combinations_array(52, 4).tolist()]
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
