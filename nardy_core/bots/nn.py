"""Small neural networks in pure Python: the learned evaluator of the strong bot level.

Architecture (one per net): inputs -> dense hidden layer (ReLU) -> 5 sigmoid outputs read as
*conditional* probabilities, so the cumulative ones are consistent by construction::

    win = s0, win_g = s0*s1, win_bg = s0*s1*s2, lose_g = (1-s0)*s3, lose_bg = (1-s0)*s3*s4

Two nets share one input encoding: a *contact* net and a *race* net (no checker of one side can
meet one of the other any more); ``is_race`` picks one per position.

Input encoding (``encode_sides``): for each side (on-roll side first, each in its own numbering),
each point 1..24 with n checkers gives six inputs ``n>=1, n>=2, n>=3, n>=4, n>=5,
max(n-5, 0)/3``; the bar ``n>=1, n>=2, n>=3, n/4`` (the hand adds its own such row to the
bar's); borne off ``n>=1, n/15``: 2 x 150 = 300 inputs. Every input depends on the count of one slot only, and is 0 when the slot is empty, so
the hidden pre-activation is ``b1 + sum over occupied slots of T[slot][count]``, where
``T[slot][n]`` is the weighted sum of that slot's input columns: one table lookup per occupied
slot (sparse inputs). Between two positions that differ in a few slots (the results of one
roll) the pre-activation is updated by adding ``T[slot][new] - T[slot][old]`` for the changed
slots only (incremental updates; each evaluator keeps its last frame per net and recomputes in
full every ``REFRESH`` updates so rounding cannot drift).

Weights: ``weights/<game>.nnw`` read with ``importlib.resources``: zlib-compressed, a JSON header
line, then little-endian float32 arrays (W1 inputs x hidden, b1, W2 hidden x 5, b2 per net).
They were trained by ``train/train_net.py`` from GNU Backgammon's evaluations (training only;
none of its code or weights are shipped).
"""

from __future__ import annotations

import json
import math
import sys
import zlib
from array import array
from operator import add, mul, sub
from typing import Any

from ..engine.frame import F_BAR, F_HAND, F_OBAR, F_OFF, F_OHAND, F_OOFF, F_OPP, SLOTS
from ..variants import VARIANTS
from .evaluator import Evaluator

N_OUT = 5
POINT_FEATURES = 6
BAR_FEATURES = 4
OFF_FEATURES = 2
SIDE_INPUTS = 24 * POINT_FEATURES + BAR_FEATURES + OFF_FEATURES  # 150
N_INPUTS = 2 * SIDE_INPUTS  # 300
MAX_COUNT = 15
REFRESH = 1024  # incremental updates of one net between two full recomputations


# --- encoding ----------------------------------------------------------------------------------
def point_features(n):
    return (
        float(n >= 1),
        float(n >= 2),
        float(n >= 3),
        float(n >= 4),
        float(n >= 5),
        max(n - 5, 0) / 3.0,
    )


def bar_features(n):
    return (float(n >= 1), float(n >= 2), float(n >= 3), n / 4.0)


def off_features(n):
    return (float(n >= 1), n / 15.0)


def side_offsets():
    """Input offset of each own-numbering index of a side: points 1..24, 25 bar, 0 off."""
    offsets = {p: (p - 1) * POINT_FEATURES for p in range(1, 25)}
    offsets[F_BAR] = 24 * POINT_FEATURES
    offsets[F_OFF] = 24 * POINT_FEATURES + BAR_FEATURES
    return offsets


_FEATURES = {F_BAR: bar_features, F_OFF: off_features}


def features_of(index, n):
    return _FEATURES.get(index, point_features)(n)


def encode_sides(me, opp) -> list:
    """The 300 inputs of a position: ``me`` on roll, both 27-tuples in their own numbering
    (position.py: 0 off, 1..24 points, 25 bar, 26 hand). The hand adds its own row of bar
    features to the bar's (a checker in the hand waits to enter like one on the bar), exactly
    as the evaluator sums one table row per occupied slot (``slot_map``)."""
    x = [0.0] * N_INPUTS
    offsets = side_offsets()
    for base, side in ((0, me), (SIDE_INPUTS, opp)):
        for index, off in offsets.items():
            feats = features_of(index, side[index])
            if index == F_BAR and len(side) > F_HAND and side[F_HAND]:
                feats = tuple(map(add, feats, bar_features(side[F_HAND])))
            x[base + off : base + off + len(feats)] = feats
    return x


def slot_map(cross):
    """{frame slot: (input offset, own index)} for every slot the encoding reads."""
    offsets = side_offsets()
    out = {}
    for index, off in offsets.items():
        out[index] = (off, index)
    out[F_HAND] = (offsets[F_BAR], F_BAR)  # hand checkers (Caucasian) read as the bar
    for q in range(1, 25):
        out[F_OPP + cross[q]] = (SIDE_INPUTS + offsets[q], q)
    out[F_OBAR] = (SIDE_INPUTS + offsets[F_BAR], F_BAR)
    out[F_OHAND] = (SIDE_INPUTS + offsets[F_BAR], F_BAR)
    out[F_OOFF] = (SIDE_INPUTS + offsets[F_OFF], F_OFF)
    return out


