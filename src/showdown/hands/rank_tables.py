"""Every lookup table an evaluator reads, for every ladder: made once, here, and handed out.

No evaluator builds or loads a table: each asks this module for its ladder's
tables in the form it reads, and this module makes each form once per process:
the standard ladder's from the shipped ``rank_tables.bin`` (:mod:`showdown.hands.packed`),
any other ladder's (and the wrap-around house rule's, R10) from its declaration
(:mod:`showdown.hands.ladders`, with numpy).

============================  ===================================================
:func:`scalar_rank_tables`    the standard rules as Python lists and dicts, for
                              :mod:`~showdown.hands.scalar` (no numpy)
:func:`kernel_buffers`        the standard rules as the buffers the C kernel
                              takes, for :mod:`~showdown.hands.native` (no numpy)
:func:`rank_tables`           any ladder as numpy arrays (:class:`RankTables`)
:func:`nonflush_compact`,     the batch paths' compact non-flush tables
:func:`joint_nonflush_compact`
:func:`ladder_scalar_tables`, any ladder as Python lists and dicts, and as the
:func:`ladder_kernel_buffers` kernel's buffers
:func:`omaha_nonflush`       Omaha: a value per hole pair and board triple of
                              ranks
:func:`tables_for`            the one door of the evaluators of any ladder
                              (:mod:`showdown.hands.ladder_scalar`): its tables
                              in the form an evaluator reads
============================  ===================================================

What the tables hold, for every ladder alike: each card carries a key
(:mod:`showdown.hands.card_keys`). The low eight bits of a hand's key sum say
whether, and in which suit, five cards share a suit (``flush_suit``); the flush
table then gives the value of that suit's rank mask (``flush``). Otherwise the
sum's rank part, unique per rank multiset, gives the value (``nonflush``: sorted
sums and their values, or a dict, or the compact table of the batch paths).

The light part, what ``import showdown`` plus a first ``evaluate_ids`` needs,
imports nothing heavier than :mod:`itertools`; numpy, the ladders and the
builder load on the first call that needs them.

>>> t = scalar_rank_tables()
>>> len(t.nonflush[7]), t.flush[0b1111100000000]  # rank multisets of seven; the royal flush
(49205, 1)
>>> from showdown.variants import HIGH
>>> rank_tables(HIGH).flush.dtype.name
'uint16'
>>> from showdown.variants import HIGH_WRAP
>>> STANDARD_KEYS == {False: HIGH.key, True: HIGH_WRAP.key}
True
"""

from __future__ import annotations

from itertools import accumulate, combinations_with_replacement

from showdown.hands.card_keys import CARD_KEYS, KEY_OFFSET, RANK_KEYS, flush_suit_list
from showdown.hands.packed import (
    PACKED_PATH,
    from_le,
    le_array,
    native_array,
    pack,
    shipped_segments,
)

TYPE_CHECKING = False  # not typing's: this module is on the light import path
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    import numpy as np

    from showdown.hands.packed import Segments
    from showdown.variants import Ladder

    #: The buffers the kernel's ``Tables`` takes (card keys, flush suits, flush table;
    #: per hand size the sorted rank-key sums, their values and the compact rows'
    #: starts), and whether the sums are given as gaps (the packed form).
    Buffers = tuple[tuple[Any, Any, Any, Sequence[Any], Sequence[Any], Sequence[Any]], bool]

_SIZES = (5, 6, 7)


class ScalarRankTables:
    """One ladder's tables as plain Python objects, for the scalar paths.

    ``nonflush[n]`` is keyed by the rank part of a sum of
    :data:`~showdown.hands.card_keys.SCALAR_CARD_KEYS` (``rank-key sum - n * KEY_OFFSET``).
    """

    __slots__ = ("badugi", "flush", "flush_suit", "nonflush")

    def __init__(
        self,
        flush: list[int],
        flush_suit: dict[int, list[int]],
        nonflush: dict[int, dict[int, int]],
        badugi: list[int],
    ) -> None:
        #: 13-bit mask of the ranks in the flush suit -> value (0: fewer than five bits).
        self.flush = flush
        #: n -> (low eight key bits -> flush suit or -1).
        self.flush_suit = flush_suit
        #: n -> {rank-key sum - n * KEY_OFFSET: value} for hands without a flush.
        self.nonflush = nonflush
        #: Badugi: the value of every four-card hand by its combination index.
        self.badugi = badugi


