"""A corpus replayed in tasks: in this process, or in a local process pool whose
workers read their own files.

:func:`replay_paths` without an ``executor`` comes here,
with ``workers`` 1 (:func:`replay_paths_here`) as with more
(:func:`replay_paths_in_pool`): the same tasks, so that one process and a pool
do the same work per hand. This process only lists the files and looks at
their sizes; the work is cut into tasks of about ``chunk`` hands (estimated
from the bytes): several small files together, or byte ranges of a big
``.phhs`` cut where a line opens with ``[``. A task reads its files or its
range itself, replays, settles and verifies the hands, and gives rows (see
:data:`~showdown.phh.corpus.reports.Row`); a worker sends them in one
:mod:`marshal` call, each hand's details packed and unpacked in this
process only when they are read. So the work that grows with the hands runs
in the workers, and this process does little more than make a light report
per hand. :func:`replay_lines` gives ``showdown replay --json`` its lines,
made where the hands are replayed.

A range (or a whole ``.phhs``) that reads at once, and whose lines opening
with ``[`` are exactly its hands' ``[name]`` sections, is a batch of plain sections;
any other is looked at section line by section line (as
:func:`~showdown.phh.corpus.files.file_units` does a whole file): plain sections are replayed
section by section where one does not read, and when one of a file's ranges is not
plain, or two of them hold sections of the same name, the file is replayed as a whole,
so that every report is the one the chunks of :func:`~showdown.phh.corpus.chunks.replay_chunk`
give (the tests compare them). Standard input is read here and cut as in one process.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> hand = ('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
...          'starting_stacks = [10, 10]\\nactions = ["p2 f"]\\nfinishing_stacks = [11, 9]\\n')
>>> _ = (folder / "a.phhs").write_text("".join(f"[{k}]\\n{hand}" for k in range(1, 41)))
>>> plan = list(tasks([folder], 5))  # about 5 hands (2,500 bytes) a task
>>> [task[0] for task in plan], [end - start for start, end in plan[0][2]]
(['ranges'], [2524, 2533, 894])
>>> reports = list(replay_paths_in_pool([folder], workers=2, chunk=5))
>>> len(reports), {r.cls for r in reports}, reports[-1].hand, reports[-1].finishing_stacks
(40, {'match'}, '40', [11, 9])
"""

from __future__ import annotations

import gc
import json
import marshal
import multiprocessing
import os
import threading
from collections import deque
from collections.abc import Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from functools import partial
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any, BinaryIO

from showdown.phh.corpus.batches import prepare
from showdown.phh.corpus.chunks import batch_rows, ordered, run_units, run_units_packed
from showdown.phh.corpus.files import (
    CHUNK,
    Skipped,
    Unit,
    chunks,
    file_units,
    find_files,
    plain_sections,
    section_headers,
)
from showdown.phh.corpus.reports import HandReport, Row, from_row, from_rows, pack_rows, packed_row
from showdown.phh.errors import HistoryError
from showdown.phh.nogc import paused
from showdown.phh.notation import loads_all

__all__ = ["replay_lines", "replay_paths", "replay_paths_here", "replay_paths_in_pool", "tasks"]

#: Bytes a hand takes in a file, about (a 6-max Hold'em hand takes 400 to 600): it only
#: sizes the tasks.
HAND_BYTES = 500
#: Bytes read at a time while looking for a cut.
_BLOCK = 1 << 12

#: A task: ("files", [file, ...]) read whole by the worker; ("ranges", file, [(start,
#: end), ...]) a big .phhs cut in byte ranges (one task per range); ("units", [unit, ...])
#: text read here (standard input, files that cannot be listed).
Task = tuple[Any, ...]


