"""Explanations (showdown.explain): compare, explain, explain_many, Comparison.

Every example of SPEC section 1 (and of the seeds it cites) is checked in the
three languages: key words, ranks and positions, plus exact sentences for a
handful so that any change of wording shows. Properties check the winners
against the independent reference evaluator in ``tests/helpers/reference.py``.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import reference as ref
from showdown import Card, CardError, HandValue, compare, evaluate, explain
from showdown.i18n import LANGS
from showdown.text.explain import Comparison, decide, explain_many


def five(cards: str) -> HandValue:
    return evaluate(cards, game="five-card")


def sentences(a: str, b: str) -> dict[str, str]:
    va, vb = five(a), five(b)
    return {lang: explain(va, vb, lang) for lang in LANGS}


def assert_words(text: str, *words: str) -> None:
    lowered = text.lower()
    for word in words:
        assert word.lower() in lowered, f"{word!r} not in {text!r}"


def assert_not_words(text: str, *words: str) -> None:
    lowered = text.lower()
    for word in words:
        assert word.lower() not in lowered, f"{word!r} in {text!r}"


# ------------------------------------------------- SPEC section 1, R1-R5, in three languages


def test_grouped_lists_first_entry_decides() -> None:
    """R2: K-K-4-4-A against Q-Q-J-J-K stops at the first pair, K against Q."""
    s = sentences("Kh Kd 4s 4c Ac", "Qh Qd Js Jc Kc")
    assert s["en"] == (
        "Both hands have two pair; the first hand wins on the first pair, kings against queens."
    )
    assert s["es"] == (
        "Las dos manos tienen doble pareja; la primera mano gana en la pareja más alta, "
        "reyes frente a reinas."
    )
    assert s["ru"] == (
        "В обеих руках две пары; первая рука выигрывает по старшей паре: короли против дам."
    )
    # The rest (fours, jacks, the kickers) is never looked at.
    assert_not_words(s["en"], "four", "jack", "ace")
    assert_not_words(s["es"], "cuatro", "jota", "ases")
    assert_not_words(s["ru"], "четвёр", "вал", "туз")


@pytest.mark.parametrize("flush", [False, True])
def test_high_card_and_flush_third_card(flush: bool) -> None:
    """R2: A-J-9-5-3 beats A-J-8-7-6 on the third card, 9 against 8 (seed 000)."""
    a, b = ("Ah Jh 9h 5h 3h", "As Js 8s 7s 6s") if flush else ("Ah Jd 9c 5s 3h", "As Jc 8d 7h 6s")
    s = sentences(a, b)
    assert_words(s["en"], "third card", "nine", "eight", "first hand wins")
    assert_words(s["es"], "tercera carta", "nueve frente a ocho", "primera mano gana")
    assert_words(s["ru"], "на третьей карте", "девятка против восьмёрки", "первая рука выигрывает")
    # The 7 and the 6 of the losing hand never come into play.
    assert_not_words(s["en"], "seven", "six")
    assert_not_words(s["es"], "siete", "seis")
    assert_not_words(s["ru"], "семёр", "шестёр")
    if flush:
        assert s["en"] == (
            "Both hands have a flush; the first hand wins on the third card, nine against eight."
        )
        assert s["es"] == (
            "Las dos manos tienen color; la primera mano gana en la tercera carta, "
            "nueve frente a ocho."
        )
        assert s["ru"] == (
            "В обеих руках флеш; первая рука выигрывает на третьей карте: девятка против восьмёрки."
        )
    # Reversed, the second hand wins with the same reason.
    back = explain(five(b), five(a))
    assert back.startswith("Both hands have") and "the second hand wins on the third card" in back


def test_pair_kickers() -> None:
    """R2: A-A-K-7-2 beats A-A-Q-J-10 on the third card, though the second has more middle."""
    s = sentences("Ah Ad Kc 7s 2h", "As Ac Qd Jh Ts")
    assert s["en"] == (
        "Both hands have a pair of aces; the first hand wins on the third card, king against queen."
    )
    assert s["es"] == (
        "Las dos manos tienen una pareja de ases; la primera mano gana en la tercera carta, "
        "rey frente a reina."
    )
    assert s["ru"] == (
        "В обеих руках пара тузов; первая рука выигрывает на третьей карте: король против дамы."
    )


def test_pair_rank_before_kickers() -> None:
    """Seed 002: A-A-4-3-2 beats K-K-Q-J-10 on the pair."""
    s = sentences("Ah Ad 4c 3s 2h", "Ks Kc Qd Jh Ts")
    assert_words(s["en"], "on the pair", "aces against kings")
    assert_words(s["es"], "en la pareja", "ases frente a reyes")
    assert_words(s["ru"], "по паре", "тузы против королей")


def test_pair_of_eights_kicker() -> None:
    """Seed 001: eights with an ace beat eights with a king: the kicker."""
    s = sentences("8h 8d Ac 5s 3h", "8s 8c Kd 5h 3d")
    assert_words(s["en"], "pair of eights", "third card", "ace against king")
    assert_words(s["es"], "pareja de ochos", "tercera carta", "as frente a rey")
    assert_words(s["ru"], "пара восьмёрок", "третьей карте", "туз против короля")


def test_two_pair_high_pair_decides() -> None:
    """R2 / seed 001: K-K-3-3-x beats Q-Q-J-J-x ("reyes y treses gana a reinas y jotas")."""
    s = sentences("Kh Kd 3s 3c 2h", "Qh Qd Js Jc Ah")
    assert_words(s["en"], "first pair", "kings against queens")
    assert_words(s["es"], "pareja más alta", "reyes frente a reinas")
    assert_words(s["ru"], "старшей паре", "короли против дам")
    assert_not_words(s["en"], "three", "jack")


def test_two_pair_second_pair_and_kicker() -> None:
    second = sentences("Kh Kd 4s 4c 2h", "Ks Kc 3d 3h Ah")
    assert second["en"] == (
        "Both hands have two pair, kings up; the first hand wins on the second pair, "
        "fours against threes."
    )
    assert_words(
        second["es"], "doble pareja con reyes", "segunda pareja", "cuatros frente a treses"
    )
    assert_words(second["ru"], "со старшей парой королей", "младшей паре", "четвёрки против троек")
    kicker = sentences("Kh Kd 4s 4c Ah", "Ks Kc 4d 4h Qh")
    assert kicker["en"] == (
        "Both hands have two pair, kings and fours; the first hand wins on the fifth card "
        "(the kicker), ace against queen."
    )
    assert kicker["es"] == (
        "Las dos manos tienen doble pareja de reyes y cuatros; la primera mano gana en la "
        "quinta carta (el kicker), as frente a reina."
    )
    assert kicker["ru"] == (
        "В обеих руках две пары, короли и четвёрки; первая рука выигрывает на пятой карте "
        "(кикер): туз против дамы."
    )


def test_trips_then_kickers_in_order() -> None:
    """R2: trip rank, then the two kickers in order (equal trips need community cards)."""
    board = "9h 9d 9s 5c 2d"
    a, b = evaluate("Ah 3c", board=board), evaluate("Kh 3d", board=board)
    assert_words(explain(a, b), "three nines", "fourth card", "ace against king")
    assert_words(explain(a, b, "es"), "trío de nueves", "cuarta carta", "as frente a rey")
    assert_words(explain(a, b, "ru"), "тройка девяток", "четвёртой карте", "туз против короля")
    c, d = evaluate("Ah Jc", board=board), evaluate("As Tc", board=board)
    assert_words(explain(c, d), "fifth card", "jack against ten")
    assert_words(explain(c, d, "es"), "quinta carta", "jota frente a diez")
    assert_words(explain(c, d, "ru"), "пятой карте", "валет против десятки")
    s = sentences("9h 9d 9s Kc 2h", "8h 8d 8s Ac Kh")
    assert_words(s["en"], "three of a kind", "nines against eights")
    assert_words(s["es"], "en el trío", "nueves frente a ochos")
    assert_words(s["ru"], "по тройке", "девятки против восьмёрок")


@pytest.mark.parametrize(
    ("a", "b", "en", "es", "ru"),
    [
        ("3h 3d 3s Ac Ah", "2h 2d 2s Kc Kh", "threes against twos", "treses frente a doses",
         "тройки против двоек"),
        ("9h 9d 9s 2c 2h", "8h 8d 8s Ac Ah", "nines against eights", "nueves frente a ochos",
         "девятки против восьмёрок"),
    ],
)  # fmt: skip
def test_full_house_trips_decide(a: str, b: str, en: str, es: str, ru: str) -> None:
    """R2: the trips decide a full house; the pair is never looked at."""
    s = sentences(a, b)
    assert_words(s["en"], "full house", "three of a kind", en)
    assert_words(s["es"], "full", "trío", es)
    assert_words(s["ru"], "фулл-хаус", "тройке", ru)
    assert_not_words(s["en"], "aces", "kings", "twos against")
    assert_not_words(s["es"], "ases", "reyes")
    assert_not_words(s["ru"], "туз", "корол")


def test_full_house_pair_decides_when_trips_are_shared() -> None:
    board = "Qh Qd Qs 7c 2d"
    a, b = evaluate("Ah Ac", board=board), evaluate("Ks Kc", board=board)
    assert explain(a, b) == (
        "Both hands have a full house with three queens; the first hand wins on the pair, "
        "aces against kings."
    )
    assert explain(a, b, "es") == (
        "Las dos manos tienen full de reinas; la primera mano gana en la pareja, "
        "ases frente a reyes."
    )
    assert explain(a, b, "ru") == (
        "В обеих руках фулл-хаус с тройкой дам; первая рука выигрывает по паре: "
        "тузы против королей."
    )


def test_quads_then_fifth_card() -> None:
    board = "9h 9d 9s 9c 2d"
    a, b = evaluate("Ah 3c", board=board), evaluate("Ks Qc", board=board)
    assert_words(explain(a, b), "four nines", "fifth card (the kicker)", "ace against king")
    assert_words(
        explain(a, b, "es"), "póquer de nueves", "quinta carta (el kicker)", "as frente a rey"
    )
    assert_words(explain(a, b, "ru"), "каре девяток", "пятой карте (кикер)", "туз против короля")
    s = sentences("9h 9d 9s 9c 2h", "8h 8d 8s 8c Ah")
    assert_words(s["en"], "four of a kind", "nines against eights")
    assert_words(s["es"], "en el póquer", "nueves frente a ochos")
    assert_words(s["ru"], "по каре", "девятки против восьмёрок")


def test_straights_only_the_top_card() -> None:
    """R2 / seed 001: del siete al jota gana al seis al diez: only the top card counts."""
    s = sentences("7h 8d 9s Tc Jh", "6c 7c 8d 9s Th")
    assert s["en"] == (
        "Both hands have a straight; the first hand wins on the top card, "
        "jack high against ten high."
    )
    assert s["es"] == (
        "Las dos manos tienen escalera; la primera mano gana por la carta más alta, "
        "jota frente a diez."
    )
    assert s["ru"] == (
        "В обеих руках стрит; первая рука выигрывает по старшей карте: валет против десятки."
    )
    seven = sentences("7h 6d 5s 4c 3h", "6c 5c 4d 3s 2h")
    assert_words(seven["en"], "seven high against six high")


def test_the_wheel_is_five_high() -> None:
    """R3: A-2-3-4-5 is the lowest straight and loses to 2-3-4-5-6."""
    s = sentences("Ah 2d 3s 4c 5h", "2c 3c 4d 5s 6h")
    assert s["en"] == (
        "Both hands have a straight; the second hand wins on the top card, "
        "six high against five high (the wheel)."
    )
    assert s["es"] == (
        "Las dos manos tienen escalera; la segunda mano gana por la carta más alta, "
        "seis frente a cinco (la rueda)."
    )
    assert s["ru"] == (
        "В обеих руках стрит; вторая рука выигрывает по старшей карте: "
        "шестёрка против пятёрки (колесо)."
    )
    steel = explain(five("5c 4c 3c 2c Ac"), five("6h 5h 4h 3h 2h"))
    assert_words(steel, "straight flush", "six high against five high (the steel wheel)")


def test_no_wrap_around_by_default_and_the_house_rule() -> None:
    """R3/R10: K-A-2-3-4 is ace high without the house rule, a four-high straight with it."""
    s = sentences("Kh Ad 2s 3c 4h", "Qh Jd 9s 7c 5h")
    assert_words(s["en"], "only high card", "first card", "ace against queen")
    a = evaluate("Kh Ad 2s 3c 4h", game="five-card", wrap=True)
    b = evaluate("Qh Kd As 2c 3h", game="five-card", wrap=True)
    c = evaluate("Ah 2d 3s 4c 5h", game="five-card", wrap=True)
    assert_words(explain(a, b), "first hand wins", "four high against three high")
    assert_words(explain(c, a, "es"), "primera mano gana", "cinco (la rueda) frente a cuatro")
    with pytest.raises(ValueError, match="wrap"):
        explain(a, five("Kh Ad 2s 3c 4h"))


@pytest.mark.parametrize(
    ("a", "b", "en", "es", "ru"),
    [
        ("Ah 9h 5h 3h 2h", "Kc Qd Jc Td 9s", "a flush beats a straight",
         "el color supera a la escalera", "флеш бьёт стрит"),
        ("3h 3d 3s Ac Ah", "Ah Jh 9h 5h 3h", "a full house beats a flush",
         "el full supera al color", "фулл-хаус бьёт флеш"),
        ("Kh Kd 4s 4c Ac", "Ah Ad Kc 7s 2h", "two pair beats a pair",
         "la doble pareja supera a la pareja", "две пары бьют пару"),
        ("2h 2d 2s 4c 5c", "Ah Ad Kc Ks Qh", "three of a kind beats two pair",
         "el trío supera a la doble pareja", "тройка бьёт две пары"),
        ("5h 4d 3s 2c Ah", "Ah Ad As Kc Qh", "a straight beats three of a kind",
         "la escalera supera al trío", "стрит бьёт тройку"),
        ("2h 2d 3s 4c 5c", "Ah Kd Qc Js 9h", "a pair beats high card",
         "la pareja supera a la carta alta", "пара бьёт старшую карту"),
        ("2h 2d 2s 2c 3c", "Ah Ad As Kc Kh", "four of a kind beats a full house",
         "el póquer supera al full", "каре бьёт фулл-хаус"),
        ("5c 4c 3c 2c Ac", "Ah Ad As Ac Kh", "a straight flush beats four of a kind",
         "la escalera de color supera al póquer", "стрит-флеш бьёт каре"),
        ("Ah Kh Qh Jh Th", "As Ad Ac Ah Ks", "a royal flush beats four of a kind",
         "la escalera real supera al póquer", "роял-флеш бьёт каре"),
    ],
)  # fmt: skip
def test_higher_category_always_wins(a: str, b: str, en: str, es: str, ru: str) -> None:
    """R1: a higher category wins; the sentence names both categories."""
    forward, backward = sentences(a, b), sentences(b, a)
    assert forward["en"] == f"The first hand wins: {en}."
    assert forward["es"] == f"La primera mano gana: {es}."
    assert forward["ru"] == f"Первая рука выигрывает: {ru}."
    assert backward["en"] == f"The second hand wins: {en}."
    assert backward["es"] == f"La segunda mano gana: {es}."
    assert backward["ru"] == f"Вторая рука выигрывает: {ru}."


def test_exact_tie_suits_never_break_ties() -> None:
    """R4: A♠A♥K♣Q♦J♠ ties A♣A♦K♥Q♠J♦."""
    s = sentences("A♠ A♥ K♣ Q♦ J♠", "A♣ A♦ K♥ Q♠ J♦")
    assert s["en"] == (
        "Exact tie (pair of aces, A-A-K-Q-J in both hands): the pot is split, "
        "because suits never break ties."
    )
    assert s["es"] == (
        "Empate exacto (pareja de ases, A-A-K-Q-J en las dos manos): el bote se reparte, "
        "porque los palos nunca desempatan."
    )
    assert s["ru"] == (
        "Точная ничья (пара тузов, A-A-K-Q-J в обеих руках): банк делится поровну, "
        "потому что масти при сравнении никогда не учитываются."
    )


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Ah Jh 9h 5h 3h", "As Js 9s 5s 3s"),  # flushes in different suits
        ("Th 9d 8s 7c 6h", "Tc 9c 8d 7s 6d"),
        ("Kh Kd 4s 4c Ac", "Ks Kc 4d 4h Ad"),
        ("9h 8h 7h 6h 5h", "9s 8s 7s 6s 5s"),
    ],
)
def test_every_exact_tie_mentions_suits_and_the_split(a: str, b: str) -> None:
    s = sentences(a, b)
    assert_words(s["en"], "exact tie", "split", "suits never break ties")
    assert_words(s["es"], "empate exacto", "se reparte", "palos nunca desempatan")
    assert_words(s["ru"], "точная ничья", "делится поровну", "масти")
    assert decide(five(a), five(b)) is None


def test_seed_004_pair_of_aces_with_the_board() -> None:
    """Seed 004: board A♣ 9♦ 7♥ 4♠ 2♣; A♦K♥ beats A♥Q♦ with the king."""
    c = compare(["A♦ K♥", "A♥ Q♦"], board="A♣ 9♦ 7♥ 4♠ 2♣")
    assert (c.winners, c.tie) == ([0], False)
    assert [str(x) for x in c.values[0].best_five] == ["Ad", "Ac", "Kh", "9d", "7h"]
    assert c.explanation == (
        "Both hands have a pair of aces; the first hand wins on the third card, king against queen."
    )
    assert c.explain("es") == (
        "Las dos manos tienen una pareja de ases; la primera mano gana en la tercera carta, "
        "rey frente a reina."
    )
    assert c.explain("ru") == (
        "В обеих руках пара тузов; первая рука выигрывает на третьей карте: король против дамы."
    )


TIE_WORDS = {
    "en": ("exact tie", "split", "suits"),
    "es": ("empate exacto", "se reparte", "palos"),
    "ru": ("точная ничья", "делится поровну", "масти"),
}


def test_seed_004_the_board_plays() -> None:
    """Seed 004 / R5: the board's ace-high straight ties 2♦2♥ and 9♣9♦."""
    for lang in LANGS:
        c = compare(["2♦ 2♥", "9♣ 9♦"], board="A♣ K♦ Q♥ J♠ 10♣", lang=lang)
        assert (c.winners, c.tie) == ([0, 1], True)
        assert c.values[0] == c.values[1]
        assert_words(c.explanation, "A-K-Q-J-10", *TIE_WORDS[lang])
    assert compare(["2♦ 2♥", "9♣ 9♦"], board="A♣ K♦ Q♥ J♠ 10♣").explanation == (
        "Exact tie (straight, ace high, A-K-Q-J-10 in both hands): the pot is split, "
        "because suits never break ties."
    )


