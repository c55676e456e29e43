"""``showdown convert PATH... --to phh [-o DIR]``: rooms' hand histories written as PHH.

PATH is a room's text or XML file (PokerStars, GGPoker, Winamax, 888, iPoker,
PartyPoker, Full Tilt, WPN; plain or gzip'd, the room found from the content)
or a folder of them. Each hand is replayed before it is written, so what is
written reads back and settles as the room's file did. Without ``-o`` the hands
are printed as one ``.phhs`` text, each hand's section named by the room's hand
number; with ``-o DIR`` each file becomes ``DIR/NAME.phhs``. A file or hand that cannot
be read or replayed is one ``error:`` line and exit 2; with ``--keep-going`` it
is reported on stderr, left out, and the rest written (exit 1): every other hand of the
file, and every other file; a file none of whose hands converts writes nothing, and says
so on stderr. A folder's files that hold no hand history are named on stderr, one line
each (``skipped: FILE: reason``), and counted.

>>> import argparse
>>> sub = argparse.ArgumentParser().add_subparsers()
>>> register(sub)
>>> args = sub.choices["convert"].parse_args(["a.txt", "--to", "phh", "-o", "out"])
>>> args.paths, args.to, args.output
(['a.txt'], 'phh', 'out')
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from showdown.commands.common import CliError, HelpFormatter, SkippedFiles

if TYPE_CHECKING:
    from showdown.phh.notation import HandHistory

EPILOG = """examples:
  showdown convert HH20240115.txt --to phh            the hands as .phhs on stdout
  showdown convert sessions/ --to phh -o phh/         one .phhs per file under phh/
  showdown convert old.txt.gz --to phh --keep-going   leave out the hands that do not read
"""


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``convert`` sub-command."""
    parser = subparsers.add_parser(
        "convert",
        help="write poker rooms' hand histories as PHH",
        description="Read hand histories as poker rooms write them (PokerStars, GGPoker, "
        "Winamax, 888, iPoker, PartyPoker, Full Tilt, WPN; plain or .gz) and write them in "
        "the PHH format, keeping the room's hand number, table, time and currency.",
        epilog=EPILOG,
        formatter_class=HelpFormatter,
    )
    parser.add_argument("paths", metavar="PATH", nargs="+", help="room files or folders")
    parser.add_argument("--to", required=True, choices=["phh"], help="the format to write")
    parser.add_argument("-o", "--output", metavar="DIR", default=None,
                        help="write DIR/NAME.phhs for each file (default: stdout)")
    parser.add_argument("--keep-going", action="store_true",
                        help="report the hands that cannot be read and write the rest")
    parser.set_defaults(func=run)


def _section_names(hands: list[HandHistory]) -> list[HandHistory]:
    """The hands named by the room's hand number (made unique), for a ``.phhs``."""
    seen: set[str] = set()
    named = []
    for k, hand in enumerate(hands, start=1):
        base = str(hand.fields.get("hand", k))
        name, n = base, 1
        while name in seen:
            n += 1
            name = f"{base}-{n}"
        seen.add(name)
        named.append(hand.with_fields())
        named[-1].name = name
    return named


def convert_file(file: str) -> tuple[list[HandHistory], list[str]]:
    """The hands of one room's file that replay, and the errors of those that do not."""
    from showdown.phh.corpus.read import read_file
    from showdown.phh.errors import HistoryError
    from showdown.phh.settlement import settle

    _, hands = read_file(file)
    good: list[HandHistory] = []
    errors: list[str] = []
    for hand in hands:
        if isinstance(hand, HistoryError):
            errors.append(str(hand))
            continue
        try:
            settle(hand)
        except HistoryError as exc:
            errors.append(str(exc))
            continue
        good.append(hand)
    return good, errors


def _stem(file: str) -> str:
    name = Path(file).name
    for suffix in (".gz", ".txt", ".xml"):
        name = name.removesuffix(suffix)
    return name or "hands"


def run(args: argparse.Namespace) -> int:
    """Convert every file; return the exit status."""
    from showdown.phh.corpus.files import find_files
    from showdown.phh.errors import HistoryError
    from showdown.phh.notation import dumps_all

    out = Path(args.output) if args.output else None
    if out is not None:
        if out.exists() and not out.is_dir():
            raise CliError(f"-o {args.output}: not a folder")
        out.mkdir(parents=True, exist_ok=True)
    failed = False
    written: set[str] = set()
    skipped = SkippedFiles()

    def bad(message: str) -> None:
        """One file's or hand's error: the end of the run, or (``--keep-going``) a line."""
        nonlocal failed
        if not args.keep_going:
            raise CliError(message)
        failed = True
        print(f"error: {message}", file=sys.stderr)

    for path in args.paths:
        try:
            files = [f for f in find_files([path], skipped) if f != "-"]
        except HistoryError as exc:
            bad(str(exc))
            continue
        if not files:
            bad(f"{path}: no hand history files")
            continue
        for file in files:
            try:
                hands, errors = convert_file(file)
            except HistoryError as exc:  # the file does not read: the next one still does
                bad(str(exc))
                continue
            for error in errors:
                bad(error)
            if not hands:  # an empty .phhs would read as a file of no hands
                print(f"error: {file}: no hand converts, nothing written for it",
                      file=sys.stderr)
                continue
            text = dumps_all(_section_names(hands))
            if out is None:
                sys.stdout.write(text)
                continue
            stem = _stem(file)
            name, n = stem, 1
            while name in written:
                n += 1
                name = f"{stem}-{n}"
            written.add(name)
            (out / f"{name}.phhs").write_text(text, encoding="utf-8")
    if skipped.count:
        print(skipped.summary(), file=sys.stderr)
    return 1 if failed else 0
