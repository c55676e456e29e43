"""The options several commands share, and the checks of what they name.

- the game and its rules (``eval``, ``compare``, ``equity``, ``stats``):
  :func:`add_game_option`, :func:`add_rule_options`, and ``--board`` with both
  (:func:`add_board_options`);
- the order percentage ranges are read in (``equity``, ``breakdown``):
  :func:`add_range_options`;
- where the heavy work runs (``equity``, ``matrix``; ``replay`` adds its own
  ``--workers``): :func:`add_parallel_options`, :func:`run_heavy`,
  :func:`executor_from`;
- a local page (``play``, ``lab``): :func:`add_page_options`, :func:`check_port`,
  :func:`missing_extra`;
- an output file (``--svg``): :func:`check_output_path` before any work,
  :func:`write_output` after it.

Nothing here imports the code a command runs (the evaluator, numpy, the web stack),
so a command that needs only these options stays light to start.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_rule_options(parser)
>>> add_game_option(parser)
>>> add_range_options(parser)
>>> add_parallel_options(parser)
>>> args = parser.parse_args(["--wrap", "-g", "omaha", "--order", "equity", "--workers", "2"])
>>> (args.wrap, args.trips_beat_straight, args.game, args.order, args.workers, args.scheduler)
(True, False, 'omaha', 'equity', 2, None)
>>> page = argparse.ArgumentParser()
>>> add_page_options(page, "the lab")
>>> args = page.parse_args(["--port", "8001", "--no-browser"])
>>> (args.port, args.host, args.no_browser)
(8001, '127.0.0.1', True)
>>> check_port(70000)
Traceback (most recent call last):
...
showdown.commands.common.CliError: bad port 70000: use 0-65535 (0 = any free port)
>>> check_output_path("/no/such/folder/out.svg", "--svg")
Traceback (most recent call last):
...
showdown.commands.common.CliError: --svg: cannot write /no/such/folder/out.svg: the folder \
/no/such/folder does not exist
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from showdown.commands.common import CliError
from showdown.variants import GAMES, VARIANTS

if TYPE_CHECKING:
    from concurrent.futures import Executor

__all__ = [
    "RANGE_ORDERS", "SCHEDULER_TIMEOUT", "add_board_options", "add_game_option",
    "add_page_options", "add_parallel_options", "add_range_options", "add_rule_options",
    "check_output_path", "check_port", "executor_from", "missing_extra", "positive_seconds",
    "run_heavy", "write_output",
]

T = TypeVar("T")


# The game and its rules ------------------------------------------------------------------


def add_rule_options(parser: argparse.ArgumentParser, wrap: bool = True) -> None:
    """``--wrap`` (unless ``wrap=False``) and ``--trips-beat-straight``: the rule options."""
    if wrap:
        parser.add_argument(
            "--wrap",
            action="store_true",
            help="house rule R10: the ace wraps around (Q-K-A-2-3 is a straight)",
        )
    parser.add_argument(
        "--trips-beat-straight",
        action="store_true",
        help="short deck: three of a kind ranks above a straight",
    )


def add_game_option(parser: argparse.ArgumentParser) -> None:
    """``--game``, its choices and help from the registry (:mod:`showdown.variants`)."""
    parser.add_argument(
        "--game",
        "-g",
        choices=GAMES,
        default="holdem",
        metavar="GAME",
        help="the game (default holdem): " + "; ".join(f"{v.key} ({v.title})" for v in VARIANTS),
    )


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """``--board``, ``--game`` and the rule options, shared by ``eval`` and ``compare``."""
    parser.add_argument("--board", "-b", default="", metavar="B", help="community cards")
    add_game_option(parser)
    add_rule_options(parser)


# The order of percentage ranges ----------------------------------------------------------

#: How ``N%`` ranges may be read (the orders of :mod:`showdown.odds.preflop_order`).
RANGE_ORDERS = ("pokerstove", "equity")


def add_range_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--order pokerstove|equity``."""
    parser.add_argument(
        "--order",
        choices=RANGE_ORDERS,
        default="pokerstove",
        help="how N%% ranges are read: pokerstove (PokerStove's ranking, the default) or "
        "equity (by equity against one random hand)",
    )


# Where the heavy work runs ---------------------------------------------------------------

#: Seconds to wait for a Dask scheduler before giving up.
SCHEDULER_TIMEOUT = 5.0


def _positive_int(text: str) -> int:
    value = None
    with suppress(ValueError):
        value = int(text)
    if value is None or value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}")
    return value


def positive_seconds(text: str) -> float:
    """``--time``: a number of seconds above 0."""
    value = None
    with suppress(ValueError):
        value = float(text)
    if value is None or not 0 < value < 1e7:
        raise argparse.ArgumentTypeError(f"expected seconds above 0 (e.g. 2.5), got {text!r}")
    return value


def add_parallel_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--workers`` and ``--scheduler`` (one or the other), and ``--progress``."""
    parser.add_argument(
        "--progress", action="store_true", help="always draw the progress bar on stderr"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=_positive_int,
        default=None,
        metavar="N",
        help="local worker processes (1: in-process; default: every core for long jobs)",
    )
    where.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="an existing Dask scheduler, e.g. tcp://host:8786 (needs the dask extra)",
    )


def run_heavy(
    args: argparse.Namespace,
    quiet: bool,
    call: Callable[[Executor | None, Any], T],
    section: str = "equity",
) -> T | None:
    """Run ``call(executor, progress)`` with the executor of ``--scheduler`` and a progress
    bar on stderr (unless ``quiet`` without ``--progress``), labelled with the ``progress``
    phrase of the phrasebook ``section`` in ``--lang``. Ctrl-C ends the bar without
    claiming the work done, says ``interrupted: no result`` (the ``run`` phrase of
    ``--lang``) and returns None."""
    from showdown.i18n import words
    from showdown.odds.equity import ProgressBar

    bar = None
    lang = getattr(args, "lang", None)
    if args.progress or not quiet:
        bar = ProgressBar(sys.stderr, force=args.progress, lang=lang, section=section)
    try:
        with executor_from(args) as executor:
            result = call(executor, bar if bar is not None else False)
    except KeyboardInterrupt:
        if bar is not None:
            bar.abort()
        print(words("run", lang or "en")["interrupted"], file=sys.stderr)
        return None
    if bar is not None:
        bar.close()
    return result


@contextmanager
def executor_from(args: argparse.Namespace) -> Iterator[Executor | None]:
    """The Dask executor named by ``--scheduler`` (closed afterwards), or None. A ``note:``
    line on stderr says when the workers run with a setting that slows these jobs."""
    if args.scheduler is None:
        yield None
        return
    from showdown.odds.parallel import ParallelError, dask_executor

    try:
        executor, close, note = dask_executor(args.scheduler, SCHEDULER_TIMEOUT)
    except ParallelError as exc:
        raise CliError(str(exc)) from None
    if note is not None:
        print(f"note: {note}", file=sys.stderr)
    try:
        yield executor
    finally:
        close()


# A local page ----------------------------------------------------------------------------


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


# An output file ---------------------------------------------------------------------------


def check_output_path(path: str, flag: str) -> None:
    """Raise :class:`CliError` (exit 2) unless a file can be written at ``path``: its
    folder exists and is writable, and the path is not a folder."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise CliError(f"{flag}: cannot write {path}: it is a folder")
    if not folder.is_dir():
        raise CliError(f"{flag}: cannot write {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise CliError(f"{flag}: cannot write {path}: permission denied")


def write_output(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (UTF-8); a failure is one ``CliError`` line."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None
