"""Courchevel in PHH (the library's codes ``PCO`` and ``PCO/8``): five hole cards and the
first flop card dealt face up before the first betting round, then two board cards, one and
one; settled as Omaha (hi-lo) with five hole cards, on the Python path (the kernel replays
no such variant)."""

from __future__ import annotations

import random

import pytest

from helpers.kernel_compare import assert_same, kernel_share
from showdown.hands import native
from showdown.phh import IllegalAction, loads, replay
from showdown.phh.allin_ev import all_in_ev
from showdown.phh.corpus.batches import kernel_shapes
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory, dumps
from showdown.phh.settlement import settle
from showdown.phh.variant_rules import find


def hand(actions: list[str], variant: str = "PCO", stacks: tuple[int, ...] = (300, 300, 300),
         **fields: object) -> str:
    n = len(stacks)
    data: dict[str, object] = {"variant": variant, "antes": [0] * n,
                               "blinds_or_straddles": [1, 2] + [0] * (n - 2), "min_bet": 2,
                               "starting_stacks": list(stacks)} | fields
    lines = [f"{k} = {v!r}".replace("'", '"') for k, v in data.items()]
    lines.append("actions = [" + ", ".join(f'"{a}"' for a in actions) + "]")
    return "\n".join(lines)


HOLES = ["d dh p1 As2sKhKc8d", "d dh p2 Ah3d7cJhJs", "d dh p3 QsQd7h5cTs"]


def illegal(text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        replay(loads(text, "t.phh"))
    return info.value


def test_the_face_up_card_comes_before_the_first_round_and_the_flop_adds_two() -> None:
    assert [(len(s.hole), s.board) for s in find("PCO/8").streets] == [(5, 1), (0, 2), (0, 1),
                                                                        (0, 1)]
    s = settle(loads(hand([*HOLES, "d db 4d", "p3 cbr 7", "p1 cc", "p2 cc", "d db 6h2c",
                           "p1 cc", "p2 cbr 21", "p3 f", "p1 cc", "d db Kd", "p1 cc", "p2 cc",
                           "d db 9s", "p1 cc", "p2 cc", "p1 sm As2sKhKc8d", "p2 sm Ah3d7cJhJs"],
                          "PCO/8")))
    assert s.replay.board == ["4d", "6h", "2c", "Kd", "9s"]
    assert s.replay.contributed == [28, 28, 7]
    # the kings take the high half; A-3 with 6-4-2 the low half (A-2 pairs the board's deuce)
    assert s.winnings == [32, 31, 0] and s.showdown is not None
    assert s.showdown.payouts == {1: 32, 2: 31}


def test_nobody_acts_before_the_face_up_card() -> None:
    err = illegal(hand([*HOLES, "p3 cc"]))
    assert (err.rule, err.index) == ("dealing order", 3)
    assert "the board card must be dealt (d db) before anyone acts" in str(err)
    err = illegal(hand([*HOLES, "d db 4d6h2c"]))
    assert "this street deals 1 board cards, not 3" in str(err)
    err = illegal(hand([*HOLES, "d db 4d", "p3 cc", "p1 cc", "p2 cc", "d db 6h2cKd"]))
    assert "this street deals 2 board cards, not 3" in str(err)


@pytest.mark.parametrize("variant", ["PO", "P5O", "NT"])
def test_a_board_card_before_the_first_round_is_refused_in_the_other_games(variant: str) -> None:
    cards = {"PO": 4, "P5O": 5, "NT": 2}[variant]
    holes = [f"d dh p{i + 1} {'??' * cards}" for i in range(3)]
    err = illegal(hand([*holes, "d db 4d", "p3 cc"], variant))
    assert (err.rule, err.index, err.action) == ("dealing order", 3, "d db 4d")
    assert "no board cards are due now" in str(err)


def test_a_hand_won_before_the_flop_keeps_its_one_board_card() -> None:
    s = settle(loads(hand([*HOLES, "d db 4d", "p3 cbr 7", "p1 f", "p2 f"])))
    assert s.table is not None and [str(c) for c in s.table.board] == ["4d"]
    assert s.finishing == [299, 298, 303]


def test_run_twice_from_the_first_round_keeps_the_face_up_card_in_both_runs() -> None:
    text = hand(["d dh p1 As2sKhKc8d", "d dh p2 Ah3d7cJhJs", "d db 4d", "p2 cbr 6", "p1 cbr 18",
                 "p2 cbr 54", "p1 cbr 100", "p2 cc", "d db 6h2c", "d db Kd", "d db 9s",
                 "d db 3h5c", "d db Qc", "d db Ts"], "PCO/8", (100, 100), _runout_count=2)
    s = settle(loads(text))
    assert s.replay.boards == [["4d", "6h", "2c", "Kd", "9s"], ["4d", "3h", "5c", "Qc", "Ts"]]
    assert sum(s.finishing or []) == 200


def test_the_all_in_ev_counts_the_face_up_card_as_the_board() -> None:
    text = hand(["d dh p1 As2sKhKc8d", "d dh p2 Ah3d7cJhJs", "d db 4d", "p2 cbr 6", "p1 cbr 18",
                 "p2 cbr 54", "p1 cbr 100", "p2 cc", "d db 6h2c", "d db Kd", "d db 9s",
                 "p1 sm As2sKhKc8d", "p2 sm Ah3d7cJhJs"], "PCO/8", (100, 100))
    ev = all_in_ev(settle(loads(text)))
    assert ev is not None and ev.note is None
    assert (ev.street, ev.board) == ("preflop", ("4d",))
    assert sum(ev.expected) == 200 and ev.won == (100, 100)


def test_the_hands_go_back_and_forth_through_the_text() -> None:
    h = loads(hand([*HOLES, "d db 4d", "p3 cbr 7", "p1 f", "p2 f"]))
    assert settle(loads(dumps(h))).finishing == settle(h).finishing


@pytest.mark.parametrize("code", ["PCO", "PCO/8"])
def test_random_hands_take_the_python_path_and_settle_as_it(code: str) -> None:
    assert code not in kernel_shapes()
    rng = random.Random(code)
    hands = []
    for _ in range(60):
        n = rng.randint(2, 6)
        stacks = [rng.choice([5, 40, 100, 200]) for _ in range(n)]
        hands.append(random_hand(rng, header(code, stacks), fold=0.3, rules=find(code),
                                 unknown=rng.choice([0, 0.3])))
    assert all(h.fields["actions"][n_holes(h)].startswith("d db ") for h in hands)
    assert_same(hands)
    if native.current() == "native":
        assert kernel_share(hands) == 0.0
    for h in hands:
        s = settle(h)
        assert s.finishing is None or sum(s.finishing) == sum(h.fields["starting_stacks"])


def n_holes(h: HandHistory) -> int:
    """The number of hole deals at the start of a hand's actions."""
    return next(k for k, a in enumerate(h.fields["actions"]) if not a.startswith("d dh"))
