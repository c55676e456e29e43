"""The graph of a player's winnings: running sums in DuckDB, thinned honestly, drawn as SVG."""

from __future__ import annotations

import datetime
import itertools
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import duckdb
import pytest

from helpers.tracker_rows import write_hands
from showdown.tracker.graph import LINES, MIN_POINTS, graph_series, graph_svg
from showdown.tracker.schema import create

SVG = "{http://www.w3.org/2000/svg}"
CASH, TOURNAMENT = 3000, 400


@pytest.fixture(scope="module")
def con(tmp_path_factory: pytest.TempPathFactory) -> Iterator[duckdb.DuckDBPyConnection]:
    path = tmp_path_factory.mktemp("graph") / "hands.duckdb"
    with duckdb.connect(str(path)) as con:
        write_hands(con, CASH)
        write_hands(con, TOURNAMENT, first_id=100_001, currency=None,
                    big_blind=Decimal(100), seed=7)  # fmt: skip
        yield con


def full(con: duckdb.DuckDBPyConnection, currency: str | None) -> list[tuple]:
    """Hero's rows in play order, as a reader of the tables would list them."""
    return con.execute(
        "SELECT h.room, h.hand, p.net, p.ev_net, p.showdown FROM hand_players p "
        "JOIN hands h USING (hand_id) WHERE p.player = 'Hero' "
        "AND p.currency IS NOT DISTINCT FROM ? ORDER BY p.played_at, p.hand_id",
        [currency],
    ).fetchall()


def running(rows: list[tuple]) -> list[dict[str, Decimal]]:
    sums = dict.fromkeys(LINES, Decimal(0))
    out = []
    for _room, _hand, net, ev_net, showdown in rows:
        sums["net"] += net
        sums["ev_net"] += ev_net
        sums["showdown" if showdown == 1 else "no_showdown"] += net
        out.append(dict(sums))
    return out


def test_the_last_point_is_the_sum_of_the_player_s_net_in_each_currency(
    con: duckdb.DuckDBPyConnection,
) -> None:
    series = graph_series(con, "Hero", points=100)
    assert sorted(series) == ["USD", "chips"]
    for name, currency, count in (("USD", "USD", CASH), ("chips", None, TOURNAMENT)):
        net, ev_net, at_showdown = con.execute(
            "SELECT sum(net), sum(ev_net), sum(net) FILTER (WHERE showdown = 1) "
            "FROM hand_players WHERE player = 'Hero' AND currency IS NOT DISTINCT FROM ?",
            [currency],
        ).fetchone()
        last = series[name][-1]
        assert (last["n"], last["x"]) == (count, count)
        assert (last["net"], last["ev_net"], last["showdown"]) == (net, ev_net, at_showdown)
        assert last["showdown"] + last["no_showdown"] == net
        assert last["ev_net"] != last["net"]  # the fixture's all-ins did not go as expected


def test_unthinned_every_hand_is_a_point_with_its_running_sums(
    con: duckdb.DuckDBPyConnection,
) -> None:
    rows = full(con, "USD")
    points = graph_series(con, "Hero", points=10_000)["USD"]
    assert [p["n"] for p in points] == list(range(1, len(rows) + 1))
    expected = running(rows)
    for point, sums, (room, hand, *_) in zip(points, expected, rows, strict=True):
        assert {line: dict(point)[line] for line in LINES} == sums
        assert (point["room"], point["hand"]) == (room, hand)


@pytest.mark.parametrize("points", [MIN_POINTS, 50, 333])
def test_thinning_keeps_the_first_and_last_hands_and_every_extreme(
    con: duckdb.DuckDBPyConnection, points: int
) -> None:
    rows = full(con, "USD")
    whole = running(rows)
    kept = graph_series(con, "Hero", points=points)["USD"]
    assert len(kept) <= points
    ns = [p["n"] for p in kept]
    assert ns == sorted(set(ns)) and ns[0] == 1 and ns[-1] == len(rows)
    for line in LINES:
        values = [s[line] for s in whole]
        drawn = [dict(p)[line] for p in kept]
        assert (max(drawn), min(drawn)) == (max(values), min(values)), line
        # the earliest hand at the extreme, so that the thinning is the same every run
        assert values.index(max(values)) + 1 in ns and values.index(min(values)) + 1 in ns
    for p in kept:  # a kept point is the hand of its place, with the sums after it
        assert (p["room"], p["hand"]) == rows[p["n"] - 1][:2]
        assert p["net"] == whole[p["n"] - 1]["net"]


