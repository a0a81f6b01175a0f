"""``nardy_core.game`` as it was before the package had sub-packages: the same names, now in
``nardy_core.engine.game`` (kept so that code written against the old path keeps working)."""

from .engine.game import *  # noqa: F403
