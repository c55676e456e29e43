"""What real PHH corpora showed (issue 21): shows repeated in an all-in runout, histories
that stop before the hand is over (``partial``), bet amounts only as digits, JSON that is
always JSON, ``"hand"`` always a string, a run that stops at its first bad hand, and a
folder with no hand histories. Each on both paths (the kernel and the engine) where the
kernel takes part.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.kernel_compare import outcome, reference
from helpers.paths import DATA
from showdown.commands.main import main
from showdown.hands import native as _backend
from showdown.phh.allin_ev import all_in_moment
from showdown.phh.corpus.batches import _kernel_results, settle_each
from showdown.phh.corpus.pool import replay_lines, replay_paths
from showdown.phh.corpus.reports import report
from showdown.phh.dealing import DEALING
from showdown.phh.engine import HandState, replay
from showdown.phh.errors import HistoryError, IllegalAction, MalformedHistory
from showdown.phh.generate import header, random_hand
from showdown.phh.notation import HandHistory, loads, loads_all
from showdown.phh.settlement import Settlement, settle
from showdown.phh.verification import verify

HEAD = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [{stacks}]
"""
DEAL = ["d dh p1 AcKd", "d dh p2 AhKc", "d dh p3 7h6h"]


def text(actions: list[str], stacks: str = "100, 100, 100", extra: str = "") -> str:
    return HEAD.format(stacks=stacks) + f"actions = {json.dumps(actions)}\n" + extra


def both_paths(source: str) -> tuple[Settlement | HistoryError, Settlement | HistoryError]:
    """The run's answer (the kernel where it takes the hand) and the engine's, hand by hand."""
    [h] = loads_all("[1]\n" + source)
    [run] = settle_each([h])
    try:
        alone: Settlement | HistoryError = settle(h)
    except HistoryError as exc:
        alone = exc
    return run, alone


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["replay", *argv])
    out, err = capsys.readouterr()
    return code, out, err


# 1. A player shows again during an all-in runout ------------------------------------------

RUNOUT = [*DEAL, "p3 f", "p1 cbr 100", "p2 cc", "p1 sm ????", "p2 sm ????", "d db 2c3c4d",
          "p1 sm ????", "p2 sm ????", "d db 9s", "p2 sm ????", "d db Jh", "p1 sm AcKd",
          "p2 sm AhKc"]


@pytest.mark.usefixtures("backend")
def test_shows_repeated_in_an_all_in_runout_are_accepted_on_both_paths() -> None:
    run, alone = both_paths(text(RUNOUT))
    assert isinstance(run, Settlement) and isinstance(alone, Settlement)
    assert run.finishing == alone.finishing == [100, 100, 100]  # AK against AK: split
    if _backend.current() == "native":
        assert _kernel_results(loads_all("[1]\n" + text(RUNOUT))) != [None]


@pytest.mark.usefixtures("backend")
def test_the_real_pokerstars_runout_settles_in_the_kernel() -> None:
    hands = loads_all((DATA / "handhq-ps-sample.phhs").read_text(), "ps")
    assert [type(s).__name__ for s in settle_each(hands)] == ["Settlement", "Settlement"]
    runout = settle_each(hands)[1]
    assert isinstance(runout, Settlement)
    assert runout.finishing == settle(hands[1]).finishing
    assert runout.finishing is not None and runout.finishing[8] == 9920  # KcAc flushes
    if _backend.current() == "native":
        assert None not in _kernel_results(hands)


@pytest.mark.parametrize("actions, why", [
    ([*DEAL, "p3 f", "p1 cbr 100", "p2 cc", "d db 2c3c4d", "d db 9s", "d db Jh", "p1 sm AcKd",
      "p2 sm"], None),  # p2 mucks, never having shown: fine
    ([*RUNOUT, "p1 sm"], "p1 already showed"),  # a muck after a show
    ([*DEAL, "p3 f", "p1 cbr 100", "p2 cc", "d db 2c3c4d", "d db 9s", "d db Jh", "p1 sm",
      "p1 sm AcKd"], "p1 already mucked"),
    ([*RUNOUT[:-1], "p2 sm AhKd"], "p2 was dealt AhKc, not Kd"),  # a show must agree
    ([*DEAL, "p3 f", "p1 cbr 50", "p2 sm ????"], "only when the betting is over"),
])
def test_what_a_repeated_show_may_not_do(actions: list[str], why: str | None) -> None:
    source = text(actions)
    if why is None:
        assert replay(loads(source)).mucked[1]
        return
    with pytest.raises(IllegalAction, match=why):
        replay(loads(source))
    run, _ = both_paths(source)
    assert isinstance(run, IllegalAction) and why in str(run)


