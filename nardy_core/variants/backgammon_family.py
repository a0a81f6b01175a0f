"""Six games of the backgammon family (VARIANT_RULES.md §3.3-3.6, 3.9, 3.12): portes,
LongGammon, Irish, jacquet, Dutch and Russian tricktrack.

Each is a declaration on the axes of §1 plus a few hooks:

* portes, LongGammon: short nardy with another setup / scoring / opening;
* Irish: doubles X2, the LIBERAL bear-off, IRISH_NO_CLOSE (a TURN constraint), single wins;
* jacquet: the long-nardy layout (PARALLEL, 24:15) with backgammon's hitting and bar, no head
  limit; option ``jacquet_courier`` (a UNIT constraint on leaving own 24);
* Dutch tricktrack: all fifteen start on the bar (or in the hand, option ``dutch_entry``),
  DUTCH_PRIME (a TURN constraint) or ``dutch_rule=HOYLE_HIT`` (a UNIT constraint on hits);
* Russian tricktrack: Dutch on the SHARED geometry; preset ``russian_rules=RUSSIAN_HOYLE``
  (hand entry, complementary doubles as one ordered unit list, the roller rolls again).

Hand entry (``HandEntryMixin``) is the generic "a checker in the hand enters like a bar
checker, but entering is optional" rule, used by the hand-setup options here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ..engine.frame import ALL_ONES, F_HAND, F_OBAR, F_OOFF, F_OPP, ONE, SH, SLOT_BITS, slot_mask
from ..engine.geometry import PARALLEL, SHARED
from ..engine.options import Option
from ..engine.position import BAR, HAND, OFF
from ..engine.variant import HIT, LIBERAL, REROLL, STD, USE_DICE, X2, Outcome, Variant
from .common import cube_options
from .short import ShortNardy
from .stuck import StuckDrawMixin

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..engine.variant import Successor, TurnContext

    _Base = Variant
else:
    _Base = object

HAND_ONE = ONE[F_HAND]
HAND_SHIFT = SH[F_HAND]
_POINTS = slot_mask(1, 24)
_HOME = slot_mask(1, 6)
_MID = slot_mask(1, 23)
_W = SLOT_BITS


def _made(s: int) -> int:
    """Lowest bit of every mover point 1-24 holding two or more own checkers."""
    board = s & _POINTS
    return (board >> 1 | board >> 2 | board >> 3) & ALL_ONES


def _six_prime(s: int) -> bool:
    made = _made(s)
    w = _W
    return bool(made & made >> w & made >> 2 * w & made >> 3 * w & made >> 4 * w & made >> 5 * w)


class HandEntryMixin(_Base):
    """Checkers in the hand (slot 26) enter with die d on own 25-d like bar checkers (blocked
    by ``block_min`` opposing checkers, hitting a blot) but entering is optional: a hand
    checker waits while others move. Bar checkers still enter before anything else."""

    def hand_entries(self, ctx: TurnContext, s: int, t: int, d: int, limit: int) -> list[Successor]:
        if limit < F_HAND or not (s >> HAND_SHIFT) & 15 or (s >> SH[BAR]) & 15:
            return []
        dst = 25 - d
        o = (s >> SH[F_OPP + dst]) & 15
        if o >= self.block_min:
            return []
        s2 = s - HAND_ONE + ONE[dst]
        if o:
            s2 += o * HIT[dst]
        return [(s2, t, (F_HAND, dst, d, o > 0))]


class Portes(StuckDrawMixin, ShortNardy):
    """§3.6: short nardy with no backgammon and no cube (an option, off by default); the
    opening winner rolls again and the previous winner starts the next game."""

    key = "portes"
    names = {"en": "Portes"}
    link_tag = "po"
    shared_network = "short"
    race_database = True
    blurred_intermediate = True
    group = "tavli"
    opening = REROLL
    outcome_kinds = ("single", "gammon", "draw")
    option_specs = (
        Option(
            "next_game_starter",
            "winner",
            choices=("winner", "opening_roll"),
            doc="who starts the next game (PO-3: the previous winner)",
        ),
    ) + cube_options(False)

    def outcome(self, position: Position, winner: int) -> Outcome:
        return self.gammon_outcome(position, winner, backgammon=False)

    def resign_levels(self) -> list[tuple[str, int]]:
        return [("single", 1), ("gammon", 2)]


class LongGammon(StuckDrawMixin, ShortNardy):
    """§3.9: short nardy with all fifteen checkers on own 24."""

    key = "longgammon"
    names = {"en": "LongGammon"}
    link_tag = "lg"
    shared_network = ""
    race_database = True
    blurred_intermediate = False
    group = "historical"
    setup_points = {24: 15}
    outcome_kinds = ("single", "gammon", "backgammon", "draw")


class Irish(StuckDrawMixin, ShortNardy):
    """§3.5: doubles give two units, the liberal bear-off, no closing the home board while the
    opponent is on the bar, every win one point, no cube (an option, off by default)."""

    key = "irish"
    names = {"en": "Irish"}
    link_tag = "ir"
    shared_network = "short"
    race_database = False
    blurred_intermediate = True
    group = "historical"
    doubles = X2
    bear_off = LIBERAL
    has_turn_constraint = True
    outcome_kinds = ("single", "draw")
    option_specs = (
        Option(
            "irish_close",
            "FORBID",
            choices=("FORBID", "PENALTY"),
            doc="closing the home board with the opponent on the bar: forbidden, or "
            "accepted (the penalty is claimed over the board) — AMB-16",
        ),
        Option(
            "irish_bear_off",
            "LIBERAL",
            choices=("LIBERAL", "STD"),
            doc="a die bears off from any point at or below it (AMB-17)",
        ),
        Option("next_game_starter", "opening_roll", choices=("opening_roll", "winner")),
    ) + cube_options(False)

    def configure(self) -> None:
        self.bear_off = LIBERAL if self.options["irish_bear_off"] == "LIBERAL" else STD
        self.has_turn_constraint = self.options["irish_close"] == "FORBID"

    def turn_ok(self, ctx: TurnContext, s: int, t: int) -> bool:
        # IRISH_NO_CLOSE: all of own 1-6 made while an opposing checker is on the bar
        if not (s >> SH[F_OBAR]) & 15:
            return True
        made = _made(s)
        return (made & _HOME & ALL_ONES) != (ONE[1] + ONE[2] + ONE[3] + ONE[4] + ONE[5] + ONE[6])

    def penalty_claimable(self, position: Position, closer: int) -> bool:
        """``irish_close=PENALTY``: ``closer`` holds all of his 1-6 with two or more while the
        opponent has a checker on the bar, so the opponent may claim the penalty (§3.5)."""
        side = position.sides[closer]
        return (
            self.options["irish_close"] == "PENALTY"
            and position.sides[1 - closer][BAR] > 0
            and all(side[p] >= 2 for p in range(1, 7))
        )

    def apply_penalty(self, position: Position, closer: int, point: int) -> Position:
        """The penalty (§3.5, IR-5) once the winner of the one-die roll-off has chosen
        ``point`` of the closed home: all but one of the closer's checkers there go to his bar.
        The claim and the roll-off are made over the board; this applies their result."""
        if not self.penalty_claimable(position, closer) or not 1 <= point <= 6:
            raise ValueError("no penalty can be claimed on that point")
        side = list(position.sides[closer])
        side[BAR] += side[point] - 1
        side[point] = 1
        sides = list(position.sides)
        sides[closer] = tuple(side)
        return position.replace(sides=sides)

    def outcome(self, position: Position, winner: int) -> Outcome:
        return Outcome(winner, "single", 1)

    def resign_levels(self) -> list[tuple[str, int]]:
        return [("single", 1)]


class Jacquet(StuckDrawMixin, Variant):
    """§3.12: the long-nardy layout (PARALLEL, fifteen on own 24) played with backgammon's
    blocks of two, hits and bar; any number of checkers may leave the head."""

    key = "jacquet"
    names = {"en": "Jacquet"}
    link_tag = "jq"
    shared_network = ""
    race_database = True
    blurred_intermediate = False
    group = "historical"
    geometry = PARALLEL
    setup_points = {24: 15}
    opening = REROLL
    lot_decides_colour = True
    outcome_kinds = ("single", "gammon", "backgammon", "draw")
    option_specs = (
        Option(
            "jacquet_courier",
            False,
            "bool",
            doc="courier: with nothing home or off, no second checker leaves own 24 (AMB-34)",
        ),
        Option(
            "jacquet_backgammon",
            False,
            "bool",
            doc="score 3 when the loser has none off and a checker on the bar or in the "
            "winner's home (AMB-34)",
        ),
        Option("first_move_dice", "reroll", choices=("reroll", "lot_dice")),
        Option("next_game_starter", "alternate", choices=("alternate", "winner", "lot")),
    ) + cube_options(False)

    def configure(self) -> None:
        self.courier = self.options["jacquet_courier"]
        if self.courier:
            self.steps_commute = False  # bringing the courier home frees the head

    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        out = super().unit_moves(ctx, s, t, d, limit)
        if self.courier and (s >> SH[24]) & 15 and s & _MID and not (s & _HOME or s & 15):
            # a checker is out on the way and none is home or off: nothing else leaves 24
            out = [m for m in out if m[2][0] != 24]
        return out

    def outcome(self, position: Position, winner: int) -> Outcome:
        loser = position.sides[1 - winner]
        if loser[OFF]:
            return Outcome(winner, "single", 1)
        if self.options["jacquet_backgammon"] and (loser[BAR] or loser[HAND] or any(loser[13:19])):
            return Outcome(winner, "backgammon", 3)
        return Outcome(winner, "gammon", 2)

    def resign_levels(self) -> list[tuple[str, int]]:
        levels = [("single", 1), ("gammon", 2)]
        if self.options["jacquet_backgammon"]:
            levels.append(("backgammon", 3))
        return levels


PRIME, HOYLE_HIT = "PRIME", "HOYLE_HIT"


class DutchTricktrack(StuckDrawMixin, HandEntryMixin, ShortNardy):
    """§3.3: backgammon with all fifteen checkers entering from the bar, and DUTCH_PRIME: no
    turn may end with six consecutive made points while the opponent has nothing in his home
    and nothing off (option ``dutch_rule=HOYLE_HIT``: no hit before a checker is home)."""

    key = "dutch_tricktrack"
    names = {"en": "Dutch tricktrack"}
    link_tag = "dt"
    shared_network = ""
    race_database = True
    blurred_intermediate = False
    group = "historical"
    setup_points = {}
    setup_bar = 15
    opening = USE_DICE
    outcome_kinds = ("single", "gammon", "backgammon", "draw")
    has_turn_constraint = True
    option_specs = ShortNardy.option_specs + (
        Option(
            "dutch_rule",
            PRIME,
            choices=(PRIME, HOYLE_HIT),
            doc="the special restriction: no six-prime until an opposing checker is home, "
            "or no hit until one of one's own is home (AMB-11)",
        ),
        Option(
            "dutch_entry",
            "ALL_FIRST",
            choices=("ALL_FIRST", "FREE"),
            doc="all fifteen enter before any move (bar:15), or enter when one likes "
            "(hand:15) — AMB-12",
        ),
    )

    def configure(self) -> None:
        self.configure_tricktrack(self.options["dutch_rule"], self.options["dutch_entry"] == "FREE")

    def configure_tricktrack(self, rule: str, free_entry: bool) -> None:
        self.prime_rule = rule == PRIME
        self.hoyle_hit = rule == HOYLE_HIT
        self.has_turn_constraint = self.prime_rule
        if self.hoyle_hit:
            self.steps_commute = False  # a checker reaching home first may allow a hit
        if free_entry:
            self.setup_bar, self.setup_hand = 0, 15
        # the opponent's home (his own 1-6) on the mover's point numbers
        self._opp_home = sum(15 << SH[F_OPP + self.cross[q]] for q in range(1, 7))

    def unit_moves(
        self, ctx: TurnContext, s: int, t: int, d: int, limit: int = 26
    ) -> list[Successor]:
        out = super().unit_moves(ctx, s, t, d, limit)
        if (s >> SH[F_HAND]) & 15:
            out = out + self.hand_entries(ctx, s, t, d, limit)
        if self.hoyle_hit and not (s & _HOME or s & 15):
            out = [m for m in out if not m[2][3]]
        return out

    def turn_ok(self, ctx: TurnContext, s: int, t: int) -> bool:
        # DUTCH_PRIME, judged on the position at the end of the turn (AMB-13)
        if not self.prime_rule or not _six_prime(s):
            return True
        return bool(s & self._opp_home or (s >> SH[F_OOFF]) & 15)


class RussianTricktrack(DutchTricktrack):
    """§3.4: Dutch tricktrack on the SHARED geometry: both sides enter on the same table
    (own 24-19) and bear off from the same home (own 6-1); W point n is B point n."""

    key = "russian_tricktrack"
    names = {"en": "Russian tricktrack"}
    link_tag = "rt"
    shared_network = ""
    race_database = False
    blurred_intermediate = False
    group = "historical"
    geometry = SHARED
    option_specs = ShortNardy.option_specs + (
        Option(
            "dutch_rule", PRIME, choices=(PRIME, HOYLE_HIT), doc="the special restriction (AMB-11)"
        ),
        Option(
            "russian_rules",
            "SRC",
            choices=("SRC", "RUSSIAN_HOYLE"),
            doc="the source's rules, or Hoyle's: hand entry, complementary doubles, "
            "roll again after a double, no cube (AMB-14)",
        ),
        Option(
            "russian_backgammon",
            True,
            "bool",
            doc="3 points when the loser has none off and a checker on the bar or on "
            "points 19-24 (AMB-15)",
        ),
    )

    def configure(self) -> None:
        self.hoyle = self.options["russian_rules"] == "RUSSIAN_HOYLE"
        self.configure_tricktrack(self.options["dutch_rule"], self.hoyle)

    @property
    def cube_enabled(self) -> bool:
        return bool(self.options.values.get("cube_enabled")) and not self.hoyle

    def units(self, position: Position) -> tuple[tuple[int, ...], bool]:
        dice = cast("tuple[int, ...]", position.dice)  # asked of a rolled position
        if self.hoyle and dice[0] == dice[1]:
            d = dice[0]
            return (d,) * 4 + (7 - d,) * 4, True  # four d then four 7-d, in that order
        return super().units(position)

    def end_of_turn(
        self, before: Position, after: Position
    ) -> tuple[Outcome | None, Position | None]:
        outcome, following = super().end_of_turn(before, after)
        dice = before.dice
        if outcome is None and self.hoyle and dice and dice[0] == dice[1] and not before.pending:
            return None, after  # RUSSIAN_HOYLE: the roller of a double rolls again
        return outcome, following

    def outcome(self, position: Position, winner: int) -> Outcome:
        return self.gammon_outcome(position, winner, backgammon=self.options["russian_backgammon"])

    def resign_levels(self) -> list[tuple[str, int]]:
        levels = [("single", 1), ("gammon", 2)]
        if self.options["russian_backgammon"]:
            levels.append(("backgammon", 3))
        return levels


GAMES = (Portes, LongGammon, Irish, Jacquet, DutchTricktrack, RussianTricktrack)
