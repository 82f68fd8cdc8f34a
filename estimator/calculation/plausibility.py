"""RULES.md §0, Plausibility: an average far more likely a slip than a fact.

"A teachers' monthly average above $10,000, i.e. an annual salary typed in the monthly box; a government
annual average below $3,000, i.e. a monthly one typed in the annual box": not legal limits, the rule book's
bounds past which a figure is named as a likely slip. The app asks the member to confirm it before showing an
amount; the command line, which has no one to ask, computes the figure as given and names the slip in the
answer (`likely_slip`) and in its reasons.
"""

from __future__ import annotations

from fractions import Fraction

from estimator.arithmetic.display import money
from estimator.law.registry import plan
from estimator.words.catalog import t

# The plan's own average (M monthly, AC annual, RULES.md §7) past which it is likely in the other unit.
MONTHLY_AVERAGE_LIKELY_ANNUAL = Fraction(10_000)   # above: an annual salary in the monthly box
ANNUAL_AVERAGE_LIKELY_MONTHLY = Fraction(3_000)    # below: a monthly salary in the annual box


def likely_slip(plan_id: str, average: Fraction) -> str | None:
    """The slip the plan's average, in the plan's own unit, far more likely is than a fact: "annual_as_monthly",
    "monthly_as_annual", or None."""
    if plan(plan_id).monthly:
        return "annual_as_monthly" if average > MONTHLY_AVERAGE_LIKELY_ANNUAL else None
    return "monthly_as_annual" if average < ANNUAL_AVERAGE_LIKELY_MONTHLY else None


def slip_in(plan_id: str, average_salary: Fraction | None, average_monthly_salary: Fraction | None,
            lang: str) -> tuple[str, str] | None:
    """The likely slip of a scenario's average, given in the plan's own unit, as (field, message), or None."""
    monthly = plan(plan_id).monthly
    field, average = (("average_monthly_salary", average_monthly_salary) if monthly
                      else ("average_salary", average_salary))
    if average is None or (kind := likely_slip(plan_id, average)) is None:
        return None
    return field, t(f"reason.slip_{kind}", lang, amount=money(average),
                    bound=money(MONTHLY_AVERAGE_LIKELY_ANNUAL if monthly else ANNUAL_AVERAGE_LIKELY_MONTHLY))
