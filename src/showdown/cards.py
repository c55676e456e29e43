"""Cards, card text and the deck.

A card is a rank (0..12 for 2..A) and a suit (0..3 for clubs, diamonds, hearts,
spades); its array id is ``4 * rank + suit``, the ids phevaluator uses.

>>> Card.parse("As")
Card.parse('As')
>>> str(Card.from_id(51)), Card.parse("10♥").id
('As', 34)
>>> [str(c) for c in parse_cards("AsKd, 10h 2♣")]
['As', 'Kd', 'Th', '2c']
>>> parse_cards("As Xd")
Traceback (most recent call last):
...
showdown.cards.CardError: unknown card 'Xd' at position 2 of 'As Xd'
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Iterator, Sequence
from functools import total_ordering

from showdown.validate import ReasonedError, short_repr

TYPE_CHECKING = False  # not typing's
if TYPE_CHECKING:
    import random

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"

_SUIT_FROM_TEXT = {
    **{s: i for i, s in enumerate(SUITS)},
    **{s: i for i, s in enumerate(SUIT_SYMBOLS)},
}
# Variation selectors and the white-suit glyphs people paste in from documents.
_SUIT_FROM_TEXT.update({"♧": 0, "♢": 1, "♡": 2, "♤": 3})
_RANK_FROM_TEXT = {r: i for i, r in enumerate(RANKS)} | {"10": 8}
_TOKEN = re.compile(r"(10|[2-9tjqka])([cdhs♣♦♥♠♧♢♡♤])\ufe0f?", re.IGNORECASE)


class CardError(ReasonedError):
    """Card text that cannot be read, a duplicate card, or a wrong number of cards."""


@total_ordering
class Card:
    """One playing card: immutable, hashable, ordered by rank (then suit, for sorting only).

    ``Card("As")`` reads card text (as eval7's ``Card("As")`` does, and like
    :meth:`Card.parse`); ``Card(rank, suit)`` takes a rank 0..12 (2..A) and a
    suit 0..3 (c, d, h, s), or their letters.

    >>> Card("As") == Card(12, 3) == Card("A", "s") == Card.parse("as")
    True
    >>> Card.parse("Td") > Card.parse("9s")
    True
    >>> Card("Xs")
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: unknown card 'Xs' (one card is a rank 2-9, T, J, Q, K, A or 10, \
then a suit c, d, h, s or ♣ ♦ ♥ ♠; for several cards use parse_cards)
    """

    __slots__ = ("id",)
    id: int

    def __init__(self, rank: int | str, suit: int | str | None = None) -> None:
        if isinstance(rank, str) and (suit is None or isinstance(suit, str)):
            object.__setattr__(self, "id", Card.parse(rank + (suit or "")).id)
            return
        if suit is None:
            raise CardError(
                "Card takes card text such as Card('As') or a rank and a suit, "
                f"not {short_repr(rank)} alone"
            )
        if isinstance(rank, bool) or isinstance(suit, bool):
            raise CardError(
                f"rank and suit are integers, not {short_repr(rank)} and {short_repr(suit)}"
            )
        try:
            rank, suit = operator.index(rank), operator.index(suit)  # type: ignore[arg-type]
        except TypeError:
            raise CardError(
                f"rank and suit are integers, not {short_repr(rank)} and {short_repr(suit)}"
            ) from None
        if not (0 <= rank < 13 and 0 <= suit < 4):
            raise CardError(f"no card with rank {rank} and suit {suit}")
        object.__setattr__(self, "id", 4 * rank + suit)

    @classmethod
    def from_id(cls, card_id: int) -> Card:
        """The card with array id ``card_id`` (0..51; numpy integers too).

        >>> Card.from_id(0), Card.from_id(51)
        (Card.parse('2c'), Card.parse('As'))
        >>> Card.from_id(3.0)
        Traceback (most recent call last):
        ...
        showdown.cards.CardError: a card id is an integer 0..51, not 3.0
        """
        if isinstance(card_id, bool):
            raise CardError(f"a card id is an integer 0..51, not {short_repr(card_id)}")
        try:
            index = operator.index(card_id)
        except TypeError:
            raise CardError(f"a card id is an integer 0..51, not {short_repr(card_id)}") from None
        if not 0 <= index < 52:
            raise CardError(f"card id {index} is outside 0..51")
        return _ALL[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card such as ``As``, ``10h``, ``q♦``.

        >>> Card.parse("10h"), Card.parse(" q♦ ")
        (Card.parse('Th'), Card.parse('Qd'))
        >>> Card.parse("AsKd")
        Traceback (most recent call last):
        ...
        showdown.cards.CardError: unknown card 'AsKd' (one card is a rank 2-9, T, J, Q, K, A \
or 10, then a suit c, d, h, s or ♣ ♦ ♥ ♠; for several cards use parse_cards)
        """
        if not isinstance(text, str):
            raise TypeError(f"Card.parse reads text such as 'As', not {type(text).__name__}")
        match = _TOKEN.fullmatch(text.strip())
        if match is None:
            raise CardError(f"unknown card {_shorten(text.strip())!r} ({_HINT})")
        return _ALL[4 * _RANK_FROM_TEXT[match[1].upper()] + _SUIT_FROM_TEXT[match[2].lower()]]

    @property
    def rank(self) -> int:
        """0..12 for 2..A."""
        return self.id >> 2

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades."""
        return self.id & 3

    def __index__(self) -> int:
        """The card's id: a Card stands wherever an id does (``evaluate_ids(cards)``).

        >>> [0, 1, 2][Card.parse("2h")]
        2
        """
        return self.id

    @property
    def rank_char(self) -> str:
        return RANKS[self.id >> 2]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. ``A♠``."""
        return RANKS[self.id >> 2] + SUIT_SYMBOLS[self.id & 3]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_id, (self.id,))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.id == self.id

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.id < other.id

    def __hash__(self) -> int:
        return self.id

    def __str__(self) -> str:
        return RANKS[self.id >> 2] + SUITS[self.id & 3]

    def __format__(self, spec: str) -> str:
        """Format the text ``As`` like a string: ``f"{card:>4}"``."""
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from showdown.text.svg import card_document  # the drawing only: render imports cards

        return card_document(self, 100, face_down=False)


