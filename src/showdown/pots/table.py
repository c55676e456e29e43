"""The table at the end of a hand: :class:`Player`, :class:`Table`, their checks and JSON.

The format::

    {"game": "holdem", "button": 3, "board": "Ac 9d 7h 4s 2c", "last_aggressor": 2,
     "players": [{"seat": 1, "name": "Ana", "hole": "Ad Kh", "contributed": 500,
                  "folded": false, "muck": false}, ...]}

``game`` defaults to ``holdem``, ``board`` to none, ``last_aggressor`` to
``null`` (everyone checked), ``name`` to ``""``, ``hole`` to ``null`` (no
cards), ``folded`` and ``muck`` to ``false``; ``wrap: true`` selects the R10
house rule. Cards are text (``"Ad Kh"``) or a list of card texts. Unknown keys
are an error, so a misspelt key never passes silently.

>>> t = table_from_dict({"button": 1, "players": [
...     {"seat": 1, "contributed": 5}, {"seat": 2, "contributed": 5, "folded": True}]})
>>> t.game, t.board, t.players[1].folded
('holdem', (), True)
>>> table_from_dict({"button": 1, "players": [{"seat": 1, "contributed": 5, "chips": 9}]})
Traceback (most recent call last):
...
showdown.pots.table.TableError: player 1: unknown key 'chips'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from numbers import Integral
from typing import Any

from showdown.cards import Card, to_cards
from showdown.validate import InputError, load_json, short_repr
from showdown.variants import VARIANTS, UnknownGame, Variant, find_variant

__all__ = ["Player", "Table", "TableError", "player_from_dict", "table_from_dict"]


class TableError(ValueError):
    """A table that cannot be resolved: the message says what is wrong and where."""


#: Hole cards per game, from the registry (Omaha: four to six; stud: a player's seven).
HOLE_COUNTS: dict[str, tuple[int, ...]] = {v.key: v.hole for v in VARIANTS}
#: Board sizes allowed per game; a showdown needs the last one (0: no board).
BOARD_COUNTS: dict[str, tuple[int, ...]] = {v.key: tuple(sorted({0, *v.board})) for v in VARIANTS}


def _count_text(counts: tuple[int, ...]) -> str:
    """``2``, ``4 to 6``, ``4 or 5``."""
    if len(counts) == 1:
        return str(counts[0])
    if len(counts) == 2:
        return f"{counts[0]} or {counts[1]}"
    return f"{counts[0]} to {counts[-1]}"


def as_integer(value: object, what: str) -> int:
    """``value`` as an ``int``; booleans, floats and text raise :class:`TableError`."""
    if type(value) is int:  # the usual case, without the abstract class's slower check
        return value
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TableError(f"{what} must be an integer, not {short_repr(value)}")
    return int(value)


@dataclass(frozen=True, slots=True)
class Player:
    """One player at the table.

    ``hole`` accepts card text, :class:`Card` objects or ids and is stored as a
    tuple of cards, or ``None`` for no cards (a folded player need not give
    any). ``contributed`` is every chip this player put in during the hand.
    ``muck`` marks a live player who chose not to show: they lose every
    contested pot and their cards stay hidden.

    >>> p = Player(seat=4, name="Ana", hole="Ad Kh", contributed=500)
    >>> [str(c) for c in p.hole], p.live
    (['Ad', 'Kh'], True)
    """

    seat: int
    name: str = ""
    hole: tuple[Card, ...] | None = None
    contributed: int = 0
    folded: bool = False
    muck: bool = False
    #: The hole cards' ids (empty without cards), for the evaluator's hot path.
    hole_ids: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Plain ints and a tuple of cards, the usual input, pass the checks as they are;
        # anything else is converted (a numpy integer, card text) or refused.
        seat = self.seat
        if type(seat) is not int:
            seat = as_integer(seat, "a seat")
            object.__setattr__(self, "seat", seat)
        if seat < 0:
            raise TableError(f"seat {seat} is negative")
        if not isinstance(self.name, str):
            raise TableError(f"seat {seat}: the name must be text, not {short_repr(self.name)}")
        chips = self.contributed
        if type(chips) is not int:
            chips = as_integer(chips, f"seat {seat}: contributed chips")
            object.__setattr__(self, "contributed", chips)
        if chips < 0:
            raise TableError(f"seat {seat}: contributed chips must not be negative, got {chips}")
        if type(self.folded) is not bool:  # bool has no subclasses
            raise TableError(f"seat {seat}: folded must be true or false")
        if type(self.muck) is not bool:
            raise TableError(f"seat {seat}: muck must be true or false")
        if self.folded and self.muck:
            raise TableError(f"seat {seat} folded; muck applies only to a live player")
        hole = self.hole
        if hole is not None:
            if type(hole) is not tuple or not all(type(c) is Card for c in hole):
                try:
                    hole = tuple(to_cards(hole))
                except ValueError as exc:
                    raise TableError(f"seat {seat}: {exc}") from None
            hole = hole or None
            object.__setattr__(self, "hole", hole)
        object.__setattr__(self, "hole_ids", tuple([c.id for c in hole]) if hole else ())

    @property
    def live(self) -> bool:
        """Still in the hand (not folded)."""
        return not self.folded

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Player:
        """A player from its JSON object (see the module docstring for the keys)."""
        return player_from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this player (``hole`` as text or ``None``)."""
        data: dict[str, Any] = {
            "seat": self.seat,
            "name": self.name,
            "hole": " ".join(map(str, self.hole)) if self.hole else None,
            "contributed": self.contributed,
            "folded": self.folded,
        }
        if self.muck:
            data["muck"] = True
        return data


