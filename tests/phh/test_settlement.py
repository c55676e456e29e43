"""Settlement and verification of hands worked out by hand; export to PHH."""

from __future__ import annotations

import pytest

from helpers.paths import DATA
from showdown.phh import IllegalAction, loads, settle, verify
from showdown.phh.export import settlement_to_history, table_to_history
from showdown.phh.notation import dumps
from showdown.pots.resolution import resolve


def phh(actions: list[str], stacks: list[int], record: str = "", **extra: str) -> str:
    n = len(stacks)
    lines = [
        'variant = "NT"',
        f"antes = {[0] * n}",
        f"blinds_or_straddles = {[1, 2] + [0] * (n - 2)}",
        "min_bet = 2",
        f"starting_stacks = {stacks}",
        "actions = [" + ", ".join(f'"{a}"' for a in actions) + "]",
        *(f"{k} = {v}" for k, v in extra.items()),
    ]
    if record:
        lines.append(record)
    return "\n".join(lines)


def test_side_pots_from_unequal_stacks() -> None:
    # p1 50, p2 120, p3 300 all in preflop. p1 has the best hand, p2 the second, p3 the worst.
    # Main pot 3 x 50 = 150 to p1; side pot 2 x 70 = 140 to p2; p3's last 180 are uncalled.
    text = phh(["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2s", "p3 cbr 300", "p1 cc", "p2 cc",
                "p1 sm AcAd", "p2 sm KcKd", "p3 sm 7h2s", "d db 3c4d9s", "d db Js", "d db Qh"],
               [50, 120, 300], "finishing_stacks = [150, 140, 180]")
    s = settle(loads(text))
    assert s.showdown is not None
    assert [(p.amount, p.eligible, p.winners) for p in s.showdown.pots] == [
        (150, (1, 2, 3), (1,)), (140, (2, 3), (2,))]
    assert s.showdown.returned == {3: 180}
    assert s.finishing == [150, 140, 180] and s.winnings == [150, 140, 0]
    assert verify(s).cls == "match"


def test_split_pot_odd_chip_goes_left_of_the_button() -> None:
    # Three players put in 5 each (15); p1 and p2 tie with the same straight: 8 to p1 (first
    # left of the button, p3), 7 to p2.
    text = phh(["d dh p1 Ac2d", "d dh p2 Ad2c", "d dh p3 KhKs", "p3 cbr 5", "p1 cc", "p2 cc",
                "d db 3c4d5h", "p1 cc", "p2 cc", "p3 cc", "d db 9s", "p1 cc", "p2 cc", "p3 cc",
                "d db Jd", "p1 cc", "p2 cc", "p3 cc", "p1 sm Ac2d", "p2 sm Ad2c", "p3 sm KhKs"],
               [100, 100, 100], "finishing_stacks = [103, 102, 95]")
    s = settle(loads(text))
    assert s.showdown is not None
    assert s.showdown.pots[0].shares == {1: 8, 2: 7}
    assert verify(s).cls == "match"
    halves = text.replace("[103, 102, 95]", "[102.5, 102.5, 95]")
    assert verify(settle(loads(halves))).cls == "odd-chip"
    whole = text.replace("[103, 102, 95]", "[102, 103, 95]")  # the remainder to the other one
    assert verify(settle(loads(whole))).cls == "odd-chip"


def test_muck_loses_and_uncalled_bet_returns() -> None:
    # Heads-up: p2 (button) raises to 10, p1 calls; flop: p1 bets 30, p2 calls;
    # turn: p1 bets 60 all-in... p2 has 60 left and calls; p2 mucks at showdown.
    text = phh(["d dh p1 2c2d", "d dh p2 AhAs", "p2 cbr 10", "p1 cc", "d db 3c4d9s", "p1 cbr 30",
                "p2 cc", "d db Js", "p1 cbr 60", "p2 cc", "d db Qh", "p1 sm 2c2d", "p2 sm"],
               [100, 100], "finishing_stacks = [200, 0]")
    s = settle(loads(text))
    assert s.table.players[1].muck and s.showdown is not None
    assert s.finishing == [200, 0]
    assert s.showdown.shown == (1,)  # the mucked aces stay hidden
    assert verify(s).cls == "match"
    # Uncalled: p1 bets 50 on the flop into p2's 40 stack; p2 calls all-in; 10 come back.
    text = phh(["d dh p1 2c2d", "d dh p2 AhAs", "p2 cc", "p1 cc", "d db 3c4d9s", "p1 cbr 50",
                "p2 cc", "d db Js", "d db Qh", "p1 sm 2c2d", "p2 sm AhAs"], [100, 42])
    s = settle(loads(text))
    assert s.showdown is not None and s.showdown.returned == {1: 10}
    assert s.finishing == [58, 84]
    assert verify(s).cls is None  # nothing recorded


