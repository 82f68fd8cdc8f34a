"""Averages from a salary history (RULES.md §7).

Teachers: the 36 highest monthly salaries, in any months, averaged and rounded to cents (M).
ley447: the 3 highest annual salaries (bonuses and overtime excluded); ley1: the 5 highest.
The windows are parameters (assumptions, with their source); the answer says which salaries it used.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from estimator.calculation.kernel import top_mean
from estimator.calculation.answer import Step
from estimator.calculation.scenario import _number
from estimator.words.citations import display
from estimator.arithmetic.display import exact_money
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
