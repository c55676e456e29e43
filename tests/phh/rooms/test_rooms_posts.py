"""Blinds posted out of position (a player coming back in a late seat): read so that the
betting opens where the room opened it and every player puts in what the room says."""

from __future__ import annotations

from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file, read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.builder import HandBuilder
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _stars_hand(*changes: tuple[str, str]) -> HandHistory:
    text = (ROOMS / "pokerstars-cash-zoom.txt").read_text()
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    [hand] = read_hands(text, "pokerstars", "posts.txt")
    assert isinstance(hand, HandHistory), str(hand)
    return hand


def test_a_big_blind_posted_late_and_folded_is_dead_money() -> None:
    hand = _stars_hand(("held: posts big blind $0.05\n",
                        "held: posts big blind $0.05\npfckfdcrbq: posts big blind $0.05\n"),
                       ("held collected $0.31", "held collected $0.36"))
    # B0GEYMAN, held, pfckfdcrbq, Lobster01RUS, moreno627, Mr.BinAlik (the button)
    assert hand.fields["blinds_or_straddles"] == [0.02, 0.05, 0, 0, 0, 0]
    assert hand.fields["antes"] == [0, 0, 0.05, 0, 0, 0]
    assert hand.fields["actions"][6] == "p3 f"  # the poster still acts first, in turn
    assert verify(settle(hand)).cls == "rake"


def test_small_and_big_blinds_posted_late_then_checked() -> None:
    hand = _stars_hand(
        ("held: posts big blind $0.05\n",
         "held: posts big blind $0.05\npfckfdcrbq: posts small & big blinds $0.07\n"),
        ("pfckfdcrbq: folds ", "pfckfdcrbq: checks "),
        ("held: calls $0.05\n", "held: calls $0.05\npfckfdcrbq: folds\n"),
        ("held collected $0.31", "held collected $0.38"))
    assert hand.fields["blinds_or_straddles"] == [0.02, 0.05, 0, 0, 0, 0]
    # the small blind is dead; the live big blind comes in with the check, as a call
    assert hand.fields["antes"] == [0, 0, 0.02, 0, 0, 0]
    assert hand.fields["actions"][6:12] == ["p3 cc", "p4 f", "p5 cbr 0.1", "p6 cc", "p1 f",
                                            "p2 cc"]
    assert hand.fields["actions"][12] == "p3 f"
    s = settle(hand)
    put = {p.name: p.contributed for p in s.table.players}  # live chips, in cents
    assert put["pfckfdcrbq"] == 5 and put["B0GEYMAN"] == 2 and put["Mr.BinAlik"] == 10
    assert verify(s).cls == "rake"


def test_a_late_blind_that_changes_the_amounts_is_a_mismatch() -> None:
    # the same hand with the winner paid as if the late blind had not been posted
    hand = _stars_hand(("held: posts big blind $0.05\n",
                        "held: posts big blind $0.05\npfckfdcrbq: posts big blind $0.05\n"))
    verdict = verify(settle(hand))
    assert verdict.cls == "mismatch" and verdict.differences == [(1, 37, 31)]


def test_a_betting_order_no_blind_reading_explains_is_named() -> None:
    text = (ROOMS / "pokerstars-cash-zoom.txt").read_text().replace(
        "pfckfdcrbq: folds \nLobster01RUS: folds ", "Lobster01RUS: folds \npfckfdcrbq: folds ")
    [error] = read_hands(text, "pokerstars", "order.txt")
    assert isinstance(error, HistoryError)
    assert "'Lobster01RUS', who acted first" in str(error)


@pytest.mark.parametrize(("name", "classes"), [
    ("partypoker-cash-posts.txt", {"match": 1, "rake": 3}),
    ("888-cash-dead-blind.txt", {"rake": 1}),
])
def test_real_hands_with_late_blinds_verify(name: str, classes: dict[str, int]) -> None:
    _, hands = read_file(ROOMS / name)
    assert all(isinstance(h, HandHistory) for h in hands), [str(h) for h in hands]
    found: dict[str, int] = {}
    for hand in hands:
        cls = verify(settle(hand)).cls  # type: ignore[arg-type]
        found[cls] = found.get(cls, 0) + 1
    assert found == classes


