"""The PHH variants the readers write, by what the builder does with each: the hole cards
dealt, fixed limit or not, stud (a bring-in), hole cards dealt in steps, a board card
dealt before the first betting round.

>>> HOLE_CARDS["PO"], fixed("FT"), fixed("NT"), "FR" in STUD, "F2L3D" in DEALT_IN_STEPS
(4, True, False, True, True)
"""

from __future__ import annotations

__all__ = ["DEALT_IN_STEPS", "FIRST_BOARD", "FIXED", "HOLE_CARDS", "STUD", "fixed"]

#: Hole cards dealt in each PHH variant the readers write.
HOLE_CARDS = {"NT": 2, "FT": 2, "NS": 2, "PO": 4, "FO/8": 4, "F7S": 7, "F7S/8": 7, "FR": 7,
              "F2L3D": 5, "N2L1D": 5, "FB": 4, "PT": 2, "PO/8": 4, "P5O": 5, "P5O/8": 5,
              "N5CD": 5, "P5CD": 5, "F5CD": 5, "NO": 4, "FO": 4, "NO/8": 4, "P6O": 6,
              "PCO": 5, "PCO/8": 5}
#: The fixed-limit variants (``small_bet`` and ``big_bet``).
FIXED = frozenset({"FT", "FO/8", "FO", "F7S", "F7S/8", "FR", "F2L3D", "FB", "F5CD"})
#: Stud games: a bring-in instead of blinds.
STUD = frozenset({"F7S", "F7S/8", "FR"})
#: Games whose hole cards are dealt street by street or after draws
#: (:meth:`~showdown.phh.rooms.builder.HandBuilder.deal`).
DEALT_IN_STEPS = STUD | {"F2L3D", "N2L1D", "FB", "N5CD", "P5CD", "F5CD"}
#: Games that deal a board card face up before the first betting round (Courchevel: the
#: first flop card), read with :meth:`~showdown.phh.rooms.builder.HandBuilder.first_board`;
#: their flop brings two more.
FIRST_BOARD = frozenset({"PCO", "PCO/8"})


def fixed(variant: str) -> bool:
    """Whether a variant the readers write is fixed limit (``small_bet`` and ``big_bet``)."""
    return variant in FIXED
