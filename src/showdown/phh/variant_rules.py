"""The PHH variants as records: betting structure, forced bets, streets, who opens.

One record says what each PHH variant code means; the engine only reads them.
A street deals hole cards (``False`` down, ``True`` up), board cards, or a
draw, then has a betting round opened by position (button games) or by the
up cards (stud). Fixed-limit rounds bet the small or the big bet.

A variant is replayed only when the project can settle its showdown (the
:mod:`showdown.pots.resolution` game of the record is known); the others are a clear
:class:`~showdown.phh.errors.UnsupportedVariant` error, never a guess.

>>> find("NT").structure, find("NT").game, len(find("PO").streets[0].hole)
('no-limit', 'holdem', 4)
>>> [s.board for s in find("FT").streets], [s.bet for s in find("FT").streets]
([0, 3, 1, 1], ['small', 'small', 'big', 'big'])
>>> find("F7S").forced, find("F7S").streets[0].hole
('bring-in', (False, False, True))
>>> find("FB").supported, find("FB").game
(True, 'badugi')
>>> [(s.hole, s.board) for s in find("PCO").streets]  # Courchevel: a board card before betting
[((False, False, False, False, False), 1), ((), 2), ((), 1), ((), 1)]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

__all__ = [
    "EXTENSIONS", "REPLAYED_GAMES", "RULES", "Street", "VariantRules", "find", "supported_codes",
]

Structure = Literal["no-limit", "pot-limit", "fixed-limit"]
Opening = Literal["position", "low-card", "high-card", "high-hand", "low-hand"]
Bet = Literal["small", "big"]


@dataclass(frozen=True, slots=True)
class Street:
    """One street: cards dealt (``hole`` up flags, ``board`` count), a draw, the betting round."""

    hole: tuple[bool, ...] = ()
    board: int = 0
    draw: bool = False
    bet: Bet = "small"
    opening: Opening = "position"


@dataclass(frozen=True, slots=True)
class VariantRules:
    """What a PHH variant code means (see :data:`RULES`)."""

    code: str
    name: str
    #: The :mod:`showdown.pots.resolution` game that settles the showdown.
    game: str
    structure: Structure
    forced: Literal["blinds", "bring-in"]
    streets: tuple[Street, ...]
    #: Most completions, bets and raises in one betting round (fixed limit).
    cap: int | None = None
    #: The ranks of the deck (short deck: six to ace).
    ranks: str = "23456789TJQKA"
    #: A code of the PHH standard (pokerkit reads it); ``False``: this library's
    #: extension for a game the standard has no code for (:data:`EXTENSIONS`).
    standard: bool = True

    @property
    def fixed(self) -> bool:
        """Fixed limit: every bet and raise is the street's small or big bet."""
        return self.structure == "fixed-limit"

    @property
    def required(self) -> tuple[str, ...]:
        """The fields this variant must have."""
        forced = "blinds_or_straddles" if self.forced == "blinds" else "bring_in"
        sizes = ("small_bet", "big_bet") if self.fixed else ("min_bet",)
        return ("variant", "antes", forced, *sizes, "starting_stacks", "actions")

    @property
    def supported(self) -> bool:
        """Whether this version can settle the variant's showdown."""
        return self.game in _settled_games()


_FLAT: tuple[Bet, ...] = ("small", "small", "small", "small")
_LIMIT: tuple[Bet, ...] = ("small", "small", "big", "big")


def _board_game(hole: int, sizes: tuple[Bet, ...]) -> tuple[Street, ...]:
    """Hole cards, then a flop of three, a turn and a river."""
    return (
        Street(hole=(False,) * hole, bet=sizes[0]),
        Street(board=3, bet=sizes[1]),
        Street(board=1, bet=sizes[2]),
        Street(board=1, bet=sizes[3]),
    )


def _courchevel() -> tuple[Street, ...]:
    """Five hole cards and the first flop card, face up, before the first round; then the
    two other flop cards, a turn and a river."""
    return (
        Street(hole=(False,) * 5, board=1),
        Street(board=2),
        Street(board=1),
        Street(board=1),
    )


def _stud(low: bool) -> tuple[Street, ...]:
    first: Opening = "high-card" if low else "low-card"
    later: Opening = "low-hand" if low else "high-hand"
    return (
        Street(hole=(False, False, True), bet="small", opening=first),
        Street(hole=(True,), bet="small", opening=later),
        Street(hole=(True,), bet="big", opening=later),
        Street(hole=(True,), bet="big", opening=later),
        Street(hole=(False,), bet="big", opening=later),
    )


def _draws(hole: int, draws: int, sizes: tuple[Bet, ...]) -> tuple[Street, ...]:
    """Hole cards, then ``draws`` rounds of discarding and drawing."""
    first = Street(hole=(False,) * hole, bet=sizes[0])
    return (first, *(Street(draw=True, bet=s) for s in sizes[1 : draws + 1]))


