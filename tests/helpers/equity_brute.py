"""Equity by brute force with the independent reference evaluator (``helpers.reference``):
every deal of the players' combos, every board, each weighted as exact enumeration weighs it.

>>> eq, win, tie = brute(["AcAd", "KhKs"], "2c 7d 9h Jc")
>>> round(float(eq[0]), 4), float(tie[0])
(0.9545, 0.0)
"""

from __future__ import annotations

import itertools

import numpy as np

from helpers import reference as ref
from showdown.cards import CardError, parse_cards
from showdown.odds.ranges import parse_range
from showdown.odds.ranges.omaha import parse_omaha_range
from showdown.odds.result import EquityResult


def card_ids(text: str) -> list[int]:
    """The ids of the cards of ``text``."""
    return [c.id for c in parse_cards(text)]


def weighted_combos(spec: str, game: str) -> list[tuple[tuple[int, ...], float]]:
    """A player's combos with their weights: the hand itself, or the range it names."""
    try:
        cards = tuple(card_ids(spec))
    except CardError:
        cards = ()
    if (game == "holdem" and len(cards) == 2) or (game == "omaha" and len(cards) >= 4):
        return [(cards, 1.0)]
    if game == "omaha":
        r = parse_omaha_range(spec)
        return [(tuple(c), float(w)) for c, w in zip(r.combos.tolist(), r.weights, strict=True)]
    return list(parse_range(spec).items())


def brute(
    players: list[str], board: str = "", dead: str = "", game: str = "holdem"
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Equity, win and tie by enumeration with the reference evaluator.

    Every deal (one combo per player, no card twice, none on the board or dead)
    counts with the product of its weights; every board completing the given one
    from the remaining deck counts equally within a deal. All (deal, board) rows
    are listed first, then each player's hands are scored in one numpy call.
    """
    board_ids, dead_ids = card_ids(board), card_ids(dead)
    lists = [weighted_combos(p, game) for p in players]
    k = 5 - len(board_ids)
    holes: list[list[np.ndarray]] = [[] for _ in players]
    boards, row_weight = [], []
    for deal in itertools.product(*lists):
        cards = [c for hole, _ in deal for c in hole]
        used = set(cards) | set(board_ids) | set(dead_ids)
        if len(used) != len(cards) + len(board_ids) + len(dead_ids):
            continue
        deck = np.array(sorted(set(range(52)) - used))
        if k:
            runs = deck[ref.combinations_array(len(deck), k).astype(np.int64)]
        else:
            runs = np.zeros((1, 0), dtype=np.int64)
        n = len(runs)
        boards.append(np.concatenate([np.broadcast_to(board_ids, (n, 5 - k)), runs], axis=1))
        for p, (hole, _) in enumerate(deal):
            holes[p].append(np.broadcast_to(np.array(hole), (n, len(hole))))
        row_weight.append(np.full(n, float(np.prod([w for _, w in deal])) / n))
    all_boards = np.concatenate(boards)
    weight = np.concatenate(row_weight)
    codes = []
    for p in range(len(players)):
        hole = np.concatenate(holes[p])
        if game == "omaha":
            codes.append(ref.omaha_codes(hole, all_boards))
        else:
            codes.append(ref.best_codes(np.concatenate([hole, all_boards], axis=1)))
    stack = np.stack(codes)
    is_best = stack == stack.max(axis=0)
    count = is_best.sum(axis=0)
    total = weight.sum()
    eq = (is_best / count) @ weight / total
    win = (is_best & (count == 1)) @ weight / total
    tie = (is_best & (count > 1)) @ weight / total
    return eq, win, tie


def assert_matches(result: EquityResult, expected: tuple[np.ndarray, ...]) -> None:
    """``result`` is exact and its figures equal the brute force's ``expected``."""
    eq, win, tie = expected
    assert result.method == "exact"
    np.testing.assert_allclose(result.equity, eq, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.win, win, rtol=0, atol=1e-12)
    np.testing.assert_allclose(result.tie, tie, rtol=0, atol=1e-12)
