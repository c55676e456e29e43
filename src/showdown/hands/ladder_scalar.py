"""One hand at a time in any ladder: every evaluator of card ids, assembled here.

:func:`ladder_evaluator` gives a ladder's scalar evaluator, built once per backend
and kept, and :func:`ladder_omaha_evaluator` its Omaha one. This module is the only
one that assembles them, in one direction: it asks
:func:`~showdown.hands.rank_tables.tables_for` for the ladder's tables in the form the
evaluator reads, the kernel (:func:`~showdown.hands.native.kernel_tables`) for its
``Tables`` on the native backend, then hands the tables to a loop of
:mod:`showdown.hands.scalar` (the standard rules) or
:mod:`showdown.hands.ladder_loops` (any ladder), which asks for nothing.
:func:`ladder_ids` and :func:`ladder_omaha_ids` evaluate one hand on the backend in
use; :func:`value_ids` picks the evaluation of a player's hand in a game.

>>> from showdown.variants import ACE_TO_FIVE
>>> ladder_ids([3, 6, 11, 15, 48], ACE_TO_FIVE)  # 2s 3h 4s 5s Ac: the wheel, best A-5 low
1
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, cast

from showdown.hands import ladder_loops, native, rank_tables, scalar
from showdown.hands.ladder_loops import Evaluator, OmahaEvaluator
from showdown.variants import EIGHT_OR_BETTER, HIGH, HIGH_WRAP, Ladder, Variant

if TYPE_CHECKING:
    from showdown.hands.native import Backend
    from showdown.hands.rank_tables import Buffers, ScalarRankTables

__all__ = [
    "Evaluator",
    "OmahaEvaluator",
    "ladder_evaluator",
    "ladder_ids",
    "ladder_omaha_evaluator",
    "ladder_omaha_ids",
    "value_ids",
]


#: Every evaluator built so far, by backend: of any hand size by ladder key (what
#: :func:`ladder_ids` reads), for Omaha by ladder key, and of one size by ladder key and
#: size. Switching back and forth is free.
_ANY_SIZE: dict[Backend, dict[str, Callable[..., int]]] = {name: {} for name in native.NAMES}
_OMAHA: dict[Backend, dict[str, Callable[..., int]]] = {name: {} for name in native.NAMES}
_ONE_SIZE: dict[Backend, dict[tuple[str, int], Callable[..., int]]] = {
    name: {} for name in native.NAMES
}


def ladder_evaluator(ladder: Ladder, cards: int | None = None) -> Evaluator:
    """The scalar evaluator of ``ladder`` on the backend in use: a function of card ids
    (unchecked, as :func:`ladder_ids`) built once per ladder, for a hot loop to hold on
    to. On the native backend a 5-7 card ladder's is the kernel's ``rank`` (which checks
    its input, as :func:`showdown.hands.scalar.evaluate_ids` does there); the standard
    rules' numpy one is :func:`showdown.hands.scalar.python_evaluator`'s loop. ``cards``:
    when every hand of the loop has that many cards, the numpy path's function for that
    size alone (it skips the dispatch on the length; other sizes are then an error).

    >>> from showdown.variants import ACE_TO_FIVE, DEUCE_TO_SEVEN
    >>> deuce = ladder_evaluator(DEUCE_TO_SEVEN)
    >>> deuce([20, 13, 9, 4, 0]), deuce([16, 13, 9, 5, 1])  # 7-5-4-3-2; a 6-5-4-3-2 straight
    (1, 5855)
    >>> ladder_evaluator(ACE_TO_FIVE, cards=5)([3, 6, 11, 15, 48])  # A-2-3-4-5, the best
    1
    """
    return _kept(ladder, native.current(), cards, omaha=False)


def ladder_omaha_evaluator(ladder: Ladder) -> OmahaEvaluator:
    """The Omaha evaluator of ``ladder`` on the backend in use (exactly two hole and
    three board cards), built once: the standard rules' is the kernel's ``omaha`` or
    :func:`showdown.hands.scalar.python_omaha`'s loop; eight-or-better reads its low
    ranks' mask; any other ladder takes the best of its scalar evaluator."""
    return _kept(ladder, native.current(), None, omaha=True)


def _kept(ladder: Ladder, backend: Backend, cards: int | None, omaha: bool) -> Callable[..., int]:
    """The evaluator of ``ladder`` on ``backend`` (``cards``: of that size alone;
    ``omaha``: the Omaha one), assembled on the first call and kept."""
    made: dict[Any, Callable[..., int]] = (_OMAHA if omaha else _ANY_SIZE)[backend]
    key: Hashable = ladder.key
    if cards is not None:
        made = _ONE_SIZE[backend]
        key = (ladder.key, cards)
    found = made.get(key)
    if found is None:
        found = made[key] = _assemble(ladder, backend, cards, omaha)
    return found


