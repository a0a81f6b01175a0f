"""Option declarations shared by several games (cube and match play: CORE_RULES.md 3.7-3.11)."""

from ..engine.options import Option


def cube_options(enabled_by_default: bool, automatic_doubles: bool = True) -> tuple[Option, ...]:
    # Link codes (linkcode.py) name an option by its place in a game's option list and a
    # choice by its place among the choices: add new ones at the end of a game's list, never
    # in between, or links already shared would change meaning (tests/test_linkcode.py's
    # fixed codes catch it).
    specs: tuple[Option, ...] = (
        Option("cube_enabled", enabled_by_default, "bool", doc="use the doubling cube"),
        Option("max_cube", 0, "int", doc="highest cube value, 0 = unlimited"),
        Option("jacoby", False, "bool", doc="money: gammons count only after a double"),
        Option("beaver", False, "bool", doc="money: the taker may redouble at once"),
    )
    if automatic_doubles:
        specs += (
            Option(
                "automatic_doubles",
                0,
                "int",
                doc="money: each tied opening throw doubles the cube, at most n times",
            ),
        )
    return specs + (
        Option("crawford", True, "bool", doc="match: no doubling in the Crawford game"),
        Option(
            "holland",
            False,
            "bool",
            doc="match: post-Crawford, the trailer doubles only after two turns each",
        ),
        Option("allow_resign", True, "bool", doc="resignation offers are allowed"),
    )
