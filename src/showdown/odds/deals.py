"""Deals of one combo per ranged player with no card twice: listing, search and sampling.

A *deal* picks one combo for each ranged player so that no card is used twice; it
counts with the product of its combos' weights. Monte Carlo needs deals drawn
with exactly that weighting, and no rejection loop that can corner itself:

* when the deals are few (at most ``limit``), they are listed
  (:func:`enumerate_deals`) and drawn by weight: exact;
* otherwise each player's combo is drawn in turn from the combos still
  compatible with the cards already taken, by weight. That proposal is biased
  toward deals whose early picks leave much room, so each sample carries the
  importance weight ``W_1 * W_2 * ...``, the compatible weight each player had
  to choose from (sequential importance sampling); the weighted average is then
  unbiased in the limit. ``W_k`` is the player's total weight minus the weight
  of combos touching a taken card, by inclusion-exclusion over the taken cards
  (a combo has two cards, so two terms are exact).

:func:`find_deal` decides exactly, up front, whether any deal exists.

>>> m = [np.array([0b0011, 0b0101], dtype=np.uint64), np.array([0b0011], dtype=np.uint64)]
>>> find_deal(m)
False
>>> m[1] = np.array([0b0011, 0b1000], dtype=np.uint64)
>>> find_deal(m)
True
"""

from __future__ import annotations

import numpy as np

#: A Monte Carlo row's importance weight below this share of the largest counts as none.
_EPS = 1e-12


