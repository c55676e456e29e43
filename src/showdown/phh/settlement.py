"""Settlement: a replayed hand becomes the project's :class:`~showdown.pots.table.Table`, which
:func:`~showdown.pots.resolution.resolve` settles (contributions, folds, mucks, the last
aggressor of the final betting round, uncalled bets returned).

>>> from showdown.phh.notation import loads
>>> s = settle(loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [50, 80]
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 80", "p1 cc",
...            "d db 2c3c4d", "d db 9s", "d db Jh"]'''))
>>> s.table.button, [p.contributed for p in s.table.players]  # heads-up: p2 is the button
(2, [50, 80])
>>> s.finishing, s.net, s.winnings, s.showdown.returned
([100, 30], [50, -50], [100, 0], {2: 30})
"""

from __future__ import annotations

from functools import lru_cache

from showdown.cards import Card
from showdown.phh.engine import Replay, replay
from showdown.phh.errors import IllegalAction
from showdown.phh.notation import HandHistory
from showdown.phh.runouts import combine_runs
from showdown.pots.resolution import (
    Award,
    Player,
    Pot,
    Showdown,
    Table,
    TableError,
    resolve,
)
from showdown.pots.table import BOARD_COUNTS, HOLE_COUNTS
from showdown.variants import find_variant

__all__ = [
    "HalfParts", "Parts", "PotParts", "Settlement", "parts_payouts", "settle",
    "settle_replay", "to_table",
]



@lru_cache(maxsize=64)
def _card(text: str) -> Card:
    return Card.parse(text)


#: A settlement worked out elsewhere (the native kernel) as plain values: pots as
#: ``(amount, eligible seats, winner seats, shares)``, returned as ``((seat, chips),)``,
#: the showdown order, the seats shown, ``((seat, value), ...)``; in a hi-lo game then
#: each pot's halves (:data:`HalfParts`).
PotParts = tuple[tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], ...]
#: A hi-lo pot's halves: ``((high winners, shares), (low winners, shares) or None)``.
HalfParts = tuple[
    tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, ...], tuple[int, ...]] | None
]
Parts = (
    tuple[PotParts, tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...],
          tuple[tuple[int, int], ...]]
    | tuple[PotParts, tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...],
            tuple[tuple[int, int], ...], tuple[HalfParts, ...]]
)


class Settlement:
    """A settled hand. ``showdown`` is ``None`` when a hand needed at showdown is unknown
    (``unknown`` lists those players' indices); then ``finishing`` and ``winnings``
    are ``None`` too. Amounts are in the replay's units (see :attr:`Replay.scale`).

    ``table`` and ``showdown`` may be built on first use (a corpus replay that only
    compares finishing stacks never needs them): from the replay, and from ``parts``
    (the same pots, shares and order :func:`~showdown.pots.resolution.resolve` gives, worked out
    by the native kernel; the tests compare the two on many hands).
    """

    __slots__ = ("_parts", "_showdown", "_table", "finishing", "replay", "unknown", "winnings")

    def __init__(
        self,
        replay: Replay,
        table: Table | None,
        showdown: Showdown | None,
        finishing: list[int] | None,
        winnings: list[int] | None,
        unknown: list[int],
        parts: Parts | None = None,
    ) -> None:
        self.replay = replay
        self._table = table
        self._showdown = showdown
        self.finishing = finishing
        self.winnings = winnings
        self.unknown = unknown
        self._parts = parts

    @property
    def table(self) -> Table:
        """The :class:`~showdown.pots.table.Table` at the end of the hand."""
        if self._table is None:
            self._table = to_table(self.replay)
        return self._table

    @property
    def showdown(self) -> Showdown | None:
        """The :class:`~showdown.pots.resolution.Showdown` (``None``: a needed hand is unknown)."""
        if self._showdown is None and self._parts is not None:
            self._showdown = _from_parts(self.table, self._parts)
            self._parts = None
        return self._showdown

    @property
    def parts(self) -> Parts | None:
        """The settlement as plain values when it came from the kernel and no
        :class:`Showdown` was built yet (else ``None``): cheaper to report."""
        return self._parts

    @property
    def net(self) -> list[int] | None:
        """Each player's net result: finishing minus starting stack."""
        if self.finishing is None:
            return None
        return [f - s for f, s in zip(self.finishing, self.replay.starting, strict=True)]

    def __repr__(self) -> str:
        return f"<Settlement {self.replay.history!r}: finishing {self.finishing}>"


