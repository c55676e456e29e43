"""Hand evaluation: the friendly :func:`evaluate` and :class:`HandValue`.

The per-call hot path on card ids is :func:`showdown.hands.scalar.evaluate_ids`.

Ranks follow Cactus Kev / treys / phevaluator: 1 is a royal flush, 7462 is
7-5-4-3-2; a lower rank is a stronger hand.

>>> v = evaluate("Kh Kd 4s 4c Ac", game="five-card")
>>> v.category.json_name, v.rank, str(v)
('two_pair', 2688, 'Two pair, kings and fours')
>>> [str(c) for c in v.best_five]
['Kh', 'Kd', '4s', '4c', 'Ac']
>>> evaluate("Ah Kh", board="Qh Jh Th 2c 3d").name
'Royal flush'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import total_ordering
from itertools import combinations
from typing import Literal

from showdown import validate as V
from showdown.cards import Card, CardError, CardsLike, check_distinct, to_cards
from showdown.categories import DISTINCT_HANDS, AnyCategory, Category
from showdown.hands import scalar
from showdown.hands.ladders import class_columns
from showdown.variants import (
    BADUGI,
    GAMES,
    HIGH,
    HIGH_WRAP,
    Ladder,
    LadderMismatch,
    UnknownGame,
    Variant,
    find_variant,
    omaha_fives,
)

Game = Literal[
    "holdem",
    "omaha",
    "five-card",
    "short-deck",
    "omaha-hi-lo",
    "stud",
    "stud-hi-lo",
    "razz",
    "deuce-to-seven",
    "ace-to-five",
    "badugi",
    "courchevel",
    "courchevel-hi-lo",
]
__all__ = ["GAMES", "HandValue", "HiLoValue", "check_counts", "evaluate"]

#: A card id (0..51) or a :class:`~showdown.cards.Card` (which is its own index).
CardId = int | Card


@total_ordering
class HandValue:
    """The value of a hand at showdown: its rank, category and the cards that play.

    ``rank`` numbers the values of the hand's ladder, 1 the best (for the
    standard ladder the Cactus Kev numbering). ``best_five`` are the cards
    that play, in comparison order (four or fewer in badugi). Comparison gives
    showdown order: ``a > b`` means a wins, ``a == b`` an exact tie (R4:
    suits never break ties). Values of different ladders (another game, or
    the wrap-around rule) never compare:

    >>> evaluate("Qc Kd Ah 2s 3c", game="five-card", wrap=True) > evaluate("7c 7d 2h 3s 4c",
    ...                                                                    game="five-card")
    Traceback (most recent call last):
    ...
    showdown.variants.LadderMismatch: cannot compare a wrap-around hand with a standard hand: \
values of different games or rules never compare; evaluate both the same way
    """

    __slots__ = ("best_five", "ladder", "rank")

    def __init__(
        self,
        rank: int,
        best_five: Sequence[Card],
        wrap: bool = False,
        ladder: Ladder | None = None,
    ) -> None:
        self.rank = rank
        self.best_five: tuple[Card, ...] = tuple(best_five)
        self.ladder: Ladder = ladder if ladder is not None else HIGH_WRAP if wrap else HIGH

    @property
    def wrap(self) -> bool:
        """Whether the value is under the wrap-around house rule (R10)."""
        return self.ladder is HIGH_WRAP

    @classmethod
    def from_five(
        cls, five: Sequence[Card], wrap: bool = False, ladder: Ladder | None = None
    ) -> HandValue:
        """The value of exactly five cards (four or fewer in badugi), put in comparison order."""
        if ladder is None or ladder in (HIGH, HIGH_WRAP):
            ids = [c.id for c in five]
            wrap = wrap or ladder is HIGH_WRAP
            rank = scalar.evaluator(wrap)(ids)
            return cls(rank, _in_order(five, class_columns(_standard(wrap))[1][rank]), wrap)
        rank = _ladder_value(five, ladder)
        return cls(rank, _in_order(five, class_columns(ladder)[1][rank]), ladder=ladder)

    @property
    def category(self) -> AnyCategory:
        return class_columns(self.ladder)[0][self.rank]

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks (0..12) in comparison order; equal tuples tie exactly."""
        return class_columns(self.ladder)[1][self.rank]

    @property
    def name(self) -> str:
        """English name, e.g. ``Two pair, kings and fours``."""
        return self.describe("en")

    def describe(self, lang: str = "en") -> str:
        """The hand's name in ``en``, ``es`` or ``ru``."""
        from showdown.i18n import describe_value

        return describe_value(self.ladder, self.category, self.ranks, lang)

    def percentile(self, game: str = "five-card", cards: int | None = None) -> float:
        """The share of all hands this value beats (:func:`showdown.hands.percentile.percentile`).

        >>> round(evaluate("Kh Kd 4s 4c Ac", game="five-card").percentile(), 4)
        0.959
        """
        from showdown.hands.percentile import percentile

        return percentile(self, game, cards)

    def to_json(self, lang: str = "en") -> dict[str, object]:
        """The JSON object of ``showdown eval``."""
        return {
            "category": self.category.json_name,
            "rank": self.rank,
            "best_five": [str(c) for c in self.best_five],
            "description": self.describe(lang),
        }

    def _check(self, other: HandValue) -> None:
        if other.ladder is not self.ladder:
            mine, theirs = self.ladder.title, other.ladder.title
            raise LadderMismatch(
                f"cannot compare {_article(mine)} {mine} hand with {_article(theirs)} {theirs} "
                "hand: values of different games or rules never compare; evaluate both the same way"
            )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.ladder is other.ladder and self.rank == other.rank

    def __gt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._check(other)
        return self.rank < other.rank

    def __lt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        self._check(other)
        return self.rank > other.rank

    def __hash__(self) -> int:
        return hash((self.ladder.key, self.rank))

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self.best_five)
        return f"<HandValue {self.rank} {self.category.json_name} [{cards}]>"

    def _repr_svg_(self) -> str:
        from showdown.text.render import hand_svg

        return hand_svg(self.best_five, caption=self.name)


