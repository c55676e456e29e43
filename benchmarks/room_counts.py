"""Per room: the hands a corpus holds, the hands ``showdown replay`` reads, every refusal by reason.

Run: ``.venv/bin/python benchmarks/room_counts.py PATH... [--examples N] [--files]``

A corpus of rooms' files (a folder, searched recursively, or files) is counted twice,
independently:

- **found**: this script's own splitter decodes each file's bytes (UTF-16 by its BOM or its
  NUL bytes, else UTF-8 with bad bytes replaced; BOMs in the middle dropped) and counts the
  lines that open a hand in each room's own words (``PokerStars Hand #``, ``Poker Hand #``,
  ``<game gamecode=``, ``Game started at:``...), rooms the library does not read included;
  it shares no code with ``showdown``;
- **read**: ``showdown replay PATH... --json --keep-going`` runs as a user would run it; its
  JSON rows are counted per room (the row's ``format``) and class, its ``error:`` lines per
  reason (numbers, names and quoted text taken out so that alike reasons group).

Then, per room: found, rows (and the share of found), refused hands by reason, and
``unaccounted``: hands found that are neither a row nor an ``error:`` line naming them (a
hand lost in silence, or the splitter and the reader disagreeing on where hands are). Files
the replay skips or refuses whole are listed by reason. Nothing is timed.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

#: The line that opens a hand, per room, in that room's own words (independent of the
#: library's readers). The order matters: the first pattern a line matches names its room.
HEADS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (room, re.compile(pattern))
    for room, pattern in (
        ("pokerstars", r"^PokerStars (?:Zoom |Home Game |Home Game Hand|Hand|Game)"),
        ("ggpoker", r"^Poker Hand #"),
        ("fulltilt", r"^Full ?Tilt ?Poker"),
        ("winamax", r"^Winamax Poker - "),
        ("888", r"^\*{5} (?:888|Cassava|Pacific)"),
        ("partypoker", r"^\*{5} Hand History [Ff]or Game|^Game #\d+ starts\.$"),
        ("ipoker", r"<game gamecode="),
        ("sealswithclubs", r"^Hand #\d+-\d+ - "),
        ("wpn", r"^Game Hand #|^Hand #\d+ - |^Game started at:"),
        ("bovada", r"(?:Bovada|Ignition|Bodog(?:\.com|\.eu| UK)?) (?:Hand|Poker Game) #"),
        ("betonline", r"^BetOnline Poker Game #"),
        # rooms the library does not read: counted so that a corpus's share is honest
        ("absolute/ub", r"^Stage #"),
        ("ongame", r"^\*{5} History for hand"),
        ("betfair", r"^\*{5} Betfair Poker Hand History"),
        ("pkr", r"^Starting Hand #"),
        ("everleaf", r"^Everleaf Gaming Game #"),
        ("entraction", r"^Game # \d+ - "),
        ("enet", r"^Game #\d+: "),
        ("kingsclub", r"^#\d+: "),
        ("microgaming", r"<Game hhversion="),
        ("boss", r"<HISTORY ID="),
    )
)
#: The number of the hand on its opening line (and the next few), to match an error.
_NUMBER = re.compile(r"(?:#|gamecode=\"|Game ID: |ID=\")\s*([A-Z]*\d[\w-]*)")
_ERROR = re.compile(r"^error: (.*?)(?:, hand (\S+?))?: (.*)$")
_SKIPPED = re.compile(r"^skipped: (.*?): (.*)$")
_QUOTED = re.compile(r"(?<![A-Za-z])'[^'\n]*'(?![A-Za-z])|\"[^\"\n]*\"")
_NUMBERS = re.compile(r"\d+(?:[.,]\d+)*")


def decode(data: bytes) -> str:
    """A file's text, decoded without the library: BOMs, UTF-16, bad bytes replaced."""
    if data[:2] == b"\x1f\x8b":
        import gzip

        data = gzip.decompress(data)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = data.decode("utf-16", errors="replace")
    elif len(data) > 1 and data[1:200:2].count(0) > 40:
        text = data.decode("utf-16-le", errors="replace")
    elif len(data) > 1 and data[0:200:2].count(0) > 40:
        text = data.decode("utf-16-be", errors="replace")
    else:
        text = data.decode("utf-8", errors="replace")
    return text.replace("\ufeff", "").replace("\r\n", "\n").replace("\r", "\n")


def hands_found(text: str) -> list[tuple[str, str | None]]:
    """(room, hand number) of every hand of a text, by the rooms' opening lines (a
    tournament's summary is no hand, nor PartyPoker's head with no hand after it)."""
    found: list[tuple[str, str | None]] = []
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if "summary" in line.lower() or (  # PartyPoker's old head comes before its banner
                line.startswith("Game #") and line.endswith("starts.")
                and (any("Hand History" in later for later in lines[k + 1: k + 5])
                     or not any(later.strip() for later in lines[k + 1: k + 5]))):
            continue
        for room, head in HEADS:
            if head.search(line):
                window = " ".join(lines[max(0, k - 1): k + 2])
                m = _NUMBER.search(window)
                found.append((room, m.group(1) if m else None))
                break
    return found


