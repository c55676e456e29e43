"""Four-card Omaha hands up to a change of suits: 16,432 classes of the 270,725 hands.

Two hands are in one class when a permutation of the suits turns one into the other
(they have the same equity against a random hand). A hand's class key lists its
suits' rank sets, each as ``cards << 13 | rank bits``, largest first, packed into
one integer; :func:`class_keys` computes it for many hands at once, and
:func:`classes` lists the keys in ascending order, the numbering the Omaha
percentage order (:mod:`showdown.odds.ranges.omaha_order`) refers to.

>>> keys, first = classes()
>>> len(keys), len(first)
(16432, 16432)
>>> class_text(int(class_keys(np.array([[51, 50, 47, 46]]))[0]))  # As Ah Ks Kh
'AsKsAhKh'
"""

from __future__ import annotations

from functools import cache

import numpy as np

from showdown.cards import RANKS

__all__ = ["all_hands", "class_keys", "class_text", "classes"]


def class_keys(hands: np.ndarray) -> np.ndarray:
    """The class key of each four-card hand (rows of card ids), as int64."""
    hands = np.asarray(hands, dtype=np.int64)
    per_suit = np.zeros((len(hands), 4), dtype=np.int64)
    for k in range(hands.shape[1]):
        suit, rank = hands[:, k] & 3, hands[:, k] >> 2
        per_suit[np.arange(len(hands)), suit] += (1 << 13) + (1 << rank)
    ordered = -np.sort(-per_suit, axis=1)  # largest suit group first
    return (ordered[:, 0] << 48) | (ordered[:, 1] << 32) | (ordered[:, 2] << 16) | ordered[:, 3]


@cache
def all_hands() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every four-card hand (ids descending in a row), its rank counts and suit shape."""
    ids = np.array(
        [(a, b, c, d) for a in range(52) for b in range(a) for c in range(b) for d in range(c)],
        dtype=np.int64,
    )
    rank_counts = np.zeros((len(ids), 13), dtype=np.int8)
    suit_counts = np.zeros((len(ids), 4), dtype=np.int8)
    for k in range(4):
        np.add.at(rank_counts, (np.arange(len(ids)), ids[:, k] >> 2), 1)
        np.add.at(suit_counts, (np.arange(len(ids)), ids[:, k] & 3), 1)
    shape = -np.sort(-suit_counts, axis=1)
    return ids, rank_counts, shape


@cache
def classes() -> tuple[np.ndarray, np.ndarray]:
    """Every class key in ascending order, and one hand of each (rows of card ids)."""
    ids = all_hands()[0]
    keys, first = np.unique(class_keys(ids), return_index=True)
    return keys, ids[first]


def class_text(key: int) -> str:
    """A class written as a hand with its suits named s, h, d, c in key order."""
    out = []
    for slot, suit in enumerate("shdc"):
        group = (key >> (48 - 16 * slot)) & 0xFFFF
        bits = group & 0x1FFF
        out += [RANKS[r] + suit for r in range(12, -1, -1) if bits >> r & 1]
    return "".join(out)