class HiLoValue(HandValue):
    """Both halves of a hi-lo hand: ``high`` and ``low`` (``None``: no qualifying low).

    As a :class:`HandValue` it is its high half (rank, category, cards), so
    code written for high games reads it as the high hand; but the halves
    compare on their own (``a.high > b.high``): a hi-lo value as a whole has
    no single order, and comparing two raises :class:`TypeError`.

    >>> v = evaluate("As 2s 3d Kh", board="4c 5c 6d Kd Qh", game="omaha-hi-lo")
    >>> v.high.name, v.low.name
    ('Straight, six high', 'Six-five low')
    >>> evaluate("As Ks Qd Jh", board="Tc 9c 9d", game="omaha-hi-lo").low is None
    True
    >>> v > v
    Traceback (most recent call last):
    ...
    TypeError: a hi-lo hand has no single order: compare .high and .low separately
    """

    __slots__ = ("high", "low")

    def __init__(self, high: HandValue, low: HandValue | None) -> None:
        super().__init__(high.rank, high.best_five, ladder=high.ladder)
        self.high = high
        self.low = low

    @property
    def values(self) -> tuple[HandValue | None, ...]:
        """The value per ladder of the game: (high, low)."""
        return (self.high, self.low)

    def describe(self, lang: str = "en") -> str:
        """``Straight, six high; Six-five low`` (the low half says when there is none)."""
        from showdown.i18n import phrasebook

        low = phrasebook(lang).no_low() if self.low is None else self.low.describe(lang)
        return f"{self.high.describe(lang)}; {low}"

    def to_json(self, lang: str = "en") -> dict[str, object]:
        """``{"high": {...}, "low": {...} | null}``, each half as :meth:`HandValue.to_json`."""
        return {
            "high": self.high.to_json(lang),
            "low": None if self.low is None else self.low.to_json(lang),
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HiLoValue):
            return NotImplemented
        return self.high == other.high and self.low == other.low

    def __hash__(self) -> int:
        return hash((self.high, self.low))

    def _no_order(self, other: object) -> bool:
        raise TypeError("a hi-lo hand has no single order: compare .high and .low separately")

    __lt__ = __le__ = __gt__ = __ge__ = _no_order  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<HiLoValue high={self.high!r} low={self.low!r}>"


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _standard(wrap: bool) -> Ladder:
    return HIGH_WRAP if wrap else HIGH


def _in_order(cards: Sequence[Card], order: Sequence[int]) -> list[Card]:
    """``cards`` rearranged to follow the comparison-order ranks ``order``."""
    pool = sorted(cards, key=lambda c: -c.id)
    ordered = []
    for r in order:
        card = next(c for c in pool if c.rank == r)
        pool.remove(card)
        ordered.append(card)
    return ordered


def _ladder_value(cards: Sequence[Card], ladder: Ladder) -> int:
    from showdown.hands.ladder_scalar import ladder_ids

    return ladder_ids([c.id for c in cards], ladder)