@pytest.mark.parametrize("lang", LANGS)
def test_sixth_and_seventh_cards_never_break_a_tie(lang: str) -> None:
    """R5: only the best five count; different hole cards below them do not matter."""
    c = compare(["3c 2d", "4h 3s"], board="As Ad Ks Kd Qh", lang=lang)
    assert (c.winners, c.tie) == ([0, 1], True)
    assert_words(c.explanation, "A-A-K-K-Q", *TIE_WORDS[lang])


def test_omaha_board_flush_does_not_count() -> None:
    """R5: Omaha uses exactly two hole cards; one heart does not make a flush."""
    c = compare(["Ah 2c 3d 4s", "Kc Qd 9c 9d"], board="Kh Qh Jh 5h 7c", game="omaha")
    assert c.values[0].category.json_name == "high_card"
    assert c.winners == [1]
    assert c.explanation == "The second hand wins: two pair beats high card."
    assert c.explain("es") == "La segunda mano gana: la doble pareja supera a la carta alta."
    assert c.explain("ru") == "Вторая рука выигрывает: две пары бьют старшую карту."


# -------------------------------------------------------------------- compare


def test_comparison_json_is_exact() -> None:
    c = compare(["Ad Kh", "Ah Qd"], board="Ac 9d 7h 4s 2c")
    doc = c.to_json()
    assert list(doc) == ["winners", "tie", "hands", "explanation"]
    assert doc == {
        "winners": [0],
        "tie": False,
        "hands": [
            {
                "category": "pair",
                "rank": c.values[0].rank,
                "best_five": ["Ad", "Ac", "Kh", "9d", "7h"],
                "description": "Pair of aces",
            },
            {
                "category": "pair",
                "rank": c.values[1].rank,
                "best_five": ["Ah", "Ac", "Qd", "9d", "7h"],
                "description": "Pair of aces",
            },
        ],
        "explanation": c.explanation,
    }
    assert c.values[0].rank < c.values[1].rank
    json.dumps(doc)  # plain JSON types only
    ru = c.to_json("ru")
    assert ru["hands"][0]["description"] == "Пара тузов"
    assert ru["explanation"] == c.explain("ru") != c.explanation
    assert compare(["Ad Kh", "Ah Qd"], board="Ac 9d 7h 4s 2c", lang="es").to_json() == (
        c.to_json("es")
    )


