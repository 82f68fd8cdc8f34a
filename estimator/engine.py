"""One scenario in, the answer out: which rules apply, the most favourable, and every step.

RULES.md §0 (Choice, Rounding, Not covered), with §2–§6 for the plans. The steps shown to a member
are the calculation's own: every amount below is computed from a `Q` that carries its formula.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable

from . import coordination, ley1, ley447, teachers  # noqa: F401  (registers each plan's rules)
from .explain import Q
from .government import minimum_monthly, reduction_factor
from .models import (Alternative, Answer, Contribution, Coordination, Earliest, Scenario, Step)
from .numbers import money, number, round_cents
from .parameters import Params
from .rules import ACTIVE, DEFERRED, REGISTRY, Facts, Outcome, Rule, all_met
from .texts import t

MONTHS = Q(12, "12")


@dataclass
class Evaluation:
    rule: Rule
    outcome: Outcome
    applies: Any
    factor: Q | None   # the actuarial reduction factor, when the rule is reduced
    amount: Q          # after reduction, before the minimum


def rules_of(plan: str) -> list[Rule]:
    return REGISTRY[plan]


def plan_average(s: Scenario) -> Fraction:
    """The average the plan's rules use: M monthly, rounded to cents first, for teachers (RULES.md §0);
    AC annual, exact, for the government plans."""
    if s.plan == "teachers":
        monthly = s.average_monthly_salary if s.average_monthly_salary is not None else s.average_salary / 12
        return Fraction(round_cents(monthly))
    return s.average_salary if s.average_salary is not None else 12 * s.average_monthly_salary


def facts_of(s: Scenario, explain: bool = True) -> Facts:
    """The facts the rules read, from a validated scenario (RULES.md §0, §7)."""
    average = plan_average(s)

    def q(value: Fraction, render=number) -> Q:
        return Q(value, render(value) if explain else None)

    return Facts(
        age=q(s.age), separation_age=q(s.separation_age), service=q(s.service_years),
        average=q(average, money),
        police_or_firefighter=s.group in ("police", "firefighter"),
        contribution_shortfall=s.contribution_shortfall and s.plan == "teachers",
        in_system_june_1960=s.in_system_june_1960 and s.plan == "ley447",
        left_service_early=s.left_service_early,
    )


def evaluate(rule: Rule, facts: Facts, params: Params) -> Evaluation:
    outcome = rule(facts, params)
    factor = None
    amount = outcome.amount
    if rule.reduction is not None:
        factor = reduction_factor(params, getattr(params, rule.reduction.unreduced_age),
                                  getattr(facts, rule.reduction.at))
        amount = amount * factor
    return Evaluation(rule, outcome, all_met(outcome.conditions), factor, amount)


def most_favourable(evaluations: list[Evaluation]) -> Evaluation | None:
    """RULES.md §0, Choice: the highest exact amount after reduction, before the minimum; on equal
    amounts the first in table order (which lists active-service rules before deferred ones)."""
    best = None
    for evaluation in evaluations:
        if evaluation.applies and (best is None or evaluation.amount.v > best.amount.v):
            best = evaluation
    return best


@dataclass
class Payable:
    monthly: Decimal
    annual: Decimal
    minimum_applied: bool
    annual_exact: Fraction  # after the minimum: the P of coordination (RULES.md §4)


def payable(plan: str, amount: Fraction, params: Params) -> Payable:
    """RULES.md §0, Rounding, and §6, Minimum."""
    if plan == "teachers":
        monthly = round_cents(amount)
        return Payable(monthly, monthly * 12, False, Fraction(monthly) * 12)
    monthly = round_cents(amount / 12)
    minimum = params.raw("minimum_monthly_pension")
    if monthly < minimum:
        return Payable(round_cents(minimum), round_cents(minimum * 12), True, minimum * 12)
    return Payable(monthly, round_cents(amount), False, amount)


def estimate(s: Scenario, lang: str = "es", *, average_steps: list[Step] | None = None,
             find_earliest: bool = True, move: Callable[[Fraction], Scenario] | None = None) -> Answer:
    """The answer for one scenario (CONTRACT.md), its reasons and steps in `lang`. `move` gives the
    scenario at a later age for the earliest eligibility (default `moved_to`)."""
    params = Params(s.plan, s.assumptions.given())
    notes = _notes_on_fields(s, lang)
    steps = list(average_steps or [])

    if s.refunded:
        return _no_pension(True, [t("reason.refunded", lang)] + notes, steps)
    if s.plan == "teachers" and s.left_service_early:
        return _no_pension(False, [t("reason.teachers_deferred", lang)] + notes, steps)

    facts = facts_of(s)
    if not average_steps:  # a history's average already has its step
        steps.append(_average_step(s, facts, lang))
    evaluations = [evaluate(rule, facts, params) for rule in rules_of(s.plan)]
    chosen = most_favourable(evaluations)
    if chosen is None:
        reasons = [_unmet(e, lang) for e in evaluations] + _plan_notes(s, facts, params, None, lang) + notes
        earliest = earliest_eligibility(s, move=move) if find_earliest else None
        if earliest is not None:
            reasons.append(t("reason.earliest_working" if not s.left_service_early else "reason.earliest_waiting",
                             lang, age=number(earliest.age), service=number(earliest.service_years),
                             rule=t(f"rule.{earliest.rule}", lang)))
        elif find_earliest:
            reasons.append(t("reason.never", lang))
        return _no_pension(True, reasons, steps, earliest)

    pay = payable(s.plan, chosen.amount.v, params)
    steps += _amount_steps(s, chosen, pay, params, lang)
    alternatives = [Alternative(rule=e.rule.id, monthly_pension=payable(s.plan, e.amount.v, params).monthly)
                    for e in evaluations if e.applies and e is not chosen]
    reasons = _chosen_notes(s, chosen, pay, params, bool(alternatives), lang)
    reasons += _plan_notes(s, facts, params, chosen, lang) + notes
    coordinated = None
    if coordination.applies(s.plan, s.group, s.coordinated):
        coordinated, coordination_steps, coordination_notes = _coordinate(s, facts, chosen, pay, params, lang)
        steps += coordination_steps
        reasons += coordination_notes
    contribution = None
    if s.plan == "teachers" and teachers.contribution_applies(chosen.rule.id, facts, params):
        contribution, contribution_steps = _contribution(facts, pay, params, lang)
        steps += contribution_steps
        reasons.append(t("reason.contribution", lang, rate=number(params.raw("teachers_contribution_rate") * 100),
                         amount=money(contribution.monthly), age=number(contribution.until_age),
                         net=money(contribution.net_monthly_pension)))
    return Answer(
        covered=True, eligible=True, rule=chosen.rule.id,
        monthly_pension=pay.monthly, annual_pension=pay.annual,
        reduction_factor=chosen.factor.v if chosen.factor is not None else Fraction(1),
        minimum_applied=pay.minimum_applied, alternatives=alternatives,
        coordination=coordinated, contribution=contribution,
        reasons=reasons, steps=steps, reduced_from=_unreduced_monthly(s, chosen, params),
    )


# -- steps -------------------------------------------------------------------------------------

def _average_step(s: Scenario, facts: Facts, lang: str) -> Step:
    if s.plan == "teachers":
        if s.average_monthly_salary is not None:
            formula = money(s.average_monthly_salary) if s.average_monthly_salary != facts.average.v else t("step.given", lang)
            return Step(label=t("step.average_monthly", lang), formula=formula,
                        value=float(facts.average.v), cite="000 ¶A.1")
        return Step(label=t("step.average_monthly", lang), formula=f"{money(s.average_salary)} ÷ 12",
                    value=float(facts.average.v), cite="000 ¶A.1")
    if s.average_salary is not None:
        return Step(label=t("step.average_annual", lang), formula=t("step.given", lang),
                    value=float(round_cents(facts.average.v)), cite=_average_cite(s.plan))
    return Step(label=t("step.average_annual", lang), formula=f"12 × {money(s.average_monthly_salary)}",
                value=float(round_cents(facts.average.v)), cite=_average_cite(s.plan))


def _average_cite(plan: str) -> str:
    return {"ley447": "002 Regla 18.6(a)", "ley1": "001 (a)"}[plan]


def _amount_steps(s: Scenario, chosen: Evaluation, pay: Payable, params: Params, lang: str) -> list[Step]:
    rule = chosen.rule
    title = t(f"rule.{rule.id}", lang)
    unit = "monthly" if s.plan == "teachers" else "annual"
    base = chosen.outcome.amount
    steps = [Step(label=t(f"step.rule_amount_{unit}", lang, rule=title), formula=base.text,
                  value=float(round_cents(base.v)), cite=rule.cite)]
    if chosen.factor is not None:
        counselor = params.raw("reduction_factor") is not None
        steps.append(Step(label=t("step.factor_counselor" if counselor else "step.factor_assumed", lang),
                          formula=chosen.factor.text, value=float(chosen.factor.v), cite="002 Regla 18.6(d)"))
        steps.append(Step(label=t(f"step.reduced_{unit}", lang),
                          formula=f"{money(base.v)} × {number(chosen.factor.v, 4)}",
                          value=float(round_cents(chosen.amount.v)), cite=rule.cite))
    if s.plan == "teachers":
        steps.append(Step(label=t("step.annual_teachers", lang), formula=f"12 × {money(pay.monthly)}",
                          value=float(pay.annual), cite="000 ¶A"))
        return steps
    steps.append(Step(label=t("step.monthly", lang), formula=f"{money(chosen.amount.v)} ÷ 12",
                      value=float(round_cents(chosen.amount.v / 12)), cite=rule.cite))
    if pay.minimum_applied:
        steps.append(Step(label=t("step.minimum", lang),
                          formula=f"{money(chosen.amount.v / 12)} < {money(minimum_monthly(params).v)}",
                          value=float(pay.monthly), cite="001 (a)"))
    return steps


def _coordinate(s: Scenario, facts: Facts, chosen: Evaluation, pay: Payable, params: Params, lang: str):
    """RULES.md §4: what the system pays from 65, and the steps that show it."""
    cf = coordination.coordinated_formula(facts, params)
    factor = chosen.factor.v if chosen.factor is not None else Fraction(1)
    cf_reduced = cf.v * factor
    ss_annual = None if s.social_security_monthly is None else s.social_security_monthly * 12
    amount, guaranteed = coordination.guarantee(pay.annual_exact, cf_reduced, ss_annual)
    coordinated = payable(s.plan, amount, params)
    steps = [Step(label=t("step.coordination_formula", lang), formula=cf.text,
                  value=float(round_cents(cf.v)), cite="004 ¶B")]
    if chosen.factor is not None:
        steps.append(Step(label=t("step.coordination_reduced", lang),
                          formula=f"{money(cf.v)} × {number(factor, 4)}",
                          value=float(round_cents(cf_reduced)), cite="002 Regla 18.6(d)"))
    if ss_annual is None:
        formula = f"min({money(pay.annual_exact)}; {money(cf_reduced)})"
    else:
        formula = (f"min({money(pay.annual_exact)}; max({money(cf_reduced)}; "
                   f"{money(pay.annual_exact)} − {money(ss_annual)}))")
    steps.append(Step(label=t("step.coordination_guarantee", lang), formula=formula,
                      value=float(round_cents(amount)), cite="004 ¶D"))
    steps.append(Step(label=t("step.coordination_monthly", lang), formula=f"{money(amount)} ÷ 12",
                      value=float(round_cents(amount / 12)), cite="004 ¶B"))
    if coordinated.minimum_applied:
        steps.append(Step(label=t("step.minimum", lang),
                          formula=f"{money(amount / 12)} < {money(minimum_monthly(params).v)}",
                          value=float(coordinated.monthly), cite="004 ¶E.5; 001 (a)"))
    age65 = params.raw("coordination_age")
    notes = [t("reason.coordination", lang, age=number(age65), amount=money(coordinated.monthly),
               before=money(pay.monthly))]
    notes.append(t("reason.coordination_insured", lang))
    if ss_annual is None:
        notes.append(t("reason.coordination_ss_unknown", lang))
    elif guaranteed:
        notes.append(t("reason.coordination_guarantee", lang))
    if coordinated.minimum_applied:
        notes.append(t("reason.coordination_minimum", lang))
    return (Coordination(monthly_pension_from_65=coordinated.monthly,
                         social_security_guarantee_applied=bool(guaranteed)), steps, notes)


def _contribution(facts: Facts, pay: Payable, params: Params, lang: str) -> tuple[Contribution, list[Step]]:
    """000 ¶B: the continued contribution until 55, and the net monthly amount meanwhile."""
    amount = teachers.contribution(facts, params)
    monthly = round_cents(amount.v)
    net = pay.monthly - monthly
    until = params.raw("contribution_end_age")
    steps = [Step(label=t("step.contribution", lang), formula=amount.text, value=float(monthly), cite="000 ¶B"),
             Step(label=t("step.net", lang), formula=f"{money(pay.monthly)} − {money(monthly)}",
                  value=float(net), cite="000 ¶B")]
    return Contribution(monthly=monthly, until_age=float(until), net_monthly_pension=net), steps


# -- reasons -----------------------------------------------------------------------------------

def _no_pension(covered: bool, reasons: list[str], steps: list[Step], earliest: Earliest | None = None) -> Answer:
    return Answer(covered=covered, eligible=False, rule=None, monthly_pension=Decimal("0.00"),
                  annual_pension=Decimal("0.00"), reduction_factor=Fraction(1), minimum_applied=False,
                  alternatives=[], coordination=None, contribution=None, reasons=reasons,
                  steps=steps if covered else [], earliest=earliest)


def condition_text(condition, lang: str) -> str:
    values = {}
    if condition.threshold is not None:
        values = {"threshold": number(condition.threshold.v), "actual": number(condition.actual.v)}
    return t(f"cond.{condition.key}", lang, **values)


def _unmet(evaluation: Evaluation, lang: str) -> str:
    failed = [condition_text(c, lang) for c in evaluation.outcome.conditions if not c.met]
    return t("reason.rule_unmet", lang, rule=t(f"rule.{evaluation.rule.id}", lang),
             cite=evaluation.rule.cite, conditions="; ".join(failed))


def _chosen_notes(s: Scenario, chosen: Evaluation, pay: Payable, params: Params, others: bool,
                  lang: str) -> list[str]:
    notes = [t("reason.chosen" if others else "reason.chosen_only", lang, rule=t(f"rule.{chosen.rule.id}", lang), cite=chosen.rule.cite)]
    if chosen.rule.path == ACTIVE and s.left_service_early and chosen.rule.id != "ley1.c":
        notes.append(t("reason.right_at_separation", lang, age=number(s.separation_age)))
    if chosen.factor is not None:
        unreduced = _unreduced_monthly(s, chosen, params)
        key = "reason.reduced_counselor" if params.raw("reduction_factor") is not None else "reason.reduced_assumed"
        notes.append(t(key, lang, factor=number(chosen.factor.v, 4),
                       rate=number(params.raw("early_reduction_per_year") * 100),
                       age=number(getattr(params, chosen.rule.reduction.unreduced_age).v),
                       unreduced=money(unreduced)))
    if chosen.rule.path == DEFERRED:
        notes.append(t("reason.deferred_not_reduced", lang))
    if pay.minimum_applied:
        notes.append(t("reason.minimum", lang, minimum=money(pay.monthly)))
    return notes


def _unreduced_monthly(s: Scenario, chosen: Evaluation, params: Params) -> Decimal | None:
    """The monthly amount before the actuarial reduction (shown beside a reduced one, RULES.md §6)."""
    if chosen.factor is None:
        return None
    return payable(s.plan, chosen.outcome.amount.v, params).monthly


def _plan_notes(s: Scenario, facts: Facts, params: Params, chosen: Evaluation | None, lang: str) -> list[str]:
    """What the teachers' ¶A.4 and ¶C decisions say in words (RULES.md §2)."""
    notes: list[str] = []
    if s.plan != "teachers":
        return notes
    if (s.service_years == params.raw("a4_service_above")
            and params.raw("a4_min_age") <= s.age < params.raw("a3_min_age")):
        notes.append(t("reason.a4_exactly_25", lang))
    if chosen is not None and chosen.rule.id == "teachers.A4":
        notes.append(t("reason.a4_cut", lang))
    if s.contribution_shortfall:
        if chosen is not None and chosen.rule.id == "teachers.C":
            a1 = teachers.thirty_years_at_fifty(facts, params).amount
            notes.append(t("reason.shortfall", lang, amount=money(round_cents(a1.v)),
                           age=number(params.raw("a1_min_age"))))
        else:
            notes.append(t("reason.shortfall_no_effect", lang))
    return notes


