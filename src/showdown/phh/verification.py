"""Verification: compare a settled hand with the result its history records.

When the history has ``finishing_stacks`` (else ``winnings``), each hand is
classed as

- ``match``: every player's amount is ours;
- ``odd-chip``: the chips add up and differ only by how the odd chips of
  split pots were shared (a record that halves chips, or gives the whole
  remainder to one player, as pokerkit does);
- ``rake``: only winners received less: by what the room wrote it took (the fields
  ``_rake``, ``_jackpot`` and ``_fees`` of a hand read from a room's file), else by at
  most 10% of the pot in all;
- ``unknown-cards``: a hand needed at showdown is ``????`` (classed so
  whether or not a result is recorded);
- ``mismatch``: anything else; :attr:`Verdict.differences` names the players;
- ``partial``: the actions stop before the hand is over (the PHH standard allows
  it): it is replayed as far as written, every action checked, but not settled;
- ``cash-out``: a player cashed out (PokerStars' All-in Cash Out, GGPoker's EV
  Cashout: the field ``_cash_out`` flags them), so the room paid them what it agreed
  rather than what the cards paid; every other player verifies (``match``,
  ``odd-chip`` or ``rake``). :attr:`Verdict.differences` lists each player who cashed
  out (ours: what the cards pay them) beside the others' differences; the fields
  ``_cash_out_paid`` and ``_cash_out_fee`` say what the room paid and its fee.

The reports of ``showdown replay`` add ``bounty``: the chips verify (``match``,
``odd-chip`` or ``rake``) but the hand's record of a knockout contradicts its
settlement (:func:`showdown.phh.bounties.bounty_report`).

A hand that records no result and needs no unknown hand has class ``None``.
Recorded ``winnings`` may or may not count a player's uncalled bet handed
back (card rooms differ: when everyone folds to the big blind, some say it
collected both blinds); both are read as a match.

>>> from showdown.phh.notation import loads
>>> from showdown.phh.settlement import settle
>>> text = '''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcKd", "d dh p2 AhKc", "d dh p3 7h6h", "p3 cbr 5", "p1 cc", "p2 cc",
...   "d db 2c3c9d", "p1 cc", "p2 cc", "p3 cc", "d db Jd", "p1 cc", "p2 cc", "p3 cc",
...   "d db Qs", "p1 cc", "p2 cc", "p3 cc", "p1 sm AcKd", "p2 sm AhKc", "p3 sm"]
... finishing_stacks = [%s]'''
>>> verify(settle(loads(text % "103, 102, 95"))).cls  # 15 chips split, odd chip left of the button
'match'
>>> verify(settle(loads(text % "102.5, 102.5, 95"))).cls
'odd-chip'
>>> verify(settle(loads(text % "102, 102, 95"))).cls  # 1 chip of 15 kept by the house
'rake'
>>> v = verify(settle(loads(text % "95, 110, 95")))
>>> v.cls, v.differences
('mismatch', [(0, 103, 95), (1, 102, 110)])
>>> v = verify(settle(loads(text % "95, 102, 95" + "\\n_cash_out = [1, 0, 0]")))
>>> v.cls, v.differences  # p1 cashed out: the room did not pay the pot's half to them
('cash-out', [(0, 103, 95)])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from showdown.phh.amounts import INFINITE
from showdown.phh.settlement import Settlement

__all__ = ["CLASSES", "RAKE_LIMIT", "Verdict", "verify"]

Class = Literal["match", "odd-chip", "rake", "unknown-cards", "mismatch", "bounty", "partial",
                "cash-out"]
#: The classes, in the order reports list them (``bounty``: a report's only, see
#: :func:`showdown.phh.bounties.bounty_report`).
CLASSES: tuple[Class, ...] = (
    "match", "odd-chip", "rake", "unknown-cards", "mismatch", "bounty", "partial", "cash-out",
)
#: The classes whose chips verify: a hand with a cash-out in one of them is ``cash-out``.
_VERIFIED = ("match", "odd-chip", "rake")
#: The largest rake taken for one (10% of the pot).
RAKE_LIMIT = Fraction(1, 10)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The class of a hand, the field compared (``finishing_stacks``, ``winnings`` or
    ``None``), the recorded values (the file's numbers) and the differing players as
    ``(index, ours, recorded)`` in units."""

    cls: Class | None
    field: str | None
    recorded: list[int | float] | None
    differences: list[tuple[int, int, Fraction | int]]


