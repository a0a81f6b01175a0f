"""A match equity table computed by our own model, and the cube model it shares with ``cube.py``.

Everything here is derived from a small model of one game (``docs/cube.md`` has the details and
the table):

* **The game.** The winning chance ``p`` of player A moves continuously (a martingale with no
  jumps) from 0.5 until it reaches 1 (A wins) or 0 (B wins). A win is a single, a gammon or a
  backgammon with fixed fractions (``gammon_rate``, ``backgammon_rate`` of the wins, the same for
  both players and at every score).
* **The cube.** A player with access may double at any moment; the opponent takes or drops.
  Without jumps, the equity of a cube state is *linear* in ``p`` wherever nobody acts, at least
  the doubler's stopping payoff ``min(take, drop)`` where the doubler may act and at most the
  opponent's where he may: it is the **taut string** between those two obstacles
  (``taut_string``), solved exactly on piecewise-linear functions, cube level by cube level from
  the dead top cube down. Real games jump (market losers, last rolls): as in Janowski's money
  model, the cubeful equity is ``x·live + (1 − x)·dead`` with a cube efficiency ``x``, at every
  level.
* **The match.** Terminal and cash values are the match equities of the scores they lead to:
  the post-Crawford table first (1-away against n-away, only the trailer's cube matters), then
  the Crawford game (no cube), then the pre-Crawford table by dynamic programming on the total
  of the two away scores. A game starts at ``p = 0.5`` with the cube centred; the first rolls
  move it to ``0.5 ± OPENING_SWING`` before anybody may double (the post-Crawford free drop).
* **Parameters** (gammon rate, efficiency, opening swing) were picked by a coarse grid search
  against the published Kazaross-XG2 table; every entry is computed by the model.

Pure Python, no dependencies; a table entry is computed on first use and cached.
"""

from __future__ import annotations

import bisect
import functools
from typing import Any

INF = float("inf")
_EPS = 1e-12

# --- piecewise-linear functions on [0, 1] ------------------------------------------------------
# A function is a pair (xs, ys) of lists: xs strictly increasing from 0.0 to 1.0, linear between.


def pl_line(y0: float, y1: float):
    return [0.0, 1.0], [y0, y1]


def pl_eval(f, p: float) -> float:
    xs, ys = f
    if p <= 0.0:
        return ys[0]
    if p >= 1.0:
        return ys[-1]
    i = bisect.bisect_right(xs, p) - 1
    x0, x1 = xs[i], xs[i + 1]
    return ys[i] + (ys[i + 1] - ys[i]) * (p - x0) / (x1 - x0)


def pl_clamp(f, c: float, upper: bool):
    """``min(f, c)`` when ``upper`` else ``max(f, c)``, with the crossing points inserted."""
    xs, ys = f
    out_x, out_y = [], []
    keep = (lambda y: y <= c) if upper else (lambda y: y >= c)
    for i, (x, y) in enumerate(zip(xs, ys)):
        if i:
            px, py = xs[i - 1], ys[i - 1]
            if (py - c) * (y - c) < 0:  # crosses c strictly between the two breakpoints
                t = (c - py) / (y - py)
                out_x.append(px + t * (x - px))
                out_y.append(c)
        out_x.append(x)
        out_y.append(y if keep(y) else c)
    return out_x, out_y


def pl_mix(f, x: float, y0: float, y1: float):
    """``x·f + (1 − x)·line(y0, y1)``."""
    xs, ys = f
    return xs, [x * y + (1.0 - x) * (y0 + (y1 - y0) * t) for t, y in zip(xs, ys)]


def taut_string(lo, hi, y0: float, y1: float):
    """The shortest path from (0, y0) to (1, y1) that stays between the functions ``lo`` and
    ``hi`` (None = no bound): linear where it touches neither, concave along ``lo``, convex along
    ``hi``. It is the value of the optimal-stopping game in which one player may stop for ``lo``,
    the other for ``hi``, on a continuous martingale absorbed at 0 (value y0) and 1 (value y1).
    ``lo <= hi`` is assumed; the end values are moved inside the corridor (a player may stop just
    before the end)."""
    grid = sorted(set((lo[0] if lo else []) + (hi[0] if hi else []) + [0.0, 1.0]))
    lows = [pl_eval(lo, t) for t in grid] if lo else [-INF] * len(grid)
    highs = [pl_eval(hi, t) for t in grid] if hi else [INF] * len(grid)
    y0 = min(max(y0, lows[0]), highs[0])
    y1 = min(max(y1, lows[-1]), highs[-1])
    n = len(grid) - 1
    px, py = [grid[0]], [y0]
    i, ay = 0, y0
    while True:
        ax = grid[i]
        smin, smax, jmin, jmax = -INF, INF, -1, -1
        bend = None
        for j in range(i + 1, n + 1):
            dx = grid[j] - ax
            if j == n:
                s = (y1 - ay) / dx
                if s < smin - _EPS:
                    bend = (jmin, lows[jmin])
                elif s > smax + _EPS:
                    bend = (jmax, highs[jmax])
                break
            slo = (lows[j] - ay) / dx
            shi = (highs[j] - ay) / dx
            if slo > smax + _EPS:  # must pass above the lower obstacle: wrap under hi[jmax]
                bend = (jmax, highs[jmax])
                break
            if shi < smin - _EPS:  # must pass below the upper obstacle: wrap over lo[jmin]
                bend = (jmin, lows[jmin])
                break
            if slo > smin:
                smin, jmin = slo, j
            if shi < smax:
                smax, jmax = shi, j
        if bend is None:
            px.append(grid[n])
            py.append(y1)
            return px, py
        i, ay = bend
        px.append(grid[i])
        py.append(ay)


