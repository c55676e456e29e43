"""No module of ``showdown`` uses another module's private names.

A name with a leading underscore (``_tables``, ``_Player``) belongs to its module: another
module that needs it imports a public name of the module that owns it. This test reads
every module of ``src/showdown`` with :mod:`ast` and fails on ``from showdown.x import
_name`` and on ``module._name`` where ``module`` was imported from the package. The
private modules ``showdown._lazy`` and ``showdown._native`` are imported only where they
are today.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = SRC / "showdown"
#: A private module and the modules that may import it (or a name of it).
PRIVATE_MODULES = {
    "showdown._lazy": {"showdown", "showdown.game", "showdown.phh", "showdown.tracker"},
    "showdown._native": {"showdown.hands.native"},
}

def _private(name: str) -> bool:
    """``_name``, but not ``__dunder__`` nor a ``_sunder_`` hook such as ``_repr_svg_``."""
    return name.startswith("_") and not name.endswith("_")


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_module(dotted: str) -> bool:
    base = SRC.joinpath(*dotted.split("."))
    return base.with_suffix(".py").exists() or (base / "__init__.py").exists()


def _absolute(node: ast.ImportFrom, importer: str, package: bool) -> str:
    """The module an ``import from`` names, relative imports resolved."""
    if node.level == 0:
        return node.module or ""
    parts = importer.split(".")
    base = parts if package else parts[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def uses(path: Path) -> Iterator[tuple[str, str]]:
    """:func:`uses_in` the module at ``path``."""
    source = path.read_text(encoding="utf-8")
    return uses_in(source, _module_name(path), path.name == "__init__.py")


def uses_in(source: str, importer: str, package: bool = False) -> Iterator[tuple[str, str]]:
    """``(importer, what)`` for each private name the module ``importer`` (its ``source``;
    ``package``: an ``__init__.py``) takes from another module of the package, and for
    each private module it imports."""
    modules: dict[str, str] = {}  # local name -> the package's module it is bound to
    tree = ast.parse(source, importer)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("showdown."):
                    if any(_private(p) for p in alias.name.split(".")):
                        yield importer, alias.name
                    if alias.asname:
                        modules[alias.asname] = alias.name
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(node, importer, package)
            if source != "showdown" and not source.startswith("showdown."):
                continue
            if any(_private(p) for p in source.split(".")):
                yield importer, source
                continue
            for alias in node.names:
                target = f"{source}.{alias.name}"
                if _private(alias.name):
                    yield importer, target
                elif _is_module(target):
                    modules[alias.asname or alias.name] = target
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and _private(node.attr)
            and modules[node.value.id] != importer
        ):
            yield importer, f"{modules[node.value.id]}.{node.attr}"


def found() -> set[tuple[str, str]]:
    out = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        out.update(uses(path))
    return out


def _allowed(importer: str, what: str) -> bool:
    for module, importers in PRIVATE_MODULES.items():
        if what == module or what.startswith(module + "."):
            return importer in importers
    return False


def test_no_module_takes_another_modules_private_names() -> None:
    wrong = sorted(u for u in found() if not _allowed(*u))
    assert wrong == [], "\n".join(f"{importer} uses {what}" for importer, what in wrong)


def test_the_scan_sees_each_kind_of_use() -> None:
    source = (
        "from showdown.odds.seats import _Hidden, Seat\n"
        "from showdown.odds import seats as S\n"
        "from showdown import _lazy\n"
        "from . import _mine\n"
        "import showdown.odds.board_vectors as bv\n"
        "S._private_helper(); bv._SK; S.Seat; bv.Chunk; x._repr_svg_(); S.__name__\n"
    )
    assert {what for _, what in uses_in(source, "showdown.odds.equity")} == {
        "showdown.odds.seats._Hidden",
        "showdown._lazy",
        "showdown.odds._mine",
        "showdown.odds.seats._private_helper",
        "showdown.odds.board_vectors._SK",
    }
