"""A player's winnings hand after hand: the series a graph draws, computed in the database.

:func:`graph_series` adds up, in play order, what the player won (``net``), what his
all-ins were worth (``ev_net``), and his net split between the hands that reached a
showdown and the others: four running sums, one series per currency (``chips`` for
hands played for chips). DuckDB computes them with window sums and thins them to a
few thousand points, so a million hands cost one query, never a Python loop; every
point kept names its hand (room and number) for the page's hover.
:func:`graph_svg` draws them (from :mod:`showdown.tracker.drawing`).

>>> import duckdb
>>> con = duckdb.connect()
>>> from showdown.tracker.schema import create
>>> create(con)
>>> con.execute("INSERT INTO hands (hand_id, room, hand, game) VALUES (1, 'ps', '71', 'NT'),"
...             " (2, 'ps', '72', 'NT')")  # doctest: +ELLIPSIS
<...>
>>> con.execute("INSERT INTO hand_players (hand_id, seat, player, turn, net, ev_net, currency,"
...             " showdown) VALUES (1, 1, 'Ann', 1, -0.5, -0.5, 'USD', 0),"
...             " (2, 1, 'Ann', 1, 3.25, 1.5, 'USD', 1)")  # doctest: +ELLIPSIS
<...>
>>> series = graph_series(con, "Ann")
>>> [(p["n"], p["hand"], str(p["net"]), str(p["ev_net"]), str(p["showdown"]))
...  for p in series["USD"]]
[(1, '71', '-0.500000', '-0.500000', '0.000000'), (2, '72', '2.750000', '1.000000', '3.250000')]
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, TypedDict

from showdown.tracker.drawing import CHIPS, LINES, graph_svg

__all__ = ["CHIPS", "LINES", "MIN_POINTS", "Point", "graph_series", "graph_svg"]

#: Fewer points than this would keep the extremes and little else.
MIN_POINTS = 16


class Point(TypedDict):
    """One kept hand of a series: where it stands and the four sums after it."""

    x: int | datetime.datetime  # ``n`` or ``played_at``, as the series was asked for
    n: int  # the player's n-th hand in this currency (1, 2, ...)
    played_at: datetime.datetime | None
    room: str
    hand: str  # the room's hand number
    net: Decimal
    ev_net: Decimal
    showdown: Decimal  # net of the hands that reached a showdown
    no_showdown: Decimal  # net of the others


# The player's rows in play order and the four running sums over them (one sort: a
# single window), kept once; then the hands to keep, as (currency, n): the last of
# each of ``{buckets}`` slices of the hands or of the time played (``{bucket}``), the
# first, and for each sum the earliest hand at its highest and at its lowest.
_SQL = """
WITH run AS MATERIALIZED (
    SELECT coalesce(currency, '{chips}') AS currency, hand_id, played_at,
           row_number() OVER w AS n,
           sum(net) OVER w AS net,
           sum(ev_net) OVER w AS ev_net,
           sum(CASE WHEN went THEN net ELSE 0 END) OVER w AS showdown,
           sum(CASE WHEN went THEN 0 ELSE net END) OVER w AS no_showdown
    FROM (
        SELECT currency, hand_id, played_at,
               coalesce(net, 0) AS net,
               coalesce(ev_net, net, 0) AS ev_net,
               coalesce(showdown, 0) = 1 AS went
        FROM hand_players
        WHERE player = ? AND ({where}){dated}
    )
    WINDOW w AS (PARTITION BY currency ORDER BY played_at, hand_id
                 ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
),
span AS (
    SELECT currency, count(*) AS total,
           epoch(min(played_at)) AS first_at, epoch(max(played_at)) AS last_at,
           max(net) AS net_hi, min(net) AS net_lo,
           max(ev_net) AS ev_net_hi, min(ev_net) AS ev_net_lo,
           max(showdown) AS showdown_hi, min(showdown) AS showdown_lo,
           max(no_showdown) AS no_showdown_hi, min(no_showdown) AS no_showdown_lo
    FROM run GROUP BY currency
),
picks AS (
    SELECT currency, max(n) AS n FROM run JOIN span USING (currency)
    GROUP BY currency, {bucket}
    UNION
    SELECT currency, 1 FROM span
    UNION
    SELECT currency, unnest([
        min(n) FILTER (WHERE net = net_hi), min(n) FILTER (WHERE net = net_lo),
        min(n) FILTER (WHERE ev_net = ev_net_hi), min(n) FILTER (WHERE ev_net = ev_net_lo),
        min(n) FILTER (WHERE showdown = showdown_hi),
        min(n) FILTER (WHERE showdown = showdown_lo),
        min(n) FILTER (WHERE no_showdown = no_showdown_hi),
        min(n) FILTER (WHERE no_showdown = no_showdown_lo)])
    FROM run JOIN span USING (currency) GROUP BY currency
)
SELECT currency, n, run.played_at, h.room, h.hand, run.net, run.ev_net, showdown, no_showdown
FROM run JOIN picks USING (currency, n) JOIN hands AS h ON h.hand_id = run.hand_id
ORDER BY currency = '{chips}', currency, n
"""

_BUCKETS = {
    "hands": "(n - 1) * {buckets} // total",
    # a slice of the time between the first hand and the last (the last hand in the
    # last slice; all in one when they are equal)
    "date": "least(CAST(floor((epoch(played_at) - first_at) * {buckets}"
    " / greatest(last_at - first_at, 1e-9)) AS BIGINT), {buckets} - 1)",
}


def graph_series(
    con: Any,
    player: str,
    where_sql: str = "",
    params: Sequence[object] = (),
    x: str = "hands",
    points: int = 2000,
) -> dict[str, list[Point]]:
    """The player's four running sums, per currency, thinned to at most ``points`` each.

    ``con`` is a DuckDB connection to a database of :mod:`~showdown.tracker.schema`;
    ``where_sql`` an extra condition on ``hand_players`` (its columns unqualified, ``?``
    for each of ``params``), such as ``"game = ? AND played_at >= ?"``. The hands are
    in play order (``played_at``, then ``hand_id``; hands without a date last);
    ``x="date"`` leaves out the hands without a date (a date axis cannot place them)
    and slices the time played rather than the hands. Sums are exact
    (``DECIMAL``); a hand whose ``ev_net`` is unknown counts its ``net`` there.

    Thinning keeps, for each of about ``points`` equal slices, its last hand, plus the
    first hand and the hands where each sum is highest and lowest: the last point is
    always the whole sum, and no peak or trough is cut off. A player with no hands
    gets ``{}``. Raises :class:`ValueError` for an unknown ``x`` or too few points.
    """
    if x not in _BUCKETS:
        raise ValueError(f"x must be 'hands' or 'date', got {x!r}")
    if isinstance(points, bool) or not isinstance(points, int) or points < MIN_POINTS:
        raise ValueError(f"points must be an integer of at least {MIN_POINTS}, got {points!r}")
    # the first hand and the eight extremes come on top of the buckets' last hands
    buckets = points - 1 - 2 * len(LINES)
    sql = _SQL.format(
        where=where_sql.strip() or "TRUE",
        dated=" AND played_at IS NOT NULL" if x == "date" else "",
        bucket=_BUCKETS[x].format(buckets=buckets),
        chips=CHIPS,
    )
    rows = con.execute(sql, [player, *params]).fetchall()
    series: dict[str, list[Point]] = {}
    for currency, n, played_at, room, hand, net, ev_net, showdown, no_showdown in rows:
        point: Point = {
            "x": played_at if x == "date" else n, "n": n, "played_at": played_at,
            "room": room, "hand": hand, "net": net, "ev_net": ev_net,
            "showdown": showdown, "no_showdown": no_showdown,
        }  # fmt: skip
        series.setdefault(currency, []).append(point)
    return series
