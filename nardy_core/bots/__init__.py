"""Bots: evaluators, a chooser with levels of fixed work, cube and resignation decisions.

``Bot(variant, level)`` is what the game, the terminal and the page use; ``evaluator_for`` picks
the best evaluator a game has (a trained network where one ships, else the hand-made one).
"""

from __future__ import annotations

from .chooser import LEVELS, Chooser, Level, Ranked
from .evaluator import Evaluator, equity, outcome_values
from .heuristic import HeuristicEvaluator


def evaluator_for(variant, kind="net"):
    """The evaluator of ``kind`` ("net" or "heuristic") for this game; "net" falls back to the
    heuristic where no network has been trained."""
    if kind == "net":
        try:
            from .nn import load_evaluator
        except ImportError:
            load_evaluator = None
        net = load_evaluator(variant.key) if load_evaluator else None
        if net is not None:
            return net
    return HeuristicEvaluator()


__all__ = ["LEVELS", "Level", "Chooser", "Ranked", "Evaluator", "HeuristicEvaluator",
           "equity", "outcome_values", "evaluator_for"]
