"""The lean replay of everyday hands: blinds, a board, full deals, the usual actions.

Most hands in a corpus are alike: a blind-and-board game (``NT``, ``NS``,
``PO``, ``FT``, ``FO/8``), every player dealt their hole cards in one
action, whole board streets, then ``f``, ``cc``, ``cbr`` and at the end
``sm``. :func:`fast_replay` replays such a hand in one loop over plain
lists, under the same rules as the general engine (the betting arithmetic
is shared: :mod:`showdown.phh.betting`; amounts in the engine's units).
Anything else (an illegal action, a comment, a partial deal, a show before
the board is out) makes it return ``None``; the general engine then
replays the hand and raises the error that names the rule. The tests check, on random legal and
broken hands, that whenever it answers it answers exactly as the engine does.

>>> from showdown.phh.notation import loads
>>> from showdown.phh.rules import find
>>> h = loads('''variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AcAd", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 cbr 6", "p2 f"]''')
>>> r = fast_replay(h, find("NT"))
>>> r.contributed, r.folded, r.holes[1]
([6, 2, 0], [False, True, True], ['??', '??'])
>>> fast_replay(h.with_fields(actions=["d dh p1 AcAd", "p3 cbr 3"]), find("NT")) is None
True
"""

from __future__ import annotations

from typing import cast

from showdown.phh.actions import CARD_TEXTS
from showdown.phh.amounts import hand_units, to_units
from showdown.phh.betting import after_raise, blind_opener, raise_bounds, round_queue
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.replayed import Replay
from showdown.phh.rules import VariantRules

__all__ = ["fast_replay", "shape_of"]

_DEAL, _BET, _DONE = 0, 1, 2
#: "p1" -> 0, ...
_PLAYERS = {f"p{k + 1}": k for k in range(99)}


Shape = tuple[int, tuple[int, ...], frozenset[str]]
#: id(rules) -> (rules, shape): hashing a rules record field by field costs more than this.
_SHAPES: dict[int, tuple[VariantRules, Shape | None]] = {}


def shape_of(rules: VariantRules) -> Shape | None:
    """(hole cards, board cards per street, the deck) of a blind-and-board variant, else None."""
    known = _SHAPES.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    shape = _SHAPES[id(rules)] = rules, _find_shape(rules)
    return shape[1]


def _find_shape(rules: VariantRules) -> Shape | None:
    streets = rules.streets
    if rules.forced != "blinds" or any(s.draw or s.opening != "position" for s in streets):
        return None
    if not streets[0].hole or streets[0].board or any(s.hole or not s.board for s in streets[1:]):
        return None
    deck = frozenset(c for c in CARD_TEXTS if c[0] in rules.ranks)
    return len(streets[0].hole), tuple(s.board for s in streets), deck


_INT = frozenset({int})


def _whole(value: object, n: int) -> list[int] | None:
    """A copy of ``value`` when it is a list of ``n`` whole numbers at least 0, else None."""
    if type(value) is not list or len(value) != n or not _INT.issuperset(map(type, value)):
        return None
    return list(value) if min(value) >= 0 else None


def _size(value: object) -> int | None:
    return value if type(value) is int and value >= 0 else None


def _split(text: str) -> list[str]:
    return [text[k : k + 2] for k in range(0, len(text), 2)]


