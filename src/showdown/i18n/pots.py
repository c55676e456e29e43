"""Sentences of a table showdown (pots, shares, returned bets) in English, Spanish and Russian.

Hand names come from :meth:`HandValue.describe`, the reason one hand beats
another from :func:`showdown.explain.explain`; this module only adds the
words around them: pots, chips, who takes what.

>>> chips(1, "en"), chips(21, "ru"), chips(3, "ru"), chips(12, "ru"), chips(2, "es")
('1 chip', '21 фишка', '3 фишки', '12 фишек', '2 fichas')
>>> join(["Ana", "Bo", "Cy"], "es")
'Ana, Bo y Cy'
>>> pot_name(0, "ru"), pot_name(2, "en")
('Основной банк', 'Side pot 2')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from showdown.pots import Pot, Showdown

LANGS: tuple[str, ...] = ("en", "es", "ru")

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "main": "Main pot",
        "side": "Side pot {n}",
        "seat": "seat {seat}",
        "and": "and",
        "head": "{pot} ({chips}):",
        "wins": "{name} wins with {hand}.",
        "split": "{names} split it with {hand}, {share} each.",
        "split_odd": "{names} split it with {hand}: {shares}; the odd chips go one each "
        "from the left of the button.",
        "split_odd_one": "{names} split it with {hand}: {shares}; the odd chip goes to the "
        "first of them left of the button.",
        "best_loser": "Best losing hand: {name}.",
        "folds": "everyone else folded, so {name} takes it without showing.",
        "alone": "only {name} paid into it, so it goes back to {name} without a showdown.",
        "mucked": "{names} mucked and lost.",
        "returned": "{chips} returned to {name}: nobody called that part of the bet.",
        "no_pot": "No chips were bet.",
        # Column headings and labels of the CLI table.
        "col_pot": "Pot",
        "col_amount": "Chips",
        "col_eligible": "Eligible",
        "col_winners": "Winners",
        "col_hand": "Winning hand",
        "order": "Showdown order",
        "no_showdown": "no showdown: the hand ended by folds",
        "col_returned": "Returned",
        "col_payouts": "Payouts",
        "hidden": "(no showdown)",
    },
    "es": {
        "main": "Bote principal",
        "side": "Bote secundario {n}",
        "seat": "asiento {seat}",
        "and": "y",
        "head": "{pot} ({chips}):",
        "wins": "{name} gana con {hand}.",
        "split": "{names} se lo reparten con {hand}, {share} cada uno.",
        "split_odd": "{names} se lo reparten con {hand}: {shares}; las fichas sobrantes van "
        "de una en una empezando a la izquierda del botón.",
        "split_odd_one": "{names} se lo reparten con {hand}: {shares}; la ficha sobrante es "
        "para el primero de ellos a la izquierda del botón.",
        "best_loser": "Mejor mano perdedora: {name}.",
        "folds": "todos los demás se retiraron, así que {name} se lo lleva sin enseñar.",
        "alone": "solo {name} puso esas fichas, así que vuelven a {name} sin mostrar cartas.",
        "mucked": "{names} no enseñó y perdió.",
        "mucked_many": "{names} no enseñaron y perdieron.",
        "returned": "{name} recupera {chips}: nadie igualó esa parte de la apuesta.",
        "no_pot": "No se apostó ninguna ficha.",
        "col_pot": "Bote",
        "col_amount": "Fichas",
        "col_eligible": "Con derecho",
        "col_winners": "Ganadores",
        "col_hand": "Mano ganadora",
        "order": "Orden para enseñar",
        "no_showdown": "nadie enseña: la mano terminó porque los demás se retiraron",
        "col_returned": "Devuelto",
        "col_payouts": "Ganancias",
        "hidden": "(sin enseñar)",
    },
    "ru": {
        "main": "Основной банк",
        "side": "Побочный банк {n}",
        "seat": "место {seat}",
        "and": "и",
        "head": "{pot} ({chips}):",
        "wins": "{name} выигрывает с комбинацией «{hand}».",
        "split": "{names} делят его с комбинацией «{hand}», по {share} каждому.",
        "split_odd": "{names} делят его с комбинацией «{hand}»: {shares}; лишние фишки "
        "раздаются по одной, начиная слева от баттона.",
        "split_odd_one": "{names} делят его с комбинацией «{hand}»: {shares}; лишняя фишка "
        "достаётся первому из них слева от баттона.",
        "best_loser": "Лучшая из проигравших рук: {name}.",
        "folds": "все остальные сбросили карты, и {name} забирает банк, не открываясь.",
        "alone": "эти фишки поставил только {name}, поэтому они возвращаются без вскрытия.",
        "mucked": "{names} не открыл карты и проиграл.",
        "mucked_many": "{names} не открыли карты и проиграли.",
        "returned": "{name} получает назад {chips}: эту часть ставки никто не уравнял.",
        "no_pot": "Ни одной фишки не поставлено.",
        "col_pot": "Банк",
        "col_amount": "Фишки",
        "col_eligible": "Участники",
        "col_winners": "Победители",
        "col_hand": "Комбинация",
        "order": "Порядок вскрытия",
        "no_showdown": "вскрытия нет: остальные сбросили карты",
        "col_returned": "Возвращено",
        "col_payouts": "Выигрыш",
        "hidden": "(без вскрытия)",
    },
}


def _lang(lang: str) -> str:
    if lang not in PHRASES:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(LANGS)}")
    return lang


def phrase(key: str, lang: str = "en") -> str:
    """The phrase ``key`` in ``lang`` (the CLI's headings use this)."""
    return PHRASES[_lang(lang)][key]


def chips(n: int, lang: str = "en", case: str = "nom") -> str:
    """``n`` chips with the right plural (Russian: фишка, фишки, фишек).

    ``case`` matters in Russian only, where one chip declines: ``nom`` фишка,
    ``acc`` фишку, ``dat`` фишке (``по 1 фишке``).

    >>> chips(21, "ru", "acc"), chips(1, "ru", "dat"), chips(5, "ru", "dat")
    ('21 фишку', '1 фишке', '5 фишек')
    """
    lang = _lang(lang)
    if lang == "en":
        return f"{n} chip" if n == 1 else f"{n} chips"
    if lang == "es":
        return f"{n} ficha" if n == 1 else f"{n} fichas"
    if n % 10 == 1 and n % 100 != 11:
        return f"{n} " + {"nom": "фишка", "acc": "фишку", "dat": "фишке"}[case]
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return f"{n} фишки"
    return f"{n} фишек"


def join(items: Sequence[str], lang: str = "en") -> str:
    """``a, b and c`` in ``lang``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {PHRASES[_lang(lang)]['and']} {items[-1]}"


def pot_name(index: int, lang: str = "en") -> str:
    """``Main pot`` for index 0, then ``Side pot 1``, ``Side pot 2``..."""
    words = PHRASES[_lang(lang)]
    return words["main"] if index == 0 else words["side"].format(n=index)


def player_name(showdown: Showdown, seat: int, lang: str = "en") -> str:
    """The player's name, or ``seat 4`` when they have none."""
    name = showdown.table.player(seat).name
    return name or PHRASES[_lang(lang)]["seat"].format(seat=seat)


def _sentence(text: str) -> str:
    text = text.strip()
    if text and text[-1] not in ".!?":
        text += "."
    return text[:1].upper() + text[1:]


def _why(showdown: Showdown, a: int, b: int, lang: str) -> str:
    """:func:`showdown.explain.explain` for the hands shown at seats ``a`` and ``b``."""
    from showdown.explain import explain

    hands = showdown.hands
    names = [player_name(showdown, a, lang), player_name(showdown, b, lang)]
    return _sentence(explain(hands[a], hands[b], lang, names=names))


def explain_pot(showdown: Showdown, index: int, lang: str = "en") -> str:
    """One line: the pot, who takes it, with what hand and why (against the best loser)."""
    lang = _lang(lang)
    words = PHRASES[lang]
    pot: Pot = showdown.pots[index]
    head = words["head"].format(pot=pot_name(index, lang), chips=chips(pot.amount, lang))
    name = player_name(showdown, pot.winners[0], lang)
    if not pot.contested:
        alone = sum(p.live for p in showdown.table.players) > 1
        key = "alone" if alone else "folds"
        return f"{head} {words[key].format(name=name)}"
    hands = showdown.hands
    winner_hand = hands[pot.winners[0]]
    hand = winner_hand.describe(lang)
    hand = hand if lang == "ru" else hand[:1].lower() + hand[1:]
    parts = [head]
    if len(pot.winners) == 1:
        parts.append(words["wins"].format(name=name, hand=hand))
    else:
        names = join([player_name(showdown, s, lang) for s in pot.winners], lang)
        values = set(pot.shares.values())
        if len(values) == 1:
            share = chips(min(values), lang, "dat")
            parts.append(words["split"].format(names=names, hand=hand, share=share))
        else:
            shares = ", ".join(
                f"{player_name(showdown, s, lang)} {c}" for s, c in pot.shares.items()
            )
            key = "split_odd_one" if pot.amount % len(pot.winners) == 1 else "split_odd"
            parts.append(words[key].format(names=names, hand=hand, shares=shares))
        parts.append(_why(showdown, pot.winners[0], pot.winners[1], lang))
    losers = [s for s in pot.eligible if s in hands and s not in pot.winners]
    if losers:
        best = min(losers, key=showdown.ranks.__getitem__)
        if len(losers) + len(pot.winners) > 2:
            parts.append(words["best_loser"].format(name=player_name(showdown, best, lang)))
        parts.append(_why(showdown, pot.winners[0], best, lang))
    mucked = [s for s in showdown.showdown_order if s in pot.eligible and s not in hands]
    if mucked:
        key = "mucked_many" if len(mucked) > 1 and "mucked_many" in words else "mucked"
        names = join([player_name(showdown, s, lang) for s in mucked], lang)
        parts.append(_sentence(words[key].format(names=names)))
    return " ".join(parts)


def explain_showdown(showdown: Showdown, lang: str = "en") -> list[str]:
    """Every pot's line, main pot first, then one line per returned bet."""
    lang = _lang(lang)
    lines = [explain_pot(showdown, k, lang) for k in range(len(showdown.pots))]
    for seat, n in showdown.returned.items():
        text = PHRASES[lang]["returned"].format(
            chips=chips(n, lang, "acc"), name=player_name(showdown, seat, lang)
        )
        lines.append(_sentence(text))
    return lines or [PHRASES[lang]["no_pot"]]
