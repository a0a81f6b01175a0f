"""Bot strength: error rates against GNU Backgammon, points per game, time per move.

    python3 bench/strength.py errors --game short --level strong --decisions 2000
    python3 bench/strength.py pairings --game long --games 1000
    python3 bench/strength.py report

``errors``: games of a level against GNU Backgammon 0-ply (short nardy, cubeless money); each of
the level's decisions with at least two distinct legal results is judged by gnubg at 0, 1 and 2
plies (docs/strength.md says how). ``pairings``: level against level and against the baselines
of ``bench/baselines.py``, points per game, stopped early by a sequential test. ``report``:
docs/strength.md's results section, computed from every checkpoint.

Every finished game (with its judged decisions) is appended to a JSONL checkpoint in
``bench/results/`` (git-ignored); a rerun continues where the last one stopped, and the report
is computed from all records. Games are played by a pool of worker processes (``--workers``,
default 2); game i uses the dice seed of pair i // 2, and the two games of a pair give each
player the other colour, so the first-move advantage cancels.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import math
import os
import re
import statistics
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from bench.baselines import BASELINES  # noqa: E402
from bench.movegen import machine, revision  # noqa: E402
from nardy_core.engine.game import DOUBLE, MOVE, RESIGN, ROLL, Game  # noqa: E402
from nardy_core.engine.position import BAR, HAND, OFF  # noqa: E402
from nardy_core.formats.record import game_record  # noqa: E402
from nardy_core.variants import VARIANTS, get_variant  # noqa: E402

RESULTS = os.path.join(ROOT, "bench", "results")
DOC = os.path.join(ROOT, "docs", "strength.md")
START, END = "<!-- strength-report:start -->", "<!-- strength-report:end -->"

GAMES = tuple(VARIANTS)  # every registered game
CORE_GAMES = ("short", "long", "caucasian")
LEVEL_ORDER = ("beginner", "intermediate", "strong")
GNUBG0 = "gnubg0"
OPTIONS = {"cube_enabled": False}  # cubeless money games: the cube is off
MAX_MOVES = 3000  # a game longer than this is recorded as a failure

# judging (docs/strength.md): 0-ply on every result; 1-ply on every result (the 0-ply best
# JUDGE_MAX1 when there are more) plus ours; 2-ply on those within JUDGE_PRUNE2 of the 1-ply
# best (at most JUDGE_MAX2 of them, best first) plus ours
JUDGE_MAX1, JUDGE_PRUNE2, JUDGE_MAX2 = 64, 0.16, 8

# targets of the issue (the report's criteria table)
TARGET_DECISIONS = 2000
TARGET_ERROR = 12.0
TARGET_P95 = 0.35
TARGET_SHARE = 0.70
DEFAULT_GAMES, DEFAULT_MIN_GAMES, DEFAULT_Z = 1000, 100, 3.0


# --- statistics ----------------------------------------------------------------------------------
def mean_se(values):
    """(mean, standard error = sample sd / sqrt(n), n); SE is nan below two values."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, 0
    mean = math.fsum(values) / n
    if n < 2:
        return mean, math.nan, n
    return mean, statistics.stdev(values) / math.sqrt(n), n


def decided(values, z=DEFAULT_Z, min_games=DEFAULT_MIN_GAMES) -> bool:
    """The sequential test: after at least ``min_games`` games, |mean| > z SE."""
    mean, se, n = mean_se(values)
    return n >= min_games and not math.isnan(se) and abs(mean) > z * se


def pairing_status(values, target, z=DEFAULT_Z, min_games=DEFAULT_MIN_GAMES):
    """'decided' / 'complete' (target reached) / 'running'. Checked after every pair of games,
    on the games in index order, so a rerun stops exactly where an uninterrupted run would."""
    for n in range(2, len(values) + 1, 2):
        if decided(values[:n], z, min_games):
            return "decided", n
        if n >= target:
            return "complete", n
    return "running", len(values)


def share_se(mine, totals):
    """The share of all points won by the first player (a ratio of means) and its SE by the
    delta method."""
    n = len(mine)
    total = math.fsum(totals)
    if n < 2 or total <= 0:
        return math.nan, math.nan
    share = math.fsum(mine) / total
    resid = [m - share * t for m, t in zip(mine, totals, strict=True)]
    return share, statistics.stdev(resid) / math.sqrt(n) / (total / n)


def percentile(values, q):
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    k = max(1, math.ceil(q / 100.0 * len(ordered)))
    return ordered[k - 1]


# --- GNU Backgammon as the opponent and the judge ------------------------------------------------
def gnubg_side(side) -> tuple:
    """Our side (27 counts in its own numbering) -> gnubg's 25 (points 1..24, then the bar)."""
    if side[HAND]:
        raise ValueError("a side with checkers in hand has no gnubg board")
    return tuple(side[1:25]) + (side[BAR],)


