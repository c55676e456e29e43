"""The one pass over an all-in's boards (:func:`showdown.phh.runout_shares.runout_shares`):
the C kernel's integers (``runout_shares.c``) against numpy's, the reference, on random all-ins
of every EV game (2 to 6 hands, side pots nested or not, dead cards, preflop, flop and
turn, Omaha hi-lo halves); the bad input the C entry refuses; and the all-in EV of the
real samples and of generated multiway preflop all-ins, each taken both ways.
"""

from __future__ import annotations

import random
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from helpers.paths import DATA
from showdown.cards import Card
from showdown.hands import native
from showdown.phh.allin_ev import all_in_ev, all_in_moment
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import loads_all
from showdown.phh.runout_shares import SPLITS, runout_shares
from showdown.phh.settlement import Settlement, settle
from showdown.variants import find_variant

HOLE = {"holdem": 2, "short-deck": 2, "omaha": 4, "omaha-hi-lo": 4}

needs_kernel = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


def deal(rng: random.Random, game: str, players: int, shown: int, dead: int) -> tuple[
        list[list[str]], list[str], list[str]]:
    """Random hands, board and dead cards of ``game`` from one shuffled deck."""
    deck = [str(Card.from_id(c)) for c in find_variant(game).deck]
    rng.shuffle(deck)
    holes = [[deck.pop() for _ in range(HOLE[game])] for _ in range(players)]
    board = [deck.pop() for _ in range(shown)]
    return holes, board, [deck.pop() for _ in range(dead)]


def random_pots(rng: random.Random, players: int) -> list[tuple[int, ...]]:
    """One to four pots of two or more players: all of them first, then random subsets
    (side pots nest; these need not, and may repeat)."""
    pots = [tuple(range(players))]
    for _ in range(rng.randint(0, 3)):
        pots.append(tuple(sorted(rng.sample(range(players), rng.randint(2, players)))))
    return pots


def both_ways(game: str, holes: list[list[str]], board: list[str], dead: list[str],
              pots: list[tuple[int, ...]]) -> None:
    with native.use("native"):
        fast, boards = runout_shares(game, holes, board, dead, pots)
    with native.use("numpy"):
        reference, reference_boards = runout_shares(game, holes, board, dead, pots)
    assert boards == reference_boards
    assert fast.tolist() == reference.tolist(), (game, holes, board, dead, pots)
    assert fast.sum(axis=0).tolist() == [boards * SPLITS] * len(pots)  # every pot shared out


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(HOLE)), st.integers(2, 6),
       st.sampled_from([3, 4]), st.integers(0, 4))
def test_flop_and_turn_runouts_match_numpy(
    seed: int, game: str, players: int, shown: int, dead: int
) -> None:
    rng = random.Random(seed)
    holes, board, gone = deal(rng, game, players, shown, dead)
    both_ways(game, holes, board, gone, random_pots(rng, players))


@needs_kernel
@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(sorted(HOLE)), st.integers(2, 6),
       st.integers(0, 3))
def test_preflop_runouts_match_numpy(seed: int, game: str, players: int, dead: int) -> None:
    """Five cards to come (the nested loops of Hold'em, the heads-up counters). Omaha
    preflop takes five hands or more here: fewer leave numpy millions of boards."""
    if game.startswith("omaha"):
        players = max(players, 5)
    rng = random.Random(seed)
    holes, board, gone = deal(rng, game, players, 0, dead)
    both_ways(game, holes, board, gone, random_pots(rng, players))


def _omaha_preflop(seed: int, game: str, players: int, width: int, dead: int) -> tuple[
        list[list[str]], list[str], list[tuple[int, ...]]]:
    """Random Omaha hands of ``width`` cards, ``dead`` cards out, and pots."""
    rng = random.Random(seed)
    deck = [str(Card.from_id(c)) for c in find_variant(game).deck]
    rng.shuffle(deck)
    holes = [[deck.pop() for _ in range(width)] for _ in range(players)]
    dead = min(dead, len(deck) - 5)
    return holes, [deck.pop() for _ in range(dead)], random_pots(rng, players)


