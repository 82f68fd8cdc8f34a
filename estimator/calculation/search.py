"""Search: the ages where some rule's condition can turn true, and the earliest at which one applies.

A rule's conditions are thresholds of age or service read from the plan's law; between two of them no
rule's answer changes, so the earliest eligibility, the key dates and the charts' thresholds look only there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import cache
from typing import Iterator, Literal

from gmpy2 import mpq

from estimator.arithmetic.exact import exact, to_fraction
from estimator.calculation.choice import (Evaluation, evaluate, facts_of, most_favourable, average_of, rules_of,
                                          why_no_pension)
from estimator.calculation.law_day import law_day, law_of
from estimator.calculation.answer import Earliest
from estimator.calculation.scenario import Scenario
from estimator.calculation.situation import Situation, average_at, first_age_with_service, separation_and_service
from estimator.law.parameters import Params, definitions
from estimator.law.rules import Rule


def threshold_values(plan_id: str, unit: str) -> list[Fraction]:
    """The plan's thresholds in `unit` ("years_of_age" or "years_of_service"), from its law, ascending."""
    return list(_ascending_on(plan_id, unit, date.today()))


@cache
def _ascending_on(plan_id: str, unit: str, day: date) -> tuple[Fraction, ...]:
    return tuple(sorted(_thresholds_on(plan_id, unit, day)))


def _in_law_order(plan_id: str, unit: str) -> dict[Fraction, None]:
    return _thresholds_on(plan_id, unit, date.today())


@cache
def _thresholds_on(plan_id: str, unit: str, day: date) -> dict[Fraction, None]:
    return dict.fromkeys(Fraction(spec.value) for spec in definitions(plan_id, day).values()
                         if spec.unit == unit and spec.value is not None)


def candidate_ages(s: Scenario, horizon_age: int = 100, dated: bool = False) -> list[Fraction]:
    """The ages from today's on where some rule's condition can turn true: the age thresholds, and the
    ages where service (growing while working) reaches a service threshold, or passes it by a month
    for the "more than" conditions. Any rule's first qualifying age is one of them. `dated`: the ages are
    monthly birthdays and service is counted from today's date to each (RULES.md §0), so it may lag the age
    difference by a month: the month after each of those ages is one too (`situation.first_age_with_service`)."""
    return [to_fraction(age) for age in _candidates(s, horizon_age, dated, law_day(s))]


