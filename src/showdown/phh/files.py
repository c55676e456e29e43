"""A corpus's files: folders searched, formats found from the content, work cut into units.

:func:`find_files` finds the hand-history files of paths (``.phh``, ``.phhs``,
rooms' ``.txt``/``.xml``, any of them gzip'd); :func:`_units` reads one file into
units of work (a ``.phhs`` cut at its hands' ``[name]`` sections, a room's file into
batches of hands); :func:`_chunks` groups the units of many files into chunks of about
:data:`CHUNK` hands for the workers.

>>> [name for _, _, name in _headers("[1]\\na = 1\\n[2]\\nb = 2")]
['1', '2']
"""

from __future__ import annotations

import gzip
import re
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

from showdown.phh.errors import HistoryError, MalformedHistory

__all__ = ["CHUNK", "SUFFIXES", "Unit", "find_files", "split_sections"]


#: Hands per chunk handed to a worker process.
CHUNK = 500



_HEADER = re.compile(r"^[ \t]*\[([^\[\]\n]*)\][ \t]*(?:#[^\n]*)?$", re.MULTILINE)



_SIMPLE = re.compile(r"[ \t]*[A-Za-z0-9_-]+[ \t]*")



#: _HEADER for files whose lines do not start with blanks: its leading newline lets the
#: regex engine jump from one "\n[" to the next (several times quicker on big files).
_HEADER_AT_START = re.compile(r"\n\[([^\[\]\n]*)\][ \t]*(?:#[^\n]*)?(?=\n|\Z)")



def _headers(text: str) -> list[tuple[int, int, str]]:
    """(start, end, name) of every ``[name]`` line of a ``.phhs`` text.

    >>> _headers("[1]\\na = 1\\n  [2]  # x\\nb = 2"), _headers("[1]\\na = 1\\n[2]\\nb = 2")
    ([(0, 3, '1'), (10, 20, '2')], [(0, 3, '1'), (10, 13, '2')])
    """
    if "\n " in text or "\n\t" in text or text[:1] in (" ", "\t"):
        return [(m.start(), m.end(), m.group(1)) for m in _HEADER.finditer(text)]
    found = _HEADER_AT_START.finditer("\n" + text)
    return [(m.start(), m.end() - 1, m.group(1)) for m in found]



#: A unit of work: (file, kind, hand name, text); kind is "phh" (one hand), "phhs" (a whole
#: file), "section" (one hand's ``[name]`` section of a .phhs) or "sections" (a batch of
#: plain sections).
Unit = tuple[str, str, str | None, str]



def split_sections(text: str) -> list[tuple[str, str]]:
    """(name, body) of each ``[name]`` section (one hand) of a batch of plain sections.

    >>> split_sections("[1]\\na = 1\\n[2]\\nb = 2\\n")
    [('1', '\\na = 1\\n'), ('2', '\\nb = 2\\n')]
    """
    headers = _headers(text)
    ends = [start for start, _, _ in headers[1:]] + [len(text)]
    return [
        (name.strip(), text[end:stop])
        for (_, end, name), stop in zip(headers, ends, strict=True)
    ]



#: The files a folder is searched for: PHH, rooms' text and XML, any of them gzip'd.
SUFFIXES = (".phh", ".phhs", ".txt", ".xml", ".gz")



def _sniff(path: Path) -> bool:
    """Whether a folder's ``.txt``, ``.xml`` or ``.gz`` file holds hand histories (a file
    named on the command line is read whatever it holds; notes beside hands are not)."""
    from showdown.phh.rooms.detect import detect

    try:
        with path.open("rb") as raw:
            head = raw.read(4096)
            if head[:2] == b"\x1f\x8b":
                raw.seek(0)
                with gzip.open(raw) as unzipped:
                    head = unzipped.read(4096)
    except (OSError, EOFError, zlib.error):
        return True  # reading it again names what is wrong
    return detect(head.decode("utf-8", errors="replace")) is not None



