"""Benchmark: rooms' hand-history files read, replayed and verified, side by side with pokerkit.

Run: ``.venv/bin/python benchmarks/bench_rooms.py`` (``--copies N``, ``--rounds R``).

The files are the real rooms' samples committed under ``tests/data/rooms`` (PokerStars,
888, Full Tilt, PartyPoker, iPoker, WPN, and the hand-written GGPoker and Winamax ones),
each file's hands repeated ``--copies`` times in memory so that a round lasts long
enough to time. In interleaved rounds (best and median printed):

- showdown, whole: the room's text read into PHH hands, every hand replayed under the
  rules, settled and verified against what the room paid (what ``showdown replay`` does
  with a file in one process, without the file system: ``corpus.run_units`` of the text);
- showdown, read only: the room's text to PHH hands;
- showdown, replay only: the same hands, read beforehand, replayed, settled, verified;
- pokerkit: pokerkit reads no room's text, so it replays the PHH that ``showdown
  convert`` writes for the same hands (``HandHistory.loads`` and every state to the end,
  which settles the pots), the text parsed beforehand into one string per hand;
- showdown, real HandHQ PHH: the real HandHQ ``.phhs`` samples of ``tests/data`` read
  over and over to about as many hands, read, replayed, settled and verified as
  ``showdown replay`` does (``corpus.run_units`` of each file's text), and pokerkit's
  ``HandHistory.loads_all`` and replay of the same files beside it.

Then hands per second per room for the whole path. ``--whole-only`` times the whole
path alone (run it from two checkouts in turn to compare them; ``--without NAME``
leaves out a sample the older checkout cannot read). ``--why`` prints instead, per sample
file, where its hands go: read by the kernel or by the Python readers (and why: a room
without a C reader, or the kind of hand the kernel refuses), replayed in the kernel or in
the Python engine (and why: a game the kernel does not replay, or the kernel's refusal).
Figures on a shared machine vary with its load; the load is printed, and the rounds are
also given in this thread's CPU time, which other processes change far less.
"""

from __future__ import annotations

import argparse
import re
import sys
import warnings
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

from common import (
    Result,
    best_median,
    format_rate,
    interleaved_cpu_times,
    interleaved_processes,
    machine_load,
    print_table,
    serve_rounds,
)
from showdown.phh.corpus.chunks import batch_rows, run_units
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_hands, split_hands, split_rooms
from showdown.phh.notation import HandHistory, dumps
from showdown.phh.variant_rules import RULES

ROOMS = Path(__file__).parent.parent / "tests" / "data" / "rooms"
HANDHQ = sorted((Path(__file__).parent.parent / "tests" / "data").glob("handhq-*.phhs"))


def room_texts(copies: int, without: tuple[str, ...] = ()) -> list[tuple[str, str, int]]:
    """(room, text, hands) of every sample but those named in ``without``, its hands
    repeated ``copies`` times."""
    texts = []
    for path in sorted(ROOMS.iterdir()):
        if path.name in without:
            continue
        text = open_text(path.read_bytes())
        room = detect(text)
        assert room is not None, path
        hands = split_hands(text, room)
        # a sample's hands refused with their reason (a real hand called off before the
        # deal, one whose names were taken out) are left out: only hands that settle
        hands = [h for h, read in zip(hands, read_hands(text, room, str(path)), strict=True)
                 if isinstance(read, HandHistory)]
        if room == "ipoker":  # each piece is a whole session of one game
            joined = "".join(hands * copies)
        else:
            joined = "\n\n".join(h.strip("\n") for h in hands * copies) + "\n"
        texts.append((room, joined, len(hands) * copies))
    return texts


def read_all(texts: list[tuple[str, str, int]]) -> list[tuple[str, list[HandHistory]]]:
    out = []
    for room, text, _ in texts:
        hands = read_hands(text, room, "bench")
        good = [h for h in hands if isinstance(h, HandHistory)]
        assert len(good) == len(hands), [str(h) for h in hands if not isinstance(h, HandHistory)]
        out.append((room, good))
    return out


def whole(texts: list[tuple[str, str, int]]) -> int:
    """What ``showdown replay`` does with a room's file in one process (a unit of work of
    :mod:`showdown.phh.corpus.chunks`: read, replayed, settled, verified, a row per hand)."""
    n = 0
    for _, text, _ in texts:
        rows = run_units([("bench", "room", room, parts) for room, parts in split_rooms(text)])
        assert all(r[3] is None for r in rows), [r[3] for r in rows if r[3] is not None]
        n += len(rows)
    return n


