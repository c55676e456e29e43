"""How a range hits a board: the weighted share of its combos in each made hand and draw.

:func:`breakdown` reads a Hold'em or Omaha range, drops the combos that use a card
of the board or the dead cards, and sorts each remaining combo into exactly one
made-hand class (the first of :data:`MADE` that fits) and into any number of draw
classes (:data:`DRAWS`; a combo draw is also a flush draw and a straight draw).
Shares are weighted by the range's weights and sum to 1 over the made classes;
``made_combos`` and ``draw_combos`` give the same as weighted combos. With ``against``
(the other players' hands or ranges) each combo is weighed by the share of each other
player's weight it leaves (see :func:`breakdown`).
Every class is defined in ``docs/ranges.md``; in short, for the two hole cards
``h1 >= h2`` (ranks) and the board:

* ``straight flush`` ... ``straight``: the best five cards are of that category
  (also when the board alone makes it);
* ``set``: a pocket pair matching one board card; ``trips``: one hole card matching a
  board pair; ``two pair``: both hole cards pair different board cards;
* ``overpair``: a pocket pair above every board card; ``top pair`` (``top
  kicker`` / ``good kicker`` / ``weak kicker``): one hole card pairs the highest
  board rank, the other is the highest rank missing from the board, the second to
  fourth highest missing, or lower; ``pocket pair below top pair``: between the
  board's highest and lowest ranks; ``second pair``: a hole card pairs the
  second-highest board rank; ``weak pair``: a lower one; ``underpair``: a pocket
  pair below every board card;
* ``ace high``: none of those, with an ace in the hand; ``no made hand``: the rest.

Draws (on the flop and turn only; a river board has none): ``flush draw`` four
cards of a suit with at least one hole card and no flush yet (``nut flush draw``:
holding the highest card of that suit not on the board); ``open-ended``: no
straight yet and two or more ranks would each make a straight using a hole card
(double gutshots included); ``gutshot``: exactly one such rank; ``combo draw``: a
flush draw and a straight draw; ``two overcards``: no pair and both hole cards
above the board; ``backdoor flush draw`` (flop only): three cards of a suit with
at least one hole card, and no flush draw.

Omaha: a hand is in the first made class any two of its hole cards reach with
three board cards (each pair classed as above, its category from exactly those
two cards and three of the board), and has every draw one of its pairs has (a
flush draw: both cards of the pair in the suit).

>>> b = breakdown("QQ+, AK", "Qh Jh 3c")
>>> b.combos, round(b.made["set"], 4), round(b.made["overpair"], 4), b.made["two pair"]
(31, 0.0968, 0.3871, 0.0)
>>> round(b.draws["gutshot"], 4), round(b.made["ace high"], 4)
(0.5161, 0.5161)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from showdown.cards import Card, CardError, CardsLike, to_cards
from showdown.odds.ranges.blockers import compatible_weight
from showdown.odds.ranges.breakdown_classes import DRAWS, MADE
from showdown.odds.ranges.flop_classes import classify_grid
from showdown.odds.ranges.holdem import RangeError

__all__ = [
    "DRAWS",
    "MADE",
    "Breakdown",
    "breakdown",
    "classify",
    "classify_combos",
    "weighted_combos",
]

_CATEGORY_CLASS = {8: 0, 7: 1, 6: 2, 5: 3, 4: 4}  # straight flush .. straight
_FLUSH, _STRAIGHT = MADE.index("flush"), MADE.index("straight")


@dataclass(frozen=True)
class Breakdown:
    """A range's shares on a board: ``made`` (summing to 1) and ``draws``, by class, and
    the same as weighted combos (``made_combos``, ``draw_combos``: share x total weight)."""

    board: str
    combos: int  # the combos left once the board, dead cards and other players are removed
    made: dict[str, float]
    draws: dict[str, float]
    made_combos: dict[str, float] = field(default_factory=dict)
    draw_combos: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{"board", "combos", "made": {class: share}, "draws": {class: share},
        "made_combos": {class: weighted combos}, "draw_combos": {class: weighted combos}}``."""
        return {
            "board": self.board,
            "combos": self.combos,
            "made": dict(self.made),
            "draws": dict(self.draws),
            "made_combos": dict(self.made_combos),
            "draw_combos": dict(self.draw_combos),
        }


