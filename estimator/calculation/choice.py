"""Choosing: every rule of the plan evaluated, the most favourable chosen (what is paid for it: `payment.py`).

RULES.md §0 (Choice, Not covered) and §6 (Reduction). The same functions serve one
scenario (exact Fractions, with formulas) and the grid of `grid.py` (exact rational arrays), so a
chart's cell and the answer for the same scenario cannot differ.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gmpy2 import mpq

from estimator.calculation.facts import facts_at, plan_average
from estimator.arithmetic.exact import less
from estimator.arithmetic.quantity import NONE, CellMarks, Q, pick
from estimator.calculation.scenario import Scenario
from estimator.arithmetic.display import carried, exact_money, exact_years
from estimator.calculation.law_day import law_of, rules_of
from estimator.law.parameters import Params
from estimator.law.registry import plan
from estimator.law.rules import Facts, Outcome, Rule, all_met

# Why no rule can give a member a pension, at any age (`why_no_pension`), and whether the rules still
# answer for them (covered: no pension) or not at all (not covered: never a number, RULES.md §0).
OUTSIDE_SCOPE = "outside_scope"  # RULES.md §1: a first entry these rules do not describe
REFUNDED = "refunded"            # RULES.md §0: covered, no pension under any rule
NO_DEFERRED = "no_deferred"      # a plan without deferred pensions, for a member who left service early
COVERED = {OUTSIDE_SCOPE: False, REFUNDED: True, NO_DEFERRED: False}


def why_no_pension(s: Scenario) -> str | None:
    """The one "no pension" guard: why no rule can apply to this member at any age, or None when the
    rules decide. Checked in this order (RULES.md §0, §1)."""
    if not s.in_scope:
        return OUTSIDE_SCOPE
    if s.refunded:
        return REFUNDED
    if s.left_service_early and not plan(s.plan).deferred:
        return NO_DEFERRED
    return None


@dataclass(slots=True)
class Evaluation:
    rule: Rule
    outcome: Outcome
    applies: Any
    factor: Q | None   # the actuarial reduction factor, when the rule is reduced (and applies somewhere)
    amount: Q          # after reduction, before the minimum (for a rule that applies)


def average_of(s: Scenario) -> Fraction:
    """The average the plan's rules use, of the scenario `s` (`facts.plan_average` of the one it gives)."""
    return plan_average(s.plan, s.average_salary, s.average_monthly_salary)


def facts_of(s: Scenario, explain: bool = True, average_formula: str | None = None, *,
             at: tuple[Fraction, Fraction, Fraction] | None = None, average: Fraction | None = None) -> Facts:
    """The facts the rules read, from a validated scenario (RULES.md §0, §7); each figure printed
    exactly in formulas (service of 25 years 1 month as "(25 + 1 ÷ 12)"). An average its own step computed
    (`average_formula`) is written as that step printed it, or by its formula when it has no exact
    decimal (the average of three salaries): never a rescaled figure such as "$212,713.75 ÷ 9".
    `at`: another (age, separation age, service) of the same member, and `average` the plan's average when the
    caller has it (the search, at each later age, without building the scenario again)."""
    amount = (lambda v: carried(v, average_formula)) if average_formula else exact_money
    age, separation, service = at or (s.age, s.separation_age, s.service_years)
    return facts_at(s.plan, s.group, age=age, separation_age=separation, service=service,
                        average=average_of(s) if average is None else average,
                        answers=s, left_service_early=less(separation, age),
                        number=exact_years if explain else None, amount=amount if explain else None)


def evaluate(rule: Rule, facts: Facts, params: Params) -> Evaluation:
    outcome = rule.function(facts, params)  # `rule(facts, params)`, without the call through the record
    applies = all_met(outcome.conditions)
    factor = None
    amount = outcome.amount
    if rule.reduction is not None and applies is not False:  # a rule that does not apply is not paid: no factor
        factor = rule.reduction.factor(params, getattr(params, rule.reduction.unreduced_age),
                                       getattr(facts, rule.reduction.at))
        amount = amount * factor
    return Evaluation(rule, outcome, applies, factor, amount)


def evaluations_at(s: Scenario, params: Params | None = None, facts: Facts | None = None) -> list[Evaluation]:
    """Every rule of the plan evaluated exactly, without the formulas' text (`params` and `facts`: the
    scenario's own, read without text, when the caller has them)."""
    params = params or law_of(s, explain=False)
    facts = facts or facts_of(s, explain=False)
    return [evaluate(rule, facts, params) for rule in rules_of(s.plan, params.on)]


def reduces(evaluation: Evaluation) -> bool:
    """Whether an actuarial reduction changes the amount: a factor of exactly 1 is no reduction (RULES.md §6)."""
    return evaluation.factor is not None and evaluation.factor.v != 1


NO_AMOUNT, NO_REDUCTION = mpq(-1), mpq(1)  # one scenario's choice before any rule applies


@dataclass
class Choice:
    index: Any    # the chosen rule's place in the table, −1 where none applies (an int, or an int array)
    amount: Any   # its exact amount after reduction, before the minimum (−1 where none applies)
    factor: Any   # its reduction factor (1 where not reduced)
    assumed: Any = NONE  # on the grid, the named assumptions each cell's amount read (`CellMarks`)


def choose(evaluations: list[Evaluation], shape: tuple[int, ...] | None = None) -> Choice:
    """RULES.md §0, Choice: the highest exact amount after reduction, before the minimum; on equal
    amounts the first in table order (which lists active-service rules before deferred ones). For one
    scenario (`shape` None), or for every cell of the grid at once (arrays of `shape`)."""
    grid = shape is not None
    best: Any
    amount: Any
    factor: Any
    assumed: Any
    if grid:  # only the grid makes arrays: one scenario's choice runs without numpy (arrays.py)
        import numpy as np

        from estimator.arithmetic.rational import RArray
        best, amount = np.full(shape, -1), RArray(np.full(shape, -1))
        factor, assumed = RArray(np.ones(shape, dtype=np.int64)), CellMarks({})
    else:
        best, amount, factor, assumed = -1, NO_AMOUNT, NO_REDUCTION, NONE
    for index, evaluation in enumerate(evaluations):
        if grid:
            better = np.broadcast_to(evaluation.applies, shape) & (evaluation.amount.v > amount)
            best = np.where(better, index, best)
        elif not (evaluation.applies and evaluation.amount.v > amount):
            continue  # one scenario: nothing to pick
        else:
            better, best = True, index
        amount = pick(better, evaluation.amount.v, amount)
        if grid:  # one scenario's answer takes them from the chosen rule's formulas (engine.py)
            assumed = pick(better, evaluation.amount.assumed, assumed)
        if evaluation.factor is not None:
            factor = pick(better, evaluation.factor.v, factor)
    return Choice(best, amount, factor, assumed)


def most_favourable(evaluations: list[Evaluation]) -> Evaluation | None:
    """The evaluation `choose` picks for one scenario, or None when no rule applies."""
    index = choose(evaluations).index
    return evaluations[index] if index >= 0 else None
