"""A hand-history file's bytes as text, whatever the client or the user did to it.

Rooms' clients write UTF-8 (with or without a byte-order mark), Windows-1252 (older
clients) or UTF-16 (Full Tilt, old WPN: little- or big-endian, with or without a mark),
and users join files with ``cat`` (a mark in the middle, two encodings in one file) or
copy them through tools that leave a stray NUL byte or two marks at the start.
:func:`open_text` reads all of these so that a fault costs at most the hand it is in:

- the text is cut at every byte-order mark, and each piece decoded as its mark (or,
  without one, its bytes) says: UTF-16 where every other byte of its start is NUL, up
  to where NUL bytes stop (an 8-bit file joined after it);
- a byte that is not UTF-8 is read as Windows-1252 (a Windows-1252 file reads whole,
  a UTF-8 file with one bad byte keeps every other character; the bad one becomes the
  Windows-1252 character, as in a player's name ``JosÃ©``), never the file refused;
- marks (each starts a line: it starts a file), NUL bytes and ``\\r`` line ends are
  taken out.

>>> open_text("PokerStars Hand #1\\n".encode("utf-16"))
'PokerStars Hand #1\\n'
>>> two_marks, cp1252, utf8 = b"\\xef\\xbb\\xbf" * 2, b"Jos\\xe9", b"Ren\\xc3\\xa9"
>>> open_text(two_marks + b"Hand #1: " + cp1252 + b"\\r\\n\\xef\\xbb\\xbfHand #2: " + utf8)
'Hand #1: José\\nHand #2: René'
"""

from __future__ import annotations

import codecs
import gzip
import re
import zlib

from showdown.phh.errors import MalformedHistory

__all__ = ["open_text"]

_GZIP = b"\x1f\x8b"
_UTF8_MARK = b"\xef\xbb\xbf"
_LITTLE_MARK = b"\xff\xfe"
_BIG_MARK = b"\xfe\xff"
#: Bytes of a piece's start looked at to tell UTF-16 from an 8-bit encoding.
_SNIFF = 512
#: Bytes of which none is NUL, more than UTF-16 text of a hand history holds in a row (its
#: ASCII has a NUL every other byte; a name in CJK letters is shorter): 8-bit text.
_EIGHT_BIT_RUN = 48
_LINE_END = re.compile(rb"\n[^\x00]")
#: Windows-1252 of each byte 0x80-0xFF; its five undefined bytes are replaced.
_CP1252 = [bytes([b]).decode("cp1252", errors="replace") for b in range(256)]


