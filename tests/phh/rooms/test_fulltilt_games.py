"""Full Tilt's stud and draw games and its other layouts: handwritten hands modelled on
real ones (names and numbers changed), each read, replayed, settled and checked against
the room's amounts."""

from __future__ import annotations

import pytest

from helpers.paths import ROOMS
from showdown.phh.corpus.read import read_file, read_hands
from showdown.phh.errors import HistoryError
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.games import variant_of
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

_, _READ = read_file(ROOMS / "fulltilt-handwritten-games.txt")
HANDS = {str(h.fields["hand"]): h for h in _READ if isinstance(h, HandHistory)}


def test_every_hand_is_read_and_settles_to_the_room_amounts() -> None:
    assert len(HANDS) == len(_READ) == 3
    assert [verify(settle(h)).cls for h in HANDS.values()] == ["match", "rake", "match"]


@pytest.mark.parametrize(("game", "code"), [
    ("Limit Stud Hi", "F7S"), ("Limit Stud H/L", "F7S/8"), ("Limit Razz", "FR"),
    ("Limit 2-7 Triple Draw", "F2L3D"), ("No Limit 2-7 Single Draw", "N2L1D"),
    ("Limit Badugi", "FB"), ("FL Badugi", "FB"), ("PL 6 Card Omaha Hi", "P6O"),
    ("Limit Omaha H/L", "FO/8"), ("Pot Limit 5 Card Draw", "P5CD"),
])
def test_full_tilt_names_its_games_so(game: str, code: str) -> None:
    assert variant_of(game) == code


@pytest.mark.parametrize("game", ["No Limit Irish", "Limit A-5 Triple Draw", "Limit 5 Card Stud"])
def test_a_game_without_a_code_is_refused_by_its_name(game: str) -> None:
    text = (ROOMS / "fulltilt-handwritten-games.txt").read_text().replace(
        "Limit Stud Hi", game)
    error = read_hands(text, "fulltilt", "games.txt")[0]
    assert isinstance(error, HistoryError)
    assert f"the game {game!r} is not one the replay reads" in str(error)


def test_stud_third_street_holds_the_down_cards_then_the_up_card() -> None:
    """"Dealt to Hero [7d Kh] [Qs]", "*** 4TH STREET ***", "completes it to $2", and the
    chat ("Uma: gl all") left aside."""
    stud = HANDS["29700000001"]
    assert stud.fields["actions"][:6] == ["d dh p1 ????9c", "d dh p2 ????4d", "d dh p3 7dKhQs",
                                          "p2 pb", "p3 cbr 2", "p1 f"]
    assert stud.fields["actions"][6:10] == ["p2 cc", "d dh p2 8h", "d dh p3 Jc", "p3 cbr 2"]


def test_a_draw_title_with_the_pot_after_it_is_a_new_round() -> None:
    """"FullTiltPoker Game #..." and "*** FIRST DRAW *** (Pot: $0.45)"."""
    draw = HANDS["25300000001"]
    assert draw.fields["variant"] == "F2L3D"
    assert draw.fields["actions"][-3:] == ["p3 sd ??", "p2 cbr 0.2", "p3 f"]


def test_an_amount_before_a_comma_and_a_fold_only_the_summary_writes() -> None:
    """"raises to 1,270, and is all in"; Hero's fold, which the body leaves out, is the
    summary's "folded before the Flop"."""
    hand = HANDS["31490000001"]
    assert hand.fields["actions"][-3:] == ["p3 cbr 1270", "p1 f", "p2 f"]
    assert hand.fields["winnings"] == [0, 0, 75]
