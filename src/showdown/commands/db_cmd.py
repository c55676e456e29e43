"""``showdown db``: the hand database: import hands, then ask about players and hands.

``db import PATH...`` stores every hand of room files, PHH files, ``.gz`` files and
folders (a hand imported twice is stored once; a hand that does not read is kept with
its file, place and reason); ``--watch`` keeps importing a folder as it is written.
``db players`` gives each player's statistics, ``db hands`` one line per hand, ``db
graph`` the graph of a player's results as SVG, ``db export`` the tables as Parquet.
``--db FILE`` chooses the database (default: ``hands.duckdb`` in the user's data
folder). See ``docs/tracker.md``.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["db"].parse_args(["players", "--by", "position", "--min-hands", "50"])
>>> args.action, args.by, args.min_hands
('players', 'position', 50)
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from showdown.commands.common import CliError, HelpFormatter, is_terminal
from showdown.commands.options import executor_from

if TYPE_CHECKING:
    from showdown.tracker.database import Database
    from showdown.tracker.filters import Filters
    from showdown.tracker.ingest import ImportSummary

EPILOG = """examples:
  showdown db import ~/PokerStars/HandHistory/        every file of the folder
  showdown db import hands/ --watch                   and what the client writes next
  showdown db players --min-hands 100 --by position
  showdown db players --player Hero --json
  showdown db hands --player Hero --from 2024-01-01
  showdown db graph --player Hero -o hero.svg
  showdown db export --parquet parts/
  showdown db players --parquet parts/ --scheduler tcp://host:8786
"""

_GROUPS = ("position", "stakes", "game", "month", "seats")


def _filter_options(parser: argparse.ArgumentParser, player: bool = True) -> None:
    if player:
        parser.add_argument("--player", metavar="NAME", help="only this player's hands")
    parser.add_argument("--game", metavar="G", help="only this game (its PHH code: NT, PO...)")
    parser.add_argument("--from", dest="date_from", metavar="DATE",
                        help="hands played on or after DATE (YYYY-MM-DD)")
    parser.add_argument("--to", dest="date_to", metavar="DATE",
                        help="hands played on or before DATE (YYYY-MM-DD)")
    parser.add_argument("--room", metavar="ROOM", help="only this room's hands (pokerstars...)")


def _db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="FILE",
                        help="the database file (default: hands.duckdb in your data folder)")


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``db`` sub-command and its actions."""
    parser = subparsers.add_parser(
        "db", help="the hand database: import hand histories, statistics per player, graphs",
        description="Store hand histories in a database (DuckDB, one file) and ask it what "
        "trackers show: VPIP, PFR, 3-bet, c-bet, showdown figures, winnings and all-in EV.",
        epilog=EPILOG, formatter_class=HelpFormatter)
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = actions.add_parser("import", help="import hand-history files and folders",
                           formatter_class=HelpFormatter)
    p.add_argument("paths", metavar="PATH", nargs="+", help="files or folders")
    _db_option(p)
    p.add_argument("--watch", action="store_true",
                   help="keep importing the folders as the room's client writes them")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=1, metavar="N",
                       help="read and settle in N processes (default 1)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="read and settle on the workers of a Dask scheduler")
    p = actions.add_parser("players", help="each player's statistics",
                           formatter_class=HelpFormatter)
    _db_option(p)
    _filter_options(p)
    p.add_argument("--by", choices=_GROUPS, help="one line per player and group")
    p.add_argument("--min-hands", type=int, default=0, metavar="N",
                   help="leave out players with fewer than N hands")
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help="one JSON document")
    form.add_argument("--csv", action="store_true", help="CSV, one row per player")
    p.add_argument("--parquet", metavar="DIR",
                   help="compute over a folder written by `db export` instead of the database")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="with --parquet: on the workers of a Dask scheduler")
    p = actions.add_parser("hands", help="one line per hand", formatter_class=HelpFormatter)
    _db_option(p)
    _filter_options(p)
    p.add_argument("--json", action="store_true", help="JSON lines, one object per hand")
    p.add_argument("--limit", type=int, default=None, metavar="N", help="at most N hands")
    p = actions.add_parser("graph", help="a player's results against hands played (SVG)",
                           formatter_class=HelpFormatter)
    _db_option(p)
    p.add_argument("--player", metavar="NAME", required=True)
    _filter_options(p, player=False)
    p.add_argument("-o", "--output", metavar="FILE.svg", help="write here (default: stdout)")
    p.add_argument("--x", choices=("hands", "date"), default="hands", help="the x axis")
    p.add_argument("--lang", choices=("en", "es", "ru"), default="en")
    p = actions.add_parser("export", help="the tables as Parquet files",
                           formatter_class=HelpFormatter)
    _db_option(p)
    p.add_argument("--parquet", metavar="DIR", required=True, help="the folder to write")
    parser.set_defaults(func=run, workers=1, scheduler=None)


