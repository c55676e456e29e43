"""The result of replaying a hand (:class:`Replay`), shared by both replays.

:func:`showdown.phh.engine.replay` returns it; :mod:`showdown.phh.settlement`
turns it into a :class:`~showdown.pots.table.Table`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from showdown.phh.notation import HandHistory
    from showdown.phh.variant_rules import VariantRules

__all__ = ["Replay"]


@dataclass(slots=True)
class Replay:
    """A replayed hand: what each player put in, who folded or mucked, the cards.

    Lists are per player in the file's order. ``holes[i]`` holds the card
    texts (``"??"`` unknown); ``last_aggressor`` is the player index of the
    last bet or raise of the final betting round (``None``: everyone checked).
    Amounts are in units of ``1 / scale`` of the file's numbers.
    """

    history: HandHistory
    rules: VariantRules
    scale: int
    starting: list[int]
    contributed: list[int]
    folded: list[bool]
    mucked: list[bool]
    holes: list[list[str]]
    board: list[str]
    last_aggressor: int | None
    #: Actions the file leaves out, filled in by ``repair`` (a check, or a fold to a bet).
    inferred: list[str] = field(default_factory=list)
    #: The antes each player paid (part of ``contributed``).
    antes: list[int] = field(default_factory=list)
    #: ``None`` for a hand played to its end; for a history whose actions stop before,
    #: what comes next (``"p3 to act"``): the hand is replayed as far as written, not settled.
    partial: str | None = None
    #: The boards of a hand run more than once (``_runout_count``), the first run's first;
    #: empty when it was run once (``board`` is then the only one; else the first run's).
    boards: list[list[str]] = field(default_factory=list)
