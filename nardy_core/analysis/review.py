"""Game review: every decision of both players judged by a bot level, the luck of every roll and
the win chance turn by turn, for a finished game or any game record (``docs/review.md``).

The review is incremental, so that a page can run it in a web worker one decision at a time:

    review = Review(record, level="strong")
    for item in review.decisions():          # cheap: the record replayed once
        result = review.analyse(item["index"])   # one evaluation (a few ms to a second)
    summary = review.summary()               # per player, the worst mistakes, the win chances
    text = review.export_text()              # the game record with the review as comments

Everything is deterministic (the bot's noise is switched off) and JSON-ready. Equities are in
single-game units: the cubeless equity of the side that decides divided by the points of the
game's single win (``outcome_values``), cube decisions normalised to a cube of 1 (money) or
converted from match winning chances (match play), so that the marks mean the same in every
game. Pure Python: it runs in Pyodide.
"""

from __future__ import annotations

import copy
from dataclasses import replace

from ..bots.chooser import LEVELS, Chooser, distinct_rolls, level_for
from ..bots.cube import BEAVER, DROP, TAKE, CubeDecider, Situation
from ..bots.cube import DOUBLE as DOUBLE_ACTION
from ..bots.evaluator import outcome_values
from ..bots.met import default_met
from ..engine.errors import GameStateError, NardyError
from ..engine.game import DOUBLE, MOVE, OPENING, ROLL
from ..engine.playnotation import format_steps
from ..engine.turn import Turn
from ..engine.variant import Variant
from ..formats import record as record_model
from ..formats.inputs import parse_json
from ..formats.records import _clean_name, _default_names, export_match, import_match
from .marks import MARKS  # by equity lost (single-game units), GNU Backgammon's defaults

SYMBOLS = {name: symbol for name, symbol, _ in MARKS}
# Luck marks by the roll's equity gain against the average roll (GNU Backgammon's defaults).
LUCK_MARKS = (("very_lucky", 0.6), ("lucky", 0.3), ("unlucky", -0.3), ("very_unlucky", -0.6))
LUCK_SETTLE = 3  # escalating lists: candidates settled per roll for the luck (0-ply's default)
CLOSE = 0.16  # a cube decision where doubling and not doubling are this close counts
TOP = 5  # candidates shown per play
WORST = 10  # mistakes listed in the summary
DIGITS = 4  # rounding of every equity, probability and luck in the output

PLAY, CUBE, ANSWER, ROLL_ITEM = "play", "cube", "answer", "roll"


def mark_for(loss):
    """The mark of an equity loss (single-game units): blunder, error, doubtful or None."""
    for name, _, threshold in MARKS:
        if loss >= threshold:
            return name
    return None


def tutor_counts(log: list, players: tuple = (0, 1), game: int | None = None) -> list:
    """Per match player, what the tutor caught in a session's ``tutor_log``: ``[{"player",
    "warnings", "taken_back"}]`` (only the entries of ``game`` when given)."""
    out = []
    for p in players:
        mine = [
            e
            for e in log or ()
            if isinstance(e, dict)
            and e.get("player") == p
            and (game is None or e.get("game") == game)
        ]
        out.append(
            {
                "player": p,
                "warnings": len(mine),
                "taken_back": sum(1 for e in mine if e.get("kept") is False),
            }
        )
    return out


def luck_mark(luck):
    """very_lucky | lucky | unlucky | very_unlucky | None for a roll's luck."""
    if luck >= LUCK_MARKS[0][1]:
        return "very_lucky"
    if luck >= LUCK_MARKS[1][1]:
        return "lucky"
    if luck <= LUCK_MARKS[3][1]:
        return "very_unlucky"
    if luck <= LUCK_MARKS[2][1]:
        return "unlucky"
    return None


def _r(value):
    return round(float(value), DIGITS) + 0.0  # + 0.0: no -0.0 in the output


def _probs(probs):
    return [_r(p) for p in probs]


