"""Citations as a member reads them: "000 ¶A.1" → "Maestros, Sección A, inciso 1" (RULES.md).

The rules cite the seed file and paragraph; shown to users they read as the law does.
"""

from __future__ import annotations

import re

from .texts import t

def display(cite: str, lang: str = "es") -> str:
    """Every part of a citation ("; "-separated) in the law's own words."""
    return "; ".join(_one(part.strip(), lang) for part in cite.split(";"))


def _one(part: str, lang: str) -> str:
    if m := re.fullmatch(r"000 ¶([A-C])\.(\d)((?:, ¶[A-C]\.\d)*)", part):
        extra = "".join(f", {t('cite.item', lang, item=i)}" for i in re.findall(r"¶[A-C]\.(\d)", m.group(3)))
        return t("cite.teachers_item", lang, section=m.group(1), item=m.group(2)) + extra
    if m := re.fullmatch(r"000 ¶([A-C])((?:, ¶[A-C](?:\.\d)?)*)", part):
        return t("cite.teachers_section", lang, section=m.group(1)) + m.group(2).replace("¶", "")
    if m := re.fullmatch(r"001 \(([a-d])\)", part):
        return t("cite.new_participants", lang, item=m.group(1))
    if m := re.fullmatch(r"00[23] (Regla .+)", part):
        return m.group(1)
    if m := re.fullmatch(r"004 ¶([A-F])(?:\.(\d))?", part):
        item = f".{m.group(2)}" if m.group(2) else ""
        return t("cite.coordination", lang, paragraph=m.group(1) + item)
    return part
