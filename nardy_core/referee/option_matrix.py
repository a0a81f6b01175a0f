"""The option matrix: every value of every option of a game, one variant per value.

Self-play (``selfplay --all-options``) and its tests play each variant of the matrix so that
the referee judges the rules under every option, not only the defaults. The values of one
option (``option_values``): a choice gives each of its values, a bool both, a number its
default, its minimum, one other value and a sensible top, a set of dice the default, the empty
set, all six and one other set.

Each variant changes one option from the defaults (``option_matrix``), together with the options
without which that value changes nothing at all (``NEEDS``): a koks value counts only under a
koks rule, the draw options only with the last-roll draw, and the cube's options only with the
cube. A value that changes nothing would only replay the default games under another name.
"""

from __future__ import annotations

from ..variants import VARIANTS, get_variant

# A number option has no maximum of its own: (one other value, the top) as the rules name them.
NUMBERS = {
    "max_cube": (2, 64),  # CORE 3.7: the cube's faces go up to 64
    "automatic_doubles": (1, 6),  # six tied opening throws take the cube to 64
    "koks_points": (2, 6),  # CORE 2.7.2 names only the default, 3
    "home_mars_points": (3, 6),  # CORE 2.7.3: [MOB] scores it 3
}

# option -> the options it needs to have an effect (CORE 2.7.2, 2.7.4, 2.7.5, 3.7-3.9);
# applied only where the game has them and its default differs
NEEDS: dict[str, dict[str, object]] = {
    "koks_points": {"koks_rule": "head"},  # the recommended koks definition (CORE 2.7.2)
    "draw_points": {"last_roll_draw": True},
    "draw_eval": {"last_roll_draw": True},
    **{
        key: {"cube_enabled": True}
        for key in ("max_cube", "jacoby", "beaver", "automatic_doubles", "crawford", "holland")
    },
}

ALL_DICE = frozenset(range(1, 7))


def option_values(spec) -> list:
    """The values of ``spec`` (an ``Option``) that the matrix plays, the default first."""
    if spec.kind == "choice":
        values = [spec.default, *spec.choices]
    elif spec.kind == "bool":
        values = [spec.default, not spec.default]
    elif spec.kind == "int":
        low = spec.minimum
        other, top = NUMBERS.get(spec.key, (low + 1, max(spec.default, low) + 4))
        values = [spec.default, low, other, top]
    elif spec.kind == "dieset":
        default = frozenset(spec.default)
        other = default - {min(default)} if len(default) > 1 else ALL_DICE - default
        values = [default, frozenset(), ALL_DICE, other]
    else:
        raise ValueError(f"option {spec.key!r}: no matrix for kind {spec.kind!r}")
    out = []
    for value in values:
        if value not in out:
            out.append(value)
    return out


def option_matrix(game) -> list:
    """The overrides of each variant of ``game``'s matrix: ``{}`` (every default) first, then
    one dict per non-default value of each option (with what it ``NEEDS``)."""
    specs = VARIANTS[game].option_specs
    defaults = {o.key: o.default for o in specs}
    out: list[dict[str, object]] = [{}]
    for spec in specs:
        for value in option_values(spec)[1:]:
            needs = {
                k: v
                for k, v in NEEDS.get(spec.key, {}).items()
                if k in defaults and defaults[k] != v
            }
            out.append({**needs, spec.key: value})
    return out


def label(variant) -> str:
    """The variant's name in a report: the game key, with its non-default options as the
    position notation writes them (``long[koks_rule=head,koks_points=6]``)."""
    options = variant.options.format_non_default()
    return f"{variant.key}[{options}]" if options else variant.key


def matrix_variants(game) -> list:
    return [get_variant(game, overrides) for overrides in option_matrix(game)]