# 2. Histories that stop before the hand is over ------------------------------------------

@pytest.mark.usefixtures("backend")
def test_a_history_that_stops_early_is_partial_not_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = text([*DEAL, "p3 cbr 6", "p1 cc"], extra="winnings = [0, 0, 0]\n")
    run, alone = both_paths(source)
    for s in (run, alone):
        assert isinstance(s, Settlement)
        assert s.replay.partial == "p2 to act" and s.finishing is None
        assert verify(s).cls == "partial"
    r = report(loads(source), "1")
    assert (r.cls, r.error, r.finishing_stacks, r.settlement) == ("partial", None, None, None)
    path = tmp_path / "early.phh"
    path.write_text(source)
    code, out, err = run_cli(capsys, str(path), "--check")
    assert code == 0 and err == ""
    assert "early.phh, hand 1: partial" in out and "mismatch 0, partial 1" in out
    # an illegal action before the end is still an error
    with pytest.raises(IllegalAction):
        replay(loads(text([*DEAL, "p3 cbr 6", "p2 cc"])))
    with pytest.raises(MalformedHistory, match="before the hand is over"):
        replay(loads(source), partial=False)


# 6, 9. Amounts are digits ------------------------------------------------------------------

@pytest.mark.usefixtures("backend")
@pytest.mark.parametrize("amount", ["1_0", "\uff16", "-5", "5.", ".5", "1e1", "0x10", "+6"])
def test_a_bet_amount_is_ascii_digits(amount: str) -> None:
    run, alone = both_paths(text([*DEAL, f"p3 cbr {amount}"]))
    for s in (run, alone):
        assert isinstance(s, IllegalAction) and s.rule == "action grammar", s
        assert f"{amount!r} is not an amount" in str(s)


def test_the_same_amounts_written_plainly_are_read() -> None:
    r = replay(loads(text([*DEAL, "p3 cbr 10", "p1 cbr 20.5", "p2 f", "p3 f"])))
    assert r.contributed == [205, 20, 100] and r.scale == 10


# 4. JSON is JSON ------------------------------------------------------------------------

def _strict(line: str) -> object:
    def refuse(name: str) -> object:
        raise AssertionError(f"{name} is not JSON")

    return json.loads(line, parse_constant=refuse)


def test_json_lines_never_hold_infinity_or_a_leaked_sentinel(tmp_path: Path) -> None:
    unknown = text([*DEAL, "p3 f", "p1 f"], stacks="inf, inf, 100",
                   extra="finishing_stacks = [inf, inf, 100]\n")
    path = tmp_path / "inf.phh"
    path.write_text(unknown)
    [(_, hand, cls, error, line)] = list(replay_lines([path]))
    row = _strict(line)
    assert isinstance(row, dict)
    assert (hand, cls, error) == ("1", "match", None)
    assert row["recorded"] == [None, None, 100] and row["finishing_stacks"] == [None, None, 100]
    huge = text([*DEAL, "p3 f", "p1 f"], stacks="1e30, 100, 100")
    with pytest.raises(MalformedHistory, match=r"amounts must be below 1e\+24 \(write inf"):
        replay(loads(huge))
    [r] = list(replay_paths([_write(tmp_path / "huge.phh", huge)]))
    assert r.error is not None and "starting_stacks" in r.error


def _write(path: Path, source: str) -> Path:
    path.write_text(source)
    return path


# 5. "hand" has one type -----------------------------------------------------------------