def parts_payouts(pots: PotParts) -> dict[int, int]:
    """Chips won per seat (winners only, in seat order) from the pots of :data:`Parts`."""
    payouts: dict[int, int] = {}
    for _, _, winners, shares in pots:
        for seat, won in zip(winners, shares, strict=True):
            payouts[seat] = payouts.get(seat, 0) + won
    return dict(sorted(payouts.items()))


def _from_parts(table: Table, parts: Parts) -> Showdown:
    """The :class:`Showdown` of settled plain values (see :data:`Parts`)."""
    pots, returned, order, shown, ranks = parts[:5]
    halves: tuple[HalfParts, ...] | tuple[()] = parts[5] if len(parts) > 5 else ()
    built = tuple(
        Pot(amount, eligible, winners, dict(zip(winners, shares, strict=True)),
            tuple(_award(half) for half in halves[k]) if halves else ())
        for k, (amount, eligible, winners, shares) in enumerate(pots)
    )
    return Showdown(
        table=table,
        pots=built,
        returned=dict(returned),
        payouts=parts_payouts(pots),
        showdown_order=order,
        shown=shown,
        ranks=dict(ranks),
    )


def _award(half: tuple[tuple[int, ...], tuple[int, ...]] | None) -> Award | None:
    """One half of a hi-lo pot from its plain values (``None``: no qualifying low)."""
    if half is None:
        return None
    winners, shares = half
    return Award(winners, dict(zip(winners, shares, strict=True)))


#: At most this many dead-money places hold unequal antes (see :func:`_dead_antes`).
DEAD_PLACES = 9


