"""Lifetime view: payments added up to an age, and the break-even age between two choices.

Assumption (stated wherever this is shown): amounts in today's dollars, paid monthly from the start
age; no cost-of-living increases, no discounting, no taxes, and the member alive at every age counted.
The teachers' continued contribution (¶B) is taken off until it ends; under coordination the amount
from 65 is what the system pays then.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction

from estimator.calculation.answer import Answer
from estimator.arithmetic.exact import round_cents
from estimator.law.parameters import coordination_age


def monthly_paid(answer: Answer, age: Fraction) -> tuple[Decimal, str]:
    """What the member receives in the month at `age` (the pension started already), and as what:
    "pension", "net" (the teachers' pension less the contribution, ¶B) or "coordinated" (from 65)."""
    if not answer.eligible:
        return Decimal("0.00"), "pension"
    if answer.contribution is not None and age < Fraction(answer.contribution.until_age).limit_denominator(12):
        return answer.contribution.net_monthly_pension, "net"
    if answer.coordination is not None and age >= coordination_age(answer.law_on):
        return answer.coordination.monthly_pension_from_65, "coordinated"
    return answer.monthly_pension, "pension"


def monthly_at(answer: Answer, age: Fraction) -> Decimal:
    """What the member receives in the month at `age` (the pension started already)."""
    return monthly_paid(answer, age)[0]


@dataclass(frozen=True)
class Run:
    """Months in a row paid the same: from the age `start`, `months` months of `pension` from the System, paid
    as `kind` (see `monthly_paid`), and `social_security` (zero when it is not counted)."""
    start: Fraction
    months: int
    pension: Decimal
    kind: str = "pension"
    social_security: Decimal = Decimal("0.00")

    @property
    def end(self) -> Fraction:
        return self.start + Fraction(self.months, 12)

    @property
    def total(self) -> Decimal:
        return self.months * (self.pension + self.social_security)


def payment_runs(answer: Answer, start: Fraction, until: Fraction,
                 social_security_monthly: Fraction | None = None) -> list[Run]:
    """The payments from `start` up to (not including) `until`, month by month, as runs of equal months: what a
    person adds up as "84 × $1,390.00 + 240 × $1,312.54". Social Security counted from 65 when given."""
    months = max(0, math.floor((Fraction(until) - Fraction(start)) * 12))
    runs: list[Run] = []
    for age in (Fraction(start) + Fraction(m, 12) for m in range(months)):
        (pension, kind) = monthly_paid(answer, age)
        social_security = social_security_at(answer, age, social_security_monthly)
        if runs and (runs[-1].pension, runs[-1].kind, runs[-1].social_security) == (pension, kind, social_security):
            runs[-1] = replace(runs[-1], months=runs[-1].months + 1)
        else:
            runs.append(Run(age, 1, pension, kind, social_security))
    return runs


def total_of(runs: list[Run]) -> Decimal:
    return sum((run.total for run in runs), Decimal("0.00"))


def break_even(first: tuple[Answer, Fraction], second: tuple[Answer, Fraction],
               horizon: Fraction = Fraction(110)) -> Fraction | None:
    """The first age at which the later choice's payments have added up to at least the earlier one's
    (None when they never do before `horizon`)."""
    (early, early_start), (late, late_start) = sorted([first, second], key=lambda c: c[1])
    total_early = total_late = Decimal("0.00")
    age = Fraction(early_start)
    while age < horizon:
        total_early += monthly_at(early, age)
        if age >= late_start:
            total_late += monthly_at(late, age)
        age += Fraction(1, 12)
        if age > late_start and total_late >= total_early:
            return age
    return None


class IncomeFrom65:
    """What the member lives on from 65 under coordination (RULES.md §4): the System's pension before
    and from 65, Social Security, and their total; whether the ¶D guarantee raised the System's part."""

    def __init__(self, answer: Answer, social_security_monthly: Fraction | None):
        self.before = answer.monthly_pension
        self.system = answer.coordination.monthly_pension_from_65
        self.social_security = None if social_security_monthly is None else round_cents(social_security_monthly)
        self.total = None if self.social_security is None else self.system + self.social_security
        self.guarantee_applied = answer.coordination.social_security_guarantee_applied


def income_from_65(answer: Answer, social_security_monthly: Fraction | None) -> IncomeFrom65 | None:
    """None unless coordination applies to this answer."""
    if not answer.eligible or answer.coordination is None:
        return None
    return IncomeFrom65(answer, social_security_monthly)


def social_security_at(answer: Answer, age: Fraction, social_security_monthly: Fraction | None) -> Decimal:
    """Social Security in the month at `age`, counted from 65 (the age the member gave it for), as the law of the
    answer's day reads that age."""
    if social_security_monthly is None or age < coordination_age(answer.law_on):
        return Decimal("0.00")
    return round_cents(social_security_monthly)
