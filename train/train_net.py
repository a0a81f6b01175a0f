"""Train the short nardy networks (contact + race) with numpy and export the shipped weights.

Reads the shards of ``short_data.py`` (train/data/short0/ and short/), encodes each board exactly
like ``nardy_core.bots.nn.encode_sides`` (checked by tests/test_nn.py through the exported
weights), splits positions into contact and race (``nn.is_race_sides``) and trains one net on
each, the two in parallel processes (one per core). Adam on minibatches; the loss is the mean
squared error of the five cumulative probabilities plus EQ_WEIGHT x the squared error of the
cubeless equity (the quantity the bot ranks plays by). Shards whose index is a multiple of 20 are
held out for validation.

Resumable: after every epoch each net's parameters, Adam moments, epoch and the numpy random
generator state are saved to train/checkpoints/<name>.npz (atomically); a rerun continues from
there, until --epochs epochs are done. Then it writes nardy_core/bots/weights/short.nnw from
the best (lowest validation loss) checkpoint of each net.

    python3 train/train_net.py --epochs 20            # train (resumes), then export
    python3 train/train_net.py --export-only          # export from the checkpoints
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from nardy_core.bots import nn  # noqa: E402

DATA = os.path.join(HERE, "data", "short")
DATA0 = os.path.join(HERE, "data", "short0")
CKPT = os.path.join(HERE, "checkpoints")
WEIGHTS = os.path.join(ROOT, "nardy_core", "bots", "weights", "short.nnw")
SEED = 7
EQ_WEIGHT = 0.5
HIDDEN = {"contact": 96, "race": 48}
BATCH = 256
LR = 3e-3
LR_DECAY = 0.85  # per epoch, after the first two
INIT_SCALE = 0.3
VALID_EVERY = 20  # shard index % VALID_EVERY == 0: validation


# --- data ------------------------------------------------------------------------------------
def sides_array(boards):
    """(N, 2, 25) gnubg boards [opp, me] -> (me, opp) as (N, 27) arrays in own numbering."""
    out = []
    for k in (1, 0):
        b = boards[:, k, :].astype(np.int64)
        side = np.zeros((len(boards), 27), dtype=np.int64)
        side[:, 1:25] = b[:, :24]
        side[:, 25] = b[:, 24]
        side[:, 0] = 15 - b.sum(axis=1)
        out.append(side)
    return out


def encode(me, opp):
    """Vectorised ``nn.encode_sides``: (N, 300) float32."""
    n = len(me)
    x = np.zeros((n, nn.N_INPUTS), dtype=np.float32)
    offsets = nn.side_offsets()
    for base, side in ((0, me), (nn.SIDE_INPUTS, opp)):
        for index, off in offsets.items():
            c = side[:, index].astype(np.int32)
            o = base + off
            if index == nn.F_BAR:
                x[:, o] = c >= 1
                x[:, o + 1] = c >= 2
                x[:, o + 2] = c >= 3
                x[:, o + 3] = c / 4.0
            elif index == nn.F_OFF:
                x[:, o] = c >= 1
                x[:, o + 1] = c / 15.0
            else:
                for k in range(5):
                    x[:, o + k] = c >= k + 1
                x[:, o + 5] = np.maximum(c - 5, 0) / 3.0
    return x


def race_mask(me, opp):
    pts = np.arange(26)
    mine = np.where(me[:, 1:26] > 0, pts[1:], 0).max(axis=1)
    theirs = np.where(opp[:, 1:26] > 0, pts[1:], 0).max(axis=1)
    return (mine + theirs <= 25) | (mine == 0) | (theirs == 0)


def load(label="p0", max_shards=None):
    """Contact and race (me, opp, labels) for training and validation. Label p0 reads the
    0-ply shards (train/data/short0), p1 the 1-ply shards (train/data/short)."""
    dirs = [DATA0] if label == "p0" else [DATA]
    files = []
    for d in dirs:
        found = sorted(glob.glob(os.path.join(d, "shard_*.npz")))
        if max_shards:
            found = [f for f in found if int(os.path.basename(f)[6:11]) < max_shards]
        files += found
    if not files:
        raise SystemExit("no shards: run train/short_data.py first")
    parts = {"train": [], "valid": []}
    for path in files:
        index = int(os.path.basename(path)[6:11])
        with np.load(path) as z:
            parts["valid" if index % VALID_EVERY == 0 else "train"].append((z["boards"], z[label]))
    out = {}
    for split, items in parts.items():
        if not items:
            continue
        boards = np.concatenate([b for b, _ in items])
        y = np.concatenate([p for _, p in items]).astype(np.float32)
        me, opp = sides_array(boards)
        race = race_mask(me, opp)
        for name, mask in (("contact", ~race), ("race", race)):
            out[(name, split)] = (me[mask].astype(np.uint8), opp[mask].astype(np.uint8), y[mask])
    return out, len(files)


# --- the network in numpy --------------------------------------------------------------------------
def init_params(rng, n_in, hidden):
    w1 = rng.standard_normal((n_in, hidden)) * np.sqrt(2.0 / 40.0) * INIT_SCALE
    w2 = rng.standard_normal((hidden, 5)) * np.sqrt(1.0 / hidden) * INIT_SCALE
    return {
        "w1": w1.astype(np.float32),
        "b1": np.zeros(hidden, dtype=np.float32),
        "w2": w2.astype(np.float32),
        "b2": np.zeros(5, dtype=np.float32),
    }


def forward(p, x):
    a = x @ p["w1"] + p["b1"]
    h = np.maximum(a, 0.0)
    z = h @ p["w2"] + p["b2"]
    s = 1.0 / (1.0 + np.exp(-z))
    return a, h, s


def cumulative(s):
    w = s[:, 0]
    wg = w * s[:, 1]
    lg = (1 - w) * s[:, 3]
    return np.stack([w, wg, wg * s[:, 2], lg, lg * s[:, 4]], axis=1)


def equity(p):
    return 2 * p[:, 0] - 1 + p[:, 1] - p[:, 3] + p[:, 2] - p[:, 4]


def loss_grad(p, x, y):
    a, h, s = forward(p, x)
    q = cumulative(s)
    n = len(x)
    err = q - y
    eq_err = equity(q) - equity(y)
    loss = (err**2).sum(axis=1).mean() + EQ_WEIGHT * (eq_err**2).mean()
    dq = 2 * err / n + (2 * EQ_WEIGHT / n) * eq_err[:, None] * np.array(
        [2, 1, 1, -1, -1], dtype=np.float32
    )
    s0, s1, s2, s3, s4 = (s[:, k] for k in range(5))
    ds = np.empty_like(s)
    ds[:, 0] = dq[:, 0] + dq[:, 1] * s1 + dq[:, 2] * s1 * s2 - dq[:, 3] * s3 - dq[:, 4] * s3 * s4
    ds[:, 1] = dq[:, 1] * s0 + dq[:, 2] * s0 * s2
    ds[:, 2] = dq[:, 2] * s0 * s1
    ds[:, 3] = dq[:, 3] * (1 - s0) + dq[:, 4] * (1 - s0) * s4
    ds[:, 4] = dq[:, 4] * (1 - s0) * s3
    dz = ds * s * (1 - s)
    g = {"w2": h.T @ dz, "b2": dz.sum(axis=0)}
    da = (dz @ p["w2"].T) * (a > 0)
    g["w1"] = x.T @ da
    g["b1"] = da.sum(axis=0)
    return loss, g


def evaluate(p, me, opp, y, batch=8192):
    tot, eq_abs, n = 0.0, 0.0, 0
    for i in range(0, len(me), batch):
        x = encode(me[i : i + batch], opp[i : i + batch])
        q = cumulative(forward(p, x)[2])
        yy = y[i : i + batch]
        tot += ((q - yy) ** 2).sum()
        eq_abs += np.abs(equity(q) - equity(yy)).sum()
        n += len(x)
    return tot / max(n, 1), eq_abs / max(n, 1)


# --- training ----------------------------------------------------------------------------------
def ckpt_path(name):
    return os.path.join(CKPT, f"{name}.npz")


def save(path, state):
    tmp = path + ".tmp.npz"
    np.savez(tmp, **state)
    os.replace(tmp, path)


def train_one(args):
    name, epochs, label, max_shards = args
    rng = np.random.default_rng(SEED + (0 if name == "contact" else 1))
    data, n_files = load(label, max_shards)
    me, opp, y = data[(name, "train")]
    # float16 storage halves the memory (the fractional inputs lose ~1e-4; batches are
    # converted back to float32)
    x_all = np.concatenate(
        [
            encode(me[i : i + 65536], opp[i : i + 65536]).astype(np.float16)
            for i in range(0, len(me), 65536)
        ]
    )
    vme, vopp, vy = data[(name, "valid")]
    path = ckpt_path(name)
    hidden = HIDDEN[name]
    state = None
    if os.path.exists(path):
        with np.load(path, allow_pickle=True) as z:
            state = {k: z[k] for k in z.files}
    if state is None or int(state["hidden"]) != hidden:
        p = init_params(rng, nn.N_INPUTS, hidden)
        m = {k: np.zeros_like(v) for k, v in p.items()}
        v = {k: np.zeros_like(v) for k, v in p.items()}
        epoch, step, best = 0, 0, np.inf
        best_p = {k: v.copy() for k, v in p.items()}
    else:
        p = {k: state["p_" + k] for k in ("w1", "b1", "w2", "b2")}
        m = {k: state["m_" + k] for k in p}
        v = {k: state["v_" + k] for k in p}
        best_p = {k: state["best_" + k] for k in p}
        epoch, step, best = int(state["epoch"]), int(state["step"]), float(state["best"])
        rng.bit_generator.state = state["rng"].item()
    log = open(os.path.join(CKPT, f"{name}.log"), "a")

    def say(msg):
        print(f"[{name}] {msg}", flush=True)
        log.write(msg + "\n")
        log.flush()

    say(
        f"{len(y)} train, {len(vy)} valid positions from {n_files} shards; hidden {hidden}; "
        f"epoch {epoch}/{epochs}"
    )
    b1, b2, eps = 0.9, 0.999, 1e-8
    while epoch < epochs:
        t0 = time.time()
        lr = LR * (LR_DECAY ** max(epoch - 1, 0))
        order = rng.permutation(len(y))
        total = 0.0
        for i in range(0, len(order) - BATCH + 1, BATCH):
            idx = np.sort(order[i : i + BATCH])
            x = x_all[idx].astype(np.float32)
            loss, g = loss_grad(p, x, y[idx])
            total += loss
            step += 1
            c1 = 1 - b1**step
            c2 = 1 - b2**step
            for k in p:
                m[k] = b1 * m[k] + (1 - b1) * g[k]
                v[k] = b2 * v[k] + (1 - b2) * g[k] * g[k]
                p[k] -= (lr * (m[k] / c1) / (np.sqrt(v[k] / c2) + eps)).astype(np.float32)
        epoch += 1
        vmse, veq = evaluate(p, vme, vopp, vy)
        if vmse < best:
            best = vmse
            best_p = {k: val.copy() for k, val in p.items()}
        say(
            f"epoch {epoch} lr {lr:.2e} train loss {total / max(len(order) // BATCH, 1):.5f} "
            f"valid mse {vmse:.5f} |eq err| {veq:.4f} ({time.time() - t0:.0f}s)"
        )
        st = {
            "hidden": hidden,
            "epoch": epoch,
            "step": step,
            "best": best,
            "rng": np.array(rng.bit_generator.state, dtype=object),
        }
        for k in p:
            st["p_" + k], st["m_" + k], st["v_" + k], st["best_" + k] = p[k], m[k], v[k], best_p[k]
        save(path, st)
    log.close()
    return name


def export():
    header = {
        "format": 1,
        "encoding": "v1",
        "game": "short",
        "order": ["contact", "race"],
        "nets": {},
        "outputs": "sigmoid conditionals: win, g|win, bg|g, g|lose, bg|g",
    }
    arrays = {}
    for name in header["order"]:
        with np.load(ckpt_path(name), allow_pickle=True) as z:
            p = {k: z["best_" + k] for k in ("w1", "b1", "w2", "b2")}
            header["nets"][name] = {
                "inputs": int(p["w1"].shape[0]),
                "hidden": int(p["w1"].shape[1]),
                "epochs": int(z["epoch"]),
                "valid_mse": float(z["best"]),
            }
        arrays[name] = tuple(
            p[k].astype(np.float32).ravel().tolist() for k in ("w1", "b1", "w2", "b2")
        )
    data = nn.write_weights(header, arrays)
    os.makedirs(os.path.dirname(WEIGHTS), exist_ok=True)
    with open(WEIGHTS, "wb") as f:
        f.write(data)
    print(f"wrote {WEIGHTS}: {len(data)} bytes")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--label", default="p0", choices=("p0", "p1"))
    ap.add_argument("--only", choices=("contact", "race"))
    ap.add_argument("--max-shards", type=int, default=0, help="use shards 0..N-1 only")
    ap.add_argument("--export-only", action="store_true")
    args = ap.parse_args(argv)
    os.makedirs(CKPT, exist_ok=True)
    if not args.export_only:
        names = [args.only] if args.only else ["contact", "race"]
        jobs = [(n, args.epochs, args.label, args.max_shards) for n in names]
        if len(jobs) == 1:
            train_one(jobs[0])
        else:
            from multiprocessing import Pool

            with Pool(2) as pool:
                for name in pool.imap_unordered(train_one, jobs):
                    print(f"{name} done", flush=True)
    export()
    return 0


if __name__ == "__main__":
    sys.exit(main())
