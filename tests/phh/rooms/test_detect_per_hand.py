"""Each hand's room and encoding found from its own text: real files of two rooms joined
with ``cat``, UTF-16 both ways, marks in the middle or twice at the start, a bad byte in a
player's name, a stray NUL: every hand read as it reads alone, none lost."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus import read as corpus_read
from showdown.phh.corpus.read import open_text, read_file, split_hands, split_rooms
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory, dumps
from showdown.phh.rooms.fast import HEAD_STARTS

MARK = b"\xef\xbb\xbf"


def raw(name: str) -> bytes:
    data = (ROOMS / name).read_bytes()
    return gzip.decompress(data) if name.endswith(".gz") else data


def hands_alone(name: str) -> list[HandHistory]:
    """A sample's hands, read from its own file (every one reads)."""
    _, hands = read_file(ROOMS / name)
    assert all(isinstance(h, HandHistory) for h in hands), [str(h) for h in hands]
    return hands  # type: ignore[return-value]


def read_bytes(tmp_path: Path, data: bytes, name: str = "joined.txt"
               ) -> tuple[str, list[HandHistory | HistoryError]]:
    path = tmp_path / name
    path.write_bytes(data)
    return read_file(path)


@pytest.mark.parametrize(("first", "second"), [
    ("pokerstars-tournament.txt", "888-cash.txt"),  # Windows-1252 and CRLF, then UTF-8
    ("pokerstars-tournament.txt", "winamax-cash-incognito.txt"),  # then UTF-8 euros
    ("wpn-tournament.txt", "ipoker-sng.xml"),  # text, then an iPoker session
    ("ipoker-cash-hu.xml", "ggpoker-handwritten.txt"),  # an iPoker session, then text
    ("pokerstars-cash-run-twice.txt", "fulltilt-cash-cap.txt"),  # marks, no last line end
    ("fulltilt-tournament.txt", "partypoker-cash-hu.txt"),
])
def test_two_rooms_files_joined_read_every_hand_by_its_room(
        tmp_path: Path, first: str, second: str) -> None:
    room, hands = read_bytes(tmp_path, raw(first) + raw(second))
    assert room == read_file(ROOMS / first)[0]
    assert hands == hands_alone(first) + hands_alone(second)
    rooms = [r for r, parts in split_rooms(open_text(raw(first) + raw(second))) for _ in parts]
    assert rooms == ([read_file(ROOMS / first)[0]] * len(hands_alone(first))
                     + [read_file(ROOMS / second)[0]] * len(hands_alone(second)))


def test_a_file_that_holds_three_rooms_in_turn(tmp_path: Path) -> None:
    names = ("888-cash.txt", "winamax-handwritten.txt", "888-tournament.txt")
    _, hands = read_bytes(tmp_path, b"\n".join(raw(name) for name in names))
    assert hands == [h for name in names for h in hands_alone(name)]
    runs = split_rooms(open_text(b"\n".join(raw(name) for name in names)))
    assert [(room, len(parts)) for room, parts in runs] == [("888", 3), ("winamax", 2),
                                                           ("888", 11)]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
@pytest.mark.parametrize("name", ["winamax-cash-incognito.txt", "wpn-tournament.txt",
                                  "pokerstars-cash-run-twice.txt"])
def test_utf_16_with_or_without_a_mark_reads_as_utf_8(
        tmp_path: Path, name: str, encoding: str) -> None:
    """``utf-16`` writes a mark (little-endian here); ``-le``/``-be`` write none."""
    text = open_text(raw(name))
    _, hands = read_bytes(tmp_path, text.encode(encoding))
    assert hands == hands_alone(name)
    big_marked = b"\xfe\xff" + text.encode("utf-16-be")
    assert read_bytes(tmp_path, big_marked, "big.txt")[1] == hands_alone(name)


def test_two_utf_16_files_joined_and_a_utf_8_one_after_them(tmp_path: Path) -> None:
    one = open_text(raw("wpn-tournament.txt")).encode("utf-16")
    two = open_text(raw("winamax-handwritten.txt")).encode("utf-16")
    _, hands = read_bytes(tmp_path, one + two + raw("888-cash.txt"))
    assert hands == (hands_alone("wpn-tournament.txt") + hands_alone("winamax-handwritten.txt")
                     + hands_alone("888-cash.txt"))