def _dead_antes(r: Replay) -> tuple[list[int], list[int]]:
    """Unequal antes (a big-blind or button ante) as dead money in the main pot.

    :func:`~showdown.pots.resolution.resolve` cuts pots at each live player's total, so a
    big blind's ante would count as a bet nobody called. Instead the players'
    contributions exclude their antes, and the antes are held by folded
    placeholders (seats after the last one), each no larger than the smallest
    live contribution, so every ante chip lands in the main pot, nor than the second
    largest bet, so the uncalled part of the largest is measured against live bets only
    (a dead blind folded is no bet to call: 888 hands the raise back above the big
    blind). Equal antes stay in the contributions: cutting them with the bets is the
    same there.
    Returns (contributions, placeholders' chips); no placeholders when antes are
    equal, or a live player put in nothing beyond the ante.
    """
    paid = [a for a in r.antes if a]
    if not paid or (len(set(r.antes)) == 1):
        return r.contributed, []
    bets = [c - a for c, a in zip(r.contributed, r.antes, strict=True)]
    live = [bets[i] for i in range(len(bets)) if not r.folded[i]]
    smallest = min(live)
    if smallest == 0:
        return r.contributed, []
    second = sorted(bets)[-2]
    if 0 < second < smallest:
        smallest = second
    total = sum(paid)
    places = min(DEAD_PLACES, -(-total // smallest))
    share, odd = divmod(total, places)
    return bets, [share + (k < odd) for k in range(places)]


#: Players without cards, by (seat, name, chips, folded, muck): they repeat from hand to
#: hand (the folded players of a corpus), and players are immutable, so each is checked once.
_CARDLESS: dict[tuple[int, str, int, bool, bool], Player] = {}


def _cardless(seat: int, name: str, chips: int, folded: bool, muck: bool) -> Player:
    key = (seat, name, chips, folded, muck)
    p = _CARDLESS.get(key)
    if p is None:
        if len(_CARDLESS) >= 4096:
            _CARDLESS.clear()
        p = _CARDLESS[key] = Player(seat=seat, name=name, contributed=chips, folded=folded,
                                    muck=muck)
    return p


@lru_cache(maxsize=32)
def _has_button(game: str) -> bool:
    return find_variant(game).button


def to_table(r: Replay, run_board: list[str] | None = None) -> Table:
    """The table at the end of the replayed hand (seats from ``seats``; the last player
    has the button; unequal antes are dead money, see :func:`_dead_antes`), built through
    :class:`Table`'s own checks. ``run_board`` replaces the hand's board (one run of a hand
    run more than once). A table holds whole hands and whole streets: a live player's
    cards that are not yet a hand of the game (a stud hand won before the seventh card, a
    hand that stops early) are left out, and so are the board cards of a street a hand
    stops inside, and a last aggressor who folded since (a hand that stops inside a
    round)."""
    history = r.history
    seats = history.seats
    names = history.names
    contributed, dead = _dead_antes(r)
    game = r.rules.game
    whole = HOLE_COUNTS[game]
    players = []
    folded = r.folded
    mucked = r.mucked
    for i, seat in enumerate(seats):
        hole = r.holes[i]
        if folded[i] or not hole or len(hole) not in whole or "??" in hole:
            players.append(_cardless(seat, names[i], contributed[i], folded[i], mucked[i]))
        else:
            players.append(Player(seat, names[i], tuple(map(_card, hole)), contributed[i],
                                  False, mucked[i]))
    top = max(seats)
    for k, chips in enumerate(dead, start=1):
        players.append(_cardless(top + k, "ante", chips, True, False))
    last = r.last_aggressor  # a partial hand's may have folded since: not the final round's
    aggressor = None if last is None or folded[last] else seats[last]
    dealt = r.board if run_board is None else run_board
    if len(dealt) not in BOARD_COUNTS[game]:  # a hand that stops inside a street
        dealt = dealt[:max(k for k in BOARD_COUNTS[game] if k <= len(dealt))]
    board = tuple(map(_card, dealt))
    button = seats[-1] if _has_button(game) else None  # stud has no button
    return Table(players=tuple(players), button=button, board=board, game=game,
                 last_aggressor=aggressor)


def settle_replay(r: Replay) -> Settlement:
    """Settle a :class:`Replay` with :func:`~showdown.pots.resolution.resolve` (a partial
    hand, :attr:`Replay.partial`, is not settled: ``finishing`` and ``winnings`` are None)."""
    if r.partial is not None:
        return Settlement(r, None, None, None, None, [])
    table = to_table(r)
    n = len(r.contributed)
    live = [i for i in range(n) if not r.folded[i]]
    unknown = [i for i in live if not r.mucked[i] and (not r.holes[i] or "??" in r.holes[i])]
    if len(live) > 1 and unknown:
        return Settlement(r, table, None, None, None, unknown)
    try:
        sd = resolve(table) if not r.boards else combine_runs(
            [table, *(to_table(r, run_board=board) for board in r.boards[1:])])
    except TableError as exc:  # every player in a pot mucked
        history = r.history
        raise IllegalAction(
            history.file, history.label, len(history.fields["actions"]) - 1,
            history.fields["actions"][-1] if history.fields["actions"] else "",
            "showdown", str(exc)
        ) from None
    seats = r.history.seats
    finishing = []
    winnings = []
    for i, seat in enumerate(seats):
        won = sd.payouts.get(seat, 0)
        winnings.append(won)
        finishing.append(r.starting[i] - r.contributed[i] + sd.returned.get(seat, 0) + won)
    return Settlement(r, table, sd, finishing, winnings, [])


def settle(history: HandHistory, repair: bool = False) -> Settlement:
    """Replay (``repair``: see :func:`~showdown.phh.engine.replay`) and settle one hand."""
    return settle_replay(replay(history, repair))
