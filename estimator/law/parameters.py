"""The law as it stands on a day: every rate, age, threshold, amount and date the rules use, with unit, labels and
citation (the files and their schema: `law_file.py`).

The law on a day D (`definitions(plan, D)`) holds, for each entry, the value in effect on D: the last whose `from`
is on or before D; a value the texts do not date is in effect on every day until a later dated value. An entry with
no value in effect on D is left out of that day's law: `Params.raw` gives None for it, and a rule that reads it
raises AttributeError naming it and the day. The estimate reads the law on the day its pension starts (today
without one). Entries of a later law beyond the seeds (RULES.md §8, the freezes) are dated values like any other,
read the same way, and carry `later_law = true`: a rule never reads them; only the option that applies that law
does. Named assumptions (RULES.md) carry `assumption = true` and the source of their default; those with an
`entered` table are the ones a scenario may override (CONTRACT.md, `assumptions`; `law/assumptions.py` reads them).
"""

from __future__ import annotations

from datetime import date as Date
from fractions import Fraction
from functools import cache
from typing import Any, Mapping

from estimator.arithmetic.exact import exact
from estimator.arithmetic.quantity import NONE, RENDER, Q
from estimator.law.law_file import LawEntry, Parameter, law
from estimator.law.registry import PLAN_IDS, plan as plan_of

RENDER_BY_UNIT = {
    "fraction": RENDER["percent"],
    "years_of_age": RENDER["number"],
    "years_of_service": RENDER["number"],
    "usd_per_month": RENDER["money"],
    "usd_per_year": RENDER["money"],
    "count": RENDER["number"],
}


def definitions(plan: str, on: Date | None = None) -> dict[str, Parameter]:
    """A plan's law as it stands on a day (today by default): each value in effect that day, the later laws'
    dates included (RULES.md §8); an entry with no value in effect that day is left out."""
    return _law_on(plan, on or Date.today())


@cache
def _law_on(plan: str, day: Date) -> dict[str, Parameter]:
    in_effect = {name: entry.on(day) for name, entry in law(plan).items()}
    return {name: spec for name, spec in in_effect.items() if spec is not None}


@cache
def law_key(plan: str, day: Date) -> tuple:
    """Which value of each entry of the plan's law is in effect on `day`: two days with the same key read the
    same law (the grid reads one law for all the ages whose start dates share it)."""
    return tuple((name, entry.index_on(day)) for name, entry in law(plan).items())


@cache
def _rendered(unit: str, value: Fraction) -> str:
    return RENDER_BY_UNIT[unit](value)


def default_values(plan: str, on: Date | None = None) -> dict[str, Fraction | None]:
    """Each figure of the plan's law on a day (today by default), exact; None for an assumption with no default."""
    return _defaults_on(plan, on or Date.today())


@cache
def _defaults_on(plan: str, day: Date) -> dict[str, Fraction | None]:
    return {name: None if spec.value is None else Fraction(spec.value)
            for name, spec in _law_on(plan, day).items() if spec.date is None}


def coordination_age(on: Date | None = None) -> Fraction:
    """004 ¶A «…cuando cumpla la edad de sesenta y cinco (65) años…»: the age from which pensions are coordinated
    with Social Security, in the law of the plan that coordinates as it stands on `on` (today by default). The
    one reading of it: the answer, the grid, the key dates, the lifetime view and the reports ask here, with the
    day of the pension they speak of."""
    return default_values(_coordinating_plan(), on)["coordination_age"]


@cache
def _coordinating_plan() -> str:
    return next(p for p in PLAN_IDS if plan_of(p).coordination)


def dates(plan: str, on: Date | None = None) -> dict[str, Date]:
    """The plan's dated parameters (RULES.md §1: where the law draws a line by date), by name."""
    return {name: spec.date for name, spec in definitions(plan, on).items() if spec.date is not None}


def assumption_definition(name: str) -> Parameter:
    """A named assumption as today's law defines it, whichever plan's file holds it."""
    for plan in PLAN_IDS:
        if name in definitions(plan):
            return definitions(plan)[name]
    raise KeyError(name)


class Params:
    """A plan's parameters as quantities for the rules (exact Fractions; text only when explaining).

    The law as it stands on `on` (today by default). `overrides` are the scenario's assumptions (only
    parameters marked as assumptions may be overridden; `reduction_factor` stays None unless given).
    """

    def __init__(self, plan: str, overrides: Mapping[str, Any] | None = None, *, explain: bool = True,
                 on: Date | None = None):
        self.plan = plan
        self.on = on or Date.today()
        self.definitions = _law_on(plan, self.on)
        self._explain = explain
        self.values: dict[str, Fraction | None] = dict(_defaults_on(plan, self.on))
        for name, value in (overrides or {}).items():
            if value is None or name not in self.definitions:
                continue
            if not self.definitions[name].assumption:
                raise KeyError(f"{name} is not an assumption and cannot be overridden")
            self.values[name] = Fraction(value)

    def __getattr__(self, name: str) -> Q:
        if name.startswith("_"):
            raise AttributeError(name)
        if name not in self.definitions:
            in_law = name in law(self.plan)
            raise AttributeError(f"{name} has no value in effect on {self.on.isoformat()}" if in_law else name)
        value = self.values[name]
        if value is None:
            raise AttributeError(f"{name} has no value in this scenario")
        spec = self.definitions[name]
        assumed = frozenset({name}) if spec.assumption else NONE
        text = _rendered(spec.unit, value) if self._explain else None
        quantity = Q(exact(value), text, assumed=assumed)  # the rules compute with mpq (arithmetic/exact.py)
        self.__dict__[name] = quantity  # read once: later reads find it without this method
        return quantity

    def raw(self, name: str) -> Fraction | None:
        return self.values.get(name)


def params_for(plan: str, overrides: Mapping[str, Any] | None = None, *, explain: bool = True,
               on: Date | None = None) -> Params:
    """The plan's law on `on` (today by default) with the scenario's assumptions; without any, one shared
    (read-only) object for the plan and the day, whose quantities are then made once for every scenario
    instead of once each."""
    if overrides:
        return Params(plan, overrides, explain=explain, on=on)
    return _shared_params(plan, explain, on or Date.today())


@cache
def _shared_params(plan: str, explain: bool, on: Date) -> Params:
    return Params(plan, explain=explain, on=on)


@cache
def assumption_entry(name: str) -> LawEntry:
    """A named assumption's entry in the law files, whichever plan's file holds it."""
    return next(law(plan)[name] for plan in PLAN_IDS if name in law(plan))


