"""Equity results in words: the table of ``showdown equity`` in English, Spanish and Russian.

:func:`equity_table` writes one line per player (each of the result's
:meth:`~showdown.odds.result.EquityResult.figures`, then ``±`` one standard error for
Monte Carlo) and :func:`method_line`, how the result was obtained. Spanish and Russian
write decimal commas and group thousands their own way.

>>> from showdown.odds.result import EquityResult
>>> r = EquityResult(("AhKh", "2c2d"), (0.6475, 0.3525), (0.6475, 0.3525), (0.0, 0.0),
...                  "exact", boards=990)
>>> print(equity_table(r))
AhKh  equity  64.75%  win  64.75%  tie   0.00%
2c2d  equity  35.25%  win  35.25%  tie   0.00%
exact over 990 showdowns
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from showdown.i18n import check_lang, phrasebook

__all__ = ["EquityFigures", "equity_table", "error_text", "method_line"]


class EquityFigures(Protocol):
    """What the table reads of a result: an :class:`~showdown.odds.result.EquityResult`,
    which hands itself over from its ``format()``, so this module needs nothing of odds."""

    @property
    def hands(self) -> tuple[str, ...]: ...
    @property
    def method(self) -> str: ...
    @property
    def boards(self) -> int | None: ...
    @property
    def trials(self) -> int | None: ...
    @property
    def stderr(self) -> tuple[float, ...] | None: ...
    def figures(self) -> dict[str, tuple[float, ...]]: ...


def equity_table(result: EquityFigures, lang: str = "en") -> str:
    """The table of ``showdown equity`` in ``en``, ``es`` or ``ru``: one line per player
    (its figures; ``±`` one standard error for Monte Carlo), then the method.

    >>> from showdown.odds.result import EquityResult
    >>> r = EquityResult(("AhKh", "2c2d"), (0.6475, 0.3525), (0.6475, 0.3525), (0.0, 0.0),
    ...                  "exact", boards=990)
    >>> print(equity_table(r, "es"))
    AhKh  equidad  64,75%  gana  64,75%  empata   0,00%
    2c2d  equidad  35,25%  gana  35,25%  empata   0,00%
    Cálculo exacto sobre los 990 showdowns posibles
    """
    lang = check_lang(lang)
    book = phrasebook(lang)
    words = book.section("equity")

    def cell(x: float) -> str:  # a percentage, right-aligned: `` 64.75%``
        return f"{book.percent(x):>7}"

    width = max(len(h) for h in result.hands)
    figures = result.figures()
    lines = []
    for i, hand in enumerate(result.hands):
        line = f"{hand:<{width}}"
        line += "".join(f"  {words[name]} {cell(values[i])}" for name, values in figures.items())
        if result.stderr is not None:
            line += f"  ± {error_text(100 * result.stderr[i], book.decimal)}"
        lines.append(line)
    lines.append(method_line(result, lang))
    return "\n".join(lines)


def error_text(points: float, decimal: Callable[[float, int], str]) -> str:
    """A standard error in percentage points with two decimals, or, when two decimals
    would show ``0.00``, with two significant digits (``0.0047`` at 10^8 trials).

    >>> show = lambda x, p: f"{x:.{p}f}"
    >>> error_text(0.16, show), error_text(0.066, show), error_text(0.0047, show)
    ('0.16', '0.07', '0.0047')
    >>> error_text(0.0, show)
    '0.00'
    """
    places = 2
    if 0 < points < 0.005:
        while round(points, places) == 0 and places < 8:
            places += 1
        places = min(places + 1, 9)  # a second significant digit
    return decimal(points, places)


def method_line(result: EquityFigures, lang: str = "en") -> str:
    """How the result was obtained, in ``lang`` (the last line of :func:`equity_table`).

    >>> from showdown.odds.result import EquityResult
    >>> r = EquityResult(("AA", "KK"), (0.8, 0.2), (0.8, 0.2), (0.0, 0.0), "monte-carlo",
    ...                  trials=1_000_000, stderr=(0.0004, 0.0004))
    >>> for lang in ("en", "es", "ru"):
    ...     print(method_line(r, lang))
    Monte Carlo, 1,000,000 trials (± one standard error)
    Método de Montecarlo: 1.000.000 simulaciones (± un error estándar)
    Метод Монте-Карло: 1 000 000 симуляций (± одна стандартная ошибка)
    >>> r = EquityResult(("AA", "KK"), (0.8, 0.2), (0.8, 0.2), (0.0, 0.0), "exact", boards=1)
    >>> method_line(r, "en"), method_line(r, "ru")
    ('exact over 1 showdown', 'Точный расчёт по 1 шоудауну')
    >>> method_line(r, "es")
    'Cálculo exacto sobre el único showdown posible'
    """
    book = phrasebook(lang)
    if result.method == "exact":
        return book.counted(result.boards or 0, book.section("equity")["exact"])
    return book.counted(result.trials or 0, book.section("equity")["monte_carlo"])
