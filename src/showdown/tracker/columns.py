"""The rows of a batch of hands as Arrow tables of the database's own types: :func:`tables`.

Each column is made at once from the rows' tuples with its type given (no type guessed,
no cast left to the database): amounts, integers of millionths, become ``decimal128(18,
6)`` by laying each one's 16 bytes out in numpy (the number of millionths is the
decimal's own integer); the columns ``hand_players`` copies from its hand are taken from
the hand's column by index; an action's street and actor are worked out over the whole
column (an action's street: the dealer's runs of actions before it, the first one not
counted; its actor: the ``N`` of ``pN ...``).

>>> from showdown.phh import loads, settle
>>> from showdown.tracker.hand_rows import Rows
>>> hand = loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 7h6h", "p2 cc", "p1 cc", "d db 2c3c4d", "p1 cc",
...            "p2 cbr 10", "p1 f"]
... hand = 7''')
>>> rows = Rows()
>>> rows.add(hand, settle(hand), "phh")
>>> t = tables([rows], first=100)
>>> t["hands"].column("hand_id").to_pylist(), t["hand_players"].column("hand_id").to_pylist()
([100], [100, 100])
>>> t["hand_players"].column("net").to_pylist()
[Decimal('-2.000000'), Decimal('2.000000')]
>>> t["actions"].column("street").to_pylist(), t["actions"].column("actor").to_pylist()
([0, 0, 0, 0, 1, 1, 1, 1], [None, None, 2, 1, None, 1, 2, 1])
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from showdown.tracker.hand_rows import (
    ACTION_COLUMNS,
    HAND_COLUMNS,
    HAND_OWN,
    MONEY,
    PLAYER_COLUMNS,
    PLAYER_OWN,
    POT_AMOUNTS,
    POT_COLUMNS,
    POT_OWN,
)
from showdown.tracker.schema import STAT_COLUMNS

if TYPE_CHECKING:
    import pyarrow as pa

    from showdown.tracker.hand_rows import Rows

__all__ = ["TYPES", "decimals", "tables"]

#: Every column's Arrow type, by name (``decimal128(18, 6)`` for the amounts).
TYPES: dict[str, str] = {
    "hand_id": "int64", "room": "string", "hand": "string", "file_id": "int32",
    "played_at": "timestamp[us]", "time_zone": "string", "game": "string",
    "currency": "string", "tournament": "string", "table_name": "string",
    "max_seats": "int8", "players": "int8", "board": "string", "class": "string",
    "all_in_street": "string", "extra": "string", "seat": "int16", "player": "string",
    "turn": "int8", "position": "string", "cards": "string", "ring": "bool", "n": "int16",
    "street": "int8", "actor": "int8", "action": "string", "pot": "int8",
    **dict.fromkeys(STAT_COLUMNS, "uint8"),
}
#: The largest amount ``DECIMAL(18, 6)`` holds, in millionths.
_LIMIT = 10**18


def decimals(values: list[int | None]) -> pa.Array:
    """Millionths (``None``: null) as ``decimal128(18, 6)``.

    >>> decimals([1_500_000, -7, None]).to_pylist()
    [Decimal('1.500000'), Decimal('-0.000007'), None]
    """
    import numpy as np
    import pyarrow as pa

    ints = pa.array(values, pa.int64())
    nulls = ints.null_count
    data = (ints.fill_null(0) if nulls else ints).to_numpy()
    if len(data) and (data.max() >= _LIMIT or data.min() <= -_LIMIT):
        raise OverflowError("an amount beyond DECIMAL(18, 6): "
                            f"{max(data.max(), -data.min()) / 10**6}")
    wide = np.empty((len(data), 2), np.int64)  # each decimal: 16 bytes, low word first
    wide[:, 0] = data
    wide[:, 1] = data >> 63
    return pa.Array.from_buffers(pa.decimal128(18, 6), len(data),
                                 [ints.buffers()[0] if nulls else None, pa.py_buffer(wide)],
                                 null_count=nulls)


def _column(name: str, values: Any, amounts: frozenset[str]) -> pa.Array:
    import pyarrow as pa

    if name in amounts:
        return decimals(list(values))
    return pa.array(values, pa.type_for_alias(TYPES[name]))


def _table(names: tuple[str, ...], rows: list[tuple[Any, ...]],
           amounts: frozenset[str] = MONEY) -> list[pa.Array]:
    """The columns ``names`` of rows (tuples) as arrays of their types (``amounts``: the
    names that are amounts). A column is taken out at once (``zip(*rows)`` walks every
    row for each value it takes: three times slower)."""
    return [_column(n, list(map(itemgetter(k), rows)), amounts) for k, n in enumerate(names)]


def _counters(rows: list[tuple[int, ...]]) -> list[pa.Array]:
    """The counters' columns (each 0 to 255) of the players' rows: their bytes laid out in
    one numpy array, a column each."""
    import numpy as np
    import pyarrow as pa

    width = len(STAT_COLUMNS)
    grid = np.frombuffer(bytes(chain.from_iterable(rows)), np.uint8).reshape(-1, width)
    if len(grid) != len(rows):
        raise ValueError(f"each player's counters are {width} numbers")
    return [pa.array(np.ascontiguousarray(grid[:, k])) for k in range(width)]


def _ids(counts: Any, first: int) -> Any:
    """Each row's hand id, from how many rows each hand has (numpy)."""
    import numpy as np

    return np.repeat(np.arange(first, first + len(counts), dtype=np.int64), counts)


