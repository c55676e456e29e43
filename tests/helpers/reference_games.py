"""A slow, independent reference for every game, written straight from the rules.

Nothing here uses the library's tables or ladders. Each function gives a
sort key of one hand under one game's rules such that a *larger* key is a
*better* hand; ties are equal keys. Card ids are ``4 * rank + suit`` with
rank 0..12 for 2..A.

- short deck: 36 cards (6 to A); a flush beats a full house; A-6-7-8-9 is the
  lowest straight; ``trips_beat_straight`` puts three of a kind above it.
- deuce-to-seven: the standard high ranking with the ace always high (no
  wheel), and the worst high hand wins.
- ace-to-five: ace low, straights and flushes ignored; no pair beats a pair...;
  compared from the highest card down, lower wins.
- eight or better: five different ranks, all 8 or lower (ace low); else none.
- badugi: the largest subset of all different suits and ranks; then the
  highest card of it down, lower wins (ace low).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

Key = tuple[int, ...]


def _groups(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(counts, ranks) grouped biggest group first, then higher rank first."""
    counted = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return tuple(c for _, c in counted), tuple(r for r, _ in counted)


_SHAPES = {  # the category of a rank pattern (without straights and flushes)
    (1, 1, 1, 1, 1): "high",
    (2, 1, 1, 1): "pair",
    (2, 2, 1): "two_pair",
    (3, 1, 1): "trips",
    (3, 2): "full",
    (4, 1): "quads",
}
STANDARD = ("high", "pair", "two_pair", "trips", "straight", "flush", "full", "quads", "sf")
SHORT = ("high", "pair", "two_pair", "trips", "straight", "full", "flush", "quads", "sf")
SHORT_TRIPS = ("high", "pair", "two_pair", "straight", "trips", "full", "flush", "quads", "sf")


def high_key(ids: Sequence[int], order: Sequence[str] = STANDARD, wheel: frozenset[int] | None
             = frozenset({12, 0, 1, 2, 3})) -> Key:  # fmt: skip
    """A five-card high hand: category by ``order`` (low to high), then the tie-break.

    ``wheel`` is the one run where the ace plays low (its top is the run's
    highest other card), or None when the ace is always high.
    """
    ranks = [i >> 2 for i in ids]
    suits = {i & 3 for i in ids}
    counts, grouped = _groups(ranks)
    flush = len(suits) == 1
    top = None
    if len(counts) == 5:
        if max(ranks) - min(ranks) == 4:
            top = max(ranks)
        elif wheel is not None and set(ranks) == wheel:
            top = max(r for r in ranks if r != 12)
    if top is not None:
        category = "sf" if flush else "straight"
        return (order.index(category), top)
    category = "flush" if flush else _SHAPES[counts]
    return (order.index(category), *grouped)


def short_deck_key(ids: Sequence[int], trips_beat_straight: bool = False) -> Key:
    return high_key(ids, SHORT_TRIPS if trips_beat_straight else SHORT, frozenset({12, 4, 5, 6, 7}))


def deuce_to_seven_key(ids: Sequence[int]) -> Key:
    """Lowball: the worse the high hand (ace always high), the better."""
    return tuple(-x for x in high_key(ids, STANDARD, None))


def _low_rank(card: int) -> int:
    """Ace low: A=0, 2=1, ..., K=12."""
    return ((card >> 2) + 1) % 13


def ace_to_five_key(ids: Sequence[int]) -> Key:
    ranks = [_low_rank(i) for i in ids]
    counts, grouped = _groups(ranks)
    badness = list(_SHAPES).index(counts)
    return tuple(-x for x in (badness, *grouped))


def eight_or_better_key(ids: Sequence[int]) -> Key | None:
    ranks = sorted({_low_rank(i) for i in ids}, reverse=True)
    if len(ranks) != 5 or ranks[0] > 7:
        return None
    return tuple(-r for r in ranks)


def badugi_key(ids: Sequence[int]) -> Key:
    best: Key | None = None
    for k in (4, 3, 2, 1):
        for subset in combinations(ids, k):
            if len({i >> 2 for i in subset}) == k and len({i & 3 for i in subset}) == k:
                ranks = sorted((_low_rank(i) for i in subset), reverse=True)
                key = (k, *(-r for r in ranks))
                best = key if best is None else max(best, key)
        if best is not None:
            return best
    raise AssertionError("every card is a one-card badugi")  # pragma: no cover


def best_of(ids: Sequence[int], five_key, k: int = 5) -> Key | None:  # type: ignore[no-untyped-def]
    """The best key over every ``k``-card subset (None when none qualifies)."""
    keys = [key for c in combinations(ids, k) if (key := five_key(c)) is not None]
    return max(keys) if keys else None


def omaha_best(hole: Sequence[int], board: Sequence[int], five_key) -> Key | None:  # type: ignore[no-untyped-def]
    keys = [
        key
        for pair in combinations(hole, 2)
        for triple in combinations(board, 3)
        if (key := five_key(pair + triple)) is not None
    ]
    return max(keys) if keys else None
