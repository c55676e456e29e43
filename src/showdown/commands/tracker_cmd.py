"""``showdown tracker``: the hand database's page in the browser (players, graph, hands,
replayer, and the live tables of a watched folder).

The server listens on 127.0.0.1 (a free port unless ``--port``), prints its URL, opens
the browser unless ``--no-browser``, and stops on Ctrl-C. The database (``--db``, by
default ``hands.duckdb`` in the user's data folder) must exist: a missing or damaged
file is refused with its path, never created or replaced. The web stack and DuckDB are
imported only inside :func:`run`, so ``showdown --help`` stays light.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["tracker"].parse_args(["--no-browser", "--db", "h.duckdb"])
>>> (args.host, args.port, args.no_browser, args.db, args.watch)
('127.0.0.1', 0, True, 'h.duckdb', None)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from showdown.commands.common import CliError, HelpFormatter
from showdown.commands.options import add_page_options, check_port, missing_extra


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``tracker`` sub-command."""
    parser = subparsers.add_parser(
        "tracker",
        help="your hand database in the browser: players, graphs, hands, a replayer "
        "(offline, local server)",
        description="Start the tracker page on a hand database (made by showdown db "
        "import): a local web server on 127.0.0.1 and a browser tab with the players' "
        "statistics, each player's graph, the hands and a replayer with every known "
        "hand's equity at each street. With --watch, the hands written into a folder are "
        "imported as they come and the page shows the players at the current tables. "
        "Stop it with Ctrl-C.",
        epilog="examples:\n"
        "  showdown tracker\n"
        "  showdown tracker --db ~/poker/hands.duckdb --no-browser --port 8002\n"
        "  showdown tracker --watch ~/PokerStars/HandHistory/Hero\n",
        formatter_class=HelpFormatter,
    )
    add_page_options(parser, "the tracker page")
    parser.add_argument(
        "--db",
        metavar="FILE",
        default=None,
        help="the hand database (default: hands.duckdb in your data folder)",
    )
    parser.add_argument(
        "--watch",
        metavar="FOLDER",
        default=None,
        help="import the hands written into FOLDER as they come, and show the players at "
        "the current tables",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start the server and block until Ctrl-C; returns the exit status."""
    check_port(args.port)
    if args.watch is not None and not Path(args.watch).is_dir():
        raise CliError(f"--watch: {args.watch} is not a folder")
    try:  # the page's two extras, checked before anything starts
        import duckdb  # noqa: F401 (the tracker extra)
        import starlette  # noqa: F401 (the game extra: the web stack)
        import uvicorn  # noqa: F401

        from showdown.tracker.launch import LaunchError, serve
        from showdown.tracker.paths import default_database
    except ModuleNotFoundError as exc:
        if exc.name in ("duckdb", "pyarrow"):
            raise CliError(f"the tracker page needs the 'tracker' extra ({exc.name} is "
                           "missing): pip install 'poker-showdown[tracker]'") from exc
        raise missing_extra("the tracker page", exc) from exc
    db = Path(args.db) if args.db is not None else default_database()
    try:
        return serve(db, host=args.host, port=args.port, open_browser=not args.no_browser,
                     watch=args.watch)
    except LaunchError as exc:
        raise CliError(str(exc)) from None
