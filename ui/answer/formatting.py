"""Ages and the fields to correct, in words: years and months, never a decimal."""

from __future__ import annotations

from fractions import Fraction

from estimator import AssumptionUsed, growth_change, span

from ui.form.fields import PLACES
from ui.shell.text import catalog, ui_text

# The form's fields in the order the form shows them.
FORM_ORDER = tuple(place.name for place in PLACES)


def age_label(age: Fraction, lang: str) -> str:
    """An age in years and months, counted as everywhere else (`whole_months`: an age read back from a
    saved or compared scenario as 58.666… years is 58 years and 8 months, not 7)."""
    return span(age, lang)


def dollars_words(grown: AssumptionUsed | None, lang: str) -> str:
    """RULES.md §7: which dollars an amount is in, under the headline and in the explorer alike. `grown` is the
    salary growth other than 0% that entered it (`estimator.growth.growth_in`), or None."""
    if grown is None:
        return ui_text("result.today_dollars", lang)
    return ui_text("result.grown_dollars", lang, change=salaries_change(grown, lang))


def salaries_change(grown: AssumptionUsed, lang: str) -> str:
    """How future salaries change, with the figure entered: "crecen 2%", or "bajan 1.5%" for a growth below zero
    (not "crecen -1.5%"): the estimator's one rule for the sign (`growth_change`), in the answer's words."""
    return growth_change(grown.value, lang, "result.growth", ui_text)


def error_fields(errors: dict[str, str], lang: str) -> str:
    """The fields to correct, named as the member knows them ("fecha de nacimiento, salario promedio")."""
    ordered = sorted(errors, key=lambda f: FORM_ORDER.index(f) if f in FORM_ORDER else len(FORM_ORDER))
    return ", ".join(ui_text(f"check.name.{f}", lang) if f"check.name.{f}" in catalog(lang) else f for f in ordered)
