"""nardy_core: rules, move generation, notation and game state for the nardy family."""

from .engine.errors import (GameStateError, IllegalMoveError, NardyError, NotationError, OptionError,
                     PositionError)
from .engine.movegen import Play, legal_plays
from .engine.position import BLACK, WHITE, Position
from .variants import VARIANTS, get_variant

__version__ = "0.1.0"

__all__ = [
    "BLACK", "WHITE", "Position", "Play", "legal_plays", "get_variant", "VARIANTS",
    "NardyError", "OptionError", "PositionError", "NotationError", "IllegalMoveError",
    "GameStateError",
]