def gnubg_board(sides, turn) -> tuple:
    """``(opp, me)`` with ``turn`` the side on roll (gnubg's convention, board[1] on roll)."""
    return gnubg_side(sides[1 - turn]), gnubg_side(sides[turn])


class GnubgJudge:
    """Scores results of a short nardy roll with gnubg (cubeless money equity of the mover):
    a result is scored as minus the opponent's equity on roll at n plies (2-ply with gnubg's
    move pruning, as its own 2-ply analysis does). Not thread-safe: one per process."""

    def __init__(self):
        import gnubg

        self.gnubg = gnubg
        self.cubeinfo = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)  # money, centred cube
        self.contexts = {n: gnubg.evalcontext(0, n, 1, 1, 0.0) for n in (0, 1, 2)}

    def results(self, position, plays):
        """{result board (mover still on index 1): (play, exact equity or None)} for the
        distinct results; a play that bears off the last checker has its exact value."""
        out = {}
        turn = position.turn
        variant = position.variant
        for play in plays:
            sides = play.board[0]
            board = gnubg_board(sides, turn)
            if board in out:
                continue
            exact = None
            if sides[turn][OFF] == variant.checkers:
                exact = float(variant.outcome(position.replace(sides=sides), turn).points)
            out[board] = (play, exact)
        return out

    def equity(self, board, exact, plies) -> float:
        if exact is not None:
            return exact
        w, wg, wbg, lg, lbg, _ = self.gnubg.evaluate(
            (board[1], board[0]), self.cubeinfo, self.contexts[plies]
        )
        return -(2.0 * w - 1.0 + wg - lg + wbg - lbg)

    def best_play(self, position, plays):
        """GNU Backgammon 0-ply's play: the highest 0-ply equity (first in ``plays`` on a tie)."""
        best, best_eq = None, -math.inf
        for board, (play, exact) in self.results(position, plays).items():
            eq = self.equity(board, exact, 0)
            if eq > best_eq:
                best, best_eq = play, eq
        return best

    def judge(self, position, plays, chosen):
        """Equity lost by ``chosen`` (millipoints) at 0, 1 and 2 plies, or None when the roll
        has fewer than two distinct results."""
        results = self.results(position, plays)
        if len(results) < 2:
            return None
        ours = gnubg_board(chosen.board[0], position.turn)
        if ours not in results:
            raise ValueError(f"the chosen play {chosen} is not among the legal results")
        e0 = {b: self.equity(b, results[b][1], 0) for b in results}
        ranked0 = sorted(results, key=lambda b: -e0[b])
        cand1 = ranked0[:JUDGE_MAX1]
        if ours not in cand1:
            cand1.append(ours)
        e1 = {b: self.equity(b, results[b][1], 1) for b in cand1}
        ranked1 = sorted(cand1, key=lambda b: -e1[b])
        best1 = e1[ranked1[0]]
        cand2 = [b for b in ranked1 if best1 - e1[b] <= JUDGE_PRUNE2][:JUDGE_MAX2]
        if ours not in cand2:
            cand2.append(ours)
        e2 = {b: self.equity(b, results[b][1], 2) for b in cand2}
        best2 = max(cand2, key=lambda b: e2[b])
        return {
            "n": len(results),
            "loss0": round(1000.0 * (e0[ranked0[0]] - e0[ours]), 3),
            "loss1": round(1000.0 * (best1 - e1[ours]), 3),
            "loss2": round(1000.0 * (e2[best2] - e2[ours]), 3),
            "best2": results[best2][0].notation(),
            "pid": self.gnubg.positionid(gnubg_board(position.sides, position.turn)),
        }


_JUDGE = None


def judge_here():
    global _JUDGE
    if _JUDGE is None:
        _JUDGE = GnubgJudge()
    return _JUDGE


# --- players -------------------------------------------------------------------------------------
class GnubgPlayer:
    """GNU Backgammon 0-ply (cubeless money): rolls, plays its best 0-ply result."""

    name = GNUBG0

    def act(self, game):
        if game.phase == ROLL:
            game.roll()
        elif game.phase == MOVE:
            game.play(judge_here().best_play(game.position, game.legal_plays()))
        elif game.phase == DOUBLE:
            game.take()
        elif game.phase == RESIGN:
            game.accept_resignation()


def make_player(name, variant, seed):
    if name in LEVEL_ORDER:
        from nardy_core.bots.player import BotPlayer

        return BotPlayer(variant, name, seed=seed)
    if name in BASELINES:
        return BASELINES[name](variant, seed=seed)
    if name == GNUBG0:
        return GnubgPlayer()
    raise ValueError(f"unknown player {name!r}")


def acting_colour(game):
    if game.phase == DOUBLE:
        return 1 - game.cube.offered_by
    if game.phase == RESIGN:
        return 1 - game.resign_offer[0]
    return game.position.turn


