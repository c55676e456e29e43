"""PHH in and out: :class:`HandHistory`, ``.phh`` (one hand) and ``.phhs`` (many hands).

A hand history keeps every field of the file in order, so what is read is
written back: the standard's fields, ``_user`` fields and fields this
version does not know. Per-player arrays are in dealing order: ``p1`` the
small blind, the last player the button (reversed blinds heads-up).

>>> h = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [200, 200, 200]
... actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 cbr 6", "p2 f"]
... players = ["Ana", "Bo", "Cy"]
... _note = "a user field"
... ''')
>>> h.variant, h.player_count, h.names
('NT', 3, ['Ana', 'Bo', 'Cy'])
>>> print(dumps(h))
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 cbr 6", "p2 f"]
players = ["Ana", "Bo", "Cy"]
_note = "a user field"
>>> loads(dumps(h)) == h
True

``.phhs`` files hold one hand per section ``[1]``, ``[2]``, ... (a TOML table):
:func:`loads_all` returns the hands with their section names, :func:`dumps_all`
writes them.
"""

from __future__ import annotations

import datetime
import json
import math
import tomllib
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, NoReturn

from showdown.hands import native
from showdown.phh.errors import MalformedHistory
from showdown.phh.nogc import paused

__all__ = [
    "REQUIRED_FIELDS",
    "HandHistory",
    "dumps",
    "dumps_all",
    "load_file",
    "loads",
    "loads_all",
    "toml_reader",
    "value_text",
]

#: The standard's required fields, in the order they are written.
REQUIRED_FIELDS = (
    "variant",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
)


#: The names of players the file does not name.
_NAMES = [f"p{k + 1}" for k in range(24)]


class HandHistory:
    """One hand: its fields (``fields``, in file order), where it came from (``file``, ``name``).

    Properties read the fields the replay needs; every other field is kept as
    it was read. Two hand histories are equal when their fields are.
    """

    __slots__ = ("fields", "file", "name")

    def __init__(
        self, fields: Mapping[str, Any], file: str | None = None, name: str | None = None
    ) -> None:
        self.fields: dict[str, Any] = dict(fields)
        self.file = file
        self.name = name
        actions = self.fields.get("actions")
        if not isinstance(self.fields.get("variant"), str):
            self.error("the field 'variant' is missing or not text (for example variant = \"NT\")")
        # str.__instancecheck__(a) is isinstance(a, str), mapped at C speed (a hot path).
        if not isinstance(actions, list) or not all(map(str.__instancecheck__, actions)):
            self.error("the field 'actions' must be an array of strings")
        stacks = self.fields.get("starting_stacks")
        if not isinstance(stacks, list) or len(stacks) < 2:
            self.error("the field 'starting_stacks' must be an array with one stack per player")

    def error(self, message: str) -> NoReturn:
        """Raise :class:`MalformedHistory` naming this hand."""
        raise MalformedHistory(self.file, self.label, message)

    @property
    def variant(self) -> str:
        """The variant code (``NT``, ``FT``, ``PO``, ...)."""
        return str(self.fields["variant"])

    @property
    def actions(self) -> list[str]:
        """The action strings."""
        return list(self.fields["actions"])

    @property
    def player_count(self) -> int:
        """The number of players (the length of ``starting_stacks``)."""
        return len(self.fields["starting_stacks"])

    @property
    def names(self) -> list[str]:
        """The players' names, or ``p1``, ``p2``, ... where the file gives none."""
        players = self.fields.get("players")
        n = self.player_count
        if isinstance(players, list) and len(players) == n:
            return [str(p) if p else f"p{k + 1}" for k, p in enumerate(players)]
        return _NAMES[:n] if n <= len(_NAMES) else [f"p{k + 1}" for k in range(n)]

    @property
    def seats(self) -> list[int]:
        """Real seat numbers from ``seats``, else 1, 2, ... in dealing order."""
        seats = self.fields.get("seats")
        n = self.player_count
        if seats is None:
            return list(range(1, n + 1))
        if (
            not isinstance(seats, list)
            or len(seats) != n
            or not all(type(s) is int and s >= 0 for s in seats)
            or len(set(seats)) != n
        ):
            self.error(f"the field 'seats' must list {n} different seat numbers, got {seats!r}")
        return list(seats)

    @property
    def label(self) -> str:
        """The hand's name in messages: its section name in a ``.phhs``, else ``1``."""
        return self.name if self.name is not None else "1"

    def with_fields(self, **changes: Any) -> HandHistory:
        """A copy with some fields replaced (``None`` removes a field)."""
        fields = dict(self.fields)
        for key, value in changes.items():
            if value is None:
                fields.pop(key, None)
            else:
                fields[key] = value
        return HandHistory(fields, self.file, self.name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandHistory) and self.fields == other.fields

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        where = f" {self.file}" if self.file else ""
        return f"<HandHistory {self.variant}{where} hand {self.label}: {self.player_count} players>"


