"""The mutation script mutates behaviour only: never a type annotation nor a decorator and
its arguments nor a dataclass field's options (their "mutants" could only survive), still a
default value beside them."""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from helpers.paths import ROOT


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mutation", ROOT / "scripts" / "mutation.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutation"] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


SOURCE = '''
from dataclasses import dataclass, field

@dataclass(frozen=True, slots=True)
class Pot:
    amount: int = 0
    halves: tuple[int, ...] | None = field(default=None, hash=False)

    def share(self, n: int | None = 2) -> int | None:
        return self.amount // n if n is not None else None
'''


def test_annotations_and_decorators_are_left_alone() -> None:
    found = [(m.line, m.description) for m in _script().mutants(SOURCE)]
    assert found == [
        (6, "0 -> 1"),  # amount's default; not frozen=, slots=, hash= nor any |
        (9, "2 -> 3"),  # share's default
        (10, "IsNot -> Is"),
        (10, "FloorDiv -> Mult"),
    ]


def test_a_mutant_changes_only_its_own_point() -> None:
    script = _script()
    mutated = script.mutate(SOURCE, 3)  # the fourth point: // -> *
    assert "self.amount * n" in mutated
    assert "frozen=True" in mutated and "int | None" in mutated and "amount: int = 0" in mutated


def test_the_rule_modules_have_fewer_mutants_than_before() -> None:
    # pots/resolution.py held 138 points when annotations and dataclass options counted.
    source = (ROOT / "src/showdown/pots/resolution.py").read_text(encoding="utf-8")
    descriptions = [m.description for m in _script().mutants(source)]
    assert descriptions and all(" -> " in d for d in descriptions)
    assert "BitOr -> BitAnd" not in descriptions  # every | there is in an annotation