def _recorded(settlement: Settlement) -> tuple[str | None, list[int | float] | None]:
    fields = settlement.replay.history.fields
    n = len(settlement.replay.contributed)
    for key in ("finishing_stacks", "winnings"):
        value = fields.get(key)
        if value is None:
            continue
        if not isinstance(value, list) or len(value) != n or not all(map(_number, value)):
            settlement.replay.history.error(f"the field {key!r} must be an array of {n} numbers")
        return key, value
    return None, None


_NUMBERS = frozenset({int, float})


def _number(value: object) -> bool:
    """Whether a recorded value is a number an amount can be: an int or a float, not
    ``nan`` nor ``-inf`` (``inf`` is an unknown stack).

    >>> [_number(v) for v in (3, 2.5, float("inf"), float("nan"), float("-inf"), True)]
    [True, True, True, False, False, False]
    """
    if type(value) is int:
        return True
    return type(value) is float and value == value and value != -math.inf


def _units(value: int | float, scale: int) -> Fraction | int:
    """A recorded number in the replay's units (exact: a record may hold half chips).

    >>> _units(15.65, 100), _units(0.125, 100), _units(3, 10)
    (1565, Fraction(25, 2), 30)
    """
    if isinstance(value, int):
        return value * scale
    if value == float("inf"):
        return INFINITE
    if 0 <= value < 1e6:
        # A whole count of units whose quotient is the recorded double is its decimal:
        # below 1e6 two decimals of at most 9 places never round to the same double.
        units = round(value * scale)
        if units / scale == value:
            return units
    return Fraction(str(value)) * scale


def verify(settlement: Settlement) -> Verdict:
    """Class the settled hand against its recorded result (see the module docstring)."""
    replay = settlement.replay
    ours = settlement.finishing
    scale = replay.scale
    cashed = _cashed_out(settlement)
    if ours is not None and scale == 1 and cashed is None:  # the usual case, at once
        recorded = replay.history.fields.get("finishing_stacks")
        if type(recorded) is list and recorded == ours and _NUMBERS.issuperset(
            map(type, recorded)
        ):
            return Verdict("match", "finishing_stacks", recorded, [])
    key, recorded = _recorded(settlement)
    if replay.partial is not None:
        return Verdict("partial", key, recorded, [])
    if ours is None:  # no showdown: a needed hand is unknown
        return Verdict("unknown-cards", key, recorded, [])
    if key is None or recorded is None:
        return Verdict(None, None, None, [])
    if key != "finishing_stacks":
        ours = settlement.winnings
        assert ours is not None
    if scale == 1 and recorded == ours and cashed is None:  # whole chips, all the same
        return Verdict("match", key, recorded, [])
    theirs = _all_units(recorded, scale)  # each recorded number in units, once for all tries
    if cashed is not None:  # the others verified alone: a cash-out's record is the room's deal
        real = theirs
        theirs = [mine if out else value for mine, value, out in zip(ours, real, cashed,
                                                                      strict=True)]
    returned = _returned(settlement) if key == "winnings" else None
    verdict = _classed(settlement, key, recorded, theirs, ours, returned, "more")
    if verdict.cls == "mismatch" and returned is not None and any(returned):
        # winnings counting the uncalled bet handed back (some rooms do, even after rake)
        # or not at all (a pot the house added to)
        for counted in ("always", "never"):
            other = _classed(settlement, key, recorded, theirs, ours, returned, counted)
            if CLASSES.index(other.cls or "mismatch") < CLASSES.index(verdict.cls or "mismatch"):
                verdict = other
    if cashed is not None and verdict.cls in _VERIFIED:
        outs = [(i, ours[i], real[i]) for i, out in enumerate(cashed) if out]
        return Verdict("cash-out", key, recorded, sorted(outs + verdict.differences))
    return verdict


def _cashed_out(settlement: Settlement) -> list[int] | None:
    """The ``_cash_out`` flags of a hand where a player cashed out (1: cashed out), else
    ``None``."""
    history = settlement.replay.history
    flags = history.fields.get("_cash_out")
    if flags is None:
        return None
    n = len(settlement.replay.contributed)
    if not isinstance(flags, list) or len(flags) != n or any(f not in (0, 1) for f in flags):
        history.error(f"the field '_cash_out' must be an array of {n} flags (1: cashed out)")
    return flags if any(flags) else None


