"""The two backends side by side: whether this install has a kernel to compare, and one
call run on each.

>>> both(len, [1, 2])
(2, 2)
>>> error_of(len, [1, 2]) is None
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from showdown.cards import CardError
from showdown.hands import native

#: The no-compiler install (``SHOWDOWN_BACKEND=numpy`` and no kernel) has nothing to
#: compare; anywhere else a kernel that did not build fails the kernel's tests, as the
#: ``backend`` fixture fails, instead of these tests vanishing.
NO_KERNEL_INSTALL = (
    os.environ.get("SHOWDOWN_BACKEND", "").lower() == "numpy" and not native.native_available()
)


def both(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, Any]:
    """``fn(*args, **kwargs)`` on the native kernel, then on the numpy path."""
    out = []
    for name in native.NAMES:
        with native.use(name):
            out.append(fn(*args, **kwargs))
    return out[0], out[1]


def error_of(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> str | None:
    """The :class:`~showdown.cards.CardError` ``fn`` raises, as its type and message."""
    try:
        fn(*args, **kwargs)
    except CardError as error:
        return f"{type(error).__name__}: {error}"
    return None
