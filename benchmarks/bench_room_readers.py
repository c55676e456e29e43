"""Benchmark: what each room's C reader gains on the whole path, side by side.

Run: ``.venv/bin/python benchmarks/bench_room_readers.py`` (``--copies N``, ``--rounds R``,
``--corpus DIR``).

Per room, the whole path of ``showdown replay`` on its files in one process (the text
read into hands, every hand replayed, settled, verified and made a report row) timed two
ways, the two taking turns round after round (best and median printed, in hands per
second, wall and this thread's CPU time; and the share of the hands the C reader reads):

- C reader: the kernel reads the room's text (``room_hands``; a hand it leaves goes to
  the Python reader), the kernel replays;
- Python reader: the room's Python reader reads every hand (the kernel's reader
  switched off: the numpy backend while reading), the kernel replays as above.

The ratio C / Python is the C reader's gain on the whole path: the issue keeps a C
reader only where it is at least 2 (``KEEP``). The rooms without one
(``showdown.phh.rooms.fast.NATIVE_ROOMS`` does not list them: PartyPoker, Full Tilt and
WPN, whose C readers gained 1.0-1.6x and were removed) are timed the same two ways and
marked ``no C reader``: both ways read in Python, so their ratio shows the noise of the
measure (about 1) and stays comparable with the others. The files are the real samples of
``tests/data/rooms`` (each file's hands repeated ``--copies`` times in memory, so that a
round lasts long enough to time), and with ``--corpus DIR`` the room files under DIR
(every file whose room is detected, read as it is). Both ways must give the same rows
(checked before timing). Figures on a shared machine vary with its load; the load is
printed, and the CPU-time ratios are the ones load changes least.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

from common import best_median, format_rate, interleaved_cpu_times, machine_load
from showdown.hands import native
from showdown.phh.corpus.batches import settled_rows
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_hands, split_hands
from showdown.phh.corpus.reports import Row
from showdown.phh.nogc import paused
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.fast import NATIVE_ROOMS, native_hands

SAMPLES = Path(__file__).parent.parent / "tests" / "data" / "rooms"
#: The gain on the whole path below which a C reader is not worth its second copy of the
#: room's rules (issue 33).
KEEP = 2.0

#: A room's texts to time: (text, hands) per file.
Texts = list[tuple[str, int]]


def room_texts(files: list[Path], copies: int) -> dict[str, Texts]:
    """The texts of the files by room (every room with a reader, whether the kernel reads
    it or not), each file's hands repeated ``copies`` times."""
    out: dict[str, Texts] = {}
    for path in files:
        try:
            text = open_text(path.read_bytes())
        except Exception:  # an unreadable file of a corpus: not a room's
            continue
        room = detect(text)
        if room is None or room in ("phh", "phhs"):
            continue
        hands = split_hands(text, room)
        if not hands:
            continue
        if copies > 1:
            # an iPoker piece is a whole session document; the others are joined by a blank line
            text = ("".join(hands * copies) if room == "ipoker"
                    else "\n\n".join(h.strip("\n") for h in hands * copies) + "\n")
        out.setdefault(room, []).append((text, len(hands) * copies))
    return out


def whole(room: str, texts: Texts, c_reader: bool) -> list[Row]:
    """The whole path of ``showdown replay`` on the texts (read, replay, settle, verify,
    rows; an unreadable hand costs its reading only); the C reader on or off."""
    rows: list[Row] = []
    with paused():
        for text, _ in texts:
            with native.use("native" if c_reader else "numpy"):
                hands = read_hands_of(text, room)
            with native.use("native"):
                rows.extend(settled_rows(hands, room))
    return rows


def read_hands_of(text: str, room: str) -> list[HandHistory]:
    """The hands of a text that read (errors left out: they cost the same both ways)."""
    return [h for h in read_hands(text, room, "bench") if isinstance(h, HandHistory)]


def c_share(room: str, texts: Texts) -> float:
    """The share of the room's hands its C reader reads (the others it leaves to Python)."""
    read = total = 0
    with native.use("native"):
        for text, _ in texts:
            parts = split_hands(text, room)
            done = native_hands(parts, room) or []
            read += sum(d is not None for d in done)
            total += len(parts)
    return read / max(1, total)


def measure(rooms: dict[str, Texts], rounds: int) -> list[tuple[str, int, list[float]]]:
    """Per room: its hands, the share its C reader reads, and (best, median) hands/s for C
    and Python, wall then CPU."""
    out = []
    for room, texts in sorted(rooms.items()):
        with_c: Callable[[], object] = partial(whole, room, texts, True)
        without: Callable[[], object] = partial(whole, room, texts, False)
        if with_c() != without():  # warm, and the same rows both ways
            raise SystemExit(f"{room}: the C reader's rows differ from the Python reader's")
        hands = sum(n for _, n in texts)
        wall, cpu = interleaved_cpu_times({"c": with_c, "python": without}, rounds)
        figures: list[float] = [c_share(room, texts)]
        for times in (wall, cpu):
            figures += [*best_median(hands, times["c"]), *best_median(hands, times["python"])]
        out.append((room, hands, figures))
    return out


def report(title: str, results: list[tuple[str, int, list[float]]]) -> None:
    print(f"\n{title}")
    print(f"  {'room':<11} {'hands':>6} {'C reads':>7}  {'C reader best, median':>22}  "
          f"{'Python best, median':>22}  {'ratio best, median; CPU best, median':>35}  "
          f"keep (>= {KEEP:g}x)?")
    for room, hands, f in results:
        share, (c_best, c_median, p_best, p_median), cpu = f[0], f[1:5], f[5:]
        ratios = [c_best / p_best, c_median / p_median, cpu[0] / cpu[2], cpu[1] / cpu[3]]
        keep = ("no C reader" if room not in NATIVE_ROOMS
                else "yes" if min(ratios[2:]) >= KEEP else "no" if max(ratios[2:]) < KEEP else "?")
        rates = "  ".join(f"{format_rate(best):>10} {format_rate(median):>11}"
                          for best, median in ((c_best, c_median), (p_best, p_median)))
        gains = " ".join(f"{r:>7.2f}x" for r in ratios)
        print(f"  {room:<11} {hands:>6} {share:>7.0%}  {rates}  {gains}  {keep}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=20,
                        help="each sample file's hands repeated this many times")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--corpus", type=Path, help="also time the room files under DIR")
    args = parser.parse_args()
    if not native.native_available():
        raise SystemExit("the native kernel is not built: nothing to compare")
    samples = room_texts(sorted(SAMPLES.iterdir()), args.copies)
    report(f"tests/data/rooms ({args.copies} copies; hands/s of the whole path)",
           measure(samples, args.rounds))
    if args.corpus is not None:
        files = sorted(p for p in args.corpus.rglob("*") if p.is_file())
        report(f"{args.corpus} ({len(files)} files; hands/s of the whole path)",
               measure(room_texts(files, 1), args.rounds))
    print(f"\nmachine: {machine_load() or 'idle'}; python {sys.version.split()[0]}; "
          "keep: yes when both CPU ratios reach the bar, no when neither does; "
          f"rooms with a C reader: {', '.join(sorted(NATIVE_ROOMS))}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
