"""What a release promises about itself: one version everywhere, a licence, a short
README, users' extras free of development tools; and the release check's own eyes.

The release check itself (build, twine, auditwheel, a clean install) is
``scripts/release_check.py``, run by ``scripts/test.sh``.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import struct
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import showdown
from helpers.paths import ROOT

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _release_check() -> ModuleType:
    script = ROOT / "scripts" / "release_check.py"
    spec = importlib.util.spec_from_file_location("release_check", script)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_one_version_everywhere() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    newest = re.search(r"^## (?!Unreleased)(\S+)", changelog, re.MULTILINE)
    assert newest and newest.group(1) == showdown.__version__ == "1.0.0"
    assert importlib.metadata.version("poker-showdown") == showdown.__version__
    assert PROJECT["project"]["dynamic"] == ["version"]  # read from showdown.__version__
    assert _release_check().version() == showdown.__version__
    out = subprocess.run([sys.executable, "-m", "showdown", "--version"],
                         capture_output=True, text=True, check=True).stdout  # fmt: skip
    assert out.startswith(f"showdown {showdown.__version__} (")


def test_the_licence_is_declared_the_modern_way() -> None:
    project = PROJECT["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert not any(c.startswith("License ::") for c in project["classifiers"])  # PEP 639
    assert project["authors"] and project["maintainers"]
    assert any(req.startswith("setuptools>=77") for req in PROJECT["build-system"]["requires"])


def test_users_extras_carry_no_development_tools() -> None:
    extras = PROJECT["project"]["optional-dependencies"]
    assert set(extras) == {"game", "dask", "tracker"}
    tools = {"pytest", "ruff", "mypy", "playwright", "setuptools", "pokerkit", "twine"}
    for requirements in extras.values():
        names = {re.split(r"[<>=\[; ]", r)[0] for r in requirements}
        assert not names & tools
    groups = PROJECT["dependency-groups"]
    assert {"test", "lint", "release", "docs", "bench", "dev"} <= set(groups)


def test_the_readme_is_short_and_points_at_the_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode()) < 8_000
    for page in ("docs/performance.md", "docs/library.md", "docs/releases.md"):
        assert f"]({page})" in readme
    assert "bash scripts/play.sh" in readme and "bash scripts/test.sh" in readme


def test_the_check_sees_setuptools_warnings() -> None:
    warning = _release_check().WARNING
    seen = [
        "SetuptoolsDeprecationWarning: `project.license` as a TOML table is deprecated",
        "!!",
        "warning: no files found matching 'CHANGELOG.md'",
        "src/showdown/_native/ladders.c:12:5: warning: unused variable 'x'",
    ]
    unseen = ["running build_ext", "copying src/showdown/cards.py -> build/lib/showdown"]
    assert all(warning.search(line) for line in seen)
    assert not any(warning.search(line) for line in unseen)


def _elf_with_sections(names: list[str]) -> bytes:
    """A minimal 64-bit little-endian ELF shared object holding the empty sections ``names``
    (what an unstripped library looks like to the check, with no compiler needed)."""
    all_names = [".shstrtab", *names]
    strtab = b"\0" + b"".join(n.encode() + b"\0" for n in all_names)
    offsets = [strtab.index(b"\0" + n.encode() + b"\0") + 1 for n in all_names]
    shoff = 64 + len(strtab)
    header = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)  # 64-bit, little-endian, version 1
    header += struct.pack(
        "<HHIQQQIHHHHHH", 3, 62, 1, 0, 0, shoff, 0, 64, 0, 0, 64, len(all_names) + 1, 1
    )
    sections = bytes(64)  # the null section
    sections += struct.pack("<IIQQQQIIQQ", offsets[0], 3, 0, 0, 64, len(strtab), 0, 0, 1, 0)
    for offset, name in zip(offsets[1:], names, strict=True):
        kind, entry = (2, 24) if name == ".symtab" else (1, 0)
        sections += struct.pack("<IIQQQQIIQQ", offset, kind, 0, 0, shoff, 0, 1, 0, 8, entry)
    return header + strtab + sections


def test_the_check_refuses_a_wheel_with_sources_debug_info_and_no_licence(tmp_path: Path) -> None:
    import zipfile

    library = tmp_path / "k.so"
    library.write_bytes(_elf_with_sections([".text", ".debug_info", ".symtab"]))
    wheel = tmp_path / "poker_showdown-1.0.0-cp311-cp311-linux_x86_64.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("showdown/_native/kernel.c", "int x;\n")
        archive.write(library, "showdown/_native/_kernel.cpython-311-x86_64-linux-gnu.so")
        archive.writestr("poker_showdown-1.0.0.dist-info/METADATA", "Version: 1.0.0\n")
    problems: list[str] = []
    _release_check().check_wheel(wheel, "1.0.0", problems)
    text = "\n".join(problems)
    assert "ships C sources: showdown/_native/kernel.c" in text
    assert "lacks poker_showdown-1.0.0.dist-info/licenses/LICENSE" in text
    assert "lacks 'License-Expression: MIT'" in text
    assert "not stripped" in text and ".debug_info" in text and ".symtab" in text
