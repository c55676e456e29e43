"""The cards of a hand being replayed: holes dealt, board cards dealt, discards and
draws, cards shown, each checked against the deck and the order of the street.

:class:`CardsInPlay` is the part of :class:`showdown.phh.engine.HandState` that moves
cards; the betting and the order of the streets stay in the engine, which calls these
methods and provides the state they read (its slots) and the steps they take next
(:meth:`HandState._maybe_begin_betting` and the others declared below).

>>> split_cards("AcKd"), split_cards("Ac1d")
(('Ac', 'Kd'), None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from showdown.phh.actions import CARD_TEXTS, Action
from showdown.phh.variant_rules import VariantRules

__all__ = ["CardsInPlay", "split_cards"]

#: The engine's phases: cards being dealt, a betting round, discards, the hand over.
DEALING, BETTING, DRAWING, DONE = 0, 1, 2, 3
_ANY_CARD = CARD_TEXTS | {"??"}


def split_cards(text: str) -> tuple[str, ...] | None:
    """Cards run together, or ``None`` when the text is not (the grammar then says why)."""
    cards = tuple(text[k : k + 2] for k in range(0, len(text), 2))
    return cards if cards and len(text) % 2 == 0 and _ANY_CARD.issuperset(cards) else None


class CardsInPlay:
    """Dealing, drawing and showing, for :class:`~showdown.phh.engine.HandState`."""

    #: What these methods set anew; the rest of the state they read and change is the
    #: engine's (its slots).
    __slots__ = ("pending_board", "phase")

    rules: VariantRules
    phase: int
    used: set[str]
    holes: list[list[str]]
    board: list[str]
    pending_board: int
    pending_holes: list[int]
    draws_left: list[int]
    folded: list[bool]
    mucked: list[bool]
    shown: list[bool]

    if TYPE_CHECKING:  # the engine's steps these methods take next

        def illegal(self, rule: str, detail: str) -> NoReturn: ...
        def _no_decision_left(self) -> None: ...
        def _maybe_begin_betting(self) -> None: ...
        def _begin_betting(self) -> None: ...
        def _more_betting(self) -> bool: ...

    def _cards(self, cards: tuple[str, ...]) -> None:
        used = self.used
        ranks = self.rules.ranks
        for card in cards:
            if card != "??":
                if card in used:
                    self.illegal("deck", f"{card} was already dealt")
                if card[0] not in ranks:
                    self.illegal("deck", f"{card} is not in the {self.rules.name} deck")
                used.add(card)

    def _deal_hole(self, i: int, cards: tuple[str, ...]) -> None:
        self._no_decision_left()
        owed = self.pending_holes[i] if self.phase in (DEALING, DRAWING) else 0
        if owed == 0:
            self.illegal("dealing order", f"no hole cards are due to p{i + 1} now")
        if len(cards) > owed:
            self.illegal("dealing", f"p{i + 1} is owed {owed} cards, not {len(cards)}")
        self._cards(cards)
        self.holes[i].extend(cards)
        self.pending_holes[i] = owed - len(cards)
        self._maybe_begin_betting()

    def _deal_board(self, cards: tuple[str, ...]) -> None:
        self._no_decision_left()
        if self.phase != DEALING or not self.pending_board:
            self.illegal("dealing order", "no board cards are due now")
        if len(cards) > self.pending_board:
            self.illegal(
                "dealing", f"this street deals {self.pending_board} board cards, not {len(cards)}"
            )
        self._cards(cards)
        self.board.extend(cards)
        self.pending_board -= len(cards)
        self._maybe_begin_betting()

    def _draw(self, action: Action) -> None:
        self._no_decision_left()
        i = action.player
        if self.phase == DEALING and not self.pending_board and any(self.pending_holes):
            # the cards drawn before are unknown, and nobody bets (all in): the next draw
            self._fill_unknown_holes()
        if self.phase != DRAWING or not self.draws_left:
            self.illegal("draw order", "nobody discards now")
        if self.draws_left[0] != i:
            self.illegal("draw order", f"it is p{self.draws_left[0] + 1}'s turn to discard")
        cards = action.cards or ()
        hole = self.holes[i]
        for card in cards:
            if card in hole:
                hole.remove(card)
                self.used.discard(card)  # the discards may come back after a reshuffle
            elif "??" in hole:
                hole.remove("??")
            else:
                self.illegal("discard", f"p{i + 1} does not hold {card}")
        self.draws_left.pop(0)
        self.pending_holes[i] = len(cards)
        if not self.draws_left:
            self.phase = DEALING
            self._maybe_begin_betting()

    def _fill_unknown_holes(self) -> None:
        """Hole cards the file does not deal are unknown (``??``), as pokerkit reads them."""
        if self.pending_board:
            name = {3: "flop"}.get(self.pending_board, "board card")
            self.illegal("dealing order", f"the {name} must be dealt (d db) before anyone acts")
        for i, owed in enumerate(self.pending_holes):
            if owed:
                self.holes[i].extend(["??"] * owed)
                self.pending_holes[i] = 0
        self._begin_betting()

    def _show(self, action: Action) -> None:
        self._no_decision_left()
        if (self.phase == DEALING and not self.pending_board and any(self.pending_holes)
                and not self._more_betting()):
            # all in, the cards of the last draw (or street) not written: they are unknown,
            # as when the next draw or a bet comes (PokerStars writes no card an opponent
            # draws)
            self._fill_unknown_holes()
        i = action.player
        if self.folded[i]:
            self.illegal("showdown", f"p{i + 1} folded and has no hand to show")
        cards = action.cards
        if self.shown[i] and (self.mucked[i] or cards == ()):
            # Showing again is allowed (card rooms write a show at each card of an all-in
            # runout, "p1 sm ????", then the cards); mucking after a show, or after a muck, not.
            self.illegal("showdown", f"p{i + 1} already {'mucked' if self.mucked[i] else 'showed'}")
        if self.phase == BETTING or (self.phase != DONE and self._more_betting()):
            self.illegal("showdown", "cards are shown only when the betting is over")
        self.shown[i] = True
        if cards is None:  # "sm -": the cards already dealt
            return
        if not cards:
            self.mucked[i] = True
            return
        hole = self.holes[i]
        if len(cards) != len(hole):
            self.illegal("showdown", f"p{i + 1} holds {len(hole)} cards, not {len(cards)}")
        for card in cards:
            if card == "??":
                continue
            if card in hole:
                continue
            unknown = [j for j, c in enumerate(hole) if c == "??"]
            if not unknown:
                self.illegal("showdown", f"p{i + 1} was dealt {''.join(hole)}, not {card}")
            if card in self.used:
                self.illegal("deck", f"{card} was already dealt")
            self.used.add(card)
            hole[unknown[0]] = card
