"""Train a game's network by self-play TD(lambda) with numpy, and export its shipped weights.

Any game of the engine: ``--game jacquet`` trains ``train/checkpoints/jacquet/td.npz`` and
exports ``nardy_core/bots/weights/jacquet.nnw``. The net has exactly the architecture and input
encoding of ``nardy_core/bots/nn.py`` (300 inputs -> HIDDEN ReLU -> 5 sigmoid conditionals),
one "contact" net for every position the bear-off database does not play. The five outputs
are the game's three outcome levels won and lost (``Variant.resign_levels``: single, gammon,
backgammon; oin, mars, koks; single, capote ...); a game with fewer levels trains the missing
slots to 0.

Self-play goes through ``Game``, so every rule of the game is the engine's own: the opening,
forfeited rolls, a roll that ends the game (fayles), draws, extra rolls. Both sides are the
current net at 0 ply (``Chooser`` with a numpy copy of the net: every distinct result of the
roll scored in one batched forward pass, game-ending results exactly, bear-off races by the
database where the game has one), with epsilon-greedy exploration.

Learning: forward-view TD(lambda). The states x_0 .. x_{T-1} of one game are the positions at
which a side is about to roll, each seen by that side; w_t is the value of x_t by the net that
played the game. The lambda-returns are computed backwards from the result,

    G_{T-1} = the result seen by the side on roll in x_{T-1},
    G_t = view_t((1 - lambda) * w_{t+1} + lambda * G_{t+1}),

where view_t turns the probabilities of the side on roll in x_{t+1} into those of the side on
roll in x_t (an affine map when the sides differ, the identity when a side rolls twice in a
row), and the net is fitted to them with Adam on minibatches from a replay window of the last
REPLAY games (``train_net.loss_grad``). Forward view + replay instead of online eligibility
traces: one batched gradient per minibatch instead of one per move.

Resumable: the checkpoint (parameters, Adam moments, counters, random states, the replay
window, the best evaluated parameters) is written atomically every CKPT_SECONDS and at the end;
``--resume`` continues. Every --eval-every games the net plays --eval-games games at 0 ply
against ``bench/baselines.py``'s heuristic (pairs with the same dice, colours swapped); the
best-scoring parameters are what ``--export`` writes.

    python3 train/td.py --game jacquet --minutes 20           # fresh run
    python3 train/td.py --game jacquet --resume --minutes 20  # continue
    python3 train/td.py --game jacquet --export               # the shipped weights
    python3 train/td.py --game jacquet --measure net0-vs-heuristic --games 200
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
import random
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)
sys.path.insert(0, HERE)

from bench.baselines import HeuristicPlayer  # noqa: E402
from nardy_core.bots import nn  # noqa: E402
from nardy_core.bots.bearoff import BearoffEvaluator  # noqa: E402
from nardy_core.bots.chooser import Chooser, Level  # noqa: E402
from nardy_core.bots.evaluator import Evaluator  # noqa: E402
from nardy_core.engine.frame import (  # noqa: E402
    F_BAR,
    F_HAND,
    F_OBAR,
    F_OFF,
    F_OHAND,
    F_OOFF,
    F_OPP,
    SLOTS,
    to_frame,
)
from nardy_core.engine.game import DOUBLE, MOVE, RESIGN, ROLL, Game  # noqa: E402
from nardy_core.variants import get_variant  # noqa: E402
from train_net import cumulative, loss_grad  # noqa: E402

SEED = 11
HIDDEN = 96
LAMBDA = 0.7
LR = 1e-3
EPSILON = 0.02  # chance of a uniformly random legal play (exploration)
REPLAY = 24  # games in the replay window
BATCH = 128
STEPS_PER_GAME = 4  # Adam steps after each game
CKPT_SECONDS = 180
MAX_MOVES = 3000  # a self-play game longer than this is cut (bootstrapped from its last value)
INIT_SCALE = 0.3
NET_0PLY = Level("net0")

PT = np.array([nn.point_features(n) for n in range(16)], dtype=np.float32)
BR = np.array([nn.bar_features(n) for n in range(16)], dtype=np.float32)  # row 0 is zeros
OF = np.array([nn.off_features(n) for n in range(16)], dtype=np.float32)


def paths(key):
    ckpt_dir = os.path.join(HERE, "checkpoints", key)
    return (
        ckpt_dir,
        os.path.join(ckpt_dir, "td.npz"),
        os.path.join(ckpt_dir, "td.log"),
        os.path.join(ROOT, "nardy_core", "bots", "weights", f"{key}.nnw"),
    )


def game_variant(key):
    """The game with the cube off (cubeless money games, as the strength harness plays them)."""
    declared = {o.key for o in get_variant(key).options.specs}
    return get_variant(key, {"cube_enabled": False} if "cube_enabled" in declared else {})


# --- encoding: frames -> the 300 inputs, vectorised ----------------------------------------------------
class Encoding:
    """Gathers a frame's slots into per-side counts (points 1..24, bar, hand, off) and those
    into nn.py's inputs. Bar and hand each add their own bar-feature row, exactly as the
    pure-Python evaluator sums one table row per occupied slot (``nn.slot_map``)."""

    def __init__(self, variant):
        cross = variant.cross
        me = list(range(1, 25)) + [F_BAR, F_HAND, F_OFF]
        opp = [F_OPP + cross[q] for q in range(1, 25)] + [F_OBAR, F_OHAND, F_OOFF]
        self.on_roll = np.array(me + opp)

    def counts(self, frames):
        raw = np.frombuffer(
            b"".join(f.to_bytes(SLOTS, "little") for f in frames), dtype=np.uint8
        ).reshape(len(frames), SLOTS)
        return raw[:, self.on_roll]

    @staticmethod
    def inputs(c):
        n = len(c)
        parts = []
        for base in (0, 27):
            parts.append(PT[c[:, base : base + 24]].reshape(n, 144))
            parts.append(BR[c[:, base + 24]] + BR[c[:, base + 25]])
            parts.append(OF[c[:, base + 26]])
        return np.concatenate(parts, axis=1)


# --- the network ----------------------------------------------------------------------------------------
def init_params(rng):
    w1 = rng.standard_normal((nn.N_INPUTS, HIDDEN)) * np.sqrt(2.0 / 40.0) * INIT_SCALE
    w2 = rng.standard_normal((HIDDEN, 5)) * np.sqrt(1.0 / HIDDEN) * INIT_SCALE
    return {
        "w1": w1.astype(np.float32),
        "b1": np.zeros(HIDDEN, np.float32),
        "w2": w2.astype(np.float32),
        "b2": np.zeros(5, np.float32),
    }


def predict(p, x):
    h = np.maximum(x @ p["w1"] + p["b1"], 0.0)
    s = 1.0 / (1.0 + np.exp(-(h @ p["w2"] + p["b2"])))
    return cumulative(s)


def other_view(q):
    """The other side's cumulative probabilities seen from this side (vectorised, affine)."""
    q = np.asarray(q)
    out = np.empty_like(q)
    out[..., 0] = 1.0 - q[..., 0]
    out[..., 1], out[..., 2] = q[..., 3], q[..., 4]
    out[..., 3], out[..., 4] = q[..., 1], q[..., 2]
    return out


