"""Shared plumbing for the sub-commands: error exits, JSON output, colour.

>>> style("hi", "bold", enabled=False)
'hi'
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from showdown.i18n import LANGS
from showdown.i18n.replay import phrase
from showdown.text import ansi as _ansi


class CliError(Exception):
    """Bad command-line input: printed as ``error: ...`` with exit status 2."""


class SkippedFiles:
    """The files of folders left out as holding no hand history: one line each on
    standard error as they are found, counted for the summary (a folder's files are
    never passed over without a word).

    >>> import contextlib, io
    >>> skipped, err = SkippedFiles("en"), io.StringIO()
    >>> with contextlib.redirect_stderr(err):
    ...     skipped("hands/.DS_Store", "not a hand history in a known format")
    >>> skipped.count, err.getvalue()
    (1, 'skipped: hands/.DS_Store: not a hand history in a known format\\n')
    """

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.count = 0

    def __call__(self, file: str, reason: str) -> None:
        self.count += 1
        print(phrase("skipped_file", self.lang).format(file=file, reason=reason),
              file=sys.stderr)

    def summary(self) -> str:
        """The summary's line (the number of files left out)."""
        return phrase("summary_skipped", self.lang).format(files=self.count)


#: The language of error lines: ``--lang`` as found on the command line (see
#: :func:`error_lang_of`), set by ``main`` before parsing, so usage errors speak it too.
_error_lang = ["en"]


def error_lang_of(words: Sequence[str]) -> str:
    """The ``--lang`` among raw arguments (``--lang es`` or ``--lang=es``), else English.

    >>> error_lang_of(["eval", "As", "--lang", "ru"]), error_lang_of(["x", "--lang=xx"])
    ('ru', 'en')
    """
    lang = "en"
    for i, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(words):
            lang = words[i + 1]
        elif word.startswith("--lang="):
            lang = word.split("=", 1)[1]
    return lang if lang in LANGS else "en"


def set_error_lang(lang: str) -> None:
    """Make error lines speak ``lang`` (one of :data:`~showdown.i18n.LANGS`)."""
    _error_lang[0] = lang if lang in LANGS else "en"


def print_error(message: object, lang: str | None = None) -> None:
    """Print the one ``error:`` line for ``message``, in ``lang`` (by default the language
    of ``--lang``)."""
    from showdown.i18n.error_lines import error_line

    print(error_line(message, lang or _error_lang[0]), file=sys.stderr)


class ErrorExitParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one ``error:`` line, exit 2."""

    def error(self, message: str) -> NoReturn:
        print_error(f"{self.prog}: {message}{_quote_hint(message)}")
        raise SystemExit(2)


def _quote_hint(message: str) -> str:
    """A hint when the words argparse could not place are cards: most likely an unquoted
    board (``--board Qh Jh Th`` reads only ``Qh``).

    >>> _quote_hint("unrecognized arguments: Jh Th")
    '; quote a board of several cards, e.g. --board "Qh Jh Th"'
    >>> _quote_hint("unrecognized arguments: --fast")
    ''
    """
    prefix = "unrecognized arguments: "
    if not message.startswith(prefix):
        return ""
    from showdown.cards import CardError, parse_cards

    try:
        parse_cards(message[len(prefix) :])
    except CardError:
        return ""
    return '; quote a board of several cards, e.g. --board "Qh Jh Th"'


class HelpFormatter(argparse.HelpFormatter):
    """Wraps one-paragraph text as usual but keeps multi-line text (an examples epilog) as is."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def add_common_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--json`` and ``--lang`` to a sub-command's parser."""
    parser.add_argument("--json", action="store_true", help="print one JSON document on stdout")
    parser.add_argument(
        "--lang", choices=LANGS, default="en", help="language of descriptions (en, es, ru)"
    )


def emit_json(document: Any) -> None:
    """Print one JSON document on stdout."""
    json.dump(document, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is an interactive terminal (a closed or fake stream is not).

    >>> import io
    >>> is_terminal(io.StringIO())
    False
    """
    try:
        return bool(stream is not None and hasattr(stream, "isatty") and stream.isatty())
    except (ValueError, OSError):  # closed
        return False


def use_colour(stream: Any = None) -> bool:
    """Whether to decorate human output: a terminal that is not ``TERM=dumb``, and
    ``NO_COLOR`` unset or empty.

    (https://no-color.org: an empty ``NO_COLOR`` does not turn colour off.)
    """
    stream = stream or sys.stdout
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    return is_terminal(stream)


def style(text: str, *styles: str, enabled: bool | None = None) -> str:
    """Wrap ``text`` in ANSI codes when writing to a terminal."""
    return _ansi.style(text, *styles, enabled=use_colour() if enabled is None else enabled)
