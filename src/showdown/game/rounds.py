"""The rules of Poker vs Dealer (SPEC G1-G7, G10): a pure, storage-free round state machine.

A :class:`Round` holds everything about one round (the whole deck order,
every hand, every decision) and is JSON-serialisable (:meth:`Round.to_json`,
:meth:`Round.from_json`), so a store can save it after every step and resume
it with the same cards. :class:`Chips` holds every chip of the table: the
three seats' stacks, the house's net result and the table pot. Every step moves
chips between them and never creates or loses one.

>>> chips = Chips(stacks=[1000, 1000, 1000])
>>> rnd = deal(chips, number=1, ante=10, button=2, deck=list(range(52)))
>>> rnd.phase, rnd.to_act, chips.pot, chips.stacks
('deciding', 0, 30, [990, 990, 990])
>>> apply_decision(rnd, chips, 0, "keep")
>>> apply_decision(rnd, chips, 1, "fold")
>>> apply_decision(rnd, chips, 2, "exchange", 0)
>>> rnd.phase, len(rnd.visible_dealer())
('dealer', 1)
>>> while rnd.phase == "dealer":
...     _ = reveal_next(rnd, chips)
>>> rnd.phase, chips.total() == 3000
('settled', True)
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from showdown.cards import Card
from showdown.hands.value import HandValue
from showdown.i18n import words

SEATS = 3
#: The human player's seat.
YOU = 0
ACTIONS = ("fold", "keep", "exchange")
HAND = 5
#: Deck positions 0..19 are dealt (four passes of five: three players and the dealer);
#: exchanges draw from position 20 on, in decision order.
DEALT = HAND * (SEATS + 1)


class GameError(ValueError):
    """An invalid request: ``status`` is the HTTP status to answer, ``code`` a stable string.

    >>> err = GameError(409, "not_your_turn", "The round is not waiting for your decision.")
    >>> err.status, err.to_json()["error"]
    (409, 'not_your_turn')
    """

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "message": self.message}


def left_of(button: int) -> int:
    """The seat to the left of the button (clockwise 0 -> 1 -> 2 -> 0).

    >>> [left_of(b) for b in range(3)]
    [1, 2, 0]
    """
    return (button + 1) % SEATS


def seat_order(button: int) -> list[int]:
    """Seats in decision and showdown order: starting left of the button.

    >>> seat_order(1)
    [2, 0, 1]
    """
    first = left_of(button)
    return [(first + i) % SEATS for i in range(SEATS)]


def shuffled_deck(seed: int | None = None) -> list[int]:
    """A 52-card deck order as card ids: ``secrets`` randomness (G1), or seeded for tests.

    >>> sorted(shuffled_deck()) == list(range(52))
    True
    >>> shuffled_deck(3) == shuffled_deck(3)
    True
    """
    deck = list(range(52))
    rng: random.Random = random.Random(seed) if seed is not None else secrets.SystemRandom()
    rng.shuffle(deck)
    return deck


@dataclass
class Chips:
    """Every chip of one table: the seats' stacks, the house's net result, the table pot.

    ``injected`` counts chips added by refills; ``total()`` must always equal
    ``3 * START_CHIPS + injected`` once play bets on the table are added back.
    """

    stacks: list[int]
    house: int = 0
    pot: int = 0
    injected: int = 0

    def total(self, bets_on_table: int = 0) -> int:
        """Every chip at this table: stacks + house + pot + play bets not yet settled."""
        return sum(self.stacks) + self.house + self.pot + bets_on_table


@dataclass
class SeatState:
    """One player's part of a round. ``hand`` holds card ids in the player's order."""

    hand: list[int]
    status: str = "waiting"  # waiting | in | folded
    action: str | None = None
    card_index: int | None = None
    discarded: int | None = None
    drawn: int | None = None
    bet: int = 0


@dataclass
class Round:
    """One round. ``deck`` is the full 52-card order; the dealer's five cards are dealt
    with the players' (positions 3, 7, 11, 15, 19) and turned up one at a time."""

    number: int
    ante: int
    button: int
    carry_in: int
    deck: list[int]
    seats: list[SeatState]
    dealer: list[int]
    dealer_up: int = 1
    next_card: int = DEALT
    turn: int = 0
    phase: str = "deciding"  # deciding | dealer | settled
    version: int = 1
    seed: int = 0
    settlement: dict[str, Any] | None = None
    decisions: list[dict[str, Any]] = field(default_factory=list)

    @property
    def order(self) -> list[int]:
        return seat_order(self.button)

    @property
    def pot(self) -> int:
        """The table pot of this round: carry-over plus the three antes."""
        return self.carry_in + SEATS * self.ante

    @property
    def play_bet(self) -> int:
        return 2 * self.ante

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited, or ``None`` after the decisions."""
        if self.phase != "deciding" or self.turn >= SEATS:
            return None
        return self.order[self.turn]

    def bets_on_table(self) -> int:
        """Play bets placed and not yet settled."""
        if self.phase == "settled":
            return 0
        return sum(s.bet for s in self.seats)

    def still_in(self) -> list[int]:
        """Seats that did not fold, in showdown order (from left of the button)."""
        return [s for s in self.order if self.seats[s].status == "in"]

    def visible_dealer(self) -> list[int]:
        return self.dealer[: self.dealer_up]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready copy of the whole round (deck and hidden cards included: for storage)."""
        data = {f.name: getattr(self, f.name) for f in fields(self)}
        data["seats"] = [dict(vars(s)) for s in self.seats]
        return json.loads(json.dumps(data))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Round:
        data = dict(data)
        data["seats"] = [SeatState(**s) for s in data["seats"]]
        return cls(**data)