def find_files(paths: Iterable[str | Path]) -> Iterator[str]:
    """Every hand-history file of ``paths``: in folders (searched recursively, sorted) the
    files named ``.phh``, ``.phhs``, ``.txt``, ``.xml`` or ``.gz``; a file named is read
    whatever its name. ``-`` stands for stdin. A missing path, or a folder holding no hand
    history, is a :class:`MalformedHistory`."""
    for path in paths:
        text = str(path)
        if text == "-":
            yield "-"
            continue
        p = Path(path)
        if p.is_dir():
            found = [q for q in p.rglob("*") if q.suffix in SUFFIXES and q.is_file()
                     and (q.suffix in (".phh", ".phhs") or _sniff(q))]
            if not found:  # a folder replayed for nothing is a mistake, not a success
                raise MalformedHistory(text, None, "no hand histories in this folder")
            yield from (str(q) for q in sorted(found))
        elif p.exists():
            yield text
        else:
            raise MalformedHistory(text, None, "no such file or folder")



def _units(file: str, size: int) -> list[tuple[int, Unit]]:
    """The work units of one file with their numbers of hands: a .phhs whose sections are
    plain is cut into batches of ``size`` sections, a room's file into batches of ``size`` hands,
    read in the worker. The format is found from the content (gzip'd or not)."""
    from showdown.phh.rooms.detect import ROOMS, detect
    from showdown.phh.rooms.read import open_text, split_hands

    try:
        data = _stdin_bytes() if file == "-" else Path(file).read_bytes()
    except OSError as exc:
        raise MalformedHistory(file, None, f"cannot read the file: {exc}") from None
    text = open_text(data, file)
    kind = detect(text)
    if kind in ROOMS:
        hands = split_hands(text, kind)
        if not hands:
            raise MalformedHistory(file, None, f"no {kind} hand in the file")
        return [(len(hands[k:k + size]), (file, "room", kind, "".join(hands[k:k + size])))
                for k in range(0, len(hands), size)]
    named = file.removesuffix(".gz")
    if kind is None and not named.endswith((".phh", ".phhs")):
        raise MalformedHistory(file, None, "not a hand history in a known format (PHH, or a "
                                           f"room's: {', '.join(ROOMS)})")
    many = named.endswith(".phhs") or (not named.endswith(".phh") and kind == "phhs")
    if not many:
        return [(1, (file, "phh", None, text))]
    headers = _headers(text)
    whole: list[tuple[int, Unit]] = [(max(1, len(headers)), (file, "phhs", None, text))]
    if not headers:
        return whole
    names = [name.strip() for _, _, name in headers]
    preamble = text[: headers[0][0]]
    if (
        not all(map(_SIMPLE.fullmatch, names))
        or len(set(names)) != len(names)  # a duplicate section: tomllib reports it
        or any(line.strip() and not line.lstrip().startswith("#")
               for line in preamble.splitlines())
    ):
        return whole
    units: list[tuple[int, Unit]] = []
    for k in range(0, len(headers), size):
        start = headers[k][0]
        end = headers[k + size][0] if k + size < len(headers) else len(text)
        units.append((min(size, len(headers) - k), (file, "sections", None, text[start:end])))
    return units



def _stdin_bytes() -> bytes:
    """Standard input's bytes (text when it has no byte stream, as in tests)."""
    stream = getattr(sys.stdin, "buffer", None)
    return stream.read() if stream is not None else sys.stdin.read().encode("utf-8")



def _file_units(paths: Iterable[str | Path], size: int) -> Iterator[list[tuple[int, Unit]]]:
    for path in paths:
        try:
            files = list(find_files([path]))
        except HistoryError as exc:
            yield [(1, (str(path), "error", None, str(exc)))]
            continue
        for file in files:
            try:
                yield _units(file, size)
            except HistoryError as exc:
                yield [(1, (file, "error", None, str(exc)))]



def _chunks(paths: Iterable[str | Path], size: int) -> Iterator[list[Unit]]:
    """Units in chunks of about ``size`` hands."""
    chunk: list[Unit] = []
    hands = 0
    for units in _file_units(paths, size):
        for weight, unit in units:
            chunk.append(unit)
            hands += weight
            if hands >= size:
                yield chunk
                chunk = []
                hands = 0
    if chunk:
        yield chunk
