"""``pip install .`` without a C compiler: the build skips the optional kernel, the
package installs, says ``numpy``, evaluates correctly and tells the user once how to
get the fast path.

The throwaway venv borrows this environment's numpy, setuptools and pip through a
``.pth`` line (no network, no build isolation), so the test runs offline in seconds.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from helpers.paths import ROOT

CHECK = """
import io, sys, contextlib
import numpy as np
import showdown
from showdown import evaluate_batch, evaluate_ids
assert showdown.BACKEND == "numpy", showdown.BACKEND
assert evaluate_ids([51, 47, 43, 39, 35, 0, 1]) == 1
hands = np.array([[51, 47, 43, 39, 35], [20, 13, 9, 4, 0]], dtype=np.uint8)
assert evaluate_batch(hands).tolist() == [1, 7462]
assert evaluate_batch(hands).tolist() == [1, 7462]  # told once only
print(showdown.equity(["AcAd", "KhKs"]).boards)
"""


def _copy_project(target: Path) -> None:
    ignore = shutil.ignore_patterns("*.so", "*.pyd", "__pycache__", "*.egg-info", "build")
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in"):
        shutil.copy2(ROOT / name, target / name)
    shutil.copytree(ROOT / "src", target / "src", ignore=ignore)


@pytest.mark.xdist_group("install")
def test_install_without_a_compiler(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    _copy_project(project)
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # numpy, setuptools and pip from this environment, after the venv's own packages.
    Path(purelib, "borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {**os.environ, "CC": "false", "CXX": "false", "PIP_NO_INDEX": "1"}
    env.pop("SHOWDOWN_BACKEND", None)
    install = subprocess.run(
        [python, "-m", "pip", "install", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", str(project)],
        capture_output=True, text=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert install.returncode == 0, install.stdout + install.stderr
    installed = Path(purelib, "showdown")
    assert (installed / "_native" / "kernel.h").exists() or (installed / "_native").exists()
    assert not list(installed.glob("_native/_kernel*")), "a kernel was built with CC=false"
    run = subprocess.run(
        [python, "-c", CHECK], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["1712304"]
    notices = [line for line in run.stderr.splitlines() if "native kernel" in line]
    assert len(notices) == 1 and "install a C compiler and reinstall" in notices[0], run.stderr
    assert "--no-cache-dir poker-showdown" in notices[0]  # not the cached numpy-only wheel
    assert "SHOWDOWN_BACKEND=numpy" in notices[0] and "silences" in notices[0]
    script = env_dir / ("Scripts/showdown.exe" if os.name == "nt" else "bin/showdown")
    version = subprocess.run([script, "--version"], capture_output=True, text=True, env=env)
    assert version.stdout.strip().endswith("(numpy backend)"), version.stdout
    forced = subprocess.run(
        [python, "-c", CHECK], capture_output=True, text=True,
        env={**env, "SHOWDOWN_BACKEND": "numpy"}, cwd=tmp_path,
    )  # fmt: skip
    assert forced.returncode == 0 and "native kernel" not in forced.stderr  # asked for: no notice


def test_a_checkout_is_told_to_rebuild_in_place() -> None:
    from showdown.hands.native import how_to_build

    advice = how_to_build()  # this test runs from the checkout's editable install
    assert "pip install -e ." in advice and str(ROOT) in advice and "scripts/setup.sh" in advice


def test_version_names_the_backend() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "showdown", "--version"], capture_output=True, text=True, check=True
    ).stdout
    import showdown

    assert out.strip() == f"showdown {showdown.__version__} ({showdown.BACKEND} backend)"
    forced = subprocess.run(
        [sys.executable, "-m", "showdown", "--version"],
        capture_output=True, text=True, check=True, env={**os.environ, "SHOWDOWN_BACKEND": "numpy"},
    ).stdout  # fmt: skip
    assert forced.strip().endswith("(numpy backend)")
