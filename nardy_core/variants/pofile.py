"""A ``.po`` catalogue turned into ``.mo`` bytes in memory: what ``msgfmt`` (``tools/i18n.py
compile``) writes, for a copy of the package whose catalogues were never compiled (installed
with ``pip install .`` from a checkout, where no build step runs the compile). Only translated,
non-fuzzy entries are kept, as msgfmt does. The format: GNU gettext's manual, "The Format of
GNU MO Files"; the reader is the standard library's ``gettext.GNUTranslations``.
"""

from __future__ import annotations

import ast
import struct

_KEYWORDS = ("msgctxt", "msgid", "msgid_plural", "msgstr")


def _entries(text: str) -> list[dict[str, str]]:
    """The entries of a ``.po`` text: ``{"msgctxt"?, "msgid", "msgid_plural"?, "msgstr" or
    "msgstr[n]"..., "fuzzy"?}``, strings unquoted."""
    entries: list[dict[str, str]] = []
    entry: dict[str, str] = {}
    field = ""
    fuzzy = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#,"):
            fuzzy = fuzzy or "fuzzy" in line
            continue
        if not line or line.startswith("#"):
            continue
        if line.startswith('"'):
            entry[field] += ast.literal_eval(line)
            continue
        keyword, _, rest = line.partition(" ")
        starts = keyword in ("msgctxt", "msgid") and any(k.startswith("msgstr") for k in entry)
        if starts:  # a new entry begins after the previous one's translation
            entries.append(entry)
            entry = {}
        if not entry and fuzzy:
            entry["fuzzy"] = "1"
            fuzzy = False
        if keyword.split("[")[0] not in _KEYWORDS:
            raise ValueError(f"not a .po line: {raw!r}")
        field = keyword
        entry[field] = ast.literal_eval(rest)
    if entry:
        entries.append(entry)
    return entries


def mo_bytes(text: str) -> bytes:
    """The ``.mo`` file of the ``.po`` text."""
    pairs: dict[bytes, bytes] = {}
    for entry in _entries(text):
        if "fuzzy" in entry and entry.get("msgid"):
            continue
        if "msgid_plural" in entry:
            forms = [entry[k] for k in sorted(k for k in entry if k.startswith("msgstr["))]
            if not all(forms):
                continue
            key = entry["msgid"] + "\0" + entry["msgid_plural"]
            value = "\0".join(forms)
        else:
            key, value = entry["msgid"], entry.get("msgstr", "")
            if not value:
                continue
        if "msgctxt" in entry:
            key = entry["msgctxt"] + "\x04" + key
        pairs[key.encode("utf-8")] = value.encode("utf-8")
    keys = sorted(pairs)
    ids = b"".join(k + b"\0" for k in keys)
    strs = b"".join(pairs[k] + b"\0" for k in keys)
    start = 7 * 4 + 16 * len(keys)  # the header, then the two tables of (length, offset)
    id_table, str_table = [], []
    offset = start
    for k in keys:
        id_table += [len(k), offset]
        offset += len(k) + 1
    for k in keys:
        str_table += [len(pairs[k]), offset]
        offset += len(pairs[k]) + 1
    header = struct.pack("<7I", 0x950412DE, 0, len(keys), 28, 28 + 8 * len(keys), 0, 0)
    tables = struct.pack(f"<{4 * len(keys)}I", *id_table, *str_table)
    return header + tables + ids + strs


def po_header(text: str) -> dict[str, str]:
    """The header fields of a ``.po`` text (the translation of the empty msgid)."""
    for entry in _entries(text):
        if entry.get("msgid") == "" and "msgctxt" not in entry:
            fields = {}
            for line in entry.get("msgstr", "").splitlines():
                key, sep, value = line.partition(":")
                if sep:
                    fields[key.strip()] = value.strip()
            return fields
    return {}