def _notes_on_fields(s: Scenario, lang: str) -> list[str]:
    """Fields given that do not apply to the member's plan: said, never silently dropped."""
    notes = []
    if s.plan == "teachers" and s.group != "general":
        notes.append(t("reason.group_not_teachers", lang))
    if s.coordinated and s.plan != "ley447":
        notes.append(t("reason.coordination_not_plan", lang))
    elif s.coordinated and not coordination.applies(s.plan, s.group, s.coordinated):
        notes.append(t("reason.coordination_not_group", lang))
    if s.social_security_monthly is not None and not coordination.applies(s.plan, s.group, s.coordinated):
        notes.append(t("reason.social_security_unused", lang))
    if s.contribution_shortfall and s.plan != "teachers":
        notes.append(t("reason.shortfall_not_plan", lang))
    if s.in_system_june_1960 and s.plan != "ley447":
        notes.append(t("reason.june_1960_not_plan", lang))
    return notes


# -- earliest eligibility ----------------------------------------------------------------------

def _threshold_values(plan: str, unit: str) -> list[Fraction]:
    params = Params(plan)
    return sorted({v for name, v in params.values.items()
                   if v is not None and params.definitions[name].unit == unit})


def moved_to(s: Scenario, age: Fraction) -> Scenario:
    """The scenario at a later start age: working on until then (service grows) for a member in
    service; waiting (separation and service fixed) for one who already left."""
    working = not s.left_service_early
    service = s.service_years + (age - s.age if working else 0)
    return s.model_copy(update={"age": age, "separation_age": age if working else s.separation_age,
                                "service_years": service})


