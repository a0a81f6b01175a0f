"""nardy_core: the rules, move generation, notation, link codes and bots of the nardy /
backgammon family of games (docs/api.md).

>>> from nardy_core import Game, legal_plays
>>> game = Game("short", seed="docs")
>>> game.phase in ("roll", "move")
True

The parts: ``engine`` (positions, plays, turns, games, matches, the cube), ``variants`` (the
games, each a declaration plus a few rule hooks), ``formats`` (state notation, link codes,
GNU Backgammon's IDs, match files), ``bots``, ``analysis`` (review, dice statistics), ``referee``
(independent rule checks and self-play), ``ui`` (the page's logic) and ``cli``.
"""

from .engine.errors import (
    GameStateError,
    IllegalMoveError,
    NardyError,
    NotationError,
    OptionError,
    PositionError,
)
from .engine.game import Game
from .engine.match import Match
from .engine.movegen import Play, legal_plays
from .engine.position import BLACK, WHITE, Position
from .engine.turn import Turn
from .formats.notation import format_state, parse_position, parse_state
from .variants import VARIANTS, get_variant

__version__ = "0.1.0"

__all__ = [
    # games and positions
    "get_variant",
    "VARIANTS",
    "Position",
    "WHITE",
    "BLACK",
    # plays
    "Play",
    "legal_plays",
    "Turn",
    # games and matches
    "Game",
    "Match",
    # text and links
    "parse_state",
    "parse_position",
    "format_state",
    "encode_state",
    "encode_game",
    "decode_link",
    # bots
    "BotPlayer",
    "Chooser",
    # errors
    "NardyError",
    "OptionError",
    "PositionError",
    "NotationError",
    "IllegalMoveError",
    "GameStateError",
]


def __getattr__(name):
    # start-up: the bots and the link codes load when first asked for, so that a program (or
    # the page, whose first board waits for this package) that only plays or reads positions
    # does not pay for them
    if name in ("decode_link", "encode_game", "encode_state"):
        from .formats import linkcode

        return getattr(linkcode, name)
    if name == "BotPlayer":
        from .bots.player import BotPlayer

        return BotPlayer
    if name == "Chooser":
        from .bots.chooser import Chooser

        return Chooser
    raise AttributeError(f"module 'nardy_core' has no attribute {name!r}")