def test_comparison_is_a_frozen_dataclass() -> None:
    c = compare(["Ad Kh", "Ah Qd"], board="Ac 9d 7h 4s 2c", lang="ES")
    assert isinstance(c, Comparison) and c.lang == "es"
    with pytest.raises(AttributeError):
        c.tie = True  # type: ignore[misc]


def test_compare_accepts_text_cards_and_ids() -> None:
    by_text = compare(["As Kd", "Qc Qh"], board="2c 7d 9h Js 3s")
    by_cards = compare(
        [[Card.parse("As"), Card.parse("Kd")], [Card.parse("Qc"), Card.parse("Qh")]],
        board=[Card.parse(t) for t in ("2c", "7d", "9h", "Js", "3s")],
    )
    ids = [[51, 45], [40, 42]]
    by_ids = compare(ids, board=[0, 21, 30, 39, 7])
    assert by_text.winners == by_cards.winners == by_ids.winners == [1]
    assert by_text.values == by_cards.values == by_ids.values
    assert by_text.explanation == by_ids.explanation


def test_multi_hand_holdem() -> None:
    board = "Kh 9h 4c 2d 2s"
    c = compare(["As Ac", "Qh Jh", "Kd Qs", "7c 7d"], board=board)
    assert (c.winners, c.tie) == ([0], False)
    assert c.explanation == (
        "Hand 1 wins: two pair, aces and twos. Best losing hand: hand 3 "
        "(two pair, kings and twos); also two pair, and the first pair decides: aces against kings."
    )
    assert c.explain("es") == (
        "La mano 1 gana: doble pareja, ases y doses. Mejor mano perdedora: la mano 3 "
        "(doble pareja, reyes y doses); también tiene doble pareja, y decide la pareja más "
        "alta: ases frente a reyes."
    )
    assert c.explain("ru") == (
        "Выигрывает рука 1: две пары, тузы и двойки. Лучшая из проигравших рук: рука 3 "
        "(две пары, короли и двойки); тоже две пары, и решает старшая пара: тузы против королей."
    )


