"""Seed 004's citations as the law reads them: "004 ¶D" → "Coordinación con el Seguro Social, apartado D"."""

from __future__ import annotations

import re

from estimator.words.catalog import t


def in_words(part: str, lang: str) -> str | None:
    if m := re.fullmatch(r"004 ¶([A-F](?:\.\d)?)((?:, ¶[A-F](?:\.\d)?)*)", part):
        paragraphs = [m.group(1)] + re.findall(r"¶([A-F](?:\.\d)?)", m.group(2))
        return t("cite.coordination", lang, paragraph=", ".join(paragraphs))
    return None