def opening_rolls():
    """The opening throw as a first move's roll: the 15 rolls without a double, each 2 ways
    of 30 (a tie is thrown again)."""
    return tuple((dice, ways) for dice, ways in distinct_rolls(2) if dice[0] != dice[1])


# --- records ------------------------------------------------------------------------------------
def load_record(data):
    """A record from text (a ``.mat``-style match record, or the JSON of a page record) or an
    already parsed dict. Raises NardyError only: JSON through the guarded reader
    (``inputs.parse_json``), a ``.mat`` text through ``records.import_match``."""
    if isinstance(data, dict):
        return data
    if isinstance(data, (bytes, bytearray)):
        text = bytes(data).decode("utf-8", errors="replace")  # to tell JSON from .mat
    elif isinstance(data, str):
        text = data
    else:
        raise GameStateError("a game record is text or a dict", code="bad_record")
    if text.lstrip("\ufeff").strip().startswith("{"):
        record = parse_json(data, "the game record")
        if not isinstance(record, dict):
            raise GameStateError("a JSON game record is an object", code="bad_record")
        if isinstance(record.get("record"), dict):  # a request or an export around a record
            record = record["record"]
        return record
    return import_match(data)


def _snapshot(game):
    """What a later analysis needs of ``game`` now (its attributes are replaced, never
    changed in place, by the actions that follow)."""
    snap = copy.copy(game)
    snap.actions = []
    snap._turn = None
    return snap


def _walk(record, visit):
    """Replay ``record`` (a match record with ``games``, or a game record with ``actions``:
    ``formats.record``), calling ``visit(game_index, action_index, before, action, game)`` for
    every action (``before``: a snapshot)."""
    try:
        if not isinstance(record, dict):
            raise GameStateError("a game record is a dict", code="bad_record")
        if "games" in record:
            parsed = record_model.MatchRecord.from_dict(record)
            record_model.replay_match(parsed, _snapshot, visit, match=parsed.new_match())
        elif "actions" in record:
            parsed = record_model.GameRecord.from_dict(record)
            game = parsed.new_game()
            record_model.replay(
                game,
                parsed.actions,
                0,
                _snapshot,
                lambda number, before, action: visit(0, number, before, action, game),
            )
        else:
            raise GameStateError(
                "not a game record (no 'games' and no 'actions')", code="bad_record"
            )
    except NardyError:
        raise
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        raise GameStateError(f"not a valid game record: {exc!r}", code="bad_record") from None


def player_names(record):
    for key in ("players", "names"):
        if record.get(key) is not None and not isinstance(record[key], (list, tuple)):
            raise GameStateError(f"the record's {key} are a list", code="bad_record", field=key)
    defaults = _default_names(record)
    given = record.get("names") or [None, None]
    return [_clean_name(given[i] if i < len(given) else None, defaults[i]) for i in (0, 1)]


# --- the review ---------------------------------------------------------------------------------
class _Item:
    __slots__ = ("public", "before", "action")

    def __init__(self, public, before, action):
        self.public, self.before, self.action = public, before, action


class _Tools:
    """The chooser (the level without noise) and the cube decider of one game."""

    def __init__(self, variant, level):
        chosen = level_for(variant, level) if isinstance(level, str) else level
        self.chooser = Chooser(variant, replace(chosen, noise=0.0), seed=0)
        self.cube = CubeDecider(self.chooser.evaluator)
        self.single = float(outcome_values(variant)[0]) or 1.0
        self.variant = variant
        self.roll_ends = type(variant).roll_outcome is not Variant.roll_outcome


