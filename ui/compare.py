"""Why two scenarios differ, in words: plain functions."""

from __future__ import annotations

from estimator import Answer, Scenario
from estimator.numbers import money, number
from estimator.texts import t

from .member import age_label
from .text import ui_text


def difference_reasons(base: Scenario, base_answer: Answer, other: Scenario, answer: Answer, lang: str) -> list[str]:
    say = lambda key, **kw: ui_text(f"compare.{key}", lang, **kw)  # noqa: E731
    rule = lambda a: t(f"rule.{a.rule}", lang) if a.rule else say("none")  # noqa: E731
    reasons = []
    if other.plan != base.plan:
        reasons.append(say("reason_plan", plan=other.plan, base=base.plan))
    if answer.rule != base_answer.rule:
        reasons.append(say("reason_rule", rule=rule(answer), base=rule(base_answer)))
    if other.age != base.age:
        reasons.append(say("reason_age", age=age_label(other.age, lang), base=age_label(base.age, lang)))
    if other.service_years != base.service_years:
        reasons.append(say("reason_service", service=number(other.service_years), base=number(base.service_years)))
    if _average(other) != _average(base):
        reasons.append(say("reason_average", average=money(_average(other)), base=money(_average(base))))
    if answer.eligible and base_answer.eligible and answer.reduction_factor != base_answer.reduction_factor:
        reasons.append(say("reason_factor", factor=number(answer.reduction_factor, 4),
                           base=number(base_answer.reduction_factor, 4)))
    if answer.minimum_applied != base_answer.minimum_applied:
        reasons.append(say("reason_minimum"))
    return reasons or [say("same")]


def _average(s: Scenario):
    return s.average_salary if s.average_salary is not None else s.average_monthly_salary