def check_counts(hole: Sequence[Card], board: Sequence[Card], game: str | Variant) -> None:
    """Raise :class:`CardError` if the card counts (or cards) do not fit ``game``, saying
    what is missing.

    Hold'em takes two hole cards and a board of 3 to 5 cards, or 5 to 7 cards
    with no board (all of them one hand); Omaha 4 to 6 hole cards and 3 to 5
    board cards; five-card poker five cards and no board.

    >>> check_counts(to_cards("Ah Kh"), to_cards("Qh Jh"), "holdem")
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: Hold'em needs at least 5 cards in hand and board together, \
got 2 + 2 = 4: 1 more board card is missing (the board is 3 to 5 cards)
    >>> check_counts(to_cards("Ah 2c 3d 4s"), to_cards("Kh Qh Th"), "holdem")
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: a Hold'em hand with a board has 2 hole cards, got 4 \
(4 to 6 hole cards, exactly two used, is Omaha: game="omaha")
    """
    try:
        variant = find_variant(game)
    except UnknownGame as error:
        raise CardError(str(error)) from None
    n_hole, n_board = len(hole), len(board)
    if variant.key == "holdem":
        if n_board > 5:
            raise CardError(f"a Hold'em board has at most 5 cards, got {n_board}")
        if n_board and n_hole != 2:
            hint = ' (4 to 6 hole cards, exactly two used, is Omaha: game="omaha")'
            raise CardError(
                f"a Hold'em hand with a board has 2 hole cards, got {n_hole}"
                + (hint if 4 <= n_hole <= 6 else "")
            )
        total = n_hole + n_board
        if total < 5:
            missing = 5 - total
            what = (
                f"{missing} more board card{'s are' if missing > 1 else ' is'} missing "
                "(the board is 3 to 5 cards)"
                if n_board or n_hole == 2
                else f"{missing} more card{'s are' if missing > 1 else ' is'} missing"
            )
            raise CardError(
                f"Hold'em needs at least 5 cards in hand and board together, "
                f"got {n_hole} + {n_board} = {total}: {what}"
            )
        if total > 7:
            raise CardError(
                f"Hold'em takes at most 7 cards in hand and board together, "
                f"got {n_hole} + {n_board} = {total}"
            )
    elif variant.use == "any":
        low, high = variant.cards
        if not low <= n_hole + n_board <= high or n_board > max(variant.board):
            raise CardError(
                f"{variant.title} needs {low} to {high} cards in hand and board together "
                f"(board at most {max(variant.board)}), got {n_hole} + {n_board}"
            )
    elif variant.use == "omaha":
        fewest, most = min(variant.hole), max(variant.hole)
        if not fewest <= n_hole <= most:
            short = f": {fewest - n_hole} more missing" if n_hole < fewest else ""
            need = f"exactly {fewest}" if fewest == most else f"{fewest} to {most}"
            raise CardError(f"{variant.title} needs {need} hole cards, got {n_hole}{short}")
        if not 3 <= n_board <= 5:
            short = f": {3 - n_board} more missing (at least the flop)" if n_board < 3 else ""
            raise CardError(f"{variant.title} needs 3 to 5 board cards, got {n_board}{short}")
    else:
        what = "five-card poker" if variant.key == "five-card" else variant.title
        if board:
            raise CardError(f"{what} has no board")
        low, high = variant.cards
        if not low <= n_hole <= high:
            need = f"exactly {low}" if low == high else f"{low} to {high}"
            short = f": {low - n_hole} more missing" if n_hole < low else ""
            raise CardError(f"{what} needs {need} cards, got {n_hole}{short}")
    if variant.deck != _FULL_DECK:
        deck = set(variant.deck)
        for card in (*hole, *board):
            if card.id not in deck:
                raise CardError(
                    f"card {card} is not in the {variant.title} deck "
                    f"({len(variant.deck)} cards, {Card.from_id(variant.deck[0]).rank_char} to ace)"
                )


_FULL_DECK = tuple(range(52))


