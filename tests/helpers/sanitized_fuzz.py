"""The sanitizer's fuzz run, in a process of its own (tests/kernel/test_rooms_sanitized.py
starts it with the sanitized kernel in place): mutated real files
(:mod:`helpers.mutants`) through the kernel's readers (``room_hands``, ``phh_toml``) and
its replay, settlement and rows, each next to the Python path. A memory error or an
undefined behaviour ends this process with the sanitizer's report; a difference between
the two paths is a finding (its bytes kept in ``--work``). Before each mutant a line on
standard error names it (seed, index, damages), so a crash names the mutant that caused
it, and ``--only INDEX`` runs that one again.

Run by hand: ``PYTHONPATH=<sanitized package>:tests python -m helpers.sanitized_fuzz
--seed 1 --count 100 --work /tmp/fuzz`` prints one JSON object: how many mutants ran, how
many hands the kernel read, the differences found, and the errors both paths raised
alike (not a difference: Python's own errors, named for the report).

>>> outcome_of(lambda: 1 / 0)
('raised', 'ZeroDivisionError', 'division by zero')
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import showdown
from helpers.kernel_compare import outcome
from helpers.mutants import Mutant, mutant, phh_seeds, room_seeds
from helpers.paths import DATA, ROOMS
from showdown.hands import native
from showdown.phh.corpus.batches import settle_each
from showdown.phh.corpus.pool import replay_lines
from showdown.phh.corpus.read import open_text, read_hands, split_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory, loads, loads_all
from showdown.phh.rooms.fast import native_hands

__all__ = ["PHH_SHARE", "main", "native_read_count", "outcome_of", "run"]

#: The share of mutants made of PHH files (the C TOML reader's), the others of rooms' files.
PHH_SHARE = 0.25


def outcome_of(fn: Callable[[], Any]) -> Any:
    """What ``fn()`` gives, or the error it raises (its class and message)."""
    try:
        return fn()
    except Exception as exc:  # any error: the two paths must raise the same one
        return ("raised", type(exc).__name__, str(exc))


def _summary(hand: HandHistory | HistoryError) -> Any:
    """A hand's fields in order (types too) and name; an error's class and message."""
    if isinstance(hand, HistoryError):
        return type(hand).__name__, str(hand)
    return [(k, type(v).__name__, repr(v)) for k, v in hand.fields.items()], hand.name


def _read(m: Mutant) -> list[HandHistory | HistoryError]:
    """The mutant's hands as the backend in use reads them."""
    if m.seed.room in ("phh", "phhs"):
        text = m.data.decode("utf-8", "replace")
        try:
            hands = loads_all(text, "m.phhs") if m.seed.room == "phhs" else [loads(text, "m.phh")]
        except HistoryError as exc:
            return [exc]
        return list(hands)
    return read_hands(open_text(m.data), m.seed.room, "m.txt")


def native_read_count(text: str, room: str) -> int:
    """How many hands of a room's text the kernel's reader reads (the others: Python's)."""
    done = native_hands(split_hands(text, room), room)
    return 0 if done is None else sum(d is not None for d in done)


def _both(fn: Callable[[], Any]) -> tuple[Any, Any]:
    """``fn()`` on the kernel, then on the Python path."""
    with native.use("native"):
        fast = outcome_of(fn)
    with native.use("numpy"):
        slow = outcome_of(fn)
    return fast, slow


def _check(m: Mutant, work: Path) -> tuple[list[str], list[str], int]:
    """The differences of one mutant (stage names), the errors raised on both paths, and
    how many of its hands the kernel's reader read."""
    differ: list[str] = []
    raised: list[str] = []

    def compare(stage: str, fn: Callable[[], Any]) -> Any:
        fast, slow = _both(fn)
        if fast != slow:
            differ.append(stage)
        elif isinstance(slow, tuple) and slow[:1] == ("raised",):
            raised.append(f"{stage}: {slow[1]}: {slow[2][:200]}")
        return slow

    compare("read", lambda: [_summary(h) for h in _read(m)])
    with native.use("numpy"):
        hands = outcome_of(lambda: [h for h in _read(m) if isinstance(h, HandHistory)])
    if isinstance(hands, list) and hands:
        compare("settle", lambda: [outcome(s) for s in settle_each(hands)])
    path = work / f"m{m.seed.suffix}"
    path.write_bytes(m.data)
    compare("replay", lambda: list(replay_lines([path], workers=1)))
    read = 0
    if m.seed.room not in ("phh", "phhs"):
        with native.use("native"):
            read = native_read_count(open_text(m.data), m.seed.room)
    return differ, raised, read


def run(seed: int, count: int, work: Path, only: int | None = None, rooms_folder: Path = ROOMS
        ) -> dict[str, Any]:
    """``count`` mutants of the sample files (the rooms' ones in ``rooms_folder``, and the
    PHH ones), drawn from ``seed`` (``only``: the one of that index alone, made again):
    what :func:`main` prints.
    Before each mutant a line names it on standard error (where a sanitizer's report
    follows the line of the mutant that caused it)."""
    rooms, phh = room_seeds(rooms_folder), phh_seeds(sorted(DATA.glob("*.phh*")))
    rng = random.Random(seed)
    findings: list[dict[str, Any]] = []
    raised: dict[str, int] = {}
    read = 0
    for k in range(count):
        m = mutant(rng, phh if rng.random() < PHH_SHARE else rooms)
        if only is not None and k != only:
            continue
        print(json.dumps({"mutant": k, "seed": seed, "room": m.seed.room, "steps": m.steps}),
              file=sys.stderr, flush=True)
        differ, both, done = _check(m, work)
        read += done
        for line in both:
            raised[line] = raised.get(line, 0) + 1
        if differ:
            saved = work / f"finding-{k}{m.seed.suffix}"
            saved.write_bytes(m.data)
            findings.append({"mutant": k, "room": m.seed.room, "steps": m.steps,
                             "stages": differ, "file": str(saved)})
    return {"mutants": count if only is None else 1, "kernel_read_hands": read,
            "findings": findings, "raised_on_both": raised, "package": showdown.__file__}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--only", type=int, help="run the mutant of this index alone")
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--rooms", type=Path, default=ROOMS,
                        help="the rooms' files to mutate (a corpus folder: not committed)")
    args = parser.parse_args(argv)
    if not native.native_available():
        print(json.dumps({"error": "no kernel in this process"}))
        return 2
    args.work.mkdir(parents=True, exist_ok=True)
    print(json.dumps(run(args.seed, args.count, args.work, args.only, args.rooms)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
