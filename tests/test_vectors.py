"""The spec's machine-readable rule vectors, run through the engine (exact sets of results)."""

import filecmp
import functools
import os

import pytest

from conftest import DATA, SHARED_RULES
from nardy_core.variants import VARIANTS
from nardy_core.vectors import check_file, check_format2, load

CORE_GAMES = ("long", "short", "caucasian")
# issue 8's games: each must be registered and pass its whole vector file
FIRST_VARIANTS = ("portes", "longgammon", "irish", "jacquet", "dutch_tricktrack",
                  "russian_tricktrack", "fayles", "tawula", "tourne_case")


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


@pytest.mark.parametrize("game", FIRST_VARIANTS + tuple(
    g for g in VARIANTS if g not in CORE_GAMES + FIRST_VARIANTS))
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
    """tests/data holds copies of the spec's vectors so that a bare clone can test itself."""
    assert filecmp.cmp(FORMAT1, os.path.join(SHARED_RULES, "test_vectors.json"), shallow=False)
    for name in os.listdir(os.path.join(SHARED_RULES, "variant_vectors")):
        assert filecmp.cmp(os.path.join(DATA, "variant_vectors", name),
                           os.path.join(SHARED_RULES, "variant_vectors", name), shallow=False), name
