"""The command line: ``python -m nardy_core COMMAND`` (``cli.main``) and the terminal game
(``cli.terminal``)."""

from .main import main

__all__ = ["main"]
