"""A settled hand as the rows the database stores: :class:`Rows`, filled by :meth:`Rows.add`.

Everything here is plain lists and tuples of numbers and text, so a worker process can
make them and send them back (see :mod:`showdown.tracker.reading`); they become typed Arrow
tables in :mod:`showdown.tracker.columns`. Amounts are integers in millionths of the
hand's unit (a cent is 10,000; a chip 1,000,000), exact where the settlement is, stored
as ``DECIMAL(18, 6)``. The rows carry no ids: the writer
(:mod:`showdown.tracker.writing`) numbers the hands from the database's next free id.

What a player's figures are (see ``docs/tracker.md``):

- ``net``: what the room wrote the player won or lost when the replay agrees with it up
  to the rake or a cash-out (class ``rake`` or ``cash-out``: the room's numbers), else
  the settlement's result less the player's part of the rake; for a player who cashed
  out (class ``cash-out``), what the room paid him in all (``_cash_out_paid``) less what
  he put in;
- ``rake``: the hand's rake (the room's ``_rake``, else what the room kept of the
  pots) split between the pots' winners in proportion to what each won;
- ``ev_net``: ``net`` with every all-in pot paid by equity (:mod:`showdown.phh.allin_ev`);
  a player who cashed out keeps his ``net`` (the room's price took the cards' place);
- the hand's ``pot``: what its pots held (an uncalled bet handed back is not in it).

>>> from showdown.phh import loads, settle
>>> hand = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 cbr 6", "p2 f"]
... players = ["Ana", "Bo", "Cy"]
... hand = 7''')
>>> rows = Rows()
>>> rows.add(hand, settle(hand), "phh")
>>> len(rows), rows.hand_rows[0][:2], rows.players[PLAYER_OWN.index("player")]
(1, ('phh', '7'), ['Ana', 'Bo', 'Cy'])
>>> [n // MICRO for n in rows.players[PLAYER_OWN.index("net")]], rows.actions[3:]
([2, -2, 0], ['p3 f', 'p1 cbr 6', 'p2 f'])
"""

from __future__ import annotations

import datetime
import hashlib
import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from showdown.phh.allin_ev import all_in_ev
from showdown.phh.amounts import INFINITE
from showdown.phh.settlement import PotParts
from showdown.phh.verification import verify
from showdown.tracker.hand_stats import hand_stats
from showdown.tracker.positions import positions

if TYPE_CHECKING:
    from showdown.phh.notation import HandHistory
    from showdown.phh.replayed import Replay
    from showdown.phh.settlement import Settlement

__all__ = [
    "ACTION_COLUMNS", "HAND_COLUMNS", "HAND_OWN", "MICRO", "MONEY", "PLAYER_COLUMNS",
    "PLAYER_OWN", "POT_AMOUNTS", "POT_COLUMNS", "POT_OWN", "Rows", "hand_key", "money",
]

#: Millionths: the unit of every amount in :class:`Rows`.
MICRO = 1_000_000

#: The columns of ``hands`` a batch carries (``hand_id`` first), in the table's order.
HAND_COLUMNS = (
    "hand_id", "room", "hand", "file_id", "played_at", "time_zone", "game", "currency",
    "tournament", "table_name", "max_seats", "players", "small_blind", "big_blind", "ante",
    "bring_in", "small_bet", "big_bet", "min_bet", "board", "pot", "rake", "class",
    "all_in_street", "extra",
)
#: The columns of ``hand_players`` before the statistics' counters.
PLAYER_COLUMNS = (
    "hand_id", "seat", "player", "turn", "position", "cards", "starting_stack", "ante",
    "blind", "net", "ev_net", "won", "rake", "played_at", "game", "currency", "ring",
    "big_blind", "players",
)
#: The columns of ``actions``.
ACTION_COLUMNS = ("hand_id", "n", "street", "actor", "action")
#: The columns of ``pots``.
POT_COLUMNS = ("hand_id", "pot", "amount", "seat", "share")
#: The columns of a hand's row in :class:`Rows` (its ids are given when it is written).
HAND_OWN = tuple(c for c in HAND_COLUMNS if c not in ("hand_id", "file_id"))
#: The columns of a player's row in :class:`Rows`; the others of :data:`PLAYER_COLUMNS`
#: are the hand's.
PLAYER_OWN = PLAYER_COLUMNS[1:13]
#: The columns of a pot winner's row in :class:`Rows`.
POT_OWN = POT_COLUMNS[1:]
#: The amount columns, stored as millionths and written as ``DECIMAL(18, 6)`` (``pots.pot``
#: is a pot's number: :data:`POT_AMOUNTS` are the amounts of ``pots``).
MONEY = frozenset({
    "small_blind", "big_blind", "ante", "bring_in", "small_bet", "big_bet", "min_bet", "pot",
    "rake", "starting_stack", "blind", "net", "ev_net", "won", "amount", "share",
})
#: The amount columns of ``pots``.
POT_AMOUNTS = frozenset({"amount", "share"})

