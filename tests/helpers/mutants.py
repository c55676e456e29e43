"""Hand histories damaged as an attacker would damage them, from real files, the same
every run for a seed: byte flips, cut lines, halves of two hands joined, a line repeated
hundreds of times, huge numbers, long names, unbalanced brackets and quotes, NUL bytes,
invalid UTF-8, and amounts summed past any 64-bit total (a line that posts, bets or wins
nearly 10**9 repeated). The sanitizer's fuzz test (tests/kernel/test_rooms_sanitized.py)
runs them through the kernel's readers and replay and the Python ones.

>>> import random
>>> rng = random.Random(1)
>>> seeds = [Seed("pokerstars", "t.txt", b"Seat 1: Ann ($5 in chips)\\nAnn: posts the ante $1\\n")]
>>> found = mutant(rng, seeds)
>>> found.seed.room, isinstance(found.data, bytes), len(found.steps) >= 1
('pokerstars', True, True)
>>> mutant(random.Random(1), seeds).data == found.data  # the same for the same seed
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, split_hands
from showdown.phh.errors import HistoryError

__all__ = ["HUGE", "MUTATIONS", "Mutant", "Seed", "mutant", "phh_seeds", "room_seeds"]


@dataclass(frozen=True)
class Seed:
    """A piece of a real file to damage: its room (or ``phh``/``phhs``), the suffix of a
    file holding it, and its bytes (UTF-8)."""

    room: str
    suffix: str
    data: bytes


@dataclass(frozen=True)
class Mutant:
    """A damaged piece: the seed it came from, the names of the damages done, the bytes."""

    seed: Seed
    steps: tuple[str, ...]
    data: bytes


#: Numbers no reader should take at face value: past 10**9 chips, past 64 bits, floats
#: past any amount, more digits than any buffer, more decimal places than the kernel
#: counts, and amounts just below the kernel's bound (summed, they pass it).
HUGE = [b"999999999", b"999999999.99", b"999999999999", b"9223372036854775807",
        b"9223372036854775808", b"18446744073709551616", b"1e308", b"1E400", b"9" * 400,
        b"0.0000000001", b"12345678.000000001", b"99999999.123456789", b"-5", b"inf", b"nan",
        b"1,000,000,000,000", b"00:00:09", b"4294967296", b"2147483648"]
_NUMBER = re.compile(rb"\d[\d,]*(?:\.\d+)?")
_BRACKETS = [b"[", b"]", b"(", b")", b"\"", b"'", b"<", b">", b"{", b"}", b"[[", b"]]",
             b"<session>", b"</game>", b"\"\"\"", b"'''"]
_BAD_BYTES = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xe2\x82", b"\xf0\x9f", b"\xc0\xaf",
              b"\xef\xbb\xbf", b"\xfe\xff", b"\r", b"\x85", b"\xc2\xa0"]


def room_seeds(folder: Path) -> list[Seed]:
    """Every hand of every room's file under ``folder``, alone and with the hand after it."""
    out: list[Seed] = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        try:
            text = open_text(path.read_bytes())
        except HistoryError:  # a file that is no text (a broken gzip)
            continue
        room = detect(text)
        if room is None or room in ("phh", "phhs"):
            continue
        suffix = ".xml" if room == "ipoker" else ".txt"
        parts = split_hands(text, room)
        for k, part in enumerate(parts):
            out.append(Seed(room, suffix, part.encode()))
            if k + 1 < len(parts):
                out.append(Seed(room, suffix, (part + parts[k + 1]).encode()))
    return out


def phh_seeds(files: list[Path]) -> list[Seed]:
    """Every ``.phh`` file whole, and every hand of a ``.phhs`` file (its ``[name]``
    section) alone and in pairs."""
    out: list[Seed] = []
    for path in files:
        data = path.read_bytes()
        if path.suffix == ".phh":
            out.append(Seed("phh", ".phh", data))
            continue
        starts = [m.start() for m in re.finditer(rb"^\[", data, re.MULTILINE)] + [len(data)]
        for a, b, c in zip(starts, starts[1:], [*starts[2:], len(data)], strict=False):
            out.append(Seed("phhs", ".phhs", data[a:b]))
            out.append(Seed("phhs", ".phhs", data[a:c]))
    return out


def _at(rng: random.Random, data: bytes) -> int:
    return rng.randrange(len(data) + 1)


