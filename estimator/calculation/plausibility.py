"""RULES.md §0, Plausibility: an average far more likely a slip than a fact.

Bounds on both sides, not legal limits: the rule book's bounds past which a figure is named as a likely slip.
A teachers' monthly average above $10,000 (an annual salary typed in the monthly box) or below $800 (a weekly
salary, a missing digit); a government annual average below $9,000 (a monthly salary typed in the annual box)
or above $250,000 (an extra digit). The app asks the member to confirm it before showing an
amount; the command line, which has no one to ask, computes the figure as given and names the slip in the
answer (`likely_slip`) and in its reasons.
"""

from __future__ import annotations

from fractions import Fraction

from estimator.arithmetic.display import money
from estimator.arithmetic.exact import less
from estimator.law.registry import plan
from estimator.words.catalog import t

# The plan's own average (M monthly, AC annual, RULES.md §7) past which it is likely a slip, on each side.
MONTHLY_AVERAGE_LIKELY_ANNUAL = Fraction(10_000)   # above: an annual salary in the monthly box
MONTHLY_AVERAGE_LIKELY_SHORT = Fraction(800)       # below: a weekly salary, a missing digit
ANNUAL_AVERAGE_LIKELY_MONTHLY = Fraction(9_000)    # below: a monthly salary in the annual box
ANNUAL_AVERAGE_LIKELY_EXTRA_DIGIT = Fraction(250_000)  # above: an extra digit

# Each slip: the bound it passes, in the plan's unit.
BOUNDS = {"annual_as_monthly": MONTHLY_AVERAGE_LIKELY_ANNUAL, "monthly_too_low": MONTHLY_AVERAGE_LIKELY_SHORT,
          "monthly_as_annual": ANNUAL_AVERAGE_LIKELY_MONTHLY, "annual_too_high": ANNUAL_AVERAGE_LIKELY_EXTRA_DIGIT}


def likely_slip(plan_id: str, average: Fraction) -> str | None:
    """The slip the plan's average, in the plan's own unit, far more likely is than a fact: "annual_as_monthly"
    or "monthly_too_low" (a monthly average), "monthly_as_annual" or "annual_too_high" (an annual one), or None.
    The bounds themselves are facts."""
    if plan(plan_id).monthly:
        if less(MONTHLY_AVERAGE_LIKELY_ANNUAL, average):
            return "annual_as_monthly"
        return "monthly_too_low" if less(average, MONTHLY_AVERAGE_LIKELY_SHORT) else None
    if less(average, ANNUAL_AVERAGE_LIKELY_MONTHLY):
        return "monthly_as_annual"
    return "annual_too_high" if less(ANNUAL_AVERAGE_LIKELY_EXTRA_DIGIT, average) else None


def slip_in(plan_id: str, average_salary: Fraction | None, average_monthly_salary: Fraction | None,
            lang: str) -> tuple[str, str] | None:
    """The likely slip of a scenario's average, given in the plan's own unit, as (field, message), or None."""
    monthly = plan(plan_id).monthly
    field, average = (("average_monthly_salary", average_monthly_salary) if monthly
                      else ("average_salary", average_salary))
    if average is None or (kind := likely_slip(plan_id, average)) is None:
        return None
    return field, t(f"reason.slip_{kind}", lang, amount=money(average), bound=money(BOUNDS[kind]))