@needs_kernel
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["omaha", "omaha-hi-lo"]), st.integers(2, 8),
       st.sampled_from([4, 4, 5]), st.integers(0, 12))
def test_omaha_preflop_suits_merged_match_every_board(
    seed: int, game: str, players: int, width: int, dead: int
) -> None:
    """Omaha's merged preflop walk (rank multisets weighted, the boards with three cards
    of a suit apart) against the kernel's walk of every board: the same integers."""
    from showdown.hands.ladder_native import ladder_kernel, omaha_tables
    from showdown.hands.ladders import no_hand

    players = min(players, 48 // width - 1)
    holes, gone, pots = _omaha_preflop(seed, game, players, width, dead)
    variant = find_variant(game)
    ids = [[Card.parse(c).id for c in h] for h in holes]
    out = {c for h in ids for c in h} | {Card.parse(c).id for c in gone}
    deck = np.array(sorted(c for c in variant.deck if c not in out), dtype=np.int64)
    masks = np.array([sum(1 << i for i in pot) for pot in pots], dtype=np.int64)
    no_low = no_hand(variant.ladders[1]) if len(variant.ladders) > 1 else 0
    tables = ladder_kernel(variant.ladders[0])
    merged, plain = (np.zeros((players, len(masks)), dtype=np.int64) for _ in range(2))
    none = np.zeros(0, dtype=np.int64)
    flat = np.array(ids, dtype=np.int64).ravel()
    tables.runout_shares(deck, none, flat, width, masks, merged, omaha_tables(), no_low, True)
    tables.runout_shares(deck, none, flat, width, masks, plain, omaha_tables(), no_low, False)
    assert merged.tolist() == plain.tolist()
    assert merged.sum(axis=0).tolist() == [comb(len(deck), 5) * SPLITS] * len(masks)


@needs_kernel
@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["omaha", "omaha-hi-lo"]), st.integers(2, 8),
       st.sampled_from([4, 4, 5, 6]), st.sampled_from([1, 2, 3, 3, 3, 4, 4, 4]),
       st.integers(0, 10), st.booleans())
def test_omaha_later_streets_suits_merged_match_every_board(
    seed: int, game: str, players: int, width: int, shown: int, dead: int, suited: bool
) -> None:
    """Omaha's merged walk with board cards known (the ranks to come weighted, the boards
    that can hold three cards of a suit corrected) against the kernel's walk of every
    board, on random boards and on boards of mostly one suit (``suited``: flushes made,
    drawn, or out of reach)."""
    from showdown.hands.ladder_native import ladder_kernel, omaha_tables
    from showdown.hands.ladders import no_hand

    players = min(players, (48 - shown) // width - 1)
    rng = random.Random(seed)
    variant = find_variant(game)
    deck = [str(Card.from_id(c)) for c in variant.deck]
    rng.shuffle(deck)
    if suited:  # the board's cards first from one suit
        suit = rng.choice("cdhs")
        deck.sort(key=lambda c: c[1] != suit)
        board = deck[:shown]
        deck = deck[shown:]
        rng.shuffle(deck)
    else:
        board = [deck.pop() for _ in range(shown)]
    holes = [[deck.pop() for _ in range(width)] for _ in range(players)]
    gone = [deck.pop() for _ in range(min(dead, len(deck) - (5 - shown)))]
    pots = random_pots(rng, players)
    ids = [[Card.parse(c).id for c in h] for h in holes]
    out = {c for h in ids for c in h} | {Card.parse(c).id for c in gone + board}
    rest = np.array(sorted(c for c in variant.deck if c not in out), dtype=np.int64)
    known = np.array([Card.parse(c).id for c in board], dtype=np.int64)
    masks = np.array([sum(1 << i for i in pot) for pot in pots], dtype=np.int64)
    no_low = no_hand(variant.ladders[1]) if len(variant.ladders) > 1 else 0
    tables = ladder_kernel(variant.ladders[0])
    merged, plain = (np.zeros((players, len(masks)), dtype=np.int64) for _ in range(2))
    flat = np.array(ids, dtype=np.int64).ravel()
    tables.runout_shares(rest, known, flat, width, masks, merged, omaha_tables(), no_low, True)
    tables.runout_shares(rest, known, flat, width, masks, plain, omaha_tables(), no_low, False)
    assert merged.tolist() == plain.tolist(), (game, holes, board, gone, pots)
    assert merged.sum(axis=0).tolist() == [comb(len(rest), 5 - shown) * SPLITS] * len(masks)


@needs_kernel
@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["omaha", "omaha-hi-lo"]), st.integers(2, 4))
def test_omaha_preflop_suits_merged_match_numpy(seed: int, game: str, players: int) -> None:
    """Heads-up to four hands against numpy's reference, with cards out so that numpy
    walks its boards in seconds (the merged walk counts the rest by rank)."""
    holes, gone, pots = _omaha_preflop(seed, game, players, 4, 48 - 4 * players - 22)
    both_ways(game, holes, [], gone, pots)


