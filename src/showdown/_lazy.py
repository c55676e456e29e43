"""Lazy exports for packages that must stay light to import.

>>> namespace = {"__name__": "demo"}
>>> getattr_ = lazy_getattr(namespace, {"sqrt": "math"})
>>> getattr_("sqrt")(9.0), "sqrt" in namespace
(3.0, True)
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing's: this module is on the light import path
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_getattr(namespace: dict[str, Any], exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` importing ``exports[name]`` (a module path) on first use.

    The value is stored in ``namespace`` (the package's ``globals()``), so later
    lookups no longer come here.
    """
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        __import__(module)  # importlib would import warnings too
        value = getattr(sys.modules[module], name)
        namespace[name] = value
        return value

    return __getattr__
