"""The equity of the known hands at the start of a street: :func:`street_equity`.

The replayer (:mod:`showdown.tracker.replayer`) asks it at each street of a game with
a board. The hands still in whose cards are all known are the contenders; the other
known cards (a folded player's, a known card of an unknown hand, the cards of an
earlier run of a hand run twice) are out of the deck; every board the rest of the deck
can complete is enumerated (:func:`showdown.equity` with ``exact=True``), ties split.

>>> found = street_equity("flop", ["2c", "3d", "Jd"], [["Qd", "Js"], ["8s", "6h"],
...                       ["Jc", "Kh"], ["??", "??"]], [False, True, False, False], "holdem")
>>> found["players"], [round(e, 4) for e in found["equity"]], found["boards"], found["unknown"]
([0, 2], [0.1955, 0.8045], 903, 1)
>>> street_equity("flop", ["2c", "3d", "Jd"], [["Qd", "Js"], ["??", "??"]], [False, False],
...               "holdem")["note"]
'few_known_hands'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from showdown.odds.equity import equity as exact_equity

__all__ = ["street_equity"]


def street_equity(
    street: str,
    board: Sequence[str],
    holes: Sequence[Sequence[str]],
    folded: Sequence[bool],
    game: str,
    earlier_runs: Sequence[Sequence[str]] = (),
) -> dict[str, Any]:
    """The equity of each hand still in (``folded`` false) whose ``holes`` are all known
    (no ``??``), on ``board`` in ``game`` (a name of :mod:`showdown.variants`).

    ``earlier_runs``: the boards of the runs already dealt of a hand run more than once
    (their cards are out of the deck). Returns ``street``, ``board``, ``players`` (the
    contenders' indices), ``equity``, ``win``, ``tie``, ``boards`` (how many were
    enumerated) and ``unknown`` (hands still in whose cards are unknown); with fewer
    than two contenders, a ``note`` (``few_known_hands``) instead of the figures, and
    ``not_computed`` with its ``reason`` when the equity cannot take the spot.
    """
    contenders: list[int] = []
    dead: list[str] = []
    unknown = 0
    for i, cards in enumerate(holes):
        if not folded[i] and cards and "??" not in cards:
            contenders.append(i)
            continue
        dead.extend(c for c in cards if c != "??")
        unknown += not folded[i]
    dead.extend(c for run in earlier_runs for c in run if c not in board)
    found: dict[str, Any] = {"street": street, "board": list(board), "players": [],
                             "unknown": unknown}
    if len(contenders) < 2:
        found["note"] = "few_known_hands"
        return found
    try:
        result = exact_equity(["".join(holes[i]) for i in contenders], board="".join(board),
                              dead="".join(dead), game=game, exact=True, workers=1)
    except ValueError as exc:  # a spot the equity cannot take: said, not raised
        found["note"] = "not_computed"
        found["reason"] = str(exc)
        return found
    found.update(players=contenders, equity=list(result.equity), win=list(result.win),
                 tie=list(result.tie), boards=result.boards)
    return found
