"""The spec's machine-readable rule vectors, run through the engine (exact sets of results)."""

import filecmp
import functools
import os

import pytest

from conftest import DATA, SHARED_RULES
from nardy_core.referee.vectors import (
    _expected_key,
    check_file,
    check_format2,
    load,
    position_from_json,
    turn_outcomes,
)
from nardy_core.variants import VARIANTS, get_variant

CORE_GAMES = ("long", "short", "caucasian")
# issue 8's games: each must be registered and pass its whole vector file
FIRST_VARIANTS = (
    "portes",
    "longgammon",
    "irish",
    "jacquet",
    "dutch_tricktrack",
    "russian_tricktrack",
    "fayles",
    "tawula",
    "tourne_case",
)


def _ids(path):
    return [v["id"] for v in load(path)[2]]


FORMAT1 = os.path.join(DATA, "test_vectors.json")
_check = functools.lru_cache(maxsize=None)(check_file)


@pytest.mark.parametrize("index", range(len(_ids(FORMAT1))), ids=_ids(FORMAT1))
def test_format1_vector(index):
    result = _check(FORMAT1)[index]
    assert result.ok, (result.missing, result.extra, result.error)


@pytest.mark.parametrize("game", CORE_GAMES)
def test_format2_core_game(game):
    results = check_file(os.path.join(DATA, "variant_vectors", f"{game}.json"))
    failed = [(r.id, r.missing, r.extra, r.error) for r in results if not r.ok]
    assert not failed
    assert len(results) >= 13


@pytest.mark.parametrize(
    "game", FIRST_VARIANTS + tuple(g for g in VARIANTS if g not in CORE_GAMES + FIRST_VARIANTS)
)
def test_format2_every_game(game):
    assert game in VARIANTS, f"{game} is not a registered game"
    results = check_file(os.path.join(DATA, "variant_vectors", f"{game}.json"))
    failed = [(r.id, r.missing, r.extra, r.error) for r in results if not r.ok]
    assert not failed
    if game == "moultezim":
        # moultezim is fevga with the start table always closed (§3.14): its own file is
        # short, and fevga's vectors with default options must hold for it unchanged
        fevga = load(os.path.join(DATA, "variant_vectors", "fevga.json"))[2]
        same = [v for v in fevga if not v.get("options")]
        assert same and all(check_format2(v, "moultezim").ok for v in same)
        results = results + same
    assert len(results) >= 8


@pytest.mark.skipif(not os.path.isdir(SHARED_RULES), reason="shared/ not beside the checkout")
def test_vector_copies_match_the_spec():
    """tests/data holds copies of the spec's vectors so that a bare clone can test itself: each
    file starts with the spec's vectors unchanged; the project's own follow them."""
    assert filecmp.cmp(FORMAT1, os.path.join(SHARED_RULES, "test_vectors.json"), shallow=False)
    for name in os.listdir(os.path.join(SHARED_RULES, "variant_vectors")):
        spec = load(os.path.join(SHARED_RULES, "variant_vectors", name))
        ours = load(os.path.join(DATA, "variant_vectors", name))
        assert ours[:2] == spec[:2] and ours[2][: len(spec[2])] == spec[2], name
        ids = [v["id"] for v in ours[2]]
        assert len(ids) == len(set(ids)), name


# --- one vector for every value of every option that a vector can show (issue 17) ----------
# Options that no format-2 vector can show: who starts and with which dice, the cube, match
# and resignation rules, the score of Black's compensating turn under last_roll_draw (no state
# key says that the mover is on that turn), and dutch_entry, which only changes the setup
# (bar:15 or hand:15; a given position plays the same either way; I17-dutch-free-bar-then-hand
# runs under it).
NOT_IN_VECTORS = {
    "next_game_starter",
    "first_move_dice",
    "cube_enabled",
    "max_cube",
    "jacoby",
    "beaver",
    "automatic_doubles",
    "crawford",
    "holland",
    "allow_resign",
    "draw_points",
    "draw_eval",
    "dutch_entry",
}
OPTION_VECTOR = "O-"  # id prefix of the vectors written for one option value each


def _option_vectors(game):
    _, _, vectors = load(os.path.join(DATA, "variant_vectors", f"{game}.json"))
    return [v for v in vectors if v["id"].startswith(OPTION_VECTOR)]


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_every_option_value_has_a_vector(game):
    """Each non-default value of a choice or switch, and some non-default value of a number or
    a set, appears in an option vector of the game's file."""
    specs = get_variant(game).options.specs
    seen = {}
    for vector in _option_vectors(game):
        for key, value in get_variant(game, vector["options"]).options.non_default().items():
            seen.setdefault(key, set()).add(value)
    for spec in specs:
        if spec.key in NOT_IN_VECTORS:
            continue
        if spec.kind in ("int", "dieset"):
            assert seen.get(spec.key), f"{game}: no vector with a non-default {spec.key}"
            continue
        wanted = set(spec.choices or (True, False)) - {spec.default}
        missing = wanted - seen.get(spec.key, set())
        assert not missing, f"{game}: {spec.key} = {sorted(map(str, missing))} has no vector"


@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_each_option_vector_depends_on_its_options(game):
    """An option vector's position is chosen so that its option changes the outcomes: with any
    one of its options back at the default, the engine's outcomes differ from the vector's."""
    for vector in _option_vectors(game):  # the vector itself passes in test_format2_*
        want = {_expected_key(r) for r in vector["results"]}
        for key in vector["options"]:
            rest = {k: v for k, v in vector["options"].items() if k != key}
            got = turn_outcomes(position_from_json(get_variant(game, rest), vector))
            assert got != want, f"{vector['id']}: {key} at its default gives the same outcomes"
