"""Exact heads-up rows for :mod:`showdown.odds.matrix` (private).

A *row* is one hand ``a0`` (a class's canonical combo) against weighted opponent
combos ``b``, each tagged with a *target* (the column it counts for). The
outcome of ``a0`` against ``b`` is the same for every ``b`` of one orbit under
the suit permutations that fix ``a0``, so only one combo per orbit is counted,
over every board of the 48 cards left (:func:`row_task`), in one task per row
(a few for long rows): the row's shared tables are built once per task.

Counting beats evaluating every board: on the numpy path a combo costs a few
hundred thousand element operations (its flush boards and the boards holding both
its cards) instead of two evaluations on each of 1.7 M boards. The native kernel
counts each combo as an exact heads-up deal (flushless boards by rank multiset,
flush boards per suit), with no row tables to build; one call takes a row's combos,
sorted by rank pair, and keeps what its deals share (a rank pair's flushless count,
a suit's flush boards where two deals hold the same cards of it): about 0.1 ms a combo.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np

from showdown.hands import native
from showdown.hands.card_keys import SUIT_KEYS
from showdown.odds.board_vectors import BINOMIAL, SUIT_MAJOR_BIT, Chunk, multiset_ids
from showdown.odds.holdem_ranks import holdem_ranks, pair_table, seven_card_tables
from showdown.odds.parallel import executor_for, run_tasks
from showdown.odds.showdown_counts import TALLY, exact_counts
from showdown.odds.suit_symmetry import canonical_classes, suit_symmetries

_13, _8191 = np.uint64(13), np.uint64(8191)
_SK = np.array(SUIT_KEYS, dtype=np.intp)
#: Opponent orbits per task at most (a row's tables are built once per task).
ORBITS_PER_TASK = 1000
#: Measured on the 2-core development machine, one process: seconds per row (its
#: tables) and per opponent orbit on the numpy path, and per orbit with the native
#: kernel (no row tables; 0.07-0.12 ms per opponent orbit measured, a row per call).
ROW_SECONDS = 0.3
ORBIT_SECONDS = 0.003
KERNEL_ORBIT_SECONDS = 0.0001
#: Boards of a heads-up preflop showdown once both hands are dealt: C(48, 5).
BOARDS = comb(48, 5)


class _Boards:
    """Every five-card board of the full deck (2,598,960), built once per process: card
    ids, multiset ids, suit-key sums, suit-major masks, the boards holding each card,
    per-multiset board counts (all, and holding each card), and per hand suit-key sum
    the boards where such a hand makes a flush."""

    def __init__(self) -> None:
        flat = np.fromiter(
            itertools.chain.from_iterable(itertools.combinations(range(52), 5)),
            dtype=np.uint8,
            count=comb(52, 5) * 5,
        )
        self.cards = flat.reshape(-1, 5)
        ids = self.cards.astype(np.intp)
        self.mid = multiset_ids(ids >> 2).astype(np.intp)  # ascending ids: ranks sorted
        self.ss = _SK[ids & 3].sum(axis=1)
        self.bm = np.bitwise_or.reduce(SUIT_MAJOR_BIT[ids], axis=1)
        self.size = int(pair_table(0, 0).shape[0])
        order = np.argsort(flat, kind="stable")
        ends = np.cumsum(np.bincount(flat, minlength=52))
        self.holding = [(h // 5).astype(np.int32) for h in np.split(order, ends[:-1])]
        self.n = np.bincount(self.mid, minlength=self.size).astype(float)
        self.n_holding = self.by_card(np.arange(len(self.mid)))
        self.flush_rows: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def by_card(self, boards: np.ndarray) -> np.ndarray:
        """``(52, multisets)``: how many of ``boards`` hold each card, per multiset."""
        size = self.size
        keys = self.cards[boards].astype(np.intp) * size + self.mid[boards][:, None]
        return np.bincount(keys.ravel(), minlength=52 * size).reshape(52, size).astype(float)

    def flushing(self, ss: int) -> tuple[np.ndarray, np.ndarray]:
        """The boards where a hand of suit-key sum ``ss`` makes a flush, and the suit."""
        if ss not in self.flush_rows:
            fs7, _, _, _ = seven_card_tables()
            suit = fs7[self.ss + ss]
            rows = np.flatnonzero(suit >= 0)
            self.flush_rows[ss] = (rows, suit[rows].astype(np.intp))
        return self.flush_rows[ss]


_BOARDS: list[_Boards] = []
#: Every three of 50 cards, as indices.
_TRIPLES = np.array(list(itertools.combinations(range(50), 3)), dtype=np.intp)
_WITH_TWO: list[np.ndarray] = []


def _triple_ids(ranks: np.ndarray) -> np.ndarray:
    """Colex id (0..454) of each row of three ranks sorted ascending."""
    return sum(BINOMIAL[ranks[:, j] + j, j + 1] for j in range(3)).astype(np.intp)


def _with_two() -> np.ndarray:
    """``[id3, r1, r2]``: the multiset id of a three-rank multiset plus ranks r1 and r2."""
    if not _WITH_TWO:
        threes = np.array(
            list(itertools.combinations_with_replacement(range(13), 3)), dtype=np.intp
        )
        table = np.zeros((len(threes), 13, 13), dtype=np.intp)
        r1, r2 = np.meshgrid(np.arange(13), np.arange(13), indexing="ij")
        for row in threes:
            five = np.sort(
                np.concatenate(
                    [np.broadcast_to(row, (169, 3)), r1.reshape(-1, 1), r2.reshape(-1, 1)], axis=1
                ),
                axis=1,
            )
            table[_triple_ids(row[None, :])[0]] = multiset_ids(five).reshape(13, 13)
        _WITH_TWO.append(table)
    return _WITH_TWO[0]


def _boards() -> _Boards:
    if not _BOARDS:
        _BOARDS.append(_Boards())
    return _BOARDS[0]


def prepare(pause: float = 0.0) -> None:
    """Build this process's board tables now, then wait ``pause`` seconds (a benchmark's
    warm-up of every pool worker: the pause keeps one worker from taking every call)."""
    _boards()
    _with_two()
    seven_card_tables()
    time.sleep(pause)


class _RowBoards:
    """What every combo of one row shares (kept per process for the row's next task).

    The boards are those of :class:`_Boards` without a card of ``a0``. Where ``a0`` makes
    no flush its rank depends on the board's rank multiset only, so counts over those
    boards are dot products of per-multiset board counts (``n``, and ``n_holding[c]``
    for the boards holding card ``c``: the whole deck's less the boards holding a card of
    ``a0``) with a per-multiset comparison; the boards where ``a0`` makes a flush (``f``,
    a few per cent) are compared one by one.
    """

    def __init__(self, a0: tuple[int, int]) -> None:
        b = _boards()
        self.a0, self.all = a0, b
        x, y = a0
        self.a0_mask = SUIT_MAJOR_BIT[x] | SUIT_MAJOR_BIT[y]
        hx, hy = b.holding[x], b.holding[y]
        hxy = hx[(b.bm[hx] & SUIT_MAJOR_BIT[y]) != 0]
        size = b.size

        def count(boards: np.ndarray) -> np.ndarray:
            return np.bincount(b.mid[boards], minlength=size).astype(float)

        n = b.n - count(hx) - count(hy) + count(hxy)
        n_holding = b.n_holding - b.by_card(hx) - b.by_card(hy) + b.by_card(hxy)
        rows, _ = b.flushing(SUIT_KEYS[x & 3] + SUIT_KEYS[y & 3])
        self.f = rows[(b.bm[rows] & self.a0_mask) == 0]  # a0 makes a flush on these
        self.n = n - count(self.f)
        self.n_holding = n_holding - b.by_card(self.f)
        self.mid_f, self.bm_f = b.mid[self.f], b.bm[self.f]
        self.ra_f = holdem_ranks(Chunk(self.mid_f, b.ss[self.f], self.bm_f), *a0)
        self.ra_m = pair_table(max(x >> 2, y >> 2), min(x >> 2, y >> 2))
        live = np.array([c for c in range(52) if c not in a0], dtype=np.intp)
        triples = live[_TRIPLES]
        self.id3 = _triple_ids(triples >> 2)
        self.ss3 = _SK[triples & 3].sum(axis=1)
        self.bm3 = np.bitwise_or.reduce(SUIT_MAJOR_BIT[triples], axis=1)
        self.keys: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}
        self.counted: dict[tuple[int, int], tuple[int, int, np.ndarray]] = {}
        self.on_card: dict[tuple[tuple[int, int], int], np.ndarray] = {}
        self.f_holding: dict[int, np.ndarray] = {}
        self.flush_rows: dict[int, tuple[np.ndarray, ...]] = {}

    def key(self, key: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
        """For an opponent rank pair: its non-flush rank table, and whether ``a0`` beats /
        ties it on the boards ``f`` (``(2, len(f))`` bool)."""
        if key not in self.keys:
            base = pair_table(*key)
            base_f = base[self.mid_f]
            self.keys[key] = (base, np.stack([self.ra_f < base_f, self.ra_f == base_f]))
        return self.keys[key]

    def counts(self, key: tuple[int, int]) -> tuple[int, int, np.ndarray]:
        """Wins and ties of ``a0`` against the rank pair's non-flush rank over every board,
        and ``(2, 52)`` of them over the boards holding each card, ``f`` left out (see
        :meth:`on_f`)."""
        if key not in self.counted:
            base, on_f = self.key(key)
            lt_eq = np.stack([self.ra_m < base, self.ra_m == base]).astype(float)
            # einsum's own loops, not BLAS: a BLAS product may start threads on a busy machine
            total = np.einsum("m,km->k", self.n, lt_eq).round().astype(np.int64)
            total += [np.count_nonzero(on_f[0]), np.count_nonzero(on_f[1])]
            held = np.einsum("cm,km->kc", self.n_holding, lt_eq).round().astype(np.int64)
            self.counted[key] = (int(total[0]), int(total[1]), held)
        return self.counted[key]

    def on_f(self, key: tuple[int, int], card: int) -> np.ndarray:
        """Wins and ties (2,) of ``a0`` against the rank pair on the boards ``f`` holding
        ``card``."""
        if (key, card) not in self.on_card:
            if card not in self.f_holding:
                self.f_holding[card] = np.flatnonzero(self.bm_f & SUIT_MAJOR_BIT[card])
            lt_f, eq_f = self.key(key)[1]
            held = self.f_holding[card]
            self.on_card[key, card] = np.array(
                [np.count_nonzero(lt_f[held]), np.count_nonzero(eq_f[held])]
            )
        return self.on_card[key, card]

    def both(self, c1: int, c2: int) -> Chunk:
        """The boards holding both cards: the two cards and any three of the other 48
        live cards, as a :class:`~showdown.odds.board_vectors.Chunk` (multiset ids from
        :func:`_with_two`)."""
        keep = np.flatnonzero((self.bm3 & (SUIT_MAJOR_BIT[c1] | SUIT_MAJOR_BIT[c2])) == 0)
        mid = _with_two()[self.id3[keep], c1 >> 2, c2 >> 2]
        ss = self.ss3[keep] + (SUIT_KEYS[c1 & 3] + SUIT_KEYS[c2 & 3])
        return Chunk(mid, ss, self.bm3[keep] | SUIT_MAJOR_BIT[c1] | SUIT_MAJOR_BIT[c2])

    def flush_boards(self, ss: int) -> tuple[np.ndarray, ...]:
        """The boards where a hand of suit-key sum ``ss`` makes a flush: their card masks,
        multiset ids, ``a0``'s ranks, the flush suit and the board's cards of that suit."""
        if ss not in self.flush_rows:
            b = self.all
            rows, suit = b.flushing(ss)
            keep = (b.bm[rows] & self.a0_mask) == 0
            rows, s = rows[keep], suit[keep]
            bm, mid = b.bm[rows], b.mid[rows]
            ra = holdem_ranks(Chunk(mid, b.ss[rows], bm), *self.a0)
            bits = (bm >> (_13 * s.astype(np.uint64))) & _8191
            self.flush_rows[ss] = (bm, mid, ra, s, bits)
        return self.flush_rows[ss]


_ROW: list[_RowBoards] = []


def _row_boards(a0: tuple[int, int]) -> _RowBoards:
    if not _ROW or _ROW[0].a0 != a0:
        _ROW.clear()  # one row at a time: the arrays are large
        _ROW.append(_RowBoards(a0))
    return _ROW[0]


def row_task(a0: tuple[int, int], combos: np.ndarray) -> np.ndarray:
    """Wins and ties ``(2, k)`` of ``a0`` against each of ``combos`` over every board of the
    other 50 cards that avoids the combo (C(48, 5) boards each), by counting.

    An opponent's rank is its rank pair's non-flush rank except on the few boards where it
    makes a flush. So per rank pair the wins (and ties) of ``a0`` are counted over all
    boards and over the boards holding each card (:class:`_RowBoards`); per combo the
    boards holding one of its cards are taken away (inclusion-exclusion: the boards holding
    both are added back) and its flush boards corrected. A combo costs a few hundred
    thousand element operations instead of a pass over two million boards.
    """
    if native.kernel() is not None:
        return _kernel_row(a0, combos)
    _, flush, _, _ = seven_card_tables()
    rb = _row_boards(a0)
    out = np.zeros((2, len(combos)))
    for j, (c1, c2) in enumerate(combos.tolist()):
        r1, r2 = c1 >> 2, c2 >> 2
        key = (max(r1, r2), min(r1, r2))
        base = rb.key(key)[0]
        wins, ties, held = rb.counts(key)
        for c in (c1, c2):
            w, t = held[:, c] + rb.on_f(key, c)
            wins, ties = wins - int(w), ties - int(t)
        both = rb.both(c1, c2)  # taken away twice above: added back once
        ra_both, rb_both = holdem_ranks(both, *a0), base[both.mid_base]
        wins += int(np.count_nonzero(ra_both < rb_both))
        ties += int(np.count_nonzero(ra_both == rb_both))
        # where the combo makes a flush its rank is the flush's, not the table's
        bm, mid, ra, s, board_bits = rb.flush_boards(SUIT_KEYS[c1 & 3] + SUIT_KEYS[c2 & 3])
        if len(bm):
            ok = np.flatnonzero((bm & (SUIT_MAJOR_BIT[c1] | SUIT_MAJOR_BIT[c2])) == 0)
            hand_bits = np.zeros(4, dtype=np.uint64)
            hand_bits[c1 & 3] |= np.uint64(1 << r1)
            hand_bits[c2 & 3] |= np.uint64(1 << r2)
            ra = ra[ok]
            rf = flush[(board_bits[ok] | hand_bits[s[ok]]).astype(np.intp)]
            rt = base[mid[ok]]
            wins += int(np.count_nonzero(ra < rf)) - int(np.count_nonzero(ra < rt))
            ties += int(np.count_nonzero(ra == rf)) - int(np.count_nonzero(ra == rt))
        out[0, j], out[1, j] = wins, ties
    return out


def _kernel_row(a0: tuple[int, int], combos: np.ndarray) -> np.ndarray:
    """:func:`row_task`'s counts from the native kernel: ``a0`` against each combo as
    one exact heads-up deal (the same integers as the counting of the numpy path)."""
    # by opponent rank pair: the kernel counts a rank pair's boards without a flush once
    # for all its combos in a row (the deals' flushless part is the same)
    ranks = np.sort(combos >> 2, axis=1)
    order = np.lexsort((ranks[:, 0], ranks[:, 1]))
    holes = np.empty((len(combos), 2, 2), dtype=np.int64)
    holes[:, 0] = a0
    holes[:, 1] = combos[order]
    counts = np.empty((len(combos), 2, TALLY), dtype=np.int64)
    counts[order] = exact_counts([], range(52), holes)  # each deal's own cards leave the deck
    return np.stack([counts[:, 0, 1], counts[:, 0, 2]]).astype(float)


def row_estimate(rows: int, orbits: int, has_kernel: bool) -> float:
    """Seconds on one worker for ``rows`` rows of ``orbits`` opponent orbits in all.

    >>> row_estimate(169, 3000, True), row_estimate(169, 3000, False)
    (0.3, 59.7)
    """
    if has_kernel:
        return round(orbits * KERNEL_ORBIT_SECONDS, 6)
    return round(rows * ROW_SECONDS + orbits * ORBIT_SECONDS, 6)


@dataclass
class Row:
    """``a0`` against combos ``b`` (``(m, 2)`` ids) with ``weights``, each for a ``target``."""

    a0: tuple[int, int]
    b: np.ndarray
    weights: np.ndarray
    targets: np.ndarray  # (m,) small ints
    n_targets: int


@dataclass
class _Planned:
    row: Row
    reps: np.ndarray  # index into b of each orbit's representative
    orbit: np.ndarray  # (m,) orbit number of each b
    first_task: int
    n_tasks: int


def _plan(row: Row) -> _Planned:
    keep = ~np.isin(row.b, list(row.a0)).any(axis=1)
    keep &= row.weights > 0
    row = Row(row.a0, row.b[keep], row.weights[keep], row.targets[keep], row.n_targets)
    symmetries = suit_symmetries(list(row.a0))
    picks = np.arange(len(row.b))[:, None]
    reps, orbit = canonical_classes(picks, [row.b], symmetries)
    return _Planned(row, reps, orbit, 0, 0)


def run_rows(
    rows: Sequence[Row],
    executor: Executor | None,
    workers: int | None,
    progress: Callable[[float], None] | None,
    parallel: int,
) -> list[np.ndarray]:
    """For each row, ``(3, n_targets)``: win, tie and equity of ``a0`` against each target
    (weighted average over its combos; NaN for a target with no combo)."""
    planned = [_plan(r) for r in rows]
    tasks: list[tuple[Any, ...]] = []
    units: list[float] = []
    for p in planned:
        combos = p.row.b[p.reps]
        size = np.bincount(p.orbit, minlength=len(p.reps))
        p.first_task = len(tasks)
        for start in range(0, len(p.reps), ORBITS_PER_TASK):
            part = slice(start, start + ORBITS_PER_TASK)
            tasks.append((p.row.a0, combos[part]))
            units.append(float(size[part].sum()) * BOARDS)
            p.n_tasks += 1
    n_reps = sum(len(p.reps) for p in planned)
    has_kernel = native.kernel() is not None
    estimate = row_estimate(len(planned), n_reps, has_kernel) / max(1, parallel)
    total = sum(units) or 1.0
    done = 0.0

    def on_done(i: int, _: Any) -> None:
        nonlocal done
        done += units[i]
        if progress is not None:
            if hasattr(progress, "units_done"):
                progress.units_done = done  # a ProgressBar shows the rate
            progress(min(1.0, done / total))

    with executor_for(executor, workers, estimate, len(tasks)) as ex:
        results = run_tasks(row_task, tasks, ex, star=True, on_done=on_done)
    out = []
    for p in planned:
        acc = np.concatenate(results[p.first_task : p.first_task + p.n_tasks], axis=1)
        wins, ties = acc[:, p.orbit]
        per_combo = np.stack([wins, ties, wins + ties / 2])  # (3, m) per opponent combo
        w = p.row.weights
        sums = np.zeros((3, p.row.n_targets))
        weight = np.zeros(p.row.n_targets)
        np.add.at(weight, p.row.targets, w)
        for a in range(3):
            np.add.at(sums[a], p.row.targets, per_combo[a] * w)
        with np.errstate(invalid="ignore", divide="ignore"):
            fractions = sums / (weight * BOARDS)
        out.append(fractions[[0, 1, 2]])
    return out