def is_race(frame) -> bool:
    """No contact: every checker of the side on roll has passed every opposing checker."""
    raw = frame.to_bytes(SLOTS, "little")
    if raw[F_HAND] or raw[F_OHAND]:
        return False
    mine_back = len(raw[1:26].rstrip(b"\0"))  # my rearmost occupied point (25 = bar)
    theirs = raw[F_OBAR : F_OBAR + 1] + raw[F_OPP + 1 : F_OPP + 25]  # on my points 0 (bar)..24
    their_front = len(theirs) - len(theirs.lstrip(b"\0"))  # lowest of my points they hold
    return mine_back < their_front or not mine_back or their_front == len(theirs)


def is_race_sides(me, opp) -> bool:
    """``is_race`` from two sides in own numbering (short nardy geometry: my p = their 25-p)."""
    mine_back = max((p for p in range(1, 26) if me[p]), default=0)
    their_back = max((q for q in range(1, 26) if opp[q]), default=0)
    return mine_back + their_back <= 25 or not mine_back or not their_back


# --- one network ---------------------------------------------------------------------------------
class Net:
    """One dense network: ``w1[i]`` is input i's row of hidden weights."""

    __slots__ = ("n_in", "hidden", "w1", "b1", "w2", "b2", "tables", "deltas")

    def __init__(self, n_in, hidden, w1, b1, w2, b2):
        self.n_in, self.hidden = n_in, hidden
        self.w1 = [w1[i * hidden : (i + 1) * hidden] for i in range(n_in)]
        self.b1 = list(b1)
        self.w2 = [[w2[j * N_OUT + k] for j in range(hidden)] for k in range(N_OUT)]  # per output
        self.b2 = list(b2)
        self.tables = {}
        self.deltas = {}

    def table(self, offset, index):
        """``T[n]``: hidden pre-activation contributed by one slot holding n checkers."""
        key = (offset, index)
        t = self.tables.get(key)
        if t is None:
            t = []
            for n in range(MAX_COUNT + 1):
                acc = [0.0] * self.hidden
                for i, v in enumerate(features_of(index, n)):
                    if v:
                        acc = [a + v * w for a, w in zip(acc, self.w1[offset + i])]
                t.append(acc)
            self.tables[key] = t
        return t

    def hidden_pre(self, x):
        """Dense pre-activation from an input list (the reference computation)."""
        acc = list(self.b1)
        for i, v in enumerate(x):
            if v:
                row = self.w1[i]
                acc = [a + v * w for a, w in zip(acc, row)]
        return acc

    def output(self, acc):
        h = [a if a > 0.0 else 0.0 for a in acc]
        exp = math.exp
        s = []
        for w, b in zip(self.w2, self.b2):
            z = b + sum(map(mul, h, w))
            s.append(1.0 / (1.0 + exp(-z)) if z > -500.0 else 0.0)
        return probabilities(s)


def probabilities(s):
    win = s[0]
    win_g = win * s[1]
    lose_g = (1.0 - win) * s[3]
    return (win, win_g, win_g * s[2], lose_g, lose_g * s[4])


def _floats(raw, count, pos):
    a = array("f")
    a.frombytes(raw[pos : pos + 4 * count])
    if sys.byteorder == "big":
        a.byteswap()
    return a.tolist(), pos + 4 * count


def read_weights(data: bytes):
    """(header, {name: Net}) from the bytes of a ``.nnw`` file."""
    raw = zlib.decompress(data)
    end = raw.index(b"\n")
    header = json.loads(raw[:end].decode("utf-8"))
    pos = end + 1
    nets = {}
    for name in header["order"]:
        spec = header["nets"][name]
        n_in, hidden = spec["inputs"], spec["hidden"]
        w1, pos = _floats(raw, n_in * hidden, pos)
        b1, pos = _floats(raw, hidden, pos)
        w2, pos = _floats(raw, hidden * N_OUT, pos)
        b2, pos = _floats(raw, N_OUT, pos)
        nets[name] = Net(n_in, hidden, w1, b1, w2, b2)
    if pos != len(raw):
        raise ValueError("weight file: unexpected length")
    return header, nets


def write_weights(header, arrays) -> bytes:
    """The bytes of a ``.nnw`` file: ``arrays[name] = (w1, b1, w2, b2)`` as flat float lists
    (training scripts call this; float32, little-endian)."""
    out = bytearray(json.dumps(header, sort_keys=True).encode("utf-8") + b"\n")
    for name in header["order"]:
        for part in arrays[name]:
            a = array("f", part)
            if sys.byteorder == "big":
                a.byteswap()
            out += a.tobytes()
    return zlib.compress(bytes(out), 9)