#: The fields a hand's columns already hold; the others go to ``extra`` as JSON.
_KNOWN = frozenset({
    "variant", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet", "min_bet",
    "starting_stacks", "actions", "hand", "currency", "table", "year", "month", "day",
    "time", "time_zone", "seat_count", "seats", "players", "finishing_stacks", "winnings",
    "_room", "_rake", "_tournament",
})


def money(value: Any) -> int:
    """A number of the file (an int, a float with a few decimals) in millionths.

    >>> money(0.07), money(25), money(None)
    (70000, 25000000, 0)
    """
    if value is None or value != value:  # None, nan
        return 0
    if type(value) is int:
        return value * MICRO
    return round(value * MICRO)


def _units(value: int | Fraction, scale: int) -> int:
    """Replay units (``1 / scale`` of the file's numbers) in millionths, rounded half to
    even as :class:`~fractions.Fraction` rounds (an integer's in integers: no fraction made).

    >>> _units(7, 100), _units(1, 3), _units(5, 2_000_000), _units(Fraction(1, 3), 1)
    (70000, 333333, 2, 333333)
    """
    if type(value) is int:
        if scale == 1:
            return value * MICRO
        whole, rest = divmod(value * MICRO, scale)
        if rest * 2 > scale or (rest * 2 == scale and whole & 1):
            whole += 1
        return whole
    return round(Fraction(value) * MICRO / scale)


def hand_key(history: HandHistory, room: str) -> tuple[str, str]:
    """(room, hand number) that keys a hand: the room's number, or for a PHH hand without
    one a digest of its fields (``#`` and 16 hex digits): the same hand in two files is
    stored once, and two hands of files of the same name in two folders are two hands.

    >>> from showdown.phh import loads
    >>> text = ('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\n'
    ...         'min_bet = 2\\nstarting_stacks = [9, 9]\\nactions = []')
    >>> room, key = hand_key(loads(text, "a/b.phhs"), "phh")
    >>> room, key[0], len(key), key == hand_key(loads(text, "c/b.phhs"), "phh")[1]
    ('phh', '#', 17, True)
    >>> hand_key(loads(text + "\\nhand = 12"), "phh")
    ('phh', '12')
    """
    fields = history.fields
    room = str(fields.get("_room") or room)
    number = fields.get("hand")
    if number is None or number == "":
        text = json.dumps(fields, sort_keys=True, default=str, ensure_ascii=False)
        return room, "#" + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return room, str(number)


def _played_at(fields: dict[str, Any]) -> datetime.datetime | None:
    try:
        year, month, day = int(fields["year"]), int(fields["month"]), int(fields["day"])
    except (KeyError, TypeError, ValueError):
        return None
    at = fields.get("time")
    try:
        if isinstance(at, datetime.time):
            return datetime.datetime.combine(datetime.date(year, month, day), at)
        return datetime.datetime(year, month, day)
    except ValueError:
        return None


