"""The variant base class: one rules engine, each game a declaration plus a few hooks.

A game subclasses ``Variant``, sets the class attributes that place it on each axis of
``VARIANT_RULES.md`` §1 (geometry, dice, setup, landing, hitting, bear-off, scoring, cube,
opening) and overrides only the hooks where its rules differ. ``docs/architecture.md`` maps every
axis to its home here. Move generation itself (``movegen.py``) knows no game: it asks the variant
for the units of a roll, the successors of one unit, the end-of-turn test and the selection rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from .errors import PositionError
from .frame import (
    ALL_ONES,
    BOARD,
    F_BAR,
    F_OBAR,
    F_OPP,
    ONE,
    OUTSIDE,
    SH,
    SLOT_SHIFT,
    closed_points,
    ones,
)
from .geometry import CONTRARY, cross_table
from .options import Option, OptionSet
from .position import BAR, BLACK, HAND, OFF, WHITE, Position, side_from

if TYPE_CHECKING:
    from .movegen import Play

#: A step: ``(from, to, die, hit[, tag])``; 25 = bar, 26 = hand, 0 = off (``turn.Step``).
StepTuple = tuple[Any, ...]
#: A successor of a frame for one unit: ``(frame, turn_state, step)``.
Successor = tuple[int, int, StepTuple]
#: A search node: ``(frame, turn_state, units still to play)``.
Node = tuple[int, int, tuple[int, ...]]
#: ``unit_bound``'s answer: ``bound(frame, remaining)``, the most units still playable.
UnitBound = Callable[[int, tuple[int, ...]], int]

BAR_SHIFT = SH[F_BAR]
BAR_ONE = ONE[F_BAR]
HIT = (0,) + tuple(ONE[F_OBAR] - ONE[F_OPP + p] for p in range(1, 25))  # blot on p to the bar
SOURCE_RANGE = [[ones(lo, hi) for hi in range(27)] for lo in range(27)]

# Axis values (VARIANT_RULES.md §1), named as there.
X4, X2, X1 = "x4", "x2", "x1"  # doubles: four, two or one unit
NA3 = "na3"  # doubles: none (three dice, three units)
STD, LIBERAL, NO_BEAR_OFF = "std", "liberal", "none"
HIT_NONE, HIT_BAR = "none", "bar"
USE_DICE, REROLL = "use_dice", "reroll"  # opening: play the lot dice, or the winner rolls again


class TurnContext:
    """Per-turn constants computed once before move generation (opponent state, limits)."""

    __slots__ = ("opp_off", "head_limit", "data", "closed")

    closed: int
    opp_off: int
    head_limit: int | None
    data: Any

    def __init__(
        self, opp_off: int = 0, head_limit: int | None = None, data: Any = None, closed: int = 0
    ) -> None:
        self.closed = closed  # mover points closed to landing (lowest bit of each slot)
        self.opp_off = opp_off
        self.head_limit = head_limit
        self.data = data  # whatever a game's own hooks need (long nardy: six-block facts)


class Outcome:
    """How a finished game scores before the cube: ``kind`` in the game's own words."""

    __slots__ = ("winner", "kind", "points")

    winner: int | None
    kind: str
    points: float  # a drawn long nardy game may give each side half a point

    def __init__(self, winner: int | None, kind: str, points: float) -> None:
        self.winner = winner  # WHITE, BLACK or None for a draw
        self.kind = kind
        self.points = points

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Outcome) and (self.winner, self.kind, self.points) == (
            other.winner,
            other.kind,
            other.points,
        )

    def __repr__(self) -> str:
        return f"Outcome(winner={self.winner}, kind={self.kind!r}, points={self.points})"


