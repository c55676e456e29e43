"""The questions a hand database answers keep the issue's contract: the players' JSON
has exactly its keys, the filters select exactly the hands a plain count selects, the
groups add up to the whole, the hand list is in play order, and a stored hand replays
to the same finishing stacks as the file it came from.
"""

from __future__ import annotations

import datetime
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.paths import ROOMS
from helpers.tracker_corpus import CORPUS
from showdown.phh.corpus.read import read_file
from showdown.phh.notation import HandHistory, loads_all
from showdown.phh.settlement import settle
from showdown.tracker.cluster import parquet_players
from showdown.tracker.database import Database, open_database
from showdown.tracker.figures import RATIOS, merge
from showdown.tracker.filters import GROUPS, Filters
from showdown.tracker.query import finish, hands, player_sums, players, stored_hand

#: The statistics the contract names, each ``{"made", "opportunities", "percent"}``.
STATISTICS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "steal", "cbet", "fold_to_cbet",
              "wtsd", "wsd", "wwsf")
#: Every key of one object of ``players`` (and the group's name with ``by``).
KEYS = {"player", "hands", *STATISTICS, "af", "afq", "net", "ev_net", "rake", "bb100",
        "ev_bb100"}
#: Every key of one object of ``hands``.
HAND_KEYS = {"room", "hand", "played_at", "game", "stakes", "currency", "player", "position",
             "cards", "net", "ev_net", "players"}

Seat = tuple[str, str, datetime.datetime | None, str, int]


def _seats(db: Database) -> list[Seat]:
    """(player, game, played_at, room, hand_id) of every player dealt in."""
    return [tuple(r) for r in db.con.execute(  # type: ignore[misc]
        "SELECT p.player, p.game, p.played_at, h.room, hand_id FROM hand_players p "
        "JOIN hands h USING (hand_id)").fetchall()]


def _day(text: str) -> datetime.date:
    return datetime.date.fromisoformat(text)


def test_players_objects_have_exactly_the_contract_s_keys(corpus_db: Database) -> None:
    every = players(corpus_db)
    assert len(every) == len({s[0] for s in _seats(corpus_db)}) > 1000
    for f in every:
        assert set(f) == KEYS
        assert isinstance(f["player"], str) and isinstance(f["hands"], int) and f["hands"] > 0
        for name in STATISTICS:
            assert set(f[name]) == {"made", "opportunities", "percent"}
            made, chances, percent = f[name]["made"], f[name]["opportunities"], f[name]["percent"]
            assert 0 <= made <= chances
            assert percent == (None if not chances else round(100 * made / chances, 1))
        assert RATIOS.keys() == set(STATISTICS)
        for name in ("net", "ev_net", "rake"):
            assert f[name] and all(isinstance(v, str) for v in f[name].values())
            assert set(f[name]) <= {"USD", "EUR", "chips"}
            for currency, value in f[name].items():
                amount = Decimal(value)
                if currency != "chips":
                    assert amount == amount.quantize(Decimal("0.01")), (f["player"], value)
        for name in ("af", "afq", "bb100", "ev_bb100"):
            assert f[name] is None or isinstance(f[name], float)
    grouped = players(corpus_db, Filters(player="Hero"), by="stakes")
    assert grouped and all(set(f) == KEYS | {"stakes"} for f in grouped)


def test_bb100_is_net_in_big_blinds_per_100_ring_hands(corpus_db: Database) -> None:
    rows = corpus_db.con.execute(
        "SELECT player, net, ev_net, big_blind FROM hand_players WHERE ring AND "
        "big_blind > 0 AND player = 'Hero'").fetchall()
    assert len(rows) > 100
    [hero] = players(corpus_db, Filters(player="Hero"))
    bb = sum(net / big for _, net, _, big in rows)
    ev = sum(e / big for _, _, e, big in rows)
    assert hero["bb100"] == round(float(bb) * 100 / len(rows), 2)
    assert hero["ev_bb100"] == round(float(ev) * 100 / len(rows), 2)
    assert hero["hands"] == 339 > len(rows)  # (his tournament hands have no bb/100)


@pytest.mark.parametrize("filters", [
    Filters(player="Hero"),
    Filters(game="PO"),
    Filters(game="NT", room="ggpoker"),
    Filters(room="winamax"),
    Filters(date_from=_day("2015-03-09"), date_to=_day("2015-03-09")),
    Filters(date_from=_day("2015-01-15"), date_to=_day("2015-04-08")),
    Filters(date_to=_day("2012-10-21")),
    Filters(date_from=_day("2025-08-09")),
    Filters(min_hands=50),
    Filters(game="NT", date_from=_day("2018-01-01"), min_hands=3),
], ids=["player", "game", "game-room", "room", "one-day", "days", "to", "from", "min-hands",
        "game-from-min"])
