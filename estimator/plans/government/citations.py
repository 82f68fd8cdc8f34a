"""Seeds 002 and 003's citations as the law reads them: "002 Regla 18.6(a)" → "Reglamento, Regla 18.6(a)"."""

from __future__ import annotations

import re

from estimator.words.catalog import t


def in_words(part: str, lang: str) -> str | None:
    if m := re.fullmatch(r"00[23] Regla (.+)", part):
        return t("cite.regulation", lang, rule=m.group(1))
    return None