def _insert(rng: random.Random, data: bytes, pieces: list[bytes], most: int) -> bytes:
    for _ in range(rng.randint(1, most)):
        k = _at(rng, data)
        data = data[:k] + rng.choice(pieces) + data[k:]
    return data


def _flip(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """A few bytes changed: one bit, or any byte."""
    if not data:
        return data
    b = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        k = rng.randrange(len(b))
        b[k] = b[k] ^ (1 << rng.randrange(8)) if rng.random() < 0.5 else rng.randrange(256)
    return bytes(b)


def _cut(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """Lines cut short, dropped, or the text cut anywhere."""
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 4)):
        if len(lines) < 2:
            break
        i = rng.randrange(len(lines))
        if rng.random() < 0.5:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        else:
            del lines[i]
    out = b"\n".join(lines)
    return out[: _at(rng, out)] if rng.random() < 0.2 else out


def _splice(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """The first lines of this hand and the last ones of another (of any room)."""
    other = rng.choice(seeds).data
    a, b = data.split(b"\n"), other.split(b"\n")
    return b"\n".join(a[: rng.randrange(len(a) + 1)] + b[rng.randrange(len(b) + 1):])


def _repeat(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """A line written hundreds of times."""
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    lines[i:i + 1] = [lines[i]] * rng.choice([100, 257, 300, 600])
    return b"\n".join(lines)


def _huge(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """Some numbers made huge (or odd: a float, a sign, too many places)."""
    found = list(_NUMBER.finditer(data))
    if not found:
        return _insert(rng, data, HUGE, 2)
    for m in sorted(rng.sample(found, min(len(found), rng.randint(1, 4))),
                    key=lambda m: -m.start()):
        data = data[: m.start()] + rng.choice(HUGE) + data[m.end():]
    return data


def _sum_past(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """A line with an amount (a post, a bet, a win, a fee) made nearly 10**9 and repeated
    10 to 20 times: each amount is in bounds, their sum is past 64 bits in billionths."""
    lines = data.split(b"\n")
    with_amount = [i for i, line in enumerate(lines) if _NUMBER.search(line)]
    if not with_amount:
        return data
    i = rng.choice(with_amount)
    numbers = list(_NUMBER.finditer(lines[i]))
    m = rng.choice(numbers)
    line = lines[i][: m.start()] + rng.choice([b"999999999", b"999,999,999.99"]) + \
        lines[i][m.end():]
    lines[i:i + 1] = [line] * rng.randint(10, 20)
    return b"\n".join(lines)


def _antes(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """Ten antes of $999999999 posted by a seated player, as each room writes an ante."""
    name = _a_name(data) or b"x"
    line = {"ipoker": b'<action no="0" player="%s" sum="999999999" type="15"/>',
            "888": b"%s posts ante [$999999999]", "partypoker": b"%s posts ante [$999999999]",
            }.get(room, b"%s: posts the ante $999999999") % name
    lines = data.split(b"\n")
    at = next((k + 1 for k in range(len(lines) - 1, -1, -1) if lines[k].startswith(b"Seat ")
               or b"<round" in lines[k]), 1)
    lines[at:at] = [line] * 10
    return b"\n".join(lines)


def _long_name(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """A player's name made 10,000 characters long, everywhere."""
    name = _a_name(data)
    long = b"x" + bytes(rng.choice(b"abcXYZ019 _") for _ in range(19)) * 526
    if not name:
        return _insert(rng, data, [long], 1)
    return data.replace(name, long)


def _brackets(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """Brackets, parentheses, quotes and tags put in, or taken out."""
    if rng.random() < 0.3:
        for _ in range(rng.randint(1, 4)):
            spots = [k for k, c in enumerate(data) if c in b"[]()\"'<>"]
            if spots:
                k = rng.choice(spots)
                data = data[:k] + data[k + 1:]
        return data
    if rng.random() < 0.1:  # nested deep
        k = _at(rng, data)
        depth = rng.choice([100, 1000])
        return data[:k] + b"[" * depth + b"1" + b"]" * depth + data[k:]
    return _insert(rng, data, _BRACKETS, 5)


def _nul(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    return _insert(rng, data, [b"\x00", b"\x00\x00", b"\x01", b"\x7f", b"\x1b"], 4)


def _bad_utf8(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    return _insert(rng, data, _BAD_BYTES, 4)


#: Amounts a room writes, odd but plausible: the readers must read them alike.
_PLAUSIBLE = [b"0", b"7", b"12.5", b"0,25", b"1.234,50", b"1,000", b"3.", b"123456", b"2.10",
              b"0.01", b"45", b"100000", b"999999", b"5.5.5", b"1,2,3"]
#: Names with spaces, colons, brackets, dollars and letters outside ASCII.
_NAMES = [b"Ana Maria", b"Bo: x", b"[Cy]", b"D\xc3\xa9 (2)", b"x y z", b"Seat 3", b"e:",
          b"Zo\xc3\xab", b"a  b", b"Mr. $5", b"Q [Ah Kd]", b"folds", b"Dealt to", b"***"]


def _amounts(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """Some amounts changed to others a room might write (decimal commas, thousands)."""
    def change(m: re.Match[bytes]) -> bytes:
        if rng.random() > 0.25:
            return m.group()
        return rng.choice([*_PLAUSIBLE, m.group() + b"0", str(rng.randrange(10**6)).encode()])
    return _NUMBER.sub(change, data)


def _rename(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """A seated player renamed everywhere, to a name with spaces, colons or brackets."""
    name = _a_name(data)
    return data if name is None else data.replace(name, rng.choice(_NAMES))


def _shuffle(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """Lines swapped, or one written twice."""
    lines = data.split(b"\n")
    for _ in range(rng.randint(1, 3)):
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        if rng.random() < 0.5:
            lines[i], lines[j] = lines[j], lines[i]
        else:
            lines.insert(i, lines[j])
    return b"\n".join(lines)


#: TOML a hand history should not hold: a time for a number, arrays nested deep, numbers
#: past any amount, keys twice, escapes, tables inline, sections named again.
_TOML = [b"hand = 00:00:09", b"time = 25:61:61", b"antes = [[[[[[1]]]]]]", b"min_bet = 1e308",
         b"starting_stacks = [inf, -inf, nan]", b"min_bet = -2", b"antes = [0, 0", b"[1]",
         b"actions = ['p1 cbr 99999999999999999999', 'p2 cc']", b"min_bet = 0x10",
         b'players = ["a\\u0000b", "c"]', b"seats = [9223372036854775807, 1]",
         b"blinds_or_straddles = {a = 1}", b"variant = 'NT'", b"_runout_count = 99999",
         b"_cap = 1e-400", b"min_bet = 1_000", b"[[1]]", b"x = '''", b'"" = 1']


def _toml(rng: random.Random, data: bytes, room: str, seeds: list[Seed]) -> bytes:
    """A line of odd TOML put in, or one of the hand's values changed to its value."""
    lines = data.split(b"\n")
    i = rng.randrange(len(lines) + 1)
    line = rng.choice(_TOML)
    if rng.random() < 0.5 and i < len(lines) and b" = " in lines[i] and b" = " in line:
        lines[i] = lines[i].split(b" = ")[0] + b" = " + line.split(b" = ", 1)[1]
    else:
        lines.insert(i, line)
    return b"\n".join(lines)


def _a_name(data: bytes) -> bytes | None:
    """A seated player's name in a hand's text, if one is found."""
    for pattern in (rb"^Seat \d+: (.+?) \(", rb' name="([^"]+)"', rb"players = \['([^']+)'",
                    rb'players = \["([^"]+)"'):
        m = re.search(pattern, data, re.MULTILINE)
        if m:
            return m.group(1)
    return None


MUTATIONS: dict[str, Callable[[random.Random, bytes, str, list[Seed]], bytes]] = {
    "flip": _flip, "cut": _cut, "splice": _splice, "repeat": _repeat, "huge": _huge,
    "sum_past": _sum_past, "antes": _antes, "long_name": _long_name, "brackets": _brackets,
    "nul": _nul, "bad_utf8": _bad_utf8, "amounts": _amounts, "rename": _rename,
    "shuffle": _shuffle, "toml": _toml,
}
_KINDS = sorted(MUTATIONS)


def mutant(rng: random.Random, seeds: list[Seed]) -> Mutant:
    """One to three damages done to a seed drawn from ``seeds``."""
    seed = rng.choice(seeds)
    data = seed.data
    steps = tuple(rng.choice(_KINDS) for _ in range(rng.choice([1, 1, 1, 2, 2, 3])))
    for step in steps:
        data = MUTATIONS[step](rng, data, seed.room, seeds)
    return Mutant(seed, steps, data)
