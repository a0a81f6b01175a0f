"""``nardy_core.turn`` as it was before the package had sub-packages: the same names, now in
``nardy_core.engine.turn`` (kept so that code written against the old path keeps working)."""

from .engine.turn import *  # noqa: F403
