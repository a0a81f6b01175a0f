"""Rule options: declarations with stable keys, parsing and validation.

A variant declares its options as a tuple of ``Option``; a game is created with a dict of
overrides. Values arrive as Python values (library, JSON vectors) or as text (command line,
position notation); both are normalised here so that the rest of the engine sees one form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError

_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}
NO_DICE = "none"  # how an empty die set is written


@dataclass(frozen=True)
class Option:
    key: str
    default: object
    kind: str = "choice"  # choice | bool | int | dieset
    choices: tuple[Any, ...] = ()
    doc: str = ""
    minimum: int = 0

    def parse(self, value: Any) -> Any:
        """Return the canonical value for ``value`` or raise OptionError."""
        try:
            return self._parse(value)
        except (TypeError, ValueError):
            pass
        raise OptionError(
            f"option {self.key!r}: {value!r} is not a valid value"
            + (f" (choose one of {', '.join(map(str, self.choices))})" if self.choices else ""),
            code="option_value",
            key=self.key,
            value=str(value),
        )

    def _parse(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, int) and value in (0, 1):
                return bool(value)
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError(value)
        if self.kind == "int":
            if isinstance(value, bool):
                raise ValueError(value)
            number = int(str(value).strip()) if not isinstance(value, int) else value
            if number < self.minimum:
                raise ValueError(value)
            return number
        if self.kind == "dieset":
            if isinstance(value, str) and value.strip().lower() == NO_DICE:
                return frozenset()
            if isinstance(value, str):
                parts = [c for c in value if c.isdigit()] if "," not in value else value.split(",")
                values = [int(p) for p in parts]
            else:
                values = [int(v) for v in value]
            if any(v < 1 or v > 6 for v in values):
                raise ValueError(value)
            return frozenset(values)
        # choice: compare as text so that JSON true/"True"/"true" all match a "true" choice
        for choice in self.choices:
            if str(choice).lower() == str(value).strip().lower():
                return choice
        raise ValueError(value)

    def format(self, value: Any) -> str:
        if self.kind == "bool":
            return "true" if value else "false"
        if self.kind == "dieset":
            # the empty set has a word: an empty value is no value in the state notation
            return "".join(str(v) for v in sorted(value)) or NO_DICE
        return str(value)


@dataclass(frozen=True)
class OptionSet:
    """The options of one variant: declarations plus the chosen values."""

    specs: tuple[Option, ...]
    values: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def build(
        cls, specs: Sequence[Option], overrides: Mapping[str, Any] | None = None, game: str = ""
    ) -> OptionSet:
        by_key = {o.key: o for o in specs}
        values = {o.key: o.default for o in specs}
        if overrides is not None and not isinstance(overrides, dict):
            raise OptionError(
                f"{game or 'a game'}'s options are key-value pairs, not {type(overrides).__name__}",
                code="options_type",
                game=game,
            )
        for key, value in (overrides or {}).items():
            spec = by_key.get(key)
            if spec is None:
                raise OptionError(
                    f"{game or 'this game'} has no option {key!r}"
                    f" (options: {', '.join(sorted(by_key))})",
                    code="option_unknown",
                    key=key,
                    game=game,
                )
            values[key] = spec.parse(value)
        return cls(tuple(specs), values)

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def non_default(self) -> dict[str, Any]:
        return {o.key: self.values[o.key] for o in self.specs if self.values[o.key] != o.default}

    def texts(self) -> dict[str, str]:
        """``{key: value as text}`` of the options that differ from the default, in declaration
        order: how records and links write a game's options."""
        return {
            o.key: o.format(self.values[o.key])
            for o in self.specs
            if self.values[o.key] != o.default
        }

    def format_non_default(self) -> str:
        """``key=value`` pairs (declaration order) of the options that differ from the default."""
        return ",".join(
            f"{o.key}={o.format(self.values[o.key])}"
            for o in self.specs
            if self.values[o.key] != o.default
        )