@pytest.mark.parametrize("points", [MIN_POINTS, 17, 40, 101])
def test_by_date_the_thinning_keeps_within_the_points_too(
    con: duckdb.DuckDBPyConnection, points: int
) -> None:
    for kept in graph_series(con, "Hero", x="date", points=points).values():
        assert len(kept) <= points
        assert len(kept) >= points - 9 - 2  # the slices of time are about even here


def test_thinning_spreads_the_points_over_the_hands(con: duckdb.DuckDBPyConnection) -> None:
    ns = [p["n"] for p in graph_series(con, "Hero", points=100)["USD"]]
    assert len(ns) >= 100 - 9
    gaps = [b - a for a, b in itertools.pairwise(ns)]
    assert max(gaps) <= 2 * CASH // (100 - 9)


def test_hover_names_real_hands_in_play_order(con: duckdb.DuckDBPyConnection) -> None:
    numbers = {h for (h,) in con.execute("SELECT hand FROM hands").fetchall()}
    series = graph_series(con, "Hero", points=40)
    svg = graph_svg(series, title="Hero")
    root = ET.fromstring(svg)
    strips = root.findall(f".//{SVG}rect[@data-hand]")
    drawn = [(r.get("data-room"), r.get("data-hand"), int(r.get("data-n", "0"))) for r in strips]
    expected = [(p["room"], p["hand"], p["n"]) for ps in series.values() for p in ps]
    assert drawn == expected and {h for _, h, _ in drawn} <= numbers
    first = strips[0].find(f"{SVG}title")
    assert first is not None and first.text is not None
    assert f"hand {expected[0][1]} (pokerstars)" in first.text and "net won: " in first.text


def test_a_filter_with_parameters_narrows_the_hands(con: duckdb.DuckDBPyConnection) -> None:
    series = graph_series(con, "Hero", "position = ? AND currency = ?", ["BTN", "USD"], points=20)
    (count, net), = con.execute(
        "SELECT count(*), sum(net) FROM hand_players "
        "WHERE player = 'Hero' AND position = 'BTN' AND currency = 'USD'"
    ).fetchall()  # fmt: skip
    assert list(series) == ["USD"]
    assert (series["USD"][-1]["n"], series["USD"][-1]["net"]) == (count, net)


def test_by_date_leaves_out_the_hands_without_a_date(tmp_path: Path) -> None:
    with duckdb.connect(str(tmp_path / "dates.duckdb")) as con:
        write_hands(con, 300)
        con.execute("UPDATE hand_players SET played_at = NULL WHERE hand_id = 300")
        by_hands = graph_series(con, "Hero", points=50)["USD"]
        by_date = graph_series(con, "Hero", x="date", points=50)["USD"]
        undated = con.execute(
            "SELECT net FROM hand_players WHERE hand_id = 300 AND player = 'Hero'"
        ).fetchone()[0]  # fmt: skip
    assert by_hands[-1]["n"] == 300 and by_date[-1]["n"] == 299
    assert by_hands[-1]["hand"] == str(230_000_000_000 + 7 * 300)  # undated: played last
    assert by_date[-1]["net"] == by_hands[-1]["net"] - undated
    dates = [p["x"] for p in by_date]
    assert all(isinstance(d, datetime.datetime) for d in dates) and dates == sorted(dates)
    assert len(by_date) <= 50
    svg = graph_svg({"USD": by_date}, title="by date")
    assert "date" in svg and "2024-03-01" in svg


def test_the_svg_is_xml_with_four_lines_a_currency_and_a_legend_in_the_language(
    con: duckdb.DuckDBPyConnection,
) -> None:
    series = graph_series(con, "Hero", points=60)
    for lang, word in (("en", "all-in EV adjusted"), ("es", "ganancia neta"),
                       ("ru", "выигрыш на вскрытии")):  # fmt: skip
        svg = graph_svg(series, title="Hero & co", lang=lang)
        root = ET.fromstring(svg)
        lines = root.findall(f".//{SVG}polyline")
        assert len(lines) == 4 * len(series)
        assert [p.get("data-line") for p in lines[:4]] == list(LINES)
        usd = root.find(f".//{SVG}g[@data-currency='USD']")
        assert usd is not None
        trace = usd.find(f"{SVG}polyline")
        assert trace is not None
        # the hands axis starts at (0, 0): one vertex more than the points kept
        assert len(trace.get("points", "").split()) == len(series["USD"]) + 1
        texts = "".join(root.itertext())
        assert word in texts and "Hero & co" in texts
        assert graph_svg(series, title="Hero & co", lang=lang) == svg


