"""The ``showdown`` command line.

Every sub-command lives in its own module under :mod:`showdown.commands` and
exposes ``register(subparsers)``; this module only wires them together and
turns input errors into one ``error:`` line with exit status 2.

Run ``showdown --help`` for the list of commands.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from showdown.commands.common import (
    CliError,
    ErrorExitParser,
    error_lang_of,
    print_error,
    set_error_lang,
)

#: Sub-command name -> module implementing it (imported when the parser is built;
#: each module keeps its heavy imports inside ``run``).
COMMANDS: dict[str, str] = {
    "eval": "showdown.commands.eval_cmd",
    "compare": "showdown.commands.compare_cmd",
    "stats": "showdown.commands.stats_cmd",
    "resolve": "showdown.commands.resolve_cmd",
    "equity": "showdown.commands.equity_cmd",
    "matrix": "showdown.commands.matrix_cmd",
    "breakdown": "showdown.commands.breakdown_cmd",
    "replay": "showdown.commands.replay_cmd",
    "convert": "showdown.commands.convert_cmd",
    "play": "showdown.commands.play_cmd",
    "lab": "showdown.commands.lab_cmd",
    "db": "showdown.commands.db_cmd",
    "tracker": "showdown.commands.tracker_cmd",
    "demo": "showdown.commands.demo_cmd",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """Build the argument parser with every available sub-command, or only ``only``.

    ``main`` builds just the command it is asked for (``showdown stats ...`` then
    never imports what the other commands need); with no command, or an unknown
    one, every command is registered (for ``--help`` and the error message).
    """
    parser = ErrorExitParser(
        prog="showdown",
        description="Exact poker showdowns: evaluate, compare, explain, resolve pots, "
        "compute equity, and play Poker vs Dealer.",
    )
    from showdown import BACKEND, __version__

    parser.add_argument(
        "--version", action="version", version=f"showdown {__version__} ({BACKEND} backend)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ErrorExitParser)
    sub.required = True
    for name, module_name in COMMANDS.items():
        if only is not None and name != only:
            continue
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # a command still being built is simply absent
            if exc.name != module_name:
                raise
            continue
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``showdown`` console script; returns the exit status."""
    words = sys.argv[1:] if argv is None else list(argv)
    set_error_lang(error_lang_of(words))
    parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
    args = parser.parse_args(words)
    try:
        code = int(args.func(args) or 0)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk or a closed pipe shows here, not at exit
        return code
    except CliError as exc:
        print_error(exc)
        return 2
    except UnicodeEncodeError as exc:  # before ValueError, of which it is a kind
        print_error(  # in English: an output that failed on one letter may fail on more
            f"the output encoding ({exc.encoding}) cannot write this text; "
            "set PYTHONIOENCODING=utf-8",
            "en",
        )
        return 2
    except ValueError as exc:  # CardError and friends: bad input, never a traceback
        print_error(exc)
        return 2
    except RecursionError:  # input nested beyond any parser's reach: still one line
        print_error("the input is nested too deeply to read")
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``showdown demo | head``): not an error
        _discard_stdout()
        return 0
    except OSError as exc:  # the output cannot be written (a full disk...): one line, status 1
        _discard_stdout()
        print_error(exc)
        return 1


def _discard_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # no real file behind stdout (tests)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
