"""The breakdown classes of many Hold'em (hole cards, flop) pairs at once, with numpy.

:func:`classify_grid` gives the same made class and draw bits as
``showdown.odds.ranges.breakdown.classify_combos`` (the classes of ``docs/ranges.md``)
to Hold'em hands on flops, for every combo on every flop at once: a hand's category
comes from its five ranks and suits (no evaluator), the straight, its draws and the
kicker's place from tables indexed by 13-bit rank masks.

>>> from showdown.cards import parse_cards
>>> combos = [[c.id for c in parse_cards(hand)] for hand in ("Ah Kh", "Qs Qd")]
>>> flop = [c.id for c in parse_cards("Qh Jh 3c")]
>>> made, draws = classify_grid(np.array(combos), np.array([flop]))
>>> [MADE[m] for m in made[0].tolist()]
['ace high', 'set']
>>> [name for i, name in enumerate(DRAWS) if draws[0, 0] >> i & 1]
['flush draw', 'nut flush draw', 'gutshot', 'combo draw', 'two overcards']
"""

from __future__ import annotations

from functools import cache

import numpy as np

from showdown.odds.ranges.breakdown_classes import DRAWS, MADE

__all__ = ["classify_grid"]

_M = {name: i for i, name in enumerate(MADE)}
_D = {name: 1 << i for i, name in enumerate(DRAWS)}
_RANKS = 13


@cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per 13-bit rank mask: holds a straight; how many ranks added would make one;
    its highest rank not in the mask; how many bits it has."""
    masks = np.arange(1 << _RANKS)
    bit = (masks[:, None] >> np.arange(_RANKS)) & 1  # (8192, 13)
    popcount = bit.sum(axis=1)
    straight = np.zeros(len(masks), dtype=bool)
    for low in range(-1, _RANKS - 4):  # five ranks in a row from `low`, the ace also low
        run = sum(1 << (r % _RANKS) for r in range(low, low + 5))
        straight |= (masks & run) == run
    outs = np.zeros(len(masks), dtype=np.int64)
    for r in range(_RANKS):
        outs += straight[masks | (1 << r)] & ~straight
    top_missing = np.where(bit == 0, np.arange(_RANKS), -1).max(axis=1)
    return straight, outs, top_missing, popcount


def classify_grid(combos: np.ndarray, flops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Made class (index into :data:`MADE`) and settled draw bits (over :data:`DRAWS`) of
    every combo (``(c, 2)`` card ids) on every flop (``(f, 3)`` ids), as ``(f, c)``
    arrays; the entries of a combo sharing a card with the flop mean nothing."""
    straight, outs, top_missing, popcount = _tables()
    combos = np.asarray(combos, dtype=np.int64).reshape(-1, 2)
    flops = np.asarray(flops, dtype=np.int64).reshape(-1, 3)
    # each flop alone
    board_r, board_s = flops >> 2, flops & 3
    board_mask = (1 << board_r[:, 0]) | (1 << board_r[:, 1]) | (1 << board_r[:, 2])
    top, bottom = board_r.max(axis=1), board_r.min(axis=1)
    second = np.where(board_r < top[:, None], board_r, -1).max(axis=1)  # -1: none
    rank_count = np.zeros((len(flops), _RANKS), dtype=np.int8)
    suit_count = np.zeros((len(flops), 4), dtype=np.int8)
    suit_mask = np.zeros((len(flops), 4), dtype=np.int64)
    rows = np.arange(len(flops))
    for col in range(3):
        np.add.at(rank_count, (rows, board_r[:, col]), 1)
        np.add.at(suit_count, (rows, board_s[:, col]), 1)
        np.bitwise_or.at(suit_mask, (rows, board_s[:, col]), 1 << board_r[:, col])
    best = top_missing[suit_mask]  # the highest card of each suit off the flop
    free = ((1 << _RANKS) - 1) & ~board_mask
    # each combo alone
    ra, rb, sa, sb = combos[:, 0] >> 2, combos[:, 1] >> 2, combos[:, 0] & 3, combos[:, 1] & 3
    hi, lo = np.maximum(ra, rb), np.minimum(ra, rb)
    pocket, suited = hi == lo, sa == sb
    above = ((1 << _RANKS) - 1) & ~((2 << np.arange(_RANKS)) - 1)  # the ranks above each
    # each (flop, combo)
    on_hi, on_lo = rank_count[:, hi], rank_count[:, lo]
    all_mask = board_mask[:, None] | (1 << hi) | (1 << lo)
    distinct = popcount[all_mask]
    col_top, col_bottom, col_second = top[:, None], bottom[:, None], second[:, None]
    hi_on, lo_on = on_hi > 0, on_lo > 0
    paired = np.where(hi_on, hi, lo)
    kicker_place = np.where(
        hi_on, popcount[free[:, None] & above[lo]], popcount[free[:, None] & above[hi]]
    )
    top_pair = np.select(
        [kicker_place == 0, kicker_place <= 3],
        [_M["top pair, top kicker"], _M["top pair, good kicker"]],
        _M["top pair, weak kicker"],
    )
    one_pair = np.select(
        [paired == col_top, paired == col_second],
        [top_pair, _M["second pair"]],
        _M["weak pair"],
    )
    unpaired = np.select(
        [(on_hi >= 2) | (on_lo >= 2), hi_on & lo_on, hi_on | lo_on],
        [_M["trips"], _M["two pair"], one_pair],
        np.where(hi == 12, _M["ace high"], _M["no made hand"]),
    )
    pair = np.select(
        [on_hi == 1, hi > col_top, hi < col_bottom],
        [_M["set"], _M["overpair"], _M["underpair"]],
        _M["pocket pair below top pair"],
    )
    in_a, in_b = suit_count[:, sa] + 1 + suited, suit_count[:, sb] + 1 + suited
    straight5 = (distinct == 5) & straight[all_mask]
    suited5 = suited & (in_a == 5)
    quads = (pocket & (on_hi == 2)) | (on_hi == 3) | (on_lo == 3)
    made = np.select(
        [suited5 & straight5, quads, distinct == 2, suited5, straight5, pocket],
        [_M["straight flush"], _M["quads"], _M["full house"], _M["flush"], _M["straight"], pair],
        unpaired,
    )
    no_flush_yet = made > _M["flush"]
    flush = ((in_a == 4) | (in_b == 4)) & no_flush_yet
    nut = ((in_a == 4) & (ra == best[:, sa])) | ((in_b == 4) & (rb == best[:, sb]))
    nut |= suited & (in_a == 4) & ((ra == best[:, sa]) | (rb == best[:, sa]))
    nut &= no_flush_yet
    backdoor = ((in_a == 3) | (in_b == 3)) & no_flush_yet & ~flush
    no_straight_yet = (made > _M["straight"]) & ~straight[all_mask]
    count = outs[all_mask]
    open_ended = no_straight_yet & (count >= 2)
    gutshot = no_straight_yet & (count == 1)
    overcards = (lo > col_top) & (made >= _M["ace high"])
    combo = flush & (open_ended | gutshot)
    draws = (
        flush * _D["flush draw"]
        | nut * _D["nut flush draw"]
        | open_ended * _D["open-ended"]
        | gutshot * _D["gutshot"]
        | combo * _D["combo draw"]
        | overcards * _D["two overcards"]
        | backdoor * _D["backdoor flush draw"]
    )
    return made, draws
