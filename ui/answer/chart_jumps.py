"""Where a chart's amount jumps, and why: a change of rule, or a threshold of the plan (an age, years of
service) where the amount moves more than a month's accrual ever does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from estimator import Member, number, threshold_ages, threshold_values

from ui.answer.formatting import age_label
from ui.shell.text import ui_text


@dataclass(frozen=True)
class Jump:
    index: int        # the first point at the new amount
    rule: str | None  # the rule from there on
    change: float     # the new amount less the one before


def find_jumps(column: list[tuple[str | None, float]], thresholds: set[int]) -> list[Jump]:
    """Where the rule changes, or where, at one of the plan's thresholds, the amount moves by more than
    it ever does from one point to the next elsewhere under one rule (a month's or a year's accrual,
    a raise)."""
    steps = [abs(column[i][1] - column[i - 1][1]) for i in range(1, len(column))
             if column[i][0] == column[i - 1][0] and i not in thresholds]
    normal = max(steps, default=0.0)
    jumps = []
    for i in range(1, len(column)):
        (before_rule, before), (rule, amount) = column[i - 1], column[i]
        moved = i in thresholds and abs(amount - before) > 1.5 * normal + 0.5
        if rule != before_rule or moved:
            jumps.append(Jump(i, rule, amount - before))
    return jumps


def thresholds(member: Member, ages: list[Fraction], lang: str) -> list[tuple[Fraction, str]]:
    """The ages where a rule's threshold falls (`estimator.search.threshold_ages`): the plan's age thresholds
    and, for a member in service whose accruals are not frozen, the ages where service reaches its thresholds;
    two at one age are named together."""
    marks: dict[Fraction, str] = {}
    for mark in threshold_ages(member.situation, ages[0], ages[-1]):
        if mark.kind == "age":
            label = ui_text("chart.threshold_age", lang, age=number(mark.value))
        else:
            label = ui_text("chart.threshold_service", lang, years=number(mark.value))
        if mark.age not in marks:
            marks[mark.age] = label
        elif label not in marks[mark.age]:
            marks[mark.age] = f"{marks[mark.age]} · {label}"
    return sorted(marks.items())


def service_limits(plan: str) -> set[Fraction]:
    return set(threshold_values(plan, "years_of_service"))


def service_cause(plan: str, service: Fraction, lang: str) -> str | None:
    """"30 años de servicio" at a threshold; "más de 25 años de servicio" a month past one ("más de
    veinticinco años", ¶A.4); otherwise None."""
    limits = service_limits(plan)
    if service in limits:
        return ui_text("chart.threshold_service", lang, years=number(service))
    if service - Fraction(1, 12) in limits:
        return ui_text("chart.threshold_more_service", lang, years=number(service - Fraction(1, 12)))
    return None


def age_cause(member: Member, age: Fraction, marks: dict[Fraction, str], lang: str) -> tuple[str, bool]:
    """What happens at `age` on the age chart: a threshold of age or service (True), else the age itself
    (False)."""
    situation = member.situation
    if age in marks:
        return marks[age], True
    if situation.in_service and situation.accrues:
        cause = service_cause(member.plan, member.at(age).service_years, lang)
        if cause:
            return cause, True
    return age_label(age, lang), False


def notes_alt(notes: list[str], lang: str) -> str:
    return ui_text("chart.jumps_alt", lang, jumps="; ".join(notes)) if notes else ""
