"""Vectorised kernels behind :mod:`showdown.odds.equity` (private).

Board universe
    Every board that can still come, given the known board cards and the live
    deck, as three arrays: ``mid`` (the id, 0..6187, of the board's multiset of
    five ranks), ``ss`` (the sum of the board's suit keys, as in
    :mod:`showdown.hands.card_keys`) and ``bm`` (the board's cards as a 52-bit mask,
    suit-major: bit ``13 * suit + rank``). Preflop, the four-card boards are
    built additively in colex order (each board is a shorter board plus one
    card) and shared: the boards whose highest card is ``deck[m]`` are the
    four-card boards below it plus that card, so a lookup on them is a lookup
    in the table shifted by what the card adds (:class:`Chunk`).

Hold'em ranks
    A hand's non-flush rank on a board depends only on the board's rank
    multiset and the hand's two ranks: a table of 6,188 ranks per pair of hole
    ranks turns each board into one lookup. The suit keys say which boards make
    a flush with the hand; only those read the suit's rank mask from ``bm``.
    (With seven cards a flush excludes quads and full houses, so the flush rank
    simply replaces the non-flush one.)

>>> u = Universe((), [c for c in range(52) if c not in (48, 49, 46, 47)])
>>> u.size
1712304
>>> boards = u.full()
>>> r1, r2 = holdem_ranks(boards, 48, 49), holdem_ranks(boards, 46, 47)  # AcAd, KhKs
>>> int((r1 < r2).sum()), int((r2 < r1).sum()), int((r1 == r2).sum())
(1388072, 317694, 6538)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import chain, combinations, combinations_with_replacement, permutations
from math import comb

import numpy as np

from showdown.hands import native
from showdown.hands.card_keys import RANK_KEYS, SUIT_KEYS
from showdown.hands.rank_tables import rank_tables
from showdown.variants import HIGH

#: Multisets of five ranks (combinations with repetition of 13 ranks, 5 at a time).
N_MULTISETS = 6188
_BINOM = np.array([[comb(n, k) for k in range(6)] for n in range(18)], dtype=np.int64)
_SK = np.array(SUIT_KEYS, dtype=np.int64)
_RK = np.array(RANK_KEYS, dtype=np.int64)
_13 = np.uint64(13)
_8191 = np.uint64(8191)
#: Card id -> its bit in a suit-major 52-bit mask.
SUIT_MAJOR_BIT = np.array([1 << (13 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.uint64)



def multiset_ids(sorted_ranks: np.ndarray) -> np.ndarray:
    """Id (0..6187) of each row of five ranks sorted ascending (colex rank of the multiset).

    >>> multiset_ids(np.array([[0, 0, 0, 0, 0], [0, 0, 0, 0, 1], [12, 12, 12, 12, 12]])).tolist()
    [0, 1, 6187]
    """
    out = np.zeros(len(sorted_ranks), dtype=np.int64)
    for j in range(5):
        out += _BINOM[sorted_ranks[:, j] + j, j + 1]
    return out


@cache
def _multiset_keys() -> np.ndarray:
    """Sum of rank keys of each five-rank multiset, indexed by :func:`multiset_ids`."""
    flat = chain.from_iterable(combinations_with_replacement(range(13), 5))
    rows = np.fromiter(flat, dtype=np.int64, count=5 * N_MULTISETS).reshape(-1, 5)
    keys = np.zeros(N_MULTISETS, dtype=np.int64)
    keys[multiset_ids(rows)] = _RK[rows].sum(axis=1)
    return keys


@cache
def _tables() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    t = rank_tables(HIGH)  # the evaluators' tables, made once
    return t.flush_suit[7], t.flush, t.nonflush_keys[7], t.nonflush_values[7]


_PAIR_TABLES = np.zeros((169, N_MULTISETS), dtype=np.uint16)
_PAIR_READY = np.zeros(169, dtype=bool)


def pair_table(high: int, low: int) -> np.ndarray:
    """Non-flush 7-card rank for hole ranks ``high >= low`` on each board multiset id."""
    pid = 13 * high + low
    if not _PAIR_READY[pid]:
        _, _, keys7, values7 = _tables()
        want = _multiset_keys() + _RK[high] + _RK[low]
        pos = np.searchsorted(keys7, want).clip(0, len(keys7) - 1)
        _PAIR_TABLES[pid] = np.where(keys7[pos] == want, values7[pos], 0)
        _PAIR_READY[pid] = True
    return _PAIR_TABLES[pid]


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
        mid_key = _BINOM[ranks + k - 1, k]
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
        mid_key = _BINOM[(self.deck >> 2) + 4, 5].tolist()
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


def holdem_ranks(chunk: Chunk, c1: int, c2: int) -> np.ndarray:
    """Hold'em rank (uint16, 1 = royal flush) of hole cards ``c1 c2`` on every board of a chunk."""
    fs7, flush, _, _ = _tables()
    r1, r2 = c1 >> 2, c2 >> 2
    out = pair_table(max(r1, r2), min(r1, r2))[chunk.mid_add :][chunk.mid_base]
    hand_ss = SUIT_KEYS[c1 & 3] + SUIT_KEYS[c2 & 3]
    suit = fs7[chunk.ss_add + hand_ss :][chunk.ss_base]
    rows = np.flatnonzero(suit >= 0)
    if rows.size:
        hand_bits = np.zeros(4, dtype=np.uint64)
        hand_bits[c1 & 3] |= np.uint64(1 << r1)
        hand_bits[c2 & 3] |= np.uint64(1 << r2)
        s = suit[rows]
        bm = chunk.bm_base[rows] | chunk.bm_add
        mask = ((bm >> (_13 * s.astype(np.uint64))) & _8191) | hand_bits[s]
        out[rows] = flush[mask.astype(np.intp)]
    return out


