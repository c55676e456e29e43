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
from showdown.commands.options import add_page_options, check_port, missing_extra


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
    add_page_options(parser, "the lab")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Start the server and block until Ctrl-C; returns the exit status."""
    check_port(args.port)
    try:
        from showdown.lab.launch import LaunchError, serve
    except ModuleNotFoundError as exc:  # the `game` extra (the web stack) is missing
        raise missing_extra("the lab", exc) from exc
    try:
        return serve(host=args.host, port=args.port, open_browser=not args.no_browser)
    except LaunchError as exc:
        raise CliError(str(exc)) from None
