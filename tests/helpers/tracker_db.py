"""A real hand database for the tracker page's tests: real hands of the rooms' files,
replayed and settled by the library, written into a DuckDB file with plain SQL.

The rows follow :mod:`showdown.tracker.schema` as the import writes them (amounts in
the hand's units, ``turn`` the dealing order, the PHH fields ``antes`` and
``blinds_or_straddles`` per player, the actions' text, the other fields as JSON in
``extra``), so the page reads them as it reads an imported database. The statistics'
counters are the simple ones a test can check by eye (VPIP, PFR, saw the flop,
showdown, the postflop actions); the others stay 0.

>>> import tempfile, pathlib, duckdb
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.duckdb"
>>> build_database(path, ["pokerstars-tournament.txt"])
5
>>> with duckdb.connect(str(path)) as con:
...     con.execute("SELECT count(*) FROM hand_players WHERE player = 'held'").fetchone()
(4,)
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path
from typing import Any

import duckdb

from helpers.paths import ROOMS
from showdown.phh.allin_ev import all_in_ev
from showdown.phh.engine import HandState
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import Settlement, settle
from showdown.tracker.schema import STAT_COLUMNS, create

#: The files of the page's tests: a Hero with 153 GGPoker hands (USD), a player in
#: Winamax's five-card Omaha (EUR) and tournaments, heads-up iPoker, PokerStars'
#: tournament hands.
FILES = (
    "ggpoker-rush-cash-drop.txt.gz",
    "winamax-cash-omaha5.txt.gz",
    "winamax-tournament.txt.gz",
    "ipoker-cash-hu.xml",
    "pokerstars-tournament.txt",
)
#: The fields ``hands`` and ``hand_players`` hold in columns; the others go to ``extra``.
KNOWN = {"variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
         "min_bet", "starting_stacks", "actions", "hand", "currency", "table", "year",
         "month", "day", "time", "time_zone", "seat_count", "seats", "players",
         "finishing_stacks", "winnings", "_room", "_rake", "_tournament"}


def positions(n: int) -> list[str]:
    """Dealing order to positions: SB, BB, ..., BTN (heads-up: BB, BTN).

    >>> positions(2), positions(6)
    (['BB', 'BTN'], ['SB', 'BB', 'LJ', 'HJ', 'CO', 'BTN'])
    """
    if n == 2:
        return ["BB", "BTN"]
    middle = n - 3
    late = ["LJ", "HJ", "CO"][3 - min(middle, 3):]
    early = ["UTG", *(f"UTG+{k}" for k in range(1, middle - 3))][: max(middle - 3, 0)]
    return ["SB", "BB", *early, *late, "BTN"]


def played_at(fields: dict[str, Any]) -> datetime.datetime | None:
    try:
        day = datetime.date(int(fields["year"]), int(fields["month"]), int(fields["day"]))
    except (KeyError, TypeError, ValueError):
        return None
    at = fields.get("time")
    return datetime.datetime.combine(day, at if isinstance(at, datetime.time) else
                                     datetime.time())


def counters(history: HandHistory, s: Settlement) -> list[dict[str, int]]:
    """Each player's counters, by replaying the hand action by action."""
    state = HandState.start(history)
    n = state.n
    out = [dict.fromkeys(STAT_COLUMNS, 0) for _ in range(n)]
    for row in out:
        row["vpip_opp"] = 1
    for index, text in enumerate(history.fields["actions"]):
        words = text.split()
        street = state.street
        if words[0] != "d" and words[1] in ("cc", "cbr", "f"):
            i = int(words[0][1:]) - 1
            paying = words[1] == "cbr" or (words[1] == "cc" and state.to_call(i) > 0)
            if street == 0:
                out[i]["vpip"] |= paying
                out[i]["pfr"] |= words[1] == "cbr"
            else:
                key = {"cbr": "postflop_raises" if state.max_bet else "postflop_bets",
                       "f": "postflop_folds"}.get(words[1], "postflop_calls" if paying else "")
                if key:
                    out[i][key] += 1
        state.apply(index, text)
        if street == 0 and state.street == 1 and state.live > 1:
            for i in range(n):
                out[i]["saw_flop"] = int(not state.folded[i])
    won = s.winnings or [0] * n
    live = [i for i in range(n) if not s.replay.folded[i]]
    for i in range(n):
        out[i]["showdown"] = int(len(live) > 1 and i in live)
        out[i]["won_showdown"] = int(out[i]["showdown"] and won[i] > 0)
        out[i]["won_saw_flop"] = int(out[i]["saw_flop"] and won[i] > 0)
    return out


def _money(value: Any, scale: int = 1) -> Decimal:
    """An amount (replay units over ``scale``, or a number of the file) as a decimal."""
    return Decimal(str(value)) / scale if value is not None else Decimal(0)