#: The standard rules' Python tables by ``wrap``, made once.
_SCALAR: dict[bool, ScalarRankTables] = {}
#: The standard ladders' keys by ``wrap`` (``HIGH.key``, ``HIGH_WRAP.key``: the light
#: import path does not load the variants), and back.
STANDARD_KEYS = {False: "high", True: "high-wrap"}
_WRAP_OF = {key: wrap for wrap, key in STANDARD_KEYS.items()}


def scalar_rank_tables(wrap: bool = False) -> ScalarRankTables:
    """The standard rules' tables for the scalar path: read from the shipped file
    without numpy, or (``wrap``, or the file missing) made from :func:`rank_tables`."""
    tables = _SCALAR.get(wrap)
    if tables is None:
        shipped = None if wrap else shipped_segments()
        if shipped is None:
            ladder = _standard(wrap)
            tables = _scalar_of(rank_tables(ladder))
        else:
            gaps, values, flush, _ = shipped
            nonflush = {}
            for n in _SIZES:
                steps = from_le("I", gaps[n])
                steps[0] -= n * KEY_OFFSET  # the first key, shifted: every later one follows
                nonflush[n] = dict(zip(accumulate(steps), from_le("H", values[n]), strict=True))
            suits = {n: flush_suit_list(n) for n in _SIZES}
            tables = ScalarRankTables(from_le("H", flush), suits, nonflush, [])
        _SCALAR[wrap] = tables
    return tables


def flush_suits() -> bytes:
    """The suit holding five or more per low eight bits of a key sum, for 5, 6 and 7 cards,
    as the kernel reads them (255: none)."""
    return bytes(s & 255 for n in _SIZES for s in flush_suit_list(n))


def kernel_buffers(wrap: bool = False) -> Buffers:
    """The standard rules' tables as the kernel takes them: straight from the shipped
    file's bytes (no numpy, no copy), or (``wrap``, or the file missing) from numpy."""
    shipped = None if wrap else shipped_segments()
    if shipped is None:
        ladder = _standard(wrap)
        return _buffers_of(rank_tables(ladder))
    gaps, values, flush, starts = shipped
    buffers = (
        native_array("I", CARD_KEYS),
        flush_suits(),
        le_array("H", flush),
        [le_array("I", gaps[n]) for n in _SIZES],
        [le_array("H", values[n]) for n in _SIZES],
        [le_array("I", starts[n]) for n in _SIZES],
    )
    return buffers, True


def _standard(wrap: bool) -> Ladder:
    from showdown.variants import HIGH, HIGH_WRAP

    return HIGH_WRAP if wrap else HIGH


# ------------------------------------------------------------------ every ladder (numpy)


class RankTables:
    """One ladder's lookup tables as numpy arrays (made once by :func:`rank_tables`); the
    other forms made from them are kept with them."""

    __slots__ = (
        "_compact",
        "_omaha",
        "_scalar",
        "badugi",
        "flush",
        "flush_suit",
        "ladder",
        "low_masks",
        "nonflush_keys",
        "nonflush_values",
        "sizes",
    )

    def __init__(self, ladder: Ladder, shipped: Segments | None = None) -> None:
        """``ladder``'s tables: read from ``shipped`` (the standard ladder's segments of
        the file), else built from its declaration by :mod:`showdown.hands.ladders`."""
        import numpy as np

        from showdown.hands import ladders
        from showdown.variants import EIGHT_OR_BETTER

        self.ladder = ladder
        #: Badugi: uint16 value of every four-card hand by its combination index.
        self.badugi = np.zeros(0, dtype=np.uint16)
        #: n -> the sorted rank-key sums of every rank multiset in play, and their values.
        self.nonflush_keys: dict[int, np.ndarray] = {}
        self.nonflush_values: dict[int, np.ndarray] = {}
        if shipped is not None:
            gaps, values, flush, _ = shipped
            #: uint16[8192]: rank mask of five to seven cards of one suit -> value (0: none).
            self.flush = np.frombuffer(flush, dtype="<u2").astype(np.uint16)
            for n in _SIZES:
                keys = np.cumsum(np.frombuffer(gaps[n], dtype="<u4"), dtype=np.int64)
                self.nonflush_keys[n] = keys
                self.nonflush_values[n] = np.frombuffer(values[n], dtype="<u2").astype(np.uint16)
        else:
            self.flush = ladders.flush_table(ladder)
            if ladder.cards == 4:
                self.badugi = ladders.badugi_values()
            else:
                self.nonflush_keys, self.nonflush_values = ladders.nonflush_tables(ladder)
        #: n -> int8[256]: low eight key bits -> the suit of five or more cards, or -1
        #: (always -1 in a ladder without flushes).
        self.flush_suit = {
            n: np.array(flush_suit_list(n) if ladder.flushes else [-1] * 256, dtype=np.int8)
            for n in self.nonflush_keys
        }
        #: The hand sizes the tables cover.
        self.sizes = ladders.hand_sizes(ladder)
        #: Eight-or-better: the value of each 9-bit mask of low ranks (see
        #: :func:`showdown.hands.ladders.low_mask_values`); empty in any other ladder.
        eight_or_better = ladder.key == EIGHT_OR_BETTER.key
        self.low_masks = ladders.low_mask_values(ladder) if eight_or_better else ()
        self._compact: dict[int, tuple[np.ndarray, np.ndarray]] = {}
        self._scalar: ScalarRankTables | None = None
        self._omaha: np.ndarray | None = None


