"""The engine's rules for what real rooms deal and pokerkit does not, written as PHH (each
hand laid out as a real one: PokerStars' badugi tournaments and an iPoker limit session of
fpdb-3's regression files, a PokerStars cash session of santiweight/poker-handhistory),
and the hands pokerkit replays, which replay here the same.

>>> h = _limit("p3 cbr 40", "p1 cbr 80", "p2 cbr 100", "p3 cbr 120", "p1 cc")
>>> replay(h).contributed  # the all-in to 100 (half a bet over 80) reopened the betting
[160, 140, 160]
"""

from __future__ import annotations

import pytest

from helpers.kernel_compare import assert_same
from showdown.phh.engine import HandState, replay
from showdown.phh.errors import IllegalAction, MalformedHistory
from showdown.phh.notation import HandHistory, loads
from showdown.phh.settlement import settle

#: Fixed-limit Hold'em at 40/80 (blinds 20/40), three players, every card known; p2 has
#: ``short`` chips in all. The flop is dealt, then ``actions`` (p1 acts first).
LIMIT = """variant = "FT"
antes = [0, 0, 0]
blinds_or_straddles = [20, 40, 0]
small_bet = 40
big_bet = 80
starting_stacks = [700, {short}, 500]
actions = ["d dh p1 AsAd", "d dh p2 KsKd", "d dh p3 QsQd", "p3 cc", "p1 cc", "p2 cc",
           "d db 2c7h9d", {actions}]
"""


def _limit(*actions: str, short: int = 140, checked: bool = True) -> HandHistory:
    """The hand with ``actions`` on the flop, after p1 and p2 check (``checked``)."""
    done = ("p1 cc", "p2 cc", *actions) if checked else actions
    return loads(LIMIT.format(actions=", ".join(f'"{a}"' for a in done), short=short))


def test_pokerkit_limit_hands_replay_the_same() -> None:
    # over the all-in to 100, pokerkit's raise is to the all-in plus a bet (140), and a
    # player who acted may not raise over less than a full raise
    h = _limit("p3 cbr 40", "p1 cbr 80", "p2 cbr 100", "p3 cbr 140", "p1 cc", "d db 3s",
               "p1 cc", "p3 cc", "d db 4s", "p1 cc", "p3 cc")
    assert settle(h).finishing == [1020, 0, 320]
    assert_same([h])


@pytest.mark.parametrize("raise_to", [120, 140, 160])
def test_over_a_half_bet_all_in_a_raise_completes_adds_a_bet_or_counts_it_full(
        raise_to: int) -> None:
    # p3 bet 40, p1 raised to 80, p2 all in to 100 (half a bet more): p3 may raise again,
    # to 120 (PokerStars completes the bet), 140 (the all-in plus a bet) or 160 (iPoker
    # counts the all-in as a full raise to 120 and raises a bet over it)
    h = _limit("p3 cbr 40", "p1 cbr 80", "p2 cbr 100", f"p3 cbr {raise_to}", "p1 cc")
    state = HandState.start(h)
    for k, action in enumerate(h.actions[:-2]):
        state.apply(k, action)
    assert state.raise_limits(2) == (140, 140)
    assert state.limit_alternatives(2) == (120, 160)
    r = replay(h)
    assert r.contributed == [40 + raise_to, 140, 40 + raise_to]
    assert_same([h])


def test_under_half_a_bet_the_players_who_acted_may_not_raise() -> None:
    # the flop checked to p3, who bets 40; p1 calls; p2 raises all in to 50 (10 more, less
    # than half a bet): p3 and p1, who acted, may only call
    for actions in (("p3 cc", "p1 cbr 90"), ("p3 cbr 80",)):
        with pytest.raises(IllegalAction, match="short all-in does not reopen"):
            replay(_limit("p3 cbr 40", "p1 cc", "p2 cbr 50", *actions, short=90))
    called = _limit("p3 cbr 40", "p1 cc", "p2 cbr 50", "p3 cc", "p1 cc", short=90)
    assert replay(called).contributed == [90, 90, 90]
    # p1 checks, p2 bets 15 all in: p3, yet to act, may complete the bet (to 40, as
    # PokerStars' "bets 50 and is all-in", "raises 250 to 300" at 150/300) or raise a bet
    # over the all-in (to 55, pokerkit); p1, who checked, may then not raise over 15
    for actions, contributed in ((("p3 cbr 40", "p1 cbr 80", "p3 cc"), [120, 55, 120]),
                                 (("p3 cbr 55", "p1 cc"), [95, 55, 95])):
        assert replay(_limit("p1 cc", "p2 cbr 15", *actions, short=55,
                             checked=False)).contributed == contributed
    with pytest.raises(IllegalAction, match="short all-in does not reopen"):
        replay(_limit("p1 cc", "p2 cbr 15", "p3 cc", "p1 cbr 55", short=55, checked=False))


def test_another_limit_amount_names_the_raises_over_the_all_in() -> None:
    with pytest.raises(IllegalAction, match=r"exactly 140 \(or, over the all-in for less, "
                                            r"120 or 160\)"):
        replay(_limit("p3 cbr 40", "p1 cbr 80", "p2 cbr 100", "p3 cbr 130"))


