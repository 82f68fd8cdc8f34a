"""RULES.md §7: the salary growth until retirement, "default 0%, stated in today's dollars". Which amounts are
then in today's dollars, and how a growth is said (a growth below zero as a fall). `situation.average_at` applies it.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable

from estimator.calculation.answer import Answer, AssumptionUsed
from estimator.arithmetic.display import exact_percent
from estimator.arithmetic.exact import to_fraction
from estimator.words.catalog import t


def growth_change(growth: Fraction | float, lang: str, key: str = "history.growth", words: Callable = t) -> str:
    """How salaries change a year, with the figure as entered but without its sign: `{key}_rise` ("con 2% de
    aumento por año") or, below zero, `{key}_fall` ("con 1.5% de disminución por año"): a fall is not said as a
    rise of -1.5%. `words` reads the catalog that holds `key` (the app's own sentences use this rule too)."""
    return words(f"{key}_{'fall' if growth < 0 else 'rise'}", lang, figure=exact_percent(abs(to_fraction(growth))))


def grows(used: AssumptionUsed | None) -> bool:
    """RULES.md §7: a growth of 0% keeps every amount in today's dollars; `used` is a salary growth other than
    0% that entered an amount, which is then not in today's dollars."""
    return used is not None and used.name == "salary_growth" and used.value != 0


def growth_in(answers: Iterable[Answer]) -> AssumptionUsed | None:
    """The salary growth other than 0% that entered one of `answers` (their amounts are then not in today's
    dollars, and say so: `grows`), or None."""
    return next((used for used in (answer.assumption("salary_growth") for answer in answers) if grows(used)), None)
