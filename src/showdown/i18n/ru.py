"""Russian hand names and explanation sentences, in the documents' vocabulary.

Старшая карта, пара, две пары, тройка, стрит, флеш, фулл-хаус, каре,
стрит-флеш, роял-флеш; колесо; кикер. Card names are declined: ``пара тузов``
(genitive plural), ``стрит со старшей пятёркой`` (instrumental, the adjective
agreeing in gender), ``девятка против восьмёрки`` (genitive after ``против``).

>>> from showdown.categories import AnyCategory, BadugiCategory, Category
>>> BOOK.describe(Category.STRAIGHT, (3, 2, 1, 0, 12))
'Стрит со старшей пятёркой (колесо)'
>>> BOOK.describe(Category.FULL_HOUSE, (7, 7, 7, 0, 0))
'Фулл-хаус из трёх девяток и двух двоек'
>>> BOOK.beats(Category.TWO_PAIR, False, Category.PAIR)
'две пары бьют пару'
"""

from __future__ import annotations

from collections.abc import Sequence

from showdown.categories import AnyCategory, BadugiCategory, Category
from showdown.i18n.base import ACE, WHEEL_TOP, Decision, Phrasebook

C = Category
B = BadugiCategory

# Each rank: nominative, genitive, instrumental singular; nominative, genitive plural.
FORMS: tuple[tuple[str, str, str, str, str], ...] = (
    ("двойка", "двойки", "двойкой", "двойки", "двоек"),
    ("тройка", "тройки", "тройкой", "тройки", "троек"),
    ("четвёрка", "четвёрки", "четвёркой", "четвёрки", "четвёрок"),
    ("пятёрка", "пятёрки", "пятёркой", "пятёрки", "пятёрок"),
    ("шестёрка", "шестёрки", "шестёркой", "шестёрки", "шестёрок"),
    ("семёрка", "семёрки", "семёркой", "семёрки", "семёрок"),
    ("восьмёрка", "восьмёрки", "восьмёркой", "восьмёрки", "восьмёрок"),
    ("девятка", "девятки", "девяткой", "девятки", "девяток"),
    ("десятка", "десятки", "десяткой", "десятки", "десяток"),
    ("валет", "валета", "валетом", "вальты", "вальтов"),
    ("дама", "дамы", "дамой", "дамы", "дам"),
    ("король", "короля", "королём", "короли", "королей"),
    ("туз", "туза", "тузом", "тузы", "тузов"),
)
MASCULINE = frozenset({9, 11, 12})  # валет, король, туз; the rest are feminine
_SINGULAR = {"nom": 0, "gen": 1, "ins": 2}
_PLURAL = {"nom": 3, "gen": 4}
ORDINAL_NOM = ("первая", "вторая", "третья", "четвёртая", "пятая")  # ... карта
ORDINAL_PREP = ("первой", "второй", "третьей", "четвёртой", "пятой")  # на ... карте

NAMES = {
    C.HIGH_CARD: "старшая карта",
    C.PAIR: "пара",
    C.TWO_PAIR: "две пары",
    C.THREE_OF_A_KIND: "тройка",
    C.STRAIGHT: "стрит",
    C.FLUSH: "флеш",
    C.FULL_HOUSE: "фулл-хаус",
    C.FOUR_OF_A_KIND: "каре",
    C.STRAIGHT_FLUSH: "стрит-флеш",
    B.FOUR_CARD: "бадуги из четырёх карт",
    B.THREE_CARD: "бадуги из трёх карт",
    B.TWO_CARD: "бадуги из двух карт",
    B.ONE_CARD: "бадуги из одной карты",
}
ACCUSATIVE = {**NAMES, C.HIGH_CARD: "старшую карту", C.PAIR: "пару", C.THREE_OF_A_KIND: "тройку"}
# After "решает" (nominative) and after "по" (dative) for the groups.
GROUP_NOM = {
    "pair": "пара",
    "high_pair": "старшая пара",
    "low_pair": "младшая пара",
    "trips": "тройка",
    "full_pair": "пара",
    "quads": "каре",
    "top": "старшая карта",
}
GROUP_DAT = {
    "pair": "паре",
    "high_pair": "старшей паре",
    "low_pair": "младшей паре",
    "trips": "тройке",
    "full_pair": "паре",
    "quads": "каре",
    "top": "старшей карте",
}


