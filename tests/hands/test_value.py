"""The evaluator against the independent reference in ``tests/helpers/reference.py``
(SPEC R1-R5, R10).

Layers of evidence:

* all 2,598,960 five-card hands: ``evaluate_batch`` equals the numbering the
  numpy reference derives on its own, and the counts equal SPEC section 2;
* the numpy reference equals the plain-Python reference on one hand of every
  one of the 7,462 strengths (and random hands);
* every entry of the scalar tables is exercised: one hand per five-card
  strength, every 6- and 7-card rank multiset without a flush, and every
  5-, 6- and 7-card flush rank pattern in every suit;
* random 6-, 7-card and Omaha hands against the reference, and rank numbers
  against phevaluator and treys;
* every example of SPEC section 1 and the seeds.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import phevaluator
import pytest
import treys

from helpers import reference as ref
from helpers.oracles import SPEC_FIVE_CARD, SPEC_FIVE_CARD_WRAP
from showdown import Card, CardError, Category, evaluate, evaluate_ids_wrap
from showdown.categories import category_ranges
from showdown.hands import card_keys, ladders, packed
from showdown.hands.batch import evaluate_batch, evaluate_omaha_batch
from showdown.hands.rank_tables import build, nonflush_compact, rank_tables, row_starts
from showdown.hands.scalar import evaluate_omaha_ids, evaluator
from showdown.variants import HIGH, HIGH_WRAP

#: Every test here runs on the native kernel and on the numpy path (tests/conftest.py).
pytestmark = pytest.mark.usefixtures("backend")

RNG_SEED = 20261130


def ids(text: str) -> list[int]:
    return [Card.parse(t).id for t in text.split()]


def random_hands(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    """``n`` rows of ``k`` distinct card ids, uniformly random."""
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.int8)


# ------------------------------------------------------------ reference data


class Reference:
    """Reference codes of all five-card hands and the numbering derived from them."""

    def __init__(self, hands: np.ndarray, wrap: bool) -> None:
        self.wrap = wrap
        self.codes = ref.five_codes(hands, wrap)
        self.numbering = ref.Numbering(self.codes)
        _, self.first = np.unique(self.codes, return_index=True)  # one hand per strength

    def rank(self, hands: np.ndarray) -> np.ndarray:
        return self.numbering.rank(ref.best_codes(hands, self.wrap))

    def rank_of_key(self, key: tuple[int, tuple[int, ...]]) -> int:
        return int(self.numbering.rank(np.array([ref.encode(key)]))[0])


@cache
def _all_hands() -> np.ndarray:
    return ref.all_five_card_hands()


@cache
def _reference(wrap: bool) -> Reference:
    return Reference(_all_hands(), wrap)


@pytest.fixture(scope="module")
def all_hands() -> np.ndarray:
    return _all_hands()


@pytest.fixture(scope="module", params=[False, True], ids=["standard", "wrap"])
def reference(request: pytest.FixtureRequest) -> Reference:
    return _reference(request.param)


@pytest.fixture(scope="module")
def standard() -> Reference:
    return _reference(False)


# ------------------------------------------------------ exhaustive five cards


def test_combinations_array_is_every_subset_once(all_hands: np.ndarray) -> None:
    assert all_hands.shape == (2_598_960, 5)
    assert (np.diff(all_hands.astype(np.int64), axis=1) > 0).all()
    small = ref.combinations_array(9, 4)
    assert small.tolist() == [list(c) for c in combinations(range(9), 4)]


def test_every_five_card_hand_matches_reference(
    all_hands: np.ndarray, reference: Reference
) -> None:
    assert len(reference.numbering) == 7462
    ranks = evaluate_batch(all_hands, wrap=reference.wrap)
    assert ranks.dtype == np.uint16
    np.testing.assert_array_equal(ranks, reference.numbering.rank(reference.codes))


def test_categories_of_every_rank_match_reference(reference: Reference) -> None:
    ref_category = reference.numbering.codes[::-1] // 13**5  # index = rank - 1
    for category, ranks in category_ranges(reference.wrap).items():
        assert (ref_category[ranks.start - 1 : ranks.stop - 1] == int(category)).all()


@pytest.mark.parametrize("wrap", [False, True], ids=["standard", "wrap"])
def test_five_card_counts_match_spec(all_hands: np.ndarray, wrap: bool) -> None:
    ranks = evaluate_batch(all_hands, wrap=wrap)
    per_rank = np.bincount(ranks, minlength=7463)
    assert per_rank[0] == 0 and (per_rank[1:] > 0).all()
    expected = SPEC_FIVE_CARD_WRAP if wrap else SPEC_FIVE_CARD
    for category, span in category_ranges(wrap).items():
        counts = per_rank[span.start : span.stop]
        assert (int(counts.sum()), len(span)) == expected[category], category
    assert per_rank[1] == 4 and len(all_hands) // 4 == 649_740  # royal flush: 1 in 649,740
    if not wrap:
        pair = per_rank[category_ranges()[Category.PAIR].start]
        assert pair == 384  # 1,098,240 / 2,860 hands per pair strength
        straight = category_ranges()[Category.STRAIGHT]
        assert (per_rank[straight.start : straight.stop] == 1_020).all()


# --------------------------------------------- the two reference forms agree


def test_python_and_numpy_reference_agree_on_every_strength(
    all_hands: np.ndarray, reference: Reference
) -> None:
    rng = np.random.default_rng(RNG_SEED)
    extra = rng.choice(len(all_hands), 5000, replace=False)
    rows = np.concatenate([reference.first, extra])
    for hand, code in zip(all_hands[rows].tolist(), reference.codes[rows].tolist(), strict=True):
        assert ref.encode(ref.five_key(hand, reference.wrap)) == code, hand


def test_python_reference_orders_the_numbering(all_hands: np.ndarray, standard: Reference) -> None:
    keys = [ref.five_key(hand) for hand in all_hands[standard.first].tolist()]
    assert len(set(keys)) == 7462
    # ``first`` is in ascending code order, so the Python keys must ascend too.
    assert keys == sorted(keys)


# ------------------------------------------- scalar path: every table entry


def test_scalar_and_evaluate_on_one_hand_per_strength(
    all_hands: np.ndarray, reference: Reference
) -> None:
    wrap = reference.wrap
    scalar = evaluate_ids_wrap if wrap else evaluator()
    reps = all_hands[reference.first]
    expected = reference.numbering.rank(reference.codes[reference.first])
    for hand, rank in zip(reps.tolist(), expected.tolist(), strict=True):
        assert scalar(hand) == rank, hand
        value = evaluate(hand, game="five-card", wrap=wrap)
        assert value.rank == rank
        category, order = ref.five_key(hand, wrap)
        assert int(value.category) == category
        assert value.ranks == order
        assert tuple(c.rank for c in value.best_five) == order
        assert sorted(c.id for c in value.best_five) == sorted(hand)


def _no_flush_hands(n: int) -> np.ndarray:
    """One hand for every multiset of ``n`` ranks (at most four of a rank), never a flush.

    Ranks are sorted and suits dealt round-robin, so equal ranks get different
    suits and no suit gets more than two of seven cards.
    """
    rows = [r for r in combinations_with_replacement(range(13), n) if max(map(r.count, r)) <= 4]
    ranks = np.array(rows, dtype=np.int64)
    return (4 * ranks + np.arange(n) % 4).astype(np.int8)


def _flush_hands(n: int, rng: np.random.Generator) -> np.ndarray:
    """For every set of 5..n ranks, a hand with exactly those ranks in one suit.

    The flush suit cycles through all four; the other cards are random cards of
    the other suits, so the rest of the hand varies too.
    """
    out = []
    for size in range(5, n + 1):
        for i, held in enumerate(combinations(range(13), size)):
            suit = i % 4
            others = [c for c in range(52) if c % 4 != suit]
            rest = rng.choice(others, n - size, replace=False).tolist()
            out.append([4 * r + suit for r in held] + rest)
    hands = np.array(out, dtype=np.int8)
    return rng.permuted(hands, axis=1)  # card order must not matter


@pytest.mark.parametrize("n", [5, 6, 7])
def test_every_table_entry_for_n_cards(n: int, reference: Reference) -> None:
    rng = np.random.default_rng(RNG_SEED + n)
    hands = np.concatenate([_no_flush_hands(n), _flush_hands(n, rng)])
    expected = reference.rank(hands)
    np.testing.assert_array_equal(evaluate_batch(hands, wrap=reference.wrap), expected)
    scalar = evaluate_ids_wrap if reference.wrap else evaluator()
    got = [scalar(hand) for hand in hands.tolist()]
    np.testing.assert_array_equal(got, expected)


def test_every_suit_count_pattern_is_read_right(standard: Reference) -> None:
    """The suit keys: every split of 5-7 cards over the four suits, each suit as the big one."""
    rng = np.random.default_rng(RNG_SEED)
    hands = []
    for n in (5, 6, 7):
        for suits in combinations_with_replacement(range(4), n):
            for shift in range(4):
                pool = {s: rng.permutation(13).tolist() for s in range(4)}
                hands.append([4 * pool[(s + shift) % 4].pop() + (s + shift) % 4 for s in suits])
    for hand in hands:
        expected = standard.rank(np.array([hand]))[0]
        assert evaluator()(hand) == expected, hand
        assert evaluate_batch(np.array([hand]))[0] == expected


# ------------------------------------------------------------ random samples


@pytest.mark.parametrize("k", [6, 7])
def test_random_hands_match_numpy_reference(k: int, reference: Reference) -> None:
    rng = np.random.default_rng(RNG_SEED + k)
    hands = random_hands(rng, 60_000, k)
    expected = reference.rank(hands)
    np.testing.assert_array_equal(evaluate_batch(hands, wrap=reference.wrap), expected)
    scalar = evaluate_ids_wrap if reference.wrap else evaluator()
    np.testing.assert_array_equal([scalar(h) for h in hands.tolist()], expected)


@pytest.mark.parametrize("k", [5, 6, 7])
def test_random_hands_match_python_reference(k: int, reference: Reference) -> None:
    rng = np.random.default_rng(RNG_SEED - k)
    for hand in random_hands(rng, 400, k).tolist():
        key = ref.best_key(hand, reference.wrap)
        value = evaluate(hand[:2], board=hand[2:], wrap=reference.wrap)
        assert value.rank == reference.rank_of_key(key), hand
        assert (int(value.category), value.ranks) == key
        assert {c.id for c in value.best_five} <= set(hand)


OMAHA_SHAPES = [(h, b) for h in (4, 5, 6) for b in (3, 4, 5)]


@pytest.mark.parametrize(("n_hole", "n_board"), OMAHA_SHAPES)
def test_omaha_matches_reference(n_hole: int, n_board: int, reference: Reference) -> None:
    rng = np.random.default_rng(RNG_SEED + 10 * n_hole + n_board)
    cards = random_hands(rng, 4000, n_hole + n_board)
    hole, board = cards[:, :n_hole], cards[:, n_hole:]
    wrap = reference.wrap
    expected = reference.numbering.rank(ref.omaha_codes(hole, board, wrap))
    np.testing.assert_array_equal(evaluate_omaha_batch(hole, board, wrap=wrap), expected)
    got = [
        evaluate_omaha_ids(h, b, wrap) for h, b in zip(hole.tolist(), board.tolist(), strict=True)
    ]
    np.testing.assert_array_equal(got, expected)
    for h, b in zip(hole[:40].tolist(), board[:40].tolist(), strict=True):
        key = ref.omaha_key(h, b, wrap)
        value = evaluate(h, board=b, game="omaha", wrap=wrap)
        assert (value.rank, int(value.category), value.ranks) == (
            reference.rank_of_key(key),
            *key,
        )
        best = {c.id for c in value.best_five}
        assert len(best & set(h)) == 2 and len(best & set(b)) == 3


# ------------------------------------------------------- other libraries agree


@pytest.mark.parametrize("k", [5, 6, 7])
def test_rank_numbers_match_phevaluator_and_treys(k: int) -> None:
    rng = np.random.default_rng(RNG_SEED * k)
    hands = random_hands(rng, 3000, k).tolist()
    treys_eval = treys.Evaluator()
    treys_cards = [treys.Card.new(str(Card.from_id(i))) for i in range(52)]
    for hand in hands:
        ours = evaluator()(hand)
        assert ours == phevaluator.evaluate_cards(*hand), hand
        tc = [treys_cards[i] for i in hand]
        assert ours == treys_eval.evaluate(tc[:2], tc[2:]), hand


# ------------------------------------------------------------ seed examples


@pytest.mark.parametrize(
    ("winner", "loser", "position"),
    [
        ("Kh Kd 4s 4c Ac", "Qs Qc Jh Jd Kc", 0),  # R2: (K,4,A) vs (Q,J,K), decided on K vs Q
        ("Ah Jd 9c 5s 3h", "As Jc 8d 7h 6c", 2),  # high card: third card, 9 vs 8
        ("Ah Ad Kc 7s 2h", "As Ac Qd Jh Tc", 2),  # pair: third card, K vs Q
        ("Kh Kd 3s 3c 2h", "Qs Qc Jh Jd Ac", 0),  # two pair: high pair first
        ("3h 3d 3s Ac Ah", "2s 2c 2h Kd Kc", 0),  # full house: trips decide
        ("9h 9d 9s 2c 2h", "8s 8c 8h Ad Ac", 0),  # ... even against a pair of aces
        ("Ah Kd 9c 5s 3h", "Ks Qc Jd 9h 8c", 0),  # ace high beats king high (seed 002)
        ("Ah Ad 4c 3s 2h", "Ks Kc Qd Jh Tc", 0),  # aces beat kings, kickers unseen
        ("2h 3d 4c 5s 6h", "Ah 2d 3c 4s 5c", 0),  # the wheel is the lowest straight
        ("Ah 2d 3c 4s 5c", "Ac Ad As Kh Qc", None),  # ... but still a straight
        ("As 2s 3s 4s 5s", "Ah Ad Ac As Kh", None),  # steel wheel beats quads
        ("6s 2s 3s 4s 5s", "As 2s 3s 4s 5s", 0),  # ... and is the lowest straight flush
        ("Ah 2h 3h 4h 6h", "Ks Qs Js 9s 8s", 0),  # A-2-3-4-6 suited: an ace-high flush
    ],
)
def test_seed_comparisons(winner: str, loser: str, position: int | None) -> None:
    a = evaluate(winner, game="five-card")
    b = evaluate(loser, game="five-card")
    assert a > b and b < a and a != b
    if position is not None:
        assert a.category == b.category
        assert a.ranks[:position] == b.ranks[:position]
        assert a.ranks[position] > b.ranks[position]


def test_wheel_and_steel_wheel_are_the_lowest_of_their_kind() -> None:
    wheel = evaluate("Ah 2d 3c 4s 5c", game="five-card")
    steel = evaluate("As 2s 3s 4s 5s", game="five-card")
    assert wheel.category == Category.STRAIGHT
    assert wheel.rank == category_ranges()[Category.STRAIGHT].stop - 1
    assert steel.category == Category.STRAIGHT_FLUSH
    assert steel.rank == category_ranges()[Category.STRAIGHT_FLUSH].stop - 1
    assert [str(c) for c in steel.best_five] == ["5s", "4s", "3s", "2s", "As"]
    assert [c.rank_char for c in wheel.best_five] == ["5", "4", "3", "2", "A"]
    assert wheel.name == "Straight, five high"


def test_ace_low_flush_is_an_ace_high_flush() -> None:
    value = evaluate("Ah 2h 3h 4h 6h", game="five-card")
    assert value.category == Category.FLUSH
    assert [c.rank_char for c in value.best_five] == ["A", "6", "4", "3", "2"]


@pytest.mark.parametrize("text", ["Qh Kd As 2c 3d", "Kh Ad 2s 3c 4d", "Jh Qd Ks Ac 2d"])
def test_no_wrap_around_by_default(text: str) -> None:
    assert evaluate(text, game="five-card").category == Category.HIGH_CARD
    suited = " ".join(t[0] + "s" for t in text.split())
    assert evaluate(suited, game="five-card").category == Category.FLUSH
    ace_high = evaluate(text, game="five-card").best_five[0]
    assert ace_high.rank_char == "A"


def test_suits_never_break_ties() -> None:
    a = evaluate("A♠ A♥ K♣ Q♦ J♠", game="five-card")
    b = evaluate("A♣ A♦ K♥ Q♠ J♦", game="five-card")
    assert a == b and not a > b and not a < b and hash(a) == hash(b)
    assert a.ranks == b.ranks == (12, 12, 11, 10, 9)
    flush_s = evaluate("As Js 9s 5s 3s", game="five-card")
    flush_h = evaluate("Ah Jh 9h 5h 3h", game="five-card")
    assert flush_s == flush_h


def test_board_plays_and_everyone_ties() -> None:
    board = "A♣ K♦ Q♥ J♠ 10♣"  # seed 004
    a = evaluate("2♦ 2♥", board=board)
    b = evaluate("9♣ 9♦", board=board)
    assert a == b and a.category == Category.STRAIGHT
    assert [str(c) for c in a.best_five] == ["Ac", "Kd", "Qh", "Js", "Tc"]
    assert evaluator()(ids("2d 2h Ac Kd Qh Js Tc")) == evaluator()(ids("9c 9d Ac Kd Qh Js Tc"))


def test_seed_004_pair_of_aces_decided_by_kicker() -> None:
    board = "A♣ 9♦ 7♥ 4♠ 2♣"
    a = evaluate("A♦ K♥", board=board)
    b = evaluate("A♥ Q♦", board=board)
    assert a > b
    assert [c.rank_char for c in a.best_five] == ["A", "A", "K", "9", "7"]
    assert [c.rank_char for c in b.best_five] == ["A", "A", "Q", "9", "7"]


def test_sixth_and_seventh_cards_never_break_a_tie() -> None:
    board = "Ah Ad Kc Kd 7s"
    a = evaluate("Qc 2h", board=board)
    b = evaluate("Qs 3d", board=board)  # 3 beats 2, but it is not among the best five
    assert a == b and a.ranks == (12, 12, 11, 11, 10)
    six_a = evaluate("Qc 2h", board="Ah Ad Kc Kd")
    six_b = evaluate("Qs 3d", board="Ah Ad Kc Kd")
    assert six_a == six_b


def test_omaha_needs_two_hole_cards_for_a_flush() -> None:
    board = "Kh Qh Jh 7h 2c"
    assert evaluate("Ah 2d 3c 4s", board=board, game="omaha").category != Category.FLUSH
    assert evaluate("As 9d 3c 4s", board=board, game="omaha").category == Category.HIGH_CARD
    assert evaluate("Ah Th 3c 4s", board=board, game="omaha").category == Category.STRAIGHT_FLUSH
    assert evaluate("Ah 3h 3c 4s", board=board, game="omaha").category == Category.FLUSH
    # Five hearts on the board are no flush for a player holding none (or one).
    five_hearts = "Kh Qh Jh 7h 2h"
    assert evaluate("As 9d 3c 4s", board=five_hearts, game="omaha").category == Category.HIGH_CARD
    assert evaluate("Ah 9d 3c 4s", board=five_hearts, game="omaha").category == Category.HIGH_CARD
    assert evaluate("As 9d", board=five_hearts).category == Category.FLUSH  # hold'em: it plays
    # Hold'em with the same cards would take the board's four hearts.
    assert evaluate("Ah 2d", board=board).category == Category.FLUSH
    # Omaha: a pair in the hole and a pair on the board make quads.
    quads = evaluate("9s 9d 2h 3h", board="9h 9c Kd 5s 6c", game="omaha")
    assert quads.category == Category.FOUR_OF_A_KIND
    # A full house in hold'em needs four board cards here; Omaha allows three.
    assert evaluate("Ks 3d", board="Kh Kd 6c 6s 2c").category == Category.FULL_HOUSE
    trips = evaluate("Ks 3d 4h 8h", board="Kh Kd 6c 6s 2c", game="omaha")
    assert trips.category == Category.THREE_OF_A_KIND


def test_best_five_in_comparison_order() -> None:
    value = evaluate("Ac 4s Kh 4c Kd", game="five-card")
    assert [str(c) for c in value.best_five] == ["Kh", "Kd", "4s", "4c", "Ac"]
    assert value.ranks == (11, 11, 2, 2, 12)
    assert value.name == "Two pair, kings and fours"
    full = evaluate("2c Ah 2s Ad 2d", game="five-card")
    assert [c.rank_char for c in full.best_five] == ["2", "2", "2", "A", "A"]
    straight = evaluate("9c Kd Jh Ts Qc", game="five-card")
    assert [c.rank_char for c in straight.best_five] == ["K", "Q", "J", "T", "9"]
    seven = evaluate("4d 4h", board="4s 4c Ac Ad 3h")
    assert [c.rank_char for c in seven.best_five] == ["4", "4", "4", "4", "A"]
    assert seven.category == Category.FOUR_OF_A_KIND


def test_equal_fives_show_the_smallest_ids() -> None:
    """When several fives are worth the same, the one with the lowest card ids is shown."""
    value = evaluate("As Ah", board="Ad Ac Kh Kd Ks")
    assert [str(c) for c in value.best_five] == ["As", "Ah", "Ad", "Ac", "Kd"]
    plays = evaluate("Qs Qh", board="Ac Kd Qd Jh Ts")
    assert [str(c) for c in plays.best_five] == ["Ac", "Kd", "Qd", "Jh", "Ts"]
    omaha = evaluate("Ks Kh 2c 3c", board="Kd Kc 9h 9s 9d", game="omaha")
    assert [str(c) for c in omaha.best_five] == ["Ks", "Kh", "Kd", "Kc", "9d"]


def test_shown_five_is_the_smallest_among_equal_fives_on_random_hands() -> None:
    rng = np.random.default_rng(RNG_SEED + 99)
    ties = 0
    for hand in random_hands(rng, 3000, 7).tolist():
        ranked = sorted((evaluator()(five), five) for five in combinations(sorted(hand), 5))
        ties += ranked[0][0] == ranked[1][0]
        assert tuple(sorted(c.id for c in evaluate(hand).best_five)) == ranked[0][1]
    assert ties > 30  # the rule was exercised on hands with several equal best fives


@pytest.mark.parametrize(("hand", "outs"), [("Ah 2d 3c 4s", 4), ("5h 6d 7c 8s", 8)])
def test_straight_draw_outs(hand: str, outs: int) -> None:
    """SPEC section 2: drawing to A-2-3-4 has 4 outs, to 5-6-7-8 eight."""
    held = ids(hand) + ids("Kh")  # a fifth card that completes nothing
    hits = [
        c
        for c in range(52)
        if c not in held and evaluator()([*held[:4], c]) in category_ranges()[Category.STRAIGHT]
    ]
    assert len(hits) == outs


# ---------------------------------------------------------------- wrap (R10)


def test_wrap_straights_and_their_order() -> None:
    texts = [
        "Jh Qd Ks Ac 2d",
        "Qh Kd As 2c 3d",
        "Kh Ad 2s 3c 4d",
        "Ah 2d 3s 4c 5d",
        "2h 3d 4s 5c 6d",
    ]
    values = [evaluate(t, game="five-card", wrap=True) for t in texts]
    assert all(v.category == Category.STRAIGHT for v in values)
    assert values == sorted(values) and len(set(values)) == 5  # 2-high < 3 < 4 < wheel < 6
    assert [c.rank_char for c in values[0].best_five] == ["2", "A", "K", "Q", "J"]
    assert [c.rank_char for c in values[2].best_five] == ["4", "3", "2", "A", "K"]
    assert values[0].rank == category_ranges(wrap=True)[Category.STRAIGHT].stop - 1
    for text, value in zip(texts, values, strict=True):
        assert evaluate_ids_wrap(ids(text)) == value.rank
        assert evaluate_batch(np.array([ids(text)]), wrap=True)[0] == value.rank


def test_wrap_straight_flush_in_one_suit() -> None:
    sf = evaluate("Js Qs Ks As 2s", game="five-card", wrap=True)
    quads = evaluate("Ah Ad Ac As Kh", game="five-card", wrap=True)
    assert sf.category == Category.STRAIGHT_FLUSH and sf > quads
    assert sf.rank == 13  # the lowest of 13 straight flushes
    mixed = evaluate("Js Qs Ks As 2h", game="five-card", wrap=True)
    assert mixed.category == Category.STRAIGHT


def test_wrap_in_seven_cards_and_omaha() -> None:
    hand = "Qh Kd As 2c 3d 7h 8s"
    assert evaluate(hand).category == Category.HIGH_CARD
    wrapped = evaluate(hand, wrap=True)
    assert wrapped.category == Category.STRAIGHT
    assert evaluate_ids_wrap(ids(hand)) == wrapped.rank
    omaha = evaluate("Ah 2d 7c 7s", board="Qh Kc 3d", game="omaha", wrap=True)
    assert omaha.category == Category.STRAIGHT
    assert evaluate("Ah 2d 7c 7s", board="Qh Kc 3d", game="omaha").category == Category.PAIR


def test_wrap_ace_to_four_draw_has_eight_outs() -> None:
    held = ids("Ah 2d 3c 4s")
    straights = category_ranges(wrap=True)[Category.STRAIGHT]
    hits = [c for c in range(52) if c not in held and evaluate_ids_wrap([*held, c]) in straights]
    assert sorted({c // 4 for c in hits}) == [3, 11]  # a five or a king


# --------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("cards", "board", "game", "message"),
    [
        ("As Ks Qs Js", None, "holdem", "got 4 \\+ 0 = 4: 1 more card is missing"),
        ("As Ks", "Qs Js", "holdem", "1 more board card is missing"),
        ("As Ks Qs Js Ts 9s 8s 7s", None, "holdem", "at most 7 cards"),
            # finding 14: four hole cards with a board are an Omaha hand, not Hold'em
            ("Ah 2c 3d 4s", "Kh Qh Th", "holdem", 'has 2 hole cards, got 4 .*game="omaha"'),
            ("Ah", "Kh Qh Th 9h", "holdem", "has 2 hole cards, got 1"),
        ("As Ks", "Qs Js Ts 9s 8s 7s", "holdem", "board has at most 5 cards, got 6"),
        ("As Ks Qs", "Js Ts 9s", "omaha", "4 to 6 hole"),
        ("As Ks Qs Js Ts 9s 8s", "7s 6s 5s", "omaha", "4 to 6 hole"),
        ("As Ks Qs Js", "Ts 9s", "omaha", "3 to 5 board cards, got 2: 1 more missing"),
        ("As Ks Qs Js", "Ts 9s 8s 7s 6s 5s", "omaha", "3 to 5 board"),
        ("As Ks Qs Js", None, "five-card", "exactly 5"),
        ("As Ks Qs Js Ts 9s", None, "five-card", "exactly 5"),
        ("As Ks Qs Js Ts", "2c", "five-card", "no board"),
        ("As Ks Qs Js Ts", None, "pineapple", "unknown game"),
        ("As Ks Qs Js Ts", "As 2c", "holdem", "duplicate card As"),
        (["As", "Ks", "Qs", "Js", "Ks"], None, "five-card", "duplicate card Ks"),
        ([51, 47, 43, 39, 52], None, "five-card", "52"),
        ([51, 47, 43, 39, -1], None, "five-card", "-1"),
        ("As Ks Qs Js Xs", None, "five-card", "Xs"),
    ],
)
def test_evaluate_errors(cards: object, board: str | None, game: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate(cards, board=board, game=game)  # type: ignore[arg-type]


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64])
def test_fast_paths_take_numpy_ids(dtype: type) -> None:
    """Ids straight from a numpy array, small dtypes included (flush hands too)."""
    rng = np.random.default_rng(RNG_SEED + 7)
    hands = random_hands(rng, 3000, 7)
    flushes = _flush_hands(7, rng)[::50]
    for hand in np.concatenate([hands, flushes]).astype(dtype):
        expected = evaluator()(hand.tolist())
        assert evaluator()(hand) == expected
        assert evaluator()(hand[:5]) == evaluator()(hand[:5].tolist())
        assert evaluate_ids_wrap(hand) == evaluate_ids_wrap(hand.tolist())
        assert evaluate_omaha_ids(hand[:4], hand[4:]) == evaluate_omaha_ids(
            hand[:4].tolist(), hand[4:].tolist()
        )
    assert evaluator()(np.array([12, 8, 4, 0, 48], dtype=dtype)) == 10  # the steel wheel


@pytest.mark.parametrize("n", [0, 4, 8])
def test_fast_paths_reject_wrong_counts(n: int) -> None:
    hand = list(range(n))
    with pytest.raises(CardError, match=f"not {n}"):
        evaluator()(hand)
    with pytest.raises(CardError, match=f"not {n}"):
        evaluate_ids_wrap(hand)


def test_inputs_may_be_text_cards_or_ids() -> None:
    text = evaluate("As Ks", board="Qs Js Ts")
    cards = evaluate([Card.parse("As"), Card.parse("Ks")], board=ids("Qs Js Ts"))
    numbers = evaluate(np.array(ids("As Ks")), board=(c for c in ids("Qs Js Ts")))
    assert text.rank == cards.rank == numbers.rank == 1
    assert text.to_json() == {
        "category": "straight_flush",
        "rank": 1,
        "best_five": ["As", "Ks", "Qs", "Js", "Ts"],
        "description": text.describe("en"),
    }


def _all_games() -> Iterator[tuple[str, int, int]]:
    yield from (("holdem", 2, b) for b in (3, 4, 5))
    yield from (("omaha", h, b) for h in (4, 5, 6) for b in (3, 4, 5))
    yield ("five-card", 5, 0)


@pytest.mark.parametrize(("game", "n_hole", "n_board"), list(_all_games()))
def test_every_game_shape_is_accepted(game: str, n_hole: int, n_board: int) -> None:
    rng = np.random.default_rng(n_hole * 10 + n_board)
    cards = rng.permutation(52)[: n_hole + n_board].tolist()
    value = evaluate(cards[:n_hole], board=cards[n_hole:] or None, game=game)
    assert 1 <= value.rank <= 7462 and len(value.best_five) == 5


# ------------------------------------------------------ tables and start-up


def test_shipped_tables_equal_a_fresh_build() -> None:
    """rank_tables.bin holds what a build from the declaration gives now, byte for byte."""
    data = packed.read_bytes(packed.PACKED_PATH)
    assert data is not None, "src/showdown/hands/rank_tables.bin is missing"
    keys, values, flush = packed.unpack(data)
    fresh = build(HIGH)
    for n in (5, 6, 7):
        assert keys[n] == fresh.nonflush_keys[n].tolist()
        assert values[n] == fresh.nonflush_values[n].tolist()
    assert flush == fresh.flush.tolist()
    starts = {n: ladders.first_fit_starts(fresh.nonflush_keys[n]).tolist() for n in (5, 6, 7)}
    assert packed.pack(keys, values, flush, starts) == data
    shipped = rank_tables(HIGH)  # the numpy form, read straight from the bytes
    for n in (5, 6, 7):
        np.testing.assert_array_equal(shipped.nonflush_keys[n], fresh.nonflush_keys[n])
        np.testing.assert_array_equal(shipped.nonflush_values[n], fresh.nonflush_values[n])
    np.testing.assert_array_equal(shipped.flush, fresh.flush)
    assert shipped.flush.dtype == fresh.flush.dtype == np.uint16


def test_shipped_row_starts_equal_a_fresh_first_fit() -> None:
    """The compact batch tables' row starts in rank_tables.bin are what the first fit
    gives now."""
    for n in (5, 6, 7):
        fresh = ladders.first_fit_starts(ladders.multiset_keys(n))
        np.testing.assert_array_equal(row_starts(n), fresh)


@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("n", [5, 6, 7])
def test_compact_nonflush_tables_hold_every_rank(wrap: bool, n: int) -> None:
    """Every rank-key sum finds its own rank; no two sums share an entry."""
    ladder = HIGH_WRAP if wrap else HIGH
    numpy_tables = rank_tables(ladder)
    table, shift = nonflush_compact(ladder, n)
    sums = numpy_tables.nonflush_keys[n]
    index = sums + shift[sums >> ladders.NONFLUSH_ROW_BITS]
    assert len(np.unique(index)) == len(sums) and index.min() >= 0
    np.testing.assert_array_equal(table[index], numpy_tables.nonflush_values[n])
    assert table.nbytes < 256 * 1024  # the point: it fits in a core's L2 cache


def test_scalar_key_sums_stay_single_digit_ints() -> None:
    """Every partial sum of up to seven scalar card keys is below 2**30 in absolute value."""
    keys = sorted(card_keys.SCALAR_CARD_KEYS)
    for m in range(1, 8):
        # Extremes: the m largest (or smallest) keys; at most four cards share a rank.
        assert abs(sum(keys[-m:])) < 2**30 and abs(sum(keys[:m])) < 2**30


def test_import_and_first_evaluation_need_no_numpy() -> None:
    code = (
        "import sys, showdown\n"
        "assert showdown.evaluate_ids([0, 5, 10, 15, 20, 25, 30]) > 0\n"
        "assert showdown.evaluate('As Kd', board='Qh Jc 9s 4d 2c').rank > 0\n"
        "assert 'numpy' not in sys.modules, 'numpy imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_import_loads_only_the_light_path() -> None:
    """``import showdown`` and a first ``evaluate_ids`` load the kernel's loader and the
    scalar path only: no numpy, game, variants, cards, typing or table builder (every
    export is lazy). Both backends read the shipped rank tables without numpy."""
    code = (
        "import sys, showdown\n"
        "assert 'showdown.hands.value' not in sys.modules and 'showdown.cards' not in sys.modules\n"
        "assert showdown.evaluate_ids([0, 5, 10, 15, 20, 25, 30]) > 0\n"
        "heavy = ('numpy', 'dataclasses', 'secrets', 'hashlib', 'typing', 'enum',\n"
        "         'showdown.game', 'showdown.variants', 'showdown.cards',\n"
        "         'showdown.categories', 'showdown.hands.value', 'showdown.hands.ladders')\n"
        "loaded = sorted(m for m in sys.modules if m.startswith(heavy))\n"
        "assert not loaded, loaded\n"
        "from showdown import Card, HandValue, evaluate\n"
        "assert 'showdown.hands.value' in sys.modules and 'numpy' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
