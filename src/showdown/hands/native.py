"""The one door to the optional C kernel, and which implementation runs the hot paths.

This is the only module that imports the extension (``showdown._native._kernel``,
built from the C sources beside it). ``BACKEND`` is ``"native"`` when the kernel
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
    from collections.abc import Callable, Sequence
    from types import ModuleType
    from typing import Any, Literal

    from showdown.hands.lookup import Tables

    Backend = Literal["native", "numpy"]
    #: The kernel's table buffers, and whether the keys are given as gaps (the packed form).
    Buffers = tuple[tuple[Any, Any, Any, Sequence[Any], Sequence[Any], Sequence[Any]], bool]

NAMES: tuple[Backend, ...] = ("native", "numpy")


#: The kernel's interface version; a build of another version is not used.
ABI = 9


def _import_kernel() -> ModuleType:
    from showdown._native import _kernel  # type: ignore[attr-defined]

    return _kernel  # type: ignore[no-any-return]


def how_to_build() -> str:
    """How this install gets the kernel: rebuilt in place in a checkout, else reinstalled.

    >>> "C compiler" in how_to_build()
    True
    """
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    if os.path.exists(os.path.join(root, "pyproject.toml")):  # src/showdown/hands/native.py
        return (
            "install a C compiler and rebuild the checkout (pip install -e . in "
            f"{root}, or bash scripts/setup.sh)"
        )
    return (
        "install a C compiler and reinstall "
        "(pip install --force-reinstall --no-deps --no-cache-dir poker-showdown)"
    )


def _load() -> tuple[ModuleType | None, str]:
    """The extension module (or None) and why not: "", "forced", "missing" or "stale"."""
    choice = os.environ.get("SHOWDOWN_BACKEND", "").strip().lower()
    if choice == "numpy":
        return None, "forced"
    try:
        extension = _import_kernel()
    except ImportError as error:
        if choice == "native":
            raise ImportError(
                "SHOWDOWN_BACKEND=native, but showdown's native kernel is not built: "
                + how_to_build()
            ) from error
        return None, "missing"
    if getattr(extension, "ABI", None) != ABI:
        return None, "stale"
    return extension, ""


_NATIVE, _WHY = _load()
#: The backend chosen at import: ``"native"`` or ``"numpy"``.
BACKEND: Backend = "native" if _NATIVE is not None else "numpy"
_current: Backend = BACKEND
_told = False
_listeners: list[Callable[[], None]] = []


def on_switch(callback: Callable[[], None]) -> None:
    """Call ``callback()`` each time :func:`use` switches the backend, so that a module
    holding a backend's function in its own namespace can rebind it."""
    _listeners.append(callback)


def current() -> Backend:
    """The backend in use now (``BACKEND`` unless inside :func:`use`)."""
    return _current


def native_available() -> bool:
    """True if the C kernel is built and loads (whatever ``SHOWDOWN_BACKEND`` says)."""
    if _NATIVE is not None:
        return True
    try:
        extension = _import_kernel()
    except ImportError:
        return False
    return getattr(extension, "ABI", None) == ABI


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
        buffers = None if wrap else standard_buffers()
        if buffers is None:
            from showdown.hands.lookup import get_tables

            buffers = numpy_buffers(get_tables(wrap))
        tables = _tables[wrap] = make_tables(buffers)
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
        f"path {how_to_build()}; SHOWDOWN_BACKEND=numpy chooses the numpy path and silences "
        "this notice",
        file=sys.stderr,
    )


# ------------------------------------------------------------------ the tables handed to C
# The kernel holds no table of its own: it is given the card keys, the flush-suit and
# flush tables and, per hand size, the sorted non-flush rank-key sums with their ranks and
# the compact rows' starts. The standard game's come from the shipped ``tables.bin``
# without numpy (:func:`standard_buffers`); any other ladder's from its numpy tables
# (:func:`numpy_buffers`, :mod:`showdown.hands.ladder_native`), so a new ladder goes
# through the same C loops.


def flush_suits() -> bytes:
    """The suit holding five or more per low eight bits of a key sum, for 5, 6 and 7 cards."""
    from showdown.hands.packed import flush_suit_list

    return bytes(s & 255 for n in (5, 6, 7) for s in flush_suit_list(n))


def standard_buffers() -> Buffers | None:
    """The standard game's tables from ``tables.bin`` (no numpy), or None if it is missing."""
    from showdown.hands.packed import (
        CARD_KEYS,
        le_array,
        native_array,
        shipped_segments,
    )

    shipped = shipped_segments()
    if shipped is None:
        return None
    gaps, values, flush, starts = shipped
    tables = (
        native_array("I", CARD_KEYS),
        flush_suits(),
        le_array("H", flush),
        [le_array("I", gaps[n]) for n in (5, 6, 7)],
        [le_array("H", values[n]) for n in (5, 6, 7)],
        [le_array("I", starts[n]) for n in (5, 6, 7)],
    )
    return tables, True


def numpy_buffers(tables: Tables) -> Buffers:
    """The buffers of the standard ladder's numpy tables (the wrap-around rule, for one)."""
    from showdown.hands.ladders import _row_starts
    from showdown.hands.packed import CARD_KEYS, native_array

    buffers = (
        native_array("I", CARD_KEYS),
        flush_suits(),
        tables.flush,
        [tables.nonflush_keys[n] for n in (5, 6, 7)],
        [tables.nonflush_values[n] for n in (5, 6, 7)],
        [_row_starts(n) for n in (5, 6, 7)],
    )
    return buffers, False


def make_tables(buffers: Buffers) -> Any:
    """A kernel ``Tables`` object from ``buffers``; bad scalar input raises the
    :class:`~showdown.cards.CardError` of :mod:`showdown.hands.idcheck`."""
    tables, key_gaps = buffers
    extension = _NATIVE if _NATIVE is not None else _import_kernel()  # forced numpy: a test
    return extension.Tables(*tables, _ids_error, _omaha_ids_error, key_gaps=key_gaps)
