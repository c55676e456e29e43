"""A room's file: its bytes decoded, its text cut into hands once, each hand read by the
reader of its own room.

A file may hold the hands of several rooms (files of two rooms joined with ``cat``):
every hand starts with its room's head (:data:`~showdown.phh.rooms.fast.HEAD_STARTS`,
confirmed by the room's ``HEAD`` pattern), so :func:`split_rooms` finds each hand's
room from its own first line, and an iPoker ``<session>`` wherever one starts a line.

>>> text = open_text(b"Poker Hand #HD1: x\\n\\nPoker Hand #HD2: y\\n")
>>> split_hands(text, "ggpoker")
['Poker Hand #HD1: x\\n\\n', 'Poker Hand #HD2: y\\n']
>>> [(room, len(hands)) for room, hands in split_rooms(
...     "Poker Hand #HD1: x\\nWinamax Poker - a\\nWinamax Poker - b\\n")]
[('ggpoker', 1), ('winamax', 2)]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from itertools import chain
from pathlib import Path

from showdown.phh.corpus.decoding import open_text
from showdown.phh.corpus.detect import ROOMS, detect
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.nogc import paused
from showdown.phh.notation import HandHistory
from showdown.phh.rooms import bovada, ipoker, pacific, party, stars, winamax
from showdown.phh.rooms.fast import HEAD_STARTS, as_history, native_hands, split_at_heads

__all__ = ["BAD_TEXT", "open_text", "read_file", "read_hands", "read_parts", "read_path",
           "split_hands", "split_rooms"]

_HEADS: dict[str, re.Pattern[str]] = {
    **stars.HEADS,
    "winamax": winamax.HEAD,
    "888": pacific.HEAD,
    "partypoker": party.HEAD,
    "bovada": bovada.HEAD,
}
_READERS: dict[str, Callable[[str, str, str | None], HandHistory]] = {
    "pokerstars": stars.read_hand,
    "ggpoker": stars.read_hand,
    "fulltilt": stars.read_hand,
    "wpn": stars.read_hand,
    "winamax": winamax.read_hand,
    "888": pacific.read_hand,
    "partypoker": party.read_hand,
    "ipoker": ipoker.read_hand,
    "bovada": bovada.read_hand,
}
#: The rooms whose heads :data:`~showdown.phh.rooms.fast.HEAD_STARTS` does not list, since
#: one may open mid-line (Bovada's files hold hands cut short mid-line, the next head
#: glued on), and a word each of their heads holds: a text without one has none.
_ANYWHERE: dict[str, tuple[str, ...]] = {"bovada": ("Bovada", "Ignition", "Bodog")}
#: What closes an iPoker session (XML).
_CLOSE = "</session>"
#: What a reader raises on text it cannot read, besides its own :class:`HistoryError`
#: (which names the line): a number or a date that does not parse (``int``, ``datetime``,
#: :func:`~showdown.phh.rooms.money.amount`: ``ValueError``). Any other error is a bug of
#: the reader, and is raised as one.
BAD_TEXT: tuple[type[Exception], ...] = (ValueError,)

#: The hands of one room, in a row: (room, each hand's text).
Run = tuple[str, list[str]]


def read_path(path: str | Path) -> str:
    """The text of a file (see :func:`~showdown.phh.corpus.decoding.open_text`)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise MalformedHistory(str(path), None, f"cannot read the file: {exc}") from None
    return open_text(data, str(path))


def split_hands(text: str, room: str) -> list[str]:
    """The text of each hand of a text of one room's hands, in order (:func:`split_rooms`
    finds each hand's room)."""
    if room == "ipoker":
        return ipoker.split(text)
    starts = split_at_heads(text, room, _HEADS[room])  # quicker than finditer
    if starts is None:
        starts = [m.start() for m in _HEADS[room].finditer(text)]
    if not starts:
        return []
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


@lru_cache(maxsize=8)
def _literals(rooms: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str],
                                               dict[str, tuple[tuple[str, re.Pattern[str]], ...]]]:
    """The patterns of what may open a hand of ``rooms`` (their
    :data:`~showdown.phh.rooms.fast.HEAD_STARTS`) or an iPoker session (``<session``,
    or the XML declaration before it, at a line's start: an indented session's line
    after its declaration's), after a line end and at the text's start (after blanks),
    in one scan of the text; and the rooms (and their heads) each beginning may be."""
    of: dict[str, tuple[tuple[str, re.Pattern[str]], ...]] = {}
    for room in rooms:
        for literal in HEAD_STARTS.get(room, ()):
            of[literal] = (*of.get(literal, ()), (room, _HEADS[room]))
    longest = "|".join(map(re.escape, sorted(of, key=len, reverse=True)))
    opening = f"({longest}|<(?:session|\\?xml))"
    return re.compile("\n" + opening), re.compile("\\s*" + opening), of