def reason_of(message: str) -> str:
    """An error's reason with its particulars taken out, so that alike reasons group."""
    return _NUMBERS.sub("N", _QUOTED.sub("'X'", message)).strip()[:110]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument("--examples", type=int, default=1,
                        help="files named under each refusal reason (default 1)")
    parser.add_argument("--files", action="store_true", help="list every skipped file")
    args = parser.parse_args(argv)

    files = sorted(p for root in args.paths
                   for p in ([root] if root.is_file() else root.rglob("*")) if p.is_file())
    found: dict[str, int] = Counter()
    room_of_hand: dict[tuple[str, str], str] = {}
    room_of_file: dict[str, str] = {}
    found_in: dict[str, Counter[str]] = {}  # file -> room -> hands
    for path in files:
        hands = hands_found(decode(path.read_bytes()))
        rooms = Counter(room for room, _ in hands)
        found_in[str(path)] = rooms
        if rooms:
            room_of_file[str(path)] = rooms.most_common(1)[0][0]
        for room, number in hands:
            found[room] += 1
            if number is not None:
                room_of_hand[(str(path), number)] = room
    accounted: Counter[str] = Counter()  # file -> rows and refusals naming it

    run = subprocess.run([sys.executable, "-m", "showdown", "replay", *map(str, args.paths),
                          "--json", "--keep-going"], capture_output=True, text=True,
                         check=False)
    rows: dict[str, Counter[str]] = defaultdict(Counter)
    for line in run.stdout.splitlines():
        if line.startswith("{"):
            row = json.loads(line)
            rows[row.get("format") or "?"][row["class"] or "none"] += 1
            accounted[row["file"]] += 1
    refused: dict[str, Counter[str]] = defaultdict(Counter)
    examples: dict[tuple[str, str], list[str]] = defaultdict(list)
    skipped: Counter[str] = Counter()
    skipped_files: dict[str, list[str]] = defaultdict(list)
    others: list[str] = []
    for line in run.stderr.splitlines():
        m = _ERROR.match(line)
        skip = _SKIPPED.match(line) if m is None else None
        if skip is not None:  # a file the replay passed over, named with its reason
            file, message = skip.groups()
            hand = None
            message = f"(skipped) {message}"
        elif m is None:
            others.append(line)
            continue
        else:
            file, hand, message = m.groups()
        reason = reason_of(message)
        if hand is None:
            room = room_of_file.get(file)
            if room is None or not found.get(room):
                skipped[reason] += 1
                skipped_files[reason].append(file)
                continue
            hand_room = room
            whole = found_in[file][room] if file in found_in else 1
            refused[hand_room][f"(whole file) {reason}"] += whole
            accounted[file] += whole
            key = (hand_room, f"(whole file) {reason}")
        else:
            hand_room = room_of_hand.get((file, hand)) or room_of_file.get(file, "?")
            refused[hand_room][reason] += 1
            accounted[file] += 1
            key = (hand_room, reason)
        if len(examples[key]) < args.examples:
            examples[key].append(f"{file}" + (f" hand {hand}" if hand else ""))

    print(f"{len(files)} files; `showdown replay --keep-going` exit status {run.returncode}\n")
    print(f"{'room':<14} {'found':>7} {'rows':>7} {'share':>7} {'refused':>8} "
          f"{'unaccounted':>11}   rows by class")
    for room in sorted(set(found) | set(rows) | set(refused), key=lambda r: -found.get(r, 0)):
        n_rows = sum(rows[room].values())
        n_refused = sum(refused[room].values())
        share = f"{100 * n_rows / found[room]:.1f}%" if found.get(room) else "-"
        lost = found.get(room, 0) - n_rows - n_refused
        classes = ", ".join(f"{c} {k}" for c, k in rows[room].most_common())
        print(f"{room:<14} {found.get(room, 0):>7} {n_rows:>7} {share:>7} {n_refused:>8} "
              f"{lost:>11}   {classes}")
    for room in sorted((r for r in refused if refused[r]),
                       key=lambda r: -sum(refused[r].values())):
        print(f"\n{room}: refused")
        for reason, count in refused[room].most_common():
            print(f"  {count:>6}  {reason}")
            for example in examples[(room, reason)]:
                print(f"          e.g. {example}")
    unaccounted = sorted(((sum(rooms.values()) - accounted[file], file)
                          for file, rooms in found_in.items()
                          if sum(rooms.values()) != accounted[file]), reverse=True)
    if unaccounted:
        print("\nfiles whose hands found and hands accounted for (rows and refusals) differ:")
        for gap, file in unaccounted[: None if args.files else max(10, args.examples)]:
            print(f"  {gap:>+6}  {file} ({', '.join(found_in[file])})")
    if skipped:
        print("\nfiles skipped or refused whole (no hand of a room found in them):")
        for reason, count in skipped.most_common():
            print(f"  {count:>6}  {reason}")
            for file in skipped_files[reason][: None if args.files else args.examples]:
                print(f"          {file}")
    if others:
        print("\nother lines the replay printed:")
        for line in others[:20]:
            print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
