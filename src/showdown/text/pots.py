"""Sentences of a table showdown (pots, shares, returned bets) in English, Spanish and Russian.

Hand names come from :meth:`HandValue.describe`, the reason one hand beats
another from :func:`showdown.text.explain.explain`; this module only adds the
words around them: pots, chips, who takes what. Every contested pot reads the
same way: who wins (or splits) with what hand against whose best losing hand,
then why. Russian sentences use the present tense, so no verb needs a gender.

>>> chips(1, "en"), chips(21, "ru"), chips(3, "ru"), chips(12, "ru"), chips(2, "es")
('1 chip', '21 фишка', '3 фишки', '12 фишек', '2 fichas')
>>> join(["Ana", "Bo", "Cy"], "es")
'Ana, Bo y Cy'
>>> pot_name(0, "ru"), pot_name(2, "en")
('Основной банк', 'Side pot 2')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from showdown.categories import Category
from showdown.hands.value import HiLoValue
from showdown.i18n import check_lang, phrasebook, words
from showdown.i18n.base import format_ranks

if TYPE_CHECKING:
    from showdown.hands.value import HandValue
    from showdown.pots.table import Table


# What the sentences read of a settled showdown (:class:`showdown.pots.resolution.Showdown` and its
# :class:`~showdown.pots.resolution.Pot`), described here so that this module never imports pots.
class Pot(Protocol):
    """A settled pot, as :class:`showdown.pots.resolution.Pot`."""

    @property
    def amount(self) -> int: ...
    @property
    def eligible(self) -> tuple[int, ...]: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def shares(self) -> dict[int, int]: ...
    @property
    def contested(self) -> bool: ...
    @property
    def halves(self) -> Sequence[Award | None]: ...


class Award(Protocol):
    """One half of a hi-lo pot, as :class:`showdown.pots.resolution.Award`."""

    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def shares(self) -> dict[int, int]: ...


@dataclass(frozen=True)
class _HalfPot:
    """One half of a hi-lo pot, read as a pot of its own."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int]
    contested: bool
    halves: tuple[Award | None, ...] = ()


@dataclass(frozen=True)
class _HalfView:
    """A showdown seen through one half of a hi-lo pot: that half's values only."""

    table: Table
    pots: Sequence[Pot]
    returned: Mapping[int, int]
    showdown_order: tuple[int, ...]
    ranks: Mapping[int, int]
    hands: Mapping[int, HandValue]


class Showdown(Protocol):
    """A settled table, as :class:`showdown.pots.resolution.Showdown`."""

    @property
    def table(self) -> Table: ...
    @property
    def pots(self) -> Sequence[Pot]: ...
    @property
    def returned(self) -> Mapping[int, int]: ...
    @property
    def showdown_order(self) -> tuple[int, ...]: ...
    @property
    def ranks(self) -> Mapping[int, int]: ...
    @property
    def hands(self) -> Mapping[int, HandValue]: ...


def _lang(lang: str) -> str:
    return check_lang(lang)


def _phrases(lang: str) -> Mapping[str, str]:
    """The ``pots`` words of the phrasebook of ``lang``."""
    return words("pots", lang)


def phrase(key: str, lang: str = "en") -> str:
    """The phrase ``key`` in ``lang`` (the CLI's headings use this)."""
    return _phrases(lang)[key]


def chips(n: int, lang: str = "en", case: str = "nom") -> str:
    """``n`` chips with the right plural (Russian: фишка, фишки, фишек).

    ``case`` matters in Russian only, where one chip declines: ``nom`` фишка,
    ``acc`` фишку, ``dat`` фишке (``по 1 фишке``).

    >>> chips(21, "ru", "acc"), chips(1, "ru", "dat"), chips(5, "ru", "dat")
    ('21 фишку', '1 фишке', '5 фишек')
    """
    return phrasebook(lang).chips(n, case)


def join(items: Sequence[str], lang: str = "en") -> str:
    """``a, b and c`` in ``lang``."""
    return phrasebook(lang).join(items) if items else ""


def pot_name(index: int, lang: str = "en") -> str:
    """``Main pot`` for index 0, then ``Side pot 1``, ``Side pot 2``..."""
    words = _phrases(lang)
    return words["main"] if index == 0 else words["side"].format(n=index)


def player_name(showdown: Showdown, seat: int, lang: str = "en") -> str:
    """The player's name, or ``seat 4`` when they have none."""
    name = showdown.table.player(seat).name
    return name or _phrases(lang)["seat"].format(seat=seat)


def subject_name(showdown: Showdown, seat: int, lang: str = "en") -> str:
    """The player as the subject of a sentence: the name, else ``seat 4``, ``el asiento
    4``, ``игрок на месте 4``."""
    name = showdown.table.player(seat).name
    return name or _phrases(lang)["seat_subject"].format(seat=seat)


