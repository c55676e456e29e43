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
"""

from __future__ import annotations

import argparse
from pathlib import Path

from showdown.commands.common import CliError, HelpFormatter


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
    parser.add_argument(
        "--port", type=int, default=0, help="TCP port (default: a free port chosen by the system)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; anything else exposes the game "
        "to other machines)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open a browser tab, just print the URL"
    )
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        help="SQLite database file (default: showdown.sqlite3 in the user data directory)",
    )
    parser.add_argument(
        "--profile", default="default", help="profile name: a separate chip stack and history"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start the server and block until Ctrl-C; returns the exit status."""
    if not 0 <= args.port <= 65535:
        raise CliError(f"bad port {args.port}: use 0-65535 (0 = any free port)")
    from showdown.game import default_db_path

    try:
        db_path: Path = args.db if args.db is not None else default_db_path()
        db_path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise CliError(f"cannot create the database directory: {exc}") from exc

    try:
        from showdown.game.server import serve
    except ModuleNotFoundError as exc:  # the `game` extra is missing
        raise CliError(
            f"the game needs the 'game' extra ({exc.name} is missing): "
            "pip install 'poker-showdown[game]'"
        ) from exc

    return serve(
        db_path=db_path,
        host=args.host,
        port=args.port,
        profile=args.profile,
        open_browser=not args.no_browser,
    )
