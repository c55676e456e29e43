"""Stand-ins for the database's modules while they are written, on the same tables.

:mod:`showdown.tracker.page_data` takes the page's data from here until
``showdown.tracker.database``, ``query``, ``graph`` and ``watch`` land; then it imports
theirs and this module goes. The names and what they return are the ones
:mod:`~showdown.tracker.page_data` describes; the figures are plain sums of the
counters of ``hand_players`` (:data:`~showdown.tracker.schema.STAT_COLUMNS`).

>>> f = Filters(game="NT", date_from=datetime.date(2024, 1, 1), min_hands=5)
>>> where(f)
('game = ? AND played_at >= ?', ['NT', datetime.date(2024, 1, 1)])
"""

from __future__ import annotations

import datetime
import json
import threading
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from showdown.phh.notation import HandHistory
from showdown.tracker import schema

__all__ = [
    "GROUPS", "Database", "DatabaseError", "Filters", "graph_series", "hands", "open_database",
    "players", "stored_hand", "watch", "where",
]

#: ``by``: the column or expression of ``hand_players`` each group is.
GROUPS = {
    "position": "position",
    "stakes": "coalesce(currency, '') || ' ' || CAST(big_blind AS VARCHAR)",
    "game": "game",
    "month": "strftime(played_at, '%Y-%m')",
    "seats": "players",
}
#: (name, made, opportunities) of each statistic of the issue's JSON.
_RATIOS = (
    ("vpip", "vpip", "vpip_opp"), ("pfr", "pfr", "vpip_opp"),
    ("three_bet", "three_bet", "three_bet_opp"),
    ("fold_to_three_bet", "fold_to_three_bet", "fold_to_three_bet_opp"),
    ("steal", "steal", "steal_opp"), ("cbet", "cbet", "cbet_opp"),
    ("fold_to_cbet", "fold_to_cbet", "fold_to_cbet_opp"),
    ("wtsd", "showdown", "saw_flop"), ("wsd", "won_showdown", "showdown"),
    ("wwsf", "won_saw_flop", "saw_flop"),
)
_COUNTS = ("postflop_bets", "postflop_raises", "postflop_calls", "postflop_folds")
#: Every counter summed, once each, in a fixed order.
_SUMMED = tuple(dict.fromkeys([*(m for _, m, _ in _RATIOS), *(o for _, _, o in _RATIOS),
                               *_COUNTS]))


class DatabaseError(Exception):
    """A database that cannot be opened: the message names its path."""


class Database:
    """An open hand database: ``con`` its DuckDB connection, ``path`` its file."""

    def __init__(self, con: Any, path: Path | None) -> None:
        self.con = con
        self.path = path

    def close(self) -> None:
        self.con.close()


def open_database(path: str | Path, *, create: bool = False,
                  read_only: bool = False) -> Database:
    """The hand database at ``path``; a missing, damaged or foreign file is refused."""
    import duckdb

    path = Path(path)
    if path.is_dir():
        raise DatabaseError(f"{path}: a folder, not a hand database file")
    if not path.exists() and not create:
        raise DatabaseError(f"{path}: no hand database there (import hands first: "
                            "showdown db import PATH --db FILE)")
    try:
        con = duckdb.connect(str(path), read_only=read_only)
        tables = {r[0] for r in con.execute(
            "SELECT table_name FROM information_schema.tables").fetchall()}
    except duckdb.Error as exc:
        raise DatabaseError(f"{path}: not a hand database ({str(exc).splitlines()[0]})") from None
    if tables and "meta" not in tables:
        con.close()
        raise DatabaseError(f"{path}: a DuckDB file, but not a hand database")
    if not tables:
        schema.create(con)
    return Database(con, path)


@dataclass(frozen=True)
class Filters:
    """Which hands count: one player's, one game's (a PHH variant code), played from
    ``date_from`` to ``date_to`` (both included); ``min_hands`` drops players with fewer."""

    player: str | None = None
    game: str | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    min_hands: int = 0


