"""The betting rules real rooms' hands showed the replay wrong, each on a handwritten hand
in the layout of the real one (fpdb-3's regression files and the MIT fixtures of
thlorenz/hhp-xml; the AGPL files are not shipped, names, cards and amounts are made up):
read by both readers, replayed and settled by the engine and by the kernel alike.

- fixed limit, an all-in for less than a full bet: half a bet or more reopens the
  betting, and a raise over it may complete the bet (PokerStars' badugi) or be a bet over
  it counted as a full bet (iPoker);
- dead money is never a live bet: the bet nobody called is measured against the live
  bets (PokerStars' "posts small & big blinds", iPoker's both blinds in one post);
- pot limit: a live blind posted out of position is in the pot a raise may reach;
- a player sitting out, all in on the big blind, whose hand the room folds; the checks
  Full Tilt writes for players all in on the antes;
- all in, the draws follow each other: each draw's cards are dealt before the next, and
  an opponent's last draw, never written, is unknown at the showdown;
- Full Tilt's pot-limit cap game (``$160 Pot Limit Omaha Hi``); PokerStars' 2005 table
  line without a seat count (``Table '7817470 1' Seat #3 is the button``).
"""

from __future__ import annotations

import pytest

from helpers.ipoker_hands import act, cards, game, player, read_both, round_, session
from helpers.kernel_compare import assert_same, kernel_share
from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.batches import settle_each
from showdown.phh.corpus.read import read_file
from showdown.phh.errors import HistoryError, IllegalAction
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

STARS = ROOMS / "pokerstars-handwritten-engine-rules.txt"
FULLTILT = ROOMS / "fulltilt-handwritten-engine-rules.txt"


def _hands(path: object, backend: str) -> dict[str, HandHistory]:
    with native.use(backend):
        _, hands = read_file(path)  # type: ignore[arg-type]
    assert all(isinstance(h, HandHistory) for h in hands), hands
    return {str(h.fields["hand"]): h for h in hands if isinstance(h, HandHistory)}


@pytest.mark.parametrize("path", [STARS, FULLTILT])
def test_every_hand_reads_alike_and_settles_as_the_room_paid(path: object,
                                                            backend: str) -> None:
    hands = _hands(path, backend)
    assert {k: h.fields for k, h in hands.items()} == {
        k: h.fields for k, h in _hands(path, "numpy").items()}
    with native.use(backend):
        settled = settle_each(list(hands.values()))
        classes = {k: verify(s).cls for k, s in zip(hands, settled, strict=True)
                   if not isinstance(s, HistoryError)}
    assert len(classes) == len(hands)
    assert set(classes.values()) <= {"match", "rake"}
    assert_same(list(hands.values()))
    if native.current() == "native":  # the kernel replays every one of them
        assert kernel_share(list(hands.values())) == 1


def test_a_half_bet_all_in_reopens_and_the_raise_completes_the_bet() -> None:
    # Badugi at 40/80: Cal raises all in to 100 over Dee's 80 (half a bet more): Dee, who
    # already raised, may raise again, "raises 20 to 120", the bet Cal fell short of
    h = _hands(STARS, "numpy")["81000000001"]
    assert h.fields["players"] == ["Bob", "Cal", "Dee", "Ana"]
    acts = h.fields["actions"]
    assert acts[acts.index("p2 cbr 100") + 1:][:2] == ["p3 cbr 120", "p4 cc"]
    s = settle(h)
    assert s.winnings == [0, 0, 0, 500] and verify(s).cls == "match"


def test_an_all_in_under_half_a_bet_is_completed_by_the_next_player() -> None:
    # third draw at 40/80: Eve bets 20 all in, Fay completes to 80, Ana calls
    h = _hands(STARS, "numpy")["81000000002"]
    assert h.fields["actions"][-6:-3] == ["p2 cbr 20", "p3 cbr 80", "p1 cc"]
    assert verify(settle(h)).cls == "match"


def test_a_sitting_out_player_all_in_on_the_big_blind_is_folded() -> None:
    # Eve posts a big blind of 20 all in and sits out; the room folds her at her turn: her
    # 20 stay in the pot (the room's main pot of 100), which Cal wins without her hand
    h = _hands(STARS, "numpy")["81000000003"]
    assert h.fields["players"][1] == "Eve" and "p2 f" in h.fields["actions"]
    s = settle(h)
    assert s.replay.folded[1] and s.replay.contributed[1] == 20
    assert s.showdown is not None and [p.amount for p in s.showdown.pots] == [2660]
    assert verify(s).cls == "match"


