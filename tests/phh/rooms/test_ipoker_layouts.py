"""iPoker's files as its clients wrote them in their languages and eras, handwritten in
the layout of real ones (fpdb-3's regression files, AGPL, not shipped; the file each
models is named): read as the room played them, or refused with a true reason."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from helpers.cli import run_cli
from helpers.ipoker_hands import act, cards, game, player, read_both, round_, session
from showdown.phh.corpus.read import read_file
from showdown.phh.errors import HistoryError, MalformedHistory
from showdown.phh.notation import HandHistory
from showdown.phh.rooms.ipoker_games import amount_of, game_of
from showdown.phh.settlement import settle
from showdown.phh.verification import verify

BLINDS = round_(0, act(1, "Bo", 1, "$0.10"), act(2, "Cy", 2, "$0.20"))


def _hand(text: str) -> HandHistory:
    [hand] = read_both(text)
    assert isinstance(hand, HandHistory), hand
    return hand


def _refused(text: str) -> str:
    [hand] = read_both(text)
    assert isinstance(hand, HistoryError)
    return str(hand)


def _three(*rounds: str, gametype: str = "Holdem NL $0.10/$0.20") -> str:
    """Ana on the button, Bo and Cy in the blinds."""
    return session(gametype, game("3056022611", [
        player(1, "Ana", "$10", dealer=True), player(2, "Bo", "$10"),
        player(3, "Cy", "$10", win="$0.30")], BLINDS, *rounds))


FOLDS = round_(1, cards("Pocket", "Ana", "X X"), act(3, "Ana", 0, "$0"),
               cards("Pocket", "Bo", "X X"), act(4, "Bo", 0, "$0"),
               cards("Pocket", "Cy", "SA HA"))


def test_a_session_the_client_had_not_closed_reads() -> None:
    # LHE-USD-10-20-201204.new.date.format.txt: the file ends after the last round,
    # without </game></session> (the client closes them when the session ends)
    text = _three(FOLDS).removesuffix("</game>\n</session>")
    assert verify(settle(_hand(text))).cls == "match"
    cut = text[:text.index('<action no="4"') + 20]  # cut inside a round: named
    assert "the hand stops early (the file ends inside it: cut short?)" in _refused(cut)


def test_a_partial_export_of_the_forced_bets_only_is_named() -> None:
    # PLO-USD-5-10-201631.partial.format.xml: 31 games of blinds alone, no cards, no wins
    text = session("Omaha PL €5/€10", game("7372093672", [
        player(1, "Ana", "€1,054", dealer=True), player(3, "Bo", "€1,214.15"),
        player(6, "Cy", "€782")], round_(0, act(1, "Bo", 1, "€5"), act(2, "Cy", 2, "€10"))))
    assert "the hand holds its forced bets only: no cards, no other action and no result " \
           "are written (a partial export)" in _refused(text)


def test_an_all_in_by_disconnection_protection_is_refused_by_name() -> None:
    # LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml: type 7, sum "DP"
    text = _three(round_(1, cards("Pocket", "Ana", "X X"), act(3, "Ana", 23, "$0.40"),
                         act(4, "Bo", 7, "DP"), act(5, "Cy", 0, "$0")),
                  gametype="Holdem L $0.10/$0.20")
    assert "'Bo' is put all in with chips behind ('DP': the room's disconnection " \
           "protection), which PHH cannot write" in _refused(text)


def test_a_player_who_antes_then_sits_out_folds_at_their_turn() -> None:
    # NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt: Bo antes, is dealt no
    # cards and sits out (type 9, numbered before the first action); the betting reaches
    # him after Ana folds
    players = [player(5, "Ana", "$20"), player(6, "Bo", "$11.76"),
               player(8, "Cy", "$22.45", win="$0.33"), player(10, "Dee", "$5.66", dealer=True)]
    forced = round_(0, act(1, "Ana", 15, "$0.02"), act(5, "Ana", 1, "$0.05"),
                    act(2, "Bo", 15, "$0.02"), act(3, "Cy", 15, "$0.02"),
                    act(7, "Cy", 2, "$0.10"), act(4, "Dee", 15, "$0.02"))
    text = session("Holdem NL $0.05/$0.10", game(
        "5338624766", players, forced,
        round_(1, cards("Pocket", "Ana", "X X"), act(9, "Ana", 0, "$0"),
               act(6, "Bo", 9, "$0"), cards("Pocket", "Cy", "HJ D4"), act(10, "Cy", 4, "$0"),
               cards("Pocket", "Dee", "C6 D7"), act(8, "Dee", 3, "$0.10")),
        round_(2, cards("Flop", "", "CQ C10 DQ"), act(11, "Cy", 4, "$0"),
               act(12, "Dee", 4, "$0")),
        round_(3, cards("Turn", "", "D5"), act(13, "Cy", 4, "$0"), act(14, "Dee", 4, "$0")),
        round_(4, cards("River", "", "S2"), act(15, "Cy", 4, "$0"), act(16, "Dee", 4, "$0"))))
    hand = _hand(text)
    assert hand.fields["players"] == ["Ana", "Bo", "Cy", "Dee"]
    assert hand.fields["actions"][4:8] == ["p4 cc", "p1 f", "p2 f", "p3 cc"]
    assert verify(settle(hand)).cls == "match"


def test_a_dead_button_is_placed_before_the_small_blind() -> None:
    # NLHE-USD-MTT-5r-201112.Sample.xml: no player holds the button (its seat is empty);
    # the small blind opens the flop
    players = [player(2, "Ana", "5,000"), player(3, "Bo", "5,000"),
               player(6, "Cy", "5,000", win="600")]
    text = session("Holdem NL", game(
        "3869492660", players, round_(0, act(1, "Ana", 1, "100"), act(2, "Bo", 2, "200")),
        round_(1, cards("Pocket", "Ana", "X X"), act(4, "Ana", 3, "100"),
               cards("Pocket", "Bo", "X X"), act(5, "Bo", 4, "0"),
               cards("Pocket", "Cy", "H6 H2"), act(3, "Cy", 3, "200")),
        round_(2, cards("Flop", "", "H8 D3 H5"), act(6, "Ana", 4, "0"), act(7, "Bo", 4, "0"),
               act(8, "Cy", 5, "400"), act(9, "Ana", 0, "0"), act(10, "Bo", 0, "0"))))
    hand = _hand(text)
    assert hand.fields["players"] == ["Ana", "Bo", "Cy"]
    assert verify(settle(hand)).cls == "match"


def test_both_blinds_in_one_post_are_the_big_blind_live_and_the_rest_dead() -> None:
    # NLHE-USD-0.10-0.20.201112.post.both.txt: "type 2, sum $0.30" at $0.10/$0.20
    players = [player(1, "Ana", "$17", dealer=True), player(2, "Bo", "$22.40"),
               player(3, "Cy", "$4.50"), player(5, "Dee", "$16", win="$1.40")]
    text = session("Holdem NL $0.10/$0.20", game(
        "3056022611", players,
        round_(0, act(3, "Dee", 2, "$0.30"), act(1, "Bo", 1, "$0.10"), act(2, "Cy", 2, "$0.20")),
        round_(1, cards("Pocket", "Dee", "D5 D7"), act(4, "Dee", 4, "$0"),
               cards("Pocket", "Ana", "X X"), act(5, "Ana", 0, "$0"),
               cards("Pocket", "Bo", "X X"), act(6, "Bo", 0, "$0"),
               cards("Pocket", "Cy", "SJ HK"), act(7, "Cy", 4, "$0")),
        round_(2, cards("Flop", "", "DK S8 H2"), act(8, "Cy", 4, "$0"), act(9, "Dee", 5, "$0.40"),
               act(10, "Cy", 3, "$0.40")),
        round_(3, cards("Turn", "", "D2"), act(11, "Cy", 4, "$0"), act(12, "Dee", 4, "$0")),
        round_(4, cards("River", "", "D6"), act(13, "Cy", 4, "$0"), act(14, "Dee", 4, "$0"))))
    hand = _hand(text)
    assert hand.fields["antes"][hand.fields["players"].index("Dee")] == 0.1
    assert verify(settle(hand)).cls == "match"


def test_fixed_limit_bets_follow_the_big_blind_and_an_older_raise_reads() -> None:
    # LHE-HU-USD-20-40-201103.flat.format.txt: "LH 20/40 x2 Limit $10.00/$20.00", blinds
    # of $10 and $20, the small blind's raise written "type 6, sum $30" (the chips put in)
    players = [player(3, "Ana", "$553.97"), player(8, "Bo", "$400", dealer=True, win="$100")]
    text = session("LH 20/40 x2 Limit $10.00/$20.00", game(
        "2686565878", players, round_(0, act(1, "Bo", 1, "$10.00"), act(2, "Ana", 2, "$20.00")),
        round_(1, cards("Pocket", "Ana", "x x"), cards("Pocket", "Bo", "SK HJ"),
               act(3, "Bo", 6, "$30.00"), act(4, "Ana", 3, "$20.00")),
        round_(2, cards("Flop", "", "DQ C7 S6"), act(5, "Ana", 4, "$0.00"),
               act(6, "Bo", 5, "$20.00"), act(7, "Ana", 0, "$0.00"))))
    hand = _hand(text)
    f = hand.fields
    assert (f["variant"], f["small_bet"], f["big_bet"]) == ("FT", 20, 40)
    assert f["actions"][2:] == ["p2 cbr 40", "p1 cc", "d db Qd7c6s", "p1 cc", "p2 cbr 20",
                                "p1 f"]
    assert verify(settle(hand)).cls == "match"
    # LHE-5-10-10-20-USD-201103.HEM.archive.txt: "Holdem L $5/$10" with blinds of $5 and
    # $10 (other eras write the bets there): the big blind is the small bet
    blinds = text.replace("LH 20/40 x2 Limit $10.00/$20.00", "Holdem L $10/$20")
    assert _hand(blinds).fields["small_bet"] == 20


def test_the_part_of_an_all_in_nobody_matched_is_in_the_winner_s_win() -> None:
    # NLHE-USD-MTT-5r-201112.Sample.xml: "win" is all a player got back
    players = [player(1, "Ana", "1,000", dealer=True), player(2, "Bo", "3,000", win="4,100"),
               player(3, "Cy", "2,000")]
    text = session("Holdem NL", game(
        "3869858167", players, round_(0, act(1, "Bo", 1, "50"), act(2, "Cy", 2, "100")),
        round_(1, cards("Pocket", "Ana", "SA S6"), act(3, "Ana", 23, "1,000"),
               cards("Pocket", "Bo", "HA DQ"), act(4, "Bo", 7, "2,950"),
               cards("Pocket", "Cy", "X X"), act(5, "Cy", 0, "0")),
        round_(2, cards("Flop", "", "CK H6 CQ")), round_(3, cards("Turn", "", "H10")),
        round_(4, cards("River", "", "D9"))))
    hand = _hand(text)
    assert hand.fields["players"] == ["Bo", "Cy", "Ana"]
    assert verify(settle(hand)).cls == "match"
    # Bo in the big blind, Cy folded: nobody can answer Bo's all-in, a call whose rest
    # Bo gets back, counted in his "win"
    players = [player(1, "Ana", "1,000", dealer=True), player(2, "Cy", "2,000"),
               player(3, "Bo", "3,000", win="4,050")]
    last = session("Holdem NL", game(
        "3869858168", players, round_(0, act(1, "Cy", 1, "50"), act(2, "Bo", 2, "100")),
        round_(1, cards("Pocket", "Ana", "SA S6"), act(3, "Ana", 23, "1,000"),
               cards("Pocket", "Cy", "X X"), act(4, "Cy", 0, "0"),
               cards("Pocket", "Bo", "HA DQ"), act(5, "Bo", 7, "2,900")),
        round_(2, cards("Flop", "", "CK H6 CQ")), round_(3, cards("Turn", "", "H10")),
        round_(4, cards("River", "", "D9"))))
    hand = _hand(last)
    assert hand.fields["actions"][3:6] == ["p3 cbr 1000", "p1 f", "p2 cc"]
    assert hand.fields["winnings"] == [0, 2050, 0]
    assert verify(settle(hand)).cls == "match"


def test_an_italian_client_s_thousands_and_date_read() -> None:
    # NLHE-EUR-SNG-0.50.iPoker.it.txt: "1.500" chips, "30/01/2012 02:30"
    players = [player(1, "Ana", "1.500", dealer=True, win="3.000"), player(3, "Bo", "1.500")]
    text = session("Holdem NL", game(
        "3025312304", players, round_(0, act(1, "Ana", 1, "10"), act(2, "Bo", 2, "20")),
        round_(1, cards("Pocket", "Ana", "CJ SQ"), act(3, "Ana", 23, "1.500"),
               cards("Pocket", "Bo", "DQ HK"), act(4, "Bo", 3, "1.480")),
        round_(2, cards("Flop", "", "H10 S2 H6")), round_(3, cards("Turn", "", "HQ")),
        round_(4, cards("River", "", "SJ")), start="30/01/2012 02:30"))
    f = _hand(text).fields
    assert f["starting_stacks"] == [1500, 1500] and (f["year"], f["month"], f["day"]) == (
        2012, 1, 30)


def test_a_game_type_naming_only_its_limit_is_read_from_the_hole_cards() -> None:
    # 5CPLO-EUR-2.00-4.00-201905.txt: "PL €2/€4", five hole cards, decimal commas
    players = [player(1, "Ana", "€301,49", win="€4"), player(5, "Bo", "€160", dealer=True)]
    text = session("PL €2/€4", game(
        "3422554295", players, round_(0, act(1, "Bo", 1, "€2"), act(2, "Ana", 2, "€4")),
        round_(1, cards("Pocket", "Ana", "X X X X X"), cards("Pocket", "Bo", "S2 DK C3 D7 S3"),
               act(3, "Bo", 0, "€0"))))
    f = _hand(text).fields
    assert f["variant"] == "P5O" and f["starting_stacks"] == [301.49, 160]


@pytest.mark.parametrize("game_type, variant, stakes", [
    ("Holdem SL $0.01/$0.02", "NT", ("$0.01", "$0.02")),  # Spanish: sin límite
    ("Holdem БЛ €0.25/€0.50", "NT", ("€0.25", "€0.50")),  # Russian: без лимита
    ("LH 20/40 x2 Limit $10.00/$20.00", "FT", ("20", "40")),
    ("Omaha HiLow PL €5/€10", "PO/8", ("€5", "€10")),
    ("Omaha PL 50kr/100kr", "PO", ("50", "100")),
    ("Omaha Pot limit $0.10/$0.20 Ante $0.05", "PO", ("$0.10", "$0.20")),
    ("7 Card Stud Hi-Lo L €0.05/€0.10", "F7S/8", ("€0.05", "€0.10")),
])
def test_game_types_of_every_client(game_type: str, variant: str,
                                    stakes: tuple[str, str]) -> None:
    assert game_of(game_type) == (variant, stakes)


def test_a_game_type_naming_no_game_without_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="names no game, and no hole cards dealt"):
        game_of("PL €2/€4")
    assert amount_of("24,172.50") == Decimal("24172.50")


def test_a_file_without_a_game_is_named_and_the_run_goes_on(tmp_path: Path) -> None:
    # The reader once raised zip()'s "argument 2 is longer than argument 1" out of the
    # whole run for a session without a <game gamecode=...>: now the file has no hand
    empty = tmp_path / "a.xml"
    empty.write_text('<session sessioncode="1"><general><gametype>Holdem NL $1/$2'
                     "</gametype></general></session>")
    with pytest.raises(MalformedHistory, match="no ipoker hand in the file"):
        read_file(empty)
    good = tmp_path / "b.xml"
    good.write_text(_three(FOLDS))
    code, out, err = run_cli(["replay", str(empty), str(good), "--keep-going"])
    assert code == 0 and err.count("error: ") == 1 and "a.xml: no ipoker hand" in err
    assert "zip()" not in err and "Hands: 1" in out
    # a game without its code is a hand all the same, without a number
    [hand] = read_both(_three(FOLDS).replace(' gamecode="3056022611"', ""))
    assert isinstance(hand, HandHistory) and "hand" not in hand.fields