def play_game(game_key, names, index, seed, judge_player=None):
    """Play game ``index`` between ``names[0]`` (player 0) and ``names[1]``: player 0 takes
    colour ``index % 2`` of the pair's seed (after the lot, where the lot gives colours).
    Returns the game record, with the judged decisions of ``judge_player`` when given."""
    declared = {o.key for o in get_variant(game_key).options.specs}
    variant = get_variant(game_key, {k: v for k, v in OPTIONS.items() if k in declared})
    players = [make_player(name, variant, f"{seed}/{name}/{k}") for k, name in enumerate(names)]
    game = Game(variant, seed=seed, players=(0, 1) if index % 2 == 0 else (1, 0))
    times = {str(k): [] for k, name in enumerate(names) if name in LEVEL_ORDER}
    decisions = []
    moves = 0
    record = {"kind": "game", "index": index, "seed": seed, "players": list(names)}
    try:
        while not game.is_over:
            colour = acting_colour(game)
            who = game.players[colour]
            player = players[who]
            if game.phase != MOVE:
                player.act(game)
                continue
            moves += 1
            if moves > MAX_MOVES or len(game.actions) > 4 * MAX_MOVES:
                raise RuntimeError(f"no result after {moves} moves, {len(game.actions)} actions")
            if names[who] not in LEVEL_ORDER:
                player.act(game)
                continue
            position = game.position
            plays = game.legal_plays()
            start, cpu = time.perf_counter(), time.process_time()
            play = player.chooser.choose(position)
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
            if play.frame not in {p.frame for p in plays}:
                raise RuntimeError(f"{names[who]} chose {play}, not a legal result")
            times[str(who)].append([round(elapsed * 1000.0, 2), round(cpu * 1000.0, 2), len(plays)])
            if who == judge_player and len(plays) > 1:
                verdict = judge_here().judge(position, plays, play)
                if verdict is not None:
                    verdict.update(
                        {
                            "kind": "decision",
                            "index": index,
                            "move": moves,
                            "dice": list(position.dice),
                            "played": play.notation(),
                            "ms": round(elapsed * 1000.0, 2),
                            "cpu_ms": round(cpu * 1000.0, 2),
                        }
                    )
                    decisions.append(verdict)
            game.play(play)
    except Exception as exc:  # noqa: BLE001 - a failure is a finding: keep the game record
        record.update(
            {
                "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(limit=6),
                "game_record": game_record(game),
            }
        )
        return record, []
    result = game.result
    winner = None if result.winner is None else game.players[result.winner]
    points = result.points
    if winner is None:
        mine = 0.0
    else:
        mine = float(points if winner == 0 else -points)
    record.update(
        {
            "colour0": game.players.index(0),
            "winner": winner,
            "points": mine,
            "total": float(points) if winner is not None else 0.0,
            "outcome": result.kind,
            "moves": moves,
            "times": times,
        }
    )
    return record, decisions


def _work(task):
    game_key, names, index, seed, judge_player = task
    return index, play_game(game_key, names, index, seed, judge_player)


# --- checkpoints ---------------------------------------------------------------------------------
def read_records(path):
    """Every well-formed record of a JSONL checkpoint (a line cut short by a kill is skipped)."""
    out = []
    if not os.path.exists(path):
        return out
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                out.append(json.loads(line))
            except ValueError:
                continue
    return out


def append_records(path, records):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    data = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records)
    with open(path, "a+b") as f:
        f.seek(0, os.SEEK_END)
        if f.tell():  # a line cut short by a kill: start on a new line
            f.seek(-1, os.SEEK_END)
            if f.read(1) != b"\n":
                f.write(b"\n")
        f.write(data.encode("utf-8"))
        f.flush()
        os.fsync(f.fileno())


def games_of(records):
    """The game records by index (the last one written wins), in index order."""
    by_index = {}
    for r in records:
        if r.get("kind") == "game":
            by_index[r["index"]] = r
    return [by_index[i] for i in sorted(by_index)]


def next_index(records) -> int:
    """The first game index not yet played (games are written in index order)."""
    done = {r["index"] for r in records if r.get("kind") == "game"}
    i = 0
    while i in done:
        i += 1
    return i


def weights_id(game_key) -> str:
    try:
        from nardy_core.bots.nn import weight_bytes

        data = weight_bytes(game_key)
    except Exception:  # noqa: BLE001 - the network module is optional here
        data = None
    return hashlib.sha256(data).hexdigest()[:12] if data else "none"


def run_record(mode, game_key, argv, **extra):
    rec = {
        "kind": "run",
        "mode": mode,
        "game": game_key,
        "command": "python3 bench/strength.py " + " ".join(argv),
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": machine(),
        "revision": revision(),
        "weights": weights_id(game_key),
    }
    rec.update(extra)
    return rec


