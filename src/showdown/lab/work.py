"""The calculations behind the lab's page, on the library's public API.

- :func:`equity_work`: the players' equity, as the JSON of ``showdown equity
  --json`` plus the note saying how it was computed; in Hold'em and Omaha also
  each combo's equity (``showdown.per_combo_equity``), each player's equity
  distribution and, on a flop, turn or river, how each range hits the board
  (``showdown.breakdown``);
- :func:`heatmap_work`: the preflop heat map, each of the 169 classes against a
  range (``showdown.matrix(vs=...)``), exact;
- :func:`grid_view`: a Hold'em range as the grid sees it, a weight per class.

>>> view = grid_view("QQ+, AKs, AhKd:0.5")
>>> view["classes"]["QQ"], view["classes"]["AKs"], round(view["classes"]["AKo"], 4)
(1.0, 1.0, 0.0417)
>>> view["text"], view["combos"]
('QQ+, AKs, AhKd:0.5', 23)
>>> grid_view("AhKh, AsKs", cell="AKs")["cell"]
{'AsKs': 1.0, 'AhKh': 1.0, 'AdKd': 0.0, 'AcKc': 0.0}
>>> grid_view("QQ, AhKh:0.5", per_combo=True)["per_combo"]
{'AhKh': 0.5, 'QsQh': 1.0, 'QsQd': 1.0, 'QsQc': 1.0, 'QhQd': 1.0, 'QhQc': 1.0, 'QdQc': 1.0}
>>> work = equity_work(read_spot({"players": ["AhKh", "2c2d"], "board": "Qh Jh 3c"}))
>>> from showdown.lab.jobs import Control, Job
>>> doc = work(Control(Job("1", "tab")))
>>> [round(p["equity"], 4) for p in doc["players"]], len(doc["per_combo"][1])
([0.6475, 0.3525], 1)
>>> doc["breakdown"][1]["made"]["set"], doc["distribution"][0]
(0.0, [[1.0, 0.64747]])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from showdown.lab.inputs import Spot, read_spot
from showdown.lab.jobs import Control, JobError

__all__ = ["PER_COMBO_GAMES", "equity_work", "grid_view", "heatmap_work", "read_spot"]


def equity_work(spot: Spot) -> Callable[[Control], dict[str, Any]]:
    """The job computing the spot's equity (exact when it fits, else Monte Carlo)."""

    def run(control: Control) -> dict[str, Any]:
        progress = control.progress
        if spot.game not in PER_COMBO_GAMES:
            from showdown.odds.equity import equity

            result = equity(
                list(spot.players),
                board=spot.board or None,
                dead=spot.dead or None,
                game=spot.game,
                progress=progress,
            )
            doc = result.to_json()
            doc["note"] = result.note or ""
            doc["kind"] = "equity"
            return doc
        from showdown.odds.per_combo import per_combo_equity

        combos = per_combo_equity(
            list(spot.players),
            board=spot.board or None,
            dead=spot.dead or None,
            game=spot.game,
            progress=progress,
        )
        doc = combos.to_json()
        doc["note"] = combos.result.note or ""
        doc["kind"] = "equity"
        doc["distribution"] = [
            [[round(share, 5), round(eq, 5)] for share, eq in curve]
            for curve in combos.distribution()
        ]
        doc["breakdown"] = _breakdowns(spot)
        return doc

    return run


#: The games whose equity comes per combo (the others: equity alone).
PER_COMBO_GAMES = ("holdem", "omaha")


def _breakdowns(spot: Spot) -> list[dict[str, Any]] | None:
    """How each player's hand or range hits the board given the other players' cards
    (None before the flop)."""
    from showdown.odds.ranges.breakdown import breakdown

    if len(spot.board.replace(" ", "").replace(",", "")) < 6:
        return None
    players = spot.players
    return [
        breakdown(
            text,
            spot.board,
            dead=spot.dead or None,
            game=spot.game,
            against=players[:seat] + players[seat + 1 :],
        ).to_json()
        for seat, text in enumerate(players)
    ]


def heatmap_work(spot: Spot) -> Callable[[Control], dict[str, Any]]:
    """The job computing the preflop heat map: every class against player 2's range
    (the villain of the first player), exact over all boards."""
    if spot.game != "holdem":
        raise JobError("game", "the heat map is for Hold'em")
    if spot.board or spot.dead:
        raise JobError("board", "the heat map is preflop: clear the board and the dead cards")

    def run(control: Control) -> dict[str, Any]:
        from showdown.odds.matrix import matrix
        from showdown.odds.parallel import local_pool, stop_pool, worker_count

        # The work's own pool, stopped at once on cancel: the first progress report
        # comes only once a worker has started and finished a row.
        pool = local_pool(worker_count())
        control.on_cancel(lambda: stop_pool(pool))
        try:
            doc = matrix(vs=spot.players[1], executor=pool, progress=control.progress).to_json()
        finally:
            stop_pool(pool)
        doc["kind"] = "heatmap"
        return doc

    return run


def grid_view(text: str, cell: str | None = None, per_combo: bool = False) -> dict[str, Any]:
    """A Hold'em range as the grid sees it: each class's weight (the mean weight of
    its combos), the count of combos, their share of all 1,326 and the range's text
    (``canonical`` is the compact text of the same combos); with ``cell`` (a class
    such as ``AKs``), also the weight of each of that class's combos, for the
    grid's suit picker; with ``per_combo``, the weight of every combo in the range
    (the combo table's filter by a selected sub-range)."""
    from showdown.odds.ranges import parse_range
    from showdown.odds.ranges.preflop import CLASSES, class_combos

    rng = parse_range(text) if text.strip() else None
    classes: dict[str, float] = {}
    total = 0.0
    for name in CLASSES:
        combos = class_combos(name)
        weight = sum(rng.weight(c) for c in combos) if rng is not None else 0.0
        total += weight
        if weight > 0:
            classes[name] = weight / len(combos)
    view: dict[str, Any] = {
        "classes": classes,
        "combos": 0 if rng is None else len(rng),
        "share": total / 1326,
        "text": "" if rng is None else str(rng),
        "canonical": "" if rng is None else rng.canonical(),
    }
    if cell is not None:
        view["cell"] = {
            combo: 0.0 if rng is None else rng.weight(combo) for combo in cell_combos(cell)
        }
    if per_combo:
        view["per_combo"] = {}
        if rng is not None:
            for name in CLASSES:
                for combo in cell_combos(name):
                    weight = rng.weight(combo)
                    if weight > 0:
                        view["per_combo"][combo] = weight
    return view


_SUITS = "shdc"


def cell_combos(name: str) -> list[str]:
    """The combos of one grid class, as text, spades first.

    >>> cell_combos("AKs"), len(cell_combos("AKo")), cell_combos("22")[:2]
    (['AsKs', 'AhKh', 'AdKd', 'AcKc'], 12, ['2s2h', '2s2d'])
    """
    from showdown.odds.ranges.preflop import CLASSES

    if name not in CLASSES:
        raise ValueError(f"{name!r} is not a class of the grid (such as AKs, AKo or QQ)")
    high, low = name[0], name[1]
    if high == low:
        return [high + a + low + b for i, a in enumerate(_SUITS) for b in _SUITS[i + 1 :]]
    if name.endswith("s"):
        return [high + s + low + s for s in _SUITS]
    return [high + a + low + b for a in _SUITS for b in _SUITS if a != b]
