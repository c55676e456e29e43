"""Hold'em hand ranges in the usual notation, as weighted two-card combos.

A range is a comma (or space) separated list of tokens:

* pairs ``QQ``, ``QQ+`` (queens or better), ``22-55`` (either order);
* two ranks with ``s`` (suited, 4 combos), ``o`` (offsuit, 12) or neither (both, 16):
  ``AKs``, ``KQo``, ``AK``;
* ``+`` raises the kicker up to one below the top card (``K9o+`` = K9o KTo KJo KQo),
  except on connectors, where it raises both cards (``76s+`` = 76s 87s ... AKs);
* dash spans between two hands of the same kind: same top card (``A5s-A2s``) or
  same gap (``T9s-54s``);
* explicit combos such as ``AhKh`` or ``10h9h``;
* ``random`` (all 1,326 combos);
* any token may carry a weight ``:w`` with ``w >= 0`` (``AA:0.5``); a later token
  overrides the weight of combos named earlier.

>>> r = parse_range("QQ+, AKs, AhKd:0.5")
>>> len(r), r.weight("AhKd"), r.weight("AsKs"), r.weight("QcQd")
(23, 0.5, 1.0, 1.0)
>>> str(r)
'AA, KK, QQ, AKs, AhKd:0.5'
>>> parse_range(str(r)) == r
True
>>> len(parse_range("22-55")), len(parse_range("K9o+")), len(parse_range("76s+"))
(24, 48, 32)
>>> parse_range("AKs, QQ+x")
Traceback (most recent call last):
...
showdown.ranges.RangeError: cannot read range token 'QQ+x' in 'AKs, QQ+x'
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterator, Mapping
from typing import SupportsIndex

from showdown import validate as V
from showdown.cards import RANKS, Card, CardError, parse_cards

__all__ = ["Combo", "Range", "RangeError", "parse_range"]

#: A combo: two card ids, higher id first.
Combo = tuple[int, int]


class RangeError(ValueError):
    """Range text that cannot be read; the message names the bad token."""


_RANK = {r: i for i, r in enumerate(RANKS)}
_HAND = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+?)", re.IGNORECASE)
_SPAN = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)", re.I)
_WEIGHT = re.compile(r"(.*?):([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)")


def _combo(a: int, b: int) -> Combo:
    return (a, b) if a > b else (b, a)


def _class_combos(high: int, low: int, kind: str) -> list[Combo]:
    """Combos of one hand class: a pair (high == low), or suited ``s`` / offsuit ``o`` / both."""
    if high == low:
        return [_combo(4 * high + s, 4 * high + t) for s in range(4) for t in range(s + 1, 4)]
    out: list[Combo] = []
    for s in range(4):
        for t in range(4):
            if (kind == "s" and s != t) or (kind == "o" and s == t):
                continue
            out.append(_combo(4 * high + s, 4 * low + t))
    return out


def _class_name(high: int, low: int, kind: str) -> str:
    return RANKS[high] + RANKS[low] + ("" if high == low else kind)


class Range:
    """Weighted two-card combos; combos of weight 0 are left out.

    >>> r = Range({(51, 50): 1.0, (51, 49): 0.25})
    >>> r
    parse_range('AsAh, AsAd:0.25')
    >>> eval(repr(r)) == r
    True
    >>> [str(Card.from_id(i)) for i in r.combos[0]], r.weights
    (['As', 'Ah'], (1.0, 0.25))
    """

    __slots__ = ("_weights",)

    def __init__(self, weights: dict[Combo, float] | None = None) -> None:
        self._weights: dict[Combo, float] = {}
        if weights is not None and not isinstance(weights, Mapping):
            raise TypeError(f"Range takes a dict of combo -> weight, not {type(weights).__name__}")
        for (a, b), w in (weights or {}).items():
            if not (0 <= a < 52 and 0 <= b < 52) or a == b:
                raise RangeError(f"not a two-card combo: {(a, b)!r}")
            try:
                w = V.weight(w, f"the weight of combo {(a, b)!r}")
            except ValueError as exc:
                raise RangeError(str(exc)) from None
            if w > 0:
                self._weights[_combo(a, b)] = float(w)

    @property
    def combos(self) -> list[Combo]:
        """The combos, in a stable order (strongest classes first)."""
        return list(self._weights)

    @property
    def weights(self) -> tuple[float, ...]:
        """The weights, aligned with :attr:`combos`."""
        return tuple(self._weights.values())

    def weight(self, combo: str | Combo | tuple[Card, Card]) -> float:
        """The weight of one combo (0 when absent), given as text, ids or two Cards.

        >>> r = parse_range("AKs:0.5")
        >>> r.weight("AsKs"), r.weight((Card.parse("Kh"), Card.parse("Ah"))), r.weight("AsKd")
        (0.5, 0.5, 0.0)
        """
        return self._weights.get(_key(combo), 0.0)

    def items(self) -> Iterator[tuple[Combo, float]]:
        """``(combo, weight)`` pairs."""
        return iter(self._weights.items())

    def __len__(self) -> int:
        return len(self._weights)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self._weights)

    def __contains__(self, combo: object) -> bool:
        """Membership of a combo given as text (``"AhKh" in r``), ids or two Cards."""
        try:
            return _key(combo) in self._weights  # type: ignore[arg-type]
        except (CardError, TypeError, ValueError):
            return False

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return self._weights == other._weights

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def __str__(self) -> str:
        """Range text that :func:`parse_range` reads back to an equal range."""
        if len(self._weights) == 1326 and len(set(self._weights.values())) == 1:
            w = next(iter(self._weights.values()))
            return "random" + _weight_text(w)
        tokens: list[str] = []
        done: set[Combo] = set()
        classes = [(r, r, "") for r in range(12, -1, -1)]
        classes += [
            (high, low, kind)
            for high in range(12, 0, -1)
            for low in range(high - 1, -1, -1)
            for kind in ("s", "o")
        ]
        for high, low, kind in classes:
            combos = _class_combos(high, low, kind)
            ws = {self._weights.get(c) for c in combos}
            if len(ws) == 1 and None not in ws:
                shared = ws.pop()
                assert shared is not None
                tokens.append(_class_name(high, low, kind) + _weight_text(shared))
                done.update(combos)
        for combo, w in self._weights.items():
            if combo not in done:
                a, b = (str(Card.from_id(i)) for i in combo)
                tokens.append(a + b + _weight_text(w))
        return ", ".join(tokens)

    def __repr__(self) -> str:
        if not self._weights:
            return "Range()"
        return f"parse_range({str(self)!r})"


def _key(combo: str | Combo | tuple[Card, Card]) -> Combo:
    """A combo given as text, two ids or two Cards, as the ids key of a range."""
    if isinstance(combo, str):
        cards = parse_cards(combo)
        if len(cards) != 2:
            raise RangeError(f"a combo is two cards, not {combo!r}")
        return _combo(cards[0].id, cards[1].id)
    a, b = combo
    if isinstance(a, Card) and isinstance(b, Card):
        return _combo(a.id, b.id)
    if isinstance(a, SupportsIndex) and isinstance(b, SupportsIndex):  # ints, numpy integers
        return _combo(operator.index(a), operator.index(b))
    raise TypeError(f"a combo is text ('AhKh'), two ids or two Cards, not {combo!r}")


def _weight_text(w: float) -> str:
    return "" if w == 1.0 else f":{w:g}" if float(f"{w:g}") == w else f":{w!r}"


def _parse_token(token: str) -> list[Combo]:
    """The combos one unweighted token names; raises ``ValueError`` if it is not valid."""
    if token.lower() == "random":
        return [(a, b) for a in range(52) for b in range(a)]
    if m := _HAND.fullmatch(token):
        high, low = _RANK[m[1].upper()], _RANK[m[2].upper()]
        kind, plus = m[3].lower(), m[4]
        if high < low:
            high, low = low, high
        if high == low:
            if kind:
                raise ValueError("a pair cannot be suited or offsuit")
            tops = range(high, 13) if plus else [high]
            return [c for r in tops for c in _class_combos(r, r, "")]
        if not plus:
            return _class_combos(high, low, kind)
        if high - low == 1:  # connectors: both cards move up
            return [c for h in range(high, 13) for c in _class_combos(h, h - 1, kind)]
        return [c for k in range(low, high) for c in _class_combos(high, k, kind)]
    if m := _SPAN.fullmatch(token):
        h1, l1, k1 = _RANK[m[1].upper()], _RANK[m[2].upper()], m[3].lower()
        h2, l2, k2 = _RANK[m[4].upper()], _RANK[m[5].upper()], m[6].lower()
        if k1 != k2:
            raise ValueError("both ends of a span must be the same kind")
        if h1 < l1:
            h1, l1 = l1, h1
        if h2 < l2:
            h2, l2 = l2, h2
        if h1 == l1 and h2 == l2:  # pairs
            if k1:
                raise ValueError("a pair cannot be suited or offsuit")
            lo, hi = sorted((h1, h2))
            return [c for r in range(lo, hi + 1) for c in _class_combos(r, r, "")]
        if h1 == l1 or h2 == l2:
            raise ValueError("a span cannot mix pairs and non-pairs")
        if h1 == h2:  # same top card, kicker span
            lo, hi = sorted((l1, l2))
            return [c for k in range(lo, hi + 1) for c in _class_combos(h1, k, k1)]
        if h1 - l1 == h2 - l2:  # same gap, both move
            gap = h1 - l1
            lo, hi = sorted((h1, h2))
            return [c for h in range(lo, hi + 1) for c in _class_combos(h, h - gap, k1)]
        raise ValueError("a span needs the same top card or the same gap")
    try:
        cards = parse_cards(token)
    except CardError as exc:
        if "duplicate" in str(exc):
            raise ValueError(str(exc)) from None
        raise ValueError("unknown token") from None
    if len(cards) != 2:
        raise ValueError("an explicit combo is two cards")
    return [_combo(cards[0].id, cards[1].id)]


def parse_range(text: str) -> Range:
    """Read a range such as ``"QQ+, AKs, A5s-A2s, KQo:0.5"``; see the module docs.

    Raises :class:`RangeError` naming the first token it cannot read, and why
    when the token is close to valid:

    >>> parse_range("AA, QQs")
    Traceback (most recent call last):
    ...
    showdown.ranges.RangeError: cannot read range token 'QQs' in 'AA, QQs': a pair cannot be \
suited or offsuit
    """
    if not isinstance(text, str):
        raise RangeError(f"a range is text, not {type(text).__name__}")
    weights: dict[Combo, float] = {}
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not tokens:
        raise RangeError("empty range")
    for token in tokens:
        body, w = token, 1.0
        if ":" in token:
            m = _WEIGHT.fullmatch(token)
            if m is None or not m[1]:
                raise RangeError(f"cannot read range token {token!r} in {text!r}")
            body = m[1]
            try:
                w = V.weight(float(m[2]), f"the weight of {body!r}")
            except ValueError as exc:
                raise RangeError(f"{exc} in {text!r}") from None
        try:
            combos = _parse_token(body)
        except ValueError as exc:
            reason = "" if str(exc) == "unknown token" else f": {exc}"
            raise RangeError(f"cannot read range token {token!r} in {text!r}{reason}") from exc
        for c in combos:
            weights[c] = w
    return Range(weights)
