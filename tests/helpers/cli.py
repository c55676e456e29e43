"""The command line run in this process, its output captured: what CLI tests compare.

>>> code, out, err = run_cli(["eval", "As Ks Qs Js Ts"])
>>> code, err
(0, '')
"""

from __future__ import annotations

import contextlib
import io
import sys

from showdown.commands.main import main


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """Run ``showdown ARGV`` in this process; (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse: --help (0) or a usage error (2)
                code = int(exc.code or 0)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()