def _owner(showdown: Showdown, seat: int, lang: str) -> str:
    """Whose hand: ``Ana's``, ``de Ana``, ``у Ana`` (or the seat in the right form)."""
    words = _phrases(lang)
    name = showdown.table.player(seat).name
    return words["of"].format(name=name) if name else words["seat_of"].format(seat=seat)


def hand_phrase(value: HandValue, lang: str = "en", article: bool = True) -> str:
    """A hand's name as it reads inside a sentence.

    English and Spanish put the details in brackets (``a flush (ace high)``);
    English high card reads ``ace high``; ``article`` adds English ``a``. Russian
    keeps the name as it is, for quoting after ``комбинация``.

    >>> from showdown.hands.value import evaluate
    >>> flush = evaluate("Ah 3h", board="2h 5h 9h Js Kc")
    >>> hand_phrase(flush), hand_phrase(flush, article=False), hand_phrase(flush, "es")
    ('a flush (ace high)', 'flush (ace high)', 'color al as')
    >>> hand_phrase(evaluate("Ah 3d", board="2c 5d 9h Js Kc"))
    'ace high'
    >>> hand_phrase(evaluate("Ah Kd", board="Ac Kh 9h 4s 2c"), "es")
    'doble pareja (ases y reyes)'
    """
    low = value.ladder.low and value.category == Category.HIGH_CARD
    book = phrasebook(lang)
    return book.in_sentence(value.describe(book.code), value.category, value.ranks[0], low, article)


def _against(showdown: Showdown, seat: int, several: bool, lang: str) -> str:
    """`` against Cy's pair of kings`` (``several``: the best of several losing hands)."""
    value = showdown.hands[seat]
    template = _phrases(lang)["against_best" if several else "against"]
    hand = hand_phrase(value, lang, article=False)
    return phrasebook(lang).against(template, hand, _owner(showdown, seat, lang), value.category)


def _sentence(text: str) -> str:
    text = text.strip()
    if text and text[-1] not in ".!?":
        text += "."
    return text[:1].upper() + text[1:]


def _why(
    showdown: Showdown,
    a: int,
    b: int,
    lang: str,
    label: str | None = None,
    half: int | None = None,
) -> str:
    """:func:`showdown.text.explain.explain` for the hands shown at seats ``a`` and ``b``;
    ``label`` names the first hand instead of its player (``their hand`` for a split),
    ``half`` the half of a hi-lo pot they compete for (0 high, 1 low)."""
    from showdown.text.explain import explain

    hands = showdown.hands
    names = [label or subject_name(showdown, a, lang), subject_name(showdown, b, lang)]
    return _sentence(explain(hands[a], hands[b], lang, names=names, half=half))


def _tie_all(showdown: Showdown, winners: Sequence[int], lang: str, what: str) -> str:
    """Three or more hands tie exactly (``explain`` speaks of two hands); ``what``: the
    pot or the half of it they split."""
    value = showdown.hands[winners[0]]
    name = value.describe(lang)
    return _phrases(lang)["tie_all"].format(
        hand=name[:1].lower() + name[1:], ranks=format_ranks(value.ranks), what=what
    )


def _shares(showdown: Showdown, pot: Pot, lang: str) -> str:
    """Unequal shares of a split: ``35 chips to Cy, 34 to Ana and 34 to Bo`` (Spanish
    ``35 fichas para Cy...``, Russian ``Cy получает 35 фишек, Ana — 34...``)."""
    shares = [(subject_name(showdown, seat, lang), n) for seat, n in pot.shares.items()]
    return phrasebook(lang).shares(shares)


