"""Regenerate the Omaha percentage order (``src/showdown/odds/ranges/omaha_order.bin``).

Usage::

    .venv/bin/python scripts/make_omaha_order.py [SAMPLES]     # default 3000 per class

For each of the 16,432 classes of four-card hands (:mod:`showdown.odds.ranges.omaha_classes`)
it estimates the all-in equity of one hand of the class against one random hand,
preflop: ``SAMPLES`` deals of an opponent's four cards and a five-card board from the
48 cards left, drawn uniformly with a fixed seed, scored with
:func:`showdown.evaluate_omaha_batch` (a split counts half). The classes are then
listed by that estimate, highest first (ties: key order), and written with ``SAMPLES``
as :func:`showdown.odds.ranges.omaha_order.pack_order` packs them: their indices into
:func:`showdown.odds.ranges.omaha_classes.classes`, two bytes each.
The estimate's standard error is about 0.5 / sqrt(SAMPLES) (0.9 points at 3000).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from showdown.hands.batch import evaluate_omaha_batch
from showdown.odds import draws as D
from showdown.odds.ranges.omaha_classes import class_text, classes
from showdown.odds.ranges.omaha_order import PATH, pack_order

SEED = 2026
CHUNK = 64  # classes per batch


def estimate(samples: int) -> np.ndarray:
    """Each class's estimated equity against one random hand."""
    keys, hands = classes()
    rng = np.random.default_rng(SEED)
    out = np.empty(len(keys))
    start = time.perf_counter()
    for a in range(0, len(keys), CHUNK):
        part = hands[a : a + CHUNK]
        n = len(part)
        decks = np.array([[c for c in range(52) if c not in set(h)] for h in part.tolist()])
        picks = D.floyd_sample(rng, 48, 9, n * samples)  # (n * samples, 9) into each deck
        # Floyd's draw is a uniform set, not a uniform order: shuffle each row before
        # splitting it into the opponent's four cards and the board (the deck is sorted by
        # rank, so an unshuffled split would deal the opponent biased ranks).
        picks = rng.permuted(picks, axis=1)
        rows = np.repeat(np.arange(n), samples)
        cards = decks[rows[:, None], picks]
        hero = evaluate_omaha_batch(part[rows], cards[:, 4:])
        villain = evaluate_omaha_batch(cards[:, :4], cards[:, 4:])
        share = (hero < villain) + 0.5 * (hero == villain)  # rank 1 is the best hand
        out[a : a + n] = share.reshape(n, samples).mean(axis=1)
        if a % (CHUNK * 32) == 0:
            done = (a + n) / len(keys)
            print(f"{done:6.1%}  {time.perf_counter() - start:6.0f} s", file=sys.stderr)
    return out


def main(samples: int) -> None:
    keys, _ = classes()
    equity = estimate(samples)
    order = sorted(range(len(keys)), key=lambda i: (-equity[i], i))
    top = ", ".join(class_text(int(keys[i])) for i in order[:5])
    Path(PATH).write_bytes(pack_order(np.array(order), samples))
    print(f"wrote {PATH}; first classes: {top}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