def test_real_late_blinds_are_written_as_the_room_played_them() -> None:
    _, hands = read_file(ROOMS / "partypoker-cash-posts.txt")
    by_number = {h.fields["hand"]: h for h in hands if isinstance(h, HandHistory)}
    # "worley posts big blind + dead [$0.35]", checks, then folds to a raise
    worley = by_number[198555577]
    k = worley.fields["players"].index("worley")
    assert worley.fields["antes"][k] == 0.1 and worley.fields["blinds_or_straddles"][k] == 0
    # "worley posts big blind + dead [$0.35]" and folds at once: all of it dead
    folded = by_number[198560047]
    k = folded.fields["players"].index("worley")
    assert folded.fields["antes"][k] == 0.35


def test_a_player_who_declines_to_post_is_not_dealt_in() -> None:
    _, [hand] = read_file(ROOMS / "888-cash-dead-blind.txt")
    assert isinstance(hand, HandHistory)
    assert "Aprel16" not in hand.fields["players"]  # "Aprel16 folds" before the deal
    k = hand.fields["players"].index("Flanx")  # "posts dead blind [$0.01 + $0.02]", folds
    assert hand.fields["antes"][k] == 0.03


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_any_late_poster_puts_in_what_the_room_says(data: st.DataObject) -> None:
    """A table of 3 to 8 players, a big blind (dead small blind or not) posted from any
    late seat, every player in turn calling or folding, the poster checking or folding:
    the replay's betting order is the room's and each player puts in the room's chips."""
    n = data.draw(st.integers(3, 8), label="players")
    late = data.draw(st.integers(3, n), label="late seat")
    dead = data.draw(st.sampled_from([D(0), D(1)]), label="dead small blind")
    b = HandBuilder("pokerstars", "NT", hand="1")
    b.stakes(D(1), D(2))
    names = [f"P{k}" for k in range(1, n + 1)]
    for seat, name in enumerate(names, 1):
        b.seat(seat, name, D(100))
    b.button = n
    b.post("P1", "blind", D(1))
    b.post("P2", "blind", D(2))
    b.post(names[late - 1], "blind", D(2), dead)
    put = {name: D(0) for name in names}
    put["P1"], put["P2"], put[names[late - 1]] = D(1), D(2), D(2) + dead
    in_hand = []
    for name in [*names[2:], "P1", "P2"]:  # the room's order: left of the big blind first
        poster = name == names[late - 1]
        if name == "P2" and not in_hand:
            break  # everybody folded to the big blind: the hand is over
        choice = data.draw(st.sampled_from(["fold", "call"]), label=name)
        if name == "P2" or (poster and choice == "call"):
            b.act(name, "check")
        elif choice == "call":
            b.act(name, "call", D(2) - put[name])
            put[name] = D(2) + (dead if poster else 0)
        else:
            b.act(name, "fold")
        if choice == "call" or name == "P2":
            in_hand.append(name)
    if len(in_hand) > 1:
        for cards in (["2c", "7d", "9h"], ["Js"], ["Kd"]):
            b.board(cards)
            for name in sorted(in_hand, key=names.index):
                b.act(name, "check")
    deck = iter(["Ac", "Ad", "Ah", "As", "Kc", "Kh", "Ks", "Qc", "Qd", "Qh", "Qs", "Jc", "Jd",
                 "Jh", "Tc", "Td"])
    for name in names:
        b.hole(name, [next(deck), next(deck)])
        if name in in_hand:
            b.show(name, b.holes[name])
    hand = b.build()
    s = settle(hand)
    paid = {name: D(v) / s.replay.scale
            for name, v in zip(hand.fields["players"], s.replay.contributed, strict=True)}
    assert paid == put
