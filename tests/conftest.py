"""Suite-wide settings: hypothesis never times examples (CI shares two cores)."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "showdown", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("showdown")