def fast_replay(history: HandHistory, rules: VariantRules) -> Replay | None:
    """The hand replayed as :func:`~showdown.phh.engine.replay` would, or ``None`` when the
    hand is not an everyday one (see the module docstring)."""
    shape = shape_of(rules)
    if shape is None:
        return None
    hole_count, boards, deck = shape
    fields = history.fields
    n = len(fields["starting_stacks"])
    scale = 1
    stacks = _whole(fields["starting_stacks"], n)
    antes = _whole(fields.get("antes"), n)
    blinds = _whole(fields.get("blinds_or_straddles"), n)
    if rules.fixed:
        given = [_size(fields.get("small_bet" if s.bet == "small" else "big_bet"))
                 for s in rules.streets]
    else:
        given = [_size(fields.get("min_bet"))] * len(boards)
    sizes = cast(list[int], given)
    if stacks is None or antes is None or blinds is None or None in given:
        # Decimals (or a field the engine will reject): the engine's units and checks.
        try:
            scale, amounts = hand_units(history, rules)
        except HistoryError:
            return None
        stacks = list(amounts["starting_stacks"])
        antes = list(amounts["antes"])
        blinds = list(amounts["blinds_or_straddles"])
        if rules.fixed:
            small, big = amounts["small_bet"][0], amounts["big_bet"][0]
            sizes = [small if s.bet == "small" else big for s in rules.streets]
        else:
            sizes = [amounts["min_bet"][0]] * len(boards)
    if not all(stacks) or not all(sizes):
        return None
    starting = list(stacks)
    if n == 2:  # heads-up: the forced bets are reversed
        antes.reverse()
        blinds.reverse()
    bets = [0] * n
    contributed = [0] * n
    paid = [0] * n
    for i in range(n):
        ante = paid[i] = min(antes[i], stacks[i])
        behind = stacks[i] - ante
        blind = bets[i] = min(blinds[i], behind)
        stacks[i] = behind - blind
        contributed[i] = ante + blind
    max_bet = max(bets)
    folded = [False] * n
    mucked = [False] * n
    shown = [False] * n
    holes: list[list[str]] = [[] for _ in range(n)]
    board: list[str] = []
    used: set[str] = set()
    live = n
    undealt = n
    phase = _DEAL
    street = 0
    pending_board = 0
    streets = len(boards)
    queue: list[int] = []
    acted: list[int | None] = []
    full = raises = 0
    aggressor: int | None = None
    last_aggressor: int | None = None
    round_acted = False
    players = _PLAYERS
    for text in fields["actions"]:
        words = text.split()
        count = len(words)
        begin = end = False
        if count == 2 or (count == 3 and words[0] != "d"):
            i = players.get(words[0], n)
            verb = words[1]
            if i >= n or "#" in text:
                return None
            if verb == "cc" or verb == "f":
                if count != 2 or phase != _BET or queue[0] != i:
                    return None
                if verb == "cc":
                    put = max_bet - bets[i]
                    if put > stacks[i]:
                        put = stacks[i]
                    stacks[i] -= put
                    bets[i] += put
                    contributed[i] += put
                else:
                    folded[i] = True
                    live -= 1
                acted[i] = max_bet
                round_acted = True
                del queue[0]
                end = not queue or live == 1
            elif verb == "cbr":
                if count != 3 or phase != _BET or queue[0] != i:
                    return None
                if scale == 1 and "." in words[2]:  # the engine reads the units of decimals
                    return None
                try:  # as the engine reads an amount
                    amount = to_units(float(words[2]) if "." in words[2] else int(words[2]), scale)
                except ValueError:
                    return None
                smallest, largest, why = raise_bounds(
                    rules, i, stacks, bets, folded, contributed, max_bet=max_bet,
                    size=sizes[street], full=full, acted=acted[i], raises=raises,
                    completion=False,
                )
                if why or amount < smallest or amount > largest:
                    return None
                if amount - max_bet >= full:
                    full = amount - max_bet
                put = amount - bets[i]
                stacks[i] -= put
                bets[i] = amount
                contributed[i] += put
                max_bet = amount
                acted[i] = amount
                raises += 1
                aggressor = i
                round_acted = True
                queue = after_raise(i, n, folded, stacks)
                end = not queue
            elif verb == "sm":
                if phase != _DONE or folded[i] or shown[i]:
                    return None
                shown[i] = True
                if count == 2:
                    mucked[i] = True
                    continue
                hole = holes[i]
                cards = _split(words[2])
                if len(cards) != len(hole) or "??" in hole:
                    return None
                for card in cards:
                    if card != "??" and card not in hole:
                        return None
                continue
            else:
                return None
        elif count == 4 and words[1] == "dh" and words[0] == "d" and "#" not in text:
            i = players.get(words[2], n)
            if phase != _DEAL or street or i >= n or holes[i]:
                return None
            dealt = words[3]
            cards = [dealt[:2], dealt[2:]] if len(dealt) == 4 else _split(dealt)
            if len(cards) != hole_count:
                return None
            for card in cards:
                if card != "??":
                    if card not in deck or card in used:
                        return None
                    used.add(card)
            holes[i] = cards
            undealt -= 1
            begin = not undealt
        elif count == 3 and words[1] == "db" and "#" not in text:
            if phase != _DEAL or not pending_board:
                return None
            cards = _split(words[2])
            if len(cards) != pending_board:
                return None
            for card in cards:
                if card not in deck or card in used:
                    return None
                used.add(card)
            board += cards
            pending_board = 0
            begin = True
        else:
            return None
        if begin:  # the street's cards are out: its betting round starts
            full = raises = 0
            acted = [None] * n
            aggressor = None
            round_acted = False
            opener = blind_opener(n, bets, blinds) if street == 0 else 0
            queue = round_queue(n, opener, stacks, bets, folded)
            phase = _BET
            end = not queue or (len(queue) == 1 and bets[queue[0]] >= max_bet)
        if end:
            if round_acted:
                last_aggressor = aggressor
            queue = []
            bets = [0] * n
            max_bet = 0
            street += 1
            if live == 1 or street == streets:
                phase = _DONE
            else:
                phase = _DEAL
                pending_board = boards[street]
    if phase != _DONE:
        return None
    return Replay(
        history=history,
        rules=rules,
        scale=scale,
        starting=starting,
        contributed=contributed,
        folded=folded,
        mucked=mucked,
        holes=holes,
        board=board,
        last_aggressor=last_aggressor,
        inferred=[],
        antes=paid,
    )
