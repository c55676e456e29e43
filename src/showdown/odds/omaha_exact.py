"""Exact Omaha equity over enumerated boards, any board size from preflop on (private).

The boards completing the known cards with ``need`` cards of the live deck (the
deck less the board, the dead cards and the fixed hands) are numbered in colex
order of their deck positions: board ``b`` is the ``b``-th ``need``-subset, ``b =
C(p1, 1) + C(p2, 2) + ...`` for positions ``p1 < p2 < ...`` (:func:`board_cards`).
A task takes a block of those boards and a slice of the deals (one combo per
ranged player, no card twice): it ranks every combo its deals use once on every
board of the block (:func:`board_ranks`: the native kernel's ``omaha_boards``, or
numpy with the same integers), then counts each deal's showdowns on the boards
that share no card with the deal (the kernel's ``omaha_deal_counts``, or
:func:`showdown.odds.showdown_counts.showdown_counts`). A board touching a combo ranks 0
there, which no hand ranks, so that test is a comparison. Counts are integers summed per deal,
so the result does not depend on how the work was split.

>>> deck = [c for c in range(52) if c not in (48, 49, 44, 45, 40, 41, 36, 37)]
>>> board_count(len(deck), 5)  # a hand against a hand preflop
1086008
>>> board_cards(deck, [], 0, 2).tolist()  # the first boards: the lowest cards
[[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]
>>> ranks = board_ranks(deck, [], 0, 3, np.array([[48, 49, 44, 45], [0, 1, 2, 3]]))
>>> ranks.shape, int(ranks[1, 0])  # 2c2d2h2s on board 0 (2c2d2h2s3c): touches it, so 0
((2, 3), 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np

from showdown.hands import native
from showdown.hands.card_keys import RANK_KEYS
from showdown.hands.ladders import NONFLUSH_ROW_BITS
from showdown.hands.rank_tables import nonflush_compact, rank_tables
from showdown.odds.showdown_counts import new_counts, showdown_counts
from showdown.variants import HIGH

#: Rank-table cells (combos x boards) a task builds at once, and deal-board cells counted at once.
_CELLS = 1 << 21


def board_count(deck_size: int, need: int) -> int:
    """Boards completing a board of ``5 - need`` cards from a deck of ``deck_size`` cards."""
    return comb(deck_size, need)


def board_cards(
    deck: Sequence[int] | np.ndarray, known: list[int], start: int, stop: int
) -> np.ndarray:
    """Boards ``start .. stop - 1`` (colex order) as ``(stop - start, 5)`` card ids: the
    known cards, then the drawn ones ascending."""
    deck_ids = np.asarray(deck, dtype=np.int64)
    need = 5 - len(known)
    index = np.arange(start, stop, dtype=np.int64)
    out = np.empty((len(index), 5), dtype=np.int64)
    out[:, : len(known)] = np.asarray(known, dtype=np.int64)
    n = len(deck_ids)
    for j in range(need, 0, -1):
        column = np.array([comb(c, j) for c in range(n)], dtype=np.int64)
        pos = np.searchsorted(column, index, side="right") - 1
        index = index - column[pos]
        out[:, len(known) + j - 1] = deck_ids[pos]
    return out


def board_ranks(
    deck: Sequence[int] | np.ndarray, known: list[int], start: int, stop: int, holes: np.ndarray
) -> np.ndarray:
    """Omaha rank (uint16) of each combo of ``holes`` ``(m, 4..6)`` on boards ``start ..
    stop - 1``: ``(m, stop - start)``, 0 where the board shares a card with the combo."""
    holes = np.ascontiguousarray(holes, dtype=np.int64)
    out = np.empty((len(holes), stop - start), dtype=np.uint16)
    if out.size == 0:
        return out
    kernel = native.kernel()
    if kernel is not None:
        kernel.omaha_boards(
            np.asarray(deck, dtype=np.int64),
            np.asarray(known, dtype=np.int64),
            start,
            holes.ravel(),
            holes.shape[1],
            out,
        )
        return out
    _numpy_board_ranks(board_cards(deck, known, start, stop), holes, out)
    return out


def _numpy_board_ranks(boards: np.ndarray, holes: np.ndarray, out: np.ndarray) -> None:
    """:func:`board_ranks` in numpy into ``out`` (the kernel's integers; C-contiguous, combos
    x boards): the non-flush best once per class of combos with equal ranks, each combo's
    flushes on the boards with three or more cards of a suit it holds twice, then 0 where
    the board touches the combo. The temporaries stay within the size of ``out``.

    >>> boards = np.array([[0, 4, 8, 44, 49], [1, 5, 9, 13, 48]])  # 2c3c4cKcAd, 2d3d4d5dAc
    >>> out = np.empty((2, 2), dtype=np.uint16)
    >>> _numpy_board_ranks(boards, np.array([[16, 20, 51, 50], [17, 21, 51, 50]]), out)
    >>> out.tolist()  # AsAh6c7c: a flush, a straight; AsAh6d7d: trip aces, a straight flush
    [[1133, 1607], [1618, 8]]
    """
    if not out.flags.c_contiguous:  # the flush and touching passes write through a flat view
        raise ValueError("out must be C-contiguous")
    _fill_nonflush(boards, holes, out)
    _add_flushes(boards, holes, out)
    _zero_touching(boards, holes, out)


#: The ten triples of a board's five positions.
_TRIPLES = np.array(list(combinations(range(5), 3)), dtype=np.intp)
#: Card id -> the rank key of its rank (:mod:`showdown.hands.card_keys`), its bit, 1 << 3 * suit.
_CARD_RANK_KEY = np.array(RANK_KEYS, dtype=np.int64)[np.arange(52) >> 2]
_CARD_BIT = np.array([1 << c for c in range(52)], dtype=np.uint64)
_SUIT_FIELD = np.array([1 << 3 * (c & 3) for c in range(52)], dtype=np.intp)
#: A sum of :data:`_SUIT_FIELD` (five cards: counts per suit in 3-bit fields) -> the suit
#: with three or more cards, -1 for none.
_THREE_SUITED = np.array(
    [max([s for s in range(4) if key >> 3 * s & 7 >= 3], default=-1) for key in range(1 << 12)],
    dtype=np.int8,
)


def _board_sums(values: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """``values[card]`` summed over each board's cards, one column at a time (faster than
    a reduction over rows of five); an OR for bits, since a board's cards are distinct."""
    total = values[boards[:, 0]]
    for j in range(1, boards.shape[1]):
        total += values[boards[:, j]]
    return total


