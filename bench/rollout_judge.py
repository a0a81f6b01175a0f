"""The bot levels' error rates judged by rollouts, in the games no outside program judges:

    python3 bench/rollout_judge.py run --game long --decisions 60 --trials 144 --horizon 12
    python3 bench/rollout_judge.py report          # docs/strength.md's rollout-judged table

**Decisions.** Seeded self-play of the default strong level (``LEVELS["strong"]``, whatever
search a game's own strong level ships with) with the judge's network (cubeless money,
the game's default options otherwise): every ``STRIDE``-th decision with at least two distinct
results, from game ``judge/<game>/<i>`` on, until there are ``--decisions``. The same list in
every run, whatever network ships.

**Candidates.** For each decision: the play of each judged level (beginner, intermediate,
strong, ``strong_before`` — the strong level of ``LEVELS`` with the judge's network, that is
the strong level as it was when the judge was frozen — and the ``EXTRA`` levels tried as a
stronger strong), the strong level's three best (its 1-ply ranking) and the 0-ply three best, distinct
results only, at most ``MAX_CANDIDATES`` besides the levels' own plays.

**The judge.** Each candidate is rolled out ``--trials`` times on the same dice (trial ``i``
of every candidate throws ``Dice("judge/<decision>/<i>")``), played by the noise-free 0-ply
player, truncated by the race database where the game has one and, with ``--horizon H``,
after H plays by the evaluator (a truncated rollout, as GNU Backgammon's). **The judge's
network is frozen**: the first run copies the game's shipped weights to
``bench/results/judge-<game>.nnw`` and every later run judges with that copy, so that a new
network is judged by the same judge as the old one (records name both by SHA-256).

**A new network or level.** A rerun recomputes every level's play on the decisions already
rolled out; where a play is not among the decision's candidates, the decision is rolled out
again with it (the same dice), else only its choices are updated. A level's
error at a decision is the rolled-out equity of the best candidate minus that of its play (0
where it is the best), in points per game; its standard error is the paired one (same dice).

**The two biases reported.** The judge's noise: a level's mean error carries the standard error
``sqrt(sum se_i^2) / n`` of the paired differences. Picking the best of noisy candidates
pushes every error up (the best looks better than it is): the bias is estimated by a parametric
bootstrap (the rolled-out means taken as true, each decision's means drawn again from a normal
with the tally's covariance, the errors recomputed; the mean shift over ``BOOTSTRAP`` draws),
and the table gives the error with that bias taken off beside the raw one.

Every decision is appended to ``bench/results/judge-<game>.jsonl`` when done (git-ignored): a
rerun goes on where the last stopped. ``--workers`` processes share the decisions.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import hashlib
import json
import math
import os
import random
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from nardy_core.analysis.rollout import Player, Tally  # noqa: E402
from nardy_core.bots.bearoff import BearoffEvaluator  # noqa: E402
from nardy_core.bots.chooser import LEVELS, Chooser, Level, level_for  # noqa: E402
from nardy_core.bots.nn import NetEvaluator, weight_bytes  # noqa: E402
from nardy_core.bots.phases import evaluator_for  # noqa: E402
from nardy_core.engine.game import MOVE, ROLL, Game  # noqa: E402
from nardy_core.formats.notation import format_state, parse_state  # noqa: E402
from nardy_core.variants import get_variant  # noqa: E402

RESULTS = os.path.join(ROOT, "bench", "results")
DOC = os.path.join(ROOT, "docs", "strength.md")
START, END = "<!-- judge-report:start -->", "<!-- judge-report:end -->"
GAMES = ("long", "caucasian", "plakoto", "fevga", "gioul", "tawula")
OPTIONS = {"cube_enabled": False}
STRIDE = 4
MAX_CANDIDATES = 6
BOOTSTRAP = 400
JUDGE = Level("judge", ply=0, settle=3)
# a stronger strong level tried on the same decisions (long nardy's, issue 24)
EXTRA = {
    "strong_wide": dataclasses.replace(
        LEVELS["strong"], name="strong_wide", candidates=8, prune=0.3
    ),
}
BEFORE = "strong_before"  # the strong level with the judge's (frozen) network
LEVEL_NAMES = ("beginner", "intermediate", "strong", BEFORE, *EXTRA)


def level_of(variant, name):
    if name == BEFORE:
        return LEVELS["strong"]
    return EXTRA[name] if name in EXTRA else level_for(variant, name)


_JUDGES: dict = {}


def judge_weights(game_key, results):
    """The judge's network file (bytes), frozen at the first run; None where the game ships
    no network (its hand-made evaluator cannot change under the judge)."""
    path = os.path.join(results, f"judge-{game_key}.nnw")
    if not os.path.exists(path):
        data = weight_bytes(game_key)
        if data is None:
            return None
        os.makedirs(results, exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    with open(path, "rb") as f:
        return f.read()


def judge_evaluator(game_key, results):
    """The judge's evaluator: the bear-off database and the frozen network."""
    if (game_key, results) not in _JUDGES:
        data = judge_weights(game_key, results)
        variant = variant_of(game_key)
        if data is None:
            _JUDGES[game_key, results] = (evaluator_for(variant), None)
        else:
            net = NetEvaluator(game_key, data)
            _JUDGES[game_key, results] = (BearoffEvaluator(fallback=net), sha(data))
    return _JUDGES[game_key, results]


