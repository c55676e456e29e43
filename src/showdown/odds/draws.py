"""Monte Carlo draws behind :mod:`showdown.odds.equity` (private): boards and ranged
players' deals drawn, ranked and tallied, in numpy or in the C kernel.

The boards come from the board universe of :mod:`showdown.odds.board_vectors` (its
records), the ranks from :mod:`showdown.odds.holdem_ranks` and the tallies from
:func:`~showdown.odds.showdown_counts.showdown_counts`; this module only draws.

>>> rows = floyd_sample(np.random.default_rng(1), 52, 5, 4)
>>> rows.shape, bool((rows < 52).all())
((4, 5), True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from showdown.hands import native
from showdown.odds.board_vectors import split_records
from showdown.odds.holdem_ranks import ComboSet, holdem_ranks_at
from showdown.odds.showdown_counts import new_counts, showdown_counts

__all__ = [
    "DEAL_ATTEMPTS",
    "deal_counts",
    "deal_picks",
    "draw_counts",
    "draw_ranks",
    "floyd_sample",
    "omaha_draw_counts",
    "omaha_draw_ranks",
    "sample_counts",
]


def sample_counts(
    records: np.ndarray,
    boards: np.ndarray,
    combos: Sequence[np.ndarray],
    picks: Sequence[np.ndarray | None],
    counts: np.ndarray,
) -> None:
    """Monte Carlo showdowns on already drawn boards, added to ``counts`` (P, 11).

    ``records`` are :meth:`~showdown.odds.board_vectors.Chunk.records` of the board
    universe, ``boards`` the drawn indices into them (int64); player p holds combo
    ``picks[p][i]`` of ``combos[p]`` (``(m, 2)`` ids) on board i, or its only combo if
    ``picks[p]`` is None. The numpy
    path's Monte Carlo; the native kernel draws its own boards (:func:`draw_counts`).
    """
    bm, mid, ss = split_records(records[boards])
    ranks = [
        holdem_ranks_at(bm, mid, ss, ComboSet.of(c), p) for c, p in zip(combos, picks, strict=True)
    ]
    counts += showdown_counts(ranks)[0]


def draw_counts(
    board: Sequence[int],
    live: Sequence[int],
    combos: Sequence[np.ndarray],
    picks: Sequence[np.ndarray | None],
    trials: int,
    seed: int,
    counts: np.ndarray,
) -> None:
    """Monte Carlo showdowns with the boards drawn by the native kernel, added to
    ``counts`` (P, 11): ``trials`` boards completing ``board`` from ``live`` (uniformly,
    missing the trial's hole cards), from a generator seeded with ``seed`` (0..2**64-1).
    Player p holds combo ``picks[p][i]`` of ``combos[p]`` in trial i, or its only combo.
    Native only (the numpy path samples from the board universe: see
    :func:`sample_counts`); the GIL is released, so threads scale.
    """
    _draw(board, live, combos, picks, trials, seed, counts, None)


def draw_ranks(
    board: Sequence[int],
    live: Sequence[int],
    combos: Sequence[np.ndarray],
    picks: Sequence[np.ndarray | None],
    trials: int,
    seed: int,
) -> list[np.ndarray]:
    """As :func:`draw_counts`, but each player's rank in each trial (uint16, one array per
    player), for trials that weigh differently (importance-weighted deals). Native only."""
    ranks = np.empty((len(combos), trials), dtype=np.uint16)
    _draw(board, live, combos, picks, trials, seed, new_counts(len(combos)), ranks)
    return list(ranks)


#: Attempts per trial (on average over a batch) past which :func:`deal_picks` gives up:
#: deals that fit this rarely are left to :class:`~showdown.odds.deals.DealSampler`.
DEAL_ATTEMPTS = 50


def deal_picks(
    masks: Sequence[np.ndarray], cumulative: Sequence[np.ndarray], trials: int, seed: int
) -> np.ndarray | None:
    """One combo index per ranged player and trial, ``(R, trials)`` int64, drawn by the
    native kernel: each deal whole, by the product of its combos' weights (``cumulative[p]``
    is player p's cumulative weights, ``masks[p]`` the combos' card masks), drawn again
    while two combos share a card, so every trial weighs the same. None when the deals
    needed more than :data:`DEAL_ATTEMPTS` attempts a trial. Native only.

    >>> m = [np.array([0b011, 0b110], dtype=np.uint64), np.array([0b001, 0b100], np.uint64)]
    >>> picks = deal_picks(m, [np.array([1.0, 2.0]), np.array([1.0, 2.0])], 4, seed=1)
    >>> sorted(set(zip(*picks.tolist())))  # the deals that fit: (0, 1) and (1, 0)
    [(0, 1), (1, 0)]
    """
    picks = np.empty((len(masks), trials), dtype=np.int64)
    used = native.native_tables(False).deal_picks(
        [np.ascontiguousarray(m, dtype=np.uint64) for m in masks],
        [np.ascontiguousarray(c, dtype=np.float64) for c in cumulative],
        picks,
        seed,
        DEAL_ATTEMPTS * trials + 10_000,
    )
    return None if used < 0 else picks


def deal_counts(
    board: Sequence[int],
    live: Sequence[int],
    combos: Sequence[np.ndarray],
    deal_groups: Sequence[tuple[Sequence[int], np.ndarray, np.ndarray]],
    trials: int,
    seed: int,
    counts: np.ndarray,
) -> bool:
    """Monte Carlo showdowns with the ranged players' deals drawn, the boards drawn and
    the showdowns tallied by the native kernel, added to ``counts`` (P, 11); False (and
    ``counts`` partly added) when the deals needed more than :data:`DEAL_ATTEMPTS`
    attempts a trial. ``combos[p]`` is player p's ``(m, 2)`` ids (m == 1: a fixed hand);
    ``deal_groups`` cover every ranged player once, each ``(members, columns,
    cumulative)``: the group's joint combos (``(D, members)`` combo indexes, no card
    twice) and their cumulative weights, as :func:`showdown.odds.deals.groups` lists them.
    Each trial draws one joint combo per group by weight, again whole while two share a
    card, so every trial weighs the same, then the board. Native only.

    >>> aces, kings = np.array([[48, 49], [50, 51]]), np.array([[44, 45], [46, 47]])
    >>> counts = new_counts(2)
    >>> groups = [([0, 1], np.array([[0, 0], [1, 1]]), np.cumsum([1.0, 2.0]))]
    >>> deal_counts([], range(52), [aces, kings], groups, 1000, 7, counts)
    True
    >>> int(counts[0, 1] + counts[1, 1] + counts[0, 2])  # wins and ties: every trial
    1000
    """
    used = native.native_tables(False).holdem_deals(
        np.asarray(board, dtype=np.int64),
        np.asarray(live, dtype=np.int64),
        [(np.ascontiguousarray(c, dtype=np.int64).ravel(), None) for c in combos],
        [
            (
                np.asarray(members, dtype=np.int64),
                np.ascontiguousarray(columns, dtype=np.int64).ravel(),
                np.ascontiguousarray(cumulative, dtype=np.float64),
            )
            for members, columns, cumulative in deal_groups
        ],
        trials,
        seed,
        counts,
        DEAL_ATTEMPTS * trials + 10_000,
    )
    return bool(used >= 0)


def omaha_draw_ranks(
    board: Sequence[int],
    live: Sequence[int],
    combos: Sequence[np.ndarray | None],
    picks: Sequence[np.ndarray | None],
    trials: int,
    seed: int,
    dealt: Sequence[int] = (),
    cards: np.ndarray | None = None,
) -> list[np.ndarray]:
    """Omaha Monte Carlo with the boards drawn by the native kernel: each player's best
    Omaha rank in each of ``trials`` trials (uint16, one array per player). ``combos[p]``
    is ``(m, 4..6)`` ids, ``picks`` as in :func:`draw_counts`. The players in ``dealt``
    hold random hands instead, dealt from ``live`` each trial with the board (their
    combos are not read). ``cards`` (uint8, ``(trials, hole x len(dealt) + missing board
    cards)``), when given, receives the cards each trial dealt. Native only.

    >>> ranks = omaha_draw_ranks([], range(52), [None, None], [None, None], 3, 1, (0, 1))
    >>> [r.shape for r in ranks]
    [(3,), (3,)]
    """
    ranks = np.empty((len(combos), trials), dtype=np.uint16)
    _omaha_draw(board, live, combos, picks, trials, seed, dealt, ranks, cards, None)
    return list(ranks)


def omaha_draw_counts(
    board: Sequence[int],
    live: Sequence[int],
    combos: Sequence[np.ndarray | None],
    picks: Sequence[np.ndarray | None],
    trials: int,
    seed: int,
    dealt: Sequence[int],
    counts: np.ndarray,
) -> None:
    """As :func:`omaha_draw_ranks` (the same draws for the same seed), the showdowns added
    to ``counts`` (P, 11) in the kernel instead of each trial's ranks returned: for trials
    that weigh the same. Native only.

    >>> counts = new_counts(2)
    >>> omaha_draw_counts([], range(52), [None, None], [None, None], 100, 1, (0, 1), counts)
    >>> int(counts[0, 1] + counts[1, 1] + counts[0, 2])
    100
    """
    _omaha_draw(board, live, combos, picks, trials, seed, dealt, None, None, counts)


def _omaha_draw(
    board: Sequence[int],
    live: Sequence[int],
    combos: Sequence[np.ndarray | None],
    picks: Sequence[np.ndarray | None],
    trials: int,
    seed: int,
    dealt: Sequence[int],
    ranks: np.ndarray | None,
    cards: np.ndarray | None,
    counts: np.ndarray | None,
) -> None:
    hole = next((c.shape[1] for i, c in enumerate(combos) if i not in dealt and c is not None), 4)
    players = [
        None if i in dealt or c is None else _kernel_players([c], [p])[0]
        for i, (c, p) in enumerate(zip(combos, picks, strict=True))
    ]
    native.native_tables().omaha_draw(
        np.asarray(board, dtype=np.int64),
        np.asarray(live, dtype=np.int64),
        hole,
        players,
        trials,
        seed,
        ranks,
        cards,
        counts,
    )


def _kernel_players(
    combos: Sequence[np.ndarray], picks: Sequence[np.ndarray | None]
) -> list[tuple[np.ndarray, np.ndarray | None]]:
    """The players as the kernel's draws read them: flattened int64 combos, int64 picks."""
    return [
        (
            np.ascontiguousarray(c, dtype=np.int64).ravel(),
            None if p is None else np.ascontiguousarray(p, dtype=np.int64),
        )
        for c, p in zip(combos, picks, strict=True)
    ]


