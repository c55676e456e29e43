"""Every game and every way of ranking a hand, as records found by name.

A :class:`Ladder` is one way of ranking a hand: the standard order, the
wrap-around house rule, short deck, the lowball orders (ace-to-five,
deuce-to-seven), the eight-or-better low and badugi. Its categories are
declared in order, and :mod:`showdown.hands.ladders` generates its tables
from that declaration. A :class:`Variant` is a game: its deck, how many hole
and board cards it deals, how a hand is made from them, and its ladders (one
for a high-only game, two for a hi-lo game). :func:`find_variant` is the one
place that knows what a game's name means; everything else asks it.

>>> v = find_variant("omaha-hi-lo")
>>> v.key, [ladder.key for ladder in v.ladders], v.hole, v.board
('omaha-hi-lo', ['high', 'eight-or-better'], (4, 5), (3, 4, 5))
>>> find_variant("O/8").key, find_variant("Razz").ladders[0].key
('omaha-hi-lo', 'ace-to-five')
>>> find_variant("holdem", wrap=True).ladders[0] is HIGH_WRAP
True
>>> find_variant("short-deck", trips_beat_straight=True).ladders[0].key
'short-deck-trips'
>>> find_variant("pineapple")
Traceback (most recent call last):
...
showdown.variants.UnknownGame: unknown game 'pineapple'; choose one of holdem, omaha, \
five-card, short-deck, omaha-hi-lo, stud, stud-hi-lo, razz, deuce-to-seven, ace-to-five, badugi, \
courchevel, courchevel-hi-lo
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import combinations
from typing import Literal, TypeVar

from showdown.categories import DISTINCT_HANDS, BadugiCategory, Category

__all__ = [
    "ACE_TO_FIVE",
    "BADUGI",
    "DEUCE_TO_SEVEN",
    "EIGHT_OR_BETTER",
    "GAMES",
    "HIGH",
    "HIGH_WRAP",
    "LADDERS",
    "OMAHA_BOARD_CARDS",
    "OMAHA_HOLE_CARDS",
    "SHORT_DECK",
    "SHORT_DECK_TRIPS",
    "VARIANTS",
    "Ladder",
    "LadderMismatch",
    "UnknownGame",
    "Variant",
    "find_variant",
    "omaha_fives",
    "omaha_picks",
]

ACE = 12
_ALL_RANKS = tuple(range(13))


class UnknownGame(ValueError):
    """A game name the registry does not know."""


class LadderMismatch(TypeError, ValueError):
    """Two hand values of different ladders (games or rules) were compared.

    A :class:`TypeError` (the values are of different kinds); also a
    :class:`ValueError` for code written against the earlier wrap check.
    """


def _runs(ranks: tuple[int, ...], wheel: bool, wrap: bool = False) -> tuple[tuple[int, ...], ...]:
    """Straight rank runs over the ranks in play, best first, top card first.

    The ace plays low in the lowest run (``wheel``); ``wrap`` adds the R10 runs.
    """
    low = ranks[0]
    runs = [tuple(range(top, top - 5, -1)) for top in range(12, low + 3, -1)]
    if wheel:
        runs.append((*range(low + 3, low - 1, -1), ACE))
    if wrap:  # R10: K-A-2-3-4 (four-high) > Q-K-A-2-3 > J-Q-K-A-2 (two-high)
        runs += [(2, 1, 0, 12, 11), (1, 0, 12, 11, 10), (0, 12, 11, 10, 9)]
    return tuple(runs)


_STANDARD_ORDER = (
    Category.STRAIGHT_FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.TWO_PAIR,
    Category.PAIR,
    Category.HIGH_CARD,
)
_PAIRED_ORDER = tuple(
    c
    for c in _STANDARD_ORDER
    if c not in (Category.STRAIGHT_FLUSH, Category.FLUSH, Category.STRAIGHT)
)


@dataclass(frozen=True, repr=False, eq=False)
class Ladder:
    """One way of ranking a hand: categories declared in order, best first.

    ``order`` lists the categories as a high hand ranks them; a ``low``
    ladder turns the whole list around (the worst high hand is the best low).
    ``ranks`` are the ranks in play, ``ace_low`` puts the ace under the two,
    ``straights`` are the runs that count (none: straights and flushes are
    ignored), ``qualifier`` the highest rank a qualifying low may hold.
    ``size`` is the number of distinct values, checked when the tables are built.

    >>> HIGH.size, SHORT_DECK.size, ACE_TO_FIVE.size, EIGHT_OR_BETTER.size, BADUGI.size
    (7462, 1404, 6175, 56, 1092)
    >>> SHORT_DECK.order[:4] == (Category.STRAIGHT_FLUSH, Category.FOUR_OF_A_KIND,
    ...                          Category.FLUSH, Category.FULL_HOUSE)
    True
    """

    key: str
    title: str
    size: int
    order: tuple[Category, ...] | tuple[BadugiCategory, ...]
    low: bool = False
    qualifier: int | None = None
    ranks: tuple[int, ...] = _ALL_RANKS
    ace_low: bool = False
    straights: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    cards: int = 5

    @property
    def flushes(self) -> bool:
        """Whether suits make hands (flushes) in this ladder."""
        return Category.FLUSH in self.order

    @property
    def categories(self) -> tuple[Category, ...] | tuple[BadugiCategory, ...]:
        """The categories best first, as they rank in this ladder."""
        return self.order[::-1] if self.low else self.order

    def __str__(self) -> str:
        return self.title

    def __repr__(self) -> str:
        return f"<Ladder {self.key}>"

    def __eq__(self, other: object) -> bool:
        return other is self or (isinstance(other, Ladder) and other.key == self.key)

    def __hash__(self) -> int:  # by key: ladders are looked up in caches on hot paths
        return hash(self.key)


HIGH = Ladder(
    "high", "standard", DISTINCT_HANDS, _STANDARD_ORDER, straights=_runs(_ALL_RANKS, True)
)
HIGH_WRAP = Ladder(
    "high-wrap",
    "wrap-around",
    DISTINCT_HANDS,
    _STANDARD_ORDER,
    straights=_runs(_ALL_RANKS, True, True),
)
_SHORT = tuple(range(4, 13))
SHORT_DECK = Ladder(
    "short-deck",
    "short deck",
    1404,
    (
        Category.STRAIGHT_FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.STRAIGHT,
        Category.THREE_OF_A_KIND,
        Category.TWO_PAIR,
        Category.PAIR,
        Category.HIGH_CARD,
    ),
    ranks=_SHORT,
    straights=_runs(_SHORT, True),
)
SHORT_DECK_TRIPS = replace(
    SHORT_DECK,
    key="short-deck-trips",
    title="short deck, three of a kind above a straight",
    order=(
        Category.STRAIGHT_FLUSH,
        Category.FOUR_OF_A_KIND,
        Category.FLUSH,
        Category.FULL_HOUSE,
        Category.THREE_OF_A_KIND,
        Category.STRAIGHT,
        Category.TWO_PAIR,
        Category.PAIR,
        Category.HIGH_CARD,
    ),
)
DEUCE_TO_SEVEN = Ladder(
    "deuce-to-seven",
    "deuce-to-seven low",
    DISTINCT_HANDS,
    _STANDARD_ORDER,
    low=True,
    straights=_runs(_ALL_RANKS, False),
)
ACE_TO_FIVE = Ladder("ace-to-five", "ace-to-five low", 6175, _PAIRED_ORDER, low=True, ace_low=True)
EIGHT_OR_BETTER = Ladder(
    "eight-or-better",
    "eight-or-better low",
    56,
    (Category.HIGH_CARD,),
    low=True,
    ace_low=True,
    qualifier=6,
)
BADUGI = Ladder(
    "badugi", "badugi", 1092, tuple(sorted(BadugiCategory, reverse=True)), ace_low=True, cards=4
)

#: Every ladder by key.
LADDERS: dict[str, Ladder] = {
    ladder.key: ladder
    for ladder in (
        HIGH,
        HIGH_WRAP,
        SHORT_DECK,
        SHORT_DECK_TRIPS,
        DEUCE_TO_SEVEN,
        ACE_TO_FIVE,
        EIGHT_OR_BETTER,
        BADUGI,
    )
}

#: Omaha's rule (``use="omaha"``): a five is exactly this many hole cards and board cards.
OMAHA_HOLE_CARDS = 2
OMAHA_BOARD_CARDS = 3

_T = TypeVar("_T")


@cache
def omaha_picks(
    holes: int, boards: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """Omaha's rule as positions: every pair of ``holes`` hole cards and every triple of
    ``boards`` board cards; any pair with any triple is a five the rule allows. The one
    place the rule is coded: scalar, batch and equity code all take their fives from here.

    >>> pairs, triples = omaha_picks(4, 5)
    >>> len(pairs), len(triples), pairs[0], triples[-1]
    (6, 10, (0, 1), (2, 3, 4))
    """
    return (
        tuple(combinations(range(holes), OMAHA_HOLE_CARDS)),
        tuple(combinations(range(boards), OMAHA_BOARD_CARDS)),
    )


def omaha_fives(hole: Sequence[_T], board: Sequence[_T]) -> list[tuple[_T, ...]]:
    """Every five Omaha allows from ``hole`` and ``board``: two hole cards, then three
    board cards (60 fives from 4 and 5).

    >>> fives = omaha_fives("ABCD", "vwxyz")
    >>> len(fives), fives[0], fives[-1]
    (60, ('A', 'B', 'v', 'w', 'x'), ('C', 'D', 'x', 'y', 'z'))
    """
    pairs, triples = omaha_picks(len(hole), len(board))
    return [
        (*(hole[i] for i in pair), *(board[j] for j in triple))
        for pair in pairs
        for triple in triples
    ]


#: How a player's hand is made: best five of hole and board together (``any``),
#: exactly two hole and three board cards (``omaha``), a stud player's own
#: cards (``stud``), or the draw hand as it stands (``draw``).
Use = Literal["any", "omaha", "stud", "draw"]

_DECK = tuple(range(52))


@dataclass(frozen=True, repr=False, eq=False)
class Variant:
    """A game: its name, deck, deal and ladders.

    ``hole`` are the hole-card counts a table may deal each player, ``board``
    the board sizes at a showdown, ``cards`` the total a hand may be evaluated
    from (the best five of them). ``ladders`` has one ladder for a high-only
    game, two (high, low) for a hi-lo game; ``button``: a button game (R7), or
    stud (no button; odd chips go by suit).

    >>> v = find_variant("stud-hi-lo")
    >>> v.hi_lo, v.button, v.use, v.hole
    (True, False, 'stud', (7,))
    >>> len(find_variant("short-deck").deck)
    36
    """

    key: str
    title: str
    aliases: tuple[str, ...]
    use: Use
    ladders: tuple[Ladder, ...]
    hole: tuple[int, ...]
    board: tuple[int, ...] = (0,)
    cards: tuple[int, int] = (5, 7)
    deck: tuple[int, ...] = _DECK
    button: bool = True

    @property
    def hi_lo(self) -> bool:
        """Whether each pot is split between a high and a low hand."""
        return len(self.ladders) > 1

    @property
    def high(self) -> Ladder:
        """The first ladder: the high one in a hi-lo game, the only one otherwise."""
        return self.ladders[0]

    @property
    def wrap(self) -> bool:
        """Whether the wrap-around house rule (R10) is in force."""
        return HIGH_WRAP in self.ladders

    def with_rules(self, wrap: bool = False, trips_beat_straight: bool = False) -> Variant:
        """This game under a rule option: ``wrap`` (R10) or ``trips_beat_straight`` (short deck).

        >>> find_variant("razz").with_rules(wrap=True)
        Traceback (most recent call last):
        ...
        showdown.variants.UnknownGame: the wrap-around rule applies to holdem, omaha and \