def sha(data):
    return hashlib.sha256(data).hexdigest()[:12]


def shipped(game_key):
    data = weight_bytes(game_key)
    return None if data is None else sha(data)


def choices(game_key, position, number, results):
    """Every judged level's play on ``position``: {name: Play}."""
    variant = position.variant
    evaluator = judge_evaluator(game_key, results)[0]
    seed = f"judge/{number}"
    out = {}
    for name in LEVEL_NAMES:
        frozen = evaluator if name == BEFORE else None
        chooser = Chooser(variant, level_of(variant, name), seed=seed, evaluator=frozen)
        out[name] = chooser.choose(position)
    return out


def variant_of(game_key):
    variant = get_variant(game_key)
    if "cube_enabled" in variant.options.values:
        variant = get_variant(game_key, {**variant.options.values, **OPTIONS})
    return variant


def decisions(game_key, count, results):
    """``count`` decisions (states) of strong self-play with the judge's network, the same in
    every run."""
    from bench.strength import acting_colour

    variant = variant_of(game_key)
    evaluator = judge_evaluator(game_key, results)[0]
    out: list = []
    index = 0
    while len(out) < count:
        seed = f"judge/{game_key}/{index}"
        players = [
            # the default strong level, not the game's own (Variant.strong_search): the same
            # decisions whatever search the strong level ships with
            Chooser(variant, LEVELS["strong"], seed=f"{seed}/{k}", evaluator=evaluator)
            for k in range(2)
        ]
        game = Game(variant, seed=seed)
        index += 1
        seen = 0
        while not game.is_over and len(out) < count:
            if game.phase == MOVE:
                if len(game.legal_plays()) > 1:
                    if seen % STRIDE == index % STRIDE:
                        out.append(format_state(game.position))
                    seen += 1
                game.play(players[acting_colour(game)].choose(game.position))
            elif game.phase == ROLL:
                game.roll()
            else:
                raise RuntimeError(f"{game_key}: a cubeless game in the {game.phase} phase")
    return out


def judge(task):
    """One decision rolled out: its record."""
    game_key, number, state, trials, horizon, results = task
    started = time.process_time()
    variant = variant_of(game_key)
    position = parse_state(state)[0].replace(variant=variant)
    evaluator, judge_net = judge_evaluator(game_key, results)
    chosen, plays = {}, {}

    def add(play, always=False):
        key = play.board
        if key not in plays and (always or len(plays) < MAX_CANDIDATES):
            plays[key] = play
        return key

    seed = f"judge/{number}"
    for name, play in choices(game_key, position, number, results).items():
        chosen[name] = add(play, always=True)
    for level in (LEVELS["strong"], JUDGE):
        for ranked in Chooser(variant, level, seed=seed, evaluator=evaluator).rank(position)[:3]:
            add(ranked.play)
    keys = list(plays)
    player = Player(
        variant, JUDGE, seed=seed, luck=0, truncate=True, horizon=horizon, evaluator=evaluator
    )
    tally = Tally(len(keys))
    steps = [plays[k].steps for k in keys]
    for i in range(trials):
        tally.add([player.trial(position, s, seed, i) for s in steps])
    return {
        "game": game_key,
        "decision": number,
        "state": state,
        "trials": trials,
        "horizon": horizon,
        "plays": [plays[k].notation() for k in keys],
        "boards": [repr(k) for k in keys],
        "chosen": {name: keys.index(k) for name, k in chosen.items()},
        "nets": {"judge": judge_net, "levels": shipped(game_key)},
        "tally": tally.to_json(),
        "cpu": round(time.process_time() - started, 2),
    }


