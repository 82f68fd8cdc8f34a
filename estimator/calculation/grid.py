"""The grid for the charts and the explorer: the pension for each retirement age and each amount of added service.

From the member's situation today, a grid of (retirement age × additional credited service) is
evaluated in one call, by the same rule functions as the one-scenario path, run on exact rational
arrays (`RArray`): every cell equals `estimate(scenario_at(...))`, to the cent and the rule.
Ages and service are whole months, as the app derives them from dates (RULES.md §0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from functools import cached_property
from typing import Sequence

import numpy as np

from estimator.arithmetic.exact import dollars
from estimator.arithmetic.quantity import CellMarks
from estimator.arithmetic.rational import RArray
from estimator.calculation.facts import facts_at, plan_average
from estimator.calculation.choice import COVERED, choose, evaluate, rules_of, why_no_pension
from estimator.calculation.law_day import law_runs
from estimator.calculation.payment import payment
from estimator.calculation.situation import (Situation, average_at, future_salaries, periods_worked,
                                             separation_and_service, start_day)
from estimator.law.parameters import params_for
from estimator.law.registry import plan


@dataclass
class Grid:
    """Results by retirement age (rows) and additional service (columns), every cell equal to the one-scenario
    answer for it."""

    ages: list[Fraction]
    extras: list[Fraction]
    rule_ids: list[str]
    rule_index: np.ndarray        # index into rule_ids, −1 where no rule applies
    monthly: np.ndarray           # after reduction and minimum, before coordination (0 where none)
    annual: np.ndarray
    reduction_factor: np.ndarray
    minimum_applied: np.ndarray
    coordinated_monthly: np.ndarray | None  # what the system pays from 65, when coordination applies
    covered: bool
    averages: list[Fraction] = field(default_factory=list)
    # RULES.md §0: the named assumptions that entered each cell's amount (the amount from 65 included), each
    # with the cells that read it: what `estimate` lists for that scenario, the growth of a projected average too
    assumed: dict[str, np.ndarray] = field(default_factory=dict)
    # What the System pays the first month (RULES.md §0): the coordinated amount where the pension starts at the
    # coordination age or later, else the pension under the rule (0 where none applies; None: `monthly`)
    at_start: np.ndarray | None = None
    # 000 ¶B: the pensioner's contribution each month while due (0 where none is), for a plan that has one
    contribution_monthly: np.ndarray | None = None
    contribution_assumed: dict[str, np.ndarray] = field(default_factory=dict)  # the named assumptions it read

    def rule_at(self, i: int, j: int) -> str | None:
        index = int(self.rule_index[i, j])
        return None if index < 0 else self.rule_ids[index]

    @property
    def paid_monthly(self) -> np.ndarray:
        """What the System pays the first month (RULES.md §0), as the payment pipeline computed it."""
        return self.monthly if self.at_start is None else self.at_start

    @classmethod
    def stacked(cls, parts: list["Grid"]) -> "Grid":
        """Grids of consecutive ages, one after the other, as one."""
        first = parts[0]
        rows = lambda name: np.concatenate([getattr(part, name) for part in parts])  # noqa: E731
        optional = lambda name: (None if getattr(first, name) is None  # noqa: E731
                                 else np.concatenate([getattr(part, name) for part in parts]))
        def marks(field: str) -> dict[str, np.ndarray]:  # each name's cells, part after part
            names = {name for part in parts for name in getattr(part, field)}
            return {name: np.concatenate([getattr(part, field).get(name, np.zeros(part.monthly.shape, dtype=bool))
                                          for part in parts]) for name in names}
        return cls([age for part in parts for age in part.ages], first.extras, first.rule_ids, rows("rule_index"),
                   rows("monthly"), rows("annual"), rows("reduction_factor"), rows("minimum_applied"),
                   optional("coordinated_monthly"), all(part.covered for part in parts),
                   [avg for part in parts for avg in part.averages], marks("assumed"), optional("at_start"),
                   optional("contribution_monthly"), marks("contribution_assumed"))


@dataclass(frozen=True)
class AgeTiming:
    """Each age's timing as `scenario_at` takes it (RULES.md §0): the day its pension starts, the separation age and
    the service then, and the salary periods worked until then. It reads the member's dates, status and service,
    never a salary: a page keeps it for the next change (`fits`), and a change of salary, group or Social Security
    benefit computes no age again."""

    reads: tuple                              # the member's figures it was computed from (`_timing_reads`)
    ages: tuple[Fraction, ...]
    days: tuple[date | None, ...]
    separations: tuple[Fraction, ...]
    services: tuple[Fraction, ...]
    periods: tuple[int, ...]

    def fits(self, situation: Situation, ages: Sequence[Fraction]) -> bool:
        """Whether this is the timing of `ages` for `situation`."""
        return self.ages == tuple(ages) and self.reads == _timing_reads(situation)

    @cached_property
    def months(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The ages, separation ages and services in whole months, one row each (a ValueError if one is not a
        whole number of months)."""
        return (np.array([_months(a, "age") for a in self.ages], dtype=np.int64)[:, None],
                np.array([_months(a, "separation age") for a in self.separations], dtype=np.int64)[:, None],
                np.array([_months(a, "service") for a in self.services], dtype=np.int64)[:, None])


def _timing_reads(situation: Situation) -> tuple:
    """Everything of the member's that `start_day`, `separation_and_service` and `periods_worked` read."""
    s = situation.today
    return (s.plan, situation.birth, situation.on, situation.in_service, situation.accrues, s.age, s.service_years,
            s.separation_age)