def warn_if_stale(path, records, game_key):
    """Games played by other network weights do not measure the bots as they are now."""
    now = weights_id(game_key)
    before = {r.get("weights") for r in records if r.get("kind") == "run"} - {None, now}
    if before:
        print(
            f"warning: {os.path.basename(path)} holds games played with network weights "
            f"{', '.join(sorted(before))}; the weights are now {now}. Rerun with --fresh "
            "to measure the current bots alone.",
            flush=True,
        )


def set_aside(path):
    if os.path.exists(path):
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
        os.replace(path, f"{path}.{stamp}.old")


# --- running -------------------------------------------------------------------------------------
def run_games(tasks, handle, workers):
    """Play ``tasks`` (an iterator of task tuples, in index order) and call ``handle(index,
    (record, decisions))`` in index order; stop when ``handle`` returns True. At most a few
    games beyond the stop are played (and dropped)."""
    if workers <= 1:
        for task in tasks:
            if handle(*_work(task)):
                return
        return
    import multiprocessing

    ctx = multiprocessing.get_context("fork")
    window = 4 * workers
    with ctx.Pool(workers) as pool:
        pending = []
        exhausted = False
        while True:
            while not exhausted and len(pending) < window:
                task = next(tasks, None)
                if task is None:
                    exhausted = True
                else:
                    pending.append(pool.apply_async(_work, (task,)))
            if not pending:
                return
            if handle(*pending.pop(0).get()):
                pool.terminate()
                return


class Progress:
    def __init__(self, label, done_before):
        self.label = label
        self.start = time.time()
        self.games = 0
        self.done_before = done_before

    def line(self, text, remaining_fraction=None):
        self.games += 1
        elapsed = time.time() - self.start
        per_game = elapsed / self.games
        eta = ""
        if remaining_fraction is not None and remaining_fraction > 0:
            eta = f", about {remaining_fraction * elapsed / 60.0:.1f} min left"
        print(f"[{self.label}] {text} | {per_game:.1f} s/game this run{eta}", flush=True)

    def done(self, text):
        minutes = (time.time() - self.start) / 60.0
        print(f"[{self.label}] {text}: {self.games} games in {minutes:.1f} min", flush=True)


def errors_path(results, level):
    return os.path.join(results, f"errors-short-{level}.jsonl")


def pairing_path(results, game_key, a, b):
    return os.path.join(results, f"pairings-{game_key}-{a}-vs-{b}.jsonl")


def run_errors(level, decisions, workers, results, argv, fresh=False):
    """Games of ``level`` (player 0) against gnubg 0-ply until ``decisions`` are judged."""
    path = errors_path(results, level)
    if fresh:
        set_aside(path)
    records = read_records(path)
    warn_if_stale(path, records, "short")
    judged = sum(1 for r in records if r.get("kind") == "decision")
    start = next_index(records)
    label = f"errors short {level}"
    if judged >= decisions:
        print(f"[{label}] {judged} decisions judged already (>= {decisions}): nothing to do")
        return path
    append_records(
        path, [run_record("errors", "short", argv, level=level, target=decisions, from_index=start)]
    )
    progress = Progress(label, judged)
    state = {"judged": judged, "gained": 0}

    def tasks():
        i = start
        while True:
            yield ("short", (level, GNUBG0), i, f"strength/short/{i // 2}", 0)
            i += 1

    def handle(index, outcome):
        record, verdicts = outcome
        append_records(path, verdicts + [record])
        state["judged"] += len(verdicts)
        state["gained"] += len(verdicts)
        if "error" in record:
            text = f"game {index}: FAILED {record['error']}"
        else:
            mean = (sum(v["loss2"] for v in verdicts) / len(verdicts)) if verdicts else 0.0
            text = (
                f"game {index} ({'White' if record['colour0'] == 0 else 'Black'}): "
                f"{record['points']:+g}, {len(verdicts)} decisions judged "
                f"(mean 2-ply loss {mean:.1f} mp), {state['judged']}/{decisions}"
            )
        left = decisions - state["judged"]
        progress.line(text, left / state["gained"] if state["gained"] else None)
        return state["judged"] >= decisions

    run_games(tasks(), handle, workers)
    progress.done(f"{state['judged']} decisions judged")
    return path


def default_pairings(game_key):
    pairs = [("intermediate", "beginner"), ("strong", "intermediate")]
    pairs += [(level, base) for level in LEVEL_ORDER for base in ("heuristic", "random")]
    pairs.append(("heuristic", "random"))
    return pairs


def parse_pairing(text):
    a, sep, b = text.partition("-vs-")
    known = set(LEVEL_ORDER) | set(BASELINES)
    if not sep or a not in known or b not in known:
        raise argparse.ArgumentTypeError(
            f"{text!r}: write A-vs-B with A, B among {', '.join(sorted(known))}"
        )
    return a, b


