"""Amounts in whole cents, for one scenario and for every cell of the grid by the same call: rounded half up, the
minimum pension, and what coordination pays from 65 (RULES.md §0 Rounding, §6 Minimum, §4). Written once here, so a
chart's cell and the answer for the same scenario cannot differ; `payment.py` is the one caller."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from estimator.arithmetic.arrays import is_array
from estimator.arithmetic.quantity import pick
from estimator.arithmetic.exact import whole_cents
from estimator.law.registry import plan as plan_of
from estimator.law.rules import Facts

A_TWELFTH = Fraction(1, 12)  # of an annual amount, its month


def cents(value: Any) -> Any:
    """Whole cents, rounded half up (RULES.md §0): an int, or an int array on the grid."""
    if is_array(value):
        return value.cents_half_up()
    return whole_cents(value)


@dataclass
class PayableCents:
    monthly: Any         # cents, after the minimum
    annual: Any          # cents: the exact annual amount rounded (government), 12 × monthly (teachers)
    minimum_applied: Any
    annual_exact: Any    # after the minimum: the P of coordination (RULES.md §4)


def payable_cents(plan: str, amount: Any, minimum_monthly: Fraction | None) -> PayableCents:
    """RULES.md §0, Rounding, and §6, Minimum. `amount` is the rule's amount after any reduction:
    monthly for teachers, annual for the government plans (whose minimum is `minimum_monthly`)."""
    if plan_of(plan).monthly:
        monthly = cents(amount)
        return PayableCents(monthly, monthly * 12, _all(amount, False), _times_cents(monthly, 12))
    monthly = cents(amount * A_TWELFTH)
    if minimum_monthly is None:  # a plan with no minimum pension
        return PayableCents(monthly, cents(amount), _all(amount, False), amount)
    floor = cents(minimum_monthly)
    lifted = monthly < floor
    return PayableCents(pick(lifted, floor, monthly), pick(lifted, floor * 12, cents(amount)), lifted,
                        pick(lifted, minimum_monthly * 12, amount))


@dataclass
class CoordinatedCents:
    """RULES.md §4: what the System pays from 65 under coordination, for one scenario or the whole grid."""

    formula: Any       # CF (004 ¶B): a `Q`, with its formula's text for one scenario
    reduced: Any       # CF × the pension's reduction factor, exact
    annual_exact: Any  # what the System pays a year, exact: min(P, max(CF × factor, P − SS)) (004 ¶D)
    guaranteed: Any    # whether the guarantee raised it
    paid: PayableCents  # the same in cents, the minimum untouched (004 ¶E.5)


def coordinated_cents(plan: str, group: str, member_coordinated: bool, pension_annual: Any, factor: Any,
                      facts: Facts, params: Any, social_security_monthly: Any) -> CoordinatedCents | None:
    """RULES.md §4, written once for the answer and the grid: the plan's coordination (through the registry)
    applied to the annual pension P after the minimum, with the pension's own reduction factor; None when
    this member's pension is not coordinated."""
    coordinator = plan_of(plan).coordinator
    if coordinator is None or not coordinator.applies(plan, group, member_coordinated):
        return None
    cf = coordinator.coordinated_formula(facts, params)
    reduced = cf.v * factor
    social_security = None if social_security_monthly is None else social_security_monthly * 12
    amount, guaranteed = coordinator.guarantee(pension_annual, reduced, social_security)
    return CoordinatedCents(cf, reduced, amount, guaranteed,
                            payable_cents(plan, amount, coordinator.minimum_untouched(params)))


def _all(like: Any, value: bool) -> Any:
    if is_array(like):
        import numpy as np
        return np.full(like.shape, value)
    return value


def _times_cents(monthly_cents: Any, times: int) -> Any:
    if is_array(monthly_cents):
        import numpy as np
        from estimator.arithmetic.rational import RArray
        return RArray(np.asarray(monthly_cents, dtype=np.int64) * times, 100)
    return Fraction(monthly_cents * times, 100)