def test_a_dead_small_blind_is_no_live_bet_when_the_raise_is_not_called() -> None:
    # Dee posts small & big blinds ($0.35) and folds to Cal's raise to $1: $0.75 comes
    # back (the raise less the big blind), not $0.65, and Cal collects $0.95
    h = _hands(STARS, "numpy")["81000000004"]
    s = settle(h)
    assert s.showdown is not None
    cal = h.fields["seats"][h.fields["players"].index("Cal")]
    assert s.showdown.returned == {cal: 75}
    assert verify(s).cls == "match"


def test_the_2005_table_line_names_the_button() -> None:
    h = _hands(STARS, "numpy")["1676150060"]
    assert h.fields["players"][-1] == "Cal" and "seat_count" not in h.fields
    assert verify(settle(h)).cls == "match"


def test_draws_all_in_deal_each_draw_in_turn_and_the_last_unseen_draw_is_unknown() -> None:
    h = _hands(STARS, "numpy")["81000000006"]
    acts = h.fields["actions"]
    assert acts.index("d dh p2 TsJs") < acts.index("p1 sd ??") < acts.index("d dh p2 8h7c")
    s = settle(h)
    assert s.replay.holes[0] == ["5c", "Ah", "5s", "3d"]  # the last draw's card, shown
    assert verify(s).cls == "match"


def test_full_tilt_pot_limit_cap_flipout_and_draws() -> None:
    hands = _hands(FULLTILT, "numpy")
    cap = hands["24000000001"]
    assert cap.fields["_cap"] == 160  # "$160 Pot Limit Omaha Hi": both capped on the flop
    assert verify(settle(cap)).cls == "rake"
    flipout = hands["34500000001"]
    assert flipout.fields["actions"][4:6] == ["p1 cc", "p2 cc"]  # checks all in
    assert verify(settle(flipout)).cls == "match"
    draw = hands["31300000001"]
    assert verify(settle(draw)).cls == "match"


def _ipoker_limit_half_bet() -> str:
    """Limit Hold'em at $0.10/$0.20: on the river Ana bets her last $0.13 (half a bet or
    more) and Cy, who checked, raises to $0.40: iPoker counts the all-in as a full bet of
    $0.20 and raises a bet over it (a real 2011 session: "type 7 $0.13", "type 23 $0.40")."""
    return session("Holdem L $0.10/$0.20", game(
        "2855600001", [player(4, "Ana", "$0.53", dealer=True), player(5, "Bo", "$3"),
                       player(8, "Cy", "$5", win="$1.83"), player(9, "Di", "$2")],
        round_(0, act(1, "Bo", 1, "$0.05"), act(2, "Cy", 2, "$0.10")),
        round_(1, cards("Pocket", "Ana", "D4 S4"), cards("Pocket", "Bo", "X X"),
               cards("Pocket", "Cy", "C5 D7"), cards("Pocket", "Di", "X X"),
               act(3, "Di", 3, "$0.10"), act(4, "Ana", 3, "$0.10"), act(5, "Bo", 3, "$0.05"),
               act(6, "Cy", 4, "$0")),
        round_(2, cards("Flop", "", "H3 S8 H4"), act(7, "Bo", 4, "$0"), act(8, "Cy", 4, "$0"),
               act(9, "Di", 4, "$0"), act(10, "Ana", 5, "$0.10"), act(11, "Bo", 0, "$0"),
               act(12, "Cy", 3, "$0.10"), act(13, "Di", 3, "$0.10")),
        round_(3, cards("Turn", "", "D2"), act(14, "Cy", 4, "$0"), act(15, "Di", 4, "$0"),
               act(16, "Ana", 5, "$0.20"), act(17, "Cy", 3, "$0.20"), act(18, "Di", 3, "$0.20")),
        round_(4, cards("River", "", "DA"), act(19, "Cy", 4, "$0"), act(20, "Di", 4, "$0"),
               act(21, "Ana", 7, "$0.13"), act(22, "Cy", 23, "$0.40"), act(23, "Di", 0, "$0"))))