def test_fold_win_and_last_aggressor() -> None:
    text = phh(["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2s", "p3 f", "p1 cbr 6", "p2 cbr 18",
                "p1 cc", "d db 3c4d9s", "p1 cc", "p2 cbr 20", "p1 cc", "d db Js", "p1 cc", "p2 cc",
                "d db Qh", "p1 cbr 30", "p2 cc", "p2 sm KcKd", "p1 sm AcAd"], [100, 100, 100])
    s = settle(loads(text))
    assert s.table.last_aggressor == 1  # p1 bet the river
    assert s.showdown is not None and s.showdown.showdown_order == (1, 2)
    assert s.finishing == [168, 32, 100]


def test_classes_rake_unknown_and_mismatch() -> None:
    base = ["d dh p1 AcAd", "d dh p2 ????", "p2 cbr 10", "p1 cc", "d db 3c4d9s", "p1 cc", "p2 cc",
            "d db Js", "p1 cc", "p2 cc", "d db Qh", "p1 cc", "p2 cc"]
    unknown = phh(base, [100, 100], "finishing_stacks = [120, 80]")
    s = settle(loads(unknown))
    assert s.showdown is None and s.unknown == [1]
    assert verify(s).cls == "unknown-cards"
    shown = phh([*base, "p1 sm AcAd", "p2 sm KcKd"], [100, 100], "winnings = [19, 0]")
    assert verify(settle(loads(shown))).cls == "rake"  # 1 chip of the 20 pot
    wrong = phh([*base, "p1 sm AcAd", "p2 sm KcKd"], [100, 100], "finishing_stacks = [80, 120]")
    v = verify(settle(loads(wrong)))
    assert v.cls == "mismatch" and v.differences == [(0, 110, 80), (1, 90, 120)]
    too_much_rake = wrong.replace("[80, 120]", "[105, 90]")
    assert verify(settle(loads(too_much_rake))).cls == "mismatch"


def test_table_export_replays_to_the_same_settlement() -> None:
    table = {
        "game": "holdem", "button": 3, "board": "Ac 9d 7h 4s 2c", "last_aggressor": None,
        "players": [
            {"seat": 1, "name": "Ana", "hole": "Ad Kh", "contributed": 500},
            {"seat": 2, "name": "Boris", "hole": "Ah Qd", "contributed": 200},
            {"seat": 3, "name": "Carmen", "hole": "Kc Kd", "contributed": 800},
            {"seat": 5, "name": "Dmitri", "contributed": 100, "folded": True},
        ],
    }
    sd = resolve(table)
    history = table_to_history(sd)
    assert history.fields["seats"] == [5, 1, 2, 3]  # left of the button first
    s = settle(loads(dumps(history)))
    assert s.showdown is not None
    assert s.showdown.payouts == sd.payouts and s.showdown.returned == sd.returned
    assert [p.amount for p in s.showdown.pots] == [p.amount for p in sd.pots]
    with pytest.raises(ValueError, match="five-card table cannot be written as PHH"):
        table_to_history(resolve({"game": "five-card", "button": 1, "players": [
            {"seat": 1, "contributed": 5}, {"seat": 2, "contributed": 5, "folded": True}]}))


def test_settled_hand_export_fills_in_the_results() -> None:
    text = phh(["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"], [100, 100])
    out = settlement_to_history(settle(loads(text)))
    assert out.fields["finishing_stacks"] == [101, 99]
    assert out.fields["winnings"] == [2, 0]  # 1 of the big blind was uncalled, returned
    assert verify(settle(loads(dumps(out)))).cls == "match"


def test_everyone_mucking_a_pot_is_an_error_naming_the_hand() -> None:
    from showdown.phh import IllegalAction

    text = phh(["d dh p1 2c2d", "d dh p2 AhAs", "p2 cc", "p1 cc", "d db 3c4d9s", "p1 cc", "p2 cc",
                "d db Js", "p1 cc", "p2 cc", "d db Qh", "p1 cc", "p2 cc", "p1 sm", "p2 sm"],
               [100, 100])
    with pytest.raises(IllegalAction, match=r"^m\.phh, hand 1: action 14 'p2 sm': breaks the "
                       r"showdown: every player in a pot mucked"):
        settle(loads(text, "m.phh"))


