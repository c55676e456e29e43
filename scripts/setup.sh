#!/usr/bin/env bash
# Creates .venv with the project, the given extras and development groups; shared by
# play.sh and test.sh.
# Usage: scripts/setup.sh NAMES   (e.g. "game" or "dev,game"; a name is an extra of
# pyproject.toml's [project.optional-dependencies] or a group of its [dependency-groups])
set -euo pipefail
cd "$(dirname "$0")/.."
names="${1:-game}"
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
# Extras are what users install; groups (PEP 735, pip >= 25.1) are the project's own tools.
read -r extras groups < <(.venv/bin/python - "$names" <<'PY'
import sys, tomllib
project = tomllib.load(open("pyproject.toml", "rb"))
known_extras = project["project"].get("optional-dependencies", {})
known_groups = project.get("dependency-groups", {})
extras, groups = [], []
for name in filter(None, (n.strip() for n in sys.argv[1].split(","))):
    if name in known_extras:
        extras.append(name)
    elif name in known_groups:
        groups.append(name)
    else:
        sys.exit(f"setup.sh: {name!r} is neither an extra nor a dependency group of pyproject.toml")
print(",".join(extras) or "-", " ".join(f"--group {g}" for g in groups))
PY
)
target="."
[ "$extras" != "-" ] && target=".[${extras}]"
# shellcheck disable=SC2086  # $groups is a list of --group options
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target" $groups