def run_pairing(
    game_key,
    a,
    b,
    games,
    workers,
    results,
    argv,
    min_games=DEFAULT_MIN_GAMES,
    z=DEFAULT_Z,
    fresh=False,
):
    path = pairing_path(results, game_key, a, b)
    if fresh:
        set_aside(path)
    records = read_records(path)
    warn_if_stale(path, records, game_key)
    played = games_of(records)
    values = [g["points"] for g in played if "error" not in g]
    label = f"{game_key} {a} vs {b}"
    status, n = pairing_status(values, games, z, min_games)
    if status != "running":
        mean, se, _ = mean_se(values[:n])
        print(
            f"[{label}] {status} at {n} games ({mean:+.3f} ± {se:.3f} points/game): nothing to do"
        )
        return path
    start = next_index(records)
    append_records(
        path,
        [
            run_record(
                "pairings",
                game_key,
                argv,
                pairing=[a, b],
                target=games,
                min_games=min_games,
                z=z,
                from_index=start,
            )
        ],
    )
    progress = Progress(label, len(played))
    state = {"values": values, "new": 0}

    def tasks():
        i = start
        while True:
            yield (game_key, (a, b), i, f"strength/{game_key}/{i // 2}", None)
            i += 1

    def handle(index, outcome):
        record, _ = outcome
        append_records(path, [record])
        state["new"] += 1
        if "error" in record:
            text = f"game {index}: FAILED {record['error']}"
        else:
            state["values"].append(record["points"])
        vals = state["values"]
        st, n = pairing_status(vals, games, z, min_games)
        mean, se, _ = mean_se(vals)
        if "error" not in record:
            text = (
                f"game {index}: {a} {record['points']:+g} ({record['moves']} moves); "
                f"{a} {mean:+.3f} ± {se:.3f} points/game over {len(vals)}"
            )
        left = max(0, games - len(vals)) / state["new"]
        progress.line(text, left)
        state["status"] = f"{st} at {n} games" if st != "running" else f"{len(vals)} games"
        return st != "running"

    run_games(tasks(), handle, workers)
    progress.done(state.get("status", "no game played"))
    return path


# --- report --------------------------------------------------------------------------------------
def load_all(results):
    """{path: records} of every checkpoint, sorted by file name."""
    out = {}
    if not os.path.isdir(results):
        return out
    for name in sorted(os.listdir(results)):
        if name.endswith(".jsonl"):
            out[os.path.join(results, name)] = read_records(os.path.join(results, name))
    return out


def fmt(x, digits=1):
    return "–" if math.isnan(x) else f"{x:.{digits}f}"


def pm(mean, se, digits=1, signed=False):
    if math.isnan(mean):
        return "–"
    sign = "+" if signed else ""
    return f"{mean:{sign}.{digits}f} ± {fmt(se, digits)}"


def times_by_level(files):
    """{(game, level): ([cpu seconds], [wall seconds])} over the level's moves with at least
    two distinct results."""
    out = {}
    for records in files.values():
        game_key = next((r["game"] for r in records if r.get("kind") == "run"), None)
        for g in games_of(records):
            for who, entries in (g.get("times") or {}).items():
                level = g["players"][int(who)]
                cpu, wall = out.setdefault((game_key, level), ([], []))
                for wall_ms, cpu_ms, n in entries:
                    if n > 1:
                        cpu.append(cpu_ms / 1000.0)
                        wall.append(wall_ms / 1000.0)
    return out


