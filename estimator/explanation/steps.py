"""Steps: "¿Cómo se calculó?", built from the same quantities (`quantity.Q`) that compute the amount.

Every step prints its formula with every figure exact, so a calculator reproduces it from what is
printed (CONTRACT.md, *Steps*); citations come from the rules' own docstrings, shown as the law reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable

from estimator.calculation.choice import Evaluation, reduces
from estimator.calculation.payment import Payable
from estimator.words.citations import display
from estimator.arithmetic.quantity import Q
from estimator.calculation.scenario import Assumptions, Scenario
from estimator.calculation.answer import Contribution, Coordination, Step
from estimator.arithmetic.display import (carried, enclosed, exact_money, exact_number, money, shown_exactly,
                                          whole_cents_exactly)
from estimator.arithmetic.exact import round_cents
from estimator.law.parameters import Params
from estimator.law.registry import plan
from estimator.law.rules import Facts, Rule, cite_of
from estimator.words.catalog import t

# The contract's assumption names, in its order (CONTRACT.md, `assumptions`).
ASSUMPTION_NAMES = tuple(Assumptions.model_fields)


def assumption_of(q: Q) -> str | None:
    """The named assumption a quantity depends on (the first in the contract's order), or None."""
    if not q.assumed:  # most figures: none
        return None
    return next((name for name in ASSUMPTION_NAMES if name in q.assumed), None)


def step(label: str, formula: str, value: Any, cite: str, lang: str, uses: Q | None = None) -> Step:
    # Validated: pydantic's validator is compiled, and takes a third of `model_construct`'s time on these five fields
    return Step(label=label, formula=formula, value=float(value), cite=display(cite, lang),
                assumption=assumption_of(uses) if uses is not None else None)


def amount_step(label: str, formula: str, exact: Fraction, cite: str, lang: str, uses: Q | None = None) -> Step:
    """An amount the rule book does not round yet (RULES.md §0: each amount is rounded once, at the end),
    printed to the cent; when that is not the exact amount, the label says so, and later formulas repeat
    this one (`display.carried`) instead of a figure with more than two decimals."""
    if not whole_cents_exactly(exact):
        label = f"{label} {t('step.shown_to_cent', lang)}"
    return step(label, formula, round_cents(exact), cite, lang, uses)


def average_step(s: Scenario, facts: Facts, lang: str, rule: Rule | None = None, *, example: bool = False) -> Step:
    """The average the rules use, as entered or converted (RULES.md §7), cited as the plan cites it for `rule`;
    `example`: the figure is still the example member's, said so instead of "as entered"."""
    given = t("step.example" if example else "step.given", lang)
    the_plan = plan(s.plan)
    label = t(f"step.average_{the_plan.amount_unit}", lang)
    cite = the_plan.average_cite_for(rule)
    if the_plan.monthly:
        if s.average_monthly_salary is not None:
            exact_as_rounded = s.average_monthly_salary == facts.average.v
            return step(label, given if exact_as_rounded else exact_money(s.average_monthly_salary),
                        facts.average.v, cite, lang)
        return step(label, f"{exact_money(s.average_salary)} ÷ 12", facts.average.v, cite, lang)
    if s.average_salary is not None:
        return step(label, given, round_cents(facts.average.v), cite, lang)
    return step(label, f"12 × {exact_money(s.average_monthly_salary)}", round_cents(facts.average.v), cite, lang)


def factor_text(factor: Q) -> str:
    """The factor as a later formula writes it: the number its step printed when that is exact (0.825),
    else the step's own formula in parentheses (a month short of an age gives no finite decimal)."""
    if shown_exactly(factor.v) or factor.text is None:
        return exact_number(factor.v)
    return factor.text if enclosed(factor.text) else f"({factor.text})"


def _factor_value(factor: Q) -> Fraction:
    """A factor's step value: exact; one with no short decimal to 6 decimals (its formula gives it exactly)."""
    return factor.v if shown_exactly(factor.v) else Fraction(round(factor.v * 10 ** 6), 10 ** 6)


def amount_steps(s: Scenario, chosen: Evaluation, pay: Payable, params: Params, lang: str) -> tuple[list[Step], str]:
    """The steps of the amount, and how a later formula writes the annual amount P (after the minimum) exactly. Every
    amount the answer gives is a step's value: the annual pension too, and a minimum a year as well as a
    month (RULES.md §6)."""
    rule = chosen.rule
    monthly_now = plan(s.plan).monthly  # a monthly plan's amount is the monthly one, rounded (RULES.md §0)
    unit = plan(s.plan).amount_unit
    base = chosen.outcome.amount
    cite = "; ".join([rule.cite, *sorted(base.cites)])
    label = t(f"step.rule_amount_{unit}", lang, rule=t(f"rule_in_text.{rule.id}", lang))
    steps = [step(label, base.text, round_cents(base.v), cite, lang, base) if monthly_now
             else amount_step(label, base.text, base.v, cite, lang, base)]
    exact_text = carried(base.v, base.text)  # how a later formula writes the amount exactly
    amount_formula = base.text
    if reduces(chosen):
        if not monthly_now:  # the amount without the reduction, which the reasons name (RULES.md §6)
            steps.append(step(t("step.unreduced_monthly", lang), f"{carried(base.v, base.text, twelfth)} ÷ 12",
                              round_cents(base.v / 12), rule.cite, lang, base))
        factor = chosen.factor
        counselor = params.raw("reduction_factor") is not None
        steps.append(step(t("step.factor_counselor" if counselor else "step.factor_assumed", lang),
                          t("step.given", lang) if counselor else factor.text, _factor_value(factor),
                          cite_of(rule.reduction.factor), lang, factor))
        shown = f"{carried(base.v, base.text, lambda amount: amount * factor.v)} × {factor_text(factor)}"
        amount_formula = f"{exact_text} × {factor_text(factor)}"
        label = t(f"step.reduced_{unit}", lang)
        steps.append(step(label, shown, round_cents(chosen.amount.v), rule.cite, lang, factor) if monthly_now
                     else amount_step(label, shown, chosen.amount.v, rule.cite, lang, factor))
        exact_text = carried(chosen.amount.v, amount_formula)
    if monthly_now:
        steps.append(step(t("step.annual_teachers", lang), f"12 × {money(pay.monthly)}", pay.annual,
                          rule.cite, lang))  # the rule's own paragraph (RULES.md §2, Citations of steps)
        return steps, money(pay.annual)
    monthly = round_cents(chosen.amount.v / 12)
    steps.append(step(t("step.monthly", lang), f"{carried(chosen.amount.v, amount_formula, twelfth)} ÷ 12", monthly,
                      rule.cite, lang, chosen.amount))
    if pay.minimum_applied:
        minimum = plan(s.plan).minimum
        steps.append(minimum_step(monthly, pay.monthly, params, cite_of(minimum), lang, minimum))
        steps.append(step(t("step.minimum_annual", lang), f"12 × {money(pay.monthly)}", pay.annual,
                          cite_of(minimum), lang))
        return steps, money(pay.annual)
    return steps, exact_text


def twelfth(annual: Fraction) -> Fraction:
    """A monthly amount from an annual one (RULES.md §0): the next step of an annual amount."""
    return annual / 12


def minimum_step(monthly: Any, paid: Any, params: Params, cite: str, lang: str, minimum: Callable[..., Q]) -> Step:
    """RULES.md §6: the minimum (the plan's rule `minimum`), the greater of the two monthly amounts."""
    return step(t("step.minimum", lang, minimum=money(minimum(params).v)), f"max({money(monthly)}; {money(minimum(params).v)})", paid, cite, lang)


@dataclass
class Addition:
    """What a plan adds after the amount (its `notes.after_amount`): steps, reasons, the assumptions they
    use, and the parts of the answer they fill (coordination, RULES.md §4; the contribution, §2)."""

    steps: list[Step] = field(default_factory=list)
    reasons: list[str] = field(default_factory=list)
    assumed: frozenset[str] = frozenset()
    coordination: Coordination | None = None
    contribution: Contribution | None = None