def test_multi_hand_split_against_best_loser() -> None:
    c = compare(["Ah Kh", "Ad Kd", "Qs Qc", "5h 5c"], board="Ks 9d 7h 4s 2c")
    assert (c.winners, c.tie) == ([0, 1], True)
    assert c.explanation == (
        "Hand 1 and hand 2 split the pot with the same hand, pair of kings (K-K-A-9-7): "
        "an exact tie, and suits never break ties. Best losing hand: hand 3 "
        "(pair of queens); also a pair, and the pair decides: kings against queens."
    )
    assert_words(c.explain("es"), "la mano 1 y la mano 2 se reparten el bote", "empate exacto",
                 "palos", "la mano 3", "reyes frente a reinas")  # fmt: skip
    assert_words(c.explain("ru"), "рука 1 и рука 2 делят банк", "точная ничья", "масти", "рука 3",
                 "короли против дам")  # fmt: skip


def test_multi_hand_all_tie_and_labels() -> None:
    c = compare(["2d 2h", "9c 9d", "Kh 3c"], board="Ac Kd Qh Js Tc", labels=["Ana", "Luis", "Inés"])
    assert (c.winners, c.tie) == ([0, 1, 2], True)
    assert c.explanation.startswith("Ana, Luis and Inés split the pot with the same hand, straight")
    assert "best losing" not in c.explanation
    assert c.explain("es").startswith(
        "Ana, Luis e Inés se reparten el bote con la misma jugada, escalera al as"
    )
    assert c.explain("ru").startswith("Ana, Luis и Inés делят банк")


