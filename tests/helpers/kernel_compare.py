"""What the replay kernel's tests compare: a settlement, whole, against the engine's.

>>> from showdown.phh.notation import loads
>>> h = loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
...           'starting_stacks = [100, 100]\\nactions = ["d dh p1 AcAd", "d dh p2 KcKd", "p2 f"]')
>>> outcome(reference(h))[:2]
([101, 99], [2, 0])
"""

from __future__ import annotations

from helpers.paths import ROOMS
from showdown.phh.corpus.batches import _kernel_results, settle_each
from showdown.phh.corpus.detect import detect
from showdown.phh.corpus.read import open_text, read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.settlement import Settlement, settle


def outcome(s: Settlement | HistoryError) -> tuple[object, ...]:
    """Everything a settlement says: the replay, every run's board, the table and the
    showdown (pots part by part, shares, order, ranks, its table)."""
    if isinstance(s, HistoryError):
        return ("error", str(s))
    r = s.replay
    got: tuple[object, ...] = (
        s.finishing, s.winnings, s.net, s.unknown, r.scale, r.starting, r.contributed,
        r.folded, r.mucked, r.holes, r.board, r.boards, r.last_aggressor, r.antes, r.partial,
        r.inferred, s.table,
    )
    sd = s.showdown
    if sd is not None:
        got += (sd.pots, sd.returned, sd.payouts, sd.showdown_order, sd.shown, sd.ranks,
                sd.table)
    return got


def reference(h: HandHistory) -> Settlement | HistoryError:
    """The engine and resolve, hand by hand (the kernel's reference)."""
    try:
        return settle(h)
    except HistoryError as exc:
        return exc


def kernel_share(hands: list[HandHistory]) -> float:
    """The share of the hands the kernel settled (or found a needed hand unknown in)."""
    results = _kernel_results(hands)
    return sum(r is not None for r in results) / max(1, len(results))


def assert_same(hands: list[HandHistory]) -> None:
    """The kernel's settlements of ``hands`` (in one call) are the engine's, hand by hand."""
    for h, s in zip(hands, settle_each(hands), strict=True):
        assert outcome(s) == outcome(reference(h)), h.fields




def room_hands(name: str, codes: tuple[str, ...]) -> list[HandHistory]:
    """The hands of the room sample ``name`` (in ``tests/data/rooms``) of the games ``codes``."""
    path = ROOMS / name
    text = open_text(path.read_bytes())
    room = detect(text)
    assert room is not None
    return [h for h in read_hands(text, room, str(path))
            if isinstance(h, HandHistory) and h.fields["variant"] in codes]
