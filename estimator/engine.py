"""One scenario in, the answer out: which rules apply, the most favourable, and every step.

RULES.md §0 (Choice, Rounding, Not covered), with §2–§6 for the plans. The steps shown to a member
are the calculation's own: every amount below is computed from a `Q` that carries its formula, with
every figure printed exactly, so a calculator reproduces each step from what is printed
(CONTRACT.md, *Steps*). Citations come from the rules' own docstrings, shown as the law reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any, Callable

from . import kernel
from .citations import display, with_cite
from .explain import Q
from .plans import TABLES, coordination, ley1, ley447, teachers
from .plans.government import minimum_monthly, reduction_factor
from .models import (NEW_PARTICIPANTS_FROM, Alternative, Answer, Assumptions, AssumptionUsed, Contribution,
                     Coordination, Earliest, Scenario, Step, out_of_scope_from)
from .numbers import (carried, enclosed, exact_money, exact_number, exact_years, money, round_cents, shown_exactly,
                      step_amount)
from .parameters import Params, assumption_label, params_for
from .rules import ACTIVE, DEFERRED, Facts, Outcome, Rule, all_met, cite_of
from .texts import date_words, span, t

# The contract's assumption names, in its order (CONTRACT.md, `assumptions`).
ASSUMPTION_NAMES = tuple(Assumptions.model_fields)

@dataclass
class Evaluation:
    rule: Rule
    outcome: Outcome
    applies: Any
    factor: Q | None   # the actuarial reduction factor, when the rule is reduced (and applies somewhere)
    amount: Q          # after reduction, before the minimum (for a rule that applies)


def rules_of(plan: str) -> tuple[Rule, ...]:
    """The plan's rules, in its table's order."""
    return TABLES[plan]


def plan_average(s: Scenario) -> Fraction:
    """The average the plan's rules use: M monthly, rounded to cents first, for teachers (RULES.md §0);
    AC annual, exact, for the government plans."""
    if s.plan == "teachers":
        monthly = s.average_monthly_salary if s.average_monthly_salary is not None else s.average_salary / 12
        return Fraction(round_cents(monthly))
    return s.average_salary if s.average_salary is not None else 12 * s.average_monthly_salary


def facts_of(s: Scenario, explain: bool = True, average_formula: str | None = None) -> Facts:
    """The facts the rules read, from a validated scenario (RULES.md §0, §7); each figure printed
    exactly in formulas (service of 25 years 1 month as "(25 + 1 ÷ 12)"). An average its own step computed
    (`average_formula`) is written as that step printed it, or by its formula when it has no exact
    decimal (the average of three salaries): never a rescaled figure such as "$212,713.75 ÷ 9"."""
    amount = (lambda v: carried(v, average_formula)) if average_formula else exact_money
    return kernel.facts(s.plan, s.group, age=s.age, separation_age=s.separation_age, service=s.service_years,
                        average=plan_average(s), contribution_shortfall=s.contribution_shortfall,
                        in_system_june_1960=s.in_system_june_1960, left_service_early=s.left_service_early,
                        number=exact_years if explain else None, amount=amount if explain else None)


def evaluate(rule: Rule, facts: Facts, params: Params) -> Evaluation:
    outcome = rule(facts, params)
    applies = all_met(outcome.conditions)
    factor = None
    amount = outcome.amount
    if rule.reduction is not None and applies is not False:  # a rule that does not apply is not paid: no factor
        factor = reduction_factor(params, getattr(params, rule.reduction.unreduced_age),
                                  getattr(facts, rule.reduction.at))
        amount = amount * factor
    return Evaluation(rule, outcome, applies, factor, amount)


def reduces(evaluation: Evaluation) -> bool:
    """Whether an actuarial reduction changes the amount: a factor of exactly 1 is no reduction (RULES.md §6)."""
    return evaluation.factor is not None and evaluation.factor.v != 1


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
    """RULES.md §0, Rounding, and §6, Minimum (the kernel the grid shares), in dollars and cents."""
    paid = kernel.payable_cents(plan, amount, params.raw("minimum_monthly_pension"))
    return Payable(_dollars(paid.monthly), _dollars(paid.annual), paid.minimum_applied, paid.annual_exact)


def _dollars(cents: int) -> Decimal:
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))


def estimate(s: Scenario, lang: str = "es", *, average_steps: list[Step] | None = None,
             average_assumptions: list[AssumptionUsed] | None = None,
             find_earliest: bool = True, move: Callable[[Fraction], Scenario] | None = None) -> Answer:
    """The answer for one scenario (CONTRACT.md), its reasons and steps in `lang`. `move` gives the
    scenario at a later age for the earliest eligibility (default `moved_to`). `average_steps` replace the
    step of an average entered (a salary history's, a projection's: `projection.average_explained`), and
    `average_assumptions` are the assumptions those steps use.

    RULES.md §1, Scope: a member whose first entry these rules do not describe gets no number; without an
    entry date, the reasons say once which entry dates the rules cover."""
    if not s.in_scope:
        return _no_pension(False, [scope_reason(s, lang)], [])
    answer = _estimate(s, lang, average_steps=average_steps, average_assumptions=average_assumptions,
                       find_earliest=find_earliest, move=move)
    if s.entry_date is None:
        answer.reasons.append(scope_reason(s, lang))
    return answer


def scope_reason(s: Scenario, lang: str) -> str:
    """RULES.md §1: the law that governs a member these rules do not describe, and who can compute it; or,
    when the entry date is unknown, the entry dates the plan's rules cover."""
    split = NEW_PARTICIPANTS_FROM
    end = out_of_scope_from(s.plan)
    words = {"split": date_words(split, lang), "end": end and date_words(end, lang),
             "last": end and date_words(end - timedelta(days=1), lang)}
    if s.entry_date is not None and not s.in_scope:
        return t(f"reason.outside_{s.plan}", lang, entry=date_words(s.entry_date, lang), start=words["end"])
    return t(f"reason.scope_{s.plan}", lang, **words)


