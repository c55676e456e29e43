"""Exact Hold'em equity of fixed hands, the short way (private).

A call such as ``equity(["AcAd", "KhKs"], board="Ts9s2h", exact=True)`` is one deal:
no range to read, no deals to enumerate or group by suit, one task. On a flop the
native kernel counts it in a few microseconds, so the general path's machinery
(parsing every call, planning, the task list, the tally of deal classes) would be
most of the time. :func:`fixed_exact` does only what one deal needs, reading each
hand and board text once (the parsed ids are kept), and gives the very result the
general path gives (the same integer counts, tallied by the same
:meth:`~showdown.odds.showdown_counts.Tally.of`, the same note and estimate). Anything it
does not handle (ranges, Card lists, a card in two places, bad text) it declines
with ``None``, and :func:`showdown.odds.equity.equity` takes its general path,
which also words the errors.

>>> r = fixed_exact(["AcAd", "KhKs"], "Ts9s2h", None, 1)
>>> r.method, r.boards, round(sum(r.equity), 12)
('exact', 990, 1.0)
>>> fixed_exact(["AcAd", "QQ+"], "Ts9s2h", None, 1) is None  # a range: the general path
True
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import lru_cache
from math import comb
from operator import truediv
from typing import Any

import numpy as np

from showdown.cards import CardError, parse_cards
from showdown.hands import native
from showdown.odds.holdem_jobs import ExactSpec, exact_task, universe
from showdown.odds.holdem_plan import TASK_SECONDS, exact_note, exact_run_seconds
from showdown.odds.result import EquityResult
from showdown.odds.showdown_counts import TALLY, Tally

#: Board sizes a Hold'em board may have.
_BOARD_SIZES = (0, 3, 4, 5)


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[str, tuple[int, ...]] | None:
    """The label and card ids of a text of cards, or None when it is not plain cards
    (a range, a typo, a repeat: the general path reads it and words the error)."""
    try:
        cards = parse_cards(text.strip())
    except CardError:
        return None
    return "".join(str(c) for c in cards), tuple(c.id for c in cards)


def read_card_ids(cards: object) -> tuple[int, ...] | None:
    """The ids of a board or of the dead cards given as plain text (read once; ``None``
    is no cards), or None when the general path must read them (Card lists, bad text)."""
    if cards is None:
        return ()
    if not isinstance(cards, str):
        return None
    read = _read(cards)
    return None if read is None else read[1]


@lru_cache(maxsize=4096)
def _deck(board: tuple[int, ...], dead: tuple[int, ...]) -> tuple[array, array]:
    """The kernel's deck for a board and dead cards (every other card, ascending: the
    kernel takes the deal's own hole cards out) and the board, as buffers. Kept per
    board, as the texts are read once; the kernel only reads them."""
    deck = array("q", [c for c in range(52) if c not in board and c not in dead])
    return deck, array("q", board)


def _kernel_sums(
    kernel: Any, board: tuple[int, ...], dead: tuple[int, ...], hole: list[int], n_players: int
) -> tuple[list[float], list[float], list[float]]:
    """The kernel's counts of one deal as the wins, ties and pot shares of
    :meth:`~showdown.odds.showdown_counts.Tally.of` (the same floats, summed in numpy's order: see
    :func:`_numpy_sum`), without numpy: a call on a flop takes a few microseconds."""
    buffer = array("q", bytes(8 * n_players * TALLY))
    counts = memoryview(buffer).cast("B").cast("q", (1, n_players, TALLY))
    kernel.holdem_exact(*_deck(board, dead), array("q", hole), counts)
    return tally_sums(buffer.tolist(), n_players)


def tally_sums(
    flat: list[int] | list[float], n_players: int
) -> tuple[list[float], list[float], list[float]]:
    """The wins, ties and pot shares of a count table ``(players, 11)`` given flat, as
    :meth:`~showdown.odds.showdown_counts.Tally.of` sums them (numpy's order, see
    :func:`_numpy_sum`), without numpy.

    >>> tally_sums([0, 3, 1] + [0] * 8 + [0, 0, 1] + [0] * 8, 2)
    ([3.0, 0.0], [1.0, 1.0], [3.5, 0.5])
    """
    win, tie, share = [], [], []
    for at in range(0, n_players * TALLY, TALLY):
        row = flat[at : at + TALLY]
        win.append(float(row[1]))
        if not any(row[3:]):  # no split three ways or more (always heads-up): adding
            tie.append(float(row[2]))  # zeros changes no sum, in any order
            share.append(row[1] + row[2] / 2)
            continue
        tie.append(_numpy_sum(list(map(float, row[2:]))))
        share.append(_numpy_sum(list(map(truediv, row[1:], _WAYS))))
    return win, tie, share


#: k for the columns 1..10 of a count table (a pot split k ways)
_WAYS = tuple(range(1, TALLY))


def _numpy_sum(xs: list[float]) -> float:
    """``np.sum`` of 8 to 16 floats in numpy's own order (its pairwise sum: eight
    partial sums, combined in pairs, then the rest one by one), so that the result is
    the very float numpy gives.

    >>> xs = [0.1 * i for i in range(10)]
    >>> _numpy_sum(xs) == float(np.sum(np.array(xs)))
    True
    """
    r = xs[:8]
    total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    for x in xs[8:]:
        total += x
    return total


def fixed_exact(
    players: Sequence[object], board: object, dead: object, workers: int
) -> EquityResult | None:
    """The exact result of 2 to 10 fixed Hold'em hands given as text, or None if the
    general path must answer (see the module docs). ``workers`` is the count the
    general path's note would name."""
    labels = []
    hole: list[int] = []
    for spec in players:
        if not isinstance(spec, str):
            return None
        read = _read(spec)
        if read is None or len(read[1]) != 2:
            return None
        labels.append(read[0])
        hole.extend(read[1])
    board_ids, dead_ids = read_card_ids(board), read_card_ids(dead)
    if board_ids is None or dead_ids is None or len(board_ids) not in _BOARD_SIZES:
        return None
    used = {*hole, *board_ids, *dead_ids}
    if len(used) != len(hole) + len(board_ids) + len(dead_ids):
        return None  # a card in two places
    if len(hole) + 5 + len(dead_ids) > 52:
        return None
    n_players, k = len(labels), 5 - len(board_ids)
    boards = comb(52 - len(used), k)
    work = boards * n_players  # one deal, its own class: the plan's count
    kernel = native.kernel()
    has_kernel = kernel is not None
    one_worker = exact_run_seconds(work, k, n_players, has_kernel)
    if not has_kernel and one_worker > TASK_SECONDS:
        return None  # the numpy path would split it into tasks
    if has_kernel:
        win, tie, share = _kernel_sums(kernel, board_ids, dead_ids, hole, n_players)
    else:
        live = [c for c in range(52) if c not in used]
        spec = ExactSpec(tuple(zip(hole[::2], hole[1::2], strict=True)), (), board_ids, tuple(live))
        chunks = list(range(universe(board_ids, tuple(live)).n_chunks()))
        no_picks = np.zeros((1, 0), dtype=np.int64)
        counts = exact_task(spec, chunks, no_picks, np.zeros(1, dtype=np.uint64))
        tally = Tally.of(counts[0].astype(float))
        win, tie, share = tally.win.tolist(), tally.tie.tolist(), tally.share.tolist()
    return exact_result(labels, (win, tie, share), float(boards), boards, work,
                        one_worker / workers, workers)


def exact_result(
    labels: Sequence[str],
    sums: tuple[list[float], list[float], list[float]],
    total: float,
    boards: int,
    work: int,
    seconds: float,
    workers: int,
) -> EquityResult:
    """The exact result of the tallies' ``sums`` (win, tie, share) over ``total``
    weighted deals, as the general path words it (the note from ``work`` showdowns
    estimated at ``seconds`` on ``workers``)."""
    win, tie, share = sums
    return EquityResult(
        tuple(labels),
        tuple([x / total for x in share]),
        tuple([x / total for x in win]),
        tuple([x / total for x in tie]),
        "exact",
        boards=boards,
        note=exact_note(work, seconds, workers),
        estimate=seconds,
    )