class Review:
    """The review of a record (see the module's docstring). ``level``: a level name of
    ``bots.LEVELS`` or a ``Level``; ``game``: review only that game of a match (0-based)."""

    def __init__(self, record, level="strong", game=None, top=TOP):
        if isinstance(level, str) and level not in LEVELS:
            raise NardyError(
                f"unknown level {level!r} (levels: {', '.join(LEVELS)})",
                code="bad_level",
                level=level,
            )
        self.record = load_record(record)
        self.level = level
        self.top = top
        self.only = game
        self.names = player_names(self.record)
        self._items = []
        self._results = {}
        self._rolls = {}
        self._tools = {}
        self._ends = {}  # game index -> (action count, result dict or None, players)
        self._variants = {}  # game index -> variant key
        self._turns = {}
        _walk(self.record, self._visit)
        if game is not None and game not in self._variants:
            raise GameStateError(
                f"the record has no game {game + 1}", code="bad_game", game=game + 1
            )

    # -- the decisions, found by replaying the record --
    def _visit(self, gi, ai, before, action, game):
        self._variants[gi] = game.variant.key
        self._ends[gi] = (
            ai + 1,
            None if game.result is None else game.result.to_dict(),
            game.players,
        )
        if self.only is not None and gi != self.only:
            return
        name = action[0]
        phase = before.phase
        colour = before.position.turn
        turn = self._turns.get(gi, 0)

        def add(kind, colour, extra, snap=before, turn_number=None):
            public = {
                "index": len(self._items),
                "game": gi,
                "action": ai,
                "kind": kind,
                "player": snap.players[colour],
                "colour": colour,
                "turn": self._turns.get(gi, 0) if turn_number is None else turn_number,
            }
            public.update(extra)
            self._items.append(_Item(public, snap, action))

        if (
            phase == OPENING
            and name == "opening"
            and game.phase == MOVE
            and not game.position.pending
        ):
            # the opening throw is the first move's roll: its luck against the other throws
            self._turns[gi] = turn + 1
            position = game.position
            add(
                ROLL_ITEM,
                position.turn,
                {"dice": list(position.dice), "opening": True},
                snap=_snapshot(game),
            )
        elif phase == ROLL and name in ("roll", "double"):
            if before.can_double():
                add(
                    CUBE,
                    colour,
                    {"played": "double" if name == "double" else "no_double"},
                    turn_number=turn + 1,
                )
            if name == "roll":
                self._turns[gi] = turn + 1
                add(ROLL_ITEM, colour, {"dice": list(action[1]), "opening": False})
        elif phase == DOUBLE and name in ("take", "drop", "beaver"):
            add(ANSWER, before.actor, {"played": name}, turn_number=turn + 1)
        elif phase == MOVE and name == "play":
            steps = [tuple(s) for s in action[1]]
            add(
                PLAY,
                colour,
                {
                    "dice": list(before.position.dice or ()),
                    "played": format_steps(steps),
                    "steps": [list(s) for s in steps],
                },
            )

    def decisions(self) -> list:
        """Every item to analyse, in the order played: dicts with ``index`` (for ``analyse``),
        ``game`` (0-based), ``action`` (index in that game's actions: the position is the one
        before it), ``kind`` (play | cube | answer | roll), ``player`` (match player 0/1),
        ``colour`` (0 white, 1 black), ``turn`` (the game's turn number, 1 = the first roll),
        and ``dice`` / ``played`` / ``steps`` / ``opening`` where they apply. A ``roll`` item
        is no decision: it carries the roll's luck and the win chance before it."""
        return [dict(item.public) for item in self._items]

    def __len__(self):
        return len(self._items)

    def tools(self, variant):
        key = (variant.key, variant.options.format_non_default())
        if key not in self._tools:
            self._tools[key] = _Tools(variant, self.level)
        return self._tools[key]

    def analyse(self, index) -> dict:
        """The analysis of item ``index`` (a JSON-ready dict: the item's keys and its
        findings, ``docs/review.md``); computed once, then kept."""
        if index not in self._results:
            item = self._items[index]
            out = dict(item.public)
            tools = self.tools(item.before.variant)
            kind = out["kind"]
            if kind == PLAY:
                out.update(self._play(tools, item))
            elif kind == ROLL_ITEM:
                out.update(self._roll(tools, item))
            else:
                out.update(self._cube(tools, item))
            self._results[index] = out
        return dict(self._results[index])

    def run(self, progress=None) -> list:
        """Analyse every item (``progress(done, total)`` after each); the list of analyses."""
        out = []
        for index in range(len(self._items)):
            out.append(self.analyse(index))
            if progress is not None:
                progress(index + 1, len(self._items))
        return out

    # -- plays --
    def _play(self, tools, item):
        chooser = tools.chooser
        position = item.before.position
        turn = Turn(position)
        for step in item.public["steps"]:
            turn.step(tuple(step))
        played = turn.play()
        if len(turn.legality.results(most=1)) == 1:
            return {
                "forced": True,
                "loss": 0.0,
                "mark": None,
                "symbol": "",
                "best": item.public["played"],
                "rank": 1,
                "candidates": [],
            }
        ranked = chooser.rank(position, also=played)
        judged = self._judged(chooser, position, ranked)
        mine = next(r for r in judged if r.play.frame == played.frame)
        best = judged[0]
        single = tools.single
        loss = _r(max(0.0, best.equity - mine.equity) / single)
        mark = mark_for(loss)
        rank = judged.index(mine) + 1
        shown = judged[: self.top] + ([mine] if rank > self.top else [])
        candidates = []
        for r in shown:
            depth = (
                "exact"
                if r.probs[0] in (0.0, 1.0) and chooser._ended(position, r.play.frame)
                else "settled"
                if r.settled
                else f"{r.ply}-ply"
            )
            candidates.append(
                {
                    "play": format_steps(r.play.steps),
                    "steps": [list(s) for s in r.play.steps],
                    "rank": judged.index(r) + 1,
                    "equity": _r(r.equity / single),
                    "diff": _r((r.equity - best.equity) / single),
                    "probs": _probs(r.probs),
                    "depth": depth,
                    "played": r is mine,
                }
            )
        return {
            "forced": False,
            "best": format_steps(best.play.steps),
            "best_steps": [list(s) for s in best.play.steps],
            "equity": _r(mine.equity / single),
            "best_equity": _r(best.equity / single),
            "loss": loss,
            "mark": mark,
            "symbol": SYMBOLS.get(mark, ""),
            "rank": rank,
            "plays": len(ranked),
            "candidates": candidates,
        }

    @staticmethod
    def _judged(chooser, position, ranked):
        """The plays judged as deeply as the best, best first (the played one among them:
        ``rank(also=...)``): the settled ones where the turn goes on after the play, the 1-ply
        ones (and exact game ends) at 1-ply, every play at 0-ply."""
        settled = [r for r in ranked if r.settled]
        if settled:
            return settled
        if any(r.ply >= 1 for r in ranked):
            judged = [
                r
                for r in ranked
                if r.ply >= 1
                or (r.probs[0] in (0.0, 1.0) and chooser._ended(position, r.play.frame))
            ]
            judged.sort(key=lambda r: -r.equity)
            return judged
        return ranked

    # -- rolls: luck and the win chance --
    def _roll_value(self, tools, position):
        """(equity, probs) for the roller of ``position`` (dice set) after his best 0-ply
        play, escalating lists settled as the chooser settles them."""
        chooser = tools.chooser
        if tools.roll_ends:
            ended = chooser._roll_ended(position, chooser._results(position))
            if ended is not None:
                return ended
        best = chooser.rank(position, ply=0, top=LUCK_SETTLE)[0]
        return best.equity, best.probs

    def luck_table(self, index) -> dict:
        """For a roll item: ``{dice: (luck, ways)}`` for every roll the actual one is judged
        against (``ways`` of 36, 216 with three dice, or 30 for an opening throw): what the
        luck would have been with that roll. Their weighted mean is 0."""
        values, weights = self.roll_values(index)
        total = sum(weights.values())
        average = sum(values[d][0] * w for d, w in weights.items()) / total
        return {d: (values[d][0] - average, weights[d]) for d in values}

    def roll_values(self, index):
        """For a roll item: ``({dice: (equity, win chance)}, {dice: ways})`` over every roll
        it is judged against, equities in single-game units (cached)."""
        if index in self._rolls:
            return self._rolls[index]
        item = self._items[index]
        tools = self.tools(item.before.variant)
        position = item.before.position.replace(dice=None)
        rolls = (
            opening_rolls() if item.public["opening"] else distinct_rolls(tools.variant.dice_count)
        )
        values, weights = {}, {}
        for dice, ways in rolls:
            equity, probs = self._roll_value(tools, position.replace(dice=dice))
            values[dice] = (equity / tools.single, probs[0])
            weights[dice] = ways
        self._rolls[index] = values, weights
        return values, weights

    def _roll(self, tools, item):
        values, weights = self.roll_values(item.public["index"])
        total = sum(weights.values())
        average = sum(values[d][0] * w for d, w in weights.items()) / total
        win = sum(values[d][1] * w for d, w in weights.items()) / total
        dice = tuple(item.public["dice"])
        key = tuple(sorted(dice, reverse=True))
        if key in values:
            value = values[key][0]
        else:  # not expected: every roll is one of the distinct rolls
            position = item.before.position.replace(dice=dice)
            value = self._roll_value(tools, position)[0] / tools.single
        luck = _r(value - average)
        if item.public["opening"]:
            win = 0.5  # before the opening throw neither side is ahead
        p0 = win if item.public["player"] == 0 else 1.0 - win
        return {
            "luck": luck,
            "luck_mark": luck_mark(luck),
            "value": _r(value),
            "average": _r(average),
            "win": [_r(p0), _r(1.0 - p0)],
        }

    # -- cube --
    def _cube(self, tools, item):
        game = item.before
        decider = tools.cube
        analysis = decider.analyse(game)
        money = analysis.unit == "points"
        value = game.cube.value
        doubler = game.position.turn
        if money:
            scale = value * tools.single

            def norm(x):
                return x / scale

            def diff(x):
                return x / scale
        else:
            situation = Situation.of(game, doubler)
            met = decider.met or default_met()
            a, b = situation.away
            win = met.after(a - value, b, situation.state, situation.crawford_rule)
            lose = met.after(a, b - value, situation.state, situation.crawford_rule)
            span = (win - lose) or 1.0

            def norm(x):
                return (2 * x - (win + lose)) / span

            def diff(x):
                return 2 * x / span

        nd, dt, dp = analysis.no_double, analysis.double_take, analysis.double_pass
        response = analysis.response
        if response == BEAVER and not (
            game.match.is_money and bool(game.variant.options.values.get("beaver"))
        ):
            response = TAKE
        doubled = dp if response == DROP else dt * (2 if response == BEAVER else 1)
        out = {
            "probs": _probs(analysis.probabilities),
            "method": analysis.method,
            "no_double": _r(norm(nd)),
            "double_take": _r(norm(dt)),
            "double_pass": _r(norm(dp)),
            "proper": analysis.action,
            "response": response,
        }
        if not money:
            out["mwc"] = {"no_double": _r(nd), "double_take": _r(dt), "double_pass": _r(dp)}
        played = item.public["played"]
        if item.public["kind"] == CUBE:
            best = "double" if analysis.action == DOUBLE_ACTION else "no_double"
            equities = {"double": doubled, "no_double": nd}
            loss = _r(max(0.0, diff(equities[best] - equities[played])))
            close = (
                played == "double"
                or best == "double"
                or loss > 0
                or abs(diff(min(dt, dp) - nd)) < CLOSE
            )
        else:  # the answer, from the answering side's view
            best = response

            def theirs(x):
                return -x if money else 1.0 - x

            equities = {"take": theirs(dt), "drop": theirs(dp), "beaver": theirs(2 * dt)}
            loss = _r(max(0.0, diff(equities[best] - equities[played])))
            close = True
        mark = mark_for(loss)
        out.update(
            {
                "best": best,
                "loss": loss,
                "mark": mark,
                "symbol": SYMBOLS.get(mark, ""),
                "close": close,
            }
        )
        return out

    # -- the whole --
    def summary(self) -> dict:
        """Per player figures, the worst mistakes and the win chances over the items analysed
        so far (``analysed`` of ``total``; call ``run()`` first for the whole review)."""
        done = [self._results[i] for i in sorted(self._results)]
        players = []
        for p in (0, 1):
            mine = [r for r in done if r["player"] == p]
            moves = [r for r in mine if r["kind"] == PLAY and not r["forced"]]
            cubes = [r for r in mine if r["kind"] in (CUBE, ANSWER) and r["close"]]
            rolls = [r for r in mine if r["kind"] == ROLL_ITEM]
            counted = moves + cubes
            loss_moves = sum(r["loss"] for r in moves)
            loss_cube = sum(r["loss"] for r in mine if r["kind"] in (CUBE, ANSWER))
            decisions = len(counted)
            marks = {name: sum(1 for r in mine if r.get("mark") == name) for name, _, _ in MARKS}
            players.append(
                {
                    "player": p,
                    "name": self.names[p],
                    "moves": len(moves),
                    "cube_decisions": len(cubes),
                    "decisions": decisions,
                    "doubtful": marks["doubtful"],
                    "errors": marks["error"],
                    "blunders": marks["blunder"],
                    "loss": _r(loss_moves + loss_cube),
                    "loss_moves": _r(loss_moves),
                    "loss_cube": _r(loss_cube),
                    "error_rate": round(1000 * (loss_moves + loss_cube) / decisions, 1)
                    if decisions
                    else 0.0,
                    "move_error_rate": round(1000 * loss_moves / len(moves), 1) if moves else 0.0,
                    "rolls": len(rolls),
                    "luck": _r(sum(r["luck"] for r in rolls)),
                    "luck_per_roll": _r(sum(r["luck"] for r in rolls) / len(rolls))
                    if rolls
                    else 0.0,
                    "lucky": sum(1 for r in rolls if r["luck_mark"] in ("lucky", "very_lucky")),
                    "unlucky": sum(
                        1 for r in rolls if r["luck_mark"] in ("unlucky", "very_unlucky")
                    ),
                }
            )
        tutor_log = record_model.tutor_log_of(self.record.get("tutor_log"))
        for entry in tutor_counts(tutor_log, game=self.only):
            players[entry["player"]].update(
                tutor_warnings=entry["warnings"], tutor_taken_back=entry["taken_back"]
            )
        mistakes = [r for r in done if r.get("mark")]
        mistakes.sort(key=lambda r: (-r["loss"], r["index"]))
        worst = [
            {
                k: r.get(k)
                for k in (
                    "index",
                    "game",
                    "action",
                    "turn",
                    "kind",
                    "player",
                    "colour",
                    "dice",
                    "played",
                    "best",
                    "loss",
                    "mark",
                    "symbol",
                )
            }
            for r in mistakes[:WORST]
        ]
        chances = []
        for r in done:
            if r["kind"] == ROLL_ITEM:
                chances.append(
                    {
                        "game": r["game"],
                        "action": r["action"],
                        "turn": r["turn"],
                        "player": r["player"],
                        "win": r["win"],
                    }
                )
        if len(done) == len(self._items):
            for gi in sorted(self._ends):
                if self.only is not None and gi != self.only:
                    continue
                count, result, colours = self._ends[gi]
                if result is None:
                    continue
                if result["winner"] is None:
                    win = [0.5, 0.5]
                else:
                    p0 = 1.0 if colours[result["winner"]] == 0 else 0.0
                    win = [p0, 1.0 - p0]
                chances.append(
                    {
                        "game": gi,
                        "action": count,
                        "turn": None,
                        "player": None,
                        "win": win,
                        "result": result,
                    }
                )
        chances.sort(key=lambda c: (c["game"], c["action"]))
        return {
            "level": self.level if isinstance(self.level, str) else self.level.name,
            "analysed": len(done),
            "total": len(self._items),
            "players": players,
            "worst": worst,
            "win_chance": chances,
            "thresholds": {name: threshold for name, _, threshold in MARKS},
            "tutor": self.record.get("tutor") if self.record.get("tutor") in SYMBOLS else None,
            "games": [
                {"game": gi, "variant": self._variants[gi], "result": self._ends[gi][1]}
                for gi in sorted(self._variants)
                if self.only is None or gi == self.only
            ],
        }

    def report(self, progress=None) -> dict:
        """The whole review: ``{"decisions": [analysis, ...], "summary": {...}}``."""
        return {"decisions": self.run(progress), "summary": self.summary()}

    # -- the annotated record --
    def notes(self) -> dict:
        """``{(game, action): {"mark": symbol, "comments": [text, ...]}}`` for the record
        writer (``records.export_match(record, notes=...)``), over the items analysed."""
        notes: dict[tuple[int, int], dict] = {}
        for index in sorted(self._results):
            r = self._results[index]
            lines = comment_lines(r, self.names)
            if not lines and not r.get("symbol"):
                continue
            note = notes.setdefault((r["game"], r["action"]), {"mark": "", "comments": []})
            if r.get("symbol") and r["kind"] != ROLL_ITEM:
                note["mark"] = r["symbol"]
            note["comments"] += lines
        return notes

    def export_text(self, marks=True) -> str:
        """The record as text (``records.export_match``) with the review: the mark after each
        marked move or cube action (``marks``) and comment lines after its line. Runs the
        whole review first."""
        self.run()
        notes = self.notes()
        if not marks:
            for note in notes.values():
                note["mark"] = ""
        record = self.record
        if "games" not in record:
            raise GameStateError(
                "an annotated record is written for a match record (with 'games')",
                code="unsupported",
            )
        return export_match(record, notes=notes)


