"""Vectorised evaluation of many hands at once with numpy.

>>> import numpy as np
>>> hands = np.array([[51, 47, 43, 39, 35], [20, 13, 9, 4, 0]])  # royal flush; 7-5-4-3-2
>>> evaluate_batch(hands).tolist()
[1, 7462]
>>> evaluate_batch([[51, 47, 43, 39, 51]])
Traceback (most recent call last):
...
showdown.cards.CardError: hands row 0 holds a card twice
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from showdown.cards import CardError
from showdown.hands.arrays import as_hands
from showdown.hands.high_batch import high_batch, high_omaha_batch

__all__ = ["evaluate_batch", "evaluate_omaha_batch"]


def evaluate_batch(
    ids: npt.ArrayLike,
    wrap: bool = False,
    *,
    check: bool = True,
    game: str | None = None,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """Ranks (uint16, 1..7462) of an integer array of card ids of shape (N, 5|6|7).

    Any integer dtype and any memory layout is read; ``uint8`` ids in a
    C-contiguous array are the fastest input (a seventh of int64's bytes). With
    the native kernel (``showdown.BACKEND == "native"``) one C loop does the
    work with the GIL released, so threads over chunks of rows use every core;
    the numpy path works in chunks of :data:`CHUNK` rows, so memory beyond the
    input and the output stays bounded for any N. Both give the same ranks and
    the same errors.

    Ids outside 0..51 are always a :class:`CardError` naming the first bad row;
    so is a card repeated in a row, unless ``check=False``. ``check=False``
    assumes that every row holds distinct cards: a row that repeats a card gets
    an unspecified rank (some number in 0..7462, possibly 0, which no real hand
    has), never an error, a crash or a read outside the tables. It saves a
    sixth to a third of the numpy path's time and little of the native one's
    (there the check is a bit count per row, added up over blocks of rows). ``wrap``: the
    R10 house rule.

    >>> evaluate_batch(np.array([[12, 8, 4, 0, 48, 1, 2]], dtype=np.uint8), check=False)
    array([10], dtype=uint16)
    >>> evaluate_batch(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, -1]], dtype=np.int8))
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: hands row 1 holds a card id outside 0..51

    ``game`` evaluates in any game of :mod:`showdown.variants` (see
    :mod:`showdown.hands.ladder_batch`): values of that game's ladder, 1 the best, or
    two columns (high, low) for stud hi-lo.

    >>> evaluate_batch([[20, 13, 9, 4, 0]], game="deuce-to-seven").tolist()  # 7-5-4-3-2
    [1]

    ``out``, a writable contiguous ``uint16`` array of shape (N,), receives the ranks and
    is returned, so that a loop over chunks reuses one array (no fresh allocation, no page
    faults in it per call: that is what lets threads scale). It is for the standard
    ladder only (``game`` None); after an error its contents are unspecified.

    >>> ranks = np.zeros(2, dtype=np.uint16)
    >>> hands = [[51, 47, 43, 39, 35], [20, 13, 9, 4, 0]]
    >>> evaluate_batch(hands, out=ranks) is ranks, ranks.tolist()
    (True, [1, 7462])
    """
    if game is not None:
        if out is not None:
            raise ValueError("out= is for the standard ladder's batches (game=None)")
        from showdown.hands.ladder_batch import evaluate_game_batch
        from showdown.variants import find_variant

        return evaluate_game_batch(ids, find_variant(game, wrap), check=check)
    return high_batch(as_hands(ids, (5, 6, 7), "hands"), wrap, check, out)


def evaluate_omaha_batch(
    hole: npt.ArrayLike,
    board: npt.ArrayLike,
    wrap: bool = False,
    *,
    check: bool = True,
    game: str | None = None,
) -> np.ndarray:
    """Omaha ranks: exactly two of each row of ``hole`` (N, 4..6) and three of ``board`` (N, 3..5).

    >>> evaluate_omaha_batch([[51, 47, 0, 5]], [[43, 39, 35, 2, 6]]).tolist()  # AsKs + QsJsTs
    [1]

    ``game="omaha-hi-lo"`` gives two columns, high and low (57: no qualifying low).
    """
    if game is not None:
        from showdown.hands.omaha_batch import evaluate_game_omaha_batch
        from showdown.variants import find_variant

        return evaluate_game_omaha_batch(hole, board, find_variant(game, wrap), check=check)
    holes = as_hands(hole, (4, 5, 6), "hole")
    boards = as_hands(board, (3, 4, 5), "board")
    if len(holes) != len(boards):
        raise CardError(f"hole has {len(holes)} rows but board has {len(boards)}")
    return high_omaha_batch(holes, boards, wrap, check)
