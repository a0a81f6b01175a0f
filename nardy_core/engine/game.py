"""One game: opening, turns, cube, resignation, result and a replayable record of actions.

Every state change is an *action* appended to ``actions``; a game is saved as its start and
actions and restored by replaying them (the dice are in the actions, so a reload never rerolls):
``formats.record`` reads and writes the record and replays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..variants import get_variant
from .cube import CubeState, double_refusal, jacoby_applies, within_limit
from .dice import Dice
from .errors import GameStateError, IllegalMoveError
from .movegen import Play, legal_plays
from .playnotation import find_play
from .position import BLACK, WHITE
from .score import MatchScore
from .turn import Turn
from .variant import REROLL, USE_DICE, Variant

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from .position import Position

OPENING, ROLL, MOVE, DOUBLE, RESIGN, OVER = "opening", "roll", "move", "double", "resign", "over"


class GameResult:
    """``winner`` colour (None for a draw), ``kind`` in the game's words, ``points`` scored by
    the winner (each side's share for a draw), ``reason``: bear_off | drop | resign | draw | roll
    (the roll itself ended the game: ``Variant.roll_outcome``)."""

    __slots__ = ("winner", "kind", "points", "cube", "reason")

    winner: int | None
    kind: str
    points: float
    cube: int
    reason: str

    def __init__(
        self, winner: int | None, kind: str, points: float, cube: int, reason: str
    ) -> None:
        self.winner, self.kind, self.points, self.cube, self.reason = (
            winner,
            kind,
            points,
            cube,
            reason,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "kind": self.kind,
            "points": self.points,
            "cube": self.cube,
            "reason": self.reason,
        }

    def __repr__(self) -> str:
        return f"GameResult({self.to_dict()})"


class Game:
    def __init__(
        self,
        variant: str | Variant,
        seed: object = None,
        match: MatchScore | None = None,
        position: Position | None = None,
        cube: CubeState | None = None,
        players: Iterable[int] = (0, 1),
        starter: int | None = None,
        throw_opening: bool = True,
    ) -> None:
        """A new game of ``variant``. ``position`` (with or without dice) sets up a position to
        play on; otherwise the game opens per the rules (the opening throw is made at once
        unless ``throw_opening`` is False, as when a record is replayed), or with ``starter``
        (a colour) rolling first when the match says who starts."""
        self.variant = get_variant(variant) if isinstance(variant, str) else variant
        self.dice = Dice(seed)
        self.match = match or MatchScore()
        self.cube = cube or CubeState()
        self.players = tuple(players)  # players[colour] = player index in a match
        self._initial_players = self.players
        self.position: Position
        self.phase: str
        self.actions: list[tuple[Any, ...]] = []
        self.result: GameResult | None = None
        self._resign_offer: tuple[int, str, str] | None = None  # (resigner, kind, phase then)
        self._turn: Turn | None = None
        self._setup = (position, self.cube, self.match, starter)
        self._passes_due = (0, 0)  # (actions then, empty plays made): see after_replay
        if position is not None:
            self.position = position
            self.phase = MOVE if position.dice or position.pending else ROLL
            if self.cube.offered_by is not None:  # set up with a double awaiting its answer
                self.phase = DOUBLE
        elif starter is not None:
            self.position = self.variant.initial_position(turn=starter)
            self.phase = ROLL
        else:
            self.position = self.variant.initial_position()
            self.phase = OPENING
            if throw_opening:
                self.opening()

    # --- opening --------------------------------------------------------------------------
    def opening(self, throws: Iterable[Sequence[int]] | None = None) -> None:
        """Each side throws one die, ties again (CORE 2.2, 3.2). ``throws``: recorded
        ``[(white_die, black_die), …]`` for a replay."""
        self._need(OPENING)
        variant = self.variant
        recorded = list(throws) if throws is not None else None
        done: list[tuple[int, ...]] = []
        auto = (
            self.variant.options.values.get("automatic_doubles", 0)
            if self.match.is_money and variant.cube_enabled
            else 0
        )
        while True:
            pair = tuple(recorded.pop(0)) if recorded is not None else self.dice.roll(2)
            done.append(pair)
            if pair[0] != pair[1]:
                break
            if auto and len(done) <= auto and within_limit(variant, self.cube.value * 2):
                self.cube = CubeState(self.cube.value * 2)
            if recorded is not None and not recorded:
                raise GameStateError("the recorded opening ends in a tie", code="bad_record")
        self.actions.append(("opening", done))
        high, low = max(pair), min(pair)
        winner = WHITE if pair[0] > pair[1] else BLACK
        if variant.lot_decides_colour:
            if winner == BLACK:  # the lot winner takes White
                self.players = (self.players[1], self.players[0])
            winner = WHITE
        position = self.position.replace(turn=winner)
        use_dice = variant.opening == USE_DICE or (
            variant.opening == REROLL
            and variant.options.values.get("first_move_dice") == "lot_dice"
        )
        if use_dice:
            self.position = position.replace(dice=(high, low))
            self._enter_move()
        else:
            self.position = position
            self.phase = ROLL

    # --- rolling and playing ----------------------------------------------------------------
    def roll(self, dice: Iterable[int] | None = None) -> tuple[int, ...]:
        self._need(ROLL)
        dice = tuple(dice) if dice is not None else self.dice.roll(self.variant.dice_count)
        self.variant.validate_dice(dice)
        self.actions.append(("roll", dice))
        self.position = self.position.replace(dice=dice)
        self._enter_move()
        return dice

    def _enter_move(self) -> None:
        self.phase = MOVE
        self._turn = None
        turn = self.turn()
        if type(self.variant).roll_outcome is not Variant.roll_outcome:
            plays = [
                Play(self.position, steps, frame)
                for frame, steps in turn.legality.results().items()
            ]
            ended = self.variant.roll_outcome(self.position, plays)
            if ended is not None:  # the roll itself ends the game (fayles: no play of every unit)
                self._finish(
                    ended.winner,
                    ended.kind,
                    ended.points * self.cube.value if ended.winner is not None else 0,
                    "roll",
                )
                return
        # asked of the step interface, never by listing the plays (an escalating list may have
        # millions): with nothing to play, the empty play is the only legal one
        if turn.is_complete:
            self._apply(turn.play())  # no legal move: the roll is forfeited and the turn passes

    def legal_plays(self) -> list[Play]:
        self._need(MOVE)
        return legal_plays(self.position)

    def turn(self) -> Turn:
        """The step-by-step builder for the current roll (shared until the play is made)."""
        self._need(MOVE)
        if self._turn is None:
            self._turn = Turn(self.position)
        return self._turn

    @property
    def turn_in_progress(self) -> Turn | None:
        """The step-by-step builder of the roll to play (None outside the move phase, and
        where a game was made by copying one without it)."""
        return self._turn if self.phase == MOVE else None

    def play(self, play: Play | str | Iterable[Sequence[Any]]) -> Play:
        """Make a play: a ``Play``, its notation text, or a sequence of steps."""
        self._need(MOVE)
        if isinstance(play, str):
            chosen = find_play(self.position, play)
        else:
            steps = play.steps if isinstance(play, Play) else tuple(tuple(s) for s in play)
            turn = self.turn().fresh()  # what the roll's turn has decided is kept
            for step in steps:
                turn.step(step)
            chosen = turn.play()
        self._apply(chosen)
        return chosen

    def _apply(self, play: Play) -> None:
        outcome, after, following = self.variant.after_play(self.position, play)
        self.actions.append(("play", [list(s) for s in play.steps]))
        self._turn = None
        if outcome is None:
            following = cast("Position", following)  # no outcome: the next position
            if following.pending:  # units to play before the next roll (escalating doubles)
                self.position = following
                self._enter_move()
                return
            self.position = following
            self.phase = ROLL
            return
        self.position = after
        if outcome.winner is None:
            each = 0 if self.variant.cube_enabled else outcome.points
            self._finish(None, outcome.kind, each, "draw")
        else:
            points = outcome.points
            if points > 1 and jacoby_applies(self.variant, self.cube, self.match):
                points = 1
            self._finish(outcome.winner, outcome.kind, points * self.cube.value, "bear_off")

    # --- cube -------------------------------------------------------------------------------
    def double_refusal(self) -> tuple[str, str] | None:
        """None when the side to move may double now, else ``(code, message)``."""
        if self.phase != ROLL:
            return "phase", "a double is offered before rolling"
        return double_refusal(
            self.variant, self.cube, self.match, self.position.turn, self.position.turn_number
        )

    def can_double(self) -> bool:
        return self.double_refusal() is None

    def double(self) -> None:
        refusal = self.double_refusal()
        if refusal:
            raise IllegalMoveError(refusal[1], code=refusal[0])
        self.cube = self.cube.offer(self.position.turn)
        self.actions.append(("double",))
        self.phase = DOUBLE

    def take(self) -> None:
        self._need(DOUBLE)
        self.cube = self.cube.taken(1 - cast(int, self.cube.offered_by))  # a double is offered
        self.actions.append(("take",))
        self.phase = ROLL

    def can_beaver(self) -> bool:
        return (
            self.phase == DOUBLE
            and self.match.is_money
            and bool(self.variant.options.values.get("beaver"))
            and within_limit(self.variant, self.cube.value * 4)
        )

    def beaver(self) -> None:
        if not self.can_beaver():
            if self.phase == DOUBLE and not within_limit(self.variant, self.cube.value * 4):
                raise IllegalMoveError(
                    f"a beaver would raise the cube above "
                    f"max_cube={self.variant.options['max_cube']}",
                    code="max_cube",
                )
            raise IllegalMoveError(
                "a beaver is allowed only in money play with the beaver "
                "option, in answer to a double",
                code="no_beaver",
            )
        self.cube = self.cube.taken(1 - cast(int, self.cube.offered_by), beaver=True)
        self.actions.append(("beaver",))
        self.phase = ROLL

    def drop(self) -> None:
        self._need(DOUBLE)
        doubler = self.cube.offered_by
        self.actions.append(("drop",))
        self.cube = CubeState(self.cube.value, self.cube.owner)
        self._finish(doubler, self.variant.outcome_kinds[0], self.cube.value, "drop")

    # --- resignation ------------------------------------------------------------------------
    def resign(self, kind: str | None = None) -> None:
        """The side to move offers to resign ``kind`` (default: the least) — CORE 3.10."""
        if self.phase not in (ROLL, MOVE):
            raise GameStateError("a resignation is offered on one's own turn", code="phase")
        if not self.variant.options.values.get("allow_resign", True):
            raise IllegalMoveError("resignation is switched off", code="resign_disabled")
        levels = dict(self.variant.resign_levels())
        kind = kind or self.variant.resign_levels()[0][0]
        if kind not in levels:
            raise IllegalMoveError(
                f"cannot resign {kind!r} (choose {', '.join(levels)})",
                code="resign_kind",
                kind=str(kind),
            )
        self._resign_offer = (self.position.turn, kind, self.phase)
        self._turn = None  # steps played so far are abandoned with the offer
        self.actions.append(("resign", kind))
        self.phase = RESIGN

    @property
    def resign_offer(self) -> tuple[int, str] | None:
        return None if self._resign_offer is None else self._resign_offer[:2]

    def accept_resignation(self) -> None:
        self._need(RESIGN)
        resigner, kind, _ = cast("tuple[int, str, str]", self._resign_offer)  # offered
        points = self.variant.resign_points(self.position, kind, resigner)
        if points > 1 and jacoby_applies(self.variant, self.cube, self.match):
            points = 1
        self.actions.append(("accept",))
        self._finish(1 - resigner, kind, points * self.cube.value, "resign")

    def decline_resignation(self) -> None:
        self._need(RESIGN)
        self.phase = cast("tuple[int, str, str]", self._resign_offer)[2]  # offered
        self._resign_offer = None
        self.actions.append(("decline",))

    # --- end --------------------------------------------------------------------------------
    def _finish(self, winner: int | None, kind: str, points: float, reason: str) -> None:
        self.result = GameResult(winner, kind, points, self.cube.value, reason)
        self.phase = OVER

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def actor(self) -> int | None:
        """The colour whose decision the game waits for: the side to roll (or double) and to
        play, the side a double or a resignation is offered to; in the opening the side on
        turn; None once the game is over."""
        if self.phase in (ROLL, MOVE, OPENING):
            return self.position.turn
        if self.phase == DOUBLE:
            return 1 - cast(int, self.cube.offered_by)
        if self.phase == RESIGN:
            return 1 - cast("tuple[int, str, str]", self._resign_offer)[0]
        return None

    def _need(self, phase: str) -> None:
        if self.phase != phase:
            raise GameStateError(
                f"cannot do that now: the game is in the {self.phase} phase, not {phase}",
                code="phase",
                phase=self.phase,
                needed=phase,
            )

    # --- replaying a record (formats.record.replay drives it) ----------------------------------
    # The game makes empty plays on its own (a roll with no move; a play that leaves units to a
    # side with no move: gioul's transferred list), and a record repeats them: a replay, one
    # action at a time or many, skips each such play once.
    def after_replay(self, done: int) -> None:
        """Note the empty plays the game made on its own after replaying action ``done`` (an
        index into ``actions``): the record's next actions repeat them."""
        made = sum(1 for a in self.actions[done + 1 :] if a[0] == "play")
        self._passes_due = (len(self.actions), made)

    def replayed_pass(self, empty_play: bool) -> bool:
        """Whether a recorded play, empty (``empty_play``), is one the game already made after
        the action replayed last (nothing happened since); it is then counted off."""
        at, due = self._passes_due
        if due and at == len(self.actions) and empty_play:
            self._passes_due = (at, due - 1)
            return True
        return False
