"""Lifetime view: payments added up to an age, and the break-even age between two choices.

Assumption (stated wherever this is shown): amounts in today's dollars, paid monthly from the start
age; no cost-of-living increases, no discounting, no taxes, and the member alive at every age counted.
The teachers' continued contribution (¶B) is taken off until it ends; under coordination the amount
from 65 is what the system pays then.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from estimator.calculation.answer import Answer
from estimator.arithmetic.exact import round_cents
from estimator.member.payments import payments_of


@dataclass(frozen=True)
class Run:
    """Months in a row paid the same: from the age `start`, `months` months of `pension` from the System, paid
    as `kind` (a `payments.Phase`'s), and `social_security` (zero when it is not counted)."""
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
    person adds up as "84 × $1,390.00 + 240 × $1,312.54". Social Security counted from 65 when given. Each run is a
    phase of `payments.payments_of`, cut at `until`."""
    start, until = Fraction(start), Fraction(until)
    runs: list[Run] = []
    for phase in payments_of(answer, start, social_security_monthly).phases:
        end = until if phase.end is None else min(phase.end, until)
        months = math.floor((end - phase.start) * 12)
        if months > 0:
            runs.append(Run(phase.start, months, phase.pension, phase.kind,
                            phase.social_security or Decimal("0.00")))
    return runs


def total_of(runs: list[Run]) -> Decimal:
    return sum((run.total for run in runs), Decimal("0.00"))


def break_even(first: tuple[Answer, Fraction], second: tuple[Answer, Fraction],
               horizon: Fraction = Fraction(110)) -> Fraction | None:
    """The first age at which the later choice's payments have added up to at least the earlier one's
    (None when they never do before `horizon`)."""
    (early, early_start), (late, late_start) = sorted([first, second], key=lambda c: c[1])
    early_paid, late_paid = payments_of(early, early_start), payments_of(late, late_start)
    total_early = total_late = Decimal("0.00")
    age = Fraction(early_start)
    while age < horizon:
        total_early += early_paid.paid_at(age)
        if age >= late_start:
            total_late += late_paid.paid_at(age)
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
