"""Bots: evaluators, a chooser with levels of fixed work, cube and resignation decisions.

``Bot(variant, level)`` is what the game, the terminal and the page use; ``evaluator_for`` picks
the best evaluator a game has (a trained network where one ships, else the hand-made one).
"""

from __future__ import annotations

from .chooser import LEVELS, Chooser, Level, Ranked
from .evaluator import Evaluator, equity, outcome_values
from .heuristic import HeuristicEvaluator


def evaluator_for(variant, kind="net"):
    """The evaluator of ``kind`` for this game, one implementation per phase: "net" is the
    bear-off database in bear-off races and the trained network elsewhere (the hand-made
    evaluator where no network ships); "heuristic" is the hand-made evaluator alone."""
    if kind == "heuristic":
        return HeuristicEvaluator()
    from .bearoff import BearoffEvaluator
    from .nn import load_evaluator
    return BearoffEvaluator(fallback=load_evaluator(variant.key) or HeuristicEvaluator())


__all__ = ["LEVELS", "Level", "Chooser", "Ranked", "Evaluator", "HeuristicEvaluator",
           "equity", "outcome_values", "evaluator_for"]
