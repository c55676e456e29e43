"""Bounties a room paid (knockout tournaments), checked against the settled hand.

A room's file says who won a bounty for knocking out whom (PokerStars: ``wins the
$2 bounty for eliminating Bo``, or in progressive knockouts ``wins $19.31 for
eliminating Bo and their own bounty increases by ...``). The readers keep it in
two fields of the hand, per player: ``_bounties_won`` (the amount paid) and
``_eliminated_by`` (the number of the player who knocked them out, ``1`` for
``p1``; ``0``: still in). The amount depends on the tournament's rules, not on the
hand, so it is kept, not recomputed; what the hand can say is checked: a player
knocked out ends the hand with no chips, and the one who knocked them out won
chips in it.

>>> from showdown.phh.notation import loads
>>> from showdown.phh.settlement import settle
>>> text = '''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [10, 20]
... min_bet = 20
... starting_stacks = [500, 300]
... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 300", "p1 cc",
...            "d db 2c3c4d", "d db 9s", "d db Jh"]
... _bounties_won = [5, 0]
... _eliminated_by = [0, 1]'''
>>> check_bounties(settle(loads(text)))
[]
>>> wrong = text.replace("[0, 1]", "[2, 0]")  # p1 knocked out by p2: the other way round
>>> check_bounties(settle(loads(wrong)))  # doctest: +NORMALIZE_WHITESPACE
['p1 is written as knocked out by p2 but ends the hand with 800 chips',
 'p2 is written as knocking out p1 but won nothing in the hand',
 'p1 is paid a bounty but knocked nobody out']
"""

from __future__ import annotations

from typing import Any

from showdown.phh.amounts import from_units
from showdown.phh.settlement import Settlement

__all__ = ["bounty_report", "check_bounties"]

#: The chip classes a bounty disagreement turns into ``bounty`` (a ``mismatch`` stays one).
_CHIPS_AGREE = ("match", "odd-chip", "rake")


def check_bounties(settlement: Settlement) -> list[str]:
    """What the hand's bounty fields say that its settlement contradicts (empty: nothing,
    or no bounty fields, or a hand not settled)."""
    return [f"p{i + 1} {words}" for i, words in _contradictions(settlement)]


def bounty_report(settlement: Settlement, cls: str | None,
                  differences: list[dict[str, Any]]) -> tuple[str | None, list[dict[str, Any]]]:
    """The class and differences of a hand's report (``showdown replay``) with its bounty
    record checked: a hand whose chips verify (``match``, ``odd-chip``, ``rake``) but whose
    record of knockouts the settlement contradicts is class ``bounty``, each contradiction
    a difference ``{"player", "name", "bounty"}`` (the words of :func:`check_bounties`
    after the player). Any other class, or a hand without bounty fields, is kept as is.

    >>> from showdown.phh.notation import loads
    >>> from showdown.phh.settlement import settle
    >>> s = settle(loads('''variant = "NT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [10, 20]
    ... min_bet = 20
    ... starting_stacks = [500, 300]
    ... actions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 cbr 300", "p1 cc",
    ...            "d db 2c3c4d", "d db 9s", "d db Jh"]
    ... _bounties_won = [5, 0]
    ... _eliminated_by = [0, 0]'''))
    >>> bounty_report(s, "match", [])  # p1 is paid, but knocked out nobody on record
    ... # doctest: +NORMALIZE_WHITESPACE
    ('bounty', [{'player': 'p1', 'name': 'p1',
                 'bounty': 'is paid a bounty but knocked nobody out'}])
    """
    if cls not in _CHIPS_AGREE:
        return cls, differences
    found = _contradictions(settlement)
    if not found:
        return cls, differences
    names = settlement.replay.history.names
    return "bounty", [*differences, *({"player": f"p{i + 1}", "name": names[i], "bounty": words}
                                      for i, words in found)]


def _contradictions(settlement: Settlement) -> list[tuple[int, str]]:
    """``(player index, words)`` for each contradiction :func:`check_bounties` names."""
    fields = settlement.replay.history.fields
    by = fields.get("_eliminated_by")
    won = fields.get("_bounties_won")
    finishing, winnings = settlement.finishing, settlement.winnings
    if by is None or finishing is None or winnings is None:
        return []
    n = len(finishing)
    if not isinstance(by, list) or len(by) != n or not all(
            type(k) is int and 0 <= k <= n for k in by):
        settlement.replay.history.error(
            f"_eliminated_by must be an array of {n} player numbers (0: still in)")
    problems = []
    scale = settlement.replay.scale
    for i, k in enumerate(by):
        if not k:
            continue
        if finishing[i]:
            problems.append((i, f"is written as knocked out by p{k} but ends the hand "
                                f"with {from_units(finishing[i], scale)} chips"))
        if not winnings[k - 1]:
            problems.append((k - 1, f"is written as knocking out p{i + 1} but won nothing "
                                    "in the hand"))
    if isinstance(won, list) and len(won) == n:
        for i, paid in enumerate(won):
            if paid and (i + 1) not in by:
                problems.append((i, "is paid a bounty but knocked nobody out"))
    return problems