def _estimate(s: Scenario, lang: str, *, average_steps: list[Step] | None,
              average_assumptions: list[AssumptionUsed] | None,
              find_earliest: bool, move: Callable[[Fraction], Scenario] | None) -> Answer:
    params = params_for(s.plan, s.assumptions.given())
    steps = list(average_steps or [])

    if s.refunded:
        return _no_pension(True, [t("reason.refunded", lang)] + _notes_on_fields(s, None, params, lang), steps,
                           average_assumptions=average_assumptions)
    if s.plan == "teachers" and s.left_service_early:
        return _no_pension(False, [t("reason.teachers_deferred", lang)] + _notes_on_fields(s, None, params, lang),
                           steps)

    facts = facts_of(s, average_formula=average_steps[-1].formula if average_steps else None)
    if not average_steps:  # a history's average already has its step
        steps.append(_average_step(s, facts, lang))
    plain = params_for(s.plan, s.assumptions.given(), explain=False)
    evaluations = evaluations_at(s, plain)  # every rule exactly; only the chosen one's formulas are written
    best = most_favourable(evaluations)
    if best is None:
        earliest = earliest_eligibility(s, move=move, params=plain, none_now=True) if find_earliest else None
        reasons = _earliest_reason(s, earliest, find_earliest, lang)
        reasons += _unmet_reasons(s, evaluations, lang)
        reasons += _plan_notes(s, facts, params, None, lang) + _notes_on_fields(s, None, params, lang)
        return _no_pension(True, reasons, steps, earliest, average_assumptions)

    chosen = evaluate(best.rule, facts, params)
    pay = payable(s.plan, chosen.amount.v, params)
    amount_steps, pension = _amount_steps(s, chosen, pay, params, lang)
    steps += amount_steps
    alternatives = [e for e in evaluations if e.applies and e is not best]
    reasons = _chosen_notes(s, chosen, pay, params, alternatives, lang)
    reasons += _plan_notes(s, facts, params, chosen, lang)
    used = set(chosen.amount.assumed)
    coordinated = None
    if coordination.applies(s.plan, s.group, s.coordinated):
        coordinated, coordination_steps, coordination_notes = _coordinate(s, facts, chosen, pay, pension, params, lang)
        steps += coordination_steps
        reasons += coordination_notes
    contribution = None
    if s.plan == "teachers" and teachers.contribution_applies(chosen.rule.id, facts, params):
        contribution, contribution_steps, rate = _contribution(facts, pay, params, lang)
        steps += contribution_steps
        used |= rate.assumed
        reasons.append(t("reason.contribution", lang, rate=rate.text, amount=money(contribution.monthly),
                         age=span(contribution.until_age, lang), net=money(contribution.net_monthly_pension),
                         source=_assumption_source(s, "teachers_contribution_rate", lang)))
        if s.service_years < params.raw("full_service_years"):  # RULES.md §2, ¶B: said as this estimator's reading
            reasons.append(t("reason.contribution_until_55", lang))
    reasons += _notes_on_fields(s, chosen, params, lang, contribution is not None)
    from_start = coordinated is not None and s.age >= params.raw("coordination_age")
    return Answer(
        covered=True, eligible=True, rule=chosen.rule.id,
        monthly_pension=pay.monthly, annual_pension=pay.annual,
        monthly_paid_at_start=coordinated.monthly_pension_from_65 if from_start else pay.monthly,
        reduction_factor=chosen.factor.v if chosen.factor is not None else Fraction(1),
        minimum_applied=pay.minimum_applied,
        alternatives=[Alternative(rule=e.rule.id, monthly_pension=payable(s.plan, e.amount.v, params).monthly)
                      for e in alternatives],
        coordination=coordinated, contribution=contribution,
        reasons=reasons, steps=steps,
        assumptions_used=_assumptions_used(s, used, params) + list(average_assumptions or []),
        reduced_from=_unreduced_monthly(s, chosen),
    )