_ALL: tuple[Card, ...] = tuple(Card(i >> 2, i & 3) for i in range(52))

_HINT = (
    "one card is a rank 2-9, T, J, Q, K, A or 10, then a suit c, d, h, s or ♣ ♦ ♥ ♠; "
    "for several cards use parse_cards"
)


def _shorten(text: str, limit: int = 60) -> str:
    """``text`` as it goes into an error message: long input is cut, with its length.

    >>> _shorten("As " * 100)[-24:]
    ' As As… (300 characters)'
    """
    if len(text) <= limit:
        return text
    return f"{text[: limit - 1].rstrip()}… ({len(text)} characters)"


CardLike = Card | int | str
CardsLike = str | Iterable[CardLike]


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas, or run together (``AsKd``).

    An unknown token raises :class:`CardError` naming it and its 1-based
    position; a card given twice raises one naming that card.

    >>> parse_cards("A♠ k♦, 10h 9c")
    [Card.parse('As'), Card.parse('Kd'), Card.parse('Th'), Card.parse('9c')]
    >>> parse_cards("As Kd As")
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: duplicate card As in 'As Kd As'
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_cards reads text such as 'As Kd', not {type(text).__name__}")
    cards: list[Card] = []
    seen: set[int] = set()
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    position = 0
    for token in tokens:
        pos = 0
        while pos < len(token):
            position += 1
            match = _TOKEN.match(token, pos)
            if match is None:
                bad = _shorten(token[pos:] if pos else token)
                raise CardError(
                    f"unknown card {short_repr(bad)} at position {position} of {_shorten(text)!r}"
                )
            card = _ALL[4 * _RANK_FROM_TEXT[match[1].upper()] + _SUIT_FROM_TEXT[match[2].lower()]]
            if card.id in seen:
                raise CardError(f"duplicate card {card} in {_shorten(text)!r}")
            seen.add(card.id)
            cards.append(card)
            pos = match.end()
    return cards


def to_cards(cards: CardsLike | None) -> list[Card]:
    """Cards from text, :class:`Card` objects or ids (mixed is fine); ``None`` is no cards.

    >>> [str(c) for c in to_cards([51, "Kd", Card.parse("2c")])]
    ['As', 'Kd', '2c']
    """
    if cards is None:
        return []
    if isinstance(cards, str):
        return parse_cards(cards)
    if isinstance(cards, bytes | bytearray):
        raise CardError(f"cards are text, Cards or ids, not bytes: {short_repr(cards)}")
    if isinstance(cards, Card):
        return [cards]
    try:
        items = iter(cards)
    except TypeError:
        raise TypeError(
            f"cards are text ('As Kd') or a list of Cards or ids, not {type(cards).__name__}"
        ) from None
    out: list[Card] = []
    for item in items:
        if isinstance(item, Card):
            out.append(item)
        elif isinstance(item, str):
            out.append(Card.parse(item))
        else:
            try:
                out.append(Card.from_id(item))  # int or numpy integer; never a float
            except CardError as exc:
                if "outside" in str(exc):
                    raise
                raise CardError(f"not a card: {short_repr(item)}") from None
    return out


def check_distinct(*groups: Sequence[Card]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice across ``groups``."""
    seen: set[int] = set()
    for group in groups:
        for card in group:
            if card.id in seen:
                raise CardError(f"duplicate card {card}")
            seen.add(card.id)


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    """Cards as text separated by spaces: ``As Kd`` or, with symbols, ``A♠ K♦``."""
    return " ".join(c.symbol if symbols else str(c) for c in cards)


class Deck:
    """A 52-card deck, shuffled with ``secrets`` randomness unless a seed is given.

    >>> deck = Deck(seed=7)
    >>> len(deck)
    52
    >>> hand = deck.draw(5)
    >>> len(hand), len(deck)
    (5, 47)
    >>> [str(c) for c in Deck(seed=7).draw(5)] == [str(c) for c in hand]
    True
    """

    def __init__(self, seed: int | None = None, exclude: CardsLike = ()) -> None:
        import random  # here, not at the top: secrets loads OpenSSL (hashlib), a cost
        import secrets  # that evaluating or an equity call should not pay

        from showdown.validate import seed as check_seed

        seed = check_seed(seed)
        self._rng: random.Random = (
            random.Random(seed) if seed is not None else secrets.SystemRandom()
        )
        excluded = {c.id for c in to_cards(exclude)}
        self._cards: list[Card] = [c for c in _ALL if c.id not in excluded]
        self.shuffle()

    def shuffle(self) -> None:
        """Shuffle the remaining cards."""
        self._rng.shuffle(self._cards)

    def draw(self, n: int = 1) -> list[Card]:
        """Take ``n`` cards off the top (``n >= 0``)."""
        from showdown.validate import count

        n = count(n, "n", minimum=-(1 << 62))
        if n < 0:
            raise CardError(f"cannot draw a negative number of cards ({n})")
        if n > len(self._cards):
            raise CardError(f"cannot draw {n} cards from a deck of {len(self._cards)}")
        drawn, self._cards = self._cards[:n], self._cards[n:]
        return drawn

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __repr__(self) -> str:
        return f"<Deck {len(self._cards)} cards>"
