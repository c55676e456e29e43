"""English hand names and explanation sentences.

>>> from showdown.categories import AnyCategory, BadugiCategory, Category
>>> BOOK.describe(Category.FULL_HOUSE, (1, 1, 1, 12, 12))
'Full house, threes full of aces'
>>> BOOK.beats(Category.FLUSH, False, Category.STRAIGHT)
'a flush beats a straight'
"""

from __future__ import annotations

from collections.abc import Sequence

from showdown.categories import AnyCategory, BadugiCategory, Category
from showdown.i18n.base import ACE, WHEEL_TOP, Decision, Phrasebook

C = Category
B = BadugiCategory
ONE = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
       "jack", "queen", "king", "ace")  # fmt: skip
MANY = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
        "jacks", "queens", "kings", "aces")  # fmt: skip
ORDINAL = ("first", "second", "third", "fourth", "fifth")

NAMES = {
    C.HIGH_CARD: "high card",
    C.PAIR: "pair",
    C.TWO_PAIR: "two pair",
    C.THREE_OF_A_KIND: "three of a kind",
    C.STRAIGHT: "straight",
    C.FLUSH: "flush",
    C.FULL_HOUSE: "full house",
    C.FOUR_OF_A_KIND: "four of a kind",
    C.STRAIGHT_FLUSH: "straight flush",
    B.FOUR_CARD: "four-card badugi",
    B.THREE_CARD: "three-card badugi",
    B.TWO_CARD: "two-card badugi",
    B.ONE_CARD: "one-card badugi",
}
# "A flush beats a straight", but "two pair", "three of a kind" take no article.
WITH_ARTICLE = {
    C.HIGH_CARD: "high card",
    C.PAIR: "a pair",
    C.TWO_PAIR: "two pair",
    C.THREE_OF_A_KIND: "three of a kind",
    C.STRAIGHT: "a straight",
    C.FLUSH: "a flush",
    C.FULL_HOUSE: "a full house",
    C.FOUR_OF_A_KIND: "four of a kind",
    C.STRAIGHT_FLUSH: "a straight flush",
    B.FOUR_CARD: "a four-card badugi",
    B.THREE_CARD: "a three-card badugi",
    B.TWO_CARD: "a two-card badugi",
    B.ONE_CARD: "a one-card badugi",
}
GROUP = {
    "pair": "the pair",
    "high_pair": "the first pair",
    "low_pair": "the second pair",
    "trips": "the three of a kind",
    "full_pair": "the pair",
    "quads": "the four of a kind",
    "top": "the top card",
}


LADDER_NAMES = {
    "high-wrap": "with the wrap-around rule",
    "short-deck": "in short deck",
    "short-deck-trips": "in short deck (three of a kind above a straight)",
    "deuce-to-seven": "in deuce-to-seven lowball",
    "ace-to-five": "in ace-to-five lowball",
    "eight-or-better": "in the eight-or-better low",
}


GAME_NAMES = {
    "holdem": "Texas Hold'em: best five of hand and board",
    "omaha": "Omaha: exactly two hole cards and three from the board",
    "five-card": "Five-card poker",
    "short-deck": "Short deck: 36 cards, a flush beats a full house, A-6-7-8-9 is the lowest "
    "straight",
    "omaha-hi-lo": "Omaha hi-lo: the pot is split between the best high and the best "
    "eight-or-better low",
    "stud": "Seven-card stud: the best five of a player's seven cards",
    "stud-hi-lo": "Seven-card stud hi-lo: the best high and the best eight-or-better low",
    "razz": "Razz: the best ace-to-five low of seven cards",
    "deuce-to-seven": "Deuce-to-seven lowball: the ace is high, straights and flushes count "
    "against you",
    "ace-to-five": "Ace-to-five lowball: the ace is low, straights and flushes do not count",
    "badugi": "Badugi: four cards, the most of all different suits and ranks, lowest wins",
}


