"""Hand names (English for now; Spanish and Russian follow in the explain work)."""

from __future__ import annotations

from showdown.categories import Category

_ONE = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "jack", "queen", "king", "ace")  # fmt: skip
_MANY = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
         "jacks", "queens", "kings", "aces")  # fmt: skip


def describe_hand(category: Category, ranks: tuple[int, ...], lang: str = "en") -> str:
    """Name a hand from its category and comparison-order ranks.

    >>> describe_hand(Category.TWO_PAIR, (11, 11, 2, 2, 12))
    'Two pair, kings and fours'
    """
    top = ranks[0]
    if category == Category.STRAIGHT_FLUSH:
        return "Royal flush" if top == 12 else f"Straight flush, {_ONE[top]} high"
    if category == Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {_MANY[top]}"
    if category == Category.FULL_HOUSE:
        return f"Full house, {_MANY[top]} full of {_MANY[ranks[3]]}"
    if category == Category.FLUSH:
        return f"Flush, {_ONE[top]} high"
    if category == Category.STRAIGHT:
        return f"Straight, {_ONE[top]} high"
    if category == Category.THREE_OF_A_KIND:
        return f"Three of a kind, {_MANY[top]}"
    if category == Category.TWO_PAIR:
        return f"Two pair, {_MANY[top]} and {_MANY[ranks[2]]}"
    if category == Category.PAIR:
        return f"Pair of {_MANY[top]}"
    return f"High card, {_ONE[top]}"
