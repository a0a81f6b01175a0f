"""The strong level's time per decision in every game, on self-play (issue 24, item 5):

    python3 bench/bot_speed.py                    # all 18 games, 2 games each, strong level
    python3 bench/bot_speed.py --only fayles --games 4 --json out.json

For each game key of ``nardy_core.variants.VARIANTS``, ``--games`` seeded self-play games of
``--level`` against itself under the game's default options (the cube on where the game has
one) and the time of every bot decision: each play (``Chooser.choose``, moves with at least
two distinct results) and, where the game has a cube, each cube decision (double or roll,
take or pass: ``BotPlayer.wants_to_double`` / ``answer_double``, a separate and much smaller
cost). The CPU time of this process (``time.process_time``) is the figure reported: other work
on a shared machine inflates the elapsed time, which the JSON keeps beside it. Game ``i``
uses the dice seed ``bot-speed/<game>/<i>``, so a run is repeatable and two trees can be
compared on the same games (``--tree DIR`` runs the bench on another checkout's
``nardy_core``).
The table: game, decisions, median, 95th percentile (nearest rank), max, in seconds, and
whether p95 ≤ 0.35 s and max ≤ 0.6 s (the issue's limits). In the page's Python:
``node bench/pyodide_run.mjs bench/bot_speed.py --only fayles --games 1`` (there
``time.process_time`` follows the elapsed time, so a loaded machine inflates it).

``--before DIR``: the same games timed in this checkout and in ``DIR`` (an older commit:
``git worktree add --detach DIR COMMIT``), each game key in a fresh process per tree, the order
alternating from game to game so that load that comes and goes hits both alike; the table
gives both and the ratio of the CPU time of all decisions (after / before).

``--match GAME --games N``: the strength kept. The strong level against itself without its work
budget (``Level.budget = 0``, the strong level before the budget), N cubeless money games (the
cube off, as ``bench/strength.py`` plays), game i on the dice seed of pair i // 2 and the two
games of a pair with the colours swapped; points per game of the strong level, with its
standard error, and the CPU time; ``--workers`` processes.

``--agree GAME --positions N``: the same question on single decisions, with more power per CPU
second. N positions (every third decision with two or more results of seeded intermediate
self-play, the cube on) are ranked by both; the budgeted choice's loss is its shortfall from
the unbudgeted choice in the unbudgeted ranking's own 1-ply equity (0 where they agree): mean
and SE, how often the budget cut the candidates and changed the choice, and the CPU time of
both.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIMIT_P95, LIMIT_MAX = 0.35, 0.6
MAX_MOVES = 3000


def play_timed(game_key, level, index, seed_prefix="bot-speed"):
    """One self-play game of ``level``: (move times, cube times), each a list of
    [cpu seconds, wall seconds, distinct results or 0 for a cube decision]."""
    from bench.strength import acting_colour
    from nardy_core.bots.player import BotPlayer
    from nardy_core.engine.game import DOUBLE, MOVE, RESIGN, ROLL, Game
    from nardy_core.variants import get_variant

    variant = get_variant(game_key)
    seed = f"{seed_prefix}/{game_key}/{index}"
    players = [BotPlayer(variant, level, seed=f"{seed}/{k}") for k in range(2)]
    game = Game(variant, seed=seed)
    moves, cubes = [], []
    steps = 0
    while not game.is_over:
        steps += 1
        if steps > 4 * MAX_MOVES:
            raise RuntimeError(f"{game_key}: no result after {steps} actions")
        player = players[acting_colour(game)]
        phase = game.phase
        if phase == MOVE:
            plays = game.legal_plays()
            start, cpu = time.perf_counter(), time.process_time()
            play = player.chooser.choose(game.position)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - start
            if len(plays) > 1:
                moves.append([cpu, wall, len(plays)])
            game.play(play)
        elif phase == ROLL and game.can_double():
            start, cpu = time.perf_counter(), time.process_time()
            double = player.wants_to_double(game)
            cubes.append([time.process_time() - cpu, time.perf_counter() - start, 0])
            game.double() if double else game.roll()
        elif phase == DOUBLE:
            start, cpu = time.perf_counter(), time.process_time()
            player.answer_double(game)
            cubes.append([time.process_time() - cpu, time.perf_counter() - start, 0])
        elif phase in (ROLL, RESIGN):
            player.act(game)
        else:
            player.act(game)
    return moves, cubes


def match_game(task):
    """One game of a match: (index, points of the budgeted strong level, cpu seconds)."""
    import dataclasses

    from bench.strength import OPTIONS, acting_colour
    from nardy_core.bots.chooser import LEVELS
    from nardy_core.bots.player import BotPlayer
    from nardy_core.engine.game import Game
    from nardy_core.variants import get_variant

    game_key, index, seed_prefix = task
    cpu = time.process_time()
    declared = {o.key for o in get_variant(game_key).options.specs}
    variant = get_variant(game_key, {k: v for k, v in OPTIONS.items() if k in declared})
    seed = f"{seed_prefix}/{game_key}/{index // 2}"
    new = LEVELS["strong"]
    old = dataclasses.replace(new, name="strong-unbudgeted", budget=0)
    players = [BotPlayer(variant, level, seed=f"{seed}/{k}") for k, level in enumerate((new, old))]
    game = Game(variant, seed=seed, players=(0, 1) if index % 2 == 0 else (1, 0))
    actions = 0
    while not game.is_over:
        actions += 1
        if actions > 4 * MAX_MOVES:
            raise RuntimeError(f"{game_key}: no result after {actions} actions")
        players[game.players[acting_colour(game)]].act(game)
    result = game.result
    if result.winner is None:
        points = 0.0
    else:
        winner = game.players[result.winner]
        points = float(result.points if winner == 0 else -result.points)
    return index, points, time.process_time() - cpu


def match(game_key, games, workers, seed_prefix="bot-speed-match", log=None):
    """``games`` games of the match; each finished one is appended to ``log`` (JSON lines)
    when given, so that a cut run still tells its result (``match_summary``)."""
    from multiprocessing import Pool

    tasks = [(game_key, i, seed_prefix) for i in range(games)]
    points, cpu = {}, 0.0
    start = time.perf_counter()
    with Pool(workers) as pool:
        for index, p, c in pool.imap(match_game, tasks):
            points[index], cpu = p, cpu + c
            if log:
                with open(log, "a", encoding="utf-8") as fh:
                    fh.write(json.dumps({"index": index, "points": p, "cpu_s": c}) + "\n")
            if len(points) % 20 == 0:
                print(f"{game_key}: {len(points)} of {games} games", file=sys.stderr)
    out = match_summary(game_key, [points[i] for i in sorted(points)], cpu)
    out["wall_s"] = time.perf_counter() - start
    return out


def match_summary(game_key, values, cpu):
    """Points per game of the budgeted level, its SE, the win rate and its SE."""
    import math

    n = len(values)
    mean = math.fsum(values) / n
    se = statistics.stdev(values) / math.sqrt(n) if n > 1 else math.nan
    wins = sum(v > 0 for v in values) / n
    return {
        "game": game_key,
        "games": n,
        "points_per_game": mean,
        "se": se,
        "win_rate": wins,
        "win_se": math.sqrt(wins * (1 - wins) / n),
        "cpu_s": cpu,
        "points": values,
    }


def sample_positions(game_key, count, seed_prefix="bot-speed-positions"):
    """``count`` positions to play (every third decision with at least two distinct results
    of seeded intermediate self-play, the game's default options)."""
    from bench.strength import acting_colour
    from nardy_core.bots.player import BotPlayer
    from nardy_core.engine.game import MOVE, Game
    from nardy_core.variants import get_variant

    variant = get_variant(game_key)
    players = [BotPlayer(variant, "intermediate", seed=k) for k in range(2)]
    out: list = []
    index = 0
    while len(out) < count:
        game = Game(variant, seed=f"{seed_prefix}/{game_key}/{index}")
        index += 1
        seen = 0
        while not game.is_over and len(out) < count:
            if game.phase == MOVE and len(game.legal_plays()) > 1:
                if seen % 3 == 0:
                    out.append(game.position)
                seen += 1
            players[acting_colour(game)].act(game)
    return out


def agree(game_key, count):
    import dataclasses
    import math

    from nardy_core.bots.chooser import LEVELS, Chooser
    from nardy_core.variants import get_variant

    variant = get_variant(game_key)
    new = Chooser(variant, LEVELS["strong"])
    old = Chooser(variant, dataclasses.replace(LEVELS["strong"], budget=0))
    losses, cut, changed, cpu_new, cpu_old = [], 0, 0, 0.0, 0.0
    for position in sample_positions(game_key, count):
        t = time.process_time()
        ranked_new = new.rank(position)
        t2 = time.process_time()
        ranked_old = old.rank(position)
        cpu_new, cpu_old = cpu_new + t2 - t, cpu_old + time.process_time() - t2
        looked_new = sum(r.ply for r in ranked_new)
        cut += looked_new < sum(r.ply for r in ranked_old)
        judged = {r.play.frame: r.equity for r in ranked_old if r.ply == ranked_old[0].ply}
        choice = ranked_new[0].play.frame
        changed += choice != ranked_old[0].play.frame
        losses.append(ranked_old[0].equity - judged[choice])
    n = len(losses)
    mean = math.fsum(losses) / n
    return {
        "game": game_key,
        "positions": n,
        "cut": cut,
        "changed": changed,
        "loss": mean,
        "loss_se": statistics.stdev(losses) / math.sqrt(n) if n > 1 else math.nan,
        "max_loss": max(losses),
        "cpu_new_s": cpu_new,
        "cpu_old_s": cpu_old,
    }


def summary(times):
    from bench.strength import percentile

    cpu = [t[0] for t in times]
    if not cpu:
        return {"decisions": 0, "median": None, "p95": None, "max": None}
    return {
        "decisions": len(cpu),
        "median": statistics.median(cpu),
        "p95": percentile(cpu, 95),
        "max": max(cpu),
        "wall_p95": percentile([t[1] for t in times], 95),
    }


def run(games, level, only, seed_prefix="bot-speed", progress=True):
    from nardy_core.variants import VARIANTS

    out = {}
    for key in only or tuple(VARIANTS):
        start = time.perf_counter()
        moves, cubes = [], []
        for index in range(games):
            m, c = play_timed(key, level, index, seed_prefix)
            moves += m
            cubes += c
        out[key] = {"moves": summary(moves), "cube": summary(cubes), "raw": moves}
        if progress:
            s = out[key]["moves"]
            print(
                f"{key}: {s['decisions']} moves, p95 {s['p95'] or 0:.3f} s, max "
                f"{s['max'] or 0:.3f} s ({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
            )
    return out


def table(results) -> str:
    def f(x):
        return "" if x is None else f"{x:.3f}"

    lines = [
        "| game | moves | median | 95th pct | max | cube decisions | cube max | within limits |",
        "|---|---:|---:|---:|---:|---:|---:|---|",
    ]
    for key, r in results.items():
        m, c = r["moves"], r["cube"]
        ok = m["decisions"] == 0 or (m["p95"] <= LIMIT_P95 and m["max"] <= LIMIT_MAX)
        lines.append(
            f"| {key} | {m['decisions']} | {f(m['median'])} | {f(m['p95'])} | {f(m['max'])} | "
            f"{c['decisions']} | {f(c['max'])} | {'yes' if ok else 'no'} |"
        )
    return "\n".join(lines)


def before_after(before, games, level, only, seed):
    """{game: {"before": results, "after": results}}, each timed in its own process."""
    import subprocess
    import tempfile

    from nardy_core.variants import VARIANTS

    out: dict = {}
    for k, key in enumerate(only or tuple(VARIANTS)):
        trees = [("before", before), ("after", ROOT)]
        out[key] = {}
        for name, tree in trees if k % 2 == 0 else trees[::-1]:
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "out.json")
                command = [sys.executable, os.path.abspath(__file__), "--tree", tree]
                command += ["--only", key, "--games", str(games), "--level", level]
                command += ["--seed", seed, "--json", path]
                subprocess.run(command, check=True, capture_output=True)
                with open(path, encoding="utf-8") as fh:
                    out[key][name] = json.load(fh)["results"][key]
        b, a = out[key]["before"]["moves"], out[key]["after"]["moves"]
        print(f"{key}: p95 {b['p95'] or 0:.3f} -> {a['p95'] or 0:.3f} s", file=sys.stderr)
    return out


