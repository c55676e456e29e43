"""Table showdown: folds, main and side pots, split pots, odd chips, uncalled bets (R5-R9).

A :class:`Table` says who put how many chips in, who folded, the cards and the
button; :func:`resolve` returns a :class:`Showdown`: the pots (main first, then
side pots), who wins each and how the chips are shared, the uncalled bet handed
back, the showdown order and, on demand, the hands shown and a sentence per pot
in English, Spanish or Russian.

>>> sd = resolve({
...     "game": "holdem", "button": 3, "board": "Ac 9d 7h 4s 2c", "last_aggressor": None,
...     "players": [
...         {"seat": 1, "name": "Ana", "hole": "Ad Kh", "contributed": 150},
...         {"seat": 3, "name": "Bo", "hole": "Ah Qd", "contributed": 100},
...         {"seat": 5, "name": "Cy", "hole": None, "contributed": 40, "folded": True},
...     ]})
>>> sd.pots[0].amount, sd.pots[0].eligible, sd.pots[0].winners
(240, (1, 3), (1,))
>>> sd.returned, sd.payouts  # Ana's last 50 chips were never called
({1: 50}, {1: 240})
>>> sd.showdown_order  # everyone checked: the first live seat left of the button (3) shows first
(1, 3)

Dictionaries and JSON in and out: :meth:`Table.from_dict`, :meth:`Table.from_json`,
:meth:`Table.to_dict`, :meth:`Showdown.to_dict`, :meth:`Showdown.to_json`
(the format of ``showdown resolve``). Hand values and explanations are built
only when asked for, so :func:`resolve` itself stays fast.
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from showdown.hands.ladder_scalar import value_ids
from showdown.hands.value import evaluate
from showdown.pots.table import BOARD_COUNTS, Player, Table, TableError, as_integer

if TYPE_CHECKING:
    from showdown.hands.value import HandValue

__all__ = [
    "Award",
    "Player",
    "Pot",
    "Showdown",
    "Table",
    "TableError",
    "resolve",
    "split_amount",
    "split_by_cards",
]


def split_amount(
    amount: int, winners: Sequence[int], button: int, seats: Sequence[int]
) -> dict[int, int]:
    """Share ``amount`` chips equally among ``winners`` (seat numbers), odd chips by position.

    Each winner gets ``amount // len(winners)``; the remaining odd chips go one
    each to the winners in seat order starting from the first seat left of
    (clockwise after) the ``button``, wrapping round (R7). ``seats`` lists every
    seat at the table in clockwise order. The result lists the winners in that
    order, so the larger shares come first. A dead button (on a seat nobody
    occupies) counts from its own position: the first seat left of it is the
    next occupied seat number after it, wrapping round.

    >>> split_amount(100, [7, 2, 5], button=5, seats=[2, 5, 7])  # 33 each, 1 odd chip
    {7: 34, 2: 33, 5: 33}
    >>> split_amount(101, [2, 5, 7], button=7, seats=[2, 5, 7])  # 2 odd chips: seats 2 and 5
    {2: 34, 5: 34, 7: 33}
    >>> split_amount(90, [5], button=5, seats=[2, 5, 7])
    {5: 90}
    >>> split_amount(101, [2, 5, 7], button=4, seats=[2, 5, 7])  # dead button on seat 4
    {5: 34, 7: 34, 2: 33}
    """
    amount = as_integer(amount, "the amount")
    if amount < 0:
        raise TableError(f"the amount must not be negative, got {amount}")
    n = len(seats)
    position = {seat: i for i, seat in enumerate(seats)}
    if len(position) != n:
        raise TableError(f"a seat is listed twice in {list(seats)}")
    button = as_integer(button, "the button")
    if button < 0:
        raise TableError(f"the button {button} is negative; it is a seat number")
    if button in position:
        first = position[button] + 1  # index of the first seat left of the button
    elif list(seats) == sorted(seats):  # a dead button between numbered seats
        first = bisect_right(seats, button)
    else:
        raise TableError(
            f"the button {button} is not one of the seats {list(seats)}, which are not in "
            "ascending order, so its position is unknown"
        )
    if not winners:
        raise TableError("there must be at least one winner")
    if len(set(winners)) != len(winners):
        raise TableError(f"a winner is listed twice in {list(winners)}")
    for seat in winners:
        if seat not in position:
            raise TableError(f"winner {seat} is not one of the seats {list(seats)}")
    if len(winners) == 1:
        return {winners[0]: amount}
    order = sorted(winners, key=lambda seat: (position[seat] - first) % n)
    share, odd = divmod(amount, len(order))
    return {seat: share + 1 if k < odd else share for k, seat in enumerate(order)}


def split_by_cards(
    amount: int, winners: Sequence[int], cards: Mapping[int, Sequence[int]], low: bool
) -> dict[int, int]:
    """Share ``amount`` among stud ``winners`` (seats); odd chips go by the cards held.

    Stud has no button: the odd chip goes to the tied player holding the
    highest card by suit in a high split, the lowest card by suit in a low
    split (ace low), suits ranked spades, hearts, diamonds, clubs; all of a
    player's cards count (``cards``: seat -> card ids). This is the only place
    where suits matter.

    >>> split_by_cards(101, [1, 2], {1: [50, 0], 2: [51, 1]}, low=False)  # As beats Ah
    {2: 51, 1: 50}
    >>> split_by_cards(101, [1, 2], {1: [48, 5], 2: [49, 4]}, low=True)  # Ac is the lowest
    {1: 51, 2: 50}
    """
    amount = as_integer(amount, "the amount")
    if amount < 0:
        raise TableError(f"the amount must not be negative, got {amount}")
    if not winners:
        raise TableError("there must be at least one winner")

    def lowest(card: int) -> tuple[int, int]:
        rank, suit = card >> 2, card & 3
        return (-1 if rank == 12 else rank, suit)

    if low:
        order = sorted(winners, key=lambda seat: min(map(lowest, cards[seat])))
    else:
        order = sorted(winners, key=lambda seat: -max(cards[seat]))
    share, odd = divmod(amount, len(order))
    return {seat: share + 1 if k < odd else share for k, seat in enumerate(order)}


@dataclass(frozen=True, slots=True)
class Award:
    """One ladder's part of a pot (the high or the low half in hi-lo): winners and shares."""

    winners: tuple[int, ...]
    shares: dict[int, int] = field(hash=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "shares": {str(seat): chips for seat, chips in self.shares.items()},
        }


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips, who may win it, who did, and each winner's share.

    ``eligible`` is in seat order; ``winners`` and ``shares`` are in odd-chip
    order (clockwise from the first seat left of the button). In a hi-lo
    game ``halves`` holds the pot's award per ladder, high then low (``None``:
    no qualifying low, the high hand scoops); ``winners`` and ``shares`` are
    then the totals.
    """

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: dict[int, int] = field(hash=False)
    halves: tuple[Award | None, ...] = ()

    @property
    def high(self) -> Award | None:
        """The high half of a hi-lo pot (``None`` in other games)."""
        return self.halves[0] if self.halves else None

    @property
    def low(self) -> Award | None:
        """The low half of a hi-lo pot (``None``: no qualifying low, or not hi-lo)."""
        return self.halves[1] if len(self.halves) > 1 else None

    @property
    def contested(self) -> bool:
        """Two or more players could win it (otherwise no hand is needed)."""
        return len(self.eligible) > 1

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of ``showdown resolve``: seat keys as strings."""
        data: dict[str, Any] = {
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
            "shares": {str(seat): chips for seat, chips in self.shares.items()},
        }
        if self.halves:
            data["high"] = self.halves[0].to_dict() if self.halves[0] else None
            data["low"] = self.halves[1].to_dict() if self.halves[1] else None
        return data