def _all_units(values: list[int | float], scale: int) -> list[Fraction | int]:
    """:func:`_units` of each recorded number; the everyday ones (whole, or decimals below
    1e6 that are a whole count of units) at once.

    >>> _all_units([15.65, 0, 3], 100), _all_units([0.125, 2], 100)
    ([1565, 0, 300], [Fraction(25, 2), 200])
    """
    if scale == 1 and _INTS.issuperset(map(type, values)):
        return list(values)  # type: ignore[arg-type]
    try:
        if min(values) >= 0 and max(values) < 1e6:
            units = [round(v * scale) for v in values]
            # a whole count of units whose quotient is the recorded double (see _units)
            if [u / scale for u in units] == values:
                return units  # type: ignore[return-value]
    except (ValueError, OverflowError):  # nan, or an inf beside the others
        pass
    return [_units(v, scale) for v in values]


_INTS = frozenset({int})


def _classed(settlement: Settlement, key: str, recorded: list[int | float],
             theirs: list[Fraction | int], ours: list[int], returned: list[int] | None,
             counted: str) -> Verdict:
    """The class of the recorded amounts (``theirs``, in units) against ours. ``counted``:
    whether the record counts each player's uncalled bet handed back (``returned``, per
    player; ``None`` for none) in what they won: ``always``, ``never``, or ``more`` (where
    it says more than our winnings)."""
    diffs = []
    for i, mine in enumerate(ours):
        if mine >= _UNKNOWN:  # an unknown (inf) stack
            continue
        value = theirs[i]
        if returned is not None:
            back = returned[i]
            if back and (counted == "always" or (counted == "more" and value > mine)):
                value -= back
        if value != mine:
            diffs.append((i, mine, value))
    if not diffs:
        return Verdict("match", key, recorded, [])
    if _odd_chip(settlement, diffs):
        return Verdict("odd-chip", key, recorded, diffs)
    if _rake(settlement, diffs):
        return Verdict("rake", key, recorded, diffs)
    return Verdict("mismatch", key, recorded, diffs)


_UNKNOWN = INFINITE // 2


def _pots(settlement: Settlement) -> tuple[list[tuple[int, tuple[int, ...]]], dict[int, int]]:
    """The pots as (amount, winner seats) and the chips returned per seat: from the
    kernel's plain parts while no :class:`~showdown.pots.resolution.Showdown` was built,
    else from it."""
    parts = settlement.parts
    if parts is not None:
        return [(amount, winners) for amount, _, winners, _ in parts[0]], dict(parts[1])
    showdown = settlement.showdown
    assert showdown is not None
    return [(p.amount, p.winners) for p in showdown.pots], showdown.returned


def _returned(settlement: Settlement) -> list[int]:
    """Each player's uncalled chips handed back (some sites count them in the winnings)."""
    parts = settlement.parts
    back = dict(parts[1]) if parts is not None else _pots(settlement)[1]
    if not back:
        return [0] * len(settlement.replay.contributed)
    return [back.get(seat, 0) for seat in settlement.replay.history.seats]


def _odd_chip(settlement: Settlement, diffs: list[tuple[int, int, Fraction | int]]) -> bool:
    if sum(theirs - ours for _, ours, theirs in diffs) != 0:
        return False
    seats = settlement.replay.history.seats
    allowance = dict.fromkeys(range(len(seats)), 0)
    for amount, winners in _pots(settlement)[0]:
        if len(winners) > 1:
            odd = amount % len(winners)
            for seat in winners:
                allowance[seats.index(seat)] += odd
    return all(abs(Fraction(theirs - ours)) <= allowance[i] for i, ours, theirs in diffs)


#: The fees a room writes (see :mod:`showdown.phh.rooms`): its rake, jackpot and other fees.
HOUSE_FIELDS = ("_rake", "_jackpot", "_fees")


#: Money a room adds to a pot (GGPoker's "Cash Drop to Pot").
ADDED_FIELDS = ("_cash_drop",)


def _rake(settlement: Settlement, diffs: list[tuple[int, int, Fraction | int]]) -> bool:
    winnings = settlement.winnings
    assert winnings is not None
    fields = settlement.replay.history.fields
    added = [fields[key] for key in ADDED_FIELDS if key in fields]
    if any((theirs > ours and not added) or not winnings[i] for i, ours, theirs in diffs):
        return False
    rake = sum(ours - theirs for _, ours, theirs in diffs)
    written = [fields[key] for key in HOUSE_FIELDS if key in fields]
    if written or added:  # what the room says it took (and added), exactly
        scale = settlement.replay.scale
        return all(map(_number, written + added)) and rake == sum(
            _units(v, scale) for v in written) - sum(_units(v, scale) for v in added)
    if rake <= 0:
        return False
    pot = sum(amount for amount, _ in _pots(settlement)[0])
    # rake <= pot * RAKE_LIMIT, in integers where the amounts are (no Fraction made)
    return rake * RAKE_LIMIT.denominator <= pot * RAKE_LIMIT.numerator
