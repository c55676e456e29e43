"""The counters of one hand, rule by rule: a handwritten PHH hand for each rule and edge of
the definitions, its counters asserted by name, and checked again against the engine's
own reading (helpers.hand_stats_reference) and the invariants every hand keeps."""

from __future__ import annotations

import json

import pytest

from helpers.hand_stats_reference import check_invariants, reference_stats
from helpers.phh_cases import in_decimals
from showdown.phh import loads
from showdown.phh.errors import MalformedHistory, UnsupportedVariant
from showdown.phh.notation import HandHistory
from showdown.tracker.hand_stats import WIDTH, hand_stats
from showdown.tracker.schema import STAT_COLUMNS

Row = dict[str, int]


def hand(actions: str, n: int = 6, variant: str = "NT", stacks: list[int] | None = None,
         blinds: list[int] | None = None, antes: list[int] | None = None,
         extra: str = "") -> HandHistory:
    """A hand's PHH text, its actions written ``"p3 f, p4 cbr 6, ..."``, read by loads."""
    sizes = "small_bet = 2\nbig_bet = 4" if variant.startswith("F") else "min_bet = 2"
    forced = ("bring_in = 1" if variant in ("F7S", "F7S/8", "FR")
              else f"blinds_or_straddles = {blinds or [1, 2] + [0] * (n - 2)}")
    listed = [a.strip() for a in actions.split(",") if a.strip()]
    return loads(f'variant = "{variant}"\nantes = {antes or [0] * n}\n{forced}\n{sizes}\n'
                 f"starting_stacks = {stacks or [200] * n}\nactions = {json.dumps(listed)}\n"
                 f"{extra}")


def stats(history: HandHistory, won: list[int] | None = None) -> list[Row]:
    """Each player's counters by name, checked against the engine's reading."""
    won = won or [0] * history.player_count
    rows = [dict(zip(STAT_COLUMNS, row, strict=True)) for row in hand_stats(history, won)]
    assert rows == reference_stats(history, won)
    check_invariants(rows)
    return rows


def taken(row: Row) -> set[str]:
    """The counters above 0."""
    return {k for k, v in row.items() if v}


def test_a_tuple_per_player_in_the_schema_columns_order() -> None:
    rows = hand_stats(hand("p3 f, p4 f, p5 f, p6 f, p1 f"), [0, 3, 0, 0, 0, 0])
    assert len(rows) == 6 and all(len(row) == WIDTH == len(STAT_COLUMNS) for row in rows)
    assert rows[0] == (1, 0, 0, 0, 0, 0, 0, 1) + (0,) * 13  # the small blind: vpip_opp, steal_opp


def test_a_big_blinds_walk_is_no_decision() -> None:
    sb, bb, btn = stats(hand("p3 f, p1 f", n=3), [0, 3, 0])
    assert taken(bb) == set()
    assert taken(sb) == taken(btn) == {"vpip_opp", "steal_opp"}


def test_limp_then_iso_raise() -> None:
    rows = stats(hand("p3 cc, p4 cbr 8, p5 f, p6 f, p1 f, p2 f, p3 cc, d db 2c3d4h, "
                      "p3 cc, p4 cbr 10, p3 f"), [0, 0, 0, 19, 0, 0])
    utg, hj, co, btn = rows[2:]
    assert taken(utg) == {"vpip_opp", "vpip", "three_bet_opp", "saw_flop", "fold_to_cbet_opp",
                          "fold_to_cbet", "postflop_folds"}  # the limper faces one raise
    assert taken(hj) == {"vpip_opp", "vpip", "pfr", "saw_flop", "cbet_opp", "cbet",
                         "postflop_bets", "won_saw_flop"}  # the iso-raise: no 3-bet chance
    assert co["steal_opp"] == btn["steal_opp"] == 0  # a limper before
    assert co["three_bet_opp"] == btn["three_bet_opp"] == rows[0]["three_bet_opp"] == 1


def test_a_short_all_in_over_a_limp_does_not_reopen_the_betting() -> None:
    _, bb, co, btn = stats(hand("p3 cc, p4 cbr 3, p1 f, p2 cc, p3 cc", n=4,
                                 stacks=[200, 200, 200, 3]))
    assert btn["pfr"] == 1 and btn["steal_opp"] == 0 and btn["three_bet_opp"] == 0
    assert bb["three_bet_opp"] == 1  # not acted yet: may raise
    assert co["three_bet_opp"] == 0 and co["vpip"] == 1  # limped: 1 more is no full raise


