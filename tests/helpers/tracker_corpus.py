"""The hand database's tests' corpus and commands: the rooms' files and the PHH samples
committed under ``tests/data``, ``showdown`` run as a subprocess the way a user runs it,
and room files rewritten into many distinct hands.

>>> len(CORPUS) > 1 and CORPUS[0] == ROOMS
True
>>> renumbered("PokerStars Hand #12: x\\nPoker Hand #RC34: y", 7)
'PokerStars Hand #1207: x\\nPoker Hand #RC3407: y'
>>> [h.splitlines()[0] for h in room_hands("Poker Hand #RC1: a\\nb\\n\\n\\nPoker Hand #RC2: c\\n")]
['Poker Hand #RC1: a', 'Poker Hand #RC2: c']
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from helpers.paths import DATA, ROOMS, ROOT

#: What the tests import: every room's file, and the PHH samples (one with hands whose
#: cards are unknown at showdown, one hand whose actions stop early).
CORPUS: tuple[Path, ...] = (ROOMS, *sorted(DATA.glob("*.phhs")))

#: A PokerStars or GGPoker hand's header number (``Hand #247743239964``, ``Hand #RC123``).
_NUMBER = re.compile(r"((?:PokerStars|Poker) Hand #[A-Z]*)(\d+)")
#: Where a PokerStars or GGPoker hand starts.
_HEAD = re.compile(r"^(?=(?:PokerStars|Poker) Hand #)", re.MULTILINE)


def showdown_env() -> dict[str, str]:
    """This process's environment for a ``python -m showdown`` child: its ``PYTHONPATH``
    made absolute (the child runs in the repository's root), its output unbuffered."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    paths = [str(Path(p).resolve()) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return env


def showdown_command(*args: str | Path) -> list[str]:
    """``python -m showdown ARGS...`` with this interpreter."""
    return [sys.executable, "-m", "showdown", *map(str, args)]


def run_showdown(*args: str | Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Run ``showdown ARGS...`` in a subprocess, its output captured."""
    return subprocess.run(showdown_command(*args), capture_output=True, text=True,
                          env=showdown_env(), cwd=ROOT, timeout=timeout, check=False)


def replay_report(paths: list[Path]) -> tuple[list[dict[str, Any]], list[str]]:
    """What ``showdown replay --json --keep-going --ev`` says of ``paths``: its JSON rows
    (one per hand read) and its ``error:`` lines (one per hand or file it could not read)."""
    done = run_showdown("replay", "--json", "--keep-going", "--ev", *paths)
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    errors = [line for line in done.stderr.splitlines() if line.startswith("error: ")]
    return rows, errors


def hand_number(row: dict[str, Any]) -> str:
    """A replay row's hand number as the database keys it: the room's number (a PHH
    section's ``hand`` field, not its section's name)."""
    source = row.get("source_id")
    return row["hand"] if source is None else str(source)


def renumbered(text: str, copy: int) -> str:
    """A PokerStars or GGPoker file's text with every hand's number made another
    (the copy's number, two digits, after it): the same hands, but distinct ones."""
    return _NUMBER.sub(lambda m: f"{m.group(1)}{m.group(2)}{copy:02d}", text)


def room_hands(text: str) -> list[str]:
    """A PokerStars or GGPoker file's text cut into its hands, each ending in one blank
    line (as the rooms' clients write them)."""
    parts = [p.strip("\n") for p in _HEAD.split(text) if p.strip()]
    return [p + "\n\n" for p in parts]
