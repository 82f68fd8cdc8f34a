"""What the new participants' rules say in words: nothing beyond the generic reasons (`reasons.py`), which
cover the actuarial reduction, deferred pensions and the minimum. Called through the plans' registry."""

from __future__ import annotations

from estimator.calculation.choice import Evaluation
from estimator.calculation.scenario import Scenario
from estimator.law.parameters import Params
from estimator.calculation.payment import Payment
from estimator.explanation.reasons import chosen_notes
from estimator.law.rules import Facts
from estimator.explanation.steps import Addition


def plan_notes(s: Scenario, facts: Facts, params: Params, chosen: Evaluation | None, lang: str) -> list[str]:
    return []


def after_amount(s: Scenario, facts: Facts, chosen: Evaluation, paying: Payment, pension: str, params: Params,
                 lang: str) -> Addition:
    return Addition()


def field_notes(s: Scenario, chosen: Evaluation | None, lang: str) -> list[str]:
    return []


def assumption_unused(s: Scenario, name: str, chosen: Evaluation, contribution_paid: bool) -> str | None:
    return None
