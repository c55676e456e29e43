"""Pots of the other showdowns, worked by hand (Robert's Rules of Poker).

Hi-lo: each pot (main and side separately) is halved between the best high and
the best qualifying low among its eligible players, the odd chip of the
halving to the high half; no qualifying low: the high hand scoops. Stud has
no button: the odd chip of a tie goes by suit (highest card in a high split,
lowest in a low split; spades, hearts, diamonds, clubs).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from showdown.commands.main import main
from showdown.pots.resolution import resolve


def player(seat: int, name: str, hole: str, chips: int, **extra: Any) -> dict[str, Any]:
    return {"seat": seat, "name": name, "hole": hole, "contributed": chips, **extra}


def o8(players: list[dict[str, Any]], board: str, button: int = 1) -> dict[str, Any]:
    return {"game": "omaha-hi-lo", "button": button, "board": board, "players": players}


def test_hi_lo_split_with_an_odd_chip_to_the_high_half() -> None:
    # Ana: trip kings (high); Bo: 8-6-4-2-A... low (A-2 in hand + 4 6 8 on board).
    table = o8(
        [
            player(1, "Ana", "Kd Ks Qh Jh", 101),
            player(2, "Bo", "Ac 2c 9s 9d", 101),
            player(3, "Cy", "Th Tc 5d 5c", 101),
        ],
        board="4h 6s 8d Kc 3s",
    )
    sd = resolve(table)
    (pot,) = sd.pots
    assert pot.amount == 303
    assert pot.high is not None and pot.high.shares == {1: 152}  # the odd chip goes high
    assert pot.low is not None and pot.low.shares == {2: 151}
    assert sd.payouts == {1: 152, 2: 151}
    doc = sd.to_dict()
    assert doc["pots"][0]["high"] == {"winners": [1], "shares": {"1": 152}}
    assert doc["pots"][0]["low"] == {"winners": [2], "shares": {"2": 151}}
    assert doc["pots"][0]["winners"] == [1, 2]
    text = sd.explanation()
    assert "high half (152 chips): Ana wins" in text
    assert "low half (151 chips): Bo wins" in text


def test_a_quartered_low() -> None:
    # Bo and Cy hold the same A-2 low; Ana the high: 200 -> 100 high, 50 + 50 low.
    table = o8(
        [
            player(1, "Ana", "Kd Ks Qh Jh", 100),
            player(2, "Bo", "Ac 2c 9s 9d", 100),
            player(3, "Cy", "Ad 2d Ts Td", 100),
            player(4, "Di", "Qs Qc Jc Js", 100),
        ],
        board="4h 6s 8d Kc 3s",
    )
    sd = resolve(table)
    (pot,) = sd.pots
    assert pot.high is not None and pot.high.shares == {1: 200}
    assert pot.low is not None and set(pot.low.winners) == {2, 3}
    assert pot.low.shares == {2: 100, 3: 100}
    assert sd.payouts == {1: 200, 2: 100, 3: 100}


def test_quartered_with_odd_chips_from_the_left_of_the_button() -> None:
    table = o8(
        [
            player(1, "Ana", "Kd Ks Qh Jh", 101),
            player(2, "Bo", "Ac 2c 9s 9d", 101),
            player(3, "Cy", "Ad 2d Ts Td", 101),
        ],
        board="4h 6s 8d Kc 3s",
        button=2,
    )
    sd = resolve(table)
    (pot,) = sd.pots
    # 303: high 152 to Ana, low 151 split 76/75: seat 3 is first left of the button 2.
    assert pot.low is not None and pot.low.shares == {3: 76, 2: 75}
    assert sd.payouts == {1: 152, 2: 75, 3: 76}


def test_no_qualifying_low_the_high_scoops() -> None:
    table = o8(
        [player(1, "Ana", "Kd Ks Qh Jh", 100), player(2, "Bo", "Ac 2c 9s 9d", 100)],
        board="Th Js 8d Kc 3s",  # only two low board cards
    )
    sd = resolve(table)
    (pot,) = sd.pots
    assert pot.low is None and pot.high is not None
    assert sd.payouts == {1: 200}
    assert sd.to_dict()["pots"][0]["low"] is None
    assert "No qualifying low, so the high hand scoops the pot." in sd.explanation()


def test_a_scoop_with_both_halves() -> None:
    # Bo makes a wheel: the best high (a straight) and the best low.
    table = o8(
        [player(1, "Ana", "Kd Ks Qh Jh", 100), player(2, "Bo", "Ac 2c 9s 9d", 100)],
        board="3h 4s 5d Tc 7s",
    )
    sd = resolve(table)
    (pot,) = sd.pots
    assert pot.high is not None and pot.high.winners == (2,)
    assert pot.low is not None and pot.low.winners == (2,)
    assert sd.payouts == {2: 200}


def test_hi_lo_with_side_pots_each_halved_on_its_own() -> None:
    # Cy is all in for 50: main 150 among all three, side 100 between Ana and Bo.
    # Cy has the best low (A-2-3 board low), Ana the high, Bo the second low.
    table = o8(
        [
            player(1, "Ana", "Kd Ks Qh Jh", 100),
            player(2, "Bo", "Ac 3c 9s 9d", 100),
            player(3, "Cy", "Ad 2d Ts Td", 50),
        ],
        board="4h 6s 8d Kc 5s",
    )
    sd = resolve(table)
    main_pot, side = sd.pots
    assert (main_pot.amount, side.amount) == (150, 100)
    assert main_pot.high is not None and main_pot.high.shares == {1: 75}
    assert main_pot.low is not None and main_pot.low.shares == {3: 75}
    assert side.high is not None and side.high.shares == {1: 50}
    assert side.low is not None and side.low.shares == {2: 50}
    assert sd.payouts == {1: 125, 2: 50, 3: 75}


def stud(game: str, players: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"game": game, "players": players, **extra}


def test_stud_odd_chip_by_suit_in_a_high_split() -> None:
    # Both play the same broadway straight; Bo holds the ace of spades, Ana the ace of hearts.
    table = stud(
        "stud",
        [player(1, "Ana", "Ah Kd Qc Jd Ts 2c 3d", 51), player(2, "Bo", "As Kc Qd Jc Th 2d 3c", 50)],
    )
    sd = resolve(table)
    (pot,) = sd.pots
    assert sd.returned == {1: 1}
    assert pot.amount == 100
    table = stud(
        "stud",
        [
            player(1, "Ana", "Ah Kd Qc Jd Ts 2c 3d", 51),
            player(2, "Bo", "As Kc Qd Jc Th 2d 3c", 51),
            player(3, "Cy", "4c 4d 6h 7h 9c 9d 2h", 51),
        ],
    )
    sd = resolve(table)
    (pot,) = sd.pots
    assert pot.shares == {2: 77, 1: 76}  # 153 = 76 + 77: the odd chip to the ace of spades
    assert "highest card by suit" in sd.explanation()


def test_stud_odd_chip_by_suit_in_a_low_split() -> None:
    # Razz: both make 7-5-4-3-2... with A low; the ace of clubs is the lowest card by suit.
    table = stud(
        "razz",
        [
            player(1, "Ana", "Ad 2c 3d 4h 7s Kd Kc", 51),
            player(2, "Bo", "Ac 2d 3h 4s 7c Qd Qc", 51),
            player(3, "Cy", "9c 9d 9h Ts Th Js Jc", 51),
        ],
    )
    sd = resolve(table)
    (pot,) = sd.pots
    assert pot.shares == {2: 77, 1: 76}
    assert "lowest card by suit" in sd.explanation()


def test_stud_hi_lo_halves_and_suits() -> None:
    table = stud(
        "stud-hi-lo",
        [
            player(1, "Ana", "Kd Ks Kh 9c 9d Qh Jh", 51),
            player(2, "Bo", "Ac 2c 3d 6h 8s Tc Td", 51),
            player(3, "Cy", "As 2s 3h 6d 8c Qc Qd", 51),
        ],
    )
    sd = resolve(table)
    (pot,) = sd.pots
    assert pot.high is not None and pot.high.shares == {1: 77}
    # The low 8-6-3-2-A ties: 76 split 38/38, no odd chip.
    assert pot.low is not None and pot.low.shares == {2: 38, 3: 38}
    assert sd.to_dict()["pots"][0]["high"]["winners"] == [1]


def test_stud_tables_have_no_button(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = stud(
        "stud",
        [player(1, "Ana", "Ah Kd Qc Jd Ts 2c 3d", 50), player(2, "Bo", "As Kc Qd Jc Th 2d 3c", 50)],
        button=1,
    )
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    assert main(["resolve", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1
    assert err.startswith("error: ") and "stud has no button" in err


@pytest.mark.parametrize(
    ("table", "message"),
    [
        (
            {
                "game": "short-deck",
                "button": 1,
                "board": "6c 7c 8c 9c Tc",
                "players": [player(1, "A", "2h Ah", 5), player(2, "B", "Ks Kh", 5)],
            },
            "card 2h at seat 1 is not in the 36-card deck",
        ),
        (
            stud(
                "razz", [player(1, "A", "Ah 2h 3h", 5), player(2, "B", "Ks Kh 4c 5c 6c 7c 8c", 5)]
            ),
            "seat 1 has 3 hole cards, needs 7",
        ),
        (
            o8([player(1, "A", "Ah 2h", 5), player(2, "B", "Ks Kh 4c 5c", 5)], "2c 3c 9d Td Jd"),
            "seat 1 has 2 hole cards, needs 4 or 5",
        ),
    ],
)
def test_bad_tables_are_one_error_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], table: dict[str, Any], message: str
) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    assert main(["resolve", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1 and message in err


def test_resolve_json_of_a_hi_lo_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = o8(
        [player(1, "Ana", "Kd Ks Qh Jh", 101), player(2, "Bo", "Ac 2c 9s 9d", 101)],
        board="4h 6s 8d Kc 3s",
    )
    path = tmp_path / "t.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    assert main(["resolve", str(path), "--json", "--lang", "ru"]) == 0
    doc = json.loads(capsys.readouterr().out)
    pot = doc["pots"][0]
    assert pot["high"] == {"winners": [1], "shares": {"1": 101}}
    assert pot["low"] == {"winners": [2], "shares": {"2": 101}}
    assert doc["hands"]["2"]["low"]["description"] == "Лоу шестёрка-четвёрка"


QUARTERED = o8(
    [
        player(1, "Ana", "Ah 2h Kc Kd", 101),
        player(2, "Bo", "Ad 2d Qh Qs", 101),
        player(3, "Cy", "Jc Js 9c 9s", 101),
    ],
    board="3c 4h 8s Jh Jd",
)
SCOOP = o8(
    [player(1, "Ana", "Ah 2h 6c Qd", 50), player(2, "Bo", "Kc Ks Qh Qs", 50)],
    board="3c 4h 5s Jh Kd",
)


@pytest.mark.parametrize(
    ("lang", "split", "tie"),
    [
        ("en", "Bo and Ana split the low half with", "the low half is split"),
        ("es", "Bo y Ana se reparten la mitad baja con", "la mitad baja se reparte"),
        ("ru", "Bo и Ana делят младшую половину с", "лоу делится поровну"),
    ],
)
def test_a_split_half_is_called_a_half_in_every_language(lang: str, split: str, tie: str) -> None:
    from showdown.text.pots import explain_showdown

    (line,) = explain_showdown(resolve(QUARTERED), lang)
    assert split in line and tie in line
    assert line.count("split the pot") + line.count("reparten el bote") == 0


@pytest.mark.parametrize(
    ("lang", "scoop"),
    [
        ("en", "Ana scoops the pot: the best high hand and the best low."),
        ("es", "Ana se lleva todo el bote: la mejor mano alta y el mejor bajo."),
        ("ru", "Ana забирает весь банк: лучший хай и лучший лоу."),
    ],
)
def test_one_player_with_both_halves_scoops(lang: str, scoop: str) -> None:
    from showdown.text.pots import explain_showdown

    (line,) = explain_showdown(resolve(SCOOP), lang)
    assert line.endswith(scoop)
    (quartered,) = explain_showdown(resolve(QUARTERED), lang)
    assert scoop.split(":")[0][4:] not in quartered  # no scoop when the halves go apart


def test_three_way_tie_in_a_half_names_the_half() -> None:
    from showdown.text.pots import explain_showdown

    table = {
        "game": "stud-hi-lo",
        "players": [
            player(1, "Ana", "Ah 2h 3c 4d 5s Kc Kd", 50),
            player(2, "Bo", "Ad 2d 3h 4s 5c Qh Qs", 50),
            player(3, "Cy", "Ac 2c 3d 4h 5d Jh Js", 50),
        ],
    }
    sd = resolve(table)
    texts = {lang: explain_showdown(sd, lang)[0] for lang in ("en", "es", "ru")}
    assert "the high half is split" in texts["en"] and "the low half is split" in texts["en"]
    assert "la mitad alta se reparte" in texts["es"] and "la mitad baja se reparte" in texts["es"]
    assert "старшую половину делят поровну" in texts["ru"]
    assert "младшую половину делят поровну" in texts["ru"]


def test_the_table_names_the_winning_high_and_the_winning_low() -> None:
    from showdown.commands.resolve_cmd import format_showdown

    row = format_showdown(resolve(QUARTERED)).splitlines()[1]
    # Cy's quads take the high half; Bo's and Ana's eight-four take the low, though Cy
    # (the first winner) has no low.
    assert row.endswith("Four of a kind, jacks; Eight-four low")
    row = format_showdown(resolve(QUARTERED), "es").splitlines()[1]
    assert row.endswith("Póquer de jotas; Bajo ocho-cuatro")
    no_low = o8(
        [player(1, "Ana", "Ah Kh Kc Kd", 20), player(2, "Bo", "Qd Qc Qh Qs", 20)],
        board="9c Th Js 7h 6d",
    )
    assert format_showdown(resolve(no_low)).splitlines()[1].endswith("no qualifying low")