def candidate_ages(s: Scenario, horizon_age: int = 100) -> list[Fraction]:
    """The ages from today's on where some rule's condition can turn true: the age thresholds, and the
    ages where service (growing while working) reaches a service threshold, or passes it by a month
    for the "more than" conditions. Any rule's first qualifying age is one of them."""
    candidates = {s.age}
    candidates |= {a for a in _threshold_values(s.plan, "years_of_age") if a > s.age}
    if not s.left_service_early:
        for threshold in _threshold_values(s.plan, "years_of_service"):
            if threshold >= s.service_years:
                candidates.add(s.age + threshold - s.service_years)
                candidates.add(s.age + threshold - s.service_years + Fraction(1, 12))
    return sorted(c for c in candidates if c <= horizon_age)


def evaluations_at(s: Scenario) -> list[Evaluation]:
    """Every rule of the plan evaluated exactly, without the formulas' text."""
    params = Params(s.plan, s.assumptions.given(), explain=False)
    facts = facts_of(s, explain=False)
    return [evaluate(rule, facts, params) for rule in rules_of(s.plan)]


def earliest_eligibility(s: Scenario, horizon_age: int = 100,
                         move: Callable[[Fraction], Scenario] | None = None) -> Earliest | None:
    """The first age at which some rule would apply, working on or waiting (see `moved_to`)."""
    if s.refunded or (s.plan == "teachers" and s.left_service_early):
        return None
    for age in candidate_ages(s, horizon_age):
        moved = move(age) if move else moved_to(s, age)
        chosen = most_favourable(evaluations_at(moved))
        if chosen is not None:
            return Earliest(age=float(age), rule=chosen.rule.id, service_years=float(moved.service_years))
    return None