def test_a_straddle_is_a_blind() -> None:
    straddle = [1, 2, 4, 0, 0, 0]
    rows = stats(hand("p4 cbr 12, p5 f, p6 f, p1 f, p2 f, p3 f", blinds=straddle))
    assert rows[3]["pfr"] == 1 and rows[3]["three_bet_opp"] == 0  # the 2-bet
    assert taken(rows[2]) == {"vpip_opp", "three_bet_opp"}
    walk = stats(hand("p4 f, p5 f, p6 f, p1 f, p2 f", blinds=straddle))
    assert taken(walk[2]) == set()  # the straddler's walk
    assert [row["steal_opp"] for row in walk] == [1, 0, 0, 0, 1, 1]
    limped = stats(hand("p4 cc, p5 f, p6 f, p1 f, p2 f, p3 cc", blinds=straddle))
    assert limped[3]["vpip"] == 1 and taken(limped[2]) == {"vpip_opp"}  # checks: no VPIP


def test_squeeze_is_a_3_bet_and_the_opener_folds_to_it() -> None:
    rows = stats(hand("p3 cbr 6, p4 cc, p5 cbr 20, p6 f, p1 f, p2 f, p3 f, p4 f"))
    utg, hj, co = rows[2:5]
    assert co["three_bet_opp"] == co["three_bet"] == 1
    assert hj["three_bet_opp"] == 1 and hj["three_bet"] == 0 and hj["fold_to_three_bet_opp"] == 0
    assert utg["fold_to_three_bet_opp"] == utg["fold_to_three_bet"] == 1
    assert rows[0]["three_bet_opp"] == 0  # two raises in front


def test_a_4_bet_before_the_openers_decision_is_no_fold_to_3_bet_chance() -> None:
    rows = stats(hand("p3 cbr 6, p4 cbr 18, p5 cbr 50, p6 f, p1 f, p2 f, p3 f, p4 f"))
    assert rows[2]["fold_to_three_bet_opp"] == 0
    assert rows[3]["three_bet"] == 1 and rows[3]["fold_to_three_bet_opp"] == 0
    assert rows[4]["three_bet_opp"] == 0 and rows[4]["pfr"] == 1


def test_calling_a_3_bet_is_no_fold() -> None:
    rows = stats(hand("p3 cbr 6, p4 cbr 18, p5 f, p6 f, p1 f, p2 f, p3 cc"))
    assert rows[2]["fold_to_three_bet_opp"] == 1 and rows[2]["fold_to_three_bet"] == 0


def test_steal_from_the_small_blind() -> None:
    rows = stats(hand("p3 f, p4 f, p5 f, p6 f, p1 cbr 6, p2 f"), [8, 0, 0, 0, 0, 0])
    assert [row["steal_opp"] for row in rows] == [1, 0, 0, 0, 1, 1]
    assert rows[0]["steal"] == 1 and rows[1]["three_bet_opp"] == 1


def test_steal_from_the_button_and_a_3_bet_against_it() -> None:
    rows = stats(hand("p3 f, p4 f, p5 f, p6 cbr 5, p1 f, p2 cbr 15, p6 f"))
    btn, sb, bb = rows[5], rows[0], rows[1]
    assert btn["steal"] == btn["fold_to_three_bet"] == 1
    assert sb["three_bet_opp"] == 1 and sb["steal_opp"] == 0  # a raise in front
    assert bb["three_bet"] == 1


def test_a_limper_kills_the_steal() -> None:
    rows = stats(hand("p3 cc, p4 f, p5 f, p6 cbr 8, p1 f, p2 f, p3 f"))
    assert [row["steal_opp"] for row in rows] == [0] * 6
    assert rows[5]["pfr"] == 1


def test_heads_up_the_button_is_the_small_blind_and_acts_first() -> None:
    bb, btn = stats(hand("p2 cbr 6, p1 cbr 18, p2 f", n=2), [21, 0])
    assert taken(btn) == {"vpip_opp", "vpip", "pfr", "steal_opp", "steal",
                          "fold_to_three_bet_opp", "fold_to_three_bet"}
    assert taken(bb) == {"vpip_opp", "vpip", "pfr", "three_bet_opp", "three_bet"}
    bb, btn = stats(hand("p2 f", n=2))
    assert taken(bb) == set() and btn["steal_opp"] == 1


def test_c_bet_when_checked_to_and_showdown_with_a_muck() -> None:
    sb, bb, btn = stats(hand("p3 cbr 6, p1 cc, p2 cc, d db 2c7d9h, p1 cc, p2 cc, p3 cbr 10, "
                             "p1 f, p2 cc, d db Ts, p2 cc, p3 cc, d db 3s, p2 cc, p3 cc, "
                             "p3 sm AsKs, p2 sm", n=3), [0, 0, 38])
    assert taken(btn) == {"vpip_opp", "vpip", "pfr", "steal_opp", "steal", "saw_flop",
                          "cbet_opp", "cbet", "postflop_bets", "showdown", "won_showdown",
                          "won_saw_flop"}
    assert taken(sb) == {"vpip_opp", "vpip", "three_bet_opp", "saw_flop", "fold_to_cbet_opp",
                         "fold_to_cbet", "postflop_folds"}
    assert bb["showdown"] == 1 and bb["won_showdown"] == 0  # mucked: reached it all the same
    assert bb["fold_to_cbet_opp"] == 1 and bb["postflop_calls"] == 1