class NumpyNetEvaluator(Evaluator):
    """The numpy net as a bots Evaluator: the values of the file nn.py reads, batched."""

    name = "td"

    def __init__(self, params, encoding):
        self.p = {k: np.asarray(v, dtype=np.float32) for k, v in params.items()}
        self.enc = encoding

    def evaluate(self, variant, frame):
        return self.evaluate_many(variant, [frame])[0]

    def evaluate_many(self, variant, frames):
        if not frames:
            return []
        q = predict(self.p, self.enc.inputs(self.enc.counts(frames))).astype(np.float64)
        return [tuple(float(v) for v in row) for row in q]


def evaluator(p, encoding):
    """What the bots will run with these weights: the database in bear-off races, else the net."""
    return BearoffEvaluator(fallback=NumpyNetEvaluator(p, encoding))


def result_probs(variant, result, colour):
    """The finished game's result as cumulative probabilities of ``colour``."""
    if result.winner is None:
        return np.array((0.5, 0.0, 0.0, 0.0, 0.0))
    values = [points for _, points in variant.resign_levels()]
    level = max((k for k, v in enumerate(values) if v <= result.points), default=0)
    g, bg = float(level >= 1), float(level >= 2)
    return np.array((1.0, g, bg, 0.0, 0.0) if result.winner == colour else (0.0, 0.0, 0.0, g, bg))


