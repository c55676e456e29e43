"""``--workers N`` / ``--scheduler ADDRESS`` / ``--time SECONDS`` for the heavy commands.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_parallel_options(p)
>>> a = p.parse_args(["--workers", "2"])
>>> (a.workers, a.scheduler)
(2, None)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager, suppress
from typing import Any, TypeVar

from showdown.commands.common import CliError

T = TypeVar("T")

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
