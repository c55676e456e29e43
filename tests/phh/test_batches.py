"""Hands settled in a run (the native kernel's replay and settlement) answer exactly as
hand by hand (the engine and resolve): on random legal and broken hands, both backends."""

from __future__ import annotations

import random
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.kernel_compare import outcome, reference
from helpers.phh_cases import broken, random_case
from showdown.hands import native as _backend
from showdown.phh.corpus.batches import settle_all, settle_each
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory, dumps_all, loads_all, toml_reader
from showdown.phh.settlement import Settlement, to_table
from showdown.pots.resolution import resolve

pytestmark = pytest.mark.usefixtures("backend")


def everyday(rng: random.Random, code: str) -> HandHistory:
    """A hand the kernel takes: known cards, equal antes, sometimes real seat numbers."""
    n = rng.randint(2, 10)
    stacks = [rng.choice([7, 40, 100, 250, 10_000]) for _ in range(n)]  # antes paid in full
    fields = header(code, stacks, antes=[rng.choice([0, 0, 1, 5])] * n)
    if rng.random() < 0.4:
        fields["seats"] = sorted(rng.sample(range(1, 13), n))
    if rng.random() < 0.2 and n > 3:
        fields["blinds_or_straddles"] = [1, 2, 4] + [0] * (n - 3)
    return random_hand(rng, fields, fold=rng.choice([0.1, 0.3, 0.6]),
                       muck=rng.choice([0, 0.4]))


@pytest.mark.parametrize("seed", range(4))
def test_a_run_settles_every_hand_as_one_by_one(seed: int) -> None:
    rng = random.Random(seed)
    hands = []
    for _ in range(150):
        code = rng.choice(["NT", "FT", "PO", "NS", "FO/8"])
        h = random_case(rng, code) if rng.random() < 0.5 else everyday(rng, code)
        if rng.random() < 0.35:
            h = broken(rng, h)
        h.name = str(len(hands) + 1)
        hands.append(h)
    run = settle_each(hands)
    for h, s in zip(hands, run, strict=True):
        assert outcome(s) == outcome(reference(h)), h.fields


def test_the_kernel_takes_everyday_hands_and_matches_resolve() -> None:
    rng = random.Random(7)
    hands = [everyday(rng, rng.choice(["NT", "FT", "PO"])) for _ in range(300)]
    run = settle_all(hands)
    if _backend.current() == "native":  # every one of them went through the kernel
        assert all(s.parts is not None for s in run)
    for s in run:
        sd = s.showdown
        assert sd is not None and s.finishing is not None
        ref = resolve(to_table(s.replay))
        assert (sd.pots, sd.returned, sd.payouts, sd.showdown_order, sd.shown, sd.ranks) == (
            ref.pots, ref.returned, ref.payouts, ref.showdown_order, ref.shown, ref.ranks)
        assert sum(s.finishing) == sum(s.replay.starting)


def test_split_pots_side_pots_and_odd_chips_by_hand() -> None:
    text = '''[1]
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [15, 100, 100]
seats = [2, 5, 9]
actions = ["d dh p1 AcKd", "d dh p2 AhKc", "d dh p3 7h6h", "p3 cbr 40", "p1 cc", "p2 cc",
  "d db 2c3c9d", "p2 cc", "p3 cc", "d db Jd", "p2 cc", "p3 cc", "d db Qs", "p2 cc", "p3 cc",
  "p2 sm AhKc", "p3 sm", "p1 sm AcKd"]
'''
    (s,) = settle_all(loads_all(text))
    sd = s.showdown
    assert sd is not None
    # main pot 45 split between seats 2 and 5 (odd chip to seat 2, left of the button 9);
    # the side pot 50 (seat 9 mucked) to seat 5
    assert [(p.amount, p.eligible, p.shares) for p in sd.pots] == [
        (45, (2, 5, 9), {2: 23, 5: 22}), (50, (5, 9), {5: 50})]
    assert s.finishing == [23, 132, 60] and sd.returned == {}
    # everyone checked the river: the first seat left of the button shows first
    assert sd.showdown_order == (2, 5, 9) and sd.shown == (2, 5)


