"""The result of an equity calculation and its text in English, Spanish and Russian.

:class:`EquityResult` is what :func:`showdown.odds.equity.equity` returns; :func:`method_line`
says how it was obtained (exact boards, or Monte Carlo trials with their error).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from math import sqrt
from typing import TYPE_CHECKING, Any, Literal

from showdown.cards import CardError

if TYPE_CHECKING:
    from showdown.odds.showdown_counts import Tally

Method = Literal["exact", "monte-carlo"]


@dataclass(frozen=True)
class EquityResult:
    """Per-player equity, win and tie fractions, and how they were obtained.

    ``boards`` (exact: showdowns enumerated, summed over combo deals) or
    ``trials`` (Monte Carlo) is set; ``stderr`` is the standard error of each
    player's equity for Monte Carlo, ``None`` for exact results.
    """

    hands: tuple[str, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    method: Method
    boards: int | None = None
    trials: int | None = None
    stderr: tuple[float, ...] | None = None
    #: What was chosen and why, with the estimated run time (not part of equality).
    note: str = field(default="", compare=False)
    #: The run time estimated before the run, in seconds.
    estimate: float | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, Any]:
        """The JSON document of ``showdown equity --json``."""
        doc: dict[str, Any] = {
            "players": [
                {"hand": h, "equity": e, "win": w, "tie": t}
                for h, e, w, t in zip(self.hands, self.equity, self.win, self.tie, strict=True)
            ],
            "method": self.method,
        }
        if self.method == "exact":
            doc["boards"] = self.boards
        else:
            doc["trials"] = self.trials
            doc["stderr"] = list(self.stderr or ())
        return doc

    def format(self, lang: str = "en") -> str:
        """The table of ``showdown equity`` in ``en``, ``es`` or ``ru``: one line per player
        (equity, win and tie; ``±`` one standard error for Monte Carlo), then the method.

        Spanish and Russian write decimal commas and group thousands their own way.

        >>> r = EquityResult(("AhKh", "2c2d"), (0.6475, 0.3525), (0.6475, 0.3525), (0.0, 0.0),
        ...                  "exact", boards=990)
        >>> print(r.format("es"))
        AhKh  equidad  64,75%  gana  64,75%  empata   0,00%
        2c2d  equidad  35,25%  gana  35,25%  empata   0,00%
        Cálculo exacto sobre las 990 mesas posibles
        >>> print(r.format("ru"))
        AhKh  эквити  64,75%  выигрыш  64,75%  ничья   0,00%
        2c2d  эквити  35,25%  выигрыш  35,25%  ничья   0,00%
        Точный расчёт по 990 бордам
        """
        from showdown.i18n import check_lang, phrasebook

        lang = check_lang(lang)
        book = phrasebook(lang)
        words = book.section("equity")

        def cell(x: float) -> str:  # a percentage, right-aligned: `` 64.75%``
            return f"{book.percent(x):>7}"

        width = max(len(h) for h in self.hands)
        lines = []
        for i, hand in enumerate(self.hands):
            line = (
                f"{hand:<{width}}  {words['equity']} {cell(self.equity[i])}"
                f"  {words['win']} {cell(self.win[i])}"
                f"  {words['tie']} {cell(self.tie[i])}"
            )
            line += self._more_cells(i, cell, words)
            if self.stderr is not None:
                line += f"  ± {error_text(100 * self.stderr[i], phrasebook(lang).decimal)}"
            lines.append(line)
        lines.append(method_line(self, lang))
        return "\n".join(lines)

    def _more_cells(self, i: int, cell: Callable[[float], str], words: Mapping[str, str]) -> str:
        """More columns of player ``i``'s line, before the standard error (none here)."""
        return ""

    def __str__(self) -> str:
        return self.format("en")


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


def method_line(result: EquityResult, lang: str = "en") -> str:
    """How the result was obtained, in ``lang`` (the last line of :meth:`EquityResult.format`).

    >>> r = EquityResult(("AA", "KK"), (0.8, 0.2), (0.8, 0.2), (0.0, 0.0), "monte-carlo",
    ...                  trials=1_000_000, stderr=(0.0004, 0.0004))
    >>> for lang in ("en", "es", "ru"):
    ...     print(method_line(r, lang))
    Monte Carlo, 1,000,000 trials (± one standard error)
    Método de Montecarlo: 1.000.000 simulaciones (± un error estándar)
    Метод Монте-Карло: 1 000 000 симуляций (± одна стандартная ошибка)
    >>> r = EquityResult(("AA", "KK"), (0.8, 0.2), (0.8, 0.2), (0.0, 0.0), "exact", boards=1)
    >>> method_line(r, "en"), method_line(r, "es"), method_line(r, "ru")
    ('exact over 1 board', 'Cálculo exacto sobre la única mesa posible', 'Точный расчёт по 1 борду')
    """
    from showdown.i18n import phrasebook

    book = phrasebook(lang)
    if result.method == "exact":
        return book.counted(result.boards or 0, book.section("equity")["exact"])
    return book.counted(result.trials or 0, book.section("equity")["monte_carlo"])


def tally_result(
    hands: tuple[str, ...],
    tally: Tally,
    total: float,
    boards: int,
    note: str = "",
    estimate: float | None = None,
) -> EquityResult:
    """The exact result of a job's ``tally`` over ``total`` (the deals' summed weight
    times their boards), ``boards`` showdowns enumerated."""
    eq = tuple(float(x) for x in tally.share / total)
    win = tuple(float(x) for x in tally.win / total)
    tie = tuple(float(x) for x in tally.tie / total)
    return EquityResult(hands, eq, win, tie, "exact", boards=boards, note=note, estimate=estimate)


def sampled_result(hands: tuple[str, ...], sums: dict[str, Any]) -> EquityResult:
    """Monte Carlo sums (importance weighted, see :mod:`showdown.odds.deals`) as a result.

    The standard error is the self-normalised estimator's: ``sqrt(sum w^2 (x - mean)^2)
    / sum w`` (with ``n / (n - 1)``); with equal weights it is the usual one.
    """
    w, n = float(sums["w"]), int(sums["n"])
    if w <= 0:
        raise CardError(
            "no sampled deal was possible in these trials; the ranges barely fit together: "
            "use --exact or more trials"
        )
    eq = sums["share"] / w
    stderr = []
    for mean, sx1, sx2 in zip(eq, sums["sx1"], sums["sx2"], strict=True):
        var = max(0.0, float(sx2 - 2 * mean * sx1 + mean * mean * sums["w2"])) / (w * w)
        stderr.append(sqrt(var * n / max(1, n - 1)))
    return EquityResult(
        hands,
        tuple(float(x) for x in eq),
        tuple(float(x) for x in sums["win"] / w),
        tuple(float(x) for x in sums["tie"] / w),
        "monte-carlo",
        trials=n,
        stderr=tuple(stderr),
    )