def tasks(paths: Iterable[str | Path], chunk: int, skipped: Skipped | None = None
          ) -> Iterator[Task]:
    """The tasks of ``paths``, in order, each about ``chunk`` hands (a folder's files that
    hold no hand history named to ``skipped``, see
    :func:`~showdown.phh.corpus.files.find_files`)."""
    size = max(1, chunk) * HAND_BYTES
    group: list[str] = []
    held = 0
    for path in paths:
        try:
            files = list(find_files([path], skipped))
        except HistoryError as exc:
            files = []
            if group:
                yield ("files", group)
                group, held = [], 0
            yield ("units", [(str(path), "error", None, str(exc))])
        for file in files:
            if file == "-":
                if group:
                    yield ("files", group)
                    group, held = [], 0
                yield from _stdin(chunk)
                continue
            cuts = _ranges(file, size)
            if cuts is not None:
                if group:
                    yield ("files", group)
                    group, held = [], 0
                yield ("ranges", file, cuts)
                continue
            group.append(file)
            held += _size(file)
            if held >= size:
                yield ("files", group)
                group, held = [], 0
    if group:
        yield ("files", group)


def _size(file: str) -> int:
    try:
        return os.path.getsize(file)
    except OSError:
        return 0  # the worker names the error


def _stdin(chunk: int) -> Iterator[Task]:
    """Standard input, read here, in tasks of about ``chunk`` hands."""
    try:
        weighted = file_units("-", chunk)
    except HistoryError as exc:
        weighted = [(1, ("-", "error", None, str(exc)))]
    units: list[Unit] = []
    hands = 0
    for weight, unit in weighted:
        units.append(unit)
        hands += weight
        if hands >= chunk:
            yield ("units", units)
            units, hands = [], 0
    if units:
        yield ("units", units)


def _ranges(file: str, size: int) -> list[tuple[int, int]] | None:
    """Byte ranges of about ``size`` bytes covering a big .phhs, each after the first
    starting at a line that opens with ``[`` (``None``: a file read whole)."""
    length = _size(file)
    if length <= 2 * size or not file.endswith(".phhs"):
        return None
    starts = [0]
    try:
        with open(file, "rb") as f:
            at = size
            while at < length:
                cut = _next_section(f, at)
                if cut < 0:
                    break
                starts.append(cut)
                at = cut + size
    except OSError:
        return None  # the worker names the error
    return list(zip(starts, [*starts[1:], length], strict=True))


def _next_section(f: BinaryIO, at: int) -> int:
    """Where the first line that opens with ``[`` after byte ``at`` starts (-1: none)."""
    f.seek(at)
    offset = at  # where the next block starts
    tail = b""  # the last byte of the block before ("\n" of a "\n[" cut by the blocks)
    while block := f.read(_BLOCK):
        data = tail + block
        found = data.find(b"\n[")
        if found >= 0:
            return offset - len(tail) + found + 1
        tail = data[-1:]
        offset += len(block)
    return -1


def _fast_rows(file: str, text: str, repair: bool, ev: bool = False) -> list[Row] | None:
    """The rows of a .phhs text (a whole file or a range starting at a section line) when
    it is a batch of plain sections (``None``: look closer, :func:`_plain_rows`).

    The text is read and settled in batches of about :data:`BATCH_BYTES` cut where a line
    opens with ``[`` (a batch's hands, text and results then stay in the processor's
    cache: several times fewer bytes than a task's). It is plain when every batch reads
    at once, each of its lines that opens with ``[`` is one of its hands' sections, and no
    two sections share a name: then its rows are the ones
    :func:`~showdown.phh.corpus.files.file_units` and its batches give."""
    rows: list[Row] = []
    with paused():
        for batch in _cut(text, BATCH_BYTES):
            try:
                hands = loads_all(batch, file)
            except HistoryError:
                return None
            if len(hands) != batch.count("\n[") + (batch[:1] == "["):
                return None
            rows.extend(batch_rows(hands, repair, ev=ev))
        if len({row[1] for row in rows}) != len(rows):
            return None
    return rows


#: Bytes of the batches a task reads and settles at once (about 60 hands).
BATCH_BYTES = 32_000


def _cut(text: str, size: int) -> list[str]:
    """``text`` in parts of about ``size`` characters, each after the first starting at a
    line that opens with ``[``.

    >>> _cut("[1]\\na = 1\\n[2]\\na = 2\\n[3]\\n", 4)
    ['[1]\\na = 1\\n', '[2]\\na = 2\\n', '[3]\\n']
    """
    starts = [0]
    at = size
    while at < len(text):
        found = text.find("\n[", at - 1)
        if found < 0:
            break
        starts.append(found + 1)
        at = found + 1 + size
    return [text[a:b] for a, b in zip(starts, [*starts[1:], len(text)], strict=True)]


