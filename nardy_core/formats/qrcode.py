"""QR codes (ISO/IEC 18004, model 2): a game's link as a symbol a phone beside the board can scan.

The page shows a turn's link as a QR code, so that a second device opens the same game without
anyone typing a URL. The encoder lives in the package, not in a JavaScript library, because the
package is the one place the page's logic runs (CPython for the command line and the tests,
Pyodide in the browser) and it has no dependencies; so this is plain Python with no C
acceleration, written for the sizes a link needs and fast enough at the largest.

What it writes is deliberately a subset of the standard that every reader decodes: one segment
in the smallest mode that holds the whole input (numeric, alphanumeric, else bytes), no ECI
header (a link is ASCII, and readers guess the byte mode's character set, taking valid UTF-8,
which is what ``str`` input becomes, as UTF-8), no Kanji mode, no Micro QR, no structured
append. The version is the smallest that holds the data at the requested error-correction level,
and the mask the one with the least penalty by the standard's rules, scored before the format
and version information are written (ISO/IEC 18004:2015, 7.1 orders the steps so). segno scores
the same way, and counts finder-like patterns as this module does, so the two choose the same
mask; the tests hold them to it.

``encode`` checks the input's length against what version 40 holds before doing any work, so a
huge paste costs nothing; errors are ``NardyError``: ``QrTooLong`` (``code="qr_too_long"``) for
data no QR code holds, ``QrOptionError`` (``code="qr_option"``) for a bad argument.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from html import escape

from ..engine.errors import NardyError

ECC_LEVELS = ("L", "M", "Q", "H")
MIN_VERSION, MAX_VERSION = 1, 40


class QrOptionError(NardyError):
    """An argument of ``encode`` or ``svg`` outside its documented values
    (``params``: ``option``, ``value``)."""

    code = "qr_option"


class QrTooLong(NardyError):
    """The data does not fit in a version-40 symbol at the requested level (``params``:
    ``length`` and ``limit`` in the mode's units (bytes, or characters for the numeric and
    alphanumeric modes), ``mode``, ``ecc``)."""

    code = "qr_too_long"


@dataclass(frozen=True)
class QrCode:
    """One symbol: ``modules[row][column]`` is True for a dark module; no quiet zone (a reader
    needs 4 light modules around it, which ``svg`` draws)."""

    version: int
    ecc: str
    mask: int
    size: int
    modules: tuple[tuple[bool, ...], ...]


# --- the standard's tables --------------------------------------------------------------------
# fmt: off
# Codewords per symbol, versions 1 to 40 (ISO/IEC 18004 Table 1): every module that is not a
# function pattern or format/version information, in whole bytes (the rest are remainder bits).
_TOTAL_CODEWORDS = (
    26, 44, 70, 100, 134, 172, 196, 242, 292, 346,
    404, 466, 532, 581, 655, 733, 815, 901, 991, 1085,
    1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185,
    2323, 2465, 2611, 2761, 2876, 3034, 3196, 3362, 3532, 3706,
)
# Error-correction codewords per block and number of blocks, versions 1 to 40 (Table 9). The
# data codewords are shared out so that the later blocks hold one more than the earlier ones.
_EC_PER_BLOCK = {
    "L": (7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
          28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "M": (10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
          26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28),
    "Q": (13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
          28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
    "H": (17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
          30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30),
}
_BLOCKS = {
    "L": (1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
          8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25),
    "M": (1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
          17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49),
    "Q": (1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
          23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68),
    "H": (1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
          25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81),
}
# Alignment pattern centres, versions 2 to 40 (Annex E): the second coordinate and the step
# between the later ones; the first is always 6 and the last always size - 7.
_ALIGNMENT = (
    (18, 0), (22, 0), (26, 0), (30, 0), (34, 0), (22, 16), (24, 18), (26, 20), (28, 22),
    (30, 24), (32, 26), (34, 28), (26, 20), (26, 22), (26, 24), (30, 24), (30, 26), (30, 28),
    (34, 28), (28, 22), (26, 24), (30, 24), (28, 26), (32, 26), (30, 28), (34, 28), (26, 24),
    (30, 24), (26, 26), (30, 26), (34, 26), (30, 28), (34, 28), (30, 24), (24, 26), (28, 26),
    (32, 26), (26, 28), (30, 28),
)
# fmt: on

# Format information: the level's two bits (Table 12: not in L, M, Q, H order), with the mask's
# three, protected by a BCH(15, 5) code and XORed with a fixed pattern so that it is never all
# light (7.9.1). Version information (versions 7 and up): the version's six bits with a
# BCH(18, 6) code (7.10).
_ECC_BITS = {"L": 0b01, "M": 0b00, "Q": 0b11, "H": 0b10}
_FORMAT_GENERATOR, _FORMAT_XOR = 0b10100110111, 0b101010000010010
_VERSION_GENERATOR = 0b1111100100101

# Modes: (mode indicator, bits of the character count for versions 1-9, 10-26, 27-40).
NUMERIC, ALPHANUMERIC, BYTE = "numeric", "alphanumeric", "byte"
_MODE_HEADER = {
    NUMERIC: (0b0001, (10, 12, 14)),
    ALPHANUMERIC: (0b0010, (9, 11, 13)),
    BYTE: (0b0100, (8, 16, 16)),
}
_ALPHANUMERIC_CHARS = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_ALPHANUMERIC_VALUE = {c: i for i, c in enumerate(_ALPHANUMERIC_CHARS)}
# The most characters any symbol holds: digits at version 40-L. Longer input is refused on its
# length alone, whatever it holds, before it is encoded or scanned.
_MOST_CHARACTERS = 7089


# --- capacity ---------------------------------------------------------------------------------
def data_codewords(version: int, ecc: str) -> int:
    """The data codewords a symbol holds: all codewords less the error correction."""
    i = version - 1
    return _TOTAL_CODEWORDS[i] - _EC_PER_BLOCK[ecc][i] * _BLOCKS[ecc][i]


def _count_bits(mode: str, version: int) -> int:
    return _MODE_HEADER[mode][1][0 if version <= 9 else 1 if version <= 26 else 2]


def _payload_bits(mode: str, length: int) -> int:
    if mode == NUMERIC:  # three digits in 10 bits, a last two in 7, a last one in 4
        return 10 * (length // 3) + (0, 4, 7)[length % 3]
    if mode == ALPHANUMERIC:  # two characters in 11 bits, a last one in 6
        return 11 * (length // 2) + 6 * (length % 2)
    return 8 * length


def capacity(version: int, ecc: str, mode: str = BYTE) -> int:
    """How many characters (bytes in byte mode) one segment in ``mode`` holds at ``version``
    and level ``ecc``."""
    room = 8 * data_codewords(version, ecc) - 4 - _count_bits(mode, version)
    if mode == NUMERIC:
        return 3 * (room // 10) + (2 if room % 10 >= 7 else 1 if room % 10 >= 4 else 0)
    if mode == ALPHANUMERIC:
        return 2 * (room // 11) + (1 if room % 11 >= 6 else 0)
    return room // 8


def _fits(mode: str, length: int, version: int, ecc: str) -> bool:
    needed = 4 + _count_bits(mode, version) + _payload_bits(mode, length)
    return needed <= 8 * data_codewords(version, ecc)


# --- the data codewords -----------------------------------------------------------------------
def _mode_of(payload: bytes) -> str:
    """The most compact mode that holds all of ``payload`` (one segment: links are short, and
    mixing modes would save a few bits at the price of a segmenter)."""
    if payload.isdigit():  # bytes.isdigit: ASCII digits only
        return NUMERIC
    if payload and not payload.translate(None, _ALPHANUMERIC_CHARS):
        return ALPHANUMERIC
    return BYTE


def _segment(payload: bytes, mode: str, version: int) -> tuple[int, int]:
    """The segment's bit string (mode indicator, count, data) as ``(value, bit count)``."""
    indicator, _ = _MODE_HEADER[mode]
    count_bits = _count_bits(mode, version)
    value, length = indicator << count_bits | len(payload), 4 + count_bits
    if mode == BYTE:
        width = 8 * len(payload)
        return value << width | int.from_bytes(payload, "big"), length + width
    if mode == NUMERIC:
        for i in range(0, len(payload), 3):
            group = payload[i : i + 3]
            width = (0, 4, 7, 10)[len(group)]
            value, length = value << width | int(group), length + width
        return value, length
    values = [_ALPHANUMERIC_VALUE[c] for c in payload]
    for i in range(0, len(values) - 1, 2):
        value, length = value << 11 | values[i] * 45 + values[i + 1], length + 11
    if len(values) % 2:
        value, length = value << 6 | values[-1], length + 6
    return value, length


