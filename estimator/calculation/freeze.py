"""The benefit-freeze option (RULES.md §8): service and average salary frozen at the freeze date.

Beyond the seeds, off by default, always labelled with the law that imposes it. For a member in
service, the service credited after the freeze is taken off (continuous service since the freeze is
assumed); the average entered is taken as the average at the freeze date, and no later salary or
service is added while the member works on.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from functools import cache

from estimator.law.parameters import definitions
from estimator.arithmetic.dates import add_months, age_on, date_at
from estimator.calculation.law_day import law_day
from estimator.calculation.scenario import Scenario
from estimator.calculation.situation import Situation

# The entry of a plan's law (`later_law = true`, RULES.md §8) that dates its system's freeze.
FREEZE = "accrual_freeze"


@dataclass(frozen=True)
class Freeze:
    date: date
    law_es: str
    law_en: str
    cite: str  # the later law, as its entry cites it ("Ley 3-2013")

    def law(self, lang: str) -> str:
        return self.law_es if lang == "es" else self.law_en


def freeze_for(plan: str, on: date | None = None) -> Freeze:
    """The freeze of the plan's system: a dated value of its law like any other (read on a day, today by
    default), from a later law (`later_law = true`) and labelled with it."""
    freeze = _freeze_on(plan, on or date.today())
    if freeze is None:
        raise KeyError(FREEZE)
    return freeze


@cache  # the law of a plan and a day: the same for every line that reads it
def _freeze_on(plan: str, day: date) -> Freeze | None:
    spec = definitions(plan, day).get(FREEZE)
    return None if spec is None else Freeze(spec.date, spec.label_es, spec.label_en, spec.cite)


def service_after_freeze(situation: Situation, birth: date, today: date, separation: date | None = None) -> Fraction:
    """The service credited between the freeze and today (or the separation, if earlier), in whole months
    counted between the dates themselves (separated 30/06/2015, frozen 30/06/2013: 24 months)."""
    freeze = freeze_for(situation.today.plan)
    if situation.in_service:
        end = today
    else:  # the separation day itself when known, else the day the separation age was reached
        end = separation or date_at(birth, situation.today.separation_age)
    if end <= freeze.date:
        return Fraction(0)
    return min(situation.today.service_years, age_on(freeze.date, end))


def frozen(situation: Situation, birth: date, today: date, separation: date | None = None) -> Situation:
    """The situation with service and average frozen at the freeze date."""
    service = situation.today.service_years - service_after_freeze(situation, birth, today, separation)
    return replace(situation, today=situation.today.model_copy(update={"service_years": service}),
                   salary_growth=Fraction(0), accrues=False)


def separation_day(s: Scenario, start: date | None = None) -> date:
    """RULES.md §8, the command line's reading: the day the member leaves (or left) service — the pension's start
    (`start`, else `start_date`, else today) less the time between the separation age and the start age. Months
    that are not whole are counted back in full, so a separation is never placed later than it can be."""
    start = start or law_day(s)
    if not s.left_service_early:  # separated on the start itself
        return start
    return add_months(start, -math.ceil((s.age - s.separation_age) * 12))


def frozen_by_later_law(s: Scenario, start: date | None = None) -> Freeze | None:
    """The freeze whose date the scenario's service and salaries run past (its separation comes after it), or
    None: then a later law froze accruals this amount counts (RULES.md §8). A plan no later law froze has none.
    `start`: the pension's start when a report knows it and the scenario does not (`separation_day`)."""
    day = law_day(s)
    freeze = _freeze_on(s.plan, day)
    return freeze if freeze is not None and separation_day(s, start or day) > freeze.date else None