def test_two_marks_at_the_start_and_a_stray_nul(tmp_path: Path) -> None:
    data = raw("pokerstars-cash-run-twice.txt")
    assert data.startswith(MARK)
    assert read_bytes(tmp_path, MARK + data)[1] == hands_alone("pokerstars-cash-run-twice.txt")
    nul = b"\x00" + raw("partypoker-cash-hu.txt")  # as a PartyPoker client wrote some files
    assert read_bytes(tmp_path, nul)[1] == hands_alone("partypoker-cash-hu.txt")


def test_a_bad_byte_in_a_name_costs_one_character(tmp_path: Path) -> None:
    """A UTF-8 file (its amounts in euros: ``€`` is three bytes) with a byte that is not
    UTF-8 in a player's name: every hand reads as before, the name with the byte read as
    Windows-1252 (the whole file read as Windows-1252 would misread every euro)."""
    data = raw("winamax-cash-incognito.txt")
    assert data.count(b"tc1591") > 1
    _, hands = read_bytes(tmp_path, data.replace(b"tc1591", b"t\xe71591"))
    alone = hands_alone("winamax-cash-incognito.txt")
    assert [dumps(h) for h in hands] == [  # type: ignore[arg-type]
        dumps(h).replace("tc1591", "tç1591") for h in alone]
    assert sum("tç1591" in h.fields["players"] for h in hands) > 0  # type: ignore[union-attr]


def test_a_bad_byte_after_a_mark(tmp_path: Path) -> None:
    """The real case: a PokerStars file with a mark whose one player's name has a byte
    that is not UTF-8 (the whole file was refused: read as Windows-1252, its mark was
    three letters before the first hand's head)."""
    data = raw("pokerstars-cash-cap-run-twice.txt")
    assert data.startswith(MARK)
    name = hands_alone("pokerstars-cash-cap-run-twice.txt")[0].fields["players"][0]
    assert name.isascii() and data.count(name.encode()) > 1
    bad = name[:1] + "\xe9" + name[2:]
    _, hands = read_bytes(tmp_path, data.replace(name.encode(), bad.encode("cp1252")))
    assert len(hands) == len(hands_alone("pokerstars-cash-cap-run-twice.txt"))
    assert all(isinstance(h, HandHistory) for h in hands)
    assert hands[0].fields["players"][0] == bad  # type: ignore[union-attr]


def test_a_windows_1252_file_reads_whole() -> None:
    """``pokerstars-tournament.txt`` is Windows-1252 (``ò`` is one byte)."""
    assert b"\xf2" in raw("pokerstars-tournament.txt")
    names = {n for h in hands_alone("pokerstars-tournament.txt") for n in h.fields["players"]}
    assert "Ass'e bastò" in names


def test_the_heads_of_one_room_are_its_hands_alone() -> None:
    """A file of one room cuts as :func:`split_hands` cuts it."""
    for path in sorted(ROOMS.iterdir()):
        text = open_text(path.read_bytes())
        [(room, parts)] = split_rooms(text)
        assert parts == split_hands(text, room), path.name


def test_an_archive_line_before_the_first_hand(tmp_path: Path) -> None:
    """Hand-tracker archives open with a line of their own (``BEGIN``): the hands after
    it are read."""
    _, hands = read_bytes(tmp_path, b"BEGIN\n" + raw("fulltilt-tournament.txt"))
    assert hands == hands_alone("fulltilt-tournament.txt")


def test_every_rooms_head_is_found_in_the_one_scan() -> None:
    """Every room's head is listed in :data:`HEAD_STARTS` (found in the one scan), or is
    one that may open mid-line (Bovada), scanned for by its pattern only in a text that
    holds one of its words."""
    assert set(corpus_read._HEADS) <= set(HEAD_STARTS) | set(corpus_read._ANYWHERE)