def _big_blind(blinds: list[Any], fields: dict[str, Any]) -> Any:
    """The big blind: the second player's blind (the first heads-up), not a straddle."""
    posted = [b for b in blinds if b]
    if len(blinds) > 2 and blinds[1]:
        return blinds[1]
    if posted:
        return max(posted[:2])
    return fields.get("small_bet") or fields.get("min_bet")


class Rows:
    """The rows of a batch of hands, and the refused hands.

    A hand's rows follow the hand's before them, without ids (the writer gives them, see
    :mod:`showdown.tracker.columns`): ``hand_rows`` holds a hand's values in
    :data:`HAND_OWN` order, a tuple per hand; ``players`` a list per column of
    :data:`PLAYER_OWN`, a value per player dealt in (a hand's players added to each at
    once; the columns copied from the hand are taken from its row when the tables are
    made) and ``stat_rows`` their counters
    (:data:`~showdown.tracker.schema.STAT_COLUMNS`); ``actions`` its actions' texts,
    ``action_counts`` how many each hand has; ``pot_rows`` its pots' winners in
    :data:`POT_OWN` order, ``pot_counts`` how many each hand has. ``refused`` holds
    ``(place, room, reason)`` for each hand that could not be stored.
    """

    __slots__ = ("action_counts", "actions", "hand_rows", "keys", "players", "pot_counts",
                 "pot_rows", "refused", "stat_rows")

    def __init__(self) -> None:
        self.hand_rows: list[tuple[Any, ...]] = []
        self.players: list[list[Any]] = [[] for _ in PLAYER_OWN]
        self.stat_rows: list[tuple[int, ...]] = []
        self.actions: list[str] = []
        self.action_counts: list[int] = []
        self.pot_rows: list[tuple[int, ...]] = []
        self.pot_counts: list[int] = []
        self.refused: list[tuple[str, str, str]] = []
        self.keys: set[tuple[str, str]] = set()

    def __len__(self) -> int:
        return len(self.hand_rows)

    def keys_in_order(self) -> list[tuple[str, str]]:
        """Each hand's (room, hand number), in the order of :attr:`hand_rows`."""
        return [(row[0], row[1]) for row in self.hand_rows]

    def refuse(self, place: str, room: str, reason: str) -> None:
        """Keep a hand that does not read or settle, with its place and reason."""
        self.refused.append((place, room, reason))

    def add(self, history: HandHistory, s: Settlement, room: str) -> None:
        """Add one settled hand (a hand already in the batch is left out)."""
        key = hand_key(history, room)
        if key in self.keys:
            return
        if s.replay.partial is not None:
            self.refuse(key[1], key[0], "the actions stop before the hand is over (next: "
                                        f"{s.replay.partial})")
            return
        if s.finishing is None:
            unknown = ", ".join(history.names[i] for i in s.unknown)
            self.refuse(key[1], key[0], f"the cards of {unknown} are needed at showdown and "
                                        "unknown")
            return
        self.keys.add(key)
        self._add(history, s, key)

    def _add(self, history: HandHistory, s: Settlement, key: tuple[str, str]) -> None:
        fields = history.fields
        r = s.replay
        scale = r.scale
        starting = r.starting
        n = len(starting)
        seats = history.seats
        blinds = fields.get("blinds_or_straddles") or [0] * n
        antes = fields.get("antes") or [0] * n
        pots, returned = _pots(s)
        payouts: dict[int, int] = {}  # (parts_payouts, but not sorted: only looked up)
        for _, _, takers, parts in pots:
            for seat, part in zip(takers, parts, strict=True):
                payouts[seat] = payouts.get(seat, 0) + part
        won = [payouts.get(seat, 0) for seat in seats]
        # millionths per unit when a unit is a whole number of them (cents, chips...)
        unit = MICRO // scale if MICRO % scale == 0 else 0
        finishing = s.finishing or starting
        if unit:
            ours = [(f - b) * unit for f, b in zip(finishing, starting, strict=True)]
        else:
            ours = [_units(f - b, scale) for f, b in zip(finishing, starting, strict=True)]
        verdict = verify(s)
        cls = verdict.cls
        adjust = None
        if cls in ("rake", "cash-out"):  # the room's numbers, in the replay's units
            adjust = [0] * n
            for i, mine, theirs in verdict.differences:
                adjust[i] = _units(theirs, scale) - _units(mine, scale)
        rake = money(fields.get("_rake"))
        if not rake and cls == "rake" and adjust is not None:
            rake = -sum(adjust)
        shares = _split(rake, won)
        if adjust is not None and any(adjust):
            net = [o + a for o, a in zip(ours, adjust, strict=True)]
        elif rake:
            net = [o - x for o, x in zip(ours, shares, strict=True)]
        else:
            net = list(ours)
        cashed = _cashed_out(fields, n) if cls == "cash-out" else {}
        for i, paid in cashed.items():  # the room's price replaced what the pots paid him
            net[i] = ours[i] - _units(won[i], scale) + paid
        ev_net = net
        street = None
        if r.folded.count(False) >= 2 and not _bet_after_board(fields["actions"], r):
            found = all_in_ev(s)
            if found is not None:
                street = found.street
                if found.note is None:  # (a player who cashed out sold his luck: his net stays)
                    ev_net = [v if i in cashed else v - _units(w - e, scale)
                              for i, (v, w, e) in enumerate(zip(net, found.won, found.expected,
                                                                strict=True))]
        when = _played_at(fields)
        big = money(_big_blind(blinds, fields))
        tournament = fields.get("_tournament")
        extra = {k: v for k, v in fields.items() if k not in _KNOWN}
        pot = sum(r.contributed) - sum(returned.values())
        self.hand_rows.append((
            key[0], key[1], when, _text(fields.get("time_zone")), history.variant,
            _text(fields.get("currency")), None if tournament is None else str(tournament),
            _text(fields.get("table")), _count(fields.get("seat_count")), n,
            money(_small_blind(blinds)), big, money(max(antes) if antes else 0),
            money(fields.get("bring_in")), money(fields.get("small_bet")),
            money(fields.get("big_bet")), money(fields.get("min_bet")), "".join(r.board),
            pot * unit if unit else _units(pot, scale), rake, cls, street,
            json.dumps(extra, default=str) if extra else None,
        ))
        if unit:
            stacks = [None if v >= _UNKNOWN else v * unit for v in starting]
            won_units = [w * unit for w in won]
        else:
            stacks = [None if v >= _UNKNOWN else _units(v, scale) for v in starting]
            won_units = [_units(w, scale) for w in won]
        cards = ["" if "?" in held else held for held in map("".join, r.holes)]
        p = self.players  # in PLAYER_OWN's order
        p[0].extend(seats)
        p[1].extend(history.names)
        p[2].extend(range(1, n + 1))
        p[3].extend(positions(n))
        p[4].extend(cards)
        p[5].extend(stacks)
        p[6].extend(_moneys(antes, n))
        p[7].extend(_moneys(blinds, n))
        p[8].extend(net)
        p[9].extend(ev_net)
        p[10].extend(won_units)
        p[11].extend(shares)
        self.stat_rows.extend(hand_stats(history, won))
        actions = fields["actions"]
        self.actions.extend(actions)
        self.action_counts.append(len(actions))
        winners = len(self.pot_rows)
        for index, (amount, _, seats_won, parts) in enumerate(pots):
            for seat, share in zip(seats_won, parts, strict=True):
                self.pot_rows.append((index, _units(amount, scale), seat, _units(share, scale)))
        self.pot_counts.append(len(self.pot_rows) - winners)


