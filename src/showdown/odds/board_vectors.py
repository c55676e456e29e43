"""The boards still to come as numpy vectors: every board completing the known cards.

A board universe is every board that can still come, given the known board cards and
the live deck, as three arrays: ``mid`` (the id, 0..6187, of the board's multiset of
five ranks), ``ss`` (the sum of the board's suit keys, as in
:mod:`showdown.hands.card_keys`) and ``bm`` (the board's cards as a 52-bit mask,
suit-major: bit ``13 * suit + rank``). Preflop, the four-card boards are built
additively in colex order (each board is a shorter board plus one card) and shared:
the boards whose highest card is ``deck[m]`` are the four-card boards below it plus
that card, so a lookup on them is a lookup in the table shifted by what the card adds
(:class:`Chunk`). :mod:`showdown.odds.holdem_ranks` ranks hands on them.

>>> u = Universe((), [c for c in range(52) if c not in (48, 49, 46, 47)])
>>> u.size, u.n_chunks()
(1712304, 44)
>>> int(u.full().bm[0]) == int(SUIT_MAJOR_BIT[[0, 1, 2, 3, 4]].sum())  # 2c 2d 2h 2s 3c
True
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb

import numpy as np

from showdown.hands.card_keys import SUIT_KEYS

__all__ = [
    "BINOMIAL",
    "N_MULTISETS",
    "SUIT_MAJOR_BIT",
    "Chunk",
    "Universe",
    "multiset_ids",
    "split_records",
]

#: Multisets of five ranks (combinations with repetition of 13 ranks, 5 at a time).
N_MULTISETS = 6188
#: ``BINOMIAL[n, k]`` is C(n, k) for n < 18, k < 6: the colex ranks of rank multisets.
BINOMIAL = np.array([[comb(n, k) for k in range(6)] for n in range(18)], dtype=np.int64)
_SK = np.array(SUIT_KEYS, dtype=np.int64)
#: Card id -> its bit in a suit-major 52-bit mask.
SUIT_MAJOR_BIT = np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.uint64)


def multiset_ids(sorted_ranks: np.ndarray) -> np.ndarray:
    """Id (0..6187) of each row of five ranks sorted ascending (colex rank of the multiset).

    >>> multiset_ids(np.array([[0, 0, 0, 0, 0], [0, 0, 0, 0, 1], [12, 12, 12, 12, 12]])).tolist()
    [0, 1, 6187]
    """
    out = np.zeros(len(sorted_ranks), dtype=np.int64)
    for j in range(5):
        out += BINOMIAL[sorted_ranks[:, j] + j, j + 1]
    return out


def _colex_levels(deck: np.ndarray, top: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``mid``-key, ``ss``, ``bm`` of every ``top``-card board from ``deck`` (ids ascending).

    Colex order: the boards of k cards whose highest card is ``deck[m]`` are the
    boards of k - 1 cards among ``deck[:m]`` (the first C(m, k-1) of the previous
    level) plus that card, so each level is a few slice additions.
    """
    n = len(deck)
    ranks = deck >> 2
    suit_keys = _SK[deck & 3]
    bits = SUIT_MAJOR_BIT[deck]
    mid = np.zeros(1, dtype=np.intp)
    ss = np.zeros(1, dtype=np.intp)
    bm = np.zeros(1, dtype=np.uint64)
    for k in range(1, top + 1):
        total = comb(n, k)
        new_mid = np.empty(total, dtype=np.intp)
        new_ss = np.empty(total, dtype=np.intp)
        new_bm = np.empty(total, dtype=np.uint64)
        mid_key = BINOMIAL[ranks + k - 1, k]
        start = 0
        for m in range(k - 1, n):
            stop = start + comb(m, k - 1)
            np.add(mid[: stop - start], mid_key[m], out=new_mid[start:stop])
            np.add(ss[: stop - start], suit_keys[m], out=new_ss[start:stop])
            np.bitwise_or(bm[: stop - start], bits[m], out=new_bm[start:stop])
            start = stop
        mid, ss, bm = new_mid, new_ss, new_bm
    return mid, ss, bm


