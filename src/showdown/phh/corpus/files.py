"""A corpus's files: folders searched, formats found from the content, work cut into units.

:func:`find_files` finds the hand-history files of paths (every file of a folder whose
content is PHH or a room's hands, gzip'd or not; every other file of a folder is named,
with its reason, to a ``skipped`` callback); :func:`file_units` reads one file into units
of work (a ``.phhs`` cut at its hands' ``[name]`` sections, a room's file cut into its
hands once, in batches); :func:`chunks` groups the units of many files into chunks of
about :data:`CHUNK` hands for the workers.

>>> [name for _, _, name in section_headers("[1]\\na = 1\\n[2]\\nb = 2")]
['1', '2']
"""

from __future__ import annotations

import gzip
import re
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from showdown.phh.corpus.decoding import open_text
from showdown.phh.corpus.detect import ROOMS, detect
from showdown.phh.corpus.read import split_rooms
from showdown.phh.errors import HistoryError, MalformedHistory

__all__ = [
    "CHUNK", "SUFFIXES", "Skipped", "Unit", "chunks", "file_units", "find_files",
    "plain_sections", "section_headers", "split_sections", "stdin_bytes",
]


#: Hands per chunk handed to a worker process.
CHUNK = 500

_HEADER = re.compile(r"^[ \t]*\[([^\[\]\n]*)\][ \t]*(?:#[^\n]*)?$", re.MULTILINE)
_SIMPLE = re.compile(r"[ \t]*[A-Za-z0-9_-]+[ \t]*")
#: _HEADER for files whose lines do not start with blanks: its leading newline lets the
#: regex engine jump from one "\n[" to the next (several times quicker on big files).
_HEADER_AT_START = re.compile(r"\n\[([^\[\]\n]*)\][ \t]*(?:#[^\n]*)?(?=\n|\Z)")


