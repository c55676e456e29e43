"""Omaha ranges: four-card hands described by ranks and suit shape.

A range is a list of tokens separated by commas, semicolons or spaces:

* four rank characters, each a rank (``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``)
  or ``x`` for any card: ``AAxx`` (at least two aces), ``AKQJ``, ``KKQQ``, ``xxxx``.
  The named ranks must all be in the hand; ``x`` may be any other card, including
  one more of a named rank (``AAxx`` holds ``AAAK`` too);
* an optional suit shape after the ranks: ``ds`` double-suited (two suits, two cards
  each), ``ss`` single-suited (exactly two cards of one suit, the others of two more
  suits), ``r`` rainbow (four suits): ``AAxxds``, ``AKQJr``;
* explicit hands such as ``AsAhKdKc``;
* ``random`` (also ``any``, ``any4``): all 270,725 hands, the same as ``xxxx``;
* ``15%``: the strongest 15% of hands in the Omaha order of
  :mod:`showdown.odds.ranges.omaha_order` (classes of hands by their estimated equity
  against one random hand), and bands ``5%-10%``;
* any token may carry a weight ``:w`` (``AAxxds:0.5``); later tokens override.

A range prints the text it was parsed from.

>>> r = parse_omaha_range("AAxx")
>>> len(r), len(parse_omaha_range("AAxxds")), len(parse_omaha_range("AKQJr"))
(6961, 864, 24)
>>> str(parse_omaha_range("AAxxds:0.5, KKQQ"))
'AAxxds:0.5, KKQQ'
>>> parse_omaha_range("AAxy")
Traceback (most recent call last):
...
showdown.odds.ranges.holdem.RangeError: cannot read Omaha range token 'AAxy' in 'AAxy'
"""

from __future__ import annotations

import re

import numpy as np

from showdown.cards import RANKS, CardError, parse_cards
from showdown.odds.ranges.holdem import RangeError, split_weight
from showdown.odds.ranges.omaha_classes import all_hands

__all__ = ["OmahaRange", "parse_omaha_range"]

_PERCENT = re.compile(r"(\d+(?:\.\d+)?)%(?:-(\d+(?:\.\d+)?)%)?")
_TOKEN = re.compile(r"([2-9TJQKAX]{4})(DS|SS|R)?", re.IGNORECASE)
_SHAPES = {"ds": (2, 2, 0, 0), "ss": (2, 1, 1, 0), "r": (1, 1, 1, 1)}


class OmahaRange:
    """Weighted four-card hands (``combos``: ``(m, 4)`` ids; ``weights``: ``(m,)``)."""

    __slots__ = ("combos", "text", "weights")

    def __init__(self, combos: np.ndarray, weights: np.ndarray, text: str) -> None:
        self.combos, self.weights, self.text = combos, weights, text

    def __len__(self) -> int:
        return len(self.combos)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"parse_omaha_range({self.text!r})"


def _token_hands(body: str) -> np.ndarray:
    """Indices into :func:`_all_hands` of the hands one unweighted token names."""
    ids, rank_counts, shape = all_hands()
    if body.lower() in ("random", "any", "any4"):
        return np.arange(len(ids))
    if m := _PERCENT.fullmatch(body):
        from showdown.odds.ranges.omaha_order import top_hands

        lo, hi = sorted((float(m[1]), float(m[2]) if m[2] is not None else 0.0))
        if hi > 100:
            raise ValueError("a percentage is at most 100%")
        return np.flatnonzero(top_hands(hi) & ~top_hands(lo))
    if "%" in body:
        raise ValueError("a percentage is a number and %, such as 15% or 5%-10%")
    m = _TOKEN.fullmatch(body)
    if m is None:
        try:
            cards = parse_cards(body)
        except CardError as exc:
            raise ValueError(str(exc) if "duplicate" in str(exc) else "unknown token") from None
        if len(cards) != 4:
            raise ValueError("an explicit Omaha hand is four cards")
        want = sorted((c.id for c in cards), reverse=True)
        return np.flatnonzero((ids == np.array(want)).all(axis=1))
    need = np.zeros(13, dtype=np.int8)
    for ch in m[1].upper():
        if ch != "X":
            need[RANKS.index(ch)] += 1
    keep = (rank_counts >= need).all(axis=1)
    if m[2]:
        keep &= (shape == np.array(_SHAPES[m[2].lower()])).all(axis=1)
    return np.flatnonzero(keep)


def parse_omaha_range(text: str) -> OmahaRange:
    """Read an Omaha range such as ``"AAxxds, KKQQ:0.5"``; see the module docs."""
    if not isinstance(text, str):
        raise RangeError(f"a range is text, not {type(text).__name__}")
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not tokens:
        raise RangeError("empty range")
    weights: dict[int, float] = {}
    for token in tokens:
        body, w = split_weight(token, text, "Omaha range")
        try:
            rows = _token_hands(body)
        except ValueError as exc:
            why = "" if str(exc) == "unknown token" else f": {exc}"
            raise RangeError(f"cannot read Omaha range token {token!r} in {text!r}{why}") from None
        for row in rows.tolist():
            weights[row] = w
    keep = [row for row, w in weights.items() if w > 0]
    ids = all_hands()[0]
    return OmahaRange(
        ids[np.array(keep, dtype=np.int64)].reshape(-1, 4),
        np.array([weights[row] for row in keep], dtype=float),
        ", ".join(tokens),
    )
