"""The fast path (the native kernel's ``phh_settle``) answers exactly as the reference (the
engine and :func:`~showdown.pots.resolution.resolve`), or leaves the hand to it: on random legal and
broken hands in whole chips and in decimals (0.25, 3.50), with the metadata lines real
files carry (times, dates, seats, names, rake...), and on real HandHQ files.

With ``SHOWDOWN_BACKEND=numpy`` (and on the ``numpy`` run of the ``backend`` fixture)
both sides are the Python path: the comparisons still run, the kernel's share is not asked.
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from helpers.kernel_compare import assert_same, kernel_share, reference
from helpers.paths import DATA, ROOMS
from helpers.phh_cases import in_cents, in_decimals, random_case, vary, with_metadata
from showdown.hands import native as _backend
from showdown.phh.corpus.batches import _kernel_results, kernel_shapes, settle_each
from showdown.phh.corpus.chunks import batch_rows
from showdown.phh.corpus.reports import from_rows, report
from showdown.phh.errors import HistoryError
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory, dumps_all, loads_all
from showdown.phh.settlement import Settlement

pytestmark = pytest.mark.usefixtures("backend")

STUD = ("F7S", "F7S/8", "FR")
BLIND_BOARD = ("NT", "NS", "PO", "P5O", "FT", "FO/8", "PO/8", "P5O/8")
REAL = sorted(DATA.glob("handhq-*.phhs"))


def varied(rng: random.Random, code: str) -> HandHistory:
    """A random hand: whole chips or decimals, with or without metadata, legal or not."""
    return vary(rng, random_case(rng, code), (0.5, [1, 2, 2, 3]), metadata=0.6)


@pytest.mark.parametrize("code", BLIND_BOARD)
def test_random_hands_settle_exactly_as_the_reference(code: str) -> None:
    rng = random.Random(code)
    hands = [varied(rng, code) for _ in range(200)]
    assert_same(hands)


@settings(max_examples=120)
@given(st.integers(0, 2**32), st.sampled_from(BLIND_BOARD))
def test_any_random_hand_settles_as_the_reference(seed: int, code: str) -> None:
    rng = random.Random(seed)
    hands = [varied(rng, code) for _ in range(3)]
    assert_same(hands)
    reports = from_rows(batch_rows(hands, repair=False))  # the file's numbers, types included
    assert [repr(r.to_dict()) for r in reports] == [
        repr(report(h, h.label).to_dict()) for h in hands]


def test_the_kernel_takes_cash_hands() -> None:
    """Legal hands of the kernel's variants in dollars and cents, with metadata, real
    seat numbers and unknown stacks, are settled by the kernel, every one."""
    rng = random.Random(21)
    hands = []
    for _ in range(300):
        code = rng.choice(sorted(kernel_shapes()))
        # unknown cards shown, and draws: from the deck
        n = rng.randint(2, {"PO": 5, "P5O": 4, "N5CD": 5, "P5CD": 5, "F5CD": 5, "PO/8": 5,
                            "FO/8": 5, "FO": 5, "NO": 5, "NO/8": 5, "P5O/8": 4, "NS": 5,
                            "N2L1D": 5, "F2L3D": 3,
                            "FB": 4, "F7S": 7, "F7S/8": 7, "FR": 7}.get(code, 9))
        fields = header(code, [rng.choice([40, 250, 10_000, 12_345]) for _ in range(n)],
                        antes=[rng.choice([0, 0, 5])] * n)
        # (random_hand cannot show unknown cards after a draw: none in the draw games)
        # (nor in stud, whose cards come street by street)
        unknown = 0 if kernel_shapes()[code][5] or code in STUD else rng.choice([0, 0.5, 1])
        h = random_hand(rng, fields, unknown=unknown, fold=0.4, muck=rng.choice([0, 0.3]))
        h = with_metadata(rng, in_decimals(h, rng.choice([0, 1, 2]), pad=rng.random() < 0.5))
        hands.append(h)
    legal = [h for h in hands if not isinstance(reference(h), HistoryError)]
    assert len(legal) > 200
    assert_same(hands)
    if _backend.current() == "native":
        assert kernel_share(legal) == 1.0


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_real_handhq_files_settle_as_the_reference(path: Path) -> None:
    hands = loads_all(path.read_text(), str(path))
    assert_same(hands)
    reports = from_rows(batch_rows(hands, repair=False))
    assert [repr(r.to_dict()) for r in reports] == [
        repr(report(h, h.label).to_dict()) for h in hands]
    settled = list(map(reference, hands))
    assert not any(isinstance(s, HistoryError) for s in settled)
    # ipn [22]: the file's record ends mid-hand, a partial hand (the Python path's)
    legal = [h for h, s in zip(hands, settled, strict=True)
             if isinstance(s, Settlement) and s.replay.partial is None]
    assert len(legal) >= len(hands) - 1
    if _backend.current() == "native":
        assert kernel_share(legal) == 1.0


def test_written_and_read_back_decimal_hands_settle_as_the_reference() -> None:
    """Through the text: dumps_all, then the kernel's TOML reader (or tomllib)."""
    rng = random.Random(5)
    hands = [with_metadata(rng, in_cents(random_case(rng, "NT"))) for _ in range(60)]
    again = loads_all(dumps_all(hands))
    assert [h.fields for h in again] == [h.fields for h in hands]
    assert_same(again)


