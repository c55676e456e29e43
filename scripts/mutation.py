"""A small mutation tester: does the test suite notice when a rule module is changed?

Each *mutant* is the module with one small change a careless edit could make:
a comparison flipped (``<`` to ``<=``, ``==`` to ``!=``), an arithmetic
operator swapped (``+`` to ``-``, ``//`` to ``*``...), an integer constant off
by one, ``True`` and ``False`` exchanged, ``and`` and ``or`` exchanged, a
``not`` dropped. Type annotations (``int | None``, ``Literal[1, 2]``), decorators
with their arguments (``@dataclass(frozen=True)``) and a dataclass field's options
(``field(hash=False)``, not its default) are never mutated: annotations do not run
(``from __future__ import annotations``), and the options are declarations, so their
"mutants" could only survive. For every mutant the chosen tests run against a copy of
``src/`` holding it (the checkout itself is never touched); a mutant is
*killed* when the tests fail. The kill rate is the share of mutants killed;
the survivors are listed with their line, to be read: each is either a test
to add or an equivalent change (one that cannot alter behaviour).

Usage (from the repository root, with the `test` dependency group installed; test paths are
relative to the root)::

    .venv/bin/python scripts/mutation.py src/showdown/pots/resolution.py \\
        tests/pots/test_resolution.py tests/pots/test_resolution_properties.py \\
        tests/cli/test_resolve_cmd.py

Options: ``--limit N`` tries only the first N mutants, ``--only LINE[,LINE]``
only mutants on those lines, ``--list`` prints the mutants without running
anything. Hypothesis runs derandomised (``CI=true``) so that a result is
reproducible. Exit status 0 whatever the rate: the number is for people.
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_COMPARE_SWAPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
_BINOP_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}


@dataclass(frozen=True)
class Mutant:
    index: int
    line: int
    description: str


def _skipped_lines(tree: ast.Module) -> set[int]:
    """Lines not worth mutating: docstrings, ``__all__``, imports, type-checking blocks."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr):
            value = body[0].value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                skip.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
        if isinstance(node, ast.Import | ast.ImportFrom):
            skip.add(node.lineno)
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            skip.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING"
        ):
            skip.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return skip


def _declarations(tree: ast.Module) -> set[int]:
    r"""The ids of every node inside a type annotation or a decorator (with its arguments):
    what the mutator leaves alone. Node by node, not line by line, so a default value on
    an annotated line (``x: int = 0``, ``def f(n: int = 1)``) is still mutated.

    >>> source = "@dataclass(frozen=True)\nclass A:\n    x: int | None = 1\n"
    >>> [m.description for m in mutants(source)]  # the default only: not frozen=, not |
    ['1 -> 2']
    >>> [m.description for m in mutants("def f(n: int = 1) -> int | None:\n    return n\n")]
    ['1 -> 2']
    """
    roots: list[ast.AST] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            roots += node.decorator_list
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns:
            roots.append(node.returns)
        if isinstance(node, ast.arg) and node.annotation is not None:
            roots.append(node.annotation)
        if isinstance(node, ast.AnnAssign):
            roots.append(node.annotation)
        # A dataclass field's options (``field(hash=False, repr=False)``), not its default.
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "field"
        ):
            roots += [k for k in node.keywords if k.arg not in ("default", "default_factory")]
    return {id(inner) for root in roots for inner in ast.walk(root)}


class _Mutator(ast.NodeTransformer):
    """Visits every mutation point in order; changes only the ``target``-th (or none)."""

    def __init__(self, target: int, skip: set[int], declarations: set[int]) -> None:
        self.target = target
        self.skip = skip
        self.declarations = declarations
        self.count = 0
        self.found: list[Mutant] = []

    def _point(self, node: ast.AST, description: str) -> bool:
        line = getattr(node, "lineno", 0)
        if line in self.skip or id(node) in self.declarations:
            return False
        index = self.count
        self.count += 1
        self.found.append(Mutant(index, line, description))
        return index == self.target

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for k, op in enumerate(node.ops):
            swap = _COMPARE_SWAPS.get(type(op))
            if swap is not None and self._point(
                node, f"{type(op).__name__} -> {swap.__name__}"
            ):
                node.ops[k] = swap()
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        swap = _BINOP_SWAPS.get(type(node.op))
        if swap is not None and self._point(node, f"{type(node.op).__name__} -> {swap.__name__}"):
            node.op = swap()
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        self.generic_visit(node)
        swap = _BINOP_SWAPS.get(type(node.op))
        if swap is not None and self._point(
            node, f"{type(node.op).__name__}= -> {swap.__name__}="
        ):
            node.op = swap()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        if self._point(node, f"{type(node.op).__name__} -> {other.__name__}"):
            node.op = other()
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and self._point(node, "not x -> x"):
            return node.operand
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if isinstance(value, bool):
            if self._point(node, f"{value} -> {not value}"):
                return ast.copy_location(ast.Constant(not value), node)
        elif isinstance(value, int) and self._point(node, f"{value} -> {value + 1}"):
            return ast.copy_location(ast.Constant(value + 1), node)
        return node


