"""What every language's phrasebook provides, and the facts a sentence is built from.

:mod:`showdown.text.explain` works out *why* one hand beats another (a
:class:`Decision`); a :class:`Phrasebook` (one per language, in
``showdown.i18n.en``, ``.es`` and ``.ru``) turns that into words. Keeping the
two apart means the poker logic is written once and each language only
decides grammar: articles and gender in Spanish, cases and numerals in Russian.

>>> d = Decision(Category.PAIR, (12, 12, 11, 7, 0), 2, 11, 10)
>>> d.unit, d.kicker
('card', False)
>>> Decision(Category.TWO_PAIR, (11, 11, 2, 2, 12), 4, 12, 10).kicker
True
>>> format_ranks((12, 12, 11, 8, 7))
'A-A-K-10-9'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from showdown.categories import AnyCategory, BadugiCategory, Category

#: The words of one language outside hand names, by section (``"eval"``, ``"pots"``...):
#: each a mapping of keys to phrases. ``|`` separates a phrase's plural forms.
Words: TypeAlias = Mapping[str, Mapping[str, str]]

#: What sits at a deciding position of the comparison list (R2).
Unit = Literal["card", "pair", "high_pair", "low_pair", "trips", "full_pair", "quads", "top"]

_C = Category
_UNITS: dict[Category, tuple[Unit, ...]] = {
    _C.HIGH_CARD: ("card", "card", "card", "card", "card"),
    _C.PAIR: ("pair", "pair", "card", "card", "card"),
    _C.TWO_PAIR: ("high_pair", "high_pair", "low_pair", "low_pair", "card"),
    _C.THREE_OF_A_KIND: ("trips", "trips", "trips", "card", "card"),
    _C.STRAIGHT: ("top", "top", "top", "top", "top"),
    _C.FLUSH: ("card", "card", "card", "card", "card"),
    _C.FULL_HOUSE: ("trips", "trips", "trips", "full_pair", "full_pair"),
    _C.FOUR_OF_A_KIND: ("quads", "quads", "quads", "quads", "card"),
    _C.STRAIGHT_FLUSH: ("top", "top", "top", "top", "top"),
}

#: The rank of the five in the wheel's comparison order ``5 4 3 2 A``.
WHEEL_TOP = 3
ACE = 12


@dataclass(frozen=True)
class Decision:
    """Two hands of one category that differ: where the comparison stops, and on what.

    ``ranks`` are the winner's five ranks in comparison order, ``index`` the
    first position (0..4) where the two lists differ, ``win`` and ``lose`` the
    two ranks found there. Everything before ``index`` is shared by both hands.
    """

    category: AnyCategory
    ranks: tuple[int, ...]
    index: int
    win: int
    lose: int
    #: The hands are lows (lowball, or the low half of a hi-lo game): the lower card wins.
    low: bool = False

    @property
    def unit(self) -> Unit:
        """What decides: a single ``card`` (kicker, flush or high card), a group, or the
        ``top`` card of a straight."""
        if isinstance(self.category, BadugiCategory):
            return "card"
        return _UNITS[self.category][self.index]

    @property
    def kicker(self) -> bool:
        """True when the decisive card is the hand's only kicker (two pair, four of a kind)."""
        return self.index == 4 and self.category in (Category.TWO_PAIR, Category.FOUR_OF_A_KIND)


def format_ranks(ranks: Sequence[int]) -> str:
    """Ranks the way the documents write them: ``A-A-K-9-7``, ten as ``10``."""
    return "-".join("10" if r == 8 else "23456789TJQKA"[r] for r in ranks)


