"""The human table of :func:`showdown.stats`: one row per category, in en, es or ru.

``str(stats(...))`` and ``showdown stats`` print it (the command adds colour on
a terminal).

>>> from showdown.hands.stats import stats
>>> print(format_stats(stats(5)).splitlines()[0])
All 2,598,960 hands of five cards, standard rules
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from showdown.text.ansi import style

if TYPE_CHECKING:
    from showdown.categories import AnyCategory


class CountedHands(Protocol):
    """A category's count: how many hands, how many distinct values."""

    @property
    def hands(self) -> int: ...
    @property
    def distinct(self) -> int: ...


class HandCounts(Protocol):
    """What the table reads of :class:`showdown.hands.stats.Stats`, which hands itself
    over from its ``__str__``, so this module needs nothing of hands."""

    @property
    def cards(self) -> int: ...
    @property
    def wrap(self) -> bool: ...
    @property
    def hands(self) -> int: ...
    @property
    def distinct(self) -> int: ...
    @property
    def categories(self) -> Mapping[AnyCategory, CountedHands]: ...
    @property
    def game(self) -> str: ...
    @property
    def low(self) -> CountedHands | None: ...


def format_stats(result: HandCounts, lang: str = "en", colour: bool = False) -> str:
    """The human table in ``lang``: one row per category, best first, then the totals.

    Numbers are written as in every command, in the language's own way
    (``2,598,960`` and ``0.39%``; ``2.598.960`` and ``0,39%``; ``2 598 960`` and ``0,39%``).

    >>> from showdown.hands.stats import stats
    >>> print(format_stats(stats(5)))
    All 2,598,960 hands of five cards, standard rules
    Category             Hands     Share  Distinct
    Straight flush          40   0.0015%        10
    Four of a kind         624   0.0240%       156
    Full house           3,744   0.1441%       156
    Flush                5,108   0.1965%     1,277
    Straight            10,200   0.3925%        10
    Three of a kind     54,912   2.1128%       858
    Two pair           123,552   4.7539%       858
    Pair             1,098,240  42.2569%     2,860
    High card        1,302,540  50.1177%     1,277
    Total            2,598,960   100.00%     7,462
    >>> print(format_stats(stats(5, wrap=True), "es").splitlines()[0])
    Las 2.598.960 manos de cinco cartas, regla de la casa: el as da la vuelta
    >>> print(format_stats(stats(7), "es").splitlines()[0])
    Las 133.784.560 manos de siete cartas (las cinco mejores de siete), reglas estándar
    >>> print(format_stats(stats(6), "ru").splitlines()[0])
    Все 20 358 520 раздач по шесть карт (лучшие пять из шести), стандартные правила
    """
    from showdown.i18n import category_name, phrasebook
    from showdown.i18n import words as i18n_words
    from showdown.variants import find_variant

    words = i18n_words("stats", lang)
    book = phrasebook(lang)
    size = words[str(result.cards)]
    best = ""
    if result.cards > 5:
        best = words["best"].format(size=size, size_gen=words.get(f"{result.cards}_gen", size))
    rules = words["wrap" if result.wrap else "standard"]
    if result.game not in ("holdem", "omaha", "five-card", "stud"):
        rules = book.game_name(result.game).split(":")[0]
    title = words["title"].format(hands=book.count(result.hands), size=size, best=best, rules=rules)
    lowball = find_variant(result.game).ladders[0].low  # "no pair", not "high card"
    rows = [
        (
            category_name(category, lang, capital=True, low=lowball),
            book.count(count.hands),
            book.percent(count.hands / result.hands, 4),
            book.count(count.distinct),
        )
        for category, count in result.categories.items()
    ]
    total = (
        words["total"],
        book.count(result.hands),
        book.percent(1, 2),
        book.count(result.distinct),
    )
    header = tuple(words["header"].split("|"))
    widths = [max(len(row[i]) for row in [header, *rows, total]) for i in range(4)]

    def line(row: tuple[str, ...]) -> str:
        name, *numbers = row
        cells = [name.ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(numbers, widths[1:], strict=True)]
        return "  ".join(cells)

    out = [style(title, "bold", enabled=colour), style(line(header), "dim", enabled=colour)]
    out += [line(row) for row in rows]
    out.append(style(line(total), "bold", enabled=colour))
    if result.low is not None:
        low = result.low
        share = book.percent(low.hands / result.hands, 4)
        out.append(
            words["low"].format(
                hands=book.count(low.hands), share=share, distinct=book.count(low.distinct)
            )
        )
    return "\n".join(out)