# --- the cube model of one game -----------------------------------------------------------------
class CubeModel:
    """Cubeful equities of one game for player A, from the view of the cube levels.

    ``terminal(v)`` -> (L, W): A's value when the game ends at cube ``v`` with B's / A's win
    (gammons averaged in). ``cash_a(v)``: A's value when A doubles from ``v`` and B drops;
    ``cash_b(v)``: A's value when B doubles and A drops. ``may_a(v)`` / ``may_b(v)``: whether the
    player may (usefully) double a cube of value ``v``. ``x``: cube efficiency. ``top``: the
    cube value at which the model stops (dead cube)."""

    def __init__(self, terminal, cash_a, cash_b, may_a, may_b, x: float, top: int):
        self.terminal, self.cash_a, self.cash_b = terminal, cash_a, cash_b
        self.may_a, self.may_b, self.x, self.top = may_a, may_b, x, top
        self._cache: dict[Any, Any] = {}

    def dead(self, v):
        low, win = self.terminal(v)
        return pl_line(low, win)

    def function(self, v: int, owner: str):
        """A's cubeful equity as a function of p with cube ``v`` owned by "A", "B" or centred
        ("C")."""
        key = (v, owner)
        f = self._cache.get(key)
        if f is None:
            f = self._cache[key] = self._solve(v, owner)
        return f

    def _solve(self, v, owner):
        low, win = self.terminal(v)
        if v >= self.top:
            return pl_line(low, win)
        lo = hi = None
        if owner in ("A", "C") and self.may_a(v):
            lo = pl_clamp(self.function(2 * v, "B"), self.cash_a(v), upper=True)
        if owner in ("B", "C") and self.may_b(v):
            hi = pl_clamp(self.function(2 * v, "A"), self.cash_b(v), upper=False)
        if lo is None and hi is None:
            return pl_line(low, win)
        return pl_mix(taut_string(lo, hi, low, win), self.x, low, win)

    def equity(self, v, owner, p):
        """A's cubeful equity at a random moment (the efficiency-weighted function)."""
        return pl_eval(self.function(v, owner), p)

    def value(self, v, owner, p):
        """A's equity at a moment where the players may double: the function, raised to A's
        best double and lowered to B's where they have access."""
        value = self.equity(v, owner, p)
        if v < self.top and owner in ("A", "C") and self.may_a(v):
            value = max(value, min(self.equity(2 * v, "B", p), self.cash_a(v)))
        if v < self.top and owner in ("B", "C") and self.may_b(v):
            value = min(value, max(self.equity(2 * v, "A", p), self.cash_b(v)))
        return value


# --- the match equity table ---------------------------------------------------------------------
GAMMON_RATE = 0.27  # share of wins that are gammons (backgammons not included)
BACKGAMMON_RATE = 0.015  # share of wins that are backgammons
MET_EFFICIENCY = 0.8  # cube efficiency of the model game
OPENING_SWING = 0.02  # the first rolls move p to 0.5 ± this before the first double
OUTCOME_POINTS = (1, 2, 3)


