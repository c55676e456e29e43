"""Rooms' files damaged at random: every hand is read or named as an error, never raised."""

from __future__ import annotations

import contextlib

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.paths import ROOMS
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import settle

TEXTS = [open_text(p.read_bytes()) for p in sorted(ROOMS.iterdir())]

edits = st.lists(st.tuples(st.sampled_from(["drop", "double", "swap", "char"]),
                           st.integers(0, 10_000), st.integers(0, 10_000),
                           st.sampled_from(list("0123456789$€,. []():#*xAKcdhs-"))),
                 max_size=6)


def damaged(text: str, changes: list[tuple[str, int, int, str]]) -> str:
    lines = text.split("\n")
    for kind, a, b, char in changes:
        i, j = a % len(lines), b % len(lines)
        if kind == "drop":
            del lines[i]
        elif kind == "double":
            lines.insert(i, lines[i])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif lines[i]:
            k = b % len(lines[i])
            lines[i] = lines[i][:k] + char + lines[i][k + 1:]
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(range(len(TEXTS))), edits)
def test_damaged_files_are_read_or_named(which: int, changes: list[tuple[str, int, int, str]]
                                         ) -> None:
    text = damaged(TEXTS[which], changes)
    room = detect(text) or detect(TEXTS[which])
    assert room is not None
    if room in ("phh", "phhs"):
        return
    for hand in read_hands(text, room, "fuzz.txt"):
        if isinstance(hand, HistoryError):
            assert str(hand).startswith("fuzz.txt")
            continue
        assert isinstance(hand, HandHistory)
        with contextlib.suppress(HistoryError):  # an illegal action is named too
            settle(hand)