def _filters(args: argparse.Namespace) -> Filters:
    from showdown.tracker.filters import Filters, parse_date

    try:
        date_from = parse_date(args.date_from) if args.date_from else None
        date_to = parse_date(args.date_to) if args.date_to else None
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if getattr(args, "min_hands", 0) < 0:
        raise CliError("--min-hands must be 0 or more")
    return Filters(player=getattr(args, "player", None), game=args.game, date_from=date_from,
                   date_to=date_to, min_hands=getattr(args, "min_hands", 0), room=args.room)


def _open(args: argparse.Namespace, create: bool = False, read_only: bool = False
          ) -> Database:
    try:
        from showdown.tracker.database import DatabaseError, open_database
        from showdown.tracker.paths import default_database
    except ModuleNotFoundError as exc:
        raise _missing(exc) from exc
    path = args.db or default_database()
    try:
        return open_database(path, create=create, read_only=read_only)
    except ModuleNotFoundError as exc:
        raise _missing(exc) from exc
    except DatabaseError as exc:
        raise CliError(str(exc)) from None


def _missing(exc: ModuleNotFoundError) -> CliError:
    return CliError(f"the hand database needs the 'tracker' extra ({exc.name} is missing): "
                    "pip install 'poker-showdown[tracker]'")


def run(args: argparse.Namespace) -> int:
    """Run one action of ``showdown db``; returns the exit status."""
    if args.action == "players" and args.parquet:
        return _players_parquet(args)
    if args.scheduler and args.action != "import":
        raise CliError("--scheduler needs --parquet DIR (a folder written by db export)")
    if args.action == "import":
        return _import(args)
    with _open(args, read_only=True) as db, _named(db):
        if args.action == "players":
            return _players(db, args)
        if args.action == "hands":
            return _hands(db, args)
        if args.action == "graph":
            return _graph(db, args)
        return _export(db, args)


@contextmanager
def _named(db: Database) -> Iterator[None]:
    """A damaged database found while it is used: one ``error:`` line naming its file."""
    from showdown.tracker.database import DatabaseError, named_errors

    try:
        with named_errors(db):
            yield
    except DatabaseError as exc:
        raise CliError(str(exc)) from None


def _progress(done: int, total: int, summary: ImportSummary) -> None:
    width = 30
    filled = width * done // max(total, 1)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} files, "
                     f"{summary.new} new hands")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _import(args: argparse.Namespace) -> int:
    from showdown.phh.errors import HistoryError
    from showdown.tracker.ingest import import_paths

    if args.workers < 1:
        raise CliError("--workers must be 1 or more")
    for path in args.paths:  # before the database is made: a typo leaves no empty file
        if path != "-" and not Path(path).exists():
            raise CliError(f"{path}: no such file or folder")
    target = Path(args.db) if args.db else None
    made = target is not None and not target.exists()
    with _open(args, create=True) as db, _named(db), executor_from(args) as executor:
        try:
            summary = import_paths(db, args.paths, workers=args.workers, executor=executor,
                                   progress=_progress if is_terminal(sys.stderr) else None)
        except HistoryError as exc:  # raised while the files are found, before any write
            refused = str(exc)
        else:
            for file, reason in summary.skipped:
                print(f"skipped: {file}: {reason}", file=sys.stderr)
            for line in summary.lines():
                print(line)
            if args.watch:
                return _watch(db, args)
            return 0
    if made and target is not None:  # a refused import leaves no database it made
        for leftover in (target, target.with_name(target.name + ".wal")):
            leftover.unlink(missing_ok=True)
    raise CliError(refused)