def deal(
    chips: Chips,
    number: int,
    ante: int,
    button: int,
    deck: Sequence[int],
    seed: int = 0,
) -> Round:
    """Post the three antes into the table pot and deal (G2).

    Cards go one at a time from left of the button, the dealer last in each
    pass; the dealer's first card is face up. The caller checks that every
    seat can cover ``3 * ante``.
    """
    if sorted(deck) != list(range(52)):
        raise ValueError("deck must be a permutation of the 52 card ids")
    for seat in range(SEATS):
        if chips.stacks[seat] < 3 * ante:
            raise GameError(409, "insufficient_chips", f"seat {seat} cannot cover the ante")
    order = seat_order(button)
    hands: list[list[int]] = [[] for _ in range(SEATS)]
    dealer: list[int] = []
    for p in range(HAND):
        for j, seat in enumerate(order):
            hands[seat].append(deck[p * (SEATS + 1) + j])
        dealer.append(deck[p * (SEATS + 1) + SEATS])
    carry = chips.pot
    for seat in range(SEATS):
        chips.stacks[seat] -= ante
    chips.pot += SEATS * ante
    return Round(
        number=number,
        ante=ante,
        button=button,
        carry_in=carry,
        deck=list(deck),
        seats=[SeatState(hand=h) for h in hands],
        dealer=dealer,
        seed=seed,
    )


def check_decision(rnd: Round, seat: int, action: str, card_index: int | None) -> None:
    """Raise :class:`GameError` unless ``seat`` may now take ``action`` (G3)."""
    if action not in ACTIONS:
        raise GameError(400, "bad_action", f"unknown action {action!r}; use fold, keep or exchange")
    if action == "exchange":
        if (
            isinstance(card_index, bool)
            or not isinstance(card_index, int)
            or not 0 <= card_index < HAND
        ):
            raise GameError(
                400, "bad_card_index", "exchange needs card_index 0..4, a card in your hand"
            )
    elif card_index is not None:
        raise GameError(400, "bad_card_index", f"{action} takes no card_index")
    if rnd.to_act != seat:
        raise GameError(409, "not_your_turn", "the round is not waiting for this decision")


def apply_decision(
    rnd: Round, chips: Chips, seat: int, action: str, card_index: int | None = None
) -> None:
    """Fold, keep or exchange one card for ``seat`` (G3), then move the turn on.

    Keep and exchange place the play bet (2 x ante). After the last decision the
    round goes to the dealer phase, or settles at once if everyone folded.
    """
    check_decision(rnd, seat, action, card_index)
    state = rnd.seats[seat]
    state.action = action
    if action == "fold":
        state.status = "folded"
    else:
        state.status = "in"
        state.bet = rnd.play_bet
        chips.stacks[seat] -= rnd.play_bet
        if action == "exchange":
            assert card_index is not None
            state.card_index = card_index
            state.discarded = state.hand[card_index]
            state.drawn = rnd.deck[rnd.next_card]
            rnd.next_card += 1
            state.hand[card_index] = state.drawn
    rnd.decisions.append({"seat": seat, "action": action, "card_index": card_index})
    rnd.turn += 1
    rnd.version += 1
    if rnd.turn == SEATS:
        if rnd.still_in():
            rnd.phase = "dealer"
        else:
            settle(rnd, chips)