def _draw(
    board: Sequence[int],
    live: Sequence[int],
    combos: Sequence[np.ndarray],
    picks: Sequence[np.ndarray | None],
    trials: int,
    seed: int,
    counts: np.ndarray,
    ranks: np.ndarray | None,
) -> None:
    kernel = native.native_tables(False)
    kernel.holdem_draw(
        np.asarray(board, dtype=np.int64),
        np.asarray(live, dtype=np.int64),
        _kernel_players(combos, picks),
        trials,
        seed,
        counts,
        ranks,
    )


def floyd_sample(rng: np.random.Generator, n: int, k: int, size: int) -> np.ndarray:
    """``size`` uniform random ``k``-subsets of ``range(n)`` by Floyd's algorithm: (size, k).

    >>> rows = floyd_sample(np.random.default_rng(1), 6, 3, 1000)
    >>> bool((np.sort(rows, axis=1)[:, 1:] > np.sort(rows, axis=1)[:, :-1]).all())
    True
    """
    out = np.empty((size, k), dtype=np.int64)
    for j, top in enumerate(range(n - k, n)):
        pick = rng.integers(0, top + 1, size)
        taken = np.zeros(size, dtype=bool)
        for i in range(j):
            taken |= out[:, i] == pick
        out[:, j] = np.where(taken, top, pick)
    return out
