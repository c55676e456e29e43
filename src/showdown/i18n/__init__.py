"""Hand names, category names and card names in English, Spanish and Russian.

The poker vocabulary is the documents' own (see ``seeds/``): *carta alta,
pareja, doble pareja, trío, escalera, color, full, póquer, escalera de color,
escalera real, la rueda*; *старшая карта, пара, две пары, тройка, стрит, флеш,
фулл-хаус, каре, стрит-флеш, роял-флеш, колесо*. Hand names take the
grammar each language needs (Spanish articles and gender, Russian cases).

>>> from showdown.categories import Category
>>> describe_hand(Category.TWO_PAIR, (11, 11, 2, 2, 12))
'Two pair, kings and fours'
>>> describe_hand(Category.TWO_PAIR, (11, 11, 2, 2, 12), "es")
'Doble pareja, reyes y cuatros'
>>> describe_hand(Category.PAIR, (12, 12, 11, 7, 0), "ru")
'Пара тузов'
>>> category_name(Category.FULL_HOUSE, "es"), category_name(Category.FOUR_OF_A_KIND, "ru")
('full', 'каре')
>>> rank_name(11, "ru", plural=True, case="gen")
'королей'
>>> pick_lang("ru-RU,ru;q=0.9,en;q=0.8")
'ru'
>>> describe_hand(Category.PAIR, (12, 12, 11, 7, 0), "fr")
Traceback (most recent call last):
...
ValueError: unknown language 'fr'; choose one of en, es, ru
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from showdown.categories import AnyCategory, BadugiCategory, Category
from showdown.i18n import en, es, ru
from showdown.i18n.base import Phrasebook

if TYPE_CHECKING:
    from showdown.variants import Ladder

_BOOKS: dict[str, Phrasebook] = {"en": en.BOOK, "es": es.BOOK, "ru": ru.BOOK}

#: The supported languages, English first (the default): the only list of them in the
#: package (the CLI's ``--lang``, the game's server and service read it; the browser's
#: ``static/js/i18n.js`` keeps a copy that a test holds equal to it).
LANGS: tuple[str, ...] = tuple(_BOOKS)


def check_lang(lang: object) -> str:
    """The language code for ``lang``, or :class:`ValueError` naming it.

    Case and a region suffix are ignored: ``ES``, ``es-MX`` and ``es_ES`` are ``es``.
    The only language check of the package: the CLI, the library, the game's server
    (400 ``bad_lang`` with this message) and its service all call it.

    >>> check_lang("ES-mx")
    'es'
    """
    if isinstance(lang, str):
        code = lang.strip().lower().replace("_", "-").split("-")[0]
        if code in _BOOKS:
            return code
    raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")


def phrasebook(lang: str) -> Phrasebook:
    """The :class:`~showdown.i18n.base.Phrasebook` of ``lang`` (for sentence building)."""
    return _BOOKS[check_lang(lang)]


def words(section: str, lang: str = "en") -> Mapping[str, str]:
    """The phrases of one section in ``lang``: every word a command, table or the game
    prints outside hand names lives in the phrasebooks (``i18n/en.py``, ``es.py``, ``ru.py``).

    >>> words("eval", "es")["board"], words("game", "ru")["dealer"]
    ('Mesa', 'дилер')
    >>> sorted(words("demo")) == sorted(words("demo", "ru"))
    True
    """
    return phrasebook(lang).section(section)


def pick_lang(accepted: str | Iterable[str] | None, default: str = "en") -> str:
    """The best supported language from an ``Accept-Language`` header or a list of tags.

    Weights (``;q=0.8``) are honoured; among equal weights the earlier tag
    wins; ``*`` and unsupported tags are skipped. Nothing usable gives ``default``.

    >>> pick_lang("fr-CH, fr;q=0.9, es;q=0.7, en;q=0.5")
    'es'
    >>> pick_lang(["de", "ru-RU"])
    'ru'
    >>> pick_lang("", default="es")
    'es'
    """
    if accepted is None:
        return check_lang(default)
    parts = accepted.split(",") if isinstance(accepted, str) else list(accepted)
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(parts):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                weight = float(params[2:])
            except ValueError:
                weight = 0.0
        try:
            code = check_lang(tag)
        except ValueError:
            continue
        if weight > 0:
            ranked.append((-weight, order, code))
    return min(ranked)[2] if ranked else check_lang(default)


def describe_hand(category: Category, ranks: Sequence[int], lang: str = "en") -> str:
    """Name a hand from its category and comparison-order ranks (as in ``HandValue``).

    >>> C = Category
    >>> describe_hand(C.FULL_HOUSE, (1, 1, 1, 12, 12))
    'Full house, threes full of aces'
    >>> describe_hand(C.FULL_HOUSE, (1, 1, 1, 12, 12), "es")
    'Full de treses y ases'
    >>> describe_hand(C.FULL_HOUSE, (1, 1, 1, 12, 12), "ru")
    'Фулл-хаус из трёх троек и двух тузов'
    >>> [describe_hand(C.STRAIGHT, (3, 2, 1, 0, 12), lang) for lang in LANGS]
    ['Straight, five high', 'Escalera al cinco (la rueda)', 'Стрит со старшей пятёркой (колесо)']
    >>> [describe_hand(C.STRAIGHT_FLUSH, (12, 11, 10, 9, 8), lang) for lang in LANGS]
    ['Royal flush', 'Escalera real', 'Роял-флеш']
    >>> describe_hand(C.PAIR, (13, 13, 1, 2, 3))
    Traceback (most recent call last):
    ...
    ValueError: ranks must be five ranks 0..12 in comparison order, got (13, 13, 1, 2, 3)
    """
    ranks = tuple(ranks)
    if len(ranks) != 5 or not all(isinstance(r, int) and 0 <= r <= 12 for r in ranks):
        raise ValueError(f"ranks must be five ranks 0..12 in comparison order, got {ranks!r}")
    return phrasebook(lang).describe(Category(category), ranks)


def describe_value(
    ladder: Ladder, category: AnyCategory, ranks: Sequence[int], lang: str = "en"
) -> str:
    """Name a value of any ladder in its game's terms (see :mod:`showdown.variants`).

    >>> from showdown.variants import BADUGI, DEUCE_TO_SEVEN
    >>> from showdown.categories import BadugiCategory
    >>> describe_value(DEUCE_TO_SEVEN, Category.HIGH_CARD, (5, 3, 2, 1, 0))
    'Seven-five low'
    >>> [describe_value(BADUGI, BadugiCategory.THREE_CARD, (5, 3, 1), lang) for lang in LANGS]
    ['Three-card badugi, seven high', 'Badugi de tres cartas, al siete', 'Бадуги из трёх карт со старшей семёркой']
    """  # noqa: E501
    book = phrasebook(lang)
    if isinstance(category, BadugiCategory):
        return book.badugi_name(category.size, ranks[0])
    if ladder.low and category == Category.HIGH_CARD:
        return book.low_name(ranks[0], ranks[1])
    return book.describe(Category(category), tuple(ranks))


def category_name(
    category: AnyCategory, lang: str = "en", capital: bool = False, low: bool = False
) -> str:
    """The category's name (lower case unless ``capital``); on a ``low`` ladder (lowball,
    razz) a hand without a pair is "no pair", never "high card".

    >>> [category_name(Category.STRAIGHT_FLUSH, lang) for lang in LANGS]
    ['straight flush', 'escalera de color', 'стрит-флеш']
    >>> category_name(Category.HIGH_CARD, "ru", capital=True)
    'Старшая карта'
    >>> [category_name(Category.HIGH_CARD, lang, low=True) for lang in LANGS]
    ['no pair', 'sin pareja', 'без пары']
    """
    if not isinstance(category, BadugiCategory):
        category = Category(category)
    if low and category == Category.HIGH_CARD:
        name = words("eval", lang)["no_pair"]
    else:
        name = phrasebook(lang).category(category)
    return name[:1].upper() + name[1:] if capital else name


def rank_name(rank: int, lang: str = "en", plural: bool = False, case: str = "nom") -> str:
    """A card rank (0..12 for 2..A) as a word.

    ``case`` is used by Russian only: ``nom`` and ``gen`` in both numbers, and
    ``ins`` in the singular (``со старшим тузом``).

    >>> rank_name(12, "en", plural=True), rank_name(10, "es"), rank_name(9, "ru", plural=True)
    ('aces', 'reina', 'вальты')
    >>> rank_name(3, "ru", case="gen")
    'пятёрки'
    """
    if not 0 <= rank <= 12:
        raise ValueError(f"card rank {rank} is outside 0..12")
    return phrasebook(lang).rank(rank, plural, case)


__all__ = [
    "LANGS",
    "Phrasebook",
    "category_name",
    "check_lang",
    "describe_hand",
    "describe_value",
    "phrasebook",
    "pick_lang",
    "rank_name",
    "words",
]
