"""Questions to a hand database: :func:`players`, :func:`hands`, :func:`stored_hand`.

>>> import pathlib, tempfile
>>> from showdown.tracker.database import open_database
>>> from showdown.tracker.ingest import import_paths
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.phh").write_text('variant = "NT"\\nantes = [0, 0, 0]\\n'
...     'blinds_or_straddles = [1, 2, 0]\\nmin_bet = 2\\nstarting_stacks = [100, 100, 100]\\n'
...     'actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 cbr 6", '
...     '"p2 f"]\\nplayers = ["Ana", "Bo", "Cy"]\\nhand = 1\\n')
>>> with open_database(None) as db:
...     _ = import_paths(db, [folder])
...     [ana] = players(db, Filters(player="Ana"))
...     [line] = hands(db, Filters(player="Ana"))
...     again = stored_hand(db, "phh", "1")
>>> ana["hands"], ana["net"]
(1, {'chips': '2'})
>>> line["position"], line["cards"], line["net"]
('SB', 'AcAd', '2')
>>> again.fields["actions"][-2:], again.names
(['p1 cbr 6', 'p2 f'], ['Ana', 'Bo', 'Cy'])
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from showdown.phh.notation import HandHistory
from showdown.phh.variant_rules import RULES
from showdown.tracker.figures import figures, merge, money_text, sums_sql
from showdown.tracker.filters import GROUPS, Filters

if TYPE_CHECKING:
    from showdown.tracker.database import Database

__all__ = ["Filters", "hands", "player_sums", "players", "stored_hand"]


def _dicts(cursor: Any) -> list[dict[str, Any]]:
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def player_sums(con: Any, source: str, filters: Filters, by: str | None = None
                ) -> list[dict[str, Any]]:
    """The sums per player, group and currency over ``source`` (see
    :func:`~showdown.tracker.figures.sums_sql`)."""
    if by is not None and by not in GROUPS:
        raise ValueError(f"cannot group by {by!r}: choose one of {', '.join(GROUPS)}")
    where, params = filters.where()
    return _dicts(con.execute(sums_sql(source, where, GROUPS[by] if by else None), params))


def finish(rows: list[dict[str, Any]], filters: Filters, by: str | None = None,
           partial: bool = True) -> list[dict[str, Any]]:
    """The JSON objects from the sums: one per player (and group), the most hands first
    (``partial``: the rows may hold several parts' sums of one player, group and
    currency, added first)."""
    grouped: dict[tuple[str, Any], list[dict[str, Any]]] = {}
    for row in merge(rows) if partial else rows:
        grouped.setdefault((row["player"], row["grp"]), []).append(row)
    out = [figures(player, parts, (by, grp) if by else None)
           for (player, grp), parts in grouped.items()]
    out = [f for f in out if f["hands"] >= filters.min_hands]
    out.sort(key=lambda f: (-f["hands"], f["player"], str(f.get(by or "", ""))))
    return out


def players(db: Database, filters: Filters | None = None, by: str | None = None
            ) -> list[dict[str, Any]]:
    """Each player's statistics over the hands ``filters`` select (``by``: one object
    per player and group, ``position``, ``stakes``, ``game``, ``month`` or ``seats``)."""
    filters = filters or Filters()
    return finish(player_sums(db.con, "hand_players", filters, by), filters, by, partial=False)


def _stakes(small: Decimal | None, big: Decimal | None, currency: str | None) -> str:
    text = "/".join(money_text(v, None) for v in (small, big) if v is not None)
    return f"{text} {currency}" if currency else text


def hands(db: Database, filters: Filters | None = None, limit: int | None = None,
          offset: int = 0, newest_first: bool = False) -> list[dict[str, Any]]:
    """One object per hand (of the player when ``filters`` names one): room, hand,
    played_at, game, stakes, currency, position, cards, net, ev_net, player; in play
    order (``newest_first``: the other way)."""
    filters = filters or Filters()
    where, params = filters.where()
    order = "h.played_at DESC NULLS LAST, h.hand_id DESC" if newest_first else \
        "h.played_at NULLS FIRST, h.hand_id"
    page = f" LIMIT {int(limit)} OFFSET {int(offset)}" if limit is not None else ""
    if filters.player is None:
        sql = ("SELECT h.room, h.hand, h.played_at, h.game, h.small_blind, h.big_blind, "
               "h.currency, NULL AS position, NULL AS cards, NULL AS net, NULL AS ev_net, "
               "NULL AS player, h.players AS seated FROM hands h WHERE h.hand_id IN "
               f"(SELECT hand_id FROM hand_players WHERE {where}) "
               f"ORDER BY {order}{page}")
    else:
        sql = ("SELECT h.room, h.hand, h.played_at, h.game, h.small_blind, h.big_blind, "
               "h.currency, p.position, p.cards, p.net, p.ev_net, p.player, "
               "h.players AS seated FROM (SELECT * FROM hand_players WHERE "
               f"{where}) p JOIN hands h USING (hand_id) ORDER BY {order}{page}")
    out = []
    for row in _dicts(db.con.execute(sql, params)):
        currency = row["currency"]
        out.append({
            "room": row["room"], "hand": row["hand"],
            "played_at": row["played_at"].isoformat(sep=" ") if row["played_at"] else None,
            "game": row["game"],
            "stakes": _stakes(row["small_blind"], row["big_blind"], currency),
            "currency": currency, "player": row["player"], "position": row["position"],
            "cards": row["cards"],
            "net": None if row["net"] is None else money_text(row["net"], currency),
            "ev_net": None if row["ev_net"] is None else money_text(row["ev_net"], currency),
            "players": row["seated"],
        })
    return out


def _number(value: Decimal | None) -> int | float:
    if value is None:
        return 0
    return int(value) if value == value.to_integral_value() else float(value)


def stored_hand(db: Database, room: str, hand: str) -> HandHistory:
    """The hand as PHH, rebuilt from the tables (a :class:`KeyError` when it is not
    stored)."""
    con = db.con
    found = _dicts(con.execute("SELECT * FROM hands WHERE room = ? AND hand = ?",
                               [room, hand]))
    if not found:
        raise KeyError(f"no hand {hand} of {room} in the database")
    h = found[0]
    seated = _dicts(con.execute(
        "SELECT * FROM hand_players WHERE hand_id = ? ORDER BY turn", [h["hand_id"]]))
    actions = [r[0] for r in con.execute(
        "SELECT action FROM actions WHERE hand_id = ? ORDER BY n", [h["hand_id"]]).fetchall()]
    rules = RULES.get(h["game"])
    stud = rules is not None and rules.forced == "bring-in"
    fields: dict[str, Any] = {"variant": h["game"],
                              "antes": [_number(p["ante"]) for p in seated]}
    if stud:  # a bring-in of 0 is one (the first to act completes at once): always written
        fields["bring_in"] = _number(h["bring_in"])
    else:
        fields["blinds_or_straddles"] = [_number(p["blind"]) for p in seated]
    for key in ("small_bet", "big_bet", "min_bet"):
        if h[key]:
            fields[key] = _number(h[key])
    fields["starting_stacks"] = [_number(p["starting_stack"]) if p["starting_stack"] is not None
                                 else float("inf") for p in seated]
    fields["actions"] = actions
    fields["hand"] = int(hand) if hand.isdigit() else hand
    for key, column in (("currency", "currency"), ("table", "table_name"),
                        ("time_zone", "time_zone"), ("_tournament", "tournament")):
        if h[column] is not None:
            fields[key] = h[column]
    if h["played_at"] is not None:
        at = h["played_at"]
        fields.update(year=at.year, month=at.month, day=at.day, time=at.time())
    if h["max_seats"] is not None:
        fields["seat_count"] = h["max_seats"]
    fields["seats"] = [p["seat"] for p in seated]
    fields["players"] = [p["player"] for p in seated]
    fields["_room"] = room
    if h["rake"]:
        fields["_rake"] = _number(h["rake"])
    if h["extra"]:
        fields.update(json.loads(h["extra"]))
    return HandHistory(fields, None, hand)