def comment_lines(r, names) -> list:
    """The comment lines of one analysis in the annotated record (empty: nothing to say)."""
    who = names[r["player"]]
    kind = r["kind"]
    if kind == ROLL_ITEM:
        if r["luck_mark"] is None:
            return []
        word = r["luck_mark"].replace("_", " ")
        return [f"{who} {''.join(map(str, r['dice']))}: {word} roll ({r['luck']:+.3f})"]
    if not r.get("mark"):
        return []
    if kind == PLAY:
        return [
            f"{who} {''.join(map(str, r['dice']))}: {r['played']} ({r['equity']:+.3f}) "
            f"{r['symbol']} {r['mark']} {-r['loss']:+.3f}; best {r['best']} "
            f"({r['best_equity']:+.3f})"
        ]
    words = {
        "double": "double",
        "no_double": "no double",
        "take": "take",
        "drop": "drop",
        "beaver": "beaver",
    }
    return [
        f"{who} {words[r['played']]} {r['symbol']} {r['mark']} {-r['loss']:+.3f}; "
        f"best {words[r['best']]} (no double {r['no_double']:+.3f}, double/take "
        f"{r['double_take']:+.3f}, double/pass {r['double_pass']:+.3f})"
    ]


def review_record(record, level="strong", game=None) -> dict:
    """The whole review of ``record`` at once (``Review(...).report()``)."""
    return Review(record, level, game=game).report()