def evaluate(
    cards: CardsLike,
    board: CardsLike | None = None,
    game: str | Variant = "holdem",
    wrap: bool = False,
    trips_beat_straight: bool = False,
) -> HandValue:
    """The best hand a player can make (R5), in the game's own terms.

    ``cards`` and ``board`` may be text, :class:`Card` objects or ids.
    ``game`` is a key or alias of :func:`showdown.variants.find_variant`:
    ``holdem`` (best five of all, any mix), ``omaha`` (exactly two hole cards
    and three board cards), ``five-card`` (five cards, no board) and the other
    showdowns (``short-deck``, ``omaha-hi-lo``, ``stud``, ``stud-hi-lo``,
    ``razz``, ``deuce-to-seven``, ``ace-to-five``, ``badugi``). Hi-lo games
    give a :class:`HiLoValue`. ``wrap``: the R10 house rule;
    ``trips_beat_straight``: the short-deck rule putting three of a kind
    above a straight. When several fives are worth the same, ``best_five``
    shows the one whose card ids, sorted, are smallest: a fixed choice, since
    suits never matter.

    >>> evaluate("2d 2h", board="Ac Kd Qh Js Tc").name  # the board plays
    'Straight, ace high'
    >>> evaluate("Ah 2c 3d 4s", board="Kh Qh Jh", game="omaha").category.json_name  # one heart only
    'high_card'
    >>> evaluate("7h 5d 4c 3s 2h", game="deuce-to-seven").name
    'Seven-five low'
    >>> evaluate("Ah 6c 7d 8s 9h", board="Kc Kd", game="short-deck").name
    'Straight, nine high'
    """
    wrap = V.flag(wrap, "wrap")
    hole = to_cards(cards)
    community = to_cards(board)
    check_distinct(hole, community)
    try:
        variant = find_variant(game, wrap, trips_beat_straight)
    except UnknownGame as error:
        raise CardError(str(error)) from None
    check_counts(hole, community, variant)
    if variant.ladders[0] in (HIGH, HIGH_WRAP) and not variant.hi_lo:
        return _evaluate_high(hole, community, variant.use == "omaha", variant.wrap)
    values = [_best(hole, community, variant, ladder) for ladder in variant.ladders]
    high = values[0]
    if high is None:  # pragma: no cover - every high ladder gives every hand a value
        raise AssertionError("no high value")
    return HiLoValue(high, values[1]) if variant.hi_lo else high


def _best(
    hole: Sequence[Card], board: Sequence[Card], variant: Variant, ladder: Ladder
) -> HandValue | None:
    """The best value of ``ladder`` a player can make, or None if nothing qualifies."""
    from showdown.hands.ladders import no_hand

    if variant.use == "omaha":
        fives = [list(five) for five in omaha_fives(hole, board)]
    elif ladder.cards == 4:
        fives = [list(c) for k in (4, 3, 2, 1) for c in combinations(hole, k)]
    else:
        fives = [list(c) for c in combinations([*hole, *board], 5)]
    best_rank, best = no_hand(ladder), fives[0]
    for five in fives:
        rank = _ladder_value(five, ladder) if ladder.cards == 5 else _badugi_subset(five)
        if rank < best_rank or (rank == best_rank and sorted(five) < sorted(best)):
            best_rank, best = rank, five
    if best_rank == no_hand(ladder):
        return None
    return HandValue(best_rank, _in_order(best, class_columns(ladder)[1][best_rank]), ladder=ladder)


def _badugi_subset(cards: Sequence[Card]) -> int:
    """The badugi value of exactly these cards, or past the worst if they do not all differ."""
    from showdown.hands.ladders import no_hand, value_of_ranks

    if len({c.rank for c in cards}) < len(cards) or len({c.suit for c in cards}) < len(cards):
        return no_hand(BADUGI)
    return value_of_ranks(BADUGI)[frozenset(c.rank for c in cards)]


def _evaluate_high(
    hole: Sequence[Card], community: Sequence[Card], omaha: bool, wrap: bool
) -> HandValue:
    fn = scalar.evaluator(wrap)
    if omaha:
        fives = [list(five) for five in omaha_fives(hole, community)]
        best_rank, best = DISTINCT_HANDS + 1, fives[0]
        for five in fives:
            rank = fn([c.id for c in five])
            if rank < best_rank or (rank == best_rank and sorted(five) < sorted(best)):
                best_rank, best = rank, five
    else:
        pool = list(hole) + list(community)
        best = _best_five(pool, fn([c.id for c in pool]), wrap)
    return HandValue.from_five(best, wrap)


def _best_five(cards: Sequence[Card], rank: int, wrap: bool) -> list[Card]:
    """Five of ``cards`` worth ``rank``, the rank of all of them (hold'em: any five).

    The rank's five ranks say which ranks to take and how many of each. In a
    flush or straight flush they come from the one suit holding five or more
    cards. Otherwise any cards of those ranks are worth the same (a suited
    choice would be a better, flush rank): the lowest ids of each rank are
    taken, which makes the whole five the one with the smallest ids.
    """
    categories, ranks = class_columns(_standard(wrap))
    pool = sorted(cards)
    if categories[rank] in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suits = [c.suit for c in pool]
        flush_suit = max(range(4), key=suits.count)
        pool = [c for c in pool if c.suit == flush_suit]
    wanted = list(ranks[rank])
    chosen = []
    for card in pool:  # ascending ids: the first cards of a rank are its lowest
        if card.rank in wanted:
            wanted.remove(card.rank)
            chosen.append(card)
    return chosen
