"""What each table, index and column of the hand database costs on disk, and what changes save.

Each figure is the size of a database file written afresh with only that part in it
(``ATTACH`` the source read-only, copy, ``CHECKPOINT``), less an empty file's: exact to a
block (256 KiB, a quarter of a byte a hand at a million hands), where DuckDB's
``pragma_storage_info`` gives segments but not their sizes. Used by
``bench_tracker_queries.py --sizes``.

- :func:`table_costs`: every table with the schema's keys (their ART indexes) and as
  plain data; the difference is what the index costs.
- :func:`column_costs`: every column of the big tables alone.
- :func:`proposals`: the whole database again under schema changes, one on top of the
  other, with the file size, the time the copy took (the indexes' share of an import),
  and a lookup of one hand's actions and the players' figures timed on the result.
"""

from __future__ import annotations

import os
import re
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import duckdb

from showdown.tracker.schema import STAT_COLUMNS, TABLES

#: The order each table is copied in (an import writes hands as they come, in hand_id order).
ORDER = {
    "meta": "key", "files": "file_id", "hands": "hand_id", "hand_players": "hand_id, seat",
    "actions": "hand_id, n", "pots": "hand_id, pot, seat", "refused": "path, place",
}  # fmt: skip

#: hand_players' columns copied from the hand (the filters' and groups' columns).
DENORMALISED = ("played_at", "game", "currency", "ring", "big_blind", "players")

#: Money columns whose values are whole cents in the rooms' files (not ev_net, whose
#: all-in shares have fractions, nor rake, split in proportion between winners).
CENTS = {
    "hands": ("small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet",
              "min_bet", "pot"),
    "hand_players": ("starting_stack", "ante", "blind", "won"),
    "pots": ("amount",),
}  # fmt: skip


def _measure(source: Path, statements: Sequence[str]) -> tuple[int, float]:
    """Bytes of a new file holding what ``statements`` write (from ``src``), and seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "part.duckdb"
        with duckdb.connect(str(path)) as con:
            con.execute("SET enable_progress_bar = false")
            con.execute(f"ATTACH '{source}' AS src (READ_ONLY)")
            start = time.perf_counter()
            for sql in statements:
                con.execute(sql)
            con.execute("CHECKPOINT")
            seconds = time.perf_counter() - start
        return os.path.getsize(path), seconds


def _empty(source: Path) -> int:
    return _measure(source, [])[0]


def table_costs(source: Path, hands: int) -> None:
    """Print each table's bytes a hand with its keys, as plain data, and the difference."""
    empty = _empty(source)
    print("\n== bytes a hand, table by table (with the schema's keys / plain data / keys' index)")
    total = [0.0, 0.0]
    for table, ddl in TABLES.items():
        keyed = _measure(source, [ddl, f"INSERT INTO {table} SELECT * FROM src.{table} "
                                       f"ORDER BY {ORDER[table]}"])[0] - empty  # fmt: skip
        plain = _measure(source, [f"CREATE TABLE {table} AS SELECT * FROM src.{table} "
                                  f"ORDER BY {ORDER[table]}"])[0] - empty  # fmt: skip
        total[0] += keyed / hands
        total[1] += plain / hands
        print(f"  {table:<14} {keyed / hands:8.1f} {plain / hands:8.1f} "
              f"{(keyed - plain) / hands:8.1f}")
    print(f"  {'(sum)':<14} {total[0]:8.1f} {total[1]:8.1f} {total[0] - total[1]:8.1f}")


def column_costs(source: Path, hands: int, tables: Sequence[str]) -> None:
    """Print every column of ``tables`` alone, largest first, in bytes a hand."""
    empty = _empty(source)
    with duckdb.connect(str(source), read_only=True) as con:
        columns = {t: [r[0] for r in con.execute(f"DESCRIBE {t}").fetchall()] for t in tables}
    for table in tables:
        costs = []
        for column in columns[table]:
            size = _measure(source, [f"CREATE TABLE c AS SELECT {column} FROM src.{table} "
                                     f"ORDER BY {ORDER[table]}"])[0] - empty  # fmt: skip
            costs.append((size / hands, column))
        costs.sort(key=lambda c: (-c[0], c[1]))
        shown = ", ".join(f"{name} {cost:.1f}" for cost, name in costs if cost >= 1.0)
        small = [name for cost, name in costs if cost < 1.0]
        print(f"\n== {table}: its columns alone, bytes a hand (sum {sum(c for c, _ in costs):.1f})")
        print(f"  {shown}")
        if small:
            print(f"  under 1 byte a hand each: {', '.join(small)}")