def explain_pot(showdown: Showdown, index: int, lang: str = "en", half: str | None = None) -> str:
    """One line: the pot, who takes it with what hand against whose best losing hand,
    and why (the winner's hand against that one).

    >>> from showdown.pots.resolution import resolve
    >>> sd = resolve({"button": 1, "board": "2h 5h 9h Js Kc", "players": [
    ...     {"seat": 1, "name": "Ana", "hole": "Ah 3h", "contributed": 50},
    ...     {"seat": 4, "name": "Bo", "hole": "Qd Qs", "contributed": 50}]})
    >>> print(explain_pot(sd, 0))
    Main pot (100 chips): Ana wins with a flush (ace high) against Bo's pair of queens. Ana wins: a flush beats a pair.
    >>> print(explain_pot(sd, 0, "es"))
    Bote principal (100 fichas): Ana gana con color al as frente a la pareja de reinas de Bo. Ana gana: el color supera a la pareja.
    >>> print(explain_pot(sd, 0, "ru"))
    Основной банк (100 фишек): Ana выигрывает с комбинацией «Флеш со старшим тузом» против комбинации «Пара дам» у Bo. Ana выигрывает: флеш бьёт пару.
    """  # noqa: E501
    lang = _lang(lang)
    words = _phrases(lang)
    pot: Pot = showdown.pots[index]
    if showdown.table.variant.hi_lo and half is None and pot.halves and pot.contested:
        return _explain_hi_lo(showdown, index, lang)
    if half is None:
        head = words["head"].format(pot=pot_name(index, lang), chips=chips(pot.amount, lang))
    else:
        head = words["half_head"].format(
            pot=pot_name(index, lang), half=words[half], chips=chips(pot.amount, lang)
        )
    name = subject_name(showdown, pot.winners[0], lang)
    if not pot.contested:
        if sum(p.live for p in showdown.table.players) > 1:
            gen = showdown.table.player(pot.winners[0]).name
            gen = gen or words["seat_gen"].format(seat=pot.winners[0])
            return f"{head} {words['alone'].format(name=name, gen=gen)}"
        return f"{head} {words['folds'].format(name=name)}"
    hands = showdown.hands
    losers = [s for s in pot.eligible if s in hands and s not in pot.winners]
    best = min(losers, key=showdown.ranks.__getitem__) if losers else None
    against = "" if best is None else _against(showdown, best, len(losers) > 1, lang)
    hand = hand_phrase(hands[pot.winners[0]], lang)
    what = words[f"the_{half or 'pot'}"]  # what a split shares: the pot or one half
    parts = [head]
    if len(pot.winners) == 1:
        parts.append(words["wins"].format(name=name, hand=hand, against=against))
    else:
        names = join([subject_name(showdown, s, lang) for s in pot.winners], lang)
        values = set(pot.shares.values())
        if len(values) == 1:
            share = chips(min(values), lang, "dat")
            text = words["split"].format(
                names=names, hand=hand, against=against, share=share, what=what
            )
        else:
            shares = _shares(showdown, pot, lang)
            key = "split_odd_one" if pot.amount % len(pot.winners) == 1 else "split_odd"
            if showdown.table.button is None:
                key = "split_suit_low" if hands[pot.winners[0]].ladder.low else "split_suit_high"
            text = words[key].format(
                names=names, hand=hand, against=against, shares=shares, what=what
            )
        parts.append(text)
        if len(pot.winners) == 2:
            k = None if half is None else ("high", "low").index(half)
            parts.append(_why(showdown, pot.winners[0], pot.winners[1], lang, half=k))
        else:
            parts.append(_tie_all(showdown, pot.winners, lang, what))
    if best is not None:
        # After a split, every winner beats the loser: speak of their (equal) hand.
        label = words["tied"] if len(pot.winners) > 1 else None
        parts.append(_why(showdown, pot.winners[0], best, lang, label))
    mucked = [s for s in showdown.showdown_order if s in pot.eligible and s not in hands]
    if mucked:
        names = join([subject_name(showdown, s, lang) for s in mucked], lang)
        text = phrasebook(lang).plural(len(mucked), words["mucked"]).format(names=names)
        parts.append(_sentence(text))
    return " ".join(parts)


def _explain_hi_lo(showdown: Showdown, index: int, lang: str) -> str:
    """A hi-lo pot: one line per half, each read like a pot of its own (or the scoop)."""
    pot = showdown.pots[index]
    total = pot.amount
    parts = []
    halves = [(k, award) for k, award in enumerate(pot.halves) if award is not None]
    for n, (k, award) in enumerate(halves):
        amount = total // len(halves) + (1 if n < total % len(halves) else 0)
        half_pot = _HalfPot(amount, pot.eligible, award.winners, award.shares, pot.contested)
        hands: dict[int, HandValue] = {}
        for seat, value in showdown.hands.items():
            part = value.values[k] if isinstance(value, HiLoValue) else value
            if part is not None:
                hands[seat] = part
        view = _HalfView(
            table=showdown.table,
            pots=(*showdown.pots[:index], half_pot, *showdown.pots[index + 1 :]),
            returned=showdown.returned,
            showdown_order=tuple(
                s for s in showdown.showdown_order if s in hands or s not in showdown.hands
            ),
            ranks={seat: value.rank for seat, value in hands.items()},
            hands=hands,
        )
        parts.append(explain_pot(view, index, lang, half=("high", "low")[k]))
    if len(halves) == 1:
        parts.append(_phrases(lang)["no_low"])
    elif all(award.winners == halves[0][1].winners for _, award in halves) and (
        len(halves[0][1].winners) == 1
    ):  # one player takes both halves
        name = subject_name(showdown, halves[0][1].winners[0], lang)
        parts.append(_phrases(lang)["scoop"].format(name=name))
    return " ".join(parts)


def explain_showdown(showdown: Showdown, lang: str = "en") -> list[str]:
    """Every pot's line, main pot first, then one line per returned bet."""
    lang = _lang(lang)
    lines = [explain_pot(showdown, k, lang) for k in range(len(showdown.pots))]
    for seat, n in showdown.returned.items():
        text = _phrases(lang)["returned"].format(
            chips=chips(n, lang, "acc"), name=subject_name(showdown, seat, lang)
        )
        lines.append(_sentence(text))
    return lines or [_phrases(lang)["no_pot"]]
