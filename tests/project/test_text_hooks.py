"""A core type reaches up to the text wing only from its hooks.

Both import-linter contracts of ``pyproject.toml`` ignore a few imports of
``showdown.text`` from lower wings. Each of them must be a deferred import inside one
of the hooks below (the notebook's picture, the type's own text, or the documented
method that text is), so the ignore list cannot hide a renderer living in a core wing.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The methods a core type may reach the text wing from.
HOOKS = {"_repr_svg_", "__str__", "format", "explain_pots"}


def _ignored() -> set[tuple[str, str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pairs = set()
    for contract in config["tool"]["importlinter"]["contracts"]:
        for line in contract.get("ignore_imports", []):
            importer, imported = (part.strip() for part in line.split("->"))
            pairs.add((importer, imported))
    return pairs


def _modules(node: ast.AST) -> list[str]:
    """The modules an import statement imports from (none for any other node)."""
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    return []


def _imports_of(importer: str, imported: str) -> list[list[str]]:
    """For each import of ``imported`` in ``importer``: the functions it sits in."""
    path = ROOT / "src" / Path(*importer.split(".")).with_suffix(".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def walk(node: ast.AST, within: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if imported in _modules(child):
                found.append(within)
            inner = [*within, child.name] if isinstance(child, ast.FunctionDef) else within
            walk(child, inner)

    walk(tree, [])
    return found


def test_both_contracts_ignore_the_same_hooks() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lists = [c["ignore_imports"] for c in config["tool"]["importlinter"]["contracts"][:2]]
    assert lists[0] == lists[1]


def test_every_ignored_import_is_a_hook() -> None:
    pairs = _ignored()
    assert pairs, "the contracts ignore no import: drop this test"
    for importer, imported in sorted(pairs):
        assert imported.startswith("showdown.text."), (importer, imported)
        places = _imports_of(importer, imported)
        assert places, f"{importer} no longer imports {imported}: drop it from the list"
        for within in places:
            assert within and within[-1] in HOOKS, f"{importer} imports {imported} in {within}"