def _assemble(
    ladder: Ladder, backend: Backend, cards: int | None, omaha: bool
) -> Callable[..., int]:
    """The evaluator of ``ladder`` on ``backend`` (``omaha``: the Omaha one): the tables
    asked for once, then handed to the loop that reads them."""
    standard = ladder is HIGH or ladder is HIGH_WRAP
    if omaha and ladder.key == EIGHT_OR_BETTER.key:
        form = "low"  # the Python loop on both backends: a low is the set of low ranks
    elif backend == "native" and (standard or ladder.cards == 5):
        form = "kernel"
    else:
        form = "scalar"
    tables = rank_tables.tables_for(ladder, form, cards)
    kernel = native.kernel_tables(ladder.key, cast("Buffers", tables)) if form == "kernel" else None
    python_tables = cast("ScalarRankTables", tables)  # read only when form == "scalar"
    if form == "scalar" and standard and cards is None:
        if omaha:
            return scalar.python_omaha(python_tables)
        return scalar.python_evaluator(python_tables)
    if kernel is not None and (standard or not omaha):
        return kernel.omaha if omaha else kernel.rank  # type: ignore[no-any-return]
    if form == "low":
        return ladder_loops.omaha_low_evaluator(cast("tuple[int, ...]", tables))
    if kernel is not None:
        five: Evaluator = kernel.rank
    elif ladder.cards == 4:
        five = ladder_loops.badugi_evaluator(python_tables, cards)
    elif ladder.flushes:
        five = ladder_loops.flush_evaluator(python_tables, cards)
    else:
        five = ladder_loops.suitless_evaluator(python_tables, cards)
    # Past the worst value is no hand (showdown.hands.ladders.no_hand).
    return ladder_loops.omaha_fives_evaluator(five, ladder.size + 1) if omaha else five


def ladder_ids(ids: Sequence[int], ladder: Ladder) -> int:
    """The value (1 = best) of card ids in ``ladder`` on the backend in use: the best five
    of 5-7 cards, or a four-card badugi hand. ``no_hand(ladder)`` when nothing qualifies.

    No checking (ids must be distinct and of the ladder's deck), like
    :func:`showdown.hands.scalar.evaluate_ids`.
    """
    evaluate = _ANY_SIZE[native.current()].get(ladder.key) or ladder_evaluator(ladder)
    return evaluate(ids)


def ladder_omaha_ids(hole: Sequence[int], board: Sequence[int], ladder: Ladder) -> int:
    """The best value from exactly two of ``hole`` and three of ``board`` (Omaha), on the
    backend in use.

    >>> from showdown.variants import EIGHT_OR_BETTER
    >>> ladder_omaha_ids([48, 1, 44, 45], [6, 11, 16, 50, 51], EIGHT_OR_BETTER)  # 6-4-3-2-A
    2
    """
    evaluate = _OMAHA[native.current()].get(ladder.key) or ladder_omaha_evaluator(ladder)
    return evaluate(hole, board)


def value_ids(
    hole: Sequence[int], board: Sequence[int], variant: Variant, ladder: Ladder
) -> int | None:
    """The best value (1 = best) of ``ladder`` from a player's hole and board ids in
    ``variant``, or ``None`` when nothing qualifies (no eight-or-better low). Unchecked.
    The one dispatch that pots and equity share.

    >>> from showdown.variants import find_variant
    >>> o8 = find_variant("omaha-hi-lo")
    >>> [value_ids((48, 0, 5, 44), (4, 13, 21, 38, 30), o8, ladder) for ladder in o8.ladders]
    [5766, 8]
    >>> value_ids((48, 44, 40, 36), (4, 13, 21), o8, o8.ladders[1]) is None  # no low
    True
    """
    backend = native.current()
    if variant.use == "omaha":
        evaluate = _OMAHA[backend].get(ladder.key)
        if evaluate is not None:  # every call but the first of this ladder on this backend
            value = evaluate(hole, board)
            return None if value > ladder.size else value  # past the worst: no_hand(ladder)
    else:
        evaluate = _ANY_SIZE[backend].get(ladder.key)
        if evaluate is not None:
            value = evaluate((*hole, *board))
            return None if value > ladder.size else value
    # The first call of this ladder on this backend: its evaluator assembled and kept.
    omaha = variant.use == "omaha"
    found = _kept(ladder, backend, None, omaha)
    value = found(hole, board) if omaha else found((*hole, *board))
    return None if value > ladder.size else value
