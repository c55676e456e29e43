"""Rooms' hands read by the native kernel where it can (``room_hands`` in
``showdown/_native/rooms.c``): the common shapes of PokerStars, GGPoker and Winamax,
of 888poker and of iPoker's XML, straight into the fields
:meth:`~showdown.phh.rooms.builder.HandBuilder.build` writes. Only the rooms whose whole
path a C reader makes at least twice as fast have one (:data:`NATIVE_ROOMS`; the
figures: docs/hand-histories.md); the others' hands are Python's. The Python readers stay
the reference: a hand the kernel does not read exactly as they do (an odd line, a game
or a name it does not know, an error) comes back ``None``, and
:func:`~showdown.phh.corpus.read.read_hands` reads it in Python; without the kernel
(``SHOWDOWN_BACKEND=numpy``) every hand does. The tests compare both.

>>> hands = native_hands(["PokerStars Hand #1: Razz Limit ($1/$2)"], "pokerstars")
>>> hands is None or hands == [None]  # a game the kernel leaves to Python
True
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from showdown.hands import native
from showdown.phh.notation import HandHistory
from showdown.phh.rooms import pacific, stars, winamax
from showdown.phh.rooms.games import variant_of
from showdown.phh.rooms.ipoker_games import amount_of, game_of
from showdown.phh.rooms.money import currency_of, number
from showdown.phh.rooms.variant_kinds import DEALT_IN_STEPS

__all__ = ["HEAD_STARTS", "NATIVE_ROOMS", "as_history", "native_hands", "split_at_heads"]

#: The rooms whose hands the kernel reads: those whose whole path (read, replay, settle,
#: verify, row) its C reader makes at least twice as fast on real files
#: (benchmarks/bench_room_readers.py). PartyPoker, Full Tilt and WPN gained less: Python
#: reads them.
NATIVE_ROOMS = frozenset({"pokerstars", "ggpoker", "winamax", "ipoker", "888"})
_NANO = 10**9
#: The games of 888 the kernel reads (others: Python's).
_BRACKET_GAMES = frozenset({"NT", "PT", "FT", "PO", "PO/8", "FO/8"})


def _nano(value: Decimal) -> int | None:
    """An amount in billionths, as the kernel counts them (``None``: beyond it)."""
    units = value * _NANO
    if units != units.to_integral_value() or not 0 <= units < _NANO * _NANO:
        return None
    return int(units)


@lru_cache(maxsize=256)
def _game(room: str, header: str) -> tuple[Any, ...] | None:
    """A header's game as the kernel takes it (the Python reader's own reading, its
    stakes in billionths): (variant, small, big, currency, tournament) of a PokerStars
    header without its hand number and dates, and its ``_cap`` as the Python reader
    writes it when the game has a cap, (variant, small, big, currency) of an
    iPoker game type, (variant,) of an 888 or Winamax game's name; ``None`` for one the
    Python reader refuses or the kernel cannot count."""
    if room == "ipoker":
        return _ipoker_game(header)
    if room == "winamax":  # the game's name alone: (variant,); stud and draw: Python's
        try:
            variant = variant_of(winamax.game_name(header))
        except ValueError:
            return None
        return None if variant in DEALT_IN_STEPS else (variant,)
    if room == "888":  # the game's name: (variant,), of the games the kernel's 888 reader knows
        try:
            variant = pacific.variant(header)
        except ValueError:
            return None
        return (variant,) if variant in _BRACKET_GAMES else None
    try:
        variant, stakes, currency, tournament, cap = stars.game_of(room, header)
    except ValueError:
        return None
    capped = () if cap is None else (number(cap),)
    if stakes is None:
        return variant, None, None, currency, tournament, *capped
    small, big = _nano(stakes[0]), _nano(stakes[1])
    if small is None or big is None:
        return None
    return variant, small, big, currency, tournament, *capped


_new = object.__new__


def as_history(read: tuple[str | None, dict[str, Any]], file: str | None) -> HandHistory:
    """A hand the kernel read as a :class:`HandHistory`, made at once: its fields are the
    kernel's own new dict, of the shapes ``HandHistory`` checks (a text variant, a list of
    texts for the actions, a stack per player), so neither copied nor checked again.

    >>> h = as_history(("7", {"variant": "NT", "actions": [], "starting_stacks": [1, 2]}), "a")
    >>> h.name, h.file, h.variant
    ('7', 'a', 'NT')
    """
    h = _new(HandHistory)
    h.fields = read[1]
    h.file = file
    h.name = read[0]
    return h


def native_hands(parts: list[str], room: str) -> list[tuple[str | None, dict[str, Any]] | None
                                                      ] | None:
    """Per piece of a room's text, ``(hand number, fields)`` as the kernel read it, or
    ``None`` for a piece Python reads; ``None`` for all when the kernel is not in use."""
    if room not in NATIVE_ROOMS:
        return None
    run = getattr(native.kernel(), "room_hands", None)
    if run is None:
        return None
    return run(parts, room, _game)  # type: ignore[no-any-return]


def _ipoker_game(game_type: str) -> tuple[Any, ...] | None:
    """An iPoker game type as :func:`~showdown.phh.rooms.ipoker.read_hand` reads it (a
    game type that names no game, read there from the hole cards, is Python's)."""
    try:
        variant, found = game_of(game_type)
        stakes = None if found is None else (amount_of(found[0]), amount_of(found[1]))
    except ValueError:
        return None
    if stakes is None:
        return variant, None, None, currency_of(game_type)
    small, big = _nano(stakes[0]), _nano(stakes[1])
    if small is None or big is None:
        return None
    return variant, small, big, currency_of(game_type)


#: What the head of a hand (the room's ``HEAD`` pattern, anchored at a line start) begins
#: with, per room: :func:`split_at_heads` looks for these and tries the pattern there only.
HEAD_STARTS = {
    "pokerstars": ("PokerStars ",),
    "ggpoker": ("Poker Hand #",),
    "fulltilt": ("Full",),
    "wpn": ("Game Hand #", "Hand #", "Game started at: "),
    "winamax": ("Winamax Poker - ",),
    "888": ("#Game No : ", "***** 888", "***** Cassava ", "***** LuckyAcePoker"),
    "partypoker": ("***** Hand History ",),
}


def split_at_heads(text: str, room: str, head: re.Pattern[str]) -> list[int] | None:
    """Where each hand starts, as ``head.finditer`` finds them (``head`` is anchored at
    line starts, ``^`` with ``re.MULTILINE``), found quicker: only the line starts that
    begin as :data:`HEAD_STARTS` says are tried (the regex engine would try every
    character). ``None`` for a room not listed.

    >>> split_at_heads("x\\nPokerStars Hand #1: a\\nPokerStars Hand #2", "pokerstars",
    ...                stars.HEADS["pokerstars"])
    [2, 24]
    """
    literals = HEAD_STARTS.get(room)
    if literals is None:
        return None
    found: list[int] = []
    for literal in literals:
        if text.startswith(literal):
            found.append(0)
        key = "\n" + literal
        at = text.find(key)
        while at >= 0:
            found.append(at + 1)
            at = text.find(key, at + 1)
    if len(literals) > 1:
        found.sort()
    starts: list[int] = []
    end = 0
    match = head.match
    for at in found:
        if at < end:
            continue
        m = match(text, at)
        if m is not None:
            starts.append(at)
            end = max(m.end(), at + 1)
    return starts
