"""The Python examples of README.md and docs/api.md run as written: every ```python block of a
file, in order, in one namespace; a line ``print(...)  # -> text`` must print ``text``."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
SAYS = re.compile(r"^print\(.*\)\s+# -> (.+)$", re.M)


@pytest.mark.parametrize("name", ["README.md", "docs/api.md"])
def test_the_examples_run_as_written(name):
    blocks = BLOCK.findall((ROOT / name).read_text(encoding="utf-8"))
    assert blocks, f"{name} has no Python example"
    namespace: dict = {}
    checked = 0
    for block in blocks:
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(block, name, "exec"), namespace)
        printed = out.getvalue().split("\n")
        for said in SAYS.findall(block):
            assert said.strip() in printed, (said, printed)
            checked += 1
    assert checked >= (4 if name == "docs/api.md" else 0)


def test_the_old_import_paths_still_work():
    from nardy_core.engine import game, match, turn
    from nardy_core.formats import notation
    from nardy_core.game import Game
    from nardy_core.match import Match, MatchScore
    from nardy_core.notation import format_state, parse_position, parse_state
    from nardy_core.turn import Turn

    assert (Game, Match, MatchScore, Turn) == (game.Game, match.Match, match.MatchScore, turn.Turn)
    assert (parse_state, parse_position, format_state) == (
        notation.parse_state,
        notation.parse_position,
        notation.format_state,
    )
