"""Seed 001's citations as the law reads them: "001 (c)" → "Ley 1-1990, inciso (c)"."""

from __future__ import annotations

import re

from estimator.words.catalog import t


def in_words(part: str, lang: str) -> str | None:
    if m := re.fullmatch(r"001 \(([a-d])\)", part):
        return t("cite.new_participants", lang, item=m.group(1))
    return None
