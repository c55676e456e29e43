"""``showdown play``: start the Poker vs Dealer game in the browser.

The server listens on 127.0.0.1 (a free port unless ``--port``), prints its
URL, opens the browser unless ``--no-browser``, and stops on Ctrl-C. The web
stack (Starlette, uvicorn) is imported only inside :func:`run`, so
``showdown --help`` stays light.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["play"].parse_args(["--no-browser", "--port", "0"])
>>> (args.host, args.port, args.no_browser, args.profile)
('127.0.0.1', 0, True, 'default')
>>> sub.choices["play"].parse_args(["--restore"]).restore
True

``--restore``, ``--export FILE`` and ``--import FILE`` work on the database
(``--db``) and exit without starting the server.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from showdown.commands.common import CliError, HelpFormatter
from showdown.commands.options import add_page_options, check_port, missing_extra


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``play`` sub-command."""
    parser = subparsers.add_parser(
        "play",
        help="play Poker vs Dealer in your browser (offline, local server)",
        description="Start the offline Poker vs Dealer game: a local web server on "
        "127.0.0.1 and a browser tab. Stop it with Ctrl-C.",
        epilog="examples:\n"
        "  showdown play\n"
        "  showdown play --no-browser --port 8000\n"
        "  showdown play --db ~/poker.sqlite3 --profile ana\n",
        formatter_class=HelpFormatter,
    )
    add_page_options(parser, "the game")
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        help="SQLite database file (default: showdown.sqlite3 in the user data directory)",
    )
    parser.add_argument(
        "--profile", default="default", help="profile name: a separate chip stack and history"
    )
    tools = parser.add_mutually_exclusive_group()
    tools.add_argument(
        "--restore",
        action="store_true",
        help="put the latest good backup in place of a damaged database (the damaged file is "
        "kept aside), say which backup and how many rounds it holds, and exit",
    )
    tools.add_argument(
        "--export",
        type=Path,
        metavar="FILE",
        help="write every profile, round and chip movement of the database to FILE as JSON, "
        "and exit",
    )
    tools.add_argument(
        "--import",
        dest="import_file",
        type=Path,
        metavar="FILE",
        help="build a new database (--db, which must not exist yet) from an --export FILE, "
        "check that the chips add up, and exit",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start the server and block until Ctrl-C; returns the exit status."""
    check_port(args.port)
    from showdown.game import default_db_path

    try:
        db_path: Path = args.db if args.db is not None else default_db_path()
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot create the database directory: {exc}") from exc

    if args.restore or args.export or args.import_file:
        return _database_tool(args, db_path)
    try:
        from showdown.game.launch import LaunchError, serve
    except ModuleNotFoundError as exc:  # the `game` extra is missing
        raise missing_extra("the game", exc) from exc

    try:
        return serve(
            db_path=db_path,
            host=args.host,
            port=args.port,
            profile=args.profile,
            open_browser=not args.no_browser,
        )
    except LaunchError as exc:
        raise CliError(str(exc)) from None


def _database_tool(args: argparse.Namespace, db_path: Path) -> int:
    """``--restore``, ``--export`` or ``--import``: work on the file, print one line, exit."""
    import json

    from showdown.game.backup import DamagedDatabase, NoBackup, check_database, restore
    from showdown.game.transfer import BadExport, export_game, import_game

    if args.restore:
        try:
            check_database(db_path)
        except DamagedDatabase:
            pass  # damaged: what --restore is for
        else:
            if db_path.exists() and db_path.stat().st_size > 0:
                raise CliError(
                    f"{db_path} is not damaged, so nothing was restored (a backup is older "
                    "than the file); to go back to a backup anyway, move the file away first"
                )
        try:
            report = restore(db_path)
        except (NoBackup, OSError) as exc:
            raise CliError(str(exc)) from None
        print(report.message(db_path))
        return 0
    if args.export:
        try:
            check_database(db_path)
            if not db_path.exists():
                raise CliError(f"there is no database {db_path} to export")
            data = export_game(db_path)
            args.export.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        except DamagedDatabase as exc:
            raise CliError(str(exc)) from None
        except OSError as exc:
            raise CliError(f"cannot write {args.export}: {exc.strerror or exc}") from None
        rounds = sum(len(p["rounds"]) for p in data["profiles"])
        print(f"Exported {len(data['profiles'])} profiles and {rounds} rounds to {args.export}.")
        return 0
    try:
        data = json.loads(args.import_file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CliError(f"cannot read {args.import_file}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise CliError(f"{args.import_file} is not JSON: {exc}") from None
    try:
        counts = import_game(data, db_path)
    except BadExport as exc:
        raise CliError(f"cannot import {args.import_file}: {exc}") from None
    print(
        f"Imported {counts['profiles']} profiles, {counts['rounds']} rounds and "
        f"{counts['balance']} chip movements into {db_path}; every profile's chips add up."
    )
    return 0
