"""The short exact path with ranges (showdown.odds.ranged_exact) against the general
path: the same floats, boards, note and estimate, on both backends, and the two backends
against each other (the same integer counts give the very same floats)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from showdown import equity
from showdown.cards import Card, CardError
from showdown.hands import native
from showdown.odds.ranged_exact import ranged_exact
from showdown.odds.result import EquityResult
from showdown.odds.seats import read_player_text

SLOW_FIXTURE = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
PARTS = ["AA", "KK", "QQ", "JJ", "TT", "99", "55", "AKs", "AKo", "AQs", "KQs", "T9s", "76s",
         "A5s", "KJo", "QJs"]  # fmt: skip


def read(text: str) -> tuple[str, object, object]:
    return read_player_text(text, "holdem", "pokerstove")


def general(players: list[str], board: str | None, dead: str | None, **kw: object) -> EquityResult:
    """The general path: a progress callback makes the short paths decline."""
    return equity(players, board=board, dead=dead, progress=lambda _: None, **kw)  # type: ignore[arg-type]


def same(ours: EquityResult | None, theirs: EquityResult) -> None:
    assert ours is not None  # the short path answered
    assert ours == theirs  # hands, the floats of equity, win and tie, boards
    assert (ours.note, ours.estimate) == (theirs.note, theirs.estimate)


def text(ids: list[int]) -> str:
    return "".join(str(Card.from_id(c)) for c in ids)


@st.composite
def jobs(draw: st.DrawFn) -> tuple[list[str], str, str | None]:
    """2 to 4 players, at least one a range (some weighted), maybe a fixed hand, on a
    flop, turn or river with maybe dead cards; the board often holds cards of the ranges."""
    cards = draw(st.permutations(range(52)))
    board = text(cards[: draw(st.sampled_from([3, 4, 5]))])
    at = len(board) // 2
    n_dead = draw(st.integers(0, 2))
    dead = text(cards[at : at + n_dead]) or None
    at += n_dead
    players = []
    for seat in range(draw(st.integers(2, 4))):
        if seat > 0 and draw(st.integers(0, 3)) == 0:
            players.append(text(cards[at : at + 2]))  # a fixed hand
            at += 2
            continue
        parts = draw(st.lists(st.sampled_from(PARTS), min_size=1, max_size=3, unique=True))
        weights = [draw(st.sampled_from(["", "", ":0.5", ":0.25"])) for _ in parts]
        players.append(",".join(p + w for p, w in zip(parts, weights, strict=True)))
    return players, board, dead


@settings(max_examples=40, deadline=None, suppress_health_check=SLOW_FIXTURE)
@given(job=jobs())
def test_the_same_result_as_the_general_path(
    backend: str, job: tuple[list[str], str, str | None]
) -> None:
    players, board, dead = job
    try:
        theirs = general(players, board, dead, exact=True, workers=1)
    except CardError:  # no deal fits, a card in two places: the short path declines
        assert ranged_exact(players, board, dead, 1, True, read) is None
        return
    lean = ranged_exact(players, board, dead, 1, True, read)
    if lean is None:  # declined: a range left with one combo, a job of several tasks
        return
    same(lean, theirs)
    same(equity(players, board=board, dead=dead, exact=True, workers=1), theirs)


@settings(max_examples=25, deadline=None, suppress_health_check=SLOW_FIXTURE)
@given(job=jobs())
def test_both_backends_give_the_same_floats(
    backend: str, job: tuple[list[str], str, str | None]
) -> None:
    """The backend's exact result (the kernel's counts on native) is numpy's, float for
    float, or the same error."""
    players, board, dead = job
    out = []
    for name in (backend, "numpy"):
        with native.use(name):
            try:
                out.append(equity(players, board=board, dead=dead, exact=True, workers=1))
            except CardError as exc:
                out.append(str(exc))  # type: ignore[arg-type]
    assert out[0] == out[1]


def test_ranges_on_a_flop(backend: str) -> None:
    """The benchmark's job, its combos on the board dropped: taken by the short path."""
    players = ["QQ+,AKs", "JJ-99,AQs+"]
    lean = ranged_exact(players, "Ts9s2h", None, 1, True, read)
    same(lean, general(players, "Ts9s2h", None, exact=True, workers=1))
    assert lean is not None and lean.boards == 384 * 990  # 384 deals (TT, 99 and AsKs... gone)
    on_board = ranged_exact(["QQ+,AKs", "JJ-99,AQs+"], "QsQhQd", None, 1, True, read)
    same(on_board, general(players, "QsQhQd", None, exact=True, workers=1))


def test_weighted_ranges_dead_cards_and_a_fixed_hand(backend: str) -> None:
    players = ["QQ+:0.5,AKs", "AhKh", "JJ-99:0.75,AQs+:0.25"]
    lean = ranged_exact(players, "Ts9s2h4c", "Qc", 2, None, read)
    same(lean, general(players, "Ts9s2h4c", "Qc", workers=2))


def test_what_it_declines(backend: str) -> None:
    # a range left with one combo becomes a fixed hand: the general path's rule
    assert ranged_exact(["AcAd", "AA"], "2h3s4d", None, 1, True, read) is None
    assert equity(["AcAd", "AA"], board="2h3s4d", exact=True).hands == ("AcAd", "AA")
    # a card in two places, bad text: the general path words the error
    assert ranged_exact(["AsAh", "KK"], "AsKd2c", None, 1, True, read) is None
    with pytest.raises(CardError, match="two places"):
        equity(["AsAh", "KK"], board="AsKd2c", exact=True)
    assert ranged_exact(["QQ+", "ZZ"], "Ts9s2h", None, 1, True, read) is None
    # preflop ranges on the numpy path take several tasks: the general path
    if native.current() == "numpy":
        assert ranged_exact(["QQ+", "JJ"], None, None, 1, True, read) is None


def test_preflop_ranges_on_the_kernel(backend: str) -> None:
    """Preflop ranges with a dead card: the kernel's short path gives the general path's
    result; on numpy the job takes several tasks, so the short path declines it."""
    players = ["AA", "KK,AKs:0.5", "QsJs"]
    lean = ranged_exact(players, None, "2c", 1, None, read)
    if backend == "native":
        same(lean, general(players, None, "2c", workers=1))
    else:
        assert lean is None
