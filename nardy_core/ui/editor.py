"""The position editor: set up any state of any game, checker by checker, then play it, share
it or hand it to the bot.

The editor holds a state that may be wrong while it is being built (16 white checkers, a cube
at 3, a score above the match length); ``problems()`` says what is wrong, each as an engine
error (a stable code and parameters, so the page can say it in the player's language), and
``state()`` gives the ``(Position, CubeState, MatchScore)`` only once nothing is. What "wrong"
means is decided where the rules already live: ``Variant.validate`` for the board and the dice,
the state notation's reader for the cube and the match; nothing is re-derived here.

Locations are the board's (``p1``-``p24`` in White's numbering, ``bar0``/``bar1``,
``off0``/``off1``, ``hand0``/``hand1``), as in ``Session``.
"""

from __future__ import annotations

from ..engine.cube import CubeState
from ..engine.errors import NardyError, NotationError, PositionError
from ..engine.geometry import absolute_point
from ..engine.match import CRAWFORD, POST_CRAWFORD, PRE_CRAWFORD, MatchScore
from ..engine.position import BAR, COLOUR_NAMES, HAND, OFF, SIDE_LEN, Position
from ..formats.notation import format_state, parse_state
from ..variants import get_variant
from .boardview import board_view

CRAWFORD_STATES = (PRE_CRAWFORD, CRAWFORD, POST_CRAWFORD)