def report(results=RESULTS, doc=DOC, argv=()):
    files = load_all(results)
    lines = []
    add = lines.append
    now = datetime.datetime.now().isoformat(timespec="minutes")
    add(
        f"_Generated by `python3 bench/strength.py report` on {now} from the checkpoints in "
        "`bench/results/`; everything between the markers is rewritten by the next report._"
    )
    add("")
    runs = [(path, r) for path, records in files.items() for r in records if r.get("kind") == "run"]
    if not runs:
        add("No checkpoints yet: run the commands above.")
        _write(doc, "\n".join(lines))
        return "\n".join(lines)
    errors = {}
    pairings = {}
    failures = []
    for path, records in files.items():
        head = next((r for r in records if r.get("kind") == "run"), None)
        if head is None:
            continue
        games = games_of(records)
        failures += [(os.path.basename(path), g) for g in games if "error" in g]
        ok = [g for g in games if "error" not in g]
        if head["mode"] == "errors":
            indices = {g["index"] for g in ok}
            decisions = [
                r for r in records if r.get("kind") == "decision" and r["index"] in indices
            ]
            errors[head["level"]] = (
                head,
                [r for r in records if r.get("kind") == "run"],
                ok,
                decisions,
            )
        else:
            last = [r for r in records if r.get("kind") == "run"][-1]
            pairings.setdefault(head["game"], []).append(
                (tuple(head["pairing"]), ok, last.get("min_games", DEFAULT_MIN_GAMES))
            )

    short_of, open_pairings = [], []
    crit = []
    # -- error rates
    add("### Short nardy: error rate against GNU Backgammon")
    add("")
    if errors:
        add(
            "Games of each level against gnubg 0-ply; the level's decisions (two or more "
            "distinct results) judged by gnubg. Millipoints of cubeless money equity lost per "
            "decision, mean ± SE."
        )
        add("")
        add(
            "| level | games | decisions | 0-ply judge | 1-ply judge | **2-ply judge** "
            "| points/game vs gnubg 0-ply |"
        )
        add("|---|---:|---:|---:|---:|---:|---:|")
        for level in LEVEL_ORDER:
            if level not in errors:
                continue
            _, _, ok, decisions = errors[level]
            l0 = mean_se([d["loss0"] for d in decisions])
            l1 = mean_se([d["loss1"] for d in decisions])
            l2 = mean_se([d["loss2"] for d in decisions])
            pts = mean_se([g["points"] for g in ok])
            add(
                f"| {level} | {len(ok)} | {len(decisions):,} | {pm(*l0[:2])} | {pm(*l1[:2])} "
                f"| **{pm(*l2[:2])}** | {pm(*pts[:2], digits=3, signed=True)} |"
            )
            if len(decisions) < TARGET_DECISIONS:
                short_of.append(len(decisions))
            if level == "strong":
                crit.append(
                    (
                        "Short nardy strong: ≤ 12 millipoints per decision (gnubg 2-ply)",
                        f"{pm(*l2[:2])} over {len(decisions):,} decisions",
                        _verdict(l2[0] + 0 <= TARGET_ERROR, len(decisions) >= TARGET_DECISIONS),
                    )
                )
        add("")
        add(
            "Largest 2-ply errors per level (gnubg Position ID with the mover on roll, so "
            "`gnubg.positionfromid(id)` shows the board as the bot saw it):"
        )
        add("")
        add("| level | Position ID | dice | played | gnubg 2-ply best | loss (mp) |")
        add("|---|---|---|---|---|---:|")
        for level in LEVEL_ORDER:
            if level not in errors:
                continue
            worst = sorted(errors[level][3], key=lambda d: -d["loss2"])[:3]
            for d in worst:
                add(
                    f"| {level} | `{d['pid']}` | {d['dice'][0]}{d['dice'][1]} | {d['played']} "
                    f"| {d['best2']} | {d['loss2']:.0f} |"
                )
        add("")
    else:
        add("No error-rate checkpoint yet.")
        add("")

    # -- pairings
    add("### Points per game")
    add("")
    add(
        "Cubeless money games; the first player's points per game ± SE (positive: the first "
        "player wins), and its share of all points won ± SE. Status: *decided* = stopped when "
        "|mean| > 3 SE after at least 100 games (checked after every pair of games), *complete* = "
        "1,000 games, *open* = neither yet (preliminary)."
    )
    add("")
    for game_key in GAMES:
        if game_key not in pairings:
            continue
        add(f"**{_game_name(game_key)}**")
        add("")
        add("| pairing | games | points/game | share of points | status | beats by > 2 SE |")
        add("|---|---:|---:|---:|---|---|")
        order = {p: k for k, p in enumerate(default_pairings(game_key))}
        for (a, b), ok, min_games in sorted(pairings[game_key], key=lambda x: order.get(x[0], 99)):
            values = [g["points"] for g in ok]
            # the rule, with the run's own minimum (a lower one is named)
            status, n = pairing_status(values, DEFAULT_GAMES, min_games=min_games)
            mean, se, _ = mean_se(values)
            share = share_se([max(v, 0.0) for v in values], [g["total"] for g in ok])
            beats = not math.isnan(se) and mean > 2 * se
            least = f" (minimum {min_games})" if min_games != DEFAULT_MIN_GAMES else ""
            label = {
                "decided": f"decided at {n}{least}",
                "complete": f"complete ({n})",
                "running": f"open ({n} of {DEFAULT_GAMES})",
            }[status]
            add(
                f"| {a} vs {b} | {len(values)} | {pm(mean, se, 3, True)} "
                f"| {pm(share[0] * 100, share[1] * 100, 1)} % | {label} "
                f"| {'yes' if beats else 'no'} |"
            )
            if status == "running":
                open_pairings.append(len(values))
            if (a, b) in (("intermediate", "beginner"), ("strong", "intermediate")):
                crit.append(
                    (
                        f"{_game_name(game_key)}: {a} beats {b} by > 2 SE",
                        pm(mean, se, 3, True),
                        _verdict(beats, status != "running"),
                    )
                )
            if (
                game_key not in CORE_GAMES
                and a in ("intermediate", "strong")
                and b in ("random", "heuristic")
            ):  # the variants issues' criterion
                crit.append(
                    (
                        f"{_game_name(game_key)}: {a} beats {b} by > 2 SE",
                        pm(mean, se, 3, True),
                        _verdict(beats, status != "running"),
                    )
                )
            if (a, b) == ("strong", "heuristic") and game_key == "long":
                crit.append(
                    (
                        "Long nardy strong: ≥ 70 % of points against the heuristic",
                        f"{pm(share[0] * 100, share[1] * 100, 1)} %",
                        _verdict(share[0] >= TARGET_SHARE, status != "running"),
                    )
                )
        add("")

    # -- time per move
    add("### Time per move (CPython)")
    add("")
    add(
        "Seconds per choice (`Chooser.choose`) over the level's moves with at least two "
        "distinct results in all measured games. *CPU* is the worker process's CPU time "
        "(`time.process_time`), which other work on the machine does not inflate: it is what "
        "one idle core takes, and the figure the criterion uses. *Wall* is the elapsed time, "
        "with two workers and whatever else ran on the machine at the time."
    )
    add("")
    add(
        "| game | level | moves | CPU median | CPU 95th pct | CPU max | wall median "
        "| wall 95th pct |"
    )
    add("|---|---|---:|---:|---:|---:|---:|---:|")
    times = times_by_level(files)
    for game_key in GAMES:
        for level in LEVEL_ORDER:
            cpu, wall = times.get((game_key, level), ([], []))
            if not cpu:
                continue
            p95 = percentile(cpu, 95)
            add(
                f"| {game_key} | {level} | {len(cpu):,} | {statistics.median(cpu):.3f} "
                f"| {p95:.3f} | {max(cpu):.3f} | {statistics.median(wall):.3f} "
                f"| {percentile(wall, 95):.3f} |"
            )
            if level == "strong" and game_key in CORE_GAMES:  # the bots issue's target
                name = f"{_game_name(game_key)} strong: ≤ 0.35 s per move (95th pct, CPU)"
                crit.append(
                    (
                        name,
                        f"{p95:.3f} s over {len(cpu):,} moves",
                        _verdict(p95 <= TARGET_P95, True),
                    )
                )
    add("")

    # -- criteria
    add("### The issues' criteria")
    add("")
    add("| criterion | measured | met |")
    add("|---|---|---|")
    for name, value, verdict in crit:
        add(f"| {name} | {value} | {verdict} |")
    add("")
    if failures:
        add(f"### Failed games ({len(failures)})")
        add("")
        for name, g in failures[:10]:
            add(f"- `{name}` game {g['index']} ({' vs '.join(g['players'])}): {g['error']}")
        add("")
    # -- provenance
    add("### Runs")
    add("")
    add("| command | started | checkpoints | revision | network weights (sha256) |")
    add("|---|---|---:|---|---|")
    by_command = {}
    for path, r in runs:
        entry = by_command.setdefault(
            r["command"], {"dates": [], "files": set(), "revs": set(), "weights": set()}
        )
        entry["dates"].append(r["date"])
        entry["files"].add(path)
        entry["revs"].add(r["revision"])
        entry["weights"].add(f"{r.get('game')}: {r.get('weights', '?')}")
    for command, e in sorted(by_command.items(), key=lambda kv: min(kv[1]["dates"])):
        dates = sorted(e["dates"])
        when = dates[0] if dates[0][:10] == dates[-1][:10] else f"{dates[0]} … {dates[-1]}"
        add(
            f"| `{command}` | {when} | {len(e['files'])} | {'; '.join(sorted(e['revs']))} "
            f"| {', '.join(sorted(e['weights'])) or '–'} |"
        )
    add("")
    machines = sorted({re.sub(r", load average.*", "", r["machine"]) for _, r in runs})
    loads = [
        float(m.group(1))
        for _, r in runs
        for m in [re.search(r"load average ([0-9.]+)", r["machine"])]
        if m
    ]
    for m in machines:
        add(f"Machine: {m}.")
    if loads:
        add(
            f"1-minute load average when the runs started: {min(loads):.2f}-{max(loads):.2f} "
            "(other work shared the machine; the time table's CPU columns do not depend on it)."
        )
    add("")
    preliminary = []
    if short_of:
        preliminary.append(
            f"{len(short_of)} error rate(s) on {_span(short_of)} decisions "
            f"instead of {TARGET_DECISIONS:,}"
        )
    if open_pairings:
        preliminary.append(
            f"{len(open_pairings)} pairing(s) on {_span(open_pairings)} games, "
            "neither decided nor at 1,000"
        )
    if preliminary:
        banner = (
            "**Preliminary:** small samples (" + "; ".join(preliminary) + "): the "
            "figures will change, and the levels' evaluators are still being trained."
        )
        lines.insert(2, banner)
        lines.insert(3, "")
    text = "\n".join(lines)
    _write(doc, text)
    return text


