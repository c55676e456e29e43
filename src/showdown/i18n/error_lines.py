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
from functools import cache

from showdown.i18n import phrasebook, words

__all__ = ["error_line", "translate_error"]

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


def error_line(message: str, lang: str = "en") -> str:
    """The whole ``error: ...`` line the command line prints for ``message``.

    >>> error_line("compare needs at least two hands, got 1")
    'error: compare needs at least two hands, got 1'
    """
    prefix = words("errors", lang)["prefix"]
    return f"{prefix}: {translate_error(message, lang)}"
