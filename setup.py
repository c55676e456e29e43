"""Build of the optional native kernel; everything else is in pyproject.toml.

The extension is optional: without a working C compiler (or with ``CC=false``)
the build prints one warning and the package installs with its numpy path.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """``build_ext`` that never fails the install: a missing compiler means the numpy path."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all, or a broken toolchain
            self._skip(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # CompileError, LinkError, a compiler that is not there
            self._skip(error)

    @staticmethod
    def _skip(error: BaseException) -> None:
        print(
            f"warning: showdown's native kernel was not built ({error}); the numpy path "
            "will be used. Install a C compiler and reinstall for the fast path.",
            file=sys.stderr,
        )


NATIVE = "src/showdown/_native"
# One extension from these sources (one concern each) behind one header, kernel.h.
SOURCES = [
    "module.c",
    "tables.c",
    "evaluate.c",
    "batch_vector.c",
    "batch_avx2.c",
    "simd.c",
    "holdem_exact.c",
    "holdem_merged.c",
    "exact_deals.c",
    "monte_carlo.c",
    "ranged_deals.c",
    "draws.c",
    "ladders.c",
    "omaha_exact.c",
    "runout_shares.c",
    "omaha_runouts.c",
    "histories.c",
    "settlement.c",
    "settled_tuples.c",
    "toml.c",
    "rooms.c",
    "rooms_text.c",
    "rooms_builder.c",
    "rooms_stars.c",
    "rooms_ipoker.c",
    "rooms_brackets.c",
    "verification.c",
]

setup(
    ext_modules=[
        Extension(
            "showdown._native._kernel",
            sources=[f"{NATIVE}/{name}" for name in SOURCES],
            # The header: rebuilt when it changes, and shipped in the sdist.
            depends=[f"{NATIVE}/kernel.h", f"{NATIVE}/rooms.h", f"{NATIVE}/boards.h", f"{NATIVE}/draws.h", f"{NATIVE}/runouts.h", f"{NATIVE}/omaha_eval.h"],
            # No debug information (Python's own CFLAGS ask for -g) and a stripped
            # library: the wheel's extension is a quarter of the size.
            extra_compile_args=[] if sys.platform == "win32" else ["-std=c99", "-O3", "-g0"],
            extra_link_args=["-s"] if sys.platform.startswith("linux") else [],
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
