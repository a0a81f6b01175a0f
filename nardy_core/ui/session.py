"""A match as a board shows it: who plays each side (a person or a bot level), the turn being
built click by click, the selection, the move list, and the record saved after every action.

The board holds no rule logic (chessground's rule): it sends locations (``p13``, ``bar0``,
``off1``…, White's numbering) and draws what ``view()`` returns. Every action of a person and
every decision of a bot goes through ``_do``, so the move list and the saved record are written
in one place, and restoring a saved match re-runs the same actions (the dice are thrown again
from the seed and must equal the recorded ones).
"""

from __future__ import annotations

from dataclasses import replace

from ..analysis.tutor import tutor_mark
from ..engine.cube import CubeState
from ..engine.errors import GameStateError, IllegalMoveError, NardyError
from ..engine.game import DOUBLE, MOVE, OPENING, RESIGN, ROLL
from ..engine.geometry import absolute_point
from ..engine.match import Match
from ..engine.movegen import Play
from ..engine.playnotation import format_steps
from ..engine.position import BAR, HAND, OFF
from ..engine.turn import Turn
from ..formats.record import (
    RECORDED,
    SINGLE_VERSION,
    VERSION,
    MatchRecord,
    decision,
    game_record,  # noqa: F401
    replay,
    replay_match,
)
from ..variants import get_variant, i18n
from .boardview import board_view

HUMAN = "human"
# the bot a player meets unless they chose one: a fair game, not the strongest (issue 19)
DEFAULT_LEVEL = "intermediate"
RECORD_VERSION = SINGLE_VERSION  # formats.record: the versions a saved game is written as
MIXED_RECORD_VERSION = VERSION  # a match of mixed games: a reader of version 1 refuses it
PREF_DEFAULTS = {
    "auto_roll": True,  # roll at once when no cube decision is possible
    "auto_confirm": False,  # end the turn as soon as the dice are played
    "auto_forced": True,  # play a roll that has only one legal play
}


def bot_levels():
    # start-up: the page draws its first board before it loads the bots
    from ..bots import LEVELS

    return tuple(LEVELS)


