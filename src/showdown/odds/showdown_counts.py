"""Showdown counts: how many showdowns each player won alone or split k ways.

A count table has :data:`TALLY` columns per player (``counts[p, k]``: showdowns won
as one of ``k`` best hands); :class:`Tally` sums it into wins, ties and pot shares.
:func:`showdown_counts` counts ranks in numpy, :func:`exact_counts` has the native
kernel count every board of each deal.

>>> c = showdown_counts([np.array([1, 5, 5]), np.array([2, 5, 1])])
>>> Tally.of(c[0]).share.tolist()
[1.5, 1.5]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from showdown.hands import native

__all__ = ["TALLY", "Tally", "exact_counts", "new_counts", "showdown_counts"]

#: Columns of a showdown count table: ``counts[p, k]`` is the number of showdowns
#: player p won as one of ``k`` best hands (k = 1: alone; 2..10: a split).
TALLY = 11


@dataclass
class Tally:
    """Per-player sums over showdowns: wins, ties and pot shares (and shares squared)."""

    win: np.ndarray
    tie: np.ndarray
    share: np.ndarray
    share_sq: np.ndarray

    @classmethod
    def of(cls, counts: np.ndarray, weights: np.ndarray | None = None) -> Tally:
        """The sums of a count table ``(P, 11)``, or of ``(D, P, 11)`` tables weighted by deal.

        Both backends produce the same integer counts, so the same floats come out.

        >>> t = Tally.of(np.array([[0, 3, 1] + [0] * 8, [0, 0, 1] + [0] * 8]))
        >>> t.win.tolist(), t.tie.tolist(), t.share.tolist()
        ([3.0, 0.0], [1.0, 1.0], [3.5, 0.5])
        """
        c = counts.astype(float)
        if weights is not None:  # tensordot's own product, without its Python around it
            w = np.asarray(weights, dtype=float).reshape(1, -1)
            c = np.dot(w, c.reshape(len(c), -1)).reshape(c.shape[1:])
        k = np.arange(1, TALLY, dtype=float)
        ties = c[:, 2:].sum(axis=1)
        share = (c[:, 1:] / k).sum(axis=1)
        share_sq = (c[:, 1:] / (k * k)).sum(axis=1)
        return cls(c[:, 1].copy(), ties, share, share_sq)


def new_counts(players: int, deals: int | None = None) -> np.ndarray:
    """A zero count table: ``(players, 11)``, or ``(deals, players, 11)``."""
    shape = (players, TALLY) if deals is None else (deals, players, TALLY)
    return np.zeros(shape, dtype=np.int64)


def showdown_counts(ranks: Sequence[np.ndarray], valid: np.ndarray | None = None) -> np.ndarray:
    """Count showdowns of several deals at once (numpy path).

    ``ranks[p]`` is player p's ranks, shape ``(L,)`` (same for every deal) or
    ``(B, L)``: deal b, board i. ``valid`` (``(B, L)`` or ``(L,)``) marks the boards
    that count. Returns ``(B, P, 11)`` counts (see :data:`TALLY`).

    >>> c = showdown_counts([np.array([1, 5, 5]), np.array([2, 5, 1])])
    >>> c[0, :, :3].tolist()
    [[0, 1, 1], [0, 1, 1]]
    """
    players = len(ranks)
    arrays = [np.atleast_2d(r) for r in ranks]
    if valid is not None:
        valid = np.atleast_2d(valid)
    shape = np.broadcast_shapes(*(r.shape for r in arrays))
    out = np.zeros((shape[0], players, TALLY), dtype=np.int64)
    if players == 2:
        a, b = arrays
        lt, gt, eq = a < b, b < a, a == b
        if valid is not None:
            lt, gt, eq = lt & valid, gt & valid, eq & valid
        out[:, 0, 1] = np.count_nonzero(lt, axis=-1)
        out[:, 1, 1] = np.count_nonzero(gt, axis=-1)
        out[:, 0, 2] = out[:, 1, 2] = np.count_nonzero(eq, axis=-1)
        return out
    best = arrays[0]
    for r in arrays[1:]:
        best = np.minimum(best, r)
    is_best = [np.broadcast_to(r == best, shape) for r in arrays]
    if valid is not None:
        is_best = [x & valid for x in is_best]
    count = np.zeros(shape, dtype=np.int8)
    for x in is_best:
        count += x
    for k in range(1, players + 1):
        at_k = count == k
        if not at_k.any():
            continue
        for p in range(players):
            out[:, p, k] = np.count_nonzero(is_best[p] & at_k, axis=-1)
    return out


def exact_counts(
    board: Sequence[int], deck: Sequence[int], holes: np.ndarray, merge: bool = True
) -> np.ndarray:
    """Native exact Hold'em: ``(D, P, 11)`` counts of every board for each deal.

    ``holes`` is ``(D, P, 2)``: each deal's hole cards; the boards complete
    ``board`` with cards of ``deck`` (ascending, without the board, the dead
    cards and the fixed hands) less the deal's own hole cards. The native
    kernel must be in use (see :func:`showdown.hands.native.kernel`). With
    ``merge`` the kernel counts flushless boards by rank multiset and walks only
    the flush boards card by card (see ``holdem_merged.c``); without, it walks
    every board. The counts are the same.
    """
    kernel = native.kernel()
    if kernel is None:
        raise RuntimeError("exact_counts needs the native kernel")
    holes = np.ascontiguousarray(holes, dtype=np.int64)
    counts = new_counts(holes.shape[1], holes.shape[0])
    kernel.holdem_exact(
        np.array(sorted(deck), dtype=np.int64),
        np.array(board, dtype=np.int64),
        holes.ravel(),
        counts,
        merge,
    )
    return counts
