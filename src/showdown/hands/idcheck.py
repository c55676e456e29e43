"""The errors of bad card ids given to the scalar fast paths, shared by both backends.

The hot paths (:func:`showdown.evaluate_ids`, :func:`showdown.evaluate_omaha_ids`,
native or Python) only notice that something is wrong; these functions, called
then, say what: the same message whichever backend ran.

>>> ids_error([0, 1, 2, 3])
Traceback (most recent call last):
...
showdown.cards.CardError: evaluate_ids takes 5 to 7 cards, not 4
>>> ids_error([0, 1, 2, 3, 52])
Traceback (most recent call last):
...
showdown.cards.CardError: card id 52 is outside 0..51
>>> ids_error([51, 1, 2, 3, 51])
Traceback (most recent call last):
...
showdown.cards.CardError: card As (id 51) is given twice
>>> omaha_ids_error([0], [4, 5, 6])
Traceback (most recent call last):
...
showdown.cards.CardError: Omaha needs 4 to 6 hole cards, got 1
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NoReturn

from showdown.cards import Card, CardError


def _ids(cards: Any, what: str) -> list[int]:
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise CardError(f"{what} takes a sequence of card ids or Cards, not {cards!r}")
    return [c.id if isinstance(c, Card) else Card.from_id(c).id for c in cards]


def _repeated(ids: list[int]) -> None:
    seen: set[int] = set()
    for card in ids:
        if card in seen:
            raise CardError(f"card {Card.from_id(card)} (id {card}) is given twice")
        seen.add(card)


def ids_error(cards: Any) -> NoReturn:
    """Raise the :class:`CardError` that explains why ``cards`` cannot be evaluated."""
    ids = _ids(cards, "evaluate_ids")
    if not 5 <= len(ids) <= 7:
        raise CardError(f"evaluate_ids takes 5 to 7 cards, not {len(ids)}")
    _repeated(ids)
    raise AssertionError(f"evaluate_ids rejected valid cards {ids}")  # pragma: no cover


def omaha_ids_error(hole: Any, board: Any) -> NoReturn:
    """Raise the :class:`CardError` that explains why an Omaha hand cannot be evaluated."""
    hole_ids = _ids(hole, "evaluate_omaha_ids")
    board_ids = _ids(board, "evaluate_omaha_ids")
    if not 4 <= len(hole_ids) <= 6:
        raise CardError(f"Omaha needs 4 to 6 hole cards, got {len(hole_ids)}")
    if not 3 <= len(board_ids) <= 5:
        raise CardError(f"Omaha needs 3 to 5 board cards, got {len(board_ids)}")
    _repeated(hole_ids + board_ids)
    raise AssertionError(f"evaluate_omaha_ids rejected {hole_ids} {board_ids}")  # pragma: no cover
