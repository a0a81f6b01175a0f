"""``nardy_core.match`` as it was before the package had sub-packages: the same names, now in
``nardy_core.engine.match`` (kept so that code written against the old path keeps working)."""

from .engine.match import *  # noqa: F403