def test_a_donk_bet_kills_the_c_bet() -> None:
    sb, bb, btn = stats(hand("p3 cbr 6, p1 cc, p2 cc, d db 2c7d9h, p1 cbr 6, p2 f, p3 cc", n=3))
    assert btn["cbet_opp"] == 0 and btn["postflop_calls"] == 1
    assert sb["postflop_bets"] == 1 and bb["fold_to_cbet_opp"] == 0


def test_a_raise_of_the_c_bet_ends_the_fold_to_c_bet_chances() -> None:
    sb, bb, btn = stats(hand("p3 cbr 6, p1 cc, p2 cc, d db 2c7d9h, p1 cc, p2 cc, p3 cbr 10, "
                             "p1 cbr 30, p2 f, p3 f", n=3))
    assert btn["cbet"] == 1 and btn["postflop_folds"] == 1 and btn["fold_to_cbet_opp"] == 0
    assert sb["fold_to_cbet_opp"] == 1 and sb["fold_to_cbet"] == 0 and sb["postflop_raises"] == 1
    assert bb["fold_to_cbet_opp"] == 0 and bb["postflop_folds"] == 1


def test_all_in_preflop_saw_the_flop_and_reached_showdown() -> None:
    sb, bb, btn = stats(hand("p3 cbr 50, p1 cc, p2 f, d db 2c7d9h, d db Ts, d db 3s, "
                             "p1 sm AcAd, p3 sm KcKd", n=3, stacks=[50, 200, 50]), [102, 0, 0])
    assert taken(sb) == {"vpip_opp", "vpip", "saw_flop", "showdown", "won_showdown",
                         "won_saw_flop"}  # all in to call: no option to re-raise
    assert btn["saw_flop"] == btn["showdown"] == 1 and btn["cbet_opp"] == 0
    assert taken(bb) == {"vpip_opp"}  # nobody left to call a re-raise: no 3-bet chance


def test_fixed_limit_raise_preflop_is_pfr() -> None:
    _, bb, btn = stats(hand("p3 cbr 4, p1 f, p2 cc, d db 2c7d9h, p2 cc, p3 cbr 2, p2 f",
                             n=3, variant="FT"), [0, 0, 9])
    assert btn["pfr"] == btn["steal"] == btn["cbet"] == btn["postflop_bets"] == 1
    assert bb["three_bet_opp"] == 1 and bb["fold_to_cbet"] == 1


def test_omaha_counts_as_holdem() -> None:
    actions = "p3 cbr 6, p4 cc, p5 cbr 20, p6 f, p1 f, p2 f, p3 f, p4 f"
    assert stats(hand(actions, variant="PO")) == stats(hand(actions))


def test_courchevel_card_before_the_betting_is_not_the_flop() -> None:
    sb, bb, btn = stats(hand("d db Qh, p3 cc, p1 cbr 8, p2 f, p3 cc, d db 9c2d, p1 cbr 8, p3 f",
                             n=3, variant="PCO"), [26, 0, 0])
    assert taken(btn) == {"vpip_opp", "vpip", "steal_opp", "three_bet_opp", "saw_flop",
                          "fold_to_cbet_opp", "fold_to_cbet", "postflop_folds"}
    assert taken(sb) == {"vpip_opp", "vpip", "pfr", "saw_flop", "cbet_opp", "cbet",
                         "postflop_bets", "won_saw_flop"}
    assert bb["saw_flop"] == 0


def test_stud_and_draw_give_zeros() -> None:
    stud = hand("d dh p1 AcAd2h, d dh p2 KcKd9h, d dh p3 QcQdTh, p1 pb, p2 cbr 2, p3 f, p1 f",
                n=3, variant="F7S", antes=[1, 1, 1])
    assert hand_stats(stud, [5, 0, 0]) == [(0,) * WIDTH] * 3
    stats(stud, [5, 0, 0])  # a legal hand: the engine replays it
    draw = hand("p3 cbr 4, p1 f, p2 f", n=3, variant="F2L3D")
    assert hand_stats(draw, [0, 0, 3]) == [(0,) * WIDTH] * 3
    stats(draw, [0, 0, 3])


def test_a_check_is_no_call() -> None:
    sb, bb, btn = stats(hand("p3 cc, p1 cc, p2 cc, d db 2c7d9h, p1 cc, p2 cbr 2, p3 cc, p1 cc",
                             n=3))
    assert bb["vpip_opp"] == 1 and bb["vpip"] == 0  # the big blind's check
    assert sb["vpip"] == btn["vpip"] == 1  # completing and limping are calls
    assert sb["postflop_calls"] == btn["postflop_calls"] == 1 and bb["postflop_bets"] == 1


