"""Seed 900's citations as the law reads them: "900 ¶1" → "Ley Demo, artículo 1"."""

from __future__ import annotations

import re


def in_words(part: str, lang: str) -> str | None:
    if m := re.fullmatch(r"900 ¶(\d)", part):
        return f"Ley Demo, artículo {m.group(1)}"
    return None
