"""Files' rows written into a hand database: :func:`insert_batch`, several files into
the transaction open (an import's, see :mod:`showdown.tracker.transactions`),
:func:`write_batch`, several files in a transaction of their own, :func:`write_rows`, one
file (the watch's).

A file's row in ``files`` is written, marked ``complete`` or not, in the transaction
that stores its hands (its last one included): a transaction killed half-way leaves
none of its files marked, so the next import reads them again. A hand already stored
(the same room and number: from an earlier import, or earlier in the batch) is not
stored again and counts as already there; a refused hand is kept once per file and
place.

Hands already stored are found first (one join of the batch's keys with ``hands``), and
the batch's new rows are then appended with plain ``INSERT``\\ s: DuckDB's ``INSERT OR
IGNORE`` checks every stored row at each statement (its cost grows with the database:
about 2 µs per stored hand per statement with DuckDB 2.0), which a file per transaction
pays again and again.

>>> import tempfile, pathlib
>>> from showdown.tracker.database import open_database
>>> from showdown.tracker.reading import file_rows
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.phh").write_text('variant = "NT"\\nantes = [0, 0]\\n'
...     'blinds_or_straddles = [1, 2]\\nmin_bet = 2\\nstarting_stacks = [10, 10]\\n'
...     'actions = ["p2 f"]\\nhand = 5\\n')
>>> path = str(folder / "a.phh")
>>> with open_database(None) as db:
...     write_batch(db, [(file_rows(path), path, True)]), write_rows(db, file_rows(path), path)
([(1, 0)], (0, 1))
"""

from __future__ import annotations

import datetime
import os
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from showdown.tracker.columns import tables
from showdown.tracker.database import count

if TYPE_CHECKING:
    import pyarrow as pa

    from showdown.tracker.database import Database
    from showdown.tracker.hand_rows import Rows

__all__ = [
    "Tally", "file_state", "insert_batch", "reason_kind", "tally", "write_batch", "write_rows",
]


class Tally(Protocol):
    """What a write counts into (an import's summary)."""

    files: int
    new: int
    already: int
    refused: Counter[str]


def reason_kind(reason: str) -> str:
    """A refusal's reason without the hand's own numbers, to count reasons together."""
    head = reason.split(": ", 1)[0] if reason.startswith("action ") else reason
    return head[:160]


def file_state(path: str) -> tuple[int, float]:
    """(size, modification time) of a file, (-1, 0.0) for one that cannot be seen."""
    try:
        st = os.stat(path)
    except OSError:
        return -1, 0.0
    return st.st_size, st.st_mtime


def _joined(batch: Sequence[tuple[Rows, str, bool]], file_ids: list[int], offset: int
            ) -> tuple[dict[str, pa.Table], set[int]]:
    """Every table over the batch's files, the hands numbered from ``offset`` on, and the
    ids of the hands not to store (one earlier in the batch)."""
    seen: set[tuple[str, str]] = set()
    dropped: set[int] = set()
    start = offset
    for rows, _, _ in batch:
        for k, key in enumerate(rows.keys_in_order()):
            if key in seen:
                dropped.add(start + k)
            seen.add(key)
        start += len(rows)
    return tables([rows for rows, _, _ in batch], offset, file_ids), dropped


def _stored(con: Any, hands: pa.Table) -> set[int]:
    """The batch's hand ids whose (room, hand) the database already holds."""
    con.register("batch_keys", hands.select(["hand_id", "room", "hand"]))
    try:
        found = con.execute("SELECT k.hand_id FROM batch_keys k JOIN hands h "
                            "ON h.room = k.room AND h.hand = k.hand").fetchall()
    finally:
        con.unregister("batch_keys")
    return {row[0] for row in found}


def write_batch(db: Database, batch: Sequence[tuple[Rows, str, bool]]
                ) -> list[tuple[int, int]]:
    """Write the rows of several files, ``(rows, path, complete)`` each, in one
    transaction; returns each file's (new hands, hands already there)."""
    con = db.con
    con.execute("BEGIN TRANSACTION")
    try:
        counts = insert_batch(con, batch)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return counts


