"""The tracker page's query parameters, each checked: a bad one is named with its reason.

:class:`Params` takes a request's query string with the names a route knows: an
unknown name, a name given twice, text too long, a date that is not ``YYYY-MM-DD``, a
number out of range or a choice not offered is a :class:`BadInput` (the server answers
``400 {"error": "bad_input", "field", "message"}``).

>>> p = Params.of("game=NT&from=2024-01-31&min_hands=5", ("game", "from", "min_hands"))
>>> f = p.filters()
>>> f.game, f.date_from, f.min_hands
('NT', datetime.date(2024, 1, 31), 5)
>>> Params.of("from=31/01/2024", ("from",)).filters()
Traceback (most recent call last):
...
showdown.tracker.page_params.BadInput: from: '31/01/2024' is not a date: write YYYY-MM-DD
>>> Params.of("colour=red", ("game",))
Traceback (most recent call last):
...
showdown.tracker.page_params.BadInput: colour: unknown parameter (the parameters are: game)
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from urllib.parse import parse_qsl

from starlette.requests import Request

from showdown.phh.variant_rules import RULES
from showdown.tracker.page_data import Filters

__all__ = ["MAX_TEXT", "BadInput", "Params"]

#: The longest text a parameter may hold (a player's name, a hand's number).
MAX_TEXT = 100
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class BadInput(ValueError):
    """A parameter the page may not send: ``field`` names it, ``message`` says why."""

    status = 400
    code = "bad_input"

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class Params:
    """The parameters of one request, checked against the names its route knows."""

    def __init__(self, request: Request, known: Sequence[str]) -> None:
        self._check(request.url.query, known)

    @classmethod
    def of(cls, query: str, known: Sequence[str]) -> Params:
        """The parameters of a query string (as a request would carry it)."""
        params = cls.__new__(cls)
        params._check(query, known)
        return params

    def _check(self, query: str, known: Sequence[str]) -> None:
        self.values: dict[str, str] = {}
        for name, value in parse_qsl(query, keep_blank_values=True):
            shown = ascii(name[:40])[1:-1]
            if name not in known:
                listed = ", ".join(known) or "none"
                raise BadInput(shown, f"unknown parameter (the parameters are: {listed})")
            if name in self.values:
                raise BadInput(shown, "given twice")
            if len(value) > MAX_TEXT:
                raise BadInput(name, f"at most {MAX_TEXT} characters")
            if value.strip():
                self.values[name] = value.strip()

    def text(self, name: str, most: int = MAX_TEXT) -> str | None:
        value = self.values.get(name)
        if value is not None and len(value) > most:
            raise BadInput(name, f"at most {most} characters")
        return value

    def required(self, name: str, most: int = MAX_TEXT) -> str:
        value = self.text(name, most)
        if value is None:
            raise BadInput(name, "required")
        return value

    def integer(self, name: str, default: int, least: int, most: int) -> int:
        value = self.values.get(name)
        if value is None:
            return default
        if not value.isascii() or not value.isdigit() or not least <= int(value) <= most:
            raise BadInput(name, f"{value!r} is not a whole number from {least} to {most}")
        return int(value)

    def choice(self, name: str, choices: Iterable[str]) -> str | None:
        value = self.values.get(name)
        offered = tuple(choices)
        if value is not None and value not in offered:
            raise BadInput(name, f"{value!r} is not one of {', '.join(offered)}")
        return value

    def date(self, name: str) -> datetime.date | None:
        value = self.values.get(name)
        if value is None:
            return None
        try:
            if not _DATE.fullmatch(value):
                raise ValueError(value)
            return datetime.date.fromisoformat(value)
        except ValueError:
            raise BadInput(name, f"{value!r} is not a date: write YYYY-MM-DD") from None

    def filters(self) -> Filters:
        """The filters every list takes: player, game, from, to, min_hands."""
        game = self.values.get("game")
        if game is not None and game not in RULES:
            raise BadInput("game", f"{game!r} is not a game's code (NT, PO, FT, ...)")
        start, end = self.date("from"), self.date("to")
        if start is not None and end is not None and end < start:
            raise BadInput("to", f"{end} is before the first day, {start}")
        return Filters(player=self.text("player"), game=game, date_from=start, date_to=end,
                       min_hands=self.integer("min_hands", 0, 0, 10**9))
