"""Suite-wide settings: hypothesis never times examples (CI shares two cores), and the
``backend`` fixture that runs a test on the native kernel and on the numpy path.

Locally every run draws new random examples (the ``showdown`` profile), so
repeated runs explore more. In CI (``CI=true``) the ``ci`` profile derandomises
hypothesis: the same examples every run, so a red build is reproducible and
never caused by the luck of the draw. ``HYPOTHESIS_PROFILE`` picks one by name.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from showdown.hands import native as _backend

settings.register_profile(
    "showdown",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    print_blob=True,
)
settings.register_profile("ci", parent=settings.get_profile("showdown"), derandomize=True)


def _profile() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE")
    if chosen:
        return chosen
    return "ci" if os.environ.get("CI") else "showdown"


settings.load_profile(_profile())

def _backends_to_test() -> tuple[str, ...]:
    """Both backends; only ``numpy`` where ``SHOWDOWN_BACKEND=numpy`` says this install has
    no kernel (the no-compiler install)."""
    forced_numpy = os.environ.get("SHOWDOWN_BACKEND", "").lower() == "numpy"
    if forced_numpy and not _backend.native_available():
        return ("numpy",)
    return tuple(_backend.NAMES)


@pytest.fixture(params=_backends_to_test())
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """Run the test on one backend: ``native`` (the C kernel) or ``numpy``: every path that
    asks which backend is in use follows it (``showdown.hands.scalar.evaluator()`` for the
    standard scalar path; ``evaluate_ids`` itself is bound once per process).

    The kernel is built by ``scripts/setup.sh``, so its absence fails the native
    runs, unless ``SHOWDOWN_BACKEND=numpy`` says that this install has no kernel.
    """
    name = request.param
    if name == "native" and not _backend.native_available():
        pytest.fail("the native kernel is not built: run scripts/setup.sh (needs a C compiler)")
    with _backend.use(name):
        yield name
