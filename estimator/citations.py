"""Citations as a member reads them: "000 ¶A.1" → "Maestros, Sección A, inciso 1" (RULES.md).

The rules cite the seed file and paragraph (in code, tests and the rules page's source column);
everything a person reads gets the law's own words, in both languages — a citation names the text
as the law does, in Spanish (CONTRACT.md, *Steps*: "Reglamento, Regla 18.6(a)", "Ley 1-1990,
inciso (c)", "Maestros, Sección A, inciso 1").
"""

from __future__ import annotations

import re
from functools import cache

from .texts import t


@cache
def display(cite: str, lang: str = "es") -> str:
    """Every part of a citation ("; "-separated) in the law's own words."""
    parts: list[str] = []
    for part in cite.split(";"):
        text = _one(part.strip(), lang)
        prefix = text.partition(", ")[0] + ", "
        if parts and parts[-1].startswith(prefix) and text.startswith(prefix) and ", " in text:
            text = text[len(prefix):]  # "Reglamento, Regla 18.6(a); Regla 19.5(a)"
        parts.append(text)
    return "; ".join(parts)


def with_cite(title: str, cite: str, form: str) -> str:
    """A rule's title with its citation in `form` ("{title} ({cite})"), or the title alone when it is named by
    its citation already (a teacher's rule: "Maestros, Sección C: …"): a citation said once."""
    return title if title.startswith(cite) else form.format(title=title, cite=cite)


def _one(part: str, lang: str) -> str:
    if m := re.fullmatch(r"000 ¶([A-C])((?:\.\d)?)((?:, ¶[A-C](?:\.\d)?)*)", part):
        text = _teachers(m.group(1), m.group(2)[1:], lang)
        for section, item in re.findall(r"¶([A-C])(?:\.(\d))?", m.group(3)):
            text += ", " + (t("cite.item", lang, item=item) if section == m.group(1) and item
                            else _teachers(section, item, lang))
        return text
    if m := re.fullmatch(r"001 \(([a-d])\)", part):
        return t("cite.new_participants", lang, item=m.group(1))
    if m := re.fullmatch(r"00[23] Regla (.+)", part):
        return t("cite.regulation", lang, rule=m.group(1))
    if m := re.fullmatch(r"004 ¶([A-F](?:\.\d)?)((?:, ¶[A-F](?:\.\d)?)*)", part):
        paragraphs = [m.group(1)] + re.findall(r"¶([A-F](?:\.\d)?)", m.group(2))
        return t("cite.coordination", lang, paragraph=", ".join(paragraphs))
    return part


def _teachers(section: str, item: str, lang: str) -> str:
    if item:
        return t("cite.teachers_item", lang, section=section, item=item)
    return t("cite.teachers_section", lang, section=section)
