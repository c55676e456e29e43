"""Each player's results over a corpus: hands, net won, all-in-adjusted net, and both per
100 hands in big blinds (``showdown replay --ev`` prints them).

A player is known by name (the ``players`` field; ``p1``, ``p2``, ... where the file
gives none). A hand counts for the players of a settled hand (a partial hand, an
error or a showdown with unknown cards has no result and does not count). The
all-in-adjusted net of a hand with an all-in EV is the net the player would have
had with their expected share of the pots instead of what the runout gave
(``net - difference``); of any other hand, its net. Per 100 hands, each hand's
result is counted in that hand's big blind.

>>> from showdown.phh.corpus.reports import HandReport
>>> ev = {"big_blind": 2, "all_in_street": "flop", "note": None, "ev": [
...     {"difference": 30}, {"difference": -30}]}
>>> results = PlayerResults()
>>> results.add(HandReport("a.phhs", "1", "match", net=[40, -40], players=["Ana", "Bo"], ev=ev))
>>> results.add(HandReport("a.phhs", "2", "match", net=[-2, 2], players=["Ana", "Bo"],
...     ev={"big_blind": 2, "all_in_street": None, "note": None, "ev": None}))
>>> [(r.name, r.hands, int(r.net), int(r.adjusted)) for r in results.rows()]
[('Ana', 2, 38, 8), ('Bo', 2, -38, -8)]
>>> [(int(r.net_per_100), int(r.adjusted_per_100)) for r in results.rows()]  # in big blinds
[(950, 200), (-950, -200)]
>>> results.all_in, results.not_computed
(1, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from showdown.phh.corpus.reports import HandReport

__all__ = ["PlayerResult", "PlayerResults"]


def _exact(value: int | float) -> Fraction:
    """A file's number as an exact fraction (a decimal such as 0.1 as written)."""
    return Fraction(value) if isinstance(value, int) else Fraction(repr(value))


@dataclass(slots=True)
class PlayerResult:
    """One player's totals (amounts in the files' numbers; per 100 hands in big blinds)."""

    name: str
    hands: int = 0
    net: Fraction = Fraction(0)
    adjusted: Fraction = Fraction(0)
    net_blinds: Fraction = Fraction(0)
    adjusted_blinds: Fraction = Fraction(0)
    #: Hands counted in big blinds (those with a known big blind).
    blind_hands: int = 0

    @property
    def net_per_100(self) -> Fraction | None:
        """Net won per 100 hands, in big blinds (``None``: no hand with a big blind)."""
        return self.net_blinds * 100 / self.blind_hands if self.blind_hands else None

    @property
    def adjusted_per_100(self) -> Fraction | None:
        """All-in-adjusted net per 100 hands, in big blinds."""
        return self.adjusted_blinds * 100 / self.blind_hands if self.blind_hands else None


class PlayerResults:
    """The players' totals, added a hand report at a time (:meth:`add`)."""

    def __init__(self) -> None:
        self._players: dict[str, PlayerResult] = {}
        #: Hands with an all-in before the last card, and those whose EV was not computed.
        self.all_in = 0
        self.not_computed = 0

    def add(self, report: HandReport) -> None:
        """Count one hand (reports without a result are skipped)."""
        net = report.net
        if report.error is not None or net is None:
            return
        detail = report.ev or {}
        evs = detail.get("ev")
        if detail.get("all_in_street") is not None:
            self.all_in += 1
            self.not_computed += evs is None
        blind = detail.get("big_blind")
        big = _exact(blind) if blind else None
        for i, name in enumerate(report.players):
            if net[i] is None:  # an unknown (inf) stack
                continue
            mine = _exact(net[i])
            adjusted = mine - _exact(evs[i]["difference"]) if evs else mine
            row = self._players.get(name)
            if row is None:
                row = self._players[name] = PlayerResult(name)
            row.hands += 1
            row.net += mine
            row.adjusted += adjusted
            if big is not None:
                row.blind_hands += 1
                row.net_blinds += mine / big
                row.adjusted_blinds += adjusted / big

    def rows(self) -> list[PlayerResult]:
        """Every player, by name."""
        return [self._players[name] for name in sorted(self._players)]
