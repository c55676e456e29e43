"""A corpus's files and reports: files and folders searched for ``.phh``/``.phhs``,
chunks of hands, one :class:`HandReport` per hand.

:func:`showdown.phh.pool.replay_paths` replays a corpus. On any
:class:`concurrent.futures.Executor` the work is cut into chunks of hands (a
``.phhs`` file is split at its ``[name]`` tables), each chunk replayed, settled
and verified by :func:`replay_chunk` (the text sent, the reports sent back as
rows, :func:`to_rows`); without one, in this process or in a local process pool
whose workers read their files themselves (:mod:`showdown.phh.pool`).

>>> text = ('[1]\\nvariant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n'
...         'min_bet = 2\\nstarting_stacks = [10, 10]\\nactions = ["p2 f"]\\n'
...         'finishing_stacks = [11, 9]\\n')
>>> [(r.hand, r.cls, r.finishing_stacks) for r in replay_chunk([("a.phhs", "phhs", None, text)])]
[('1', 'match', [11, 9])]
"""

from __future__ import annotations

import gzip
import marshal
import math
import re
import sys
import zlib
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from functools import partial
from pathlib import Path
from typing import Any

from showdown.phh.amounts import INFINITE, from_units
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.nogc import paused
from showdown.phh.notation import HandHistory, loads, loads_all
from showdown.phh.runs import settle_each
from showdown.phh.settlement import PotParts, Settlement, parts_payouts, settle
from showdown.phh.verification import verify

__all__ = ["HandReport", "find_files", "replay_chunk", "report"]

#: Hands per chunk handed to a worker process.
CHUNK = 500
_HEADER = re.compile(r"^[ \t]*\[([^\[\]\n]*)\][ \t]*(?:#[^\n]*)?$", re.MULTILINE)
_SIMPLE = re.compile(r"[ \t]*[A-Za-z0-9_-]+[ \t]*")
#: _HEADER for files whose lines do not start with blanks: its leading newline lets the
#: regex engine jump from one "\n[" to the next (several times quicker on big files).
_HEADER_AT_START = re.compile(r"\n\[([^\[\]\n]*)\][ \t]*(?:#[^\n]*)?(?=\n|\Z)")