#: Every ladder's tables made so far, by the ladder's key.
_BY_LADDER: dict[str, RankTables] = {}


def rank_tables(ladder: Ladder) -> RankTables:
    """The tables of ``ladder``, made once: the standard ladder's read from the shipped
    file, any other's built from its declaration (well under a second)."""
    tables = _BY_LADDER.get(ladder.key)
    if tables is None:
        shipped = shipped_segments() if ladder == _standard(False) else None
        tables = _BY_LADDER[ladder.key] = RankTables(ladder, shipped)
    return tables


def build(ladder: Ladder) -> RankTables:
    """A fresh build of the tables of ``ladder`` from its declaration (not kept: ask
    :func:`rank_tables`); the tests hold the shipped file against it.

    >>> from showdown.variants import HIGH
    >>> fresh = build(HIGH)
    >>> int(fresh.flush[0b1111100000000]), len(fresh.nonflush_keys[7])  # the royal flush
    (1, 49205)
    """
    return RankTables(ladder)


def nonflush_compact(ladder: Ladder, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The non-flush values of ``ladder`` for ``n`` cards packed into about 220 kB (the
    batch paths): ``(table, shift)``, the value of rank-key sum ``s`` being
    ``table[s + shift[s >> NONFLUSH_ROW_BITS]]`` (see
    :func:`showdown.hands.ladders.compact_table`).

    >>> from showdown.variants import HIGH
    >>> from showdown.hands.ladders import NONFLUSH_ROW_BITS
    >>> table, shift = nonflush_compact(HIGH, 5)
    >>> sums, values = rank_tables(HIGH).nonflush_keys[5], rank_tables(HIGH).nonflush_values[5]
    >>> bool((table[sums + shift[sums >> NONFLUSH_ROW_BITS]] == values).all())
    True
    """
    tables = rank_tables(ladder)
    compact = tables._compact.get(n)
    if compact is None:
        from showdown.hands.ladders import compact_table

        starts = row_starts(n)
        keys, values = tables.nonflush_keys[n], tables.nonflush_values[n]
        compact = tables._compact[n] = compact_table(keys, values, n, starts)
    return compact


#: The joint compact tables made so far, by their ladders' keys and the hand size.
_JOINT: dict[tuple[tuple[str, ...], int], tuple[np.ndarray, np.ndarray]] = {}


def joint_nonflush_compact(ladders: tuple[Ladder, ...], n: int) -> tuple[np.ndarray, np.ndarray]:
    """``(table, shift)`` of the compact non-flush tables of ``ladders`` for ``n`` cards, as
    one: one ladder's own (uint16), or two ladders' side by side, each entry the pair of
    their values (uint16, uint16) read as one uint32. Every compact table has the same
    layout (:func:`row_starts`), so one index reads both.

    >>> from showdown.variants import EIGHT_OR_BETTER, HIGH
    >>> table, shift = joint_nonflush_compact((HIGH, EIGHT_OR_BETTER), 7)
    >>> table.dtype.name, len(table) == len(nonflush_compact(HIGH, 7)[0])
    ('uint32', True)
    """
    key = (tuple(ladder.key for ladder in ladders), n)
    joint = _JOINT.get(key)
    if joint is None:
        import numpy as np

        compact = [nonflush_compact(ladder, n) for ladder in ladders]
        (table, shift), *others = compact
        for other, other_shift in others:
            if len(other) != len(table) or not np.array_equal(other_shift, shift):
                raise AssertionError("the compact tables differ in layout")  # pragma: no cover
        if len(compact) == 2:
            pairs = np.ascontiguousarray(np.stack([t for t, _ in compact], axis=1))
            table = pairs.view(np.uint32).reshape(len(table))
        elif len(compact) != 1:  # pragma: no cover - a game has one or two ladders
            raise AssertionError(f"{len(compact)} ladders")
        joint = _JOINT[key] = table, shift
    return joint


#: The compact tables' row starts by hand size, once read or computed.
_ROW_STARTS: dict[int, np.ndarray] = {}


def row_starts(n: int) -> np.ndarray:
    """Where each row of rank-key sums of ``n`` cards starts in every compact table: read
    from the shipped file, or (missing) computed by first fit (about 0.2 s for seven)."""
    starts = _ROW_STARTS.get(n)
    if starts is None:
        import numpy as np

        from showdown.hands.ladders import first_fit_starts, multiset_keys

        shipped = shipped_segments()
        if shipped is None:
            starts = first_fit_starts(multiset_keys(n))
        else:
            starts = np.frombuffer(shipped[3][n], dtype="<u4").astype(np.int64)
        _ROW_STARTS[n] = starts
    return starts


def ladder_scalar_tables(ladder: Ladder) -> ScalarRankTables:
    """The tables of ``ladder`` as Python lists and dicts (:class:`ScalarRankTables`),
    made once: the standard rules' are :func:`scalar_rank_tables`."""
    from showdown.variants import HIGH, HIGH_WRAP

    if ladder is HIGH or ladder is HIGH_WRAP:
        return scalar_rank_tables(ladder is HIGH_WRAP)
    return _scalar_of(rank_tables(ladder))


def tables_for(
    ladder: Ladder, form: str, cards: int | None = None
) -> ScalarRankTables | Buffers | tuple[int, ...]:
    """The tables of ``ladder`` in the ``form`` an evaluator reads, each made once:
    ``"scalar"`` (:class:`ScalarRankTables`; the standard rules' are those of
    :func:`scalar_rank_tables`), ``"kernel"`` (the buffers the kernel's ``Tables``
    takes) or ``"low"`` (eight-or-better: :attr:`RankTables.low_masks`). ``cards``: the
    hand size the evaluator will take, a :class:`ValueError` if the tables do not cover it.

    >>> from showdown.variants import BADUGI, EIGHT_OR_BETTER, HIGH
    >>> tables_for(HIGH, "scalar") is scalar_rank_tables()
    True
    >>> tables_for(EIGHT_OR_BETTER, "low")[0b11111]  # A-2-3-4-5
    1
    >>> tables_for(BADUGI, "scalar", cards=5)
    Traceback (most recent call last):
    ...
    ValueError: the badugi ladder takes (4,) cards, not 5
    """
    return _in_form(form, cards, rank_tables(ladder))


def _in_form(
    form: str, cards: int | None, tables: RankTables
) -> ScalarRankTables | Buffers | tuple[int, ...]:
    if cards is not None and cards not in tables.sizes:
        key = tables.ladder.key
        raise ValueError(f"the {key} ladder takes {tables.sizes} cards, not {cards}")
    if form == "kernel":
        return _buffers_of(tables)
    if form == "low":
        return tables.low_masks
    return _scalar_of(tables)


def _scalar_of(tables: RankTables) -> ScalarRankTables:
    """The Python form of ``tables``, made once; the standard rules' is shared with
    :func:`scalar_rank_tables` (whichever makes it first)."""
    if tables._scalar is None:
        wrap = _WRAP_OF.get(tables.ladder.key)
        shared = None if wrap is None else _SCALAR.get(wrap)
        tables._scalar = shared if shared is not None else _python_form(tables)
        if wrap is not None:
            _SCALAR[wrap] = tables._scalar
    return tables._scalar


def _python_form(tables: RankTables) -> ScalarRankTables:
    nonflush = {
        n: dict(
            zip(
                (keys - n * KEY_OFFSET).tolist(),
                tables.nonflush_values[n].tolist(),
                strict=True,
            )
        )
        for n, keys in tables.nonflush_keys.items()
    }
    suits = {n: s.tolist() for n, s in tables.flush_suit.items()}
    return ScalarRankTables(tables.flush.tolist(), suits, nonflush, tables.badugi.tolist())


def ladder_kernel_buffers(ladder: Ladder) -> Buffers:
    """The tables of ``ladder`` as the kernel's ``Tables`` takes them: the standard rules'
    are :func:`kernel_buffers`; a hand size the ladder has no tables for gets empty ones
    (the games never ask for it)."""
    from showdown.variants import HIGH, HIGH_WRAP

    if ladder is HIGH or ladder is HIGH_WRAP:
        return kernel_buffers(ladder is HIGH_WRAP)
    return _buffers_of(rank_tables(ladder))


def _buffers_of(tables: RankTables) -> Buffers:
    import numpy as np

    empty = np.zeros(0, dtype=np.int64)
    suits = flush_suits() if tables.ladder.flushes else bytes([255]) * (256 * len(_SIZES))
    buffers = (
        native_array("I", CARD_KEYS),
        suits,
        tables.flush,
        [tables.nonflush_keys.get(n, empty) for n in _SIZES],
        [tables.nonflush_values.get(n, empty) for n in _SIZES],
        [row_starts(n) for n in _SIZES],
    )
    return buffers, False


#: The pair and triple index of the Omaha tables, once made (one entry).
_OMAHA_INDEX: list[tuple[np.ndarray, np.ndarray]] = []


def omaha_index() -> tuple[np.ndarray, np.ndarray]:
    """``pair[13 * r1 + r2]`` (0..90) and ``triple[169 * r1 + 13 * r2 + r3]`` times 91: the
    index of the ranks' multiset among the pairs and triples of ranks, in any order; a
    five's entry in :func:`omaha_nonflush` is at their sum."""
    if not _OMAHA_INDEX:
        import numpy as np

        pairs, triples = _omaha_multisets()
        pair_number = {ranks: i for i, ranks in enumerate(pairs)}
        triple_number = {ranks: i * len(pairs) for i, ranks in enumerate(triples)}
        ranks = range(13)
        pair = [pair_number[tuple(sorted((a, b)))] for a in ranks for b in ranks]
        triple = [
            triple_number[tuple(sorted((a, b, c)))] for a in ranks for b in ranks for c in ranks
        ]
        _OMAHA_INDEX.append((np.array(pair, dtype=np.intp), np.array(triple, dtype=np.intp)))
    return _OMAHA_INDEX[0]


def omaha_nonflush(ladder: Ladder) -> np.ndarray:
    """The non-flush value (uint16) in ``ladder`` of a hole pair's and a board triple's
    ranks, at ``triple index + pair index`` (see :func:`omaha_index`). Five of a rank
    (only from a repeated card) reads the ladder's no-hand value.

    >>> from showdown.variants import EIGHT_OR_BETTER
    >>> pair, triple = omaha_index()
    >>> values = omaha_nonflush(EIGHT_OR_BETTER)
    >>> int(values[triple[169 * 3 + 13 * 2 + 1] + pair[13 * 0 + 12]])  # 5-4-3 + 2-A
    1
    """
    tables = rank_tables(ladder)
    if tables._omaha is None:
        import numpy as np

        from showdown.hands.ladders import NONFLUSH_ROW_BITS, no_hand

        pairs, triples = _omaha_multisets()
        multisets = np.array([t + p for t in triples for p in pairs], dtype=np.int64)
        keys = np.array(RANK_KEYS, dtype=np.int64)[multisets].sum(axis=1)
        table, shift = nonflush_compact(ladder, 5)
        values = table[keys + shift[keys >> NONFLUSH_ROW_BITS]].astype(np.uint16)
        ordered = np.sort(multisets, axis=1)
        values[ordered[:, 0] == ordered[:, 4]] = no_hand(ladder)
        tables._omaha = values
    return tables._omaha


def _omaha_multisets() -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Every unordered pair (91) and triple (455) of ranks, in the order of their index."""
    return (
        list(combinations_with_replacement(range(13), 2)),
        list(combinations_with_replacement(range(13), 3)),
    )


def write_packed(path: str = PACKED_PATH) -> int:
    """Build the standard tables afresh and write them packed; returns the file size.

    Regenerate with
    ``python -c "from showdown.hands.rank_tables import write_packed; write_packed()"``.
    """
    from showdown.hands.ladders import first_fit_starts

    fresh = build(_standard(False))
    data = pack(
        {n: keys.tolist() for n, keys in fresh.nonflush_keys.items()},
        {n: values.tolist() for n, values in fresh.nonflush_values.items()},
        fresh.flush.tolist(),
        {n: first_fit_starts(keys).tolist() for n, keys in fresh.nonflush_keys.items()},
    )
    with open(path, "wb") as f:
        f.write(data)
    return len(data)
