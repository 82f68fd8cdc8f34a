"""The law as dated values: every rate, age, threshold, amount and date the rules use, with unit,
labels and citation, read as the law stands on a day.

Each plan's folder has its `law.toml` (`plans/<plan>/law.toml`; `plans/government/law.toml` for what the
government plans share). An entry lists its `values`, each with the day it takes effect (`from`) and its
citation; a value the texts do not date has no `from` and is in effect on every day until a later dated
value. The law on a day D (`definitions(plan, D)`) holds, for each entry, the value in effect on D: the last
whose `from` is on or before D. An entry with no value in effect on D is left out of that day's law:
`Params.raw` gives None for it, and a rule that reads it raises AttributeError naming it and the day. The
estimate reads the law on the day its pension starts (today without one). Entries of a later law beyond the
seeds (RULES.md §8, the freezes) are dated values like any other, read the same way, and carry
`later_law = true`: a rule never reads them; only the option that applies that law does. Named assumptions (RULES.md) carry
`assumption = true` and the source of their default; those with an `entered` table are the ones a scenario may
override (CONTRACT.md, `assumptions`; `estimator/assumptions.py` reads them).
"""

from __future__ import annotations

import tomllib
from datetime import date as Date
from decimal import Decimal
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, model_validator

from estimator.arithmetic.exact import exact
from estimator.arithmetic.quantity import NONE, RENDER, Q
from estimator.law.registry import PLAN_IDS, plan as plan_of

Unit = Literal["fraction", "years_of_age", "years_of_service", "usd_per_month", "usd_per_year", "count", "date"]
RENDER_BY_UNIT = {
    "fraction": RENDER["percent"],
    "years_of_age": RENDER["number"],
    "years_of_service": RENDER["number"],
    "usd_per_month": RENDER["money"],
    "usd_per_year": RENDER["money"],
    "count": RENDER["number"],
}


class Parameter(BaseModel):
    """One value of the law, as it stands on a day: its figure (or date), unit, labels and citation."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: Decimal | None = None
    date: Date | None = None  # a dated parameter (unit "date"): the day a law draws a line
    unit: Unit
    label_es: str = Field(min_length=3)
    label_en: str = Field(min_length=3)
    cite: str = Field(min_length=3)
    effective_from: Date | None = None  # the day this value took effect; None: the texts do not date it
    assumption: bool = False
    source_es: str | None = Field(default=None, min_length=10)
    source_en: str | None = Field(default=None, min_length=10)
    later_law: bool = False  # a later law beyond the seeds (RULES.md §8): an option's, never a rule's

    @model_validator(mode="after")
    def _consistent(self) -> "Parameter":
        if self.assumption and not (self.source_es and self.source_en):
            raise ValueError("an assumption needs the source of its default in both languages")
        if not self.assumption and (self.source_es or self.source_en):
            raise ValueError("only assumptions carry a source")
        if (self.unit == "date") != (self.date is not None) or (self.date is not None and self.value is not None):
            raise ValueError("a dated parameter has a date and no value, and only it has a date")
        if self.value is None and self.date is None and not self.assumption:
            raise ValueError("only an assumption may have no default value")
        if self.value is not None and (not self.value.is_finite() or self.value < 0):
            raise ValueError("value must be a finite, non-negative number")
        if self.unit == "fraction" and self.value is not None and self.value > 1:
            raise ValueError("a fraction is at most 1")
        return self

    def label(self, lang: str) -> str:
        return self.label_es if lang == "es" else self.label_en

    def source(self, lang: str) -> str | None:
        return self.source_es if lang == "es" else self.source_en



class DatedValue(BaseModel):
    """One value of an entry and the day it takes effect (`from`; absent: the texts do not date it)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    effective_from: Date | None = Field(default=None, alias="from")
    value: Decimal | None = None
    date: Date | None = None
    cite: str = Field(min_length=3)


class Entered(BaseModel):
    """How a named assumption is entered: its place in the contract's `assumptions` (`order`), and the form's box
    (`field`, the saved file's key too), shown as a percentage or as the number it is, its range and an example."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    order: int = Field(ge=1)
    field: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    percent: bool
    low: Decimal
    high: Decimal
    sample: str = Field(min_length=1)
    reduction: bool = False  # it sets an actuarial reduction (RULES.md §6): unused when the rule is not reduced
    replaces: str | None = None  # another assumption it replaces when given (the Board's factor, the rate)


class LawEntry(BaseModel):
    """The strict schema of one entry of a law file: what it is, and its values by the day they take effect."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    unit: Unit
    label_es: str = Field(min_length=3)
    label_en: str = Field(min_length=3)
    assumption: bool = False
    source_es: str | None = None
    source_en: str | None = None
    later_law: bool = False  # a later law beyond the seeds (RULES.md §8): an option, never read as the seeds' law
    entered: Entered | None = None  # a scenario may override it (CONTRACT.md, `assumptions`)
    values: tuple[DatedValue, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _dated_in_order(self) -> "LawEntry":
        if self.entered is not None and not (self.assumption and self.unit == "fraction"):
            raise ValueError("only an assumption that is a fraction (0 to 1) may be entered")
        days = [v.effective_from for v in self.values]
        if None in days[1:]:
            raise ValueError("only the first value may be undated (in effect until a later dated value)")
        dated = [d for d in days if d is not None]
        if dated != sorted(set(dated)):
            raise ValueError("values must take effect on increasing days")
        for index in range(len(self.values)):
            self.parameter(index)  # each value checked against the schema (and its citation) at load
        return self

    def parameter(self, index: int) -> Parameter:
        value = self.values[index]
        return Parameter(value=value.value, date=value.date, cite=value.cite, effective_from=value.effective_from,
                         **self.model_dump(exclude={"values", "entered"}))

    def index_on(self, day: Date) -> int | None:
        """Which of its values is in effect on `day`, or None when none is (every value takes effect later)."""
        for index in reversed(range(len(self.values))):
            start = self.values[index].effective_from
            if start is None or start <= day:
                return index
        return None

    def on(self, day: Date) -> Parameter | None:
        """The value in effect on `day`, or None when none is."""
        index = self.index_on(day)
        return None if index is None else self.parameter(index)


def read_file(path: Path) -> dict[str, LawEntry]:
    with path.open("rb") as handle:
        raw = tomllib.load(handle, parse_float=Decimal)
    return {name: LawEntry.model_validate(entry) for name, entry in raw.items()}


@cache
def folder_law(folder: Path) -> dict[str, LawEntry]:
    """The entries of one folder's `law.toml`, read once a process (the plans that share it, the assumptions)."""
    return read_file(folder / "law.toml")


@cache
def law(plan: str) -> dict[str, LawEntry]:
    """Every entry of a plan's law, by name (the plan's own file over the shared one)."""
    merged: dict[str, LawEntry] = {}
    for folder in plan_of(plan).folders:
        merged.update(folder_law(folder))
    return merged


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
    coordinating = next(p for p in PLAN_IDS if plan_of(p).coordination)
    return default_values(coordinating, on)["coordination_age"]


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


