"""Monte Carlo deals (issue 13, finding 1): drawn with exactly the weighting of exact
enumeration, never cornered by overlapping ranges, impossible deals found up front."""

from __future__ import annotations

import itertools
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.backends import NO_KERNEL_INSTALL
from showdown.cards import CardError
from showdown.odds import draws as D
from showdown.odds.board_vectors import SUIT_MAJOR_BIT
from showdown.odds.deals import DealSampler, enumerate_deals, find_deal, groups
from showdown.odds.equity import equity
from showdown.odds.ranges import parse_range
from showdown.odds.showdown_counts import new_counts

EIGHT = ["AA", "AA", "KK", "KK", "QQ", "QQ", "JJ", "JJ"]


def _players(texts: list[str]) -> tuple[list[np.ndarray], list[np.ndarray], list[np.ndarray]]:
    cards, masks, weights = [], [], []
    for t in texts:
        r = parse_range(t)
        c = np.array(r.combos, dtype=np.int64)
        cards.append(c)
        masks.append(SUIT_MAJOR_BIT[c].sum(axis=1, dtype=np.uint64))
        weights.append(np.array(r.weights))
    return cards, masks, weights


OVERLAP = ["AA, AKs:0.5", "AK:0.25, AhAd:0.75", "AsKs, AhKh, AA:0.2, KK"]


def test_weighted_sequential_sampling_matches_exact_enumeration() -> None:
    """Each player's first-combo probability, estimated with the importance weights,
    agrees with the exact deal weighting; without the weights it would not."""
    cards, masks, weights = _players(OVERLAP)
    picks, w, _ = enumerate_deals(masks, weights, 10**6)
    exact = [
        np.bincount(picks[:, p], weights=w, minlength=len(cards[p])) / w.sum() for p in range(3)
    ]
    sampler = DealSampler(cards, masks, weights)  # not listed: sequential + importance weights
    assert sampler.weighted
    rng = np.random.default_rng(3)
    n = 400_000
    drawn, iw, taken = sampler.sample(rng, n)
    assert iw is not None and (iw >= 0).all()
    alive = iw > 0
    for p in range(3):  # every live sample is a legal deal
        assert (
            SUIT_MAJOR_BIT[cards[p][drawn[p][alive]]].sum(axis=1, dtype=np.uint64) & ~taken[alive]
        ).sum() == 0
    for p in range(3):
        est = np.bincount(drawn[p], weights=iw, minlength=len(cards[p])) / iw.sum()
        naive = np.bincount(drawn[p][alive], minlength=len(cards[p])) / alive.sum()
        # standard error of a self-normalised weighted frequency, per combo
        for j in range(len(cards[p])):
            x = (drawn[p] == j).astype(float)
            se = np.sqrt(np.sum(iw**2 * (x - est[j]) ** 2)) / iw.sum()
            assert abs(est[j] - exact[p][j]) < 5 * se + 1e-9, (p, j)
        biased = np.max(np.abs(naive - exact[p]))
        if p == 1:  # the importance weights matter here: unweighted draws are off
            assert biased > 0.01


def test_listed_deals_are_drawn_by_weight() -> None:
    cards, masks, weights = _players(OVERLAP)
    listed = enumerate_deals(masks, weights, 10**6)
    sampler = DealSampler(cards, masks, weights, listed)
    drawn, iw, _ = sampler.sample(np.random.default_rng(1), 200_000)
    assert iw is None
    picks, w, _ = listed
    exact = np.bincount(picks[:, 0], weights=w, minlength=len(cards[0])) / w.sum()
    freq = np.bincount(drawn[0], minlength=len(cards[0])) / 200_000
    assert np.abs(freq - exact).max() < 5 * np.sqrt(exact.max() / 200_000)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 11), min_size=1, max_size=6), min_size=1, max_size=5))
