"""The law read on the day it applies: a pension is estimated by the law in force on the day it starts
(each parameter's `from` in the law files), a future start by the law of that day; a scenario that names no
day is read by today's law (the command line, which has no calendar, unless a line gives `start_date`)."""

from __future__ import annotations

from datetime import date
from typing import Sequence

from estimator.calculation.scenario import Scenario
from estimator.law.parameters import Params, dates, law_key, params_for
from estimator.law.registry import plan as plan_of
from estimator.law.rules import Rule



def law_day(s: Scenario, today: date | None = None) -> date:
    """The day whose law a scenario is read by: its pension's start, or today (`today`, when the caller has read the
    clock)."""
    return s.start_date or today or date.today()


def law_of(s: Scenario, explain: bool = True, day: date | None = None) -> Params:
    """The law a scenario is read by: its plan's, as in force on `law_day` (`day`, when the caller has it), with its
    assumptions."""
    return params_for(s.plan, s.assumptions.given(), explain=explain, on=day or s.start_date)


def rules_of(plan_id: str, on: date | None = None) -> tuple[Rule, ...]:
    """The plan's rules in force on the day `on` (today by default), in its table's order: the law of the day
    picks its rules as it picks its values (a rule's `in_force`, by its law's dated parameters)."""
    the_plan = plan_of(plan_id)
    if not the_plan.dated_rules:
        return the_plan.table
    day = on or date.today()
    law_dates = dates(plan_id, day)
    return tuple(rule for rule in the_plan.table if rule.in_force_on(day, law_dates))


def law_runs(plan: str, days: Sequence[date | None]) -> list[list[int]]:
    """The positions of `days` in runs of consecutive days that read the same law (None: today)."""
    keys = [(law_key(plan, day or date.today()), rules_of(plan, day)) for day in days]
    runs: list[list[int]] = []
    for position, key in enumerate(keys):
        if runs and keys[runs[-1][-1]] == key:
            runs[-1].append(position)
        else:
            runs.append([position])
    return runs