@dataclass(frozen=True, slots=True, kw_only=True)
class Table:
    """A table at the end of a hand, checked on construction (:class:`TableError`).

    ``players`` are stored in seat order (seat numbers ascending = clockwise);
    ``button`` and ``last_aggressor`` (the last player who bet or raised in the
    final betting round, ``None`` if everyone checked) are seat numbers. The
    button may sit on an empty seat (a *dead button*, as in tournaments): the
    first seat left of it is then the first occupied seat after that number,
    clockwise.
    ``wrap`` selects the R10 house rule (the ace wraps around).

    >>> t = Table(button=2, board="Ac Kd Qh Js Tc", players=[
    ...     Player(seat=7, hole="2d 2h", contributed=50),
    ...     Player(seat=2, hole="9c 9d", contributed=50)])
    >>> [p.seat for p in t.players], len(t.board)
    ([2, 7], 5)
    >>> Table(button=1, players=[Player(seat=1, contributed=5)])
    Traceback (most recent call last):
    ...
    showdown.pots.table.TableError: a table needs at least two players, got 1
    """

    players: tuple[Player, ...]
    button: int | None
    board: tuple[Card, ...] = ()
    game: str = "holdem"
    last_aggressor: int | None = None
    wrap: bool = False
    #: Short deck only: three of a kind ranks above a straight.
    trips_beat_straight: bool = False
    #: The game with its rules (from :func:`showdown.variants.find_variant`).
    variant: Variant = field(init=False, repr=False, compare=False)
    #: Every seat, clockwise (ascending).
    seats: tuple[int, ...] = field(init=False, repr=False, compare=False)
    #: The board's card ids, for the evaluator's hot path.
    board_ids: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.wrap, bool):
            raise TableError("wrap must be true or false")
        if not isinstance(self.trips_beat_straight, bool):
            raise TableError("trips_beat_straight must be true or false")
        try:
            variant = find_variant(self.game, self.wrap, self.trips_beat_straight)
        except UnknownGame as error:
            raise TableError(str(error)) from None
        object.__setattr__(self, "game", variant.key)
        object.__setattr__(self, "variant", variant)
        players = tuple(
            p if isinstance(p, Player) else Player.from_dict(p) for p in _as_iterable(self.players)
        )
        if len(players) < 2:
            raise TableError(f"a table needs at least two players, got {len(players)}")
        seats = tuple([p.seat for p in players])
        if any(a >= b for a, b in pairwise(seats)):  # not in seat order, or a seat twice
            players = tuple(sorted(players, key=lambda p: p.seat))
            seats = tuple([p.seat for p in players])
            for a, b in pairwise(seats):
                if a == b:
                    raise TableError(f"seat {a} is listed twice")
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "seats", seats)
        if not variant.button:
            if self.button is not None:
                raise TableError(
                    f"{variant.key} has no button (odd chips go by suit): "
                    f"leave out the button or set it to null, not {short_repr(self.button)}"
                )
        else:
            button = as_integer(self.button, "the button")
            if button < 0:
                raise TableError(f"the button {button} is negative; it is a seat number")
            object.__setattr__(self, "button", button)
        if self.last_aggressor is not None:
            aggressor = as_integer(self.last_aggressor, "the last aggressor")
            if aggressor not in seats:
                raise TableError(
                    f"the last aggressor {aggressor} is not one of the seats {list(seats)}"
                )
            if players[seats.index(aggressor)].folded:
                raise TableError(f"the last aggressor, seat {aggressor}, folded")
            object.__setattr__(self, "last_aggressor", aggressor)
        if all(p.folded for p in players):
            raise TableError("every player folded; at least one must still be in the hand")
        board = self.board
        if type(board) is not tuple or not all(type(c) is Card for c in board):
            try:
                board = tuple(to_cards(board))
            except ValueError as exc:
                raise TableError(f"board: {exc}") from None
            object.__setattr__(self, "board", board)
        object.__setattr__(self, "board_ids", tuple([c.id for c in board]))
        self._check_cards()

    def _check_cards(self) -> None:
        game = self.game
        if len(self.board) not in BOARD_COUNTS[game]:
            *most, last = map(str, BOARD_COUNTS[game])
            allowed = f"{', '.join(most)} or {last}" if most else last
            raise TableError(f"{game}: the board must have {allowed} cards, got {len(self.board)}")
        deck = _deck_of(self.variant)
        for place, cards in [(None, self.board)] + [(p.seat, p.hole or ()) for p in self.players]:
            for card in cards:
                if card.id not in deck:
                    raise TableError(
                        f"{game}: card {card} at {_place(place)} is not in the {len(deck)}-card "
                        f"deck of {self.variant.title}"
                    )
        # Where each card is: the seat holding it, None for the board; the message is
        # written only for a card seen twice.
        where: dict[int, int | None] = dict.fromkeys(self.board_ids)
        counts = HOLE_COUNTS[game]
        for p in self.players:
            if p.hole is None:
                continue
            if len(p.hole) not in counts:
                raise TableError(
                    f"{game}: seat {p.seat} has {len(p.hole)} hole cards, needs "
                    f"{_count_text(counts)}"
                )
            for card in p.hole:
                if card.id in where:
                    raise TableError(
                        f"card {card} appears twice: in {_place(where[card.id])} and at seat "
                        f"{p.seat}"
                    )
                where[card.id] = p.seat

    def player(self, seat: int) -> Player:
        """The player in ``seat``."""
        try:
            return self.players[self.seats.index(seat)]
        except ValueError:
            raise KeyError(seat) from None

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Table:
        """A table from its JSON object (the input of ``showdown resolve``).

        >>> t = Table.from_dict({"game": "holdem", "button": 3, "board": "Ac 9d 7h 4s 2c",
        ...     "players": [{"seat": 1, "hole": "Ad Kh", "contributed": 10},
        ...                 {"seat": 3, "hole": ["Ah", "Qd"], "contributed": 10}]})
        >>> t.to_dict()["players"][1]
        {'seat': 3, 'name': '', 'hole': 'Ah Qd', 'contributed': 10, 'folded': False}
        """
        return table_from_dict(data)

    @classmethod
    def from_json(cls, text: str) -> Table:
        """A table from JSON text (or UTF-8 bytes; a byte-order mark is fine).

        Text that is not JSON, or JSON nested deeper than
        :data:`showdown.validate.MAX_JSON_DEPTH` levels, raises :class:`TableError`.

        >>> Table.from_json("[" * 100_000 + "]" * 100_000)
        Traceback (most recent call last):
        ...
        showdown.pots.table.TableError: the table: JSON nested deeper than 64 levels
        """
        try:
            data = load_json(text, "the table")
        except InputError as exc:
            message = str(exc).replace("the table is not JSON", "not JSON")
            raise TableError(message) from None
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of this table; ``Table.from_dict(t.to_dict()) == t``."""
        data: dict[str, Any] = {
            "game": self.game,
            "button": self.button,
            "board": " ".join(map(str, self.board)),
            "last_aggressor": self.last_aggressor,
            "players": [p.to_dict() for p in self.players],
        }
        if self.trips_beat_straight:
            data["trips_beat_straight"] = True
        if self.wrap:
            data["wrap"] = True
        return data


def _deck_of(variant: Variant) -> frozenset[int]:
    """The card ids of a game's deck, made once per game."""
    deck = _DECKS.get(variant.key)
    if deck is None:
        deck = _DECKS[variant.key] = frozenset(variant.deck)
    return deck


