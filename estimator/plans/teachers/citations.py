"""Seed 000's citations as the law reads them: "000 ¶A.1" → "Maestros, Sección A, inciso 1"."""

from __future__ import annotations

import re

from estimator.words.catalog import t


def in_words(part: str, lang: str) -> str | None:
    """One citation of seed 000 in words ("000 ¶A.1, ¶B" → "Maestros, Sección A, inciso 1, Sección B"), or
    None when it is not one."""
    if m := re.fullmatch(r"000 ¶([A-C])((?:\.\d)?)((?:, ¶[A-C](?:\.\d)?)*)", part):
        text = _section(m.group(1), m.group(2)[1:], lang)
        for section, item in re.findall(r"¶([A-C])(?:\.(\d))?", m.group(3)):
            text += ", " + (t("cite.item", lang, item=item) if section == m.group(1) and item
                            else _section(section, item, lang))
        return text
    return None


def _section(section: str, item: str, lang: str) -> str:
    if item:
        return t("cite.teachers_item", lang, section=section, item=item)
    return t("cite.teachers_section", lang, section=section)
