"""Hands run twice room by room: WPN's numbered layout read (``*** RUN IT TWICE ***``,
``*** FLOP 1 ***`` ... ``*** RIVER 2 ***``, ``collected $x from main pot 2``, a summary
per board), as a real ACR hand of fpdb-3's regression files shows it (AGPL: not shipped;
the sample copies only its layout); the rooms whose layout no public file shows (888,
PartyPoker, Winamax, iPoker) refuse such a hand with one line naming it, on both
backends, never settling it as a hand run once."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.paths import ROOMS
from showdown.commands.main import main
from showdown.hands import native
from showdown.phh.corpus.batches import settle_each
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_file, read_hands, split_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.verification import verify

BACKENDS = ["numpy", *(["native"] if native.native_available() else [])]
REFUSED = "a hand run more than once, which this library reads only as"


@pytest.mark.parametrize("backend", BACKENDS)
def test_wpn_numbered_runs_read_and_settle(backend: str) -> None:
    with native.use(backend):
        _, [hand] = read_file(ROOMS / "wpn-handwritten-run-twice.txt")
        assert isinstance(hand, HandHistory)
        f = hand.fields
        assert (f["_runout_count"], f["_rake"]) == (2, 1)
        assert [a for a in f["actions"] if a.startswith("d db")] == [
            "d db Kd7s2c", "d db 9h", "d db 3d", "d db Qs8d4h", "d db 5c", "d db Jc"]
        # the players from the seat left of ACR's "Lakeview 6-max Seat #1 is the button"
        assert f["players"] == ["Heron", "Marten", "Finch", "Otter"]
        assert f["winnings"] == [0, 29.55, 29.55, 0]  # "collected $29.55 from main pot 1/2"
        [s] = settle_each([hand])
    assert not isinstance(s, HistoryError) and s.showdown is not None
    # $60.10 (two stacks of $30 and the small blind): $30.05 a run; Finch's kings take
    # the first board, Marten's queens the second
    assert [(p.amount, p.winners) for p in s.showdown.pots] == [(3005, (4,)), (3005, (3,))]
    assert s.showdown.returned == {3: 2000}
    assert verify(s).cls == "rake"  # $0.50 a run


def _first_hand_with(name: str, marker: str) -> tuple[str, str]:
    text = open_text((ROOMS / name).read_bytes())
    room = detect(text)
    assert room is not None
    part = next(p for p in split_hands(text, room) if marker in p)
    return part, room


#: (sample, the line after which the run is written, what is written): the lines a hand
#: run twice could show in a room whose layout no public file shows.
RUNS = {
    "888 second runout": ("888-cash.txt", "** Dealing flop **",
                          "Second runout {name} collected [ $1 ]"),
    "888 street word": ("888-cash.txt", "** Dealing flop **",
                        "** Dealing second flop ** [ 2c, 3c, 4c ]"),
    "888 second river": ("888-tournament.txt", "** Dealing river **",
                         "** Dealing river ** [ 2c ]"),
    "partypoker SECOND Flop": ("partypoker-cash-hu.txt", "** Dealing Flop **",
                               "** Dealing SECOND Flop ** [ 2c, 3c, 4c ]"),
    "winamax SECOND FLOP": ("winamax-cash-incognito.txt", "*** FLOP ***",
                            "*** SECOND FLOP *** [2c 3c 4c]"),
    "winamax numbered": ("winamax-cash-incognito.txt", "*** FLOP ***",
                         "*** FLOP 2 *** [2c 3c 4c]"),
    "ipoker Flop2": ("ipoker-cash-hu.xml", 'type="Flop"',
                     '<cards player="" type="Flop2">C2 C3 C4</cards>'),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("case", sorted(RUNS))
def test_a_run_in_an_unknown_layout_is_refused(case: str, backend: str) -> None:
    name, after, extra = RUNS[case]
    part, room = _first_hand_with(name, after)
    lines = part.split("\n")
    at = next(k for k, line in enumerate(lines) if after in line)
    player = next((line.split(": ", 1)[1].split(" (")[0] for line in lines
                   if line.startswith("Seat ") and ": " in line), "")
    lines.insert(at + 1, extra.format(name=player))
    with native.use(backend):
        [hand] = read_hands("\n".join(lines), room, "x.txt")
    assert isinstance(hand, HistoryError), case
    message = str(hand)
    assert REFUSED in message and "\n" not in message
    assert f"no public {room} hand history run twice" in message
    with native.use(backend):  # the hand as written reads
        [plain] = read_hands(part, room, "x.txt")
    assert isinstance(plain, HandHistory)


def test_the_cli_names_the_refused_hand_in_one_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    part, _ = _first_hand_with("partypoker-cash-hu.txt", "** Dealing Flop **")
    flop = next(line for line in part.split("\n") if "** Dealing Flop **" in line)
    path = tmp_path / "party.txt"
    path.write_text(part.replace(flop, flop + "\n** Dealing SECOND Flop ** [ 2c, 3c, 4c ]"),
                    encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and REFUSED in err and "SECOND Flop" in err


def test_a_fourth_street_in_a_room_whose_runs_are_read_is_named_plainly() -> None:
    part, room = _first_hand_with("pokerstars-cash-zoom.txt", "*** RIVER ***")
    river = next(line for line in part.split("\n") if line.startswith("*** RIVER ***"))
    for backend in BACKENDS:
        with native.use(backend):
            [hand] = read_hands(part.replace(river, river + "\n" + river), room, "x.txt")
        assert isinstance(hand, HistoryError)
        assert "more board streets than one board has" in str(hand)
