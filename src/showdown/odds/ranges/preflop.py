"""The 169 preflop hand classes: names, combos, and each class's canonical combo.

:data:`CLASSES` lists them in the order of the usual 13 x 13 grid read row by
row: row ``r`` and column ``c`` (0 = ace ... 12 = deuce) hold the pair on the
diagonal, the suited hand above it and the offsuit hand below it, so the list
starts ``AA, AKs, AQs, ... A2s, AKo, KK, KQs`` and ends ``32o, 22``.

>>> len(CLASSES), CLASSES[:3], CLASSES[13:15], CLASSES[-1]
(169, ('AA', 'AKs', 'AQs'), ('AKo', 'KK'), '22')
>>> len(class_combos("AA")), len(class_combos("AKs")), len(class_combos("AKo"))
(6, 4, 12)
>>> [str(c) for c in canonical("AKo")]
['As', 'Kh']
"""

from __future__ import annotations

from functools import cache

import numpy as np

from showdown.cards import RANKS, Card

__all__ = ["CLASSES", "canonical", "class_combos", "class_index", "grid_position"]


def _name(row: int, col: int) -> str:
    high, low = 12 - min(row, col), 12 - max(row, col)
    if row == col:
        return RANKS[high] * 2
    return RANKS[high] + RANKS[low] + ("s" if row < col else "o")


#: The 169 classes in grid order (see the module docs).
CLASSES: tuple[str, ...] = tuple(_name(r, c) for r in range(13) for c in range(13))
_INDEX = {name: i for i, name in enumerate(CLASSES)}


def class_index(name: str) -> int:
    """Position of a class name in :data:`CLASSES` (``"AKs"``, ``"KAs"``, ``"aks"`` alike).

    >>> class_index("AA"), class_index("kas"), class_index("22")
    (0, 1, 168)
    """
    text = name.strip()
    if len(text) in (2, 3):
        a, b = text[0].upper(), text[1].upper()
        kind = text[2:].lower()
        if a in RANKS and b in RANKS:
            if RANKS.index(a) < RANKS.index(b):
                a, b = b, a
            key = a + b + ("" if a == b else kind)
            if key in _INDEX:
                return _INDEX[key]
    raise ValueError(f"not a preflop hand class: {name!r} (write AA, AKs or AKo)")


def grid_position(name: str) -> tuple[int, int]:
    """Row and column of a class in the 13 x 13 grid."""
    return divmod(class_index(name), 13)


@cache
def class_combos(name: str) -> tuple[tuple[int, int], ...]:
    """The combos of a class as card-id pairs, higher id first (6, 4 or 12 of them)."""
    row, col = grid_position(name)
    high, low = 12 - min(row, col), 12 - max(row, col)
    out = []
    for s in range(4):
        for t in range(4):
            if high == low and t <= s:
                continue
            if high != low and (s == t) != (row < col):
                continue
            a, b = 4 * high + s, 4 * low + t
            out.append((max(a, b), min(a, b)))
    return tuple(out)


def canonical(name: str) -> tuple[Card, Card]:
    """The class's representative combo: spades first, then hearts (``AsAh``, ``AsKs``,
    ``AsKh``). Every combo of a class is this one up to a suit permutation."""
    row, col = grid_position(name)
    high, low = 12 - min(row, col), 12 - max(row, col)
    second = 3 if (row < col) else 2
    return Card.from_id(4 * high + 3), Card.from_id(4 * low + second)


def combos_array(name: str) -> np.ndarray:
    """:func:`class_combos` as an ``(m, 2)`` int64 array."""
    return np.array(class_combos(name), dtype=np.int64)
