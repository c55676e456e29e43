"""Amounts as rooms write them: ``$0.25``, ``0,25€``, ``€1.234,50``, ``1,000``, ``12 500``.

Amounts are read exactly (:class:`~decimal.Decimal`) and written into PHH as
integers when whole, else as decimals with the places the room wrote.

>>> [str(amount(t)) for t in ("$0.25", "0,25€", "1,000", "€1.234,50", "£12", "2.5 USD")]
['0.25', '0.25', '1000', '1234.50', '12', '2.5']
>>> number(amount("$3")), number(amount("0.10")), text(amount("1,250.00"))
(3, 0.1, '1250')
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from functools import lru_cache

__all__ = ["CURRENCIES", "amount", "currency_of", "number", "text"]

#: Currency symbols and the codes PHH's ``currency`` field holds.
CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR", "₽": "RUB"}
_CODES = frozenset({"USD", "EUR", "GBP", "CAD", "CNY", "INR", "RUB", "SEK", "DKK", "NOK",
                    "CHF", "AUD", "BRL", "PLN", "CZK", "HUF", "MXN", "JPY", "chips"})
_STRIP = re.compile(r"[^0-9.,\-]")
_ZERO = Decimal(0)
_SIGNS = frozenset("$€£")


@lru_cache(maxsize=4096)  # a file writes the same few amounts again and again
def amount(raw: str) -> Decimal:
    """An amount's value, whatever currency sign, code or separators it carries.

    A comma is a decimal comma when it is the last separator and is not followed by
    exactly three digits (``0,25``), or when a point comes before it (``1.234,50``).
    """
    # The usual amount, plain digits and a point, at once; never an exponent (``1E999999``
    # would make a number too large to write) or the other forms Decimal reads.
    if raw.replace(".", "", 1).isdigit():
        try:
            return Decimal(raw)
        except InvalidOperation:  # digits Decimal does not read (superscripts)
            pass
    # The usual amount in a sign ("$0.25", "0.02€") at once too, as _parse reads it (which
    # keeps ASCII digits and separators only)
    body = raw[1:] if raw[:1] in _SIGNS else raw[:-1] if raw[-1:] in _SIGNS else ""
    if body.isascii() and body.replace(".", "", 1).isdigit():
        return Decimal(body)
    return _parse(raw)


def _parse(raw: str) -> Decimal:
    digits = _STRIP.sub("", raw)
    if "," in digits:
        head, _, tail = digits.rpartition(",")
        if "." in head or (len(tail) != 3 and "." not in tail):
            digits = head.replace(".", "") + "." + tail
        else:
            digits = digits.replace(",", "")
    try:
        return Decimal(digits)
    except InvalidOperation:
        raise ValueError(f"{raw.strip()!r} is not an amount") from None


def currency_of(raw: str) -> str | None:
    """The currency an amount is written in (``USD`` for ``$1``), ``None`` for chips.

    >>> currency_of("$0.25"), currency_of("0,25€"), currency_of("1.50 GBP"), currency_of("300")
    ('USD', 'EUR', 'GBP', None)
    """
    for sign, code in CURRENCIES.items():
        if sign in raw:
            return code
    for word in raw.split():
        if word in _CODES:
            return word
    return None


def number(value: Decimal) -> int | float:
    """A PHH number: an integer when whole, else the decimal (``0.1``)."""
    if not value:  # most of a hand's antes and winnings, at once
        return 0
    # (quicker than int() and float() of a Decimal; both round the exact ratio alike)
    numerator, denominator = value.as_integer_ratio()
    return numerator if denominator == 1 else numerator / denominator


@lru_cache(maxsize=4096)  # equal amounts write the same text (``0.10`` and ``0.1``: 0.1)
def text(value: Decimal) -> str:
    """The amount as an action writes it (``1250``, ``0.25``), never with an exponent."""
    whole = int(value)
    return str(whole) if whole == value else format(value.normalize(), "f")


def is_zero(value: Decimal) -> bool:
    """``True`` for a zero amount."""
    return value == _ZERO
