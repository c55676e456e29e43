"""Hand, category and card names in English, Spanish and Russian (showdown.i18n)."""

from __future__ import annotations

import pytest

from showdown import Category, evaluate
from showdown.hands.ladders import class_columns
from showdown.i18n import (
    LANGS,
    category_name,
    check_lang,
    describe_hand,
    phrasebook,
    pick_lang,
    rank_name,
)
from showdown.variants import HIGH, HIGH_WRAP

C = Category


def name(cards: str, lang: str) -> str:
    return evaluate(cards, game="five-card").describe(lang)


# One hand per category (and the special straights), named in the three languages.
NAMES = [
    ("Ah Jd 9c 5s 3h", "High card, ace", "Carta alta, as", "Старшая карта — туз"),
    ("Kh Jd 9c 5s 3h", "High card, king", "Carta alta, rey", "Старшая карта — король"),
    ("Ah Ad Kc 7s 2h", "Pair of aces", "Pareja de ases", "Пара тузов"),
    ("8h 8d Kc 7s 2h", "Pair of eights", "Pareja de ochos", "Пара восьмёрок"),
    ("Jh Jd Kc 7s 2h", "Pair of jacks", "Pareja de jotas", "Пара вальтов"),
    ("6h 6d Kc 7s 2h", "Pair of sixes", "Pareja de seises", "Пара шестёрок"),
    (
        "Kh Kd 4s 4c Ac",
        "Two pair, kings and fours",
        "Doble pareja, reyes y cuatros",
        "Две пары, короли и четвёрки",
    ),
    (
        "Qh Qd Js Jc Kc",
        "Two pair, queens and jacks",
        "Doble pareja, reinas y jotas",
        "Две пары, дамы и вальты",
    ),
    ("9h 9d 9s Kc 2h", "Three of a kind, nines", "Trío de nueves", "Тройка девяток"),
    ("3h 3d 3s Kc 2h", "Three of a kind, threes", "Trío de treses", "Тройка троек"),
    ("Ah Kd Qs Jc Th", "Straight, ace high", "Escalera al as", "Стрит со старшим тузом"),
    ("Kh Qd Js Tc 9h", "Straight, king high", "Escalera al rey", "Стрит со старшим королём"),
    ("Qh Jd Ts 9c 8h", "Straight, queen high", "Escalera a la reina", "Стрит со старшей дамой"),
    ("Jh Td 9s 8c 7h", "Straight, jack high", "Escalera a la jota", "Стрит со старшим валетом"),
    ("Th 9d 8s 7c 6h", "Straight, ten high", "Escalera al diez", "Стрит со старшей десяткой"),
    (
        "Ah 2d 3s 4c 5h",
        "Straight, five high",
        "Escalera al cinco (la rueda)",
        "Стрит со старшей пятёркой (колесо)",
    ),
    ("Ah Jh 9h 5h 3h", "Flush, ace high", "Color al as", "Флеш со старшим тузом"),
    # R3: an ace-low flush is an ace-high flush.
    ("Ah 2h 3h 4h 6h", "Flush, ace high", "Color al as", "Флеш со старшим тузом"),
    ("Jh 9h 8h 5h 3h", "Flush, jack high", "Color a la jota", "Флеш со старшим валетом"),
    ("9c 7c 5c 3c 2c", "Flush, nine high", "Color al nueve", "Флеш со старшей девяткой"),
    (
        "3h 3d 3s Ac Ah",
        "Full house, threes full of aces",
        "Full de treses y ases",
        "Фулл-хаус из трёх троек и двух тузов",
    ),
    (
        "Qh Qd Qs 2c 2h",
        "Full house, queens full of twos",
        "Full de reinas y doses",
        "Фулл-хаус из трёх дам и двух двоек",
    ),
    ("9h 9d 9s 9c 2h", "Four of a kind, nines", "Póquer de nueves", "Каре девяток"),
    ("Kh Kd Ks Kc 2h", "Four of a kind, kings", "Póquer de reyes", "Каре королей"),
    (
        "9h 8h 7h 6h 5h",
        "Straight flush, nine high",
        "Escalera de color al nueve",
        "Стрит-флеш со старшей девяткой",
    ),
    (
        "5c 4c 3c 2c Ac",
        "Straight flush, five high",
        "Escalera de color al cinco",
        "Стрит-флеш со старшей пятёркой",
    ),
    ("Ah Kh Qh Jh Th", "Royal flush", "Escalera real", "Роял-флеш"),
]


