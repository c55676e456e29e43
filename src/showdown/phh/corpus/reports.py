"""One hand's report: :class:`HandReport`, and the rows of plain values it travels as.

A replay makes each hand's outcome as a :data:`Row` (file, hand, class, error and
the details), cheap to send to another process (:func:`to_rows`, :func:`pack_rows`);
:class:`HandReport` reads the details when they are first asked for.
:func:`report` replays, settles and verifies one hand.

>>> [r] = from_rows(to_rows([HandReport("a.phh", "1", "match", players=["Ana", "Bo"])]))
>>> r.cls, r.players
('match', ['Ana', 'Bo'])
"""

from __future__ import annotations

import marshal
import math
from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

from showdown.phh.amounts import INFINITE, from_units
from showdown.phh.bounties import bounty_report
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory, value_text
from showdown.phh.settlement import PotParts, Settlement, parts_payouts, settle
from showdown.phh.verification import verify

__all__ = [
    "DETAILS", "HandReport", "Row", "error_row", "from_row", "from_rows", "hand_row",
    "pack_rows", "packed_row", "report", "settled_or_error", "to_rows",
]


#: The fields of a :class:`HandReport` after file, hand, class and error, in this order.
DETAILS = ("finishing_stacks", "net", "recorded", "recorded_field", "players", "differences",
           "settled", "inferred", "format", "source_id", "ev", "seats")


