"""Running totals past the kernel's amounts (each below 10**9 chips, held in billionths):
ten antes of $999,999,999, blinds posted again and again, a winner collecting ten times,
in each room's words. Where the kernel has a C reader, it bounds every total, not only
each amount, and leaves such a hand to the Python reader (which reads it as written: the
replay then names what is wrong), so both backends give the same hands and the same rows;
no total wraps (tests/kernel/test_rooms_sanitized.py checks that under the sanitizer). In
every room (those without a C reader too) the whole path gives a row or an error naming
the hand."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from helpers.backends import NO_KERNEL_INSTALL
from helpers.paths import ROOMS
from helpers.sanitized_fuzz import native_read_count, outcome_of
from showdown.hands import native
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.pool import replay_lines
from showdown.phh.corpus.read import open_text, read_hands, split_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.fast import NATIVE_ROOMS

needs_kernel = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")

#: (sample, the line after which the new ones go, the line written ``times`` times: {n} is
#: the amount): an ante ten times in each room's words, the forced bets and the winnings.
FLOODS = [
    ("pokerstars-cash-zoom.txt", "held: posts big blind", "held: posts the ante ${n}", 10),
    ("ggpoker-handwritten.txt", "Hero: posts the ante", "Hero: posts the ante {n}", 10),
    ("wpn-tournament.txt", "yaya12 posts ante", "yaya12 posts ante {n}.00", 10),
    ("fulltilt-tournament.txt", "idanuTz1 posts the big blind", "gamblie antes {n}", 10),
    ("winamax-tournament-big-blind-zero.txt", "maya6218 posts ante", "maya6218 posts ante {n}",
     10),
    ("888-tournament.txt", "Habelmannc posts ante", "Habelmannc posts ante [${n}]", 10),
    ("partypoker-cash-hu.txt", "CopyYou posts big blind", "CopyYou posts ante [${n} USD].", 10),
    ("ipoker-cash-hu.xml", 'no="2" type="2"',
     '      <action sum="€{n}" player="HAZERA586" no="2" type="15" cards="" />', 10),
    # a blind posted, then a raise to less than it (so what was spent goes down), again
    ("pokerstars-cash-zoom.txt", "held: posts big blind",
     "held: posts big blind ${n}\nheld: raises $1 to $1", 10),
    ("pokerstars-cash-zoom.txt", "held collected", "held collected ${n} from pot", 12),
    ("888-cash.txt", "Kostan88 posts big blind", "Kostan88 posts big blind [${n}]", 10),
]


def room_of(name: str) -> str | None:
    """The room of a sample."""
    return detect(open_text((ROOMS / name).read_bytes()))


#: The floods of the rooms the kernel has a C reader for.
KERNEL_FLOODS = [flood for flood in FLOODS if room_of(flood[0]) in NATIVE_ROOMS]


def hand_with(name: str, marker: str) -> tuple[str, str]:
    """The room of a sample and its first hand holding ``marker``."""
    text = open_text((ROOMS / name).read_bytes())
    room = detect(text)
    assert room is not None
    return room, next(part for part in split_hands(text, room) if marker in part)


def flooded(name: str, after: str, line: str, times: int, amount: str) -> tuple[str, str]:
    """The sample's first hand holding ``after``, with ``line`` (its amount ``amount``)
    written ``times`` times after the first line holding ``after``."""
    room, hand = hand_with(name, after)
    lines = hand.split("\n")
    at = next(k for k, text in enumerate(lines) if after in text)
    lines[at + 1:at + 1] = [line.format(n=amount)] * times
    return room, "\n".join(lines)


def _summary(hand: HandHistory | HistoryError) -> object:
    if isinstance(hand, HistoryError):
        return str(hand)
    return [(k, type(v).__name__, repr(v)) for k, v in hand.fields.items()]


@needs_kernel
@pytest.mark.parametrize(("name", "after", "line", "times"), KERNEL_FLOODS)
def test_a_total_past_the_bound_is_left_to_python(name: str, after: str, line: str,
                                                  times: int) -> None:
    room, small = flooded(name, after, line, times, "7")
    room, huge = flooded(name, after, line, times, "999999999")
    with native.use("native"):
        assert native_read_count(small, room) == 1  # the same shape, in bounds: the kernel's
        assert native_read_count(huge, room) == 0  # past the bound: Python's
    for text in (small, huge):
        with native.use("native"):
            fast = [_summary(h) for h in read_hands(text, room, "x")]
        with native.use("numpy"):
            slow = [_summary(h) for h in read_hands(text, room, "x")]
        assert fast == slow


@pytest.mark.parametrize(("name", "after", "line", "times"), FLOODS)
def test_the_whole_path_names_the_hand_on_both_backends(name: str, after: str, line: str,
                                                        times: int, tmp_path: Path) -> None:
    """Read, replayed, settled, verified: a row for the hand (a report, or an error that
    names it), the same with the kernel and without, never an exception."""
    room, huge = flooded(name, after, line, times, "999999999")
    path = tmp_path / ("hand.xml" if room == "ipoker" else "hand.txt")
    path.write_text(huge)
    rows = {}
    for backend in native.NAMES if not NO_KERNEL_INSTALL else ("numpy",):
        with native.use(backend):
            rows[backend] = outcome_of(lambda: list(replay_lines([path], workers=1)))
    for got in rows.values():
        assert isinstance(got, list) and len(got) == 1, got
        file, _, cls, error, _ = got[0]
        assert file == str(path)
        assert (cls is None) != (error is None)
        if error is not None:
            assert re.match(rf"{re.escape(str(path))}, hand \S+: ", error), error
    assert len({repr(v) for v in rows.values()}) == 1


@needs_kernel
@pytest.mark.parametrize("bounty", ["12345678.000000001", "99999999.123456789", "9007199.254740993",
                                    "148.95", "999999999.999999999"])
def test_amounts_with_nine_places_are_the_same_floats(bounty: str) -> None:
    """An amount whose billionths pass 2**53 (a double no longer holds them exactly) is the
    float Python's Decimal gives, correctly rounded, read by the kernel too."""
    room, hand = hand_with("pokerstars-cash-and-knockout.txt", "$148.95 bounty")
    text = hand.replace("$148.95 bounty", f"${bounty} bounty")
    with native.use("native"):
        assert native_read_count(text, room) == 1
        fast = [_summary(h) for h in read_hands(text, room, "x")]
    with native.use("numpy"):
        slow = [_summary(h) for h in read_hands(text, room, "x")]
    assert fast == slow