def _heads(text: str) -> tuple[list[int], list[str]]:
    """Where every hand's head is in ``text`` (an iPoker session's start for iPoker), in
    order, and each one's room."""
    pattern, first, of = _literals(tuple(_HEADS))
    opened = first.match(text)
    starts: list[int] = []
    rooms: list[str] = []
    end = 0
    for m in chain(() if opened is None else (opened,), pattern.finditer(text)):
        at = m.start(1)
        if at < end:  # within the head before (888's "#Game No : 1" line, then its head)
            continue
        heads = of.get(m.group(1))
        if heads is None:  # an iPoker session, unless it opens within the one before
            if not rooms or rooms[-1] != "ipoker" or _CLOSE in text[starts[-1]:at]:
                starts.append(at)
                rooms.append("ipoker")
            continue
        for room, head in heads:
            found = head.match(text, at)
            if found is not None:
                starts.append(at)
                rooms.append(room)
                end = found.end()
                break
    extra = [(at, room) for at, room in _glued(text, of)] if "ipoker" in rooms else []
    for room, words in _ANYWHERE.items():  # heads that may open mid-line: their pattern's
        if any(word in text for word in words):
            extra.extend((m.start(), room) for m in _HEADS[room].finditer(text))
    if extra:
        merged = sorted([*zip(starts, rooms, strict=True), *extra])
        return [at for at, _ in merged], [room for _, room in merged]
    return starts, rooms


def _glued(text: str, of: dict[str, tuple[tuple[str, re.Pattern[str]], ...]]
           ) -> list[tuple[int, str]]:
    """(where, room) of a text hand glued to the end of an iPoker session (an XML file
    without a last line end, joined with ``cat``)."""
    found: list[tuple[int, str]] = []
    at = text.find(_CLOSE)
    while at >= 0:
        after = at + len(_CLOSE)
        while text[after:after + 1] in (" ", "\t"):
            after += 1
        line = text[after:after + 1000]  # the head on a line of its own
        found.extend((after, room) for literal, heads in of.items() if line.startswith(literal)
                     for room, head in heads[:1] if head.match(line) is not None)
        at = text.find(_CLOSE, after)
    return found


def split_rooms(text: str) -> list[Run]:
    """The hands of a text in runs of one room each, in order: (room, each hand's text).

    Each hand's room is its head's (a file of two rooms' hands gives two runs); an iPoker
    session runs to the next hand of another room and is cut into its games
    (:func:`~showdown.phh.rooms.ipoker.split`). Text before the first head is no hand.
    """
    starts, rooms = _heads(text)
    if not starts:
        return []
    ends = [*starts[1:], len(text)]
    room = rooms[0]
    if room != "ipoker" and rooms.count(room) == len(rooms):  # one room: head to head
        return [(room, [text[a:b] for a, b in zip(starts, ends, strict=True)])]
    runs: list[Run] = []
    for at, stop, room in zip(starts, ends, rooms, strict=True):
        parts = ipoker.split(text[at:stop]) if room == "ipoker" else [text[at:stop]]
        if runs and runs[-1][0] == room:
            runs[-1][1].extend(parts)
        elif parts:
            runs.append((room, parts))
    return runs


def read_hands(text: str, room: str, file: str | None = None
               ) -> list[HandHistory | HistoryError]:
    """Every hand of a text of one room's hands: a :class:`HandHistory`, or the error of a
    hand that does not read (its number in the message)."""
    if room not in ROOMS:
        raise ValueError(f"unknown room {room!r}")
    return read_parts(split_hands(text, room), room, file)


def read_parts(parts: list[str], room: str, file: str | None = None
               ) -> list[HandHistory | HistoryError]:
    """Each hand of a room, given as its text (:func:`split_hands` or :func:`split_rooms`
    cut them): a :class:`HandHistory`, or the error of a hand that does not read."""
    read = _READERS[room]
    hands: list[HandHistory | HistoryError] = []
    with paused():  # many small acyclic containers: see showdown.phh.nogc
        fast = native_hands(parts, room)  # the kernel's reading; None: Python reads the part
    for k, part in enumerate(parts):
        done = fast[k] if fast is not None else None
        if done is not None:
            hands.append(as_history(done, file))
            continue
        try:
            hands.append(read(part, room, file))
        except HistoryError as exc:
            hands.append(exc)
        except BAD_TEXT as exc:  # a number or a date that does not read: named, not raised
            hands.append(MalformedHistory(file, _number(part), f"cannot read the hand: {exc}"))
    return hands


def _number(part: str) -> str | None:
    m = re.search(r"(?:#|HandId: #|gamecode=\")\s*([\w-]+)", part[:300])
    return m.group(1) if m else None


def read_file(path: str | Path) -> tuple[str, list[HandHistory | HistoryError]]:
    """A room's file: the room of its first hand and every hand, each read by its own
    room's reader (see :func:`read_parts`)."""
    file = str(path)
    text = read_path(path)
    runs = split_rooms(text)
    if not runs:
        room = detect(text)
        if room in ROOMS:  # a room's file of no hand: a tournament's summary...
            raise MalformedHistory(file, None, f"no {room} hand in the file")
        raise MalformedHistory(file, None, "not a hand history of a known room "
                                           f"({', '.join(ROOMS)})")
    return runs[0][0], [hand for room, parts in runs for hand in read_parts(parts, room, file)]
