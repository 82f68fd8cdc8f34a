"""How a rule is written: conditions on the facts, and an amount, next to the text it implements.

A rule is a small function of the member's facts and the plan's parameters. Its docstring's first
line is its citation; the rest quotes the Spanish text it implements. It returns its conditions
(each a named test, so a member can be told which one failed) and its amount before any actuarial
reduction. The same function runs on one scenario (exact, with formulas) and on the grid (arrays).
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field, make_dataclass
from functools import cache, wraps
from datetime import date
from typing import Any, Callable, Literal, Mapping

from estimator.arithmetic.arrays import is_array
from estimator.arithmetic.quantity import Q
from estimator.law.facts import MEMBER_FACTS

ACTIVE = "active"     # retirement from active service: judged at the separation age
DEFERRED = "deferred"  # deferred pension: judged at the start age


# What the rules read about a member (quantities: exact scalars, or arrays on the grid): the figures, then the
# member's yes/no facts as declared in `facts.toml` (false for a plan whose rules do not read one). Made a few times
# a line and only read, as the records below.
Facts = make_dataclass("Facts", [
    ("age", Q),                  # age when the pension starts
    ("separation_age", Q),       # age when the member left service
    ("service", Q),              # credited service at separation, in years
    ("average", Q),              # the plan's average salary: annual (government) or monthly M (teachers)
    ("police_or_firefighter", bool),
    *((fact.name, bool) for fact in MEMBER_FACTS),
    ("left_service_early", Any),  # separation age < age (bool, or bool array)
    # What `shared` formulas gave for these facts, by formula and parameters (each computed once).
    ("shared", dict, field(default_factory=dict, compare=False, repr=False)),
], slots=True, namespace={"__module__": __name__})


# A condition and an outcome are made for every rule of every line and only read afterwards: plain records
# with slots (a frozen dataclass sets each field through object.__setattr__, three times slower).
@dataclass(slots=True)
class Condition:
    met: Any               # bool, or bool array on the grid
    key: str               # text key of the condition (texts: cond.*)
    threshold: Q | None = None
    actual: Q | None = None
    upper: bool = False    # an upper bound (`below`): a figure that reaches it never goes back under it


def at_least(subject: str, actual: Q, threshold: Q) -> Condition:
    return Condition(actual.v >= threshold.v, _AT_LEAST[subject], threshold, actual)


def more_than(subject: str, actual: Q, threshold: Q) -> Condition:
    return Condition(actual.v > threshold.v, _MORE_THAN[subject], threshold, actual)


def below(subject: str, actual: Q, threshold: Q) -> Condition:
    return Condition(actual.v < threshold.v, _BELOW[subject], threshold, actual, True)


class _Keys(dict):
    """A condition's text key by its subject ("service" → "service_at_least"), each written once."""

    def __init__(self, suffix: str):
        super().__init__()
        self.suffix = suffix

    def __missing__(self, subject: str) -> str:
        key = self[subject] = f"{subject}_{self.suffix}"
        return key


_AT_LEAST, _MORE_THAN, _BELOW = _Keys("at_least"), _Keys("more_than"), _Keys("below")


def holds(key: str, value: Any) -> Condition:
    """A yes/no fact of the member (e.g. police or firefighter)."""
    return Condition(value, key)


@dataclass(slots=True)
class Outcome:
    conditions: tuple[Condition, ...]
    amount: Q  # before any actuarial reduction: annual (government) or monthly (teachers)


@dataclass(frozen=True)
class Reduction:
    """An actuarial reduction (RULES.md §6): to `unreduced_age` (a parameter), from the age in `at`, by the
    plan's own rule for the factor (`factor(params, unreduced_age, age)`, cited by its steps)."""

    unreduced_age: str
    at: Literal["age", "separation_age"]
    factor: Callable[..., Any]


@dataclass(frozen=True)
class Rule:
    id: str
    plan: str
    path: str
    cite: str
    legal_text: str
    function: Callable[[Facts, Any], Outcome]
    reduction: Reduction | None = None
    exception_of: tuple[str, ...] = field(default=())  # the rules it replaces while its conditions hold
    # The dates it is in force, as dated parameters of its plan's law (`unit = "date"`): from the first, until the
    # day before the second; None: the texts set no such day.
    in_force: tuple[str | None, str | None] = (None, None)

    def __call__(self, facts: Facts, params: Any) -> Outcome:
        return self.function(facts, params)

    def in_force_on(self, day: date, dates: Mapping[str, date]) -> bool:
        """Whether the rule is law on `day`, by its plan's dated parameters (`dates`, the law of that day)."""
        since, until = self.in_force
        return (since is None or (since in dates and dates[since] <= day)) and (until is None or
                                                                               until not in dates or day < dates[until])


def shared(formula: Callable[[Facts, Any], Q]) -> Callable[[Facts, Any], Q]:
    """A formula several rules of a plan read (Regla 19.5(a)'s, 001 (a)'s annuity): computed once for a
    member's facts and parameters, however many rules of the table ask for it. It is a function of those two
    alone, and what it gives is never changed afterwards, so each rule gets the very same quantity."""

    @wraps(formula)
    def once(f: Facts, p: Any) -> Q:
        key = (formula, p)
        found = f.shared.get(key)
        if found is None:
            found = f.shared[key] = formula(f, p)
        return found

    return once


def cite_of(function: Callable) -> str:
    """The citation a rule (or a rule's helper function) carries as its docstring's first line."""
    if isinstance(function, Rule):
        return function.cite
    return _first_line(function.__doc__ or "")


@cache  # the same few docstrings, asked for on every answer
def _first_line(doc: str) -> str:
    return inspect.cleandoc(doc).partition("\n")[0].strip()


def rule(rule_id: str, path: str, reduction: Reduction | None = None, *, exception_of: tuple[str, ...] = (),
         in_force: tuple[str | None, str | None] = (None, None)) -> Callable:
    """Make a function a rule: its id, path (active or deferred), reduction, the rules it is an exception to,
    the dates it is in force (dated parameters of its law, read on the day of the pension, as its values are),
    and the citation and legal text its docstring starts with. Each plan lists its rules in its `RULES` table
    (plans/)."""

    def register(function: Callable[[Facts, Any], Outcome]) -> Rule:
        doc = inspect.cleandoc(function.__doc__ or "")
        cite, _, text = doc.partition("\n")
        if not cite.strip() or not text.strip():
            raise ValueError(f"{rule_id}: the docstring must start with the citation, then the text")
        plan = rule_id.split(".", 1)[0]
        return Rule(rule_id, plan, path, cite.strip(), quoted(text.strip()), function, reduction, exception_of,
                    in_force)

    return register


def quoted(text: str) -> str:
    """The law's own words a docstring quotes: its lines up to the one that closes the quotation («…»).
    What follows is a note for the code, in English; the pages say the estimator's readings in their own
    language (`rules.note.*`)."""
    lines = text.splitlines()
    end = next((i for i, line in enumerate(lines) if line.rstrip().rstrip(".").endswith("»")), len(lines) - 1)
    return "\n".join(lines[: end + 1])


def all_met(conditions: tuple[Condition, ...]) -> Any:
    met: Any = True
    for condition in conditions:
        value = condition.met
        if value is True:  # a condition met (one scenario's, most often): nothing changes
            continue
        if value is False and type(met) is bool:  # one scenario: plain truth values
            met = False
        elif is_array(value) or is_array(met):
            import numpy as np
            met = np.logical_and(met, value)
        else:
            met = met and bool(value)
    return met