def enumerate_deals(
    masks: list[np.ndarray], weights: list[np.ndarray], limit: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Every deal: ``(picks (D, R), weights (D,), card masks (D,))``, or None past ``limit``."""
    picks = np.zeros((1, 0), dtype=np.int64)
    weight = np.ones(1)
    taken = np.zeros(1, dtype=np.uint64)
    for cmask, w in zip(masks, weights, strict=True):
        if len(picks) * len(cmask) > 4 * limit:
            return None
        ii, jj = np.nonzero((taken[:, None] & cmask[None, :]) == 0)
        if len(ii) > limit:
            return None
        picks = np.concatenate([picks[ii], jj[:, None]], axis=1)
        weight = weight[ii] * w[jj]
        taken = taken[ii] | cmask[jj]
    return picks, weight, taken


#: Joint combos a group of players may list for the kernel's deal draws (:func:`groups`).
GROUP_LIMIT = 4096


def groups(
    masks: list[np.ndarray], weights: list[np.ndarray], limit: int = GROUP_LIMIT
) -> list[tuple[list[int], np.ndarray, np.ndarray, np.ndarray]]:
    """The players split into groups whose compatible joint combos are listed (at most
    ``limit`` per group): ``(players, picks (D, g), weights (D,), masks (D,))`` each.

    A deal is then one joint combo per group, drawn by weight and drawn again on a shared
    card: the same distribution as drawing each player's combo, with far fewer deals
    thrown back (no clash within a group is ever drawn). Players are taken in order of
    range size, the smallest first, each joining the last group while its listing fits.

    >>> m = [np.array([0b011, 0b110], dtype=np.uint64), np.array([0b001, 0b100], np.uint64)]
    >>> [(g, p.tolist(), w.tolist()) for g, p, w, _ in groups(m, [np.ones(2), np.ones(2)])]
    [([0, 1], [[0, 1], [1, 0]], [1.0, 1.0])]
    """
    order = sorted(range(len(masks)), key=lambda p: len(masks[p]))
    out: list[tuple[list[int], np.ndarray, np.ndarray, np.ndarray]] = []
    for p in order:
        if out:
            players, picks, weight, taken = out[-1]
            joined = enumerate_deals([taken, masks[p]], [weight, weights[p]], limit)
            if joined is not None and len(joined[0]):
                pair, w, m = joined
                out[-1] = ([*players, p], np.column_stack([picks[pair[:, 0]], pair[:, 1]]), w, m)
                continue
        out.append(([p], np.arange(len(masks[p]))[:, None], weights[p], masks[p]))
    return out


def find_deal(masks: list[np.ndarray], node_limit: int = 2_000_000) -> bool | None:
    """Whether some deal exists (True/False), or None if the search gave up after
    ``node_limit`` steps. Players with the fewest combos are placed first."""
    order = sorted(range(len(masks)), key=lambda i: len(masks[i]))
    lists = [np.unique(masks[i]).tolist() for i in order]
    nodes = 0

    def place(k: int, taken: int) -> bool | None:
        nonlocal nodes
        if k == len(lists):
            return True
        undecided = False
        for m in lists[k]:
            if m & taken:
                continue
            nodes += 1
            if nodes > node_limit:
                return None
            found = place(k + 1, taken | m)
            if found:
                return True
            undecided |= found is None
        return None if undecided else False

    return place(0, 0)


def one_deal(masks: list[np.ndarray], node_limit: int = 2_000_000) -> list[int] | None:
    """The combo index of each player in some legal deal (None if none was found)."""
    order = sorted(range(len(masks)), key=lambda i: len(masks[i]))
    chosen: dict[int, int] = {}
    nodes = 0

    def place(k: int, taken: int) -> bool:
        nonlocal nodes
        if k == len(order):
            return True
        p = order[k]
        for j, m in enumerate(masks[p].tolist()):
            nodes += 1
            if m & taken or nodes > node_limit:
                continue
            chosen[p] = j
            if place(k + 1, taken | m):
                return True
        return False

    return [chosen[p] for p in range(len(masks))] if place(0, 0) else None


class DealSampler:
    """Draws deals with their weighting; see the module docs.

    ``cards[p]`` is ``(m_p, 2)`` card ids, ``masks[p]`` their card masks (any bit
    layout, one bit per card), ``weights[p]`` their weights. With ``listed`` (the
    output of :func:`enumerate_deals`) deals are drawn from the list.
    """

    def __init__(
        self,
        cards: list[np.ndarray],
        masks: list[np.ndarray],
        weights: list[np.ndarray],
        listed: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None,
    ) -> None:
        self.cards, self.masks, self.weights = cards, masks, weights
        self.listed = listed
        if listed is not None:
            self.cumulative = np.cumsum(listed[1])
            self.even = bool(len(listed[1]) and (listed[1] == listed[1][0]).all())
            return
        self.order = sorted(range(len(cards)), key=lambda p: len(cards[p]))
        self.total = [float(w.sum()) for w in weights]
        self.cumulative_p = [np.cumsum(w) for w in weights]
        self.card_weight = []
        self.pair_weight = []
        self.two_cards = all(c.shape[1] == 2 for c in cards)
        for c, w in zip(cards, weights, strict=True):
            if not self.two_cards:
                break
            cw = np.zeros(52)
            np.add.at(cw, c[:, 0], w)
            np.add.at(cw, c[:, 1], w)
            pw = np.zeros((52, 52))
            pw[c[:, 0], c[:, 1]] += w
            pw[c[:, 1], c[:, 0]] += w
            self.card_weight.append(cw)
            self.pair_weight.append(pw)

    @property
    def weighted(self) -> bool:
        """Whether samples carry importance weights (not listed)."""
        return self.listed is None

    def sample(
        self, rng: np.random.Generator, size: int
    ) -> tuple[list[np.ndarray], np.ndarray | None, np.ndarray]:
        """``size`` deals: the combo index of each player, importance weights (None when
        every sample weighs the same) and the taken cards' masks."""
        if self.listed is not None:
            picks, _, taken = self.listed
            cum = self.cumulative
            if self.even:  # every deal weighs the same: a uniform index
                row = rng.integers(0, len(cum), size)
            else:
                row = np.searchsorted(cum, rng.random(size) * cum[-1], side="right")
                row = np.minimum(row, len(cum) - 1)
            return [picks[row, p] for p in range(picks.shape[1])], None, taken[row]
        n_players = len(self.cards)
        out: list[np.ndarray] = [np.zeros(size, dtype=np.int64) for _ in range(n_players)]
        iw = np.ones(size)
        taken = np.zeros(size, dtype=np.uint64)
        taken_cards = np.zeros((size, 0), dtype=np.int64)
        alive = np.ones(size, dtype=bool)
        for p in self.order:
            room = self._room(p, taken_cards) if self.two_cards else self._room_any(p, taken)
            ok = alive & (room > _EPS * self.total[p])
            iw = np.where(ok, iw * room / self.total[p], 0.0)
            alive = ok
            rows = np.flatnonzero(alive)
            pick = self._draw(p, rng, taken[rows])
            out[p][rows] = pick
            taken[rows] |= self.masks[p][pick]
            if self.two_cards:
                new = np.zeros((size, 2), dtype=np.int64)
                new[rows] = self.cards[p][pick]
                taken_cards = np.concatenate([taken_cards, new], axis=1)
        return out, iw, taken

    def _room(self, p: int, taken_cards: np.ndarray) -> np.ndarray:
        """Weight of player ``p``'s combos sharing no card with each row's taken cards."""
        room = np.full(len(taken_cards), self.total[p])
        k = taken_cards.shape[1]
        if k == 0:
            return room
        cw, pw = self.card_weight[p], self.pair_weight[p]
        # Rows still alive never repeat a card; dead rows weigh 0 whatever this says.
        room -= cw[taken_cards].sum(axis=1)
        for i in range(k):
            for j in range(i + 1, k):
                room += pw[taken_cards[:, i], taken_cards[:, j]]
        return np.maximum(room, 0.0)

    def _room_any(self, p: int, taken: np.ndarray) -> np.ndarray:
        """:meth:`_room` for hands of any size (Omaha): summed over the free combos."""
        room = np.empty(len(taken))
        masks, w = self.masks[p], self.weights[p]
        for start in range(0, len(taken), 2048):
            part = taken[start : start + 2048]
            room[start : start + 2048] = ((masks[None, :] & part[:, None]) == 0) @ w
        return room

    def _draw(self, p: int, rng: np.random.Generator, taken: np.ndarray) -> np.ndarray:
        """A combo of player ``p`` for each row, by weight among those sharing no card
        with the row's ``taken`` mask: a few rounds of rejection, then an exact draw for
        the rows still open (so no row can loop)."""
        cum, masks = self.cumulative_p[p], self.masks[p]
        pick = np.zeros(len(taken), dtype=np.int64)
        todo = np.arange(len(taken))
        for _ in range(8):
            if not len(todo):
                return pick
            draw = np.searchsorted(cum, rng.random(len(todo)) * cum[-1], side="right")
            draw = np.minimum(draw, len(cum) - 1)
            good = (masks[draw] & taken[todo]) == 0
            pick[todo[good]] = draw[good]
            todo = todo[~good]
        for start in range(0, len(todo), 4096):
            rows = todo[start : start + 4096]
            free = (masks[None, :] & taken[rows, None]) == 0
            cw = np.cumsum(np.where(free, self.weights[p][None, :], 0.0), axis=1)
            u = rng.random(len(rows)) * cw[:, -1]
            pick[rows] = np.minimum((cw <= u[:, None]).sum(axis=1), len(cum) - 1)
        return pick
