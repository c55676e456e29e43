"""A fast reader for the plain TOML that hand histories are written in, else ``tomllib``.

PHH files are TOML, and :func:`loads` always gives what :func:`tomllib.loads`
gives. Corpora (Pluribus, HandHQ, WSOP) use a small part of TOML: one
``key = value`` per line, values that are strings, integers, decimals,
booleans or one-line arrays of them, and ``[name]`` tables in ``.phhs`` files.
That part is read here line by line, several times faster than ``tomllib``
(a line met before, such as ``variant = "NT"`` in every hand of a corpus, is
looked up, not parsed again); the first line outside it (a multi-line
array, an escape, a date, ``inf``, a duplicate key...) hands the whole text
to ``tomllib``, which also reports every TOML error. With the native backend
the kernel reads that subset first (``phh_toml``, the same rules in C; the
tests compare the three readers).

>>> loads("variant = 'NT'\\nantes = [0, 0]  # none\\nmin_bet = 2.5\\n[2]\\nx = true")
{'variant': 'NT', 'antes': [0, 0], 'min_bet': 2.5, '2': {'x': True}}
>>> loads("actions = [\\n  'd dh p1 AcAd',\\n]")  # multi-line: tomllib reads it
{'actions': ['d dh p1 AcAd']}
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from typing import Any

from showdown.hands import native as _backend

__all__ = ["fast_loads", "kernel_loads", "loads"]

_STR = r"'[^'\x00-\x08\x0a-\x1f\x7f]*'|\"[^\"\\\x00-\x08\x0a-\x1f\x7f]*\""
_NUM = r"[+-]?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?"
_TAIL = r"\s*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?"
_STR_ARRAY = re.compile(rf"\[\s*((?:(?:{_STR})\s*,\s*)*(?:(?:{_STR})\s*,?\s*)?)\]{_TAIL}")
_NUM_ARRAY = re.compile(rf"\[\s*((?:{_NUM}\s*,\s*)*(?:{_NUM}\s*,?\s*)?)\]{_TAIL}")
_STR_ITEM = re.compile(_STR)
_SCALAR = re.compile(rf"(?:({_STR})|({_NUM})|(true|false)){_TAIL}")
_KEY = re.compile(r"[A-Za-z0-9_-]+")
_HEADER = re.compile(rf"\[\s*([A-Za-z0-9_-]+)\s*\]{_TAIL}")


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, read by the fast path when the text allows it."""
    reader = kernel_loads()
    data = None if reader is None else reader(text)
    if data is None:
        data = fast_loads(text)
    return tomllib.loads(text) if data is None else data


def kernel_loads() -> Callable[[str], dict[str, Any] | None] | None:
    """The native kernel's reader of the same subset (``None``: not the native backend)."""
    if _backend.current() != "native":
        return None
    return getattr(_backend.native_tables(), "phh_toml", None)


def _number(text: str) -> int | float:
    return float(text) if "." in text else int(text)  # surrounding spaces are allowed


_SEPARATOR = re.compile(r"\s*,\s*")
_CLOSE = re.compile(rf"\s*,?\s*\]{_TAIL}")
_BAD_IN_STRING = re.compile(r"[\\\x00-\x08\x0a-\x1f\x7f]")


def _quick_strings(value: str) -> list[str] | None:
    """An array of strings all in one kind of quotes, split at the quotes; else ``None``.

    >>> _quick_strings('["p1 f", "p2 cc # a, b"]  # note')
    ['p1 f', 'p2 cc # a, b']
    """
    quote = value.lstrip("[ ")[:1]
    parts = value.split(quote)
    if len(parts) % 2 == 0 or parts[0].replace(" ", "") != "[" or len(parts) < 3:
        return None
    for sep in parts[2:-1:2]:
        if not _SEPARATOR.fullmatch(sep):
            return None
    if not _CLOSE.fullmatch(parts[-1]):
        return None
    strings = parts[1::2]
    for item in strings:
        if _BAD_IN_STRING.search(item):
            return None
    return strings


#: Lines already read (line -> (key, value)); lists are copied on the way out.
_SEEN: dict[str, tuple[str, Any]] = {}
_SEEN_LIMIT = 4096


def _strings(value: str) -> list[str] | None:
    """A one-line array of strings in one kind of quotes, separated by ``", "``; else None.

    >>> _strings('["p1 f", "p2 cc # a, b"]'), _strings("['a', 'b']"), _strings("['a','b']")
    (['p1 f', 'p2 cc # a, b'], ['a', 'b'], None)
    """
    quote = value[1:2]
    if quote not in ("'", '"') or len(value) < 4 or value[-1] != "]" or value[-2] != quote:
        return None
    inner = value[2:-2]
    parts = inner.split(quote + ", " + quote)
    if inner.count(quote) != 2 * len(parts) - 2:
        return None
    bad = _BAD_IN_STRING if quote == '"' else _BAD_IN_LITERAL
    return None if bad.search(inner) else parts


_BAD_IN_LITERAL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


def _line(line: str) -> tuple[str, Any] | None:
    """``(key, value)`` of a ``key = value`` line (stripped), or None outside the subset."""
    key, eq, value = line.partition("=")
    key = key.strip()
    value = value.strip()
    if not eq or not _KEY.fullmatch(key) or not value:
        return None
    if value[0] == "[":
        if value[1:2] in ("'", '"') or value.replace(" ", "")[1:2] in ("'", '"'):
            strings = _strings(value) or _quick_strings(value)
            if strings is None:
                match = _STR_ARRAY.fullmatch(value)
                if match is None:
                    return None
                strings = [s[1:-1] for s in _STR_ITEM.findall(match.group(1))]
            return key, strings
        match = _NUM_ARRAY.fullmatch(value)
        if match is None:
            return None
        body = match.group(1)
        items = body.split(",")
        if not items[-1].strip():
            items.pop()  # an empty array, or a trailing comma
        # int() and float() skip the spaces around each number themselves.
        return key, [int(x) for x in items] if "." not in body else list(map(_number, items))
    match = _SCALAR.fullmatch(value)
    if match is None:
        return None
    string, number, boolean = match.groups()
    if string is not None:
        return key, string[1:-1]
    if number is not None:
        return key, _number(number)
    return key, boolean == "true"


def fast_loads(text: str) -> dict[str, Any] | None:
    """The document, or ``None`` when the text uses TOML this reader leaves to ``tomllib``.

    >>> fast_loads("a = 1\\na = 2") is None  # a duplicate key: tomllib reports it
    True
    """
    root: dict[str, Any] = {}
    table = root
    seen = _SEEN
    for raw in text.split("\n"):
        hit = seen.get(raw)
        if hit is None:
            line = raw.strip()
            if not line or line[0] == "#":
                continue
            if line[0] == "[":
                header = _HEADER.fullmatch(line)
                if header is None or header.group(1) in root:
                    return None
                table = root[header.group(1)] = {}
                continue
            hit = _line(line)
            if hit is None:
                return None
            if hit[0] != "actions":  # hands differ in their actions: not worth keeping
                if len(seen) >= _SEEN_LIMIT:
                    seen.clear()
                seen[raw] = hit
        key, value = hit
        if key in table:
            return None
        table[key] = list(value) if type(value) is list else value
    return root
