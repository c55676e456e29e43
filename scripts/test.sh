#!/usr/bin/env bash
# Installs everything the tests need (Python packages into .venv, Debian's
# Chromium for the browser tests when running as root) and runs the suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh "dev,game,tracker"
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing Debian's chromium for the browser tests" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
  else
    echo "warning: chromium is missing and cannot be installed here; browser tests will fail" >&2
  fi
fi
.venv/bin/ruff check src tests benchmarks
.venv/bin/mypy
# The wings import only downward and no modules import each other in a circle (pyproject.toml).
.venv/bin/lint-imports --no-cache
# The documentation site: a broken reference or a missing page fails the build (no network).
site_dir=$(mktemp -d)
NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict --quiet --site-dir "$site_dir"
rm -rf "$site_dir"
# The release: sdist and manylinux wheel built, twine-checked and installed into a clean
# venv with no compiler; any packaging warning fails it (scripts/release_check.py).
.venv/bin/python scripts/release_check.py
# tests/kernel/test_rooms_sanitized.py builds the kernel with gcc's AddressSanitizer and
# UndefinedBehaviorSanitizer: it needs gcc's libasan and libubsan (Debian's gcc package
# installs them), else it is skipped with the reason.
.venv/bin/python -m pytest -n 2 --dist loadgroup "$@"
# The numpy fallback must pass on its own too (what a user without a C compiler runs);
# the browser and slow tests, which do not depend on the backend, ran above.
SHOWDOWN_BACKEND=numpy .venv/bin/python -m pytest -n 2 --dist loadgroup -q -m "not browser and not slow" "$@"
