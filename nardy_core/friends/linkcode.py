"""The friend game's links in binary (link encoding 2, docs/links.md "Friend games").

A link carries the same JSON-like message as the deflated JSON of link encoding 1
(``protocol.pack``), written byte by byte: small numbers in one byte, the protocol's words and
keys by their index in fixed tables, and hexadecimal text (the game id, the history hash, the
dice elements) as its bytes. A turn's link is then about 70 bytes where deflate gives about 100:
a smaller QR code for the phone beside you. Hashes never see this form: the history and the
game id are of the JSON (``protocol.pack``), so the two encodings carry the same game.

Reading is bounded: at most ``MAX_BYTES`` bytes, nesting ``MAX_DEPTH`` deep, and every length
checked against the bytes left, so a forged link cannot make the page allocate or recurse much.
"""

from __future__ import annotations

import base64
from collections.abc import Mapping
from typing import Any

MESSAGE, INVITATION = 0xF2, 0xF3  # the first byte: encoding 2, and which kind of link
MAX_BYTES = 6144
MAX_DEPTH = 8

# keys and words by index (append only: an index, once used, keeps its meaning)
KEYS = (
    "a", "g", "h", "n", "s", "name", "tip", "game", "options", "length", "nonce", "kind", "t", "v",
)  # fmt: skip
WORDS = (
    "play", "roll", "double", "take", "drop", "beaver", "resign", "accept", "decline", "reveal",
    "single", "gammon", "backgammon", "mars", "true", "false",
)  # fmt: skip

SMALL = 0x80  # 0x00-0x7F: the numbers 0-127 themselves
FALSE, TRUE, NULL, INT, NEG, TEXT, HEX, DICT, LIST = range(0x80, 0x89)
SHORT_LIST = 0x90  # 0x90-0xAF: a list of 0-31 items
WORD = 0xB0  # 0xB0-0xEF: WORDS[i]
# in a dict, each key is i for KEYS[i], or a TEXT


class LinkCodeError(ValueError):
    """Not a link of encoding 2 (the caller says so in the player's words)."""


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _hex_bytes(text: str) -> bytes | None:
    """``text``'s bytes when it is lower-case hexadecimal that reads back the same, else None."""
    if len(text) < 8 or len(text) % 2:
        return None
    try:
        raw = bytes.fromhex(text)
    except ValueError:
        return None
    return raw if raw.hex() == text else None


def _write(value: Any, out: bytearray) -> None:
    if value is False:
        out.append(FALSE)
    elif value is True:
        out.append(TRUE)
    elif value is None:
        out.append(NULL)
    elif isinstance(value, int):
        if 0 <= value < SMALL:
            out.append(value)
        else:
            out.append(INT if value >= 0 else NEG)
            out += _varint(abs(value))
    elif isinstance(value, str):
        if value in WORDS:
            out.append(WORD + WORDS.index(value))
            return
        raw = _hex_bytes(value)
        if raw is not None:
            out.append(HEX)
            out += _varint(len(raw)) + raw
            return
        data = value.encode()
        out.append(TEXT)
        out += _varint(len(data)) + data
    elif isinstance(value, (list, tuple)):
        if len(value) < 32:
            out.append(SHORT_LIST + len(value))
        else:
            out.append(LIST)
            out += _varint(len(value))
        for item in value:
            _write(item, out)
    elif isinstance(value, Mapping):
        out.append(DICT)
        out += _varint(len(value))
        for key, item in value.items():
            if key in KEYS:
                out.append(KEYS.index(key))
            else:
                data = str(key).encode()
                out.append(TEXT)
                out += _varint(len(data)) + data
            _write(item, out)
    else:
        raise TypeError(f"a link cannot hold {type(value).__name__}")


def encode(data: Mapping[str, Any]) -> str:
    """A message (``t`` "msg") or an invitation (``t`` "inv") as a link's code."""
    body = {key: value for key, value in data.items() if key not in ("v", "t")}
    out = bytearray([INVITATION if data.get("t") == "inv" else MESSAGE])
    _write(body, out)
    return base64.urlsafe_b64encode(bytes(out)).decode().rstrip("=")


class _Reader:
    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.raw):
            raise LinkCodeError("the link ends too soon")
        self.at += 1
        return self.raw[self.at - 1]

    def varint(self) -> int:
        value = shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 28:
                raise LinkCodeError("a number in the link is too long")

    def take(self, size: int) -> bytes:
        if size > len(self.raw) - self.at:
            raise LinkCodeError("the link ends too soon")
        self.at += size
        return self.raw[self.at - size : self.at]

    def count(self) -> int:
        size = self.varint()
        if size > len(self.raw) - self.at:  # every item takes a byte at least
            raise LinkCodeError("the link ends too soon")
        return size

    def value(self, depth: int = 0) -> Any:
        if depth > MAX_DEPTH:
            raise LinkCodeError("the link nests too deep")
        tag = self.byte()
        if tag < SMALL:
            return tag
        if tag in (FALSE, TRUE, NULL):
            return (False, True, None)[tag - FALSE]
        if tag in (INT, NEG):
            number = self.varint()
            return number if tag == INT else -number
        if tag == TEXT:
            try:
                return self.take(self.count()).decode()
            except UnicodeDecodeError:
                raise LinkCodeError("a text in the link is not UTF-8") from None
        if tag == HEX:
            return self.take(self.count()).hex()
        if tag == DICT:
            out: dict[str, Any] = {}
            for _ in range(self.count()):
                code = self.byte()
                if code < len(KEYS):
                    key = KEYS[code]
                elif code == TEXT:
                    self.at -= 1
                    key = self.value(depth + 1)
                else:
                    raise LinkCodeError("a key in the link is not a word")
                out[key] = self.value(depth + 1)
            return out
        if tag == LIST or SHORT_LIST <= tag < SHORT_LIST + 32:
            size = self.count() if tag == LIST else tag - SHORT_LIST
            return [self.value(depth + 1) for _ in range(size)]
        if WORD <= tag < WORD + len(WORDS):
            return WORDS[tag - WORD]
        raise LinkCodeError(f"the link holds an unknown byte {tag:#04x}")


def decode(raw: bytes, version: int) -> dict[str, Any]:
    """The message of a link's bytes (their first byte ``MESSAGE`` or ``INVITATION``), with
    ``v`` (the protocol's ``version``) and ``t`` as encoding 1 has them."""
    if len(raw) > MAX_BYTES:
        raise LinkCodeError("the link is too long")
    reader = _Reader(raw)
    kind = reader.byte()
    if kind not in (MESSAGE, INVITATION):
        raise LinkCodeError("not a link of encoding 2")
    body = reader.value()
    if reader.at != len(raw) or not isinstance(body, dict):
        raise LinkCodeError("the link holds more than one message")
    return {**body, "v": version, "t": "inv" if kind == INVITATION else "msg"}


__all__ = ["encode", "decode", "LinkCodeError", "MESSAGE", "INVITATION"]
