"""Key dates: when a member first qualifies under each rule, and the change at 65 under coordination.

Ages come from dates in completed months ÷ 12 (RULES.md §0). A member in service is assumed to keep
working (service grows with age); one who already left waits (service fixed).
"""

from __future__ import annotations

import calendar
import math
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Callable

from .plans import coordination
from .engine import candidate_ages, estimate, evaluations_at, moved_to, payable, rules_of
from .models import Scenario
from .parameters import Params
from .rules import DEFERRED


def age_on(birth: date, on: date) -> Fraction:
    """Age in completed months ÷ 12."""
    months = (on.year - birth.year) * 12 + (on.month - birth.month) - (on.day < birth.day)
    return Fraction(months, 12)


def date_at(birth: date, age: Fraction) -> date:
    """The first day on which a person born on `birth` has reached `age` (in whole months)."""
    months = math.ceil(Fraction(age) * 12)
    year, month = divmod(birth.month - 1 + months, 12)
    year += birth.year
    day = min(birth.day, calendar.monthrange(year, month + 1)[1])
    return date(year, month + 1, day)


@dataclass(frozen=True)
class KeyDate:
    kind: str                  # "rule": first qualifies under `rule`; "coordination": the change at 65
    rule: str | None
    age: Fraction
    service_years: Fraction
    monthly_pension: Decimal   # under that rule at that age (after reduction and minimum), or from 65
    reduced: bool
    deferred: bool
    when: date | None = None


def key_dates(s: Scenario, birth: date | None = None, planned_age: Fraction | None = None,
              horizon_age: int = 100, move: Callable[[Fraction], Scenario] | None = None) -> list[KeyDate]:
    """For each rule of the plan, the first age (and date) from `s.age` on at which it applies, with
    its amount then; and, when the pension planned to start at `planned_age` is coordinated, the
    month the member turns 65 and what the system pays from then. `move` gives the scenario at a later
    age (default: working on, or waiting, with today's average; the app passes its projection)."""
    move = move or (lambda age: moved_to(s, age))
    if s.refunded or (s.plan == "teachers" and s.left_service_early):
        return []
    params = Params(s.plan, s.assumptions.given(), explain=False)
    found: dict[str, KeyDate] = {}
    for age in candidate_ages(s, horizon_age):
        moved = move(age)
        for evaluation in evaluations_at(moved):
            rule = evaluation.rule
            if evaluation.applies and rule.id not in found:
                found[rule.id] = KeyDate(
                    kind="rule", rule=rule.id, age=age, service_years=moved.service_years,
                    monthly_pension=payable(s.plan, evaluation.amount.v, params).monthly,
                    reduced=evaluation.factor is not None, deferred=rule.path == DEFERRED,
                    when=date_at(birth, age) if birth else None)
    order = {rule.id: index for index, rule in enumerate(rules_of(s.plan))}
    dates = sorted(found.values(), key=lambda d: (d.age, order[d.rule]))
    if planned_age is not None and coordination.applies(s.plan, s.group, s.coordinated):
        planned = move(Fraction(planned_age))
        answer = estimate(planned, find_earliest=False)
        if answer.coordination is not None:
            at = max(params.raw("coordination_age"), planned.age)
            dates.append(KeyDate(kind="coordination", rule=answer.rule, age=at,
                                 service_years=planned.service_years,
                                 monthly_pension=answer.coordination.monthly_pension_from_65, reduced=False,
                                 deferred=False, when=date_at(birth, at) if birth else None))
    return sorted(dates, key=lambda d: d.age)
