"""``movegen.Search`` against the exhaustive reference (tests/reference_search.py), for every game
and every value of every option that move generation reads, on positions reached by random play.

The normal suite checks a few positions per option value; ``NARDY_HEAVY=1`` checks at least 300
(``NARDY_CROSSCHECK_POSITIONS`` overrides the count). The reference is exponential, so the file
runs in CPython only (the suite inside Pyodide skips it).
"""

from __future__ import annotations

import os
import random
import sys
import time

import pytest

from nardy_core.engine.errors import SearchLimitError
from nardy_core.engine.game import MOVE, OVER, ROLL, Game
from nardy_core.engine.movegen import Search
from nardy_core.engine.options import Option
from nardy_core.engine.position import BAR, HAND
from nardy_core.referee.core import random_play
from nardy_core.variants import VARIANTS, get_variant
from reference_search import TooLarge, reference_legal, reference_results

pytestmark = pytest.mark.skipif(
    sys.platform == "emscripten", reason="the exhaustive reference is CPython-only (time)"
)

HEAVY = bool(os.environ.get("NARDY_HEAVY"))
POSITIONS = int(os.environ.get("NARDY_CROSSCHECK_POSITIONS", 300 if HEAVY else 10))

# Options that move generation never reads (scoring, the cube, the match, who starts, the
# opening dice): their values change no legal play, which test_non_move_options_change_no_play
# checks on sampled positions. Every other option is a move option and is cross-checked.
NON_MOVE = {
    "cube_enabled",
    "max_cube",
    "jacoby",
    "beaver",
    "automatic_doubles",
    "crawford",
    "holland",
    "allow_resign",
    "next_game_starter",
    "first_move_dice",
    "KHACH_SCORE",
    "koks_rule",
    "koks_points",
    "home_mars_points",
    "last_roll_draw",
    "draw_points",
    "draw_eval",
    "moultezim_gammon",
    "jacquet_backgammon",
    "russian_backgammon",
    "tawula_capote",
}


def option_values(spec: Option) -> list:
    """Each choice; both booleans; for numbers the default, the lowest and one other; for die
    sets the default, the empty set, all six and one other."""
    if spec.kind == "bool":
        return [False, True]
    if spec.kind == "int":
        return sorted({spec.default, spec.minimum, spec.minimum + 2})
    if spec.kind == "dieset":
        return [spec.default, frozenset(), frozenset(range(1, 7)), frozenset({1, 2})]
    return list(spec.choices)


def move_option_cases():
    """``(game, options)`` for the defaults of each game and each move option value."""
    cases = []
    for key, cls in VARIANTS.items():
        cases.append((key, {}))
        for spec in cls.option_specs:
            if spec.key in NON_MOVE:
                continue
            cases.extend(
                (key, {spec.key: value}) for value in option_values(spec) if value != spec.default
            )
    return cases


CASES = move_option_cases()


def _case_id(case):
    game, options = case
    return game + "".join(
        f"[{k}={Option(k, v).format(v) if isinstance(v, frozenset) else v}]"
        for k, v in options.items()
    )


def _full_lookahead(options):
    return options.get("escalation_lookahead") == "FULL"


def _interest(position) -> int:
    """How much a position tests the search's shortcuts: bar, hand, pins, units left from a
    list, doubles, few checkers left."""
    me = position.sides[position.turn]
    score = 0
    if me[BAR]:
        score += 3
    if me[HAND]:
        score += 2
    if me[BAR] and me[HAND]:
        score += 4
    if any(position.pins or ()):
        score += 2
    if position.pending:
        score += 3
    if position.dice and len(set(position.dice)) < len(position.dice):
        score += 2
    if me[0] >= position.variant.checkers - 4:
        score += 2
    return score