@pytest.mark.parametrize(("cards", "en", "es", "ru"), NAMES)
def test_hand_names_in_three_languages(cards: str, en: str, es: str, ru: str) -> None:
    assert name(cards, "en") == en
    assert name(cards, "es") == es
    assert name(cards, "ru") == ru
    assert evaluate(cards, game="five-card").name == en


def test_names_under_the_wrap_rule() -> None:
    value = evaluate("Kh Ad 2s 3c 4h", game="five-card", wrap=True)
    assert value.describe("en") == "Straight, four high"
    assert value.describe("es") == "Escalera al cuatro"
    assert value.describe("ru") == "Стрит со старшей четвёркой"
    # Without the house rule it is only ace high.
    assert evaluate("Kh Ad 2s 3c 4h", game="five-card").name == "High card, ace"


RANK_WORDS = {
    "en": ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "jack", "queen", "king", "ace"],
    "es": ["dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez",
           "jota", "reina", "rey", "as"],
}  # fmt: skip
EN_PLURAL = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
             "jacks", "queens", "kings", "aces"]  # fmt: skip
ES_PLURAL = ["doses", "treses", "cuatros", "cincos", "seises", "sietes", "ochos", "nueves",
             "dieces", "jotas", "reinas", "reyes", "ases"]  # fmt: skip
RU_GEN_PLURAL = ["двоек", "троек", "четвёрок", "пятёрок", "шестёрок", "семёрок", "восьмёрок",
                 "девяток", "десяток", "вальтов", "дам", "королей", "тузов"]  # fmt: skip


@pytest.mark.parametrize("wrap", [False, True])
def test_every_strength_is_named_with_its_top_rank(wrap: bool) -> None:
    """All 7,462 strengths get a name in each language; the name carries the deciding rank."""
    categories, all_ranks = class_columns(HIGH_WRAP if wrap else HIGH)
    for rank in range(1, 7463):
        category, ranks = categories[rank], all_ranks[rank]
        names = {lang: describe_hand(category, ranks, lang) for lang in LANGS}
        assert all(n and n[0].isupper() for n in names.values())
        if rank == 1 or (category == C.STRAIGHT_FLUSH and ranks[0] == 12):
            continue  # "Royal flush" names no rank
        top = ranks[0]
        words = names["en"].lower().replace(",", "").split()
        spanish = names["es"].lower().replace(",", "").split()
        if category in (C.PAIR, C.TWO_PAIR, C.THREE_OF_A_KIND, C.FOUR_OF_A_KIND, C.FULL_HOUSE):
            assert EN_PLURAL[top] in words, names
            assert ES_PLURAL[top] in spanish, names
            if category != C.TWO_PAIR:
                assert RU_GEN_PLURAL[top] in names["ru"], names
        else:
            assert RANK_WORDS["en"][top] in words, names
            assert RANK_WORDS["es"][top] in spanish, names


def test_names_differ_between_strength_groups() -> None:
    """Different group ranks give different names (kickers are not part of a name)."""
    categories, all_ranks = class_columns(HIGH)
    seen: dict[tuple[str, str], tuple[int, ...]] = {}
    for rank in range(1, 7463):
        category, ranks = categories[rank], all_ranks[rank]
        key_ranks = {
            C.PAIR: ranks[:1],
            C.TWO_PAIR: (ranks[0], ranks[2]),
            C.THREE_OF_A_KIND: ranks[:1],
            C.FOUR_OF_A_KIND: ranks[:1],
            C.FULL_HOUSE: (ranks[0], ranks[3]),
        }.get(category, ranks[:1])
        for lang in LANGS:
            key = (lang, describe_hand(category, ranks, lang))
            assert seen.setdefault(key, (category, *key_ranks)) == (category, *key_ranks)


