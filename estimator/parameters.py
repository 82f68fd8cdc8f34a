"""Parameter files: every rate, age, threshold and amount the rules use, with unit, labels, citation.

The files sit beside the plans' rules (`plans/<plan>.toml`), plus `plans/government.toml` for what
the government plans share. Named assumptions (RULES.md) carry `assumption = true` and the source
of their default; a scenario may override them.
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

from .explain import NONE, RENDER, Q
from .texts import date_words

FOLDER = Path(__file__).parent / "plans"
PLAN_FILES = {"teachers": ("teachers",), "ley447": ("government", "ley447"), "ley1": ("government", "ley1")}

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
    """The strict schema of one entry of a parameter file."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    value: Decimal | None = None
    date: Date | None = None  # a dated parameter (unit "date"): the day a law draws a line
    unit: Unit
    label_es: str = Field(min_length=3)
    label_en: str = Field(min_length=3)
    cite: str = Field(min_length=3)
    assumption: bool = False
    source_es: str | None = Field(default=None, min_length=10)
    source_en: str | None = Field(default=None, min_length=10)

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

    def shown(self, lang: str) -> str | None:
        """The value as a page shows it (a date in words), or None when it has no default."""
        if self.date is not None:
            return date_words(self.date, lang)
        return None if self.value is None else RENDER_BY_UNIT[self.unit](self.value)


def read_file(path: Path) -> dict[str, Parameter]:
    with path.open("rb") as handle:
        raw = tomllib.load(handle, parse_float=Decimal)
    return {name: Parameter.model_validate(entry) for name, entry in raw.items()}


@cache
def definitions(plan: str) -> dict[str, Parameter]:
    """Every parameter a plan's rules read, by name (plan file over common file)."""
    merged: dict[str, Parameter] = {}
    for stem in PLAN_FILES[plan]:
        merged.update(read_file(FOLDER / f"{stem}.toml"))
    return merged


@cache
def _rendered(unit: str, value: Fraction) -> str:
    return RENDER_BY_UNIT[unit](value)


@cache
def default_values(plan: str) -> dict[str, Fraction | None]:
    return {name: None if spec.value is None else Fraction(spec.value)
            for name, spec in definitions(plan).items() if spec.date is None}


@cache
def dates(plan: str) -> dict[str, Date]:
    """The plan's dated parameters (RULES.md §1: where the law draws a line by date), by name."""
    return {name: spec.date for name, spec in definitions(plan).items() if spec.date is not None}


def assumption_label(name: str, lang: str) -> str:
    """The label of a named assumption, whichever plan's file defines it."""
    for plan in PLAN_FILES:
        if name in definitions(plan):
            return definitions(plan)[name].label(lang)
    raise KeyError(name)


def all_files() -> list[Path]:
    return sorted(FOLDER.glob("*.toml"))


class Params:
    """A plan's parameters as quantities for the rules (exact Fractions; text only when explaining).

    `overrides` are the scenario's assumptions (only parameters marked as assumptions may be
    overridden; `reduction_factor` stays None unless given).
    """

    def __init__(self, plan: str, overrides: Mapping[str, Any] | None = None, *, explain: bool = True):
        self.plan = plan
        self.definitions = definitions(plan)
        self._explain = explain
        self.values: dict[str, Fraction | None] = dict(default_values(plan))
        for name, value in (overrides or {}).items():
            if value is None or name not in self.definitions:
                continue
            if not self.definitions[name].assumption:
                raise KeyError(f"{name} is not an assumption and cannot be overridden")
            self.values[name] = Fraction(value)

    def __getattr__(self, name: str) -> Q:
        if name.startswith("_") or name not in self.definitions:
            raise AttributeError(name)
        value = self.values[name]
        if value is None:
            raise AttributeError(f"{name} has no value in this scenario")
        spec = self.definitions[name]
        if not self._explain:
            quantity = Q(value)
        else:
            quantity = Q(value, _rendered(spec.unit, value), assumed=frozenset({name}) if spec.assumption else NONE)
        self.__dict__[name] = quantity  # read once: later reads find it without this method
        return quantity

    def raw(self, name: str) -> Fraction | None:
        return self.values.get(name)


def params_for(plan: str, overrides: Mapping[str, Any] | None = None, *, explain: bool = True) -> Params:
    """The plan's parameters with the scenario's assumptions; without any, one shared (read-only) object for
    the plan, whose quantities are then made once for every scenario instead of once each."""
    if overrides:
        return Params(plan, overrides, explain=explain)
    return _shared_params(plan, explain)


@cache
def _shared_params(plan: str, explain: bool) -> Params:
    return Params(plan, explain=explain)


def assumption_source(name: str, lang: str) -> str:
    """Where a named assumption's default comes from, in words."""
    for plan in PLAN_FILES:
        if name in definitions(plan):
            return definitions(plan)[name].source(lang) or ""
    raise KeyError(name)
