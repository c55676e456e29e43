"""A corpus replayed: chunks of hands replayed, settled and verified, a row per hand.

The files are found and cut into units of work by :mod:`showdown.phh.corpus.files`;
each hand's outcome is a :class:`~showdown.phh.corpus.reports.HandReport`
(:mod:`showdown.phh.corpus.reports`).

:func:`showdown.phh.corpus.pool.replay_paths` replays a corpus. On any
:class:`concurrent.futures.Executor` the work is cut into chunks of hands (a
``.phhs`` file is split at its hands' ``[name]`` sections), each chunk replayed, settled
and verified by :func:`replay_chunk` (the text sent, the reports sent back as
rows, :func:`~showdown.phh.corpus.reports.to_rows`); without one, in this process or in a
local process pool whose workers read their files themselves
(:mod:`showdown.phh.corpus.pool`). :func:`run_units` gives the rows of any units of work
(:data:`~showdown.phh.corpus.files.Unit`), in order; :func:`batch_rows` those of hands
already read.

>>> text = ('[1]\\nvariant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n'
...         'min_bet = 2\\nstarting_stacks = [10, 10]\\nactions = ["p2 f"]\\n'
...         'finishing_stacks = [11, 9]\\n')
>>> [(r.hand, r.cls, r.finishing_stacks) for r in replay_chunk([("a.phhs", "phhs", None, text)])]
[('1', 'match', [11, 9])]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, Future
from typing import Any

from showdown.phh.corpus.batches import settle_each, settled_rows
from showdown.phh.corpus.files import Unit, split_sections
from showdown.phh.corpus.read import read_parts
from showdown.phh.corpus.reports import (
    HandReport,
    Row,
    error_row,
    from_rows,
    hand_row,
    pack_rows,
    settled_or_error,
)
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.nogc import paused
from showdown.phh.notation import HandHistory, loads, loads_all

__all__ = ["batch_rows", "ordered", "replay_chunk", "run_units", "run_units_packed"]


def batch_rows(hands: list[HandHistory], repair: bool, fmt: str = "phh", ev: bool = False
               ) -> list[Row]:
    """The rows of a batch of hands, settled together (see :mod:`showdown.phh.corpus.batches`)."""
    if repair:
        return [hand_row(h, h.label, settled_or_error(h, repair), fmt, ev) for h in hands]
    if not ev:
        return settled_rows(hands, fmt)
    labels = [h.label for h in hands]
    n = len(hands)
    return list(map(hand_row, hands, labels, settle_each(hands), [fmt] * n, [ev] * n))


def _room_rows(file: str, room: str, parts: list[str], repair: bool, ev: bool = False
               ) -> list[Row]:
    """The rows of a room's hands (each hand's text), in order; a hand that does not read
    is an error row naming it, and the others still run."""
    rows: list[Row] = []
    batch: list[HandHistory] = []
    for hand in read_parts(parts, room, file):
        if isinstance(hand, HandHistory):
            batch.append(hand)
            continue
        rows.extend(batch_rows(batch, repair, room, ev))
        batch = []
        rows.append(error_row(file, str(hand.hand or "?"), str(hand), room))
    rows.extend(batch_rows(batch, repair, room, ev))
    return rows


def replay_chunk(
    units: Sequence[Unit], repair: bool = False, ev: bool = False
) -> list[HandReport]:
    """Replay every hand of a chunk (runs in a worker process)."""
    return from_rows(run_units(units, repair, ev))


def _replay_chunk(units: Sequence[Unit], repair: bool, ev: bool = False) -> list[Row]:
    rows: list[Row] = []
    for file, kind, name, text in units:
        if not isinstance(text, str):  # a room's hands, cut once (see showdown.phh.corpus.files)
            rows.extend(_room_rows(file, name or "", text, repair, ev))
            continue
        if kind == "sections":
            rows.extend(_sections(file, text, repair, ev))
            continue
        try:
            if kind == "phhs":
                rows.extend(batch_rows(loads_all(text, file), repair, ev=ev))
                continue
            history = loads(text, file)
        except HistoryError as exc:
            if kind == "section" and exc.hand is None:  # name the section that does not read
                exc = MalformedHistory(exc.file, name, exc.detail)
            rows.append(error_row(file, name or ("1" if kind == "phh" else "?"), str(exc)))
            continue
        if kind == "section":
            history.name = name
            rows.append(hand_row(history, name or "?", settled_or_error(history, repair), ev=ev))
        else:
            rows.append(hand_row(history, "1", settled_or_error(history, repair), ev=ev))
    return rows


def _sections(file: str, text: str, repair: bool, ev: bool = False) -> list[Row]:
    """The hands of a batch of plain sections, read at once; when one of them does not
    read, section by section, so that only that hand is an error."""
    try:
        hands = loads_all(text, file)
    except HistoryError:
        return _replay_chunk([(file, "section", n, body) for n, body in split_sections(text)],
                             repair, ev)
    return batch_rows(hands, repair, ev=ev)


def run_units_packed(units: Sequence[Unit], repair: bool = False, ev: bool = False) -> bytes:
    """:func:`run_units` for another process: its rows, marshalled."""
    with paused():
        return pack_rows(run_units(units, repair, ev))


def run_units(units: Sequence[Unit], repair: bool = False, ev: bool = False,
              stop: bool = False) -> list[Row]:
    """The rows of units' hands, in order; a unit that could not be read is one error row.
    ``stop``: no unit after one that holds an error is replayed (a run that ends at the
    first error does not replay the rest of a big file first)."""
    with paused():  # many small acyclic containers: see showdown.phh.nogc
        if not stop and all(u[1] != "error" for u in units):
            return _replay_chunk(units, repair, ev)
        rows: list[Row] = []
        for unit in units:
            done = len(rows)
            if unit[1] == "error":
                rows.append(error_row(unit[0], "?", str(unit[3])))
            else:
                rows.extend(_replay_chunk([unit], repair, ev))
            if stop and any(row[3] is not None for row in rows[done:]):
                break
        return rows


def ordered(
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