CATEGORY_NAMES = {
    "en": ["high card", "pair", "two pair", "three of a kind", "straight", "flush",
           "full house", "four of a kind", "straight flush"],
    "es": ["carta alta", "pareja", "doble pareja", "trío", "escalera", "color", "full",
           "póquer", "escalera de color"],
    "ru": ["старшая карта", "пара", "две пары", "тройка", "стрит", "флеш", "фулл-хаус",
           "каре", "стрит-флеш"],
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_category_names(lang: str) -> None:
    assert [category_name(c, lang) for c in Category] == CATEGORY_NAMES[lang]
    capital = category_name(C.HIGH_CARD, lang, capital=True)
    assert capital[0].isupper() and capital.lower() == CATEGORY_NAMES[lang][0]


def test_rank_names() -> None:
    assert [rank_name(r, "en") for r in range(13)] == RANK_WORDS["en"]
    assert [rank_name(r, "es") for r in range(13)] == RANK_WORDS["es"]
    assert rank_name(4, "en", plural=True) == "sixes"
    assert rank_name(8, "es", plural=True) == "dieces"
    assert [rank_name(r, "ru", plural=True, case="gen") for r in range(13)] == RU_GEN_PLURAL
    assert rank_name(12, "ru") == "туз"
    assert rank_name(10, "ru", case="gen") == "дамы"  # "король против дамы"
    assert rank_name(11, "ru", case="ins") == "королём"
    assert rank_name(9, "ru", plural=True) == "вальты"
    with pytest.raises(ValueError, match="'dat'"):
        rank_name(3, "ru", case="dat")
    with pytest.raises(ValueError, match="13"):
        rank_name(13, "en")


@pytest.mark.parametrize("bad", ["fr", "", "english", "de-DE"])
def test_unknown_language_is_named(bad: str) -> None:
    value = evaluate("Ah Ad Kc 7s 2h", game="five-card")
    for call in (
        lambda: describe_hand(C.PAIR, value.ranks, bad),
        lambda: value.describe(bad),
        lambda: category_name(C.PAIR, bad),
        lambda: rank_name(1, bad),
    ):
        with pytest.raises(ValueError, match=f"unknown language {bad!r}"):
            call()


def test_language_codes_are_normalised() -> None:
    assert check_lang("EN") == "en"
    assert check_lang("es_ES") == "es"
    assert check_lang(" ru-RU ") == "ru"
    assert phrasebook("es-AR").code == "es"


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("fr-CH, fr;q=0.9, es;q=0.7, en;q=0.5", "es"),
        ("en;q=0.2, es;q=0.9", "es"),
        ("de, *;q=0.5", "en"),
        ("es;q=0, ru;q=0.1", "ru"),
        ("es;q=bad, ru", "ru"),
        ("", "en"),
        (None, "en"),
        (["de-AT", "es-MX", "ru"], "es"),
    ],
)
def test_pick_lang(header: str | list[str] | None, expected: str) -> None:
    assert pick_lang(header) == expected


def test_pick_lang_default_is_checked() -> None:
    assert pick_lang("de", default="ru") == "ru"
    with pytest.raises(ValueError, match="'xx'"):
        pick_lang("de", default="xx")


def test_spanish_join_uses_e_before_an_i_sound() -> None:
    es = phrasebook("es")
    assert es.join(["Ana", "Inés"]) == "Ana e Inés"
    assert es.join(["Ana", "Hilda"]) == "Ana e Hilda"
    assert es.join(["Ana", "Luis", "Hielo"]) == "Ana, Luis y Hielo"
    assert es.join(["la mano 1", "la mano 3"]) == "la mano 1 y la mano 3"
    assert phrasebook("en").join(["a", "b", "c"]) == "a, b and c"
    assert phrasebook("ru").join(["a", "b", "c"]) == "a, b и c"


@pytest.mark.parametrize("top", range(13))
def test_russian_adjective_agrees_with_the_card(top: int) -> None:
    """``со старшим`` with валет, король, туз (masculine), ``со старшей`` with the rest."""
    text = describe_hand(C.FLUSH, (top, 0, 0, 0, 0), "ru")
    masculine = top in (9, 11, 12)
    assert ("со старшим " in text) == masculine
    assert ("со старшей " in text) == (not masculine)
    spanish = describe_hand(C.FLUSH, (top, 0, 0, 0, 0), "es")
    assert spanish.startswith("Color a la " if top in (9, 10) else "Color al ")


def test_category_str_is_its_name_in_words_and_from_json_names_the_choices() -> None:
    from showdown.categories import Category

    # str() used to be the bare number ("5"), which reads as nothing in a message.
    assert [str(c) for c in (Category.HIGH_CARD, Category.FOUR_OF_A_KIND)] == [
        "high card",
        "four of a kind",
    ]
    assert f"{Category.PAIR:>6}|{Category.PAIR:d}|{int(Category.PAIR)}" == "  pair|1|1"
    assert all(Category.from_json(c.json_name) is c for c in Category)
    for bad in ("royal_flush", "PAIR", ""):
        with pytest.raises(ValueError, match="unknown category"):
            Category.from_json(bad)


@pytest.mark.parametrize(
    "ranks", [(13, 13, 1, 2, 3), (12,), (12, 12, 11, 10, 9, 8), (-1, 0, 1, 2, 3)]
)
def test_describe_hand_checks_its_ranks(ranks: tuple[int, ...]) -> None:
    from showdown.categories import Category
    from showdown.i18n import describe_hand

    # (13, ...) used to raise IndexError and (12,) to name a pair from one card.
    with pytest.raises(ValueError, match=r"five ranks 0\.\.12"):
        describe_hand(Category.PAIR, ranks)