# --- the evaluator -------------------------------------------------------------------------------
class NetEvaluator(Evaluator):
    """Outcome probabilities from a contact net and a race net, with incremental updates."""

    name = "net"

    def __init__(self, game_key="short", data=None):
        if data is None:
            data = weight_bytes(game_key)
            if data is None:
                raise FileNotFoundError(f"no network weights for {game_key!r}")
        self.header, self.nets = read_weights(data)
        self.contact = self.nets["contact"]
        self.race = self.nets.get("race", self.contact)
        self._slots = {}
        # per net: [last frame, its hidden pre-activation, updates since the last full pass]
        self._last = {id(net): [None, None, 0] for net in (self.contact, self.race)}

    # slot tables for one geometry: {slot: T} and the slots read
    def _slot_tables(self, cross, net):
        key = (cross, id(net))
        tables = self._slots.get(key)
        if tables is None:
            tables = {slot: net.table(off, index) for slot, (off, index) in slot_map(cross).items()}
            self._slots[key] = tables
        return tables

    def full_pre(self, net, frame, cross):
        """Hidden pre-activation computed from scratch (sparse: occupied slots only)."""
        tables = self._slot_tables(cross, net)
        raw = frame.to_bytes(SLOTS, "little")
        acc = net.b1
        for slot, t in tables.items():
            n = raw[slot]
            if n:
                acc = list(map(add, acc, t[n]))
        return acc if acc is not net.b1 else list(acc)

    def _pre(self, net, frame, cross):
        last = self._last[id(net)]
        ref = last[0]
        if ref is None or last[2] >= REFRESH:
            acc = self.full_pre(net, frame, cross)
            last[0], last[1], last[2] = frame, acc, 0
            return acc
        if ref == frame:
            return last[1]
        tables = self._slot_tables(cross, net)
        deltas = net.deltas
        x = ref ^ frame
        changes = []
        while x:
            slot = ((x & -x).bit_length() - 1) >> 3
            sh = slot << 3
            x &= ~(255 << sh)
            t = tables.get(slot)
            if t is None:
                continue
            old = (ref >> sh) & 255
            new = (frame >> sh) & 255
            key = (slot, old, new)
            d = deltas.get(key)
            if d is None:
                d = deltas[key] = list(map(sub, t[new], t[old]))
            changes.append(d)
        if len(changes) > 2:  # one pass over all the changed slots' deltas
            acc = list(map(sum, zip(last[1], *changes)))
        elif changes:
            acc = list(map(add, last[1], changes[0]))
            if len(changes) == 2:
                acc = list(map(add, acc, changes[1]))
        else:
            acc = last[1]
        last[0], last[1], last[2] = frame, acc, last[2] + len(changes)
        return acc

    def net_for(self, frame):
        return self.race if is_race(frame) else self.contact

    def evaluate(self, variant, frame):
        net = self.race if is_race(frame) else self.contact
        return net.output(self._pre(net, frame, variant.cross))

    def evaluate_many(self, variant, frames):
        cross = variant.cross
        race, contact, pre = self.race, self.contact, self._pre
        out = []
        for f in frames:
            net = race if is_race(f) else contact
            out.append(net.output(pre(net, f, cross)))
        return out

    def evaluate_full(self, variant, frame):
        """The same without incremental updates (tests and timing)."""
        net = self.net_for(frame)
        return net.output(self.full_pre(net, frame, variant.cross))


# --- loading -------------------------------------------------------------------------------------
# A game plays with its own network, ``<key>.nnw``, or with the one of the game its
# ``Variant.shared_network`` names (the same board, movement and hitting, so that network's
# judgement carries over; measured in docs/strength.md).
_CACHE: dict[str, Any] = {}


def weight_file(game_key) -> str:
    cls = VARIANTS.get(game_key)
    return ((cls.shared_network if cls is not None else "") or game_key) + ".nnw"


def weight_bytes(game_key):
    """The shipped weight file of a game (bytes), or None."""
    from importlib import resources

    try:
        return (
            resources.files(__package__ + ".weights").joinpath(weight_file(game_key)).read_bytes()
        )
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return None


def load_evaluator(game_key):
    """The NetEvaluator of a game (its own network or the one it shares, ``Variant.shared_network``),
    or None when no weights are shipped for it. Each call returns a fresh evaluator (its
    incremental state is its own); the parsed weights are shared."""
    data = weight_bytes(game_key)
    if data is None:
        return None
    name = weight_file(game_key)
    proto = _CACHE.get(name)
    if proto is None:
        proto = _CACHE[name] = NetEvaluator(game_key, data)
    ev = NetEvaluator.__new__(NetEvaluator)
    ev.header, ev.nets, ev.contact, ev.race = proto.header, proto.nets, proto.contact, proto.race
    ev._slots = proto._slots
    ev._last = {id(net): [None, None, 0] for net in (ev.contact, ev.race)}
    return ev