def _fill_nonflush(boards: np.ndarray, holes: np.ndarray, out: np.ndarray) -> None:
    """Each combo's best Omaha hand read as if no five cards were suited: once per class of
    combos with equal hole ranks on each board rank multiset of the block (its rank-key
    sum names it), then gathered onto the boards."""
    table, shift = nonflush_compact(HIGH, 5)
    _, first, board_class = np.unique(
        _board_sums(_CARD_RANK_KEY, boards), return_index=True, return_inverse=True
    )
    triple_sums = _CARD_RANK_KEY[boards[first]][:, _TRIPLES].sum(axis=2)  # (multisets, 10)
    classes, combo_class = np.unique(np.sort(holes >> 2, axis=1), axis=0, return_inverse=True)
    pairs = np.array(list(combinations(range(holes.shape[1]), 2)), dtype=np.intp)
    for c, hole in enumerate(classes * 4):  # a card of each rank: its rank key is the rank's
        best = np.full(len(first), 0xFFFF, dtype=np.uint16)
        for pair_sum in np.unique(_CARD_RANK_KEY[hole[pairs]].sum(axis=1)).tolist():
            keys = triple_sums + pair_sum
            ranked = table[keys + shift[keys >> NONFLUSH_ROW_BITS]].min(axis=1)
            np.minimum(best, ranked, out=best)
        out[combo_class.ravel() == c] = best[board_class.ravel()]


