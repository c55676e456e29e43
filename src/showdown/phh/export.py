"""Results as PHH, so that they travel to pokerkit and other tools.

:func:`table_to_history` writes a :class:`~showdown.pots.table.Table` (or the
table of a :class:`~showdown.pots.resolution.Showdown`) as a hand whose settlement is
the table's: each player's contribution is posted as an ante (with
``ante_trimming_status = true``, so that pots are cut at each all-in level as
:func:`~showdown.pots.resolution.resolve` cuts them), every player keeps one chip
behind, folded players fold, the others check to the showdown and show (or
muck). The betting itself is not in a table, so the last aggressor is not
kept: the showdown order starts left of the button.

:func:`settlement_to_history` is a replayed hand with our results filled in
(``finishing_stacks`` and ``winnings``).

>>> from showdown.pots.resolution import resolve
>>> from showdown.phh.settlement import settle
>>> sd = resolve({"button": 3, "board": "Ac 9d 7h 4s 2c", "players": [
...     {"seat": 1, "hole": "Ad Kh", "contributed": 500},
...     {"seat": 2, "hole": "Ah Qd", "contributed": 200},
...     {"seat": 3, "contributed": 100, "folded": True}]})
>>> h = table_to_history(sd)
>>> h.fields["antes"], h.fields["seats"], h.actions[-2:]
([500, 200, 100], [1, 2, 3], ['p1 sm AdKh', 'p2 sm AhQd'])
>>> s = settle(h)
>>> [w for w in s.winnings] == [sd.payouts.get(seat, 0) for seat in (1, 2, 3)]
True
"""

from __future__ import annotations

from typing import Any

from showdown.phh.amounts import from_units
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import Settlement
from showdown.pots.resolution import Showdown, Table

__all__ = ["settlement_to_history", "table_to_history"]

#: The PHH code for each game a table can be written in.
CODES = {"holdem": "NT", "omaha": "PO", "short-deck": "NS"}


def table_to_history(table: Table | Showdown, **fields: Any) -> HandHistory:
    """A PHH hand whose settlement is the table's (extra ``fields`` are added as given)."""
    if isinstance(table, Showdown):
        table = table.table
    code = CODES.get(table.game)
    if code is None:
        raise HistoryError(
            None, None, f"a {table.game} table cannot be written as PHH: the standard has no "
            f"variant for it (it has {', '.join(f'{g} ({c})' for g, c in CODES.items())})"
        )
    seats = list(table.seats)
    k = seats.index(table.button) + 1 if table.button is not None else len(seats)
    order = seats[k:] + seats[:k]  # dealing order: left of the button first, the button last
    players = [table.player(seat) for seat in order]
    n = len(players)
    actions = []
    for i, p in enumerate(players):
        hole = "".join(map(str, p.hole)) if p.hole else "??" * (4 if code == "PO" else 2)
        actions.append(f"d dh p{i + 1} {hole}")
    live = [i for i, p in enumerate(players) if not p.folded]
    streets = ("", *(["".join(map(str, table.board[:3]))] if table.board else []),
               *(str(c) for c in table.board[3:]))
    for street, board in enumerate(streets):
        if street:
            actions.append(f"d db {board}")
        for i, p in enumerate(players):
            if street == 0 and p.folded:
                actions.append(f"p{i + 1} f")
            elif not p.folded and len(live) > 1:
                actions.append(f"p{i + 1} cc")
    if len(live) > 1:
        for i in live:
            p = players[i]
            shown = "" if p.muck or not p.hole else " " + "".join(map(str, p.hole))
            actions.append(f"p{i + 1} sm{shown}")
    data: dict[str, Any] = {
        "variant": code,
        "antes": [p.contributed for p in players],
        "blinds_or_straddles": [0] * n,
        "min_bet": 1,
        "starting_stacks": [p.contributed + 1 for p in players],
        "actions": actions,
        "ante_trimming_status": True,
        "seats": order,
    }
    if any(p.name for p in players):
        data["players"] = [p.name for p in players]
    data.update(fields)
    return HandHistory(data)


def settlement_to_history(settlement: Settlement) -> HandHistory:
    """The replayed hand with our ``finishing_stacks`` and ``winnings``."""
    history = settlement.replay.history
    scale = settlement.replay.scale
    if settlement.finishing is None or settlement.winnings is None:
        return history
    return history.with_fields(
        finishing_stacks=[from_units(v, scale) for v in settlement.finishing],
        winnings=[from_units(v, scale) for v in settlement.winnings],
    )