@dataclass(frozen=True, repr=False)
class Showdown:
    """The result of :func:`resolve`.

    ``pots``: main pot first, then side pots. ``returned``: uncalled chips handed
    back (seat -> chips). ``payouts``: chips won from pots (seat -> chips, winners
    only). ``showdown_order``: live players in the order they show (empty when
    the hand ended by folds). ``shown``: the seats whose hands are revealed (the
    showdown order without muckers). ``ranks``: their evaluator ranks (1 =
    royal flush; lower wins). :attr:`hands` and :meth:`explanation` are built on
    first use.
    """

    table: Table
    pots: tuple[Pot, ...]
    returned: dict[int, int] = field(hash=False)
    payouts: dict[int, int] = field(hash=False)
    showdown_order: tuple[int, ...]
    shown: tuple[int, ...]
    ranks: dict[int, int] = field(hash=False)

    @cached_property
    def hands(self) -> dict[int, HandValue]:
        """The hands shown, seat -> :class:`~showdown.hands.value.HandValue`, in showdown order."""
        table = self.table
        return {
            seat: evaluate(table.player(seat).hole or (), table.board, table.variant)
            for seat in self.shown
        }

    def explain_pots(self, lang: str = "en") -> list[str]:
        """One sentence per pot (then one per returned bet) in ``en``, ``es`` or ``ru``."""
        from showdown.text.pots import explain_showdown

        return explain_showdown(self, lang)

    def explanation(self, lang: str = "en") -> str:
        """Who won each pot with what and why, one line per pot."""
        return "\n".join(self.explain_pots(lang))

    def to_dict(self, lang: str = "en", explanation: bool = True) -> dict[str, Any]:
        """The JSON document of ``showdown resolve --json``."""
        data: dict[str, Any] = {
            "pots": [pot.to_dict() for pot in self.pots],
            "returned": {str(s): c for s, c in self.returned.items()},
            "payouts": {str(s): c for s, c in self.payouts.items()},
            "showdown_order": list(self.showdown_order),
            "hands": {str(s): hand.to_json(lang) for s, hand in self.hands.items()},
        }
        if explanation:
            data["explanation"] = self.explanation(lang)
        return data

    def to_json(self, lang: str = "en", indent: int | None = 2) -> str:
        """:meth:`to_dict` as JSON text."""
        return json.dumps(self.to_dict(lang), ensure_ascii=False, indent=indent)

    def __str__(self) -> str:
        return self.explanation()

    def __repr__(self) -> str:
        pots = ", ".join(f"{p.amount}->{'/'.join(map(str, p.winners))}" for p in self.pots)
        return (
            f"<Showdown pots [{pots}] payouts {self.payouts} returned {self.returned} "
            f"order {list(self.showdown_order)}>"
        )