def test_unknown_stacks_stay_unknown() -> None:
    from showdown.phh.corpus.reports import report

    text = phh(["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 10", "p1 f"], [100, 100]).replace(
        "starting_stacks = [100, 100]", "starting_stacks = [inf, 100]")
    r = report(loads(text), 1)
    assert r.error is None and r.finishing_stacks == [None, 102]


def test_real_hands_of_the_handhq_corpus() -> None:
    """Seven Absolute Poker hands (cents, antes, seats, unknown cards): two match; four
    winners got 6.6% to 8.3% less than the pot (the room's rake); in one the room counts
    the big blind's uncalled half in its winnings, which also matches."""

    from showdown.phh.corpus.pool import replay_paths

    path = DATA / "handhq-abs-sample.phhs"
    reports = {r.hand: r for r in replay_paths([path])}
    assert {h: r.cls for h, r in reports.items()} == {
        "1": "match", "3": "rake", "6": "match", "7": "match", "9": "rake", "12": "rake",
        "18": "rake"}
    assert reports["3"].settlement is not None
    assert reports["3"].settlement["payouts"] == {"7": 17} and reports["3"].recorded[4] == 15.65
    assert reports["3"].settlement["returned"] == {"7": 11}  # p5 bet 17 into 6: 11 uncalled
    assert reports["7"].finishing_stacks == [80.1, 197.5, 201.3]


def test_big_blind_ante_and_missing_folds_of_a_wsop_hand() -> None:
    """The button's fold is missing from the file: a turn-order error, unless ``repair``
    fills it in (as pokerkit does). The big blind's ante is dead money in the main pot,
    not a bet nobody called: the winner takes it, as the record says."""

    from showdown.phh import IllegalAction, load_file

    (hand,) = load_file(DATA / "wsop-2019-42-3-00-01-07.phh")
    with pytest.raises(IllegalAction, match="action 13 'p1 cc': breaks the turn order: it is "
                       "p8's turn, not p1's"):
        settle(hand)
    s = settle(hand, repair=True)
    assert s.replay.inferred == ["p8 f"]
    assert verify(s).cls == "match"
    assert s.finishing == [18100000, 5625000, 6675000, 5750000, 9150000, 6525000, 12950000,
                           7300000]
    assert s.showdown is not None and s.showdown.returned == {}
    assert [p.amount for p in s.showdown.pots] == [8450000]


def test_a_seven_card_stud_hand_worked_by_hand() -> None:
    """Bring-in by the lowest up card (2d), completion, the best hand showing opens the later
    streets (the queens), small bet on third and fourth street, big bet after."""
    from showdown.phh.variant_rules import find

    assert find("F7S").supported
    text = """variant = "F7S"
antes = [1, 1, 1]
bring_in = 1
small_bet = 4
big_bet = 8
starting_stacks = [100, 100, 100]
actions = ["d dh p1 AcKcQd", "d dh p2 2s3s2d", "d dh p3 7h8h9s", "p2 pb", "p3 cbr 4", "p1 cc",
  "p2 cc", "d dh p1 Qs", "d dh p2 5c", "d dh p3 Th", "p1 cbr 4", "p2 f", "p3 cc",
  "d dh p1 Ad", "d dh p3 Jh", "p1 cc", "p3 cbr 8", "p1 cc", "d dh p1 4d", "d dh p3 2h",
  "p1 cc", "p3 cc", "d dh p1 6c", "d dh p3 3c", "p1 cc", "p3 cc",
  "p1 sm AcKcQdQsAd4d6c", "p3 sm 7h8h9sThJh2h3c"]
finishing_stacks = [83, 95, 122]"""
    s = settle(loads(text))
    assert s.replay.contributed == [17, 5, 17]
    assert s.table.button is None  # no button in stud: odd chips go by suit
    assert s.finishing == [83, 95, 122] and verify(s).cls == "match"  # p3's straight wins
    with pytest.raises(IllegalAction, match=r"action 3 'p1 pb': breaks the turn order"):
        settle(loads(text.replace('"p2 pb"', '"p1 pb"')))
