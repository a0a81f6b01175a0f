"""``nardy_core.notation`` as it was before the package had sub-packages: the same names, now in
``nardy_core.formats.notation`` (kept so that code written against the old path keeps working)."""

from .formats.notation import *  # noqa: F403