class Editor:
    def __init__(self, game="short", options=None, start=None):
        """``start=(position, cube, MatchScore)`` edits that state (e.g. the game on the
        board); otherwise the game's starting position, White to move, dice not rolled."""
        if start is not None:
            position, cube, match = start
            self.variant = position.variant
        else:
            self.variant = get_variant(game, options or {}) if isinstance(game, str) else game
            position, cube, match = self.variant.initial_position(), CubeState(), MatchScore()
        self.sides = [list(position.sides[0]), list(position.sides[1])]
        self.pins = [set(position.pins[0]), set(position.pins[1])]  # plakoto: own points
        self.turn = position.turn
        self.dice = list(position.dice) if position.dice else None
        self.cube = cube
        self.match = match
        self._carried = position  # flags a board edit cannot show (turns, pending units, ...)

    # --- checkers ------------------------------------------------------------------------------
    def _place(self, loc, colour):
        """(colour, own index) of a location, or None when it is not one of this board's."""
        if loc.startswith("p") and loc[1:].isdigit() and 1 <= int(loc[1:]) <= 24:
            white_number = int(loc[1:])
            if colour == 0:
                return white_number
            for own in range(1, 25):  # the geometry maps White's number to the colour's own
                if absolute_point(self.variant.geometry, colour, own) == white_number:
                    return own
        named = {f"bar{colour}": BAR, f"off{colour}": OFF, f"hand{colour}": HAND}
        return named.get(loc)

    def _holder(self, loc):
        """The colour with checkers on a point location, else None."""
        for colour in (0, 1):
            index = self._place(loc, colour)
            if index is not None and self.sides[colour][index] and 1 <= index <= 24:
                return colour
        return None

    def add(self, loc, colour):
        """One more checker of ``colour`` on ``loc``; a point held by the other colour is
        refused (unless the game lets both colours share a point)."""
        index = self._place(loc, colour)
        if index is None:
            raise PositionError(
                f"{loc!r} is not a place for {COLOUR_NAMES[colour]}'s checkers",
                code="edit_place",
                loc=str(loc),
                colour=COLOUR_NAMES[colour],
            )
        if index == HAND and not any(self.variant.initial_position().sides[colour][HAND:]):
            raise PositionError(
                f"{self.variant.key} has no checkers waiting in the hand",
                code="edit_place",
                loc=str(loc),
                colour=COLOUR_NAMES[colour],
            )
        holder = self._holder(loc) if 1 <= index <= 24 else None
        if 1 <= index <= 24 and index in self.pins[colour]:
            holder = 1 - colour  # a pinned checker's point belongs to its pinners
            raise PositionError(
                f"the point is held by {COLOUR_NAMES[holder]}",
                code="edit_occupied",
                colour=COLOUR_NAMES[holder],
            )
        pin = None
        if holder is not None and holder != colour and not self._shared_ok(loc, colour):
            # a game that pins (plakoto): a checker put on a single opposing one pins it
            pin = self._place(loc, holder)
            if self.sides[holder][pin] != 1 or not self._shared_ok(loc, colour, pin=pin):
                raise PositionError(
                    f"the point is held by {COLOUR_NAMES[holder]}",
                    code="edit_occupied",
                    colour=COLOUR_NAMES[holder],
                )
            self.pins[holder].add(pin)
        self.sides[colour][index] += 1

    def _shared_ok(self, loc, colour, pin=None) -> bool:
        """Whether the game lets ``colour`` join the other colour on ``loc`` (with the other
        colour's checker there pinned, when ``pin`` names its point)."""
        sides = [list(s) for s in self.sides]
        sides[colour][self._place(loc, colour)] += 1
        white_point = self._place(loc, 0)
        pins = [set(self.pins[0]), set(self.pins[1])]
        if pin is not None:
            pins[1 - colour].add(pin)
        trial = Position(self.variant, sides, turn=self.turn, pins=pins)
        return self.variant.points_may_be_shared(trial, white_point)

    def remove(self, loc, colour=None) -> bool:
        """One checker fewer on ``loc`` (of ``colour``, or of whoever holds the point)."""
        colours = (colour,) if colour is not None else (0, 1)
        if colour is None and any(self._place(loc, c) in self.pins[c] for c in (0, 1)):
            # a pinned point: the checkers on top go first
            colours = (1, 0) if self._place(loc, 0) in self.pins[0] else (0, 1)
        for c in colours:
            index = self._place(loc, c)
            if index is not None and self.sides[c][index]:
                self.sides[c][index] -= 1
                if not self.sides[c][index] and 1 <= index <= 24:
                    self.pins[c].discard(index)  # the pinned checker itself went
                    # the last pinner went: the checker under it is free
                    self.pins[1 - c].discard(self._place(loc, 1 - c))
                return True
        return False

    def clear(self):
        self.sides = [[0] * SIDE_LEN, [0] * SIDE_LEN]
        self.pins = [set(), set()]

    def reset(self):
        self.sides = [list(s) for s in self.variant.initial_position().sides]
        self.pins = [set(), set()]

    def fill_off(self):
        """Put each colour's missing checkers in its tray (a quick way to set up a race)."""
        for colour in (0, 1):
            missing = self.variant.checkers - sum(self.sides[colour])
            if missing > 0:
                self.sides[colour][OFF] += missing

    # --- the rest of the state -----------------------------------------------------------------
    def set_turn(self, colour):
        if colour not in (0, 1):
            raise PositionError("the side to move is White or Black", code="edit_turn")
        self.turn = colour

    def set_dice(self, dice):
        """``None`` or ``[]``: not rolled; else the dice, checked by the game."""
        if not dice:
            self.dice = None
            return
        dice = [int(d) for d in dice]
        self.variant.validate_dice(tuple(dice))
        self.dice = dice

    def set_cube(self, value=1, owner=None, offered_by=None):
        self.cube = CubeState(int(value), owner, offered_by)

    def set_match(self, length=0, score=(0, 0), crawford=PRE_CRAWFORD):
        if crawford not in CRAWFORD_STATES:
            raise PositionError(f"unknown Crawford state {crawford!r}", code="edit_match")
        length = int(length)
        self.match = MatchScore(
            length, (int(score[0]), int(score[1])), crawford if length else PRE_CRAWFORD
        )

    # --- checking ------------------------------------------------------------------------------
    def position(self) -> Position:
        """The board as it stands, checked or not."""
        carried = self._carried
        initial = self.variant.initial_position().sides
        # A side still on its starting points has not played its first turn (long nardy's
        # head exception depends on it); any other set-up has.
        first = tuple(tuple(self.sides[c]) == tuple(initial[c]) for c in (0, 1))
        same_board = [list(s) for s in carried.sides] == self.sides
        return Position(
            self.variant,
            self.sides,
            turn=self.turn,
            dice=tuple(self.dice) if self.dice else None,
            first_turn=carried.first_turn if same_board else first,
            turn_number=carried.turn_number if same_board else (0, 0),
            last_roll=carried.last_roll and same_board,
            pins=self.pins,
            pending=carried.pending if same_board and carried.turn == self.turn else (),
        )

    def problems(self) -> list:
        """What makes the state impossible, as engine errors (empty when it can be played)."""
        found: list[NardyError] = []
        position = self.position()
        n = self.variant.checkers
        for colour in (0, 1):
            total = sum(self.sides[colour])
            if total != n:
                found.append(
                    PositionError(
                        f"{COLOUR_NAMES[colour]} has {total} checkers; {self.variant.key} is "
                        f"played with {n}",
                        code="checker_count",
                        colour=COLOUR_NAMES[colour],
                        count=total,
                        expected=n,
                    )
                )
        # counted above; a board with both sides off is a finished game (start_over, below)
        said = ("checker_count", "both_off")
        try:
            self.variant.validate(position)
        except PositionError as exc:
            if exc.code not in said:
                found.append(exc)
        if found:
            return found
        try:
            parse_state(format_state(position, self.cube, self.match))
        except NotationError as exc:
            if exc.code not in said:
                found.append(exc)
        if position.winner() is not None:
            found.append(
                PositionError(
                    "a side has borne off every checker: the game is over", code="start_over"
                )
            )
        return found

    def state(self) -> tuple:
        """``(Position, CubeState, MatchScore)``; raises the first problem if there is one."""
        problems = self.problems()
        if problems:
            raise problems[0]
        return parse_state(format_state(self.position(), self.cube, self.match))

    def is_valid(self) -> bool:
        return not self.problems()

    # --- what the board draws ------------------------------------------------------------------
    def _units(self, position: Position) -> list[int]:
        """The dice as the game shows them (high first, a double as the units it gives), so
        that a diagram or a replay draws a roll as play does; as entered while the board is
        no position the game can read yet."""
        if not self.dice or not self.is_valid():
            return list(self.dice or ())
        return list(self.variant.units(position.replace(dice=tuple(self.dice)))[0])

    def view(self) -> dict:
        """A board view for ``svg.render_board``: every place is actionable (a click adds or
        removes a checker), nothing is selected."""
        position = Position(self.variant, self.sides, turn=self.turn, pins=self.pins)
        locs = [f"p{p}" for p in range(1, 25)] + ["bar0", "bar1", "off0", "off1"]
        if self.variant.setup_hand:
            locs += ["hand0", "hand1"]
        return {
            "game": self.variant.key,
            "checkers": self.variant.checkers,
            "phase": "edit",
            "actor": None,
            **board_view(position, self.cube, dice=self._units(position), movable=locs),
            "counts": [sum(self.sides[0]), sum(self.sides[1])],
            "choice": None,
            "score": list(self.match.score),
            "length": self.match.length,
            "crawford": self.match.crawford,
        }
