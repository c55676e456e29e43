"""What ``play`` and ``lab`` share: the options of a local page and its start-up checks.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_page_options(parser, "the lab")
>>> args = parser.parse_args(["--port", "8001", "--no-browser"])
>>> (args.port, args.host, args.no_browser)
(8001, '127.0.0.1', True)
>>> check_port(70000)
Traceback (most recent call last):
...
showdown.commands.common.CliError: bad port 70000: use 0-65535 (0 = any free port)
"""

from __future__ import annotations

import argparse

from showdown.commands.common import CliError

__all__ = ["add_page_options", "check_port", "missing_extra"]


def add_page_options(parser: argparse.ArgumentParser, what: str) -> None:
    """``--port``, ``--host`` and ``--no-browser`` for the page called ``what`` in the help."""
    parser.add_argument(
        "--port", type=int, default=0, help="TCP port (default: a free port chosen by the system)"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help=f"address to listen on (default 127.0.0.1; anything else exposes {what} "
        "to other machines)",
    )
    parser.add_argument(
        "--no-browser", action="store_true", help="do not open a browser tab, just print the URL"
    )


def check_port(port: int) -> None:
    """A :class:`CliError` unless ``port`` is a TCP port or 0 (any free port)."""
    if not 0 <= port <= 65535:
        raise CliError(f"bad port {port}: use 0-65535 (0 = any free port)")


def missing_extra(what: str, exc: ModuleNotFoundError) -> CliError:
    """The error for a page whose web stack (the ``game`` extra) is not installed."""
    return CliError(
        f"{what} needs the 'game' extra ({exc.name} is missing): pip install 'poker-showdown[game]'"
    )
