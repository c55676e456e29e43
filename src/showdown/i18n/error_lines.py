"""Error lines in the user's language: the library raises in English, the command line
translates at its edge.

The ``errors`` section of each phrasebook holds templates under the same keys:
English is the pattern an error message is matched against (``{name}`` matches any
text), the other language the line it becomes, each field carried over and itself
translated the same way (so ``hand 2: duplicate card Kh`` and argparse's
``argument --cards: invalid choice: 9 (...)`` both come out whole). A message, or a
part of one between ``": "``, that no template matches stays as it was: a file name,
an operating system's reason, a card.

>>> error_line("hand 2: duplicate card Kh", "es")
'error: mano 2: carta repetida Kh'
>>> error_line("the following arguments are required: CARDS", "ru")
'ошибка: нужны аргументы: CARDS'
>>> error_line("something new", "es")
'error: something new'
>>> error_line("hand 2 is something new", "es")  # no template: as it was
'error: hand 2 is something new'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import TypeVar

from showdown.i18n import phrasebook, words
from showdown.validate import ReasonedError, reason

__all__ = ["error_line", "reason_of", "reason_text", "reasoned", "translate_error"]

_Error = TypeVar("_Error", bound=ReasonedError)

_FIELD = re.compile(r"\{(\w+)\}")
#: Fields that are numbers match digits only, so that ``hand {number}`` never swallows
#: a sentence the phrasebook does not know.
_NUMBERS = frozenset({"number", "count", "position", "cards"})


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The English templates as patterns, the most literal first (the most specific)."""
    found = []
    for key, template in words("errors", "en").items():
        if key == "prefix":
            continue
        parts = _FIELD.split(template)
        regex = "".join(
            re.escape(part) if i % 2 == 0 else _field(part) for i, part in enumerate(parts)
        )
        literal = sum(len(part) for part in parts[::2])
        found.append((literal, key, re.compile(regex, re.DOTALL)))
    found.sort(key=lambda item: -item[0])
    return tuple((key, pattern) for _, key, pattern in found)


def _field(name: str) -> str:
    return f"(?P<{name}>\\d+)" if name in _NUMBERS else f"(?P<{name}>.+?)"


def translate_error(message: str, lang: str) -> str:
    """``message`` (English, as raised) in ``lang``, as far as the phrasebook knows it.

    >>> translate_error("argument --cards: invalid choice: 9 (choose from 4, 5, 6, 7)", "es")
    'argumento --cards: opción no válida: 9 (elija entre 4, 5, 6, 7)'
    """
    if not message:
        return message
    book = phrasebook(lang).section("errors")
    for key, pattern in _patterns():
        match = pattern.fullmatch(message)
        if match:
            found = match.groupdict().items()
            fields = {name: translate_error(value, lang) for name, value in found}
            return book[key].format(**fields)
    head, colon, tail = message.partition(": ")
    if colon:
        return f"{translate_error(head, lang)}: {translate_error(tail, lang)}"
    return message


def reason_text(found: Mapping[str, object], lang: str = "en") -> str:
    """The sentence of a reason (``{"code", "params"}``, see :func:`showdown.validate.reason`)
    in ``lang``, its fields that are reasons worded the same way.

    >>> where = reason("in_hand", number=2, hand="AhQd")
    >>> reason_text(reason("two_places", card="Ah", first=reason("on_board"), second=where), "es")
    'la carta Ah está en dos sitios: en la mesa y en la mano del jugador 2 (AhQd)'
    """
    params = found.get("params") or {}
    assert isinstance(params, Mapping)
    fields = {
        name: reason_text(value, lang) if isinstance(value, Mapping) else str(value)
        for name, value in params.items()
    }
    return words("errors", lang)[str(found["code"])].format(**fields)


def reasoned(kind: type[_Error], code: str, **params: object) -> _Error:
    """An error of ``kind`` carrying its reason as data, its message the English sentence.

    >>> from showdown.cards import CardError
    >>> err = reasoned(CardError, "two_places", card="Ah", first=reason("on_board"),
    ...                second=reason("in_dead"))
    >>> str(err), err.code
    ('card Ah is in two places: on the board and in the dead cards', 'two_places')
    """
    return kind(reason_text(reason(code, **params), "en"), code, **params)


def reason_of(error: BaseException | str) -> dict[str, object] | None:
    """The reason of an error as data: its own ``code`` and ``params`` when it carries
    them, else read back from its English message by the phrasebook's templates (a
    field that is itself a known sentence becomes a reason); None when no template fits.

    >>> found = reason_of("card 2c is in two places: on the board and in the dead cards")
    >>> found["code"], found["params"]["second"]
    ('two_places', {'code': 'in_dead', 'params': {}})
    >>> reason_of("a board has 0, 3, 4 or 5 cards, got 2")
    {'code': 'board_size', 'params': {'count': '2'}}
    >>> reason_of("something new") is None
    True
    """
    code = getattr(error, "code", None)
    if code is not None:
        return reason(code, **getattr(error, "params", {}))
    message = str(error)
    for key, pattern in _patterns():
        match = pattern.fullmatch(message)
        if match:
            fields = {name: reason_of(value) or value for name, value in match.groupdict().items()}
            return reason(key, **fields)
    return None


def error_line(message: object, lang: str = "en") -> str:
    """The whole ``error: ...`` line the command line prints for ``message`` (a text, or
    an error whose reason, when it carries one, is worded in ``lang``).

    >>> error_line("compare needs at least two hands, got 1")
    'error: compare needs at least two hands, got 1'
    """
    prefix = words("errors", lang)["prefix"]
    code = getattr(message, "code", None)
    if code is not None:
        return f"{prefix}: {reason_text(reason(code, **getattr(message, 'params', {})), lang)}"
    return f"{prefix}: {translate_error(str(message), lang)}"
