"""Cap games (``_cap``): nobody puts more than the cap into a hand, so a player who
reaches it plays on as one all in although chips remain. The real PokerStars cap hand
run twice (HHSmithy/PokerHandHistoryParser, MIT) read by both readers, replayed and
settled by the engine and through the kernel's run; the engine's rule on hands written
as PHH."""

from __future__ import annotations

import pytest

from helpers.paths import ROOMS
from showdown.hands import native
from showdown.phh.corpus.batches import settle_each
from showdown.phh.corpus.read import read_file
from showdown.phh.engine import replay
from showdown.phh.errors import HistoryError, IllegalAction
from showdown.phh.notation import HandHistory, dumps, loads
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

CAP_RUN_TWICE = ROOMS / "pokerstars-cash-cap-run-twice.txt"


def _read(backend: str) -> HandHistory:
    with native.use(backend):
        _, [hand] = read_file(CAP_RUN_TWICE)
    assert isinstance(hand, HandHistory)
    return hand


def test_the_real_cap_hand_run_twice_reads_and_settles(backend: str) -> None:
    hand = _read(backend)
    f = hand.fields
    # "Hold'em No Limit ($2/$4 - $80 Cap -  USD)": both reach the cap preflop with
    # $433.06 and $156.39 behind; every street is run twice
    assert (f["variant"], f["min_bet"], f["_cap"], f["_runout_count"]) == ("NT", 4, 80, 2)
    assert [a for a in f["actions"] if a.startswith("d db")] == [
        "d db QdQs4h", "d db Ts", "d db 7s", "d db 6s8h6h", "d db Td", "d db 6c"]
    with native.use(backend):
        [s] = settle_each([hand])
        assert not isinstance(s, HistoryError)
        # $164 (the blinds, 80 and 80): a tie on both boards (AK each), $41 a run each
        assert s.showdown is not None
        assert [(p.amount, p.winners) for p in s.showdown.pots] == [
            (8200, (3, 6)), (8200, (3, 6))]
        assert s.finishing == [43306 - 8000 + 8200, 10294 - 400, 15000, 15639 - 8000 + 8200,
                               38596, 7898]  # in cents
        assert verify(s).cls == "rake"  # $40.30 collected four times: $2.80 rake
        again = settle(loads(dumps(hand)))  # _cap written back and read again
        assert again.finishing == s.finishing


def test_both_readers_agree_on_the_cap(backend: str) -> None:
    """The backend's reader (C on native) gives the Python reader's fields, the cap's
    among them."""
    fields = _read(backend).fields
    assert fields == _read("numpy").fields
    assert (fields["_cap"], fields["min_bet"], fields["_runout_count"]) == (80, 4, 2)


#: 1/2 blinds, a cap of 20 (10 big blinds): p3 raises to 6, p1 reaches the cap with a
#: raise of 14 (more than a full raise: to 10 would do), p3 calls and is capped too;
#: then the board comes without betting, as for players all in.
CAPPED = '''variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 50, 300]
{cap}actions = ["d dh p1 AcAd", "d dh p2 7h2d", "d dh p3 KcKd", "p3 cbr 6", "p1 cbr 20",
           "p2 f", "p3 cc", "d db 2c3c4d", "d db 9s", "d db Jh", "p1 sm AcAd", "p3 sm KcKd"]
'''


def test_a_capped_hand_runs_out_without_betting(backend: str) -> None:
    hand = loads(CAPPED.format(cap="_cap = 20\n"))
    with native.use(backend):
        [s] = settle_each([hand])
    assert not isinstance(s, HistoryError)
    # 42 in the pot: the aces win it; the chips above the cap were never in play
    assert s.finishing == [100 - 20 + 42, 48, 300 - 20]
    assert s.winnings == [42, 0, 0]


def test_without_the_cap_the_same_actions_break_the_dealing_order() -> None:
    with pytest.raises(IllegalAction, match="dealing order"):
        replay(loads(CAPPED.format(cap="")))


def test_a_capped_raise_short_of_a_full_raise_is_an_all_in_for_less() -> None:
    # p3 raises to 14 (a raise of 12); p1, capped at 20, may go to 20 although a full
    # raise is to 26, and p3 may only call: the short raise does not reopen the betting
    text = CAPPED.format(cap="_cap = 20\n").replace('"p3 cbr 6"', '"p3 cbr 14"')
    r = replay(loads(text))
    assert r.contributed == [20, 2, 20] and r.starting == [100, 50, 300]
    reraise = text.replace('"p3 cc"', '"p3 cbr 40"')
    with pytest.raises(IllegalAction):
        replay(loads(reraise))


def test_an_unknown_stack_plays_the_cap() -> None:
    text = CAPPED.format(cap="_cap = 20\n").replace("[100, 50, 300]", "[100, 50, inf]")
    s = settle(loads(text))
    assert s.finishing is not None and s.finishing[0] == 122
    assert s.replay.contributed == [20, 2, 20]


@pytest.mark.parametrize("cap", ["0", "-5", '"20"', "0.5"])
def test_a_bad_cap_is_named(cap: str) -> None:
    with pytest.raises(HistoryError, match="_cap"):
        replay(loads(CAPPED.format(cap=f"_cap = {cap}\n")))


def test_full_tilt_writes_its_cap_in_the_game(backend: str) -> None:
    # "Table Bri (6 max) - $0.25/$0.50 - $15 Cap No Limit Hold'em - 18:46:08 ET - ..."
    # (the game after the stakes); nobody reaches the cap in this hand
    with native.use(backend):
        _, [hand] = read_file(ROOMS / "fulltilt-cash-cap.txt")
        assert isinstance(hand, HandHistory)
        assert (hand.fields["variant"], hand.fields["min_bet"], hand.fields["_cap"]) == (
            "NT", 0.5, 15)
        [s] = settle_each([hand])
    assert not isinstance(s, HistoryError)
    assert verify(s).cls == "rake"  # "wins the pot ($7.40)" of $7.75, "Rake $0.35"
