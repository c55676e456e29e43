"""Suite-wide settings: hypothesis never times examples (CI shares two cores).

Locally every run draws new random examples (the ``showdown`` profile), so
repeated runs explore more. In CI (``CI=true``) the ``ci`` profile derandomises
hypothesis: the same examples every run, so a red build is reproducible and
never caused by the luck of the draw. ``HYPOTHESIS_PROFILE`` picks one by name.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "showdown", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("ci", parent=settings.get_profile("showdown"), derandomize=True)


def _profile() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE")
    if chosen:
        return chosen
    return "ci" if os.environ.get("CI") else "showdown"


settings.load_profile(_profile())
