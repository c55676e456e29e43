"""The kernel's readers and replay under AddressSanitizer and UndefinedBehaviorSanitizer:
the kernel is built sanitized (helpers/sanitized_kernel.py, ``-fno-wrapv`` so a signed
overflow is caught) and a process of its own (helpers/sanitized_fuzz.py) runs thousands of
mutated real files through it (helpers/mutants.py: byte flips, cut lines, halves of two
hands joined, lines repeated hundreds of times, huge numbers and sums, long names,
unbalanced brackets, NUL bytes, invalid UTF-8), the rooms' files through the C room
readers and the PHH files through the C TOML reader, then every hand through the C
replay, settlement and rows, each next to the Python path. Any sanitizer report fails
the test, shown with the mutant that caused it; so does any difference between the two
paths (the kernel may leave a hand to Python, never read or settle it otherwise).

Marked ``slow``: the backend does not matter to it (it builds its own kernel), so it runs
once, in scripts/test.sh's first pass, not again in the ``SHOWDOWN_BACKEND=numpy`` pass.
Where no sanitized kernel can be built (no C compiler, no libasan: Debian's gcc package
brings it) it is skipped with the reason on a user's machine, and fails in CI (``CI``
set), where the compiler is always there.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.paths import ROOT
from helpers.sanitized_kernel import build, missing

#: Mutants per run and their seed: the same ones every run (a failure reproduces).
SEED = 20240533
COUNT = 2000
#: Seconds the run may take (about 20 on an idle machine): past them it is a hang.
TIMEOUT = 900

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def sanitized(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    reason = missing()
    if reason is not None and os.environ.get("CI"):
        pytest.fail(f"CI must build the sanitized kernel: {reason}")
    if reason is not None:
        pytest.skip(f"no sanitized kernel can be built here: {reason}")
    folder = tmp_path_factory.mktemp("sanitized")
    try:
        built = build(folder)
    except subprocess.CalledProcessError as exc:
        pytest.fail(f"the sanitized kernel did not build: {' '.join(exc.cmd)}\n"
                    f"{exc.stdout}{exc.stderr}")
    env = {k: v for k, v in os.environ.items() if k != "SHOWDOWN_BACKEND"}
    env.update(built.env)
    env["PYTHONPATH"] = os.pathsep.join([str(built.path), str(ROOT / "tests")])
    return folder, env


def test_mutated_files_through_the_sanitized_kernel(
        sanitized: tuple[Path, dict[str, str]]) -> None:
    folder, env = sanitized
    command = [sys.executable, "-m", "helpers.sanitized_fuzz", "--seed", str(SEED), "--count",
               str(COUNT), "--work", str(folder / "work")]
    try:
        done = subprocess.run(command, env=env, cwd=folder, capture_output=True, text=True,
                              timeout=TIMEOUT, check=False)
    except subprocess.TimeoutExpired as exc:  # a hang: the mutant it is stuck on
        stderr = exc.stderr.decode(errors="replace") if isinstance(exc.stderr, bytes) else ""
        fail(f"no end after {TIMEOUT} s", stderr, command, env)
    if done.returncode != 0 or "runtime error" in done.stderr or "Sanitizer" in done.stderr:
        fail(f"exit {done.returncode}", done.stderr, command, env)
    result = json.loads(done.stdout)
    assert Path(result["package"]).is_relative_to(folder)  # the sanitized copy was run
    assert result["mutants"] == COUNT
    assert result["kernel_read_hands"] > COUNT // 4  # the C readers were really exercised
    assert result["findings"] == [], json.dumps(result["findings"][:10], indent=1)


def fail(what: str, stderr: str, command: list[str], env: dict[str, str]) -> None:
    """Fail with the sanitizer's report and the mutant that caused it: a line naming each
    mutant comes before its run, so the last one is the culprit."""
    names = [line for line in stderr.splitlines() if line.startswith('{"mutant"')]
    which = names[-1] if names else "(before the first mutant)"
    report = stderr[stderr.find(which) + len(which):] if names else stderr
    pytest.fail(f"the sanitized run failed ({what}) on the mutant {which} (again alone: "
                f"{' '.join(command)} --only INDEX, with {env_text(env)}):\n{report[-8000:]}")


def env_text(env: dict[str, str]) -> str:
    """The variables the sanitized run needs, as a shell would set them."""
    keys = ("LD_PRELOAD", "ASAN_OPTIONS", "UBSAN_OPTIONS", "PYTHONMALLOC", "PYTHONPATH")
    return " ".join(f"{k}={env[k]}" for k in keys if k in env)
