"""The Omaha percentage order: the 16,432 classes of four-card hands, strongest first.

Omaha ``N%`` ranges take the fewest classes, in this order, holding at least ``N``%
of the 270,725 hands (the rule of PokerStove's Hold'em percentages). Classes are
ordered by their all-in equity against one random hand, preflop, estimated by
``scripts/make_omaha_order.py`` with :data:`SAMPLES` random deals per class and a
fixed seed (a standard error of about 0.5 / sqrt(SAMPLES): 0.9 points at 3,000), so
classes within a point of each other may come in either order.

The order ships as ``omaha_order.bin`` beside this module (as ``hands/rank_tables.bin``
does), read once on import: the line :data:`MAGIC`, the samples per class (uint32),
then the classes' indices into :func:`showdown.odds.ranges.omaha_classes.classes`,
strongest first, two bytes each (all little-endian).

>>> order = class_order()
>>> len(order), sorted(order.tolist()) == list(range(16432)), SAMPLES
(16432, True, 8000)
>>> unpack_order(pack_order(order, SAMPLES))[1] == SAMPLES
True
"""

from __future__ import annotations

import os

import numpy as np

from showdown.odds.ranges.omaha_classes import all_hands, class_keys, classes

__all__ = [
    "MAGIC",
    "PATH",
    "SAMPLES",
    "class_order",
    "pack_order",
    "read_order",
    "top_hands",
    "unpack_order",
]

#: The shipped order file.
PATH = os.path.join(os.path.dirname(__file__), "omaha_order.bin")
#: The first line of an order file (its format's name and version).
MAGIC = b"showdown-omaha-order-1\n"


def pack_order(order: np.ndarray, samples: int) -> bytes:
    """An order file's bytes: :data:`MAGIC`, ``samples`` and the class indices ``order``."""
    return MAGIC + int(samples).to_bytes(4, "little") + np.asarray(order, dtype="<u2").tobytes()


def unpack_order(data: bytes) -> tuple[np.ndarray, int]:
    """The class indices (int64, strongest class first) and the samples per class of an
    order file's bytes; a ``ValueError`` if they are not one."""
    if not data.startswith(MAGIC) or (len(data) - len(MAGIC)) % 2:
        raise ValueError("not a showdown Omaha order file")
    body = data[len(MAGIC) :]
    samples = int.from_bytes(body[:4], "little")
    return np.frombuffer(body[4:], dtype="<u2").astype(np.int64), samples


def read_order(path: str = PATH) -> tuple[np.ndarray, int]:
    """The class indices and the samples per class of an order file (:func:`unpack_order`)."""
    with open(path, "rb") as file:
        return unpack_order(file.read())


#: The shipped order and (``SAMPLES``) the random deals per class behind its estimates.
_ORDER, SAMPLES = read_order()
_ORDER.flags.writeable = False  # one array shared by every caller of class_order()


def class_order() -> np.ndarray:
    """The class indices, strongest class first (read-only)."""
    return _ORDER


def top_hands(percent: float) -> np.ndarray:
    """A mask over :func:`showdown.odds.ranges.omaha_classes.all_hands` of the hands in the
    top ``percent`` (0..100): the fewest classes, in order, holding at least that share
    of the 270,725 hands (counted to the nearest whole hand)."""
    ids = all_hands()[0]
    keys, _ = classes()
    of_hand = np.searchsorted(keys, class_keys(ids))
    sizes = np.bincount(of_hand, minlength=len(keys))
    order = class_order()
    before = np.concatenate([[0], np.cumsum(sizes[order])[:-1]])
    limit = round(len(ids) * float(percent) / 100)
    chosen = np.zeros(len(keys), dtype=bool)
    chosen[order[before < limit]] = True
    return chosen[of_hand]