def test_the_filters_select_the_hands_a_count_selects(corpus_db: Database,
                                                      filters: Filters) -> None:
    def selected(seat: Seat) -> bool:
        player, game, at, room, _ = seat
        day = at.date() if at is not None else None
        return ((filters.player is None or player == filters.player)
                and (filters.game is None or game == filters.game)
                and (filters.room is None or room == filters.room)
                and (filters.date_from is None or (day is not None and day >= filters.date_from))
                and (filters.date_to is None or (day is not None and day <= filters.date_to)))

    chosen = [seat for seat in _seats(corpus_db) if selected(seat)]
    counted = Counter(seat[0] for seat in chosen)
    expected = {p: n for p, n in counted.items() if n >= filters.min_hands}
    got = {f["player"]: f["hands"] for f in players(corpus_db, filters)}
    assert got == expected and got
    if not filters.min_hands:  # (the hand list has no --min-hands)
        assert len(hands(corpus_db, filters)) == len({seat[4] for seat in chosen})


def test_the_last_day_is_included_to_its_last_hand(corpus_db: Database) -> None:
    late = corpus_db.con.execute(
        "SELECT played_at FROM hands WHERE played_at IS NOT NULL AND "
        "hour(played_at) >= 21 ORDER BY played_at LIMIT 1").fetchall()
    [(at,)] = late
    day = at.date()
    on_the_day = corpus_db.con.execute(
        "SELECT count(*) FROM hand_players WHERE played_at::DATE = ?", [day]).fetchall()[0][0]
    got = players(corpus_db, Filters(date_from=day, date_to=day))
    assert sum(f["hands"] for f in got) == on_the_day > 0
    times = [h["played_at"] for h in hands(corpus_db, Filters(date_from=day, date_to=day))]
    assert at.isoformat(sep=" ") in times


@pytest.mark.parametrize("by", sorted(GROUPS))
def test_the_groups_add_up_to_each_player(corpus_db: Database, by: str) -> None:
    whole = {f["player"]: f for f in players(corpus_db)}
    groups = players(corpus_db, by=by)
    assert len(groups) >= len(whole)
    added: dict[str, Counter[str]] = {}
    for g in groups:
        counts = added.setdefault(g["player"], Counter())
        counts["hands"] += g["hands"]
        for name in STATISTICS:
            counts[f"{name}.made"] += g[name]["made"]
            counts[f"{name}.opportunities"] += g[name]["opportunities"]
    for player, f in whole.items():
        counts = added[player]
        assert counts["hands"] == f["hands"], (player, by)
        for name in STATISTICS:
            assert counts[f"{name}.made"] == f[name]["made"]
            assert counts[f"{name}.opportunities"] == f[name]["opportunities"]
    if by == "seats":  # a group per table size: the hands of each size
        sizes = Counter(dict(corpus_db.con.execute(
            "SELECT players, count(*) FROM hand_players GROUP BY 1").fetchall()))
        per_size: Counter[int] = Counter()
        for g in groups:
            per_size[g["seats"]] += g["hands"]
        assert per_size == sizes


def test_min_hands_applies_to_each_group(corpus_db: Database) -> None:
    groups = players(corpus_db, Filters(min_hands=20), by="game")
    every = players(corpus_db, by="game")
    assert groups == [g for g in every if g["hands"] >= 20] and groups


def test_hands_are_listed_in_play_order_with_the_issue_s_fields(corpus_db: Database) -> None:
    mine = hands(corpus_db, Filters(player="Hero"))
    [hero] = players(corpus_db, Filters(player="Hero"))
    assert len(mine) == hero["hands"]
    for row in mine:
        assert set(row) == HAND_KEYS
        assert row["player"] == "Hero" and row["position"] and row["net"] is not None
        assert row["cards"] != "" or row["game"] != "NT"  # his own cards are known
        assert row["stakes"]
    times = [h["played_at"] for h in mine]
    nulls = times.count(None)
    assert times[:nulls] == [None] * nulls and times[nulls:] == sorted(times[nulls:])
    # the money of his hands adds up to his figures', currency by currency
    net: dict[str, Decimal] = {}
    for row in mine:
        currency = row["currency"] or "chips"
        net[currency] = net.get(currency, Decimal(0)) + Decimal(row["net"])
    assert {c: Decimal(v) for c, v in hero["net"].items()} == net
    every = hands(corpus_db)
    assert len(every) == corpus_db.hand_count()
    assert all(r["player"] is None and r["players"] >= 2 for r in every)
    assert hands(corpus_db, limit=10, offset=5) == every[5:15]