# -- steps -------------------------------------------------------------------------------------

def _assumption_of(q: Q) -> str | None:
    """The named assumption a quantity depends on (the first in the contract's order), or None."""
    return next((name for name in ASSUMPTION_NAMES if name in q.assumed), None)


def _step(label: str, formula: str, value: Any, cite: str, lang: str, uses: Q | None = None) -> Step:
    # Built from checked values: constructed, not validated again (a few steps a line add up)
    return Step.model_construct(label=label, formula=formula, value=float(value), cite=display(cite, lang),
                                assumption=_assumption_of(uses) if uses is not None else None)


def _assumptions_used(s: Scenario, names: set[str], params: Params) -> list[AssumptionUsed]:
    given = s.assumptions.given()
    return [AssumptionUsed(name=name, value=float(params.raw(name)),
                           source="entered" if name in given else "default")
            for name in ASSUMPTION_NAMES if name in names]


def _assumption_source(s: Scenario, name: str, lang: str) -> str:
    return t("reason.assumption_entered" if name in s.assumptions.given() else "reason.assumption_default", lang)


def _average_step(s: Scenario, facts: Facts, lang: str) -> Step:
    given = t("step.given", lang)
    if s.plan == "teachers":
        label = t("step.average_monthly", lang)
        cite = cite_of(teachers.thirty_years_at_fifty)
        if s.average_monthly_salary is not None:
            exact_as_rounded = s.average_monthly_salary == facts.average.v
            return _step(label, given if exact_as_rounded else exact_money(s.average_monthly_salary),
                         facts.average.v, cite, lang)
        return _step(label, f"{exact_money(s.average_salary)} ÷ 12", facts.average.v, cite, lang)
    label = t("step.average_annual", lang)
    cite = cite_of(ley447.general_formula if s.plan == "ley447" else ley1.service_annuity)
    if s.average_salary is not None:
        return _step(label, given, round_cents(facts.average.v), cite, lang)
    return _step(label, f"12 × {exact_money(s.average_monthly_salary)}", round_cents(facts.average.v), cite, lang)


def _factor_text(factor: Q) -> str:
    """The factor as a later formula writes it: the number its step printed when that is exact (0.825),
    else the step's own formula in parentheses (a month short of an age gives no finite decimal)."""
    if shown_exactly(factor.v) or factor.text is None:
        return exact_number(factor.v)
    return factor.text if enclosed(factor.text) else f"({factor.text})"


def _factor_value(factor: Q) -> Fraction:
    """A factor's step value: exact; one with no short decimal to 6 decimals (its formula gives it exactly)."""
    return factor.v if shown_exactly(factor.v) else Fraction(round(factor.v * 10 ** 6), 10 ** 6)


