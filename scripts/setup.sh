#!/usr/bin/env bash
# Creates .venv with the project, the given extras and development groups; shared by
# play.sh and test.sh. Installs only when something the install depends on changed since
# the last one that succeeded (see the stamp below), so a second start is immediate.
# Usage: scripts/setup.sh NAMES   (e.g. "game" or "dev,game"; a name is an extra of
# pyproject.toml's [project.optional-dependencies] or a group of its [dependency-groups])
set -euo pipefail
cd "$(dirname "$0")/.."
names="${1:-game}"
python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
# The stamp of the last install that succeeded: a hash of what the install reads
# (pyproject.toml, setup.py, the version it takes from src/showdown/__init__.py, the C
# sources and headers of the native kernel and the kernel files built from them, or
# without them the C compiler found; the venv's Python), then the extras and groups
# installed. The install is editable, so a change to any Python source needs none. Set
# aside before an install (a failed one leaves no stamp) and written after it, keeping the
# names of an install of the same inputs.
stamp=.venv/showdown-setup.stamp
# Prints "fresh|stale EXTRAS GROUP-OPTIONS" for NAMES (fresh: the stamp covers them);
# with "write", records NAMES in the stamp instead.
inputs() {
  .venv/bin/python - "$names" "$stamp" "$@" <<'PY'
import glob, hashlib, os, re, shutil, sys, sysconfig, tomllib
names, stamp, write = sys.argv[1], sys.argv[2], sys.argv[3:] == ["write"]
project = tomllib.load(open("pyproject.toml", "rb"))
known_extras = project["project"].get("optional-dependencies", {})
known_groups = project.get("dependency-groups", {})
extras, groups = [], []
for name in filter(None, (n.strip() for n in names.split(","))):
    if name in known_extras:
        extras.append(name)
    elif name in known_groups:
        groups.append(name)
    else:
        sys.exit(f"setup.sh: {name!r} is neither an extra nor a dependency group of pyproject.toml")
digest = hashlib.sha256(sys.version.encode())
version = re.search(r"^__version__ = .*$", open("src/showdown/__init__.py").read(), re.M)
digest.update(version.group().encode() if version else b"")
native = "src/showdown/_native"
for path in ["pyproject.toml", "setup.py", *sorted(glob.glob(f"{native}/*.[ch]"))]:
    digest.update(b"\0%s\0%s" % (path.encode(), open(path, "rb").read()))
# A kernel removed since (git clean, say) is built again, and one that could not be built
# is tried again once a C compiler is there.
kernel = sorted(glob.glob(f"{native}/_kernel*"))
compiler = os.environ.get("CC", sysconfig.get_config_var("CC") or "cc").split()  # as setuptools
digest.update(repr(kernel or compiler[:1] and shutil.which(compiler[0])).encode())
try:
    done_digest, *done = open(stamp + ".before" if write else stamp).read().split()
except (OSError, ValueError):
    done_digest, done = "", []
wanted = {*extras, *groups}
if write:
    kept = set(done) if done_digest == digest.hexdigest() else set()
    with open(stamp, "w") as f:
        f.write("\n".join([digest.hexdigest(), *sorted(kept | wanted)]) + "\n")
else:
    fresh = done_digest == digest.hexdigest() and wanted <= set(done)
    print("fresh" if fresh else "stale", ",".join(extras) or "-",
          " ".join(f"--group {g}" for g in groups))
PY
}
found=$(inputs)
read -r state extras groups <<<"$found"
if [ "$state" = fresh ]; then
  exit 0
fi
if [ -f "$stamp" ]; then
  mv -f "$stamp" "$stamp.before"
else  # one set aside by an install that failed since: it no longer says what is there
  rm -f "$stamp.before"
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check --upgrade pip >/dev/null
# Extras are what users install; groups (PEP 735, pip >= 25.1) are the project's own tools.
target="."
[ "$extras" != "-" ] && target=".[${extras}]"
# shellcheck disable=SC2086  # $groups is a list of --group options
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e "$target" $groups
inputs write
rm -f "$stamp.before"