five-card, not to razz
        """
        ladders = self.ladders
        if wrap:
            if HIGH not in ladders or self.hi_lo or self.deck != _DECK:
                allowed = "holdem, omaha and five-card"
                raise UnknownGame(f"the wrap-around rule applies to {allowed}, not to {self.key}")
            ladders = tuple(HIGH_WRAP if x is HIGH else x for x in ladders)
        if trips_beat_straight:
            if SHORT_DECK not in ladders:
                raise UnknownGame(
                    f"trips_beat_straight applies to short-deck only, not to {self.key}"
                )
            ladders = tuple(SHORT_DECK_TRIPS if x is SHORT_DECK else x for x in ladders)
        return self if ladders == self.ladders else replace(self, ladders=ladders)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Variant) and (other.key, other.ladders) == (
            self.key,
            self.ladders,
        )

    def __hash__(self) -> int:
        return hash((self.key, self.ladders))

    def __repr__(self) -> str:
        rules = "" if self.ladders == _BY_NAME[self.key].ladders else f" {self.ladders}"
        return f"<Variant {self.key}{rules}>"


_STUD_DECK = tuple(range(52))
VARIANTS: tuple[Variant, ...] = (
    Variant(
        "holdem",
        "Texas Hold'em",
        ("nlhe", "texas", "hold'em", "nt"),
        "any",
        (HIGH,),
        hole=(2,),
        board=(0, 3, 4, 5),
    ),
    Variant(
        "omaha", "Omaha", ("plo", "omaha-hi"), "omaha", (HIGH,), hole=(4, 5, 6), board=(3, 4, 5)
    ),
    Variant(
        "five-card",
        "Five-card poker",
        ("five-card-stud-showdown",),
        "draw",
        (HIGH,),
        hole=(5,),
        cards=(5, 5),
    ),
    Variant(
        "short-deck",
        "Short deck Hold'em",
        ("6+", "ns", "shortdeck", "six-plus"),
        "any",
        (SHORT_DECK,),
        hole=(2,),
        board=(0, 3, 4, 5),
        deck=tuple(range(16, 52)),
    ),
    Variant(
        "omaha-hi-lo",
        "Omaha eight or better",
        ("o/8", "fo/8", "omaha8", "plo8"),
        "omaha",
        (HIGH, EIGHT_OR_BETTER),
        hole=(4, 5),
        board=(3, 4, 5),
    ),
    Variant(
        "stud",
        "Seven-card stud",
        ("f7s", "7-stud", "seven-card-stud"),
        "stud",
        (HIGH,),
        hole=(7,),
        button=False,
    ),
    Variant(
        "stud-hi-lo",
        "Seven-card stud eight or better",
        ("f7s/8", "stud8", "stud/8"),
        "stud",
        (HIGH, EIGHT_OR_BETTER),
        hole=(7,),
        button=False,
    ),
    Variant("razz", "Razz", ("fr",), "stud", (ACE_TO_FIVE,), hole=(7,), button=False),
    Variant(
        "deuce-to-seven",
        "Deuce-to-seven lowball",
        ("2-7", "f2l3d", "n2l1d", "kansas-city"),
        "draw",
        (DEUCE_TO_SEVEN,),
        hole=(5,),
        cards=(5, 5),
    ),
    Variant(
        "ace-to-five",
        "Ace-to-five lowball",
        ("a-5", "california"),
        "draw",
        (ACE_TO_FIVE,),
        hole=(5,),
        cards=(5, 5),
    ),
    Variant("badugi", "Badugi", ("fb",), "draw", (BADUGI,), hole=(4,), cards=(4, 4)),
    # Omaha with five hole cards whose first board card is dealt face up before the first
    # betting round: a board of one card is a stage of the hand (a hand won preflop)
    Variant("courchevel", "Courchevel", ("pco",), "omaha", (HIGH,), hole=(5,), board=(1, 3, 4, 5)),
    Variant(
        "courchevel-hi-lo",
        "Courchevel eight or better",
        ("pco/8", "courchevel8", "courchevel/8"),
        "omaha",
        (HIGH, EIGHT_OR_BETTER),
        hole=(5,),
        board=(1, 3, 4, 5),
    ),
)

#: The game keys, in the order of the CLI's ``--game`` choices.
GAMES: tuple[str, ...] = tuple(v.key for v in VARIANTS)

_BY_NAME: dict[str, Variant] = {}
for _v in VARIANTS:
    for _name in (_v.key, *_v.aliases):
        _BY_NAME[_name.lower()] = _v
del _v, _name


def find_variant(
    name: str | Variant, wrap: bool = False, trips_beat_straight: bool = False
) -> Variant:
    """The game called ``name`` (its key or an alias, any case), under the given rules.

    PHH variant codes are aliases: ``NT`` Hold'em, ``NS`` short deck, ``FO/8``
    Omaha hi-lo, ``F7S`` stud, ``F7S/8`` stud hi-lo, ``FR`` razz, ``F2L3D`` and
    ``N2L1D`` deuce-to-seven (triple and single draw), ``FB`` badugi; so are this
    library's ``PCO`` Courchevel and ``PCO/8`` Courchevel hi-lo.

    >>> [find_variant(code).key for code in ("NS", "FO/8", "F7S", "F7S/8", "FR", "F2L3D",
    ...                                      "N2L1D", "FB")]
    ['short-deck', 'omaha-hi-lo', 'stud', 'stud-hi-lo', 'razz', 'deuce-to-seven', \
'deuce-to-seven', 'badugi']
    >>> c = find_variant("PCO/8")
    >>> c.key, c.use, c.hole, c.board, c.hi_lo
    ('courchevel-hi-lo', 'omaha', (5,), (1, 3, 4, 5), True)
    """
    if isinstance(name, Variant):
        variant = name
    else:
        found = _BY_NAME.get(name.strip().lower()) if isinstance(name, str) else None
        if found is None:
            raise UnknownGame(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
        variant = found
    return variant.with_rules(wrap, trips_beat_straight)