def _span(counts):
    low, high = min(counts), max(counts)
    return f"{low:,}" if low == high else f"{low:,}-{high:,}"


def _verdict(ok, final):
    if ok:
        return "yes" if final else "yes (so far)"
    return "no" if final else "not yet"


def _game_name(game_key):
    core = {"short": "Short nardy", "long": "Long nardy", "caucasian": "Caucasian nardy"}
    return core.get(game_key) or get_variant(game_key).names["en"]


def _write(doc, text):
    """Replace the text between the report markers of ``doc`` (append them when missing)."""
    old = ""
    if os.path.exists(doc):
        with open(doc, encoding="utf-8") as f:
            old = f.read()
    block = f"{START}\n{text.rstrip()}\n{END}"
    if START in old and END in old:
        new = re.sub(
            re.escape(START) + ".*?" + re.escape(END),
            lambda m: block,
            old,
            count=1,
            flags=re.DOTALL,
        )
    else:
        new = (old.rstrip() + "\n\n## Results\n\n" if old else "# Bot strength\n\n") + block
    with open(doc, "w", encoding="utf-8") as f:
        f.write(new.rstrip() + "\n")


# --- command line --------------------------------------------------------------------------------
def reproducible_hashes(argv):
    """Bot noise is keyed by Python's str hash: re-run under PYTHONHASHSEED=0 so that a game
    index always gives the same game, in every run and every worker."""
    if os.environ.get("PYTHONHASHSEED") != "0" and os.environ.get("STRENGTH_NO_REEXEC") != "1":
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(sys.executable, [sys.executable, os.path.abspath(__file__)] + list(argv), env)


