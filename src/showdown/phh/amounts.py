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

__all__ = ["INFINITE", "decimals", "from_units", "to_units"]

#: Units standing for an unknown (``inf``) starting stack.
INFINITE = 10**30


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
    """``value`` in units of ``1 / scale`` (``inf`` is :data:`INFINITE`)."""
    if isinstance(value, float) and math.isinf(value):
        return INFINITE
    return int(Fraction(str(value)) * scale) if isinstance(value, float) else value * scale


def from_units(units: int | Fraction, scale: int) -> int | float:
    """Units back to the file's numbers: whole amounts as integers, others as decimals."""
    if units >= INFINITE // 2:
        return math.inf
    if scale == 1 and isinstance(units, int):
        return units
    value = Fraction(units) / scale
    return int(value) if value.denominator == 1 else float(value)