def _plain_rows(
    file: str, text: str, start: int, repair: bool, ev: bool = False
) -> list[Row] | None:
    """The rows of a range whose sections are plain, read section by section where one does
    not read (``None``: not plain; then the file is replayed as a whole)."""
    headers = section_headers(text)
    if not headers or (start > 0 and headers[0][0] != 0) or not plain_sections(text, headers):
        return None
    return run_units([(file, "sections", None, text[headers[0][0]:])], repair, ev)


def _range_rows(
    file: str, start: int, end: int, repair: bool, ev: bool = False
) -> list[Row] | None:
    """The rows of one byte range of a .phhs; ``None`` when its sections are not plain (then
    the file is replayed as a whole)."""
    try:
        with open(file, "rb") as f:
            f.seek(start)
            data = f.read(end - start)
        # Universal newlines (as a whole file is read) would change a "\r": not plain.
        if b"\r" in data:
            return None
        text = data.decode("utf-8-sig" if start == 0 else "utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if start > 0 and text[:1] != "[":
        return None
    rows = _fast_rows(file, text, repair, ev)
    return rows if rows is not None else _plain_rows(file, text, start, repair, ev)


def _files_rows(files: list[str], chunk: int, repair: bool, ev: bool = False,
                stop: bool = False) -> list[Row]:
    """The rows of whole files (a .phhs read at once when it can be, as a range); ``stop``:
    none after the batch of hands that holds the first error (see :func:`_upto_error`)."""
    rows: list[Row] = []
    for file in files:
        if file.endswith(".phhs"):
            whole = _range_rows(file, 0, _size(file), repair, ev)
            if whole is not None:
                rows.extend(whole)
                if stop and _has_error(whole):
                    return rows
                continue
        try:
            units = [unit for _, unit in file_units(file, chunk)]
        except HistoryError as exc:
            units = [(file, "error", None, str(exc))]
        done = run_units(units, repair, ev, stop)
        rows.extend(done)
        if stop and _has_error(done):
            return rows
    return rows


#: A task's piece of work for one process: ("files", [file, ...]), ("units", [unit, ...])
#: or ("range", file, start, end).
Piece = tuple[Any, ...]


def _pieces(task: Task) -> list[Piece]:
    if task[0] == "ranges":
        return [("range", task[1], start, end) for start, end in task[2]]
    return [task]


def _piece_rows(piece: Piece, chunk: int, repair: bool, ev: bool = False, stop: bool = False
                ) -> list[Row] | None:
    """The rows of a piece (``None``: a range that is not plain); ``stop``: a piece of
    files ends with the batch of hands that holds the first error."""
    kind = piece[0]
    if kind == "files":
        return _files_rows(piece[1], chunk, repair, ev, stop)
    if kind == "units":
        return run_units(piece[1], repair, ev, stop)
    return _range_rows(piece[1], piece[2], piece[3], repair, ev)


def _work(piece: Piece, chunk: int, repair: bool, ev: bool, lines: bool, stop: bool = False
          ) -> bytes:
    """A worker's task: the rows of a piece, marshalled (one call for all its hands)."""
    with paused():
        rows = _piece_rows(piece, chunk, repair, ev, stop)
        if rows is None:
            return marshal.dumps(None)
        return marshal.dumps(_lines(rows)) if lines else pack_rows(rows)


def _lines(rows: list[Row]) -> list[Row]:
    """Rows whose details are the JSON line of ``showdown replay --json``."""
    dumps = json.dumps
    return [(*row[:4], dumps(from_row(row).to_dict(), ensure_ascii=False)) for row in rows]


def _joined(
    task: Task, parts: list[list[Row] | None], repair: bool, ev: bool, lines: bool
) -> list[Row]:
    """The rows of a task, in order: a file whose ranges are not all plain, or hold
    sections of the same name, replayed here as a whole."""
    if task[0] != "ranges":
        return [row for part in parts for row in part or ()]
    rows: list[Row] = []
    plain = None not in parts
    for part in parts if plain else ():
        rows.extend(part or ())
    if not plain or len({row[1] for row in rows}) != len(rows):
        rows = run_units([unit for _, unit in _whole(task[1])], repair, ev)
        return _lines(rows) if lines else rows
    return rows


def _here(paths: Iterable[str | Path], chunk: int, repair: bool, ev: bool, lines: bool,
          stop: bool = False, skipped: Skipped | None = None) -> Iterator[list[Row]]:
    """The rows of each task, worked out in this process (the pool's tasks, in turn);
    ``stop``: the rows up to the first error, then nothing more (see :func:`_upto_error`)."""
    for task in tasks(paths, chunk, skipped):
        pieces = _pieces(task)
        # A big file's rows wait for its last range (see _joined): held packed, as a pool
        # holds them, they take about as much memory as the file's text.
        hold = len(pieces) > HOLD and not lines
        parts: list[list[Row] | None] = []
        for piece in pieces:
            with paused():
                part = _piece_rows(piece, chunk, repair, ev, stop)
                if part is not None and (lines or hold):
                    part = _lines(part) if lines else list(map(packed_row, part))
            parts.append(part)
            cut = _upto_error(parts) if stop and _has_error(part) else None
            if cut is not None:
                yield cut
                return
        rows = _joined(task, parts, repair, ev, lines)
        cut = _upto_error([rows]) if stop else None
        yield rows if cut is None else cut
        if cut is not None:
            return


def _has_error(part: list[Row] | None) -> bool:
    """Whether a part holds an error row (checked as each part comes, once)."""
    return part is not None and any(row[3] is not None for row in part)


def _upto_error(parts: list[list[Row] | None]) -> list[Row] | None:
    """The rows of ``parts`` up to the first error row (``None``: no error among them, or
    a part before it not plain). Without ``--keep-going`` the run ends there, so the rest
    of a big file is not replayed (the whole-file checks of :func:`_joined` then no longer
    matter: nothing after the error is reported)."""
    rows: list[Row] = []
    for part in parts:
        if part is None:
            return None
        for k, row in enumerate(part):
            if row[3] is not None:
                return rows + part[: k + 1]
        rows.extend(part)
    return None


#: Ranges of a file above which this process holds their rows packed.
HOLD = 32


def replay_paths_here(
    paths: Iterable[str | Path], chunk: int, repair: bool = False, stop: bool = False,
    ev: bool = False, skipped: Skipped | None = None,
) -> Iterator[HandReport]:
    """:func:`replay_paths` in this process: the same tasks as the
    pool's, run one after the other."""
    for rows in _here(paths, chunk, repair, ev, False, stop, skipped):
        with paused():  # not across the yield: the caller's code runs with the collector
            reports = from_rows(rows)
        yield from reports


def _start() -> None:
    """A worker's start: the objects a forked worker inherits left out of its collector's
    passes (which would write to their pages, copying them)."""
    gc.freeze()


def replay_paths_in_pool(
    paths: Iterable[str | Path], workers: int, chunk: int, repair: bool = False,
    stop: bool = False, ev: bool = False, skipped: Skipped | None = None,
) -> Iterator[HandReport]:
    """:func:`replay_paths` in a local pool of ``workers`` processes."""
    for rows in _in_pool(paths, workers, chunk, repair, ev, False, stop, skipped):
        with paused():  # not across the yield: the caller's code runs with the collector
            reports = from_rows(rows)
        yield from reports


def _in_pool(paths: Iterable[str | Path], workers: int, chunk: int, repair: bool, ev: bool,
             lines: bool, stop: bool = False, skipped: Skipped | None = None
             ) -> Iterator[list[Row]]:
    """The rows of each task, worked out in a local pool of ``workers`` processes."""
    context = _context()
    if context.get_start_method() == "fork":
        prepare()  # the kernel's ranking tables, built once here, are the workers' too
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start)
    window = 4 * workers
    pending: deque[tuple[Task, list[Future[bytes]]]] = deque()
    in_flight = 0
    try:
        for task in tasks(paths, chunk, skipped):
            futures = [pool.submit(_work, piece, chunk, repair, ev, lines, stop)
                       for piece in _pieces(task)]
            pending.append((task, futures))
            in_flight += len(futures)
            while in_flight >= window and pending:
                done, futures = pending.popleft()
                in_flight -= len(futures)
                rows, ended = _collect(done, futures, repair, ev, lines, stop)
                yield rows
                if ended:
                    return
        while pending:
            done, futures = pending.popleft()
            rows, ended = _collect(done, futures, repair, ev, lines, stop)
            yield rows
            if ended:
                return
    finally:
        for _, futures in pending:
            for future in futures:
                future.cancel()
        pool.shutdown(cancel_futures=True)


def _collect(task: Task, futures: list[Future[bytes]], repair: bool, ev: bool, lines: bool,
             stop: bool = False) -> tuple[list[Row], bool]:
    """The rows of a task, in order, and whether the run ends there (``stop``: at the first
    error, without waiting for the task's other pieces)."""
    parts: list[list[Row] | None] = []
    for future in futures:
        blob = future.result()
        with paused():
            part = marshal.loads(blob)
            # rows come packed (see pack_rows): each one's error plain, its details not
            parts.append(part)
        cut = _upto_error(parts) if stop and _has_error(part) else None
        if cut is not None:
            return cut, True
    with paused():
        rows = _joined(task, parts, repair, ev, lines)
    cut = _upto_error([rows]) if stop else None
    return (rows, False) if cut is None else (cut, True)


def replay_lines(
    paths: Iterable[str | Path], *, workers: int = 1, chunk: int = CHUNK, repair: bool = False,
    stop: bool = False, ev: bool = False, skipped: Skipped | None = None,
) -> Iterator[tuple[str, str, str | None, str | None, str]]:
    """``(file, hand, class, error, JSON line)`` of every hand, in order: what ``showdown
    replay --json`` prints, each line made where the hand was replayed (so that with
    ``workers`` > 1 this process only writes them). The line is the JSON of
    :meth:`~showdown.phh.corpus.reports.HandReport.to_dict`, as :func:`replay_paths` gives it;
    ``skipped`` as in :func:`replay_paths`.
    """
    source = _here(paths, chunk, repair, ev, True, stop, skipped) if workers <= 1 else _in_pool(
        paths, workers, chunk, repair, ev, True, stop, skipped)
    for rows in source:
        yield from rows


def _whole(file: str) -> list[tuple[int, Unit]]:
    try:
        return file_units(file, 1 << 30)
    except HistoryError as exc:
        return [(1, (file, "error", None, str(exc)))]


def replay_paths(
    paths: Iterable[str | Path],
    *,
    executor: Executor | None = None,
    workers: int = 1,
    chunk: int = CHUNK,
    repair: bool = False,
    stop: bool = False,
    ev: bool = False,
    skipped: Skipped | None = None,
) -> Iterator[HandReport]:
    """Replay, settle and verify every hand under ``paths``, one report per hand, in order.

    ``executor`` runs the chunks (any :class:`concurrent.futures.Executor`, such as a
    Dask client's ``get_executor()``; this process reads the files and sends their
    text); otherwise the work runs here (``workers`` 1) or in a local process pool of
    ``workers`` processes, which read their files themselves: the same tasks either way
    (see :mod:`showdown.phh.corpus.pool`). ``repair``
    fills in missing checks and folds (see :func:`~showdown.phh.engine.replay`).
    ``stop=True`` ends the reports at the first hand that is an error (``showdown replay``
    without ``--keep-going``): the rest of a big file is not replayed. ``skipped(file,
    reason)`` is called, here, for each file of a folder that holds no hand history
    (see :func:`~showdown.phh.corpus.files.find_files`): a folder's other files are never
    passed over without a word.
    """
    if executor is None:
        if workers > 1:
            yield from replay_paths_in_pool(paths, workers, chunk, repair, stop, ev, skipped)
        else:
            yield from replay_paths_here(paths, chunk, repair, stop, ev, skipped)
        return
    run = partial(run_units_packed, repair=repair, ev=ev)
    for rows in ordered(executor, run, chunks(paths, chunk, skipped), 16):
        with paused():  # not across the yield: the caller's code runs with the collector
            reports = from_rows(marshal.loads(rows))
        yield from reports


def _context() -> BaseContext:
    """Fork where the platform has it and this process runs one thread (a worker then
    starts at once, with this module loaded); else spawn (forking beside threads is not
    safe)."""
    fork = "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1
    return multiprocessing.get_context("fork" if fork else "spawn")