def _amount_steps(s: Scenario, chosen: Evaluation, pay: Payable, params: Params, lang: str) -> tuple[list[Step], str]:
    """The steps of the amount, and how a later formula writes the annual amount P (after the minimum)."""
    rule = chosen.rule
    unit = "monthly" if s.plan == "teachers" else "annual"
    base = chosen.outcome.amount
    cite = "; ".join([rule.cite, *sorted(base.cites)])
    monthly_now = s.plan == "teachers"  # the teachers' amount is the monthly one, rounded (RULES.md §0)
    steps = [_step(t(f"step.rule_amount_{unit}", lang, rule=t(f"rule.{rule.id}", lang)), base.text,
                   round_cents(base.v) if monthly_now else step_amount(base.v), cite, lang, base)]
    amount_text = carried(base.v, base.text)
    if reduces(chosen):
        factor = chosen.factor
        counselor = params.raw("reduction_factor") is not None
        steps.append(_step(t("step.factor_counselor" if counselor else "step.factor_assumed", lang),
                           t("step.given", lang) if counselor else factor.text, _factor_value(factor),
                           cite_of(reduction_factor), lang, factor))
        reduced = f"{amount_text} × {_factor_text(factor)}"
        steps.append(_step(t(f"step.reduced_{unit}", lang), reduced,
                           round_cents(chosen.amount.v) if monthly_now else step_amount(chosen.amount.v),
                           rule.cite, lang, factor))
        amount_text = carried(chosen.amount.v, reduced)
    if s.plan == "teachers":
        steps.append(_step(t("step.annual_teachers", lang), f"12 × {money(pay.monthly)}", pay.annual,
                           rule.cite, lang))  # the rule's own paragraph (RULES.md §2, Citations of steps)
        return steps, money(pay.annual)
    monthly = round_cents(chosen.amount.v / 12)
    steps.append(_step(t("step.monthly", lang), f"{amount_text} ÷ 12", monthly, rule.cite, lang, chosen.amount))
    if pay.minimum_applied:
        minimum = minimum_monthly(params).v
        steps.append(_step(t("step.minimum", lang), f"max({money(monthly)}; {money(minimum)})",
                           pay.monthly, cite_of(minimum_monthly), lang))
        if coordination.applies(s.plan, s.group, s.coordinated):  # the coordination step uses the annual one
            steps.append(_step(t("step.minimum_annual", lang), f"12 × {money(pay.monthly)}", pay.annual,
                               cite_of(minimum_monthly), lang))
        return steps, money(pay.annual)
    return steps, amount_text


def _coordinate(s: Scenario, facts: Facts, chosen: Evaluation, pay: Payable, pension: str, params: Params,
                lang: str):
    """RULES.md §4: what the system pays from 65, and the steps that show it. `pension` is how the
    formulas write P, the annual pension under the rule (`_amount_steps`)."""
    cf = coordination.coordinated_formula(facts, params)
    factor = chosen.factor
    cf_reduced = cf.v * (factor.v if factor is not None else 1)
    ss_annual = None if s.social_security_monthly is None else s.social_security_monthly * 12
    amount, guaranteed = coordination.guarantee(pay.annual_exact, cf_reduced, ss_annual)
    coordinated = payable(s.plan, amount, params)
    cite = cite_of(coordination.coordinated_formula)
    steps = [_step(t("step.coordination_formula", lang), cf.text, step_amount(cf.v), cite, lang)]
    reduced = carried(cf.v, cf.text)
    if reduces(chosen):  # RULES.md §4, Decision: the same factor, cited as this estimator's reading of ¶B
        formula = f"{reduced} × {_factor_text(factor)}"
        steps.append(_step(t("step.coordination_reduced", lang), formula, step_amount(cf_reduced), cite, lang,
                           factor))
        reduced = carried(cf_reduced, formula)
    if ss_annual is None:
        formula = f"min({pension}; {reduced})"
    else:
        formula = f"min({pension}; max({reduced}; {pension} − 12 × {exact_money(s.social_security_monthly)}))"
    steps.append(_step(t("step.coordination_guarantee", lang), formula, step_amount(amount),
                       cite_of(coordination.guarantee), lang, factor))
    monthly = round_cents(amount / 12)
    steps.append(_step(t("step.coordination_monthly", lang), f"{carried(amount, formula)} ÷ 12", monthly,
                       cite, lang, factor))
    if coordinated.minimum_applied:
        steps.append(_step(t("step.minimum", lang), f"max({money(monthly)}; {money(minimum_monthly(params).v)})",
                           coordinated.monthly, f"{cite_of(coordination.minimum_untouched)}; {cite_of(minimum_monthly)}",
                           lang))
    notes = _coordination_notes(s, pay, coordinated, ss_annual, bool(guaranteed), cf_reduced, params, lang)
    return (Coordination(monthly_pension_from_65=coordinated.monthly,
                         social_security_guarantee_applied=bool(guaranteed)), steps, notes)


