"""Text taken from a file a person uploaded (file names, key names, cell text), shown as plain text.

Streamlit's alerts and captions read their text as markdown: a file named `![p](http://host/x.png)` would
load an image from another host, and `[Llame](https://x)` would become a link. Two steps keep such text
inert:

- `one_line(text)` when it is put into a message: one line, no control or invisible characters, at most
  `limit` characters;
- `plain(message)` (or `alert(kind, message)`) when the message is shown: every ASCII punctuation mark
  backslash-escaped, which CommonMark allows for any of them, so markdown shows the characters as they
  are — no link, image, HTML, emphasis, heading, list, Streamlit `:color[…]` or `:icon:` directive,
  `$…$` formula or bare-URL autolink.
"""

from __future__ import annotations

import string
import unicodedata

import streamlit as st

PUNCTUATION = frozenset(string.punctuation)
LIMIT = 80


def one_line(text: object, limit: int = LIMIT) -> str:
    """`text` on one line, without control or invisible characters, shortened to `limit` (with "…")."""
    kept = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in str(text))
    kept = " ".join(kept.split())
    return kept if len(kept) <= limit else kept[: limit - 1] + "…"


def plain(text: object) -> str:
    """Markdown that shows exactly the characters of `text` (line breaks become spaces)."""
    return "".join("\\" + ch if ch in PUNCTUATION else ch for ch in one_line(text, limit=10_000))


def alert(kind: str, message: str) -> None:
    """`st.error` / `st.warning` / `st.success` / `st.info` of a message that may quote an uploaded file."""
    show = {"error": st.error, "warning": st.warning, "success": st.success, "info": st.info}[kind]
    show(plain(message))