def test_find_deal_matches_a_brute_force(hands: list[list[int]]) -> None:
    # combos on 12 cards: combo k of a player is the pair (k, (k * 5 + 1) % 12)
    masks = []
    for player in hands:
        ms = {(1 << k) | (1 << ((k * 5 + 1) % 12)) for k in player if (k * 5 + 1) % 12 != k}
        if not ms:
            return
        masks.append(np.array(sorted(ms), dtype=np.uint64))
    truth = any(
        all(a & b == 0 for a, b in itertools.combinations(choice, 2))
        for choice in itertools.product(*[m.tolist() for m in masks])
    )
    assert find_deal(masks) is truth


def test_the_eight_player_example_always_answers() -> None:
    """It used to fail on 14 of 20 seeds: 'no deal is possible'."""
    for seed in range(20):
        r = equity(EIGHT, trials=100, seed=seed, workers=1)
        assert r.method == "monte-carlo" and r.trials == 100
        assert sum(r.equity) == pytest.approx(1.0)


def test_no_legal_deal_is_found_up_front() -> None:
    with pytest.raises(CardError, match="no deal is possible"):
        equity(["AA", "AA", "AA"], trials=1000, seed=1)
    with pytest.raises(CardError, match="no deal is possible"):
        equity(["AsAh, AdAc", "AsAd, AhAc", "AsAc, AhAd", "AsAh, AdAc"], trials=10, seed=1)


def test_eight_players_hundred_thousand_trials_quickly() -> None:
    start = time.perf_counter()
    r = equity(EIGHT, trials=100_000, seed=1, workers=1)
    elapsed = time.perf_counter() - start
    assert r.trials == 100_000
    assert elapsed < 10  # under a second unloaded; the suite shares two cores


@pytest.mark.slow
def test_eight_players_agree_with_exact_enumeration() -> None:
    exact = equity(EIGHT, exact=True, workers=1)
    mc = equity(EIGHT, trials=100_000, seed=7, workers=1)
    assert exact.method == "exact"
    assert mc.stderr is not None
    for p in range(8):
        assert abs(mc.equity[p] - exact.equity[p]) < 4.5 * mc.stderr[p] + 1e-4, p


def test_importance_weighted_equity_matches_exact() -> None:
    """Ranges too many to list: the sequential sampler with weights, end to end."""
    players = ["random", "AA, KK, AKs:0.5", "AK, QQ"]
    exact = equity(players, board="Ah Kd 7c", exact=True, workers=1)
    mc = equity(players, board="Ah Kd 7c", trials=200_000, seed=5, workers=1)
    assert mc.stderr is not None
    for p in range(3):
        assert abs(mc.equity[p] - exact.equity[p]) < 4.5 * mc.stderr[p], p


# ------------------------------------------------ the kernel's deals (issue 24)

from showdown.hands import native as _native  # noqa: E402

needs_kernel = pytest.mark.skipif(NO_KERNEL_INSTALL, reason="the no-compiler install: no kernel")


@needs_kernel
def test_kernel_deals_have_the_weighting_of_exact_enumeration() -> None:
    """Three overlapping weighted ranges: each deal's share of 200,000 kernel draws is
    its exact probability (its weight over the listed deals' total) within 5 sigma."""
    _, masks, weights = _players(["AA,AKs:0.5,KK", "AK,KK:0.25", "AA:0.3,AKo,QQ"])
    picks, weight, _ = enumerate_deals(masks, weights, 100_000)
    expected = weight / weight.sum()
    n = 200_000
    drawn = D.deal_picks(masks, [np.cumsum(w) for w in weights], n, seed=7)
    assert drawn is not None and drawn.shape == (3, n)
    # every drawn deal is legal: no card twice
    taken = [masks[p][drawn[p]] for p in range(3)]
    assert not ((taken[0] & taken[1]) | (taken[0] & taken[2]) | (taken[1] & taken[2])).any()
    index = {tuple(row): i for i, row in enumerate(picks.tolist())}
    dealt = [index[d] for d in zip(*drawn.tolist(), strict=True)]
    counts = np.bincount(dealt, minlength=len(picks))
    sigma = np.sqrt(n * expected * (1 - expected))
    assert (np.abs(counts - n * expected) <= 5 * sigma + 1).all()


