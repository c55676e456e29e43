"""The betting engine, rule by rule, on hands written by hand; each illegal action's message."""

from __future__ import annotations

import pytest

from showdown.phh import IllegalAction, MalformedHistory, UnsupportedVariant, loads, replay
from showdown.phh.variant_rules import RULES


def hand(actions: list[str], variant: str = "NT", **fields: object) -> str:
    n = len(fields.get("starting_stacks", [100, 100, 100]))  # type: ignore[arg-type]
    data: dict[str, object] = {
        "variant": variant,
        "antes": [0] * n,
        "blinds_or_straddles": [1, 2] + [0] * (n - 2),
        "starting_stacks": [100] * n,
    }
    if variant in ("FT",):
        data |= {"small_bet": 2, "big_bet": 4}
    else:
        data["min_bet"] = 2
    data |= fields
    lines = [f"{k} = {v!r}".replace("'", '"') for k, v in data.items()]
    lines.append("actions = [" + ", ".join(f'"{a}"' for a in actions) + "]")
    return "\n".join(lines)


DEAL3 = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd"]
BOARD = ["d db 2c3c4d", "d db 5s", "d db 9h"]


def illegal(text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        replay(loads(text, "t.phh"))
    return info.value


def test_turn_order_preflop_starts_after_the_big_blind_and_postflop_at_p1() -> None:
    r = replay(loads(hand([*DEAL3, "p3 cc", "p1 cc", "p2 cc", "d db 2c3c4d", "p1 cc", "p2 cc",
                           "p3 cc", "d db 5s", "p1 cc", "p2 cc", "p3 cc", "d db 9h", "p1 cc",
                           "p2 cc", "p3 cc"])))
    assert r.contributed == [2, 2, 2]
    assert r.last_aggressor is None
    err = illegal(hand([*DEAL3, "p1 cc"]))
    assert err.rule == "turn order" and err.index == 3 and err.action == "p1 cc"
    assert "it is p3's turn, not p1's" in str(err)
    assert str(err).startswith("t.phh, hand 1: action 3 'p1 cc': breaks the turn order")


def test_heads_up_blinds_are_reversed() -> None:
    # p2 is the button and posts the small blind, acts first preflop and last after the flop.
    text = hand(["d dh p1 AcAd", "d dh p2 KcKd", "p2 cc", "p1 cc", "d db 2c3c4d", "p1 cbr 2",
                 "p2 f"], starting_stacks=[100, 100])
    r = replay(loads(text))
    assert r.contributed == [4, 2] and r.folded == [False, True]
    assert illegal(hand(["d dh p1 AcAd", "d dh p2 KcKd", "p1 cc"],
                        starting_stacks=[100, 100])).rule == "turn order"
    heads_up_antes = hand(["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"], starting_stacks=[100, 100],
                          antes=[0, 5])
    assert replay(loads(heads_up_antes)).contributed == [7, 1]  # the ante is reversed too


def test_straddle_moves_the_first_action() -> None:
    text = hand(["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "d dh p4 JcJd", "p4 cc",
                 "p1 f", "p2 f", "p3 f"], starting_stacks=[100] * 4,
                blinds_or_straddles=[1, 2, 4, 0])
    r = replay(loads(text))
    assert r.contributed == [1, 2, 4, 4]


def test_no_limit_minimum_raise() -> None:
    ok = hand([*DEAL3, "p3 cbr 4", "p1 cbr 10", "p2 cbr 16", "p3 f", "p1 f"])
    assert replay(loads(ok)).contributed == [10, 16, 4]
    err = illegal(hand([*DEAL3, "p3 cbr 4", "p1 cbr 10", "p2 cbr 15"]))
    assert err.rule == "no-limit minimum raise" and err.index == 5
    assert "the smallest raise is to 16 (the last full raise was 6)" in str(err)
    # All-in for less than a minimum raise is allowed.
    short = hand([*DEAL3, "p3 cbr 10", "p1 cbr 12", "p2 f", "p3 cc", *BOARD],
                 starting_stacks=[12, 100, 100])
    assert replay(loads(short)).contributed == [12, 2, 12]


def test_short_all_in_does_not_reopen_the_betting() -> None:
    stacks = [100, 100, 25]
    base = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "p3 cc", "p1 cc", "p2 cc",
            "d db 2c3c4d", "p1 cbr 20", "p2 cc", "p3 cbr 23"]  # p3 all-in: +3 is not a full raise
    err = illegal(hand([*base, "p1 cbr 60"], starting_stacks=stacks))
    assert err.rule == "rule that a short all-in does not reopen the betting"
    assert err.index == 10 and "p1 already acted" in str(err)
    ok = hand([*base, "p1 cc", "p2 cc", "d db 5s", "p1 cc", "p2 cc", "d db 9h", "p1 cc",
               "p2 cc"], starting_stacks=stacks)
    assert replay(loads(ok)).contributed == [25, 25, 25]


