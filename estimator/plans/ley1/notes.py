"""What the new participants' rules say in words beyond the generic reasons: an early pension under inciso (c)
says what waiting to 65 pays under inciso (d), unreduced (RULES.md §5), from the same calculation at 65.
Called through the plans' registry."""

from __future__ import annotations

import math

from estimator.arithmetic.dates import add_months
from estimator.arithmetic.display import money
from estimator.calculation.choice import Evaluation, evaluations_at
from estimator.calculation.law_day import law_of
from estimator.calculation.payment import Payable, payable
from estimator.calculation.scenario import Scenario
from estimator.explanation.reasons import chosen_notes as every_plans_notes
from estimator.law.parameters import Params
from estimator.plans.ley1 import rules
from estimator.words.catalog import span, t


def chosen_notes(s: Scenario, chosen: Evaluation, pay: Payable, params: Params, alternatives: list[Evaluation],
                 lang: str) -> list[str]:
    notes = every_plans_notes(s, chosen, pay, params, alternatives, lang)
    if chosen.rule is rules.early_retirement:
        notes += waiting_notes(s, params, lang)
    return notes


def waiting_notes(s: Scenario, params: Params, lang: str) -> list[str]:
    """RULES.md §5: a member who separated at 55 or later with 25 years may wait for inciso (d) at 65, unreduced.
    Its amount is the estimate's own at 65 (same separation, service and average; the law of that day)."""
    at = params.d_age.v
    months = math.ceil((at - s.age) * 12)  # a start age that is not whole months: the first whole month at 65 or later
    later = s.model_copy(update={"age": at, "separation_age": s.separation_age,
                                 "start_date": s.start_date and add_months(s.start_date, months)})
    law = law_of(later, explain=False)
    deferred = next((e for e in evaluations_at(later, law) if e.rule is rules.deferred_at_sixty_five), None)
    if deferred is None or not deferred.applies:
        return []
    return [t("reason.waiting_for_d", lang, age=span(at, lang),
              amount=money(payable(s.plan, deferred.amount.v, law).monthly))]