def _as_cp1252(error: UnicodeError) -> tuple[str, int]:
    """The ``showdown-cp1252`` decoding error handler: bytes that are not UTF-8 read
    as Windows-1252."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    bad = error.object[error.start:error.end]
    return "".join([_CP1252[b] for b in bad]), error.end


codecs.register_error("showdown-cp1252", _as_cp1252)


def open_text(data: bytes, file: str | None = None) -> str:
    """The text of a file's bytes (see the module): gzip'd or not, in any encoding a room
    writes; line ends made ``\\n``. Only a gzip stream that does not decompress is an
    error (a :class:`~showdown.phh.errors.MalformedHistory` naming ``file``)."""
    if data[:2] == _GZIP:
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as exc:
            raise MalformedHistory(file, None, f"not a readable gzip file: {exc}") from None
    # The usual file is one piece: no NUL, no mark after the start (its first byte found
    # first: a one-byte search is many times quicker than the mark's three), so its text
    # holds neither.
    if b"\x00" not in data and (data.find(b"\xef", 1) < 0 or data.find(_UTF8_MARK, 1) < 0):
        text = _eight_bit(data[3:] if data[:3] == _UTF8_MARK else data)
    else:
        text = _joined([_piece(piece) for piece in _pieces(data)])
        if "\ufeff" in text:  # a mark a piece kept (UTF-16 text joined after its own kind)
            text = _joined(text.split("\ufeff"))
        if "\x00" in text:
            text = text.replace("\x00", "")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text


def _joined(texts: list[str]) -> str:
    """The texts of files joined: a mark starts a file, so each starts a line (a file
    whose last line has no line end, joined with ``cat``, would glue the next file's first
    line, its first hand's head, to its own last).

    >>> _joined(["a\\n", "b", "c"])
    'a\\nb\\nc'
    """
    out: list[str] = []
    for text in texts:
        if out and out[-1][-1:] not in ("\n", "\r"):
            out.append("\n")
        if text:
            out.append(text)
    return "".join(out)


def _eight_bit(data: bytes) -> str:
    """UTF-8, or Windows-1252 for the bytes that are not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("utf-8", errors="showdown-cp1252")


def _pieces(data: bytes) -> list[tuple[str | None, bytes]]:
    """``data`` cut at its byte-order marks: (the mark's encoding or ``None``, the bytes
    after it up to the next mark). A UTF-16 mark counts where the character after it is
    ASCII in that encoding (``ÿþ`` in Windows-1252 text is no mark).

    >>> _pieces(b"ab\\xef\\xbb\\xbfcd\\xff\\xfee\\x00")
    [(None, b'ab'), ('utf-8', b'cd'), ('utf-16-le', b'e\\x00')]
    """
    marks: list[tuple[int, int, str]] = []
    at = data.find(_UTF8_MARK)
    while at >= 0:
        marks.append((at, 3, "utf-8"))
        at = data.find(_UTF8_MARK, at + 3)
    for mark, utf16, ascii_at, nul_at in ((_LITTLE_MARK, "utf-16-le", 0, 1),
                                           (_BIG_MARK, "utf-16-be", 1, 0)):
        at = data.find(mark)
        while at >= 0:
            after = data[at + 2:at + 4]
            if len(after) == 2 and after[nul_at] == 0 and 0 < after[ascii_at] < 128:
                marks.append((at, 2, utf16))
            at = data.find(mark, at + 1)
    marks.sort()
    pieces: list[tuple[str | None, bytes]] = []
    start = 0
    encoding: str | None = None
    for at, size, kind in marks:
        if at < start:  # ÿþÿ: two marks overlap, the first counts
            continue
        pieces.append((encoding, data[start:at]))
        start, encoding = at + size, kind
    pieces.append((encoding, data[start:]))
    return [(kind, piece) for kind, piece in pieces if piece]


def _piece(piece: tuple[str | None, bytes]) -> str:
    """A piece's text: UTF-16 as its mark says or, without a mark, as the NUL bytes of its
    start say (ASCII in UTF-16 is a NUL every other byte); else UTF-8 or Windows-1252.
    UTF-16 followed by 8-bit text joined without a mark is cut there, as often as it
    happens (a loop: a binary file may look so at every line end)."""
    encoding, data = piece
    texts: list[str] = []
    while True:
        if encoding is None:
            encoding = _utf16_by_nuls(data)
        cut = None if encoding in (None, "utf-8") else _eight_bit_tail(data)
        if encoding is None or encoding == "utf-8" or cut == 0:
            texts.append(_eight_bit(data))
            break
        if cut is None:
            texts.append(data.decode(encoding, errors="replace"))
            break
        cut += cut % 2
        texts.append(data[:cut].decode(encoding, errors="replace"))
        data, encoding = data[cut:], None
    return texts[0] if len(texts) == 1 else _joined(texts)


def _utf16_by_nuls(data: bytes) -> str | None:
    """UTF-16's byte order when the NUL bytes of the start say it is UTF-16, else ``None``.

    >>> _utf16_by_nuls("Hand".encode("utf-16-le")), _utf16_by_nuls(b"Hand")
    ('utf-16-le', None)
    """
    head = data[:_SNIFF]
    half = max(1, len(head) // 2)
    if head[1::2].count(0) * 5 > half * 2:
        return "utf-16-le"
    if head[0::2].count(0) * 5 > half * 2:
        return "utf-16-be"
    return None


def _eight_bit_tail(data: bytes) -> int | None:
    """Where 8-bit text starts in UTF-16 bytes (``None``: nowhere): UTF-16 puts a NUL
    beside every line end of ASCII text; the first line end followed by a run of bytes
    none of which is NUL (longer than a name in CJK letters) is 8-bit text, from the byte
    after the last NUL before it.

    >>> data = "Hand #1\\r\\n".encode("utf-16-le") + b"Hand #2\\r\\n" * 9
    >>> _eight_bit_tail(data), _eight_bit_tail(data[:18])
    (18, None)
    """
    for m in _LINE_END.finditer(data):
        if b"\x00" not in data[m.start():m.start() + _EIGHT_BIT_RUN]:
            return data.rfind(b"\x00", 0, m.start()) + 1
    return None