def _coordination_notes(s: Scenario, pay: Payable, coordinated: Payable, ss_annual, guaranteed: bool,
                        cf_reduced: Fraction, params: Params, lang: str) -> list[str]:
    """RULES.md §4 in words. Silent when coordination changes nothing the member is paid."""
    if coordinated.monthly == pay.monthly:
        return []
    age65 = params.raw("coordination_age")
    if s.age >= age65:  # the uncoordinated amount is never paid: it is only the guarantee's reference
        notes = [t("reason.coordination_from_start", lang, age=span(age65, lang), amount=money(coordinated.monthly),
                   reference=money(pay.monthly))]
    else:
        notes = [t("reason.coordination", lang, age=span(age65, lang), amount=money(coordinated.monthly),
                   before=money(pay.monthly))]
    notes.append(t("reason.coordination_insured", lang))
    if ss_annual is None:
        if cf_reduced < pay.annual_exact:  # the guarantee could still raise it
            notes.append(t("reason.coordination_ss_unknown", lang))
    elif guaranteed:
        notes.append(t("reason.coordination_guarantee", lang))
    if coordinated.minimum_applied:
        notes.append(t("reason.coordination_minimum", lang))
    return notes


def _contribution(facts: Facts, pay: Payable, params: Params, lang: str):
    """000 ¶B: the continued contribution until 55, and the net monthly amount meanwhile."""
    amount = teachers.contribution(facts, params)
    monthly = round_cents(amount.v)
    net = pay.monthly - monthly
    until = params.raw("contribution_end_age")
    cite = cite_of(teachers.contribution)
    steps = [_step(t("step.contribution", lang, age=span(until, lang)), amount.text, monthly, cite, lang, amount),
             _step(t("step.net", lang), f"{money(pay.monthly)} − {money(monthly)}", net, cite, lang, amount)]
    return (Contribution(monthly=monthly, until_age=float(until), net_monthly_pension=net), steps,
            params.teachers_contribution_rate)


# -- reasons -----------------------------------------------------------------------------------

def _no_pension(covered: bool, reasons: list[str], steps: list[Step], earliest: Earliest | None = None,
                average_assumptions: list[AssumptionUsed] | None = None) -> Answer:
    """No amount: the steps are only the average's (when the rules answer), with the assumptions they use."""
    nothing = Decimal("0.00") if covered else None  # not covered: no number at all (RULES.md §0)
    return Answer(covered=covered, eligible=False, rule=None, monthly_pension=nothing,
                  annual_pension=nothing, monthly_paid_at_start=nothing, reduction_factor=Fraction(1), minimum_applied=False,
                  alternatives=[], coordination=None, contribution=None, reasons=reasons,
                  steps=steps if covered else [], earliest=earliest,
                  assumptions_used=list(average_assumptions or []) if covered else [])


def _span_of(condition, lang: str) -> tuple[str, str]:
    """The condition's threshold and the member's figure in years and months; a figure just under
    the threshold that would print as the threshold itself says so."""
    threshold, actual = span(condition.threshold.v, lang), span(condition.actual.v, lang)
    if actual == threshold and condition.actual.v < condition.threshold.v:
        actual = t("span.just_under", lang, span=threshold)
    return threshold, actual


def condition_text(condition, lang: str, left_service: bool = True) -> str:
    """A rule's condition in plain words. For a member still working, the separation age is the age at
    which they would retire: it is never called a separation."""
    key = condition.key
    if key.startswith("separation_age") and not left_service:
        key = key.replace("separation_age", "retirement_age")
    if condition.threshold is None:
        return t(f"cond.{key}", lang)
    threshold, actual = _span_of(condition, lang)
    return t(f"cond.{key}", lang, threshold=threshold, actual=actual)


def _relevant(evaluation: Evaluation) -> bool:
    """A rule worth explaining to this member: what it lacks is age or service, not who they are
    (a police rule for a general employee, a deferred rule for a member still working)."""
    return all(c.threshold is not None for c in evaluation.outcome.conditions if not c.met)


