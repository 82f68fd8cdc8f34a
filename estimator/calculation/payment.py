"""The one payment pipeline: from the rule chosen to what the System pays, for one scenario and for every cell
of the grid by the same call (`payment`), so a chart's cell and the answer for it are equal by construction.

RULES.md §0 (Rounding; the amount shown is the amount paid), §6 (Minimum), §4 (coordination from 65) and §2
(000 ¶B, the pensioner's contribution until 55). The choice itself is `choice.choose`; what a plan adds
(its minimum, its coordination, its contribution) it attaches through the registry (`plans.plan`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from estimator.calculation.cents import CoordinatedCents, PayableCents, cents, coordinated_cents, payable_cents
from estimator.arithmetic.arrays import is_array
from estimator.calculation.choice import Choice, Evaluation
from estimator.arithmetic.exact import dollars
from estimator.arithmetic.quantity import Q, pick
from estimator.calculation.answer import NOT_REDUCED
from estimator.calculation.scenario import Scenario
from estimator.calculation.law_day import rules_of
from estimator.law.parameters import Params, coordination_age
from estimator.law.registry import plan
from estimator.law.rules import Facts


NOTHING = Fraction(0)  # the amount where no rule applies


@dataclass
class Payable:
    """An amount paid, in dollars and cents (one scenario's `cents.PayableCents`)."""

    monthly: Decimal
    annual: Decimal
    minimum_applied: bool
    annual_exact: Fraction  # after the minimum: the P of coordination (RULES.md §4)


@dataclass
class Contribution:
    """000 ¶B: what the pensioner keeps paying each month until the plan's age (cents 0 where none is due)."""

    amount: Q     # rate × M, exact (with its formula for one scenario)
    due: Any      # whether it is due: a bool, or one per cell
    cents: Any    # rounded to cents (RULES.md §0), 0 where not due
    net: Any      # cents paid meanwhile: the pension after the minimum less the contribution (RULES.md §0)


@dataclass
class Payment:
    """What the System pays under a choice, for one scenario (ints, Fractions) or the grid (arrays)."""

    choice: Choice
    paid: PayableCents                     # the rule's amount after the minimum, rounded
    coordinated: CoordinatedCents | None   # from the coordination age; None: this pension is not coordinated
    at_start: Any                                 # cents paid the first month: coordinated when it starts at 65+
    contribution: Contribution | None             # None: the plan has no continued contribution
    # One scenario's: what the first rule the chosen one is an exception to would pay (teachers' ¶C replaces ¶A.1
    # while a shortfall is unpaid: the ¶A.1 amount once it is paid); None when the chosen rule is no exception.
    replaced: Q | None = None

    @property
    def payable(self) -> Payable:
        return _payable(self.paid)

    @property
    def coordinated_payable(self) -> Payable | None:
        return None if self.coordinated is None else _payable(self.coordinated.paid)


def payable(plan_id: str, amount: Fraction, params: Params) -> Payable:
    """RULES.md §0, Rounding, and §6, Minimum: the pipeline's first stage, for an amount alone (an alternative
    rule's, a key date's)."""
    return _payable(payable_cents(plan_id, amount, params.raw("minimum_monthly_pension")))


def chosen(evaluation: Evaluation, index: int) -> Choice:
    """The choice of one rule already chosen (`index`, its place in the plan's table): the answer writes its
    formulas, so the pipeline is run on its evaluation with text."""
    factor = evaluation.factor.v if evaluation.factor is not None else NOT_REDUCED
    return Choice(index, evaluation.amount.v, factor, evaluation.amount.assumed)


def payment(s: Scenario, choice: Choice, facts: Facts, params: Params) -> Payment:
    """RULES.md §0, §6, §4, §2 in the law's order: the minimum and the rounding of the rule's amount, then
    coordination from 65 on the pension after the minimum, then the contribution. Where no rule applies
    (index −1, a grid's cell), the amount is taken as 0; what this gives there is no pension, and the grid
    shows none (`grid.grid` keeps only the cells where a rule applies)."""
    eligible = choice.index >= 0
    amount = pick(eligible, choice.amount, NOTHING)
    paid = payable_cents(s.plan, amount, params.raw("minimum_monthly_pension"))
    coordinated = coordinated_cents(s.plan, s.group, s.coordinated, paid.annual_exact, choice.factor, facts,
                                           params, s.social_security_monthly)
    at_start = paid.monthly
    if coordinated is not None:  # RULES.md §0: from the start, the coordinated amount is what is paid
        from_start = facts.age.v >= coordination_age(params.on)
        at_start = pick(from_start, coordinated.paid.monthly, paid.monthly)
    return Payment(choice, paid, coordinated, at_start, _contribution(s, choice, facts, params, paid.monthly),
                   _replaced(s, choice, facts, params))


def _replaced(s: Scenario, choice: Choice, facts: Facts, params: Params) -> Q | None:
    """The amount of the first rule the chosen rule is an exception to (`exception_of`), for one scenario."""
    if is_array(choice.index) or choice.index < 0:
        return None
    rules = rules_of(s.plan, params.on)
    replaces = rules[choice.index].exception_of
    return next((rule(facts, params).amount for rule in rules if rule.id in replaces), None)


def _contribution(s: Scenario, choice: Choice, facts: Facts, params: Params, monthly: Any) -> Contribution | None:
    """000 ¶B, through the plan's rules: due under the paragraphs it names, until the age it ends."""
    this = plan(s.plan)
    if not this.contribution:
        return None
    in_force = rules_of(s.plan, params.on)  # the choice's index is a place in this table
    under = [in_force.index(rule) for rule in this.rules.CONTRIBUTING if rule in in_force]
    if is_array(choice.index):
        import numpy as np
        paid_under = np.isin(choice.index, under)
    else:
        paid_under = choice.index in under
    due = this.rules.contribution_applies(paid_under, facts, params)
    amount = this.rules.contribution(facts, params)
    due_cents = pick(due, cents(amount.v), 0)
    return Contribution(amount, due, due_cents, monthly - due_cents)


def _payable(paid: PayableCents) -> Payable:
    return Payable(dollars(paid.monthly), dollars(paid.annual), paid.minimum_applied, paid.annual_exact)
