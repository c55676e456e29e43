"""Regenerate the preflop order table of ``src/showdown/odds/ranges/preflop_order.py``
from a matrix.

Usage::

    showdown matrix --json --workers 2 > matrix.json      # about 20 minutes here
    .venv/bin/python scripts/make_preflop_order.py matrix.json

Each class's all-in equity against a random hand is the average of its matrix row
weighted by how many combos of each column class share no card with it; the table
lists the classes by that equity, highest first (ties: grid order).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import numpy as np

from showdown.odds.ranges.preflop_order import equity_against_random

TABLE = Path(__file__).resolve().parents[1] / "src/showdown/odds/ranges/preflop_order.py"


def main(path: str) -> None:
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    vs_random = equity_against_random(doc["classes"], np.array(doc["equity"], dtype=float))
    order = sorted(vs_random.items(), key=lambda kv: (-kv[1], doc["classes"].index(kv[0])))
    body = "".join(f'    ("{name}", {eq:.6f}),\n' for name, eq in order)
    text = TABLE.read_text(encoding="utf-8")
    new = re.sub(
        r"(ORDER: tuple\[tuple\[str, float\], \.\.\.\] = \(\n).*?(\)\n# end of table)",
        lambda m: m[1] + body + m[2],
        text,
        flags=re.S,
    )
    TABLE.write_text(new, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1])