def _unmet_reasons(s: Scenario, evaluations: list[Evaluation], lang: str) -> list[str]:
    relevant = [e for e in evaluations if _relevant(e)] or evaluations
    reasons = []
    for evaluation in relevant:
        failed = [condition_text(c, lang, s.left_service_early) for c in evaluation.outcome.conditions if not c.met]
        reasons.append(t("reason.rule_unmet", lang, rule=t(f"rule.{evaluation.rule.id}", lang),
                         cite=display(evaluation.rule.cite, lang), conditions="; ".join(failed)))
    return reasons


def _earliest_reason(s: Scenario, earliest: Earliest | None, searched: bool, lang: str) -> list[str]:
    """The useful part first: when a pension would start, and under which rule."""
    if earliest is None:
        return [t("reason.never", lang)] if searched else []
    key = "reason.earliest_waiting" if s.left_service_early else "reason.earliest_working"
    return [t(key, lang, age=span(earliest.age, lang), service=span(earliest.service_years, lang),
              rule=t(f"rule.{earliest.rule}", lang))]


def _chosen_notes(s: Scenario, chosen: Evaluation, pay: Payable, params: Params, alternatives: list[Evaluation],
                  lang: str) -> list[str]:
    rule = with_cite(t(f"rule.{chosen.rule.id}", lang), display(chosen.rule.cite, lang), "{title} ({cite})")
    tied = [e for e in alternatives if e.amount.v == chosen.amount.v]
    if tied:
        notes = [t("reason.chosen_tie", lang, rule=rule,
                   others="; ".join(t(f"rule.{e.rule.id}", lang) for e in tied))]
    else:
        notes = [t("reason.chosen" if alternatives else "reason.chosen_only", lang, rule=rule)]
    if chosen.rule.path == ACTIVE and s.left_service_early and chosen.rule.id != "ley1.c":
        notes.append(t("reason.right_at_separation", lang, age=span(s.separation_age, lang)))
    if ley447.FLOOR_19_6 in chosen.outcome.amount.cites:
        notes.append(t("reason.floor_19_6", lang, pct=params.r19_6_floor_pct.text))
    if chosen.factor is not None and not reduces(chosen):  # RULES.md §6: a factor of 1 is no reduction
        notes.append(t("reason.unreduced_factor_1", lang, why=t(
            "reason.unreduced_counselor" if params.raw("reduction_factor") is not None else "reason.unreduced_rate_0",
            lang)))
    elif chosen.factor is not None:
        unreduced = _unreduced_monthly(s, chosen)
        if params.raw("reduction_factor") is not None:
            notes.append(t("reason.reduced_counselor", lang, factor=exact_number(chosen.factor.v),
                           unreduced=money(unreduced)))
        else:
            notes.append(t("reason.reduced_assumed", lang, factor=exact_number(chosen.factor.v),
                           rate=params.early_reduction_per_year.text,
                           age=span(getattr(params, chosen.rule.reduction.unreduced_age).v, lang),
                           unreduced=money(unreduced),
                           source=_assumption_source(s, "early_reduction_per_year", lang)))
    if chosen.rule.path == DEFERRED:
        notes.append(t("reason.deferred_not_reduced", lang))
        if s.plan == "ley447" and s.age < params.raw("r18_2_min_age"):  # RULES.md §3: confirm with the System
            notes.append(t("reason.deferred_early_confirm", lang, age=span(params.raw("r18_2_min_age"), lang)))
    if s.plan == "ley447" and chosen.rule.id != "ley447.merit":
        # RULES.md §3, Decision (no cap): the texts put no ceiling on the formula; said when it passes 75%.
        share = params.merit_pct_55_plus
        if chosen.outcome.amount.v > share.v * plan_average(s):
            notes.append(t("reason.no_cap", lang, pct=share.text))
    if pay.minimum_applied:
        notes.append(t("reason.minimum", lang, minimum=money(pay.monthly)))
        if s.plan == "ley447":  # RULES.md §6, Decision: said as this estimator's reading
            notes.append(t("reason.minimum_ley447", lang))
    if chosen.rule.id == "ley447.merit":
        name = _assumption_of(chosen.outcome.amount)
        notes.append(t("reason.merit_assumed", lang, pct=getattr(params, name).text,
                       source=_assumption_source(s, name, lang)))
    return notes


def _unreduced_monthly(s: Scenario, chosen: Evaluation) -> Decimal | None:
    """The monthly amount before the actuarial reduction and before the minimum (RULES.md §6), shown
    beside a reduced one."""
    if not reduces(chosen):
        return None
    base = chosen.outcome.amount.v
    return round_cents(base if s.plan == "teachers" else base / 12)


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
                           age=span(params.raw("a1_min_age"), lang)))
        else:
            notes.append(t("reason.shortfall_no_effect", lang))
    return notes


