"""Table showdown (R5-R9): worked examples with the figures done by hand, and bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest

import showdown
from showdown.commands import resolve_cmd
from showdown.pots.resolution import Player, Pot, Showdown, Table, TableError, resolve, split_amount
from showdown.text.explain import explain

# A dry board used by several examples: 2c 7d 9h Js 3c (no flush, and no
# straight for the hole cards used here).
DRY = "2c 7d 9h Js 3c"


def player(seat: int, name: str, hole: str | None, chips: int, **flags: Any) -> dict[str, Any]:
    return {"seat": seat, "name": name, "hole": hole, "contributed": chips, **flags}


def table(players: list[dict[str, Any]], button: int, board: str = DRY, **extra: Any) -> dict:
    return {"game": "holdem", "button": button, "board": board, "players": players, **extra}


def pots_of(sd: Showdown) -> list[tuple[int, list[int], list[int], dict[int, int]]]:
    return [(p.amount, list(p.eligible), list(p.winners), dict(p.shares)) for p in sd.pots]


def conserved(sd: Showdown) -> bool:
    paid = sum(p.contributed for p in sd.table.players)
    return sum(sd.payouts.values()) + sum(sd.returned.values()) == paid


# --- worked examples ----------------------------------------------------------------------


def test_four_way_all_in_three_pots_and_an_uncalled_bet() -> None:
    sd = resolve(
        table(
            [
                player(1, "Ana", "As Ah", 100),  # pair of aces, all-in for 100
                player(2, "Bo", "Kd Kh", 300),  # pair of kings, all-in for 300
                player(3, "Cy", "Qc Qd", 600),  # pair of queens, all-in for 600
                player(4, "Dee", "4s 5s", 1000),  # jack high, bet 1000
            ],
            button=4,
            last_aggressor=4,
        )
    )
    # Dee's 1000 is 400 above the second largest (Cy's 600): nobody called it,
    # so 400 goes back. Then levels 100, 300, 600:
    #   main   = 4 x 100           = 400, players 1 2 3 4 -> aces (Ana)
    #   side 1 = 3 x (300 - 100)   = 600, players 2 3 4   -> kings (Bo)
    #   side 2 = 2 x (600 - 300)   = 600, players 3 4     -> queens (Cy)
    assert sd.returned == {4: 400}
    assert pots_of(sd) == [
        (400, [1, 2, 3, 4], [1], {1: 400}),
        (600, [2, 3, 4], [2], {2: 600}),
        (600, [3, 4], [3], {3: 600}),
    ]
    assert sd.payouts == {1: 400, 2: 600, 3: 600}
    # Dee bet last, so Dee shows first, then clockwise round the table: 1, 2, 3.
    assert sd.showdown_order == (4, 1, 2, 3)
    assert 400 + 600 + 600 + 400 == 100 + 300 + 600 + 1000
    assert conserved(sd)


def test_three_way_split_with_two_odd_chips_non_contiguous_seats() -> None:
    sd = resolve(
        table(
            [
                player(2, "Ana", "2d 3h", 34),
                player(5, "Bo", "4s 5d", 34),
                player(7, "Cy", "6h 7s", 34),
                player(9, "Dee", None, 5, folded=True),
            ],
            button=7,
            board="Ac Kd Qh Js Tc",
        )
    )
    # Everyone live plays the board's ace-high straight: a three-way tie.
    # Pot: 3 x 34 + Dee's dead 5 = 107 = 3 x 35 + 2, so two odd chips. Left of
    # the button (seat 7) come seat 9 (folded, not a winner), then 2, then 5:
    # seats 2 and 5 get 36, seat 7 gets 35.
    assert pots_of(sd) == [(107, [2, 5, 7], [2, 5, 7], {2: 36, 5: 36, 7: 35})]
    assert sd.returned == {}
    assert "36 chips to Ana, 36 to Bo and 35 to Cy; the odd chips go one each" in sd.explanation()
    assert "Ana получает 36 фишек, Bo — 36, Cy — 35; лишние фишки" in sd.explanation("ru")
    # Everyone checked: the first live seat left of the button shows first.
    assert sd.showdown_order == (2, 5, 7)
    assert conserved(sd)


def test_dead_money_from_folded_players_stays_in_one_pot() -> None:
    sd = resolve(
        table(
            [
                player(1, "Ana", None, 50, folded=True),
                player(2, "Bo", "8c 8d", 200, folded=True),  # the best hand, but folded
                player(3, "Cy", "As Kd", 400),  # ace high: A-K-J-9-7
                player(4, "Dee", "Qc Td", 400),  # queen high: Q-J-10-9-7
            ],
            button=1,
            last_aggressor=4,
        )
    )
    # Cy and Dee both put in 400: nothing uncalled. The only live level is 400,
    # so the folded 50 and 200 are dead money in the one pot: 50 + 200 + 400 + 400
    # = 1050, for Cy and Dee only. (Cutting at 50 and 200 would give layers with
    # the same two players; they are one pot.)
    assert pots_of(sd) == [(1050, [3, 4], [3], {3: 1050})]
    assert 2 not in sd.hands and 2 not in sd.showdown_order
    assert sd.showdown_order == (4, 3)


def test_dead_money_in_every_layer_it_reached() -> None:
    sd = resolve(
        table(
            [
                player(1, "Ana", "9s 9d", 100),  # all-in; three nines
                player(2, "Bo", None, 300, folded=True),  # called 300, folded to the raise
                player(3, "Cy", "Kc Kh", 500),  # pair of kings
                player(4, "Dee", "As Qd", 500),  # ace high
            ],
            button=2,
        )
    )
    # Largest 500 twice: nothing returned. Live levels 100 and 500.
    #   main = 100 from each of the four      = 400, players 1 3 4 -> Ana's trips
    #   side = Bo 200 + Cy 400 + Dee 400      = 1000, players 3 4  -> Cy's kings
    # Bo's 300 is dead money in both: 100 in the main pot, 200 in the side pot.
    assert pots_of(sd) == [(400, [1, 3, 4], [1], {1: 400}), (1000, [3, 4], [3], {3: 1000})]
    assert sd.payouts == {1: 400, 3: 1000}
    assert sd.showdown_order == (3, 4, 1)  # left of the button (2): 3, 4, then 1


def test_main_and_side_pots_won_by_different_players() -> None:
    sd = resolve(
        table(
            [
                player(1, "Ana", "Ad Kh", 200),  # all-in short: A-A-K-9-7
                player(2, "Bo", "Ah Qd", 700),  # A-A-Q-9-7
                player(3, "Cy", "Tc Th", 700),  # pair of tens
            ],
            button=3,
            board="Ac 9d 7h 4s 2c",  # seed 004's board and hands for Ana and Bo
            last_aggressor=2,
        )
    )
    # main = 3 x 200 = 600 for all three: Ana's king kicker beats Bo's queen.
    # side = 2 x 500 = 1000 for Bo and Cy only: Bo's aces beat Cy's tens.
    assert pots_of(sd) == [(600, [1, 2, 3], [1], {1: 600}), (1000, [2, 3], [2], {2: 1000})]
    assert sd.payouts == {1: 600, 2: 1000}
    assert sd.showdown_order == (2, 3, 1)


def test_everyone_folds_to_one_player() -> None:
    sd = resolve(
        table(
            [
                player(1, "Ana", None, 10, folded=True),
                player(2, "Bo", None, 20, folded=True),
                player(3, "Cy", None, 60),  # no cards needed: nobody shows
                player(4, "Dee", "Qc Qd", 0, folded=True),
            ],
            button=2,
            board="Ac 9d 7h",  # the hand ended on the flop
            last_aggressor=3,
        )
    )
    # Cy's 60 is 40 above the second largest (Bo's 20): 40 returned.
    # The pot is 10 + 20 + 20 + 0 = 50, Cy's alone, no hand shown.
    assert sd.returned == {3: 40}
    assert pots_of(sd) == [(50, [3], [3], {3: 50})]
    assert sd.payouts == {3: 50}
    assert sd.showdown_order == () and sd.hands == {} and sd.shown == ()
    assert conserved(sd)
    assert sd.explain_pots("es") == [
        "Bote principal (50 fichas): todos los demás se retiraron, así que Cy se lo lleva "
        "sin enseñar.",
        "Cy recupera 40 fichas: nadie igualó esa parte de la apuesta.",
    ]


def test_the_board_plays_and_the_odd_chip_goes_left_of_the_button() -> None:
    sd = resolve(
        table(
            [
                player(1, "A", "2d 2h", 101),
                player(2, "B", "9c 9d", 101),
                player(3, "C", None, 1, folded=True),
            ],
            button=3,
            board="Ac Kd Qh Js Tc",  # seed 004, section 03
        )
    )
    # Both play the board's straight A-K-Q-J-10: a tie. Pot 101 + 101 + 1 = 203
    # = 2 x 101 + 1: the odd chip goes to the first seat left of the button (3),
    # wrapping round the table to seat 1.
    assert pots_of(sd) == [(203, [1, 2], [1, 2], {1: 102, 2: 101})]
    assert (
        "102 chips to A and 101 to B; the odd chip goes to the first of them left"
        in sd.explanation()
    )
    assert "la ficha sobrante es para el primero" in sd.explanation("es")
    assert sd.hands[1] == sd.hands[2]
    assert sd.hands[1].to_json()["best_five"] == ["Ac", "Kd", "Qh", "Js", "Tc"]


def test_omaha_board_flush_does_not_count() -> None:
    sd = resolve(
        {
            "game": "omaha",
            "button": 2,
            "board": "Ah Kh Qh 7h 2c",
            "players": [
                player(1, "Ana", "Jh 3s 4d 5c", 200),  # one heart: no flush in Omaha
                player(2, "Bo", "9s 9c 8d 6d", 200),  # two hole nines: a pair
            ],
        }
    )
    # In Hold'em Ana's jack of hearts would make a flush with the four board
    # hearts; Omaha needs two hole cards, so Ana has only ace high and Bo's
    # pair of nines takes the whole 400.
    assert showdown.evaluate("Jh 3s", board="Ah Kh Qh 7h 2c").category.json_name == "flush"
    assert sd.hands[1].category.json_name == "high_card"
    assert sd.hands[2].category.json_name == "pair"
    assert pots_of(sd) == [(400, [1, 2], [2], {2: 400})]


def test_five_card_game_has_no_board() -> None:
    sd = resolve(
        {
            "game": "five-card",
            "button": 1,
            "players": [
                player(1, "Ana", "Kh Kd 4s 4c Ac", 10),  # K-K-4-4-A
                player(2, "Bo", "Qh Qd Jh Jd Kc", 10),  # Q-Q-J-J-K: kings beat queens
            ],
        }
    )
    assert pots_of(sd) == [(20, [1, 2], [1], {1: 20})]


def test_mucking_player_loses_and_is_not_shown() -> None:
    sd = resolve(
        table(
            [
                player(1, "Ana", "As Ad", 100),  # pair of aces (no ace on the board)
                player(2, "Bo", "Jc Jd", 100, muck=True),  # three jacks, but mucks
                player(3, "Cy", "Kc Kh", 100),
            ],
            button=3,
            last_aggressor=1,
        )
    )
    # Bo had the best hand (trips) but chose not to show: he loses. Of the hands
    # shown, Ana's aces beat Cy's kings: Ana takes 300.
    assert pots_of(sd) == [(300, [1, 2, 3], [1], {1: 300})]
    assert sd.showdown_order == (1, 2, 3)
    assert sd.shown == (1, 3)
    assert set(sd.hands) == {1, 3}
    assert "2" not in sd.to_dict()["hands"]
    assert "Bo" in sd.explanation() and "mucked" in sd.explanation()


def test_a_mucker_alone_in_a_side_pot_takes_back_what_only_he_paid() -> None:
    sd = resolve(
        table(
            [
                player(1, "Ana", "As Ad", 100),
                player(2, "Bo", None, 300, muck=True),
                player(3, "Cy", None, 300, folded=True),
            ],
            button=3,
        )
    )
    # Main 300 (100 each) between Ana and Bo: Bo mucks, Ana wins without a
    # contest. Side 400 (Bo 200 + Cy's dead 200): only Bo is eligible.
    assert pots_of(sd) == [(300, [1, 2], [1], {1: 300}), (400, [2], [2], {2: 400})]
    assert sd.shown == (1,) and set(sd.hands) == {1}
    main, side = sd.explain_pots("en")
    assert main == "Main pot (300 chips): Ana wins with a pair of aces. Bo mucked and lost."
    assert side.startswith("Side pot 1 (400 chips): only Bo paid into it")


def test_showdown_order_from_the_button_wraps_and_skips_folded_seats() -> None:
    players = [
        player(2, "Ana", "As Ad", 50),
        player(5, "Bo", "Ks Kd", 50),
        player(7, "Cy", "Qs Qd", 50),
        player(9, "Dee", None, 50, folded=True),
    ]
    # Button 7: seat 9 is left of it but folded, so 2, 5, 7.
    assert resolve(table(players, button=7)).showdown_order == (2, 5, 7)
    # Button 2: 5 first, then 7, skipping 9, wrapping to 2.
    assert resolve(table(players, button=2)).showdown_order == (5, 7, 2)
    # The last aggressor shows first whatever the button.
    assert resolve(table(players, button=2, last_aggressor=7)).showdown_order == (7, 2, 5)


def test_seed_004_kicker_explained_in_three_languages() -> None:
    sd = resolve(
        table(
            [player(1, "Ana", "Ad Kh", 100), player(2, "Bo", "Ah Qd", 100)],
            button=2,
            board="Ac 9d 7h 4s 2c",
        )
    )
    assert pots_of(sd) == [(200, [1, 2], [1], {1: 200})]
    for lang, pot_word in (("en", "Main pot"), ("es", "Bote principal"), ("ru", "Основной банк")):
        line = sd.explain_pots(lang)[0]
        assert line.startswith(pot_word)
        why = explain(sd.hands[1], sd.hands[2], lang, names=["Ana", "Bo"])
        assert why.rstrip(".") in line
        assert sd.hands[1].describe(lang).lower() in line.lower()
    assert sd.to_dict("es")["explanation"] == sd.explanation("es")


def test_split_explanation_names_the_tie_and_the_best_loser() -> None:
    sd = resolve(
        table(
            [
                player(1, "Ana", "Ad Kh", 100),
                player(2, "Bo", "As Kd", 101),
                player(3, "Cy", "Ah Qd", 100),
            ],
            button=1,
            board="Ac 9d 7h 4s 2c",
        )
    )
    # Ana and Bo tie with A-A-K-9-7 and share 300 (Bo's extra chip comes back);
    # Cy's A-A-Q-9-7 is the best losing hand.
    assert sd.returned == {2: 1}
    assert pots_of(sd) == [(300, [1, 2, 3], [2, 1], {2: 150, 1: 150})]
    line = sd.explain_pots("en")[0]
    assert explain(sd.hands[2], sd.hands[1], "en", names=["Bo", "Ana"]) in line
    # Both winners beat Cy: the reason speaks of their hand, not of Bo alone.
    assert explain(sd.hands[2], sd.hands[3], "en", names=["their hand", "Cy"]) in line
    assert sd.explain_pots("en")[1].startswith("1 chip returned to Bo")
    assert "Bo получает назад 1 фишку" in sd.explanation("ru")
    assert "Bo recupera 1 ficha" in sd.explanation("es")
    # The split names the loser and his hand; with one loser no "best" is needed.
    assert "split the pot with a pair of aces against Cy's pair of aces: 150 chips each." in line
    assert "best losing hand" not in line


# The table of the brief (issue 3): Ana beats Boris on the kicker in the main pot and
# Carmen's kings in the side pot; Carmen's last 300 are returned.
SIDE_POT_TABLE = table(
    [
        player(1, "Ana", "Ad Kh", 500),
        player(2, "Boris", "Ah Qd", 200),
        player(3, "Carmen", "Kc Kd", 800),
        player(5, "Dmitri", None, 100, folded=True),
    ],
    button=3,
    board="Ac 9d 7h 4s 2c",
    last_aggressor=2,
)


@pytest.mark.parametrize(
    ("lang", "main", "side"),
    [
        (
            "en",
            "Main pot (700 chips): Ana wins with a pair of aces against the best losing hand, "
            "Boris's pair of aces.",
            "Side pot 1 (600 chips): Ana wins with a pair of aces against Carmen's pair of kings.",
        ),
        (
            "es",
            "Bote principal (700 fichas): Ana gana con pareja de ases frente a la mejor mano "
            "perdedora, la pareja de ases de Boris.",
            "Bote secundario 1 (600 fichas): Ana gana con pareja de ases frente a la pareja de "
            "reyes de Carmen.",
        ),
        (
            "ru",
            "Основной банк (700 фишек): Ana выигрывает с комбинацией «Пара тузов» против "
            "лучшей из проигравших рук — «Пара тузов» у Boris.",
            "Побочный банк 1 (600 фишек): Ana выигрывает с комбинацией «Пара тузов» против "
            "комбинации «Пара королей» у Carmen.",
        ),
    ],
)
def test_every_pot_names_the_winner_and_the_best_losing_hand(
    lang: str, main: str, side: str
) -> None:
    sd = resolve(SIDE_POT_TABLE)
    assert pots_of(sd) == [
        (700, [1, 2, 3], [1], {1: 700}),
        (600, [1, 3], [1], {1: 600}),
    ]
    lines = sd.explain_pots(lang)
    assert len(lines) == 3
    # Each pot: who wins with what against whom, then why (explain, winner first).
    for line, sentence, loser, name in (
        (lines[0], main, 2, "Boris"),
        (lines[1], side, 3, "Carmen"),
    ):
        why = explain(sd.hands[1], sd.hands[loser], lang, names=["Ana", name])
        assert line == f"{sentence} {why[:1].upper()}{why[1:]}"


def test_nameless_players_read_as_seats_inside_sentences() -> None:
    players = [player(1, "", "Ah 3d", 50), player(4, "", "Qh 8d", 50), player(6, "", "Th 7s", 50)]
    sd = resolve(table(players, button=1, board="2c 5d 9h Js Kc"))
    en, es, ru = (sd.explain_pots(lang)[0] for lang in ("en", "es", "ru"))
    assert "seat 1 wins with ace high against the best losing hand, seat 4's king high." in en
    assert "el asiento 1 gana con carta alta (as)" in es
    assert "la carta alta (rey) del asiento 4." in es
    assert "игрок на месте 1 выигрывает" in ru
    assert "«Старшая карта — король» у игрока на месте 4." in ru
    # The CLI's table keeps the short label.
    assert "seat 4" in resolve_cmd.format_showdown(sd).splitlines()[1]


def test_nameless_split_shares_and_cli_amounts_keep_seats_and_chips_apart() -> None:
    players = [
        player(1, "", "2d 2h", 101),
        player(4, "", "9c 9d", 150),
        player(6, "", "3c 4d", 1, folded=True),
    ]
    sd = resolve(table(players, button=1, board="Ac Kd Qh Js Tc"))
    # 101 + 101 + 1 = 203 split; seat 4 (first left of the button) gets the odd chip,
    # and 49 of seat 4's 150 come back.
    assert pots_of(sd) == [(203, [1, 4], [4, 1], {4: 102, 1: 101})] and sd.returned == {4: 49}
    assert "102 chips to seat 4 and 101 to seat 1;" in sd.explain_pots("en")[0]
    assert "102 fichas para el asiento 4 y 101 para el asiento 1;" in sd.explain_pots("es")[0]
    assert (
        "игрок на месте 4 получает 102 фишки, игрок на месте 1 — 101;" in sd.explain_pots("ru")[0]
    )
    lines = resolve_cmd.format_showdown(sd).splitlines()
    assert "Returned: seat 4 (49)" in lines and "Payouts: seat 1 (101), seat 4 (102)" in lines


def test_a_tie_of_three_speaks_of_every_hand_not_both() -> None:
    players = [
        player(1, "Ana", "2d 2h", 34),
        player(2, "Bo", "3c 3d", 34),
        player(3, "Cy", "4c 4d", 34),
        player(4, "Dee", None, 1, folded=True),
    ]
    sd = resolve(table(players, button=2, board="Ac Kd Qh Js Tc"))
    # 103 = 3 x 34 + 1: the odd chip to Cy, first left of the button.
    assert pots_of(sd) == [(103, [1, 2, 3], [3, 1, 2], {3: 35, 1: 34, 2: 34})]
    for lang, every, both in (
        ("en", "A-K-Q-J-10 in every hand", "both"),
        ("es", "A-K-Q-J-10 en todas las manos", "las dos manos"),
        ("ru", "A-K-Q-J-10 у каждого", "обеих"),
    ):
        line = sd.explain_pots(lang)[0]
        assert every in line and both not in line
    assert (
        "Cy, Ana and Bo split the pot with a straight (ace high): 35 chips to Cy, 34 to Ana and "
        "34 to Bo;" in (sd.explain_pots("en")[0])
    )


def test_muckers_and_lone_side_pots_read_naturally() -> None:
    players = [
        player(1, "Ana", "As Ad", 100),
        player(2, "Bo", None, 100, muck=True),
        player(3, "Cy", None, 100, muck=True),
        player(4, "Dee", None, 50, folded=True),
    ]
    sd = resolve(table(players, button=4))
    assert pots_of(sd) == [(350, [1, 2, 3], [1], {1: 350})]
    main = sd.explain_pots("ru")[0]
    # Russian present tense needs no gender; two muckers take the plural.
    assert main.endswith("Bo и Cy не показывают карты и проигрывают.")
    assert "Ana выигрывает с комбинацией «Пара тузов»." in main
    es = sd.explain_pots("es")
    assert es[0].endswith("Bo y Cy no enseñaron sus cartas y perdieron.")
    # A nameless bettor gets an uncalled bet back, then is alone in a side pot.
    returned = resolve(
        table([player(1, "Ana", "As Ad", 100), player(2, "", None, 300, muck=True)], button=1)
    )
    assert returned.explain_pots("ru")[1] == (
        "Игрок на месте 2 получает назад 200 фишек: эту часть ставки никто не уравнял."
    )
    assert returned.explain_pots("es")[1].startswith("El asiento 2 recupera 200 fichas")
    lone = resolve(
        table(
            [
                player(1, "Ana", "As Ad", 100),
                player(2, "", None, 300, muck=True),
                player(3, "Cy", None, 300, folded=True),
            ],
            button=3,
        )
    )
    assert lone.explain_pots("ru")[1] == (
        "Побочный банк 1 (400 фишек): в этом банке только фишки игрока на месте 2, "
        "и они возвращаются владельцу без вскрытия."
    )
    assert lone.explain_pots("es")[1] == (
        "Bote secundario 1 (400 fichas): solo el asiento 2 puso esas fichas, así que se le "
        "devuelven sin enseñar cartas."
    )


# --- split_amount -------------------------------------------------------------------------


def test_split_amount_odd_chips_start_left_of_the_button_and_wrap() -> None:
    seats = [1, 4, 6, 9]
    # 10 chips among 3: 3 each and one odd chip, to the first winner left of 6: seat 9.
    assert split_amount(10, [1, 4, 9], button=6, seats=seats) == {9: 4, 1: 3, 4: 3}
    # Button on 9: the next seat wraps to 1.
    assert split_amount(11, [1, 4, 9], button=9, seats=seats) == {1: 4, 4: 4, 9: 3}
    # The button seat itself comes last.
    assert split_amount(5, [4, 6], button=4, seats=seats) == {6: 3, 4: 2}
    assert split_amount(0, [4, 6], button=4, seats=seats) == {6: 0, 4: 0}


def test_split_amount_follows_the_given_clockwise_order() -> None:
    assert split_amount(7, [3, 8], button=8, seats=[3, 8]) == {3: 4, 8: 3}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((10, [2], 1, [1, 3]), "winner 2"),
        ((10, [1], -2, [1, 3]), "button -2 is negative"),
        ((10, [1], 2, [3, 1]), "button 2 is not one of the seats"),
        ((10, [], 1, [1, 3]), "at least one winner"),
        ((10, [1, 1], 1, [1, 3]), "listed twice"),
        ((-1, [1], 1, [1, 3]), "negative"),
        ((2.5, [1], 1, [1, 3]), "integer"),
    ],
)
def test_split_amount_bad_input(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(TableError, match=message):
        split_amount(*args)


# --- types and JSON -----------------------------------------------------------------------


def test_top_level_exports_are_the_pots_module_objects() -> None:
    assert showdown.resolve is resolve
    assert showdown.Table is Table and showdown.Player is Player
    assert showdown.Showdown is Showdown and showdown.Pot is Pot


def test_table_round_trips_through_dict_and_json() -> None:
    data = table(
        [player(3, "Bo", "Ah Qd", 50), player(1, "Ana", "Ad Kh", 50, muck=True)],
        button=1,
        board="Ac 9d 7h 4s 2c",
        last_aggressor=3,
    )
    t = Table.from_dict(data)
    assert [p.seat for p in t.players] == [1, 3]
    assert Table.from_dict(t.to_dict()) == t
    assert Table.from_json(json.dumps(t.to_dict())) == t
    assert resolve(data) == resolve(t)
    # Tables, pots and results are immutable values, usable as keys.
    assert len({t, Table.from_dict(data)}) == 1
    assert len({resolve(t), resolve(data)}) == 1 and len(set(resolve(t).pots)) == 1


def test_showdown_json_uses_string_seat_keys_and_integer_seat_lists() -> None:
    doc = resolve(
        table(
            [player(1, "Ana", "As Ad", 100), player(2, "Bo", "Ks Kd", 150)],
            button=1,
        )
    ).to_dict()
    assert set(doc) == {"pots", "returned", "payouts", "showdown_order", "hands", "explanation"}
    assert doc["pots"] == [
        {"amount": 200, "eligible": [1, 2], "winners": [1], "shares": {"1": 200}}
    ]
    assert doc["returned"] == {"2": 50} and doc["payouts"] == {"1": 200}
    assert doc["showdown_order"] == [2, 1]
    assert doc["hands"]["1"]["category"] == "pair" and set(doc["hands"]) == {"1", "2"}


def test_resolve_does_not_build_hands_until_asked() -> None:
    sd = resolve(table([player(1, "A", "As Ad", 5), player(2, "B", "Ks Kd", 5)], button=1))
    assert "hands" not in sd.__dict__
    assert sd.ranks[1] < sd.ranks[2]
    assert sd.hands[1].rank == sd.ranks[1]


# --- bad input ----------------------------------------------------------------------------


def _two(**changes: Any) -> dict[str, Any]:
    data = table([player(1, "Ana", "Ad Kh", 100), player(2, "Bo", "Ah Qd", 100)], button=1)
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_two(board="Ac 9d 7h 4s Ad"), r"card Ad appears twice: in the board and at seat 1"),
        (
            table([player(1, "A", "Ad Kh", 1), player(2, "B", "Kh 5c", 1)], button=1),
            "card Kh appears twice",
        ),
        (
            table([player(1, "A", "Ad Kh 3c", 1), player(2, "B", "Qh 5c", 1)], button=1),
            "seat 1 has 3 hole cards, needs 2",
        ),
        (_two(board="Ac 9d"), "board must have 0, 3, 4 or 5 cards, got 2"),
        (_two(game="five-card"), "five-card: the board must have 0 cards, got 5"),
        (_two(game="pineapple"), "unknown game"),
        (
            table([player(1, "A", "Ad Kh", -5), player(2, "B", "Qh 5c", 1)], button=1),
            "must not be negative",
        ),
        (
            table([player(1, "A", "Ad Kh", 2.5), player(2, "B", "Qh 5c", 1)], button=1),
            "must be an integer",
        ),
        (
            table([player(1, "A", "Ad Kh", "100"), player(2, "B", "Qh 5c", 1)], button=1),
            "must be an integer",
        ),
        (
            table([player(1, "A", "Ad Kh", True), player(2, "B", "Qh 5c", 1)], button=1),
            "must be an integer",
        ),
        (
            table([player(1, "A", "Ad Kh", 1), player(1, "B", "Qh 5c", 1)], button=1),
            "seat 1 is listed twice",
        ),
        (_two(button=-5), "the button -5 is negative"),
        (_two(last_aggressor=7), "the last aggressor 7 is not one of the seats"),
        (
            table(
                [player(1, "A", "Ad Kh", 1), player(2, "B", None, 1, folded=True)],
                button=1,
                last_aggressor=2,
            ),
            "the last aggressor, seat 2, folded",
        ),
        (table([player(1, "A", "Ad Kh", 1)], button=1), "at least two players, got 1"),
        (
            table([player(1, "A", "Ad Kh", 1), player(2, "B", None, 1)], button=1),
            "seat 2 is live but has no hole cards",
        ),
        (_two(board="Ac 9d 7h 4s"), "the hand goes to showdown, so the board needs 5 cards"),
        (
            table(
                [player(1, "A", None, 1, folded=True), player(2, "B", None, 1, folded=True)],
                button=1,
            ),
            "every player folded",
        ),
        (
            table(
                [player(1, "A", "Ad Kh", 1, muck=True), player(2, "B", "Qh 5c", 1, muck=True)],
                button=1,
            ),
            "every player in a pot mucked",
        ),
        (
            table(
                [player(1, "A", "Ad Kh", 1, folded=True, muck=True), player(2, "B", "Qh 5c", 1)],
                button=1,
            ),
            "muck applies only to a live player",
        ),
        (_two(players=[{"seat": 1, "contributed": 1, "cards": "Ad Kh"}]), "unknown key 'cards'"),
        (_two(players=[{"seat": 1}, {"seat": 2, "contributed": 1}]), "missing 'contributed'"),
        (_two(players="Ana, Bo"), "players must be a list"),
        (_two(board="Ac 9d 7h 4s Xx"), "unknown card 'Xx'"),
        ([1, 2], "the table must be a JSON object"),
    ],
)
def test_bad_tables_raise_a_clear_error(data: Any, message: str) -> None:
    with pytest.raises(TableError, match=message):
        resolve(data)


def test_not_json_is_a_table_error() -> None:
    with pytest.raises(TableError, match="not JSON"):
        Table.from_json("{'game': 'holdem'")
    assert issubclass(TableError, ValueError)


def test_a_short_board_is_fine_when_nobody_shows() -> None:
    sd = resolve(
        table([player(1, "A", None, 30), player(2, "B", None, 10, folded=True)], button=2, board="")
    )
    assert sd.returned == {1: 20} and sd.payouts == {1: 20}


def test_wrap_house_rule_is_passed_to_the_evaluator() -> None:
    players = [player(1, "Ana", "3h 9d", 20), player(2, "Bo", "Ac 7d", 20)]
    board = "Qc Kd Ah 2s 7c"
    # Standard rules: Ana has ace high, Bo two pair (aces and sevens): Bo wins.
    assert resolve(table(players, button=2, board=board)).payouts == {2: 40}
    # R10 house rule: Q-K-A-2-3 is a straight for Ana, which beats two pair.
    wrapped = resolve(table(players, button=2, board=board, wrap=True))
    assert wrapped.payouts == {1: 40}
    assert wrapped.hands[1].category.json_name == "straight"
    assert wrapped.table.to_dict()["wrap"] is True


# Holes a mutation run found: each test below fails on one surviving mutant.


def test_the_json_of_a_hi_lo_pot_keeps_each_half_under_its_own_key() -> None:
    # Ana: trip kings, no low; Bo: the low A-2-4-6-8 and only a pair of nines high.
    sd = resolve(
        {
            "game": "omaha-hi-lo",
            "button": 1,
            "board": "4h 6s 8d Kc 3s",
            "players": [player(1, "Ana", "Kd Ks Qh Jh", 100), player(2, "Bo", "Ac 2c 9s 9d", 100)],
        }
    )
    (pot,) = sd.pots
    assert pot.high is not None and pot.low is not None and pot.high != pot.low
    doc = pot.to_dict()
    assert doc["high"] == pot.high.to_dict() == {"winners": [1], "shares": {"1": 100}}
    assert doc["low"] == pot.low.to_dict() == {"winners": [2], "shares": {"2": 100}}
    # No qualifying low (a king and a jack on the board): the high half is the whole pot.
    sd = resolve(
        {
            "game": "omaha-hi-lo",
            "button": 1,
            "board": "4h Js Td Kc 3s",
            "players": [player(1, "Ana", "Kd Ks Qh Jh", 100), player(2, "Bo", "Ac 2c 9s 9d", 100)],
        }
    )
    (pot,) = sd.pots
    assert pot.high is not None and pot.low is None
    assert pot.to_dict()["high"] == {"winners": [1], "shares": {"1": 200}}
    assert pot.to_dict()["low"] is None


def test_stud_without_a_last_aggressor_shows_from_the_lowest_seat() -> None:
    sd = resolve(
        {
            "game": "stud",
            "players": [
                player(2, "Ana", "Ah Kd Qc Jd 9s 2c 3d", 50),
                player(4, "Bo", "As Kc Qd Jc 8h 2d 3c", 50),
                player(6, "Cy", "4c 4d 6h 7h 9c 9d 2h", 50),
            ],
        }
    )
    assert sd.table.button is None and sd.table.last_aggressor is None
    assert sd.showdown_order == (2, 4, 6)


def test_split_by_cards_shares_nothing_without_refusing() -> None:
    from showdown.pots.resolution import split_by_cards

    assert split_by_cards(0, [1, 2], {1: [50, 0], 2: [51, 1]}, low=False) == {2: 0, 1: 0}
    assert split_by_cards(0, [3], {3: [7]}, low=True) == {3: 0}
    with pytest.raises(TableError, match="must not be negative"):
        split_by_cards(-1, [1], {1: [0]}, low=False)


@pytest.mark.parametrize("button", [2, 5, 7, 4])  # on each seat, and a dead button
def test_split_amount_gives_a_lone_winner_everything(button: int) -> None:
    for amount in (0, 1, 90, 101):
        for winner in (2, 5, 7):
            assert split_amount(amount, [winner], button=button, seats=[2, 5, 7]) == {
                winner: amount
            }


def test_to_json_is_the_dict_indented_by_two_with_letters_as_they_are() -> None:
    sd = resolve(
        table(
            [player(1, "Ana", "Ad Kh", 100), player(2, "Борис", "Ah Qd", 100)],
            button=2,
            board="Ac 9d 7h 4s 2c",
        )
    )
    text = sd.to_json("ru")
    assert text == json.dumps(sd.to_dict("ru"), ensure_ascii=False, indent=2)
    assert "Борис" in text and "\\u" not in text  # Cyrillic as it is, not escaped
    assert text.splitlines()[1].startswith('  "pots"')


def test_a_pot_with_one_live_player_in_it_is_not_shown_down() -> None:
    # Bo is live with nothing in: the main pot is Ana's alone, so nobody shows.
    sd = resolve(
        table(
            [
                player(1, "Ana", "Ad Kh", 100),
                player(2, "Bo", "Ah Qd", 0),
                player(3, "Cy", None, 100, folded=True),
            ],
            button=1,
            board="Ac 9d 7h 4s 2c",
        )
    )
    assert pots_of(sd) == [(200, [1], [1], {1: 200})]
    assert sd.showdown_order == () and sd.shown == ()


def test_a_hi_lo_pot_won_alone_keeps_a_high_and_an_empty_low_half() -> None:
    from showdown.pots.resolution import Award

    sd = resolve(
        {
            "game": "omaha-hi-lo",
            "button": 1,
            "board": "4h 6s 8d Kc 3s",
            "players": [
                player(1, "Ana", "Kd Ks Qh Jh", 100),
                player(2, "Bo", "Ac 2c 9s 9d", 300),
                player(3, "Cy", None, 300, folded=True),
            ],
        }
    )
    side = sd.pots[1]
    assert side.eligible == (2,)
    assert side.halves == (Award((2,), {2: 400}), None)
    assert side.to_dict()["high"] == {"winners": [2], "shares": {"2": 400}}
    assert side.to_dict()["low"] is None


@pytest.mark.parametrize(
    ("game", "needs"), [("omaha", "4 to 6"), ("omaha-hi-lo", "4 or 5"), ("holdem", "2")]
)
def test_a_wrong_number_of_hole_cards_names_what_the_game_needs(game: str, needs: str) -> None:
    players = [player(1, "Ana", "Ad Kh Qs", 100), player(2, "Bo", "Ah Qd 2s 3s", 100)]
    with pytest.raises(TableError, match=f"seat 1 has 3 hole cards, needs {needs}$"):
        resolve({**table(players, button=1, board="Ac 9d 7h 4s 2c"), "game": game})


def test_a_player_given_only_a_seat_is_in_with_nothing() -> None:
    bare = Player(4)
    assert (bare.name, bare.hole, bare.contributed, bare.folded, bare.muck) == (
        "",
        None,
        0,
        False,
        False,
    )


# table.py's mutation survivors: defaults, the trips flag in JSON, and what input is refused.
TWO = [player(1, "Ana", "Ad Kh", 100), player(2, "Bo", "Ah Qd", 100)]


def test_a_table_is_standard_unless_told() -> None:
    bare = Table(game="holdem", button=1, players=[Player(1, hole="Ad Kh"), Player(2)])
    assert (bare.wrap, bare.trips_beat_straight) == (False, False)
    assert "wrap" not in bare.to_dict() and "trips_beat_straight" not in bare.to_dict()


def test_the_trips_rule_survives_a_round_trip_through_json() -> None:
    short = Table.from_dict(
        {"game": "short-deck", "button": 1, "trips_beat_straight": True, "players": TWO}
    )
    assert short.to_dict()["trips_beat_straight"] is True
    assert Table.from_dict(short.to_dict()) == short


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"game": "holdem", "players": TWO}, "the table: missing 'button'"),
        (
            {"game": "holdem", "button": 1, "board": [1, 2], "players": TWO},
            'the board must be card text such as "Ad Kh" or a list of cards',
        ),
        (
            {"game": "holdem", "button": 1, "players": [{"hole": "Ad Kh"}, TWO[1]]},
            "player 1: missing 'seat'",
        ),
    ],
)
def test_a_bad_table_is_refused_by_name(data: dict[str, Any], message: str) -> None:
    with pytest.raises(TableError) as caught:
        Table.from_dict(data)
    assert str(caught.value) == message


@pytest.mark.parametrize("players", ["Ana, Bo", b"Ana", 5, {"seat": 1}])
def test_players_must_be_a_list(players: object) -> None:
    with pytest.raises(TableError, match=r"^players must be a list of players$"):
        Table(game="holdem", button=1, players=players)  # type: ignore[arg-type]