def _headers(text: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of every ``[name]`` line of a ``.phhs`` text.

    >>> _headers("[1]\\na = 1\\n  [2]  # x\\nb = 2"), _headers("[1]\\na = 1\\n[2]\\nb = 2")
    ([(0, 3, '1'), (10, 20, '2')], [(0, 3, '1'), (10, 13, '2')])
    """
    if "\n " in text or "\n\t" in text or text[:1] in (" ", "\t"):
        return [(m.start(), m.end(), m.group(1)) for m in _HEADER.finditer(text)]
    found = _HEADER_AT_START.finditer("\n" + text)
    return [(m.start(), m.end() - 1, m.group(1)) for m in found]


#: The fields of a :class:`HandReport` after file, hand, class and error, in this order.
DETAILS = ("finishing_stacks", "net", "recorded", "recorded_field", "players", "differences",
           "settled", "inferred", "format", "source_id", "ev")


class HandReport:
    """The outcome of one hand (plain data: it crosses process boundaries).

    ``cls`` is one of :data:`~showdown.phh.verification.CLASSES` or ``None``
    (no recorded result to compare); ``error`` is the message of a hand that
    could not be replayed (then the other results are ``None``). ``settled`` is the
    settlement as :attr:`settlement` gives it, or (for a hand the kernel settled) its
    plain parts ``(pots, returned, showdown order)``, turned into the dictionary when
    asked for.

    A worker process sends the fields of :data:`DETAILS` packed by :mod:`marshal`; they
    are unpacked when one of them is first read (a summary of a corpus reads only the
    file, hand, class and error of most hands).

    >>> r = HandReport("a.phh", "1", "match", players=["Ana", "Bo"])
    >>> r.cls, r.players, r.differences, r.settlement
    ('match', ['Ana', 'Bo'], [], None)
    >>> _from_row(_packed_row(_row_of(r))) == r
    True
    """

    __slots__ = ("_details", "cls", "error", "file", "hand")

    file: str
    hand: str
    cls: str | None
    error: str | None
    _details: tuple[Any, ...] | bytes

    def __init__(
        self,
        file: str,
        hand: str,
        cls: str | None = None,
        finishing_stacks: list[Any] | None = None,
        net: list[Any] | None = None,
        recorded: list[Any] | None = None,
        recorded_field: str | None = None,
        players: list[str] | None = None,
        differences: list[dict[str, Any]] | None = None,
        settled: dict[str, Any] | PlainParts | None = None,
        error: str | None = None,
        inferred: list[str] | None = None,
        format: str = "phh",
        source_id: str | int | None = None,
        ev: dict[str, Any] | None = None,
    ) -> None:
        self.file = file
        self.hand = hand
        self.cls = cls
        self.error = error
        self._details = (finishing_stacks, net, recorded, recorded_field, players or [],
                         differences or [], settled, inferred or [], format, source_id, ev)

    def _unpacked(self) -> tuple[Any, ...]:
        details = self._details
        if type(details) is bytes:  # two threads may both unpack: the same values
            details = self._details = marshal.loads(details)
        return details  # type: ignore[return-value]

    @property
    def finishing_stacks(self) -> list[Any] | None:
        """Each player's finishing stack as we settle it (the file's numbers)."""
        return self._unpacked()[0]  # type: ignore[no-any-return]

    @property
    def net(self) -> list[Any] | None:
        """Each player's finishing minus starting stack."""
        return self._unpacked()[1]  # type: ignore[no-any-return]

    @property
    def recorded(self) -> list[Any] | None:
        """The recorded result compared (``recorded_field`` names it), or ``None``."""
        return self._unpacked()[2]  # type: ignore[no-any-return]

    @property
    def recorded_field(self) -> str | None:
        """``finishing_stacks``, ``winnings`` or ``None``."""
        return self._unpacked()[3]  # type: ignore[no-any-return]

    @property
    def players(self) -> list[str]:
        """The players' names (``p1``, ``p2``, ... where the file gives none)."""
        return self._unpacked()[4]  # type: ignore[no-any-return]

    @property
    def differences(self) -> list[dict[str, Any]]:
        """The players whose amounts differ: ``player``, ``name``, ``ours``, ``recorded``."""
        return self._unpacked()[5]  # type: ignore[no-any-return]

    @property
    def settled(self) -> dict[str, Any] | PlainParts | None:
        """The settlement, or its plain parts (see the class docstring)."""
        return self._unpacked()[6]  # type: ignore[no-any-return]

    @property
    def inferred(self) -> list[str]:
        """The actions ``--repair`` filled in."""
        return self._unpacked()[7]  # type: ignore[no-any-return]

    @property
    def format(self) -> str:
        """The file's format: ``phh`` (also ``.phhs``) or the room's (``pokerstars``, ...)."""
        return self._unpacked()[8]  # type: ignore[no-any-return]

    @property
    def source_id(self) -> str | int | None:
        """The room's hand number (a PHH file's ``hand`` field), ``None`` if not written."""
        return self._unpacked()[9]  # type: ignore[no-any-return]

    @property
    def ev(self) -> dict[str, Any] | None:
        """With ``--ev``: ``big_blind``, ``all_in_street``, ``ev`` (per player, see
        :func:`_ev_detail`) and ``note``; ``None`` without."""
        return self._unpacked()[10]  # type: ignore[no-any-return]

    @property
    def settlement(self) -> dict[str, Any] | None:
        """``pots``, ``payouts``, ``returned`` and ``showdown_order`` as in ``resolve
        --json`` (``None``: not settled)."""
        settled = self.settled
        if type(settled) is tuple:
            return _parts_dict(settled)
        return settled  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``showdown replay --json``."""
        (finishing, net, recorded, recorded_field, players, differences, _,
         inferred, fmt, source_id, ev) = self._unpacked()
        data: dict[str, Any] = {
            "file": self.file,
            "hand": self.hand,
            "format": fmt,
            "source_id": source_id,
            "class": self.cls,
            "players": players,
            "finishing_stacks": finishing,
            "net": net,
            "recorded": recorded,
            "recorded_field": recorded_field,
            "differences": differences,
        }
        settlement = self.settlement or {}
        for key in ("pots", "payouts", "returned", "showdown_order"):
            data[key] = settlement.get(key)
        if inferred:
            data["inferred"] = inferred
        if ev is not None:
            data["all_in_street"] = ev["all_in_street"]
            data["ev"] = ev["ev"]
            if ev["note"] is not None:
                data["ev_note"] = ev["note"]
        if self.error is not None:
            data["error"] = self.error
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandReport):
            return NotImplemented
        return _row_of(self) == _row_of(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        details = self._unpacked()
        values = [self.file, self.hand, self.cls, *details[:7], self.error, *details[7:]]
        names = ("file", "hand", "cls", *DETAILS[:7], "error", *DETAILS[7:])  # __init__'s order
        return f"HandReport({', '.join(f'{k}={v!r}' for k, v in zip(names, values, strict=True))})"

    def __reduce__(self) -> tuple[Any, ...]:
        return _from_row, (_row_of(self),)


class _SeatText(dict[int, str]):
    """Seat numbers as JSON keys: the usual ones made once, any other on demand."""

    def __missing__(self, seat: int) -> str:
        return str(seat)


_SEAT_TEXT = _SeatText({k: str(k) for k in range(64)})


#: A kernel-settled hand's pots, returned chips and showdown order (see :data:`Parts`).
PlainParts = tuple[PotParts, tuple[tuple[int, int], ...], tuple[int, ...]]


def _parts_dict(parts: PlainParts, scale: int = 1) -> dict[str, Any]:
    """The settlement dictionary of a kernel-settled hand, without Showdown (amounts in
    units of ``1 / scale``, written as the file's numbers)."""
    pots: Any = parts[0]
    returned: Any = parts[1]
    order = parts[2]
    text = _SEAT_TEXT
    plain = []
    payouts: dict[int, Any] = parts_payouts(pots)
    if scale != 1:  # each sum in units first: a sum of decimals is not exact
        money = partial(from_units, scale=scale)
        pots = [(money(amount), eligible, winners, tuple(map(money, shares)))
                for amount, eligible, winners, shares in pots]
        returned = [(seat, money(c)) for seat, c in returned]
        payouts = {seat: money(c) for seat, c in payouts.items()}
    for amount, eligible, winners, shares in pots:
        plain.append({
            "amount": amount,
            "eligible": list(eligible),
            "winners": list(winners),
            "shares": dict(zip(map(text.__getitem__, winners), shares, strict=True)),
        })
    return {
        "pots": plain,
        "payouts": dict(zip(map(text.__getitem__, payouts), payouts.values(), strict=True)),
        "returned": {text[seat]: c for seat, c in returned},
        "showdown_order": list(order),
    }


def _settlement_dict(s: Settlement) -> dict[str, Any] | PlainParts | None:
    """The settlement of a report: plain parts for a kernel-settled hand, else the dict."""
    parts = s.parts
    if parts is not None:  # whole chips: the plain parts, made a dictionary when read
        scale = s.replay.scale
        return parts[:3] if scale == 1 else _parts_dict(parts[:3], scale)
    sd = s.showdown
    if sd is None:
        return None
    scale = s.replay.scale

    # Whole chips, where no pot can hold an unknown (inf) stack, are the file's numbers.
    whole = scale == 1 and sum(s.replay.contributed) < INFINITE // 2
    money: Callable[[int], int | float] = int if whole else partial(from_units, scale=scale)
    return {
        "pots": [
            {
                "amount": money(p.amount),
                "eligible": list(p.eligible),
                "winners": list(p.winners),
                "shares": {str(seat): money(c) for seat, c in p.shares.items()},
            }
            for p in sd.pots
        ],
        "payouts": {str(seat): money(c) for seat, c in sd.payouts.items()},
        "returned": {str(seat): money(c) for seat, c in sd.returned.items()},
        "showdown_order": list(sd.showdown_order),
    }


def _money(units: int, scale: int) -> int | float | None:
    """Units as the file's number; an unknown (``inf``) stack is ``None`` (JSON has no inf)."""
    value = from_units(units, scale)
    return None if value == math.inf else value


def _moneys(values: list[int], scale: int) -> list[int | float | None]:
    """:func:`_money` of each value."""
    if scale == 1 and max(values) < INFINITE // 2:
        return list(values)
    return [_money(v, scale) for v in values]


def report(history: HandHistory, hand: str, repair: bool = False, ev: bool = False
           ) -> HandReport:
    """Replay, settle and verify one hand; a :class:`HistoryError` becomes the report's error."""
    try:
        s: Settlement | HistoryError = settle(history, repair)
    except HistoryError as exc:
        s = exc
    return _from_row(_row(history, hand, s, ev=ev))


def _rows(hands: list[HandHistory], repair: bool, fmt: str = "phh", ev: bool = False
          ) -> list[Row]:
    """The rows of the hands of a run, settled together (see :mod:`showdown.phh.runs`)."""
    if repair:
        return [_row(h, h.label, _settled(h, repair), fmt, ev) for h in hands]
    labels = [h.label for h in hands]
    if fmt == "phh" and not ev:
        return list(map(_row, hands, labels, settle_each(hands)))
    n = len(hands)
    return list(map(_row, hands, labels, settle_each(hands), [fmt] * n, [ev] * n))


def _room_rows(file: str, room: str, text: str, repair: bool, ev: bool = False) -> list[Row]:
    """The rows of the hands of a room's text, in order; a hand that does not read is an
    error row naming it, and the others still run."""
    from showdown.phh.rooms.read import read_hands

    rows: list[Row] = []
    run: list[HandHistory] = []
    for hand in read_hands(text, room, file):
        if isinstance(hand, HandHistory):
            run.append(hand)
            continue
        rows.extend(_rows(run, repair, room, ev))
        run = []
        rows.append(_error_row(file, str(hand.hand or "?"), str(hand), room))
    rows.extend(_rows(run, repair, room, ev))
    return rows


def _settled(history: HandHistory, repair: bool) -> Settlement | HistoryError:
    try:
        return settle(history, repair)
    except HistoryError as exc:
        return exc


def _error_row(file: str, hand: str, error: str, fmt: str = "phh") -> Row:
    source = hand if fmt != "phh" and hand != "?" else None
    return (file, hand, None, error,
            (None, None, None, None, [], [], None, [], fmt, source, None))


def _row(history: HandHistory, hand: str, s: Settlement | HistoryError,
         fmt: str = "phh", ev: bool = False) -> Row:
    """A hand's report as a :data:`Row` (``fmt``: the format the hand was read from;
    ``ev``: with its all-in EV, :func:`_ev_detail`)."""
    file = history.file or "-"
    source = history.fields.get("hand")
    try:
        if isinstance(s, HistoryError):
            raise s
        verdict = verify(s)
    except HistoryError as exc:
        row = _error_row(file, hand, str(exc), fmt)
        return (*row[:4], (*row[4][:9], source, None))
    replay = s.replay
    scale = replay.scale
    finishing = s.finishing
    ours: list[Any] | None = None
    net: list[Any] | None = None
    if finishing is not None:
        net = [f - b for f, b in zip(finishing, replay.starting, strict=True)]
        if scale == 1 and max(finishing) < INFINITE // 2:
            ours = finishing  # whole chips: the file's numbers (a list only this settlement holds)
        else:
            ours = _moneys(finishing, scale)
            net = _moneys(net, scale)
    names = history.names
    recorded: list[Any] | None = verdict.recorded
    if recorded is not None and not all(map(_finite, recorded)):
        recorded = [v if _finite(v) else None for v in recorded]  # JSON has no inf or nan
    differences = [
        {
            "player": f"p{i + 1}",
            "name": names[i],
            "ours": from_units(mine, scale),
            "recorded": recorded[i] if recorded else None,
        }
        for i, mine, _ in verdict.differences
    ] if verdict.differences else []
    return (file, hand, verdict.cls, None, (ours, net, recorded, verdict.field, names,
                                           differences, _settlement_dict(s), replay.inferred,
                                           fmt, source, _ev_detail(s) if ev else None))


def _finite(value: int | float) -> bool:
    """Whether a recorded number can be written in JSON (``inf`` and ``nan`` cannot)."""
    return type(value) is int or math.isfinite(value)



def _ev_detail(s: Settlement) -> dict[str, Any]:
    """A hand's all-in EV as plain values (see :mod:`showdown.phh.allin_ev`): the big
    blind (what ``--ev`` counts results in), the street of the all-in (``None``: none
    before the last card), and per player ``player``, ``name``, ``shares`` (their
    expected share of each pot, main pot first), ``expected`` (chips expected back),
    ``won`` (chips won back) and ``difference`` (``won - expected``), in the file's
    numbers; ``note`` says why the EV of an all-in hand was not computed."""
    from showdown.phh.allin_ev import all_in_ev

    history = s.replay.history
    detail: dict[str, Any] = {"big_blind": _big_blind(history), "all_in_street": None,
                              "ev": None, "note": None}
    found = all_in_ev(s)
    if found is None:
        return detail
    detail["all_in_street"] = found.street
    detail["note"] = found.note
    if found.note is not None:
        return detail
    money = partial(from_units, scale=s.replay.scale)
    names = history.names
    detail["ev"] = [
        {
            "player": f"p{i + 1}",
            "name": names[i],
            "shares": [money(x) for x in found.shares[i]],
            "expected": money(found.expected[i]),
            "won": money(found.won[i]),
            "difference": money(found.won[i] - found.expected[i]),
        }
        for i in range(len(found.won))
    ]
    return detail


def _big_blind(history: HandHistory) -> int | float | None:
    """The hand's big blind (its largest blind or straddle; else its small bet or minimum
    bet): results per 100 hands are counted in it."""
    fields = history.fields
    blinds = fields.get("blinds_or_straddles")
    if isinstance(blinds, list) and blinds and max(blinds) > 0:
        return max(blinds)  # type: ignore[no-any-return]
    for key in ("small_bet", "min_bet"):
        value = fields.get(key)
        if isinstance(value, int | float) and value > 0:
            return value
    return None


#: A unit of work: (file, kind, hand name, text); kind is "phh" (one hand), "phhs" (a whole
#: file), "table" (one table of a .phhs) or "tables" (a run of plain tables).
Unit = tuple[str, str, str | None, str]


def replay_chunk(
    units: Sequence[Unit], repair: bool = False, ev: bool = False
) -> list[HandReport]:
    """Replay every hand of a chunk (runs in a worker process)."""
    return from_rows(_run(units, repair, ev))


def _replay_chunk(units: Sequence[Unit], repair: bool, ev: bool = False) -> list[Row]:
    rows: list[Row] = []
    for file, kind, name, text in units:
        if kind == "tables":
            rows.extend(_tables(file, text, repair, ev))
            continue
        if kind == "room":
            rows.extend(_room_rows(file, name or "", text, repair, ev))
            continue
        try:
            if kind == "phhs":
                rows.extend(_rows(loads_all(text, file), repair, ev=ev))
                continue
            history = loads(text, file)
        except HistoryError as exc:
            if kind == "table" and exc.hand is None:  # name the table that does not read
                exc = MalformedHistory(exc.file, name, exc.detail)
            rows.append(_error_row(file, name or ("1" if kind == "phh" else "?"), str(exc)))
            continue
        if kind == "table":
            history.name = name
            rows.append(_row(history, name or "?", _settled(history, repair), ev=ev))
        else:
            rows.append(_row(history, "1", _settled(history, repair), ev=ev))
    return rows


def _tables(file: str, text: str, repair: bool, ev: bool = False) -> list[Row]:
    """The hands of a run of plain tables, read at once; when one of them does not read,
    table by table, so that only that hand is an error."""
    try:
        hands = loads_all(text, file)
    except HistoryError:
        return _replay_chunk([(file, "table", n, body) for n, body in _split_tables(text)],
                             repair, ev)
    return _rows(hands, repair, ev=ev)


def _split_tables(text: str) -> list[tuple[str, str]]:
    """(name, body) of each table of a run of plain tables."""
    headers = _headers(text)
    ends = [start for start, _, _ in headers[1:]] + [len(text)]
    return [
        (name.strip(), text[end:stop])
        for (_, end, name), stop in zip(headers, ends, strict=True)
    ]


#: The files a folder is searched for: PHH, rooms' text and XML, any of them gzip'd.
SUFFIXES = (".phh", ".phhs", ".txt", ".xml", ".gz")


def _sniff(path: Path) -> bool:
    """Whether a folder's ``.txt``, ``.xml`` or ``.gz`` file holds hand histories (a file
    named on the command line is read whatever it holds; notes beside hands are not)."""
    from showdown.phh.rooms.detect import detect

    try:
        with path.open("rb") as raw:
            head = raw.read(4096)
            if head[:2] == b"\x1f\x8b":
                raw.seek(0)
                with gzip.open(raw) as unzipped:
                    head = unzipped.read(4096)
    except (OSError, EOFError, zlib.error):
        return True  # reading it again names what is wrong
    return detect(head.decode("utf-8", errors="replace")) is not None


def find_files(paths: Iterable[str | Path]) -> Iterator[str]:
    """Every hand-history file of ``paths``: in folders (searched recursively, sorted) the
    files named ``.phh``, ``.phhs``, ``.txt``, ``.xml`` or ``.gz``; a file named is read
    whatever its name. ``-`` stands for stdin. A missing path, or a folder holding no hand
    history, is a :class:`MalformedHistory`."""
    for path in paths:
        text = str(path)
        if text == "-":
            yield "-"
            continue
        p = Path(path)
        if p.is_dir():
            found = [q for q in p.rglob("*") if q.suffix in SUFFIXES and q.is_file()
                     and (q.suffix in (".phh", ".phhs") or _sniff(q))]
            if not found:  # a folder replayed for nothing is a mistake, not a success
                raise MalformedHistory(text, None, "no hand histories in this folder")
            yield from (str(q) for q in sorted(found))
        elif p.exists():
            yield text
        else:
            raise MalformedHistory(text, None, "no such file or folder")


def _units(file: str, size: int) -> list[tuple[int, Unit]]:
    """The work units of one file with their numbers of hands: a .phhs whose tables are
    plain is cut into runs of ``size`` tables, a room's file into runs of ``size`` hands,
    read in the worker. The format is found from the content (gzip'd or not)."""
    from showdown.phh.rooms.detect import ROOMS, detect
    from showdown.phh.rooms.read import open_text, split_hands

    try:
        data = _stdin_bytes() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        raise MalformedHistory(file, None, f"cannot read the file: {exc}") from None
    text = open_text(data, file)
    kind = detect(text)
    if kind in ROOMS:
        hands = split_hands(text, kind)
        if not hands:
            raise MalformedHistory(file, None, f"no {kind} hand in the file")
        return [(len(hands[k:k + size]), (file, "room", kind, "".join(hands[k:k + size])))
                for k in range(0, len(hands), size)]
    named = file.removesuffix(".gz")
    if kind is None and not named.endswith((".phh", ".phhs")):
        raise MalformedHistory(file, None, "not a hand history in a known format (PHH, or a "
                                           f"room's: {', '.join(ROOMS)})")
    many = named.endswith(".phhs") or (not named.endswith(".phh") and kind == "phhs")
    if not many:
        return [(1, (file, "phh", None, text))]
    headers = _headers(text)
    whole: list[tuple[int, Unit]] = [(max(1, len(headers)), (file, "phhs", None, text))]
    if not headers:
        return whole
    names = [name.strip() for _, _, name in headers]
    preamble = text[: headers[0][0]]
    if (
        not all(map(_SIMPLE.fullmatch, names))
        or len(set(names)) != len(names)  # a duplicate table: tomllib reports it
        or any(line.strip() and not line.lstrip().startswith("#")
               for line in preamble.splitlines())
    ):
        return whole
    units: list[tuple[int, Unit]] = []
    for k in range(0, len(headers), size):
        start = headers[k][0]
        end = headers[k + size][0] if k + size < len(headers) else len(text)
        units.append((min(size, len(headers) - k), (file, "tables", None, text[start:end])))
    return units


def _stdin_bytes() -> bytes:
    """Standard input's bytes (text when it has no byte stream, as in tests)."""
    stream = getattr(sys.stdin, "buffer", None)
    return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")


def _file_units(paths: Iterable[str | Path], size: int) -> Iterator[list[tuple[int, Unit]]]:
    for path in paths:
        try:
            files = list(find_files([path]))
        except HistoryError as exc:
            yield [(1, (str(path), "error", None, str(exc)))]
            continue
        for file in files:
            try:
                yield _units(file, size)
            except HistoryError as exc:
                yield [(1, (file, "error", None, str(exc)))]


def _chunks(paths: Iterable[str | Path], size: int) -> Iterator[list[Unit]]:
    """Units in chunks of about ``size`` hands."""
    chunk: list[Unit] = []
    hands = 0
    for units in _file_units(paths, size):
        for weight, unit in units:
            chunk.append(unit)
            hands += weight
            if hands >= size:
                yield chunk
                chunk = []
                hands = 0
    if chunk:
        yield chunk


#: A report as a row of plain values: (file, hand, class, error, details), the details
#: being the values of :data:`DETAILS` as a tuple, or packed by :mod:`marshal` for
#: another process (several times quicker to write and read than pickle's format for such
#: values; both processes run the same Python).
Row = tuple[Any, ...]


def _from_row(row: Row) -> HandReport:
    r = _new(HandReport)
    r.file, r.hand, r.cls, r.error, r._details = row
    return r


_new = object.__new__


def _row_of(r: HandReport) -> Row:
    return (r.file, r.hand, r.cls, r.error, r._unpacked())


def _packed_row(row: Row) -> Row:
    return (*row[:4], marshal.dumps(row[4]))


def to_rows(reports: Iterable[HandReport]) -> list[Row]:
    """Reports as rows of plain values, packed for another process; :func:`from_rows`
    makes them reports again (their details unpacked when first read).

    >>> [r] = from_rows(to_rows([HandReport("a.phh", "1", "match", players=["Ana", "Bo"])]))
    >>> r.cls, r.players, r == HandReport("a.phh", "1", "match", players=["Ana", "Bo"])
    ('match', ['Ana', 'Bo'], True)
    """
    return [_packed_row(_row_of(r)) for r in reports]


def from_rows(rows: Iterable[Row]) -> list[HandReport]:
    """The reports of rows (:func:`to_rows`, or the rows a replay makes)."""
    return list(map(_from_row, rows))


def _pack(rows: list[Row]) -> bytes:
    """Rows for another process: each row's details packed, then the whole list."""
    dumps = marshal.dumps
    return dumps([(file, hand, cls, error, dumps(details))
                  for file, hand, cls, error, details in rows])


def _run_rows(units: Sequence[Unit], repair: bool = False, ev: bool = False) -> bytes:
    """:func:`_run` for another process: its rows, marshalled."""
    with paused():
        return _pack(_run(units, repair, ev))


def _run(units: Sequence[Unit], repair: bool = False, ev: bool = False) -> list[Row]:
    """The rows of a chunk's hands; a unit that could not be read is one error row."""
    with paused():  # many small acyclic containers: see showdown.phh.nogc
        if all(u[1] != "error" for u in units):
            return _replay_chunk(units, repair, ev)
        rows: list[Row] = []
        for unit in units:
            if unit[1] == "error":
                rows.append(_error_row(unit[0], "?", unit[3]))
            else:
                rows.extend(_replay_chunk([unit], repair, ev))
        return rows


def _ordered(
    executor: Executor, run: Any, chunks: Iterator[list[Unit]], window: int
) -> Iterator[Any]:
    """``run(chunk)`` for each chunk on ``executor``, in order, at most ``window`` in flight
    (the files are read as the work goes, not all at once)."""
    pending: deque[Future[Any]] = deque()
    try:
        for chunk in chunks:
            pending.append(executor.submit(run, chunk))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()


