"""The result of an equity calculation, and how a job's sums become one.

:class:`EquityResult` is what :func:`showdown.odds.equity.equity` returns: each player's
equity, win and tie, and how they were obtained (exact boards, or Monte Carlo trials
with their error); :func:`tally_result` and :func:`sampled_result` build it from an
exact or a sampled job's sums. Its text is written by :mod:`showdown.text.equity_render`.
"""

from __future__ import annotations

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

    def figures(self) -> dict[str, tuple[float, ...]]:
        """Each per-player figure by its name, in the order a table shows them:
        ``equity``, ``win``, ``tie``.

        >>> EquityResult(("AA", "KK"), (0.8, 0.2), (0.79, 0.19), (0.01, 0.01), "exact",
        ...              boards=1).figures()["win"]
        (0.79, 0.19)
        """
        return {"equity": self.equity, "win": self.win, "tie": self.tie}

    def format(self, lang: str = "en") -> str:
        """The table of ``showdown equity`` in ``en``, ``es`` or ``ru``: one line per player
        (equity, win and tie; ``±`` one standard error for Monte Carlo), then the method
        (written by :func:`showdown.text.equity_render.equity_table`).

        Spanish and Russian write decimal commas and group thousands their own way.

        >>> r = EquityResult(("AhKh", "2c2d"), (0.6475, 0.3525), (0.6475, 0.3525), (0.0, 0.0),
        ...                  "exact", boards=990)
        >>> print(r.format("es"))
        AhKh  equidad  64,75%  gana  64,75%  empata   0,00%
        2c2d  equidad  35,25%  gana  35,25%  empata   0,00%
        Cálculo exacto sobre los 990 showdowns posibles
        >>> print(r.format("ru"))
        AhKh  эквити  64,75%  выигрыш  64,75%  ничья   0,00%
        2c2d  эквити  35,25%  выигрыш  35,25%  ничья   0,00%
        Точный расчёт по 990 шоудаунам
        """
        # The words live in the text wing; a result only hands itself over to it.
        from showdown.text.equity_render import equity_table

        return equity_table(self, lang)

    def __str__(self) -> str:
        return self.format("en")


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