def test_unusual_hands_take_the_python_path() -> None:
    rng = random.Random(3)
    h = everyday(rng, "NT")
    unusual = [
        h.with_fields(actions=[*h.fields["actions"][:-1], h.fields["actions"][-1] + " # x"]),
        h.with_fields(seats=list(range(h.player_count, 0, -1))),
        h.with_fields(variant="F7S"),
    ]
    for u in unusual:
        assert outcome(settle_each([u])[0]) == outcome(reference(u))


KEY = st.from_regex(r"[A-Za-z0-9_-]{1,6}", fullmatch=True)
ATOM = st.one_of(
    st.integers(-(10**20), 10**20).map(str),
    st.decimals(min_value=-1000, max_value=1000, places=3, allow_nan=False).map(str),
    st.sampled_from(["true", "false", "inf", "-inf", "+inf", "nan", "infinity", "1e3", "01",
                     "1.", ".5", "+1", "-0", "0x1", "00:00:09", "23:59:59.5", "7:00:00",
                     "24:00:00", "12:60:00", "12:00", "12:00:00.", "12:00:00.1234567",
                     "2009-07-01", "00:00:09Z"]),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8).map(
        lambda t: f'"{t}"'),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8).map(
        lambda t: f"'{t}'"),
)
VALUE = st.one_of(ATOM, st.lists(ATOM, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
                  st.lists(ATOM, max_size=3).map(lambda xs: "[ " + " ,".join(xs) + ", ]"))
LINE = st.one_of(
    st.tuples(KEY, VALUE, st.sampled_from(["", "  # note", " #\t", "\r"])).map(
        lambda t: f"{t[0]} = {t[1]}{t[2]}"),
    KEY.map(lambda k: f"[{k}]"),
    st.sampled_from(["", "# comment", "  ", "[ x ]", "a.b = 1", "[[t]]", "x = [1,", "= 1"]),
)


@settings(max_examples=300)
@given(st.lists(LINE, max_size=8))
def test_kernel_reader_agrees_with_tomllib(lines: list[str]) -> None:
    text = "\n".join(lines)
    reader = toml_reader()
    if reader is None:  # the numpy backend: no kernel reader
        return
    got = reader(text)
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert got is None
        return
    assert got is None or got == expected


def test_kernel_reader_reads_written_corpora() -> None:
    rng = random.Random(5)
    text = dumps_all(everyday(rng, "NT") for _ in range(20))
    reader = toml_reader()
    if reader is not None:
        assert reader(text) == tomllib.loads(text)


def test_corpus_reports_of_a_run_are_those_of_one_by_one() -> None:
    from showdown.phh.corpus.chunks import batch_rows
    from showdown.phh.corpus.reports import from_rows, report

    rng = random.Random(11)
    hands = []
    for k in range(120):
        code = rng.choice(["NT", "FT", "PO"])
        h = everyday(rng, code) if k % 3 else broken(rng, everyday(rng, code))
        h.name = str(k + 1)
        s = reference(h)
        if isinstance(s, Settlement) and s.finishing is not None and k % 2:
            h.fields["finishing_stacks"] = s.finishing  # recorded: a match
        hands.append(h)
    run = from_rows(batch_rows(hands, repair=False))
    assert [r.to_dict() for r in run] == [report(h, h.label).to_dict() for h in hands]


def test_verify_all_is_verify_of_each() -> None:
    import gc

    from showdown.phh.corpus.batches import verify_all
    from showdown.phh.verification import verify

    rng = random.Random(13)
    run = settle_all([everyday(rng, "NT") for _ in range(30)])
    for s in run[::2]:
        assert s.finishing is not None
        s.replay.history.fields["finishing_stacks"] = [f + 1 for f in s.finishing]
    assert verify_all(run) == [verify(s) for s in run]
    assert gc.isenabled()  # the collector is back on after the run