@cache
def _thresholds_in_units(plan_id: str, day: date) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """The plan's age and service thresholds on `day` counted in one unit, 1/`base` of a year, that divides
    them all and a month: `base`, and each threshold as a whole number of that unit."""
    ages, services = _ascending_on(plan_id, "years_of_age", day), _ascending_on(plan_id, "years_of_service", day)
    base = math.lcm(12, *(t.denominator for t in ages + services))
    whole = lambda value: value.numerator * (base // value.denominator)  # noqa: E731
    return base, tuple(map(whole, ages)), tuple(map(whole, services))


def _candidates(s: Scenario, horizon_age: int, dated: bool, day: date) -> Iterator[mpq]:
    """`candidate_ages`, ascending, by the thresholds of the law read on `day`, each made exact (the rules' `mpq`)
    only when it is reached (a search stops at the first age where a rule applies, most often the second or third)."""
    base, ages, services = _thresholds_in_units(s.plan, day)
    # Counted in one unit that divides them all (a common denominator), every candidate is a whole number:
    # gathered, compared and sorted as integers, exactly, and only the result made a rational again.
    unit = math.lcm(s.age.denominator, s.service_years.denominator, base)
    scale, month = unit // base, unit // 12
    age = s.age.numerator * (unit // s.age.denominator)
    # Working on, service reaches a threshold T at the age `begun` + T: today's age less today's service.
    begun = age - s.service_years.numerator * (unit // s.service_years.denominator)
    candidates = {age, *(a * scale for a in ages if a * scale > age)}
    for threshold in () if s.left_service_early else services:
        reached = begun + threshold * scale
        if reached >= age:  # the threshold is not yet passed: T ≥ service
            candidates.update((reached, reached + month))
            if dated:
                candidates.add(reached + 2 * month)
    last = math.floor(horizon_age * unit)
    for candidate in sorted(candidates):
        if candidate > last:
            return
        yield mpq(candidate, unit)


def earliest_eligibility(s: Scenario, horizon_age: int = 100, situation: Situation | None = None,
                         params: Params | None = None, now: list[Evaluation] | None = None) -> Earliest | None:
    """The first age from `s.age` on at which some rule would apply, the member working on or waiting as
    `situation` (the member today, of whom `s` is the scenario at its age; by default `s` itself, without dates)
    gives the separation age, the service on the day the pension would start (RULES.md §0: the same day and service
    as the form's start age, the explorer and the key dates) and the average. The parameters, read
    without text, are the same at every age: read once. `now`: the caller's evaluations of `s`, where no rule
    applies; without dates the member at `s.age` is `s` itself, so that age is not evaluated again.

    From one age to a later one only age, separation age, service and the average change, and the first three
    never decrease, so a rule that fails a condition on who the member is (one without a threshold: police or not, a
    shortfall, separated or working on) or an upper bound (`below`) fails at every later age too: after the first
    age evaluated, only the others are. Without dates none of the three grows faster than the age, so a rule short
    of a threshold by some years cannot apply before that many years have passed: the ages before the first at
    which some rule could apply are not evaluated."""
    if why_no_pension(s):
        return None
    params = params or law_of(s, explain=False)
    situation = situation or Situation(s)
    rules = rules_of(s.plan, params.on)
    not_before = exact(s.age)  # as the candidate ages are (the rules' `mpq`)
    if now is not None:
        rules, not_before = _still_possible(now, not_before, situation.dated)
    # the same at every age, made exact once (the rules' `mpq`)
    average = exact(average_of(situation.today)) if situation.average_entered else None
    for age in _candidates(s, horizon_age, dated=situation.dated, day=params.on):
        if not rules:  # none can apply at any later age
            return None
        if age < not_before:  # with `now`, past the member's own age too: a rule that applied there would be chosen
            continue
        separation, service = separation_and_service(situation, age)
        facts = facts_of(s, explain=False, at=(age, separation, service),
                         average=average if average is not None else average_at(situation, age).value)
        evaluations = [evaluate(rule, facts, params) for rule in rules]  # `evaluations_at`, on these rules
        chosen = most_favourable(evaluations)  # the same as among all: the others do not apply
        if chosen is not None:
            return Earliest(age=float(age), rule=chosen.rule.id, service_years=float(service))
        rules, not_before = _still_possible(evaluations, age, situation.dated)
    return None


def _still_possible(evaluations: list[Evaluation], age: mpq, dated: bool) -> tuple[tuple[Rule, ...], mpq]:
    """The rules that may still apply at a later age than `age`, and the first age at which one could: with dates,
    `age` itself (the service counted from today's date may lag the age by a month, `candidate_ages`)."""
    possible, first = [], None
    for evaluation in evaluations:
        earliest = _earliest_possible(evaluation, age)
        if earliest is not None:
            possible.append(evaluation.rule)
            first = earliest if first is None or earliest < first else first
    return tuple(possible), age if dated or first is None else first


def _earliest_possible(evaluation: Evaluation, age: mpq) -> mpq | None:
    """The first age at which the rule could apply, evaluated at `age`, when each figure grows by the years the age
    does at most; None when it never can (it fails on who the member is, or an upper bound)."""
    earliest = age
    for condition in evaluation.outcome.conditions:
        if condition.met:
            continue
        if condition.threshold is None or condition.upper:
            return None
        reached = age + (condition.threshold.v - condition.actual.v)
        earliest = reached if earliest < reached else earliest
    return earliest


@dataclass(frozen=True)
class Threshold:
    """An age where a rule's threshold falls: an age threshold itself, or the age where service reaches one."""

    age: Fraction
    kind: Literal["age", "service"]
    value: Fraction  # the age threshold, or the years of service reached


def threshold_ages(situation: Situation, first: Fraction, last: Fraction) -> list[Threshold]:
    """The thresholds falling at ages in (`first`, `last`], for the charts: the plan's age thresholds, then, for a
    member whose service grows (in service, accruals not frozen), the first start age at which it reaches each
    service threshold (RULES.md §0: a threshold reached between two monthly birthdays marks the next one, as the
    key dates say); each list in the order of the plan's law."""
    plan_id = situation.today.plan
    found = [Threshold(age, "age", age) for age in _in_law_order(plan_id, "years_of_age") if first < age <= last]
    for years in _in_law_order(plan_id, "years_of_service"):
        age = first_age_with_service(situation, years)
        if age is not None and first < age <= last:
            found.append(Threshold(age, "service", years))
    return found