def breakdown(
    range_text: str,
    board: CardsLike,
    dead: CardsLike | None = None,
    game: str = "holdem",
    order: str = "pokerstove",
    against: Sequence[str] | None = None,
) -> Breakdown:
    """The made-hand and draw shares of a range on a board of 3 to 5 cards (see the
    module docs). ``order`` reads percentage ranges (``"pokerstove"`` or ``"equity"``).

    ``against`` lists the other players' hands or ranges: each combo's weight is then
    multiplied, for each other player, by the share of that player's weight (on this
    board, less the dead cards) left by the combo's cards. A known hand removes its
    cards exactly; ranges are weighed one by one (the product ignores what the other
    players' ranges block of each other).

    >>> b = breakdown("AA, KK", "Qh Jh 3c", against=["AhKh"])
    >>> b.combos, b.made_combos["overpair"]
    (6, 6.0)
    """
    community = to_cards(board)
    if not 3 <= len(community) <= 5:
        raise CardError(f"a breakdown needs a board of 3, 4 or 5 cards, got {len(community)}")
    combos, weights = weighted_combos(range_text, community, dead, game, order, against)
    made, draws = classify(combos, tuple(c.id for c in community))
    return _shares(" ".join(str(c) for c in community), len(combos), made, draws, weights)


def _shares(
    board: str, count: int, made: np.ndarray, draws: np.ndarray, weights: np.ndarray
) -> Breakdown:
    """The :class:`Breakdown` of combos classed ``made`` (indices into :data:`MADE`) and
    ``draws`` (bits over :data:`DRAWS`), weighted by ``weights``."""
    made_w = np.bincount(made, weights=weights, minlength=len(MADE))
    draw_w = [float(weights[(draws >> i) & 1 == 1].sum()) for i in range(len(DRAWS))]
    total = float(weights.sum())
    return Breakdown(
        board,
        count,
        {name: float(x) / total for name, x in zip(MADE, made_w, strict=True)},
        {name: x / total for name, x in zip(DRAWS, draw_w, strict=True)},
        {name: float(x) for name, x in zip(MADE, made_w, strict=True)},
        dict(zip(DRAWS, draw_w, strict=True)),
    )


