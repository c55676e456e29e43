"""Chip amounts: PHH numbers (integers or decimals such as 0.25) as whole units.

A hand is replayed in integer units: every amount is multiplied by the
smallest power of ten that makes all of the hand's amounts whole (cents for
dollar stakes), so pots split exactly; results are divided back.

>>> decimals(0.25), decimals(100), decimals(1e-07)
(2, 0, 7)
>>> to_units(0.25, 100), from_units(37, 100), from_units(400, 1), from_units(1700, 100)
(25, 0.37, 400, 17)
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from showdown.phh.notation import HandHistory
    from showdown.phh.variant_rules import VariantRules

__all__ = ["INFINITE", "LATE_BLINDS", "LIMIT", "decimals", "from_units", "hand_units", "to_units"]

#: Units standing for an unknown (``inf``) starting stack.
INFINITE = 10**30
#: Every known amount is below this many units (far below :data:`INFINITE`, so that no
#: real stack, bet or sum of them is ever read as an unknown one).
LIMIT = 10**24
#: This library's field of the live blinds posted out of position, per player (a player
#: back in a late seat who posts a big blind there): in the pot and in the poster's bet
#: from the start, opening nothing (see :mod:`showdown.phh.engine`).
LATE_BLINDS = "_late_blinds"


def decimals(value: int | float) -> int:
    """How many decimal places ``value`` is written with (0 for integers and ``inf``)."""
    if isinstance(value, int) or not math.isfinite(value) or value == int(value):
        return 0
    text = repr(value)
    if "e" in text:
        mantissa, _, exponent = text.partition("e")
        digits = len(mantissa.partition(".")[2])
        return max(0, digits - int(exponent))
    return len(text.partition(".")[2])


def to_units(value: int | float, scale: int) -> int:
    """``value`` in units of ``1 / scale`` (``inf`` is :data:`INFINITE`): the decimal the
    float is written as (its shortest repr), times ``scale``, truncated.

    >>> to_units(0.1, 100), to_units(2.675, 1000), to_units(0.125, 10), to_units(1e-07, 10**9)
    (10, 2675, 1, 100)
    """
    if not isinstance(value, float):
        return value * scale
    if math.isinf(value):
        return INFINITE
    text = repr(value)
    if value >= 0 and "e" not in text:  # digits and a point: read at once, exactly
        whole, _, places = text.partition(".")
        return int(whole + places) * scale // 10 ** len(places)
    return int(Fraction(text) * scale)


def from_units(units: int | Fraction, scale: int) -> int | float:
    """Units back to the file's numbers: whole amounts as integers, others as decimals."""
    if units >= INFINITE // 2:
        return math.inf
    if type(units) is int:  # int / int is correctly rounded, as Fraction's float is
        whole, rest = divmod(units, scale)
        return units / scale if rest else whole
    value = Fraction(units) / scale
    return int(value) if value.denominator == 1 else float(value)


def _numbers(history: HandHistory, key: str, n: int | None) -> list[int | float]:
    value = history.fields.get(key)
    if n is None:
        value = [value]
    if (
        not isinstance(value, list)
        or (n is not None and len(value) != n)
        or not all(type(v) in (int, float) and v >= 0 for v in value)
    ):
        shape = f"an array of {n} numbers (one per player)" if n is not None else "a number"
        history.error(f"the field {key!r} must be {shape} at least 0, got {value!r}")
    return list(value)


def hand_units(history: HandHistory, rules: VariantRules) -> tuple[int, dict[str, list[int]]]:
    """The units of a hand (``scale``) and its amount fields in them, checked."""
    n = history.player_count
    raw: dict[str, list[int | float]] = {}
    places = 0
    for key in rules.required:
        if key in ("variant", "actions"):
            continue
        per_player = key in ("antes", "blinds_or_straddles", "starting_stacks")
        values = raw[key] = _numbers(history, key, n if per_player else None)
        for v in values:
            if type(v) is float:
                places = max(places, decimals(v))
    if LATE_BLINDS in history.fields:  # this library's field: see showdown.phh.engine
        for v in raw.setdefault(LATE_BLINDS, _numbers(history, LATE_BLINDS, n)):
            if type(v) is float:
                places = max(places, decimals(v))
    actions = history.fields["actions"]
    if "." in "".join(actions):
        for text in actions:
            if " cbr " in text:
                amount = text.partition("#")[0].split()[-1]
                if "." in amount:
                    places = max(places, len(amount.partition(".")[2]))
    if places > 9:
        history.error("amounts with more than 9 decimal places are not supported")
    scale = 10**places
    if scale == 1 and all(type(v) is int for values in raw.values() for v in values):
        units: dict[str, list[int]] = raw  # type: ignore[assignment]
    else:
        units = {k: [to_units(v, scale) for v in values] for k, values in raw.items()}
    for key, counted in units.items():
        if any(u >= LIMIT and v != math.inf for u, v in zip(counted, raw[key], strict=True)):
            history.error(
                f"the field {key!r} holds {raw[key]!r}: amounts must be below "
                f"{from_units(LIMIT, scale):g} (write inf for an unknown stack)"
            )
    return scale, units
