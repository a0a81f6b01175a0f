"""Bots: evaluators, a chooser with levels of fixed work, cube and resignation decisions.

``Bot(variant, level)`` is what the game, the terminal and the page use; ``evaluator_for`` picks
the best evaluator a game has (a trained network where one ships, else the hand-made one).
"""

from __future__ import annotations

from .chooser import LEVELS, Chooser, Level, Ranked
from .evaluator import Evaluator, equity, outcome_values
from .heuristic import HeuristicEvaluator
from .phases import evaluator_for

__all__ = [
    "LEVELS",
    "Level",
    "Chooser",
    "Ranked",
    "Evaluator",
    "HeuristicEvaluator",
    "equity",
    "outcome_values",
    "evaluator_for",
]