def test_the_hand_is_always_a_string(tmp_path: Path) -> None:
    one = _write(tmp_path / "one.phh", text([*DEAL, "p3 f", "p1 f"]))
    many = _write(tmp_path / "many.phhs", "[7]\n" + text([*DEAL, "p3 f", "p1 f"]))
    broken = _write(tmp_path / "broken.phh", "variant = ")
    hands = [_strict(line) for *_, line in replay_lines([one, many, broken])]
    assert [h["hand"] for h in hands] == ["1", "7", "1"]  # type: ignore[index]


# 3. The run stops at its first bad hand ----------------------------------------------------

@pytest.mark.parametrize("workers", [1, 2])
def test_without_keep_going_the_run_stops_at_the_first_bad_hand(
    tmp_path: Path, workers: int
) -> None:
    good = text([*DEAL, "p3 f", "p1 f"])
    bad = text([*DEAL, "p1 f"])
    path = tmp_path / "big.phhs"
    path.write_text("".join(f"[{k}]\n{bad if k == 2 else good}\n" for k in range(1, 3001)))
    stopped = list(replay_paths([path], workers=workers, chunk=100, stop=True))
    assert [r.hand for r in stopped] == ["1", "2"] and stopped[-1].error is not None
    lines = list(replay_lines([path], workers=workers, chunk=100, stop=True))
    assert [hand for _, hand, *_ in lines] == ["1", "2"]
    everything = list(replay_paths([path], workers=workers, chunk=100))
    assert len(everything) == 3000 and sum(r.error is not None for r in everything) == 1


def test_cli_error_in_the_first_hand_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.phhs"
    path.write_text("".join(f"[{k}]\n{text([*DEAL, 'p1 f'])}\n" for k in range(1, 50)))
    code, out, err = run_cli(capsys, str(path), "--json")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith(f"error: {path}, hand 1: action 3 'p1 f': breaks the turn order")


# The release issue: a folder with nothing to replay ---------------------------------------

def test_a_folder_without_hand_histories_is_an_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("no hands here")
    code, out, err = run_cli(capsys, str(tmp_path / "empty"))
    assert code == 2 and out == ""
    assert err == (f"skipped: {tmp_path / 'empty' / 'notes.txt'}: not a hand history: neither "
                   "PHH nor a known room's hands\n"
                   f"error: {tmp_path / 'empty'}: no hand histories in this folder\n")
    one = _write(tmp_path / "one.phh", text([*DEAL, "p3 f", "p1 f"]))
    code, out, err = run_cli(capsys, str(tmp_path / "empty"), str(one), "--keep-going", "--check")
    assert code == 1 and "Errors: 1" in out and err.count("error: ") == 1


@pytest.mark.usefixtures("backend")
@settings(max_examples=60)
@given(st.integers(0, 2**32))
def test_runout_shows_anywhere_settle_alike_on_both_paths(seed: int) -> None:
    """Random all-in hands with ``sm ????`` shows written at every card of the runout
    (as the HandHQ rooms write them): the kernel and the engine agree."""
    rng = random.Random(seed)
    for _ in range(200):
        h = random_hand(rng, header("NT", [rng.randint(3, 30) for _ in range(3)]), fold=0.1)
        moment = all_in_moment(settle(h).replay)
        if moment is not None:
            break
    else:
        return
    state = HandState.start(h)
    shown: list[str] = []
    for index, action in enumerate(h.fields["actions"]):
        state.apply(index, action)
        shown.append(action)
        # betting over for good, cards to come: anyone still in may show, again and again
        if state.phase == DEALING and state.live >= 2 and not state._more_betting():
            live = [i for i in range(state.n) if not state.folded[i]]
            shown.extend(f"p{i + 1} sm ????" for i in live if i == live[0] or rng.random() < 0.7)
    repeated = HandHistory(dict(h.fields, actions=shown))
    [run] = settle_each([repeated])
    assert len(shown) > len(h.fields["actions"])
    assert outcome(run) == outcome(reference(repeated)), shown
    assert isinstance(run, Settlement), run
    if _backend.current() == "native":  # the kernel settles them itself
        assert _kernel_results([repeated]) != [None]
