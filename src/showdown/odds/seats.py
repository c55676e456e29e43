"""The players of an equity call: its plain arguments checked, then each hand or range
read and seated, cleared of the board, the dead cards and the other players' fixed hands.

:func:`showdown.odds.equity.equity` and :func:`showdown.odds.per_combo.per_combo_equity`
read their players here, so both take the same texts and word the same errors.

>>> seats, board, dead = seat_players(["AhKh", "QQ"], "Qh Jh 3c", None, "holdem")
>>> [(s.label, len(s.combos)) for s in seats], board, dead
([('AhKh', 1), ('QQ', 3)], [42, 38, 4], [])
>>> read_player_text("AKs", "holdem", "pokerstove")[1].shape
(4, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

import numpy as np

from showdown import validate as V
from showdown.cards import Card, CardError, CardsLike, check_distinct, parse_cards, to_cards
from showdown.odds.ranges.holdem import Range, RangeError, parse_range
from showdown.odds.ranges.omaha import parse_omaha_range

__all__ = ["Seat", "check_arguments", "read_player_text", "read_seat", "seat_players"]

_Error = TypeVar("_Error", bound=V.ReasonedError)


@dataclass
class Seat:
    """A player of an equity call as read: its label (the text given, or its cards run
    together) and the combos it may hold with their weights (one combo: a fixed hand)."""

    label: str
    combos: np.ndarray  # (m, hole cards) card ids
    weights: np.ndarray  # (m,)


def check_arguments(
    game: object, players: object, exact: object, trials: object, seed: object
) -> tuple[str, list[Any], bool | None, int | None, int | None]:
    """The plain parameters of :func:`showdown.odds.equity.equity` (``game``, ``players``,
    ``exact``, ``trials``, ``seed``), checked by :mod:`showdown.validate`."""
    game = V.text(game, "game")
    if isinstance(players, str | Range | bytes) or not isinstance(players, Sequence):
        raise TypeError(
            "players must be a list of hands or ranges, e.g. ['AcAd', 'QQ+,AKs'], "
            f"not {type(players).__name__}"
        )
    if not 2 <= len(players) <= 10:
        raise CardError(f"equity needs 2 to 10 players, got {len(players)}")
    exact = V.optional_flag(exact, "exact")
    if trials is not None:
        trials = V.count(trials, "trials", maximum=V.MAX_TRIALS)
    if exact is True and trials is not None:
        raise CardError("choose either exact=True or trials=N, not both")
    return game, list(players), exact, trials, V.seed(seed)


def seat_players(
    players: Sequence[str | Range | CardsLike],
    board: CardsLike | None,
    dead: CardsLike | None,
    game: str,
    order: str = "pokerstove",
) -> tuple[list[Seat], list[int], list[int]]:
    """The players read (hands and ranges, percentages in ``order``) and cleared of the
    board, the dead cards and each other's fixed hands, with the board and dead card ids."""
    community = to_cards(board)
    dead_cards = to_cards(dead)
    if len(community) not in (0, 3, 4, 5):
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(community)}")
    places = _places(community, dead_cards)
    seats = []
    for number, spec in enumerate(players, start=1):
        if isinstance(spec, str) and not spec.strip():
            raise _reasoned(RangeError, "player_empty", number=number)
        seats.append(read_seat(spec, game, order))
    board_ids = [c.id for c in community]
    dead_ids = [c.id for c in dead_cards]
    _settle(seats, set(places), places)
    hole = sum(p.combos.shape[1] for p in seats)
    if hole + 5 + len(dead_ids) > 52:
        raise CardError(f"not enough cards: {hole} hole cards, a board and {len(dead_ids)} dead")
    return seats, board_ids, dead_ids


def read_seat(spec: str | Range | CardsLike, game: str, order: str = "pokerstove") -> Seat:
    if isinstance(spec, str):  # read once per text: a range's parsing is most of a flop call
        label, combos, weights = read_player_text(spec, game, order)
        return Seat(label, combos, weights)
    return _read_spec(spec, game, order)


@lru_cache(maxsize=1024)
def read_player_text(text: str, game: str, order: str) -> tuple[str, np.ndarray, np.ndarray]:
    """A player's text read: its label, combos and weights (read-only: they are shared)."""
    p = _read_spec(text, game, order)
    p.combos.flags.writeable = p.weights.flags.writeable = False
    return p.label, p.combos, p.weights