def _form(rank: int, plural: bool = False, case: str = "nom") -> str:
    table = _PLURAL if plural else _SINGULAR
    if case not in table:
        number = "plural" if plural else "singular"
        raise ValueError(f"no Russian {number} case {case!r}; use one of {', '.join(table)}")
    return FORMS[rank][table[case]]


def _with_top(rank: int) -> str:
    """``со старшим тузом``, ``со старшей пятёркой``."""
    adjective = "старшим" if rank in MASCULINE else "старшей"
    return f"со {adjective} {_form(rank, case='ins')}"


LADDER_NAMES = {
    "high-wrap": "по правилу перехода через туза",
    "short-deck": "в шорт-деке",
    "short-deck-trips": "в шорт-деке (тройка старше стрита)",
    "deuce-to-seven": "в лоуболе от двойки до семёрки",
    "ace-to-five": "в лоуболе от туза до пятёрки",
    "eight-or-better": "в лоу до восьмёрки",
}


GAME_NAMES = {
    "holdem": "Техасский холдем: лучшие пять из руки и стола",
    "omaha": "Омаха: ровно две карты из руки и три со стола",
    "five-card": "Пятикарточный покер",
    "short-deck": "Шорт-дек: 36 карт, флеш старше фулл-хауса, A-6-7-8-9 — младший стрит",
    "omaha-hi-lo": "Омаха хай-лоу: банк делится между лучшей старшей рукой и лучшим лоу до "
    "восьмёрки",
    "stud": "Семикарточный стад: лучшие пять из семи карт игрока",
    "stud-hi-lo": "Семикарточный стад хай-лоу: лучшая старшая рука и лучшее лоу до восьмёрки",
    "razz": "Разз: лучшее лоу от туза до пятёрки из семи карт",
    "deuce-to-seven": "Лоубол от двойки до семёрки: туз старший, стриты и флеши мешают",
    "ace-to-five": "Лоубол от туза до пятёрки: туз младший, стриты и флеши не считаются",
    "badugi": "Бадуги: четыре карты, больше всего разных мастей и достоинств, младшая выигрывает",
}


