"""The scalar hot paths on card ids: :func:`evaluate_ids`, its wrap-around and Omaha twins.

Kept apart from :mod:`showdown.hands.value` so that ``import showdown`` plus a first
``evaluate_ids`` loads almost nothing: the native kernel and its tables when it
is in use (see :mod:`showdown.hands.native`), else the Python path below, reading
the tables that :mod:`showdown.hands.rank_tables` hands it.

Which backend runs: :data:`evaluate_ids` is bound once per process, when this
module is imported, to the evaluator of ``showdown.BACKEND`` (chosen by
``SHOWDOWN_BACKEND``, else the kernel when it is built): on the native backend
the kernel's own ``rank`` method, so that a call is one C call with nothing in
between. It is never rebound: every copy of it (``from showdown import
evaluate_ids``) is the same object for the life of the process. A switch that
reached it too would put Python in front of the C method (a wrapper, or an object
whose target switches), 40 to 60 ns on a call of 100 to 200 ns.
:func:`native.use() <showdown.hands.native.use>` does not reach it; what follows
``use()`` at every call is :func:`evaluator` and :func:`omaha_evaluator` (the
evaluators of the backend in use, to call or to hold), :func:`evaluate_ids_wrap`
and :func:`evaluate_omaha_ids`. Each evaluator is made once per backend from the
tables handed to it, and kept.

>>> evaluate_ids([48, 44, 40, 36, 32, 0, 1])  # Ac Kc Qc Jc Tc 2c 2d
1
>>> evaluate_ids([12, 8, 4, 0, 48])  # 5c 4c 3c 2c Ac: the steel wheel
10
>>> evaluate_ids([0, 0, 4, 8, 12])
Traceback (most recent call last):
...
showdown.cards.CardError: card 2c (id 0) is given twice
>>> from showdown.hands import native
>>> with native.use("numpy"):
...     evaluator()([48, 44, 40, 36, 32, 0, 1])  # the Python path, whatever BACKEND is
1
"""

from __future__ import annotations

from showdown.hands import native
from showdown.hands.card_keys import SCALAR_CARD_KEYS, SUIT_BITS, SUIT_MASK
from showdown.hands.rank_tables import scalar_rank_tables

TYPE_CHECKING = False  # not typing's: this module is on the light import path
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import NoReturn

    from showdown.cards import Card
    from showdown.hands.native import Backend
    from showdown.hands.rank_tables import ScalarRankTables

    #: A card id (0..51) or a :class:`~showdown.cards.Card` (which is its own index).
    CardId = int | Card
    #: A scalar evaluator: 5 to 7 card ids -> rank, checked.
    Evaluator = Callable[[Sequence[CardId]], int]
    #: An Omaha evaluator: (4-6 hole ids, 3-5 board ids) -> rank, checked.
    OmahaEvaluator = Callable[[Sequence[CardId], Sequence[CardId]], int]


def ids_error(ids: object) -> NoReturn:
    """Raise the :class:`~showdown.cards.CardError` of bad ids (imported only then)."""
    from showdown.hands.idcheck import ids_error as raise_it

    raise_it(ids)


def omaha_ids_error(hole: object, board: object) -> NoReturn:
    """Raise the :class:`~showdown.cards.CardError` of a bad Omaha hand (imported only then)."""
    from showdown.hands.idcheck import omaha_ids_error as raise_it

    raise_it(hole, board)


if SUIT_BITS != 8 or SUIT_MASK != 255:  # pragma: no cover - the hot path inlines them
    raise AssertionError("evaluate_ids assumes eight suit bits")

# Ids -52..-1 and 52..103 read the zero half of these lists (anything further raises
# IndexError), so a bad id shows as a missing bit, like a repeated card: one popcount
# checks both.
_KEYS = [*SCALAR_CARD_KEYS, *[0] * 52]
_BITS = [*(1 << i for i in range(52)), *[0] * 52]
_SUIT = [*(i & 3 for i in range(52)), *[-1] * 52]
# Rank bit of each card as a Python int: shifting a numpy uint8 id would stay uint8.
_RANK_BITS = [*(1 << (i >> 2) for i in range(52)), *[0] * 52]


