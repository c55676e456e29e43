"""Replay a corpus: files, folders searched for ``.phh``/``.phhs``, stdin; in processes.

:func:`replay_paths` yields one :class:`HandReport` per hand, in input order.
Work is cut into chunks of hands (a ``.phhs`` file is split at its ``[name]``
tables), each chunk replayed, settled and verified by :func:`replay_chunk`;
chunks run in this process or on any :class:`concurrent.futures.Executor`
passed as ``executor`` (the text sent, the reports sent back as compact rows,
:func:`to_rows`). A local process pool (``workers``) reads the files in its
workers instead: see :mod:`showdown.phh.pool`.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.phhs").write_text('[1]\\nvariant = "NT"\\nantes = [0, 0]\\n'
...     'blinds_or_straddles = [1, 2]\\nmin_bet = 2\\nstarting_stacks = [10, 10]\\n'
...     'actions = ["p2 f"]\\nfinishing_stacks = [11, 9]\\n')
>>> [(r.hand, r.cls, r.finishing_stacks) for r in replay_paths([folder])]
[('1', 'match', [11, 9])]
"""

from __future__ import annotations

import marshal
import math
import multiprocessing
import re
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.context import BaseContext
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from showdown.phh.amounts import INFINITE, from_units
from showdown.phh.batch import settle_each
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.nogc import paused
from showdown.phh.notation import HandHistory, loads, loads_all
from showdown.phh.settlement import PotParts, Settlement, parts_payouts, settle
from showdown.phh.verification import verify

__all__ = ["HandReport", "find_files", "replay_chunk", "replay_paths", "report"]

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


class _Packed:
    """The slot of a :class:`HandReport` whose fields of :data:`LAZY` a worker process sent
    packed (:func:`to_rows`): unpacked on first use, then ``None``."""

    __slots__ = ("_packed",)


@dataclass(frozen=True, slots=True)
class HandReport(_Packed):
    """The outcome of one hand (plain data: it crosses process boundaries).

    ``cls`` is one of :data:`~showdown.phh.verification.CLASSES` or ``None``
    (no recorded result to compare); ``error`` is the message of a hand that
    could not be replayed (then the other results are ``None``).
    """

    file: str
    hand: str | int
    cls: str | None = None
    finishing_stacks: list[Any] | None = None
    net: list[Any] | None = None
    recorded: list[Any] | None = None
    recorded_field: str | None = None
    players: list[str] = field(default_factory=list)
    differences: list[dict[str, Any]] = field(default_factory=list)
    #: The settlement as :attr:`settlement` gives it, or (for a hand the kernel settled)
    #: its plain parts ``(pots, returned, showdown order)``, smaller to send between
    #: processes and turned into the dictionary on first use.
    settled: dict[str, Any] | PlainParts | None = None
    error: str | None = None
    inferred: list[str] = field(default_factory=list)

    if not TYPE_CHECKING:  # for mypy the fields are plain attributes

        def __getattr__(self, name: str) -> Any:
            """A field a worker sent packed: every packed field unpacked on first use."""
            index = _LAZY_INDEX.get(name)
            try:
                packed = None if index is None else object.__getattribute__(self, "_packed")
            except AttributeError:
                packed = None
            if packed is None:  # no such field, or unpacked meanwhile by another thread
                return object.__getattribute__(self, name)
            values = marshal.loads(packed)
            for key, value in zip(LAZY, values, strict=True):
                object.__setattr__(self, key, value)
            object.__setattr__(self, "_packed", None)
            return values[index]

    @property
    def settlement(self) -> dict[str, Any] | None:
        """``pots``, ``payouts``, ``returned`` and ``showdown_order`` as in ``resolve
        --json`` (``None``: not settled)."""
        settled = self.settled
        if type(settled) is tuple:
            settled = _parts_dict(settled)
            object.__setattr__(self, "settled", settled)  # made once (a frozen record)
        return settled  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``showdown replay --json``."""
        data: dict[str, Any] = {
            "file": self.file,
            "hand": self.hand,
            "class": self.cls,
            "players": self.players,
            "finishing_stacks": self.finishing_stacks,
            "net": self.net,
            "recorded": self.recorded,
            "recorded_field": self.recorded_field,
            "differences": self.differences,
        }
        settlement = self.settlement or {}
        for key in ("pots", "payouts", "returned", "showdown_order"):
            data[key] = settlement.get(key)
        if self.inferred:
            data["inferred"] = self.inferred
        if self.error is not None:
            data["error"] = self.error
        return data


#: The fields a worker process sends packed (everything but file, hand, class and error).
LAZY = ("finishing_stacks", "net", "recorded", "recorded_field", "players", "differences",
        "settled", "inferred")
_LAZY_INDEX = {name: k for k, name in enumerate(LAZY)}


class _SeatText(dict[int, str]):
    """Seat numbers as JSON keys: the usual ones made once, any other on demand."""

    def __missing__(self, seat: int) -> str:
        return str(seat)


_SEAT_TEXT = _SeatText({k: str(k) for k in range(64)})


#: A kernel-settled hand's pots, returned chips and showdown order (see :data:`Parts`).
PlainParts = tuple[PotParts, tuple[tuple[int, int], ...], tuple[int, ...]]


def _parts_dict(parts: PlainParts) -> dict[str, Any]:
    """The settlement dictionary of a kernel-settled hand (whole chips), without Showdown."""
    pots, returned, order = parts
    text = _SEAT_TEXT
    plain = []
    for amount, eligible, winners, shares in pots:
        plain.append({
            "amount": amount,
            "eligible": list(eligible),
            "winners": list(winners),
            "shares": dict(zip(map(text.__getitem__, winners), shares, strict=True)),
        })
    payouts = parts_payouts(pots)
    return {
        "pots": plain,
        "payouts": dict(zip(map(text.__getitem__, payouts), payouts.values(), strict=True)),
        "returned": {text[seat]: c for seat, c in returned},
        "showdown_order": list(order),
    }


def _settlement_dict(s: Settlement) -> dict[str, Any] | PlainParts | None:
    """The settlement of a report: plain parts for a kernel-settled hand, else the dict."""
    parts = s.parts
    if parts is not None:
        return parts[:3]
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


def report(history: HandHistory, hand: str | int, repair: bool = False) -> HandReport:
    """Replay, settle and verify one hand; a :class:`HistoryError` becomes the report's error."""
    try:
        s: Settlement | HistoryError = settle(history, repair)
    except HistoryError as exc:
        s = exc
    return _report(history, hand, s)


