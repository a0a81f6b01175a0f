"""Bounded readers for what comes from outside: files and JSON texts (docs/fuzzing.md, Limits).

Every file the command line opens and every JSON text the engine parses (a record, a vector
file, a saved game, a worker's request) goes through here, so that each limit is checked in one
place and before the work it bounds: a file's size before it is read, a text's size, nesting
depth and numbers before or while it is parsed. Each refusal is an ``InputError`` with a stable
code; nothing else escapes (the standard library's own failures — ``RecursionError`` on deep
nesting, ``UnicodeDecodeError``, a float that overflows to infinity — are ruled out first).
"""

from __future__ import annotations

import json
import math
import os
import re
from itertools import accumulate
from typing import TYPE_CHECKING, Any, NoReturn

from ..engine.errors import InputError

if TYPE_CHECKING:
    from collections.abc import Callable

    from _typeshed import StrPath

MAX_FILE_BYTES = 8 * 1024 * 1024  # the largest file or JSON text taken in (bytes / characters)
MAX_JSON_DEPTH = 32  # the deepest nesting of arrays and objects
MAX_NUMBER_TEXT = 100  # the longest number, in characters, a JSON text may hold

# A JSON string, unrolled so that the scan stays linear; what is left outside strings holds
# every bracket that nests.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def read_file(path: StrPath, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the file at ``path``: InputError ``file`` when it cannot be read,
    ``too_big`` when it holds more than ``limit`` bytes — judged by its size before reading,
    and by reading at most ``limit + 1`` bytes (a pipe or a growing file has no size)."""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            data = b"" if size > limit else handle.read(limit + 1)
    except OSError as exc:
        raise InputError(
            f"cannot read {path}: {exc.strerror or exc}", code="file", file=str(path)
        ) from None
    except ValueError as exc:  # a path holding a NUL character
        raise InputError(f"cannot read {path!r}: {exc}", code="file", file=repr(path)) from None
    if size > limit:
        _too_big(path, size, limit)
    if len(data) > limit:
        _too_big(path, len(data), limit)
    return data


def _too_big(what: object, size: int, limit: int) -> NoReturn:
    raise InputError(
        f"{what} is too big: more than {limit} bytes",
        code="too_big",
        what=str(what),
        size=size,
        limit=limit,
    )


def decode_text(data: object, what: object = "the input", limit: int = MAX_FILE_BYTES) -> str:
    """``data`` (bytes or text) as text: UTF-8 strictly, a leading byte-order mark dropped.
    InputError ``not_utf8`` (with the byte ``offset``), ``too_big`` or ``not_text``."""
    if isinstance(data, (bytes, bytearray)):
        if len(data) > limit:
            _too_big(what, len(data), limit)
        try:
            text = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"{what} is not UTF-8 text (byte {exc.start})",
                code="not_utf8",
                what=str(what),
                offset=exc.start,
            ) from None
    elif isinstance(data, str):
        if len(data) > limit:
            _too_big(what, len(data), limit)
        text = data
    else:
        raise InputError(f"{what} is not text", code="not_text", what=str(what))
    return text[1:] if text.startswith("\ufeff") else text


def parse_json(
    data: object,
    what: object = "the input",
    limit: int = MAX_FILE_BYTES,
    depth: int = MAX_JSON_DEPTH,
) -> Any:
    """The value of the JSON text ``data`` (bytes or text), as ``json.loads`` gives it, within
    the limits: InputError ``too_big``, ``not_utf8``, ``json_depth`` (nesting over ``depth``),
    ``json_number`` (NaN, Infinity, a number that overflows or is longer than
    ``MAX_NUMBER_TEXT``), ``json_text`` (a lone surrogate escape, which is no text) or ``json``
    (the text is not JSON, with ``line`` and ``column``)."""
    text = decode_text(data, what, limit)
    deepest = _depth(text) if text.count("[") + text.count("{") > depth else 0
    if deepest > depth:
        raise InputError(
            f"{what} nests arrays and objects {deepest} deep, deeper than {depth}",
            code="json_depth",
            what=str(what),
            depth=deepest,
            limit=depth,
        )
    try:
        value = json.loads(
            text, parse_constant=_constant(what), parse_float=_float(what), parse_int=_int(what)
        )
    except json.JSONDecodeError as exc:
        raise InputError(
            f"{what} is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
            code="json",
            what=str(what),
            line=exc.lineno,
            column=exc.colno,
        ) from None
    if _SURROGATE_ESCAPE.search(text):
        _check_strings(value, what)
    return value


def _depth(text: str) -> int:
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _bad_number(what: object, text: str) -> NoReturn:
    shown = text if len(text) <= 20 else text[:20] + "…"
    raise InputError(
        f"{what} holds the number {shown}, which is not a finite number of at "
        f"most {MAX_NUMBER_TEXT} characters",
        code="json_number",
        what=str(what),
        number=shown,
    )


def _constant(what: object) -> Callable[[str], NoReturn]:
    def refuse(
        name: str,
    ) -> NoReturn:  # NaN, Infinity, -Infinity: not JSON, though json.loads takes them
        _bad_number(what, name)

    return refuse


def _float(what: object) -> Callable[[str], float]:
    def read(text: str) -> float:
        if len(text) > MAX_NUMBER_TEXT:
            _bad_number(what, text)
        value = float(text)
        if not math.isfinite(value):  # 1e400
            _bad_number(what, text)
        return value

    return read


def _int(what: object) -> Callable[[str], int]:
    def read(text: str) -> int:
        if len(text) > MAX_NUMBER_TEXT:
            _bad_number(what, text)
        return int(text)

    return read


def _check_strings(value: Any, what: object) -> None:
    stack: list[Any] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise InputError(
                    f"{what} holds a string that is not text (a lone surrogate escape)",
                    code="json_text",
                    what=str(what),
                ) from None


def read_json_file(path: StrPath, limit: int = MAX_FILE_BYTES) -> Any:
    """The JSON value of the file at ``path`` (``read_file`` then ``parse_json``)."""
    return parse_json(read_file(path, limit), str(path), limit)


__all__ = [
    "MAX_FILE_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_NUMBER_TEXT",
    "read_file",
    "decode_text",
    "parse_json",
    "read_json_file",
]