def test_five_card_and_omaha_multi() -> None:
    c = compare(["Ah Kh Qh Jh 9h", "As Ks Qs Js 9s", "2c 3c 4c 5c 7d"], game="five-card")
    assert (c.winners, c.tie) == ([0, 1], True)
    assert_words(c.explanation, "hand 1 and hand 2 split the pot", "flush, ace high",
                 "best losing hand: hand 3", "a flush beats high card")  # fmt: skip
    o = compare(["Ah 2c 3d 4s", "Kh Qh 9c 9d", "8s 8c 6d 6s"], board="Jh Th 5h 6c 7d", game="omaha")
    assert (o.winners, o.tie) == ([1], False)
    assert o.explanation == (
        "Hand 2 wins: flush, king high. Best losing hand: hand 1 (straight, seven high); "
        "a flush beats a straight."
    )


@pytest.mark.parametrize(
    ("hands", "board", "card"),
    [
        (["As Kd", "Kd 2c"], "Ah 9d 7h", "Kd: in hand 1 and in hand 2"),
        (["As Kd", "Qc 2c"], "Ah 9d Qc", "Qc: in hand 2 and on the board"),
        (["As Kd", "Qc 2c", "Jh Th"], "Ah 9d 2h 3h Jh", "Jh: in hand 3 and on the board"),
        ([[51, 45], [45, 0]], [4, 8, 12], "Kd: in hand 1 and in hand 2"),  # ids
        (["As Kd 3c 4c 5c", "6d 7d 8d 9d As"], None, "As: in hand 1 and in hand 2"),
        (["As Kd", "Qc 2c"], "Ah 9d Ah", "Ah in 'Ah 9d Ah'"),  # twice on the board
    ],
)
def test_duplicates_are_named(hands: list, board: str | list | None, card: str) -> None:
    # The message names the card and where it was dealt (it used to name the card only).
    game = "five-card" if board is None else "holdem"
    with pytest.raises(CardError, match=f"duplicate card {card}"):
        compare(hands, board=board, game=game)


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="at least two hands, got 1"):
        compare(["As Kd"], board="2c 3c 4c")
    with pytest.raises(ValueError, match="at least two hands, got 0"):
        compare([], board="2c 3c 4c")
    with pytest.raises(ValueError, match="list of hands"):
        compare("As Kd Qc Qh", board="2c 3c 4c")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        compare(["As Kd", "Qc Qh"], board="2c 3c 4c", lang="fr")
    with pytest.raises(ValueError, match="unknown game 'pineapple'"):
        compare(["As Kd", "Qc Qh"], board="2c 3c 4c", game="pineapple")
    with pytest.raises(CardError, match=r"hand 2: .*Omaha needs 4 to 6 hole cards, got 2"):
        compare(["As Kd 2d 3d", "Qc Qh"], board="2c 3c 4c", game="omaha")
    with pytest.raises(CardError, match="unknown card 'Xx'"):
        compare(["As Kd", "Qc Xx"], board="2c 3c 4c")
    with pytest.raises(CardError, match="hand 2 has no cards"):
        compare(["As Kd", ""], board="2c 3c 4c 5c 6c")
    a, b = five("As Kd Qc 3h 4h"), five("Qh Qs 2c 3c 4c")
    with pytest.raises(ValueError, match="unknown language 'de'"):
        explain(a, b, "de")
    with pytest.raises(TypeError):
        explain(a, "Qh Qs 2c 3c 4c")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="two names, not 3"):
        explain(a, b, names=["x", "y", "z"])
    with pytest.raises(ValueError, match="2 labels for 3 hands"):
        explain_many([a, b, five("2h 5d 7c 9s Jd")], labels=["x", "y"])
    with pytest.raises(ValueError, match="at least two hands"):
        explain_many([a])


