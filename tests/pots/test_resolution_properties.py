"""Properties of :func:`resolve` over random tables, and agreement with a plain reference.

Tables: 2-10 players on random, non-contiguous seats, random contributions
drawn from few values (so all-in levels coincide), random folds, muckers and
button; Hold'em, Omaha and five-card; sometimes a board that plays for
everyone (ties everywhere).
"""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.cards import Card
from showdown.hands.value import evaluate
from showdown.pots.resolution import Showdown, Table, resolve
from showdown.text.pots import hand_phrase

HOLE = {"holdem": 2, "omaha": 4, "five-card": 5}
ROYAL = [Card.parse(c).id for c in ("As", "Ks", "Qs", "Js", "Ts")]


@st.composite
def tables(draw: st.DrawFn) -> Table:
    n = draw(st.integers(2, 10))
    game = draw(st.sampled_from(["holdem", "holdem", "omaha", "five-card"]))
    seats = sorted(draw(st.lists(st.integers(0, 15), min_size=n, max_size=n, unique=True)))
    deck = list(draw(st.permutations(range(52))))
    board: list[int] = []
    if game != "five-card":
        if game == "holdem" and draw(st.booleans()):
            board = ROYAL  # the board plays: every live player ties
            deck = [c for c in deck if c not in ROYAL]
        else:
            board, deck = deck[:5], deck[5:]
    levels = draw(st.lists(st.integers(0, 500), min_size=1, max_size=4))
    chips = [draw(st.sampled_from(levels)) for _ in range(n)]
    folded = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    if all(folded):
        folded[draw(st.integers(0, n - 1))] = False
    live = [k for k in range(n) if not folded[k]]
    # The live player with the most chips shows, so no contested pot is all muck.
    keeper = max(live, key=lambda k: chips[k])
    muck = [not folded[k] and k != keeper and draw(st.integers(0, 4)) == 0 for k in range(n)]
    players = []
    size = HOLE[game]
    for k, seat in enumerate(seats):
        hole = deck[k * size : (k + 1) * size]
        hide = folded[k] and draw(st.booleans())  # a folded player may give no cards
        players.append(
            {
                "seat": seat,
                "name": f"P{seat}",
                "hole": None if hide else [str(Card.from_id(c)) for c in hole],
                "contributed": chips[k],
                "folded": folded[k],
                "muck": muck[k],
            }
        )
    aggressor = draw(st.sampled_from([None, *(seats[k] for k in live)]))
    return Table.from_dict(
        {
            "game": game,
            "button": draw(st.sampled_from(seats)),
            "board": [str(Card.from_id(c)) for c in board],
            "last_aggressor": aggressor,
            "players": players,
        }
    )


def clockwise_after(seats: list[int], start: int) -> list[int]:
    """Every seat in clockwise order beginning with the first one after ``start``."""
    k = seats.index(start)
    return seats[k + 1 :] + seats[: k + 1]


def reference(table: Table) -> dict[str, Any]:
    """The rules written out plainly: cut at every contribution, merge, deal chips one by one."""
    seats = list(table.seats)
    chips = {p.seat: p.contributed for p in table.players}
    live = {p.seat for p in table.players if not p.folded}
    returned = {}
    ranked = sorted(chips.values(), reverse=True)
    if ranked[0] > ranked[1]:
        top = next(s for s, c in chips.items() if c == ranked[0])
        returned[top] = ranked[0] - ranked[1]
        chips[top] = ranked[1]
    pots: list[list[Any]] = []  # [amount, eligible seats]
    orphan = 0
    previous = 0
    for level in sorted(set(chips.values()) - {0}):
        amount = sum(min(c, level) - min(c, previous) for c in chips.values())
        eligible = sorted(s for s in live if chips[s] >= level)
        previous = level
        if not eligible:
            orphan += amount
        elif pots and pots[-1][1] == eligible:
            pots[-1][0] += amount
        else:
            pots.append([amount, eligible])
    if orphan:
        if pots:
            pots[-1][0] += orphan
        else:
            pots.append([orphan, sorted(live)])
    contested = bool(pots) and len(pots[0][1]) > 1
    in_showdown = pots[0][1] if contested else []
    muck = {p.seat for p in table.players if p.muck}
    hands = {
        s: evaluate(table.player(s).hole or (), table.board, table.game)
        for s in in_showdown
        if s not in muck
    }
    result = []
    for amount, eligible in pots:
        showing = [s for s in eligible if s in hands]
        if len(eligible) == 1:
            winners = eligible
        else:
            best = max(hands[s] for s in showing)
            winners = [s for s in showing if hands[s] == best]
        shares = dict.fromkeys(winners, 0)
        order = [s for s in clockwise_after(seats, table.button) if s in winners]
        for chip in range(amount):  # one chip at a time, from the left of the button
            shares[order[chip % len(order)]] += 1
        result.append((amount, eligible, sorted(winners), shares))
    if table.last_aggressor is not None:
        first = table.last_aggressor
    else:
        first = clockwise_after(seats, table.button)[0]
    walk = seats[seats.index(first) :] + seats[: seats.index(first)]
    order = [s for s in walk if s in in_showdown]
    return {"pots": result, "returned": returned, "order": order, "hands": hands}