def toml_reader() -> Callable[[str], dict[str, Any] | None] | None:
    """The native kernel's TOML reader (``phh_toml``), or ``None`` off the native backend.

    It reads the plain TOML hand histories are written in (one ``key = value`` per line:
    strings without escapes, integers, decimals, ``inf``, booleans, local times such as
    ``00:00:09``, one-line arrays; ``[name]`` sections) as :func:`tomllib.loads` does, and
    gives ``None`` for any other text, which :func:`tomllib.loads` then reads (and
    reports every TOML error of); the tests compare the two.
    """
    return getattr(native.kernel(), "phh_toml", None)


def _toml(text: str, file: str | None) -> dict[str, Any]:
    reader = toml_reader()
    data = None if reader is None else reader(text)
    if data is not None:
        return data
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MalformedHistory(file, None, f"not valid TOML: {exc}") from None
    except RecursionError:  # tomllib reads arrays and inline tables by recursion
        raise MalformedHistory(file, None, "not valid TOML for a hand history: arrays or "
                                           "tables nested too deeply to read") from None


def loads(text: str, file: str | None = None) -> HandHistory:
    """One hand from the text of a ``.phh`` file."""
    return HandHistory(_toml(text, file), file)


def loads_all(text: str, file: str | None = None) -> list[HandHistory]:
    """Every hand of a ``.phhs`` file (sections ``[1]``, ``[2]``, ...), named by their sections.

    >>> hands = loads_all('[1]\\nvariant = "NT"\\nstarting_stacks = [5, 5]\\nactions = []\\n'
    ...                   '[2]\\nvariant = "FT"\\nstarting_stacks = [5, 5]\\nactions = []')
    >>> [(h.name, h.variant) for h in hands]
    [('1', 'NT'), ('2', 'FT')]
    """
    with paused():  # many small acyclic containers: see showdown.phh.nogc
        data = _toml(text, file)
        hands = []
        for name, fields in data.items():
            if not isinstance(fields, dict):
                raise MalformedHistory(
                    file, None,
                    f"{name!r} is not a table: a .phhs file holds hands as [1], [2], ...",
                )
            hands.append(HandHistory(fields, file, name))
    return hands


def load_file(path: str | Path) -> list[HandHistory]:
    """The hands of a ``.phh`` file (one) or a ``.phhs`` file (many)."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedHistory(file, None, f"cannot read the file: {exc}") from None
    if file.endswith(".phhs"):
        return loads_all(text, file)
    return [loads(text, file)]


def value_text(value: Any) -> str:
    """A field's value as TOML text, as :func:`dumps` writes it.

    >>> import datetime
    >>> value_text([1, 2.5, "a"]), value_text(datetime.time(0, 0, 9)), value_text(True)
    ('[1, 2.5, "a"]', '00:00:09', 'true')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return "nan" if math.isnan(value) else repr(value)
    if isinstance(value, str):  # JSON escapes are TOML escapes; TOML also forbids DEL
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(map(value_text, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_key(k)} = {value_text(v)}" for k, v in value.items()) + "}"
    raise TypeError(f"cannot write {value!r} in a hand history")


def _key(key: str) -> str:
    if key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key):
        return key
    return json.dumps(key, ensure_ascii=False)


def dumps(history: HandHistory) -> str:
    """The text of a ``.phh`` file: required fields first, then every other field as read."""
    fields = history.fields
    keys = [k for k in REQUIRED_FIELDS if k in fields]
    keys += [k for k in fields if k not in REQUIRED_FIELDS]
    return "\n".join(f"{_key(k)} = {value_text(fields[k])}" for k in keys if fields[k] is not None)


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """The text of a ``.phhs`` file; hands keep their section names, others are numbered."""
    parts = []
    for k, history in enumerate(histories, start=1):
        name = history.name if history.name is not None else str(k)
        parts.append(f"[{_key(name)}]\n{dumps(history)}\n")
    return "\n".join(parts)
