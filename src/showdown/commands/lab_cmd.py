"""``showdown lab``: the equity lab in the browser (ranges on a grid, equity as you go).

The server listens on 127.0.0.1 (a free port unless ``--port``), prints its
URL, opens the browser unless ``--no-browser``, and stops on Ctrl-C. The web
stack is imported only inside :func:`run`, so ``showdown --help`` stays light.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["lab"].parse_args(["--no-browser", "--port", "0"])
>>> (args.host, args.port, args.no_browser)
('127.0.0.1', 0, True)
"""

from __future__ import annotations

import argparse

from showdown.commands.common import CliError, HelpFormatter


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``lab`` sub-command."""
    parser = subparsers.add_parser(
        "lab",
        help="the equity lab in your browser: paint ranges, see equity (offline, local server)",
        description="Start the offline equity lab: a local web server on 127.0.0.1 and a "
        "browser tab with a 13 x 13 range grid, a board picker and equity as you change "
        "things. Stop it with Ctrl-C.",
        epilog="examples:\n  showdown lab\n  showdown lab --no-browser --port 8001\n",
        formatter_class=HelpFormatter,
    )
    parser.add_argument(
        "--port", type=int, default=0, help="TCP port (default: a free port chosen by the system)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1; anything else exposes the lab "
        "to other machines)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open a browser tab, just print the URL"
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start the server and block until Ctrl-C; returns the exit status."""
    if not 0 <= args.port <= 65535:
        raise CliError(f"bad port {args.port}: use 0-65535 (0 = any free port)")
    try:
        from showdown.lab.launch import LaunchError, serve
    except ModuleNotFoundError as exc:  # the `game` extra (the web stack) is missing
        raise CliError(
            f"the lab needs the 'game' extra ({exc.name} is missing): "
            "pip install 'poker-showdown[game]'"
        ) from exc
    try:
        return serve(host=args.host, port=args.port, open_browser=not args.no_browser)
    except LaunchError as exc:
        raise CliError(str(exc)) from None
