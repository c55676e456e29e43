"""Real hands (poker-apprentice/hand-history-parser, MIT): a PokerStars progressive
knockout hand, its bounty kept and checked against the settlement; an ACR stud hi/lo hand
in ACR's newer layout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers.paths import ROOMS
from showdown.commands.main import main
from showdown.phh.bounties import check_bounties
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _hands(name: str) -> list[HandHistory]:
    _, hands = read_file(ROOMS / name)
    assert all(isinstance(h, HandHistory) for h in hands)
    return hands  # type: ignore[return-value]


def test_a_knockout_is_kept_and_agrees_with_the_hand() -> None:
    hand = _hands("pokerstars-cash-and-knockout.txt")[2]
    f = hand.fields
    assert f["players"] == ["hammy6955", "mhuggins"]
    assert f["_bounties"] == [38.62, 148.95]  # on each head, from the seat lines
    assert f["_bounties_won"] == [0, 19.31] and f["_eliminated_by"] == [2, 0]
    # "mhuggins wins the tournament and receives $150.56": prize money, not a pot
    assert f["winnings"] == [0, 369650]
    s = settle(hand)
    assert verify(s).cls == "match" and check_bounties(s) == []
    again = loads(dumps(hand))  # the fields travel through PHH
    assert again.fields["_eliminated_by"] == [2, 0]
    # the same record on a hand the knocked-out player survives is named
    lie = settle(hand.with_fields(_eliminated_by=[0, 1], _bounties_won=[19.31, 0]))
    assert check_bounties(lie) == [
        "p2 is written as knocked out by p1 but ends the hand with 940000 chips",
        "p1 is written as knocking out p2 but won nothing in the hand"]


def test_acr_stud_hi_lo_in_the_newer_layout() -> None:
    text = (ROOMS / "wpn-stud-hi-lo.txt").read_text()
    assert detect(text) == "wpn"
    [hand] = _hands("wpn-stud-hi-lo.txt")
    f = hand.fields
    assert (f["variant"], f["bring_in"], f["small_bet"], f["big_bet"]) == ("F7S/8", 0.05, 0.1, 0.2)
    assert (f["table"], f["seat_count"], f["_rake"], f["_jackpot"]) == ("Crainville", 8, 0.08, 0.02)
    s = settle(hand)
    v = verify(s)
    # AzRic's 8-7-5-3-2 low and KickShorty's three tens split the pot; the room paid each
    # 4.48 of 4.53, the rake 0.08 and the jackpot fee 0.02 taken
    assert v.cls == "rake" and v.differences == [(0, 453, 448), (6, 453, 448)]
    # the main pot 8.46 (the room writes it less its rake: 8.36) and a side pot of 0.60
    assert s.showdown is not None and [p.amount for p in s.showdown.pots] == [846, 60]


def _replay(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    assert err == ""
    return code, out


def test_replay_classes_the_real_knockout_as_a_match(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    code, out = _replay(capsys, str(ROOMS / "pokerstars-cash-and-knockout.txt"), "--json",
                        "--check")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [(r["source_id"], r["class"]) for r in rows] == [
        (247743239964, "rake"), (247743232339, "rake"), (247678901194, "match")]
    assert rows[2]["differences"] == []


@pytest.mark.parametrize(("lie", "said"), [
    # the loser written as the winner of the bounty
    (("mhuggins wins $19.31 for eliminating hammy6955",
      "hammy6955 wins $19.31 for eliminating mhuggins"),
     [("p2", "mhuggins", "is written as knocked out by p1 but ends the hand with 940000 chips"),
      ("p1", "hammy6955", "is written as knocking out p2 but won nothing in the hand")]),
    # the bounty paid for a player who was not in the hand: nobody it names busts here
    (("for eliminating hammy6955", "for eliminating Bo"),
     [("p2", "mhuggins", "is paid a bounty but knocked nobody out")]),
])
def test_replay_names_a_bounty_the_hand_contradicts(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, lie: tuple[str, str],
        said: list[tuple[str, str, str]]) -> None:
    text = (ROOMS / "pokerstars-cash-and-knockout.txt").read_text()
    assert lie[0] in text
    path = tmp_path / "knockout.txt"
    path.write_text(text.replace(lie[0], lie[1]))
    code, out = _replay(capsys, str(path), "--json", "--check")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 1  # --check: a bounty disagreement fails it
    assert [r["class"] for r in rows] == ["rake", "rake", "bounty"]
    assert [(d["player"], d["name"], d["bounty"]) for d in rows[2]["differences"]] == said
    code, out = _replay(capsys, str(path))
    assert code == 0
    line = f"{path}, hand 247678901194: bounty: " + "; ".join(
        f"{p} ({name}) {words}" for p, name, words in said)
    assert line in out.splitlines()
    assert "mismatch 0, bounty 1" in out


def test_a_mismatch_stays_a_mismatch_with_its_bounty_record(tmp_path: Path) -> None:
    hand = _hands("pokerstars-cash-and-knockout.txt")[2]
    wrong = hand.with_fields(winnings=[369650, 0], _eliminated_by=[0, 1],
                             _bounties_won=[19.31, 0])
    from showdown.phh.corpus.reports import report

    r = report(wrong, "1")
    assert r.cls == "mismatch" and all("bounty" not in d for d in r.differences)
    assert report(hand, "1").cls == "match"
