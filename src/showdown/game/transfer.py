"""Export a game database to JSON and import it into a new one.

``showdown play --export FILE`` writes every profile with its rounds (each
with its steps) and its chip movements (the balance history);
``showdown play --import FILE`` builds a new database from such a file and
checks that every profile's chips still add up (the audit of
``docs/game-service.md``) before the database is put in place.

>>> import tempfile, os
>>> from showdown.game.service import GameService
>>> folder = tempfile.mkdtemp()
>>> svc = GameService(os.path.join(folder, "a.sqlite3"), seed=3)
>>> st = svc.start_round("ann")
>>> svc.close()
>>> data = export_game(os.path.join(folder, "a.sqlite3"))
>>> [p["profile"]["name"] for p in data["profiles"]], len(data["profiles"][0]["rounds"])
(['ann'], 1)
>>> import_game(data, os.path.join(folder, "b.sqlite3"))
{'profiles': 1, 'rounds': 1, 'balance': 2}
>>> copy = GameService(os.path.join(folder, "b.sqlite3"))
>>> copy.state("ann") == st, copy.audit("ann")["ok"]
(True, True)
>>> copy.close()
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

__all__ = ["FORMAT", "BadExport", "export_game", "import_game"]

#: The ``format`` field of an export file.
FORMAT = "showdown-game"
VERSION = 1
_PROFILE_COLS = (
    "id", "name", "created_at", "chips", "bot1_chips", "bot2_chips", "house", "table_pot",
    "button", "ante", "rounds", "refills", "refill_chips", "opponent_refills",
    "opponent_refill_chips", "active_round",
)  # fmt: skip
_ROUND_COLS = (
    "id", "number", "phase", "version", "ante", "button", "deck", "state", "player_outcome",
    "player_net", "pot_outcome", "explanation", "started_at", "finished_at",
)  # fmt: skip
_STEP_COLS = ("version", "kind", "detail", "at")
_BALANCE_COLS = ("round_id", "chips", "reason", "at")


class BadExport(ValueError):
    """An export file that cannot be imported: the message names the problem."""


def _rows(conn: sqlite3.Connection, sql: str, args: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    return [dict(r) for r in conn.execute(sql, args)]


def export_game(db_path: str | os.PathLike[str]) -> dict[str, Any]:
    """Every profile, round (with its steps) and chip movement of a game file, as JSON data."""
    from showdown.game.backup import open_readonly

    conn = open_readonly(db_path)
    conn.row_factory = sqlite3.Row
    try:
        profiles = []
        for prof in _rows(conn, f"SELECT {', '.join(_PROFILE_COLS)} FROM profiles ORDER BY id"):
            rounds = []
            for rnd in _rows(
                conn,
                f"SELECT {', '.join(_ROUND_COLS)} FROM rounds WHERE profile_id = ? ORDER BY id",
                (prof["id"],),
            ):
                rnd["state"] = json.loads(rnd["state"])
                steps = _rows(
                    conn,
                    f"SELECT {', '.join(_STEP_COLS)} FROM steps WHERE round_id = ? ORDER BY id",
                    (rnd["id"],),
                )
                rnd["steps"] = [{**s, "detail": json.loads(s["detail"])} for s in steps]
                rounds.append(rnd)
            balance = _rows(
                conn,
                f"SELECT {', '.join(_BALANCE_COLS)} FROM balance WHERE profile_id = ? ORDER BY id",
                (prof["id"],),
            )
            profiles.append({"profile": prof, "rounds": rounds, "balance": balance})
    finally:
        conn.close()
    return {"format": FORMAT, "version": VERSION, "profiles": profiles}


def _take(record: Any, columns: tuple[str, ...], what: str) -> tuple[Any, ...]:
    if not isinstance(record, dict):
        raise BadExport(f"{what} is not a JSON object")
    missing = [c for c in columns if c not in record]
    if missing:
        raise BadExport(f"{what} has no {missing[0]!r} field")
    return tuple(record[c] for c in columns)


def import_game(data: Any, db_path: str | os.PathLike[str]) -> dict[str, int]:
    """Build the new game file ``db_path`` from export ``data``; returns what it holds.

    ``db_path`` must not exist yet (an import never overwrites a game). The file
    appears only once everything is in and every profile's audit adds up.
    """
    from showdown.game.service import GameService

    path = Path(db_path)
    if path.exists() and path.stat().st_size > 0:
        raise BadExport(f"{path} already exists: import into a new file (pick another --db)")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadExport(f"not a showdown game export (its 'format' is not {FORMAT!r})")
    if data.get("version") != VERSION:
        raise BadExport(f"unknown export version {data.get('version')!r} (this is {VERSION})")
    profiles = data.get("profiles")
    if not isinstance(profiles, list):
        raise BadExport("the export has no 'profiles' list")
    partial = path.with_name(path.name + ".importing")
    partial.unlink(missing_ok=True)
    counts = {"profiles": 0, "rounds": 0, "balance": 0}
    service = GameService(partial)  # creates the schema
    try:
        conn = service.store.connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            _insert(conn, profiles, counts)
        except BadExport:
            conn.execute("ROLLBACK")
            raise
        except (sqlite3.Error, TypeError, ValueError, KeyError) as exc:
            conn.execute("ROLLBACK")
            raise BadExport(f"the export cannot be imported: {exc}") from exc
        conn.execute("COMMIT")
        for entry in profiles:
            name = entry["profile"]["name"]
            audit = service.audit(name)
            if not audit["ok"]:
                raise BadExport(
                    f"the chips of profile {name!r} do not add up after the import "
                    f"({audit['total']} counted, {audit['expected']} expected)"
                )
    except BaseException:
        service.close()
        partial.unlink(missing_ok=True)
        raise
    service.close()
    os.replace(partial, path)
    return counts


def _insert(conn: sqlite3.Connection, profiles: list[Any], counts: dict[str, int]) -> None:
    for n, entry in enumerate(profiles, 1):
        if not isinstance(entry, dict):
            raise BadExport(f"profile {n} is not a JSON object")
        values = _take(entry.get("profile"), _PROFILE_COLS, f"profile {n}")
        prof: dict[str, Any] = entry["profile"]
        conn.execute(
            f"INSERT INTO profiles ({', '.join(_PROFILE_COLS)}) VALUES "
            f"({', '.join('?' * len(_PROFILE_COLS))})",
            values,
        )
        counts["profiles"] += 1
        for rnd in entry.get("rounds") or []:
            what = f"a round of {prof['name']!r}"
            row = dict(zip(_ROUND_COLS, _take(rnd, _ROUND_COLS, what), strict=True))
            row["state"] = json.dumps(row["state"])
            conn.execute(
                f"INSERT INTO rounds (profile_id, {', '.join(_ROUND_COLS)}) VALUES "
                f"(?, {', '.join('?' * len(_ROUND_COLS))})",
                (prof["id"], *row.values()),
            )
            counts["rounds"] += 1
            for step in rnd.get("steps") or []:
                version, kind, detail, at = _take(step, _STEP_COLS, f"a step of round {rnd['id']}")
                conn.execute(
                    "INSERT INTO steps (round_id, version, kind, detail, at)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (rnd["id"], version, kind, json.dumps(detail), at),
                )
        for move in entry.get("balance") or []:
            conn.execute(
                "INSERT INTO balance (profile_id, round_id, chips, reason, at)"
                " VALUES (?, ?, ?, ?, ?)",
                (prof["id"], *_take(move, _BALANCE_COLS, f"a chip movement of {prof['name']!r}")),
            )
            counts["balance"] += 1