# --- self-play ------------------------------------------------------------------------------------------
def play_game(variant, encoding, p, rng, epsilon, seed):
    """One self-play game: (inputs (T, 54) counts, targets (T, 5)) or None when nothing was
    learnt (a game decided by its opening roll)."""
    ev = evaluator(p, encoding)
    chooser = Chooser(variant, NET_0PLY, evaluator=ev)
    game = Game(variant, seed=seed)
    frames, colours = [], []
    moves = 0
    while not game.is_over and moves < MAX_MOVES:
        if game.phase == ROLL:
            frames.append(to_frame(game.position, variant.cross))
            colours.append(game.position.turn)
            game.roll()
        elif game.phase == MOVE:
            moves += 1
            ranked = chooser.rank(game.position)
            pick = ranked[0]
            if len(ranked) > 1 and rng.random() < epsilon:
                pick = rng.choice(ranked)
            game.play(pick.play)
        else:  # the cube is off and nobody resigns: never reached
            raise RuntimeError(f"unexpected phase {game.phase}")
    if not frames:
        return None
    values = np.array(ev.evaluate_many(variant, frames))
    if game.is_over:
        G = result_probs(variant, game.result, colours[-1])
    else:  # an over-long game (never seen): bootstrap from the last value
        G = values[-1]
    T = len(frames)
    targets = np.empty((T, 5))
    targets[T - 1] = G
    for t in range(T - 2, -1, -1):
        G = (1.0 - LAMBDA) * values[t + 1] + LAMBDA * G
        if colours[t] != colours[t + 1]:
            G = other_view(G)
        targets[t] = G
    return encoding.counts(frames), targets.astype(np.float32)


# --- evaluation against the heuristic baseline ------------------------------------------------------------
class ChooserPlayer:
    def __init__(self, chooser):
        self.chooser = chooser

    def act(self, game):
        if game.phase == ROLL:
            game.roll()
        elif game.phase == MOVE:
            game.play(self.chooser.choose(game.position))
        elif game.phase == DOUBLE:
            game.take()
        elif game.phase == RESIGN:
            game.accept_resignation()


def acting_colour(game):
    if game.phase == DOUBLE:
        return 1 - game.cube.offered_by
    if game.phase == RESIGN:
        return 1 - game.resign_offer[0]
    return game.position.turn


def match(variant, make_a, make_b, games, seed, say=None):
    """Points per game of A against B over ``games`` games: pairs with the same dice, A on one
    colour in one and on the other in the next. Returns (mean, SE, wins, share of points)."""
    pts = []
    for g in range(games):
        players = (make_a(), make_b(g))
        game = Game(
            variant,
            seed=f"td-eval/{variant.key}/{seed}/{g // 2}",
            players=(0, 1) if g % 2 == 0 else (1, 0),
        )
        moves = 0
        while not game.is_over and moves < 4 * MAX_MOVES:
            players[game.players[acting_colour(game)]].act(game)
            moves += 1
        r = game.result
        if r is None or r.winner is None:
            pts.append(0)
        else:
            pts.append(r.points if game.players[r.winner] == 0 else -r.points)
        if say and (g + 1) % 50 == 0:
            say(f"  {g + 1} games: {sum(pts) / len(pts):+.3f} ppg")
    m = sum(pts) / len(pts)
    sd = math.sqrt(sum((x - m) ** 2 for x in pts) / max(len(pts) - 1, 1))
    share = sum(x for x in pts if x > 0) / max(sum(abs(x) for x in pts), 1)
    return m, sd / math.sqrt(len(pts)), sum(1 for x in pts if x > 0), share


def net_player(variant, p, encoding, level=NET_0PLY, seed=0):
    return ChooserPlayer(Chooser(variant, level, seed=seed, evaluator=evaluator(p, encoding)))


# --- checkpoints ------------------------------------------------------------------------------------------
def save(path, state):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = path + ".tmp.npz"
    np.savez(tmp, blob=np.frombuffer(pickle.dumps(state, protocol=4), dtype=np.uint8))
    os.replace(tmp, path)


def load(path):
    with np.load(path) as z:
        return pickle.loads(z["blob"].tobytes())