class HandReport:
    """The outcome of one hand (plain data: it crosses process boundaries).

    ``cls`` is one of :data:`~showdown.phh.verification.CLASSES` or ``None``
    (no recorded result to compare); ``error`` is the message of a hand that
    could not be replayed (then the other results are ``None``). ``settled`` is the
    settlement as :attr:`settlement` gives it, or (for a hand the kernel settled) its
    plain parts ``(pots, returned, showdown order)`` (in units of ``1 / scale``, the scale
    after them when it is not 1), turned into the dictionary when asked for.

    A worker process sends the fields of :data:`DETAILS` packed by :mod:`marshal`; they
    are unpacked when one of them is first read (a summary of a corpus reads only the
    file, hand, class and error of most hands).

    >>> r = HandReport("a.phh", "1", "match", players=["Ana", "Bo"], seats=[3, 6])
    >>> r.cls, r.players, r.seats, r.differences, r.settlement
    ('match', ['Ana', 'Bo'], [3, 6], [], None)
    >>> from_row(packed_row(_row_of(r))) == r
    True
    """

    __slots__ = ("_details", "cls", "error", "file", "hand")

    file: str
    hand: str
    cls: str | None
    error: str | None
    _details: tuple[Any, ...] | bytes

    def __init__(
        self,
        file: str,
        hand: str,
        cls: str | None = None,
        finishing_stacks: list[Any] | None = None,
        net: list[Any] | None = None,
        recorded: list[Any] | None = None,
        recorded_field: str | None = None,
        players: list[str] | None = None,
        differences: list[dict[str, Any]] | None = None,
        settled: dict[str, Any] | PlainParts | None = None,
        error: str | None = None,
        inferred: list[str] | None = None,
        format: str = "phh",
        source_id: str | int | None = None,
        ev: dict[str, Any] | None = None,
        seats: list[int] | None = None,
    ) -> None:
        self.file = file
        self.hand = hand
        self.cls = cls
        self.error = error
        self._details = (finishing_stacks, net, recorded, recorded_field, players or [],
                         differences or [], settled, inferred or [], format, source_id, ev,
                         tuple(seats or ()))

    def _unpacked(self) -> tuple[Any, ...]:
        details = self._details
        if type(details) is bytes:  # two threads may both unpack: the same values
            details = self._details = marshal.loads(details)
        return details  # type: ignore[return-value]

    @property
    def finishing_stacks(self) -> list[Any] | None:
        """Each player's finishing stack as we settle it (the file's numbers)."""
        return self._unpacked()[0]  # type: ignore[no-any-return]

    @property
    def net(self) -> list[Any] | None:
        """Each player's finishing minus starting stack."""
        return self._unpacked()[1]  # type: ignore[no-any-return]

    @property
    def recorded(self) -> list[Any] | None:
        """The recorded result compared (``recorded_field`` names it), or ``None``."""
        return self._unpacked()[2]  # type: ignore[no-any-return]

    @property
    def recorded_field(self) -> str | None:
        """``finishing_stacks``, ``winnings`` or ``None``."""
        return self._unpacked()[3]  # type: ignore[no-any-return]

    @property
    def players(self) -> list[str]:
        """The players' names (``p1``, ``p2``, ... where the file gives none)."""
        return self._unpacked()[4]  # type: ignore[no-any-return]

    @property
    def differences(self) -> list[dict[str, Any]]:
        """The players whose amounts differ: ``player``, ``name``, ``ours``, ``recorded``."""
        return self._unpacked()[5]  # type: ignore[no-any-return]

    @property
    def settled(self) -> dict[str, Any] | PlainParts | None:
        """The settlement, or its plain parts (see the class docstring)."""
        return self._unpacked()[6]  # type: ignore[no-any-return]

    @property
    def inferred(self) -> list[str]:
        """The actions ``--repair`` filled in."""
        return self._unpacked()[7]  # type: ignore[no-any-return]

    @property
    def format(self) -> str:
        """The file's format: ``phh`` (also ``.phhs``) or the room's (``pokerstars``, ...)."""
        return self._unpacked()[8]  # type: ignore[no-any-return]

    @property
    def source_id(self) -> str | int | None:
        """The room's hand number (a PHH file's ``hand`` field), ``None`` if not written."""
        return self._unpacked()[9]  # type: ignore[no-any-return]

    @property
    def ev(self) -> dict[str, Any] | None:
        """With ``--ev``: ``big_blind``, ``all_in_street``, ``ev`` (per player, see
        :func:`_ev_detail`) and ``note``; ``None`` without."""
        return self._unpacked()[10]  # type: ignore[no-any-return]

    @property
    def seats(self) -> list[int]:
        """Each player's seat number, in the order of :attr:`players`: the keys of the
        settlement's pots, payouts, returned chips and showdown order (the hand's
        ``seats`` field, else 1, 2, ... in dealing order)."""
        return list(self._unpacked()[11])

    @property
    def settlement(self) -> dict[str, Any] | None:
        """``pots``, ``payouts``, ``returned`` and ``showdown_order`` as in ``resolve
        --json`` (``None``: not settled)."""
        settled = self.settled
        if type(settled) is tuple:  # plain parts, and the units' scale after them if not 1
            return _parts_dict(settled[:3], settled[3] if len(settled) > 3 else 1)
        return settled  # type: ignore[return-value]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``showdown replay --json``."""
        (finishing, net, recorded, recorded_field, players, differences, _,
         inferred, fmt, source_id, ev, seats) = self._unpacked()
        data: dict[str, Any] = {
            "file": self.file,
            "hand": self.hand,
            "format": fmt,
            "source_id": source_id,
            "class": self.cls,
            "players": players,
            "seats": list(seats),
            "finishing_stacks": finishing,
            "net": net,
            "recorded": recorded,
            "recorded_field": recorded_field,
            "differences": differences,
        }
        settlement = self.settlement or {}
        for key in ("pots", "payouts", "returned", "showdown_order"):
            data[key] = settlement.get(key)
        if inferred:
            data["inferred"] = inferred
        if ev is not None:
            data["all_in_street"] = ev["all_in_street"]
            data["ev"] = ev["ev"]
            if ev["note"] is not None:
                data["ev_note"] = ev["note"]
        if self.error is not None:
            data["error"] = self.error
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandReport):
            return NotImplemented
        return _row_of(self) == _row_of(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        details = self._unpacked()
        values = [self.file, self.hand, self.cls, *details[:7], self.error, *details[7:]]
        names = ("file", "hand", "cls", *DETAILS[:7], "error", *DETAILS[7:])  # __init__'s order
        return f"HandReport({', '.join(f'{k}={v!r}' for k, v in zip(names, values, strict=True))})"

    def __reduce__(self) -> tuple[Any, ...]:
        return from_row, (_row_of(self),)


class _SeatText(dict[int, str]):
    """Seat numbers as JSON keys: the usual ones made once, any other on demand."""

    def __missing__(self, seat: int) -> str:
        return str(seat)


_SEAT_TEXT = _SeatText({k: str(k) for k in range(64)})


#: A kernel-settled hand's pots, returned chips and showdown order (see :data:`Parts`), in
#: units of ``1 / scale``: the scale follows them when it is not 1.
PlainParts = (tuple[PotParts, tuple[tuple[int, int], ...], tuple[int, ...]]
              | tuple[PotParts, tuple[tuple[int, int], ...], tuple[int, ...], int])


def _parts_dict(parts: PlainParts, scale: int = 1) -> dict[str, Any]:
    """The settlement dictionary of a kernel-settled hand, without Showdown (amounts in
    units of ``1 / scale``, written as the file's numbers)."""
    pots: Any = parts[0]
    returned: Any = parts[1]
    order = parts[2]
    text = _SEAT_TEXT
    plain = []
    payouts: dict[int, Any] = parts_payouts(pots)
    if scale != 1:  # each sum in units first: a sum of decimals is not exact
        money = partial(from_units, scale=scale)
        pots = [(money(amount), eligible, winners, tuple(map(money, shares)))
                for amount, eligible, winners, shares in pots]
        returned = [(seat, money(c)) for seat, c in returned]
        payouts = {seat: money(c) for seat, c in payouts.items()}
    for amount, eligible, winners, shares in pots:
        plain.append({
            "amount": amount,
            "eligible": list(eligible),
            "winners": list(winners),
            "shares": dict(zip(map(text.__getitem__, winners), shares, strict=True)),
        })
    return {
        "pots": plain,
        "payouts": dict(zip(map(text.__getitem__, payouts), payouts.values(), strict=True)),
        "returned": {text[seat]: c for seat, c in returned},
        "showdown_order": list(order),
    }


def _settlement_dict(s: Settlement) -> dict[str, Any] | PlainParts | None:
    """The settlement of a report: plain parts for a kernel-settled hand, else the dict."""
    parts = s.parts
    if parts is not None:  # the plain parts, made a dictionary when read
        scale = s.replay.scale
        return parts[:3] if scale == 1 else (*parts[:3], scale)
    sd = s.showdown
    if sd is None:
        return None
    scale = s.replay.scale

    # Whole chips, where no pot can hold an unknown (inf) stack, are the file's numbers.
    whole = scale == 1 and sum(s.replay.contributed) < INFINITE // 2
    money: Callable[[int], int | float] = int if whole else partial(from_units, scale=scale)
    return {
        "pots": [
            {
                "amount": money(p.amount),
                "eligible": list(p.eligible),
                "winners": list(p.winners),
                "shares": {str(seat): money(c) for seat, c in p.shares.items()},
            }
            for p in sd.pots
        ],
        "payouts": {str(seat): money(c) for seat, c in sd.payouts.items()},
        "returned": {str(seat): money(c) for seat, c in sd.returned.items()},
        "showdown_order": list(sd.showdown_order),
    }


def _money(units: int, scale: int) -> int | float | None:
    """Units as the file's number; an unknown (``inf``) stack is ``None`` (JSON has no inf)."""
    value = from_units(units, scale)
    return None if value == math.inf else value


def _moneys(values: list[int], scale: int) -> list[int | float | None]:
    """:func:`_money` of each value (known amounts at once, as :func:`from_units` gives
    them: whole ones as integers, the others divided, correctly rounded).

    >>> _moneys([250, -5, 0, -100], 100), _moneys([3, 4], 1)
    ([2.5, -0.05, 0, -1], [3, 4])
    """
    if max(values) < INFINITE // 2:
        if scale == 1:
            return list(values)
        return [v / scale if v % scale else v // scale for v in values]
    return [_money(v, scale) for v in values]


def report(history: HandHistory, hand: str, repair: bool = False, ev: bool = False
           ) -> HandReport:
    """Replay, settle and verify one hand; a :class:`HistoryError` becomes the report's error."""
    try:
        s: Settlement | HistoryError = settle(history, repair)
    except HistoryError as exc:
        s = exc
    return from_row(hand_row(history, hand, s, ev=ev))


def settled_or_error(history: HandHistory, repair: bool) -> Settlement | HistoryError:
    """The hand settled (:func:`~showdown.phh.settlement.settle`), or the error it raises."""
    try:
        return settle(history, repair)
    except HistoryError as exc:
        return exc


def error_row(file: str, hand: str, error: str, fmt: str = "phh") -> Row:
    """The row of a hand (or a file: ``hand`` ``"?"``) that could not be replayed.

    >>> from_row(error_row("a.txt", "7", "a.txt, hand 7: bad", "pokerstars")).source_id
    '7'
    """
    source = hand if fmt != "phh" and hand != "?" else None
    return (file, hand, None, error,
            (None, None, None, None, [], [], None, [], fmt, source, None, ()))


def source_label(value: Any) -> str | int | None:
    """A hand's ``hand`` field as a report gives it (``source_id``): a whole number or a
    text as written, any other TOML value as its TOML text (JSON and the rows between
    processes take no time of day).

    >>> import datetime
    >>> source_label(164150709626), source_label("RC1"), source_label(datetime.time(0, 0, 9))
    (164150709626, 'RC1', '00:00:09')
    """
    if value is None or type(value) is int or type(value) is str:
        return value
    if isinstance(value, str):
        return str(value)
    try:
        return value_text(value)
    except TypeError:  # a value no TOML text gives (a HandHistory made in Python)
        return repr(value)


def hand_row(history: HandHistory, hand: str, s: Settlement | HistoryError,
             fmt: str = "phh", ev: bool = False) -> Row:
    """A hand's report as a :data:`Row` (``fmt``: the format the hand was read from;
    ``ev``: with its all-in EV, :func:`_ev_detail`)."""
    file = history.file or "-"
    source = source_label(history.fields.get("hand"))
    try:
        if isinstance(s, HistoryError):
            raise s
        verdict = verify(s)
        # a knockout's record checked (showdown.phh.bounties): class "bounty" if it disagrees
        knockouts = (bounty_report(s, verdict.cls, []) if "_eliminated_by" in history.fields
                     else None)
    except HistoryError as exc:
        row = error_row(file, hand, str(exc), fmt)
        return (*row[:4], (*row[4][:9], source, None, ()))
    replay = s.replay
    scale = replay.scale
    finishing = s.finishing
    ours: list[Any] | None = None
    net: list[Any] | None = None
    if finishing is not None:
        net = [f - b for f, b in zip(finishing, replay.starting, strict=True)]
        if scale == 1 and max(finishing) < INFINITE // 2:
            ours = finishing  # whole chips: the file's numbers (a list only this settlement holds)
        else:
            ours = _moneys(finishing, scale)
            net = _moneys(net, scale)
    names = history.names
    seats = tuple(history.seats)  # a tuple of numbers: the collector soon stops tracking it
    recorded: list[Any] | None = verdict.recorded
    if recorded is not None and not all(map(_finite, recorded)):
        recorded = [v if _finite(v) else None for v in recorded]  # JSON has no inf or nan
    differences = [
        {
            "player": f"p{i + 1}",
            "name": names[i],
            "ours": from_units(mine, scale),
            "recorded": recorded[i] if recorded else None,
        }
        for i, mine, _ in verdict.differences
    ] if verdict.differences else []
    if verdict.cls == "cash-out":
        _cash_out_details(history.fields, differences)
    cls: str | None = verdict.cls
    if knockouts is not None:
        cls, extra = knockouts
        differences = differences + extra
    return (file, hand, cls, None, (ours, net, recorded, verdict.field, names,
                                           differences, _settlement_dict(s), replay.inferred,
                                           fmt, source, _ev_detail(s) if ev else None,
                                           seats))


def _cash_out_details(fields: dict[str, Any], differences: list[dict[str, Any]]) -> None:
    """Beside each player who cashed out (class ``cash-out``): what the room paid them in
    all (``cashed_out``) and the fee it wrote (``cash_out_fee``, ``None``: none written);
    ``ours`` is what the cards pay them, ``recorded`` what the room wrote as won.

    >>> fields = {"_cash_out": [0, 1], "_cash_out_paid": [0, 22.77], "_cash_out_fee": [0, 0.46]}
    >>> rows = [{"player": "p2", "name": "Bo", "ours": 0, "recorded": 0}]
    >>> _cash_out_details(fields, rows); rows[0]["cashed_out"], rows[0]["cash_out_fee"]
    (22.77, 0.46)
    """
    paid, fees = fields.get("_cash_out_paid"), fields.get("_cash_out_fee")
    for row in differences:
        i = int(row["player"][1:]) - 1
        if fields["_cash_out"][i]:
            row["cashed_out"] = paid[i] if isinstance(paid, list) and i < len(paid) else None
            row["cash_out_fee"] = fees[i] if isinstance(fees, list) and i < len(fees) else None


def _finite(value: int | float) -> bool:
    """Whether a recorded number can be written in JSON (``inf`` and ``nan`` cannot)."""
    return type(value) is int or math.isfinite(value)


def _ev_detail(s: Settlement) -> dict[str, Any]:
    """A hand's all-in EV as plain values (see :mod:`showdown.phh.allin_ev`): the big
    blind (what ``--ev`` counts results in), the street of the all-in (``None``: none
    before the last card), and per player ``player``, ``name``, ``shares`` (their
    expected share of each pot, main pot first), ``expected`` (chips expected back),
    ``won`` (chips won back) and ``difference`` (``won - expected``), in the file's
    numbers; ``note`` says why the EV of an all-in hand was not computed."""
    from showdown.phh.allin_ev import all_in_ev

    history = s.replay.history
    detail: dict[str, Any] = {"big_blind": _big_blind(history), "all_in_street": None,
                              "ev": None, "note": None}
    found = all_in_ev(s)
    if found is None:
        return detail
    detail["all_in_street"] = found.street
    detail["note"] = found.note
    if found.note is not None:
        return detail
    money = partial(from_units, scale=s.replay.scale)
    names = history.names
    detail["ev"] = [
        {
            "player": f"p{i + 1}",
            "name": names[i],
            "shares": [money(x) for x in found.shares[i]],
            "expected": money(found.expected[i]),
            "won": money(found.won[i]),
            "difference": money(found.won[i] - found.expected[i]),
        }
        for i in range(len(found.won))
    ]
    return detail


def _big_blind(history: HandHistory) -> int | float | None:
    """The hand's big blind (its largest blind or straddle; else its small bet or minimum
    bet): results per 100 hands are counted in it."""
    fields = history.fields
    blinds = fields.get("blinds_or_straddles")
    if isinstance(blinds, list) and blinds and max(blinds) > 0:
        return max(blinds)  # type: ignore[no-any-return]
    for key in ("small_bet", "min_bet"):
        value = fields.get(key)
        if isinstance(value, int | float) and value > 0:
            return value
    return None


#: A report as a row of plain values: (file, hand, class, error, details), the details
#: being the values of :data:`DETAILS` as a tuple, or packed by :mod:`marshal` for
#: another process (several times quicker to write and read than pickle's format for such
#: values; both processes run the same Python).
Row = tuple[Any, ...]


def from_row(row: Row) -> HandReport:
    """The report of one row (see :func:`from_rows`)."""
    r = _new(HandReport)
    r.file, r.hand, r.cls, r.error, r._details = row
    return r


_new = object.__new__


def _row_of(r: HandReport) -> Row:
    return (r.file, r.hand, r.cls, r.error, r._unpacked())


def packed_row(row: Row) -> Row:
    """A row with its details packed by :mod:`marshal` (see :data:`Row`)."""
    return (*row[:4], marshal.dumps(row[4]))


def to_rows(reports: Iterable[HandReport]) -> list[Row]:
    """Reports as rows of plain values, packed for another process; :func:`from_rows`
    makes them reports again (their details unpacked when first read).

    >>> [r] = from_rows(to_rows([HandReport("a.phh", "1", "match", players=["Ana", "Bo"])]))
    >>> r.cls, r.players, r == HandReport("a.phh", "1", "match", players=["Ana", "Bo"])
    ('match', ['Ana', 'Bo'], True)
    """
    return [packed_row(_row_of(r)) for r in reports]


def from_rows(rows: Iterable[Row]) -> list[HandReport]:
    """The reports of rows (:func:`to_rows`, or the rows a replay makes)."""
    return list(map(from_row, rows))


def pack_rows(rows: list[Row]) -> bytes:
    """Rows for another process: each row's details packed, then the whole list."""
    dumps = marshal.dumps
    return dumps([(file, hand, cls, error, dumps(details))
                  for file, hand, cls, error, details in rows])
