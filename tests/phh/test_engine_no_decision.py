"""A player with nothing to decide is not asked (the rooms skip them), and recorded
winnings that count a returned bet are read so even when the house took a rake."""

from __future__ import annotations

import pytest

from showdown.phh.corpus.batches import settle_each
from showdown.phh.errors import IllegalAction
from showdown.phh.notation import loads
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

#: p1 (small blind, 100 chips) calls all in for less; p2's big blind of 120 covers it.
SHORT_CALL = '''variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [60, 120, 0]
min_bet = 120
starting_stacks = [100, 1000, 1000]
actions = ["d dh p1 6c5d", "d dh p2 4cJh", "d dh p3 3d2s", "p3 f", "p1 cc", {check}
           "d db 9d6s5h", "d db Js", "d db 2d", "p1 sm 6c5d", "p2 sm 4cJh"]
'''


@pytest.mark.parametrize("check", ["", '"p2 cc",'])
def test_the_big_blind_need_not_check(check: str) -> None:
    hand = loads(SHORT_CALL.format(check=check))
    s = settle(hand)
    assert s.finishing == [200, 900, 1000]  # 100 each, p1's two pair; 20 back to p2
    assert s.replay.inferred == []
    [fast] = settle_each([hand])
    assert not isinstance(fast, Exception) and fast.finishing == s.finishing


def test_a_player_who_could_still_bet_is_asked() -> None:
    # p2 and p3 both have chips after p1's all-in call: p2 must act before the flop
    text = SHORT_CALL.format(check="").replace('"p3 f", ', "").replace(
        '"p1 cc",', '"p3 cc", "p1 cc",')
    with pytest.raises(IllegalAction, match="no board cards are due now"):
        settle(loads(text))


def test_winnings_counting_the_returned_bet_after_rake() -> None:
    # p2 raises to 10, p1 calls all in for 8: 2 back to p2, who wins 16 less a rake of 1
    # and is recorded as collecting 17 (the 15 paid and the 2 returned)
    text = '''variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [8, 50]
actions = ["d dh p1 7c2d", "d dh p2 AsAh", "p2 cbr 10", "p1 cc",
           "d db 9d6s5h", "d db Js", "d db 2c", "p1 sm 7c2d", "p2 sm AsAh"]
winnings = [0, 17]
_rake = 1
'''
    v = verify(settle(loads(text)))
    assert v.cls == "rake" and v.differences == [(1, 16, 15)]
    assert verify(settle(loads(text.replace("[0, 17]", "[0, 14]")))).cls == "mismatch"


def test_nor_before_a_draw() -> None:
    # deuce-to-seven single draw: p1 calls all in for less, p2 has nothing to decide
    text = '''variant = "N2L1D"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [2, 50, 50]
actions = ["d dh p1 7c5d4h3s2c", "d dh p2 KcKd9h8s6c", "d dh p3 AcAdAhAs8d", "p3 f",
           "p1 cc", "p1 sd", "p2 sd Kc", "d dh p2 Qh", "p1 sm 7c5d4h3s2c", "p2 sm"]'''
    s = settle(loads(text))
    assert s.finishing == [4, 48, 50]  # p1's 7-5-4-3-2, the best deuce-to-seven hand