def before_after_table(results) -> str:
    def f(x):
        return "" if x is None else f"{x:.3f}"

    lines = [
        "| game | moves before / after | median before / after | 95th pct before / after "
        "| max before / after | CPU after / before | after within limits |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for key, r in results.items():
        b, a = r["before"]["moves"], r["after"]["moves"]
        ratio = ""
        total_b = sum(t[0] for t in r["before"]["raw"])
        total_a = sum(t[0] for t in r["after"]["raw"])
        if total_b and b["decisions"] and a["decisions"]:
            # per decision: the games may differ in length once a choice differs
            ratio = f"{(total_a / a['decisions']) / (total_b / b['decisions']):.2f}"
        ok = a["decisions"] == 0 or (a["p95"] <= LIMIT_P95 and a["max"] <= LIMIT_MAX)
        lines.append(
            f"| {key} | {b['decisions']} / {a['decisions']} | {f(b['median'])} / "
            f"{f(a['median'])} | {f(b['p95'])} / {f(a['p95'])} | {f(b['max'])} / "
            f"{f(a['max'])} | {ratio} | {'yes' if ok else 'no'} |"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="self-play games per game key")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--only", action="append", help="a game key (repeatable)")
    parser.add_argument("--seed", default="bot-speed", help="prefix of the games' dice seeds")
    parser.add_argument("--tree", help="time this checkout's nardy_core instead")
    parser.add_argument("--json", help="write the results (and every time) to this file")
    parser.add_argument("--before", metavar="DIR", help="also time this older checkout")
    parser.add_argument("--match", metavar="GAME", help="strong against strong without budget")
    parser.add_argument("--workers", type=int, default=2, help="processes of --match")
    parser.add_argument("--agree", action="append", metavar="GAME", help="see above")
    parser.add_argument("--positions", type=int, default=150, help="positions of --agree")
    parser.add_argument("--log", help="--match: append each game to this JSON-lines file")
    args = parser.parse_args(argv)
    tree = os.path.abspath(args.tree) if args.tree else ROOT
    sys.path.insert(0, ROOT)
    sys.path.insert(0, tree)
    if args.before:
        both = before_after(
            os.path.abspath(args.before), args.games, args.level, args.only, args.seed
        )
        print(before_after_table(both))
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump({"level": args.level, "games": args.games, "results": both}, fh)
        return 0
    if args.agree:
        rows = [agree(game, args.positions) for game in args.agree]
        print(
            "| game | positions | candidates cut | choice changed | loss per decision "
            "(equity) | max loss | CPU budgeted / unbudgeted |"
        )
        print("|---|---:|---:|---:|---:|---:|---:|")
        for r in rows:
            print(
                f"| {r['game']} | {r['positions']} | {r['cut']} | {r['changed']} | "
                f"{r['loss']:.4f} ± {r['loss_se']:.4f} | {r['max_loss']:.3f} | "
                f"{r['cpu_new_s']:.1f} / {r['cpu_old_s']:.1f} s |"
            )
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(rows, fh)
        return 0
    if args.match:
        out = match(args.match, args.games, args.workers, log=args.log)
        print(
            f"{args.match}: budgeted strong vs unbudgeted, {out['games']} games: "
            f"{out['points_per_game']:+.3f} ± {out['se']:.3f} points per game, wins "
            f"{100 * out['win_rate']:.1f} ± {100 * out['win_se']:.1f} %, CPU {out['cpu_s']:.0f} s, "
            f"wall {out['wall_s']:.0f} s"
        )
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(out, fh)
        return 0
    results = run(args.games, args.level, args.only, args.seed)
    print(table(results))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"level": args.level, "games": args.games, "results": results}, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
