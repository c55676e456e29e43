"""A hand run more than once (``_runout_count``): each run deals its own board, every pot
is cut into one part per run (odd chips to the earlier runs), each part settled on its
run's board; the room's files (PokerStars, GGPoker) read into it and verify."""

from __future__ import annotations

import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus.batches import settle_each
from showdown.phh.corpus.read import read_file
from showdown.phh.errors import IllegalAction, MalformedHistory
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

#: p3 folds its ante; p1 (AcAd) and p2 (KcKd) are all in preflop: 103 chips in the pot.
THREE = '''variant = "NT"
antes = [1, 1, 1]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [51, 100, 50]
_runout_count = {runs}
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2d", "p3 f", "p1 cbr 50", "p2 cc",
           {boards}]
'''
RUN_ONE = '"d db 2c3c4d", "d db 9s", "d db Jh"'
ROYAL = '"d db TsJsQs", "d db Ks", "d db As"'  # a royal flush on the board: a tie


def test_an_odd_pot_goes_to_the_first_run_and_a_tie_splits_its_part() -> None:
    s = settle(loads(THREE.format(runs=2, boards=f"{RUN_ONE}, {ROYAL}")))
    # 103 chips: 52 to the first run (aces win), 51 to the second (a tie: 26 to p1, the
    # first seat left of the button, 25 to p2).
    assert s.finishing == [52 + 26, 100 - 51 + 25, 49]
    assert s.winnings == [78, 25, 0]
    assert s.showdown is not None
    assert [(p.amount, p.shares) for p in s.showdown.pots] == [
        (52, {1: 52}), (51, {1: 26, 2: 25})]


def test_three_runs_and_one_run() -> None:
    three = f'{RUN_ONE}, {ROYAL.replace("As", "8d")}, "d db 5h6h7s", "d db Kh", "d db 8h"'
    s = settle(loads(THREE.format(runs=3, boards=three)))
    # 35, 34, 34: aces; the ace-high straight of the aces on TsJsQsKs8d; three kings
    assert s.winnings == [35 + 34, 34, 0]
    once = settle(loads(THREE.format(runs=1, boards=RUN_ONE)))
    assert once.winnings == [103, 0, 0] and once.replay.boards == []


def test_the_native_run_and_the_engine_agree() -> None:
    hand = loads(THREE.format(runs=2, boards=f"{RUN_ONE}, {ROYAL}"))
    [fast] = settle_each([hand])
    assert not isinstance(fast, Exception)
    assert fast.finishing == settle(hand).finishing


def test_a_run_not_dealt_yet_is_partial_and_a_wrong_count_is_named() -> None:
    partial = settle(loads(THREE.format(runs=2, boards=RUN_ONE)))
    assert verify(partial).cls == "partial" and partial.replay.partial == "3 board card(s) to deal"
    with pytest.raises(MalformedHistory, match="_runout_count must be a whole number"):
        settle(loads(THREE.format(runs=0, boards=RUN_ONE)))
    with pytest.raises(MalformedHistory, match="_runout_count must be a whole number"):
        settle(loads(THREE.format(runs='"2"', boards=RUN_ONE)))
    # An extra board without _runout_count is a dealing error, as before.
    with pytest.raises(IllegalAction, match="no board cards are due"):
        settle(loads(THREE.format(runs=1, boards=f"{RUN_ONE}, {ROYAL}")))


def test_a_hand_not_all_in_cannot_be_run_twice() -> None:
    text = '''variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
_runout_count = 2
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cc", "p1 cc", "d db 2c3c4d", "p1 cc", "p2 cc",
           "d db 9s", "p1 cc", "p2 cc", "d db Jh", "p1 cc", "p2 cc"]'''
    with pytest.raises(IllegalAction, match="only a hand all in before the last board card"):
        settle(loads(text))


def test_a_card_of_the_first_run_cannot_come_again() -> None:
    boards = f'{RUN_ONE}, "d db 2c5h6h", "d db Kh", "d db 8h"'
    with pytest.raises(IllegalAction, match="2c was already dealt"):
        settle(loads(THREE.format(runs=2, boards=boards)))


@pytest.mark.parametrize("name", ["pokerstars-handwritten-run-twice.txt",
                                  "ggpoker-handwritten-run-twice.txt"])
def test_rooms_hands_run_twice_verify_and_convert(name: str) -> None:
    _, hands = read_file(ROOMS / name)
    for hand in hands:
        assert isinstance(hand, HandHistory)
        s = settle(hand)
        v = verify(s)
        assert v.cls == "rake", v  # the winners got their parts less the rake written
        again = settle(loads(dumps(hand)))
        assert (again.finishing, again.winnings) == (s.finishing, s.winnings)


def test_the_rooms_parts_of_each_pot() -> None:
    _, [hand] = read_file(ROOMS / "ggpoker-handwritten-run-twice.txt")
    assert isinstance(hand, HandHistory)
    s = settle(hand)
    assert s.showdown is not None
    # main pot 12.15 (three players) and side pot 11.90 (two), each cut in two runs: the
    # first run's main part takes the odd cent; the straight wins run one, trip kings two
    assert [(p.amount, p.eligible, p.winners) for p in s.showdown.pots] == [
        (608, (1, 2, 3), (3,)), (595, (2, 3), (3,)),
        (607, (1, 2, 3), (2,)), (595, (2, 3), (2,))]
    assert hand.fields["winnings"] == [0, 11.77, 11.78] and hand.fields["_rake"] == 0.5


def test_a_hi_lo_hand_run_twice_halves_each_run() -> None:
    text = '''variant = "FO/8"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [4, 4, 50]
_runout_count = 2
actions = ["d dh p1 Ah2hKcKd", "d dh p2 QsQdJcJd", "d dh p3 7s7d8c9h",
           "p3 cc", "p1 cbr 4", "p2 cc", "p3 cc",
           "d db 3c4d5s", "d db Td", "d db Ts", "d db QhJh6c", "d db 2c", "d db 3s",
           "p1 sm Ah2hKcKd", "p2 sm QsQdJcJd", "p3 sm 7s7d8c9h"]'''
    s = settle(loads(text))
    # 12 chips, 6 a run. Run one: p1's wheel (A-2 with 3-4-5) is the best high and the
    # best low: all 6. Run two: p2's three queens take the high half (3), p3's
    # 8-7-6-3-2 the low half (3); p1's A-2 pairs the board's deuce, no low.
    assert s.winnings == [6, 3, 3]
    assert s.finishing == [6, 3, 49]
    assert s.showdown is not None
    second = s.showdown.pots[1]
    assert second.high is not None and second.low is not None
    assert (second.high.shares, second.low.shares) == ({2: 3}, {3: 3})
