"""Which evaluator judges each phase of a game: the bear-off database in bear-off races, the
trained network elsewhere (the hand-made evaluator where no network ships)."""

from __future__ import annotations

from .bearoff import BearoffEvaluator
from .evaluator import Evaluator
from .heuristic import HeuristicEvaluator
from .nn import load_evaluator


def evaluator_for(variant, kind="net") -> Evaluator:
    """The evaluator of ``kind`` for this game, one implementation per phase: "net" is the
    bear-off database in bear-off races and the trained network elsewhere (the hand-made
    evaluator where no network ships); "heuristic" is the hand-made evaluator alone."""
    if kind == "heuristic":
        return HeuristicEvaluator()
    return BearoffEvaluator(fallback=load_evaluator(variant.key) or HeuristicEvaluator())
