"""Hand categories, low to high, and where each sits in the 1..7462 numbering.

>>> Category.FLUSH > Category.STRAIGHT
True
>>> Category.TWO_PAIR.json_name
'two_pair'
>>> Category.from_rank(1), Category.from_rank(7462)
(<Category.STRAIGHT_FLUSH: 8>, <Category.HIGH_CARD: 0>)
"""

from __future__ import annotations

from enum import IntEnum


class Category(IntEnum):
    """The nine categories; a higher value always wins (R1).

    >>> from showdown import evaluate
    >>> c = evaluate("Kh Kd 4s 4c Ac", game="five-card").category
    >>> c, str(c), c.json_name, c > Category.PAIR
    (<Category.TWO_PAIR: 2>, 'two pair', 'two_pair', True)
    >>> [c.json_name for c in Category][-2:]
    ['four_of_a_kind', 'straight_flush']
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def json_name(self) -> str:
        """The category's name in JSON, e.g. ``three_of_a_kind``."""
        return self.name.lower()

    def __str__(self) -> str:
        """The English name in words: ``str(Category.TWO_PAIR) == "two pair"``.

        >>> print(Category.THREE_OF_A_KIND)
        three of a kind
        >>> f"{Category.FLUSH} ({Category.FLUSH:d})"
        'flush (5)'
        """
        return self.name.lower().replace("_", " ")

    def __format__(self, spec: str) -> str:
        """``f"{c}"`` is the name in words; a numeric spec (``f"{c:d}"``) formats the value."""
        if spec and spec[-1] in "bdoxXn":
            return format(int(self), spec)
        return format(str(self), spec)

    @classmethod
    def from_json(cls, name: str) -> Category:
        """The category whose JSON name is ``name``.

        >>> Category.from_json("full_house")
        <Category.FULL_HOUSE: 6>
        >>> Category.from_json("royal_flush")
        Traceback (most recent call last):
        ...
        ValueError: unknown category 'royal_flush'; one of high_card, pair, two_pair, \
three_of_a_kind, straight, flush, full_house, four_of_a_kind, straight_flush
        """
        member = cls.__members__.get(name.upper()) if isinstance(name, str) else None
        if member is None or name != name.lower():
            names = ", ".join(c.json_name for c in cls)
            raise ValueError(f"unknown category {name!r}; one of {names}")
        return member

    @classmethod
    def from_rank(cls, rank: int, wrap: bool = False) -> Category:
        """The category of a strength in the 1..7462 numbering (``wrap``: R10 house rule)."""
        if not 1 <= rank <= DISTINCT_HANDS:
            raise ValueError(f"hand rank {rank} is outside 1..{DISTINCT_HANDS}")
        for category, last in _LAST_RANK[wrap]:
            if rank <= last:
                return category
        raise AssertionError("unreachable")  # pragma: no cover


# Distinct strengths per category in standard poker (R3); with the wrap-around
# house rule (R10) straights gain three and high card/flush lose three each,
# so the total stays 7,462 and only the boundaries move.
CATEGORY_DISTINCT: dict[Category, int] = {
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.PAIR: 2860,
    Category.HIGH_CARD: 1277,
}

#: The number of distinct five-card strengths, 7,462: the size of the standard high
#: ladder (and of the wrap-around and deuce-to-seven ladders, which reorder the same
#: hands). The one place the number is written; everything else reads it from here or
#: from :attr:`showdown.variants.Ladder.size`.
DISTINCT_HANDS: int = sum(CATEGORY_DISTINCT.values())

#: The same with the wrap-around house rule (R10): 13 straight ranks.
CATEGORY_DISTINCT_WRAP: dict[Category, int] = {
    **CATEGORY_DISTINCT,
    Category.STRAIGHT_FLUSH: 13,
    Category.STRAIGHT: 13,
    Category.FLUSH: 1274,
    Category.HIGH_CARD: 1274,
}


def category_ranges(wrap: bool = False) -> dict[Category, range]:
    """The ranks each category covers, best category first.

    >>> category_ranges()[Category.STRAIGHT_FLUSH]
    range(1, 11)
    """
    distinct = CATEGORY_DISTINCT_WRAP if wrap else CATEGORY_DISTINCT
    out: dict[Category, range] = {}
    first = 1
    for category in sorted(Category, reverse=True):
        out[category] = range(first, first + distinct[category])
        first += distinct[category]
    return out


_LAST_RANK = {
    wrap: [(c, r.stop - 1) for c, r in category_ranges(wrap).items()] for wrap in (False, True)
}


class BadugiCategory(IntEnum):
    """Badugi hands by the size of their badugi (cards of all different suits and ranks).

    A four-card badugi beats any three-card hand, and so on down.

    >>> BadugiCategory.FOUR_CARD > BadugiCategory.THREE_CARD, BadugiCategory.TWO_CARD.json_name
    (True, 'two_card')
    >>> BadugiCategory.of_size(3).size
    3
    >>> str(BadugiCategory.THREE_CARD)
    'three-card badugi'
    """

    # Numbered past Category's 0..8 so that the two kinds never compare equal as ints.
    ONE_CARD = 9
    TWO_CARD = 10
    THREE_CARD = 11
    FOUR_CARD = 12

    @property
    def size(self) -> int:
        """How many cards the badugi holds (1 to 4)."""
        return self.value - 8

    @classmethod
    def of_size(cls, size: int) -> BadugiCategory:
        """The category of a ``size``-card badugi."""
        return cls(size + 8)

    @property
    def json_name(self) -> str:
        """The category's name in JSON, e.g. ``three_card``."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.name.lower().replace("_", "-") + " badugi"

    def __format__(self, spec: str) -> str:
        if spec and spec[-1] in "bdoxXn":
            return format(int(self), spec)
        return format(str(self), spec)


#: A category of any ladder.
AnyCategory = Category | BadugiCategory