@dataclass
class Variant:
    """A whole database under changed tables: each table's DDL, the source expression of
    a column that changes (by table), or the whole INSERT of a table made anew."""

    # the DDL without its comments, so that a clause can be cut with the comma before it
    ddl: dict[str, str] = field(
        default_factory=lambda: {t: re.sub(r"--[^\n]*", "", d) for t, d in TABLES.items()})
    exprs: dict[str, dict[str, str]] = field(default_factory=dict)
    fill: dict[str, str] = field(default_factory=dict)

    def statements(self) -> list[str]:
        out = []
        for table, ddl in self.ddl.items():
            out.append(ddl)
            if table in self.fill:
                out.append(self.fill[table])
                continue
            exprs = self.exprs.get(table, {})
            select = ", ".join(exprs.get(c, c) for c in _columns(ddl))
            out.append(f"INSERT INTO {table} SELECT {select} FROM src.{table} "
                       f"ORDER BY {ORDER[table]}")  # fmt: skip
        return out


def _no_key(variant: Variant, table: str) -> None:
    """Drop the table's PRIMARY KEY (and with it its ART index)."""
    ddl = re.sub(r",\s*PRIMARY KEY \([^)]*\)", "", variant.ddl[table])
    variant.ddl[table] = ddl.replace(" PRIMARY KEY", "")


def _no_unique(variant: Variant, table: str) -> None:
    variant.ddl[table] = re.sub(r",\s*UNIQUE \([^)]*\)", "", variant.ddl[table])


def _cents(variant: Variant) -> None:
    for table, columns in CENTS.items():
        for column in columns:
            variant.ddl[table] = re.sub(rf"\b{column} DECIMAL\(18, 6\)", f"{column} DECIMAL(18, 2)",
                                        variant.ddl[table])  # fmt: skip


def _actions_as_text(variant: Variant) -> None:
    variant.ddl["actions"] = (
        "CREATE TABLE actions (hand_id BIGINT NOT NULL, actions VARCHAR NOT NULL)")
    variant.fill["actions"] = (
        "INSERT INTO actions SELECT hand_id, string_agg(action, chr(10) ORDER BY n) "
        "FROM src.actions GROUP BY hand_id ORDER BY hand_id")


def _slim_players(variant: Variant) -> None:
    ddl = variant.ddl["hand_players"]
    for column in DENORMALISED:
        ddl = re.sub(rf"\n\s*{column} [A-Z]+(\(\d+, \d+\))?,", "", ddl)
    variant.ddl["hand_players"] = ddl


def _sparse_ev(variant: Variant) -> None:
    """ev_net only where it differs from net (an all-in's), NULL elsewhere."""
    variant.exprs.setdefault("hand_players", {})["ev_net"] = (
        "CASE WHEN ev_net <> net THEN ev_net END")


def _net_in_cents(variant: Variant) -> None:
    """net and rake in whole cents too (the importer gives out a split rake's remainders)."""
    for column in ("net", "rake"):
        variant.ddl["hand_players"] = re.sub(
            rf"\b{column} DECIMAL\(18, 6\)", f"{column} DECIMAL(18, 2)",
            variant.ddl["hand_players"])


def _columns(ddl: str) -> list[str]:
    con = duckdb.connect()
    con.execute(ddl)
    table = re.search(r"TABLE (?:IF NOT EXISTS )?(\w+)", ddl)
    assert table is not None
    return [r[0] for r in con.execute(f"DESCRIBE {table.group(1)}").fetchall()]


#: The changes, each on top of those before it: (what it is, how to make it).
STEPS: list[tuple[str, Callable[[Variant], None]]] = [
    ("the schema as it is", lambda v: None),
    ("actions without PRIMARY KEY (hand_id, n)", lambda v: _no_key(v, "actions")),
    ("hand_players without PRIMARY KEY (hand_id, seat)", lambda v: _no_key(v, "hand_players")),
    ("hands without PRIMARY KEY hand_id (UNIQUE (room, hand) kept)",
     lambda v: _no_key(v, "hands")),
    ("money in whole cents DECIMAL(18, 2) where the rooms write cents", _cents),
    ("ev_net only where it differs from net (NULL elsewhere)", _sparse_ev),
    ("net and rake in cents too (a split rake's odd cents given out)", _net_in_cents),
    ("actions as one text a hand (the PHH lines)", _actions_as_text),
    ("hand_players without the columns copied from hands", _slim_players),
]  # fmt: skip

def _players_sql(joined: bool) -> str:
    """The players' sums (the benchmark's stand-in), reading the hand's columns from
    ``hands`` when ``joined``."""
    sums = ", ".join(f"sum({c})" for c in STAT_COLUMNS)
    source = ("hand_players AS p JOIN hands AS h USING (hand_id)" if joined
              else "hand_players AS p")  # fmt: skip
    prefix = "h." if joined else "p."
    return (f"SELECT player, {prefix}currency, count(*), {sums}, sum(net), "
            "sum(coalesce(ev_net, net)), "
            f"sum(p.rake), sum(net / {prefix}big_blind) FROM {source} "
            f"GROUP BY player, {prefix}currency")  # fmt: skip


