"""Where the tests find the repository and the sample files committed under ``tests/data``.

>>> (DATA / "README").is_file(), ROOMS.parent == DATA
(True, True)
>>> (ROOT / "pyproject.toml").is_file()
True
"""

from __future__ import annotations

from pathlib import Path

#: The repository's root (this file is ``tests/helpers/paths.py``).
ROOT = Path(__file__).resolve().parents[2]
#: The sample files the tests read: PHH files, PokerStove's ranges, the rooms' files.
DATA = ROOT / "tests" / "data"
#: The rooms' hand-history samples (PokerStars, GGPoker, Winamax...).
ROOMS = DATA / "rooms"
