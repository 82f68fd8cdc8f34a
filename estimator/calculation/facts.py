"""The facts the rules read, for one scenario and for every cell of the grid by the same call: the figures (age,
separation age, service, the average in the plan's unit and rounding) and the member's declared yes/no facts
(RULES.md §0, §7)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Sequence

from estimator.arithmetic.quantity import leaf
from estimator.calculation.cents import cents
from estimator.law.facts import member_facts
from estimator.law.registry import plan as plan_of
from estimator.law.rules import Facts


def facts_at(plan: str, group: str, *, age: Any, separation_age: Any, service: Any, average: Any, answers: Any,
          left_service_early: Any, number: Callable[[Any], str] | None = None,
          amount: Callable[[Any], str] | None = None) -> Facts:
    """The facts the rules read (RULES.md §0, §7): the figures, and the member's yes/no facts from `answers` (the
    scenario) as the plan's rules read them (`law/facts.toml`). With renderers, each figure carries its printed
    form."""
    age_read = leaf(age, number)
    # A member retiring from service separates at the age itself: that figure, read once.
    separation_read = age_read if separation_age is age else leaf(separation_age, number)
    return Facts(  # by position, in the order of its fields (a few times a line)
        age_read, separation_read, leaf(service, number), leaf(average, amount),
        group in ("police", "firefighter"),  # police_or_firefighter
        *member_facts(plan, answers),
        left_service_early,
    )


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
