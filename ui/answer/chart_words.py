"""What the charts say in words: a rule's name, dates as Puerto Rico writes them ("15 nov 2026") and the date
axis' ticks in the page's language (plotly's own locales are not loaded), ages on an axis, a jump's sentence.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

from estimator import t

from ui.shell.text import ui_text


def rule_name(rule_id: str | None, lang: str) -> str:
    if rule_id is None:
        return ui_text("chart.no_rule", lang)
    return t(f"rule.{rule_id}", lang).split(":")[0]


def short_rule(rule_id: str | None, lang: str) -> str:
    """The rule in a few words, for a label on a chart: "pensión por mérito", "unreduced (Regla 18.2)"."""
    if rule_id is None:
        return ui_text("chart.no_rule", lang).lower()
    return ui_text(f"chart.short.{rule_id}", lang)


def date_label(day: date, lang: str) -> str:
    """Puerto Rico style, in the page's language: "15 nov 2026" / "15 Nov 2026"."""
    return ui_text("chart.date", lang, day=day.day, month=_month(day, lang), year=day.year)


def month_label(day: date, lang: str) -> str:
    return ui_text("chart.month_year", lang, month=_month(day, lang), year=day.year)


def _month(day: date, lang: str) -> str:
    return ui_text("chart.months", lang).split(",")[day.month - 1]


def short_age(age: Fraction, lang: str) -> str:
    """An axis tick: "58", "58 a 3 m" / "58 y 3 m"."""
    years, months = divmod(int(Fraction(age) * 12), 12)
    return ui_text("chart.age_short_months", lang, years=years, months=months) if months else str(years)


def change_text(amount: float) -> str:
    """A difference in whole dollars with its sign: "+$855", "−$120"."""
    dollars = round(abs(amount))
    return f"{'+' if amount >= 0 else '−'}${dollars:,}"


def rule_change(before: str | None, rule: str | None, at_threshold: bool, lang: str) -> str:
    """The rule after a jump, in a few words. Where no threshold is crossed and one rule takes over from
    another, it is because it now pays more (RULES.md §0, Choice: the most favourable amount), as Regla 18.2
    overtakes the merit pension past 42.5 years of service (§3, no cap): said so, not just named."""
    if at_threshold or before is None or rule is None or before == rule:
        return short_rule(rule, lang)
    return ui_text("chart.overtakes", lang, rule=short_rule(rule, lang), before=short_rule(before, lang))


def jump_text(cause: str, rule: str, change: float, lang: str) -> str:
    return ui_text("chart.jump", lang, cause=cause, rule=rule, change=change_text(change))


def date_ticks(first: date, last: date, lang: str, most: int = 4) -> tuple[list[str], list[str]]:
    """At most `most` ticks on the first of a month, evenly spaced between `first` and `last`, labelled
    "ene 2028" / "Jan 2028" (plotly's month names would be English whatever the page's language)."""
    low, high = first.year * 12 + first.month - 1 + (first.day > 1), last.year * 12 + last.month - 1
    months: list[int] = []
    for step in (1, 2, 3, 6, 12, 24, 36, 60, 120, 240):
        months = list(range(-(-low // step) * step, high + 1, step))
        if len(months) <= most:
            break
    days = [date(m // 12, m % 12 + 1, 1) for m in months]
    return [d.isoformat() for d in days], [month_label(d, lang) for d in days]