class Chunk:
    """A block of boards: multiset ids, suit-key sums and suit-major card masks.

    Each is stored as a shared base array plus what one more card adds: preflop,
    chunk ``m`` is every four-card board below ``deck[m]`` plus that card, so its
    ids are ``mid_base + mid_add`` and so on. Lookups fold the addition into the
    table (``table[mid_add:][mid_base]``), so no per-chunk array is ever built.
    """

    __slots__ = ("bm_add", "bm_base", "mid_add", "mid_base", "ss_add", "ss_base")

    def __init__(
        self,
        mid_base: np.ndarray,
        ss_base: np.ndarray,
        bm_base: np.ndarray,
        mid_add: int = 0,
        ss_add: int = 0,
        bm_add: int = 0,
    ) -> None:
        self.mid_base = mid_base  # intp
        self.ss_base = ss_base  # intp
        self.bm_base = bm_base  # uint64
        self.mid_add = mid_add
        self.ss_add = ss_add
        self.bm_add = np.uint64(bm_add)

    @property
    def size(self) -> int:
        return len(self.mid_base)

    @property
    def mid(self) -> np.ndarray:
        return self.mid_base + self.mid_add if self.mid_add else self.mid_base

    @property
    def ss(self) -> np.ndarray:
        return self.ss_base + self.ss_add if self.ss_add else self.ss_base

    @property
    def bm(self) -> np.ndarray:
        return self.bm_base | self.bm_add if self.bm_add else self.bm_base

    def valid(self, masks: np.ndarray) -> np.ndarray:
        """``(len(masks), size)``: boards sharing no card with each suit-major mask."""
        out = (self.bm_base[None, :] & masks[:, None]) == 0
        if self.bm_add:
            out &= ((masks & self.bm_add) == 0)[:, None]
        return out

    def records(self) -> np.ndarray:
        """Each board as one 16-byte record ``(bm, mid << 9 | ss)``: one memory access
        per sampled board instead of three (see :func:`split_records`)."""
        rec = np.empty((self.size, 2), dtype=np.uint64)
        rec[:, 0] = self.bm
        rec[:, 1] = (self.mid.astype(np.uint64) << np.uint64(9)) | self.ss.astype(np.uint64)
        return rec.view("V16").ravel()


def split_records(records: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``bm``, ``mid``, ``ss`` of gathered :meth:`Chunk.records`."""
    pairs = records.view(np.uint64).reshape(-1, 2)
    key = pairs[:, 1]
    return (
        pairs[:, 0],
        (key >> np.uint64(9)).astype(np.intp),
        (key & np.uint64(511)).astype(np.intp),
    )


class Universe:
    """Every board completing ``known`` with cards of ``deck``, in chunks.

    Preflop the chunks share the four-card boards: chunk ``m`` is every board
    whose highest card is ``deck[m]``, i.e. the four-card boards below it plus
    that card, so no array longer than C(51, 4) is ever built.
    """

    def __init__(self, known: Sequence[int], deck: Sequence[int]) -> None:
        self.known = tuple(int(c) for c in known)
        self.deck = np.array(sorted(int(c) for c in deck), dtype=np.int64)
        k = 5 - len(self.known)
        self.size = comb(len(self.deck), k)
        self.cards: np.ndarray | None = None
        self._full: Chunk | None = None
        self._four: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        if self.known:
            runs = np.array(list(combinations(self.deck.tolist(), k)), dtype=np.int64)
            runs = runs.reshape(self.size, k)
            known_ids = np.array(self.known, dtype=np.int64)
            cards = np.concatenate([np.broadcast_to(known_ids, (self.size, 5 - k)), runs], axis=1)
            self.cards = cards
            self._full = Chunk(
                multiset_ids(np.sort(cards >> 2, axis=1)).astype(np.intp),
                _SK[cards & 3].sum(axis=1).astype(np.intp),
                np.bitwise_or.reduce(SUIT_MAJOR_BIT[cards], axis=1),
            )

    def chunks(self) -> list[Chunk] | Iterator[Chunk]:
        """The boards in blocks (one block after the flop, one per highest card preflop)."""
        if self._full is not None:
            return [self._full]
        return self._preflop_chunks()

    def n_chunks(self) -> int:
        return 1 if self._full is not None else max(0, len(self.deck) - 4)

    def _preflop_chunks(self) -> Iterator[Chunk]:
        if self._four is None:
            self._four = _colex_levels(self.deck, 4)
        mid4, ss4, bm4 = self._four
        mid_key = BINOMIAL[(self.deck >> 2) + 4, 5].tolist()
        suit_keys = _SK[self.deck & 3].tolist()
        bits = SUIT_MAJOR_BIT[self.deck].tolist()
        for m in range(4, len(self.deck)):
            length = comb(m, 4)
            yield Chunk(
                mid4[:length], ss4[:length], bm4[:length], mid_key[m], suit_keys[m], bits[m]
            )

    def full(self) -> Chunk:
        """All boards as one block (for sampling)."""
        if self._full is None:
            self._full = Chunk(*_colex_levels(self.deck, 5))
        return self._full