#: Starting stacks from here on are the replay's unknown (infinite) ones.
_UNKNOWN = INFINITE // 2


def _text(value: Any) -> str | None:
    """A text column's value: a field that is not text (a table numbered ``5``) as text."""
    return value if value is None or type(value) is str else str(value)


def _count(value: Any) -> int | None:
    """A small count's value (the seats of a table): ``None`` unless a whole number that
    fits its column.

    >>> _count(9), _count("9"), _count(1000), _count(None)
    (9, None, None, None)
    """
    return value if type(value) is int and 0 <= value < 128 else None


def _moneys(values: list[Any], n: int) -> list[int]:
    """:func:`money` of the first ``n`` values, 0 for the missing ones.

    >>> _moneys([1, 0.5], 3)
    [1000000, 500000, 0]
    """
    out = [v * MICRO if type(v) is int else money(v) for v in values[:n]]
    if len(out) < n:
        out += [0] * (n - len(out))
    return out


def _bet_after_board(actions: list[str], r: Replay) -> bool:
    """Whether a player made a betting decision after the last board card was dealt: a
    bet or a raise, or a check, a call or a fold by a player with chips left at the end
    (one all in may be written checking or folding with no decision left). The betting
    did not end before the last card then, and the hand has no all-in EV: this tells so
    without replaying the hand again, as :func:`~showdown.phh.allin_ev.all_in_ev` must.

    >>> from types import SimpleNamespace
    >>> r = SimpleNamespace(starting=[100, 100], contributed=[100, 60])
    >>> _bet_after_board(["d db 2c3c4d", "d db 9s", "d db Jh", "p2 cc", "p1 cc"], r)
    True
    >>> _bet_after_board(["p2 cbr 100", "p1 cc", "d db 2c3c4d", "d db 9s", "d db Jh"], r)
    False
    """
    for k in range(len(actions) - 1, -1, -1):
        if actions[k].startswith("d db"):
            break
    else:
        return False
    for text in actions[k + 1:]:
        if text.startswith("d "):
            continue
        words = text.split(" ", 2)
        if len(words) < 2:
            continue
        if words[1] == "cbr":
            return True
        if words[1] in ("cc", "f"):
            try:
                i = int(words[0][1:]) - 1
            except ValueError:
                continue
            if 0 <= i < len(r.starting) and r.starting[i] > r.contributed[i]:
                return True
    return False


