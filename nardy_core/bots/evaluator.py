"""Evaluators: outcome probabilities of a position for the side on roll.

An evaluator sees a position as a packed mover frame (``frame.py``) of the side that is about to
roll — after a play, ``frame.flip()`` of the result. It returns gnubg-style cumulative
probabilities ``(win, win_gammon, win_backgammon, lose_gammon, lose_backgammon)``: ``win_gammon``
includes ``win_backgammon``. The "gammon" and "backgammon" slots are the game's second and third
outcome (mars and koks in long nardy), worth the points ``outcome_values()`` says.
"""

from __future__ import annotations

Probabilities = tuple  # (win, win_g, win_bg, lose_g, lose_bg)


class Evaluator:
    """One implementation per game and phase where that pays (contact, race, bear-off)."""

    name = "evaluator"

    def evaluate(self, variant, frame) -> Probabilities:
        raise NotImplementedError

    def evaluate_many(self, variant, frames) -> list:
        """Several frames at once; an evaluator may share work between them (incremental
        updates of a network's hidden layer between similar positions)."""
        return [self.evaluate(variant, f) for f in frames]


def outcome_values(variant) -> tuple:
    """Points of the single, second and third outcome before the cube, from the game's own
    scoring (``Variant.resign_levels``): 1, 2, 3 in short nardy; oin, mars, koks in long nardy
    (koks worth ``koks_points`` when enabled); 1, 7 in tawula (capote). A game with fewer
    outcomes repeats its highest, so the probability of an outcome it does not have weighs
    nothing (Irish: every win 1 point)."""
    values = [points for _, points in variant.resign_levels()][:3]
    return tuple(values + [values[-1]] * (3 - len(values)))


def equity(variant, probs) -> float:
    """Cubeless money equity for the side on roll."""
    win, win_g, win_bg, lose_g, lose_bg = probs
    single, gammon, backgammon = outcome_values(variant)
    return (
        single * (2 * win - 1)
        + (gammon - single) * (win_g - lose_g)
        + (backgammon - gammon) * (win_bg - lose_bg)
    )