def rechoose(record, results):
    """``record`` with every level's play recomputed, or None when one of them is not among
    its candidates (the decision must be rolled out again)."""
    game_key = record["game"]
    variant = variant_of(game_key)
    position = parse_state(record["state"])[0].replace(variant=variant)
    made = choices(game_key, position, record["decision"], results)
    boards = record.get("boards")
    if boards is None:  # a record of before the boards were kept: by their notation
        names = record["plays"]
        found = {n: names.index(p.notation()) for n, p in made.items() if p.notation() in names}
    else:
        found = {n: boards.index(repr(p.board)) for n, p in made.items() if repr(p.board) in boards}
    if len(found) < len(made):
        return None
    # a record of before the judge's network was named: judged by the file frozen then
    judge_net = record.get("nets", {}).get("judge") or judge_evaluator(game_key, results)[1]
    nets = {"judge": judge_net, "levels": shipped(game_key)}
    return {**record, "chosen": found, "nets": nets}


def path_of(results, game_key):
    return os.path.join(results, f"judge-{game_key}.jsonl")


def read(path):
    out = {}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    record = json.loads(line)
                    out[record["decision"]] = record
    return out


def run(game_key, count, trials, horizon, workers, results):
    os.makedirs(results, exist_ok=True)
    path = path_of(results, game_key)
    done = read(path)
    for record in done.values():
        if (record["trials"], record["horizon"]) != (trials, horizon):
            sys.exit(f"{path} holds another setting (trials, horizon): move it away first")
    states = decisions(game_key, count, results)
    again = []
    for n, record in sorted(done.items()):
        if n < len(states) and record["state"] != states[n]:
            sys.exit(f"{path}: decision {n} is another position: move the file away first")
        updated = rechoose(record, results)
        if updated is None:
            again.append(n)
        else:
            done[n] = updated
    for n in again:
        del done[n]
    _rewrite(path, done)
    tasks = [
        (game_key, n, s, trials, horizon, results) for n, s in enumerate(states) if n not in done
    ]
    print(
        f"{game_key}: {len(done)} decisions done, {len(tasks)} to go "
        f"({len(again)} again, for a level's new play)",
        file=sys.stderr,
    )
    started = time.perf_counter()
    if workers > 1:
        from multiprocessing import Pool

        pool = Pool(workers)
        records = pool.imap_unordered(judge, tasks)
    else:
        pool = None
        records = map(judge, tasks)
    try:
        for k, record in enumerate(records, 1):
            with open(path, "a", encoding="utf-8") as f:
                f.write(json.dumps(record) + "\n")
            elapsed = time.perf_counter() - started
            print(
                f"{game_key}: {k}/{len(tasks)} ({record['cpu']} s CPU, "
                f"{len(record['plays'])} plays), {elapsed:.0f} s",
                file=sys.stderr,
                flush=True,
            )
    finally:
        if pool is not None:
            pool.terminate()


def _rewrite(path, records):
    temporary = f"{path}.tmp"
    with open(temporary, "w", encoding="utf-8") as f:
        for n in sorted(records):
            f.write(json.dumps(records[n]) + "\n")
    os.replace(temporary, path)


# --- the report ------------------------------------------------------------------------------
def figures(record):
    """(means, covariance of the means, {level: index}) of one decision."""
    tally = Tally.from_json(record["tally"], len(record["plays"]))
    n = tally.games
    means = [tally.adjusted[c] / n for c in range(tally.count)]
    cov = [
        [(tally.cross[a][b] / n - means[a] * means[b]) / (n - 1) for b in range(tally.count)]
        for a in range(tally.count)
    ]
    return tally, means, cov, record["chosen"]


def cholesky(matrix):
    size = len(matrix)
    low = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(i + 1):
            s = matrix[i][j] - sum(low[i][k] * low[j][k] for k in range(j))
            if i == j:
                low[i][j] = math.sqrt(max(s, 1e-12))
            else:
                low[i][j] = s / low[j][j]
    return low


def summary(records, names=LEVEL_NAMES):
    """Per level: n, mean error, judge SE, bias, share of best plays, over the decisions."""
    rng = random.Random("judge-bootstrap")
    rows = {}
    parts = [figures(r) for r in records]
    lows = [cholesky(cov) for _, _, cov, _ in parts]
    for name in [n for n in names if all(n in r["chosen"] for r in records)]:
        errors, variances, best_share = [], [], 0
        for tally, means, _, chosen in parts:
            best = max(range(len(means)), key=means.__getitem__)
            c = chosen[name]
            diff, se = tally.diff_se(best, c)
            errors.append(max(diff, 0.0))
            variances.append(se * se if c != best else 0.0)
            best_share += c == best
        n = len(errors)
        mean = sum(errors) / n
        shifts = []
        for _ in range(BOOTSTRAP):
            total = 0.0
            for (_, means, _, chosen), low in zip(parts, lows, strict=True):
                z = [rng.gauss(0.0, 1.0) for _ in means]
                drawn = [
                    m + sum(low[i][k] * z[k] for k in range(i + 1)) for i, m in enumerate(means)
                ]
                total += max(drawn) - drawn[chosen[name]]
            shifts.append(total / n - mean)
        spread = math.sqrt(sum((e - mean) ** 2 for e in errors) / (n - 1)) / math.sqrt(n)
        rows[name] = {
            "n": n,
            "error": mean,
            "judge_se": math.sqrt(sum(variances)) / n,
            "sample_se": spread,
            "bias": sum(shifts) / len(shifts),
            "best": best_share / n,
        }
    return rows