class Variant:
    # --- declaration (override in subclasses) ---------------------------------------------
    key = ""
    # The game's name in English (msgid of the catalogues' ``game:<key>``, nardy_core/locale); a
    # game from outside the package may add its other languages inline (variants/i18n.py).
    names: dict[str, str] = {"en": ""}
    group = "nardy"  # nardy | tavli | historical (the new-game dialog's groups)
    # The link codes' stable tag (formats/linkcode.py): once published, never changed or given
    # to another game; "" writes the key itself. Never inherited (``link_name``): a subclass
    # that is another game declares its own or is written with its key.
    link_tag = ""
    # Where the game's player-facing texts live: ``<texts_package>/<key>.json`` (rules summary,
    # option labels and help; nardy_core/variants/texts/__init__.py says the format); "" is
    # nardy_core.variants.texts.
    texts_package = ""
    # --- the bots' hints (set them on every game: a subclass's game may differ from its parent's)
    # the key of the game whose network this one plays with (the same board, movement and
    # hitting; measured in docs/strength.md); "" reads the game's own ``<key>.nnw``
    shared_network = ""
    # the game's bear-off race is short nardy's (the homes never overlap, the race ends when one
    # side is off, the loser's borne-off count alone makes the second outcome): the bots play it
    # from the one-sided bear-off database (bots/bearoff.py); a last-roll draw turns it off
    race_database = False
    # the intermediate level blurs its 0-ply choice with noise (it suits the mature networks
    # only; bots/chooser.py says why)
    blurred_intermediate = False
    # the strong level's 1-ply search, where the game's network needs a wider one than
    # bots/chooser.py's default: (candidates, prune); None keeps the default (measured by
    # bench/rollout_judge.py and timed by bench/bot_speed.py: docs/strength.md)
    strong_search: tuple[int, float] | None = None
    geometry = CONTRARY
    track_length = 24
    checkers = 15
    dice_count = 2
    doubles = X4
    setup_points: dict[int, int] = {}
    setup_bar = 0
    setup_hand = 0
    block_min = 2  # opposing checkers that close a point (1: a single one blocks)
    hit_mode = HIT_BAR
    bear_off = STD
    has_head_rule = False
    has_turn_constraint = False  # True when turn_ok() can return False
    # Steps of different checkers commute (same final frame and turn state in either order, and
    # legal in source-descending order whenever legal at all): the search may then explore only
    # sequences whose step sources never increase. Off for games with order-dependent rules.
    steps_commute = True
    # Each roll is answered by one play (records.py writes one play per roll in a match file;
    # escalating doubles and transferred lists make more, and are saved as JSON instead).
    one_play_per_roll = True
    opening = USE_DICE
    lot_decides_colour = False  # long nardy: the winner of the lot takes White and starts
    outcome_kinds: tuple[str, ...] = ()  # every Outcome.kind the game can produce
    # How the spec and the players number own point p, where that differs from p (tourne-case's
    # rows: own p is row point 13 - p): None, or a tuple indexed by p. Vectors are read with it.
    point_labels: tuple[Any, ...] | None = None
    option_specs: tuple[Option, ...] = ()

    _unit_check: Callable[[TurnContext, int], bool] | None

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = OptionSet.build(self.option_specs, options, game=self.key)
        self.cross = cross_table(self.geometry)
        self._unit_check = None  # optional per-unit constraint: f(ctx, frame) -> bool
        self.configure()
        self.canonical_order = self.steps_commute and self._unit_check is None

    @classmethod
    def link_name(cls) -> str:
        """What link codes call the game: the ``link_tag`` the class itself declares (a tag is
        never inherited from the game it derives from), else its key."""
        return cls.__dict__.get("link_tag") or cls.key

    def configure(self) -> None:
        """Derive per-instance settings from ``self.options`` (override as needed)."""

    def with_options(self, **overrides: Any) -> Variant:
        values = dict(self.options.values)
        values.update(overrides)
        return type(self)(values)

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and self.options.values == other.options.values

    def __hash__(self) -> int:
        return hash((self.key, tuple(sorted((k, str(v)) for k, v in self.options.values.items()))))

    def __repr__(self) -> str:
        extra = self.options.format_non_default()
        return f"{type(self).__name__}({extra})" if extra else f"{type(self).__name__}()"

    @property
    def cube_enabled(self) -> bool:
        values = self.options.values
        return bool(values.get("cube_enabled", False))

    # --- positions ------------------------------------------------------------------------
    def initial_position(self, turn: int = WHITE, dice: Iterable[int] | None = None) -> Position:
        side = side_from(self.setup_points, bar=self.setup_bar, hand=self.setup_hand)
        return Position(self, (side, side), turn=turn, dice=dice, first_turn=(True, True))

    def validate(self, position: Position) -> None:
        """Raise PositionError when ``position`` cannot occur in this game."""
        n = self.checkers
        for colour in (WHITE, BLACK):
            side = position.sides[colour]
            name = ("white", "black")[colour]
            if any(c < 0 for c in side):
                raise PositionError(f"{name} has a negative count", code="negative", colour=name)
            total = sum(side)
            if total != n:
                raise PositionError(
                    f"{name} has {total} checkers; {self.key} is played with {n}",
                    code="checker_count",
                    colour=name,
                    count=total,
                    expected=n,
                )
            if side[BAR] and self.hit_mode == HIT_NONE:
                raise PositionError(
                    f"{name} has checkers on the bar, but {self.key} has no bar",
                    code="no_bar",
                    colour=name,
                )
        self._validate_shared_points(position)
        self._validate_finish(position)
        if position.dice is not None:
            self.validate_dice(position.dice)
        if position.pending:
            self.validate_pending(position.pending)

    def _validate_finish(self, position: Position) -> None:
        # a game ends when the first side bears off its last checker; only long nardy's
        # last_roll_draw (CORE_RULES 2.7.4) gives Black one more turn, marked by last_roll,
        # whose end may leave both sides off (a draw)
        done = [position.sides[colour][OFF] == self.checkers for colour in (WHITE, BLACK)]
        last_roll = (
            self.options.values.get("last_roll_draw") and done[WHITE] and position.turn == BLACK
        )
        if all(done) and not (last_roll and position.last_roll):
            raise PositionError(
                "both sides have borne off every checker: the game ended when the first one did",
                code="both_off",
            )
        if position.last_roll and not last_roll:
            raise PositionError(
                "a last roll is Black's turn after White has borne off every "
                "checker, in long nardy with last_roll_draw",
                code="last_roll",
            )

    def validate_pending(self, pending: Sequence[int]) -> None:
        """Units left to play before the next roll (``Position.pending``): at most a double's
        four here. Only the escalating games leave longer lists (``EscalationMixin``); a
        longer ordered list would make the move generator explore every order of it (a
        malformed link must not take the page's memory)."""
        if len(pending) > 4 or any(not 1 <= u <= 6 for u in pending):
            raise PositionError(
                f"{self.key} leaves at most four units of 1-6 to play before "
                f"a roll, not {list(pending)}",
                code="pending",
                pending=list(pending),
            )

    def _validate_shared_points(self, position: Position) -> None:
        white, black = position.sides
        cross = self.cross
        for p in range(1, 25):
            if white[p] and black[cross[p]] and not self.points_may_be_shared(position, p):
                raise PositionError(
                    f"white's point {p} is also held by black (black's {cross[p]})",
                    code="shared_point",
                    white_point=p,
                    black_point=cross[p],
                )

    def points_may_be_shared(self, position: Position, white_point: int) -> bool:
        return False

    def validate_dice(self, dice: Sequence[int]) -> None:
        if len(dice) != self.dice_count or any(not 1 <= d <= 6 for d in dice):
            raise PositionError(
                f"{self.key} is played with {self.dice_count} dice of 1-6, not {list(dice)}",
                code="dice",
                dice=list(dice),
            )

    # --- move generation hooks ------------------------------------------------------------
    def units(self, position: Position) -> tuple[tuple[int, ...], bool]:
        """The units a roll gives: (tuple of die values, ordered?). Ordered units are played in
        the order given (escalating doubles); unordered ones in any order. Units still to be
        played (``Position.pending``) come before any roll, in their order."""
        if position.pending:
            return position.pending, True
        dice = cast("tuple[int, ...]", position.dice)  # rolled: no pending units
        if len(dice) == 2 and dice[0] == dice[1] and self.doubles != NA3:
            count = {X4: 4, X2: 2, X1: 1}[self.doubles]
            return (dice[0],) * count, False
        return tuple(sorted(dice, reverse=True)), False

    def units_after(self, position: Position) -> tuple[int, ...]:
        """Units that follow this play's units in the same list (an escalating double's later
        blocks), shown to the player beside the dice; none in most games."""
        return ()

    def turn_context(self, position: Position, frame: int) -> TurnContext:
        """Constants of the turn; ``frame`` is the position's mover frame."""
        opp = position.sides[1 - position.turn]
        # points the opponent closes stay closed all turn: a hit only ever removes a blot
        return TurnContext(opp_off=opp[OFF], closed=closed_points(frame, self.block_min))

    def initial_turn_state(self, ctx: TurnContext) -> int:
        return 0

    def finished(self, s: int) -> bool:
        return s & 15 == self.checkers

    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        """Successors of frame ``s`` (turn state ``t``) for one unit of value ``d``: a list of
        ``(frame, turn_state, step)``; a step is ``(from, to, die, hit)`` with 25 = bar,
        26 = hand, 0 = off. Only sources up to ``limit`` are considered (see steps_commute).
        This default covers the backgammon and long-nardy families; the turn state counts
        checkers that left the head when the game has a head rule."""
        out: list[Successor] = []
        append = out.append
        if (s >> BAR_SHIFT) & 15:
            dst = 25 - d
            o = (s >> SH[F_OPP + dst]) & 15
            if o < self.block_min:
                s2 = s - BAR_ONE + ONE[dst]
                if o:
                    s2 += o * HIT[dst]
                append((s2, t, (F_BAR, dst, d, o > 0)))
            return out if self._unit_check is None else self._checked(ctx, out)
        board = s & BOARD
        top = (board.bit_length() - 1) >> SLOT_SHIFT if board else 0
        high = top if top <= limit else limit
        if high > d:
            # occupied sources in d+1…high whose landing point is open, as one mask
            # (frame.occupied() written out: this is the hottest loop of the engine)
            occ = (board | board >> 1 | board >> 2 | board >> 3) & ALL_ONES
            movable = occ & SOURCE_RANGE[d + 1][high] & ~(ctx.closed << SH[d])
            head_limit = ctx.head_limit
            while movable:
                bit = movable.bit_length() - 1
                movable ^= 1 << bit
                src = bit >> SLOT_SHIFT
                t2 = t
                if src == 24 and head_limit is not None:
                    if t >= head_limit:
                        continue
                    t2 = t + 1
                dst = src - d
                s2 = s - ONE[src] + ONE[dst]
                if (s >> SH[F_OPP + dst]) & 15:
                    append((s2 + HIT[dst], t2, (src, dst, d, True)))
                else:
                    append((s2, t2, (src, dst, d, False)))
        if top <= 6 and not s & OUTSIDE:
            # everything is home: bear off from point d, or from the highest point below d
            # (any point <= d with the liberal rule)
            sources: Sequence[int]
            if self.bear_off == LIBERAL:
                sources = [p for p in range(min(d, top, limit), 0, -1) if (s >> SH[p]) & 15]
            elif top < d:
                sources = [top] if 0 < top <= limit else ()
            elif d <= limit and (s >> SH[d]) & 15:
                sources = [d]
            else:
                sources = ()
            for src in sources:
                append((s - ONE[src] + 1, t, (src, 0, d, False)))
        return out if self._unit_check is None else self._checked(ctx, out)

    def _checked(self, ctx: TurnContext, out: list[Successor]) -> list[Successor]:
        check = cast("Callable[[TurnContext, int], bool]", self._unit_check)
        return [m for m in out if check(ctx, m[0])]

    def turn_ok(self, ctx: TurnContext, s: int, t: int) -> bool:
        """TURN constraints on the frame at the end of a play (VARIANT_RULES.md §0.3.5)."""
        return True

    def select(
        self,
        ctx: TurnContext,
        nodes: Iterable[Node],
        full: list[Node],
        units: tuple[int, ...],
        ordered: bool,
    ) -> list[Node]:
        """Apply the must-play rules (CORE_RULES.md 1.4) to the candidate nodes.

        ``nodes`` are ``(frame, turn_state, remaining_units)`` keys of every prefix the
        search reached, ``full`` those that played every unit; returns the legal ones.
        End-of-turn constraints filter first and are waived only when nothing survives
        (AMB-44)."""
        if full:
            # a play that uses every unit and meets the end-of-turn rules exists: exactly those
            # are legal (no shorter play, and the larger-die rule concerns one-die plays only)
            if self.has_turn_constraint:
                full = [n for n in full if self.turn_ok(ctx, n[0], n[1])]
            if full:
                return full
        cands = list(nodes)
        if self.has_turn_constraint:
            ok = [n for n in nodes if self.turn_ok(ctx, n[0], n[1])]
            if ok:
                cands = ok
        fewest = min([len(n[2]) for n in cands])  # fewest units left = most dice used
        best = [n for n in cands if len(n[2]) == fewest]
        if len(units) - fewest == 1 and len(units) == 2 and units[0] != units[1]:
            larger = max(units)
            # a node that used the larger die has the smaller one remaining
            with_larger = [n for n in best if larger not in n[2]]
            if with_larger:
                best = with_larger
        return best

    def selects_by_units(self, ctx: TurnContext, ordered: bool) -> bool:
        """Whether ``select`` applies nothing beyond ``Variant.select``'s rules to this turn:
        then a long ordered list is decided without listing its plays (``legality.py``)."""
        return type(self).select is Variant.select

    def unit_bound(self, ctx: TurnContext) -> UnitBound | None:
        """None, or ``bound(frame, remaining)``: an upper bound on how many of the ordered
        ``remaining`` units can still be played from ``frame`` this turn (``legality.py``
        skips what cannot reach the most units; a loose bound costs time, never
        correctness)."""
        return None

    # --- results --------------------------------------------------------------------------
    def may_end(self, frame: int) -> bool:
        """A cheap test on a result frame: can this play end the game? (Only then is
        ``end_of_turn`` asked; games that end otherwise than by bearing off override it.)"""
        return frame & 15 == self.checkers

    def roll_outcome(self, position: Position, plays: Sequence[Play]) -> Outcome | None:
        """Asked by ``Game`` right after a roll, with the roll's legal ``plays``: an ``Outcome``
        when the roll itself ends the game (fayles: no play uses every unit, the roller loses),
        else None. The position is left as it was; the game ends with reason ``"roll"``."""
        return None

    def follow_up(
        self, before: Position, steps: tuple[StepTuple, ...], following: Position
    ) -> Position:
        """The position after a play of ``steps`` from ``before`` that did not end the game:
        ``following`` as ``end_of_turn`` handed it over, unless units are still to be played
        before the next roll (``pending``: the rest of an escalating double, gioul's
        transfer), by whichever side ``turn`` names. Nothing more in every other game."""
        return following

    def after_play(
        self, before: Position, play: Play
    ) -> tuple[Outcome | None, Position, Position | None]:
        """``(outcome, after, following)`` once the mover has played ``play`` (a ``Play``)
        from ``before``: ``after`` is the board with the turn counters moved on and the mover
        still on turn; ``outcome`` the game's end (``end_of_turn``) or None, and then
        ``following`` the next position as ``follow_up`` hands it over (None when over)."""
        sides, pins = play.board
        mover = before.turn
        first = list(before.first_turn)
        first[mover] = False
        turns = list(before.turn_number)
        if not before.pending:  # the rest of a list, or a transferred one, is no new turn
            turns[mover] += 1
        after = before.replace(
            sides=sides, pins=pins, dice=None, pending=(), first_turn=first, turn_number=turns
        )
        outcome, following = self.end_of_turn(before, after)
        if outcome is None:
            following = self.follow_up(before, play.steps, cast(Position, following))
        return outcome, after, following

    def end_of_turn(
        self, before: Position, after: Position
    ) -> tuple[Outcome | None, Position | None]:
        """After the mover's play: ``(outcome, None)`` when the game is over, else
        ``(None, next_position)`` with the turn handed over. ``after`` still has the mover on
        turn; ``before`` is the position the play started from."""
        winner = after.winner()
        if winner is not None:
            return self.outcome(after, winner), None
        return None, after.replace(turn=1 - after.turn)

    def outcome(self, position: Position, winner: int) -> Outcome:
        """Score of a game that ``winner`` has just won by bearing off (before the cube)."""
        raise NotImplementedError

    def resign_levels(self) -> list[tuple[str, int]]:
        """What a player may offer to resign: ``[(kind, points), …]`` from the least."""
        names = self.outcome_kinds
        return [(names[0], 1), (names[1], 2), (names[2], 3)]

    def resign_points(self, position: Position, kind: str, resigner: int) -> int:
        """What accepting ``resigner``'s offer of ``kind`` scores before the cube: the level's
        points, unless the game's scoring depends on the position (khachapuri's difference)."""
        return dict(self.resign_levels())[kind]

    def gammon_outcome(
        self,
        position: Position,
        winner: int,
        names: Sequence[str] = ("single", "gammon", "backgammon"),
        backgammon: bool = True,
    ) -> Outcome:
        """1 / 2 / 3 as in backgammon: the loser's bar, hand and own 19-24 count for 3."""
        loser = position.sides[1 - winner]
        if loser[OFF]:
            return Outcome(winner, names[0], 1)
        if backgammon and (loser[BAR] or loser[HAND] or any(loser[19:25])):
            return Outcome(winner, names[2], 3)
        return Outcome(winner, names[1], 2)