def _layers(table: Table, chips: list[int]) -> tuple[list[tuple[int, int]], list[int]]:
    """Cut the pots: ``([(amount, j), ...], live)`` with eligible players ``live[j:]``.

    ``live`` holds the live players' indices sorted by contribution; a layer
    ends at each live level and holds T(top) - T(bottom), where T(x) is the sum
    of min(c, x) over every contribution (prefix sums over the sorted list).
    """
    players = table.players
    n = len(players)
    live = sorted((i for i in range(n) if not players[i].folded), key=chips.__getitem__)
    ordered = sorted(chips)
    prefix = [0]
    for c in ordered:
        prefix.append(prefix[-1] + c)
    layers: list[tuple[int, int]] = []
    below = 0
    j = 0
    level = -1
    for i in live:
        if chips[i] == level:
            continue
        level = chips[i]
        k = bisect_left(ordered, level)
        upto = prefix[k] + level * (n - k)
        while chips[live[j]] < level:
            j += 1
        if upto > below:  # only the level 0 layer is ever empty
            layers.append((upto - below, j))
        below = upto
    leftover = prefix[n] - below
    if leftover:  # folded chips above every live player's total join the last pot
        if layers and layers[-1][1] == j:
            layers[-1] = (layers[-1][0] + leftover, j)
        else:
            layers.append((leftover, j))
    return layers, live


def _values(table: Table, contenders: Sequence[int]) -> list[dict[int, int]]:
    """Per ladder of the game, the values of the contenders who show (index -> value;
    a player without a qualifying low is left out); checks that they can show."""
    variant = table.variant
    full = BOARD_COUNTS[variant.key][-1]
    board = table.board_ids
    if len(board) != full:
        raise TableError(
            f"{variant.key}: the hand goes to showdown, so the board needs {full} cards, "
            f"got {len(board)}"
        )
    players = table.players
    values: list[dict[int, int]] = [{} for _ in variant.ladders]
    for i in contenders:
        p = players[i]
        if p.muck:
            continue
        if p.hole is None:
            raise TableError(f"seat {p.seat} is live but has no hole cards for the showdown")
        for k, ladder in enumerate(variant.ladders):
            value = value_ids(p.hole_ids, board, variant, ladder)
            if value is not None:
                values[k][i] = value
    return values


def _share(table: Table, amount: int, winners: list[int], low: bool) -> dict[int, int]:
    """Share one pot (or half) among tied ``winners``: by the button, or by suit in stud."""
    if len(winners) == 1:
        return {winners[0]: amount}
    if table.button is None:
        cards = {seat: table.player(seat).hole_ids for seat in winners}
        return split_by_cards(amount, winners, cards, low)
    return split_amount(amount, winners, table.button, table.seats)


