"""Which implementation runs the hot paths: the native kernel or the numpy path.

``BACKEND`` is ``"native"`` when the optional C kernel (:mod:`showdown._native`)
was built and loads, else ``"numpy"``. ``SHOWDOWN_BACKEND=numpy`` forces the
numpy path (to compare, or to test); ``SHOWDOWN_BACKEND=native`` makes a
missing kernel an ImportError instead of a quiet fallback. A user whose install
fell back is told once, on the first batch call, on stderr (:func:`notice`).

Both paths give the same results, bit for bit, with the same errors; tests and
benchmarks switch between them in one process with :func:`use`.

>>> BACKEND in ("native", "numpy")
True
>>> with use("numpy"):
...     current()
'numpy'
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not typing's: ``import showdown`` stays light (no typing, contextlib)
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import ModuleType
    from typing import Any, Literal

    Backend = Literal["native", "numpy"]

NAMES: tuple[Backend, ...] = ("native", "numpy")


def _load() -> tuple[ModuleType | None, str]:
    """The loader module (or None) and why not: "", "forced", "missing" or "stale"."""
    choice = os.environ.get("SHOWDOWN_BACKEND", "").strip().lower()
    if choice == "numpy":
        return None, "forced"
    try:
        from showdown import _native
    except ImportError as error:
        if choice == "native":
            raise ImportError(
                "SHOWDOWN_BACKEND=native, but showdown's native kernel is not built: install "
                "a C compiler and reinstall (pip install --force-reinstall .)"
            ) from error
        return None, "missing"
    if getattr(_native._kernel, "ABI", None) != _native.ABI:
        return None, "stale"
    return _native, ""


_NATIVE, _WHY = _load()
#: The backend chosen at import: ``"native"`` or ``"numpy"``.
BACKEND: Backend = "native" if _NATIVE is not None else "numpy"
_current: Backend = BACKEND
_told = False
#: Called with the new backend after :func:`use` switches (evaluate.py rebinds its fast path).
_listeners: list[Callable[[], None]] = []


def current() -> Backend:
    """The backend in use now (``BACKEND`` unless inside :func:`use`)."""
    return _current


def native_available() -> bool:
    """True if the C kernel is built and loads (whatever ``SHOWDOWN_BACKEND`` says)."""
    if _NATIVE is not None:
        return True
    try:
        from showdown import _native
    except ImportError:
        return False
    return getattr(_native._kernel, "ABI", None) == _native.ABI


class use:
    """Run the block on one backend (``"native"`` needs the kernel built)."""

    def __init__(self, name: Backend) -> None:
        if name not in NAMES:
            raise ValueError(f"backend is 'native' or 'numpy', not {name!r}")
        if name == "native" and not native_available():
            raise RuntimeError("the native kernel is not built here")
        self.name: Backend = name
        self.before: Backend = _current

    def __enter__(self) -> None:
        global _current
        self.before = _current
        _current = self.name
        _changed()

    def __exit__(self, *exc: object) -> None:
        global _current
        _current = self.before
        _changed()


def _changed() -> None:
    for listener in _listeners:
        listener()


_tables: dict[bool, Any] = {}


def native_tables(wrap: bool = False) -> Any:
    """The kernel's tables for the standard game or the wrap-around rule (built once)."""
    tables = _tables.get(wrap)
    if tables is None:
        from showdown import _native

        buffers = None if wrap else _native.standard_buffers()
        if buffers is None:
            from showdown.hands.tables import get_tables

            buffers = _native.numpy_buffers(get_tables(wrap))
        tables = _tables[wrap] = _native.make_tables(buffers, _ids_error, _omaha_ids_error)
    return tables


def _ids_error(ids: Any) -> None:
    from showdown.hands.idcheck import ids_error  # only now: it imports the card module

    ids_error(ids)


def _omaha_ids_error(hole: Any, board: Any) -> None:
    from showdown.hands.idcheck import omaha_ids_error

    omaha_ids_error(hole, board)


def kernel(wrap: bool = False) -> Any | None:
    """The kernel's tables if the native backend is in use, else None (after :func:`notice`)."""
    if _current == "native":
        return native_tables(wrap)
    notice()
    return None


def notice() -> None:
    """Tell once, on stderr, that the install fell back to the numpy path, and how to fix it."""
    global _told
    if _told or _WHY not in ("missing", "stale") or _current != BACKEND:
        return
    _told = True
    why = "is not built" if _WHY == "missing" else "was built for another version"
    print(
        f"showdown: the native kernel {why}, so the slower numpy path is used; for the fast "
        "path install a C compiler and reinstall (pip install --force-reinstall poker-showdown)",
        file=sys.stderr,
    )