def _reports(hands: list[HandHistory], repair: bool) -> list[HandReport]:
    """:func:`report` of each hand of a run, settled together (see :mod:`showdown.phh.batch`)."""
    if repair:
        return [report(h, h.label, repair) for h in hands]
    return [_report(h, h.label, s) for h, s in zip(hands, settle_each(hands), strict=True)]


def _report(history: HandHistory, hand: str | int, s: Settlement | HistoryError) -> HandReport:
    file = history.file or "-"
    try:
        if isinstance(s, HistoryError):
            raise s
        verdict = verify(s)
    except HistoryError as exc:
        return HandReport(file, hand, error=str(exc))
    scale = s.replay.scale
    names = history.names
    return HandReport(
        file=file,
        hand=hand,
        cls=verdict.cls,
        finishing_stacks=None if s.finishing is None else _moneys(s.finishing, scale),
        net=None if s.net is None else _moneys(s.net, scale),
        recorded=verdict.recorded,
        recorded_field=verdict.field,
        players=names,
        differences=[
            {
                "player": f"p{i + 1}",
                "name": names[i],
                "ours": from_units(ours, scale),
                "recorded": verdict.recorded[i] if verdict.recorded else None,
            }
            for i, ours, _ in verdict.differences
        ],
        settled=_settlement_dict(s),
        inferred=s.replay.inferred,
    )


#: A unit of work: (file, kind, hand name, text); kind is "phh" (one hand), "phhs" (a whole
#: file), "table" (one table of a .phhs) or "tables" (a run of plain tables).
Unit = tuple[str, str, str | None, str]


def replay_chunk(units: Sequence[Unit], repair: bool = False) -> list[HandReport]:
    """Replay every hand of a chunk (runs in a worker process)."""
    with paused():  # many small acyclic containers: see showdown.phh.nogc
        return _replay_chunk(units, repair)


def _replay_chunk(units: Sequence[Unit], repair: bool) -> list[HandReport]:
    reports: list[HandReport] = []
    for file, kind, name, text in units:
        if kind == "tables":
            reports.extend(_tables(file, text, repair))
            continue
        try:
            if kind == "phhs":
                hands = loads_all(text, file)
                reports.extend(_reports(hands, repair))
                continue
            history = loads(text, file)
        except HistoryError as exc:
            if kind == "table" and exc.hand is None:  # name the table that does not read
                exc = MalformedHistory(exc.file, name, exc.detail)
            reports.append(HandReport(file, name or (1 if kind == "phh" else "?"), error=str(exc)))
            continue
        if kind == "table":
            history.name = name
            reports.append(report(history, name or "?", repair))
        else:
            reports.append(report(history, 1, repair))
    return reports


def _tables(file: str, text: str, repair: bool) -> list[HandReport]:
    """The hands of a run of plain tables, read at once; when one of them does not read,
    table by table, so that only that hand is an error."""
    try:
        hands = loads_all(text, file)
    except HistoryError:
        return replay_chunk([(file, "table", n, body) for n, body in _split_tables(text)], repair)
    return _reports(hands, repair)