class Batch:
    """The rows of some hands, as columns per table, written at once by :meth:`write`
    (a statement per row costs DuckDB a millisecond or more)."""

    def __init__(self) -> None:
        self.tables: dict[str, dict[str, list[Any]]] = {}

    def row(self, table: str, **values: Any) -> None:
        columns = self.tables.setdefault(table, {k: [] for k in values})
        for key, value in values.items():
            columns[key].append(value)

    def write(self, con: Any) -> None:
        import pyarrow as pa

        for table, columns in self.tables.items():
            if not next(iter(columns.values())):
                continue
            rows = pa.table(columns)  # noqa: F841 (DuckDB reads the local variable by name)
            names = ", ".join(columns)
            con.execute(f"INSERT INTO {table} ({names}) SELECT {names} FROM rows")
        self.tables.clear()


def add_hand(batch: Batch, hand_id: int, file_id: int, room: str,
             history: HandHistory) -> bool:
    """One hand's rows into ``batch`` (False: it does not settle, nothing added)."""
    s = settle(history)
    if s.finishing is None:
        return False
    fields = history.fields
    r = s.replay
    scale = r.scale
    n = len(r.starting)
    blinds = fields.get("blinds_or_straddles") or [0] * n
    antes = fields.get("antes") or [0] * n
    big = max(blinds[:2]) if any(blinds) else fields.get("min_bet", 0)
    at = played_at(fields)
    net = [_money(f - b, scale) for f, b in zip(s.finishing, r.starting, strict=True)]
    ev_net = list(net)
    ev = all_in_ev(s) if sum(not f for f in r.folded) >= 2 else None
    if ev is not None and ev.note is None:
        ev_net = [(v - Decimal((w - e).numerator) / (w - e).denominator / scale).quantize(
            Decimal("0.000001")) for v, w, e in zip(net, ev.won, ev.expected, strict=True)]
    extra = {k: v for k, v in fields.items() if k not in KNOWN}
    tournament = fields.get("_tournament")
    batch.row(
        "hands", hand_id=hand_id, room=room, hand=str(fields.get("hand", hand_id)),
        file_id=file_id, played_at=at, game=history.variant, currency=fields.get("currency"),
        tournament=None if tournament is None else str(tournament),
        table_name=fields.get("table"), players=n,
        small_blind=_money(min(b for b in blinds if b) if any(blinds) else 0),
        big_blind=_money(big), ante=_money(max(antes)), bring_in=_money(fields.get("bring_in")),
        small_bet=_money(fields.get("small_bet")), big_bet=_money(fields.get("big_bet")),
        min_bet=_money(fields.get("min_bet")), board="".join(r.board),
        pot=_money(sum(r.contributed), scale), **{"class": "match"},
        extra=json.dumps(extra, default=str) if extra else None)
    places = positions(n)
    stats = counters(history, s)
    won = s.winnings or [0] * n
    for i in range(n):
        holes = r.holes[i]
        batch.row(
            "hand_players", hand_id=hand_id, seat=history.seats[i], player=history.names[i],
            turn=i + 1, position=places[i],
            cards="" if any("?" in c for c in holes) else "".join(holes),
            starting_stack=_money(r.starting[i], scale), ante=_money(antes[i]),
            blind=_money(blinds[i]), net=net[i], ev_net=ev_net[i], won=_money(won[i], scale),
            rake=Decimal(0), played_at=at, game=history.variant,
            currency=fields.get("currency"), ring=tournament is None, big_blind=_money(big),
            players=n, **stats[i])
    for k, text in enumerate(fields["actions"]):
        actor = None if text.startswith("d ") else int(text.split()[0][1:])
        batch.row("actions", hand_id=hand_id, n=k, street=0, actor=actor, action=text)
    return True


def store_files(con: Any, files: Iterable[str], folder: Path = ROOMS,
                changes: dict[str, Any] | None = None) -> int:
    """Add the hands of ``files`` (in ``folder``) through the DuckDB connection ``con``,
    each hand's fields updated with ``changes`` (a later date, another table...); the
    number of hands stored."""
    from showdown.phh.corpus.read import read_file

    stored = 0
    next_id, file_id = con.execute("SELECT coalesce(max(hand_id), 0) + 1, "
                                   "(SELECT coalesce(max(file_id), 0) FROM files) "
                                   "FROM hands").fetchone()
    for name in files:
        file_id += 1
        room, hands = read_file(folder / name)
        con.execute("INSERT INTO files (file_id, path, hands, complete) VALUES (?, ?, ?, TRUE)",
                    [file_id, str(folder / name), len(hands)])
        batch = Batch()
        for history in hands:
            if not isinstance(history, HandHistory):
                continue
            if changes:
                history = history.with_fields(**changes)
            if add_hand(batch, next_id, file_id, room, history):
                next_id += 1
                stored += 1
        batch.write(con)
    return stored


def build_database(path: Path, files: Iterable[str] = FILES, folder: Path = ROOMS) -> int:
    """Add the hands of ``files`` (in ``folder``) to the hand database at ``path``, made
    when missing; the number of hands stored."""
    with duckdb.connect(str(path)) as con:
        create(con)
        return store_files(con, files, folder)
