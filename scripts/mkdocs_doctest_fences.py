"""A griffe extension for the API pages: doctest examples render as code blocks, and
Sphinx cross-reference roles (``:class:`Card```) as code.

Docstrings here hold doctests (``>>>`` lines and their output) that are not
fenced; read as Markdown, an output such as ``doc["hands"][0]`` would even be
taken for a link. This extension wraps each run of doctest lines (from a
``>>>`` line to the next blank line) in a ``pycon`` fence, leaving the
docstring in the source untouched. The docstrings name other objects with Sphinx
roles (``:func:`~showdown.odds.equity.equity```), which Markdown would print as they
are; each becomes inline code of the name Sphinx would show (the last part after a
``~``).
"""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object


def fence_doctests(text: str) -> str:
    """Wrap every doctest block of ``text`` in a fenced ``pycon`` code block.

    A block starts at a line beginning ``>>>`` and ends at the next blank line
    (or the end of the text); its indentation is kept.
    """
    indent = ""
    out: list[str] = []
    inside = False
    for line in text.splitlines():
        if not inside and line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            out.append(f"{indent}```pycon")
            inside = True
        elif inside and not line.strip():
            out.append(f"{indent}```")
            inside = False
        out.append(line)
    if inside:
        out.append(f"{indent}```")
    return "\n".join(out)


#: A Sphinx role: ``:class:`X```, ``:py:func:`~a.b```, ``:meth:`Card.parse```.
_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|data|mod|attr|exc|obj|const):`(~?)([^`]+)`")


def plain_roles(text: str) -> str:
    """Sphinx roles as Markdown inline code, named as Sphinx shows them.

    >>> plain_roles("See :func:`~showdown.odds.equity.equity` and :class:`Card`.")
    'See `equity` and `Card`.'
    """
    return _ROLE.sub(lambda m: f"`{m[2].rsplit('.', 1)[-1] if m[1] else m[2]}`", text)


class DoctestFences(Extension):
    """Fence the doctests of every documented object's docstring, and plain its roles."""

    def on_instance(self, *, node: Any, obj: Object, agent: Any, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = plain_roles(fence_doctests(obj.docstring.value))