@needs_kernel
def test_kernel_deals_are_seeded() -> None:
    _, masks, weights = _players(["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs"])
    cumulative = [np.cumsum(w) for w in weights]
    first = D.deal_picks(masks, cumulative, 1000, seed=3)
    assert first is not None
    np.testing.assert_array_equal(first, D.deal_picks(masks, cumulative, 1000, seed=3))
    assert not np.array_equal(first, D.deal_picks(masks, cumulative, 1000, seed=4))


@needs_kernel
def test_kernel_deals_give_up_where_deals_rarely_fit() -> None:
    """Two players who can only both be dealt through their rarest combos: None, and
    equity still answers (through the importance sampler)."""
    masks = [np.array([1, 2], dtype=np.uint64), np.array([1, 2], dtype=np.uint64)]
    weights = [np.array([1.0, 1e-4]), np.array([1.0, 0.0])]
    assert D.deal_picks(masks, [np.cumsum(w) for w in weights], 100, seed=1) is None
    result = equity(["AsAh:1,KsKh:0.0001", "AsAh,QsQh:0.0001"], trials=20_000, seed=1)
    assert result.trials == 20_000


def test_groups_list_each_players_combo_of_every_joint_deal() -> None:
    _, masks, weights = _players(["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs", "AKo"])
    found = groups(masks, weights, limit=600)
    assert sorted(p for members, *_ in found for p in members) == [0, 1, 2, 3]
    for members, picks, weight, taken in found:
        assert len(picks) <= 600 and picks.shape[1] == len(members)
        mine = [masks[p][picks[:, k]] for k, p in enumerate(members)]
        np.testing.assert_array_equal(np.bitwise_or.reduce(mine), taken)
        product = np.prod([weights[p][picks[:, k]] for k, p in enumerate(members)], axis=0)
        np.testing.assert_allclose(product, weight)


@needs_kernel
def test_three_ranges_on_the_kernel_agree_with_exact() -> None:
    """Grouped kernel deals and the card-by-card board (three ranged hands) against the
    exact answer, within 5 standard errors."""
    players = ["KK+", "QQ,AKs", "JJ,AQs"]
    exact = equity(players, exact=True, workers=1)
    drawn = equity(players, trials=400_000, seed=11, workers=1)
    assert drawn.method == "monte-carlo"
    for e, d in zip(exact.equity, drawn.equity, strict=True):
        assert abs(e - d) <= 5 * (e * (1 - e) / 400_000) ** 0.5 + 1e-3


real_deal_counts = D.deal_counts


def _kernel_groups(texts: list[str]) -> tuple[list[np.ndarray], list]:
    """Players' combos and the groups holdem_deals reads (every player ranged)."""
    cards, masks, weights = _players(texts)
    listed = [(members, picks, np.cumsum(w)) for members, picks, w, _ in groups(masks, weights)]
    return cards, listed


@needs_kernel
def test_kernel_deal_counts_are_seeded_and_count_every_trial() -> None:
    cards, listed = _kernel_groups(["QQ+,AKs", "JJ-99,AQs+", "88-66,KQs"])
    runs = []
    for seed in (5, 5, 6):
        counts = new_counts(3)
        assert D.deal_counts([], range(52), cards, listed, 20_000, seed, counts)
        runs.append(counts)
    np.testing.assert_array_equal(runs[0], runs[1])
    assert not np.array_equal(runs[0], runs[2])
    # each trial is one showdown: its winners' shares add up to one
    shares = runs[0] / np.arange(11)[None, :].clip(1)
    assert shares[:, 1:].sum() == pytest.approx(20_000)