def where(f: Filters, table: str = "") -> tuple[str, list[Any]]:
    """The SQL condition on ``hand_players`` (``table``: its alias and a dot) and its values."""
    parts: list[str] = []
    values: list[Any] = []
    for column, op, value in (("player", "=", f.player), ("game", "=", f.game),
                              ("played_at", ">=", f.date_from)):
        if value is not None:
            parts.append(f"{table}{column} {op} ?")
            values.append(value)
    if f.date_to is not None:
        parts.append(f"{table}played_at < ?")
        values.append(f.date_to + datetime.timedelta(days=1))
    return " AND ".join(parts) or "TRUE", values


def _text(amount: Decimal | None) -> str:
    return format((amount or Decimal(0)).normalize(), "f")


def _ratio(made: int, opportunities: int) -> dict[str, Any]:
    percent = round(100 * made / opportunities, 2) if opportunities else None
    return {"made": made, "opportunities": opportunities, "percent": percent}


def players(db: Database, filters: Filters, by: str | None = None) -> list[dict[str, Any]]:
    """Each player's figures (and each group's, ``by`` one of :data:`GROUPS`)."""
    group = f", {GROUPS[by]} AS grp" if by else ", NULL AS grp"
    cond, values = where(filters)
    sums = ", ".join(f"CAST(coalesce(sum({c}), 0) AS BIGINT)" for c in _SUMMED)
    rows = db.con.execute(
        f"SELECT player{group}, count(*), {sums}, "
        "sum(CASE WHEN ring THEN net / big_blind END), "
        "sum(CASE WHEN ring THEN ev_net / big_blind END), count(*) FILTER (WHERE ring) "
        f"FROM hand_players WHERE {cond} GROUP BY ALL HAVING count(*) >= ? "
        "ORDER BY 3 DESC, 1", [*values, filters.min_hands]).fetchall()
    money: dict[tuple[Any, Any], dict[str, dict[str, str]]] = {}
    for player, grp, currency, net, ev_net, rake in db.con.execute(
            f"SELECT player{group}, coalesce(currency, ''), sum(net), sum(ev_net), sum(rake) "
            f"FROM hand_players WHERE {cond} GROUP BY ALL", values).fetchall():
        kept = money.setdefault((player, grp), {"net": {}, "ev_net": {}, "rake": {}})
        for key, amount in (("net", net), ("ev_net", ev_net), ("rake", rake)):
            kept[key][currency] = _text(amount)
    found = []
    for row in rows:
        player, grp, count = row[0], row[1], row[2]
        sums_of = dict(zip(_SUMMED, row[3:3 + len(_SUMMED)], strict=True))
        bb_net, bb_ev, ring = row[3 + len(_SUMMED):]
        doc: dict[str, Any] = {"player": player, "hands": count}
        if by:
            doc[by] = grp
        for name, made, opportunities in _RATIOS:
            doc[name] = _ratio(sums_of[made], sums_of[opportunities])
        aggressive = sums_of["postflop_bets"] + sums_of["postflop_raises"]
        calls = sums_of["postflop_calls"]
        acted = aggressive + calls + sums_of["postflop_folds"]
        doc["af"] = round(aggressive / calls, 2) if calls else None
        doc["afq"] = round(100 * aggressive / acted, 2) if acted else None
        doc.update(money[(player, grp)])
        doc["bb100"] = round(float(100 * bb_net / ring), 2) if ring else None
        doc["ev_bb100"] = round(float(100 * bb_ev / ring), 2) if ring else None
        found.append(doc)
    return found


_HAND_COLUMNS = ("h.room, h.hand, h.played_at, h.game, h.small_blind, h.big_blind, h.currency, "
                 "p.position, p.cards, p.net, p.ev_net, p.player")