@needs_kernel
@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(["holdem", "short-deck"]), st.integers(2, 10),
       st.integers(0, 8))
def test_preflop_suits_merged_match_every_board(
    seed: int, game: str, players: int, dead: int
) -> None:
    """The kernel's merged preflop walk (rank multisets weighted, flush boards apart)
    against its own walk of every board, one by one: the same integers."""
    from showdown.hands.ladder_native import ladder_kernel

    variant = find_variant(game)
    rng = random.Random(seed)
    cards = list(variant.deck)
    rng.shuffle(cards)
    if len(cards) - 2 * players - dead < 5:
        dead = len(cards) - 2 * players - 5
    holes = np.array([cards.pop() for _ in range(2 * players)], dtype=np.int64)
    del cards[:dead]
    deck = np.array(sorted(cards), dtype=np.int64)
    masks = np.array([sum(1 << i for i in pot) for pot in random_pots(rng, players)],
                     dtype=np.int64)
    tables = ladder_kernel(variant.ladders[0])
    merged, plain = (np.zeros((players, len(masks)), dtype=np.int64) for _ in range(2))
    none = np.zeros(0, dtype=np.int64)
    tables.runout_shares(deck, none, holes, 2, masks, merged, None, 0, True)
    tables.runout_shares(deck, none, holes, 2, masks, plain, None, 0, False)
    assert merged.tolist() == plain.tolist()
    assert merged.sum(axis=0).tolist() == [comb(len(deck), 5) * SPLITS] * len(masks)


@needs_kernel
def test_ties_and_a_river_to_come() -> None:
    """The board plays for everyone on most rivers (ties split three ways), a heads-up
    side pot; hi-lo with no low possible for one hand and a quartered low."""
    board = ["As", "Ks", "Qs", "Js"]
    both_ways("holdem", [["2c", "3d"], ["2d", "3c"], ["4h", "5h"]], board, [],
              [(0, 1, 2), (0, 1), (1, 2)])
    both_ways("omaha-hi-lo", [["Ac", "2c", "Kd", "Kh"], ["Ad", "2d", "Qc", "Qh"],
                              ["Tc", "Td", "9h", "9s"]], ["3h", "4s", "8c"], [],
              [(0, 1, 2), (0, 1)])


@needs_kernel
def test_the_limits_ten_hands_and_big_omaha_hands() -> None:
    """Ten hands with nested side pots (the widest outcome code), five- and six-card
    Omaha hands, and two hands with two pots (not the heads-up counters' one pot)."""
    rng = random.Random(3)
    holes, board, _ = deal(rng, "holdem", 10, 3, 0)
    both_ways("holdem", holes, board, [], [tuple(range(10)), tuple(range(8)),
                                           (0, 1, 2, 3, 4), (2, 3)])
    for width in (5, 6):
        deck = [str(Card.from_id(c)) for c in range(52)]
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(width)] for _ in range(3)]
        for game in ("omaha", "omaha-hi-lo") if width == 5 else ("omaha",):  # hi-lo: 4, 5
            both_ways(game, hands, deck[:3], deck[3:5], [(0, 1, 2), (1, 2)])
    holes, _, gone = deal(rng, "holdem", 2, 0, 30)
    both_ways("holdem", holes, [], gone, [(0, 1), (0, 1)])