def _notes_on_fields(s: Scenario, chosen: Evaluation | None, params: Params, lang: str,
                     contribution_paid: bool = False) -> list[str]:
    """Fields given that do not change this answer: said, true to RULES.md, never silently dropped."""
    notes = []
    if s.plan == "teachers" and s.group != "general":
        notes.append(t("reason.group_not_teachers", lang))
    if s.coordinated and s.plan != "ley447":
        notes.append(t(f"reason.coordination_not_{s.plan}", lang))
    elif s.coordinated and not coordination.applies(s.plan, s.group, s.coordinated):
        notes.append(t("reason.coordination_not_group", lang))
    if s.social_security_monthly is not None and not coordination.applies(s.plan, s.group, s.coordinated):
        notes.append(t("reason.social_security_unused", lang))
    if s.contribution_shortfall and s.plan != "teachers":
        notes.append(t("reason.shortfall_not_plan", lang))
    if s.in_system_june_1960:
        if s.plan != "ley447":
            notes.append(t("reason.june_1960_not_plan", lang))
        elif not s.left_service_early:
            notes.append(t("reason.june_1960_in_service", lang))
        elif chosen is not None and chosen.rule.path == ACTIVE:
            notes.append(t("reason.june_1960_active_rule", lang))
    for name in s.assumptions.given():
        why = _assumption_unused(s, name, chosen, params, contribution_paid)
        if why:
            notes.append(t("reason.assumption_unused", lang, label=assumption_label(name, lang),
                           why=t(f"reason.unused_{why}", lang)))
    return notes


def _assumption_unused(s: Scenario, name: str, chosen: Evaluation | None, params: Params,
                       contribution_paid: bool) -> str | None:
    """Why an assumption the user gave does not enter this answer (a text key), or None if it does."""
    plans = {"early_reduction_per_year": ("ley447", "ley1"), "reduction_factor": ("ley447", "ley1"),
             "teachers_contribution_rate": ("teachers",), "merit_pct_55_plus": ("ley447",),
             "merit_pct_under_55": ("ley447",)}[name]
    if s.plan not in plans:
        return f"{name}_plan"
    if chosen is None or s.refunded:
        return "no_pension"
    if name in ("early_reduction_per_year", "reduction_factor"):
        if chosen.factor is None:
            return "not_reduced"
        if name == "early_reduction_per_year" and params.raw("reduction_factor") is not None:
            return "factor_given"
        return None
    if name == "teachers_contribution_rate":
        return None if contribution_paid else "no_contribution"
    if chosen.rule.id != "ley447.merit":
        return "not_merit"
    return None if name in chosen.outcome.amount.assumed else "other_merit_age"


# -- earliest eligibility ----------------------------------------------------------------------

@cache
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


def evaluations_at(s: Scenario, params: Params | None = None) -> list[Evaluation]:
    """Every rule of the plan evaluated exactly, without the formulas' text (`params`: the scenario's own,
    read without text, when the caller has them)."""
    params = params or params_for(s.plan, s.assumptions.given(), explain=False)
    facts = facts_of(s, explain=False)
    return [evaluate(rule, facts, params) for rule in rules_of(s.plan)]


def earliest_eligibility(s: Scenario, horizon_age: int = 100, move: Callable[[Fraction], Scenario] | None = None,
                         params: Params | None = None, none_now: bool = False) -> Earliest | None:
    """The first age at which some rule would apply, working on or waiting (see `moved_to`). The parameters,
    read without text, are the same at every age: read once. `none_now`: the caller found no rule applies at
    the scenario's own age, which is then not evaluated again (with the default move, it is the same scenario)."""
    params = params or params_for(s.plan, s.assumptions.given(), explain=False)
    if s.refunded or (s.plan == "teachers" and s.left_service_early):
        return None
    for age in candidate_ages(s, horizon_age):
        if none_now and move is None and age == s.age:
            continue
        moved = move(age) if move else moved_to(s, age)
        chosen = most_favourable(evaluations_at(moved, params))
        if chosen is not None:
            return Earliest(age=float(age), rule=chosen.rule.id, service_years=float(moved.service_years))
    return None
