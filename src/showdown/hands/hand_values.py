"""A player's value per ladder from card ids: the one dispatch that pots and equity share.

>>> from showdown.variants import find_variant
>>> o8 = find_variant("omaha-hi-lo")
>>> [value_ids((48, 0, 5, 44), (4, 13, 21, 38, 30), o8, ladder) for ladder in o8.ladders]
[5766, 8]
>>> value_ids((48, 44, 40, 36), (4, 13, 21), o8, o8.ladders[1]) is None  # no low
True
"""

from __future__ import annotations

from collections.abc import Sequence

from showdown.hands.ladders import ladder_ids, ladder_omaha_ids, no_hand
from showdown.hands.value import evaluate_ids, evaluate_ids_wrap, evaluate_omaha_ids
from showdown.variants import HIGH, HIGH_WRAP, Ladder, Variant

__all__ = ["value_ids"]


def value_ids(
    hole: Sequence[int], board: Sequence[int], variant: Variant, ladder: Ladder
) -> int | None:
    """The best value (1 = best) of ``ladder`` from a player's hole and board ids in
    ``variant``, or ``None`` when nothing qualifies (no eight-or-better low). Unchecked."""
    if variant.use == "omaha":
        if ladder is HIGH or ladder is HIGH_WRAP:
            return evaluate_omaha_ids(hole, board, ladder is HIGH_WRAP)
        value = ladder_omaha_ids(hole, board, ladder)
    elif ladder is HIGH:
        return evaluate_ids((*hole, *board))
    elif ladder is HIGH_WRAP:
        return evaluate_ids_wrap((*hole, *board))
    else:
        value = ladder_ids((*hole, *board), ladder)
    return None if value == no_hand(ladder) else value