def build_parser():
    parser = argparse.ArgumentParser(
        prog="bench/strength.py",
        description="Bot strength measurements (docs/strength.md). Checkpoints go to "
        "bench/results/*.jsonl; rerunning a command continues where it stopped.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n"
        "  python3 bench/strength.py errors --game short --level strong --decisions 2000\n"
        "  python3 bench/strength.py pairings --game long --games 1000\n"
        "  python3 bench/strength.py pairings --game caucasian --pair strong-vs-heuristic\n"
        "  python3 bench/strength.py report",
    )
    parser.add_argument(
        "--results", default=RESULTS, help="checkpoint folder (default bench/results)"
    )
    sub = parser.add_subparsers(dest="command", required=True)
    err = sub.add_parser("errors", help="error rate of a level against gnubg (short nardy)")
    err.add_argument(
        "--game",
        default="short",
        choices=("short",),
        help="only short nardy has a judge (GNU Backgammon)",
    )
    err.add_argument("--level", default="all", choices=LEVEL_ORDER + ("all",))
    err.add_argument(
        "--decisions",
        type=int,
        default=TARGET_DECISIONS,
        help=f"judged decisions to reach per level (default {TARGET_DECISIONS})",
    )
    pair = sub.add_parser("pairings", help="points per game, level vs level and vs baselines")
    pair.add_argument("--game", default="all", choices=GAMES + ("all",))
    pair.add_argument(
        "--games",
        type=int,
        default=DEFAULT_GAMES,
        help=f"games per pairing unless decided earlier (default {DEFAULT_GAMES})",
    )
    pair.add_argument(
        "--min-games",
        type=int,
        default=DEFAULT_MIN_GAMES,
        help=f"games before the sequential test may stop a pairing (default {DEFAULT_MIN_GAMES})",
    )
    pair.add_argument(
        "--z",
        type=float,
        default=DEFAULT_Z,
        help=f"stop when |mean| > z SE (default {DEFAULT_Z:g})",
    )
    pair.add_argument(
        "--pair",
        action="append",
        type=parse_pairing,
        metavar="A-vs-B",
        help="only this pairing (repeatable); default: "
        + ", ".join(f"{a}-vs-{b}" for a, b in default_pairings("long")),
    )
    for p in (err, pair):
        p.add_argument(
            "--workers",
            type=int,
            default=min(2, os.cpu_count() or 1),
            help="worker processes (default 2)",
        )
        p.add_argument(
            "--fresh",
            action="store_true",
            help="set the existing checkpoint aside (renamed *.old) and start over",
        )
    rep = sub.add_parser("report", help="write the results section of docs/strength.md")
    rep.add_argument("--doc", default=DOC, help="the document to update (default docs/strength.md)")
    return parser


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.command in ("errors", "pairings"):
        reproducible_hashes(argv)
    if args.command == "errors":
        levels = LEVEL_ORDER if args.level == "all" else (args.level,)
        for level in levels:
            run_errors(level, args.decisions, args.workers, args.results, argv, args.fresh)
    elif args.command == "pairings":
        games = GAMES if args.game == "all" else (args.game,)
        for game_key in games:
            for a, b in args.pair or default_pairings(game_key):
                run_pairing(
                    game_key,
                    a,
                    b,
                    args.games,
                    args.workers,
                    args.results,
                    argv,
                    args.min_games,
                    args.z,
                    args.fresh,
                )
    else:
        text = report(args.results, args.doc, argv)
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
