"""What Streamlit's markdown would turn into a link, read from the markdown an element was given.

Streamlit's renderer (react-markdown with remark-gfm, in its 1.67 bundle) makes a link of
- `[text](url)`, `[text][ref]`, `<scheme:…>` and `<name@host>` written as markdown (unescaped brackets);
- and, on the text *after* backslash escapes are read, the GFM autolink literals: the bundle's own patterns
  `/(https?:\\/\\/|www(?=\\.))([-.\\w]+)([^ \\t\\r\\n]*)/gi` and `([-.\\w+]+)@([-\\w]+(?:\\.[-\\w]+)+)` (with `\\w`
  ASCII-only, as in JavaScript). Here they are matched without the renderer's extra conditions (which only
  ever refuse a link), so this finds at least every link the page would draw.
"""

from __future__ import annotations

import re
import string

ESCAPE = re.compile(r"\\([" + re.escape(string.punctuation) + "])")
URL = re.compile(r"(https?://|www(?=\.))([-.\w]+)([^ \t\r\n]*)", re.IGNORECASE | re.ASCII)
EMAIL = re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII)
# Markdown link syntax with its brackets unescaped: an inline or reference link, an angle-bracket autolink.
SYNTAX = re.compile(r"(?<!\\)\[[^\]]*(?<!\\)\]\s*[(\[]|(?<!\\)<[A-Za-z][-+.\w]*:|(?<!\\)<[^>\s]+@")


def links(markdown: str) -> list[str]:
    """The pieces of `markdown` that would render as a link (empty: none would)."""
    found = [m.group() for m in SYNTAX.finditer(markdown.replace("\\\\", ""))]
    text = ESCAPE.sub(r"\1", markdown)
    return found + [m.group() for m in URL.finditer(text)] + [m.group() for m in EMAIL.finditer(text)]


def read(markdown: str) -> str:
    """What a person reads: escapes resolved, the invisible word joiners (ui/shell/plain.py) left out."""
    return ESCAPE.sub(r"\1", markdown).replace("\u2060", "")
