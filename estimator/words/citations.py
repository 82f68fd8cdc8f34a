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
from estimator.words.catalog import catalog


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
    """One citation in the law's words, by the folder whose seeds it cites: its `citations.py` when it reads them
    by code (found through the registry), else the `[cite]` table of its words, whose keys are the starts of its
    seeds' citations ("900 ¶" → "Ley Demo, artículo "); a citation neither reads is shown as written."""
    for reader in citation_readers():
        if (words := reader.in_words(part, lang)) is not None:
            return words
    for start, words in _written(lang):
        if part.startswith(start):
            return words + part[len(start):]
    return part


@cache
def _written(lang: str) -> tuple[tuple[str, str], ...]:
    """The `[cite]` tables of the plans' words files, the longest start first."""
    said = [(key[len(CITE):], text) for key, text in catalog(lang).items() if key.startswith(CITE)]
    return tuple(sorted(said, key=lambda pair: -len(pair[0])))


CITE = "cite."
