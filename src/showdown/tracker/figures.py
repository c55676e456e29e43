"""A player's statistics from the sums of the per-hand counters: :func:`sums_sql`, :func:`figures`.

The database adds up each player's counters (``hand_players``'s columns, see
:mod:`showdown.tracker.schema`) per currency with :func:`sums_sql`; :func:`figures` turns
those sums into the JSON object of ``showdown db players``. Sums of sums are sums, so
the same figures come from partial sums over parts of the data (a Dask cluster's
Parquet files, :mod:`showdown.tracker.cluster`): :func:`merge` adds partial rows.

>>> row = {"hands": 4, "vpip_opp": 3, "vpip": 1, "pfr": 1, "postflop_bets": 2,
...        "postflop_raises": 0, "postflop_calls": 1, "postflop_folds": 1}
>>> f = figures("Ana", [dict(row, currency="USD", net=Decimal("1.5"), ev_net=Decimal("1.5"),
...                          rake=Decimal("0.1"), bb_net=Decimal("30"),
...                          bb_ev_net=Decimal("30"), ring_hands=4)])
>>> f["vpip"], f["af"], f["afq"], f["net"], f["bb100"]
({'made': 1, 'opportunities': 3, 'percent': 33.3}, 2.0, 50.0, {'USD': '1.50'}, 750.0)
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from showdown.tracker.schema import STAT_COLUMNS

__all__ = ["RATIOS", "SUM_COLUMNS", "figures", "merge", "money_text", "sums_sql"]

#: Each statistic of the JSON: (made, opportunities) among the summed counters.
RATIOS: dict[str, tuple[str, str]] = {
    "vpip": ("vpip", "vpip_opp"),
    "pfr": ("pfr", "vpip_opp"),
    "three_bet": ("three_bet", "three_bet_opp"),
    "fold_to_three_bet": ("fold_to_three_bet", "fold_to_three_bet_opp"),
    "steal": ("steal", "steal_opp"),
    "cbet": ("cbet", "cbet_opp"),
    "fold_to_cbet": ("fold_to_cbet", "fold_to_cbet_opp"),
    "wtsd": ("showdown", "saw_flop"),
    "wsd": ("won_showdown", "showdown"),
    "wwsf": ("won_saw_flop", "saw_flop"),
}

#: The sums per (player, group, currency), in order: counts, then money.
SUM_COLUMNS = ("hands", *STAT_COLUMNS, "ring_hands", "net", "ev_net", "rake", "bb_net",
               "bb_ev_net")


#: A hand's result in big blinds, made a decimal of fixed places hand by hand: DuckDB
#: divides decimals as doubles, whose sums depend on their order; the sums of these do
#: not, so partial sums added (:func:`merge`) are the whole's to the last digit.
_BB = "CAST({} / big_blind AS DECIMAL(38, 9))"


def sums_sql(source: str, where: str, group: str | None) -> str:
    """The query of the sums per player (and group) and currency over ``source`` (a table
    or ``read_parquet(...)``) under the condition ``where``."""
    key = f", {group} AS grp" if group else ", NULL AS grp"
    counters = ", ".join(f"sum({c})::BIGINT AS {c}" for c in STAT_COLUMNS)
    return (
        f"SELECT player{key}, currency, count(*) AS hands, {counters}, "
        "count(*) FILTER (WHERE ring AND big_blind > 0) AS ring_hands, "
        "sum(net) AS net, sum(ev_net) AS ev_net, sum(rake) AS rake, "
        f"sum({_BB.format('net')}) FILTER (WHERE ring AND big_blind > 0) AS bb_net, "
        f"sum({_BB.format('ev_net')}) FILTER (WHERE ring AND big_blind > 0) AS bb_ev_net "
        f"FROM {source} WHERE {where} GROUP BY ALL"
    )


def merge(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Partial sums of the same (player, group, currency) added together."""
    out: dict[tuple[Any, Any, Any], dict[str, Any]] = {}
    for row in rows:
        key = (row["player"], row.get("grp"), row["currency"])
        if key not in out:
            out[key] = dict(row)
            continue
        kept = out[key]
        for c in SUM_COLUMNS:
            a, b = kept.get(c), row.get(c)
            kept[c] = b if a is None else a if b is None else a + b
    return list(out.values())


def _ratio(made: int, opportunities: int) -> dict[str, Any]:
    percent = round(100 * made / opportunities, 1) if opportunities else None
    return {"made": made, "opportunities": opportunities, "percent": percent}


def money_text(value: Decimal | float | int | None, currency: str | None) -> str:
    """An amount as the JSON writes it: cents for a currency, chips as they are.

    >>> money_text(Decimal("1.505000"), "USD"), money_text(Decimal("1500.000000"), None)
    ('1.51', '1500')
    """
    amount = value if type(value) is Decimal else Decimal(str(value or 0))
    if currency:
        return str(amount.quantize(Decimal("0.01"), ROUND_HALF_UP))
    if amount != amount.quantize(Decimal("0.01")):  # a share of an all-in's chips
        amount = amount.quantize(Decimal("0.01"), ROUND_HALF_UP)
    return format(amount.normalize(), "f")


def _per_100(big_blinds: Any, hands: int) -> float | None:
    if not hands or big_blinds is None:
        return None
    return round(float(big_blinds) * 100 / hands, 2)


def figures(player: str, rows: list[dict[str, Any]], group: tuple[str, Any] | None = None
            ) -> dict[str, Any]:
    """The JSON object of one player (and group) from its sums, one row per currency."""
    if len(rows) == 1:  # most players play in one currency: their sums are the row's
        row = rows[0]
        total = {c: row.get(c) or 0 for c in SUM_COLUMNS}
    else:
        total = {c: sum((r.get(c) or 0) for r in rows) for c in SUM_COLUMNS}
    out: dict[str, Any] = {"player": player}
    if group is not None:
        out[group[0]] = group[1]
    out["hands"] = int(total["hands"])
    for name, (made, opportunities) in RATIOS.items():
        out[name] = _ratio(int(total[made]), int(total[opportunities]))
    aggressive = total["postflop_bets"] + total["postflop_raises"]
    calls = total["postflop_calls"]
    every = aggressive + calls + total["postflop_folds"]
    out["af"] = round(aggressive / calls, 2) if calls else None
    out["afq"] = round(100 * aggressive / every, 1) if every else None
    ordered = rows if len(rows) == 1 else sorted(rows, key=lambda r: r["currency"] or "")
    for name in ("net", "ev_net", "rake"):
        out[name] = {(r["currency"] or "chips"): money_text(r[name], r["currency"])
                     for r in ordered}
    out["bb100"] = _per_100(total["bb_net"], int(total["ring_hands"]))
    out["ev_bb100"] = _per_100(total["bb_ev_net"], int(total["ring_hands"]))
    return out