def _time(path: Path, sql: str, params: Sequence[object] = (), rounds: int = 5) -> float:
    with duckdb.connect(str(path), read_only=True) as con:
        con.execute(sql, list(params)).fetchall()
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            con.execute(sql, list(params)).fetchall()
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def proposals(source: Path, hands: int) -> None:
    """Print the whole database's bytes a hand under each change, and what they cost."""
    empty = _empty(source)
    print("\n== the whole database under changes, each on top of the ones above")
    print(f"  {'change':<66} {'B/hand':>7} {'saves':>7} {'copy s':>7} {'lookup':>8} "
          f"{'players':>8}")
    variant = Variant()
    sizes: dict[str, float] = {}
    probe = hands // 2 + 1
    for name, change in STEPS:
        change(variant)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "variant.duckdb"
            with duckdb.connect(str(path)) as con:
                con.execute("SET enable_progress_bar = false")
                con.execute(f"ATTACH '{source}' AS src (READ_ONLY)")
                start = time.perf_counter()
                for sql in variant.statements():
                    con.execute(sql)
                con.execute("CHECKPOINT")
                seconds = time.perf_counter() - start
            size = (os.path.getsize(path) - empty) / hands
            lookup = _time(path, "SELECT * FROM actions WHERE hand_id = ?", [probe])
            joined = "played_at" not in variant.ddl["hand_players"]
            players = _time(path, _players_sql(joined), rounds=3)
        saves = f"{list(sizes.values())[-1] - size:7.1f}" if sizes else ""
        print(f"  {name:<66} {size:7.1f} {saves:>7} {seconds:7.1f} {lookup * 1e3:6.1f}ms "
              f"{players:7.2f}s")
        sizes[name] = size
    # what the one key an import needs costs: the third step with and without it
    unkeyed = Variant()
    for table in ("actions", "hand_players", "hands"):
        _no_key(unkeyed, table)
    _no_unique(unkeyed, "hands")
    size = (_measure(source, unkeyed.statements())[0] - empty) / hands
    keyed = sizes[STEPS[3][0]]
    print(f"  (UNIQUE (room, hand), the key that stores a hand once, costs {keyed - size:.1f} "
          "bytes a hand of the third line)")


def batched(source: Path, hands: int, batches: Sequence[int] = (10_000, 1_000)) -> None:
    """Print the size and speed of copying the first ``hands`` hands a batch a transaction,
    as an import commits them, against one transaction: commits leave free blocks and
    less compressed segments behind, and each one costs time (the indexes most)."""
    print(f"\n== the first {hands:,} hands copied a batch a transaction (hands, hand_players,"
          " actions, pots), then CHECKPOINT")  # fmt: skip
    unkeyed = Variant()
    for table in ("actions", "hand_players"):
        _no_key(unkeyed, table)
    tables = ("hands", "hand_players", "actions", "pots")
    for name, variant in (("the schema as it is", Variant()),
                          ("without the two PRIMARY KEYs", unkeyed)):  # fmt: skip
        for batch in (hands, *batches):
            with tempfile.TemporaryDirectory() as tmp:
                path = Path(tmp) / "batched.duckdb"
                with duckdb.connect(str(path)) as con:
                    con.execute("SET enable_progress_bar = false")
                    con.execute(f"ATTACH '{source}' AS src (READ_ONLY)")
                    for table in tables:
                        con.execute(variant.ddl[table])
                    start = time.perf_counter()
                    for low in range(1, hands + 1, batch):
                        con.execute("BEGIN")
                        for table in tables:
                            con.execute(f"INSERT INTO {table} SELECT * FROM src.{table} WHERE "
                                        f"hand_id BETWEEN ? AND ? ORDER BY {ORDER[table]}",
                                        [low, low + batch - 1])  # fmt: skip
                        con.execute("COMMIT")
                    con.execute("CHECKPOINT")
                    seconds = time.perf_counter() - start
                    free = con.execute("SELECT free_blocks * block_size FROM pragma_database_size()"
                                       " WHERE database_name = 'batched'").fetchone()  # fmt: skip
                size = os.path.getsize(path)
            print(f"  {name:<30} batches of {batch:>9,}: {size / hands:6.1f} bytes a hand "
                  f"({(free[0] if free else 0) / hands:5.1f} of them free blocks), "
                  f"{hands / seconds:9,.0f} hands/s")
