"""The member today, and the member at a later age: the one path by which every later age is reached.

A member in service works on until the pension starts (service and salaries grow); one who already left waits
(separation and service fixed). The answer's search for the earliest eligibility, the key dates, the explorer's
and the charts' grid all ask a `Situation` for the separation age, the service and the average at a later age
(RULES.md §0, §7), so they cannot differ.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from functools import lru_cache
from typing import Iterable

from estimator.arithmetic.dates import add_months, age_on, date_at, months_between
from estimator.calculation.answer import AssumptionUsed, assumptions_used
from estimator.calculation.averages import (AverageAt, average_extended, grown_salaries, growth_used, periods_a_year,
                                            window)
from estimator.calculation.choice import average_of
from estimator.calculation.law_day import law_of
from estimator.calculation.scenario import Scenario
from estimator.law.registry import plan


@dataclass(frozen=True)
class Situation:
    """The member today: `today` is the scenario as if the pension started now (its age is today's
    age; a separation age below it means the member already left service). Each future year's salary
    is the last salary grown by `salary_growth` a year, rounded to cents; the last salary is the last
    of `salary_history`, or the average itself when only the average is known (then each year of the
    averaging window is taken at the average). 0 keeps everything in today's dollars.
    With `birth` and `on` (today's date), a later age is a day, and the service added by working until then
    is counted from `on` (`service_added`)."""

    today: Scenario
    salary_history: tuple[Fraction, ...] | None = None
    salary_growth: Fraction = Fraction(0)
    accrues: bool = True  # False under a benefit freeze: working on adds no service and no salary
    birth: date | None = None
    on: date | None = None

    @property
    def in_service(self) -> bool:
        return not self.today.left_service_early

    @property
    def average_entered(self) -> bool:
        """Whether the average at every later age is the one entered (no history to extend, no growth)."""
        return not self.salary_history and self.salary_growth == 0

    @property
    def dated(self) -> bool:
        """Whether later ages are days of the member's life, the service counted from today's date."""
        return self.birth is not None and self.on is not None


def start_day(situation: Situation, age) -> date | None:
    """The day a pension starting at `age` starts, never before today (RULES.md §0: a key date is never in
    the past); None without a birth date (the law is then today's)."""
    if not situation.dated:
        return None
    return max(date_at(situation.birth, age), situation.on)


def service_added(situation: Situation, age: Fraction) -> Fraction:
    """RULES.md §0 (Ages and dates: one arithmetic): the service a member in service adds by working until the
    pension starts at `age` — "service at a date = service today + the time from today to that date while in
    service", in whole months counted from today's date, "not from the last monthly birthday", to the pension's
    start day (`start_day`): the same day every view (the form, the explorer, key dates, the search) means by
    that age. Without dates (ages only, as on the command line), the years from today's age."""
    s = situation.today
    if not situation.in_service or not situation.accrues or age <= s.age:
        return Fraction(0)
    if not situation.dated:
        return age - s.age
    return _months_worked(situation.birth, situation.on, age)


def separation_and_service(situation: Situation, age: Fraction) -> tuple[Fraction, Fraction]:
    """The separation age and the service of a pension starting at `age`, before any service added by hand:
    a member in service separates then, having worked until then (`service_added`); one who left keeps both.
    The one place `scenario_at`, the search and the grid take them from."""
    s = situation.today
    separation = age if situation.in_service else s.separation_age
    return separation, service_added(situation, age) + s.service_years  # the later age's type first (an `mpq`)


@lru_cache(maxsize=4096)
def _months_worked(birth: date, on: date, age: Fraction) -> Fraction:
    """`service_added` for a member with dates: kept, as the same ages are asked for by the grid, its averages
    and the explorer on every run."""
    return Fraction(max(0, months_between(on, date_at(birth, age))), 12)


def service_reached_on(situation: Situation, years: Fraction) -> date | None:
    """The day a member in service, working on, reaches `years` of service, counted from today's date (RULES.md
    §0); today when already reached; None without dates, or when service does not grow."""
    s = situation.today
    if not situation.dated or not situation.in_service or not situation.accrues:
        return None
    missing = math.ceil((Fraction(years) - s.service_years) * 12)
    return add_months(situation.on, missing) if missing > 0 else situation.on


def first_age_with_service(situation: Situation, years: Fraction) -> Fraction | None:
    """RULES.md §0: the first start age, today's or a monthly birthday's, at which the service of a member working on
    is at least `years`: when the threshold is reached between two monthly birthdays, the next one. None when
    service does not grow and is below it."""
    s, years = situation.today, Fraction(years)
    if s.service_years >= years:
        return s.age
    if not situation.in_service or not situation.accrues:
        return None
    if not situation.dated:
        return s.age + years - s.service_years
    reached = service_reached_on(situation, years)
    age = age_on(situation.birth, reached)
    return age if date_at(situation.birth, age) == reached else age + Fraction(1, 12)


def _known_salaries(situation: Situation) -> list[Fraction]:
    """The salaries known today: the history, or the average entered taken for each salary of the window."""
    if situation.salary_history:
        return list(situation.salary_history)
    s = situation.today
    if plan(s.plan).monthly:
        monthly = s.average_monthly_salary if s.average_monthly_salary is not None else s.average_salary / 12
        return [monthly] * window(s.plan)
    annual = s.average_salary if s.average_salary is not None else 12 * s.average_monthly_salary
    return [annual] * window(s.plan)


def future_salaries(situation: Situation, periods: int) -> list[Fraction]:
    """The salaries of the next `periods` months (teachers) or years (government), rounded to cents:
    the last salary grown by `salary_growth` for each whole year elapsed."""
    return grown_salaries(situation.today.plan, _known_salaries(situation)[-1], situation.salary_growth, periods)


def periods_worked(situation: Situation, age: Fraction) -> int:
    """The whole months (teachers) or years (government) of salary earned from today until the pension starts."""
    return math.floor(service_added(situation, age) * periods_a_year(situation.today.plan))


def average_at(situation: Situation, age: Fraction, lang: str | None = None,
               futures: list[Fraction] | None = None) -> AverageAt:
    """The plan's average if the member works until `age`: the history extended by the salaries of the whole
    years (government) or months (teachers) worked until then; with `lang`, the steps that explain it (none for
    the average entered, which the answer's own step says), and the salary growth when a projected salary entered
    it. `futures`: the projected salaries, when the caller has them (the grid, for every age at once)."""
    s = situation.today
    if situation.average_entered:
        return AverageAt(average_of(s), [], [])  # exactly the average the member gave
    periods = periods_worked(situation, Fraction(age))
    if periods == 0 and not situation.salary_history:
        return AverageAt(average_of(s), [], [])
    if futures is None or len(futures) < periods:
        futures = future_salaries(situation, periods)
    return average_extended(s.plan, _known_salaries(situation), futures[:periods], situation.salary_growth,
                            bool(situation.salary_history), lang)


def assumptions_of(situation: Situation, names: Iterable[str]) -> list[AssumptionUsed]:
    """The named assumptions `names` (a grid's, a key date's) as an answer lists them: each with its value and
    whose figure it is, in the contract's order, the salary growth last."""
    s, names = situation.today, set(names)
    used = assumptions_used(s, names - {"salary_growth"}, law_of(s, explain=False))
    return used + ([growth_used(s.plan, situation.salary_growth)] if "salary_growth" in names else [])


def scenario_at(situation: Situation, age: Fraction, extra_service: Fraction = Fraction(0),
                average: Fraction | None = None) -> Scenario:
    """The scenario of retiring at `age` (on `start_day`) with `extra_service` more years credited."""
    s = situation.today
    age, extra_service = Fraction(age), Fraction(extra_service)
    if age < s.age:
        raise ValueError("the projection starts at today's age")
    if average is None:
        average = average_at(situation, age).value
    separation, service = separation_and_service(situation, age)
    update = {
        "age": age,
        "separation_age": separation,
        "service_years": service + extra_service,
        # the law in force that day is read; without dates, the day the scenario gives (today's when none)
        "start_date": start_day(situation, age) if situation.dated else s.start_date,
    }
    if plan(s.plan).monthly:
        update.update(average_monthly_salary=average, average_salary=None)
    else:
        update.update(average_salary=average, average_monthly_salary=None)
    return s.model_copy(update=update)