class Russian(Phrasebook):
    """Russian, with the cases and agreement a native speaker expects."""

    code = "ru"
    thousands = " "
    decimal_sign = ","
    scoop = "скуп"
    first_hand = "первая рука"
    second_hand = "вторая рука"

    def hand_label(self, number: int) -> str:
        return f"рука {number}"

    def rank(self, rank: int, plural: bool = False, case: str = "nom") -> str:
        return _form(rank, plural, case)

    def category(self, category: AnyCategory) -> str:
        return NAMES[category]

    def describe(self, category: Category, ranks: Sequence[int]) -> str:
        top = ranks[0]
        if category == C.STRAIGHT_FLUSH:
            return "Роял-флеш" if top == ACE else f"Стрит-флеш {_with_top(top)}"
        if category == C.FOUR_OF_A_KIND:
            return f"Каре {_form(top, True, 'gen')}"
        if category == C.FULL_HOUSE:
            return (
                f"Фулл-хаус из трёх {_form(top, True, 'gen')} и двух {_form(ranks[3], True, 'gen')}"
            )
        if category == C.FLUSH:
            return f"Флеш {_with_top(top)}"
        if category == C.STRAIGHT:
            return f"Стрит {_with_top(top)}" + (" (колесо)" if top == WHEEL_TOP else "")
        if category == C.THREE_OF_A_KIND:
            return f"Тройка {_form(top, True, 'gen')}"
        if category == C.TWO_PAIR:
            return f"Две пары, {_form(top, True)} и {_form(ranks[2], True)}"
        if category == C.PAIR:
            return f"Пара {_form(top, True, 'gen')}"
        return f"Старшая карта — {_form(top)}"

    def beats(self, win: AnyCategory, win_royal: bool, lose: AnyCategory) -> str:
        subject = "роял-флеш" if win_royal else NAMES[win]
        verb = "бьют" if win == C.TWO_PAIR else "бьёт"  # "две пары" is plural
        return f"{subject} {verb} {ACCUSATIVE[lose]}"

    def _shared(self, d: Decision) -> str:
        """What both hands hold, as far as they agree (nominative)."""
        r, i, cat = d.ranks, d.index, d.category
        if cat == C.HIGH_CARD and d.low:
            return f"лоу {_with_top(r[0])}" if i >= 1 else "лоу"
        if cat == C.HIGH_CARD:
            return "только старшая карта"
        if cat == C.PAIR and i >= 2:
            return f"пара {_form(r[0], True, 'gen')}"
        if cat == C.TWO_PAIR and i == 4:
            return f"две пары, {_form(r[0], True)} и {_form(r[2], True)}"
        if cat == C.TWO_PAIR and i >= 2:
            return f"две пары со старшей парой {_form(r[0], True, 'gen')}"
        if cat == C.THREE_OF_A_KIND and i >= 3:
            return f"тройка {_form(r[0], True, 'gen')}"
        if cat == C.FULL_HOUSE and i >= 3:
            return f"фулл-хаус с тройкой {_form(r[0], True, 'gen')}"
        if cat == C.FOUR_OF_A_KIND and i >= 4:
            return f"каре {_form(r[0], True, 'gen')}"
        return NAMES[cat]

    def _rank_pair(self, d: Decision) -> str:
        """``девятка против восьмёрки``, ``тузы против королей``."""
        if d.unit in ("card", "top"):
            win, lose = _form(d.win), _form(d.lose, case="gen")
            wheel = d.category == C.STRAIGHT
            win += " (колесо)" if wheel and d.win == WHEEL_TOP else ""
            lose += " (колесо)" if wheel and d.lose == WHEEL_TOP else ""
            return f"{win} против {lose}"
        return f"{_form(d.win, True)} против {_form(d.lose, True, 'gen')}"

    def _kicker(self, d: Decision) -> str:
        return " (кикер)" if d.kicker else ""

    def wins_by_category(self, winner: str, beats: str) -> str:
        return f"{self.capitalise(winner)} выигрывает: {beats}."

    def wins_by_position(self, winner: str, decision: Decision) -> str:
        d = decision
        if d.unit == "card":
            where = f"на {ORDINAL_PREP[d.index]} карте{self._kicker(d)}"
        else:
            where = f"по {GROUP_DAT[d.unit]}"
        return (
            f"В обеих руках {self._shared(d)}; {winner} выигрывает {where}: {self._rank_pair(d)}."
        )

    def exact_tie(self, name: str, ranks: str) -> str:
        return (
            f"Точная ничья ({self.lower_first(name)}, {ranks} в обеих руках): банк делится "
            "поровну, потому что масти при сравнении никогда не учитываются."
        )

    def wins_alone(self, winner: str, name: str) -> str:
        return f"Выигрывает {winner}: {self.lower_first(name)}."

    def split(self, winners: Sequence[str], name: str, ranks: str) -> str:
        return (
            f"{self.capitalise(self.join(winners))} делят банк с одинаковой комбинацией "
            f"({self.lower_first(name)}, {ranks}): точная ничья, масти при сравнении никогда "
            "не учитываются."
        )

    def against_best_loser(self, loser: str, name: str, reason: str) -> str:
        return f"Лучшая из проигравших рук: {loser} ({self.lower_first(name)}); {reason}."

    def also(self, decision: Decision) -> str:
        d = decision
        if d.unit == "card":
            place = f"{ORDINAL_NOM[d.index]} карта{self._kicker(d)}"
        else:
            place = GROUP_NOM[d.unit]
        return f"тоже {self._shared(d)}, и решает {place}: {self._rank_pair(d)}"

    def low_name(self, top: int, second: int) -> str:
        return f"Лоу {_form(top)}-{_form(second)}"

    def badugi_name(self, size: int, top: int) -> str:
        count = ("одной карты", "двух карт", "трёх карт", "четырёх карт")[size - 1]
        return f"Бадуги из {count} {_with_top(top)}"

    def in_ladder(self, key: str) -> str:
        return f" {LADDER_NAMES[key]}" if key in LADDER_NAMES else ""

    def game_name(self, key: str) -> str:
        return GAME_NAMES[key]

    def half(self, index: int) -> str:
        return ("Хай", "Лоу")[index]

    def no_low(self) -> str:
        return "нет подходящего лоу"

    def join(self, items: Sequence[str]) -> str:
        items = list(items)
        if len(items) <= 2:
            return " и ".join(items)
        return ", ".join(items[:-1]) + " и " + items[-1]


BOOK = Russian()
