"""Benchmark: the Python room readers alone, read only, hands per second per room.

Run: ``.venv/bin/python benchmarks/bench_room_readers_python.py`` (``--copies N``,
``--rounds R``, ``--dir DIR`` to add a folder of real files, which may be repeated).

The C readers are turned off (``SHOWDOWN_BACKEND=numpy``, set here before ``showdown``
is imported), so every hand is read by :mod:`showdown.phh.rooms`' Python readers. The
files are the rooms' samples committed under ``tests/data/rooms`` and the files of every
``--dir`` (a corpus of real files kept outside the project), read into memory and
detected beforehand; a round is :func:`~showdown.phh.corpus.read.read_hands` of every
text of one room, ``--copies`` times over (each text as it was written: split into hands,
each hand read into a ``HandHistory`` or refused), the readers' caches emptied before
each round (a round then reads as a first reading of the files does). The rooms take
turns round by round, so a burst of load on the shared machine hits them all alike; the
figures are given in this thread's CPU time, which other processes change far less than
the wall time (both printed, with the load the machine had). The issue's target: 10,000
hands per second per room, on one core.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ["SHOWDOWN_BACKEND"] = "numpy"  # the Python readers alone: before showdown loads

from common import best_median, format_rate, interleaved_cpu_times, machine_load
from showdown.phh.corpus.detect import ROOMS, detect
from showdown.phh.corpus.read import open_text, read_hands
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.notation import HandHistory

SAMPLES = Path(__file__).parent.parent / "tests" / "data" / "rooms"
TARGET = 10_000


def room_texts(folders: list[Path]) -> dict[str, list[str]]:
    """The text of every room file under ``folders``, by room (other files left out)."""
    texts: dict[str, list[str]] = {}
    for folder in folders:
        for path in sorted(p for p in folder.rglob("*") if p.is_file()):
            try:
                text = open_text(path.read_bytes(), str(path))
            except (OSError, MalformedHistory):
                continue
            room = detect(text)
            if room in ROOMS:
                texts.setdefault(room, []).append(text)
    return texts


def cold() -> None:
    """Empty the readers' caches (amounts, seat lines, headers...), so that a round reads
    the files as a first reading does, not helped by what the round before kept."""
    for name, module in list(sys.modules.items()):
        if name.startswith("showdown.phh.rooms"):
            for value in vars(module).values():
                clear = getattr(value, "cache_clear", None)
                if callable(clear):
                    clear()


def read_all(room: str, texts: list[str]) -> tuple[int, int]:
    """Hands found and hands read (the rest refused) in ``texts`` of ``room``."""
    found = read = 0
    for text in texts:
        hands: list[HandHistory | HistoryError] = read_hands(text, room)
        found += len(hands)
        read += sum(isinstance(h, HandHistory) for h in hands)
    return found, read


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=5,
                        help="times each room's texts are read in a round")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--dir", action="append", default=[], type=Path,
                        help="a folder of real files to add (may be repeated)")
    parser.add_argument("--room", action="append", default=[], choices=ROOMS,
                        help="time this room only (may be repeated)")
    args = parser.parse_args()
    by_room = room_texts([SAMPLES, *args.dir])
    if args.room:
        by_room = {room: texts for room, texts in by_room.items() if room in args.room}
    counts = {room: read_all(room, texts) for room, texts in by_room.items()}  # also warms
    texts = {room: texts * args.copies for room, texts in by_room.items()}
    wall, cpu = interleaved_cpu_times(
        {room: (lambda r=room: (cold(), read_all(r, texts[r]))) for room in texts}, args.rounds)
    import showdown

    print(f"{showdown.__file__}: Python readers (SHOWDOWN_BACKEND=numpy), read only; "
          f"{args.rounds} interleaved rounds, each room's texts read {args.copies} times a "
          f"round; folders: {', '.join(str(f) for f in [SAMPLES, *args.dir])}")
    print(f"{'room':<11} {'files':>5} {'hands':>6} {'read':>6}   "
          f"{'CPU best':>10} {'CPU median':>10}   {'wall best':>10} {'wall median':>11}")
    for room in sorted(texts):
        found, read = counts[room]
        hands = found * args.copies
        best, median = best_median(hands, cpu[room])
        wall_best, wall_median = best_median(hands, wall[room])
        mark = "" if median >= TARGET else "  (below 10k/s)"
        print(f"{room:<11} {len(by_room[room]):>5} {found:>6} {read:>6}   "
              f"{format_rate(best):>10} {format_rate(median):>10}   "
              f"{format_rate(wall_best):>10} {format_rate(wall_median):>11}{mark}")
    print(f"machine: {machine_load() or 'idle'}; python {sys.version.split()[0]}; "
          "rates in hands (read or refused) per second of this thread's CPU time and of wall "
          "time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