def sample_positions(game, options, count, seed):
    """``count`` positions with a roll to play, from random games of ``game`` under
    ``options``; the most interesting first, then at random. Under the whole-list escalation
    the games are played block by block (the same rules and positions, each list cut into
    blocks) and the positions read under the whole list, rolls of a double only where the
    list is short enough to walk."""
    full = _full_lookahead(options)
    play_options = dict(options, escalation_lookahead="BLOCK") if full else options
    variant = get_variant(game, play_options)
    target = get_variant(game, options)
    rng = random.Random(f"crosscheck/{_case_id((game, options))}/{seed}")
    found = []
    g = 0
    while len(found) < 6 * count and g < 40 + 4 * count:
        game_ = Game(variant, seed=f"crosscheck/{seed}/{g}")
        g += 1
        while game_.phase != OVER:
            if game_.phase == ROLL:
                game_.roll()
                continue
            assert game_.phase == MOVE
            position = game_.position
            if full:
                if position.pending:
                    position = None  # a list's later block: under FULL the list is one play
                elif position.dice[0] == position.dice[1] and position.dice[0] < 4:
                    position = None  # 1-1 … 3-3: lists of 24-16 units, too long to walk
                else:
                    position = position.replace(variant=target)
            if position is not None:
                found.append(position)
            try:
                game_.play(rng.choice(game_.legal_plays()))
            except SearchLimitError:  # too many plays to list: random steps instead
                game_.play(random_play(game_, rng))
    rng.shuffle(found)
    found.sort(key=_interest, reverse=True)
    picked = found[: count // 2 + 1] + rng.sample(
        found[count // 2 + 1 :], min(count - count // 2 - 1, len(found) - count // 2 - 1)
    )
    return picked[:count]


def check_case(game, options, count, seed=0):
    """Cross-check ``count`` positions; returns (checked, merged, too_large)."""
    checked = merged = too_large = 0
    for position in sample_positions(game, options, count, seed):
        try:
            expected, how = reference_results(position)
        except TooLarge:
            too_large += 1
            continue
        try:
            got = set(Search(position).results())
        except SearchLimitError:  # past movegen.MAX_SEARCH_NODES: refused, as documented
            too_large += 1
            continue
        assert got == expected, (
            f"{_case_id((game, options))}: the search and the exhaustive reference differ on "
            f"{_state(position)}: {len(expected - got)} results missing, "
            f"{len(got - expected)} extra"
        )
        variant = position.variant
        # where a result ends the game, both agree it does (the same frames: checked by the
        # variant's own test, which the search inlines for the usual end)
        assert {f for f in got if variant.finished(f)} == {
            f for f in expected if variant.finished(f)
        }
        checked += 1
        merged += how == "merged"
    return checked, merged, too_large


def _state(position):
    from nardy_core.formats.notation import format_state

    try:
        return format_state(position)
    except Exception:  # a state the notation cannot write is still worth naming
        return repr(position)


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_search_agrees_with_the_exhaustive_reference(case):
    game, options = case
    start = time.perf_counter()
    checked, merged, too_large = check_case(game, options, POSITIONS)
    assert checked >= POSITIONS * 2 // 3, f"only {checked} of {POSITIONS} positions checked"
    if HEAVY:
        print(
            f"\n{_case_id(case)}: {checked} positions ({merged} merged, {too_large} too "
            f"large) in {time.perf_counter() - start:.1f} s"
        )


def test_every_option_is_classified():
    keys = {spec.key for cls in VARIANTS.values() for spec in cls.option_specs}
    assert NON_MOVE <= keys, f"not an option of any game: {NON_MOVE - keys}"


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_non_move_options_change_no_play(game):
    """The options left out of the cross-check change no legal play."""
    specs = [s for s in VARIANTS[game].option_specs if s.key in NON_MOVE]
    positions = sample_positions(game, {}, 4, seed=1)
    for spec in specs:
        for value in option_values(spec):
            variant = get_variant(game, {spec.key: value})
            for position in positions:
                other = position.replace(variant=variant)
                assert set(Search(other).results()) == set(Search(position).results()), (
                    f"{game}: {spec.key}={value} changes the plays of {_state(position)}"
                )


# --- the two errors that motivated the reference (issue 17) -------------------------------------
def test_bar_then_hand_entries_are_generated():
    from nardy_core.engine.movegen import legal_plays
    from nardy_core.formats.notation import parse_position

    position = parse_position(
        "dutch_tricktrack[dutch_entry=FREE] 21:2,20:2,18:1,15:2,3:1,bar:1,hand:6 "
        "21:4,20:2,19:1,15:1,8:1,3:1,hand:5 w 55 1 money"
    )
    plays = {str(p) for p in legal_plays(position)}
    assert {"bar/20 hand/20(3)", "bar/20 hand/20(2) 21/16", "bar/20 hand/20 hand/15"} <= plays
    legal, _ = reference_legal(position)
    assert len(plays) == len({key[0] for key in legal}) == 39


def test_reference_catches_a_search_that_drops_orders(monkeypatch):
    """The cross-check can fail: with the old canonical order (a bar entry binding the next
    source, so that no hand entry may follow it) the search and the reference differ."""
    from nardy_core.engine import movegen
    from nardy_core.formats.notation import parse_position

    position = parse_position(
        "dutch_tricktrack[dutch_entry=FREE] 21:2,20:2,18:1,15:2,3:1,bar:1,hand:6 "
        "21:4,20:2,19:1,15:1,8:1,3:1,hand:5 w 55 1 money"
    )
    expected, _ = reference_results(position)
    assert set(Search(position).results()) == expected
    monkeypatch.setattr(movegen, "F_BAR", -1)  # no step is a bar entry to the search
    assert len(set(Search(position).results())) == 23 < len(expected) == 39