def section_headers(text: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of every ``[name]`` line of a ``.phhs`` text.

    >>> section_headers("[1]\\na = 1\\n  [2]  # x\\nb = 2")
    [(0, 3, '1'), (10, 20, '2')]
    >>> section_headers("[1]\\na = 1\\n[2]\\nb = 2")
    [(0, 3, '1'), (10, 13, '2')]
    """
    if "\n " in text or "\n\t" in text or text[:1] in (" ", "\t"):
        return [(m.start(), m.end(), m.group(1)) for m in _HEADER.finditer(text)]
    found = _HEADER_AT_START.finditer("\n" + text)
    return [(m.start(), m.end() - 1, m.group(1)) for m in found]


def plain_sections(text: str, headers: list[tuple[int, int, str]]) -> bool:
    """Whether a ``.phhs`` text's sections (``headers``, :func:`section_headers`) can be
    read one by one: each named plainly (``[12]``, ``[a-b]``), no two alike (tomllib
    reports a duplicate), and nothing but comments before the first.

    >>> text = "# x\\n[1]\\na = 1\\n[2]\\n"
    >>> plain_sections(text, section_headers(text)), plain_sections("[1]\\n[1]", [(0, 3, "1")] * 2)
    (True, False)
    """
    names = [name.strip() for _, _, name in headers]
    preamble = text[: headers[0][0]] if headers else text
    return (
        all(map(_SIMPLE.fullmatch, names))
        and len(set(names)) == len(names)
        and not any(line.strip() and not line.lstrip().startswith("#")
                    for line in preamble.splitlines())
    )


#: A unit of work: (file, kind, name, text). Kind "phh": one hand's text; "phhs": a whole
#: file's; "section": one hand's ``[name]`` section of a .phhs (``name`` its name);
#: "sections": a batch of plain sections; "room": the hands of one room (``name``), each
#: hand's text cut once (a list); "error": a file that could not be read (the message).
Unit = tuple[str, str, str | None, str | list[str]]
#: A file of a folder left out, and why: (file, reason).
Skipped = Callable[[str, str], None]


def split_sections(text: str) -> list[tuple[str, str]]:
    """(name, body) of each ``[name]`` section (one hand) of a batch of plain sections.

    >>> split_sections("[1]\\na = 1\\n[2]\\nb = 2\\n")
    [('1', '\\na = 1\\n'), ('2', '\\nb = 2\\n')]
    """
    headers = section_headers(text)
    ends = [start for start, _, _ in headers[1:]] + [len(text)]
    return [
        (name.strip(), text[end:stop])
        for (_, end, name), stop in zip(headers, ends, strict=True)
    ]


#: The names of PHH files, read whatever they hold (a folder's other files are read when
#: their content is a hand history: see :func:`find_files`).
SUFFIXES = (".phh", ".phhs")
#: Bytes of a folder's file looked at to find its format: its first lines, as
#: :func:`~showdown.phh.corpus.detect.detect` reads them, then (when they say nothing) a
#: hand's head anywhere in the first 64 KiB.
_DETECT_BYTES = 1 << 12
SNIFF_BYTES = 1 << 16
_VARIANT = re.compile(r"^[ \t]*variant[ \t]*=", re.MULTILINE)
_UNKNOWN = "not a hand history: neither PHH nor a known room's hands"


def _left_out(path: Path) -> str | None:
    """Why a folder's file (not named ``.phh`` or ``.phhs``) is no hand history: empty, or
    its start in no known format (a PHH hand has a ``variant``; a room's file starts
    as the room's do, or holds a hand's head); ``None``: it is read (a file that cannot
    be read is read all the same, so that the error names what is wrong)."""
    try:
        with path.open("rb") as raw:
            head = raw.read(SNIFF_BYTES)
            if head[:2] == b"\x1f\x8b":
                raw.seek(0)
                with gzip.open(raw) as unzipped:
                    head = unzipped.read(SNIFF_BYTES)
    except (OSError, EOFError, zlib.error):
        return None
    if not head.strip():
        return "an empty file" if not head else "a file of blanks"
    kind = detect(open_text(head[:_DETECT_BYTES]))
    if kind in ROOMS:  # read, also a room's file of no hand: its error says so (a
        return None  # tournament's summary, a hand's head this version does not know)
    text = open_text(head)
    if kind in ("phh", "phhs"):  # TOML, and a hand's: not any file of "key = value" lines
        return None if _VARIANT.search(text) else _UNKNOWN
    return None if split_rooms(text) else _UNKNOWN  # a hand after an archive's first line


def find_files(paths: Iterable[str | Path], skipped: Skipped | None = None) -> Iterator[str]:
    """Every hand-history file of ``paths``, in order: in folders (searched recursively,
    sorted) every ``.phh`` and ``.phhs`` file, and every other file whose content is a
    hand history (PHH, or a room's hands; gzip'd or not, whatever its name); a file named
    is read whatever it holds. ``-`` stands for stdin. A folder's other files are left
    out, each named to ``skipped(file, reason)``. A missing path, or a folder holding no
    hand history, is a :class:`MalformedHistory`."""
    for path in paths:
        text = str(path)
        if text == "-":
            yield "-"
            continue
        p = Path(path)
        if p.is_dir():
            found = []
            for q in sorted(q for q in p.rglob("*") if q.is_file()):
                why = None if q.name.endswith(SUFFIXES) else _left_out(q)
                if why is None:
                    found.append(str(q))
                elif skipped is not None:
                    skipped(str(q), why)
            if not found:  # a folder replayed for nothing is a mistake, not a success
                raise MalformedHistory(text, None, "no hand histories in this folder")
            yield from found
        elif p.exists():
            yield text
        else:
            raise MalformedHistory(text, None, "no such file or folder")


def file_units(file: str, size: int) -> list[tuple[int, Unit]]:
    """The work units of one file with their numbers of hands: a .phhs whose sections are
    plain is cut into batches of ``size`` sections; a room's file is cut into its hands
    (each by its own room: a file may hold several rooms' hands, see
    :func:`~showdown.phh.corpus.read.split_rooms`) in batches of ``size`` hands, read in the
    worker. The format is found from the content (gzip'd or not)."""
    try:
        data = stdin_bytes() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        raise MalformedHistory(file, None, f"cannot read the file: {exc}") from None
    text = open_text(data, file)
    kind = detect(text)
    named = file.removesuffix(".gz")
    if kind not in ("phh", "phhs"):
        runs = split_rooms(text)
        if runs:
            return [(len(parts[k:k + size]), (file, "room", room, parts[k:k + size]))
                    for room, parts in runs for k in range(0, len(parts), size)]
        if kind in ROOMS:
            raise MalformedHistory(file, None, f"no {kind} hand in the file")
        if not named.endswith(SUFFIXES):
            raise MalformedHistory(file, None, "not a hand history in a known format (PHH, "
                                               f"or a room's: {', '.join(ROOMS)})")
    many = named.endswith(".phhs") or (not named.endswith(".phh") and kind == "phhs")
    if not many:
        return [(1, (file, "phh", None, text))]
    headers = section_headers(text)
    whole: list[tuple[int, Unit]] = [(max(1, len(headers)), (file, "phhs", None, text))]
    if not headers or not plain_sections(text, headers):
        return whole
    units: list[tuple[int, Unit]] = []
    for k in range(0, len(headers), size):
        start = headers[k][0]
        end = headers[k + size][0] if k + size < len(headers) else len(text)
        units.append((min(size, len(headers) - k), (file, "sections", None, text[start:end])))
    return units


def stdin_bytes() -> bytes:
    """Standard input's bytes (text when it has no byte stream, as in tests)."""
    stream = getattr(sys.stdin, "buffer", None)
    return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")


def _file_units(paths: Iterable[str | Path], size: int, skipped: Skipped | None
                ) -> Iterator[list[tuple[int, Unit]]]:
    for path in paths:
        try:
            files = list(find_files([path], skipped))
        except HistoryError as exc:
            yield [(1, (str(path), "error", None, str(exc)))]
            continue
        for file in files:
            try:
                yield file_units(file, size)
            except HistoryError as exc:
                yield [(1, (file, "error", None, str(exc)))]


def chunks(paths: Iterable[str | Path], size: int, skipped: Skipped | None = None
           ) -> Iterator[list[Unit]]:
    """The units of ``paths`` in chunks of about ``size`` hands (a folder's files left out
    named to ``skipped``, see :func:`find_files`)."""
    chunk: list[Unit] = []
    hands = 0
    for units in _file_units(paths, size, skipped):
        for weight, unit in units:
            chunk.append(unit)
            hands += weight
            if hands >= size:
                yield chunk
                chunk = []
                hands = 0
    if chunk:
        yield chunk