def check_invariants(table: Table, sd: Showdown) -> None:
    contributed = sum(p.contributed for p in table.players)
    assert sum(sd.payouts.values()) + sum(sd.returned.values()) == contributed
    assert sum(p.amount for p in sd.pots) == sum(sd.payouts.values())
    folded = {p.seat for p in table.players if p.folded}
    muckers = {p.seat for p in table.players if p.muck}
    seats = list(table.seats)
    for pot in sd.pots:
        assert pot.amount > 0
        assert set(pot.winners) <= set(pot.eligible)
        assert not set(pot.eligible) & folded
        assert sum(pot.shares.values()) == pot.amount
        assert max(pot.shares.values()) - min(pot.shares.values()) <= 1
        # Shares in order from the left of the button, the larger ones first.
        from_button = [s for s in clockwise_after(seats, table.button) if s in pot.winners]
        assert list(pot.shares) == from_button == list(pot.winners)
        values = list(pot.shares.values())
        assert values == sorted(values, reverse=True)
        if pot.contested:
            assert not set(pot.winners) & muckers
    # Main pot first: eligible sets shrink from one pot to the next.
    for a, b in zip(sd.pots, sd.pots[1:], strict=False):
        assert set(b.eligible) < set(a.eligible)
    assert not set(sd.payouts) & folded
    assert not set(sd.hands) & (folded | muckers)
    assert set(sd.showdown_order) <= set(table.seats) - folded
    assert sd.shown == tuple(s for s in sd.showdown_order if s not in muckers)
    for seat, n in sd.returned.items():
        assert n > 0 and table.player(seat).contributed == max(p.contributed for p in table.players)


@settings(max_examples=300, deadline=None)
@given(tables())
def test_invariants(table: Table) -> None:
    check_invariants(table, resolve(table))


@settings(max_examples=200, deadline=None)
@given(tables())
def test_agrees_with_the_plain_reference(table: Table) -> None:
    sd = resolve(table)
    ref = reference(table)
    got = [(p.amount, list(p.eligible), sorted(p.winners), dict(p.shares)) for p in sd.pots]
    assert got == ref["pots"]
    assert sd.returned == ref["returned"]
    assert list(sd.showdown_order) == ref["order"]
    assert {s: h.rank for s, h in sd.hands.items()} == {s: h.rank for s, h in ref["hands"].items()}
    assert sd.ranks == {s: h.rank for s, h in ref["hands"].items()}


@settings(max_examples=40, deadline=None)
@given(tables(), st.sampled_from(["en", "es", "ru"]))
def test_explanation_and_json_for_any_table(table: Table, lang: str) -> None:
    sd = resolve(table)
    doc = sd.to_dict(lang)
    assert len(sd.explain_pots(lang)) == max(1, len(sd.pots) + len(sd.returned))
    assert [p["amount"] for p in doc["pots"]] == [p.amount for p in sd.pots]
    assert all(isinstance(s, int) for p in doc["pots"] for s in p["eligible"] + p["winners"])
    assert set(doc["hands"]) == {str(s) for s in sd.shown}
    assert Table.from_dict(table.to_dict()) == table


OWNER = {"en": r"\b{name}'s ", "es": r" de {name}\b", "ru": r" у {name}\b"}


@settings(max_examples=40, deadline=None)
@given(tables(), st.sampled_from(["en", "es", "ru"]))
def test_each_contested_pot_names_its_winner_and_best_losing_hand(table: Table, lang: str) -> None:
    sd = resolve(table)
    for line, pot in zip(sd.explain_pots(lang), sd.pots, strict=False):
        shown = [s for s in pot.eligible if s in sd.hands]
        losers = [s for s in shown if s not in pot.winners]
        if not pot.contested or not shown:
            continue
        # The first sentence: who wins with what, against whose best losing hand.
        head = line.split(". ")[0]
        assert re.search(rf"\bP{pot.winners[0]}\b", head)
        assert hand_phrase(sd.hands[pot.winners[0]], lang) in head
        if losers:
            best = min(losers, key=sd.ranks.__getitem__)
            assert re.search(OWNER[lang].format(name=f"P{best}"), head), head
            assert hand_phrase(sd.hands[best], lang, article=False) in head
            if lang == "en":
                assert ("best losing hand" in head) == (len(losers) > 1)
        else:
            assert not any(w in head for w in ("against", "frente a", "против"))