def _add_flushes(boards: np.ndarray, holes: np.ndarray, out: np.ndarray) -> None:
    """Lower ``out`` to each combo's best flush where one is possible: on the boards with
    three or more cards of one suit (at most one such suit), for the combos holding two or
    more of it. The flush depends only on the board's and the combo's rank bits in that
    suit, so it is ranked once per pair of those and gathered onto the boards."""
    three = _THREE_SUITED[_board_sums(_SUIT_FIELD, boards)]
    flushing = np.flatnonzero(three >= 0)
    if len(flushing) == 0:
        return
    suit, cards = three[flushing], boards[flushing]
    bits = np.where((cards & 3) == suit[:, None], 1 << (cards >> 2), 0)  # suited rank bits
    _, first, board_kind = np.unique(bits.sum(axis=1), return_index=True, return_inverse=True)
    triples = np.bitwise_or.reduce(bits[first][:, _TRIPLES], axis=2)  # (kinds, 10)
    suited = (holes & 3)[:, :, None] == np.arange(4)  # (combos, cards, suits)
    held = np.where(suited, 1 << (holes >> 2)[:, :, None], 0).sum(axis=1)  # (combos, suits)
    held[suited.sum(axis=1) < 2] = 0
    best: dict[int, np.ndarray] = {}  # held rank bits -> best flush per board kind
    cells = out.reshape(-1)
    for s in range(4):
        columns, kinds = flushing[suit == s], board_kind.ravel()[suit == s]
        rows = np.flatnonzero(held[:, s])
        if len(columns) == 0 or len(rows) == 0:
            continue
        masks, which = np.unique(held[rows, s], return_inverse=True)
        for mask in masks.tolist():
            if mask not in best:
                best[mask] = _best_flushes(mask, triples)
        flushes = np.stack([best[mask] for mask in masks.tolist()])[:, kinds]
        for part in _row_parts(len(rows), len(columns)):
            at = _flat(out, rows[part], columns)
            cells[at] = np.minimum(cells[at], flushes[which.ravel()[part]].ravel())


