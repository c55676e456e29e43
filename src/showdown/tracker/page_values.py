"""The database's values as the page's JSON: numbers, text, and no more points than drawn.

>>> import datetime
>>> from decimal import Decimal
>>> jsonable({"net": Decimal("-1.250000"), "at": datetime.datetime(2024, 5, 1, 20, 15)})
{'net': -1.25, 'at': '2024-05-01T20:15:00'}
>>> thinned({"x": [1, 2, 3, 4, 5], "net": [0, 1, 2, 3, 4]}, 3)
{'x': [1, 3, 5], 'net': [0, 2, 4]}
"""

from __future__ import annotations

import datetime
import math
from decimal import Decimal
from typing import Any

__all__ = ["jsonable", "thinned"]


def jsonable(value: Any) -> Any:
    """``value`` with its decimals as numbers, its times as ISO 8601 text, and a number
    JSON cannot write (an unknown stack's infinity) as ``None``."""
    if isinstance(value, dict):
        return {key: jsonable(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [jsonable(item) for item in value]
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return value


def thinned(series: dict[str, list[Any]], most: int) -> dict[str, list[Any]]:
    """``series`` (lists of equal length) with at most ``most`` items each, evenly spread
    over the whole, the first and the last always kept."""
    count = max((len(v) for v in series.values()), default=0)
    if count <= most:
        return series
    keep = sorted({round(k * (count - 1) / (most - 1)) for k in range(most)})
    return {key: [values[k] for k in keep] for key, values in series.items()}