class English(Phrasebook):
    """English, with the usual poker idiom (``kings full of fours``, ``five high``)."""

    code = "en"
    first_hand = "the first hand"
    second_hand = "the second hand"

    def hand_label(self, number: int) -> str:
        return f"hand {number}"

    def rank(self, rank: int, plural: bool = False, case: str = "nom") -> str:
        return MANY[rank] if plural else ONE[rank]

    def category(self, category: AnyCategory) -> str:
        return NAMES[category]

    def describe(self, category: Category, ranks: Sequence[int]) -> str:
        top = ranks[0]
        if category == C.STRAIGHT_FLUSH:
            return "Royal flush" if top == ACE else f"Straight flush, {ONE[top]} high"
        if category == C.FOUR_OF_A_KIND:
            return f"Four of a kind, {MANY[top]}"
        if category == C.FULL_HOUSE:
            return f"Full house, {MANY[top]} full of {MANY[ranks[3]]}"
        if category == C.FLUSH:
            return f"Flush, {ONE[top]} high"
        if category == C.STRAIGHT:
            return f"Straight, {ONE[top]} high"
        if category == C.THREE_OF_A_KIND:
            return f"Three of a kind, {MANY[top]}"
        if category == C.TWO_PAIR:
            return f"Two pair, {MANY[top]} and {MANY[ranks[2]]}"
        if category == C.PAIR:
            return f"Pair of {MANY[top]}"
        return f"High card, {ONE[top]}"

    def beats(self, win: AnyCategory, win_royal: bool, lose: AnyCategory) -> str:
        winner = "a royal flush" if win_royal else WITH_ARTICLE[win]
        return f"{winner} beats {WITH_ARTICLE[lose]}"

    def _shared(self, d: Decision) -> str:
        """What both hands have, as far as they agree (object of ``have``)."""
        r, i, cat = d.ranks, d.index, d.category
        if cat == C.HIGH_CARD and d.low:
            return f"{'an' if r[0] in (6, 12) else 'a'} {ONE[r[0]]} low" if i >= 1 else "a low"
        if cat == C.HIGH_CARD:
            return "only high card"
        if cat == C.PAIR and i >= 2:
            return f"a pair of {MANY[r[0]]}"
        if cat == C.TWO_PAIR and i == 4:
            return f"two pair, {MANY[r[0]]} and {MANY[r[2]]}"
        if cat == C.TWO_PAIR and i >= 2:
            return f"two pair, {MANY[r[0]]} up"
        if cat == C.THREE_OF_A_KIND and i >= 3:
            return f"three {MANY[r[0]]}"
        if cat == C.FULL_HOUSE and i >= 3:
            return f"a full house with three {MANY[r[0]]}"
        if cat == C.FOUR_OF_A_KIND and i >= 4:
            return f"four {MANY[r[0]]}"
        return WITH_ARTICLE[cat]

    def _place(self, d: Decision) -> str:
        """The deciding place as a noun phrase: ``the third card``, ``the first pair``."""
        if d.unit == "card":
            return f"the {ORDINAL[d.index]} card" + (" (the kicker)" if d.kicker else "")
        return GROUP[d.unit]

    def _top(self, rank: int, category: AnyCategory) -> str:
        if rank != WHEEL_TOP:
            return f"{ONE[rank]} high"
        wheel = "the steel wheel" if category == C.STRAIGHT_FLUSH else "the wheel"
        return f"five high ({wheel})"

    def _versus(self, d: Decision) -> str:
        if d.unit == "top":
            return f"{self._top(d.win, d.category)} against {self._top(d.lose, d.category)}"
        if d.unit == "card":
            return f"{ONE[d.win]} against {ONE[d.lose]}"
        return f"{MANY[d.win]} against {MANY[d.lose]}"

    def wins_by_category(self, winner: str, beats: str) -> str:
        return f"{self.capitalise(winner)} wins: {beats}."

    def wins_by_position(self, winner: str, decision: Decision) -> str:
        return (
            f"Both hands have {self._shared(decision)}; {winner} wins on "
            f"{self._place(decision)}, {self._versus(decision)}."
        )

    def exact_tie(self, name: str, ranks: str) -> str:
        return (
            f"Exact tie ({self.lower_first(name)}, {ranks} in both hands): "
            "the pot is split, because suits never break ties."
        )

    def wins_alone(self, winner: str, name: str) -> str:
        return f"{self.capitalise(winner)} wins: {self.lower_first(name)}."

    def split(self, winners: Sequence[str], name: str, ranks: str) -> str:
        return (
            f"{self.capitalise(self.join(winners))} split the pot with the same hand, "
            f"{self.lower_first(name)} ({ranks}): an exact tie, and suits never break ties."
        )

    def against_best_loser(self, loser: str, name: str, reason: str) -> str:
        return f"Best losing hand: {loser} ({self.lower_first(name)}); {reason}."

    def also(self, decision: Decision) -> str:
        return (
            f"also {self._shared(decision)}, and {self._place(decision)} decides: "
            f"{self._versus(decision)}"
        )

    def low_name(self, top: int, second: int) -> str:
        return f"{ONE[top].capitalize()}-{ONE[second]} low"

    def badugi_name(self, size: int, top: int) -> str:
        count = ("One", "Two", "Three", "Four")[size - 1]
        return f"{count}-card badugi, {ONE[top]} high"

    def in_ladder(self, key: str) -> str:
        return f" {LADDER_NAMES[key]}" if key in LADDER_NAMES else ""

    def game_name(self, key: str) -> str:
        return GAME_NAMES[key]

    def half(self, index: int) -> str:
        return ("High", "Low")[index]

    def no_low(self) -> str:
        return "no qualifying low"

    def join(self, items: Sequence[str]) -> str:
        items = list(items)
        if len(items) <= 2:
            return " and ".join(items)
        return ", ".join(items[:-1]) + " and " + items[-1]


BOOK = English()