def test_explain_names_label_the_hands() -> None:
    a, b = five("Ah Ad Kc 7s 2h"), five("As Ac Qd Jh Ts")
    assert explain(b, a, names=["Bob", "Ana"]) == (
        "Both hands have a pair of aces; Ana wins on the third card, king against queen."
    )
    assert explain(a, b, "es", names=["Ana", "Bob"]).startswith("Las dos manos tienen")
    assert "Ana gana en la tercera carta" in explain(a, b, "es", names=["Ana", "Bob"])
    assert "Ана выигрывает на третьей карте" in explain(a, b, "ru", names=["Ана", "Боб"])


# ---------------------------------------------------------------- properties

EN_RANKS = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace"]  # fmt: skip
EN_MANY = ["twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
           "jacks", "queens", "kings", "aces"]  # fmt: skip
EN_CATEGORY = ["high card", "pair", "two pair", "three of a kind", "straight", "flush",
               "full house", "four of a kind", "straight flush"]  # fmt: skip


@st.composite
def deals(draw: st.DrawFn, min_hands: int = 2) -> tuple[str, list[list[int]], list[int]]:
    game = draw(st.sampled_from(["holdem", "omaha", "five-card"]))
    n = draw(st.integers(min_hands, 6))
    hole, board_size = {"holdem": (2, 5), "omaha": (4, 5), "five-card": (5, 0)}[game]
    if game == "holdem":
        board_size = draw(st.integers(3, 5))
    cards = draw(st.permutations(range(52)))
    hands = [list(cards[i * hole : (i + 1) * hole]) for i in range(n)]
    board = list(cards[n * hole : n * hole + board_size])
    return game, hands, board