class Phrasebook(ABC):
    """The words and sentence patterns of one language.

    Labels (``the first hand``, ``hand 3``, a player's name) are always used
    as the grammatical subject, so they never need declining.
    """

    code: str
    #: The phrases of the commands, tables and game (see :data:`Words`).
    words: Words
    #: How numbers are written: the thousands separator and the decimal sign.
    thousands: str = ","
    decimal_sign: str = "."
    #: Default labels of :func:`showdown.explain` for its two hands.
    first_hand: str
    second_hand: str

    def __init__(self, words: Words) -> None:
        self.words = words

    @abstractmethod
    def hand_label(self, number: int) -> str:
        """Label of the ``number``-th hand (1-based) in a comparison of several."""

    @abstractmethod
    def rank(self, rank: int, plural: bool = False, case: str = "nom") -> str:
        """A rank as a noun (``king``/``kings``); ``case`` matters in Russian only."""

    @abstractmethod
    def category(self, category: AnyCategory) -> str:
        """The category's name, lower case."""

    @abstractmethod
    def describe(self, category: Category, ranks: Sequence[int]) -> str:
        """The name of a hand, capitalised (``Pair of aces``)."""

    @abstractmethod
    def beats(self, win: AnyCategory, win_royal: bool, lose: AnyCategory) -> str:
        """``a flush beats a straight`` (no capital, no full stop)."""

    @abstractmethod
    def wins_by_category(self, winner: str, beats: str) -> str:
        """Sentence: ``winner`` wins because its category is higher."""

    @abstractmethod
    def wins_by_position(self, winner: str, decision: Decision) -> str:
        """Sentence: same category, ``winner`` wins at ``decision.index``."""

    @abstractmethod
    def exact_tie(self, name: str, ranks: str, half: int | None = None) -> str:
        """Sentence: the two hands tie exactly; the pot (or ``half`` of a hi-lo pot: 0 high,
        1 low) is split; suits never break ties."""

    @abstractmethod
    def wins_alone(self, winner: str, name: str) -> str:
        """Sentence for several hands: ``winner`` wins alone with ``name``."""

    @abstractmethod
    def split(self, winners: Sequence[str], name: str, ranks: str, half: int | None = None) -> str:
        """Sentence for several hands: ``winners`` tie exactly and split the pot (or
        ``half`` of it)."""

    @abstractmethod
    def against_best_loser(self, loser: str, name: str, reason: str) -> str:
        """Sentence: why the winner(s) beat the best losing hand ``loser``."""

    @abstractmethod
    def also(self, decision: Decision) -> str:
        """Reason clause, same category: ``also a pair of aces, and the third card decides:
        king against queen``."""

    def count(self, n: int) -> str:
        """A whole number grouped by thousands: ``1,712,304``, ``1.712.304``, ``1 712 304``."""
        return f"{n:,}".replace(",", self.thousands)

    def decimal(self, x: float, places: int) -> str:
        """``x`` with ``places`` decimals and this language's signs."""
        text = f"{x:,.{places}f}"
        return text.replace(",", "\0").replace(".", self.decimal_sign).replace("\0", self.thousands)

    def percent(self, x: float, places: int = 2) -> str:
        """A fraction as a percentage: ``0.8126`` -> ``81.26%`` (``81,26%`` in es and ru)."""
        return f"{self.decimal(100 * x, places)}%"

    def share(self, x: float, places: int = 2) -> str:
        """A share as a percentage that never rounds a tiny part away: above 0 but below
        what ``places`` show is ``<0.01%``, below 1 but above what they show ``>99.99%``.

        >>> from showdown.i18n import phrasebook
        >>> book = phrasebook("en")
        >>> book.share(1e-6), book.share(0.25), book.share(0.999999), book.share(0.0)
        ('<0.01%', '25.00%', '>99.99%', '0.00%')
        """
        least = 10.0**-places / 100
        if 0 < x < least / 2:
            return "<" + self.percent(least, places)
        if 1 - least / 2 < x < 1:
            return ">" + self.percent(1 - least, places)
        return self.percent(x, places)

    def plural_index(self, n: int) -> int:
        """Which plural form follows the number ``n``: 0 for one, 1 for other (English,
        Spanish); Russian overrides it with its three forms (one, few, many)."""
        return 0 if n == 1 else 1

    def plural(self, n: int, forms: str | Sequence[str]) -> str:
        """The form of a noun or phrase after ``n``: ``forms`` as a sequence or as one
        string with the forms separated by ``|`` (``"chip|chips"``, ``"фишка|фишки|фишек"``).

        The only plural rule of the package: every count in every language goes through it.
        """
        options = forms.split("|") if isinstance(forms, str) else forms
        return options[min(self.plural_index(n), len(options) - 1)]

    def counted(self, n: int, forms: str | Sequence[str], **fields: object) -> str:
        """The plural form of a phrase for ``n``, with ``{count}`` (``n`` grouped by
        thousands) and ``fields`` filled in: ``counted(3, "{count} board|{count} boards")``."""
        return self.plural(n, forms).format(count=self.count(n), **fields)

    def section(self, name: str) -> Mapping[str, str]:
        """The words of one section (``eval``, ``stats``, ``equity``, ``demo``, ``pots``,
        ``replay``, ``graph``, ``run``, ``game``) in this language."""
        return self.words[name]

    def chips(self, n: int, case: str = "nom") -> str:
        """``n`` chips in the plural form and ``case`` the sentence needs (``case`` matters
        in Russian only, whose phrasebook has ``chips_acc`` and ``chips_dat``)."""
        pots = self.words["pots"]
        return self.counted(n, pots.get(f"chips_{case}", pots["chips"]))

    def in_sentence(
        self, name: str, category: AnyCategory, top: int, low: bool, article: bool
    ) -> str:
        """A hand's name (``name``, as :meth:`describe` gives it) inside a sentence:
        lower case, the details in brackets (``color (al as)``). English adds its article
        and says ``ace high``; Russian quotes the name as it is."""
        name = self.lower_first(name)
        head, comma, tail = name.partition(", ")
        return f"{head} ({tail})" if comma else name

    def against(self, template: str, hand: str, owner: str, category: AnyCategory) -> str:
        """Fill an ``against`` phrase with the losing ``hand`` and its ``owner``
        (``Cy's pair of kings``)."""
        return template.format(loser=f"{owner} {hand}")

    def shares(self, shares: Sequence[tuple[str, int]]) -> str:
        """Unequal shares of a split pot, the first with its chips: ``35 chips to Cy, 34 to
        Ana and 34 to Bo`` (the ``share_first`` and ``share_next`` phrases, then joined)."""
        pots = self.words["pots"]
        (name, amount), rest = shares[0], shares[1:]
        parts = [pots["share_first"].format(name=name, chips=self.chips(amount, "acc"))]
        parts += [pots["share_next"].format(name=n, count=self.count(c)) for n, c in rest]
        return self.join_shares(parts)

    def join_shares(self, parts: Sequence[str]) -> str:
        """The shares of a split as one list (``a, b and c``)."""
        return self.join(parts)

    def capitalise(self, text: str) -> str:
        """Upper-case the first letter only (``la mano 3`` -> ``La mano 3``)."""
        return text[:1].upper() + text[1:]

    def lower_first(self, text: str) -> str:
        """A hand name inside a sentence: ``Pair of aces`` -> ``pair of aces``."""
        return text[:1].lower() + text[1:]

    @abstractmethod
    def low_name(self, top: int, second: int) -> str:
        """A low hand without a pair, by its two highest cards: ``Seven-five low``."""

    @abstractmethod
    def badugi_name(self, size: int, top: int) -> str:
        """A badugi hand: ``Three-card badugi, seven high``."""

    @abstractmethod
    def in_ladder(self, key: str) -> str:
        """`` in short deck``: appended to a reason given in a ladder other than the standard."""

    @abstractmethod
    def game_name(self, key: str) -> str:
        """A game's name with its rule in a few words (a key of :mod:`showdown.variants`)."""

    @abstractmethod
    def half(self, index: int) -> str:
        """``High`` (0) or ``Low`` (1): the halves of a hi-lo showdown."""

    @abstractmethod
    def no_low(self) -> str:
        """The low half of a hi-lo hand without a qualifying low."""

    @abstractmethod
    def join(self, items: Sequence[str]) -> str:
        """``a, b and c`` in this language."""
