"""The native kernel built with AddressSanitizer and UndefinedBehaviorSanitizer, for the
fuzz test (tests/kernel/test_rooms_sanitized.py): setup.py's sources compiled straight
with the C compiler (``-fsanitize=address,undefined -fno-sanitize-recover=undefined
-fno-wrapv -g -O1``: Python's own CFLAGS carry ``-fwrapv``, which would make a signed
overflow defined, and so invisible to the sanitizer) into a copy of the ``showdown``
package in a temporary folder, and the environment a Python process needs to load it
(``LD_PRELOAD`` of the compiler's ``libasan``, leak checks off: the interpreter keeps
its memory to the end; Python's own allocator off, so that each object is watched).

What it needs: a C compiler whose ``-print-file-name=libasan.so`` names a library that
exists (gcc with its libasan, as Debian's gcc package installs it), and Python's headers.

>>> sources()[:2]
['module.c', 'tables.c']
>>> FLAGS[:2]
['-fsanitize=address,undefined', '-fno-sanitize-recover=undefined']
"""

from __future__ import annotations

import ast
import os
import shlex
import shutil
import subprocess
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from helpers.paths import ROOT

__all__ = ["FLAGS", "Sanitized", "build", "missing", "sources"]

#: The sanitizers, with every undefined behaviour fatal, and signed overflow undefined.
FLAGS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined", "-fno-wrapv",
         "-fno-omit-frame-pointer", "-g", "-O1", "-std=c99", "-fPIC"]
NATIVE = ROOT / "src" / "showdown" / "_native"


@dataclass(frozen=True)
class Sanitized:
    """A sanitized build: the folder to put first on ``PYTHONPATH`` (it holds the copy of
    the package) and the environment variables a process loading it needs."""

    path: Path
    env: dict[str, str]


def sources() -> list[str]:
    """The kernel's C files, as setup.py lists them (its ``SOURCES``)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "SOURCES" for t in node.targets):
            found = ast.literal_eval(node.value)
            assert isinstance(found, list)
            return [str(name) for name in found]
    raise LookupError("setup.py lists no SOURCES")


def _compiler() -> list[str] | None:
    """The C compiler as setuptools would call it (``CC``, else Python's), if present."""
    cc = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    return cc if cc and shutil.which(cc[0]) else None


def _runtime(cc: list[str], name: str) -> Path | None:
    """The compiler's shared runtime library ``name`` (libasan.so), if it has one."""
    try:
        found = subprocess.run([*cc, f"-print-file-name={name}"], capture_output=True,
                               text=True, timeout=60, check=False).stdout.strip()
    except OSError:
        return None
    path = Path(found)
    return path if path.is_absolute() and path.exists() else None


def missing() -> str | None:
    """Why no sanitized kernel can be built here (``None``: it can)."""
    cc = _compiler()
    if cc is None:
        return "no C compiler (CC, Python's CC or cc)"
    if _runtime(cc, "libasan.so") is None:
        return f"{cc[0]} has no libasan.so (-print-file-name=libasan.so): install gcc's libasan"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python.h (Python's development headers)"
    return None


def build(folder: Path) -> Sanitized:
    """Compile the sanitized kernel into a copy of the package under ``folder``; raises
    :class:`subprocess.CalledProcessError` (with the compiler's output) on a failure."""
    cc = _compiler()
    asan = None if cc is None else _runtime(cc, "libasan.so")
    if cc is None or asan is None:
        raise RuntimeError(missing())
    package = folder / "pkg"
    shutil.copytree(NATIVE.parent, package / "showdown",
                    ignore=shutil.ignore_patterns("_kernel*", "__pycache__", "*.c", "*.h"))
    objects = folder / "obj"
    objects.mkdir()
    include = ["-I", sysconfig.get_paths()["include"], "-I", str(NATIVE)]

    def compile_one(name: str) -> Path:
        out = objects / (Path(name).stem + ".o")
        subprocess.run([*cc, *FLAGS, *include, "-c", str(NATIVE / name), "-o", str(out)],
                       check=True, capture_output=True, text=True)
        return out

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        built = list(pool.map(compile_one, sources()))
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    target = package / "showdown" / "_native" / f"_kernel{suffix}"
    subprocess.run([*cc, "-shared", *FLAGS, *map(str, built), "-o", str(target)],
                   check=True, capture_output=True, text=True)
    # PYTHONMALLOC=malloc: every object in memory of its own, between the sanitizer's
    # red zones (Python's small-object pools would hide a read past a short string)
    env = {"LD_PRELOAD": str(asan), "ASAN_OPTIONS": "detect_leaks=0",
           "UBSAN_OPTIONS": "print_stacktrace=1", "PYTHONMALLOC": "malloc"}
    return Sanitized(package, env)
