"""Typed errors.

Every error the engine raises on bad input is a ``NardyError`` (a ``ValueError``) carrying a
stable ``code`` and its ``params`` beside the English message, so that a user interface can show
the message in the player's own language without parsing English text.
"""

from __future__ import annotations

from typing import Any, cast


class NardyError(ValueError):
    """Base class: ``code`` is stable across releases, ``params`` fill the message template."""

    code = "error"

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code
        self.params = params

    @property
    def message(self) -> str:
        return cast(str, self.args[0])

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "params": dict(self.params)}


class OptionError(NardyError):
    """An unknown game, an unknown option key or a value outside the option's choices."""

    code = "option"


class PositionError(NardyError):
    """A position that cannot occur: wrong checker count, a point held by both colours, …"""

    code = "position"


class NotationError(NardyError):
    """Malformed position text or play text; ``params['column']`` is the 1-based column."""

    code = "notation"


class IllegalMoveError(NardyError):
    """A step, play or cube action that the rules do not allow now."""

    code = "illegal_move"


class GameStateError(NardyError):
    """An action asked of a game in a phase where it makes no sense (e.g. roll twice)."""

    code = "game_state"


class SearchLimitError(NardyError):
    """Deciding or listing the plays of a roll needs more search nodes than the documented
    limit (``params``: ``limit``, ``what``); only whole-list escalation (gioul and gul bara
    with ``escalation_lookahead=FULL``) comes near it (docs/architecture.md)."""

    code = "search_limit"


class InputError(NardyError):
    """A file or a JSON text that cannot be taken in: unreadable, over a size cap, not UTF-8,
    not JSON, nested too deeply or holding a non-finite number (``nardy_core.formats.inputs``)."""

    code = "input"
