"""Games PHH has no code for (pot-limit Hold'em, five-card Omaha, pot-limit Omaha hi-lo,
five-card draw): the library's extension codes, read from PokerStars' files, replayed and
settled; and PHH's N2L1D is deuce-to-seven."""

from __future__ import annotations

import random

import pokerkit
import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus.batches import settle_each
from showdown.phh.corpus.read import read_file
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.settlement import settle
from showdown.phh.variant_rules import EXTENSIONS, find
from showdown.phh.verification import verify
from showdown.variants import find_variant


def _hands() -> list[HandHistory]:
    _, hands = read_file(ROOMS / "pokerstars-handwritten-more-games.txt")
    assert all(isinstance(h, HandHistory) for h in hands), hands
    return hands  # type: ignore[return-value]


def test_each_game_reads_settles_and_verifies() -> None:
    hands = _hands()
    assert [h.fields["variant"] for h in hands] == ["N5CD", "F5CD", "PT", "P5O", "PO/8"]
    won = []
    for hand in hands:
        s = settle(hand)
        assert verify(s).cls == "rake"  # the winners' amounts less the rake written
        again = settle(loads(dumps(hand)))
        assert (again.finishing, again.winnings) == (s.finishing, s.winnings)
        won.append(s.winnings)
    # the flush beats three aces after the draw; the full house the straight; the set
    # of eights two pair; the Queen-high Omaha straight (Q J + T 9 8) the ten-high one;
    # in Omaha hi-lo the straight takes the high half, A-2 the low half (1.35 each)
    assert won == [[0, 0, 365], [0, 0, 125], [0, 3375, 0], [0, 175, 0], [0, 135, 135]]


def test_the_draw_and_its_bets() -> None:
    nl, fixed = _hands()[:2]
    assert nl.fields["actions"][4:7] == ["p2 sd 7c4s2d", "p3 sd ??", "d dh p2 Kd9cAc"]
    assert (fixed.fields["small_bet"], fixed.fields["big_bet"]) == (0.1, 0.2)
    # fixed limit: the small bet before the draw, the big bet after it
    assert [s.bet for s in find("F5CD").streets] == ["small", "big"]


def test_pokerkit_does_not_read_the_extension_codes() -> None:
    hand = _hands()[2]
    with pytest.raises(KeyError):
        list(pokerkit.HandHistory.loads(dumps(hand)))


@pytest.mark.parametrize("code", sorted(EXTENSIONS))
def test_random_hands_of_each_extension_conserve_chips_on_both_paths(code: str) -> None:
    rng = random.Random(code)
    hands = []
    for _ in range(40):
        n = rng.randint(2, 6 if "O" in code or code == "PT" else 4)
        stacks = [rng.choice([5, 40, 100, 200]) for _ in range(n)]
        hands.append(random_hand(rng, header(code, stacks), fold=0.3, rules=find(code)))
    for hand, fast in zip(hands, settle_each(hands), strict=True):
        slow = settle(hand)
        assert not isinstance(fast, Exception)
        assert fast.finishing == slow.finishing
        assert slow.finishing is not None
        assert sum(slow.finishing) == sum(hand.fields["starting_stacks"])


def test_n2l1d_is_deuce_to_seven() -> None:
    # PHH's N2L1D: no-limit deuce-to-seven lowball single draw (not ace-to-five)
    assert find_variant("N2L1D").key == "deuce-to-seven" == find("N2L1D").game
    assert find_variant("a-5").key == "ace-to-five"
    text = '''variant = "N2L1D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 As2c3d4h5s", "d dh p2 8c6d4s3h2d", "p2 cc", "p1 cc",
           "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sm As2c3d4h5s", "p2 sm 8c6d4s3h2d"]'''
    # ace-to-five would make A-2-3-4-5 the best low; in deuce-to-seven the ace is high
    # and A-5-4-3-2 no straight: ace high, worse than 8-6-4-3-2
    assert settle(loads(text)).winnings == [0, 4]