@dataclass
class ComboSet:
    """Per-combo lookup data for sampling hands from a range (Monte Carlo)."""

    c1: np.ndarray
    c2: np.ndarray
    offset: np.ndarray  # row of the hole-rank pair in the flattened pair tables
    suit_sum: np.ndarray  # the two suit keys added

    @classmethod
    def of(cls, combos: np.ndarray) -> ComboSet:
        c1, c2 = combos[:, 0].astype(np.int64), combos[:, 1].astype(np.int64)
        hi, lo = np.maximum(c1 >> 2, c2 >> 2), np.minimum(c1 >> 2, c2 >> 2)
        for h, low in set(zip(hi.tolist(), lo.tolist(), strict=True)):
            pair_table(h, low)
        offset = (13 * hi + lo) * N_MULTISETS
        return cls(c1, c2, offset, _SK[c1 & 3] + _SK[c2 & 3])


def holdem_ranks_at(
    bm: np.ndarray,
    mid: np.ndarray,
    ss: np.ndarray,
    combos: ComboSet,
    pick: np.ndarray | None = None,
) -> np.ndarray:
    """Hold'em ranks of combo ``pick[i]`` of ``combos`` on the board ``bm[i], mid[i], ss[i]``.

    For Monte Carlo: the boards' masks, multiset ids and suit sums are gathered once
    per trial and shared by every player. ``pick=None``: the set holds one combo,
    used on every board.
    """
    fs7, flush, _, _ = _tables()
    if pick is None:
        start = int(combos.offset[0])
        out = _PAIR_TABLES.ravel()[start : start + N_MULTISETS][mid]
        suit = fs7[ss + combos.suit_sum[0]]
    else:
        out = _PAIR_TABLES.ravel()[combos.offset[pick] + mid]
        suit = fs7[ss + combos.suit_sum[pick]]
    rows = np.flatnonzero(suit >= 0)
    if rows.size:
        s = suit[rows].astype(np.int64)
        mask = (bm[rows] >> (_13 * s.astype(np.uint64))) & _8191
        which = np.zeros(len(rows), dtype=np.int64) if pick is None else pick[rows]
        for c in (combos.c1[which], combos.c2[which]):
            mask |= np.where((c & 3) == s, np.left_shift(1, c >> 2), 0).astype(np.uint64)
        out[rows] = flush[mask.astype(np.intp)]
    return out


