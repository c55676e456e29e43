"""All-in EV: each player's expected share of the pots at the moment the chips went in.

When the betting of a hand ends for good with board cards still to come (two or
more players left and at most one of them with chips behind: an all-in before
the river), the rest of the hand is only cards. :func:`all_in_ev` takes the
settled hand back to that moment and enumerates each board the remaining deck can
complete, exactly, giving each pot's contenders their share of it on every board
(ties split; hi-lo halves as the rules say). The boards are listed once for every
pot of the hand (:mod:`showdown.phh.runout_shares`): with the native kernel, one C
pass ranks every live hand on every board and settles every pot there, preflop
multiway included; on the numpy path every live hand is ranked in one batch call,
and Hold'em and Omaha preflop, where the exact equity's own enumeration is faster
than numpy's ranking of every board, each contested pot takes one exact equity. A
player's ``expected`` chips are the sum of those shares (a pot only one player
contests, uncalled chips included, is theirs for sure); ``won`` is what the
settlement gave them back; ``won - expected`` is their luck on the runout.

The pots are the layers of the contributions: each level that a live player's
total reaches closes a pot that every live player who put in that much
contests (the chips of folded players are in the pots they reach). The cards:
the board dealt at that moment is known; so are the contenders' hole cards,
which must all be shown by the end of the hand (else the EV is not computed, a
``note`` says why). A card the history names in another player's hand (a
folded or mucked player whose cards were dealt face up or shown, or a
contender of another pot) is out of the deck; any other card may come. Odd
chips are counted as expectation: shares are exact fractions of a chip.

Community-card games only (Hold'em, Omaha, short deck, Omaha high/low, Courchevel
high and high/low, whose first board card is out before the first round); in stud
and draw games the cards to come are not shared, and the EV is not computed
(with a ``note``).

>>> from showdown.phh.notation import loads
>>> from showdown.phh.settlement import settle
>>> s = settle(loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 KhKs", "p2 cbr 100", "p1 cc",
...            "d db 2c7d9h", "d db Kd", "d db 3s"]'''))
>>> ev = all_in_ev(s)
>>> ev.street, ev.board, ev.pots
('preflop', (), ((200, (0, 1)),))
>>> [round(float(x), 2) for x in ev.expected], ev.won  # AA wins 81.3% against KK
([162.51, 37.49], (0, 200))
>>> folded = s.replay.history.with_fields(actions=["d dh p1 AcAd", "d dh p2 KhKs", "p2 f"])
>>> all_in_ev(settle(folded)) is None  # no all-in: no EV
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from showdown.phh.dealing import DEALING, DRAWING
from showdown.phh.engine import HandState

if TYPE_CHECKING:
    from showdown.phh.replayed import Replay
    from showdown.phh.settlement import Settlement

__all__ = ["EV_GAMES", "AllInEV", "all_in_ev", "all_in_moment"]

#: The games whose all-in EV is computed (the cards to come are a shared board).
EV_GAMES = frozenset({"holdem", "omaha", "short-deck", "omaha-hi-lo", "courchevel",
                      "courchevel-hi-lo"})
#: Streets of the board games, named by the betting round that ended all-in.
_BOARD_STREETS = ("preflop", "flop", "turn", "river")


@dataclass(frozen=True, slots=True)
class AllInEV:
    """The all-in EV of one hand (amounts in the replay's units, per player in file order).

    ``street`` names the betting round that ended all-in and ``board`` the cards out
    then; ``pots`` are (amount, contenders) and ``shares[i][k]`` player ``i``'s
    expected share of pot ``k``; ``expected[i]`` their expected chips back, ``won[i]``
    the chips the settlement gave them back. When the EV cannot be computed, ``note``
    says why and the other fields after ``board`` are empty.
    """

    street: str
    board: tuple[str, ...]
    pots: tuple[tuple[int, tuple[int, ...]], ...] = ()
    shares: tuple[tuple[Fraction, ...], ...] = ()
    expected: tuple[Fraction, ...] = ()
    won: tuple[int, ...] = ()
    note: str | None = None

    @property
    def difference(self) -> tuple[Fraction, ...]:
        """Each player's ``won - expected``: what the runout gave them above their share."""
        return tuple(w - e for w, e in zip(self.won, self.expected, strict=True))


def _may_be_all_in(r: Replay) -> bool:
    """Cheap test on the final replay: two or more players left, at most one with chips."""
    live = [i for i, folded in enumerate(r.folded) if not folded]
    behind = sum(1 for i in live if r.starting[i] > r.contributed[i])
    return len(live) >= 2 and behind <= 1


def all_in_moment(r: Replay) -> tuple[str, tuple[str, ...]] | None:
    """(street, board) when the betting ended for good with cards to come, else ``None``.

    The hand is replayed again action by action (only for hands that may hold an
    all-in: :func:`all_in_ev` asks for few).
    """
    if r.partial is not None or not _may_be_all_in(r):
        return None
    state = HandState.start(r.history, r.rules)
    state.repair = True  # the hand replayed legally: repair only redoes what it inferred
    for index, text in enumerate(r.history.fields["actions"]):
        state.apply(index, text)
        if (
            state.phase in (DEALING, DRAWING)
            and state.live >= 2
            and not state._more_betting()
        ):
            return _street_name(r, state.street - 1), tuple(state.board)
    return None


def _street_name(r: Replay, index: int) -> str:
    if r.rules.game in EV_GAMES:
        return _BOARD_STREETS[index]
    return f"street {index + 1}"


def pots_of(contributed: list[int], folded: list[bool]) -> list[tuple[int, tuple[int, ...]]]:
    """The pots as (amount, contenders), main pot first: one per level a live player's
    total reaches; chips of folded players above the top level go to the last pot.

    >>> pots_of([50, 100, 100, 30], [False, False, False, True])
    [(180, (0, 1, 2)), (100, (1, 2))]
    """
    live = [i for i, f in enumerate(folded) if not f]
    pots: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for level in sorted({contributed[i] for i in live}):
        amount = sum(min(c, level) - min(c, below) for c in contributed)
        pots.append((amount, tuple(i for i in live if contributed[i] >= level)))
        below = level
    extra = sum(c - below for c in contributed if c > below)
    if extra and pots:
        amount, contenders = pots[-1]
        pots[-1] = (amount + extra, contenders)
    return pots


def all_in_ev(settlement: Settlement) -> AllInEV | None:
    """The all-in EV of a settled hand (``None``: no all-in before the last card)."""
    r = settlement.replay
    moment = all_in_moment(r)
    if moment is None:
        return None
    street, board = moment
    if r.rules.game not in EV_GAMES:
        return AllInEV(street, board, note="all-in EV is computed for community-card games "
                       f"only, not {r.rules.name}")
    live = [i for i, folded in enumerate(r.folded) if not folded]
    hidden = [i for i in live if "??" in r.holes[i] or not r.holes[i]]
    if hidden:
        who = ", ".join(f"p{i + 1}" for i in hidden)
        return AllInEV(street, board, note=f"unknown hole cards ({who}): the EV needs every "
                       "hand still in")
    if settlement.finishing is None:
        return AllInEV(street, board, note="the hand could not be settled")
    n = len(r.contributed)
    pots = pots_of(r.contributed, r.folded)
    shares = [[Fraction(0)] * len(pots) for _ in range(n)]
    contested = [k for k, (_, contenders) in enumerate(pots) if len(contenders) > 1]
    for k, (amount, contenders) in enumerate(pots):
        if len(contenders) == 1:
            shares[contenders[0]][k] = Fraction(amount)
    widest = max((len(pots[k][1]) for k in contested), default=0)
    if widest > 10:
        return AllInEV(street, board, note="the equity cannot be enumerated: equity needs 2 "
                       f"to 10 players, got {widest}")
    try:
        found = _shares(r, [pots[k] for k in contested], board, contested) if contested else []
    except ValueError as exc:  # CardError: a card the game's deck does not hold, say
        return AllInEV(street, board, note=f"the equity cannot be enumerated: {exc}")
    for (i, k), share in found:
        shares[i][k] = share
    won = tuple(f - (s - c) for f, s, c in zip(
        settlement.finishing, r.starting, r.contributed, strict=True))
    return AllInEV(
        street, board, tuple(pots), tuple(map(tuple, shares)),
        tuple(sum(row, Fraction(0)) for row in shares), won,
    )


def _shares(
    r: Replay,
    pots: list[tuple[int, tuple[int, ...]]],
    board: tuple[str, ...],
    indices: list[int],
) -> list[tuple[tuple[int, int], Fraction]]:
    """((player, pot index), exact share) of every contender of the contested ``pots``
    (their indices ``indices``).

    The boards are enumerated once for all the pots
    (:func:`~showdown.phh.runout_shares.runout_shares`: one pass of the native kernel).
    On the numpy path, Hold'em and Omaha preflop, :func:`showdown.equity` (its exact
    enumeration and suit isomorphism) is faster per pot than numpy's ranking of every
    board (about 140 ms for a heads-up Hold'em pot), so each pot takes one exact equity.
    """
    from showdown.hands import native
    from showdown.phh.runout_shares import SPLITS, runout_shares

    if r.rules.game in ("holdem", "omaha") and not board and native.kernel() is None:
        return [((i, k), amount * part)
                for k, (amount, contenders) in zip(indices, pots, strict=True)
                for i, part in zip(contenders, _equities(r, contenders), strict=True)]
    live = sorted({i for _, contenders in pots for i in contenders})
    at = {player: row for row, player in enumerate(live)}
    dead = [c for j, hole in enumerate(r.holes) if j not in at for c in hole if c != "??"]
    parts, boards = runout_shares(r.rules.game, [r.holes[i] for i in live], board, dead,
                                  [[at[i] for i in contenders] for _, contenders in pots])
    scale = boards * SPLITS
    return [((i, k), Fraction(amount * int(parts[at[i], column]), scale))
            for column, (k, (amount, contenders)) in enumerate(zip(indices, pots, strict=True))
            for i in contenders]


def _equities(r: Replay, contenders: tuple[int, ...]) -> list[Fraction]:
    """Each contender's exact share of a Hold'em or Omaha pot over every preflop board."""
    from showdown.odds.equity import equity
    from showdown.phh.runout_shares import SPLITS

    dead = "".join(c for j, hole in enumerate(r.holes) if j not in contenders
                   for c in hole if c != "??")
    result = equity(["".join(r.holes[i]) for i in contenders], dead=dead, game=r.rules.game,
                    exact=True, workers=1)
    scale = (result.boards or 1) * SPLITS
    # The shares are fractions of the boards enumerated, split among at most ten: whole
    # multiples of 1 / scale, which the doubles of the result hold to far better than
    # half of one.
    return [Fraction(round(e * scale), scale) for e in result.equity]
