#!/usr/bin/env bash
# Creates .venv with the project and the given extras; shared by play.sh and test.sh.
# Usage: scripts/setup.sh EXTRAS   (e.g. "game" or "test,game,bench")
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-game}"
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[${extras}]"