def insert_batch(con: Any, batch: Sequence[tuple[Rows, str, bool]]) -> list[tuple[int, int]]:
    """Insert the rows of several files, ``(rows, path, complete)`` each, in the
    transaction open on ``con``; returns each file's (new hands, hands already there)."""
    now = datetime.datetime.now()
    paths = [path for _, path, _ in batch]
    known = dict(con.execute("SELECT path, file_id FROM files WHERE list_contains(?, path)",
                             [paths]).fetchall())
    stored_files = set(known.values())
    next_id = count(con, "SELECT coalesce(max(file_id), 0) + 1 FROM files")
    file_ids = []
    for path in paths:
        if path not in known:
            known[path] = next_id
            next_id += 1
        file_ids.append(known[path])
    offset = count(con, "SELECT coalesce(max(hand_id), -1) + 1 FROM hands")
    joined, gone = _joined(batch, file_ids, offset)
    if len(joined["hands"]):
        gone |= _stored(con, joined["hands"])
    for name, table in joined.items():
        if gone:
            table = table.filter(_kept(table, gone))
        if not len(table):
            continue
        con.register("batch_rows", table)
        try:
            con.execute(f"INSERT INTO {name} ({', '.join(table.column_names)}) "
                        "SELECT * FROM batch_rows")
        finally:
            con.unregister("batch_rows")
    _refuse(con, batch, file_ids, now)
    _files(con, batch, file_ids, stored_files, now)
    counts = []
    start = offset
    for rows, _, _ in batch:
        already = sum(1 for k in range(start, start + len(rows)) if k in gone)
        counts.append((len(rows) - already, already))
        start += len(rows)
    return counts


def _kept(table: pa.Table, gone: set[int]) -> pa.Array:
    """Which rows of a table are not of the hands ``gone``."""
    import pyarrow as pa
    import pyarrow.compute as pc

    return pc.invert(pc.is_in(table.column("hand_id"), pa.array(sorted(gone), pa.int64())))


def tally(summary: Tally, rows: Rows, new: int, already: int) -> None:
    """Count one file written into ``summary``."""
    summary.files += 1
    summary.new += new
    summary.already += already
    summary.refused.update(reason_kind(r[2]) for r in rows.refused)


def _refuse(con: Any, batch: Sequence[tuple[Rows, str, bool]], file_ids: list[int],
            now: datetime.datetime) -> None:
    """Keep the batch's refused hands and files, once per (path, place). A file read
    whole again has this reading's refusals only (a hand refused while the client was
    still writing it, and stored now, is refused no more)."""
    con.execute("DELETE FROM refused WHERE list_contains(?, path)",
                [[path for _, path, _ in batch]])
    refused: dict[tuple[str, str], tuple[Any, ...]] = {}
    for (rows, path, _), file_id in zip(batch, file_ids, strict=True):
        for place, room, reason in rows.refused:
            refused.setdefault((path, place), (file_id, path, place, room or None, reason, now))
    if not refused:
        return
    import pyarrow as pa

    columns = list(zip(*refused.values(), strict=True))
    names = ("file_id", "path", "place", "room", "reason", "refused_at")
    con.register("batch_refused", pa.table(dict(zip(names, map(list, columns), strict=True))))
    try:
        con.execute("INSERT INTO refused SELECT * FROM batch_refused")
    finally:
        con.unregister("batch_refused")


def _files(con: Any, batch: Sequence[tuple[Rows, str, bool]], file_ids: list[int],
           stored: set[int], now: datetime.datetime) -> None:
    """The batch's files: each one's row added, or updated when it was already there (a
    file named twice in a batch: its last reading)."""
    import pyarrow as pa

    rows: dict[int, tuple[Any, ...]] = {}
    for (hands, path, complete), file_id in zip(batch, file_ids, strict=True):
        size, mtime = file_state(path)
        rows[file_id] = (file_id, path, size, mtime, len(hands), len(hands.refused), complete,
                         now)
    names = ("file_id", "path", "size", "mtime", "hands", "refused", "complete",
             "imported_at")
    for old in (False, True):
        chosen = [row for file_id, row in rows.items() if (file_id in stored) == old]
        if not chosen:
            continue
        table = pa.table(dict(zip(names, map(list, zip(*chosen, strict=True)), strict=True)))
        con.register("batch_files", table)
        try:
            if old:
                con.execute("UPDATE files SET size = b.size, mtime = b.mtime, hands = b.hands, "
                            "refused = b.refused, complete = b.complete, imported_at = "
                            "b.imported_at FROM batch_files b WHERE files.file_id = b.file_id")
            else:
                con.execute("INSERT INTO files SELECT * FROM batch_files")
        finally:
            con.unregister("batch_files")


def write_rows(db: Database, rows: Rows, path: str, *, complete: bool = True,
               summary: Tally | None = None) -> tuple[int, int]:
    """Write one file's rows in one transaction; returns (new hands, already there)."""
    [(new, already)] = write_batch(db, [(rows, path, complete)])
    if summary is not None:
        tally(summary, rows, new, already)
    return new, already
