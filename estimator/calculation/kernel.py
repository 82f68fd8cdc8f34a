"""What the one-scenario path and the grid share: the facts the rules read, the payable amount and
the plan's average of the highest salaries — one function each, for an exact number or an `RArray` alike.

RULES.md §0 (Rounding) and §6 (Minimum): written once here, so a chart's cell and the answer for
the same scenario cannot differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence

from estimator.arithmetic.arrays import is_array
from estimator.arithmetic.quantity import leaf, pick
from estimator.arithmetic.exact import whole_cents
from estimator.law.registry import plan as plan_of
from estimator.law.facts import member_facts
from estimator.law.rules import Facts


def facts(plan: str, group: str, *, age: Any, separation_age: Any, service: Any, average: Any, answers: Any,
          left_service_early: Any, number: Callable[[Any], str] | None = None,
          amount: Callable[[Any], str] | None = None) -> Facts:
    """The facts the rules read (RULES.md §0, §7): the figures, and the member's yes/no facts from `answers` (the
    scenario) as the plan's rules read them (`law/facts.toml`). With renderers, each figure carries its printed
    form."""
    return Facts(
        age=leaf(age, number), separation_age=leaf(separation_age, number),
        service=leaf(service, number), average=leaf(average, amount),
        police_or_firefighter=group in ("police", "firefighter"),
        **member_facts(plan, answers),
        left_service_early=left_service_early,
    )


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
    monthly = cents(amount * Fraction(1, 12))
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


def plan_average(plan: str, annual: Fraction | None, monthly: Fraction | None) -> Fraction:
    """The average the plan's rules use, from the one given (RULES.md §0, §7): M monthly, rounded to cents
    first, for a plan paid monthly; AC annual, exact, for the others."""
    if plan_of(plan).monthly:
        return Fraction(cents(monthly if monthly is not None else annual / 12), 100)
    return annual if annual is not None else 12 * monthly


def top_mean(plan: str, salaries: Sequence[Fraction], size: int) -> Fraction:
    """RULES.md §7: the mean of the `size` highest salaries; for teachers M, rounded to cents."""
    mean = sum(sorted(salaries, reverse=True)[:size]) / size
    return Fraction(cents(mean), 100) if plan_of(plan).monthly else mean


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
