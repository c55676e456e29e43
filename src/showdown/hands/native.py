"""The one door to the optional C kernel, and which implementation runs the hot paths.

This is the only module that imports the extension (``showdown._native._kernel``,
built from the C sources beside it). ``BACKEND`` is ``"native"`` when the kernel
was built and loads, else ``"numpy"``. ``SHOWDOWN_BACKEND=numpy`` forces the
numpy path (to compare, or to test); ``SHOWDOWN_BACKEND=native`` makes a
missing kernel an ImportError instead of a quiet fallback. A user whose install
fell back is told once, on the first batch call, on stderr (:func:`notice`).

Both paths give the same results, bit for bit, with the same errors. Tests and
benchmarks run a block on one of them with :func:`use`: every path that asks
:func:`kernel` (or :func:`current`) when it is called follows the switch. The
one that does not ask is the hot path, :func:`showdown.evaluate_ids`: it is
bound once per process to ``BACKEND``'s evaluator (see :mod:`showdown.hands.scalar`),
so nothing is ever rebound and no copy of it goes stale.

The kernel holds no table of its own: it is handed the tables that
:mod:`showdown.hands.rank_tables` makes (:func:`make_tables`), the standard
rules' by :func:`native_tables`, any ladder's by :func:`kernel_tables`, one object per
ladder for every caller.

>>> BACKEND in ("native", "numpy")
True
>>> with use("numpy"):
...     current(), kernel()
('numpy', None)
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # not typing's: ``import showdown`` stays light (no typing, contextlib)
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any, Literal

    from showdown.hands.rank_tables import Buffers

    Backend = Literal["native", "numpy"]

NAMES: tuple[Backend, ...] = ("native", "numpy")


#: The kernel's interface version; a build of another version is not used.
ABI = 10


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
    """Run the block on one backend (``"native"`` needs the kernel built): every path
    that asks :func:`kernel` or :func:`current` follows it; ``showdown.evaluate_ids``,
    bound once per process, does not."""

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

    def __exit__(self, *exc: object) -> None:
        global _current
        _current = self.before


#: Every kernel ``Tables`` made so far, by its ladder's key.
_BY_LADDER: dict[str, Any] = {}


def native_tables(wrap: bool = False) -> Any:
    """The kernel's ``Tables`` of the standard game or the wrap-around rule (made once,
    from :func:`showdown.hands.rank_tables.kernel_buffers`), whichever backend is in use."""
    # Read on first use, not at import: ``import showdown`` (which asks this module for
    # BACKEND) then loads no table code, and the tables are made only when first wanted.
    from showdown.hands.rank_tables import STANDARD_KEYS, kernel_buffers

    key = STANDARD_KEYS[bool(wrap)]  # any truthy wrap, as the batch paths take it
    tables = _BY_LADDER.get(key)
    if tables is None:
        tables = kernel_tables(key, kernel_buffers(wrap))
    return tables


def kernel_tables(key: str, buffers: Buffers) -> Any:
    """The kernel's ``Tables`` of the ladder ``key``, made once from ``buffers`` (the
    ladder's, from :mod:`showdown.hands.rank_tables`): later calls return the first one."""
    tables = _BY_LADDER.get(key)
    if tables is None:
        tables = _BY_LADDER[key] = make_tables(buffers)
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


def make_tables(buffers: Buffers) -> Any:
    """A kernel ``Tables`` object reading ``buffers`` (see
    :class:`~showdown.hands.rank_tables.RankTables`); bad scalar input raises the
    :class:`~showdown.cards.CardError` of :mod:`showdown.hands.idcheck`."""
    tables, key_gaps = buffers
    extension = _NATIVE if _NATIVE is not None else _import_kernel()  # forced numpy: a test
    return extension.Tables(*tables, _ids_error, _omaha_ids_error, key_gaps=key_gaps)
