"""Settle many hands at once: everyday hands in one call of the native kernel.

:func:`settle_each` replays and settles a batch of hands as
:func:`~showdown.phh.settlement.settle` does, hand by hand. With the native
backend the everyday hands of every supported game (Hold'em, short deck, Omaha and
Omaha eight-or-better, the draws: five-card, deuce-to-seven and badugi; stud, stud
eight-or-better and razz), hands run more than once included outside hi-lo and stud
(blinds, or antes and a bring-in; amounts
in whole chips or decimals such as 0.25, unknown ``inf`` stacks; hole cards
not dealt unknown; seats numbered clockwise from
``p1``; antes equal or not, unequal ones being dead money in the main pot as
:func:`~showdown.phh.settlement.to_table` counts them) are replayed under the same
betting rules and settled as :func:`~showdown.pots.resolution.resolve` settles, in C, in
one call for the whole batch, amounts in the units :mod:`~showdown.phh.amounts` counts
them in (a hand whose showdown needs an unknown hand is replayed there too, and left
unsettled as the Python path leaves it, as is a partial hand, whose actions stop before
its end); every other hand, an illegal action included,
takes the Python path, which raises the error that names the rule. The
:class:`~showdown.phh.settlement.Settlement` of a kernel-settled hand builds
its ``table`` and ``showdown`` only when they are asked for. The tests
(``tests/phh/test_batches_kernel.py``) compare both paths on many random legal and
broken hands and on real files.

:func:`settled_rows` goes one step further for a replay's report: the kernel also
makes the report row (:mod:`showdown.phh.corpus.reports`) of each hand it settled whose
recorded result is a clean ``match`` or ``rake``; the others are settled as
:func:`settle_each` settles them and reported by the Python path
(``tests/phh/test_batches_kernel_rows.py`` compares the two).

>>> from showdown.phh.notation import loads_all
>>> hands = loads_all('''[1]
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [50, 80]
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 80", "p1 cc",
...            "d db 2c3c4d", "d db 9s", "d db Jh"]
... [2]
... variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [50, 80]
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 3"]''')
>>> first, second = settle_each(hands)
>>> first.finishing, first.showdown.returned
([100, 30], {2: 30})
>>> [v.cls for v in verify_all([first])]  # nothing recorded to compare
[None]
>>> print(second)  # doctest: +ELLIPSIS
hand 2: action 2 'p2 cbr 3': breaks the no-limit minimum raise: the smallest raise is to 4 ...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from showdown.hands import native
from showdown.phh.actions import CARD_TEXTS
from showdown.phh.amounts import INFINITE
from showdown.phh.corpus.reports import Row, hand_row
from showdown.phh.errors import HistoryError
from showdown.phh.nogc import paused
from showdown.phh.notation import HandHistory
from showdown.phh.replayed import Replay
from showdown.phh.settlement import Settlement, settle
from showdown.phh.variant_rules import RULES, VariantRules
from showdown.phh.verification import ADDED_FIELDS, HOUSE_FIELDS, Verdict, verify

__all__ = [
    "kernel_shapes", "prepare", "settle_all", "settle_each", "settled_rows", "shape_of",
    "verify_all",
]

_STRUCTURES = {"no-limit": 0, "pot-limit": 1, "fixed-limit": 2}
#: The games the kernel settles, and its evaluator for each (0: best five of seven, 1: Omaha,
#: four or five hole cards, 2: five-card draw, the five hole cards alone, 3: Omaha
#: eight-or-better, the high and the low half).
_EVALUATORS = {("holdem", 2): 0, ("omaha", 4): 1, ("omaha", 5): 1, ("five-card", 5): 2,
               ("omaha-hi-lo", 4): 3, ("omaha-hi-lo", 5): 3, ("short-deck", 2): 4,
               ("deuce-to-seven", 5): 5, ("badugi", 4): 6, ("stud", 7): 7,
               ("stud-hi-lo", 7): 8, ("razz", 7): 9}
#: The evaluators that rank on a ladder's own tables (4, 5, 9) or the badugi table (6).
_LADDERED = (4, 5, 6, 9)


def shape_of(rules: VariantRules) -> tuple[int, tuple[int, ...], frozenset[str]] | None:
    """(hole cards, board cards per street, the deck) of a blind-and-board variant whose
    hole cards are all dealt before the first round, else ``None``.

    >>> from showdown.phh.variant_rules import find
    >>> shape_of(find("NT"))[:2], shape_of(find("F7S"))
    ((2, (0, 3, 1, 1)), None)
    """
    streets = rules.streets
    if rules.forced != "blinds" or any(s.draw or s.opening != "position" for s in streets):
        return None
    if not streets[0].hole or streets[0].board or any(s.hole or not s.board for s in streets[1:]):
        return None
    deck = frozenset(c for c in CARD_TEXTS if c[0] in rules.ranks)
    return len(streets[0].hole), tuple(s.board for s in streets), deck


def kernel_shapes() -> dict[str, tuple[Any, ...]]:
    """The variants the kernel replays, as ``phh_settle`` reads them: code -> (structure,
    hole cards, cap or 0, evaluator, bet kind of each street (0 small, 1 big), draws).

    >>> sorted(kernel_shapes())  # PT, N5CD...: this library's own codes
    ['F2L3D', 'F5CD', 'F7S', 'F7S/8', 'FB', 'FO', 'FO/8', 'FR', 'FT', 'N2L1D', 'N5CD', 'NO', \
'NO/8', 'NS', 'NT', 'P5CD', 'P5O', 'P5O/8', 'PO', 'PO/8', 'PT']
    >>> kernel_shapes()["F2L3D"]
    (2, 5, 4, 5, (0, 0, 1, 1, 0), 3)
    """
    shapes: dict[str, tuple[Any, ...]] = {}
    for code, rules in RULES.items():
        shape = shape_of(rules) or _draw_shape(rules) or _stud_shape(rules)
        if shape is None or not rules.supported:
            continue
        evaluator = _EVALUATORS.get((rules.game, shape[0]))
        draws = len(shape[1]) - 1 if not any(shape[1]) else 0
        if evaluator is None or shape[1] not in ((0, 3, 1, 1), (0,) * (draws + 1), _STUD):
            continue
        if len(shape[2]) != (36 if evaluator == 4 else 52):
            continue
        if shape[1] == _STUD:
            draws = 0
        bets = (*tuple(int(s.bet == "big") for s in rules.streets), 0, 0, 0, 0)
        shapes[code] = (_STRUCTURES[rules.structure], shape[0], rules.cap or 0, evaluator,
                        bets[:5], draws)
    return shapes


def _draw_shape(rules: VariantRules) -> tuple[int, tuple[int, ...], frozenset[str]] | None:
    """(hole cards, board cards per street, the deck) of a blind game of one to three draws
    (hole cards, a round, then per draw a round, as five-card draw or triple draw), else
    ``None``.

    >>> from showdown.phh.variant_rules import find
    >>> _draw_shape(find("N5CD"))[:2], _draw_shape(find("F2L3D"))[:2], _draw_shape(find("NT"))
    ((5, (0, 0)), (5, (0, 0, 0, 0)), None)
    """
    streets = rules.streets
    if rules.forced != "blinds" or not 2 <= len(streets) <= 4 or any(
            s.board or s.opening != "position" for s in streets):
        return None
    if streets[0].draw or not streets[0].hole or any(s.hole or not s.draw
                                                     for s in streets[1:]):
        return None
    deck = frozenset(c for c in CARD_TEXTS if c[0] in rules.ranks)
    return len(streets[0].hole), (0,) * len(streets), deck


#: The streets of seven-card stud as :func:`_stud_shape` gives them (no board).
_STUD = (0, 0, 0, 0, 0)
#: Seven-card stud's streets: the up flags of each street's cards and its bet, opened by the
#: up cards (third street by one card, the later ones by the hand showing).
_STUD_CARDS = ((False, False, True), (True,), (True,), (True,), (False,))
_STUD_BETS = ("small", "small", "big", "big", "big")
#: Who opens each stud round, as the kernel opens it: razz by the highest card, then the
#: best low showing; the other games by the lowest card, then the best high showing.
_STUD_OPENINGS = {True: ("high-card", *("low-hand",) * 4),
                  False: ("low-card", *("high-hand",) * 4)}


def _stud_shape(rules: VariantRules) -> tuple[int, tuple[int, ...], frozenset[str]] | None:
    """(hole cards, board cards per street, the deck) of fixed-limit seven-card stud
    with a bring-in (stud, stud eight or better, razz), else ``None``.

    >>> from showdown.phh.variant_rules import find
    >>> _stud_shape(find("FR"))[:2], _stud_shape(find("NT"))
    ((7, (0, 0, 0, 0, 0)), None)
    """
    streets = rules.streets
    if rules.forced != "bring-in" or not rules.fixed or len(streets) != 5:
        return None
    if any(s.board or s.draw for s in streets) or tuple(s.hole for s in streets) != _STUD_CARDS:
        return None
    if tuple(s.bet for s in streets) != _STUD_BETS or tuple(
            s.opening for s in streets) != _STUD_OPENINGS[rules.game == "razz"]:
        return None
    deck = frozenset(c for c in CARD_TEXTS if c[0] in rules.ranks)
    return 7, _STUD, deck


def _with_ranking(code: str, shape: tuple[Any, ...]) -> tuple[Any, ...]:
    """A shape as ``phh_settle`` takes it: with what its evaluator ranks on (the ladder's
    kernel tables, the badugi table, or None)."""
    from showdown.hands.ladder_native import badugi_table, ladder_kernel
    from showdown.variants import find_variant

    ranking = None
    if shape[3] in _LADDERED:
        ladder = find_variant(RULES[code].game).ladders[0]
        ranking = badugi_table() if shape[3] == 6 else ladder_kernel(ladder)
    return (*shape, ranking)


#: The kernel's shapes (:func:`kernel_shapes`), and those of the games met so far with
#: their rankings: a game's tables (badugi's take most of a second) are made when a hand
#: of it first comes, not for every replay.
_KERNEL_SHAPES: dict[str, tuple[Any, ...]] = {}
_SHAPES: dict[str, tuple[Any, ...]] = {}


def prepare() -> None:
    """Build the kernel's tables of every game now (a process pool forked after this
    inherits them)."""
    _shapes_for(None)


def _shapes_for(histories: Sequence[HandHistory] | None) -> dict[str, tuple[Any, ...]]:
    """The shapes ``phh_settle`` needs for ``histories`` (every game's for ``None``)."""
    if not _KERNEL_SHAPES:
        _KERNEL_SHAPES.update(kernel_shapes())
    codes = _KERNEL_SHAPES if histories is None else {h.fields["variant"] for h in histories}
    for code in codes:
        if code not in _SHAPES:
            shape = _KERNEL_SHAPES.get(code)
            if shape is not None:
                _SHAPES[code] = _with_ranking(code, shape)
    return _SHAPES


def _kernel_results(histories: Sequence[HandHistory]) -> list[Any]:
    """The kernel's result per hand (None: the Python path), all None without the kernel."""
    phh_settle = getattr(native.kernel(), "phh_settle", None)
    if phh_settle is None:
        return [None] * len(histories)
    shapes = _shapes_for(histories)
    return phh_settle([h.fields for h in histories], shapes, INFINITE)  # type: ignore[no-any-return]


def settle_each(histories: Sequence[HandHistory]) -> list[Settlement | HistoryError]:
    """Each hand's :class:`Settlement`, or the :class:`HistoryError` it raises."""
    with paused():  # many small acyclic containers: see showdown.phh.nogc
        return _settle_each(histories)


def _settle_each(histories: Sequence[HandHistory]) -> list[Settlement | HistoryError]:
    return list(map(_settlement, histories, _kernel_results(histories)))


def _settlement(history: HandHistory, result: Any) -> Settlement | HistoryError:
    """A hand's settlement from the kernel's result for it (``None``: the Python path)."""
    if result is None:
        try:
            return settle(history)
        except HistoryError as exc:
            return exc
    (contributed, folded, mucked, aggressor, holes, board, paid, starting,
     scale) = result[:9]
    rules: VariantRules = RULES[history.fields["variant"]]
    r = Replay(history, rules, scale, starting, contributed, folded, mucked, holes, board,
               aggressor, [], paid)
    if len(result) == 10:
        if type(result[9]) is str:  # the actions stop before the end: not settled
            r.partial = result[9]
            return Settlement(r, None, None, None, None, [])
        # a hand needed at the showdown is unknown
        return Settlement(r, None, None, None, None, result[9])
    finishing, won, pots, returned, order, shown, ranks = result[9:16]
    if len(result) > 16 and result[16] is not None:  # run more than once: every run's
        r.boards = result[16]  # board, the first first
    if len(result) == 18:  # hi-lo: each pot's halves
        return Settlement(r, None, None, finishing, won, [],
                          (pots, returned, order, shown, ranks, result[17]))
    return Settlement(r, None, None, finishing, won, [], (pots, returned, order, shown, ranks))


#: Fields whose hands the kernel's rows leave to the Python path: a hand run more than
#: once (the kernel settles it, but its rows are made in Python: ``phh_rows`` takes only
#: one-board results), the bounties a room paid, and a cash-out (class ``cash-out``).
PYTHON_FIELDS = ("_runout_count", "_bounties", "_bounties_won", "_eliminated_by", "_cash_out")


def settled_rows(histories: Sequence[HandHistory], fmt: str = "phh") -> list[Row]:
    """The report row of each hand (:mod:`showdown.phh.corpus.reports`; ``fmt``: the format the
    hands were read from): those the kernel settled with a clean ``match`` or ``rake`` made
    by the kernel at once (``phh_rows``, the same rows); the others settled as
    :func:`settle_each` does and made, and explained, by the Python path (the collector
    paused, see :mod:`showdown.phh.nogc`).

    >>> from showdown.phh.notation import loads_all
    >>> [row] = settled_rows(loads_all('''[7]
    ... variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... min_bet = 2
    ... starting_stacks = [10, 10]
    ... actions = ["p2 f"]
    ... finishing_stacks = [11, 9]''', "a.phhs"))
    >>> row[:4], row[4][:2]
    (('a.phhs', '7', 'match', None), ([11, 9], [1, -1]))
    """
    with paused():
        hands = list(histories)
        results = _kernel_results(hands)
        make = getattr(native.kernel(), "phh_rows", None)
        rows: list[Row | None] = (
            make(hands, results, fmt, PYTHON_FIELDS, HOUSE_FIELDS, ADDED_FIELDS, INFINITE)
            if make is not None else [None] * len(hands)
        )
        return [
            done if done is not None else hand_row(h, h.label, _settlement(h, result), fmt)
            for h, result, done in zip(hands, results, rows, strict=True)
        ]


def verify_all(settlements: Iterable[Settlement]) -> list[Verdict]:
    """:func:`~showdown.phh.verification.verify` of each settled hand (the collector
    paused, as in :func:`settle_each`)."""
    with paused():
        return list(map(verify, settlements))


def settle_all(histories: Sequence[HandHistory]) -> list[Settlement]:
    """Every hand settled (:func:`settle_each`); the first error is raised."""
    out = []
    for s in settle_each(histories):
        if isinstance(s, HistoryError):
            raise s
        out.append(s)
    return out
