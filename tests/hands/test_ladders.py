"""Every new game against the independent reference of ``tests/helpers/reference_games.py``.

Exhaustive where the issue asks (every short-deck five-card hand, every five-card
hand for ace-to-five and deuce-to-seven, every four-card badugi hand), large
random samples for seven-card short deck, stud, razz, stud hi-lo and Omaha
hi-lo, pokerkit's evaluators on random hands, and hypothesis properties.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from itertools import pairwise

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers.reference import combinations_array
from helpers.reference_games import (
    Key,
    ace_to_five_key,
    badugi_key,
    best_of,
    deuce_to_seven_key,
    eight_or_better_key,
    high_key,
    omaha_best,
    short_deck_key,
)
from showdown import Card, CardError, evaluate, evaluate_batch, evaluate_omaha_batch
from showdown.hands.ladder_scalar import ladder_ids
from showdown.hands.ladders import no_hand
from showdown.hands.value import HiLoValue
from showdown.variants import ACE_TO_FIVE, BADUGI, DEUCE_TO_SEVEN, EIGHT_OR_BETTER, SHORT_DECK

SHORT_DECK_IDS = list(range(16, 52))


def dense_ranks(keys: Sequence[Key]) -> np.ndarray:
    """1 for the best key, 2 for the next distinct one, ... (the library's numbering)."""
    distinct = sorted(set(keys), reverse=True)
    number = {key: n for n, key in enumerate(distinct, start=1)}
    return np.array([number[k] for k in keys])


def test_every_short_deck_five_card_hand() -> None:
    """All 376,992 hands of the 36-card deck, both rule options."""
    from showdown.variants import find_variant

    hands = combinations_array(36, 5).astype(np.intp) + 16
    assert len(hands) == 376_992
    for trips in (False, True):
        expected = _class_reference(hands, partial(short_deck_key, trips_beat_straight=trips), True)
        values = evaluate_batch(hands, game=find_variant("short-deck", trips_beat_straight=trips))
        assert expected.max() == SHORT_DECK.size
        assert np.array_equal(values, expected)
        for row in range(0, len(hands), 4999):
            cards = [Card.from_id(i) for i in hands[row].tolist()]
            value = evaluate(
                cards[:2], board=cards[2:], game="short-deck", trips_beat_straight=trips
            )
            assert value.rank == expected[row]


def _class_reference(
    hands: np.ndarray, key: Callable[[Sequence[int]], Key], with_flush: bool
) -> np.ndarray:
    """The reference rank of every hand, computing ``key`` once per class of hands with
    the same rank multiset (and, if ``with_flush``, the same answer to "one suit?")."""
    counts = np.zeros((len(hands), 13), dtype=np.int64)
    for column in hands.T:
        counts[np.arange(len(hands)), column >> 2] += 1
    code = counts @ (5 ** np.arange(13, dtype=np.int64))
    if with_flush:
        suits = hands & 3
        code = code * 2 + (suits == suits[:, :1]).all(axis=1)
    _, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    class_keys = [key(hands[i].tolist()) for i in first.tolist()]
    return dense_ranks(class_keys)[inverse.ravel()]


@pytest.mark.parametrize(
    ("game", "key", "with_flush", "size"),
    [
        ("ace-to-five", ace_to_five_key, False, ACE_TO_FIVE.size),
        ("deuce-to-seven", deuce_to_seven_key, True, DEUCE_TO_SEVEN.size),
    ],
)
def test_every_five_card_lowball_hand(
    game: str, key: Callable[[Sequence[int]], Key], with_flush: bool, size: int
) -> None:
    """All 2,598,960 hands: the batch path equals the reference's numbering."""
    hands = combinations_array(52, 5).astype(np.intp)
    expected = _class_reference(hands, key, with_flush)
    values = evaluate_batch(hands, game=game)
    assert int(expected.max()) == size
    assert np.array_equal(values, expected)
    rng = np.random.default_rng(12)
    for row in rng.choice(len(hands), 300, replace=False).tolist():
        ids = hands[row].tolist()
        assert evaluate([Card.from_id(i) for i in ids], game=game).rank == expected[row]


def test_every_four_card_badugi_hand() -> None:
    """All 270,725 four-card hands."""
    hands = combinations_array(52, 4).astype(np.intp)
    expected = dense_ranks([badugi_key(row) for row in hands.tolist()])
    assert int(expected.max()) == BADUGI.size
    assert np.array_equal(evaluate_batch(hands, game="badugi"), expected)
    rng = np.random.default_rng(4)
    for row in rng.choice(len(hands), 300, replace=False).tolist():
        ids = hands[row].tolist()
        assert ladder_ids(ids, BADUGI) == expected[row]
        assert evaluate([Card.from_id(i) for i in ids], game="badugi").rank == expected[row]


def _check_order(values: Sequence[int], keys: Sequence[Key | None], none: int) -> None:
    """``values`` (1 = best) order the hands exactly as the reference ``keys`` do."""
    pairs = sorted(zip(keys, values, strict=True), key=lambda kv: (kv[0] is not None, kv[0]))
    for (k1, v1), (k2, v2) in pairwise(pairs):
        if k2 is None:
            continue
        if k1 is None:
            assert v1 == none, "a hand without a qualifying low got a value"
            continue
        assert (v1 == v2) == (k1 == k2), (k1, k2, v1, v2)
        assert v1 >= v2, (k1, k2, v1, v2)
    assert all(v == none for k, v in pairs if k is None)


def _deals(deck: Sequence[int], size: int, count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(list(deck), size) for _ in range(count)]


@pytest.mark.parametrize(
    ("game", "ladder_index", "five_key", "deck"),
    [
        ("short-deck", 0, short_deck_key, SHORT_DECK_IDS),
        ("stud", 0, high_key, range(52)),
        ("razz", 0, ace_to_five_key, range(52)),
        ("stud-hi-lo", 0, high_key, range(52)),
        ("stud-hi-lo", 1, eight_or_better_key, range(52)),
    ],
)
def test_seven_card_games_against_the_reference(
    game: str, ladder_index: int, five_key: Callable[..., Key | None], deck: Sequence[int]
) -> None:
    deals = _deals(deck, 7, 2500, seed=len(game) * 10 + ladder_index)
    batch = evaluate_batch(np.array(deals), game=game)
    if batch.ndim == 2:
        batch = batch[:, ladder_index]
    keys = [best_of(d, five_key) for d in deals]
    values = batch.tolist()
    ladder = [SHORT_DECK, EIGHT_OR_BETTER][ladder_index] if game != "razz" else ACE_TO_FIVE
    _check_order(values, keys, no_hand(ladder))
    for d, v in zip(deals[:400], values[:400], strict=True):
        value = evaluate([Card.from_id(i) for i in d], game=game)
        half = value.values[ladder_index] if isinstance(value, HiLoValue) else value
        assert (half.rank if half is not None else no_hand(ladder)) == v


def test_seven_card_short_deck_with_trips_above_straights() -> None:
    deals = _deals(SHORT_DECK_IDS, 7, 2000, seed=77)
    from showdown.variants import find_variant

    values = evaluate_batch(
        np.array(deals), game=find_variant("short-deck", trips_beat_straight=True)
    )
    keys = [best_of(d, lambda c: short_deck_key(c, True)) for d in deals]
    _check_order(values.tolist(), keys, 0)


@pytest.mark.parametrize("hole_size", [4, 5])
def test_omaha_hi_lo_against_the_reference(hole_size: int) -> None:
    deals = _deals(range(52), hole_size + 5, 800, seed=hole_size)
    holes = np.array([d[:hole_size] for d in deals])
    boards = np.array([d[hole_size:] for d in deals])
    batch = evaluate_omaha_batch(holes, boards, game="omaha-hi-lo")
    highs = [omaha_best(d[:hole_size], d[hole_size:], high_key) for d in deals]
    lows = [omaha_best(d[:hole_size], d[hole_size:], eight_or_better_key) for d in deals]
    _check_order(batch[:, 0].tolist(), highs, 0)
    _check_order(batch[:, 1].tolist(), lows, no_hand(EIGHT_OR_BETTER))
    for d, (high, low) in zip(deals[:300], batch.tolist(), strict=False):
        value = evaluate(
            [Card.from_id(i) for i in d[:hole_size]],
            board=[Card.from_id(i) for i in d[hole_size:]],
            game="omaha-hi-lo",
        )
        assert isinstance(value, HiLoValue)
        assert value.high.rank == high
        assert (value.low.rank if value.low else no_hand(EIGHT_OR_BETTER)) == low


def test_the_omaha_low_uses_exactly_two_hole_cards() -> None:
    """A-2-3-4 in hand and three high board cards: no low (the hand alone cannot play)."""
    value = evaluate("Ah 2c 3d 4s", board="Kh Qh Jh 5c 6d", game="omaha-hi-lo")
    assert isinstance(value, HiLoValue)
    assert value.low is None
    value = evaluate("Ah 2c Kd Ks", board="3h 4h 8c Qd Jd", game="omaha-hi-lo")
    assert value.low is not None and value.low.name == "Eight-four low"


# ------------------------------------------------------------ pokerkit


pokerkit = pytest.importorskip("pokerkit")


def _pk(ids: Sequence[int]) -> str:
    return "".join(str(Card.from_id(i)) for i in ids)


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


@pytest.mark.parametrize(
    ("game", "hand_class", "size", "deck"),
    [
        ("short-deck", "ShortDeckHoldemHand", 7, SHORT_DECK_IDS),
        ("deuce-to-seven", "StandardLowHand", 5, range(52)),
        ("ace-to-five", "RegularLowHand", 5, range(52)),
        ("razz", "RegularLowHand", 7, range(52)),
        ("stud", "StandardHighHand", 7, range(52)),
        ("badugi", "BadugiHand", 4, range(52)),
    ],
)
def test_pokerkit_agrees(game: str, hand_class: str, size: int, deck: Sequence[int]) -> None:
    """Random pairs of hands: pokerkit and showdown pick the same winner."""
    cls = getattr(pokerkit, hand_class)
    rng = random.Random(size * 31 + len(game))
    for _ in range(600):
        a, b = rng.sample(list(deck), size), rng.sample(list(deck), size)
        ours = _sign(
            evaluate([Card.from_id(i) for i in b], game=game).rank
            - evaluate([Card.from_id(i) for i in a], game=game).rank
        )
        ha, hb = cls.from_game(_pk(a)), cls.from_game(_pk(b))
        theirs = 1 if ha > hb else -1 if hb > ha else 0
        assert ours == theirs, (game, _pk(a), _pk(b))


def test_pokerkit_agrees_on_eight_or_better_lows() -> None:
    rng = random.Random(8)
    cls = pokerkit.OmahaEightOrBetterLowHand
    for _ in range(400):
        deal = rng.sample(range(52), 9)
        hole, board = deal[:4], deal[4:]
        value = evaluate(
            [Card.from_id(i) for i in hole], [Card.from_id(i) for i in board], game="omaha-hi-lo"
        )
        assert isinstance(value, HiLoValue)
        try:
            theirs = cls.from_game(_pk(hole), _pk(board))
        except ValueError:
            assert value.low is None
            continue
        assert value.low is not None
        their_ranks = {Card.parse(f"{c.rank.value}{c.suit.value}").rank for c in theirs.cards}
        assert set(value.low.ranks) == their_ranks


# ------------------------------------------------------------ properties

_GAMES = {
    "short-deck": (SHORT_DECK_IDS, 7),
    "razz": (range(52), 7),
    "stud-hi-lo": (range(52), 7),
    "deuce-to-seven": (range(52), 5),
    "ace-to-five": (range(52), 5),
    "badugi": (range(52), 4),
}


@given(
    st.sampled_from(sorted(_GAMES)), st.randoms(use_true_random=False), st.permutations(range(4))
)
def test_order_and_suit_relabelling_never_change_a_value(
    game: str, rng: random.Random, suits: list[int]
) -> None:
    deck, size = _GAMES[game]
    ids = rng.sample(list(deck), size)
    value = evaluate([Card.from_id(i) for i in ids], game=game)
    shuffled = ids[:]
    rng.shuffle(shuffled)
    relabelled = [4 * (i >> 2) + suits[i & 3] for i in shuffled]
    again = evaluate([Card.from_id(i) for i in relabelled], game=game)
    assert again == value
    batch = evaluate_batch(np.array([ids, relabelled]), game=game)
    assert batch[0].tolist() == batch[1].tolist()
    rank = value.high.rank if isinstance(value, HiLoValue) else value.rank
    assert int(np.atleast_1d(batch[0])[0]) == rank


# ------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("cards", "board", "game", "message"),
    [
        ("2h 6c", "7d 8s 9h Tc Jd", "short-deck", "2h is not in the Short deck"),
        ("As Ks Qs Js", None, "ace-to-five", "needs exactly 5 cards, got 4"),
        ("As Ks Qs Js Ts", None, "badugi", "needs exactly 4 cards, got 5"),
        ("As Ks Qs Js", "2c", "badugi", "has no board"),
        ("As Ks Qs Js Ts 9s 8s 7s", None, "razz", "needs 5 to 7 cards, got 8"),
        ("As Ks Qs Js Ts 9s", "2c 3c 4c", "omaha-hi-lo", "needs 4 to 5 hole cards, got 6"),
    ],
)
def test_bad_input(cards: str, board: str | None, game: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate(cards, board=board, game=game)


def test_batch_refuses_a_card_outside_the_deck() -> None:
    with pytest.raises(CardError, match="not in the short-deck deck"):
        evaluate_batch([[0, 20, 24, 28, 32]], game="short-deck")
    with pytest.raises(CardError, match="row 1 holds a card twice"):
        evaluate_batch([[0, 1, 2, 3, 4], [5, 5, 6, 7, 8]], game="razz")


def test_values_of_different_games_never_compare() -> None:
    """Issue 13 item 4: a TypeError naming both, and explain says the same."""
    from showdown import explain

    razz = evaluate("As 2c 3d 4h 5s 9c Kd", game="razz")
    stud = evaluate("As 2c 3d 4h 5s 9c Kd", game="stud")
    with pytest.raises(TypeError, match="an ace-to-five low hand with a standard hand"):
        _ = razz > stud
    with pytest.raises(TypeError, match="different games or rules"):
        explain(razz, stud)
    assert razz != stud
    wrap = evaluate("Qc Kd Ah 2s 3c", game="five-card", wrap=True)
    plain = evaluate("Qc Kd Ah 2s 3c", game="five-card")
    with pytest.raises(TypeError, match="wrap-around hand with a standard hand"):
        _ = wrap < plain


@pytest.mark.parametrize(
    ("lang", "high", "low"),
    [
        ("en", "Best high five:", "Best low five:"),
        ("es", "Cinco mejores (alta):", "Cinco mejores (baja):"),
        ("ru", "Лучшая пятёрка (хай):", "Лучшая пятёрка (лоу):"),
    ],
)
def test_eval_names_the_five_cards_of_each_half(lang: str, high: str, low: str) -> None:
    from showdown import parse_cards
    from showdown.commands.eval_cmd import format_eval

    hole, board = parse_cards("As 2s Kd Kh"), parse_cards("3c 4d 8s Kc Jh")
    value = evaluate(hole, board=board, game="omaha-hi-lo")
    lines = format_eval(value, hole, board, lang=lang, game="omaha-hi-lo").splitlines()
    assert any(line.startswith(high) and line.endswith("Kh Kd Kc Jh 8s") for line in lines)
    assert any(line.startswith(low) and line.endswith("8s 4d 3c 2s As") for line in lines)
    dry = parse_cards("Qc Td 8s Kc Jh")
    text = format_eval(evaluate(hole, board=dry, game="omaha-hi-lo"), hole, dry, lang=lang,
                       game="omaha-hi-lo")  # fmt: skip
    assert high in text and low not in text


def test_russian_stats_titles_decline_the_cards() -> None:
    from showdown.hands.variant_stats import game_stats
    from showdown.text.stats_report import format_stats

    assert "раздач по четыре карты," in format_stats(game_stats("badugi"), "ru")
    assert "раздач по пять карт," in format_stats(game_stats("ace-to-five"), "ru")
