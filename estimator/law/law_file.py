"""The law files' strict schema and their reading: each plan folder's `law.toml` (`plans/<plan>/law.toml`;
`plans/government/law.toml` for what the government plans share), entry by entry, each value with the day it takes
effect (`from`) and its citation. What a day's law holds, and the values the rules read, are `parameters.py`'s.
"""

from __future__ import annotations

import tomllib
from datetime import date as Date
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from estimator.law.registry import plan as plan_of

Unit = Literal["fraction", "years_of_age", "years_of_service", "usd_per_month", "usd_per_year", "count", "date"]


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