#: Columns of a showdown count table: ``counts[p, k]`` is the number of showdowns
#: player p won as one of ``k`` best hands (k = 1: alone; 2..10: a split).
TALLY = 11


@dataclass
class Tally:
    """Per-player sums over showdowns: wins, ties and pot shares (and shares squared)."""

    win: np.ndarray
    tie: np.ndarray
    share: np.ndarray
    share_sq: np.ndarray

    @classmethod
    def of(cls, counts: np.ndarray, weights: np.ndarray | None = None) -> Tally:
        """The sums of a count table ``(P, 11)``, or of ``(D, P, 11)`` tables weighted by deal.

        Both backends produce the same integer counts, so the same floats come out.

        >>> t = Tally.of(np.array([[0, 3, 1] + [0] * 8, [0, 0, 1] + [0] * 8]))
        >>> t.win.tolist(), t.tie.tolist(), t.share.tolist()
        ([3.0, 0.0], [1.0, 1.0], [3.5, 0.5])
        """
        c = counts.astype(float)
        if weights is not None:  # tensordot's own product, without its Python around it
            w = np.asarray(weights, dtype=float).reshape(1, -1)
            c = np.dot(w, c.reshape(len(c), -1)).reshape(c.shape[1:])
        k = np.arange(1, TALLY, dtype=float)
        ties = c[:, 2:].sum(axis=1)
        share = (c[:, 1:] / k).sum(axis=1)
        share_sq = (c[:, 1:] / (k * k)).sum(axis=1)
        return cls(c[:, 1].copy(), ties, share, share_sq)


def new_counts(players: int, deals: int | None = None) -> np.ndarray:
    """A zero count table: ``(players, 11)``, or ``(deals, players, 11)``."""
    shape = (players, TALLY) if deals is None else (deals, players, TALLY)
    return np.zeros(shape, dtype=np.int64)


def showdown_counts(ranks: Sequence[np.ndarray], valid: np.ndarray | None = None) -> np.ndarray:
    """Count showdowns of several deals at once (numpy path).

    ``ranks[p]`` is player p's ranks, shape ``(L,)`` (same for every deal) or
    ``(B, L)``: deal b, board i. ``valid`` (``(B, L)`` or ``(L,)``) marks the boards
    that count. Returns ``(B, P, 11)`` counts (see :data:`TALLY`).

    >>> c = showdown_counts([np.array([1, 5, 5]), np.array([2, 5, 1])])
    >>> c[0, :, :3].tolist()
    [[0, 1, 1], [0, 1, 1]]
    """
    players = len(ranks)
    arrays = [np.atleast_2d(r) for r in ranks]
    if valid is not None:
        valid = np.atleast_2d(valid)
    shape = np.broadcast_shapes(*(r.shape for r in arrays))
    out = np.zeros((shape[0], players, TALLY), dtype=np.int64)
    if players == 2:
        a, b = arrays
        lt, gt, eq = a < b, b < a, a == b
        if valid is not None:
            lt, gt, eq = lt & valid, gt & valid, eq & valid
        out[:, 0, 1] = np.count_nonzero(lt, axis=-1)
        out[:, 1, 1] = np.count_nonzero(gt, axis=-1)
        out[:, 0, 2] = out[:, 1, 2] = np.count_nonzero(eq, axis=-1)
        return out
    best = arrays[0]
    for r in arrays[1:]:
        best = np.minimum(best, r)
    is_best = [np.broadcast_to(r == best, shape) for r in arrays]
    if valid is not None:
        is_best = [x & valid for x in is_best]
    count = np.zeros(shape, dtype=np.int8)
    for x in is_best:
        count += x
    for k in range(1, players + 1):
        at_k = count == k
        if not at_k.any():
            continue
        for p in range(players):
            out[:, p, k] = np.count_nonzero(is_best[p] & at_k, axis=-1)
    return out