class Session:
    def __init__(
        self,
        game="short",
        options=None,
        length=0,
        players=(HUMAN, DEFAULT_LEVEL),
        seed=None,
        prefs=None,
        start=None,
        recorded_dice=False,
        _replaying=False,
        kind=None,
        hints=True,
        first=None,
        tutor=None,
    ):
        """``start=(position, cube, MatchScore)`` plays on from a shared or edited state (the
        game, length and score come from it). ``recorded_dice``: a record imported from a
        file is replayed with the dice written in it, not thrown again from the seed.
        ``kind``: a match of mixed games (``match.MATCH_KINDS``: "tavli", "gul_bara_tapa");
        ``game`` is then ignored and ``options`` maps a game key to its options. ``first``: a
        ``match.FirstGame`` when the first game is a later game of a match (a shared game).
        ``tutor``: a review mark (``doubtful``, ``error``, ``blunder``) from which a person's
        decision is questioned before it is made final (tutor mode), or None (off)."""
        if kind is not None:
            variant = None
        elif start is not None:
            variant = start[0].variant
            if start[0].winner() is not None:
                raise GameStateError("the game is already over in this position", code="start_over")
        else:
            variant = get_variant(game, options or {}) if isinstance(game, str) else game
        for who in players:
            if who != HUMAN and who not in bot_levels():
                raise GameStateError(f"unknown player {who!r}", code="player", player=str(who))
        self.start = start
        self.recorded_dice = bool(recorded_dice)
        self.match = Match(
            variant,
            length=int(length),
            seed=seed,
            throw_opening=False,
            start=start,
            kind=kind,
            options=options if kind else None,
            first=first,
        )
        self.players = tuple(players)  # by match player index
        self.logs = [[]]  # one move list per game of the match
        self._board_state(prefs, hints, tutor_mark(tutor), _replaying)
        if not _replaying:
            self._advance()

    def _board_state(self, prefs, hints, tutor, replaying):
        """What the board keeps beside the match (a subclass with a match of its own, such as
        ``FriendSession``, sets it here too)."""
        self.prefs = dict(PREF_DEFAULTS, **(prefs or {}))
        self.selected = None  # own point of the side to move
        self.choice = None  # (src, dst, paths) when a destination has several ways
        self.notices = []  # (key, params) for the live region, drained by the page
        self.finished_game = None  # the last game once the match is over
        self.about = {}  # a file's player names and tags, kept for its export
        self.hints = bool(hints)  # the hint may be asked for (off: a match played fair)
        self.last_play = None  # (game, colour, steps) of the last play made, either side
        self.tutor = tutor  # tutor mode: the mark it warns from, or None
        self.tutor_log = []  # what the tutor flagged and what the player chose (the record)
        self.tutor_pending = None  # the decision held while the player answers the tutor
        self._replaying = replaying

    # --- who decides -------------------------------------------------------------------------
    @property
    def variant(self):
        """The rules of the game on the board (in a mixed match they change from game to
        game)."""
        return self.game.variant

    @property
    def kind(self):
        """The ``MatchKind`` of a match of mixed games, else None."""
        return self.match.kind

    @property
    def game_key(self) -> str:
        return self.variant.key

    def game_name(self, lang="en") -> str:
        return i18n.game_name(self.variant, lang)

    @property
    def game(self):
        """The game on the board: the current one, or the last one once the match is over."""
        return self.match.game or self.finished_game

    def player_of(self, colour) -> str:
        return self.players[self.game.players[colour]]

    def actor(self):
        """The colour whose decision the game waits for, or None (game over)."""
        return self.game.actor

    def waiting_for_bot(self) -> bool:
        colour = self.actor()
        return colour is not None and self.player_of(colour) != HUMAN

    def human_to_act(self) -> bool:
        colour = self.actor()
        return colour is not None and self.player_of(colour) == HUMAN

    # --- the one path every action takes -----------------------------------------------------
    def _do(self, name, *args, advance=True):
        game = self.game
        before = len(game.actions)
        position = game.position
        getattr(game, name)(*args)
        self._record(game, before, position)
        self.selected = None
        self.choice = None
        if advance and not self._replaying:
            self._advance()

    def _record(self, game, start, position):
        log = self.logs[-1]
        for action in game.actions[start:]:
            name = action[0]
            if name == "opening":
                last = action[1][-1]
                row = {
                    "k": "opening",
                    "throws": [list(t) for t in action[1]],
                    "c": 0 if last[0] > last[1] else 1,
                }
                if game.variant.lot_decides_colour:
                    # the throws are the players' (first player's die first), not the colours':
                    # the winner takes White, so the row names who that is (CORE 2.2)
                    row.update(c=0, lot=True, who=self.players[game.players[0]], high=max(last))
                log.append(row)
            elif name == "roll":
                log.append({"k": "roll", "c": position.turn, "dice": list(action[1])})
            elif name == "play":
                steps = [tuple(s) for s in action[1]]
                self.last_play = (game, position.turn, steps)
                row = {
                    "k": "play" if steps else "pass",
                    "c": position.turn,
                    "dice": list(position.dice or ()),
                    "play": format_steps(steps),
                }
                if log and log[-1]["k"] == "roll" and log[-1]["c"] == position.turn:
                    log.pop()  # the roll is shown with its play
                log.append(row)
                if not steps:
                    self.notices.append(("no_move", {"colour": position.turn, "dice": row["dice"]}))
            elif name in ("double", "take", "beaver", "drop", "resign", "accept", "decline"):
                # offers are made on one's own turn; answers come from the other side
                colour = position.turn if name in ("double", "resign") else 1 - position.turn
                row = {"k": name, "c": colour}
                if name == "double":
                    row["value"] = game.cube.value * 2
                if name == "resign":
                    row["kind"] = action[1]
                log.append(row)
            if name != "roll":
                position = game.position
        if game.is_over:
            result = game.result
            log.append({"k": "result", **result.to_dict()})
            self.notices.append(("game_over", result.to_dict()))

    def _advance(self):
        """Play what needs no decision: the opening throw, a roll when no cube decision is
        possible (option), a forced play (option)."""
        for _ in range(8):
            game = self.game
            if game.phase == OPENING:
                self._do("opening", advance=False)
                continue
            if not self.human_to_act():
                return
            if game.phase == ROLL and self.prefs["auto_roll"] and not game.can_double():
                self._do("roll", advance=False)
                continue
            if game.phase == MOVE and self.prefs["auto_forced"]:
                # one play or more is all that matters (an escalating list may have millions)
                plays = game.turn().legality.results(most=1)
                if len(plays) == 1:
                    ((frame, steps),) = plays.items()
                    if steps:
                        play = Play(game.position, steps, frame)
                        self.notices.append(
                            ("forced", {"colour": game.position.turn, "play": play.notation()})
                        )
                        self._do("play", play, advance=False)
                        continue
            return

    # --- a person's actions ------------------------------------------------------------------
    def _need_human(self, *phases):
        if self.tutor_pending is not None:
            raise GameStateError("the tutor is waiting for an answer", code="tutor_waiting")
        if not self.human_to_act():
            raise GameStateError("it is not a person's turn to act", code="not_your_turn")
        if phases and self.game.phase not in phases:
            raise GameStateError(
                f"cannot do that now (the game is in the {self.game.phase} phase)",
                code="phase",
                phase=self.game.phase,
            )

    def roll(self):
        self._need_human(ROLL)
        self._do("roll")

    def double(self):
        self._need_human(ROLL)
        self._do("double")

    def take(self):
        self._need_human(DOUBLE)
        self._do("take")

    def beaver(self):
        self._need_human(DOUBLE)
        self._do("beaver")

    def drop(self):
        self._need_human(DOUBLE)
        self._do("drop")

    def resign(self, kind=None):
        self._need_human(ROLL, MOVE)
        self._do("resign", kind)

    def accept_resignation(self):
        self._need_human(RESIGN)
        self._do("accept_resignation")

    def decline_resignation(self):
        self._need_human(RESIGN)
        self._do("decline_resignation")

    # --- moving checkers ---------------------------------------------------------------------
    def own(self, loc: str, colour=None):
        """A board location (White's numbering) as an own point of ``colour`` (the mover)."""
        colour = self.game.position.turn if colour is None else colour
        if loc.startswith("p") and loc[1:].isdigit() and 1 <= int(loc[1:]) <= 24:
            return absolute_point(self.variant.geometry, colour, int(loc[1:]))
        named = {f"bar{colour}": BAR, f"hand{colour}": HAND, f"off{colour}": OFF}
        if loc in named:
            return named[loc]
        return None

    def loc(self, own_point, colour=None) -> str:
        colour = self.game.position.turn if colour is None else colour
        return loc_of(self.variant, colour, own_point)

    def _turn(self):
        self._need_human(MOVE)
        return self.game.turn()

    def movable(self) -> list:
        """Locations a person may pick a checker from now."""
        if (
            not (self.human_to_act() and self.game.phase == MOVE)
            or self.choice
            or self.tutor_pending is not None
        ):
            return []
        return [self.loc(p) for p in self.game.turn().movable_points()]

    def targets(self) -> dict:
        """``{location: number of ways}`` for the selected checker."""
        if self.selected is None or not self.human_to_act() or self.game.phase != MOVE:
            return {}
        found = self.game.turn().destinations(self.selected)
        return {self.loc(dst): len(paths) for dst, paths in found.items()}

    def click(self, loc) -> bool:
        """A click or tap on a location: pick a checker, move the picked one there, or drop the
        pick. Returns True when something changed."""
        turn = self._turn()
        point = self.own(loc)
        if self.selected is not None:
            if point == self.selected:
                self.selected = None
                return True
            found = turn.destinations(self.selected)
            if point in found:
                self._move(self.selected, point, found[point])
                return True
        if point is not None and point in turn.movable_points():
            self.selected = point
            return True
        if self.selected is not None:
            self.notices.append(("illegal_target", {}))
        return False

    def drag(self, src_loc, dst_loc) -> bool:
        """A checker dragged from one location and dropped on another: the same move as two
        clicks; False (nothing changes, the checker snaps back) when it is not legal."""
        turn = self._turn()
        src, dst = self.own(src_loc), self.own(dst_loc)
        if src is None or src not in turn.movable_points():
            return False
        found = turn.destinations(src)
        if dst not in found:
            self.selected = None
            self.notices.append(("illegal_drop", {}))
            return False
        self._move(src, dst, found[dst])
        return True

    def _move(self, src, dst, paths):
        if len(paths) > 1:
            self.selected = src
            self.choice = (src, dst, paths)
            return
        self._steps(paths[0])

    def choose(self, index: int):
        """Pick one of the ways offered for an ambiguous destination (``view()['choice']``)."""
        if not self.choice:
            raise GameStateError("there is no choice to make", code="no_choice")
        paths = self.choice[2]
        if not 0 <= index < len(paths):
            raise IllegalMoveError("no such choice", code="no_choice")
        self.choice = None
        self._steps(paths[index])

    def _steps(self, steps):
        turn = self.game.turn()
        for step in steps:
            turn.step(step)
        self.selected = None
        self.choice = None
        if turn.is_complete and self.prefs["auto_confirm"] and not self.tutor_due("done"):
            self.confirm()

    def undo(self) -> bool:
        if self.choice or self.selected is not None:
            self.choice = None
            self.selected = None
            return True
        turn = self._turn()
        if not turn.steps:
            return False
        turn.undo()
        return True

    def confirm(self):
        turn = self._turn()
        self._do("play", turn.play())

    def can_confirm(self) -> bool:
        return (
            self.tutor_pending is None
            and self.human_to_act()
            and self.game.phase == MOVE
            and not self.choice
            and self.game.turn().is_complete
        )

    def can_undo(self) -> bool:
        return (
            self.tutor_pending is None
            and self.human_to_act()
            and self.game.phase == MOVE
            and bool(self.game.turn().steps or self.selected is not None)
        )

    # --- the hint (computed by the strong level in the web worker) -----------------------------
    def can_hint(self) -> bool:
        """A person is to decide something the bot can advise on, and hints are allowed."""
        if not self.hints or not self.human_to_act():
            return False
        game = self.game
        if game.phase == MOVE:
            return True
        if game.phase == DOUBLE:
            return self.variant.cube_enabled
        return game.phase == ROLL and game.can_double()

    def hint_request(self) -> dict:
        return {"record": game_record(self.game), "actions": len(self.game.actions), "top": 5}

    # --- tutor mode: a person's decision judged before it is final (in the web worker) --------
    def tutor_due(self, act) -> bool:
        """Whether the tutor judges the person's ``act`` (a button: ``done``, ``roll``,
        ``double``, ``take``, ``drop``, ``beaver``) before it is made: tutor mode is on, a
        person is to act, nothing is held already, and it is a decision (a play complete; a
        roll only where a double was possible; a cube action where the cube is in play)."""
        if self.tutor is None or self.tutor_pending is not None or not self.human_to_act():
            return False
        game = self.game
        if act == "done":
            return game.phase == MOVE and not self.choice and game.turn().is_complete
        if act in ("roll", "double"):
            return game.phase == ROLL and game.can_double()
        if act in ("take", "drop", "beaver"):
            return game.phase == DOUBLE and self.variant.cube_enabled
        return False

    def tutor_request(self, act) -> dict:
        """What the web worker judges (``BotService.tutor``): the game's record before the
        decision, the decision, the mark to warn from and the record's length (a stale answer
        is dropped)."""
        if act == "done":
            decision = ["play", [list(s) for s in self.game.turn().play().steps]]
        else:
            decision = ["no_double" if act == "roll" else act]
        return {
            "record": game_record(self.game),
            "decision": decision,
            "threshold": self.tutor,
            "actions": len(self.game.actions),
        }

    def tutor_answer(self, act, verdict) -> bool:
        """The worker's ``verdict`` on ``act``: flagged, the decision is held (nothing is
        applied: ``tutor_pending``) until ``tutor_keep`` or ``tutor_take_back``, and True is
        returned; otherwise ``act`` is made at once and False returned."""
        if verdict.get("actions", len(self.game.actions)) != len(self.game.actions):
            raise GameStateError("a stale tutor answer", code="stale")
        if verdict.get("flag") and not verdict.get("forced"):
            self.tutor_pending = {"act": act, "verdict": dict(verdict)}
            return True
        self._tutor_act(act)
        return False

    def _tutor_act(self, act):
        actions = {
            "done": self.confirm,
            "roll": self.roll,
            "double": self.double,
            "take": self.take,
            "drop": self.drop,
            "beaver": self.beaver,
        }
        if act not in actions:
            raise GameStateError(f"not a tutor decision: {act!r}", code="phase")
        actions[act]()

    def _tutor_note(self, kept):
        pending, self.tutor_pending = self.tutor_pending, None
        if pending is None:
            raise GameStateError("the tutor is not asking anything", code="phase")
        verdict = pending["verdict"]
        game = self.game
        self.tutor_log.append(
            {
                "game": len(self.match.all_games()) - 1,
                "action": len(game.actions),
                "player": game.players[game.actor],
                "kind": verdict.get("kind"),
                "played": verdict.get("played"),
                "best": verdict.get("best"),
                "loss": verdict.get("loss"),
                "mark": verdict.get("mark"),
                "kept": kept,
            }
        )
        return pending["act"]

    def tutor_keep(self):
        """The player keeps the decision the tutor questioned: it is made now."""
        self._tutor_act(self._tutor_note(True))

    def tutor_take_back(self):
        """The player takes the decision back: the turn is at its start again (the checkers
        back), the decision still to be made."""
        act = self._tutor_note(False)
        if act == "done":
            self.game.turn().reset()
        self.selected = None
        self.choice = None

    def tutor_preview(self):
        """The board with the better play the tutor suggests, while it asks, or None."""
        pending = self.tutor_pending
        if pending is None or not pending["verdict"].get("best_steps"):
            return None
        return self.preview(pending["verdict"]["best_steps"])

    # --- a bot's decisions (computed elsewhere: in the page, by a web worker) -----------------
    def bot_request(self) -> dict:
        colour = self.actor()
        return {
            "level": self.player_of(colour),
            "record": game_record(self.game),
            "actions": len(self.game.actions),
        }

    def bot_play_step(self, step):
        """One step of a bot's play, so that the board can show it checker by checker."""
        if not self.waiting_for_bot() or self.game.phase != MOVE:
            raise GameStateError("the bot is not on move", code="phase")
        self.game.turn().step(tuple(step))

    def apply_bot(self, answer: dict):
        """Carry out a bot's decision (``botservice.decide``'s answer)."""
        if not self.waiting_for_bot():
            raise GameStateError("no bot decision is awaited", code="phase")
        if answer.get("actions") != len(self.game.actions):
            raise GameStateError("a stale bot answer", code="stale")
        action = answer["action"]
        if action == "play":
            turn = self.game.turn()
            steps = [tuple(s) for s in answer["steps"]]
            if list(turn.steps) != steps[: len(turn.steps)]:
                turn.reset()
            for step in steps[len(turn.steps) :]:
                turn.step(step)
            self._do("play", turn.play())
        else:  # roll, double, take, beaver, drop, accept, decline
            self._do(decision(action).method)

    # --- between games -------------------------------------------------------------------------
    def projected_score(self) -> list:
        """The match score by player, the game on the board counted once it is over."""
        score = list(self.match.score)
        game = self.match.game
        if game is not None and game.is_over:
            for player, points in enumerate(self.match.points_of(game)):
                score[player] += points
        return score

    @property
    def match_over(self) -> bool:
        length = self.match.length
        return bool(length) and self.game.is_over and max(self.projected_score()) >= length

    def next_game(self):
        if not self.game.is_over:
            raise GameStateError("the game is not over", code="game_not_over")
        if self.match_over:
            raise GameStateError("the match is over", code="match_over")
        self.match.next_game()
        self.logs.append([])
        if not self._replaying:
            self._advance()

    # --- saving and restoring ----------------------------------------------------------------
    def record(self) -> MatchRecord:
        """The saved-game record (``formats.record.MatchRecord``)."""
        return MatchRecord.of_match(
            self.match,
            self.players,
            recorded=self.recorded_dice,
            hints=self.hints,
            about=self.about,
            tutor=self.tutor,
            tutor_log=self.tutor_log,
        )

    def to_dict(self) -> dict:
        """The saved-game record as JSON (``MatchRecord.to_dict``: version 1, or 2 for a
        mixed match, so that a reader of version 1 refuses it rather than replaying something
        else)."""
        return self.record().to_dict()

    @classmethod
    def from_dict(cls, data, prefs=None) -> Session:
        """Rebuild a saved session (any version ``formats.record.upgrade`` reads); anything
        malformed or inconsistent (a roll that the seed does not give) raises GameStateError
        ``bad_record`` (``newer_record``: saved by a newer version)."""
        try:
            record = MatchRecord.from_dict(data)
            recorded = record.dice == RECORDED
            # Recorded dice are all in the actions; the rolls still to come get a fresh seed
            # at each load (the recorded ones never re-roll, and no stream is replayed).
            seed = None if recorded else record.seed
            if not recorded and seed is None:
                raise GameStateError("a saved game without its seed", code="bad_record")
            session = cls(
                record.game,
                record.options,
                record.length,
                record.players,
                seed=None if seed is None else str(seed),
                prefs=prefs,
                start=record.parsed_start(),
                recorded_dice=recorded,
                _replaying=True,
                kind=record.kind,
                hints=record.hints,
                first=record.first_game,
                tutor=record.tutor,
            )
            session.about = dict(record.about)
            session.tutor_log = [dict(e) for e in record.tutor_log]
            replay_match(
                record,
                match=session.match,
                next_game=session.next_game,
                seeded=not recorded,
                do=session._do,
            )
            session._replaying = False
            session.notices.clear()
            session._advance()
            return session
        except NardyError as exc:
            if exc.code in ("bad_record", "newer_record"):
                raise
            raise GameStateError(
                f"the saved game does not fit the rules: {exc}", code="bad_record"
            ) from None
        except (LookupError, TypeError, ValueError, AttributeError) as exc:
            raise GameStateError(f"not a valid saved game: {exc!r}", code="bad_record") from None

    def replay_action(self, act):
        """Replay one recorded action (a JSON list or an ``Action``) through the move list."""
        replay(self.game, [act], do=self._do, seeded=not self.recorded_dice)

    def drain_notices(self) -> list:
        out, self.notices = self.notices, []
        return out

    # --- what the board draws ------------------------------------------------------------------
    def view(self) -> dict:
        """Everything the board and the panels show, as plain data (absolute locations)."""
        game = self.game
        position = game.position
        variant = self.variant
        turn = game.turn_in_progress
        shown = (
            position.replace(sides=turn.board[0], pins=turn.board[1])
            if turn is not None
            else position
        )
        dice, used, later = [], [], []
        if position.dice or position.pending:  # a transferred rest has units and no dice
            dice = list(variant.units(position)[0])
            later = list(variant.units_after(position))
            remaining = list(turn.remaining) if turn is not None else list(dice)
            for value in dice:
                if value in remaining:
                    remaining.remove(value)
                    used.append(False)
                else:
                    used.append(True)
        selected = None if self.selected is None else self.loc(self.selected)
        choice = None
        if self.choice:
            src, dst, paths = self.choice
            choice = {
                "src": self.loc(src),
                "dst": self.loc(dst),
                "ways": [format_steps(path) for path in paths],
            }
        return {
            "game": variant.key,
            "checkers": variant.checkers,
            "phase": game.phase,
            "actor": self.actor(),
            **board_view(
                shown,
                self._cube_shown(),
                dice=dice,
                used=used,
                later=later,
                movable=self.movable(),
                selected=selected,
                targets=self.targets(),
                last=self._last_locs(),
            ),
            "choice": choice,
            "players": [self.player_of(0), self.player_of(1)],
            "score": self._score_by_colour(),
            "length": self.match.length,
            "kind": self.kind.key if self.kind else None,
            "game_names": i18n.Localised(f"game:{variant.key}", variant.names),
            "game_number": len(self.match.all_games()),
            "crawford": game.match.crawford,
            "result": game.result.to_dict() if game.result else None,
            "resign_offer": list(game.resign_offer) if game.resign_offer else None,
        }

    def _cube_shown(self) -> CubeState:
        """The cube as the board draws it: offered only while the double waits for an answer."""
        cube = self.game.cube
        return cube if self.game.phase == DOUBLE else replace(cube, offered_by=None)

    def _last_locs(self) -> list:
        """The last play made in the game on the board, by either side, as ``[[from, to], …]``
        locations (the board marks it until the next play); [] before the first."""
        if self.last_play is None or self.last_play[0] is not self.game:
            return []
        _, colour, steps = self.last_play
        return step_locs(self.variant, colour, steps)

    def preview(self, steps) -> dict:
        """The view with the board as it would be after a play of ``steps`` from the start of
        the turn (a hint shown on the board): nothing to pick, every die used, and
        ``"moves"``, the play's (from, to) locations."""
        view = self.view()
        turn = Turn(self.game.position)
        for step in steps:
            turn.step(tuple(step))
        sides, pins = turn.board
        played = board_view(
            self.game.position.replace(sides=sides, pins=pins),
            self._cube_shown(),
            dice=view["dice"],
            used=[True] * len(view["dice"]),
            later=view["later"],
            moves=step_locs(self.variant, self.game.position.turn, steps),
        )
        view.update(played, choice=None)
        return view

    def _score_by_colour(self):
        score = self.projected_score()
        players = self.game.players
        return [score[players[0]], score[players[1]]]


def loc_of(variant, colour, own_point) -> str:
    """The board location (``p1``-``p24`` in White's numbering, ``bar0``, ``off1``, …) of
    ``colour``'s own point."""
    if own_point in (BAR, HAND, OFF):
        return {BAR: "bar", HAND: "hand", OFF: "off"}[own_point] + str(colour)
    return f"p{absolute_point(variant.geometry, colour, own_point)}"


def step_locs(variant, colour, steps) -> list:
    """A play's steps as the board's ``moves``: ``[[from, to], …]`` locations."""
    return [[loc_of(variant, colour, s[0]), loc_of(variant, colour, s[1])] for s in steps]


__all__ = ["Session", "HUMAN", "PREF_DEFAULTS", "bot_levels"]
