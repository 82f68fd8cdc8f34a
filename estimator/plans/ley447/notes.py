"""What the rules of members who entered before 1 April 1990 say in words beyond the generic reasons: Regla
19.6's floor, the merit pension's assumption, the readings of RULES.md §3 and §6, and coordination with
Social Security at 65 (seed 004, RULES.md §4) with its steps. Called through the plans' registry."""

from __future__ import annotations

from fractions import Fraction

from estimator.calculation.choice import Evaluation, average_of, reduces
from estimator.calculation.answer import Coordination
from estimator.calculation.scenario import Scenario
from estimator.arithmetic.display import carried, exact_money, money
from estimator.arithmetic.exact import round_cents
from estimator.law.parameters import Params, coordination_age
from estimator.calculation.payment import Payable, Payment
from estimator.explanation.reasons import (assumption_whose, choice_notes, deferred_notes, minimum_notes,
                                           reduction_notes)
from estimator.law.rules import ACTIVE, DEFERRED, Facts, cite_of
from estimator.explanation.steps import Addition, amount_step, assumption_of, factor_text, minimum_step, step, twelfth
from estimator.words.catalog import span, t
from estimator.plans.government.rules import minimum_monthly
from estimator.plans.ley447 import coordination, rules


def chosen_notes(s: Scenario, chosen: Evaluation, pay: Payable, params: Params, alternatives: list[Evaluation],
                 lang: str) -> list[str]:
    notes = choice_notes(s, chosen, alternatives, lang)
    if rules.FLOOR_19_6 in chosen.outcome.amount.cites:
        notes.append(t("reason.floor_19_6", lang, pct=params.r19_6_floor_pct.text))
    notes += reduction_notes(s, chosen, params, lang) + deferred_notes(chosen, lang)
    if chosen.rule.path == DEFERRED and s.age < params.raw("r18_2_min_age"):  # RULES.md §3: confirm with the System
        notes.append(t("reason.deferred_early_confirm", lang, age=span(params.raw("r18_2_min_age"), lang)))
    if chosen.rule is not rules.merit:
        # RULES.md §3, Decision (no cap): the texts put no ceiling on the formula; said when it passes 75%.
        share = params.merit_pct_55_plus
        if chosen.outcome.amount.v > share.v * average_of(s):
            notes.append(t("reason.no_cap", lang, pct=share.text))
    notes += minimum_notes(pay, lang)
    if pay.minimum_applied:  # RULES.md §6, Decision: said as this estimator's reading
        notes.append(t("reason.minimum_ley447", lang))
    if chosen.rule is rules.merit:
        name = assumption_of(chosen.outcome.amount)
        notes.append(t("reason.merit_assumed", lang, pct=getattr(params, name).text,
                       source=assumption_whose(s, name, lang)))
    return notes


def plan_notes(s: Scenario, facts: Facts, params: Params, chosen: Evaluation | None, lang: str) -> list[str]:
    return []


def field_notes(s: Scenario, chosen: Evaluation | None, lang: str) -> list[str]:
    """Regla 19.6's floor is for deferred pensions only (RULES.md §3)."""
    if not s.in_system_june_1960:
        return []
    if not s.left_service_early:
        return [t("reason.june_1960_in_service", lang)]
    if chosen is not None and chosen.rule.path == ACTIVE:
        return [t("reason.june_1960_active_rule", lang)]
    return []


def assumption_unused(s: Scenario, name: str, chosen: Evaluation, contribution_paid: bool) -> str | None:
    """The merit percentages enter only a merit pension, each at its side of the merit age."""
    if chosen.rule is not rules.merit:
        return "not_merit"
    return None if name in chosen.outcome.amount.assumed else "other_merit_age"