def paired(records, a, b):
    """Mean of error(a) - error(b) over the decisions and its judge SE (same dice)."""
    total, var = 0.0, 0.0
    for record in records:
        tally, _, _, chosen = figures(record)
        diff, se = tally.diff_se(chosen[b], chosen[a])
        total += diff
        var += se * se if chosen[a] != chosen[b] else 0.0
    n = len(records)
    return total / n, math.sqrt(var) / n, sum(r["chosen"][a] != r["chosen"][b] for r in records)


def report(results):
    stamp = datetime.datetime.now().isoformat(timespec="minutes")
    lines = [
        f"_Generated by `python3 bench/rollout_judge.py report` on {stamp} from "
        "`bench/results/judge-*.jsonl`; rewritten by the next report. mpg: millipoints per "
        "decision. Networks by SHA-256 (first 12 digits): the judge's, the levels'._",
        "",
        "| game | decisions | trials × horizon | level | error (mpg) | judge SE | "
        "selection bias | error less bias | across decisions SE | best play |",
        "|---|---:|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    extra, nets_rows = [], []
    for game_key in GAMES:
        records = sorted(read(path_of(results, game_key)).values(), key=lambda r: r["decision"])
        if len(records) < 2:
            continue
        first = records[0]
        nets = first.get("nets", {})
        judge_net = nets.get("judge") or "none"
        levels_net = ", ".join(sorted({str(r.get("nets", {}).get("levels")) for r in records}))
        setting = f"{first['trials']} × {first['horizon'] or 'end'}"
        cpu = sum(r["cpu"] for r in records) / 3600
        for name, row in summary(records).items():
            lines.append(
                f"| {game_key} | {row['n']} | {setting} | {name} | {1000 * row['error']:.1f} | "
                f"{1000 * row['judge_se']:.1f} | {1000 * row['bias']:.1f} | "
                f"{1000 * (row['error'] - row['bias']):.1f} | {1000 * row['sample_se']:.1f} | "
                f"{100 * row['best']:.0f} % |"
            )
        nets_rows.append(f"| {game_key} | {judge_net} | {levels_net} | {cpu:.2f} |")
        for name, other in (("strong", BEFORE), *((n, "strong") for n in EXTRA)):
            if not all(name in r["chosen"] and other in r["chosen"] for r in records):
                continue
            mean, se, differ = paired(records, name, other)
            extra.append(
                f"| {game_key} | {name} − {other} | {1000 * mean:+.1f} ± {1000 * se:.1f} | "
                f"{differ} of {len(records)} |"
            )
    lines += [
        "",
        "| game | levels | error difference (mpg, paired, ± judge SE) | decisions where the "
        "plays differ |",
        "|---|---|---:|---:|",
        *extra,
        "",
        "| game | judge's network | levels' network | CPU hours of the judge |",
        "|---|---|---|---:|",
        *nets_rows,
    ]
    return "\n".join(lines)


def write_report(results):
    text = report(results)
    with open(DOC, encoding="utf-8") as f:
        doc = f.read()
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.S)
    if not pattern.search(doc):
        sys.exit(f"{DOC} has no {START} … {END} section")
    doc = pattern.sub(lambda _: f"{START}\n{text}\n{END}", doc)
    with open(DOC, "w", encoding="utf-8") as f:
        f.write(doc)
    print(text)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="roll out a game's decisions (resumable)")
    p.add_argument("--game", required=True, choices=GAMES)
    p.add_argument("--decisions", type=int, default=60)
    p.add_argument("--trials", type=int, default=144)
    p.add_argument("--horizon", type=int, default=None)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--results", default=RESULTS)
    p = sub.add_parser("report", help="docs/strength.md's rollout-judged table")
    p.add_argument("--results", default=RESULTS)
    p.add_argument("--print", action="store_true", help="print, do not write the doc")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.game, args.decisions, args.trials, args.horizon, args.workers, args.results)
    elif args.print:
        print(report(args.results))
    else:
        write_report(args.results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
