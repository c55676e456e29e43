"""What a page asks the lab to compute, checked field by field.

Every impossible input is a :class:`~showdown.lab.jobs.JobError` naming the
field at fault (``board``, ``dead``, ``game``, ``players``, ``player-2``...), so
the page can show the reason next to that field. The rules themselves are the
library's: each field is read with its parser, and what only the whole deal
can tell (a card in two places, a range with no combo left) is the library's
message, placed by :func:`field_of`.

>>> spot = read_spot({"players": ["AhKh", "QQ+"], "board": "Qh Jh 3c"})
>>> spot.players, spot.board, spot.game
(('AhKh', 'QQ+'), 'Qh Jh 3c', 'holdem')
>>> read_spot({"players": ["AhKh", "QQ+x"]})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
showdown.lab.jobs.JobError: cannot read range token 'QQ+x' in 'QQ+x'...
>>> field_of("card 2c is in two places: on the board and in the dead cards", ("AA", "KK"))
'dead'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from showdown.lab.jobs import JobError

__all__ = ["GAMES", "MAX_PLAYERS", "MAX_TEXT", "Spot", "field_of", "read_spot"]

#: The games the lab offers (the grid paints Hold'em ranges; the others take text).
GAMES = ("holdem", "omaha", "short-deck", "five-card", "omaha-hi-lo")
MAX_PLAYERS = 6
#: Longest text of one field (a range painted cell by cell stays far below).
MAX_TEXT = 2000
_PLAYER = re.compile(r"player (\d+)")


@dataclass(frozen=True)
class Spot:
    """The players' hands or ranges, the board, the dead cards and the game."""

    players: tuple[str, ...]
    board: str = ""
    dead: str = ""
    game: str = "holdem"


def read_spot(body: dict[str, Any]) -> Spot:
    """The :class:`Spot` of a request body, or a :class:`JobError` naming the bad field."""
    game = _text(body, "game", "holdem")
    if game not in GAMES:
        raise JobError("game", f"unknown game {game[:40]!r}: choose one of {', '.join(GAMES)}")
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise JobError("players", "players must be a list of texts (hands or ranges)")
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise JobError("players", f"give 2 to {MAX_PLAYERS} players, not {len(players)}")
    board = _text(body, "board", "")
    dead = _text(body, "dead", "")
    _check_cards(board, "board", game)
    _check_cards(dead, "dead", game)
    texts = []
    for number, text in enumerate(players, start=1):
        if len(text) > MAX_TEXT:
            raise JobError(f"player-{number}", f"at most {MAX_TEXT} characters")
        if not text.strip():
            raise JobError(f"player-{number}", f"player {number} has no hand or range")
        _check_player(text.strip(), game, f"player-{number}")
        texts.append(text.strip())
    return Spot(tuple(texts), board.strip(), dead.strip(), game)


def field_of(message: str, players: tuple[str, ...]) -> str:
    """The field a library message about a whole deal points at (the later of two places).

    >>> field_of("card Ah is in two places: in player 1's hand (AhKh) and in "
    ...          "player 2's hand (AhQd)", ("AhKh", "AhQd"))
    'player-2'
    >>> field_of("range 'AA' has no combo left once the cards in use are removed", ("KK", "AA"))
    'player-2'
    >>> field_of("cannot read range token 'AhKhQh' in 'AhKhQh': an explicit combo is two "
    ...          "cards, not 3", ("QQ", "AhKhQh"))  # the player whose text it quotes, alone
    'player-2'
    """
    if message.startswith("not enough cards"):
        return "players"  # too many players' cards for the deck, whoever is last
    place = message.rpartition(" and ")[2] if "two places" in message else message
    found = _PLAYER.search(place)
    if found:
        return f"player-{found.group(1)}"
    if "dead" in place:
        return "dead"
    if "board" in place:
        return "board"
    quoted = re.search(r"range '(.*)' has no combo", message)
    if quoted and quoted.group(1) in players:
        return f"player-{players.index(quoted.group(1)) + 1}"
    for text in reversed(re.findall(r"'([^']*)'", message)):  # the whole text, quoted last
        if text in players:
            return f"player-{players.index(text) + 1}"
    return "players"


def _text(body: dict[str, Any], name: str, default: str) -> str:
    value = body.get(name, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise JobError(name, f"{name} must be a text")
    if len(value) > MAX_TEXT:
        raise JobError(name, f"{name}: at most {MAX_TEXT} characters")
    return value


def _check_cards(text: str, name: str, game: str) -> None:
    from showdown.cards import parse_cards

    try:
        cards = parse_cards(text) if text.strip() else []
    except ValueError as exc:
        raise JobError(name, str(exc)) from None
    if name == "board" and game != "five-card" and len(cards) not in (0, 3, 4, 5):
        raise JobError(name, f"a board has 0, 3, 4 or 5 cards, got {len(cards)}")


def _check_player(text: str, game: str, name: str) -> None:
    """The player's text read alone: a hand, or a range the game can take."""
    from showdown.cards import parse_cards

    try:
        parse_cards(text)
        return  # a hand: its size and its cards against the others are the library's to check
    except ValueError as exc:
        card_error = exc
    try:
        if game == "holdem":
            from showdown.odds.ranges import parse_range

            parse_range(text)
        elif game.startswith("omaha"):
            from showdown.odds.ranges.omaha import parse_omaha_range

            parse_omaha_range(text)
        else:
            raise card_error
    except ValueError as exc:
        raise JobError(name, str(exc)) from None