def after_amount(s: Scenario, facts: Facts, chosen: Evaluation, paying: Payment, pension: str, params: Params,
                 lang: str) -> Addition:
    """RULES.md §4: the steps and reasons of what the system pays from 65, as the payment pipeline computed it.
    `pension` is how the formulas write P, the annual pension under the rule (`steps.amount_steps`)."""
    coordination_amounts, coordinated, pay = paying.coordinated, paying.coordinated_payable, paying.payable
    if coordination_amounts is None:
        return Addition()
    cf, cf_reduced = coordination_amounts.formula, coordination_amounts.reduced
    amount, guaranteed = coordination_amounts.annual_exact, coordination_amounts.guaranteed
    factor = chosen.factor
    ss_annual = None if s.social_security_monthly is None else s.social_security_monthly * 12
    cite = cite_of(coordination.coordinated_formula)
    steps = [amount_step(t("step.coordination_formula", lang), cf.text, cf.v, cite, lang)]
    reduced = cf.text  # CF × factor's formula, with every figure exact
    if reduces(chosen):  # RULES.md §4, Decision: the same factor, cited as this estimator's reading of ¶B
        shown = f"{carried(cf.v, cf.text, lambda annual: annual * factor.v)} × {factor_text(factor)}"
        reduced = f"{carried(cf.v, cf.text)} × {factor_text(factor)}"
        steps.append(amount_step(t("step.coordination_reduced", lang), shown, cf_reduced, cite, lang, factor))
    social_security = None if ss_annual is None else f"12 × {exact_money(s.social_security_monthly)}"
    # The guarantee written with the amounts the steps above printed, to the cent, when that gives its cent
    # (min, max and whole cents taken away keep the rounding); else with their formulas.
    printed = Fraction(round_cents(pay.annual_exact)), Fraction(round_cents(cf_reduced))
    if round_cents(coordination.guarantee(*printed, ss_annual)[0]) == round_cents(amount):
        formula = _guarantee_text(exact_money(printed[0]), exact_money(printed[1]), social_security)
    else:
        formula = _guarantee_text(pension, carried(cf_reduced, reduced), social_security)
    # The ¶D guarantee is named only when Social Security is known: without it the step is the lesser amount
    label = t("step.coordination_paid" if ss_annual is None else "step.coordination_guarantee", lang)
    steps.append(amount_step(label, formula, amount, cite_of(coordination.guarantee), lang, factor))
    # What the guarantee took, exactly: the pension, CF × factor, or the pension less Social Security.
    taken = (pension if amount == pay.annual_exact else reduced if amount == cf_reduced
             else f"{pension} − {social_security}")
    monthly = round_cents(amount / 12)
    steps.append(step(t("step.coordination_monthly", lang), f"{carried(amount, taken, twelfth)} ÷ 12", monthly,
                      cite, lang, factor))
    if coordinated.minimum_applied:
        steps.append(minimum_step(monthly, coordinated.monthly, params,
                                  f"{cite_of(coordination.minimum_untouched)}; {cite_of(minimum_monthly)}",
                                  lang, minimum_monthly))
    notes = _coordination_notes(s, pay, coordinated, ss_annual, bool(guaranteed), cf_reduced, params, lang)
    return Addition(steps=steps, reasons=notes,
                    coordination=Coordination(monthly_pension_from_65=coordinated.monthly,
                                              social_security_guarantee_applied=bool(guaranteed)))


def _guarantee_text(pension: str, coordinated: str, social_security: str | None) -> str:
    """004 ¶D as a formula: min(P; CF × factor), or min(P; max(CF × factor; P − SS)) with SS known."""
    if social_security is None:
        return f"min({pension}; {coordinated})"
    return f"min({pension}; max({coordinated}; {pension} − {social_security}))"


def _coordination_notes(s: Scenario, pay: Payable, coordinated: Payable, ss_annual, guaranteed: bool,
                        cf_reduced: Fraction, params: Params, lang: str) -> list[str]:
    """RULES.md §4 in words: what the System pays from 65 and why, also when it pays the same."""
    age65 = coordination_age(params.on)
    minimum = money(minimum_monthly(params).v)
    if coordinated.monthly == pay.monthly:
        # "coordination does not touch the minimum" only of a pension that is the minimum; a pension at $500.00 by
        # another floor (Regla 19.6) is raised back to it by the minimum
        why = ("minimum" if pay.minimum_applied else "raised_to_minimum" if coordinated.minimum_applied
               else "guarantee" if guaranteed else "formula")
        return [t("reason.coordination_unchanged", lang, age=span(age65, lang), amount=money(pay.monthly),
                  why=t(f"reason.coordination_unchanged_{why}", lang, minimum=minimum)),
                t("reason.coordination_insured", lang)]
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
        notes.append(t("reason.coordination_minimum", lang, minimum=minimum))
    return notes