def mutants(source: str) -> list[Mutant]:
    """Every mutation point of ``source``."""
    tree = ast.parse(source)
    mutator = _Mutator(-1, _skipped_lines(tree), _declarations(tree))
    mutator.visit(tree)
    return mutator.found


def mutate(source: str, target: int) -> str:
    """``source`` with the ``target``-th mutation applied."""
    tree = ast.parse(source)
    mutator = _Mutator(target, _skipped_lines(tree), _declarations(tree))
    tree = ast.fix_missing_locations(mutator.visit(tree))
    return ast.unparse(tree)


def _run_tests(src_copy: Path, tests: list[str], timeout: float) -> bool:
    """True if the tests (paths relative to the root) pass against the copy (the mutant
    survived)."""
    env = {**os.environ, "PYTHONPATH": str(src_copy), "CI": "true", "PYTHONDONTWRITEBYTECODE": "1"}
    command = [
        sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
        "-p", "no:randomly", "-o", "addopts=", *tests,
    ]  # fmt: skip
    try:
        done = subprocess.run(
            command, cwd=src_copy.parent, env=env, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return False  # a mutant that hangs the tests is caught (by the timeout)
    return done.returncode == 0


def _check_copy_is_used(src_copy: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(src_copy)}
    where = subprocess.run(
        [sys.executable, "-c", "import showdown; print(showdown.__file__)"],
        cwd=src_copy.parent, env=env, capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    if not where.startswith(str(src_copy)):
        raise SystemExit(f"the tests would import showdown from {where}, not from the copy")


def run(module: Path, tests: list[str], selected: list[Mutant]) -> Iterator[tuple[Mutant, bool]]:
    """Run the tests against every selected mutant: (mutant, survived)."""
    source = module.read_text(encoding="utf-8")
    relative = module.resolve().relative_to(ROOT / "src")
    with tempfile.TemporaryDirectory(prefix="showdown-mutants-") as tmp:
        # The code and the tests are copied: edits to the checkout during a long run
        # change nothing, and the checkout is never modified.
        ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
        src_copy = Path(tmp) / "src"
        shutil.copytree(ROOT / "src", src_copy, ignore=ignore)
        shutil.copytree(ROOT / "tests", Path(tmp) / "tests", ignore=ignore)
        shutil.copy2(ROOT / "pyproject.toml", Path(tmp) / "pyproject.toml")
        _check_copy_is_used(src_copy)
        target = src_copy / relative
        start = time.perf_counter()
        if not _run_tests(src_copy, tests, timeout=1800):
            raise SystemExit("the tests fail on the unchanged code: fix them first")
        baseline = time.perf_counter() - start
        for mutant in selected:
            target.write_text(mutate(source, mutant.index), encoding="utf-8")
            yield mutant, _run_tests(src_copy, tests, timeout=max(60.0, 5 * baseline))
        target.write_text(source, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("module", type=Path, help="the module to mutate, under src/")
    parser.add_argument("tests", nargs="+", help="test files (or node ids) to run per mutant")
    parser.add_argument("--limit", type=int, default=None, help="only the first N mutants")
    parser.add_argument("--only", default=None, help="only mutants on these lines (1,5,9)")
    parser.add_argument("--list", action="store_true", help="list the mutants and stop")
    args = parser.parse_args(argv)
    found = mutants(args.module.read_text(encoding="utf-8"))
    if args.only:
        lines = {int(x) for x in args.only.split(",")}
        found = [m for m in found if m.line in lines]
    if args.limit is not None:
        found = found[: args.limit]
    if args.list:
        for m in found:
            print(f"{args.module}:{m.line}: {m.description}")
        return 0
    killed = 0
    survivors: list[Mutant] = []
    for n, (mutant, survived) in enumerate(run(args.module, args.tests, found), start=1):
        mark = "SURVIVED" if survived else "killed"
        print(f"[{n}/{len(found)}] {args.module}:{mutant.line}: {mutant.description}: {mark}",
              flush=True)  # fmt: skip
        if survived:
            survivors.append(mutant)
        else:
            killed += 1
    total = len(found)
    rate = 100.0 * killed / total if total else 100.0
    print(f"\n{args.module}: {killed} of {total} mutants killed ({rate:.1f}%)")
    for m in survivors:
        print(f"  survived: {args.module}:{m.line}: {m.description}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
