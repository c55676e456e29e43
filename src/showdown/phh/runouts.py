"""A hand run more than once: every pot is cut into equal parts, one per run, and each
part goes to the best hands on that run's board.

After an all-in in a cash game the players may agree to deal the cards to come
several times (``_runout_count``, see :mod:`showdown.phh.engine`). Each pot is
settled as usual, run by run: its chips are divided by the number of runs, the
odd chips to the earlier runs (the first run gets the first one, as PokerStars
pays it), and each run's part goes to the best eligible hands on that run's
board, ties split as in any pot (odd chips from the left of the button).

>>> from showdown.phh.notation import loads
>>> from showdown.phh.settlement import settle
>>> s = settle(loads('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [51, 100]
... _runout_count = 2
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 51", "p1 cc",
...            "d db 2c3c4d", "d db 9s", "d db Jh", "d db 5h6h7s", "d db Ks", "d db 8h"]'''))
>>> s.finishing, s.winnings  # a pot of 102, 51 a run: aces win the first, kings the second
([51, 100], [51, 51])
>>> [(pot.amount, pot.winners) for pot in s.showdown.pots]
[(51, (1,)), (51, (2,))]
"""

from __future__ import annotations

from showdown.pots.resolution import (
    Award,
    Pot,
    Showdown,
    Table,
    resolve,
    split_amount,
    split_by_cards,
)

__all__ = ["combine_runs", "run_parts"]


def run_parts(amount: int, runs: int) -> list[int]:
    """A pot's chips cut into one part per run, the odd chips to the earlier runs.

    >>> run_parts(101, 2), run_parts(10, 3)
    ([51, 50], [4, 3, 3])
    """
    base, odd = divmod(amount, runs)
    return [base + (k < odd) for k in range(runs)]


def _share(table: Table, amount: int, winners: tuple[int, ...], low: bool) -> dict[int, int]:
    """``amount`` among tied ``winners`` as :func:`resolve` shares a pot."""
    if len(winners) == 1:
        return {winners[0]: amount}
    ordered = sorted(winners)
    if table.button is None:
        cards = {seat: table.player(seat).hole_ids for seat in ordered}
        return split_by_cards(amount, ordered, cards, low)
    return split_amount(amount, ordered, table.button, table.seats)


def _part(table: Table, pot: Pot, amount: int) -> Pot:
    """One run's part of a settled pot: the same winners, ``amount`` shared among them."""
    if not pot.halves:
        shares = _share(table, amount, pot.winners, low=False)
        return Pot(amount, pot.eligible, tuple(shares), shares)
    awarded = [k for k, half in enumerate(pot.halves) if half is not None]
    base, odd = divmod(amount, len(awarded))
    halves: list[Award | None] = [None] * len(pot.halves)
    totals: dict[int, int] = {}
    for n, k in enumerate(awarded):
        half = pot.halves[k]
        assert half is not None
        shares = _share(table, base + (n < odd), half.winners, low=k == 1)
        halves[k] = Award(tuple(shares), shares)
        for seat, won in shares.items():
            totals[seat] = totals.get(seat, 0) + won
    return Pot(amount, pot.eligible, tuple(totals), totals, tuple(halves))


def combine_runs(tables: list[Table]) -> Showdown:
    """The showdown of a hand run once per table (the same players and chips, each
    table with its run's board): every pot's parts, run by run (the first run's pots
    first), their payouts added up; the order of showing and the ranks are the first
    run's."""
    showdowns = [resolve(table) for table in tables]
    runs = len(showdowns)
    first = showdowns[0]
    pots: list[Pot] = []
    payouts: dict[int, int] = {}
    parts = [run_parts(pot.amount, runs) for pot in first.pots]
    for k, (table, showdown) in enumerate(zip(tables, showdowns, strict=True)):
        for p, pot in enumerate(showdown.pots):
            part = _part(table, pot, parts[p][k])
            pots.append(part)
            for seat, won in part.shares.items():
                payouts[seat] = payouts.get(seat, 0) + won
    return Showdown(
        table=first.table,
        pots=tuple(pots),
        returned=first.returned,
        payouts=dict(sorted(payouts.items())),
        showdown_order=first.showdown_order,
        shown=first.shown,
        ranks=first.ranks,
    )