def test_full_raise_all_in_reopens() -> None:
    stacks = [100, 100, 42]
    text = hand(["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 QcQd", "p3 cc", "p1 cc", "p2 cc",
                 "d db 2c3c4d", "p1 cbr 20", "p2 cc", "p3 cbr 40", "p1 cbr 98", "p2 f", "d db 5s",
                 "d db 9h"],
                starting_stacks=stacks)
    assert replay(loads(text)).contributed == [100, 22, 42]  # 58 uncalled, returned by resolve


def test_pot_limit_maximum() -> None:
    deal = ["d dh p1 AcAdAhAs", "d dh p2 KcKdKhKs", "d dh p3 QcQdQhQs"]
    # Preflop 1/2: p3 may raise to 2 + (1 + 2 + 2) = 7.
    assert replay(loads(hand([*deal, "p3 cbr 7", "p1 f", "p2 f"], "PO"))).contributed == [1, 2, 7]
    err = illegal(hand([*deal, "p3 cbr 8"], "PO"))
    assert err.rule == "pot-limit maximum" and "the largest raise is to 7" in str(err)
    # p1 re-raises: call 6, pot 7 + 1 + 2 + 6 = 16, so to 7 + 16 = 23.
    ok = hand([*deal, "p3 cbr 7", "p1 cbr 23", "p2 f", "p3 f"], "PO")
    assert replay(loads(ok)).contributed == [23, 2, 7]
    assert illegal(hand([*deal, "p3 cbr 7", "p1 cbr 24"], "PO")).rule == "pot-limit maximum"


def test_fixed_limit_sizes_and_cap() -> None:
    text = hand([*DEAL3, "p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cc", "p2 cc",
                 "d db 2c3c4d", "p1 cbr 2", "p2 f", "p3 f"], "FT")
    assert replay(loads(text)).contributed == [12, 10, 10]
    cap = illegal(hand([*DEAL3, "p3 cbr 4", "p1 cbr 6", "p2 cbr 8", "p3 cbr 10", "p1 cbr 12"],
                       "FT"))
    assert cap.rule == "fixed-limit cap" and cap.index == 7
    size = illegal(hand([*DEAL3, "p3 cbr 5"], "FT"))
    assert size.rule == "fixed-limit bet size" and "exactly 4" in str(size)
    turn = illegal(hand([*DEAL3, "p3 cc", "p1 cc", "p2 cc", "d db 2c3c4d", "p1 cc", "p2 cc",
                         "p3 cc", "d db 5s", "p1 cbr 2"], "FT"))
    assert "exactly 4" in str(turn)  # the big bet on the turn


def test_other_illegal_actions_name_their_rule() -> None:
    cases = {
        "stack limit": [*DEAL3, "p3 cbr 101"],
        "deck": ["d dh p1 AcAd", "d dh p2 AcKd"],
        "dealing order": [*DEAL3, "d db 2c3c4d"],
        "rule that a raise needs a caller": [*DEAL3, "p3 cbr 100", "p1 f", "p2 cbr 150"],
        "showdown": [*DEAL3, "p1 sm AcAd"],
        "table size": [*DEAL3, "p4 f"],
    }
    for rule, actions in cases.items():
        err = illegal(hand(actions, starting_stacks=[100, 200, 100]))
        assert err.rule == rule, (rule, str(err))
        assert err.action == actions[err.index] and err.action in str(err)


def test_malformed_actions_and_incomplete_hands() -> None:
    with pytest.raises(MalformedHistory, match=r"action 3 'p3 raise 5': unknown action 'raise'"):
        replay(loads(hand([*DEAL3, "p3 raise 5"])))
    with pytest.raises(MalformedHistory, match=r"before the hand is over \(p3 to act\)"):
        replay(loads(hand(DEAL3)), partial=False)
    with pytest.raises(MalformedHistory, match="'antes' must be an array of 3 numbers"):
        replay(loads(hand(DEAL3, antes=[0, 0])))