#: Every variant code of the PHH standard (then this library's :data:`EXTENSIONS`).
RULES: dict[str, VariantRules] = {
    r.code: r
    for r in (
        VariantRules("NT", "No-limit Texas hold'em", "holdem", "no-limit", "blinds",
                     _board_game(2, _FLAT)),
        VariantRules("FT", "Fixed-limit Texas hold'em", "holdem", "fixed-limit", "blinds",
                     _board_game(2, _LIMIT), cap=4),
        VariantRules("PO", "Pot-limit Omaha hold'em", "omaha", "pot-limit", "blinds",
                     _board_game(4, _FLAT)),
        VariantRules("NS", "No-limit short-deck hold'em", "short-deck", "no-limit", "blinds",
                     _board_game(2, _FLAT), ranks="6789TJQKA"),
        VariantRules("FO/8", "Fixed-limit Omaha hold'em high/low-split eight or better",
                     "omaha-hi-lo", "fixed-limit", "blinds",
                     _board_game(4, _LIMIT), cap=4),
        VariantRules("F7S", "Fixed-limit seven card stud", "stud", "fixed-limit", "bring-in",
                     _stud(low=False), cap=4),
        VariantRules("F7S/8", "Fixed-limit seven card stud high/low-split eight or better",
                     "stud-hi-lo", "fixed-limit", "bring-in", _stud(low=False), cap=4),
        VariantRules("FR", "Fixed-limit razz", "razz", "fixed-limit", "bring-in",
                     _stud(low=True), cap=4),
        VariantRules("N2L1D", "No-limit deuce-to-seven lowball single draw", "deuce-to-seven",
                     "no-limit", "blinds", _draws(5, 1, _FLAT)),
        VariantRules("F2L3D", "Fixed-limit deuce-to-seven lowball triple draw",
                     "deuce-to-seven", "fixed-limit", "blinds", _draws(5, 3, _LIMIT), cap=4),
        VariantRules("FB", "Fixed-limit badugi", "badugi", "fixed-limit", "blinds",
                     _draws(4, 3, _LIMIT), cap=4),
    )
}


def _single_draw(sizes: tuple[Bet, Bet]) -> tuple[Street, ...]:
    """Five hole cards, a round, one draw, a round."""
    return (Street(hole=(False,) * 5, bet=sizes[0]), Street(draw=True, bet=sizes[1]))


#: Codes for games the PHH standard has no code for, in its pattern (the betting
#: structure's letter first, ``/8`` for eight-or-better hi-lo): this library's
#: extension, which pokerkit does not read.
EXTENSIONS: dict[str, VariantRules] = {
    r.code: r
    for r in (
        VariantRules("PT", "Pot-limit Texas hold'em", "holdem", "pot-limit", "blinds",
                     _board_game(2, _FLAT), standard=False),
        VariantRules("PO/8", "Pot-limit Omaha hold'em high/low-split eight or better",
                     "omaha-hi-lo", "pot-limit", "blinds", _board_game(4, _FLAT),
                     standard=False),
        VariantRules("P5O", "Pot-limit five-card Omaha hold'em", "omaha", "pot-limit",
                     "blinds", _board_game(5, _FLAT), standard=False),
        VariantRules("P5O/8", "Pot-limit five-card Omaha hold'em high/low-split eight or "
                     "better", "omaha-hi-lo", "pot-limit", "blinds", _board_game(5, _FLAT),
                     standard=False),
        VariantRules("NO", "No-limit Omaha hold'em", "omaha", "no-limit", "blinds",
                     _board_game(4, _FLAT), standard=False),
        VariantRules("FO", "Fixed-limit Omaha hold'em", "omaha", "fixed-limit", "blinds",
                     _board_game(4, _LIMIT), cap=4, standard=False),
        VariantRules("NO/8", "No-limit Omaha hold'em high/low-split eight or better",
                     "omaha-hi-lo", "no-limit", "blinds", _board_game(4, _FLAT),
                     standard=False),
        VariantRules("P6O", "Pot-limit six-card Omaha hold'em", "omaha", "pot-limit",
                     "blinds", _board_game(6, _FLAT), standard=False),
        VariantRules("PCO", "Pot-limit Courchevel", "courchevel", "pot-limit", "blinds",
                     _courchevel(), standard=False),
        VariantRules("PCO/8", "Pot-limit Courchevel high/low-split eight or better",
                     "courchevel-hi-lo", "pot-limit", "blinds", _courchevel(), standard=False),
        VariantRules("N5CD", "No-limit five-card draw", "five-card", "no-limit", "blinds",
                     _single_draw(("small", "small")), standard=False),
        VariantRules("P5CD", "Pot-limit five-card draw", "five-card", "pot-limit", "blinds",
                     _single_draw(("small", "small")), standard=False),
        VariantRules("F5CD", "Fixed-limit five-card draw", "five-card", "fixed-limit",
                     "blinds", _single_draw(("small", "big")), cap=4, standard=False),
    )
}
RULES.update(EXTENSIONS)


#: The games whose hand histories are replayed and settled end to end (and tested so).
REPLAYED_GAMES = frozenset(
    {"holdem", "omaha", "short-deck", "omaha-hi-lo", "stud", "stud-hi-lo", "razz",
     "deuce-to-seven", "badugi", "five-card", "courchevel", "courchevel-hi-lo"}
)


@cache
def _settled_games() -> frozenset[str]:
    """The replayed games that :func:`showdown.pots.resolution.resolve` settles in this version."""
    from showdown.pots.table import HOLE_COUNTS

    return REPLAYED_GAMES & frozenset(HOLE_COUNTS)


def find(code: str) -> VariantRules:
    """The record of a PHH variant code; ``KeyError`` for a code the standard does not define."""
    return RULES[code]


def supported_codes() -> list[str]:
    """The variant codes this version replays and settles.

    >>> supported_codes()  # doctest: +NORMALIZE_WHITESPACE
    ['NT', 'FT', 'PO', 'NS', 'FO/8', 'F7S', 'F7S/8', 'FR', 'N2L1D', 'F2L3D', 'FB',
     'PT', 'PO/8', 'P5O', 'P5O/8', 'NO', 'FO', 'NO/8', 'P6O', 'PCO', 'PCO/8', 'N5CD', 'P5CD',
     'F5CD']
    """
    return [code for code, rules in RULES.items() if rules.supported]