@needs_kernel
def test_kernel_deal_counts_give_up_where_deals_rarely_fit() -> None:
    """Two players, each a group of its own, who can only both be dealt through one's
    rarest combo: False, as deal_picks gives None."""
    cards = [np.array([[51, 50], [47, 46]]), np.array([[51, 50], [43, 42]])]
    listed = [([0], np.array([[0], [1]]), np.cumsum([1.0, 1e-4])),
              ([1], np.array([[0], [1]]), np.cumsum([1.0, 0.0]))]  # fmt: skip
    assert not D.deal_counts([], range(52), cards, listed, 100, 1, new_counts(2))


@needs_kernel
@pytest.mark.parametrize(
    ("groups_of", "message"),
    [
        (lambda listed: [], "a ranged player is in no group"),
        (lambda listed: [*listed, listed[0]], "in two groups|more groups"),
        (lambda listed: [([0, 1], np.array([[0, 99]]), np.ones(1))], "names no combo"),
        (lambda listed: [([0, 1], np.array([[0, 0]]), np.ones(1))], "a card twice"),
        (lambda listed: [([0, 1], np.array([[0, 1], [1, 0]]), np.array([2.0, 1.0]))],
         "must not decrease"),
        (lambda listed: [([0, 1], np.array([[0, 1]]), np.zeros(1))], "positive sum"),
        (lambda listed: [([0, 7], np.array([[0, 1]]), np.ones(1))], "no ranged player"),
    ],
)
def test_kernel_deal_counts_check_their_groups(groups_of, message: str) -> None:  # type: ignore[no-untyped-def]
    cards = [np.array([[51, 50], [47, 46]]), np.array([[51, 50], [43, 42]])]
    listed = [([0, 1], np.array([[0, 1], [1, 0], [1, 1]]), np.cumsum([1.0, 1.0, 1.0]))]
    with pytest.raises(ValueError, match=message):
        D.deal_counts([], range(52), cards, groups_of(listed), 10, 1, new_counts(2))
    with pytest.raises(ValueError, match="trials must be >= 0"):
        D.deal_counts([], range(52), cards, listed, -1, 1, new_counts(2))


@needs_kernel
@pytest.mark.parametrize(
    ("players", "board", "limit"),
    [
        (["QQ+:1,AKs:0.5", "JJ-99,AQs+:0.25"], "", None),  # weighted, the benchmark's shape
        (["AA,KK:0.5", "KK,QQ", "QQ,JJ:0.5", "AKs,JJ:0.5"], "2c7d9h", None),  # one group
        (["AA,KK:0.5", "KK,QQ", "QQ,JJ:0.5", "AKs,JJ:0.5"], "2c7d9h", 8),  # groups that clash
    ],
)
def test_kernel_deals_agree_with_exact(
    players: list[str], board: str, limit: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Weighted ranges and four ranged players through holdem_deals against the exact
    answer, within 5 standard errors; with small groups (``limit`` joint combos), deals
    whose groups share a card are drawn again whole."""
    import showdown.odds.holdem_jobs as jobs

    if limit is not None:
        monkeypatch.setattr(jobs, "groups", lambda m, w: groups(m, w, limit=limit))
    calls: list[int] = []
    monkeypatch.setattr(
        D, "deal_counts", lambda *a: calls.append(len(a[3])) or real_deal_counts(*a)
    )
    exact = equity(players, board=board, exact=True, workers=1)
    jobs._STATES.clear()  # the job's groups are listed afresh, with this limit
    with _native.use("native"):  # the kernel's deals, whichever backend the suite runs on
        drawn = equity(players, board=board, trials=400_000, seed=13, workers=1)
    assert drawn.method == "monte-carlo"
    assert calls and min(calls) == (1 if limit is None else max(calls)) and (
        limit is None or calls[0] >= 3
    )
    for e, d in zip(exact.equity, drawn.equity, strict=True):
        assert abs(e - d) <= 5 * (e * (1 - e) / 400_000) ** 0.5 + 1e-3