def weighted_combos(
    range_text: str,
    board: CardsLike,
    dead: CardsLike | None = None,
    game: str = "holdem",
    order: str = "pokerstove",
    against: Sequence[str] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The range's combos ``(m, hole cards)`` left on the board and their weights, less
    the dead cards and weighed against the other players (see :func:`breakdown`)."""
    community = to_cards(board)
    known = [c.id for c in community] + [c.id for c in to_cards(dead)]
    if len(set(known)) != len(known):
        raise CardError("a card is both on the board and dead, or twice on the board")
    where = "on this board" if community else "once the dead cards are removed"
    combos, weights = _live(range_text, known, game, order)
    if len(combos) == 0:
        raise RangeError(f"range {range_text!r} has no combo left {where}")
    for text in against or ():
        theirs, their_weights = _live(text, known, game, order)
        total = float(their_weights.sum())
        if total <= 0:
            raise RangeError(f"range {text!r} has no combo left {where}")
        weights = weights * compatible_weight(combos, theirs, their_weights) / total
        keep = weights > 0
        combos, weights = combos[keep], weights[keep]
        if len(combos) == 0:
            raise RangeError(
                f"range {range_text!r} has no combo left once the cards in use are removed"
            )
    return combos, weights


def _live(text: str, known: list[int], game: str, order: str) -> tuple[np.ndarray, np.ndarray]:
    """A range's combos of positive weight holding none of the ``known`` cards."""
    combos, weights = _read(text, game, order)
    keep = ~np.isin(combos, known).any(axis=1) & (weights > 0)
    return combos[keep], weights[keep]


def classify(combos: np.ndarray, board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Each combo's made class (index into :data:`MADE`) and settled draw bits (over
    :data:`DRAWS`) on ``board``: Hold'em on a flop with numpy
    (:func:`~showdown.odds.ranges.flop_classes.classify_grid`), else pair by pair
    (:func:`classify_combos`); both give the same classes."""
    if combos.shape[1] == 2 and len(board) == 3:
        made, draws = classify_grid(combos, np.array([board]))
        return made[0], draws[0]
    return classify_combos(combos, board)


def classify_combos(combos: np.ndarray, board: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Each combo's made class (index into :data:`MADE`) and settled draw bits (over
    :data:`DRAWS`) on ``board``; a combo of more than two cards is an Omaha hand."""
    made_of: dict[tuple[int, int], int] = {}
    draws_of: dict[tuple[int, int], int] = {}
    omaha = combos.shape[1] > 2
    made = np.empty(len(combos), dtype=np.int64)
    draws = np.empty(len(combos), dtype=np.int64)
    for row, hand in enumerate(combos.tolist()):
        best, bits = len(MADE), 0
        for a, b in combinations(sorted(hand, reverse=True), 2):
            if (a, b) not in made_of:
                made_of[a, b], draws_of[a, b] = classify_pair(a, b, board, omaha)
            best = min(best, made_of[a, b])
            bits |= draws_of[a, b]
        made[row], draws[row] = best, _settle_draws(best, bits)
    return made, draws


def _read(text: str, game: str, order: str) -> tuple[np.ndarray, np.ndarray]:
    """A range's combos ``(m, hole cards)`` and weights."""
    if game == "omaha":
        from showdown.odds.ranges.omaha import parse_omaha_range

        r = parse_omaha_range(text)
        return r.combos, r.weights
    if game != "holdem":
        raise CardError(f"a breakdown is for holdem or omaha, not {game!r}")
    from showdown.odds.ranges.holdem import parse_range

    rng = parse_range(text, order)
    return np.array(rng.combos, dtype=np.int64).reshape(-1, 2), np.array(rng.weights, dtype=float)


def _settle_draws(made: int, bits: int) -> int:
    """A hand's draw bits once its best made class is known: no flush draw with a flush
    or better, no straight draw with a straight or better; the combo draw from both."""
    flush_bits = 0b11  # flush draw, nut flush draw
    straight_bits = 0b1100  # open-ended, gutshot
    if made <= _FLUSH:
        bits &= ~(flush_bits | (1 << 6))
    if made <= _STRAIGHT:
        bits &= ~straight_bits
    if bits & 1 and bits & straight_bits:
        bits |= 1 << 4
    if bits & (1 << 2):  # open-ended wins over gutshot (a hand from two pairs could hold both)
        bits &= ~(1 << 3)
    if bits & 1:
        bits &= ~(1 << 6)
    if made < MADE.index("ace high"):  # two overcards is for hands without a pair
        bits &= ~(1 << 5)
    return bits


def _category(cards: list[int]) -> int:
    from showdown.hands.value import evaluate

    return int(evaluate([Card.from_id(c) for c in cards]).category)


def _has_straight(ranks: set[int]) -> bool:
    """Whether the ranks (0..12, 2..A) hold five in a row (the ace also low)."""
    low = ranks | ({-1} if 12 in ranks else set())
    return any(all(r + i in low for i in range(5)) for r in range(-1, 9))


def classify_pair(a: int, b: int, board: tuple[int, ...], omaha: bool) -> tuple[int, int]:
    """The made class (index into :data:`MADE`) and draw bits (over :data:`DRAWS`, before
    :func:`_settle_draws`) of hole cards ``a``, ``b`` on ``board``; ``omaha``: the
    category from exactly these two cards and three of the board."""
    if omaha:
        category = max(_category([a, b, *three]) for three in combinations(board, 3))
    else:
        category = _category([a, b, *board])
    hi, lo = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    board_ranks = [c >> 2 for c in board]
    distinct = sorted(set(board_ranks), reverse=True)
    made = _CATEGORY_CLASS.get(category)
    if made is None:
        made = _pair_class(hi, lo, board_ranks, distinct, ace=(hi == 12))
    return made, _draw_bits(a, b, board, distinct, omaha, made)


def _pair_class(hi: int, lo: int, board_ranks: list[int], distinct: list[int], ace: bool) -> int:
    """The class of a hand below a straight, from what its hole ranks do with the board."""
    count = board_ranks.count
    if hi == lo:
        if count(hi) == 1:
            return MADE.index("set")
        if hi > distinct[0]:
            return MADE.index("overpair")
        if hi < distinct[-1]:
            return MADE.index("underpair")
        return MADE.index("pocket pair below top pair")
    if count(hi) >= 2 or count(lo) >= 2:
        return MADE.index("trips")
    if count(hi) and count(lo):
        return MADE.index("two pair")
    paired = hi if count(hi) else lo if count(lo) else None
    if paired is None:
        return MADE.index("ace high" if ace else "no made hand")
    kicker = lo if paired == hi else hi
    place = distinct.index(paired)
    if place == 0:
        missing = [r for r in range(12, -1, -1) if r not in distinct]
        at = missing.index(kicker)
        if at == 0:
            return MADE.index("top pair, top kicker")
        return MADE.index("top pair, good kicker" if at <= 3 else "top pair, weak kicker")
    return MADE.index("second pair" if place == 1 else "weak pair")


def _draw_bits(
    a: int, b: int, board: tuple[int, ...], distinct: list[int], omaha: bool, made: int
) -> int:
    """Draw bits of one pair of hole cards (flop and turn only)."""
    if len(board) == 5:
        return 0
    bits = 0
    hole = (a, b)
    for suit in range(4):
        on_board = [c for c in board if c & 3 == suit]
        held = [c for c in hole if c & 3 == suit]
        if not held or (omaha and len(held) < 2):
            continue
        n = len(on_board) + len(held)
        if n == 4:
            bits |= 1
            top = max(r for r in range(13) if 4 * r + suit not in board)
            if any(c >> 2 == top for c in held):
                bits |= 1 << 1
        elif n == 3 and len(board) == 3:
            bits |= 1 << 6
    hole_ranks = {a >> 2, b >> 2}
    board_set = set(distinct)
    ranks = board_set | hole_ranks
    if omaha or not _has_straight(ranks):  # Omaha: a made straight is left to the class
        outs = 0
        for r in range(13):
            if omaha:
                outs += _uses_both(hole_ranks, board_set, r)
            elif _has_straight(ranks | {r}) and not _has_straight(board_set | {r}):
                outs += 1
        if outs >= 2:
            bits |= 1 << 2
        elif outs == 1:
            bits |= 1 << 3
    if a >> 2 > distinct[0] and b >> 2 > distinct[0]:
        bits |= 1 << 5
    return bits


def _uses_both(hole: set[int], board: set[int], r: int) -> bool:
    """Whether a straight with rank ``r`` added needs both hole ranks (Omaha): some five
    ranks in a row hold both hole ranks and otherwise only board ranks or ``r``."""
    if len(hole) < 2:
        return False
    have = board | {r}
    for low in range(-1, 9):
        run = {(x if x >= 0 else 12) for x in range(low, low + 5)}
        if hole <= run and (run - hole) <= have and r in run:
            return True
    return False