def reference_key(game: str, hole: list[int], board: list[int]) -> tuple[int, tuple[int, ...]]:
    if game == "omaha":
        return ref.omaha_key(hole, board)
    return ref.best_key(hole + board)


@settings(max_examples=150, deadline=None)
@given(deals(), st.sampled_from(LANGS))
def test_winners_are_the_hands_with_the_minimum_rank(deal: tuple, lang: str) -> None:
    game, hands, board = deal
    c = compare(hands, board=board or None, game=game, lang=lang)
    ranks = [v.rank for v in c.values]
    assert c.winners == [i for i, r in enumerate(ranks) if r == min(ranks)]
    assert c.tie == (len(c.winners) > 1)
    # Independently: the reference evaluator finds the same winners.
    keys = [reference_key(game, h, board) for h in hands]
    assert c.winners == [i for i, k in enumerate(keys) if k == max(keys)]
    assert c.explanation == c.explain(lang) and c.explanation
    if len(hands) > 2:
        label = {"en": "hand {}", "es": "la mano {}", "ru": "рука {}"}[lang]
        for w in c.winners:
            assert label.format(w + 1) in c.explanation.lower()


five_cards = st.permutations(range(52)).map(lambda p: (list(p[:5]), list(p[5:10])))


@settings(max_examples=300, deadline=None)
@given(five_cards)
def test_explain_names_the_winner_and_the_deciding_ranks(pair: tuple[list[int], list[int]]) -> None:
    ids_a, ids_b = pair
    a, b = evaluate(ids_a, game="five-card"), evaluate(ids_b, game="five-card")
    key_a, key_b = ref.five_key(ids_a), ref.five_key(ids_b)
    texts = {lang: explain(a, b, lang) for lang in LANGS}
    first_wins = {
        "en": "the first hand wins",
        "es": "la primera mano gana",
        "ru": "первая рука выигрывает",
    }
    second_wins = {
        "en": "the second hand wins",
        "es": "la segunda mano gana",
        "ru": "вторая рука выигрывает",
    }
    for lang, text in texts.items():
        assert (first_wins[lang] in text.lower()) == (a > b) == (key_a > key_b)
        assert (second_wins[lang] in text.lower()) == (b > a)
    tie_words = {"en": "exact tie", "es": "empate exacto", "ru": "точная ничья"}
    for lang, text in texts.items():
        assert (tie_words[lang] in text.lower()) == (key_a == key_b)
    en = texts["en"]
    if key_a == key_b:
        assert "suits never break ties" in en
        return
    (win_cat, win_order), (lose_cat, lose_order) = max(key_a, key_b), min(key_a, key_b)
    if win_cat != lose_cat:
        royal = win_cat == ref.STRAIGHT_FLUSH and win_order[0] == 12
        assert (EN_CATEGORY[win_cat] if not royal else "royal flush") in en
        assert EN_CATEGORY[lose_cat] in en.split("beats")[1]
        return
    i = next(k for k in range(5) if win_order[k] != lose_order[k])
    w, lo = win_order[i], lose_order[i]
    if win_cat in (ref.STRAIGHT, ref.STRAIGHT_FLUSH):
        assert f"{EN_RANKS[w]} high" in en and f"against {EN_RANKS[lo]} high" in en
        assert "top card" in en
    elif (win_cat, i) in {(ref.HIGH_CARD, k) for k in range(5)} | {
        (ref.FLUSH, k) for k in range(5)
    } | {(ref.PAIR, 2), (ref.PAIR, 3), (ref.PAIR, 4), (ref.TRIPS, 3), (ref.TRIPS, 4),
         (ref.TWO_PAIR, 4), (ref.QUADS, 4)}:  # fmt: skip
        ordinal = ["first", "second", "third", "fourth", "fifth"][i]
        assert f"on the {ordinal} card" in en
        assert f"{EN_RANKS[w]} against {EN_RANKS[lo]}." in en
    else:
        assert f"{EN_MANY[w]} against {EN_MANY[lo]}." in en


@settings(max_examples=100, deadline=None)
@given(deals(min_hands=3))
def test_explain_many_names_the_best_loser(deal: tuple) -> None:
    game, hands, board = deal
    values = [evaluate(h, board or None, game=game) for h in hands]
    winners = [i for i, v in enumerate(values) if v == max(values)]
    losers = [i for i in range(len(values)) if i not in winners]
    text = explain_many(values, "en", labels=[f"P{i}" for i in range(len(values))])
    if not losers:
        assert "split the pot" in text and "best losing" not in text
        return
    best = min(losers, key=lambda i: (values[i].rank, i))
    name = values[best].name
    head = f"Best losing hand: P{best} ({name[:1].lower()}{name[1:]}); "
    assert head in text
    reason = text.split(head, 1)[1]
    if values[winners[0]].category == values[best].category:
        assert reason.startswith("also ")
    else:
        assert " beats " in reason


def test_comparison_prints_as_its_explanation() -> None:
    c = compare(["Ad Kh", "Ah Qd"], board="Ac 9d 7h 4s 2c", lang="ru")
    assert str(c) == c.explanation == c.explain("ru")
    assert "winners=[0]" in repr(c)