def replay_only(read: list[tuple[str, list[HandHistory]]]) -> int:
    return sum(len(batch_rows(hands, False, room)) for room, hands in read)


def handhq(texts: list[tuple[str, str]]) -> int:
    """The real HandHQ files as ``showdown replay`` reports them (every hand, whatever its
    class: real files hold partial hands and unknown cards); the hands reported."""
    return sum(len(run_units([(file, "phhs", None, text)])) for file, text in texts)


def pokerkit_files(texts: list[tuple[str, str]]) -> int:
    """pokerkit's read and replay of whole ``.phhs`` files (its own reader, every state)."""
    import pokerkit

    n = 0
    for _, text in texts:
        for history in pokerkit.HandHistory.loads_all(text):
            for _ in history:
                pass
            n += 1
    return n


def pokerkit_replay(phh: list[str]) -> int:
    import pokerkit

    for text in phh:
        for _ in pokerkit.HandHistory.loads(text, parse_value=Decimal):
            pass
    return len(phh)


def _refusal(part: str) -> str:
    """What a hand the kernel refused holds that the kernel leaves to Python (the known
    kinds; "?" for another)."""
    if re.search(r"^\*\*\* (?:FIRST|SECOND|THIRD) |^Hand was run", part, re.MULTILINE):
        return "run more than once"
    head = part.split("\n", 1)[0]
    return f"game: {head[:60]!r}"


def _pokerkit_replays(text: str) -> bool:
    """Whether pokerkit replays the PHH hand to its end (it refuses a few legal hands)."""
    try:
        pokerkit_replay([text])
    except ValueError:
        return False
    return True