def test_unusual_hands_take_the_python_path() -> None:
    """Hands the kernel does not replay exactly go to the engine: a comment, seats out of
    clockwise order, too many decimal places, an unknown ante; a cap game's action past
    the cap."""
    rng = random.Random(4)
    h = random_hand(rng, header("NT", [50, 50, 50]))
    actions = h.fields["actions"]
    unusual = [
        h.with_fields(actions=[actions[0] + " # a note", *actions[1:]]),  # a comment
        h.with_fields(seats=[5, 2, 9]),  # seats not in clockwise order from p1
        h.with_fields(min_bet=2e-10),  # more than 9 decimal places: an error
        h.with_fields(antes=[0, 0, math.inf]),
    ]
    assert_same(unusual)
    if _backend.current() == "native":
        assert kernel_share(unusual) == 0.0
    legal = h.with_fields(actions=[
        "d dh p1 AcAd", "d dh p2 KcKd", "d dh p3 7h6h", "p3 cbr 20", "p1 cc", "p2 cc",
        "d db 2c3c4d", "p1 cbr 10", "p2 cc", "p3 cc", "d db 9s", "p1 cc", "p2 cc", "p3 cc",
        "d db Jh", "p1 cc", "p2 cc", "p3 cc"])
    capped = legal.with_fields(_cap=20)
    assert isinstance(reference(legal), Settlement)
    assert isinstance(reference(capped), HistoryError)  # all in at the cap: no bet left
    assert_same([capped])
    if _backend.current() == "native":
        assert _kernel_results([capped]) == [None]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), cap=st.sampled_from([1, 3, 10, 25, 49, 50, 80]),
       variant=st.sampled_from(["NT", "PO", "PO/8", "FT"]))
def test_cap_games_settle_in_the_kernel_as_the_engine(seed: int, cap: int, variant: str) -> None:
    """A cap game (``_cap``): the chips above the cap stay out of the hand (the finishing
    stacks include them), so a player at the cap plays on as one all in. Hands played
    under the cap replay in the kernel as in the engine; the same actions without the
    cap, a cap with more decimal places than the hand, or no cap at all (0, ``True``) are
    the engine's to settle or to name as errors."""
    rng = random.Random(seed)
    stacks = [rng.choice([30, 50, 100]) for _ in range(rng.choice([2, 3, 4]))]
    capped = random_hand(rng, header(variant, stacks, _cap=cap))
    assert_same([capped, capped.with_fields(_cap=cap + 0.5), capped.with_fields(_cap=0),
                 capped.with_fields(_cap=True), capped.with_fields(_cap=10**6)])
    if _backend.current() == "native":
        assert _kernel_results([capped]) != [None]


