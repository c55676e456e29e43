"""Hold'em hand ranges in the usual notation, as weighted two-card combos.

A range is a list of tokens separated by commas, semicolons or spaces:

* pairs ``QQ``, ``QQ+`` (queens or better), ``22-55`` (either order);
* two ranks with ``s`` (suited, 4 combos), ``o`` (offsuit, 12) or neither (both, 16):
  ``AKs``, ``KQo``, ``AK``; the ranks may come in either order (``KAs``);
* ``+`` raises the lower card up to one below the higher one, which stays:
  ``K9o+`` = K9o KTo KJo KQo, ``T8s+`` = T8s T9s, and ``76s+`` = 76s alone (the
  PokerStove-style convention, as eval7 reads it; see ``docs/ranges.md``);
* ``++`` moves both cards up, keeping the gap, up to the ace: ``76s++`` = 76s 87s
  ... AKs (the suited connectors from 76s), ``T8s++`` = T8s J9s QTs KJs AQs;
* dash spans between two hands of the same kind: same top card (``A5s-A2s``) or
  same gap (``T9s-54s``);
* explicit combos such as ``AhKh`` or ``10h9h``;
* ``random`` (all 1,326 combos; also ``any2``, ``any``, ``anytwo``);
* ``Ax`` (an ace with any lower card: AKs..A2s and AKo..A2o), ``Kxs`` (suited only),
  ``Qxo`` (offsuit only), for any rank;
* weight groups as other tools write them: eval7's ``40%(KK, QQ)`` and Equilab's
  ``[40]KK, QQ[/40]`` both mean ``KK:0.4, QQ:0.4``;
* the strongest share of all hands: ``15%`` (PokerStove's ranking by default: the
  fewest classes of :mod:`showdown.odds.ranges.pokerstove_order` holding 15% of the 1,326
  combos; ``order="equity"`` reads them in the equity order of
  :mod:`showdown.odds.ranges.preflop_order`) and bands ``5%-10%`` (in the top 10% but not
  the top 5%);
* any token may carry a weight ``:w``, the share of its combos in the range, from 0 to 1
  (``AA:0.5``, ``QQ+:0.25``; ``AKs:2`` is refused); a
  later token overrides the weight of combos named earlier (``AKs:0.25, AhKh``: three
  suited aces-kings at a quarter, the ace-king of hearts whole; ``AA:0`` removes).

Migration: before this convention ``76s+`` meant every suited connector from 76s
up (here ``76s++``); gappers such as ``T8s+`` were always kicker-only.

A range prints the text it was parsed from (``str(parse_range("15%"))`` is
``15%``); a range built from combos prints a compact canonical text
(:meth:`Range.canonical`). Both read back to an equal range.

>>> r = parse_range("QQ+, AKs, AhKd:0.5")
>>> len(r), r.weight("AhKd"), r.weight("AsKs"), r.weight("QcQd")
(23, 0.5, 1.0, 1.0)
>>> str(r), Range(dict(r.items())).canonical()
('QQ+, AKs, AhKd:0.5', 'QQ+, AKs, AhKd:0.5')
>>> parse_range(str(r)) == r == parse_range(r.canonical())
True
>>> len(parse_range("22-55")), len(parse_range("K9o+")), len(parse_range("76s+"))
(24, 48, 4)
>>> len(parse_range("76s++")), len(parse_range("10%")), len(parse_range("10%", order="equity"))
(32, 136, 134)
>>> parse_range("AKs, QQ+x")
Traceback (most recent call last):
...
showdown.odds.ranges.holdem.RangeError: cannot read range token 'QQ+x' in 'AKs, QQ+x': not a class \
(AKs, AKo, AK, QQ+, K9o+, A5s-A2s), Ax, a percentage (15%), random, or two cards (AhKh)
>>> len(parse_range("Ax")), parse_range("40%(KK), [50]QQ,JJ[/50]").weight("QhQd")
(192, 0.5)
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


class RangeError(V.ReasonedError):
    """Range text that cannot be read; the message names the bad token."""


_RANK = {r: i for i, r in enumerate(RANKS)}
_HAND = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)(\+{0,2})", re.IGNORECASE)
_PERCENT = re.compile(r"(\d+(?:\.\d+)?)%(?:-(\d+(?:\.\d+)?)%)?")
_SPAN = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)-([2-9TJQKA])([2-9TJQKA])([so]?)", re.I)
_RANDOM = ("random", "any2", "any", "anytwo")
_ANY_X = re.compile(r"([2-9TJQKA])x([so]?)", re.IGNORECASE)
#: Weight groups other tools write: eval7's ``40%(KK, QQ)`` and Equilab's ``[50]KK,QQ[/50]``
#: (percent weights), rewritten as ``:w`` on each token inside.
_EVAL7_GROUP = re.compile(r"(\d+(?:\.\d+)?)%\(([^()]*)\)")
_EQUILAB_GROUP = re.compile(r"\[(\d+(?:\.\d+)?)\](.*?)\[/\1\]", re.DOTALL)
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


class Range:
    """Weighted two-card combos; combos of weight 0 are left out.

    >>> r = Range({(51, 50): 1.0, (51, 49): 0.25})
    >>> r
    parse_range('AsAd:0.25, AsAh')
    >>> eval(repr(r)) == r
    True
    >>> [str(Card.from_id(i)) for i in r.combos[0]], r.weights
    (['As', 'Ah'], (1.0, 0.25))
    """

    __slots__ = ("_text", "_weights")

    def __init__(self, weights: dict[Combo, float] | None = None) -> None:
        self._text: str | None = None  # the text it was parsed from, if any
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
        """The text the range was parsed from, else :meth:`canonical`."""
        return self._text if self._text is not None else self.canonical()

    def canonical(self) -> str:
        """Compact text that :func:`parse_range` reads back to an equal range.

        Classes print as class tokens, runs of them as ``QQ+``, ``K9o+`` or ``A5s-A2s``;
        a class holding mostly one weight prints with it, and its other combos after
        it as overrides; a range holding most of the deck starts from ``random``.

        >>> parse_range("random, AA:0.5").canonical()
        'random, AA:0.5'
        >>> parse_range("AKs:0.25, AhKh").canonical()
        'AKs:0.25, AhKh'
        >>> parse_range("22+, A2s+, K9o-K7o, T9s").canonical()
        '22+, A2s+, K9o-K7o, T9s'
        """
        if not self._weights:
            return "AA:0"
        base = 0.0
        if len(self._weights) >= 663:
            values = [*self._weights.values(), *([0.0] * (1326 - len(self._weights)))]
            base = max(set(values), key=lambda w: (values.count(w), w))
        tokens = ["random" + _weight_text(base)] if base > 0 else []
        runs: list[tuple[int, int, int, str, float]] = []  # (kind order, high, low, kind, w)
        overrides: list[str] = []
        for high, low, kind in _all_classes():
            combos = _class_combos(high, low, kind)
            ws = [self._weights.get(c, 0.0) for c in combos]
            major = max(set(ws), key=lambda w: (ws.count(w), w))
            if major != base:
                runs.append((0 if high == low else 1, high, low, kind, major))
            for c, w in zip(combos, ws, strict=True):
                if w != major:
                    a, b = (str(Card.from_id(i)) for i in c)
                    overrides.append(a + b + _weight_text(w))
        tokens += _compress(runs)
        return ", ".join(tokens + overrides)

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


def _all_classes() -> list[tuple[int, int, str]]:
    """Every class as (high, low, kind): pairs from aces down, then each top card's
    suited and offsuit hands from the highest kicker down."""
    out: list[tuple[int, int, str]] = [(r, r, "") for r in range(12, -1, -1)]
    for high in range(12, 0, -1):
        for kind in ("s", "o"):
            out += [(high, low, kind) for low in range(high - 1, -1, -1)]
    return out


def _compress(runs: list[tuple[int, int, int, str, float]]) -> list[str]:
    """Class tokens with runs joined: pairs ``QQ+``/``99-66``, kickers ``K9o+``/``A5s-A2s``."""
    out: list[str] = []
    i = 0
    while i < len(runs):
        order, high, low, kind, w = runs[i]
        j = i
        while j + 1 < len(runs):
            o2, h2, l2, k2, w2 = runs[j + 1]
            if (o2, k2, w2) != (order, kind, w):
                break
            if order == 0 and h2 != runs[j][1] - 1:
                break
            if order == 1 and (h2 != high or l2 != runs[j][2] - 1):
                break
            j += 1
        last = runs[j]
        if order == 0:
            top = RANKS[high] * 2
            if j > i and high == 12:
                text = RANKS[last[1]] * 2 + "+"
            elif j > i:
                text = f"{top}-{RANKS[last[1]] * 2}"
            else:
                text = top
        else:
            first = RANKS[high] + RANKS[low] + kind
            end = RANKS[high] + RANKS[last[2]] + kind
            if j > i and low == high - 1:
                text = end + "+"
            elif j > i:
                text = f"{first}-{end}"
            else:
                text = first
        out.append(text + _weight_text(w))
        i = j + 1
    return out


def _weight_text(w: float) -> str:
    return "" if w == 1.0 else f":{w:g}" if float(f"{w:g}") == w else f":{w!r}"


def _parse_token(token: str, order: str = "pokerstove") -> list[Combo]:
    """The combos one unweighted token names; raises ``ValueError`` if it is not valid."""
    if token.lower() in _RANDOM:
        return [(a, b) for a in range(52) for b in range(a)]
    if m := _ANY_X.fullmatch(token):  # Ax, Kxs, Qxo: the rank with any lower card
        high, kind = _RANK[m[1].upper()], m[2].lower()
        if high == 0:
            raise ValueError("no card ranks below a deuce")
        return [c for low in range(high) for c in _class_combos(high, low, kind)]
    if m := _PERCENT.fullmatch(token):
        from showdown.odds.ranges.preflop_order import top_classes

        lo, hi = float(m[1]), float(m[2] if m[2] is not None else 0.0)
        if m[2] is None:
            lo, hi = 0.0, lo
        lo, hi = sorted((lo, hi))
        if hi > 100:
            raise ValueError("a percentage is at most 100%")
        below = set(top_classes(lo, order))
        names = [n for n in top_classes(hi, order) if n not in below]
        return [c for n in names for c in _named_class_combos(n)]
    if m := _HAND.fullmatch(token):
        high, low = _RANK[m[1].upper()], _RANK[m[2].upper()]
        kind, plus = m[3].lower(), m[4]
        if high < low:
            high, low = low, high
        if high == low:
            if kind:
                raise ValueError("a pair cannot be suited or offsuit")
            if plus == "++":
                raise ValueError("a pair takes one +")
            tops = range(high, 13) if plus else [high]
            return [c for r in tops for c in _class_combos(r, r, "")]
        if not plus:
            return _class_combos(high, low, kind)
        if plus == "++":  # both cards move up, the gap kept, up to the ace
            gap = high - low
            return [c for h in range(high, 13) for c in _class_combos(h, h - gap, kind)]
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
        raise ValueError(_why_unknown(token)) from None
    if len(cards) != 2:
        raise ValueError(f"an explicit combo is two cards, not {len(cards)}")
    return [_combo(cards[0].id, cards[1].id)]


def _why_unknown(token: str) -> str:
    """Why a token is no range token, as precisely as its shape allows."""
    odd = [ch for ch in token if ch not in "0123456789TJQKAtjqkaSHDCshdcXx+-%.:"]
    if odd:
        return (
            f"unexpected character {odd[0]!r}; a token is a class (AKs, QQ+, A5s-A2s), "
            "Ax, a percentage (15%), random, or two cards (AhKh)"
        )
    if "%" in token:
        return "a percentage is a number and %, such as 15% or 5%-10%"
    return (
        "not a class (AKs, AKo, AK, QQ+, K9o+, A5s-A2s), Ax, a percentage (15%), "
        "random, or two cards (AhKh)"
    )


def _expand_groups(text: str) -> str:
    """eval7's ``40%(KK, QQ)`` and Equilab's ``[50]KK,QQ[/50]`` as ``KK:0.4, QQ:0.4``."""

    def weighted(percent: str, body: str) -> str:
        w = float(percent) / 100
        if w > 1:
            raise RangeError(f"a weight group is at most 100%, not {percent}% in {text!r}")
        tokens = [t for t in re.split(r"[\s,;]+", body.strip()) if t]
        if not tokens:
            raise RangeError(f"the weight group {percent}% holds no hand in {text!r}")
        return ", ".join(f"{t}:{w:g}" for t in tokens)

    text = _EVAL7_GROUP.sub(lambda m: weighted(m[1], m[2]), text)
    text = _EQUILAB_GROUP.sub(lambda m: weighted(m[1], m[2]), text)
    for mark in ("(", ")", "[", "]"):
        if mark in text:
            raise RangeError(
                f"cannot read {text!r}: unmatched {mark!r}; weight groups are written "
                "40%(KK, QQ) or [40]KK, QQ[/40]"
            )
    return text


def _named_class_combos(name: str) -> list[Combo]:
    high, low = _RANK[name[0]], _RANK[name[1]]
    return _class_combos(high, low, name[2:])


def split_weight(token: str, text: str, what: str = "range") -> tuple[str, float]:
    """A token's body and its ``:w`` weight (1 when none); ``what`` names the notation
    in the error."""
    if ":" not in token:
        return token, 1.0
    m = _WEIGHT.fullmatch(token)
    if m is None or not m[1]:
        raise RangeError(f"cannot read {what} token {token!r} in {text!r}")
    try:
        weight = V.weight(float(m[2]), f"the weight of {m[1]!r}")
    except ValueError as exc:
        raise RangeError(f"{exc} in {text!r}") from None
    return m[1], weight


def _token_error(token: str, text: str, why: ValueError) -> RangeError:
    """The error naming a token that cannot be read, with its reason as data (the reason
    ``why`` gives read back by the phrasebooks' templates when it carries none)."""
    from showdown.i18n.error_lines import reason_of

    return RangeError(
        f"cannot read range token {token!r} in {text!r}: {why}",
        "range_token_why",
        token=repr(token),
        text=repr(text),
        why=reason_of(why) or str(why),
    )


def parse_range(text: str, order: str = "pokerstove") -> Range:
    """Read a range such as ``"QQ+, AKs, A5s-A2s, KQo:0.5"``; see the module docs.

    Raises :class:`RangeError` naming the first token it cannot read, and why
    when the token is close to valid:

    >>> parse_range("AA, QQs")
    Traceback (most recent call last):
    ...
    showdown.odds.ranges.holdem.RangeError: cannot read range token 'QQs' in 'AA, QQs': \
a pair cannot be suited or offsuit
    """
    if not isinstance(text, str):
        raise RangeError(f"a range is text, not {type(text).__name__}")
    from showdown.odds.ranges.preflop_order import check_order

    try:
        order = check_order(order)
    except ValueError as exc:
        raise RangeError(str(exc)) from None
    weights: dict[Combo, float] = {}
    given = text
    text = _expand_groups(text)
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not tokens:
        raise RangeError("empty range")
    for token in tokens:
        body, w = split_weight(token, text)
        try:
            combos = _parse_token(body, order)
        except ValueError as exc:
            raise _token_error(token, given, exc) from exc
        for c in combos:
            weights[c] = w
    out = Range(weights)
    out._text = ", ".join(tokens)
    return out