def why() -> None:
    """Per sample file: where its hands are read and replayed, and why (see the docstring)."""
    from collections import Counter

    from showdown.phh.corpus.batches import _kernel_results, kernel_shapes
    from showdown.phh.rooms.fast import NATIVE_ROOMS, native_hands

    shapes = kernel_shapes()
    for path in sorted(ROOMS.iterdir()):
        text = open_text(path.read_bytes())
        room = detect(text)
        assert room is not None, path
        parts = split_hands(text, room)
        fast = native_hands(parts, room) or [None] * len(parts)
        reasons: Counter[str] = Counter()
        for part, done in zip(parts, fast, strict=True):
            if room not in NATIVE_ROOMS:
                reasons["python: no C reader for this room"] += 1
            elif done is None:
                reasons[f"python: the kernel refused ({_refusal(part)})"] += 1
            else:
                reasons["kernel"] += 1
        hands = [h for h in read_hands(text, room, str(path)) if isinstance(h, HandHistory)]
        replays: Counter[str] = Counter()
        for h, result in zip(hands, _kernel_results(hands), strict=True):
            if h.fields["variant"] not in shapes:
                replays[f"engine: game {h.fields['variant']}"] += 1
            elif result is None:
                replays["engine: the kernel refused"] += 1
            else:
                replays["kernel"] += 1
        print(f"{path.name} ({len(parts)} hands)")
        print("  read:   " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
        print("  replay: " + ", ".join(f"{k} {v}" for k, v in replays.most_common()))


def whole_only(copies: int, rounds: int, without: tuple[str, ...] = ()) -> None:
    """The whole path alone, best and median, wall and this thread's CPU time: quick to run
    from two checkouts in turn (``PYTHONPATH=<other checkout>/src``) to see what a change
    gains under the same load."""
    import showdown

    texts = room_texts(copies, without)
    total = whole(texts)  # warm: the kernel's tables, the caches
    wall, cpu = interleaved_cpu_times({"whole": lambda: whole(texts)}, rounds)
    print(f"{showdown.__file__}: {total} hands; {machine_load() or 'machine: idle'}")
    for name, times in (("wall", wall["whole"]), ("CPU", cpu["whole"])):
        best, median = best_median(total, times)
        print(f"  read+replay+verify ({name}): best {format_rate(best)}, "
              f"median {format_rate(median)}")


def contender(key: str, copies: int) -> Callable[[], int]:
    """The timed call of one contender (``--contender KEY``), its data made beforehand."""
    texts = room_texts(copies)
    if key == "whole":
        return lambda: whole(texts)
    if key == "read":
        return lambda: sum(len(hands) for _, hands in read_all(texts))
    read = read_all(texts)
    if key == "replay":
        return lambda: replay_only(read)
    if key == "pokerkit":
        warnings.simplefilter("ignore")  # pokerkit warns about folds it finds needless
        # pokerkit reads the standard's games run once (not _runout_count, not our codes)
        phh = [dumps(h) for _, hands in read for h in hands
               if RULES[h.fields["variant"]].standard and "_runout_count" not in h.fields]
        # nor a hand where the rules differ (a short big blind: see docs/hand-histories.md)
        phh = [text for text in phh if _pokerkit_replays(text)]
        return lambda: pokerkit_replay(phh)
    real = [(str(p), p.read_text()) for p in HANDHQ]
    total = sum(len(hands) for _, hands in read)
    real = real * max(1, total // max(1, handhq(real)))
    if key == "handhq":
        return lambda: handhq(real)
    if key == "pokerkit-handhq":
        warnings.simplefilter("ignore")
        return lambda: pokerkit_files(real)
    raise SystemExit(f"unknown contender {key!r}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--why", action="store_true",
                        help="print where each sample's hands are read and replayed, and why")
    parser.add_argument("--whole-only", action="store_true",
                        help="time the whole path alone (to compare two checkouts in turn)")
    parser.add_argument("--without", action="append", default=[], metavar="SAMPLE",
                        help="with --whole-only: leave out this sample file (one an older "
                             "checkout cannot read); may be repeated")
    parser.add_argument("--contender", help=argparse.SUPPRESS)  # a child's one contender
    args = parser.parse_args()
    if args.contender:
        serve_rounds(contender(args.contender, args.copies))
        return 0
    if args.why:
        why()
        return 0
    if args.whole_only:
        whole_only(args.copies, args.rounds, tuple(args.without))
        return 0
    keys = {
        "showdown read+replay+verify": "whole",
        "showdown read only": "read",
        "showdown replay+verify only": "replay",
        "pokerkit replay of the PHH": "pokerkit",
        "showdown, real HandHQ PHH": "handhq",
        "pokerkit, real HandHQ PHH": "pokerkit-handhq",
    }
    counts, times, cpu = interleaved_processes(
        {name: [__file__, "--contender", key, "--copies", str(args.copies)]
         for name, key in keys.items()}, rounds=args.rounds)
    total = counts["showdown read+replay+verify"]
    print(f"hands: {total} ({args.copies} copies of the {total // args.copies} hands of "
          f"{len(list(ROOMS.iterdir()))} files in tests/data/rooms; pokerkit replays the "
          f"{counts['pokerkit replay of the PHH']} it can read)")
    print(f"real HandHQ PHH: {counts['showdown, real HandHQ PHH']} hands (the "
          f"{len(HANDHQ)} files of tests/data read over and over); each contender in a "
          "process of its own, the rounds taking turns")
    load = machine_load()
    rooms = [name for name in keys if "HandHQ" not in name]
    for title, measured in (("wall time", times),
                            ("the contender's thread CPU time (what load does not change)",
                             cpu)):
        print_table(f"rooms' files ({title})", [
            Result.from_times(name, counts[name], measured[name]) for name in rooms
        ], ours=["showdown read+replay+verify"])
        print_table(f"real HandHQ PHH ({title})", [
            Result.from_times(name, counts[name], measured[name])
            for name in keys if "HandHQ" in name
        ], ours=["showdown, real HandHQ PHH"])
    texts = room_texts(args.copies)
    whole(texts)  # warm: the kernel's tables, the caches
    per_room = {}
    for room, text, hands in texts:
        entry = [(room, text, hands)]
        per_room[f"{room}"] = per_room.get(room, []) + entry
    room_wall, room_cpu = interleaved_cpu_times(
        {room: (lambda e=entry: whole(e)) for room, entry in per_room.items()},
        rounds=args.rounds)
    for title, measured in (("wall time", room_wall), ("thread CPU time", room_cpu)):
        print_table(f"read+replay+verify by room ({title})", [
            Result.from_times(room, sum(h for _, _, h in per_room[room]), t)
            for room, t in measured.items()
        ], ours=[])
    print(f"\nmachine: {load or 'idle'}; python {sys.version.split()[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
