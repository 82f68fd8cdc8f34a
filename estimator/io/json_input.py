"""JSON from outside, read with one policy: a scenario line of the command line, a scenario file of a
report, and a saved file of the app.

- Size: refused over the caller's limit, before anything is decoded.
- Depth: refused past MAX_DEPTH (a scan of the text, outside strings, before any parsing: a parser would
  recurse that deep), naming the keys that lead there.
- Duplicate keys: refused, naming the key (the last one would otherwise win silently: never a guess).
- Numbers exactly as written: a decimal as Decimal (never a float's rounding); an integer longer than
  LONGEST_INT_TEXT characters as Decimal, whose size is checked before it is expanded (Python refuses to
  convert integer texts of more than 4,300 digits); an exponent beyond what Decimal holds as the largest
  one it does, so the value is still refused for what it is (too large, or too many decimals).
- NaN, Infinity and -Infinity are read as the non-finite floats they name, so the caller's validation
  refuses them naming their field ("«age» must be a finite number"), not the whole text.

Why a text is refused is said in the reader's language by `system_text.json_error_text`.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal, InvalidOperation
from typing import Any

MAX_DEPTH = 4  # a saved file {…}, its inputs {…}, the salary history […], and one level to spare
LONGEST_INT_TEXT = 40


class JsonRefused(ValueError):
    """A text refused by the reader's own policy (not a syntax error): `text_key` says why in words."""

    text_key = "system.json_invalid_number"
    values: dict[str, Any] = {}


class TooLarge(JsonRefused):
    def __init__(self, limit: int) -> None:
        super().__init__(f"larger than {limit} bytes")
        self.limit = limit
        self.text_key, self.values = "system.json_too_large", {"limit": f"{limit:,}"}


class TooDeep(JsonRefused):
    def __init__(self, path: list[str]) -> None:
        super().__init__(f"nested deeper than {MAX_DEPTH} levels")
        self.path = path  # the keys leading to the first place too deep (empty: brackets only)
        self.text_key, self.values = "system.json_too_deep", {}


class DuplicateKey(JsonRefused):
    def __init__(self, key: str) -> None:
        super().__init__(f"the name {key!r} appears twice")
        self.key = key
        self.text_key, self.values = "system.json_duplicate", {"name": shown_key(key)}


def shown_key(key: str) -> str:
    """A key of the text quoted in a message: on one line, short (it came from outside)."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in key)
    return clean if len(clean) <= 40 else clean[:39] + "…"


def read_json(source: str | bytes, *, limit: int | None = None) -> Any:
    """The value of a JSON text (bytes are UTF-8, with or without a byte-order mark).

    Raises TooLarge, UnicodeDecodeError, TooDeep, DuplicateKey, or json's own ValueError for a text
    that is not JSON, in that order of checking."""
    if limit is not None and len(source) > limit:
        raise TooLarge(limit)
    text = source.decode("utf-8-sig") if isinstance(source, (bytes, bytearray)) else source
    if text.count("[") + text.count("{") > MAX_DEPTH:  # only then can it be too deep
        path = too_deep(text)
        if path is not None:
            raise TooDeep(path)
    if text.startswith("\ufeff"):  # a mark left inside the text: refused as `json.loads` refuses it
        raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    return _DECODER.decode(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise DuplicateKey(key)
            seen.add(key)
    return found


def _constant(name: str) -> float:
    return float(name.lower().replace("infinity", "inf"))  # NaN, ±Infinity: refused by the caller's fields


def _read_float(text: str) -> Decimal:
    """A JSON number with a point or an exponent, exactly as written; an exponent Decimal cannot hold
    becomes the largest it can."""
    try:
        return Decimal(text)
    except InvalidOperation:
        mantissa, _, exponent = text.lower().partition("e")
        if Decimal(mantissa).is_zero():
            return Decimal(0)
        sign = "-" if mantissa.startswith("-") else ""
        return Decimal(f"{sign}1e{'-' if exponent.startswith('-') else ''}999999999")


def _read_int(text: str) -> int | Decimal:
    """A JSON integer; a long one as a Decimal, so its size is checked before it is ever expanded."""
    return int(text) if len(text) <= LONGEST_INT_TEXT else Decimal(text)


# One decoder for every text (`json.loads` with these options makes a new one each call).
_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_float=_read_float, parse_int=_read_int,
                            parse_constant=_constant)

# A JSON string (an unterminated one runs to the end: the scan stays linear) or a bracket.
_TOKEN = re.compile(r'("(?:[^"\\]|\\.)*+(?:"|\\?\Z))(\s*:)?|[\[\]{}]', re.DOTALL)


def too_deep(text: str) -> list[str] | None:
    """The keys leading to the first place nested deeper than MAX_DEPTH, or None: brackets are counted
    on the text, outside strings, in one linear scan."""
    path: list[str | None] = []
    key: str | None = None
    for token in _TOKEN.finditer(text):
        mark = token.group()
        if mark in ("[", "{"):
            path.append(key)
            if len(path) > MAX_DEPTH:
                return [k for k in path if k is not None]
            key = None
        elif mark in ("]", "}"):
            key = path.pop() if path else None
        elif token.group(2):  # a string followed by ":" is an object's key
            key = token.group(1)[1:-1]
    return None