def _ipoker_live_blind_out_of_position() -> str:
    """Pot-limit Omaha at $0.02/$0.05: Di, right of the button, posts a live big blind;
    Cy's raise to the pot ($0.32) counts it, Di raises the pot, and on the flop Bo raises
    the pot over Di's all-in (a real 2011 session: "type 2 $0.02" out of position, then a
    raise to $0.13 that the replay refused)."""
    return session("Omaha PL $0.02/$0.05", game(
        "2874300001", [player(1, "Ana", "$1.28"), player(2, "Bo", "$12", win="$6.05"),
                       player(3, "Cy", "$1.96"), player(4, "Di", "$2.40", win="$6.05"),
                       player(5, "Ed", "$4.97", dealer=True), player(6, "Fa", "$1.75"),
                       player(7, "Gu", "$5")],
        round_(0, act(1, "Fa", 1, "$0.02"), act(2, "Gu", 2, "$0.05"),
               act(3, "Di", 2, "$0.05")),
        round_(1, *(cards("Pocket", name, "X X X X") for name in ("Ana", "Cy", "Ed", "Fa",
                                                                 "Gu")),
               cards("Pocket", "Bo", "HK H4 S4 S6"), cards("Pocket", "Di", "DQ D9 DJ S10"),
               act(4, "Ana", 3, "$0.05"), act(5, "Bo", 3, "$0.05"), act(6, "Cy", 23, "$0.32"),
               act(7, "Di", 23, "$1.13"), act(8, "Ed", 0, "$0"), act(9, "Fa", 0, "$0"),
               act(10, "Gu", 0, "$0"), act(11, "Ana", 0, "$0"), act(12, "Bo", 3, "$1.08"),
               act(13, "Cy", 3, "$0.81")),
        round_(2, cards("Flop", "", "D5 C8 H10"), act(14, "Bo", 4, "$0"),
               act(15, "Cy", 4, "$0"), act(16, "Di", 7, "$1.27"), act(17, "Bo", 23, "$7.32"),
               act(18, "Cy", 0, "$0")),
        round_(3, cards("Turn", "", "H2")), round_(4, cards("River", "", "C10"))))


def _ipoker_both_blinds_folded() -> str:
    """No-limit Hold'em at €0.25/€0.50: Ed posts both blinds at once (€0.75, the big blind
    live), Bo raises to €2 and everyone folds: €1.50 comes back, Bo collects €2 (a real
    2018 hand of thlorenz/hhp-xml: "type 2 €1.50" at €0.50/€1)."""
    return session("Holdem NL €0.25/€0.50", game(
        "7973200001", [player(3, "Ana", "€110", dealer=True), player(5, "Cy", "€70"),
                       player(6, "Di", "€48"), player(8, "Bo", "€51", win="€2"),
                       player(10, "Ed", "€26")],
        round_(0, act(1, "Cy", 1, "€0.25"), act(2, "Di", 2, "€0.50"), act(3, "Ed", 2, "€0.75")),
        round_(1, *(cards("Pocket", name, "X X") for name in ("Bo", "Ed", "Ana", "Cy", "Di")),
               act(4, "Bo", 23, "€2"), act(5, "Ed", 0, "€0"), act(6, "Ana", 0, "€0"),
               act(7, "Cy", 0, "€0"), act(8, "Di", 0, "€0"))),
        general="<tablecurrency>EUR</tablecurrency>")


@pytest.mark.parametrize("text, cls", [
    (_ipoker_limit_half_bet(), "match"),
    (_ipoker_live_blind_out_of_position(), "match"),
    (_ipoker_both_blinds_folded(), "match"),
])
def test_ipoker_hands_replay_and_settle_in_the_engine_and_the_kernel(text: str,
                                                                    cls: str) -> None:
    [hand] = read_both(text)
    assert isinstance(hand, HandHistory), hand
    assert verify(settle(hand)).cls == cls
    assert_same([hand])
    if native.current() == "native":
        assert kernel_share([hand]) == 1


def test_the_live_blind_out_of_position_is_in_the_pot_from_the_start() -> None:
    [hand] = read_both(_ipoker_live_blind_out_of_position())
    assert isinstance(hand, HandHistory)
    f = hand.fields
    di = f["players"].index("Di")
    assert f["_late_blinds"][di] == 0.05 and f["blinds_or_straddles"][di] == 0
    # Cy's raise to the pot counts Di's blind; Di's raise is to the total the room wrote
    # (the blind in it). Without the field the blind would come in only with Di's raise,
    # and Cy's raise would be $0.05 over the pot
    assert f["actions"][9:11] == ["p5 cbr 0.32", "p6 cbr 1.13"]
    with pytest.raises(IllegalAction, match=r"pot-limit maximum: the largest raise is to 0\.27"):
        settle(hand.with_fields(_late_blinds=[0] * 7))
