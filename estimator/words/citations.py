"""Citations as a member reads them: "000 ¶A.1" → "Maestros, Sección A, inciso 1" (RULES.md), each by the folder
of the plans whose seed it cites (`plans/<folder>/citations.py`).

The rules cite the seed file and paragraph (in code, tests and the rules page's source column);
everything a person reads gets the law's own words, in both languages — a citation names the text
as the law does, in Spanish (CONTRACT.md, *Steps*: "Reglamento, Regla 18.6(a)", "Ley 1-1990,
inciso (c)", "Maestros, Sección A, inciso 1").
"""

from __future__ import annotations

from functools import cache

from estimator.law.registry import citation_readers


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
    """One citation in the law's words, by the folder whose seeds it cites (each plan's or shared folder's
    `citations.py`, found through the registry); a citation no folder reads is shown as written."""
    for reader in citation_readers():
        if (words := reader.in_words(part, lang)) is not None:
            return words
    return part
