"""The scalar hot paths on card ids: :func:`evaluate_ids`, its wrap-around and Omaha twins.

Kept apart from :mod:`showdown.hands.value` so that ``import showdown`` plus a first
``evaluate_ids`` loads almost nothing: the native kernel's ``rank`` when it is
in use (see :mod:`showdown.hands.native`), else the Python path below, whose tables
are read on first use.

>>> evaluate_ids([48, 44, 40, 36, 32, 0, 1])  # Ac Kc Qc Jc Tc 2c 2d
1
"""

from __future__ import annotations

from showdown.hands import native
from showdown.hands.packed import SCALAR_CARD_KEYS, SUIT_BITS, SUIT_MASK

TYPE_CHECKING = False  # not typing's: this module is on the light import path
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import NoReturn

    from showdown.cards import Card

    #: A card id (0..51) or a :class:`~showdown.cards.Card` (which is its own index).
    CardId = int | Card


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

# The Python scalar path (the numpy backend's). Its tables are bound to module globals
# on first use (_python_path): the hot path then does nothing else. Ids -52..-1 and
# 52..103 read the zero half of these lists (anything further raises IndexError), so a
# bad id shows as a missing bit, like a repeated card: one popcount checks both.
_KEYS = [*SCALAR_CARD_KEYS, *[0] * 52]
_BITS = [*(1 << i for i in range(52)), *[0] * 52]
_SUIT = [*(i & 3 for i in range(52)), *[-1] * 52]
# Rank bit of each card as a Python int: shifting a numpy uint8 id would stay uint8.
_RANK_BITS = [*(1 << (i >> 2) for i in range(52)), *[0] * 52]
_NF5: dict[int, int] = {}
_NF6: dict[int, int] = {}
_NF7: dict[int, int] = {}
_FS5: list[int] = []
_FS6: list[int] = []
_FS7: list[int] = []
_FLUSH: list[int] = []


def _python_path() -> None:
    """Bind the standard tables of the Python scalar path to module globals (once)."""
    global _NF5, _NF6, _NF7, _FS5, _FS6, _FS7, _FLUSH
    if not _FLUSH:
        from showdown.hands.lookup import scalar_tables

        std = scalar_tables(False)
        _NF5, _NF6, _NF7 = std.nonflush[5], std.nonflush[6], std.nonflush[7]
        _FS5, _FS6, _FS7 = std.flush_suit[5], std.flush_suit[6], std.flush_suit[7]
        _FLUSH = std.flush


def _flush_rank(ids: Sequence[CardId], suit: int, flush: list[int]) -> int:
    mask = 0
    bits = _RANK_BITS
    suits = _SUIT
    for i in ids:
        if suits[i] == suit:
            mask |= bits[i]
    return flush[mask]


def _evaluate_ids_python(ids: Sequence[CardId]) -> int:
    """Rank (1..7462) of the best five of 5 to 7 distinct card ids: the scalar hot path.

    Ids are ints 0..51 (numpy integers too) or :class:`~showdown.cards.Card`
    objects. Checked at the cost of one 64-bit mask: an id outside 0..51, a
    repeated card or a count other than 5-7 raises :class:`CardError`, never a
    wrong rank. Standard rules only; see :func:`evaluate_ids_wrap` for the R10
    house rule. With the native kernel (``showdown.BACKEND == "native"``)
    ``evaluate_ids`` is its C twin, with the same results and errors.

    >>> evaluate_ids([12, 8, 4, 0, 48])  # 5c 4c 3c 2c Ac: the steel wheel
    10
    >>> evaluate_ids([0, 0, 4, 8, 12])
    Traceback (most recent call last):
    ...
    showdown.cards.CardError: card 2c (id 0) is given twice
    """
    k = _KEYS
    m = _BITS
    try:
        n = len(ids)  # dispatch on the length: an exception would cost far more
        if n == 7:
            a, b, c, d, e, f, g = ids
            if (m[a] | m[b] | m[c] | m[d] | m[e] | m[f] | m[g]).bit_count() == 7:
                key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f] + k[g]
                suit = _FS7[key & 255]
                if suit < 0:
                    return _NF7[key >> 8]
                return _flush_rank(ids, suit, _FLUSH)
        elif n == 5:
            a, b, c, d, e = ids
            if (m[a] | m[b] | m[c] | m[d] | m[e]).bit_count() == 5:
                key = k[a] + k[b] + k[c] + k[d] + k[e]
                suit = _FS5[key & 255]
                if suit < 0:
                    return _NF5[key >> 8]
                return _flush_rank(ids, suit, _FLUSH)
        elif n == 6:
            a, b, c, d, e, f = ids
            if (m[a] | m[b] | m[c] | m[d] | m[e] | m[f]).bit_count() == 6:
                key = k[a] + k[b] + k[c] + k[d] + k[e] + k[f]
                suit = _FS6[key & 255]
                if suit < 0:
                    return _NF6[key >> 8]
                return _flush_rank(ids, suit, _FLUSH)
    except (TypeError, IndexError):  # not a sized sequence of integers, or a huge id
        pass
    ids_error(ids)


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


def _evaluate_ids_wrap_python(ids: Sequence[CardId]) -> int:
    if not _valid_ids(ids, 5, 7):
        ids_error(ids)
    from showdown.hands.lookup import scalar_tables

    tables = scalar_tables(True)
    key = sum(_KEYS[i] for i in ids)
    suit = tables.flush_suit[len(ids)][key & SUIT_MASK]
    if suit < 0:
        return tables.nonflush[len(ids)][key >> SUIT_BITS]
    return _flush_rank(ids, suit, tables.flush)


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
    kernel = native.kernel(True)
    if kernel is not None:
        return int(kernel.rank(ids))
    return _evaluate_ids_wrap_python(ids)


def _omaha_python(hole: Sequence[CardId], board: Sequence[CardId], wrap: bool) -> int:
    if not (
        _valid_ids(hole, 4, 6) and _valid_ids(board, 3, 5) and _valid_ids([*hole, *board], 7, 11)
    ):
        omaha_ids_error(hole, board)
    from showdown.categories import DISTINCT_HANDS
    from showdown.variants import omaha_fives, omaha_picks

    if wrap:
        return min(_evaluate_ids_wrap_python(five) for five in omaha_fives(hole, board))
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
            suit = _FS5[key & 255]
            r = _NF5[key >> 8] if suit < 0 else _flush_rank((a, b, c, d, e), suit, _FLUSH)
            if r < best:
                best = r
    return best


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
    kernel = native.kernel(wrap)
    if kernel is not None:
        return int(kernel.omaha(hole, board))
    return _omaha_python(hole, board, wrap)


#: The scalar hot path: the native kernel's ``rank`` when it is in use, else
#: :func:`_evaluate_ids_python` (same results, same errors; see its docstring).
evaluate_ids = _evaluate_ids_python


def _bind() -> None:
    """Point this module's ``evaluate_ids`` at the backend in use (after ``native.use``)."""
    global evaluate_ids
    if native.current() == "native":
        evaluate_ids = native.native_tables(False).rank
    else:
        _python_path()
        evaluate_ids = _evaluate_ids_python


_bind()
native.on_switch(_bind)