_DECKS: dict[str, frozenset[int]] = {}


def _place(seat: int | None) -> str:
    """Where a card is, in a message: ``the board`` (``None``) or ``seat N``."""
    return "the board" if seat is None else f"seat {seat}"


def _as_iterable(players: object) -> Iterable[Any]:
    if type(players) in (tuple, list):  # the usual case, without the abstract classes' checks
        return players  # type: ignore[return-value]
    if isinstance(players, (str, bytes, Mapping)) or not isinstance(players, Iterable):
        raise TableError("players must be a list of players")
    return players


_TABLE_KEYS = {
    "game",
    "button",
    "board",
    "last_aggressor",
    "players",
    "wrap",
    "trips_beat_straight",
}
_PLAYER_KEYS = {"seat", "name", "hole", "contributed", "folded", "muck"}


def _cards(value: Any, what: str) -> Any:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return value
    raise TableError(f'{what} must be card text such as "Ad Kh" or a list of cards')


def _check_keys(data: Any, allowed: set[str], required: tuple[str, ...], what: str) -> None:
    if not isinstance(data, Mapping):
        raise TableError(f"{what} must be a JSON object")
    for key in data:
        if key not in allowed:
            raise TableError(f"{what}: unknown key {short_repr(key)}")
    for key in required:
        if key not in data:
            raise TableError(f"{what}: missing {short_repr(key)}")


