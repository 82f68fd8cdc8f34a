"""Averages from a salary history, and with the salaries still to work projected (RULES.md §7).

Teachers: the 36 highest monthly salaries, in any months, averaged and rounded to cents (M).
ley447: the 3 highest annual salaries (bonuses and overtime excluded); ley1: the 5 highest.
The windows are parameters (assumptions, with their source); the answer says which salaries it used.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from estimator.calculation.facts import top_mean
from estimator.calculation.answer import AssumptionUsed, Step
from estimator.calculation.growth import growth_change
from estimator.calculation.scenario import _number
from estimator.words.citations import display
from estimator.arithmetic.display import exact_money, exact_percent
from estimator.arithmetic.exact import round_cents
from estimator.law.parameters import default_values
from estimator.law.registry import plan as plan_of
from estimator.words.catalog import t


class HistoryError(ValueError):
    """A salary history the estimator cannot average: the message says what is accepted."""


@dataclass(frozen=True)
class Average:
    value: Fraction            # annual AC (government) or monthly M, rounded to cents (teachers)
    used: tuple[int, ...]      # positions in the history of the salaries averaged
    step: Step                 # how it was computed, for "¿Cómo se calculó?"


def window(plan: str, override: int | None = None) -> int:
    """How many of the highest salaries the plan averages (a parameter; a window may be given instead)."""
    return int(override or default_values(plan)["averaging_months" if plan_of(plan).monthly else "averaging_years"])


def summed(amounts: Sequence[Fraction]) -> str:
    """The salaries the average takes, added as a calculator would be given them, highest first; equal ones
    counted rather than repeated: "30 × $2,500.00 + 6 × $2,650.37", "$33,000.50 + $32,000.00 + $31,000.00"."""
    terms: list[tuple[int, Fraction]] = []
    for amount in sorted(amounts, reverse=True):
        if terms and terms[-1][1] == amount:
            terms[-1] = (terms[-1][0] + 1, amount)
        else:
            terms.append((1, amount))
    return " + ".join(exact_money(amount) if count == 1 else f"{count} × {exact_money(amount)}" for count, amount in terms)


def highest(salaries: Sequence[Fraction], size: int) -> list[int]:
    """The positions of the `size` highest salaries the average takes; of equal salaries, the earlier (a
    salary of the history before a projected one)."""
    return sorted(range(len(salaries)), key=lambda i: (-salaries[i], i))[:size]


def average_from_history(plan: str, salaries: Sequence[object], lang: str = "es",
                         window_override: int | None = None, projected: bool = False) -> Average:
    """The plan's average of the highest salaries of `salaries` (monthly for teachers, annual otherwise);
    `projected` when some of them are projected salaries of the years still to work (its step says so)."""
    size = window(plan, window_override)
    exact: list[Fraction] = []
    for position, salary in enumerate(salaries, start=1):
        try:
            exact.append(_number(salary))
        except ValueError:
            raise HistoryError(t("history.bad_value", lang, position=position)) from None
    if len(exact) < size:
        raise HistoryError(t(f"history.too_few_{plan_of(plan).amount_unit}",
                             lang, count=len(exact), size=size))
    ranked = highest(exact, size)
    value = top_mean(plan, exact, size)
    formula = f"({summed([exact[i] for i in ranked])}) ÷ {size}"
    monthly = plan_of(plan).monthly
    step = Step(label=t(f"history.step_{plan_of(plan).amount_unit}" + "_projected" * projected, lang, size=size),
                formula=formula, value=float(value if monthly else round_cents(value)),
                cite=display(plan_of(plan).average_cite_for(None), lang))
    return Average(value=value, used=tuple(sorted(ranked)), step=step)


def grown_salaries(plan: str, last: Fraction, growth: Fraction, periods: int) -> list[Fraction]:
    """The salaries of the next `periods` months (teachers) or years (government), rounded to cents: `last`
    grown by `growth` for each whole year elapsed."""
    per_year = periods_a_year(plan)
    by_year = [last]
    for _ in range((periods + per_year - 1) // per_year):
        by_year.append(by_year[-1] * (1 + growth))
    return [Fraction(round_cents(by_year[(k + per_year - 1) // per_year])) for k in range(1, periods + 1)]


def periods_a_year(plan: str) -> int:
    """Salaries are monthly for a plan paid monthly, else annual (RULES.md §7)."""
    return 12 if plan_of(plan).monthly else 1


@dataclass(frozen=True)
class AverageAt:
    """The average a pension starting later uses: its value; its steps, when asked for in a language (none for the
    average as entered, which the answer's own step says); and the salary growth assumption, listed as an answer
    lists it when a projected salary entered the average."""

    value: Fraction
    steps: list[Step]
    assumptions: list[AssumptionUsed]


def growth_used(plan: str, growth: Fraction) -> AssumptionUsed:
    """The salary-growth assumption as an answer lists it, once a projected salary entered the average."""
    whose = "default" if growth == default_values(plan)["salary_growth"] else "entered"
    return AssumptionUsed(name="salary_growth", value=float(growth), source=whose)


def average_extended(plan: str, known: list[Fraction], futures: list[Fraction], growth: Fraction,
                     from_history: bool, lang: str | None = None) -> AverageAt:
    """The average of the salaries `known` (a history, or the average entered taken for each salary of the window)
    and the projected `futures` (the last known salary grown by `growth`: `grown_salaries`), with its steps in
    `lang` (RULES.md §7): each projected salary the average takes (the latest salary raised by the growth, rounded
    to cents), then the average of the highest, added."""
    size = window(plan)
    if not futures:
        average = average_from_history(plan, known, lang or "es")
        return AverageAt(average.value, [average.step] if lang else [], [])
    if lang is None:  # the value and whether a projected salary entered it, without writing the steps
        # Future salaries move one way (up, or down with negative growth): the highest `size` of them are among
        # the first or the last `size`, so only those need ranking. Of equal salaries, a known one is taken first.
        periods = len(futures)
        chosen = sorted({*range(min(size, periods)), *range(max(0, periods - size), periods)})
        ranked = sorted([(salary, 0) for salary in sorted(known, reverse=True)[:size]]
                        + [(futures[k], 1) for k in chosen], key=lambda pair: (-pair[0], pair[1]))[:size]
        grew = any(projected for _, projected in ranked)
        return AverageAt(top_mean(plan, [salary for salary, _ in ranked], size), [],
                         [growth_used(plan, growth)] if grew else [])
    average = average_from_history(plan, known + futures, lang, projected=True)
    per_year = periods_a_year(plan)
    years = sorted({(i - len(known)) // per_year + 1 for i in average.used if i >= len(known)})
    last = known[-1]
    key = f"history.projected_{plan_of(plan).amount_unit}" + ("" if from_history else "_from_average")
    steps = [Step(label=t(key, lang, year=year, last=exact_money(last), change=growth_change(growth, lang)),
                  formula=exact_money(last) + f" × {exact_percent(1 + growth)}" * year,
                  value=float(round_cents(last * (1 + growth) ** year)), cite=average.step.cite,
                  assumption="salary_growth")
             for year in years]
    return AverageAt(average.value, steps + [average.step], [growth_used(plan, growth)] if years else [])
