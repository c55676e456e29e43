"""ANSI styling of human output (bold, dim, colours), for the library and the CLI.

>>> style("x", "bold", enabled=True) == "\x1b[1mx\x1b[0m", style("x", "bold", enabled=False)
(True, 'x')
"""

from __future__ import annotations

_CODES = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "cyan": "36"}


def style(text: str, *styles: str, enabled: bool) -> str:
    """Wrap ``text`` in ANSI codes if ``enabled`` (the CLI decides: a terminal, no NO_COLOR)."""
    if not enabled or not styles:
        return text
    codes = ";".join(_CODES[s] for s in styles)
    return f"\033[{codes}m{text}\033[0m"
