"""Evaluator speed in the other showdowns, side by side with pokerkit's evaluator per game.

Usage (from the repository root)::

    .venv/bin/python benchmarks/bench_games.py [--hands N] [--rounds R] [--games G ...]

Per game, on the same random hands of the game's deck (uint8 ids, C-contiguous,
checked): the batch path (``evaluate_batch(ids, game=...)``; Omaha hi-lo
``evaluate_omaha_batch``, both halves) on the native kernel and on the numpy
path; the scalar path on id lists, the hot loop a user writes (the ladder's
``ladder_evaluator``, which ``ladder_ids`` calls: the kernel's ``rank`` on the
native backend, else Python; ``ladder_evaluator(ladder, cards=k)``, the
function for the hands' one size; Omaha hi-lo ``ladder_omaha_ids``); and
pokerkit's hand class for the same game (``from_game`` on prebuilt card text; a
prefix of the hands, it is slow). Hi-lo games time the low ladder on the scalar
path, as pokerkit's low classes do. All contenders of a game run in interleaved
rounds (a burst of load hits them alike); best and median wall times are
printed (with the best process CPU time beside them, a hint on a loaded
machine), then each target with its verdict. The answers themselves are checked against
pokerkit in ``tests/hands/test_ladders.py``.

Targets (issue 12): batch on the numpy path >= 20 M hands/s for the 5- and
7-card games (badugi too), Omaha hi-lo >= 1 M/s; the native batch at least the
numpy one; the scalar path >= 50x pokerkit per hand. On a loaded machine (load
average above the cores) an absolute rate that misses "cannot be judged"; a
ratio to pokerkit, measured in the same interleaved rounds, is judged anyway.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import format_rate, judge, machine_load
from showdown import Card, evaluate_batch, evaluate_omaha_batch
from showdown.hands import native as _backend
from showdown.hands.ladder_scalar import ladder_evaluator, ladder_omaha_ids
from showdown.variants import find_variant

#: game -> (pokerkit class, cards per hand)
GAMES = {
    "short-deck": ("ShortDeckHoldemHand", 7),
    "stud": ("StandardHighHand", 7),
    "razz": ("RegularLowHand", 7),
    "stud-hi-lo": ("EightOrBetterLowHand", 7),
    "deuce-to-seven": ("StandardLowHand", 5),
    "ace-to-five": ("RegularLowHand", 5),
    "badugi": ("BadugiHand", 4),
    "omaha-hi-lo": ("OmahaEightOrBetterLowHand", 9),
}
BATCH_TARGET = 20e6
OMAHA_TARGET = 1e6
SCALAR_RATIO = 50.0


def deal(game: str, n: int, k: int, seed: int = 12) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards of the game's deck (uint8 ids)."""
    deck = np.array(find_variant(game).deck, dtype=np.uint8)
    rng = np.random.default_rng(seed)
    return np.ascontiguousarray(deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :k]])


def on(backend: str, body: Callable[[], object]) -> Callable[[], None]:
    """``body`` run on one backend (``native`` or ``numpy``)."""

    def run() -> None:
        with _backend.use(backend):  # type: ignore[arg-type]
            body()

    return run


def pokerkit_hand(cls: Any, *cards: str) -> object:
    """pokerkit's hand of ``cards``, or None when it has none (no qualifying low)."""
    try:
        return cls.from_game(*cards)
    except ValueError:
        return None


