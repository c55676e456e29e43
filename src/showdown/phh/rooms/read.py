"""A room's file: read (plain or gzip'd, UTF-8 or Windows-1252), cut into hands, each read.

>>> text = open_text(b"Poker Hand #HD1: x\\n\\nPoker Hand #HD2: y\\n")
>>> split_hands(text, "ggpoker")
['Poker Hand #HD1: x\\n\\n', 'Poker Hand #HD2: y\\n']
"""

from __future__ import annotations

import gzip
import re
import zlib
from collections.abc import Callable
from pathlib import Path

from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.nogc import paused
from showdown.phh.notation import HandHistory
from showdown.phh.rooms import bovada, ipoker, pacific, party, stars, winamax
from showdown.phh.rooms.detect import ROOMS, detect
from showdown.phh.rooms.fast import as_history, native_hands, split_at_heads

__all__ = ["open_text", "read_file", "read_hands", "read_path", "split_hands"]

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
_GZIP = b"\x1f\x8b"
#: What a reader raises on text it cannot read, besides its own :class:`HistoryError`
#: (which names the line): a number or a date that does not parse (``int``, ``datetime``,
#: :func:`~showdown.phh.rooms.money.amount`: ``ValueError``). Any other error is a bug of
#: the reader, and is raised as one.
BAD_TEXT: tuple[type[Exception], ...] = (ValueError,)


def open_text(data: bytes, file: str | None = None) -> str:
    """The text of a file's bytes: gzip'd or not, UTF-8 (with or without a BOM), else
    Windows-1252 (older room clients); line ends made ``\\n``."""
    if data[:2] == _GZIP:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as exc:
            raise MalformedHistory(file, None, f"not a readable gzip file: {exc}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("cp1252", errors="replace")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def read_path(path: str | Path) -> str:
    """The text of a file (see :func:`open_text`)."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise MalformedHistory(str(path), None, f"cannot read the file: {exc}") from None
    return open_text(data, str(path))


def split_hands(text: str, room: str) -> list[str]:
    """The text of each hand of a room's file, in order."""
    if room == "ipoker":
        return ipoker.split(text)
    starts = split_at_heads(text, room, _HEADS[room])  # quicker than finditer
    if starts is None:
        starts = [m.start() for m in _HEADS[room].finditer(text)]
    if not starts:
        return []
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def read_hands(text: str, room: str, file: str | None = None
               ) -> list[HandHistory | HistoryError]:
    """Every hand of a room's text: a :class:`HandHistory`, or the error of a hand that
    does not read (its number in the message)."""
    if room not in ROOMS:
        raise ValueError(f"unknown room {room!r}")
    read = _READERS[room]
    hands: list[HandHistory | HistoryError] = []
    parts = split_hands(text, room)
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
    """A room's file: its format and its hands (see :func:`read_hands`)."""
    file = str(path)
    text = read_path(path)
    room = detect(text)
    if room is None or room not in ROOMS:
        raise MalformedHistory(file, None, "not a hand history of a known room "
                                           f"({', '.join(ROOMS)})")
    hands = read_hands(text, room, file)
    if not hands:
        raise MalformedHistory(file, None, f"no {room} hand in the file")
    return room, hands
