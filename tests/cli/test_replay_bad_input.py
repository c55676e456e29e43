"""Nothing lost in silence, nothing a traceback: a folder's files that hold no hand history
named one by one, ``convert --keep-going`` past files that do not read, a PHH nested
1,000 deep and a hand named by a time of day as one line each, a file's text cut into
hands once and a run ending at the first error without reading on."""

from __future__ import annotations

import datetime
import gzip
import json
import shutil
import tomllib
from pathlib import Path

import pytest

from helpers.backends import NO_KERNEL_INSTALL, both
from helpers.paths import ROOMS
from showdown.commands.main import main
from showdown.hands import native
from showdown.phh.corpus import chunks, files
from showdown.phh.corpus import read as corpus_read
from showdown.phh.corpus.chunks import run_units
from showdown.phh.corpus.files import file_units
from showdown.phh.corpus.pool import replay_lines, replay_paths
from showdown.phh.corpus.read import open_text
from showdown.phh.notation import loads, toml_reader

FOLD = ('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        'starting_stacks = [10, 10]\nactions = ["p2 f"]\nfinishing_stacks = [11, 9]\n')
#: fpdb's own dumps beside its regression files (a Python dict, not a hand history).
FPDB_DUMP = "{   u'Hero': {   'allInEV': 0.0,\n                'street0Aggr': False}}\n"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def folder_of_files(tmp_path: Path) -> Path:
    """Two real rooms' files (one in UTF-16, as Full Tilt wrote them) among files that
    hold no hand history: a macOS folder's record, fpdb's dump, an empty file."""
    folder = tmp_path / "hands"
    (folder / "fpdb").mkdir(parents=True)
    shutil.copy(ROOMS / "wpn-tournament.txt", folder / "wpn.txt")
    text = open_text((ROOMS / "fulltilt-tournament.txt").read_bytes())
    (folder / "fulltilt.txt").write_bytes(text.encode("utf-16"))
    (folder / ".DS_Store").write_bytes(b"\x00\x00\x00\x01Bud1\x00\x00\x10\x00" * 8)
    (folder / "fpdb" / "wpn.txt.hp").write_text(FPDB_DUMP)
    (folder / "empty.txt").write_bytes(b"")
    return folder


def test_a_folder_names_each_file_it_leaves_out(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    folder = folder_of_files(tmp_path)
    code, out, err = run(capsys, "replay", str(folder))
    assert code == 0
    assert "Hands: 7 (files: 2)" in out  # wpn's 5, Full Tilt's 2 read from UTF-16
    assert out.splitlines()[-1] == "Skipped files (not hand histories): 3"
    assert err.splitlines() == [
        f"skipped: {folder / '.DS_Store'}: not a hand history: neither PHH nor a known "
        "room's hands",
        f"skipped: {folder / 'empty.txt'}: an empty file",
        f"skipped: {folder / 'fpdb' / 'wpn.txt.hp'}: not a hand history: neither PHH nor "
        "a known room's hands",
    ]
    code, out, json_err = run(capsys, "replay", str(folder), "--json", "--workers", "2")
    assert code == 0 and json_err == err and len(out.splitlines()) == 7
    assert run(capsys, "replay", str(folder / "empty.txt"))[0] == 2  # a file named: an error


def test_the_library_names_the_files_it_leaves_out(tmp_path: Path) -> None:
    folder = folder_of_files(tmp_path)
    left: list[str] = []
    reports = list(replay_paths([folder], skipped=lambda file, why: left.append(file)))
    assert len(reports) == 7 and [Path(f).name for f in left] == [".DS_Store", "empty.txt",
                                                                   "wpn.txt.hp"]
    left.clear()
    assert len(list(replay_lines([folder], skipped=lambda f, why: left.append(f)))) == 7
    assert len(left) == 3


def test_convert_keep_going_goes_past_files_that_do_not_read(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.txt.gz"
    broken.write_bytes(gzip.compress((ROOMS / "888-cash.txt").read_bytes())[:40])
    unknown = tmp_path / "unknown.txt"
    unknown.write_text(FPDB_DUMP)
    good = ROOMS / "wpn-tournament.txt"
    code, out, err = run(capsys, "convert", str(broken), str(unknown), str(good),
                         str(folder_of_files(tmp_path)), "--to", "phh", "--keep-going")
    assert code == 1
    # the good file, then the folder's two (the same wpn hands: each file's its own .phhs)
    assert out.count("\nvariant = ") + out.startswith("variant = ") == 5 + 5 + 2
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    assert len(errors) == 2 and errors[0].startswith(f"error: {broken}: not a readable gzip")
    assert errors[1].startswith(f"error: {unknown}: not a hand history")
    assert err.count("skipped: ") == 3
    assert err.splitlines()[-1] == "Skipped files (not hand histories): 3"
    code, out, err = run(capsys, "convert", str(broken), str(good), "--to", "phh")
    assert (code, out) == (2, "") and err.count("\n") == 1 and err.startswith("error: ")


#: A PHH file whose value nests a thousand arrays, and one whose tables nest a thousand deep.
DEEP = {
    "arrays.phh": FOLD + "_x = " + "[" * 1000 + "]" * 1000 + "\n",
    "tables.phh": FOLD + "_x = " + "{a = " * 1000 + "}" * 1000 + "\n",
    "sections.phhs": "[" + ".".join(["a"] * 1000) + "]\n" + FOLD,
}


@pytest.mark.parametrize("name", sorted(DEEP))
def test_a_phh_nested_a_thousand_deep_is_one_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    deep = tmp_path / name
    deep.write_text(DEEP[name])
    after = tmp_path / "z.phh"
    after.write_text(FOLD)
    for backend in native.NAMES:
        with native.use(backend):
            code, out, err = run(capsys, "replay", str(deep), str(after), "--keep-going")
            assert code == 0 and "Hands: 1 (files: 2)" in out and "Errors: 1" in out
            assert err.count("\n") == 1 and err.startswith(f"error: {deep}")
            assert "Traceback" not in err
            code, out, err = run(capsys, "replay", str(deep), str(after))
            assert (code, out) == (2, "") and err.count("\n") == 1


def test_a_hand_named_by_a_time_of_day(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``hand = 00:00:09`` is a TOML local time: the report gives its text."""
    text = "hand = 00:00:09\n" + FOLD
    assert loads(text).fields["hand"] == datetime.time(0, 0, 9) == tomllib.loads(text)["hand"]
    if not NO_KERNEL_INSTALL:
        with native.use("native"):
            reader = toml_reader()
        assert reader is not None and reader(text) == tomllib.loads(text)
    path = tmp_path / "t.phh"
    path.write_text(text)
    lines = []
    for backend in native.NAMES:
        with native.use(backend):
            for workers in ("1", "2"):
                code, out, err = run(capsys, "replay", str(path), "--json", "--workers", workers)
                assert (code, err) == (0, "")
                lines.append(out)
    assert len(set(lines)) == 1
    row = json.loads(lines[0])
    assert (row["source_id"], row["hand"], row["class"]) == ("00:00:09", "1", "match")
    [report] = replay_paths([path])
    assert report.source_id == "00:00:09"


def test_rows_carry_the_seats_the_pots_are_keyed_by(capsys: pytest.CaptureFixture[str]) -> None:
    """Every row's ``seats`` lists each player's seat, as ``players`` lists the names: the
    seats that key its pots, payouts and returned chips (the room's own seat numbers)."""
    path = ROOMS / "pokerstars-tournament.txt"
    outs = both(lambda: run(capsys, "replay", str(path), "--json")[1])
    assert outs[0] == outs[1]
    rows = [json.loads(line) for line in outs[0].splitlines()]
    _, hands = corpus_read.read_file(path)
    for row, hand in zip(rows, hands, strict=True):
        assert row["seats"] == hand.fields["seats"]  # type: ignore[union-attr]
        assert len(row["seats"]) == len(row["players"])
        keyed = {str(s) for s in row["seats"]}
        assert set(row["payouts"]) <= keyed and set(row["returned"]) <= keyed
        for pot in row["pots"]:
            assert set(pot["eligible"]) <= set(row["seats"])
            assert set(pot["winners"]) <= set(row["seats"]) and set(pot["shares"]) <= keyed
    assert any(row["seats"] != list(range(1, len(row["seats"]) + 1)) for row in rows)
    reports = list(replay_paths([path]))
    assert [r.seats for r in reports] == [row["seats"] for row in rows]


def test_a_file_is_cut_into_hands_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay cuts a room's text into hands once (the units carry each hand's text);
    reading them does not cut again."""
    path = tmp_path / "joined.txt"
    path.write_bytes((ROOMS / "888-tournament.txt").read_bytes() * 3)
    expected = [r.to_dict() for r in replay_paths([path], chunk=4)]
    cuts = []
    split_rooms = files.split_rooms

    def counted(text: str) -> list[tuple[str, list[str]]]:
        cuts.append(len(text))
        return split_rooms(text)

    def again(text: str, room: str) -> list[str]:
        raise AssertionError("a hand's text cut again")

    monkeypatch.setattr(files, "split_rooms", counted)
    monkeypatch.setattr(corpus_read, "split_hands", again)
    assert [r.to_dict() for r in replay_paths([path], chunk=4)] == expected
    assert len(expected) == 33 and cuts == [len(open_text(path.read_bytes()))]


def test_a_run_that_stops_at_the_first_error_reads_no_further(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An error in a big file's first hand: the run ends there, the rest unread."""
    text = open_text((ROOMS / "pokerstars-cash-zoom.txt").read_bytes()).strip() + "\n\n\n"
    bad = text.replace("raises $0.05 to $0.10", "raises $0.01 to $0.06")
    assert bad != text
    path = tmp_path / "big.txt"
    path.write_text(bad + text * 99)
    units = [unit for _, unit in file_units(str(path), 10)]
    assert len(units) == 10
    rows = run_units(units, stop=True)
    assert len(rows) == 10 and rows[0][3] is not None  # the first unit only
    assert len(run_units(units)) == 100
    read: list[int] = []
    read_parts = chunks.read_parts

    def counted(parts: list[str], room: str, file: str | None = None) -> list[object]:
        read.append(len(parts))
        return read_parts(parts, room, file)  # type: ignore[return-value]

    monkeypatch.setattr(chunks, "read_parts", counted)
    reports = list(replay_paths([path], chunk=10, stop=True))
    assert len(reports) == 1 and reports[0].error is not None and sum(read) == 10