def test_a_player_without_hands_gets_no_series_and_an_empty_picture(
    con: duckdb.DuckDBPyConnection,
) -> None:
    assert graph_series(con, "nobody") == {}
    root = ET.fromstring(graph_svg({}, title="nobody", lang="es"))
    assert root.findall(f".//{SVG}polyline") == []
    assert "No hay manos que dibujar" in "".join(root.itertext())


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"width": 100}, "width must be an integer of at least 240, got 100"),
        ({"height": 50.5}, "height must be an integer of at least 120, got 50.5"),
        ({"lang": "fr"}, "unknown language 'fr'; choose one of en, es, ru"),
    ],
)
def test_bad_drawing_arguments_are_named(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        graph_svg({}, title="x", **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"x": "month"}, "x must be 'hands' or 'date', got 'month'"),
        ({"points": 3}, "points must be an integer of at least 16, got 3"),
        ({"points": True}, "points must be an integer of at least 16, got True"),
    ],
)
def test_bad_arguments_are_named(
    con: duckdb.DuckDBPyConnection, kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        graph_series(con, "Hero", **kwargs)  # type: ignore[arg-type]


def test_thinning_keeps_the_earliest_hand_of_a_tie_and_breaks_time_ties_by_hand_id() -> None:
    # 100 hands in the same second, stored backwards: +5 at the 2nd hand is the top,
    # held until -10 at the 41st, the bottom to the end. With 16 points, 7 slices of
    # the hands end at 15, 29, 43, 58, 72, 86 and 100.
    con = duckdb.connect()
    create(con)
    nets = {1: -1, 2: 5, 41: -10}
    for hand_id in range(100, 0, -1):
        con.execute("INSERT INTO hands (hand_id, room, hand, game) VALUES (?, 'ps', ?, 'NT')",
                    [hand_id, f"h{hand_id}"])  # fmt: skip
        con.execute(
            "INSERT INTO hand_players (hand_id, seat, player, turn, net, ev_net, showdown,"
            " played_at, currency) VALUES (?, 1, 'Hero', 1, ?, ?, 0, '2024-05-01 20:00', 'EUR')",
            [hand_id, nets.get(hand_id, 0), nets.get(hand_id, 0)],
        )
    kept = graph_series(con, "Hero", points=MIN_POINTS)["EUR"]
    assert [p["n"] for p in kept] == [1, 2, 15, 29, 41, 43, 58, 72, 86, 100]
    assert [p["hand"] for p in kept][:3] == ["h1", "h2", "h15"]
    assert [str(p["net"]) for p in kept][:2] == ["-1.000000", "4.000000"]


def test_by_date_the_hands_fall_in_equal_slices_of_the_time_played() -> None:
    # 100 hands a minute apart, each winning 1: the sums only rise, so the extremes are
    # the first and the last hand. With 16 points, 7 slices of the 99 minutes: the last
    # hand of each is the one before 14.1, 28.3, ... minutes, and the very last hand.
    con = duckdb.connect()
    create(con)
    con.execute("INSERT INTO hands (hand_id, room, hand, game) "
                "SELECT i, 'ps', 'h' || i, 'NT' FROM range(1, 101) AS r(i)")  # fmt: skip
    con.execute(
        "INSERT INTO hand_players (hand_id, seat, player, turn, net, ev_net, showdown,"
        " played_at, currency) SELECT i, 1, 'Hero', 1, 1, 1, 0,"
        " TIMESTAMP '2024-05-01 20:00' + to_minutes(i - 1), 'EUR' FROM range(1, 101) AS r(i)"
    )
    kept = graph_series(con, "Hero", x="date", points=MIN_POINTS)["EUR"]
    assert [p["n"] for p in kept] == [1, 15, 29, 43, 57, 71, 85, 100]
    assert kept[-1]["x"] == datetime.datetime(2024, 5, 1, 21, 39)