class MatchEquityTable:
    """A's chance to win the match, by the points each side still needs ("away" scores).

    ``pre(a, b)``: at the start of a game before the Crawford game (both a, b ≥ 2).
    ``crawford(n)``: the leader (1-away) in the Crawford game against an n-away trailer.
    ``post(n)``: the **trailer** n-away against a 1-away leader after the Crawford game.
    ``equity(a, b, state)``: A's chance at the start of a game in ``state`` (pre, crawford,
    post); ``after(a, b, state, crawford_rule)``: at the start of the game that follows a game
    played in ``state`` once the score is a-away/b-away."""

    def __init__(
        self,
        gammon_rate=GAMMON_RATE,
        backgammon_rate=BACKGAMMON_RATE,
        efficiency=MET_EFFICIENCY,
        opening_swing=OPENING_SWING,
    ):
        self.gammon_rate = gammon_rate
        self.backgammon_rate = backgammon_rate
        self.efficiency = efficiency
        self.opening_swing = opening_swing
        single = 1.0 - gammon_rate - backgammon_rate
        self._shares = tuple(zip(OUTCOME_POINTS, (single, gammon_rate, backgammon_rate)))
        self._post, self._crawford, self._pre = {1: 0.5}, {}, {}

    # -- lookups --
    def equity(self, a: int, b: int, state: str = "pre") -> float:
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        if a == 1 and b == 1:
            return 0.5
        if a == 1 or b == 1:
            if state == "crawford":
                return self.crawford(b) if a == 1 else 1.0 - self.crawford(a)
            return 1.0 - self.post(b) if a == 1 else self.post(a)
        return self.pre(a, b)

    def after(self, a: int, b: int, state: str = "pre", crawford_rule: bool = True) -> float:
        """A's chance at the start of the next game once the score is a-away/b-away (1 or 0 when
        the match is over): the next game is the Crawford game when the first 1-away score
        arises before it, post-Crawford once it has been played."""
        if a <= 0:
            return 1.0
        if b <= 0:
            return 0.0
        if state == "pre" and crawford_rule and (a == 1) != (b == 1):
            return self.equity(a, b, "crawford")
        return self.equity(a, b, "post")

    # -- the three tables --
    def post(self, n: int) -> float:
        """The trailer's chance, n-away against 1-away, at the start of a post-Crawford game."""
        if n <= 0:
            return 1.0
        value = self._post.get(n)
        if value is None:
            for k in range(2, n):  # bottom up: keeps the recursion shallow
                self.post(k)
            # A = the trailer (n-away), B = the leader (1-away); only the trailer's cube lives
            value = self._post[n] = self._start(n, 1, "post")
        return value

    def crawford(self, n: int) -> float:
        """The leader's chance (1-away) against an n-away trailer in the Crawford game."""
        value = self._crawford.get(n)
        if value is None:
            if n <= 1:
                return 0.5
            lose = sum(share * self.after(1, n - k, "crawford") for k, share in self._shares)
            value = self._crawford[n] = 0.5 + 0.5 * lose
        return value

    def pre(self, a: int, b: int) -> float:
        if a == 1 or b == 1 or a <= 0 or b <= 0:
            return self.equity(a, b, "pre")
        if a == b:
            return 0.5
        if a > b:
            return 1.0 - self.pre(b, a)
        value = self._pre.get((a, b))
        if value is None:
            for total in range(4, a + b):  # fill smaller totals first (shallow recursion)
                for i in range(2, total - 1):
                    j = total - i
                    if i < j and i <= a and j <= b and (i, j) not in self._pre:
                        self._pre[(i, j)] = self._start(i, j, "pre")
            value = self._pre[(a, b)] = self._start(a, b, "pre")
        return value

    def _start(self, a, b, state):
        model = self._game(a, b, state)
        d = self.opening_swing
        return 0.5 * (model.value(1, "C", 0.5 - d) + model.value(1, "C", 0.5 + d))

    def _game(self, a, b, state):
        shares = self._shares
        after = self.after

        def terminal(v):
            win = sum(share * after(a - k * v, b, state) for k, share in shares)
            lose = sum(share * after(a, b - k * v, state) for k, share in shares)
            return lose, win

        top = 1
        while top < max(a, b):
            top *= 2
        return CubeModel(
            terminal,
            lambda v: after(a - v, b, state),
            lambda v: after(a, b - v, state),
            lambda v: v < a,
            lambda v: v < b,
            self.efficiency,
            top,
        )

    def table(self, length: int) -> list:
        """Rows a = 1…length, columns b = 1…length: A's chance at a-away/b-away before the
        Crawford game (1-away entries: the Crawford game)."""
        return [
            [
                self.equity(a, b, "crawford" if (a == 1) != (b == 1) else "pre")
                for b in range(1, length + 1)
            ]
            for a in range(1, length + 1)
        ]


@functools.lru_cache(maxsize=8)
def default_met(
    gammon_rate=GAMMON_RATE, backgammon_rate=BACKGAMMON_RATE, efficiency=MET_EFFICIENCY
) -> MatchEquityTable:
    """The shared table (entries are computed on first use)."""
    return MatchEquityTable(gammon_rate, backgammon_rate, efficiency)


def format_table(met: MatchEquityTable, length: int = 11) -> str:
    """The table as Markdown, percentages for the row player (docs/cube.md)."""
    rows = met.table(length)
    head = "| away | " + " | ".join(str(b) for b in range(1, length + 1)) + " |"
    line = "|---" * (length + 1) + "|"
    body = [
        f"| {a + 1} | " + " | ".join(f"{100 * v:.1f}" for v in row) + " |"
        for a, row in enumerate(rows)
    ]
    post = (
        "| post-Crawford trailer | "
        + " | ".join(f"{100 * met.post(n):.1f}" for n in range(1, length + 1))
        + " |"
    )
    return "\n".join([head, line] + body + ["", head.replace("away", "n-away"), line, post])