def hands(db: Database, filters: Filters, limit: int = 100,
          offset: int = 0) -> list[dict[str, Any]]:
    """One row per hand and player, the newest first."""
    cond, values = where(filters, "p.")
    rows = db.con.execute(
        f"SELECT {_HAND_COLUMNS} FROM hand_players p JOIN hands h USING (hand_id) "
        f"WHERE {cond} ORDER BY h.played_at DESC NULLS LAST, h.hand_id DESC, p.turn "
        "LIMIT ? OFFSET ?", [*values, limit, offset]).fetchall()
    return [{"room": r[0], "hand": r[1], "played_at": r[2], "game": r[3],
             "stakes": f"{_text(r[4])}/{_text(r[5])}", "currency": r[6], "position": r[7],
             "cards": r[8], "net": r[9], "ev_net": r[10], "player": r[11]} for r in rows]


def graph_series(db: Database, player: str, filters: Filters,
                 x: str = "hands") -> dict[str, list[Any]]:
    """The running sums of one player's results, hand by hand."""
    cond, values = where(Filters(player, filters.game, filters.date_from, filters.date_to),
                         "p.")
    rows = db.con.execute(
        "SELECT p.net, p.ev_net, p.showdown, h.room, h.hand, h.played_at "
        f"FROM hand_players p JOIN hands h USING (hand_id) WHERE {cond} "
        "ORDER BY h.played_at NULLS FIRST, h.hand_id", values).fetchall()
    series: dict[str, list[Any]] = {k: [] for k in ("x", "net", "ev_net", "showdown",
                                                     "no_showdown", "room", "hand",
                                                     "played_at")}
    net = ev = shown = unshown = Decimal(0)
    for k, (won, ev_won, showdown, room, hand, at) in enumerate(rows, start=1):
        net += won
        ev += ev_won
        if showdown:
            shown += won
        else:
            unshown += won
        for key, value in (("x", at if x == "date" else k), ("net", net), ("ev_net", ev),
                           ("showdown", shown), ("no_showdown", unshown), ("room", room),
                           ("hand", hand), ("played_at", at)):
            series[key].append(value)
    return series


def _number(value: Decimal | None) -> int | float:
    if value is None:
        return 0
    return int(value) if value == value.to_integral_value() else float(value)


def stored_hand(db: Database, room: str, hand: str) -> HandHistory | None:
    """The stored hand rebuilt as PHH, or ``None``."""
    found = db.con.execute(
        "SELECT hand_id, game, min_bet, small_bet, big_bet, bring_in, currency, table_name, "
        "played_at, extra FROM hands WHERE room = ? AND hand = ?", [room, hand]).fetchone()
    if found is None:
        return None
    hand_id, game, min_bet, small_bet, big_bet, bring_in, currency, table, at, extra = found
    seated = db.con.execute(
        "SELECT seat, player, starting_stack, ante, blind FROM hand_players "
        "WHERE hand_id = ? ORDER BY turn", [hand_id]).fetchall()
    actions = [r[0] for r in db.con.execute(
        "SELECT action FROM actions WHERE hand_id = ? ORDER BY n", [hand_id]).fetchall()]
    fields: dict[str, Any] = {
        "variant": game,
        "antes": [_number(r[3]) for r in seated],
        "blinds_or_straddles": [_number(r[4]) for r in seated],
        "starting_stacks": [_number(r[2]) for r in seated],
        "actions": actions,
    }
    for key, value in (("min_bet", min_bet), ("small_bet", small_bet), ("big_bet", big_bet),
                       ("bring_in", bring_in)):
        if value:
            fields[key] = _number(value)
    fields.update(hand=hand, seats=[r[0] for r in seated], players=[r[1] for r in seated])
    if currency:
        fields["currency"] = currency
    if table:
        fields["table"] = table
    if at is not None:
        fields.update(year=at.year, month=at.month, day=at.day, time=at.time())
    fields.update(json.loads(extra) if extra else {})
    return HandHistory(fields)


def watch(db: Database, folder: Path, stop: threading.Event) -> None:
    """Import what is written into ``folder`` until ``stop``: the import pipeline's."""
    raise DatabaseError(f"{folder}: watching a folder needs the import pipeline "
                        "(showdown.tracker.watch), which this version does not have yet")