def _watch(db: Database, args: argparse.Namespace) -> int:
    from showdown.tracker.watch import Watcher

    def report(summary: ImportSummary) -> None:
        print(summary.lines()[0], flush=True)

    folders = list(args.paths)
    print(f"watching {', '.join(folders)} (Ctrl-C to stop)", flush=True)
    watchers = [Watcher(db, folder) for folder in folders]
    try:
        while True:
            for w in watchers:
                w.run(report, rounds=1)
            time.sleep(watchers[0].interval)
    except KeyboardInterrupt:
        print("stopped", flush=True)
    return 0


_COLUMNS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "steal", "cbet", "fold_to_cbet",
            "wtsd", "wsd", "wwsf")


def _show(rows: list[dict[str, Any]], args: argparse.Namespace) -> int:
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    head = ["player", *([args.by] if args.by else []), "hands", *_COLUMNS, "af", "afq",
            "net", "ev_net", "rake", "bb100", "ev_bb100"]

    def cells(r: dict[str, Any]) -> list[str]:
        def pct(name: str) -> str:
            v = r[name]["percent"]
            return "-" if v is None else f"{v:.1f}"

        money = [" ".join(f"{v} {k}" for k, v in r[name].items()) or "0"
                 for name in ("net", "ev_net", "rake")]
        return [r["player"], *([str(r[args.by])] if args.by else []), str(r["hands"]),
                *map(pct, _COLUMNS), "-" if r["af"] is None else str(r["af"]),
                "-" if r["afq"] is None else str(r["afq"]), *money,
                "-" if r["bb100"] is None else str(r["bb100"]),
                "-" if r["ev_bb100"] is None else str(r["ev_bb100"])]

    if args.csv:
        w = csv.writer(sys.stdout)
        w.writerow(head)
        w.writerows(cells(r) for r in rows)
        return 0
    table = [head, *(cells(r) for r in rows)]
    widths = [max(len(row[k]) for row in table) for k in range(len(head))]
    for row in table:
        print("  ".join(c.ljust(widths[k]) for k, c in enumerate(row)).rstrip())
    if not rows:
        print("no player in the hands selected")
    return 0


def _players(db: Database, args: argparse.Namespace) -> int:
    from showdown.tracker.query import players

    return _show(players(db, _filters(args), args.by), args)


def _players_parquet(args: argparse.Namespace) -> int:
    try:
        from showdown.tracker.cluster import parquet_players
    except ModuleNotFoundError as exc:
        raise _missing(exc) from exc
    with executor_from(args) as executor:
        try:
            rows = parquet_players(args.parquet, _filters(args), args.by, executor)
        except (OSError, ValueError) as exc:
            raise CliError(str(exc)) from None
    return _show(rows, args)


def _hands(db: Database, args: argparse.Namespace) -> int:
    from showdown.tracker.query import hands

    if args.limit is not None and args.limit < 0:
        raise CliError("--limit must be 0 or more")
    rows = hands(db, _filters(args), limit=args.limit)
    if args.json:
        for r in rows:
            print(json.dumps(r, ensure_ascii=False))
        return 0
    for r in rows:
        who = f"  {r['position'] or '-'} {r['cards'] or '-'}  {r['net']} (EV {r['ev_net']})" \
            if r["player"] is not None else f"  {r['players']} players"
        print(f"{r['room']} #{r['hand']}  {r['played_at'] or '-'}  {r['game']} "
              f"{r['stakes']}{who}")
    print(f"{len(rows)} hands")
    return 0


def _graph(db: Database, args: argparse.Namespace) -> int:
    from showdown.commands.options import check_output_path
    from showdown.tracker.graph import graph_series, graph_svg

    if args.output:
        check_output_path(args.output, "-o")
    filters = _filters(args)
    where, params = filters.where()
    series = graph_series(db.con, args.player, where, params, x=args.x)
    if not series:
        raise CliError(f"no hand of {args.player!r} in the hands selected")
    svg = graph_svg(series, title=args.player, lang=args.lang)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(svg)
        print(f"wrote {args.output}")
    else:
        sys.stdout.write(svg)
    return 0


def _export(db: Database, args: argparse.Namespace) -> int:
    from showdown.tracker.export import export_parquet

    try:
        written = export_parquet(db.con, Path(args.parquet))
    except (OSError, ValueError) as exc:
        raise CliError(str(exc)) from None
    print(f"wrote {len(written)} Parquet files to {args.parquet}")
    return 0