def test_the_standard_rules_alone_do_not_reopen_over_half_a_bet() -> None:
    # p1 raised to 80 and faces p2's all-in to 100 (half a bet more): the rooms let p1
    # raise again, pokerkit does not
    h = _limit("p3 cbr 40", "p1 cbr 80", "p2 cbr 100", "p3 cc")
    state = HandState.start(h)
    for k, action in enumerate(h.actions):
        state.apply(k, action)
    assert state.raise_limits(0) == (140, 140)
    with pytest.raises(IllegalAction, match="short all-in does not reopen"):
        state.raise_limits(0, standard=True)


DEAD = """variant = "NT"
antes = [0, 0, 0, 35]
blinds_or_straddles = [10, 25, 0, 0]
min_bet = 25
starting_stacks = [3170, 2489, 4214, 2332]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "d dh p4 ????", "p3 cbr 100",
           "p4 f", "p1 f", "p2 f"]
"""


def test_dead_money_is_never_a_live_bet() -> None:
    # p4 posted small & big blinds (35, all dead once p4 folds) and p3's raise to 100 is
    # not called: 75 come back (the raise less the big blind), not 65
    s = settle(loads(DEAD))
    assert s.showdown is not None and s.showdown.returned == {3: 75}
    assert s.winnings == [0, 0, 95, 0]
    assert_same([loads(DEAD)])


LATE = """variant = "PO"
antes = [0, 0, 0, 0, 0]
blinds_or_straddles = [2, 5, 0, 0, 0]
min_bet = 5
starting_stacks = [175, 500, 128, 196, 240]
_late_blinds = [0, 0, 0, 0, {late}]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "d dh p4 ????????",
           "d dh p5 ????????", "p3 cc", "p4 cbr 27", "p5 cc", "p1 f", "p2 f", "p3 f"]
"""


def test_a_live_blind_posted_out_of_position_is_in_the_pot_from_the_start() -> None:
    # p5 (the button) posted a live big blind: p4's raise to the pot counts it (2 + 5 + 5
    # + 5 called: 17; the call of 5 and 17 more: to 27), and p5's call puts in what is
    # left of the raise; the betting opened after p2's big blind all the same
    h = loads(LATE.format(late=5))
    r = replay(h)
    assert r.contributed == [2, 5, 5, 27, 27] and r.partial == "3 board card(s) to deal"
    with pytest.raises(IllegalAction, match="the largest raise is to 22"):
        replay(loads(LATE.format(late=0)))
    with pytest.raises(MalformedHistory, match="_late_blinds"):
        replay(loads(LATE.format(late='"5"')))
    assert_same([h])


ALL_IN = """variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [15, 20, 0, 0]
min_bet = 30
starting_stacks = [1600, 20, 1600, 1200]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 8hAh", "d dh p4 KcAd", {actions}]
"""


@pytest.mark.parametrize("actions", [
    # the room folds p2 (sitting out, all in on the big blind) at p2's turn
    '"p3 cbr 30", "p4 cbr 120", "p1 f", "p2 f", "p3 cc", "d db 6sQsAc", "p3 cc", "p4 cc", '
    '"d db 6c", "p3 cc", "p4 cc", "d db Ts", "p3 cc", "p4 cc"',
    # or once the others are all in
    '"p3 cbr 1600", "p4 cc", "p1 f", "p2 f", "d db 6sQsAc", "d db 6c", "d db Ts"',
])
def test_a_player_all_in_whose_fold_is_written_is_out_of_every_pot(actions: str) -> None:
    h = loads(ALL_IN.format(actions=actions))
    h = h.with_fields(actions=[*h.actions, "p3 sm 8hAh", "p4 sm KcAd"])
    s = settle(h)
    assert s.replay.folded == [True, True, False, False]
    assert s.showdown is not None
    won = sum(s.replay.contributed) - sum(s.showdown.returned.values())
    assert s.showdown.payouts == {4: won}
    assert_same([h])


def test_a_check_written_for_a_player_all_in_changes_nothing() -> None:
    # Full Tilt's Flipout: everyone all in on the antes, the blinds "check"
    h = loads("""variant = "NT"
antes = [300, 300, 300]
blinds_or_straddles = [0, 0, 0]
min_bet = 2
starting_stacks = [300, 300, 300]
actions = ["d dh p1 9s3c", "d dh p2 8c4h", "d dh p3 JcJh", "p1 cc", "p2 cc", "d db 4s8hTs",
           "d db 5h", "d db 6d", "p1 sm 9s3c", "p2 sm 8c4h", "p3 sm JcJh"]
""")
    assert settle(h).winnings == [0, 900, 0]
    assert_same([h])


def test_the_last_draw_unseen_is_unknown_at_the_showdown() -> None:
    # badugi, p1 all in preflop: p1's cards of the draws are not written (PokerStars
    # writes no card an opponent draws); the showdown says the last ones
    h = loads("""variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [100, 200, 0]
small_bet = 200
big_bet = 400
starting_stacks = [120, 1700, 2900]
actions = ["d dh p2 6sKs2s4d", "p3 f", "p1 cc", "p1 sd ????", "p2 sd 6sKs", "d dh p2 TsJs",
           "p1 sd ??", "p2 sd TsJs", "d dh p2 8h7c", "p1 sd ??", "p2 sd",
           "p1 sm 5cAh5s3d", "p2 sm 8h7c2s4d"]
""")
    s = settle(h)
    assert s.replay.holes[0] == ["5c", "Ah", "5s", "3d"] and s.winnings == [0, 240, 0]
    assert_same([h])
