"""How the law's values and the named assumptions are said: a value as a page shows it, an assumption's label,
figure and source, and its mark beside an amount it entered (RULES.md §0, *Shown to people*)."""

from __future__ import annotations

from typing import Any

from estimator.arithmetic.display import exact_number, exact_percent
from estimator.arithmetic.exact import to_fraction
from estimator.law.law_file import Parameter
from estimator.law.parameters import RENDER_BY_UNIT, assumption_definition, assumption_entry
from estimator.words.catalog import date_words, t


def value_shown(spec: Parameter, lang: str) -> str | None:
    """The value of the law as a page shows it (a date in words; the day it took effect when the law dates it), or
    None when it has no default."""
    if spec.date is not None:
        return date_words(spec.date, lang)
    if spec.value is None:
        return None
    shown = RENDER_BY_UNIT[spec.unit](spec.value)
    if spec.effective_from is None:
        return shown
    return t("law.value_from", lang, value=shown, day=date_words(spec.effective_from, lang))


def assumption_label(name: str, lang: str) -> str:
    """The label of a named assumption, whichever plan's file defines it."""
    return assumption_definition(name).label(lang)


def assumption_source(name: str, lang: str) -> str:
    """Where a named assumption's default comes from, in words."""
    return assumption_definition(name).source(lang) or ""


def assumption_figure(name: str, value: Any) -> str:
    """An assumption's figure as every answer prints it: as a percentage (75%), unless the law enters it as the
    number it is (the Board's factor, 0.8), with the digits it has."""
    exact = to_fraction(value)
    entered = assumption_entry(name).entered
    return exact_number(exact) if entered is not None and not entered.percent else exact_percent(exact)


def assumption_stated(name: str, value: Any, entered: bool, lang: str, with_source: bool = True) -> str:
    """"<label> = <figure> (<whose figure it is>)" (RULES.md §0), and where the default comes from when
    `with_source`: the words of the answer, the report and the comparison alike. No figure for `value` None."""
    whose = (t("report.assumption_entered", lang) if entered else
             t("report.assumption_default", lang, source=f". {assumption_source(name, lang)}" if with_source else ""))
    figure = "" if value is None else assumption_figure(name, value)
    return t("report.assumption", lang, label=assumption_label(name, lang), value=figure, whose=whose)


def assumption_mark(name: str, value: Any, entered: bool, lang: str, with_source: bool = True) -> str:
    """"Supuesto: " and `assumption_stated`: an assumption marked as one where it entered an amount."""
    return t("report.assumption_mark", lang, mark=assumption_stated(name, value, entered, lang, with_source))


def used_mark(used: Any, lang: str) -> str:
    """An `AssumptionUsed` (name, value, source) marked beside an amount shown at another age or service (the
    explorer, the charts, the key dates): `assumption_mark` without the default's source, as a step's mark."""
    return assumption_mark(used.name, used.value, used.entered, lang, with_source=False)