def resolve(table: Table | Mapping[str, Any]) -> Showdown:
    """Resolve a showdown: uncalled bet, pots in layers, winners, shares, showdown order.

    ``table`` is a :class:`Table` or its JSON object. The steps (R5-R9):

    1. The part of the largest contribution above the second largest (folded
       players' chips count) was never called: it goes back to its owner.
    2. Pots are layers cut at each live player's contribution: every player,
       folded or not, pays into each layer up to their own total (dead money);
       only live players who reached the top of a layer may win it, so each
       layer has its own eligible players. Folded chips above the highest live
       level join the last pot. Main pot first.
    3. A pot with one eligible player is theirs without a showdown; otherwise
       the best hand among its eligible players who show wins, exact ties split
       with :func:`split_amount`.
    4. Showdown order: the last aggressor, else the first live seat left of the
       button, then clockwise; muckers keep their place but show nothing.

    Raises :class:`TableError` (a ``ValueError``) when a showdown is needed but
    the board is incomplete, a live player in it has no cards, or everyone in a
    contested pot mucked.

    >>> sd = resolve(Table(button=1, players=[Player(1, "Ana", contributed=30, folded=True),
    ...                                        Player(2, "Bo", contributed=80)]))
    >>> sd.returned, sd.payouts, sd.showdown_order  # Bo wins without showing
    ({2: 50}, {2: 60}, ())
    """
    if not isinstance(table, Table):
        table = Table.from_dict(table)
    players = table.players
    seats = table.seats
    n = len(players)
    chips = [p.contributed for p in players]

    # 1. Uncalled bet.
    top = max(range(n), key=chips.__getitem__)
    second = max(chips[:top] + chips[top + 1 :])
    returned: dict[int, int] = {}
    if chips[top] > second:
        returned[seats[top]] = chips[top] - second
        chips[top] = second

    # 2. Pots, and who shows: the players of the main pot when it is contested
    # (eligible sets only shrink from one pot to the next).
    layers, live = _layers(table, chips)
    contenders = live[layers[0][1] :] if layers and len(live) - layers[0][1] > 1 else []
    variant = table.variant
    values = _values(table, contenders) if contenders else [{} for _ in variant.ladders]

    # 3. Winners per pot and per ladder; a hi-lo pot is halved between the best
    # high and the best qualifying low (odd chip to the high half), else scooped.
    seat_of = seats.__getitem__
    pots: list[Pot] = []
    for amount, j in layers:
        eligible = live[j:]
        awards: list[list[int] | None] = []
        for ladder_values in values:
            showing = [i for i in eligible if i in ladder_values]
            best = min((ladder_values[i] for i in showing), default=None)
            awards.append([i for i in showing if ladder_values[i] == best] or None)
        if len(eligible) == 1:
            awards = [list(eligible)] + [None] * (len(values) - 1)
        elif awards[0] is None:
            names = ", ".join(map(str, sorted(map(seat_of, eligible))))
            raise TableError(f"every player in a pot mucked (seats {names}); one must show")
        parts = [k for k, winners in enumerate(awards) if winners]
        base, odd = divmod(amount, len(parts))
        halves: list[Award | None] = [None] * len(awards)
        totals: dict[int, int] = {}
        for n, k in enumerate(parts):
            winners = sorted(map(seat_of, awards[k] or ()))
            portion = base + (1 if n < odd else 0)
            shares = _share(table, portion, winners, variant.ladders[k].low)
            halves[k] = Award(tuple(shares), shares)
            for seat, won in shares.items():
                totals[seat] = totals.get(seat, 0) + won
        pots.append(
            Pot(
                amount,
                tuple(sorted(map(seat_of, eligible))),
                tuple(totals),
                totals,
                tuple(halves) if variant.hi_lo else (),
            )
        )
    payouts: dict[int, int] = {}
    for pot in pots:
        for seat, won in pot.shares.items():
            payouts[seat] = payouts.get(seat, 0) + won

    # 4. Showdown order: the seats in the showdown, rotated to start at the last
    # aggressor, or at the first seat after the button.
    order: tuple[int, ...] = ()
    shown: tuple[int, ...] = ()
    if contenders:
        in_hand = sorted(map(seat_of, contenders))
        start = table.last_aggressor
        if start is not None:
            k = bisect_left(in_hand, start)
        else:  # no button (stud): the lowest seat shows first
            k = 0 if table.button is None else bisect_right(in_hand, table.button)
        order = (*in_hand[k:], *in_hand[:k])
        shown = tuple(s for s in order if not players[seats.index(s)].muck)
    return Showdown(
        table=table,
        pots=tuple(pots),
        returned=returned,
        payouts=dict(sorted(payouts.items())),
        showdown_order=order,
        shown=shown,
        ranks={seats[i]: r for i, r in sorted(values[0].items())},
    )