def _flush_rank(ids: Sequence[CardId], suit: int, flush: list[int]) -> int:
    mask = 0
    bits = _RANK_BITS
    suits = _SUIT
    for i in ids:
        if suits[i] == suit:
            mask |= bits[i]
    return flush[mask]


def python_evaluator(tables: ScalarRankTables) -> Evaluator:
    """The Python scalar path over ``tables`` (the standard rules', or the wrap rule's)."""
    nf5, nf6, nf7 = tables.nonflush[5], tables.nonflush[6], tables.nonflush[7]
    fs5, fs6, fs7 = tables.flush_suit[5], tables.flush_suit[6], tables.flush_suit[7]
    flush = tables.flush

    def evaluate_ids(ids: Sequence[CardId]) -> int:
        """Rank (1..7462) of the best five of 5 to 7 distinct card ids (see
        :data:`showdown.hands.scalar.evaluate_ids`): the Python path."""
        k = _KEYS
        m = _BITS
        try:
            n = len(ids)  # dispatch on the length: an exception would cost far more
            if n == 7:
                a, b, c, d, e, f, g = ids
                if (m[a] | m[b] | m[c] | m[d] | m[e] | m[f] | m[g]).bit_count() == 7:
                    key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
                    suit = fs7[key & 255]
                    if suit < 0:
                        return nf7[key >> 8]
                    return _flush_rank(ids, suit, flush)
            elif n == 5:
                a, b, c, d, e = ids
                if (m[a] | m[b] | m[c] | m[d] | m[e]).bit_count() == 5:
                    key = k[a] + k[b] + k[c] + k[d] + k[e]
                    suit = fs5[key & 255]
                    if suit < 0:
                        return nf5[key >> 8]
                    return _flush_rank(ids, suit, flush)
            elif n == 6:
                a, b, c, d, e, f = ids
                if (m[a] | m[b] | m[c] | m[d] | m[e] | m[f]).bit_count() == 6:
                    key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f]
                    suit = fs6[key & 255]
                    if suit < 0:
                        return nf6[key >> 8]
                    return _flush_rank(ids, suit, flush)
        except (TypeError, IndexError):  # not a sized sequence of integers, or a huge id
            pass
        ids_error(ids)

    return evaluate_ids


#: Every evaluator made so far, by backend, then by ``wrap``.
_EVALUATORS: dict[Backend, dict[bool, Evaluator]] = {name: {} for name in native.NAMES}


def evaluator(wrap: bool = False, backend: Backend | None = None) -> Evaluator:
    """The scalar evaluator of the standard rules (``wrap``: the R10 house rule) on
    ``backend``, by default the backend in use now: the kernel's ``rank``, or the
    Python path. Either takes 5 to 7 card ids (or Cards) and checks them like
    :data:`evaluate_ids`; a hot loop may hold on to it.

    >>> evaluator(wrap=True)([36, 40, 44, 48, 0])  # Jc Qc Kc Ac 2c
    13
    """
    name = native.current() if backend is None else backend
    made = _EVALUATORS[name]
    found = made.get(wrap)
    if found is None:
        if name == "native":
            found = native.native_tables(wrap).rank
        else:
            found = python_evaluator(scalar_rank_tables(wrap))
        made[wrap] = found
    return found


#: The scalar hot path, bound once per process to the evaluator of ``BACKEND``.
evaluate_ids: Evaluator = evaluator(False, native.BACKEND)
"""Rank (1..7462) of the best five of 5 to 7 distinct card ids: the scalar hot path.

Ids are ints 0..51 (numpy integers too) or :class:`~showdown.cards.Card`
objects. Checked at the cost of one 64-bit mask: an id outside 0..51, a
repeated card or a count other than 5-7 raises :class:`~showdown.cards.CardError`,
never a wrong rank. Standard rules only; see :func:`evaluate_ids_wrap` for the
R10 house rule. With the native kernel (``showdown.BACKEND == "native"``) it is
the kernel's own ``rank`` method; else the Python path, with the same results and
the same errors. Bound once per process to ``BACKEND``'s evaluator and never rebound
(:func:`evaluator` gives the backend in use's, see :mod:`showdown.hands.scalar`).
"""


