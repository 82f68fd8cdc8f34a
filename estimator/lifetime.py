"""Lifetime view: payments added up to an age, and the break-even age between two choices.

Assumption (stated wherever this is shown): amounts in today's dollars, paid monthly from the start
age; no cost-of-living increases, no discounting, no taxes, and the member alive at every age counted.
The teachers' continued contribution (¶B) is taken off until it ends; under coordination the amount
from 65 is what the system pays then.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from .models import Answer
from .parameters import default_values

COORDINATION_AGE = default_values("ley447")["coordination_age"]  # 004 ¶A: coordination starts at 65


def monthly_at(answer: Answer, age: Fraction) -> Decimal:
    """What the member receives in the month at `age` (the pension started already)."""
    if not answer.eligible:
        return Decimal("0.00")
    if answer.contribution is not None and age < Fraction(answer.contribution.until_age).limit_denominator(12):
        return answer.contribution.net_monthly_pension
    if answer.coordination is not None and age >= COORDINATION_AGE:
        return answer.coordination.monthly_pension_from_65
    return answer.monthly_pension


def total_until(answer: Answer, start: Fraction, until: Fraction) -> Decimal:
    """The payments from `start` up to (not including) `until`, month by month."""
    months = max(0, math.floor((Fraction(until) - Fraction(start)) * 12))
    return sum((monthly_at(answer, Fraction(start) + Fraction(m, 12)) for m in range(months)), Decimal("0.00"))


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