def _corpus_hands() -> list[tuple[str, str, HandHistory]]:
    """(file, room, hand) of every hand of the corpus that reads."""
    out = []
    for path in sorted(ROOMS.iterdir()):
        room, read = read_file(str(path))
        out += [(str(path.resolve()), room, h) for h in read if isinstance(h, HandHistory)]
    for path in CORPUS[1:]:
        out += [(str(path.resolve()), "phh", h) for h in loads_all(path.read_text("utf-8"))]
    return out


def _finishing(history: HandHistory) -> list[Fraction]:
    s = settle(history)
    assert s.finishing is not None
    return [Fraction(v, s.replay.scale) for v in s.finishing]


def test_a_stored_hand_settles_as_the_file_s(corpus_db: Database) -> None:
    stored = dict(((room, hand), path) for room, hand, path in corpus_db.con.execute(
        "SELECT h.room, h.hand, f.path FROM hands h JOIN files f USING (file_id)").fetchall())
    checked = 0
    for path, room, original in _corpus_hands():
        key = (str(original.fields.get("_room") or room), str(original.fields.get("hand")))
        if stored.get(key) != path:
            continue  # refused, or the same number stored from another file
        again = stored_hand(corpus_db, *key)
        assert again.names == original.names and again.seats == original.seats, key
        assert again.fields["actions"] == original.fields["actions"], key
        assert _finishing(again) == _finishing(original), key
        checked += 1
    assert checked == corpus_db.hand_count()
    with pytest.raises(KeyError, match="no hand 1 of pokerstars"):
        stored_hand(corpus_db, "pokerstars", "1")


# -- sums of parts are the sums of the whole -------------------------------------------------


def _part(files: set[int], half: int | None = None, seed: int = 0) -> str:
    ids = ", ".join(map(str, sorted(files)))
    where = f"hand_id IN (SELECT hand_id FROM hands WHERE file_id IN ({ids}))"
    if half is not None:
        where += f" AND hash(hand_id + {seed}) % 2 = {half}"
    return f"(SELECT * FROM hand_players WHERE {where})"


@pytest.fixture(scope="module")
def file_ids(corpus_path: Path) -> list[int]:
    with open_database(corpus_path, read_only=True) as db:
        return [r[0] for r in db.con.execute(
            "SELECT DISTINCT file_id FROM hands ORDER BY 1").fetchall()]  # a file's own hands


@settings(max_examples=15)
@given(data=st.data())
def test_parts_add_up_to_the_whole(corpus_db: Database, file_ids: list[int],
                                   data: st.DataObject) -> None:
    files = data.draw(st.sets(st.sampled_from(file_ids), min_size=1))
    seed = data.draw(st.integers(0, 1 << 30))
    by = data.draw(st.sampled_from([None, *sorted(GROUPS)]))
    con = corpus_db.con
    whole = finish(player_sums(con, _part(files), Filters(), by), Filters(), by)
    ids = ", ".join(map(str, sorted(files)))
    dealt = con.execute(f"SELECT coalesce(sum(players), 0) FROM hands WHERE file_id IN ({ids})"
                        ).fetchall()[0][0]
    assert sum(f["hands"] for f in whole) == dealt > 0
    halves: list[dict[str, Any]] = []
    for half in (0, 1):
        halves += player_sums(con, _part(files, half, seed), Filters(), by)
    assert finish(halves, Filters(), by) == whole
    assert len(merge(halves)) == len(player_sums(con, _part(files), Filters(), by))


def test_parquet_parts_give_the_database_s_figures(corpus_db: Database, tmp_path: Path) -> None:
    parts = tmp_path / "export" / "hand_players"
    parts.mkdir(parents=True)
    for k in range(3):  # the players' rows cut in three files, as an export may write them
        corpus_db.con.execute(f"COPY (SELECT * FROM hand_players WHERE hand_id % 3 = {k}) "
                              f"TO '{parts / f'part-{k}.parquet'}' (FORMAT parquet)")
    cases = [(Filters(), None), (Filters(min_hands=5, game="NT"), "stakes"),
             (Filters(player="Hero", date_from=_day("2025-01-01")), "month")]
    with ThreadPoolExecutor(2) as pool:
        for filters, by in cases:
            expected = players(corpus_db, filters, by)
            assert parquet_players(parts.parent, filters, by) == expected and expected
            assert parquet_players(parts.parent, filters, by, executor=pool) == expected
    with pytest.raises(ValueError, match="the room filter"):
        parquet_players(parts.parent, Filters(room="ggpoker"))
