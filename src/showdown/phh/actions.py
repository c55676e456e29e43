"""The PHH action grammar: ``d dh p1 AcAd``, ``d db 2c3c4d``, ``p3 cbr 150``, ``p2 sm`` ...

``[[actor action[ arguments]][ # commentary]]``: the actor is ``d`` (the
dealer) or ``pN`` (the N-th player, from 1); words are separated by spaces;
an empty action or a bare commentary is a no-op. Cards are written run
together, two characters each (rank ``23456789TJQKA`` or ``?``, suit ``cdhs``
or ``?``), ``??`` for a card nobody saw.

>>> parse_action("p3 cbr 150  # a raise")
Action(player=2, verb='cbr', cards=(), amount='150', comment='a raise')
>>> parse_action("d dh p1 Ac????")
Action(player=0, verb='dh', cards=('Ac', '??', '??'), amount=None, comment=None)
>>> parse_action("p1 sm -").cards, parse_action("p1 sm").cards
(None, ())
>>> parse_action("p1 raise 5")
Traceback (most recent call last):
...
ValueError: unknown action 'raise' (the actions are d dh, d db, f, cc, cbr, sd, sm, pb)
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["CARD_TEXTS", "Action", "parse_action", "split_cards"]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
#: Every known card as PHH writes it.
CARD_TEXTS: frozenset[str] = frozenset(r + s for r in RANKS for s in SUITS)
_ANY = CARD_TEXTS | {"??"}
_ARITY = {"f": 0, "cc": 0, "pb": 0, "cbr": 1}


class Action(NamedTuple):
    """One parsed action; ``player`` is the 0-based index (the dealer's hole deal names one too).

    ``verb`` is ``dh``, ``db`` (the dealer) or ``f``, ``cc``, ``cbr``, ``sd``,
    ``sm``, ``pb`` (a player), ``""`` for a no-op. ``cards`` is ``None`` for
    ``sm -`` (show the cards already dealt).
    """

    player: int
    verb: str
    cards: tuple[str, ...] | None
    amount: str | None
    comment: str | None


def split_cards(text: str) -> tuple[str, ...]:
    """``"AcKd??"`` -> ``("Ac", "Kd", "??")``; anything else is a ``ValueError`` naming it.

    >>> split_cards("Td9d")
    ('Td', '9d')
    >>> split_cards("10d")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: bad cards '10d': write each card as two characters, ...
    """
    cards = tuple(text[k : k + 2] for k in range(0, len(text), 2))
    if len(text) % 2 or not cards or not _ANY.issuperset(cards):
        raise ValueError(
            f"bad cards {text!r}: write each card as two characters, rank 23456789TJQKA or ?, "
            "suit cdhs or ?, run together (AcKd)"
        )
    return cards


def _player(word: str) -> int:
    if word[:1] == "p" and word[1:].isdigit() and word[1:2] != "0":
        return int(word[1:]) - 1
    raise ValueError(f"unknown actor {word!r} (the actors are d, the dealer, and p1, p2, ...)")


def parse_action(text: str) -> Action:
    """Parse one action string (``ValueError`` with the reason when it is not PHH)."""
    body, hash_, comment = text.partition("#")
    note = comment.strip() if hash_ else None
    words = body.split()
    if not words:
        return Action(-1, "", (), None, note)
    actor = words[0]
    if actor == "d":
        if len(words) >= 2 and words[1] == "db" and len(words) == 3:
            return Action(-1, "db", split_cards(words[2]), None, note)
        if len(words) >= 2 and words[1] == "dh" and len(words) == 4:
            return Action(_player(words[2]), "dh", split_cards(words[3]), None, note)
        raise ValueError("a dealer action is 'd dh pN CARDS' or 'd db CARDS'")
    player = _player(actor)
    if len(words) < 2:
        raise ValueError(f"{actor} does nothing: add f, cc, cbr AMOUNT, sd, sm or pb")
    verb = words[1]
    arity = _ARITY.get(verb)
    if arity is not None:
        if len(words) != 2 + arity:
            need = "one amount" if arity else "no argument"
            raise ValueError(f"{verb!r} takes {need}")
        return Action(player, verb, (), words[2] if arity else None, note)
    if verb in ("sd", "sm"):
        if len(words) > 3:
            raise ValueError(f"{verb!r} takes at most one group of cards")
        if len(words) == 2:
            return Action(player, verb, (), None, note)
        if verb == "sm" and words[2] == "-":
            return Action(player, verb, None, None, note)
        return Action(player, verb, split_cards(words[2]), None, note)
    raise ValueError(
        f"unknown action {verb!r} (the actions are d dh, d db, f, cc, cbr, sd, sm, pb)"
    )
