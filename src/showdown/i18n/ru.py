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
from showdown.i18n.base import ACE, WHEEL_TOP, Decision, Phrasebook, Words

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
    "courchevel": "Куршевель: пять карт в руке, ровно две из них и три со стола",
    "courchevel-hi-lo": "Куршевель хай-лоу: пять карт в руке, банк делится между лучшей "
    "старшей рукой и лучшим лоу до восьмёрки",
}


#: What a tie splits: the pot, or one half of a hi-lo pot.
POT: dict[int | None, str] = {None: "банк", 0: "хай", 1: "лоу"}


class Russian(Phrasebook):
    """Russian, with the cases and agreement a native speaker expects."""

    code = "ru"
    thousands = " "
    decimal_sign = ","
    first_hand = "первая рука"
    second_hand = "вторая рука"

    def plural_index(self, n: int) -> int:
        """1, 21, 101: one (0); 2-4, 22-24: few (1); 0, 5-20, 25-30...: many (2).

        >>> [BOOK.plural(n, "фишка|фишки|фишек") for n in (1, 3, 11, 12, 21, 22, 25, 111)]
        ['фишка', 'фишки', 'фишек', 'фишек', 'фишка', 'фишки', 'фишек', 'фишек']
        """
        if n % 10 == 1 and n % 100 != 11:
            return 0
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return 1
        return 2

    def in_sentence(
        self, name: str, category: AnyCategory, top: int, low: bool, article: bool
    ) -> str:
        return name  # quoted as it is, after «комбинация»

    def against(self, template: str, hand: str, owner: str, category: AnyCategory) -> str:
        return template.format(hand=hand, owner=owner)

    def join_shares(self, parts: Sequence[str]) -> str:
        return ", ".join(parts)  # «Cy получает 35 фишек, Ana — 34, Bo — 34»

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

    def exact_tie(self, name: str, ranks: str, half: int | None = None) -> str:
        return (
            f"Точная ничья ({self.lower_first(name)}, {ranks} в обеих руках): {POT[half]} делится "
            "поровну, потому что масти при сравнении никогда не учитываются."
        )

    def wins_alone(self, winner: str, name: str) -> str:
        return f"Выигрывает {winner}: {self.lower_first(name)}."

    def split(self, winners: Sequence[str], name: str, ranks: str, half: int | None = None) -> str:
        return (
            f"{self.capitalise(self.join(winners))} делят {POT[half]} с одинаковой комбинацией "
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


#: The words of the commands, tables and game around the hand names, by section
#: (read with :func:`showdown.i18n.words`). ``|`` separates the plural forms of a
#: phrase, chosen by :meth:`~showdown.i18n.base.Phrasebook.plural`.
WORDS: Words = {
    # Error lines of the command line (showdown.i18n.error_lines).
    "errors": {
        "prefix": "ошибка",
        "unknown_card_at": "неизвестная карта {card} на позиции {position} в {text}",
        "unknown_card": "неизвестная карта {card} ({hint})",
        "card_hint": "карта — это ранг 2-9, T, J, Q, K, A или 10, затем масть c, d, h, s или "
        "♣ ♦ ♥ ♠; для нескольких карт используйте parse_cards",
        "duplicate_in": "карта {card} повторяется в {text}",
        "duplicate_between": "карта {card} повторяется: {first} и {second}",
        "duplicate": "карта {card} повторяется",
        "hand": "рука {number}",
        "player": "игрок {number}",
        "board": "стол",
        "hand_no_cards": "в руке {number} нет карт",
        "compare_two": "compare нужны хотя бы две руки, дано {count}",
        "equity_two": "equity нужны хотя бы два игрока (руки или диапазоны)",
        "equity_players": "equity нужно от 2 до 10 игроков, дано {count}",
        "board_size": "на столе 0, 3, 4 или 5 карт, дано {count}",
        "no_range": "{game} принимает карты каждого игрока, а не диапазон ({spec}); "
        "диапазоны — для holdem, omaha и short-deck",
        "stats_sizes": "stats считает руки {game} из {sizes} карт, не из {cards}",
        "stats_omaha": "stats считает руки {game} из 5 карт (две карманные и три со стола), не "
        "из {cards}",
        "workers": "--workers должно быть не меньше 1, дано {count}",
        "cannot_read": "не удаётся прочитать {path}",
        "encoding": "кодировка вывода ({encoding}) не может записать этот текст; задайте "
        "PYTHONIOENCODING=utf-8",
        "nested": "вход вложен слишком глубоко, чтобы его прочитать",
        "repeated_key": "ключ {key} указан дважды",
        "unquoted_board": "нераспознанные аргументы: {arguments}; возьмите стол из "
        "нескольких карт в кавычки, например --board \"Qh Jh Th\"",
        "unrecognized": "нераспознанные аргументы: {arguments}",
        "required": "нужны аргументы: {arguments}",
        "invalid_choice": "аргумент {option}: недопустимое значение: {value} (выберите из "
        "{choices})",
        "one_argument": "аргумент {option}: ожидается одно значение",
        "invalid_value": "аргумент {option}: недопустимое значение {kind}: {value}",
        "two_places": "карта {card} в двух местах: {first} и {second}",
        "in_hand": "в руке игрока {number} ({hand})",
        "on_board": "на борде",
        "in_dead": "среди мёртвых карт",
        "in_use": "уже в игре",
        "no_combo_left": "в диапазоне {range} не осталось ни одной комбинации без карт, "
        "которые уже в игре",
        "player_empty": "у игрока {number} нет ни руки, ни диапазона (пустой текст)",
        "player_blank": "у игрока {number} нет ни руки, ни диапазона",
        "range_token_why": "не удаётся прочитать элемент {token} диапазона {text}: {why}",
        "range_token": "не удаётся прочитать элемент {token} диапазона {text}",
        "combo_cards": "явная комбинация — это две карты, а не {count}",
        "pair_suited": "пара не бывает одномастной или разномастной",
        "not_a_token": "это не класс (AKs, AKo, AK, QQ+, K9o+, A5s-A2s), не Ax, не процент "
        "(15%), не random и не две карты (AhKh)",
        "weight_share": "вес {token} должен быть от 0 до 1 (доля его комбинаций в диапазоне), "
        "получено {value} в {text}",
        "empty_range": "пустой диапазон",
        "players_count": "нужно от 2 до {most} игроков, а не {count}",
        "at_most": "не больше {count} символов",
        "unknown_game": "неизвестная игра {game}: выберите одну из {games}",
        "heatmap_holdem": "тепловая карта — для холдема",
        "heatmap_preflop": "тепловая карта — на префлопе: очистите борд и мёртвые карты",
    },
    "eval": {
        "hand": "Рука",
        # A lowball hand without a pair: its category in eval and stats.
        "no_pair": "без пары",
        "board": "Стол",
        "best": "Лучшая пятёрка",
        "best_high": "Лучшая пятёрка (хай)",
        "best_low": "Лучшая пятёрка (лоу)",
        "rank": "место {rank} из {size} (1 = {best})",
        "starting": "{name}: {combos} · эквити против случайной руки {equity}",
        "order_pokerstove": "порядок PokerStove",
        "order_equity": "порядок по эквити",
        "place": "{order}: {place} из 169 классов, лучшие {top} рук",
        "wrap": "Домашнее правило: туз заворачивает по кругу (Q-K-A-2-3 — стрит)",
        "wins": "выигрывает",
        "splits": "делит банк",
        # Hi-lo: what each hand takes (the halves are won and split separately).
        "wins_high": "выигрывает хай",
        "wins_low": "выигрывает лоу",
        "splits_high": "делит хай",
        "splits_low": "делит лоу",
        "scoops": "забирает весь банк",
    },
    "stats": {
        "title": "Все {hands} раздач по {size}{best}, {rules}",
        "best": " (лучшие пять из {size_gen})",
        "standard": "стандартные правила",
        "wrap": "домашнее правило: туз заворачивает по кругу",
        "header": "Комбинация|Раздачи|Доля|Уровней силы",
        "total": "Всего",
        "low": "Раздачи с лоу до восьмёрки: {hands} ({share}), {distinct} разных лоу",
        # «по четыре карты», «по пять карт»: the count with its noun.
        "4": "четыре карты",
        "5": "пять карт",
        "6": "шесть карт",
        "7": "семь карт",
        "6_gen": "шести",
        "7_gen": "семи",
    },
    "equity": {
        "equity": "эквити",
        "win": "выигрыш",
        "tie": "ничья",
        "combo": "комбо",
        "combos": "{count} комбо|{count} комбо|{count} комбо",
        "weight": "вес",
        "share_axis": "доля раздач игрока, сильнейшие комбо первыми",
        "high": "хай",
        "low": "лоу",
        "scoop": "весь банк",
        "progress": "Расчёт эквити",
        "rate": "шоудаунов/с",
        # Dative after «по»: 1, 21, 101 шоудауну; every other number шоудаунам.
        "exact": "Точный расчёт по {count} шоудауну|Точный расчёт по {count} шоудаунам"
        "|Точный расчёт по {count} шоудаунам",
        "monte_carlo": "Метод Монте-Карло: {count} симуляция (± одна стандартная ошибка)"
        "|Метод Монте-Карло: {count} симуляции (± одна стандартная ошибка)"
        "|Метод Монте-Карло: {count} симуляций (± одна стандартная ошибка)",
    },
    "matrix": {
        "vs": "против",
        "progress": "Расчёт префлоп-таблицы",
        "against": "против {range}",
    },
    "demo": {
        "title": "showdown: экскурсия по правилам вскрытия карт",
        "intro": "Все примеры ниже взяты из документов с правилами. Библиотека оценивает и "
        "объясняет каждый из них; команды под примером его воспроизводят.",
        "two_pair": "Две пары: сначала решает старшая пара",
        "high_card": "Старшая карта: сверху вниз до первого различия",
        "pair": "Пара: затем кикеры по порядку",
        "full_house": "Фулл-хаус: решает тройка, пара — только при равной тройке",
        "wheel": "Колесо: A-2-3-4-5 — самый младший стрит",
        "no_wrap": "Туз не заворачивает по кругу: Q-K-A-2-3 — не стрит (без домашнего правила)",
        "suits": "Масти никогда не разрешают ничью",
        "board_plays": "Играет стол: все оставшиеся игроки делят банк",
        "kicker": "Считаются только лучшие пять карт: здесь решает кикер",
        "omaha": "Омаха: ровно две карты из руки и три со стола",
        "short_deck": "Шорт-дек (от 6 до A): флеш старше фулл-хауса",
        "deuce_to_seven": "Лоубол от двойки до семёрки: туз старший, лучшая рука 7-5-4-3-2",
        "ace_to_five": "Лоубол от туза до пятёрки: туз младший, лучшая рука A-2-3-4-5",
        "razz": "Разз: лучшее лоу от туза до пятёрки из семи карт игрока",
        "badugi": "Бадуги: четыре карты четырёх мастей бьют любые три",
        "omaha_hi_lo": "Омаха хай-лоу: хай и лоу делят банк; при равных лоу каждому достаётся "
        "четверть, а без лоу хай забирает весь банк",
        "more": "Подробнее: showdown --help или showdown КОМАНДА --help.",
    },
    "pots": {
        "half_head": "{pot}, {half} ({chips}):",
        "high": "старшая половина",
        "low": "младшая половина",
        "no_low": "Подходящего лоу нет, и старшая рука забирает весь банк.",
        # Винительный падеж: «делят банк», «делят старшую половину».
        "the_pot": "банк",
        "the_high": "старшую половину",
        "the_low": "младшую половину",
        "scoop": "{name} забирает весь банк: лучший хай и лучший лоу.",
        "split_suit_high": "{names} делят {what} с комбинацией «{hand}»{against}: {shares}; в "
        "стаде нет баттона, и лишняя фишка достаётся старшей карте по масти (пики, червы, "
        "бубны, трефы) — единственный случай, когда масть имеет значение.",
        "split_suit_low": "{names} делят {what} с комбинацией «{hand}»{against}: {shares}; в "
        "стаде нет баттона, и лишняя фишка достаётся младшей карте по масти (пики, червы, "
        "бубны, трефы) — единственный случай, когда масть имеет значение.",
        "main": "Основной банк",
        "side": "Побочный банк {n}",
        "seat": "место {seat}",
        "seat_subject": "игрок на месте {seat}",
        "seat_of": "у игрока на месте {seat}",
        "chips": "{count} фишка|{count} фишки|{count} фишек",
        "chips_acc": "{count} фишку|{count} фишки|{count} фишек",
        "chips_dat": "{count} фишке|{count} фишки|{count} фишек",
        "share_first": "{name} получает {chips}",
        "share_next": "{name} — {count}",
        "seat_gen": "игрока на месте {seat}",
        "of": "у {name}",
        "head": "{pot} ({chips}):",
        "wins": "{name} выигрывает с комбинацией «{hand}»{against}.",
        "against": " против комбинации «{hand}» {owner}",
        "against_best": " против лучшей из проигравших рук — «{hand}» {owner}",
        "tied": "их рука",
        "split": "{names} делят {what} с комбинацией «{hand}»{against}: по {share} каждому.",
        "split_odd": "{names} делят {what} с комбинацией «{hand}»{against}: {shares}; лишние "
        "фишки раздаются по одной, начиная слева от баттона.",
        "split_odd_one": "{names} делят {what} с комбинацией «{hand}»{against}: {shares}; "
        "лишняя фишка достаётся первому из них слева от баттона.",
        "tie_all": "Точная ничья ({hand}, {ranks} у каждого): {what} делят поровну, потому "
        "что масти при сравнении никогда не учитываются.",
        "folds": "все остальные сбросили карты, и {name} забирает банк без вскрытия.",
        "alone": "в этом банке только фишки {gen}, и они возвращаются владельцу без вскрытия.",
        # One player, or several (the plural forms of the verb).
        "mucked": "{names} не показывает карты и проигрывает."
        "|{names} не показывают карты и проигрывают.|{names} не показывают карты и проигрывают.",
        "returned": "{name} получает назад {chips}: эту часть ставки никто не уравнял.",
        "no_pot": "Ни одной фишки не поставлено.",
        "col_pot": "Банк",
        "col_amount": "Фишки",
        "col_eligible": "Участники",
        "col_winners": "Победители",
        "col_hand": "Комбинация",
        "order": "Порядок вскрытия",
        "no_showdown": "нет (остальные сбросили карты)",
        "col_returned": "Возвращено",
        "col_payouts": "Выигрыш",
        "hidden": "(без вскрытия)",
    },
    "run": {
        "interrupted": "прервано: результата нет",
    },
    "replay": {
        "summary_hands": "Раздач: {hands} (файлов: {files})",
        "summary_errors": "Ошибок: {errors}",
        "summary_skipped": "Пропущено файлов (не истории раздач): {files}",
        "skipped_file": "пропущен: {file}: {reason}",
        "unrecorded": "результат не записан",
        "cashed_out": "кэш-аут {paid} (комиссия {fee})",
        "differs": "{player}: у нас {ours}, в записи {recorded}",
        "unknown": "рука, нужная на вскрытии, неизвестна (????)",
        "match": "совпадает",
        "odd-chip": "нечётная фишка",
        "rake": "рейк",
        "unknown-cards": "неизвестные карты",
        "mismatch": "расхождение",
        "bounty": "награда",
        "partial": "неполная",
        "cash-out": "кэш-аут",
        "ev_title": "EV олл-инов: раздач с олл-ином до последней карты: {hands} "
        "(EV не вычислен: {missing})",
        "ev_player": "игрок",
        "ev_hands": "раздачи",
        "ev_net": "итог",
        "ev_net100": "итог/100 (бб)",
        "ev_adjusted": "с поправкой на олл-ины",
        "ev_adjusted100": "поправка/100 (бб)",
        "progress": "воспроизведено раздач: {hands}",
    },
    "graph": {
        "net": "чистый выигрыш",
        "ev_net": "с поправкой на EV олл-инов",
        "showdown": "выигрыш на вскрытии",
        "no_showdown": "выигрыш без вскрытия",
        "x_hands": "сыграно раздач",
        "x_date": "дата",
        "chips": "фишки",
        "hand": "раздача {hand} ({room})",
        "nth": "раздача игрока № {count}",
        "no_hands": "Нет раздач для графика",
    },
    "game": {
        "you": "ваша рука",
        "dealer": "дилер",
        # The opponents' names as this language writes them.
        "name_Marta": "Марта",
        "name_Viktor": "Виктор",
    },
}

BOOK = Russian(WORDS)