def timed_rounds(
    bodies: dict[str, Callable[[], None]], rounds: int
) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and process CPU times of ``rounds`` interleaved calls of each body.

    Verdicts use the wall times. The CPU times are printed beside them as a hint
    only: on a loaded machine a body waits for a core (wall time grows, CPU time
    does not), but it also shares caches and cores with other work, so CPU time
    is no idle figure either.
    """
    wall: dict[str, list[float]] = {name: [] for name in bodies}
    cpu: dict[str, list[float]] = {name: [] for name in bodies}
    for _ in range(rounds):
        for name, body in bodies.items():
            start, start_cpu = time.perf_counter(), time.process_time()
            body()
            cpu[name].append(time.process_time() - start_cpu)
            wall[name].append(time.perf_counter() - start)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400_000, help="hands per batch call")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    args = parser.parse_args()
    import pokerkit

    load = machine_load()
    print("machine note: figures from a shared machine are noisy; compare ratios in one run")
    print(f"load at start: {load or 'not loaded'}")
    backends = [b for b in _backend.NAMES if b == "numpy" or _backend.native_available()]
    for game in args.games:
        class_name, k = GAMES[game]
        bench_one(game, getattr(pokerkit, class_name), k, args.hands, args.rounds, backends)
    print(f"\nload at end: {machine_load() or 'not loaded'}")


def bench_one(game: str, cls: Any, k: int, n: int, rounds: int, backends: Sequence[str]) -> None:
    """Time one game: our batch (per backend) and scalar paths against pokerkit's ``cls``."""
    variant = find_variant(game)
    ladder = variant.ladders[-1]
    hands = deal(game, n, k)
    scalar_hands = hands[:10_000].tolist()
    pk_hands = hands[:1000].tolist()
    text = ["".join(str(Card.from_id(i)) for i in h) for h in pk_hands]
    omaha = variant.use == "omaha"
    if omaha:
        holes, boards = np.ascontiguousarray(hands[:, :4]), np.ascontiguousarray(hands[:, 4:])
        text_pairs = [(t[:8], t[8:]) for t in text]

        def batch() -> object:
            return evaluate_omaha_batch(holes, boards, game=game)

        def scalar() -> None:
            for h in scalar_hands:
                ladder_omaha_ids(h[:4], h[4:], ladder)

        def theirs() -> None:
            for hole, board in text_pairs:
                pokerkit_hand(cls, hole, board)

        generic = None
    else:

        def batch() -> object:
            return evaluate_batch(hands, game=game)

        def generic() -> None:
            evaluate = ladder_evaluator(ladder)  # the any-size function ladder_ids calls
            for h in scalar_hands:
                evaluate(h)

        def scalar() -> None:
            # Per backend, held for the loop; every hand has k cards, so the evaluator
            # for that size (on the numpy path it skips the dispatch on the length).
            evaluate = ladder_evaluator(ladder, cards=k)
            for h in scalar_hands:
                evaluate(h)

        def theirs() -> None:
            for t in text:
                pokerkit_hand(cls, t)

    bodies: dict[str, Callable[[], None]] = {}
    sizes: dict[str, int] = {}
    for backend in backends:
        bodies[f"batch [{backend}]"] = on(backend, batch)
        sizes[f"batch [{backend}]"] = len(hands)
    for backend in backends:
        bodies[f"scalar [{backend}]"] = on(backend, scalar)
        sizes[f"scalar [{backend}]"] = len(scalar_hands)
    if generic is not None:  # shown without a verdict: the evaluator for hands of any size
        bodies["scalar [numpy] any size"] = on("numpy", generic)
        sizes["scalar [numpy] any size"] = len(scalar_hands)
    bodies["pokerkit"] = theirs
    sizes["pokerkit"] = len(pk_hands)
    for body in bodies.values():  # warm up: tables built, caches filled
        body()
    times, cpu = timed_rounds(bodies, rounds)
    best = {name: sizes[name] / min(t) for name, t in times.items()}
    median = {name: sizes[name] / statistics.median(t) for name, t in times.items()}
    best_cpu = {name: sizes[name] / min(t) for name, t in cpu.items()}
    print(f"\n== {game} ({k} cards; scalar and pokerkit: the {ladder.key} ladder)")
    for name in bodies:
        ns = 1e9 / best[name]
        print(
            f"  {name:<23} best {format_rate(best[name]):>12}  median "
            f"{format_rate(median[name]):>12}  {ns:>10.1f} ns/hand   "
            f"(CPU time: {format_rate(best_cpu[name])})"
        )
    trusted = machine_load() is None
    target = OMAHA_TARGET if omaha else BATCH_TARGET
    numpy_rate = best["batch [numpy]"]
    verdict = judge(True) if numpy_rate >= target else judge(False, trusted)
    print(f"  target numpy batch >= {format_rate(target)}: {format_rate(numpy_rate)}, {verdict}")
    if "batch [native]" in best:
        native_rate = best["batch [native]"]
        ok = native_rate >= numpy_rate
        print(
            f"  target native batch >= numpy batch: {native_rate / numpy_rate:.2f}x, "
            f"{judge(ok, trusted or ok)}"
        )
        verdict = judge(True) if native_rate >= target else judge(False, trusted)
        print(f"  native batch >= {format_rate(target)}: {verdict}")
    for backend in backends:
        ratio = best[f"scalar [{backend}]"] / best["pokerkit"]
        print(
            f"  target scalar [{backend}] >= {SCALAR_RATIO:.0f}x pokerkit: {ratio:.1f}x, "
            f"{judge(ratio >= SCALAR_RATIO)}"
        )


if __name__ == "__main__":
    main()