def exact_counts(
    board: Sequence[int], deck: Sequence[int], holes: np.ndarray, merge: bool = True
) -> np.ndarray:
    """Native exact Hold'em: ``(D, P, 11)`` counts of every board for each deal.

    ``holes`` is ``(D, P, 2)``: each deal's hole cards; the boards complete
    ``board`` with cards of ``deck`` (ascending, without the board, the dead
    cards and the fixed hands) less the deal's own hole cards. The native
    kernel must be in use (see :func:`showdown.hands.native.kernel`). With
    ``merge`` the kernel counts flushless boards by rank multiset and walks only
    the flush boards card by card (see ``holdem_merged.c``); without, it walks
    every board. The counts are the same.
    """
    kernel = native.kernel()
    if kernel is None:
        raise RuntimeError("exact_counts needs the native kernel")
    holes = np.ascontiguousarray(holes, dtype=np.int64)
    counts = new_counts(holes.shape[1], holes.shape[0])
    kernel.holdem_exact(
        np.array(sorted(deck), dtype=np.int64),
        np.array(board, dtype=np.int64),
        holes.ravel(),
        counts,
        merge,
    )
    return counts


_SUIT_MAPS: list[tuple[tuple[int, ...], np.ndarray]] = []


def suit_symmetries(*fixed_sets: Sequence[int]) -> list[np.ndarray]:
    """Suit permutations (as card-id maps) that map each given card set onto itself.

    >>> len(suit_symmetries([48, 49])), len(suit_symmetries([48, 49], [44, 45]))
    (4, 4)
    >>> len(suit_symmetries([48, 45])), int(suit_symmetries([48])[1][4])
    (2, 4)
    """
    if not _SUIT_MAPS:  # the 24 maps, built once: a small exact job is planned in ~0.1 ms
        ids = np.arange(52)
        for perm in permutations(range(4)):
            _SUIT_MAPS.append((perm, 4 * (ids >> 2) + np.array(perm)[ids & 3]))
    # per suit, its ranks in each set: a permutation keeps every set iff it keeps these
    held = [[0] * len(fixed_sets) for _ in range(4)]
    for i, cards in enumerate(fixed_sets):
        for c in cards:
            held[int(c) & 3][i] |= 1 << (int(c) >> 2)
    return [
        mapped
        for perm, mapped in _SUIT_MAPS
        if held[perm[0]] == held[0]
        and held[perm[1]] == held[1]
        and held[perm[2]] == held[2]
        and held[perm[3]] == held[3]
    ]


def canonical_classes(
    assignments: np.ndarray, cards: list[np.ndarray], symmetries: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Group assignments equal up to a suit permutation.

    ``assignments`` is ``(M, R)`` combo indices into ``cards[p]`` (``(m_p, 2)`` ids).
    Returns ``(representatives, class_of)``: indices of one assignment per class, and
    each assignment's class number.
    """
    m, r = assignments.shape
    if r > 5 or len(symmetries) <= 1:
        return np.arange(m), np.arange(m)
    best = np.full(m, np.iinfo(np.int64).max, dtype=np.int64)
    for mapped in symmetries:
        key = np.zeros(m, dtype=np.int64)
        for p in range(r):
            # each combo's code under the map, then per deal (combos are fewer than deals)
            pair = mapped[cards[p]]
            a, b = pair[:, 0], pair[:, 1]  # (not pair.max(axis=1): slow along 2 columns)
            code = (np.maximum(a, b) * 52 + np.minimum(a, b)) * (2704**p)
            key += code[assignments[:, p]]
        np.minimum(best, key, out=best)
    _, first, inverse = np.unique(best, return_index=True, return_inverse=True)
    return first, inverse.ravel()