def reveal_next(rnd: Round, chips: Chips) -> int:
    """The dealer turns his next card face up (G4); the fifth also settles. Returns its id."""
    if rnd.phase != "dealer":
        raise GameError(409, "not_dealer_phase", "the dealer is not turning cards now")
    card = rnd.dealer[rnd.dealer_up]
    rnd.dealer_up += 1
    rnd.version += 1
    if rnd.dealer_up == HAND:
        settle(rnd, chips)
    return card


def hand_value(ids: Sequence[int]) -> HandValue:
    return HandValue.from_five([Card.from_id(i) for i in ids])


def _split(amount: int, winners: list[int], button: int) -> dict[int, int]:
    from showdown.pots.resolution import split_amount

    shares = split_amount(amount, winners, button, list(range(SEATS)))
    return {int(seat): int(share) for seat, share in dict(shares).items()}


def settle(rnd: Round, chips: Chips) -> dict[str, Any]:
    """Settle against the house (G5) and the table pot (G6), moving the chips.

    Stores and returns ``rnd.settlement``: per seat the house outcome, the pot
    shares, the seats shown and each seat's net over the round.
    """
    still_in = rnd.still_in()
    vs_house: list[dict[str, Any]] = []
    returned = [0] * SEATS
    dealer_value = hand_value(rnd.dealer) if still_in else None
    values = {s: hand_value(rnd.seats[s].hand) for s in still_in}
    for seat in range(SEATS):
        st = rnd.seats[seat]
        if st.status != "in":
            vs_house.append({"seat": seat, "outcome": "fold", "bet": 0, "paid": 0})
            continue
        assert dealer_value is not None
        mine = values[seat]
        if mine > dealer_value:
            outcome, paid = "win", st.bet
        elif mine == dealer_value:
            outcome, paid = "push", 0
        else:
            outcome, paid = "loss", -st.bet
        returned[seat] += st.bet + paid
        chips.house -= paid
        vs_house.append({"seat": seat, "outcome": outcome, "bet": st.bet, "paid": paid})
    amount = chips.pot
    if not still_in:
        pot = {"amount": amount, "winners": [], "shares": [], "uncontested": False, "carried": True}
        shown: list[int] = []
    else:
        best = min(values[s].rank for s in still_in)
        winners = [s for s in still_in if values[s].rank == best]
        shares = _split(amount, winners, rnd.button)
        for seat, share in shares.items():
            returned[seat] += share
        chips.pot = 0
        pot = {
            "amount": amount,
            "winners": [s for s in rnd.order if s in winners],
            "shares": [{"seat": s, "amount": shares[s]} for s in rnd.order if s in shares],
            "uncontested": len(still_in) == 1,
            "carried": False,
        }
        shown = still_in if len(still_in) > 1 else []
    for seat in range(SEATS):
        chips.stacks[seat] += returned[seat]
    net = [{"seat": s, "net": returned[s] - rnd.seats[s].bet - rnd.ante} for s in range(SEATS)]
    rnd.settlement = {"vs_house": vs_house, "pot": pot, "showdown": shown, "net": net}
    rnd.phase = "settled"
    return rnd.settlement


# --- what the player may see (G10) -------------------------------------------------------------


def _labels(names: Sequence[tuple[str, str, str | None]], lang: str) -> list[str]:
    """How the explanations name each seat: "your hand" for you, the opponent's name as
    the language writes it (the phrasebook's ``name_Marta``; the browser spells it the same).

    >>> _labels([("You", "you", None), ("Marta", "bot", "cautious")], "ru")
    ['ваша рука', 'Марта']
    """
    local = words("game", lang)
    return [
        local["you"] if seat == YOU else local.get(f"name_{names[seat][0]}", names[seat][0])
        for seat in range(len(names))
    ]


def _explain_pair(a: HandValue, b: HandValue, labels: list[str], lang: str) -> str:
    from showdown.text.explain import explain

    return str(explain(a, b, lang=lang, names=labels))


def _explain_many(values: list[HandValue], labels: list[str], lang: str) -> str:
    from showdown.text.explain import explain_many

    return str(explain_many(values, lang=lang, labels=labels))