def _actions(texts: pa.Array, counts: Any, first: int) -> pa.Table:
    """The actions' table: each action's hand, number, street and actor from the texts."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    starts = np.cumsum(counts) - counts
    numbers = np.arange(len(texts), dtype=np.int64) - np.repeat(starts, counts)
    dealer = pc.starts_with(texts, "d ").to_numpy(zero_copy_only=False)
    before = np.ones(len(texts), bool)  # whether the action before, in its hand, is the dealer's
    before[1:] = dealer[:-1]
    before[starts[counts > 0]] = True
    opens = np.cumsum(dealer & ~before)  # the dealer's runs that open a street, so far
    street = opens - np.repeat(np.concatenate(([0], opens))[starts], counts)
    actor = pc.struct_field(pc.extract_regex(texts, r"^p(?P<p>[0-9]+) "), [0])
    return pa.table([pa.array(_ids(counts, first)), pa.array(numbers.astype(np.int16)),
                     pa.array(street.astype(np.int8)), pc.cast(actor, pa.int8()), texts],
                    names=ACTION_COLUMNS)


def tables(batch: Sequence[Rows], first: int = 0, file_ids: Sequence[int] | None = None
           ) -> dict[str, pa.Table]:
    """The tables of the rows of a batch of files, by name (``hands``, ``hand_players``,
    ``actions``, ``pots``), the hands numbered from ``first`` on, in order, and the files
    ``file_ids`` (0 for each without), their columns in the tables' order."""
    import numpy as np
    import pyarrow as pa
    import pyarrow.compute as pc

    def joined(name: str) -> list[Any]:
        return list(chain.from_iterable(getattr(rows, name) for rows in batch))

    hand_rows = joined("hand_rows")
    ids = pa.array(np.arange(first, first + len(hand_rows), dtype=np.int64))
    files = np.repeat(np.array(file_ids or [0] * len(batch), np.int32),
                      [len(rows) for rows in batch])
    own = dict(zip(HAND_OWN, _table(HAND_OWN, hand_rows), strict=True))
    hands = pa.table([ids if c == "hand_id" else pa.array(files) if c == "file_id" else own[c]
                      for c in HAND_COLUMNS], names=HAND_COLUMNS)
    seated = hands.column("players").to_numpy()
    at = pa.array(np.repeat(np.arange(len(hand_rows)), seated))
    copied = [(pc.is_null(hands.column("tournament")) if name == "ring"
               else hands.column(name)).take(at) for name in PLAYER_COLUMNS[len(PLAYER_OWN) + 1:]]
    theirs = [_column(name, list(chain.from_iterable(rows.players[k] for rows in batch)),
                      MONEY) for k, name in enumerate(PLAYER_OWN)]
    players = pa.table([pa.array(_ids(seated, first)), *theirs, *copied,
                        *_counters(joined("stat_rows"))], names=[*PLAYER_COLUMNS, *STAT_COLUMNS])
    pot_counts = np.array(joined("pot_counts"), np.int64)
    pots = pa.table([pa.array(_ids(pot_counts, first)),
                     *_table(POT_OWN, joined("pot_rows"), POT_AMOUNTS)], names=POT_COLUMNS)
    actions = _actions(pa.array(joined("actions"), pa.string()),
                       np.array(joined("action_counts"), np.int64), first)
    return {"hands": hands, "hand_players": players, "actions": actions, "pots": pots}
