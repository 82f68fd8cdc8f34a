"""Text taken from a file a person uploaded (file names, key names, cell text), shown as plain text.

Streamlit's alerts and captions read their text as markdown: a file named `![p](http://host/x.png)` would
load an image from another host, and `[Llame](https://x)` would become a link. Two steps keep such text
inert:

- `one_line(text)` when it is put into a message: one line, no control or invisible characters, at most
  `limit` characters;
- `plain(message)` (or `alert(kind, message)`) when the message is shown: every ASCII punctuation mark
  backslash-escaped, which CommonMark allows for any of them, so markdown shows the characters as they
  are — no link, image, HTML, emphasis, heading, list, Streamlit `:color[…]` or `:icon:` directive,
  `$…$` formula;
- and, since escapes do not stop GitHub-style autolinks (Streamlit's markdown finds `http://…`, `https://…`,
  `www.…` and `name@host.tld` in the text *after* escapes are read), an invisible word joiner (U+2060)
  is put where those patterns need two characters side by side: between `http`/`https` and its `:`, between
  `www` and its `.`, and before an `@`. The text reads and prints the same; it is no longer an address.
"""

from __future__ import annotations

import re
import string
import unicodedata

import streamlit as st

PUNCTUATION = frozenset(string.punctuation)
LIMIT = 80
JOINER = "\u2060"  # WORD JOINER: invisible, not a space, so no link pattern matches across it
# In escaped text: between `http`/`https` and `\:`, between `www` and `\.`, and before `\@`.
AUTOLINK_PARTS = re.compile(r"(?:(?<=http)|(?<=https))(?=\\:)|(?<=www)(?=\\\.)|(?=\\@)", re.IGNORECASE)


def one_line(text: object, limit: int = LIMIT) -> str:
    """`text` on one line, without control or invisible characters, shortened to `limit` (with "…")."""
    kept = "".join(" " if unicodedata.category(ch)[0] in "CZ" else ch for ch in str(text))
    kept = " ".join(kept.split())
    return kept if len(kept) <= limit else kept[: limit - 1] + "…"


def plain(text: object) -> str:
    """Markdown that shows exactly the characters of `text` (line breaks become spaces)."""
    escaped = "".join("\\" + ch if ch in PUNCTUATION else ch for ch in one_line(text, limit=10_000))
    return AUTOLINK_PARTS.sub(JOINER, escaped)


def alert(kind: str, message: str) -> None:
    """`st.error` / `st.warning` / `st.success` / `st.info` of a message that may quote an uploaded file."""
    show = {"error": st.error, "warning": st.warning, "success": st.success, "info": st.info}[kind]
    show(plain(message))
