import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
SHARED_RULES = os.path.join(ROOT, "..", "shared", "rules")


def random_position(game, seed, plies):
    """A position reachable by random play from the start, with a random roll to play."""
    import random

    from nardy_core import get_variant, legal_plays

    rng = random.Random(seed)
    variant = get_variant(game)
    p = variant.initial_position(dice=(rng.randint(1, 6), rng.randint(1, 6)))
    for _ in range(plies):
        sides, pins = rng.choice(legal_plays(p)).board
        after = p.replace(sides=sides, pins=pins)
        if after.winner() is not None:
            break
        first = list(p.first_turn)
        first[p.turn] = False
        p = after.replace(
            turn=1 - p.turn, first_turn=first, dice=(rng.randint(1, 6), rng.randint(1, 6))
        )
    return p
