"""Ages, periods and the fields to correct, in words: years and months, never a decimal."""

from __future__ import annotations

from fractions import Fraction

from estimator.numbers import whole_months

from .fields import PLACES
from .text import catalog, ui_text

# The form's fields in the order the form shows them.
FORM_ORDER = tuple(place.name for place in PLACES)


def period_label(months: int, lang: str) -> str:
    """A period or an age in years and months ("56 años y 3 meses"), never a decimal."""
    say = lambda key, **kw: ui_text(f"check.{key}", lang, **kw)  # noqa: E731
    years, rest = divmod(max(int(months), 0), 12)
    year_part = say("years_one") if years == 1 else say("years", n=years)
    month_part = say("months_one") if rest == 1 else say("months", n=rest)
    if not rest:
        return year_part
    return month_part if not years else say("years_and_months", years=year_part, months=month_part)


def age_label(age: Fraction, lang: str) -> str:
    """An age in years and months, counted as everywhere else (`whole_months`: an age read back from a
    saved or compared scenario as 58.666… years is 58 years and 8 months, not 7)."""
    return period_label(whole_months(age), lang)


def error_fields(errors: dict[str, str], lang: str) -> str:
    """The fields to correct, named as the member knows them ("fecha de nacimiento, salario promedio")."""
    ordered = sorted(errors, key=lambda f: FORM_ORDER.index(f) if f in FORM_ORDER else len(FORM_ORDER))
    return ", ".join(ui_text(f"check.name.{f}", lang) if f"check.name.{f}" in catalog(lang) else f for f in ordered)