def test_unequal_antes_settle_in_the_kernel_as_the_reference() -> None:
    """Dead money (a dead blind written as one player's ante, antes some short stacks pay
    in part) is settled by the kernel as settlement._dead_antes settles it: placeholders
    holding the antes in the main pot, or the antes left in when a live player put in
    nothing more."""
    rng = random.Random(6)
    hands = []
    for _ in range(300):
        n = rng.randint(3, 9)
        stacks = [rng.choice([1, 2, 3, 7, 40, 100, 250]) for _ in range(n)]
        antes = [rng.choice([0, 0, 0, 1, 2, 5, 30]) for _ in range(n)]
        if not any(antes):
            antes[rng.randrange(n)] = 3
        code = rng.choice(["NT", "PO", "FT"])
        hands.append(random_hand(rng, header(code, stacks, antes=antes), unknown=0,
                                 fold=rng.choice([0.1, 0.3, 0.6]), muck=rng.choice([0, 0.3])))
    assert_same(hands)
    reports = from_rows(batch_rows(hands, repair=False))
    assert [repr(r.to_dict()) for r in reports] == [
        repr(report(h, h.label).to_dict()) for h in hands]
    if _backend.current() == "native":
        assert kernel_share(hands) > 0.5


def test_partial_hands_replay_in_the_kernel_as_the_reference() -> None:
    """Hands whose actions stop before the end (the standard allows it: 'partial') are
    replayed by the kernel as far as written, what comes next said as the engine says it
    (a player to act, board cards or hole cards to deal), and not settled."""
    rng = random.Random(8)
    hands = []
    for _ in range(300):
        whole = varied(rng, rng.choice(["NT", "PO", "FT"]))
        actions = whole.fields["actions"]
        hands.append(whole.with_fields(actions=actions[: rng.randrange(len(actions) + 1)]))
    assert_same(hands)
    settled = [s for s in settle_each(hands) if not isinstance(s, HistoryError)]
    texts = [s.replay.partial for s in settled if s.replay.partial]
    kinds = {"act" if t.endswith(" to act") else "board" if " board card(s) to deal" in t
             else t for t in texts}
    assert kinds == {"act", "board", "hole cards to deal"}
    reports = from_rows(batch_rows(hands, repair=False))
    assert [repr(r.to_dict()) for r in reports] == [
        repr(report(h, h.label).to_dict()) for h in hands]
    if _backend.current() == "native":
        assert kernel_share(hands) > 0.5


def test_a_check_nobody_needs_dropped_settles_as_the_reference() -> None:
    """The engine's 'nothing to decide' rule (a round whose players still to act have
    matched the bet, with no two live players with chips, ends before board cards or a
    show): a check written just before them dropped, on short stacks where the rule
    matters and elsewhere (where dropping it is an error both paths must report)."""
    rng = random.Random(31)
    hands, mutated = [], []
    for _ in range(1500):
        code = rng.choice(["NT", "PO", "FT"])
        n = rng.randint(2, 5)
        stacks = [rng.choice([1, 2, 3, 5, 40, 100]) for _ in range(n)]
        h = random_hand(rng, header(code, stacks), unknown=0, fold=rng.choice([0.1, 0.3]),
                        muck=0)
        actions = h.fields["actions"]
        before = [k for k in range(len(actions) - 1) if actions[k].endswith(" cc")
                  and (actions[k + 1].startswith("d db") or " sm" in actions[k + 1])]
        if before:
            k = rng.choice(before)
            h = h.with_fields(actions=actions[:k] + actions[k + 1:])
            mutated.append(h)
        hands.append(h)
    assert_same(hands)
    dropped = [h for h in mutated if not isinstance(reference(h), HistoryError)]
    assert len(dropped) > 15 and len(dropped) < len(mutated)  # the rule matters, both ways
    if _backend.current() == "native":
        assert kernel_share(dropped) == 1.0


ROOM_SAMPLES = sorted(ROOMS.iterdir())


@pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")
@pytest.mark.parametrize("path", ROOM_SAMPLES, ids=lambda p: p.name)
def test_room_samples_report_the_same_with_and_without_the_kernel(path: Path) -> None:
    """A room's file as ``showdown replay`` reports it (read, replayed, settled, verified:
    ``corpus.run_units``), every hand read and replayed by the kernel where it can (cash drops,
    a card shown alone, bounties, ACR's layout, hands run twice, draw games read in C) and
    by the Python readers and engine alone: the same reports."""
    from showdown.phh.corpus.chunks import run_units
    from showdown.phh.corpus.read import open_text, split_rooms

    units = [(path.name, "room", room, parts)
             for room, parts in split_rooms(open_text(path.read_bytes()))]
    assert units
    rows = {}
    for backend in ("native", "numpy"):
        with _backend.use(backend):
            rows[backend] = [repr(r.to_dict()) for r in from_rows(run_units(units))]
    assert rows["native"] == rows["numpy"]
    assert len(rows["native"]) >= 1