def _split_tables(text: str) -> list[tuple[str, str]]:
    """(name, body) of each table of a run of plain tables."""
    headers = _headers(text)
    ends = [start for start, _, _ in headers[1:]] + [len(text)]
    return [
        (name.strip(), text[end:stop])
        for (_, end, name), stop in zip(headers, ends, strict=True)
    ]


def find_files(paths: Iterable[str | Path]) -> Iterator[str]:
    """Every ``.phh``/``.phhs`` file of ``paths`` (folders searched recursively, sorted);
    ``-`` stands for stdin."""
    for path in paths:
        text = str(path)
        if text == "-":
            yield "-"
            continue
        p = Path(path)
        if p.is_dir():
            found = [q for q in p.rglob("*") if q.suffix in (".phh", ".phhs") and q.is_file()]
            yield from (str(q) for q in sorted(found))
        elif p.exists():
            yield text
        else:
            raise MalformedHistory(text, None, "no such file or folder")


def _units(file: str, size: int) -> list[tuple[int, Unit]]:
    """The work units of one file with their numbers of hands: a .phhs whose tables are
    plain is cut into runs of ``size`` tables, read in the worker."""
    try:
        text = sys.stdin.read() if file == "-" else Path(file).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedHistory(file, None, f"cannot read the file: {exc}") from None
    many = file.endswith(".phhs") or (file == "-" and _HEADER.search(text) is not None)
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


#: A report as a row of plain values, for another process: (file, hand, class, error,
#: the other fields packed by :mod:`marshal`), several times quicker to write and read
#: than pickle's format for such values (both processes run the same Python).
Row = tuple[str, "str | int", "str | None", "str | None", bytes]
_HEAVY = attrgetter(*LAZY)


def to_rows(reports: Iterable[HandReport]) -> list[Row]:
    """Reports as rows; :func:`from_rows` makes them reports again (the packed fields
    unpacked only when one of them is used).

    >>> [r] = from_rows(to_rows([HandReport("a.phh", 1, "match", players=["Ana", "Bo"])]))
    >>> r.cls, r.players, r == HandReport("a.phh", 1, "match", players=["Ana", "Bo"])
    ('match', ['Ana', 'Bo'], True)
    """
    dumps = marshal.dumps
    return [(r.file, r.hand, r.cls, r.error, dumps(_HEAVY(r))) for r in reports]


def from_rows(rows: Iterable[Row]) -> list[HandReport]:
    """The reports of :func:`to_rows`'s rows."""
    new = object.__new__
    put = object.__setattr__
    out = []
    for file, hand, cls, error, packed in rows:
        r = new(HandReport)
        put(r, "file", file)
        put(r, "hand", hand)
        put(r, "cls", cls)
        put(r, "error", error)
        put(r, "_packed", packed)
        out.append(r)
    return out


def _run_rows(units: Sequence[Unit], repair: bool = False) -> bytes:
    """:func:`_run` for another process: the reports' rows (:func:`to_rows`), marshalled."""
    with paused():
        return marshal.dumps(to_rows(_run(units, repair)))


def _run(units: Sequence[Unit], repair: bool = False) -> list[HandReport]:
    if all(u[1] != "error" for u in units):
        return replay_chunk(units, repair)
    reports: list[HandReport] = []
    for unit in units:
        if unit[1] == "error":
            reports.append(HandReport(unit[0], "?", error=unit[3]))
        else:
            reports.extend(replay_chunk([unit], repair))
    return reports


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


def replay_paths(
    paths: Iterable[str | Path],
    *,
    executor: Executor | None = None,
    workers: int = 1,
    chunk: int = CHUNK,
    repair: bool = False,
) -> Iterator[HandReport]:
    """Replay, settle and verify every hand under ``paths``, one report per hand, in order.

    ``executor`` runs the chunks (any :class:`concurrent.futures.Executor`, such as a
    Dask client's ``get_executor()``; this process reads the files and sends their
    text); otherwise ``workers`` > 1 starts a local process pool of that size, whose
    workers read their files themselves (see :mod:`showdown.phh.pool`). ``repair``
    fills in missing checks and folds (see :func:`~showdown.phh.engine.replay`).
    """
    if executor is None and workers > 1:
        from showdown.phh.pool import replay_paths_in_pool

        yield from replay_paths_in_pool(paths, workers, chunk, repair)
        return
    chunks = _chunks(paths, chunk)
    if executor is None:
        for units in chunks:
            yield from _run(units, repair)
        return
    run = partial(_run_rows, repair=repair)
    for rows in _ordered(executor, run, chunks, 16):
        with paused():  # not across the yield: the caller's code runs with the collector
            reports = from_rows(marshal.loads(rows))
        yield from reports


def _context() -> BaseContext:
    """Fork where the platform has it and this process runs one thread (a worker then
    starts at once, with this module loaded); else spawn (forking beside threads is not
    safe)."""
    fork = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    return multiprocessing.get_context("fork" if fork else "spawn")
