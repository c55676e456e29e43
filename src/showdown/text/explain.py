"""Who wins a showdown, and a sentence saying why, in English, Spanish or Russian.

The sentence follows the documents' own reasoning (rules R1-R4, docs/rules.md): a higher
category wins outright; inside a category the comparison lists are read left
to right and the first difference decides, so the sentence names that
position and the two ranks found there; equal lists are an exact tie and the
pot is split, whatever the suits.

>>> explain(evaluate("Ah Jd 9c 5s 3h", game="five-card"),
...         evaluate("As Jc 8d 7h 6s", game="five-card"))
'Both hands have only high card; the first hand wins on the third card, nine against eight.'
>>> explain(evaluate("Ah Jd 9c 5s 3h", game="five-card"),
...         evaluate("As Jc 8d 7h 6s", game="five-card"), lang="es")
'Las dos manos tienen solo carta alta; la primera mano gana en la tercera carta, nueve frente a ocho.'
>>> explain(evaluate("Ah Jd 9c 5s 3h", game="five-card"),
...         evaluate("As Jc 8d 7h 6s", game="five-card"), lang="ru")
'В обеих руках только старшая карта; первая рука выигрывает на третьей карте: девятка против восьмёрки.'
>>> c = compare(["Ad Kh", "Ah Qd"], board="Ac 9d 7h 4s 2c")
>>> c.winners, c.tie
([0], False)
>>> print(c.explanation)
Both hands have a pair of aces; the first hand wins on the third card, king against queen.
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from showdown import validate as V
from showdown.cards import Card, CardError, CardsLike, to_cards
from showdown.categories import Category
from showdown.hands.value import HandValue, HiLoValue, evaluate
from showdown.i18n import check_lang, phrasebook
from showdown.i18n.base import ACE, Decision, Phrasebook, format_ranks
from showdown.variants import Variant, find_variant

__all__ = ["Comparison", "compare", "decide", "explain", "explain_many"]


def decide(a: HandValue, b: HandValue) -> Decision | None:
    """Where the comparison of two hands of the *same category* stops (None: exact tie).

    The decision is stated from the winner's side: ``win`` is the winner's rank
    at the deciding position, ``lose`` the loser's.

    >>> d = decide(evaluate("Kh Kd 3s 3c 2h", game="five-card"),
    ...            evaluate("Qh Qd Js Jc Ah", game="five-card"))
    >>> d.unit, d.win, d.lose
    ('high_pair', 11, 10)
    """
    _check_pair(a, b)
    if a.category != b.category:
        raise ValueError(f"{a.category.json_name} and {b.category.json_name} differ in category")
    if a == b:
        return None
    winner, loser = (a, b) if a > b else (b, a)
    index = next(
        i for i, (w, lo) in enumerate(zip(winner.ranks, loser.ranks, strict=True)) if w != lo
    )
    return Decision(
        winner.category,
        winner.ranks,
        index,
        winner.ranks[index],
        loser.ranks[index],
        low=winner.ladder.low or winner.ladder.ace_low,
    )


def _reason(book: Phrasebook, winner: HandValue, loser: HandValue) -> str:
    """Why ``winner`` beats ``loser``, with no subject: ``a flush beats a straight``."""
    if winner.category != loser.category:
        return _beats(book, winner, loser)
    decision = decide(winner, loser)
    assert decision is not None
    return book.also(decision)


def _beats(book: Phrasebook, winner: HandValue, loser: HandValue) -> str:
    """``a flush beats a full house in short deck``: the ladder is named unless standard."""
    text = book.beats(winner.category, _royal(winner), loser.category)
    return text + book.in_ladder(winner.ladder.key)


def _royal(value: HandValue) -> bool:
    return value.category == Category.STRAIGHT_FLUSH and value.ranks[0] == ACE


def _check_pair(a: HandValue, b: HandValue) -> None:
    if not isinstance(a, HandValue) or not isinstance(b, HandValue):
        raise TypeError("explain compares two HandValue objects (see showdown.evaluate)")
    if a.ladder is not b.ladder:
        a._check(b)  # raises LadderMismatch, a TypeError naming both ladders


def explain(
    a: HandValue,
    b: HandValue,
    lang: str = "en",
    names: Sequence[str] | None = None,
    half: int | None = None,
) -> str:
    """One sentence saying why ``a`` beats ``b``, ``b`` beats ``a``, or that they tie.

    ``names`` optionally labels the two hands (player names, say); by default
    they are "the first hand" and "the second hand" in the chosen language.
    ``half`` (0 high, 1 low) says the hands compete for one half of a hi-lo pot,
    so that a tie splits that half.

    Different categories name both:

    >>> flush = evaluate("Ah 9h 5h 3h 2h", game="five-card")
    >>> straight = evaluate("Kc Qd Jc Td 9s", game="five-card")
    >>> explain(straight, flush)
    'The second hand wins: a flush beats a straight.'
    >>> explain(flush, straight, "es")
    'La primera mano gana: el color supera a la escalera.'
    >>> explain(flush, straight, "ru", names=["Ольга", "Иван"])
    'Ольга выигрывает: флеш бьёт стрит.'

    Inside a category, the deciding position and the two ranks compared:

    >>> nines = evaluate("9h 9d 9s 2c 2h", game="five-card")
    >>> eights = evaluate("8h 8d 8s Ac Ah", game="five-card")
    >>> explain(nines, eights)
    'Both hands have a full house; the first hand wins on the three of a kind, nines against eights.'
    >>> explain(nines, eights, "es")
    'Las dos manos tienen full; la primera mano gana en el trío, nueves frente a ochos.'
    >>> explain(nines, eights, "ru")
    'В обеих руках фулл-хаус; первая рука выигрывает по тройке: девятки против восьмёрок.'

    An exact tie says that suits do not matter:

    >>> explain(evaluate("As Ah Kc Qd Js", game="five-card"),
    ...         evaluate("Ac Ad Kh Qs Jd", game="five-card"))
    'Exact tie (pair of aces, A-A-K-Q-J in both hands): the pot is split, because suits never break ties.'
    """  # noqa: E501
    _check_pair(a, b)
    book = phrasebook(lang)
    if names is not None and len(names) != 2:
        raise ValueError(f"explain compares two hands, so it takes two names, not {len(names)}")
    label_a, label_b = (book.first_hand, book.second_hand) if names is None else names
    if a == b:
        return book.exact_tie(a.describe(book.code), format_ranks(a.ranks), half)
    winner, loser, label = (a, b, label_a) if a > b else (b, a, label_b)
    if winner.category != loser.category:
        return book.wins_by_category(label, _beats(book, winner, loser))
    decision = decide(winner, loser)
    assert decision is not None
    return book.wins_by_position(label, decision)


def _check_dealt(holes: Sequence[Sequence[Card]], board: Sequence[Card]) -> None:
    """Raise :class:`CardError` naming a card dealt twice and the two places it was found."""
    seen: dict[Card, str] = {}
    places = [(f"in hand {i}", hole) for i, hole in enumerate(holes, start=1)]
    for place, cards in [*places, ("on the board", board)]:
        for card in cards:
            if card in seen:
                raise CardError(f"duplicate card {card}: {seen[card]} and {place}")
            seen[card] = place


def _winners(values: Sequence[HandValue]) -> list[int]:
    best = max(values)
    return [i for i, v in enumerate(values) if v == best]


def explain_many(
    values: Sequence[HandValue],
    lang: str = "en",
    labels: Sequence[str] | None = None,
    half: int | None = None,
) -> str:
    """The explanation of a showdown between any number (two or more) of hands.

    Two hands read as :func:`explain`. With more, it names the winner (or the
    hands that split the pot) and says why they beat the best losing hand.
    ``labels`` name the hands; by default "hand 1", "hand 2"... (1-based).

    >>> hands = [evaluate(h, board="Kh 9h 4c 2d 2s") for h in ("As Ac", "Qh Jh", "Kd Qs")]
    >>> print(explain_many(hands))
    Hand 1 wins: two pair, aces and twos. Best losing hand: hand 3 (two pair, kings and twos); also two pair, and the first pair decides: aces against kings.
    >>> print(explain_many(hands, "es", labels=["Ana", "Luis", "Inés"]))
    Ana gana: doble pareja, ases y doses. Mejor mano perdedora: Inés (doble pareja, reyes y doses); también tiene doble pareja, y decide la pareja más alta: ases frente a reyes.
    >>> print(explain_many(hands, "ru"))
    Выигрывает рука 1: две пары, тузы и двойки. Лучшая из проигравших рук: рука 3 (две пары, короли и двойки); тоже две пары, и решает старшая пара: тузы против королей.
    """  # noqa: E501
    values = list(values)
    if len(values) < 2:
        raise ValueError(f"a showdown needs at least two hands, got {len(values)}")
    for v in values[1:]:
        _check_pair(values[0], v)
    book = phrasebook(lang)
    if labels is not None and len(labels) != len(values):
        raise ValueError(f"{len(labels)} labels for {len(values)} hands")
    if len(values) == 2:
        return explain(values[0], values[1], book.code, names=labels, half=half)
    if labels is None:
        labels = [book.hand_label(i + 1) for i in range(len(values))]
    winners = _winners(values)
    best = values[winners[0]]
    name = best.describe(book.code)
    if len(winners) == 1:
        text = book.wins_alone(labels[winners[0]], name)
    else:
        text = book.split([labels[i] for i in winners], name, format_ranks(best.ranks), half)
    losers = [i for i in range(len(values)) if i not in winners]
    if losers:
        runner = min(losers, key=lambda i: (values[i].rank, i))
        loser = values[runner]
        reason = _reason(book, best, loser)
        text += " " + book.against_best_loser(labels[runner], loser.describe(book.code), reason)
    return text


def _halves(values: Sequence[HandValue]) -> list[list[tuple[int, HandValue]]]:
    """Per half of hi-lo values, the (hand index, value) pairs that have that half."""
    out: list[list[tuple[int, HandValue]]] = [[], []]
    for i, value in enumerate(values):
        parts = value.values if isinstance(value, HiLoValue) else (value, None)
        for k, part in enumerate(parts):
            if part is not None:
                out[k].append((i, part))
    return out


def _hi_lo_winners(values: Sequence[HandValue]) -> tuple[list[int] | None, ...]:
    """The winners of the high half and of the low half (``None``: no qualifying low)."""
    result: list[list[int] | None] = []
    for half in _halves(values):
        if not half:
            result.append(None)
            continue
        best = max(v for _, v in half)
        result.append([i for i, v in half if v == best])
    return tuple(result)


def _explain_hi_lo(
    values: Sequence[HandValue], lang: str, labels: Sequence[str] | None = None
) -> str:
    """``High: ... Low: ...``: each half explained among the hands that have it.

    >>> print(compare(["Ah 2h Kd Ks", "3c 4c Qd Qh"], board="5s 8d Kc 7h 9c",
    ...               game="omaha-hi-lo").explanation)
    High: Hand 1 wins: three of a kind beats a pair. Low: Both hands have an eight low; hand 1 wins on the fourth card, two against four.
    """  # noqa: E501
    book = phrasebook(lang)
    if labels is None:
        labels = [book.hand_label(i + 1) for i in range(len(values))]
    parts = []
    for k, half in enumerate(_halves(values)):
        head = f"{book.half(k)}:"
        if not half:
            parts.append(f"{head} {book.capitalise(book.no_low())}.")
        elif len(half) == 1:
            i, value = half[0]
            parts.append(f"{head} {book.wins_alone(labels[i], value.describe(book.code))}")
        else:
            names = [labels[i] for i, _ in half]
            text = explain_many([v for _, v in half], book.code, names, half=k)
            parts.append(f"{head} {text}")
    return " ".join(parts)


@dataclass(frozen=True)
class Comparison:
    """The outcome of :func:`compare`: who wins, each hand's value, and why.

    ``winners`` are 0-based indices into the hands (several on an exact tie,
    who then share the pot); ``explanation`` is in ``lang``.
    """

    winners: list[int]
    tie: bool
    values: list[HandValue]
    explanation: str
    lang: str = "en"
    labels: tuple[str, ...] | None = field(default=None, repr=False)
    #: Hi-lo games: the winners of each half, high then low (``None``: no qualifying low).
    halves: tuple[list[int] | None, ...] = ()

    def __str__(self) -> str:
        """The explanation: ``print(compare(...))`` reads the verdict.

        >>> print(compare(["Ad Kh", "Ah Qd"], board="Ac 9d 7h 4s 2c", lang="es"))
        Las dos manos tienen una pareja de ases; la primera mano gana en la tercera carta, rey frente a reina.
        """  # noqa: E501
        return self.explanation

    def explain(self, lang: str | None = None) -> str:
        """The explanation in ``lang`` (by default the comparison's own language)."""
        if lang is None or check_lang(lang) == self.lang:
            return self.explanation
        if self.halves:
            return _explain_hi_lo(self.values, lang, self.labels)
        return explain_many(self.values, lang, self.labels)

    def to_json(self, lang: str | None = None) -> dict[str, object]:
        """The JSON document of ``showdown compare``.

        >>> doc = compare(["As Ah Kc Qd Js", "Ac Ad Kh Qs Jd"], game="five-card").to_json("es")
        >>> doc["winners"], doc["tie"], doc["hands"][0]["description"]
        ([0, 1], True, 'Pareja de ases')
        >>> doc["explanation"]
        'Empate exacto (pareja de ases, A-A-K-Q-J en las dos manos): el bote se reparte, porque los palos nunca desempatan.'
        """  # noqa: E501
        lang = self.lang if lang is None else check_lang(lang)
        data: dict[str, object] = {
            "winners": list(self.winners),
            "tie": self.tie,
            "hands": [v.to_json(lang) for v in self.values],
            "explanation": self.explain(lang),
        }
        if self.halves:
            data["high"] = {"winners": self.halves[0]}
            data["low"] = None if self.halves[1] is None else {"winners": self.halves[1]}
        return data


def _comparison(
    values: list[HandValue], lang: str, labels: Sequence[str] | None
) -> Comparison:
    """The :class:`Comparison` of evaluated hands: winners, tie and the sentence."""
    winners = _winners(values)
    label_tuple = None if labels is None else tuple(labels)
    return Comparison(
        winners=winners,
        tie=len(winners) > 1,
        values=values,
        explanation=explain_many(values, lang, label_tuple),
        lang=lang,
        labels=label_tuple,
    )


def _compare_values(
    hands: Sequence[object],
    evaluated: list[bool],
    board: object,
    lang: str,
    labels: Sequence[str] | None,
) -> Comparison:
    """:func:`compare` of hands already evaluated (every hand a :class:`HandValue`)."""
    if not all(evaluated):
        raise TypeError("compare takes either cards for every hand or a HandValue for every hand")
    if board is not None:
        raise ValueError("HandValues are already evaluated with their board; give no board")
    values = [h for h in hands if isinstance(h, HandValue)]
    if len(values) < 2:
        raise ValueError(f"compare needs at least two hands, got {len(values)}")
    return _comparison(values, lang, labels)


def compare(
    hands: Sequence[CardsLike | HandValue],
    board: CardsLike | None = None,
    game: str | Variant = "holdem",
    wrap: bool = False,
    lang: str = "en",
    labels: Sequence[str] | None = None,
    trips_beat_straight: bool = False,
) -> Comparison:
    """Evaluate several hands dealt from one deck, find every winner, and say why.

    ``hands`` are card texts, lists of :class:`~showdown.cards.Card` or ids;
    ``board``, ``game`` and ``wrap`` are as in :func:`~showdown.hands.value.evaluate`.
    ``hands`` may instead be :class:`~showdown.hands.value.HandValue` objects
    already evaluated (then without a board).
    A card in two hands, or in a hand and on the board, raises
    :class:`~showdown.cards.CardError` naming it; fewer than two hands raise
    :class:`ValueError`. ``labels`` optionally names the hands in the sentence.

    >>> c = compare(["2d 2h", "9c 9d"], board="Ac Kd Qh Js Tc")  # the board plays
    >>> c.winners, c.tie
    ([0, 1], True)
    >>> c.explanation
    'Exact tie (straight, ace high, A-K-Q-J-10 in both hands): the pot is split, because suits never break ties.'
    >>> compare(["As Kd", "Qc Jc", "7h 2d"], board="Ts 9s 8s 3c 3d", lang="ru").explanation
    'Выигрывает рука 2: стрит со старшей дамой. Лучшая из проигравших рук: рука 1 (пара троек); стрит бьёт пару.'
    >>> a, b = evaluate("Ah Ad 9c 9d 2s", game="five-card"), evaluate("Kh Kd Kc 3s 2d", game="five-card")
    >>> compare([a, b]).winners
    [1]
    >>> compare(["As Kd", "Kd 2c"], board="Ah 9d 7h")
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: duplicate card Kd: in hand 1 and in hand 2
    """  # noqa: E501
    if isinstance(hands, str):
        raise ValueError("compare takes a list of hands, e.g. ['As Kd', 'Qc Qh'], not one text")
    if isinstance(hands, bytes) or not isinstance(hands, Sequence):
        raise TypeError("compare takes a list of hands, e.g. ['As Kd', 'Qc Qh']")
    lang = check_lang(lang)
    wrap = V.flag(wrap, "wrap")
    if labels is not None:
        if isinstance(labels, str) or not all(isinstance(x, str) for x in labels):
            raise TypeError("labels must be a list of texts, one per hand")
        if len(labels) != len(hands):
            raise ValueError(f"{len(labels)} labels for {len(hands)} hands")
    evaluated = [isinstance(h, HandValue) for h in hands]
    if any(evaluated):
        return _compare_values(hands, evaluated, board, lang, labels)
    variant = find_variant(game, wrap, trips_beat_straight)
    holes = [to_cards(h) for h in hands if not isinstance(h, HandValue)]
    if len(holes) < 2:
        raise ValueError(f"compare needs at least two hands, got {len(holes)}")
    for number, hole in enumerate(holes, start=1):
        if not hole:
            raise CardError(f"hand {number} has no cards")
    community = to_cards(board)
    _check_dealt(holes, community)
    values: list[HandValue] = []
    for number, hole in enumerate(holes, start=1):
        try:
            values.append(evaluate(hole, community, game=variant))
        except CardError as error:
            raise CardError(f"hand {number}: {error}") from None
    label_tuple = None if labels is None else tuple(labels)
    if variant.hi_lo:
        halves = _hi_lo_winners(values)
        winners = sorted({i for half in halves if half for i in half})
        return Comparison(
            winners=winners,
            tie=any(half is not None and len(half) > 1 for half in halves),
            values=values,
            explanation=_explain_hi_lo(values, lang, label_tuple),
            lang=lang,
            labels=label_tuple,
            halves=halves,
        )
    return _comparison(values, lang, labels)