def new_state(init=None):
    nrng = np.random.default_rng(SEED)
    p = init_params(nrng)
    if init:  # start from another game's shipped contact net (same architecture)
        p = file_params(paths(init)[3])
    return {
        "p": p,
        "m": {k: np.zeros_like(v) for k, v in p.items()},
        "v": {k: np.zeros_like(v) for k, v in p.items()},
        "games": 0,
        "step": 0,
        "positions": 0,
        "seconds": 0.0,
        "rng": random.Random(SEED).getstate(),
        "nrng": nrng.bit_generator.state,
        "replay": [],
        "best": None,
        "best_score": -9.0,
        "best_games": 0,
        "evals": [],
        "hidden": HIDDEN,
        "lambda": LAMBDA,
    }


def train(args):
    variant = game_variant(args.game)
    encoding = Encoding(variant)
    ckpt_dir, ckpt, log_path, _ = paths(args.game)
    os.makedirs(ckpt_dir, exist_ok=True)
    if args.resume and os.path.exists(ckpt):
        st = load(ckpt)
    elif os.path.exists(ckpt) and not args.fresh:
        raise SystemExit(f"{ckpt} exists: use --resume (or --fresh to start over)")
    else:
        st = new_state(args.init)
        st["init"] = args.init
    log = open(log_path, "a")

    def say(msg):
        print(msg, flush=True)
        log.write(msg + "\n")
        log.flush()

    rng = random.Random()
    rng.setstate(st["rng"])
    nrng = np.random.default_rng()
    nrng.bit_generator.state = st["nrng"]
    p, m, v = st["p"], st["m"], st["v"]
    replay = st["replay"]
    b1, b2, eps = 0.9, 0.999, 1e-8
    lr = args.lr
    say(
        f"[{args.game}] start: {st['games']} games, {st['step']} steps, "
        f"{st['seconds'] / 60:.1f} min so far; budget {args.minutes} min"
    )
    t_start = t_ckpt = t_seg = time.time()
    next_eval = (st["games"] // args.eval_every + 1) * args.eval_every
    losses, lengths = [], []
    while time.time() - t_start < args.minutes * 60:
        out = play_game(variant, encoding, p, rng, EPSILON, f"td/{args.game}/{st['games']}")
        st["games"] += 1
        if out is None:
            continue
        X, Y = out
        st["positions"] += len(Y)
        lengths.append(len(Y))
        replay.append((X, Y))
        if len(replay) > REPLAY:
            replay.pop(0)
        allc = np.concatenate([r[0] for r in replay])
        ally = np.concatenate([r[1] for r in replay])
        for _ in range(STEPS_PER_GAME):
            idx = nrng.integers(0, len(ally), size=min(BATCH, len(ally)))
            loss, g = loss_grad(p, encoding.inputs(allc[idx]), ally[idx])
            losses.append(loss)
            st["step"] += 1
            c1, c2 = 1 - b1 ** st["step"], 1 - b2 ** st["step"]
            for k in p:
                m[k] = b1 * m[k] + (1 - b1) * g[k]
                v[k] = b2 * v[k] + (1 - b2) * g[k] * g[k]
                p[k] -= (lr * (m[k] / c1) / (np.sqrt(v[k] / c2) + eps)).astype(np.float32)
        if st["games"] % 100 == 0:
            say(
                f"games {st['games']} steps {st['step']} positions {st['positions']} "
                f"loss {np.mean(losses):.4f} mean T {np.mean(lengths):.0f} "
                f"({time.time() - t_seg:.0f}s/100 games)"
            )
            losses, lengths, t_seg = [], [], time.time()
        if st["games"] >= next_eval:
            next_eval += args.eval_every
            te = time.time()
            mean, se, wins, share = match(
                variant,
                lambda: net_player(variant, p, encoding),
                lambda g: HeuristicPlayer(variant, seed=f"td-eval/{g}"),
                args.eval_games,
                seed=777,
            )
            st["evals"].append((st["games"], mean, se))
            if mean > st["best_score"]:
                st["best_score"], st["best"], st["best_games"] = (
                    mean,
                    {k: val.copy() for k, val in p.items()},
                    st["games"],
                )
            say(
                f"eval @ {st['games']} games: net 0-ply vs heuristic {mean:+.3f} ± {se:.3f} ppg "
                f"({wins}/{args.eval_games} won, {share:.1%} of points, {time.time() - te:.0f}s); "
                f"best {st['best_score']:+.3f} @ {st['best_games']}"
            )
        if time.time() - t_ckpt > CKPT_SECONDS:
            st["rng"], st["nrng"] = rng.getstate(), nrng.bit_generator.state
            st["seconds"] += time.time() - t_ckpt
            t_ckpt = time.time()
            save(ckpt, st)
    st["rng"], st["nrng"] = rng.getstate(), nrng.bit_generator.state
    st["seconds"] += time.time() - t_ckpt
    save(ckpt, st)
    say(
        f"stop: {st['games']} games, {st['step']} steps, {st['positions']} positions, "
        f"{st['seconds'] / 60:.1f} min in all"
    )
    log.close()


# --- export -----------------------------------------------------------------------------------------------
def export(key, which="best"):
    _, ckpt, _, weights = paths(key)
    st = load(ckpt)
    p = st["best"] if which == "best" and st["best"] is not None else st["p"]
    games = st["best_games"] if p is st["best"] else st["games"]
    names = [kind for kind, _ in get_variant(key).resign_levels()]
    header = {
        "format": 1,
        "encoding": "v1",
        "game": key,
        "order": ["contact"],
        "nets": {
            "contact": {
                "inputs": int(p["w1"].shape[0]),
                "hidden": int(p["w1"].shape[1]),
                "games": int(games),
                "method": f"self-play TD(lambda={st['lambda']})"
                + (f" from the {st['init']} net" if st.get("init") else ""),
            }
        },
        "outputs": "sigmoid conditionals of the outcome levels " + ", ".join(names),
    }
    arrays = {
        "contact": tuple(p[k].astype(np.float32).ravel().tolist() for k in ("w1", "b1", "w2", "b2"))
    }
    data = nn.write_weights(header, arrays)
    with open(weights, "wb") as f:
        f.write(data)
    print(f"wrote {weights}: {len(data)} bytes ({which}: {games} games)")


def file_params(path):
    """The exported weights as numpy float32 arrays (what nn.py reads)."""
    with open(path, "rb") as f:
        _, nets = nn.read_weights(f.read())
    net = nets["contact"]
    h = net.hidden
    return {
        "w1": np.array(net.w1, dtype=np.float32).reshape(net.n_in, h),
        "b1": np.array(net.b1, dtype=np.float32),
        "w2": np.array(net.w2, dtype=np.float32).T.copy(),
        "b2": np.array(net.b2, dtype=np.float32),
    }


def measure(args):
    """A quick match with the exported weights (the strength harness is the reference)."""
    variant = game_variant(args.game)
    encoding = Encoding(variant)
    p = file_params(paths(args.game)[3])
    heuristic = lambda g: HeuristicPlayer(variant, seed=f"td-measure/{g}")  # noqa: E731
    a_name, b_name = args.measure.split("-vs-")
    level = {"net0": NET_0PLY, "strong": "strong", "intermediate": "intermediate"}[a_name]
    if b_name != "heuristic":
        raise SystemExit("measurements: net0|intermediate|strong-vs-heuristic")
    mean, se, wins, share = match(
        variant,
        lambda: net_player(variant, p, encoding, level),
        heuristic,
        args.games,
        seed=args.seed,
        say=print,
    )
    print(
        f"{args.game} {args.measure}: {mean:+.3f} ± {se:.3f} points per game, "
        f"{wins}/{args.games} won, {share:.1%} of the points"
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--minutes", type=float, default=30.0)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument(
        "--init",
        help="start a fresh run from this game's shipped network "
        "(e.g. short: its contact net) instead of random weights",
    )
    ap.add_argument(
        "--lr", type=float, default=LR, help="Adam's step (lower to fine-tune a shipped net)"
    )
    ap.add_argument("--eval-every", type=int, default=2000)
    ap.add_argument("--eval-games", type=int, default=200)
    ap.add_argument("--export", action="store_true")
    ap.add_argument("--export-last", action="store_true")
    ap.add_argument("--measure")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=5000)
    args = ap.parse_args(argv)
    if args.export or args.export_last:
        export(args.game, "last" if args.export_last else "best")
    elif args.measure:
        measure(args)
    else:
        train(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