# --- the terminal's text ------------------------------------------------------------------------
def _dice(r):
    return "".join(map(str, r.get("dice") or ()))


def format_report(report, names, title="") -> str:
    """The review as text for the terminal (``python -m nardy_core review``): one line per
    turn and cube decision, the worst mistakes with the better play, a table per player."""
    decisions, summary = report["decisions"], report["summary"]
    lines = []
    if title:
        lines.append(title)
    words = {
        "double": "Doubles",
        "no_double": "No double",
        "take": "Takes",
        "drop": "Drops",
        "beaver": "Beavers",
    }
    if names[0] == names[1]:
        names = [f"{names[0]} (1)", f"{names[1]} (2)"]
    width = max(len(n) for n in names)
    current = None
    rolls = {}
    for r in decisions:
        if r["game"] != current:
            current = r["game"]
            lines += [
                "",
                f"Game {current + 1}",
                f"{'turn':>4}  {'player':<{width}}  {'roll and play':<28} {'luck':>7}  "
                f"{'lost':>6}  mark",
            ]
        who = names[r["player"]]
        kind = r["kind"]
        if kind == ROLL_ITEM:
            rolls[(r["game"], r["player"])] = r
            following = [
                d
                for d in decisions[r["index"] + 1 : r["index"] + 2]
                if d["kind"] == PLAY and d["player"] == r["player"]
            ]
            if not following:  # no move: the roll alone
                lines.append(
                    f"{r['turn']:>4}  {who:<{width}}  {_dice(r) + ': (no move)':<28} "
                    f"{r['luck']:+7.3f}  {'':>6}  {_luck_word(r)}"
                )
            continue
        luck = ""
        if kind == PLAY:
            roll = rolls.pop((r["game"], r["player"]), None)
            luck = f"{roll['luck']:+7.3f}" if roll is not None else ""
            text = f"{_dice(r)}: {r['played']}"
            if r["forced"]:
                text += " (forced)"
            extra = _luck_word(roll) if roll is not None else ""
        else:
            if not (r["close"] or r["mark"]):
                continue
            text = " " + words[r["played"]]
            extra = ""
        mark = f"{r['symbol']:<2} {r['mark']}" if r["mark"] else ""
        if r["mark"]:
            best = r["best"] if kind == PLAY else words[r["best"]].lower()
            mark += f"; best {best}"
        if extra:
            mark = f"{mark}, {extra}" if mark else extra
        loss = "" if kind == PLAY and r["forced"] else f"{r['loss']:6.3f}"
        lines.append(
            f"{r['turn']:>4}  {who:<{width}}  {text:<28} {luck:>7}  {loss:>6}  {mark}".rstrip()
        )
    worst = summary["worst"]
    lines += ["", "Worst mistakes" if worst else "No mistakes (doubtful or worse)"]
    for w in worst:
        if w["kind"] == PLAY:
            what = f"{_dice(w)}: {w['played']}, best {w['best']}"
        else:
            what = f"{words[w['played']]}, best {words[w['best']].lower()}"
        lines.append(
            f"  game {w['game'] + 1} turn {w['turn']:>3}  {names[w['player']]:<{width}}"
            f"  {w['loss']:.3f} {w['symbol']:<2} {what}"
        )
    lines += [
        "",
        f"{'':<{width}}  {'decisions':>9}  {'?!':>3} {'?':>3} {'??':>3}  "
        f"{'lost':>7}  {'rate':>6}  {'luck':>7}",
    ]
    for p in summary["players"]:
        lines.append(
            f"{p['name']:<{width}}  {p['decisions']:>9}  {p['doubtful']:>3} "
            f"{p['errors']:>3} {p['blunders']:>3}  {p['loss']:7.3f}  "
            f"{p['error_rate']:>6.1f}  {p['luck']:+7.3f}"
        )
    lines += [
        "",
        "Equities in single-game units; rate: equity lost per decision × 1000; "
        "luck: the rolls' equity gain against the average roll.",
        f"Marks: ?! doubtful ≥ {MARKS[2][2]}, ? error ≥ {MARKS[1][2]}, "
        f"?? blunder ≥ {MARKS[0][2]} equity lost (level {summary['level']}).",
    ]
    return "\n".join(lines) + "\n"


def _luck_word(r):
    return (r.get("luck_mark") or "").replace("_", " ")