@needs_kernel
def test_the_kernel_refuses_bad_input() -> None:
    tables = native.native_tables()
    deck = np.arange(8, 52, dtype=np.int64)
    holes = np.array([0, 1, 2, 3], dtype=np.int64)
    out = np.zeros((2, 1), dtype=np.int64)
    pots = np.array([3], dtype=np.int64)
    tables.runout_shares(deck, np.zeros(0, dtype=np.int64), holes, 2, pots, out, None, 0)
    assert out.sum() == SPLITS * 1086008  # C(44, 5) boards
    cases = [
        (np.array([0, 1, 2, 8], dtype=np.int64), pots, "given twice"),
        (holes, np.array([1], dtype=np.int64), "two contenders"),
        (holes, np.array([7], dtype=np.int64), "one not given"),
        (np.array([0, 1], dtype=np.int64), pots, "2 to 10 hands"),
    ]
    for cards, masks, words in cases:
        with pytest.raises(ValueError, match=words):
            tables.runout_shares(deck, np.zeros(0, dtype=np.int64), cards, 2, masks, out,
                                 None, 0)
    with pytest.raises(ValueError, match="hole_len"):
        tables.runout_shares(deck, np.zeros(0, dtype=np.int64), holes, 4, pots, out, None, 0)
    with pytest.raises(ValueError, match="out"):
        tables.runout_shares(deck, np.zeros(0, dtype=np.int64), holes, 2, pots,
                             np.zeros(1, dtype=np.int64), None, 0)
    with pytest.raises(ValueError, match="complete the board"):
        tables.runout_shares(deck[:2], np.array([4, 5], dtype=np.int64), holes, 2, pots,
                             out, None, 0)


def ev_both_ways(s: Settlement) -> None:
    """The all-in EV of settled hand ``s`` on each backend: the same exact fractions (the
    numpy path takes one exact equity per pot preflop, the kernel one pass)."""
    with native.use("native"):
        fast = all_in_ev(s)
    with native.use("numpy"):
        reference = all_in_ev(s)
    assert fast == reference


@needs_kernel
def test_the_real_samples_all_in_ev_on_both_backends() -> None:
    """The HandHQ samples hold one all-in with the cards shown (PokerStars, heads-up
    preflop): whatever all-ins they hold, both backends agree on them."""
    found = 0
    for path in sorted(DATA.glob("handhq-*.phhs")):
        for hand in loads_all(path.read_text()):
            s = settle(hand)
            if all_in_moment(s.replay) is None:
                continue
            ev_both_ways(s)
            found += 1
    assert found >= 1


@needs_kernel
@pytest.mark.parametrize("code, seed", [("NT", 11), ("NT", 12), ("PO", 13)])
def test_multiway_preflop_all_ins_on_both_backends(code: str, seed: int) -> None:
    """Three to six hands all in preflop with side pots: the kernel's one pass against
    one exact equity per pot."""
    rng = random.Random(seed)
    found = 0
    for _ in range(20000):
        players = rng.randint(3, 6)
        stacks = [rng.randint(4, 60) for _ in range(players)]
        s = settle(random_hand(rng, header(code, stacks), fold=0.05))
        if (all_in_moment(s.replay) or ("",))[0] != "preflop":
            continue
        ev = all_in_ev(s)
        if ev is None or ev.note or sum(len(c) > 1 for _, c in ev.pots) < 2:
            continue
        ev_both_ways(s)
        found += 1
        if found == 2:
            return
    raise AssertionError(f"found {found} multiway preflop all-ins with side pots, not 2")
