"""Real hands run twice (HHSmithy/PokerHandHistoryParser, MIT): a PokerStars pot-limit
Omaha cash hand with a side pot, its river run twice, and a Full Tilt cap no-limit
Hold'em cash hand whose river is run twice in Full Tilt's numbered layout
(``*** RIVER 1 ***``, ``*** RIVER 2 ***``, ``wins pot 2 ($311)``)."""

from __future__ import annotations

from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.settlement import settle
from showdown.phh.verification import verify


def _hand(name: str) -> HandHistory:
    _, [hand] = read_file(ROOMS / name)
    assert isinstance(hand, HandHistory)
    return hand


def test_pokerstars_omaha_river_run_twice_with_a_side_pot() -> None:
    hand = _hand("pokerstars-cash-run-twice.txt")
    f = hand.fields
    assert (f["variant"], f["_runout_count"], f["_rake"]) == ("PO", 2, 3)
    assert [a for a in f["actions"] if a.startswith("d db")] == [
        "d db 3dKd9h", "d db 8h", "d db 4s", "d db Kc"]
    s = settle(hand)
    assert s.showdown is not None
    # FLATC@T (seat 3) wins the main pot ($3,010 before the rake) and the side pot ($20)
    # on both runs, half of each a run; the $990 nobody called comes back
    assert [(p.amount, p.eligible, p.winners) for p in s.showdown.pots] == [
        (15050, (3, 4), (3,)), (100, (3,), (3,)), (15050, (3, 4), (3,)), (100, (3,), (3,))]
    assert s.showdown.returned == {3: 9900}
    assert verify(s).cls == "rake"  # "collected $1503.50 from main pot" twice: $3 rake
    again = loads(dumps(hand))
    assert again.fields["_runout_count"] == 2 and verify(settle(again)).cls == "rake"


def test_full_tilt_numbered_runs() -> None:
    hand = _hand("fulltilt-cash-run-twice.txt")
    f = hand.fields
    assert f["players"] == ["VanyaRabotaet", "1mperial", "Postrail", "Darkking_pt",
                            "ginalisa18"]  # zekulya sits out
    assert f["_runout_count"] == 2
    assert [a for a in f["actions"] if a.startswith("d db")] == [
        "d db Td3d3h", "d db Qh", "d db Ac", "d db 2h"]
    assert f["winnings"] == [0, 311, 0, 311, 0]  # "wins pot 1 ($311)", "wins pot 2 ($311)"
    s = settle(hand)
    assert s.showdown is not None
    # $625 in all, half a run: Darkking_pt (seat 6) takes the first, 1mperial (seat 4)
    # the second; $3 rake
    assert [(p.amount, p.winners) for p in s.showdown.pots] == [(31250, (6,)), (31250, (4,))]
    assert verify(s).cls == "rake"


def test_the_native_reader_leaves_numbered_runs_to_python() -> None:
    text = (ROOMS / "fulltilt-cash-run-twice.txt").read_text(encoding="utf-8-sig")
    with native.use("numpy"):
        _, [python] = read_file(ROOMS / "fulltilt-cash-run-twice.txt")
    assert isinstance(python, HandHistory)
    assert "*** RIVER 2 ***" in text
    _, [either] = read_file(ROOMS / "fulltilt-cash-run-twice.txt")
    assert isinstance(either, HandHistory) and either.fields == python.fields