def player_view(
    rnd: Round, names: Sequence[tuple[str, str, str | None]], lang: str = "en"
) -> dict[str, Any]:
    """The round as seat 0 may see it: the only function that turns a round into a view.

    ``names``: per seat ``(name, kind, style)``. Opponents' cards, their draws, the
    deck and the dealer's face-down cards are left out until they are revealed:
    an opponent's hand is shown only at a settlement where it was still in and at
    least two players were still in (R6, G6).
    """
    settled = rnd.phase == "settled"
    shown = set(rnd.settlement["showdown"]) if settled and rnd.settlement else set()
    players = []
    for seat in range(SEATS):
        st = rnd.seats[seat]
        name, kind, style = names[seat]
        visible = seat == YOU or seat in shown
        decision = None
        if st.action is not None:
            decision = {
                "action": st.action,
                "card_index": st.card_index,
                "discarded": str(Card.from_id(st.discarded))
                if seat == YOU and st.discarded is not None
                else None,
                "drawn": str(Card.from_id(st.drawn))
                if seat == YOU and st.drawn is not None
                else None,
            }
        players.append(
            {
                "seat": seat,
                "name": name,
                "kind": kind,
                "style": style,
                "status": st.status,
                "bet": st.bet,
                "cards": [str(Card.from_id(i)) for i in st.hand] if visible else None,
                "card_count": HAND,
                "decision": decision,
                "hand": hand_value(st.hand).to_json(lang) if visible else None,
            }
        )
    up = rnd.visible_dealer()
    full = len(up) == HAND
    dealer = {
        "cards": [str(Card.from_id(i)) for i in up],
        "hidden": HAND - len(up),
        "hand": hand_value(rnd.dealer).to_json(lang) if full else None,
    }
    result = None
    if settled and rnd.settlement is not None:
        result = _result_view(rnd, names, shown, lang)
    return {
        "number": rnd.number,
        "version": rnd.version,
        "phase": rnd.phase,
        "ante": rnd.ante,
        "play_bet": rnd.play_bet,
        "button": rnd.button,
        "carry_in": rnd.carry_in,
        "pot": rnd.pot,
        "order": rnd.order,
        "to_act": rnd.to_act,
        "players": players,
        "dealer": dealer,
        "result": result,
    }


def _result_view(
    rnd: Round, names: Sequence[tuple[str, str, str | None]], shown: set[int], lang: str
) -> dict[str, Any]:
    assert rnd.settlement is not None
    s = rnd.settlement
    labels = _labels(names, lang)
    dealer_label = words("game", lang)["dealer"]
    dealer_value = hand_value(rnd.dealer) if rnd.dealer_up == HAND else None
    vs_house = []
    for entry in s["vs_house"]:
        seat = entry["seat"]
        text = None
        visible = seat == YOU or seat in shown
        if not visible and entry["outcome"] != "fold":
            # Win, push or loss against the dealer's open hand would describe the hand;
            # the chips paid stay (the seat's net shows them on the table anyway).
            vs_house.append({**entry, "outcome": "not_shown", "explanation": None})
            continue
        if entry["outcome"] in ("win", "loss") and dealer_value is not None:
            text = _explain_pair(
                hand_value(rnd.seats[seat].hand), dealer_value, [labels[seat], dealer_label], lang
            )
        vs_house.append({**entry, "explanation": text})
    pot = dict(s["pot"])
    pot["explanation"] = None
    if len(s["showdown"]) >= 2:
        pot["explanation"] = _explain_many(
            [hand_value(rnd.seats[seat].hand) for seat in s["showdown"]],
            [labels[seat] for seat in s["showdown"]],
            lang,
        )
    return {
        "vs_house": vs_house,
        "pot": pot,
        "showdown": list(s["showdown"]),
        "net": list(s["net"]),
    }


def revealed_card_ids(rnd: Round) -> set[int]:
    """Every card id seat 0 may have seen so far (for tests of G10)."""
    seen = set(rnd.seats[YOU].hand)
    discarded = rnd.seats[YOU].discarded
    if discarded is not None:
        seen.add(discarded)
    seen.update(rnd.visible_dealer())
    if rnd.phase == "settled" and rnd.settlement:
        for seat in rnd.settlement["showdown"]:
            seen.update(rnd.seats[seat].hand)
    return seen