def age_timing(situation: Situation, ages: Sequence[Fraction], kept: AgeTiming | None = None) -> AgeTiming:
    """The timing of each of `ages` (`AgeTiming`): `kept`, an earlier grid's, when it `fits`."""
    ages = [Fraction(a) for a in ages]
    if kept is not None and kept.fits(situation, ages):
        return kept
    timing = [separation_and_service(situation, a) for a in ages]  # each row as `scenario_at` takes it
    return AgeTiming(_timing_reads(situation), tuple(ages), tuple(start_day(situation, a) for a in ages),
                     tuple(separation for separation, _ in timing), tuple(service for _, service in timing),
                     tuple(periods_worked(situation, a) for a in ages))


def grid(situation: Situation, ages: Sequence[Fraction], extras: Sequence[Fraction] = (Fraction(0),),
         timing: AgeTiming | None = None) -> Grid:
    """Evaluate every (age, extra service) cell at once, exactly, each age by the law in force on the day its
    pension would start (`scenario_at`): the ages that share a law at once, and a grid of such runs stacked.
    `timing`: the ages' timing from an earlier grid, used when it `fits`."""
    ages = [Fraction(a) for a in ages]
    timing = age_timing(situation, ages, timing)
    runs = law_runs(situation.today.plan, timing.days)
    if len(runs) <= 1:
        return _grid(situation, ages, extras, timing.days[0] if ages else None, timing, range(len(ages)))
    return Grid.stacked([_grid(situation, [ages[i] for i in run], extras, timing.days[run[0]], timing, run)
                         for run in runs])


def _grid(situation: Situation, ages: list[Fraction], extras: Sequence[Fraction], day: date | None,
          timing: AgeTiming, rows: Sequence[int]) -> Grid:
    """The grid of ages whose pensions all start under the law in force on `day` (None: today); `rows`: their
    positions in `timing`."""
    s = situation.today
    extras = [Fraction(x) for x in extras]
    shape = (len(ages), len(extras))
    rules = rules_of(s.plan, day)
    futures = future_salaries(situation, max((timing.periods[i] for i in rows), default=0))
    at = [average_at(situation, a, futures=futures) for a in ages]
    averages = [average.value for average in at]
    result = Grid(ages, extras, [r.id for r in rules], np.full(shape, -1), np.zeros(shape), np.zeros(shape),
                  np.ones(shape), np.zeros(shape, dtype=bool), None, covered=True, averages=averages)
    why = why_no_pension(s)
    if why:
        result.covered = COVERED[why]  # RULES.md §0, §1: no rule pays (not covered: no number at all)
        return result

    age_m, sep_m, service_m = (months[list(rows)] for months in timing.months)
    extra_m = np.array([_months(x, "added service") for x in extras], dtype=np.int64)[None, :]
    age, separation = RArray(age_m, 12), RArray(sep_m, 12)
    service = RArray(service_m + extra_m, 12)
    left_early = np.broadcast_to(sep_m < age_m, shape)
    # average_of(scenario_at(situation, age, 0, avg)) for each row, without building the scenarios: each
    # row's average is in the plan's own unit, as `scenario_at` gives it.
    monthly = plan(s.plan).monthly
    used = [plan_average(s.plan, None if monthly else avg, avg if monthly else None) for avg in averages]
    average = RArray.from_fractions(np.array(used, dtype=object)[:, None])

    params = params_for(s.plan, s.assumptions.given(), explain=False, on=day)
    facts = facts_at(s.plan, s.group, age=age, separation_age=separation, service=service, average=average,
                         answers=s, left_service_early=left_early)

    choice = choose([evaluate(rule, facts, params) for rule in rules], shape)  # RULES.md §0, Choice
    paying = payment(s, choice, facts, params)  # the answer's own pipeline (payment.py)
    eligible = choice.index >= 0
    result.rule_index = choice.index
    result.monthly = np.where(eligible, dollars(paying.paid.monthly), 0.0)
    result.annual = np.where(eligible, dollars(paying.paid.annual), 0.0)
    result.at_start = np.where(eligible, dollars(np.broadcast_to(paying.at_start, shape)), 0.0)
    result.minimum_applied = eligible & paying.paid.minimum_applied
    result.reduction_factor = np.where(eligible, choice.factor.broadcast_to(shape).to_float(), 1.0)
    read = {name: cells & eligible for name, cells in choice.assumed.at(shape).items()}
    result.assumed = {name: cells for name, cells in read.items() if cells.any()}
    growth_rows = np.array([bool(average.assumptions) for average in at], dtype=bool)[:, None] & eligible
    if growth_rows.any():
        result.assumed["salary_growth"] = growth_rows
    if paying.coordinated is not None:
        result.coordinated_monthly = np.where(eligible, dollars(paying.coordinated.paid.monthly), np.nan)
    if paying.contribution is not None:
        due = eligible & np.broadcast_to(paying.contribution.due, shape)
        result.contribution_monthly = np.where(due, dollars(np.broadcast_to(paying.contribution.cents, shape)), 0.0)
        # the figures the contribution read (its rate), cell by cell where it is due: they enter the net (RULES.md §2)
        result.contribution_assumed = {name: cells & due for name, cells
                                       in CellMarks.of(paying.contribution.amount.assumed).at(shape).items()}
    return result




def _months(value: Fraction, what: str) -> int:
    months = Fraction(value) * 12
    if months.denominator != 1:
        raise ValueError(f"{what} must be a whole number of months for the projection (got {float(value)})")
    return int(months)
