"""One file's hands read, replayed, settled and made into rows: :func:`file_rows`.

It runs in this process, in a local process pool or on a Dask worker (its result is
plain data): a room's file, a ``.phh`` or ``.phhs`` file, gzip'd or not, in any of the
encodings :mod:`showdown.phh.corpus.decoding` reads. Every hand is either a row of
:class:`~showdown.tracker.hand_rows.Rows` or refused with its place and reason, and a
file that does not read at all is refused whole (place ``""``).

``hold_last``: leave out the file's last hand (it may still be being written: see
:mod:`showdown.tracker.watch`); it is neither stored nor refused.

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.phh").write_text('variant = "NT"\\nantes = [0, 0]\\n'
...     'blinds_or_straddles = [1, 2]\\nmin_bet = 2\\nstarting_stacks = [10, 10]\\n'
...     'actions = ["p2 f"]\\nhand = 5\\n')
>>> rows = file_rows(str(folder / "a.phh"))
>>> rows.keys_in_order(), rows.refused
([('phh', '5')], [])
>>> [(place, reason[:21]) for place, _, reason in file_rows(str(folder / "no.txt")).refused]
[('', 'cannot read the file:')]
"""

from __future__ import annotations

from showdown.phh.corpus.batches import settle_each
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.files import SUFFIXES, split_sections
from showdown.phh.corpus.read import read_parts, read_path, split_rooms
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.nogc import paused
from showdown.phh.notation import HandHistory, loads, loads_all
from showdown.tracker.hand_rows import Rows

__all__ = ["file_rows", "text_hands"]

#: Hands settled at once (the kernel settles a batch in one call).
BATCH = 2000


def _reason(exc: HistoryError) -> str:
    """The message of an error without the file's name (the row names the file)."""
    text = str(exc)
    if exc.file and text.startswith(exc.file):
        text = text[len(exc.file):].lstrip(",: ")
    if exc.hand is not None and text.startswith(f"hand {exc.hand}"):
        text = text[len(f"hand {exc.hand}"):].lstrip(",: ")
    return text


def _phh_hands(file: str, text: str) -> list[HandHistory | HistoryError]:
    """The hands of a PHH text; a section that does not read is its own error."""
    try:
        if detect(text) == "phhs" or file.endswith(".phhs"):
            return list(loads_all(text, file))
        return [loads(text, file)]
    except HistoryError:
        if not file.endswith(".phhs") and detect(text) != "phhs":
            raise
    hands: list[HandHistory | HistoryError] = []
    for name, body in split_sections(text):
        try:
            hand = loads(body, file)
            hand.name = name
            hands.append(hand)
        except HistoryError as exc:
            exc.hand = name
            hands.append(exc)
    return hands


def text_hands(file: str, text: str) -> tuple[str, list[HandHistory | HistoryError]]:
    """(format, every hand) of a file's text: ``phh`` for PHH, else the first hand's room.

    A text in no known format raises :class:`~showdown.phh.errors.MalformedHistory`.
    """
    kind = "phh" if file.endswith(SUFFIXES) else detect(text)
    if kind in ("phh", "phhs"):
        return "phh", _phh_hands(file, text)
    runs = split_rooms(text)
    if not runs:
        raise MalformedHistory(file, None, "not a hand history: neither PHH nor a known "
                                           "room's hands")
    return runs[0][0], [hand for room, parts in runs for hand in read_parts(parts, room, file)]


def file_rows(file: str, hold_last: bool = False) -> Rows:
    """The rows of every hand of ``file`` (see the module's docstring)."""
    with paused():  # the hands read and their rows: many small acyclic containers
        return _file_rows(file, hold_last)


def _file_rows(file: str, hold_last: bool) -> Rows:
    rows = Rows()
    try:
        room, hands = text_hands(file, read_path(file))
    except HistoryError as exc:
        rows.refuse("", "", _reason(exc))
        return rows
    if hold_last and hands:
        hands = hands[:-1]
    for start in range(0, len(hands), BATCH):
        batch = hands[start:start + BATCH]
        good = [h for h in batch if isinstance(h, HandHistory)]
        settled = iter(settle_each(good))
        for hand in batch:
            if not isinstance(hand, HandHistory):
                rows.refuse(str(hand.hand or "?"), room, _reason(hand))
                continue
            s = next(settled)
            hand_room = str(hand.fields.get("_room") or room)
            if isinstance(s, HistoryError):
                rows.refuse(str(hand.fields.get("hand") or hand.label), hand_room,
                            _reason(s))
                continue
            try:
                rows.add(hand, s, hand_room)
            except HistoryError as exc:
                rows.refuse(str(hand.fields.get("hand") or hand.label), hand_room,
                            _reason(exc))
    return rows