def _data_codewords(payload: bytes, mode: str, version: int, ecc: str) -> bytes:
    """The segment, the terminator, zero bits to a byte boundary and the pad bytes 0xEC 0x11
    in turn up to the symbol's data capacity (7.4.9, 7.4.10)."""
    value, length = _segment(payload, mode, version)
    room = 8 * data_codewords(version, ecc)
    terminator = min(4, room - length)
    value, length = value << terminator, length + terminator
    value, length = value << (-length % 8), length + (-length % 8)
    data = value.to_bytes(length // 8, "big")
    pad = room // 8 - len(data)
    return data + (b"\xec\x11" * (pad // 2 + 1))[:pad]


# --- error correction: Reed-Solomon over GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1
def _gf_tables() -> tuple[list[int], list[int]]:
    exp, log = [0] * 510, [0] * 256
    x = 1
    for i in range(255):
        exp[i] = exp[i + 255] = x
        log[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    return exp, log


_EXP, _LOG = _gf_tables()


@cache
def _generator_logs(degree: int) -> tuple[int, ...]:
    """The logs of the generator polynomial's coefficients, highest power first, leading 1 left
    out: the product of (x - a^i) for i < degree (Annex A). None of them is zero."""
    poly = [1]
    for i in range(degree):
        root = _EXP[i]
        nxt = poly + [0]
        for j, c in enumerate(poly):
            if c:
                nxt[j + 1] ^= _EXP[_LOG[c] + _LOG[root]]
        poly = nxt
    return tuple(_LOG[c] for c in poly[1:])


def _error_correction(block: bytes, degree: int) -> bytes:
    """The remainder of the block (as a polynomial times x^degree) by the generator."""
    generator = _generator_logs(degree)
    remainder = [0] * degree
    exp, log = _EXP, _LOG
    for byte in block:
        factor = byte ^ remainder[0]
        del remainder[0]
        remainder.append(0)
        if factor:
            f = log[factor]
            for i, g in enumerate(generator):
                remainder[i] ^= exp[f + g]
    return bytes(remainder)


def _interleave(data: bytes, version: int, ecc: str) -> bytes:
    """The final codeword sequence (7.6): the data split into blocks, each block's error
    correction computed, then the data codewords taken a column at a time across the blocks,
    then the error-correction codewords the same way."""
    i = version - 1
    blocks, degree = _BLOCKS[ecc][i], _EC_PER_BLOCK[ecc][i]
    short_length = _TOTAL_CODEWORDS[i] // blocks - degree  # data codewords of a short block
    longs = _TOTAL_CODEWORDS[i] % blocks
    pieces, start = [], 0
    for b in range(blocks):
        end = start + short_length + (b >= blocks - longs)
        pieces.append(data[start:end])
        start = end
    out = bytearray()
    for column in range(short_length + 1):
        out.extend(piece[column] for piece in pieces if column < len(piece))
    corrections = [_error_correction(piece, degree) for piece in pieces]
    for column in range(degree):
        out.extend(ec[column] for ec in corrections)
    return bytes(out)


# --- the symbol's layout ----------------------------------------------------------------------
def alignment_centres(version: int) -> tuple[int, ...]:
    """The rows (and columns) of the alignment patterns' centres."""
    if version == 1:
        return ()
    second, step = _ALIGNMENT[version - 2]
    last = 4 * version + 10
    return (6, *range(second, last + 1, step)) if step else (6, second)


@dataclass(frozen=True)
class _Layout:
    """What every symbol of a version shares, built once per version.

    Rows are ints with column ``c`` at bit ``size - 1 - c``, so that masking a row is one XOR
    and ``format(row, "0{size}b")`` reads it left to right."""

    size: int
    function: tuple[int, ...]  # the function patterns (format and version areas light)
    version_info: tuple[int, ...]  # the version information's dark modules (version 7 and up)
    data_area: tuple[int, ...]  # 1 where a module carries data (or remainder bits)
    order: tuple[int, ...]  # the data modules' flat indices (row * size + column), bit by bit
    masks: tuple[tuple[int, ...], ...]  # each mask's dark modules within the data area


@lru_cache(maxsize=8)
def _layout(version: int) -> _Layout:
    size = 4 * version + 17
    # None: a data module; 0 or 1: a function module (format areas light until written).
    grid: list[list[int | None]] = [[None] * size for _ in range(size)]

    def finder(top: int, left: int) -> None:  # with its light separator
        for r in range(-1, 8):
            for c in range(-1, 8):
                if 0 <= top + r < size and 0 <= left + c < size:
                    ring = max(abs(r - 3), abs(c - 3))
                    grid[top + r][left + c] = 0 if ring in (2, 4) else 1

    finder(0, 0)
    finder(0, size - 7)
    finder(size - 7, 0)
    for i in range(8, size - 8):  # timing patterns
        grid[6][i] = grid[i][6] = 1 - i % 2
    centres = alignment_centres(version)
    corners = {(6, 6), (6, size - 7), (size - 7, 6)}  # where the finder patterns are
    for r in centres:
        for c in centres:
            if (r, c) not in corners:  # those on the timing patterns are drawn over them
                for dr in range(-2, 3):
                    for dc in range(-2, 3):
                        grid[r + dr][c + dc] = 0 if max(abs(dr), abs(dc)) == 1 else 1
    for i in (*range(9), *range(size - 8, size)):  # format areas, and the dark module
        for r, c in ((8, i), (i, 8)):
            if grid[r][c] is None:
                grid[r][c] = 0
    # Version information (7.10), in two 6 x 3 blocks beside the top-right and bottom-left
    # finders, bit 0 first; drawn apart, and light while the masks are evaluated.
    version_info = [0] * size
    if version >= 7:
        bits = _version_bits(version)
        for i in range(18):
            near, far = i // 3, size - 11 + i % 3
            grid[near][far] = grid[far][near] = 0
            if bits >> i & 1:
                version_info[near] |= 1 << (size - 1 - far)
                version_info[far] |= 1 << (size - 1 - near)

    # Data bits go up and down two-module columns from the right, skipping the vertical timing
    # pattern's column; within a column pair the right module comes first (7.7.3).
    order = []
    for right in (c if c > 6 else c - 1 for c in range(size - 1, 0, -2)):
        upward = (right + 1) & 2 == 0
        for vertical in range(size):
            r = size - 1 - vertical if upward else vertical
            for c in (right, right - 1):
                if grid[r][c] is None:
                    order.append(r * size + c)

    def row_int(row: list[int | None], dark: object) -> int:
        return int("".join("1" if v == dark else "0" for v in row), 2)

    data_area = tuple(row_int(row, None) for row in grid)
    function = tuple(row_int(row, 1) for row in grid)
    return _Layout(
        size, function, tuple(version_info), data_area, tuple(order), _mask_rows(size, data_area)
    )


# The eight mask conditions (Table 10): a data module is inverted where its condition holds.
_MASK_CONDITIONS: tuple[Callable[[int, int], bool], ...] = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
)


def _mask_rows(size: int, data_area: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every mask repeats every 12 rows and every 6 columns, so a row of it is its first six
    columns repeated, and there are 12 different rows."""
    masks = []
    for condition in _MASK_CONDITIONS:
        period = [
            int(("".join("1" if condition(r, c) else "0" for c in range(6)) * size)[:size], 2)
            for r in range(12)
        ]
        masks.append(tuple(period[r % 12] & area for r, area in enumerate(data_area)))
    return tuple(masks)


def _bch(value: int, generator: int) -> int:
    """``value`` followed by its remainder by ``generator`` (a BCH code's check bits)."""
    degree = generator.bit_length() - 1
    remainder = value << degree
    for shift in range(remainder.bit_length() - 1, degree - 1, -1):
        if remainder >> shift & 1:
            remainder ^= generator << (shift - degree)
    return value << degree | remainder


def _version_bits(version: int) -> int:
    return _bch(version, _VERSION_GENERATOR)


def _format_bits(ecc: str, mask: int) -> int:
    return _bch(_ECC_BITS[ecc] << 3 | mask, _FORMAT_GENERATOR) ^ _FORMAT_XOR


def _finished(rows: list[int], layout: _Layout, ecc: str, mask: int) -> list[int]:
    """The masked rows with the version information, the format information and the dark
    module written: the last step, after the masks are evaluated (7.1).

    The format information's first copy runs from bit 0 (the least significant) at the top of
    column 8 down to the top-left finder's corner, stepping over the timing pattern, then left
    along row 8; the second has bits 0 to 7 along row 8 from the right edge, then bits 8 to 14
    down column 8 to the bottom edge, below the dark module."""
    size = layout.size
    bits = _format_bits(ecc, mask)
    first = [(i, 8) for i in (0, 1, 2, 3, 4, 5, 7, 8)] + [(8, i) for i in (7, 5, 4, 3, 2, 1, 0)]
    second = [(8, size - 1 - i) for i in range(8)] + [(size - 7 + i, 8) for i in range(7)]
    out = [row | info for row, info in zip(rows, layout.version_info)]
    for i, (r, c) in (*enumerate(first), *enumerate(second)):
        if bits >> i & 1:
            out[r] |= 1 << (size - 1 - c)
    out[size - 8] |= 1 << (size - 1 - 8)
    return out


# --- mask evaluation (7.8.3) ------------------------------------------------------------------
_RUN = re.compile(r"0{5,}|1{5,}")
# A 1:1:3:1:1 finder-like pattern with four light modules before or after it, counted once
# even when both sides are light. The standard does not say whether two that share a dark module
# both count; here, as in segno, the search goes on after a counted one, so they do not.
_FINDER_LIKE = re.compile(r"(?<=0000)1011101|1011101(?=0000)")


def _penalty(rows: list[int], size: int) -> int:
    """The standard's penalty score of a masked symbol (N1 = 3, N2 = 3, N3 = 40, N4 = 10).
    Modules beyond the edge count as light (the quiet zone) for the finder-like patterns."""
    lines = [format(row, f"0{size}b") for row in rows]
    lines += ["".join(column) for column in zip(*lines)]
    score = 0
    for line in lines:
        runs = _RUN.findall(line)  # N1: 3 + i for a run of 5 + i modules of one colour
        score += sum(map(len, runs)) - 2 * len(runs)
        if "1011101" in line:
            score += 40 * len(_FINDER_LIKE.findall(f"0000{line}0000"))
    full = (1 << size) - 1
    for upper, lower in zip(rows, rows[1:]):  # N2: each 2 x 2 block of one colour
        dark, light = upper & lower, ~(upper | lower) & full
        score += 3 * ((dark & dark >> 1).bit_count() + (light & light >> 1).bit_count())
    dark_modules = sum(row.bit_count() for row in rows)
    total = size * size
    score += 10 * (abs(20 * dark_modules - 10 * total) // total)  # N4: each 5% away from 50%
    return score


# --- the API ----------------------------------------------------------------------------------
def _option(option: str, value: object, message: str) -> QrOptionError:
    return QrOptionError(message, option=option, value=repr(value))


def _too_long(length: int, mode: str, ecc: str, at_least: bool = False) -> QrTooLong:
    limit = capacity(MAX_VERSION, ecc, mode)
    unit = {NUMERIC: "digits", ALPHANUMERIC: "characters", BYTE: "bytes"}[mode]
    size = f"{'at least ' if at_least else ''}{length} {unit}"
    return QrTooLong(
        f"Too long for a QR code: {size}; at most {limit} {unit} fit at error correction "
        f"level {ecc}.",
        length=length,
        limit=limit,
        mode=mode,
        ecc=ecc,
    )


def encode(
    data: str | bytes, *, ecc: str = "M", min_version: int = 1, mask: int | None = None
) -> QrCode:
    """``data`` as a QR code: a ``str`` is written as UTF-8. The mode is the most compact that
    holds the whole input, the version the smallest from ``min_version`` up that holds it at
    level ``ecc`` ("L" 7%, "M" 15%, "Q" 25%, "H" 30% of the codewords restorable), and the mask
    ``mask`` (0 to 7) or, when None, the one with the least penalty (the lowest on a tie)."""
    if not isinstance(data, str | bytes):
        raise _option("data", type(data).__name__, "The data must be text or bytes.")
    if ecc not in ECC_LEVELS:
        raise _option("ecc", ecc, "The error correction level must be L, M, Q or H.")
    if type(min_version) is not int or not MIN_VERSION <= min_version <= MAX_VERSION:
        raise _option("min_version", min_version, "The version must be from 1 to 40.")
    if mask is not None and (type(mask) is not int or not 0 <= mask <= 7):
        raise _option("mask", mask, "The mask must be from 0 to 7, or None.")
    if len(data) > _MOST_CHARACTERS:  # no symbol holds it, whatever it is: refuse it unread
        raise _too_long(len(data), BYTE, ecc, at_least=isinstance(data, str))
    try:
        payload = data.encode("utf-8") if isinstance(data, str) else data
    except UnicodeEncodeError as error:  # a lone surrogate
        raise _option("data", data[error.start], "The text is not valid Unicode.") from None
    mode = _mode_of(payload)
    if not _fits(mode, len(payload), MAX_VERSION, ecc):
        raise _too_long(len(payload), mode, ecc)
    version = next(
        v for v in range(min_version, MAX_VERSION + 1) if _fits(mode, len(payload), v, ecc)
    )

    layout = _layout(version)
    size = layout.size
    codewords = _interleave(_data_codewords(payload, mode, version, ecc), version, ecc)
    grid = bytearray(b"0" * (size * size))
    bits = format(int.from_bytes(codewords, "big"), f"0{8 * len(codewords)}b")
    for index, bit in zip(layout.order, bits):  # the remainder bits stay 0
        if bit == "1":
            grid[index] = 49  # "1"
    data_rows = [int(grid[r * size : (r + 1) * size], 2) for r in range(size)]

    def masked(m: int) -> list[int]:
        return [f | d ^ k for f, d, k in zip(layout.function, data_rows, layout.masks[m])]

    if mask is None:
        mask = min(range(8), key=lambda m: _penalty(masked(m), size))
    rows = _finished(masked(mask), layout, ecc, mask)
    modules = tuple(tuple(ch == "1" for ch in format(row, f"0{size}b")) for row in rows)
    return QrCode(version=version, ecc=ecc, mask=mask, size=size, modules=modules)


# What XML 1.0 cannot hold even escaped: most control characters, lone surrogates, U+FFFE/F.
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _attribute(text: str) -> str:
    """``text`` as an attribute value between double quotes."""
    return escape(_NOT_XML.sub("", text), quote=True)


def svg(
    code: QrCode,
    *,
    module: int = 4,
    border: int = 4,
    dark: str = "#000",
    light: str = "#fff",
    label: str = "",
) -> str:
    """The symbol as one SVG element: ``module`` pixels a module, ``border`` light modules of
    quiet zone around it (readers need 4), a light background and one path of all the dark
    modules, each row's runs as rectangles. ``label`` (escaped) names the image for screen
    readers."""
    if type(module) is not int or module < 1:
        raise _option("module", module, "The module size must be a whole number of pixels.")
    if type(border) is not int or border < 0:
        raise _option("border", border, "The border must be a whole number of modules.")
    side = code.size + 2 * border
    path = []
    for y, row in enumerate(code.modules, border):
        x = 0
        while x < code.size:
            if row[x]:
                start = x
                while x < code.size and row[x]:
                    x += 1
                path.append(f"M{start + border} {y}h{x - start}v1h-{x - start}z")
            x += 1
    named = f' role="img" aria-label="{_attribute(label)}"' if label else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" '
        f'width="{side * module}" height="{side * module}" shape-rendering="crispEdges"{named}>'
        f'<rect width="{side}" height="{side}" fill="{_attribute(light)}"/>'
        f'<path fill="{_attribute(dark)}" d="{"".join(path)}"/></svg>'
    )