def test_missing_hole_deals_are_unknown_cards() -> None:
    r = replay(loads(hand(["p3 f", "p1 f"])))
    assert r.holes == [["??", "??"]] * 3


def test_every_variant_of_the_standard_is_replayed_and_others_are_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert [code for code, rules in RULES.items() if rules.supported and rules.standard] == [
        "NT", "FT", "PO", "NS", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D", "FB"]
    assert [code for code, rules in RULES.items() if not rules.standard] == [
        "PT", "PO/8", "P5O", "P5O/8", "NO", "FO", "NO/8", "P6O", "PCO", "PCO/8", "N5CD",
        "P5CD", "F5CD"]  # the library's extension
    with pytest.raises(UnsupportedVariant, match="variant 'XX' is not a PHH variant code; this "
                       "version replays NT, FT, PO, NS, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB, "
                       "PT, PO/8, P5O, P5O/8, NO, FO, NO/8, P6O, PCO, PCO/8, N5CD, P5CD, "
                       "F5CD"):
        replay(loads(hand(DEAL3).replace('"NT"', '"XX"')))
    # A game whose showdown is not settled is refused, never guessed.
    from showdown.phh import variant_rules

    monkeypatch.setattr(variant_rules, "REPLAYED_GAMES", frozenset({"holdem"}))
    variant_rules._settled_games.cache_clear()
    try:
        text = hand(DEAL3).replace('variant = "NT"', 'variant = "NS"')
        with pytest.raises(UnsupportedVariant, match=r"variant 'NS' \(No-limit short-deck "
                           r"hold'em\) is not supported yet; this version replays NT, FT"):
            replay(loads(text))
    finally:
        monkeypatch.undo()
        variant_rules._settled_games.cache_clear()


def test_short_deck_has_no_low_cards() -> None:
    text = hand(["d dh p1 AcAd", "d dh p2 5cKd"]).replace('variant = "NT"', 'variant = "NS"')
    with pytest.raises(IllegalAction, match="5c is not in the No-limit short-deck hold'em deck"):
        replay(loads(text))


def test_decimal_amounts_are_exact() -> None:
    text = hand([*DEAL3, "p3 cbr 0.75", "p1 f", "p2 f"], blinds_or_straddles=[0.1, 0.25, 0],
                min_bet=0.25, starting_stacks=[10.0, 10.0, 10.0])
    r = replay(loads(text))
    assert r.scale == 100 and r.contributed == [10, 25, 75]


def stud_state(actions: list[str], code: str = "F7S") -> list[int]:
    """Replay the betting of a stud hand (its showdown waits for the stud games)."""
    from showdown.phh.engine import HandState
    from showdown.phh.variant_rules import find

    text = (f'variant = "{code}"\nantes = [1, 1, 1]\nbring_in = 1\nsmall_bet = 4\nbig_bet = 8\n'
            "starting_stacks = [100, 100, 100]\nactions = []")
    state = HandState.start(loads(text, "stud.phh"), find(code))
    for k, action in enumerate(actions):
        state.apply(k, action)
    return state.contributed


STUD_DEAL = ["d dh p1 AcKcQd", "d dh p2 2s3s2d", "d dh p3 7h8h9s"]  # up cards Qd, 2d, 9s


def test_stud_bring_in_by_the_lowest_up_card() -> None:
    # 2d is the lowest up card: p2 brings in; then p3, p1; a completion to the small bet.
    assert stud_state([*STUD_DEAL, "p2 pb", "p3 cbr 4", "p1 cc", "p2 cbr 8", "p3 cc",
                       "p1 cc"]) == [9, 9, 9]
    with pytest.raises(IllegalAction, match=r"action 3 'p2 cc': breaks the bring-in: p2 must "
                       r"post the bring-in \(pb\) or complete \(cbr\)"):
        stud_state([*STUD_DEAL, "p2 cc"])
    with pytest.raises(IllegalAction, match="breaks the turn order: it is p2's turn"):
        stud_state([*STUD_DEAL, "p1 pb"])
    with pytest.raises(IllegalAction, match=r"fixed-limit bet size: .* exactly 4"):
        stud_state([*STUD_DEAL, "p2 pb", "p3 cbr 5"])
    # Razz: the highest up card (the queen) brings in.
    assert stud_state([*STUD_DEAL, "p1 pb", "p2 f", "p3 f"], "FR") == [2, 1, 1]
