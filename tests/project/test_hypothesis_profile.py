"""The hypothesis profile: derandomised in CI (reproducible), random locally."""

from __future__ import annotations

import os
import subprocess
import sys

from helpers.paths import ROOT

PROBE = (
    "import sys; sys.path.insert(0, 'tests'); import conftest; "
    "from hypothesis import settings; print(settings.default.derandomize)"
)


def derandomized(ci: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    if ci is not None:
        env["CI"] = ci
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_ci_runs_are_derandomised_and_local_runs_are_not() -> None:
    assert derandomized("true") == "True"
    assert derandomized("1") == "True"
    assert derandomized(None) == "False"