def _valid_ids(ids: Sequence[CardId], low: int, high: int) -> bool:
    """True if ``ids`` are low..high distinct card ids (ints or Cards), checked by a mask."""
    try:
        n = len(ids)
        mask = 0
        for i in ids:
            mask |= _BITS[i]
    except (TypeError, IndexError):
        return False
    return low <= n <= high and mask.bit_count() == n


def evaluate_ids_wrap(ids: Sequence[CardId]) -> int:
    """:func:`evaluate_ids` under the wrap-around house rule (R10), checked the same way.

    J-Q-K-A-2, Q-K-A-2-3 and K-A-2-3-4 are straights too, ranked by the last
    card of the run (2-high < 3-high < 4-high < the wheel). There are still
    7,462 strengths, numbered 1 (royal flush) to 7462 (7-5-4-3-2) the same way,
    but the categories' ranges move: 13 straight flushes (1-13), 13 straights,
    and three fewer flushes and high cards (see ``category_ranges(wrap=True)``).

    >>> evaluate_ids_wrap([36, 40, 44, 48, 0])  # Jc Qc Kc Ac 2c: the lowest straight flush
    13
    >>> evaluate_ids([36, 40, 44, 48, 0])  # a plain ace-high flush without the house rule
    330
    """
    return evaluator(True)(ids)


def python_omaha(tables: ScalarRankTables) -> OmahaEvaluator:
    """The Python path of :func:`evaluate_omaha_ids` over ``tables``."""
    from showdown.categories import DISTINCT_HANDS
    from showdown.variants import omaha_picks

    nonflush, suits, flush = tables.nonflush[5], tables.flush_suit[5], tables.flush

    def evaluate_omaha_ids(hole: Sequence[CardId], board: Sequence[CardId]) -> int:
        if not (
            _valid_ids(hole, 4, 6)
            and _valid_ids(board, 3, 5)
            and _valid_ids([*hole, *board], 7, 11)
        ):
            omaha_ids_error(hole, board)
        # Key sums of the hole pairs and board triples once; each five is then one addition.
        k = _KEYS
        pairs, triples = omaha_picks(len(hole), len(board))
        pair_keys = [(k[hole[a]] + k[hole[b]], hole[a], hole[b]) for a, b in pairs]
        triple_keys = [
            (k[board[x]] + k[board[y]] + k[board[z]], board[x], board[y], board[z])
            for x, y, z in triples
        ]
        best = DISTINCT_HANDS + 1
        for pair_key, a, b in pair_keys:
            for triple_key, c, d, e in triple_keys:
                key = pair_key + triple_key
                suit = suits[key & 255]
                r = nonflush[key >> 8] if suit < 0 else _flush_rank((a, b, c, d, e), suit, flush)
                if r < best:
                    best = r
        return best

    return evaluate_omaha_ids


#: Every Omaha evaluator made so far, by backend, then by ``wrap``.
_OMAHA: dict[Backend, dict[bool, OmahaEvaluator]] = {name: {} for name in native.NAMES}


def omaha_evaluator(wrap: bool = False, backend: Backend | None = None) -> OmahaEvaluator:
    """The Omaha evaluator of the standard rules (``wrap``: R10) on ``backend``, by default
    the backend in use now: the kernel's ``omaha``, or the Python path (see
    :func:`evaluate_omaha_ids`)."""
    name = native.current() if backend is None else backend
    made = _OMAHA[name]
    found = made.get(wrap)
    if found is None:
        if name == "native":
            found = native.native_tables(wrap).omaha
        else:
            found = python_omaha(scalar_rank_tables(wrap))
        made[wrap] = found
    return found


def evaluate_omaha_ids(hole: Sequence[CardId], board: Sequence[CardId], wrap: bool = False) -> int:
    """Best rank using exactly two of ``hole`` (4-6 ids) and three of ``board`` (3-5 ids).

    Checked like :func:`evaluate_ids`: wrong counts, ids outside 0..51 and a
    card in two places raise :class:`CardError`.

    >>> evaluate_omaha_ids([51, 47, 0, 5], [43, 39, 35, 2, 6])  # As Ks + Qs Js Ts
    1
    >>> evaluate_omaha_ids([0], [4, 5, 6])
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: Omaha needs 4 to 6 hole cards, got 1
    """
    return omaha_evaluator(wrap)(hole, board)