def _read_spec(spec: str | Range | CardsLike, game: str, order: str) -> Seat:
    hole = 2 if game == "holdem" else None
    if isinstance(spec, Range):
        if game != "holdem":
            raise CardError("ranges are for Hold'em; Omaha players need explicit hands")
        return _from_range(str(spec), spec)
    if isinstance(spec, str):
        text = spec.strip()
        try:
            cards = parse_cards(text)
        except CardError as exc:
            if game == "omaha":
                return _from_omaha_range(text, exc)
            if game != "holdem":
                raise
            try:
                return _from_range(text, parse_range(text, order))
            except RangeError:
                if "duplicate" in str(exc):
                    raise exc from None
                raise
        if game == "holdem" and len(cards) != 2:
            try:
                return _from_range(text, parse_range(text, order))
            except RangeError:
                if not 4 <= len(cards) <= 6:
                    raise
                raise CardError(
                    f"{text!r} is {len(cards)} cards, but a Hold'em hand is two; for Omaha "
                    "say game='omaha' (on the command line, --game omaha)"
                ) from None
        label = "".join(str(c) for c in cards)
    else:
        cards = to_cards(spec)
        check_distinct(cards)
        label = "".join(str(c) for c in cards)
    if hole is not None and len(cards) != hole:
        raise CardError(f"a Hold'em hand is two cards, got {len(cards)} in {label!r}")
    if game == "omaha" and not 4 <= len(cards) <= 6:
        raise CardError(f"an Omaha hand is 4 to 6 cards, got {len(cards)} in {label!r}")
    ids = np.array([[c.id for c in cards]], dtype=np.int64)
    return Seat(label, ids, np.ones(1))


def _from_omaha_range(text: str, exc: CardError) -> Seat:
    """An Omaha range player (``AAxxds``...), or the card error if the text is no range."""
    try:
        r = parse_omaha_range(text)
    except RangeError:
        raise exc from None
    if len(r) == 0:
        raise RangeError(f"the Omaha range {text!r} holds no hand")
    return Seat(text, r.combos, r.weights)


def _from_range(label: str, rng: Range) -> Seat:
    combos = np.array(rng.combos, dtype=np.int64).reshape(-1, 2)
    return Seat(label, combos, np.array(rng.weights, dtype=float))


def _settle(
    players: list[Seat], used: set[int], places: dict[int, dict[str, object]] | None = None
) -> None:
    """Drop combos that use a card of the board, the dead cards or a fixed hand (in place).

    A range left with one combo becomes a fixed hand, whose cards leave the other ranges.
    ``places`` says where each card of ``used`` is (for the message naming both places).
    """
    places = {} if places is None else places
    fixed: set[int] = set()
    while True:
        taken = np.zeros(52, dtype=bool)  # a lookup per card id: cheaper than np.isin
        taken[list(used)] = True
        for i, p in enumerate(players):
            if i in fixed or len(p.combos) == 1:
                continue
            keep = ~taken[p.combos].any(axis=1)
            p.combos, p.weights = p.combos[keep], p.weights[keep]
            if len(p.combos) == 0:
                raise _reasoned(CardError, "no_combo_left", range=repr(p.label))
        grew = False
        for i, p in enumerate(players):
            if i in fixed or len(p.combos) != 1:
                continue
            cards = p.combos[0].tolist()
            here = V.reason("in_hand", number=i + 1, hand=p.label)
            for c in cards:
                if c in used:
                    there = places.get(c, V.reason("in_use"))
                    card = str(Card.from_id(c))
                    raise _reasoned(CardError, "two_places", card=card, first=there, second=here)
            used.update(cards)
            places.update(dict.fromkeys(cards, here))
            fixed.add(i)
            grew = True
        if not grew:
            return


def _places(board: list[Card], dead: list[Card]) -> dict[int, dict[str, object]]:
    """Where each known card is (``on the board``, ``in the dead cards``, as reasons);
    a repeat is an error."""
    places: dict[int, dict[str, object]] = {}
    for where, cards in ((V.reason("on_board"), board), (V.reason("in_dead"), dead)):
        for card in cards:
            if card.id in places:
                first = places[card.id]
                raise _reasoned(CardError, "two_places", card=str(card), first=first, second=where)
            places[card.id] = where
    return places


def _reasoned(kind: type[_Error], code: str, **params: object) -> _Error:
    """The error with its reason as data (the command line and the lab word it in the
    user's language), its message the English sentence."""
    from showdown.i18n.error_lines import reasoned

    return reasoned(kind, code, **params)
