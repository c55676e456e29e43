"""Thousands of rounds with the computer strategy on all three seats, checked independently:
chips conserved exactly (players + house + pot), the house pays 1:1, exact ties push, the
table pot goes to the best hands with odd chips per R7, a carried pot returns next round."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from showdown.categories import Category
from showdown.game.bots import ALWAYS_KEEP, OPPONENTS, analyse
from showdown.game.rounds import (
    SEATS,
    Chips,
    Round,
    apply_decision,
    deal,
    reveal_next,
    seat_order,
    shuffled_deck,
)
from showdown.hands.scalar import evaluate_ids

START = 1000


def tie_heavy_deck(rng: random.Random, button: int) -> list[int]:
    """A deck in which the dealer and two or three players hold the same five ranks
    in different suits (so exact ties against the house and in the pot happen)."""
    ranks = rng.sample(range(13), 5)
    suits = [rng.sample(range(4), 4) for _ in ranks]  # per rank, four different suits
    holders = rng.sample(range(SEATS), rng.choice([2, 3]))
    deck: list[int | None] = [None] * 52
    order = seat_order(button)
    for k, who in enumerate([*holders, "dealer"]):
        for p, rank in enumerate(ranks):
            card = 4 * rank + suits[p][k]
            pos = p * 4 + (3 if who == "dealer" else order.index(int(who)))
            deck[pos] = card
    used = {c for c in deck if c is not None}
    rest = [c for c in range(52) if c not in used]
    rng.shuffle(rest)
    it = iter(rest)
    return [c if c is not None else next(it) for c in deck]


def made_hand_deck(rng: random.Random, button: int) -> list[int]:
    """A shuffled deck in which one opponent is dealt a full house or four of a kind
    (rare in a fair deal), to check that no style ever breaks one."""
    three, two = rng.sample(range(13), 2)
    if rng.random() < 0.5:
        made = [4 * three + s for s in rng.sample(range(4), 3)]
        made += [4 * two + s for s in rng.sample(range(4), 2)]
    else:
        made = [4 * three + s for s in range(4)] + [4 * two + rng.randrange(4)]
    rng.shuffle(made)
    seat = rng.choice([1, 2])
    rest = [c for c in range(52) if c not in made]
    rng.shuffle(rest)
    deck = rest[:]
    at = seat_order(button).index(seat)
    for p, card in enumerate(made):
        deck.insert(p * 4 + at, card)
    return deck


def r7_shares(amount: int, winners: list[int], button: int) -> dict[int, int]:
    """Independent R7: equal shares, odd chips one each from left of the button."""
    ordered = sorted(winners, key=lambda s: (s - button - 1) % SEATS)
    base, odd = divmod(amount, len(ordered))
    return {s: base + (1 if k < odd else 0) for k, s in enumerate(ordered)}


def decide(rnd: Round, seat: int, samples: int) -> tuple[str, int | None]:
    rivals = sum(1 for s in range(SEATS) if s != seat and rnd.seats[s].status != "folded")
    a = analyse(rnd.seats[seat].hand, rnd.dealer[0], rnd.ante, rnd.pot, rivals, samples, seat)
    if seat == 0:  # seat 0 plays the hint: the best expected value
        best = a.best()
        return (best.action, best.card_index)
    return OPPONENTS[seat].decide(a, rnd.ante)


def run(rounds: int, seed: int, samples: int, stacks: tuple[int, ...]) -> Counter[str]:
    rng = random.Random(seed)
    table = Chips(stacks=list(stacks))
    seen: Counter[str] = Counter()

    def conserved(rnd: Round) -> None:
        assert table.total(rnd.bets_on_table()) == sum(stacks) + table.injected

    button = 2
    for number in range(1, rounds + 1):
        ante = rng.choice([5, 10, 25])
        for seat in range(SEATS):  # G7: refills are injections
            if table.stacks[seat] < 3 * ante:
                table.injected += START - table.stacks[seat]
                table.stacks[seat] = START
                seen["refill"] += 1
        pick = rng.random()
        if pick < 0.3:
            deck = tie_heavy_deck(rng, button)
        elif pick < 0.36:
            deck = made_hand_deck(rng, button)
        else:
            deck = shuffled_deck(rng.random())
        before = list(table.stacks)
        carry = table.pot
        rnd = deal(table, number, ante, button, deck)
        assert rnd.carry_in == carry and table.pot == carry + 3 * ante
        conserved(rnd)
        while rnd.to_act is not None:
            seat = rnd.to_act
            action, index = decide(rnd, seat, samples)
            if seat and Category.from_rank(evaluate_ids(rnd.seats[seat].hand)) >= ALWAYS_KEEP:
                # A made full house or better is never broken (nor folded).
                assert (action, index) == ("keep", None), (seat, rnd.seats[seat].hand, action)
                seen["made_kept"] += 1
            apply_decision(rnd, table, seat, action, index)
            conserved(rnd)
        while rnd.phase == "dealer":
            reveal_next(rnd, table)
            conserved(rnd)
        assert rnd.phase == "settled" and rnd.settlement is not None
        s = rnd.settlement

        still_in = [x for x in range(SEATS) if rnd.seats[x].status == "in"]
        expected = {x: -ante for x in range(SEATS)}
        if still_in:
            dealer_rank = evaluate_ids(rnd.dealer)
            for x in still_in:
                mine = evaluate_ids(rnd.seats[x].hand)
                entry = s["vs_house"][x]
                assert entry["bet"] == 2 * ante
                if mine < dealer_rank:
                    assert (entry["outcome"], entry["paid"]) == ("win", 2 * ante)  # 1:1
                    expected[x] += 2 * ante
                    seen["win"] += 1
                elif mine == dealer_rank:
                    assert (entry["outcome"], entry["paid"]) == ("push", 0)
                    seen["push"] += 1
                else:
                    assert (entry["outcome"], entry["paid"]) == ("loss", -2 * ante)
                    expected[x] -= 2 * ante
                    seen["loss"] += 1
            best = min(evaluate_ids(rnd.seats[x].hand) for x in still_in)
            winners = [x for x in still_in if evaluate_ids(rnd.seats[x].hand) == best]
            shares = r7_shares(carry + 3 * ante, winners, button)
            assert s["pot"]["shares"] == [
                {"seat": x, "amount": shares[x]} for x in seat_order(button) if x in shares
            ]
            assert sorted(s["pot"]["winners"]) == sorted(winners)
            for x, chips in shares.items():
                expected[x] += chips
            assert table.pot == 0
            if len(winners) > 1:
                seen["split"] += 1
                if len(set(shares.values())) > 1:
                    seen["odd_chip"] += 1
            assert s["pot"]["uncontested"] == (len(still_in) == 1)
            assert s["showdown"] == (
                [x for x in seat_order(button) if x in still_in] if len(still_in) > 1 else []
            )
        else:
            assert s["pot"]["carried"] and table.pot == carry + 3 * ante
            seen["carried"] += 1
            expected = {x: -ante for x in range(SEATS)}
        for x in range(SEATS):
            if rnd.seats[x].status == "folded":
                seen["fold"] += 1
            assert table.stacks[x] - before[x] == expected[x] == s["net"][x]["net"]
        button = (button + 1) % SEATS
    return seen


def test_simulation_thousands_of_rounds_conserve_chips_and_follow_the_rules() -> None:
    # short stacks, so that refills (G7, counted as injections) happen too
    seen = run(rounds=2500, seed=2026, samples=150, stacks=(100, 60, 1000))
    assert sum(seen[k] for k in ("win", "push", "loss")) > 2500
    # every rule was exercised, not just the common paths
    for key in ("win", "loss", "push", "split", "odd_chip", "fold", "refill", "made_kept"):
        assert seen[key] > 0, (key, seen)


@pytest.mark.slow
def test_simulation_full_strength_opponents() -> None:
    seen = run(rounds=1500, seed=7, samples=3000, stacks=(START, START, START))
    assert seen["push"] > 0 and seen["odd_chip"] > 0 and seen["made_kept"] > 0
