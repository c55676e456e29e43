"""A hand database's content as checksums, one per table, that do not depend on how the
import numbered the hands or the files: each row is keyed by its hand's (room, number) and
its file's name, never by ``hand_id`` or ``file_id``, and the times of the import are left
out. Two imports of the same files give the same digests whatever their batches, order of
transactions or internal ids.

``leave_out``: columns of ``hand_players`` not digested (the per-hand statistics and the
positions are made by modules tested on their own).

>>> import duckdb
>>> from showdown.tracker.schema import create
>>> con = duckdb.connect()
>>> create(con)
>>> sorted(digests(con))
['actions', 'files', 'hand_players', 'hands', 'pots', 'refused']
>>> digests(con)["hands"][0]  # rows
0
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: The name of a file without its folder (imports of the same files from other folders).
_NAME = "regexp_extract(f.path, '[^/\\\\]*$')"

_QUERIES = {
    "hands": f"""
        SELECT {_NAME} AS file, h.* EXCLUDE (hand_id, file_id)
        FROM hands h LEFT JOIN files f USING (file_id)""",
    "hand_players": """
        SELECT h.room, h.hand, p.* EXCLUDE (hand_id{leave_out})
        FROM hand_players p JOIN hands h USING (hand_id)""",
    "actions": """
        SELECT h.room, h.hand, a.* EXCLUDE (hand_id)
        FROM actions a JOIN hands h USING (hand_id)""",
    "pots": """
        SELECT h.room, h.hand, p.* EXCLUDE (hand_id)
        FROM pots p JOIN hands h USING (hand_id)""",
    "files": f"""
        SELECT {_NAME} AS file, f.* EXCLUDE (file_id, path, mtime, imported_at)
        FROM files f""",
    "refused": f"""
        SELECT {_NAME} AS file, r.* EXCLUDE (file_id, path, refused_at)
        FROM refused r LEFT JOIN files f ON f.path = r.path""",
}


def digests(con: Any, leave_out: Iterable[str] = ()) -> dict[str, tuple[int, str]]:
    """(rows, md5 of the rows sorted as text) of each table of a hand database."""
    skipped = "".join(f", {c}" for c in leave_out)
    out = {}
    for table, query in _QUERIES.items():
        sql = query.format(leave_out=skipped) if "{leave_out}" in query else query
        rows, digest = con.execute(
            f"SELECT count(*), coalesce(md5(string_agg(CAST(t AS VARCHAR), chr(10) "
            f"ORDER BY CAST(t AS VARCHAR))), '') FROM ({sql}) t").fetchone()
        out[table] = (int(rows), str(digest))
    return out
