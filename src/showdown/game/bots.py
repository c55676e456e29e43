"""The computer opponents and the player's hint (G9), decided with the evaluator.

A decision sees only what that player may see: their own five cards, the
dealer's up card, the public decisions (who folded) and the pot. :func:`analyse`
simulates the unseen cards (the dealer's four face-down cards, the card an
exchange would draw, the hands of the rivals still in), all at once with
:func:`showdown.hands.batch.evaluate_batch`, and scores every option: keep, the five
single-card exchanges, fold. The opponents and the hint share that analysis;
the two styles differ only in their thresholds.

>>> a = analyse([51, 50, 47, 46, 0], up=5, ante=10, pot=30, rivals=2, samples=2000, seed=1)
>>> a.keep.win_chance > 0.9   # aces and kings: a clear favourite against the dealer
True
>>> OPPONENTS[1].decide(a), OPPONENTS[2].decide(a)  # cautious keeps, bold draws to the deuce
(('keep', None), ('exchange', 4))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from showdown.categories import Category
from showdown.hands.batch import evaluate_batch
from showdown.hands.scalar import evaluate_ids

#: Simulated deals per decision: about 2-4 ms for all seven options (see the benchmark).
SAMPLES = 3000


@dataclass(frozen=True)
class Option:
    """One choice and its simulated value. ``ev`` is in chips, against folding (0)."""

    action: str
    card_index: int | None
    win_chance: float
    tie_chance: float
    pot_chance: float
    ev: float

    def to_json(self) -> dict[str, object]:
        return {
            "action": self.action,
            "card_index": self.card_index,
            "win_chance": round(self.win_chance, 4),
            "tie_chance": round(self.tie_chance, 4),
            "pot_chance": round(self.pot_chance, 4),
            "ev": round(self.ev, 2),
        }


@dataclass(frozen=True)
class Analysis:
    """Keep, the five exchanges (by card index) and fold, scored by simulation."""

    keep: Option
    exchanges: tuple[Option, ...]
    fold: Option
    samples: int
    #: The category of the five cards as dealt (what keeping would show down).
    made: Category = Category.HIGH_CARD

    @property
    def options(self) -> list[Option]:
        return [self.keep, *self.exchanges, self.fold]

    def best_stay(self) -> Option:
        """The staying option with the highest expected value (keep wins ties)."""
        return max([self.keep, *self.exchanges], key=lambda o: o.ev)

    def best(self) -> Option:
        """The option with the highest expected value, fold included."""
        stay = self.best_stay()
        return stay if stay.ev > self.fold.ev else self.fold


def analyse(
    hand: Sequence[int],
    up: int,
    ante: int,
    pot: int,
    rivals: int,
    samples: int = SAMPLES,
    seed: int | None = None,
) -> Analysis:
    """Score every option of a player holding ``hand`` (5 ids) with the dealer's ``up`` card.

    ``rivals``: other players still in or still to decide (0-2), whose hands are
    drawn from the unseen cards for the pot; ``pot``: the table pot now. Staying
    costs the play bet ``2 * ante``: its value is ``2 * ante * (P(win) - P(lose))``
    against the dealer plus the expected share of ``pot``.
    """
    hand_ids = np.asarray(hand, dtype=np.int8)
    seen = np.zeros(52, dtype=bool)
    seen[hand_ids] = True
    seen[up] = True
    pool = np.flatnonzero(~seen).astype(np.int8)  # the 46 unseen cards
    rng = np.random.default_rng(seed)
    need = 5 + 5 * rivals
    # A uniformly random ordered draw of `need` unseen cards per sample: the smallest keys.
    keys = rng.random((samples, pool.size))
    pick = np.argpartition(keys, need - 1, axis=1)[:, :need]
    order = np.argsort(np.take_along_axis(keys, pick, axis=1), axis=1)
    draws = pool[np.take_along_axis(pick, order, axis=1)]

    # Every hand to evaluate, in one batch: the dealer's, the rivals', the five exchanges.
    blocks = 1 + rivals + 5
    hands = np.empty((blocks, samples, 5), dtype=np.int8)
    hands[0, :, 0] = up
    hands[0, :, 1:] = draws[:, :4]
    for r in range(rivals):
        hands[1 + r] = draws[:, 5 + 5 * r : 10 + 5 * r]
    for i in range(5):
        hands[1 + rivals + i] = hand_ids
        hands[1 + rivals + i, :, i] = draws[:, 4]
    ranks = evaluate_batch(hands.reshape(-1, 5)).astype(np.int32).reshape(blocks, samples)
    dealer_rank = ranks[0]
    keep_rank = evaluate_ids([int(i) for i in hand_ids])
    mine = np.vstack([np.full((1, samples), keep_rank, dtype=np.int32), ranks[1 + rivals :]])

    win = (mine < dealer_rank).mean(axis=1)
    tie = (mine == dealer_rank).mean(axis=1)
    if rivals:
        rival = ranks[1 : 1 + rivals]
        best_rival = rival.min(axis=0)
        ties = (mine[:, None, :] == rival[None, :, :]).sum(axis=1)
        share = np.where(mine < best_rival, 1.0, np.where(mine == best_rival, 1.0 / (1 + ties), 0))
        pot_chance = share.mean(axis=1)
    else:
        pot_chance = np.ones(len(mine))
    ev = 2 * ante * (2 * win + tie - 1) + pot * pot_chance
    options = [
        Option(
            "keep" if k == 0 else "exchange",
            None if k == 0 else k - 1,
            float(win[k]),
            float(tie[k]),
            float(pot_chance[k]),
            float(ev[k]),
        )
        for k in range(6)
    ]
    fold = Option("fold", None, 0.0, 0.0, 0.0, 0.0)
    return Analysis(options[0], tuple(options[1:]), fold, samples, Category.from_rank(keep_rank))


@dataclass(frozen=True)
class Opponent:
    """A computer opponent: a name, a style and the thresholds that make the style.

    ``stay_margin``: stays only if the best staying option is worth at least this
    many antes more than folding. ``draw_bias``: an exchange is preferred to
    keeping when its value is at least ``-draw_bias`` antes from keep's (a
    negative bias demands a clear gain before exchanging).
    """

    seat: int
    name: str
    style: str
    stay_margin: float
    draw_bias: float

    def decide(self, analysis: Analysis, ante: int = 10) -> tuple[str, int | None]:
        """``(action, card_index)`` from an :class:`Analysis` of this opponent's own cards.

        A made full house or better is always kept (:data:`ALWAYS_KEEP`):

        >>> full = analyse([47, 46, 45, 43, 42], 0, ante=10, pot=30, rivals=2, samples=500, seed=3)
        >>> str(full.made), OPPONENTS[2].decide(full)   # K-K-K-Q-Q: Viktor keeps it
        ('full house', ('keep', None))
        """
        keep = analysis.keep
        if analysis.made >= ALWAYS_KEEP:
            return ("keep", None)
        draw = max(analysis.exchanges, key=lambda o: o.ev)
        choice = draw if draw.ev >= keep.ev - self.draw_bias * ante else keep
        if choice.ev < self.stay_margin * ante:
            return ("fold", None)
        return (choice.action, choice.card_index)


#: A made hand this good is always kept, whatever a style's taste for drawing: a
#: simulated exchange can look close to keeping only through sampling noise, and
#: breaking a full house to draw looks like a bug to anyone watching.
ALWAYS_KEEP = Category.FULL_HOUSE

#: Seat 1 and seat 2. Marta folds anything without a clear edge and exchanges only
#: for a clear gain; Viktor stays on thin chances and draws whenever it is close.
OPPONENTS: dict[int, Opponent] = {
    1: Opponent(seat=1, name="Marta", style="cautious", stay_margin=0.75, draw_bias=-0.5),
    2: Opponent(seat=2, name="Viktor", style="bold", stay_margin=-0.3, draw_bias=0.4),
}


def hint_json(analysis: Analysis) -> dict[str, object]:
    """The hint for the player: the best option by expected value and every option.

    The chances are those of the recommended option or, when folding is
    recommended, of the best way to stay (what folding avoids).
    """
    best = analysis.best()
    shown = best if best.action != "fold" else analysis.best_stay()
    return {
        "action": best.action,
        "card_index": best.card_index,
        "win_chance": round(shown.win_chance, 4),
        "tie_chance": round(shown.tie_chance, 4),
        "pot_chance": round(shown.pot_chance, 4),
        "samples": analysis.samples,
        "options": [o.to_json() for o in analysis.options],
    }
