"""What the new participants' rules say in words: nothing beyond the generic reasons (`reasons.py`), which
cover the actuarial reduction, deferred pensions and the minimum. Called through the plans' registry."""

from __future__ import annotations

from ...choice import Evaluation
from ...models import Scenario
from ...parameters import Params
from ...payment import Payment
from ...reasons import chosen_notes  # noqa: F401 (the generic notes, in their order)
from ...rules import Facts
from ...steps import Addition


def plan_notes(s: Scenario, facts: Facts, params: Params, chosen: Evaluation | None, lang: str) -> list[str]:
    return []


def after_amount(s: Scenario, facts: Facts, chosen: Evaluation, paying: Payment, pension: str, params: Params,
                 lang: str) -> Addition:
    return Addition()


def field_notes(s: Scenario, chosen: Evaluation | None, lang: str) -> list[str]:
    return []


def assumption_unused(s: Scenario, name: str, chosen: Evaluation, contribution_paid: bool) -> str | None:
    return None