def test_a_partial_hand_counts_what_happened() -> None:
    flop = stats(hand("p3 cbr 6, p1 cc, p2 cc, d db 2c7d9h, p1 cc", n=3))
    assert [r["saw_flop"] for r in flop] == [1, 1, 1] and [r["showdown"] for r in flop] == [0] * 3
    assert flop[2]["cbet_opp"] == 0  # the action never reached him
    river = "p3 cc, p1 cc, p2 cc, d db 2c7d9h, p1 cc, p2 cc, p3 cc, d db Ts, p1 cc, p2 cc, " \
            "p3 cc, d db 3s, p1 cc, p2 cc"
    assert [r["showdown"] for r in stats(hand(river, n=3))] == [0, 0, 0]  # p3 still to act
    assert [r["showdown"] for r in stats(hand(river + ", p3 cc", n=3))] == [1, 1, 1]


def test_a_player_all_in_on_the_blinds_has_no_decision() -> None:
    sb, bb, btn = stats(hand("p3 cc, p1 cc, p2 cc, d db 2c7d9h, p2 cc, p3 cc, p1 f",
                             n=3, stacks=[1, 200, 200]))
    assert taken(sb) == {"saw_flop"}  # the check and the fold written for him: no decisions
    assert btn["vpip"] == 1 and bb["vpip_opp"] == 1


def test_completing_a_short_all_in_big_blind_is_a_call() -> None:
    sb, bb, btn = stats(hand("p3 cbr 2, p1 cbr 6, p3 f, d db 2c7d9h, d db Ts, d db 3s, "
                             "p1 sm AcAd, p2 sm KcKd", n=3, stacks=[200, 1, 200]), [4, 0, 0])
    assert btn["vpip"] == 1 and btn["pfr"] == 0 and btn["three_bet_opp"] == 1
    assert sb["pfr"] == 1 and sb["three_bet_opp"] == 0 and sb["steal_opp"] == 0
    assert taken(bb) == {"saw_flop", "showdown"}


def test_a_late_blind_posted_is_no_choice() -> None:
    rows = stats(hand("p3 f, p4 cc, p5 f, p6 cbr 6, p1 f, p2 f, p4 f",
                      extra="_late_blinds = [0, 0, 0, 2, 0, 0]"))
    assert taken(rows[3]) == {"vpip_opp", "three_bet_opp"}
    assert rows[4]["steal_opp"] == 1 and rows[5]["steal"] == 1


def test_a_hand_run_twice() -> None:
    sb, bb, btn = stats(hand("p3 cbr 200, p1 f, p2 cc, d db 2c7d9h, d db Ts, d db 3s, "
                             "d db 4h5h6h, d db 8c, d db 8d, p2 sm AcAd, p3 sm KcKd", n=3,
                             extra="_runout_count = 2"), [0, 201, 200])
    assert bb["saw_flop"] == bb["showdown"] == bb["won_showdown"] == 1
    assert btn["saw_flop"] == btn["won_showdown"] == 1 and sb["saw_flop"] == 0


def test_comments_and_amounts_in_decimals_count_the_same() -> None:
    plain = hand("p3 cbr 6, p1 cc, p2 cbr 20, p3 cc, p1 f, d db 2c7d9h, p2 cbr 30, p3 f", n=3)
    noted = hand("p3 cbr 6 # open, p1 cc, p2 cbr 20, p3 cc #x, p1 f, d db 2c7d9h, "
                 "p2 cbr 30, p3 f", n=3)
    assert stats(plain) == stats(noted) == stats(in_decimals(plain, 2))


@pytest.mark.parametrize(("actions", "message"), [
    ("p3 cbr six", "hand 1: action 0 'p3 cbr six': 'six' is not an amount"),
    ("p3 f, p9 cc", "action 1 'p9 cc': there are only 3 players"),
    ("p3 raise 6", "action 0 'p3 raise 6': unknown action 'raise'"),
    ("q3 cc", "action 0 'q3 cc': unknown actor 'q3'"),
])
def test_malformed_actions_name_the_hand(actions: str, message: str) -> None:
    with pytest.raises(MalformedHistory, match=message.replace("(", r"\(")):
        hand_stats(hand(actions, n=3), [0, 0, 0])


def test_bad_fields_and_arguments_say_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="3 players but 2 amounts won"):
        hand_stats(hand("p3 f", n=3), [0, 0])
    with pytest.raises(UnsupportedVariant, match="'XX' is not a PHH variant code"):
        hand_stats(hand("p3 f", n=3, variant="XX"), [0, 0, 0])
    with pytest.raises(MalformedHistory, match="antes"):
        hand_stats(hand("p3 f", n=3, antes=[0, 0]), [0, 0, 0])
