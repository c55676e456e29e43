"""The draw games' deals put in PHH's order: the rooms write a player's new cards as soon
as the player discards, PHH deals them once every player of the draw has discarded.
"""

from __future__ import annotations

__all__ = ["deals_after_draws"]


def deals_after_draws(events: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """The events with the cards dealt after a draw moved after the last discard of that
    draw: the rooms write a player's new cards at once, PHH (as pokerkit reads it) deals
    them when every player has discarded.

    >>> deals_after_draws([("A", "sd", "Kc"), ("A", "dh", "8d"), ("B", "sd", ""),
    ...                    ("A", "cc", "")])
    [('A', 'sd', 'Kc'), ('B', 'sd', ''), ('A', 'dh', '8d'), ('A', 'cc', '')]

    All in, the draws follow each other without a bet between: each draw's cards are
    dealt before the next draw's first discard (a player discarding again).

    >>> deals_after_draws([("A", "sd", "Kc"), ("A", "dh", "8d"), ("B", "sd", ""),
    ...                    ("A", "sd", "8d"), ("A", "dh", "2s"), ("B", "sd", "")])[2:4]
    [('A', 'dh', '8d'), ('A', 'sd', '8d')]
    """
    if "sd" not in [verb for _, verb, _ in events]:  # no draw (most hands): nothing moves
        return events
    out: list[tuple[str, str, str]] = []
    held: list[tuple[str, str, str]] = []
    drawing = False
    drew: set[str] = set()  # who discarded in this draw
    for event in events:
        verb = event[1]
        if verb == "sd":
            if event[0] in drew:  # the next draw
                out.extend(held)
                held = []
                drew.clear()
            drew.add(event[0])
            drawing = True
        elif verb == "dh" and drawing:
            held.append(event)
            continue
        else:
            drawing = False
            drew.clear()
            out.extend(held)
            held = []
        out.append(event)
    return out + held