def player_from_dict(data: Mapping[str, Any], what: str = "a player") -> Player:
    """A :class:`~showdown.pots.table.Player` from its JSON object.

    >>> player_from_dict({"seat": 2, "hole": ["Ad", "Kh"], "contributed": 7}).hole[0]
    Card.parse('Ad')
    """
    _check_keys(data, _PLAYER_KEYS, ("seat", "contributed"), what)
    return Player(
        seat=data["seat"],
        name=data.get("name", ""),
        hole=_cards(data.get("hole"), f"{what}: hole"),
        contributed=data["contributed"],
        folded=data.get("folded", False),
        muck=data.get("muck", False),
    )


def table_from_dict(data: Mapping[str, Any]) -> Table:
    """A :class:`Table` from its JSON object (checked; :class:`TableError`)."""
    game = data.get("game", "holdem") if isinstance(data, Mapping) else "holdem"
    try:
        button_game = not isinstance(game, str) or find_variant(game).button
    except UnknownGame as error:
        raise TableError(str(error)) from None
    required = ("button", "players") if button_game else ("players",)
    _check_keys(data, _TABLE_KEYS, required, "the table")
    players = data["players"]
    if not isinstance(players, list):
        raise TableError("players must be a list of players")
    parsed = [player_from_dict(p, f"player {k}") for k, p in enumerate(players, start=1)]
    game = data.get("game", "holdem")
    if not isinstance(game, str):
        raise TableError(f"game must be text, not {short_repr(game)}")
    return Table(
        game=game,
        button=data.get("button"),
        board=_cards(data.get("board"), "the board") or (),
        last_aggressor=data.get("last_aggressor"),
        players=tuple(parsed),
        wrap=data.get("wrap", False),
        trips_beat_straight=data.get("trips_beat_straight", False),
    )
