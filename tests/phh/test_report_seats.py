"""A report names each player's seat (``HandReport.seats``, ``"seats"`` in its JSON), the
seats its pots, payouts and returned chips are keyed by, on every path a row is made."""

from __future__ import annotations

from helpers.backends import both
from helpers.paths import ROOMS
from showdown.phh.corpus.batches import settled_rows
from showdown.phh.corpus.read import read_file
from showdown.phh.corpus.reports import (
    DETAILS,
    HandReport,
    error_row,
    from_row,
    from_rows,
    report,
    to_rows,
)
from showdown.phh.notation import loads

SEATED = '''variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
seats = [2, 5, 9]
players = ["Ana", "Bo", "Cy"]
actions = ["d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h2s", "p3 f", "p1 cbr 6", "p2 f"]
finishing_stacks = [102, 98, 100]
'''


def test_the_seats_of_a_hand_key_its_settlement() -> None:
    r = report(loads(SEATED, "a.phh"), "1")
    assert (r.players, r.seats) == (["Ana", "Bo", "Cy"], [2, 5, 9])
    assert r.settlement is not None and set(r.settlement["payouts"]) == {"2"}
    d = r.to_dict()
    assert d["seats"] == [2, 5, 9] and list(d).index("seats") == list(d).index("players") + 1
    assert d["players"][d["seats"].index(2)] == "Ana"  # who was paid


def test_seats_without_a_seats_field_and_on_an_error() -> None:
    unseated = SEATED.replace("seats = [2, 5, 9]\n", "")
    assert report(loads(unseated), "1").seats == [1, 2, 3]
    assert from_row(error_row("a.txt", "7", "bad", "pokerstars")).seats == []
    broken = report(loads(unseated.replace('"p3 f"', '"p1 f"')), "1")
    assert broken.error is not None and broken.seats == [] and broken.to_dict()["seats"] == []


def test_the_kernels_rows_and_pythons_carry_the_same_seats() -> None:
    hand = loads(SEATED, "a.phh")
    native, numpy = both(lambda: [r.to_dict() for r in from_rows(settled_rows([hand]))])
    assert native == numpy and native[0]["seats"] == [2, 5, 9]
    _, hands = read_file(ROOMS / "pokerstars-tournament.txt")
    native, numpy = both(lambda: [r.to_dict() for r in from_rows(settled_rows(hands))])
    assert native == numpy
    assert [r["seats"] for r in native] == [h.fields["seats"] for h in hands]  # type: ignore[union-attr]


def test_seats_travel_with_the_report() -> None:
    r = HandReport("a.phh", "1", "match", players=["Ana", "Bo"], seats=[4, 7])
    assert "seats" in DETAILS and DETAILS[-1] == "seats"
    [back] = from_rows(to_rows([r]))
    assert back.seats == [4, 7] and back == r
    assert "seats=(4, 7)" in repr(r)
    assert HandReport("a.phh", "1").seats == []