def _row_parts(rows: int, width: int) -> list[slice]:
    """Slices of ``rows`` rows of ``width`` cells each, :data:`_CELLS` cells a slice at most."""
    step = max(1, _CELLS // max(1, width))
    return [slice(a, a + step) for a in range(0, rows, step)]


def _flat(out: np.ndarray, rows: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """Flat indices into ``out`` (C order) of the cells ``rows`` x ``columns``, row by row:
    one 1-d gather or scatter is several times faster than ``np.ix_`` indexing."""
    return (rows[:, None] * out.shape[1] + columns).ravel()


def _best_flushes(held: int, triples: np.ndarray) -> np.ndarray:
    """Best flush of two of the rank bits ``held`` with each row of board ``triples`` (rank
    bits of three suited cards; fewer bits where a card is off suit): 0xFFFF for none."""
    ranks = [1 << r for r in range(13) if held >> r & 1]
    pairs = np.array([a | b for a, b in combinations(ranks, 2)], dtype=np.int64)
    return _flush_or_worst()[pairs[:, None, None] | triples[None]].min(axis=(0, 2))


@cache
def _flush_or_worst() -> np.ndarray:
    """The flush table with 0xFFFF (worse than any hand) where the bits are not a flush."""
    flush = rank_tables(HIGH).flush.copy()
    flush[flush == 0] = 0xFFFF
    return flush


def _zero_touching(boards: np.ndarray, holes: np.ndarray, out: np.ndarray) -> None:
    """0 in ``out`` where the board shares a card with the combo (one card at a time)."""
    board_bits = _board_sums(_CARD_BIT, boards)
    cells = out.reshape(-1)
    for card in np.unique(holes).tolist():
        columns = np.flatnonzero(board_bits & _CARD_BIT[card])
        rows = np.flatnonzero((holes == card).any(axis=1))
        for part in _row_parts(len(rows), len(columns)):
            cells[_flat(out, rows[part], columns)] = 0


@dataclass(frozen=True)
class BoardsSpec:
    """What the tasks of one slice of deals of an exact Omaha job share."""

    combos: tuple[np.ndarray, ...]  # per player (m, 4..6): the combos the slice's deals use
    ranged: tuple[int, ...]  # the players the deals pick a combo for (a column each)
    deck: tuple[int, ...]  # the live deck, ascending
    board: tuple[int, ...]  # the known board cards


def deal_slice(
    combos: Sequence[np.ndarray], ranged: Sequence[int], picks: np.ndarray
) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """The combos the deals ``picks`` (one column per ``ranged`` player) use, per player
    (a fixed hand as it is), and the deals' picks renumbered into them. A ranged player
    keeps its column even when the slice uses one combo of it.

    >>> kept, local = deal_slice([np.arange(8).reshape(2, 4)], [0], np.array([[1], [1]]))
    >>> kept[0].tolist(), local.tolist()
    ([[4, 5, 6, 7]], [[0], [0]])
    """
    kept = list(combos)
    local = np.empty_like(picks)
    for column, p in enumerate(ranged):
        used, inverse = np.unique(picks[:, column], return_inverse=True)
        kept[p] = combos[p][used]
        local[:, column] = inverse.ravel()
    return tuple(kept), local


def boards_task(spec: BoardsSpec, picks: np.ndarray, start: int, stop: int) -> np.ndarray:
    """Showdown counts ``(deals, players, 11)`` of each deal (``picks``: one index into
    ``spec.combos`` per ranged player, see :func:`deal_slice`) on boards ``start .. stop -
    1`` it can see."""
    ranged, wanted, deals = list(spec.ranged), spec.combos, len(picks)
    inverses = [
        picks[:, ranged.index(p)] if p in ranged else np.zeros(deals, dtype=np.int64)
        for p in range(len(wanted))
    ]
    tables: list[np.ndarray] = [np.empty(0)] * len(wanted)
    for size in sorted({w.shape[1] for w in wanted}):  # one pass over the boards per hole size
        players = [p for p, w in enumerate(wanted) if w.shape[1] == size]
        ranked = board_ranks(
            spec.deck, list(spec.board), start, stop, np.concatenate([wanted[p] for p in players])
        )
        edges = np.cumsum([0] + [len(wanted[p]) for p in players])
        for p, a, b in zip(players, edges[:-1], edges[1:], strict=True):
            tables[p] = ranked[a:b]
    counts = new_counts(len(spec.combos), deals)
    kernel = native.kernel()
    if kernel is not None:
        kernel.omaha_deal_counts(
            [np.ascontiguousarray(t) for t in tables],
            np.stack(inverses, axis=1).astype(np.int64).ravel(),
            stop - start,
            counts,
        )
        return counts
    per = max(1, _CELLS // max(1, stop - start))
    for a in range(0, deals, per):
        ranks = [t[inverse[a : a + per]] for t, inverse in zip(tables, inverses, strict=True)]
        valid = np.logical_and.reduce([ranks[p] != 0 for p in ranged]) if ranged else None
        counts[a : a + per] = showdown_counts(ranks, valid)
    return counts


def task_bounds(
    deals: int, boards: int, players: int, combos: int
) -> list[tuple[int, int, int, int]]:
    """The tasks of a job as ``(first deal, last deal + 1, first board, last board + 1)``:
    blocks of boards small enough for a rank table of all ``combos`` (so the kernel's
    classes of combos with equal ranks are shared by as many combos as possible, and one
    deal still spreads over workers) times slices of deals (so each task counts a bounded
    number of showdowns)."""
    block = max(1, min(boards, _BOARD_BLOCK, max(_MIN_BLOCK, _TABLE_CELLS // max(1, combos))))
    slice_ = max(1, _TASK_SHOWDOWNS // max(1, block * players))
    if combos * block > _TABLE_CELLS:  # too many combos for one table: fewer deals a task
        slice_ = min(slice_, max(1, _TABLE_CELLS // (block * players)))
    return [
        (d, min(deals, d + slice_), b, min(boards, b + block))
        for d in range(0, deals, slice_)
        for b in range(0, boards, block)
    ]


#: Boards per task at most (preflop hand against hand: 17 tasks of 1,086,008 boards).
_BOARD_BLOCK = 1 << 16
#: Boards per task at least (unless the deals are sliced to fit the rank table).
_MIN_BLOCK = 1 << 12
#: Rank-table cells (combos x boards) of a task.
_TABLE_CELLS = 1 << 23
#: Player-showdowns a task counts at most (deals x boards x players).
_TASK_SHOWDOWNS = 1 << 25


def rank_work(
    slices: dict[tuple[int, int], tuple[tuple[np.ndarray, ...], np.ndarray]],
    bounds: list[tuple[int, int, int, int]],
) -> tuple[int, int]:
    """Class-board and combo-board rankings of the tasks ``bounds``: each task ranks the
    combos its slice of deals uses (``slices``, by slice, from :func:`deal_slice`), the
    non-flush part once per class of combos with equal ranks."""
    boards: dict[tuple[int, int], int] = {}  # per slice of deals: the boards of its tasks
    for d0, d1, b0, b1 in bounds:
        boards[d0, d1] = boards.get((d0, d1), 0) + b1 - b0
    by_class = by_combo = 0
    for key, n in boards.items():
        used = slices[key][0]
        classes = 0
        for size in {u.shape[1] for u in used}:
            ranks = np.sort(np.concatenate([u for u in used if u.shape[1] == size]) >> 2, axis=1)
            classes += len(np.unique(ranks, axis=0))
        by_class += classes * n
        by_combo += sum(len(u) for u in used) * n
    return by_class, by_combo
