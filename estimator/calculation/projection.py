"""Projection for the charts: the pension for each retirement age and each amount of added service.

From the member's situation today, a grid of (retirement age × additional credited service) is
evaluated in one call, by the same rule functions as the one-scenario path, run on exact rational
arrays (`RArray`): every cell equals `estimate(scenario_at(...))`, to the cent and the rule.
Ages and service are whole months, as the app derives them from dates (RULES.md §0).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date, timedelta
from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Sequence

import numpy as np

from estimator.calculation import kernel
from estimator.calculation.averages import average_from_history, highest, window
from estimator.calculation.choice import COVERED, choose, evaluate, average_of, rules_of, why_no_pension
from estimator.calculation.payment import payment
from estimator.arithmetic.dates import date_at, months_between
from estimator.calculation.growth import growth_change
from estimator.law.registry import plan
from estimator.calculation.answer import AssumptionUsed, Step
from estimator.calculation.scenario import Scenario
from estimator.arithmetic.display import exact_money, exact_percent
from estimator.arithmetic.exact import round_cents
from estimator.calculation.cells import Grid
from estimator.calculation.law_day import law_of, law_runs
from estimator.law.parameters import default_values, params_for
from estimator.words.catalog import t
from estimator.arithmetic.rational import RArray
from estimator.calculation.answer import assumptions_used



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


def start_day(situation: Situation, age) -> date | None:
    """The day a pension starting at `age` starts, never before today (RULES.md §0: a key date is never in
    the past); None without a birth date (the law is then today's)."""
    if situation.birth is None or situation.on is None:
        return None
    return max(date_at(situation.birth, age), situation.on)


def service_added(situation: Situation, age: Fraction, through_age: bool = False) -> Fraction:
    """RULES.md §0 (Ages and dates: one arithmetic): the service a member in service adds by working until the
    pension starts at `age` — "service at a date = service today + the time from today to that date while in
    service", in whole months counted from today's date, "not from the last monthly birthday": to the day the
    age is reached, or with `through_age` to the last day the member has that age (what the earliest
    eligibility asks: on some day of that age both conditions are met). Without dates (ages only, as on the
    command line), the years from today's age."""
    s = situation.today
    if not situation.in_service or not situation.accrues or age < s.age or (age == s.age and not through_age):
        return Fraction(0)
    if situation.birth is None or situation.on is None:
        return age - s.age
    return _months_worked(situation.birth, situation.on, age, through_age)


def separation_and_service(situation: Situation, age: Fraction, through_age: bool = False) -> tuple[Fraction, Fraction]:
    """The separation age and the service of a pension starting at `age`, before any service added by hand:
    a member in service separates then, having worked until then (`service_added`); one who left keeps both.
    The one place `scenario_at` and the grid take them from."""
    s = situation.today
    separation = age if situation.in_service else s.separation_age
    return separation, s.service_years + service_added(situation, age, through_age)


@lru_cache(maxsize=4096)
def _months_worked(birth: date, on: date, age: Fraction, through_age: bool) -> Fraction:
    """`service_added` for a member with dates: kept, as the same ages are asked for by the grid, its averages
    and the explorer on every run."""
    day = date_at(birth, age + Fraction(1, 12)) - timedelta(days=1) if through_age else date_at(birth, age)
    return Fraction(max(0, months_between(on, day)), 12)


def _months(value: Fraction, what: str) -> int:
    months = Fraction(value) * 12
    if months.denominator != 1:
        raise ValueError(f"{what} must be a whole number of months for the projection (got {float(value)})")
    return int(months)


def _history(situation: Situation) -> list[Fraction]:
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
    last = _history(situation)[-1]
    growth = 1 + situation.salary_growth
    per_year = _periods_a_year(situation.today)
    by_year = [last]
    for _ in range((periods + per_year - 1) // per_year):
        by_year.append(by_year[-1] * growth)
    return [Fraction(round_cents(by_year[(k + per_year - 1) // per_year])) for k in range(1, periods + 1)]


def _periods_worked(situation: Situation, age: Fraction) -> int:
    return math.floor(service_added(situation, age) * _periods_a_year(situation.today))


def _periods_a_year(s: Scenario) -> int:
    """Salaries are monthly for a plan paid monthly, else annual (RULES.md §7)."""
    return 12 if plan(s.plan).monthly else 1


def average_at(situation: Situation, age: Fraction, futures: list[Fraction] | None = None) -> Fraction:
    """The plan's average if the member works until `age`: the history extended by the salaries of the
    whole years (government) or months (teachers) worked until then."""
    s = situation.today
    periods = _periods_worked(situation, age)
    if not situation.salary_history and (periods == 0 or situation.salary_growth == 0):
        return average_of(s)  # exactly the average the member gave
    history = _history(situation)
    if periods == 0:
        return average_from_history(s.plan, history).value
    if futures is None or len(futures) < periods:
        futures = future_salaries(situation, periods)
    size = window(s.plan)
    # Future salaries move one way (up, or down with negative growth): the highest `size` of them
    # are among the first or the last `size`, so only those need ranking.
    chosen = sorted({*range(min(size, periods)), *range(max(0, periods - size), periods)})
    candidates = sorted(history, reverse=True)[:size] + [futures[k] for k in chosen]
    return kernel.top_mean(s.plan, candidates, size)


@dataclass(frozen=True)
class AverageExplained:
    """How the average at a retirement age was reached, as steps of the answer, and the assumption they use."""

    steps: list[Step]
    assumptions: list[AssumptionUsed]


def average_explained(situation: Situation, age: Fraction, lang: str = "es") -> AverageExplained | None:
    """The steps of the average `scenario_at(situation, age)` uses (RULES.md §7), so that the answer's
    explanation reproduces from what it prints: the salaries projected for the years still to work that the
    average takes (each the latest salary raised by the growth assumption, rounded to cents), then the
    average of the highest, added. None when the average is the one the member entered (the answer's own
    step says so)."""
    s = situation.today
    periods = _periods_worked(situation, Fraction(age))
    if not situation.salary_history and (periods == 0 or situation.salary_growth == 0):
        return None
    history = _history(situation)
    if periods == 0:
        return AverageExplained([average_from_history(s.plan, history, lang).step], [])
    futures = future_salaries(situation, periods)
    average = average_from_history(s.plan, history + futures, lang, projected=True)
    years = _projected_years(situation, history, average.used)
    last, growth = history[-1], situation.salary_growth
    key = f"history.projected_{plan(s.plan).amount_unit}" + (
        "" if situation.salary_history else "_from_average")
    steps = [Step(label=t(key, lang, year=year, last=exact_money(last), change=growth_change(growth, lang)),
                  formula=exact_money(last) + f" × {exact_percent(1 + growth)}" * year,
                  value=float(round_cents(last * (1 + growth) ** year)), cite=average.step.cite,
                  assumption="salary_growth")
             for year in years]
    return AverageExplained(steps + [average.step], [growth_used(situation)] if years else [])


def _projected_years(situation: Situation, history: list[Fraction], used: Sequence[int]) -> list[int]:
    """The years still to work (1 = the first) whose projected salary the average takes."""
    per_year = _periods_a_year(situation.today)
    return sorted({(i - len(history)) // per_year + 1 for i in used if i >= len(history)})


def growth_used(situation: Situation) -> AssumptionUsed:
    """The salary-growth assumption as an answer lists it, once a projected salary entered the average."""
    growth = situation.salary_growth
    whose = "default" if growth == default_values(situation.today.plan)["salary_growth"] else "entered"
    return AssumptionUsed(name="salary_growth", value=float(growth), source=whose)


def assumptions_of(situation: Situation, names: Iterable[str]) -> list[AssumptionUsed]:
    """The named assumptions `names` (a grid's, a key date's) as an answer lists them: each with its value and
    whose figure it is, in the contract's order, the salary growth last."""
    s, names = situation.today, set(names)
    used = assumptions_used(s, names - {"salary_growth"}, law_of(s, explain=False))
    return used + ([growth_used(situation)] if "salary_growth" in names else [])


def growth_read(situation: Situation, age: Fraction, futures: list[Fraction] | None = None) -> bool:
    """Whether the average at `age` takes a projected salary, so that the growth assumption entered it (the
    condition under which `average_explained` lists it), without writing the steps."""
    if not situation.salary_history and situation.salary_growth == 0:  # the average as entered, at every age
        return False
    periods = _periods_worked(situation, Fraction(age))
    if periods == 0:
        return False
    history = _history(situation)
    futures = (futures if futures is not None and len(futures) >= periods
               else future_salaries(situation, periods))[:periods]
    return bool(_projected_years(situation, history, highest(history + futures, window(situation.today.plan))))


def scenario_at(situation: Situation, age: Fraction, extra_service: Fraction = Fraction(0),
                average: Fraction | None = None, through_age: bool = False) -> Scenario:
    """The scenario of retiring at `age` with `extra_service` more years credited (with `through_age`, the
    service by the last day of that age: `service_added`)."""
    s = situation.today
    age, extra_service = Fraction(age), Fraction(extra_service)
    if age < s.age:
        raise ValueError("the projection starts at today's age")
    if average is None:
        average = average_at(situation, age)
    separation, service = separation_and_service(situation, age, through_age)
    update = {
        "age": age,
        "separation_age": separation,
        "service_years": service + extra_service,
        "start_date": start_day(situation, age),  # the law in force that day is read
    }
    if plan(s.plan).monthly:
        update.update(average_monthly_salary=average, average_salary=None)
    else:
        update.update(average_salary=average, average_monthly_salary=None)
    return s.model_copy(update=update)


def grid(situation: Situation, ages: Sequence[Fraction], extras: Sequence[Fraction] = (Fraction(0),)) -> Grid:
    """Evaluate every (age, extra service) cell at once, exactly, each age by the law in force on the day its
    pension would start (`scenario_at`): the ages that share a law at once, and a grid of such runs stacked."""
    ages = [Fraction(a) for a in ages]
    days = [start_day(situation, age) for age in ages]
    runs = law_runs(situation.today.plan, days)
    if len(runs) <= 1:
        return _grid(situation, ages, extras, days[0] if days else None)
    return Grid.stacked([_grid(situation, [ages[i] for i in run], extras, days[run[0]]) for run in runs])


def _grid(situation: Situation, ages: list[Fraction], extras: Sequence[Fraction], day: date | None) -> Grid:
    """The grid of ages whose pensions all start under the law in force on `day` (None: today)."""
    s = situation.today
    extras = [Fraction(x) for x in extras]
    shape = (len(ages), len(extras))
    rules = rules_of(s.plan, day)
    futures = future_salaries(situation, max((_periods_worked(situation, a) for a in ages), default=0))
    averages = [average_at(situation, a, futures) for a in ages]
    result = Grid(ages, extras, [r.id for r in rules], np.full(shape, -1), np.zeros(shape), np.zeros(shape),
                  np.ones(shape), np.zeros(shape, dtype=bool), None, covered=True, averages=averages)
    why = why_no_pension(s)
    if why:
        result.covered = COVERED[why]  # RULES.md §0, §1: no rule pays (not covered: no number at all)
        return result

    timing = [separation_and_service(situation, a) for a in ages]  # each row as `scenario_at` takes it
    age_m = np.array([_months(a, "age") for a in ages], dtype=np.int64)[:, None]
    sep_m = np.array([_months(sep, "separation age") for sep, _ in timing], dtype=np.int64)[:, None]
    service_m = np.array([_months(service, "service") for _, service in timing], dtype=np.int64)[:, None]
    extra_m = np.array([_months(x, "added service") for x in extras], dtype=np.int64)[None, :]
    age, separation = RArray(age_m, 12), RArray(sep_m, 12)
    service = RArray(service_m + extra_m, 12)
    left_early = np.broadcast_to(sep_m < age_m, shape)
    # average_of(scenario_at(situation, age, 0, avg)) for each row, without building the scenarios: each
    # row's average is in the plan's own unit, as `scenario_at` gives it.
    monthly = plan(s.plan).monthly
    used = [kernel.plan_average(s.plan, None if monthly else avg, avg if monthly else None) for avg in averages]
    average = RArray.from_fractions(np.array(used, dtype=object)[:, None])

    params = params_for(s.plan, s.assumptions.given(), explain=False, on=day)
    facts = kernel.facts(s.plan, s.group, age=age, separation_age=separation, service=service, average=average,
                         answers=s, left_service_early=left_early)

    choice = choose([evaluate(rule, facts, params) for rule in rules], shape)  # RULES.md §0, Choice
    paying = payment(s, choice, facts, params)  # the answer's own pipeline (payment.py)
    eligible = choice.index >= 0
    result.rule_index = choice.index
    result.monthly = np.where(eligible, _dollars(paying.paid.monthly), 0.0)
    result.annual = np.where(eligible, _dollars(paying.paid.annual), 0.0)
    result.at_start = np.where(eligible, _dollars(np.broadcast_to(paying.at_start, shape)), 0.0)
    result.minimum_applied = eligible & paying.paid.minimum_applied
    result.reduction_factor = np.where(eligible, choice.factor.broadcast_to(shape).to_float(), 1.0)
    read = {name: cells & eligible for name, cells in choice.assumed.at(shape).items()}
    result.assumed = {name: cells for name, cells in read.items() if cells.any()}
    growth_rows = np.array([growth_read(situation, a, futures) for a in ages], dtype=bool)[:, None] & eligible
    if growth_rows.any():
        result.assumed["salary_growth"] = growth_rows
    if paying.coordinated is not None:
        result.coordinated_monthly = np.where(eligible, _dollars(paying.coordinated.paid.monthly), np.nan)
    if paying.contribution is not None:
        due = eligible & np.broadcast_to(paying.contribution.due, shape)
        result.contribution_monthly = np.where(due, _dollars(np.broadcast_to(paying.contribution.cents, shape)), 0.0)
    return result


def _dollars(cents: np.ndarray) -> np.ndarray:
    """Whole cents as the float of their two-decimal amount (the same float the contract prints)."""
    return np.asarray(cents, dtype=np.float64) / 100