def _pots(s: Settlement) -> tuple[PotParts, dict[int, int]]:
    """The pots of a settled hand as plain values, and the chips returned per seat: the
    kernel's own when it settled the hand (no :class:`~showdown.pots.resolution.Showdown`
    built), else the showdown's."""
    parts = s.parts
    if parts is not None:
        return parts[0], dict(parts[1])
    showdown = s.showdown
    if showdown is None:
        return (), {}
    return tuple((p.amount, p.eligible, p.winners, tuple(p.shares.get(seat, 0)
                                                         for seat in p.winners))
                 for p in showdown.pots), showdown.returned


def _cashed_out(fields: dict[str, Any], n: int) -> dict[int, int]:
    """Each player who cashed out (``_cash_out``) and what the room paid him in all
    (``_cash_out_paid``), in millionths.

    >>> _cashed_out({"_cash_out": [0, 1], "_cash_out_paid": [0, 8.2]}, 2), _cashed_out({}, 2)
    ({1: 8200000}, {})
    """
    flags, paid = fields.get("_cash_out"), fields.get("_cash_out_paid")
    if not isinstance(flags, list) or not isinstance(paid, list) or len(paid) != n:
        return {}
    return {i: money(paid[i]) for i, out in enumerate(flags) if out}


def _small_blind(blinds: list[Any]) -> Any:
    posted = [b for b in blinds if b]
    return min(posted) if posted else 0


def _split(rake: int, won: list[int]) -> list[int]:
    """The rake split between the winners in proportion to what they won (the last
    winner takes the rounding, so the parts add up to the rake).

    >>> _split(30, [0, 10, 20]), _split(10, [1, 1, 1]), _split(0, [5, 0])
    ([0, 10, 20], [3, 3, 4], [0, 0])
    """
    shares = [0] * len(won)
    if not rake:
        return shares
    total = sum(w for w in won if w > 0)
    if total <= 0:
        return shares
    winners = [i for i, w in enumerate(won) if w > 0]
    for i in winners[:-1]:
        shares[i] = rake * won[i] // total
    shares[winners[-1]] = rake - sum(shares)
    return shares
