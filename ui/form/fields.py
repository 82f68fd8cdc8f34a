"""Every input of the member form, declared once.

A `Field` says all the app needs to know about one input: its key (the session's, the saved file's and
`FormValues`'), its kind (how it is typed and how the saved file holds it), the value a form value
takes when it is not given, the example member's value, its label in the form, and, for a value typed
as text, the form field its message shows under, the range it accepts on its own and an example of
how to write it; when the form shows it (`shown`) and the scenario field it gives (`to`). `PLACES` are the
form fields messages show under, in the form's order.

Everything else is derived from these two tables: `FormValues` and `form_values` (here), the example
member (`ui.form.example.example`), the text boxes the app reads (`ui.form.entry.SPECS`), the saved file's strict
model (`ui.form.saved.SavedInputs`, its ranges and field names), where the estimator's messages show
(`ui.form.member.FIELD_OF`), the order the fields to correct are named in (`ui.answer.formatting.error_fields`), the
fields the form draws and checks (`shown_fields`) and what the member is given (`ui.form.member.build_member`).
A new input is one line of `FIELDS` (with its texts in both catalogs and its widget in `ui.form.form`); the boxes of
the named assumptions come from their law entries (`estimator.assumptions`, `_assumption_field`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping

from estimator import (default_values, EARLIEST_WORKING_AGE, government_plan, GROUPS, MEMBER_FACTS, OLDEST_AGE,
                       Overridable, overridable, PLAN_IDS, plan_info, reads, replacing)

# An annual average pay above a million dollars is a typing mistake (an extra digit, or cents typed
# without their point): no public salary in Puerto Rico comes near it. The monthly bound is the same a
# month. Not a legal limit: a bound past which the app asks the member to look again.
MAX_ANNUAL_SALARY = Decimal(1_000_000)
MAX_MONTHLY_SALARY = Decimal("83333.33")  # MAX_ANNUAL_SALARY ÷ 12, to the cent
# Above any Social Security retirement benefit: the largest, for a worker with the maximum taxable earnings
# every year who starts at 70, is reported at about $5,181 a month for 2026 ($4,152 at full retirement age;
# SSA, "Workers with maximum-taxable earnings", ssa.gov/oact/cola/examplemax.html, not reachable from here).
# The field asks for the benefit at 65, which is lower still. A round bound a little above the largest: not a
# legal limit, but a figure past which the amount is an annual one or a typing mistake.
MAX_SOCIAL_SECURITY_MONTHLY = Decimal(5500)
# The form's option for the teachers' system, which is one plan, named as the registry names it
# (`estimator/plans/`): the form's other option, the government employees' system, has a plan per entry date.
TEACHERS = "teachers"

TYPED = ("date", "whole", "number", "money")           # typed as text and read by the app (`ui.form.entry`)
NUMBERS = ("whole", "number", "money", "salaries")     # held to a range, in the form and in a saved file
# A form value's type: numbers exact (`Decimal`), never a float (`form_values` turns a file's into theirs).
_PYTHON = {"choice": str, "flag": bool, "date": date | None, "whole": int | None, "number": Decimal | None,
           "money": Decimal | None, "salaries": list[Decimal | None]}


def salary_ceiling(system: str | None) -> Decimal:
    """The largest salary the form takes for a member of `system` (a plan or a system): a month for
    teachers, whose history and average are monthly; a year for government employees."""
    return MAX_MONTHLY_SALARY if system == TEACHERS else MAX_ANNUAL_SALARY


@dataclass(frozen=True)
class Field:
    """One input. Kinds: "choice" (one of `options`, saved as that text), "flag" (saved as true or
    false), "date" (typed day/month/year, saved as "YYYY-MM-DD" or null), "whole", "number" and "money"
    (typed, saved as a JSON number or null), "salaries" (the salary history table, saved as a list of
    numbers, null for an empty cell)."""

    key: str
    kind: str
    default: Any                     # a form value's when not given (`FormValues`); None keeps a parameter's default
    example: Any                     # the example member's
    label: tuple[str, ...]           # text keys of its label in the form (a saved file's messages name it so)
    options: tuple[str, ...] = ()    # a choice's values
    place: str = ""                  # the form field (`PLACES`) a message about what was typed shows under
    low: Decimal | None = None
    high: Decimal | None = None      # the salary history: the highest any plan takes (see `salary_ceiling`)
    above_low: bool = False          # the low bound itself is refused (a salary of $0)
    sample: str = ""                 # how to write it, shown when the text is not understood
    required: bool = False           # the member must fill it in when the form asks for it
    attr: str = ""                   # its name in `FormValues`, when not its key
    # When the form shows it: shown(plan, form values), plan None until the date of first entry gives it; a
    # field not shown is neither checked nor used. None: always shown.
    shown: Callable[[str | None, Any], bool] | None = None
    # The scenario's field (or "assumptions.<name>") it gives as it is (a percent ÷ 100 when `percent`), when
    # shown; the others reach the member through the arithmetic of `ui.form.member.build_member` (dates → ages).
    to: str = ""
    percent: bool = False

    @property
    def name(self) -> str:
        """Its name in `FormValues`."""
        return self.attr or self.key

    @property
    def typed(self) -> bool:
        return self.kind in TYPED

    @property
    def python_type(self) -> Any:
        return _PYTHON[self.kind]


@dataclass(frozen=True)
class Place:
    """A form field messages show under: its label, whether it is under *Avanzado*, and the estimator's
    fields whose messages show there beyond those a field gives as they are (`Field.to`)."""

    name: str
    label: tuple[str, ...]
    advanced: bool = False
    estimator: tuple[str, ...] = ()


def _percent(parameter: str) -> float:
    """A named assumption's default, in percent, as the form shows it (from the plan whose law defines it)."""
    return float(_default(parameter) * 100)


def _default(parameter: str) -> Fraction | None:
    defining = next(plan for plan in PLAN_IDS if parameter in default_values(plan))
    return default_values(defining)[parameter]


D = Decimal
_YEARS, _MONTHS = ("input.years",), ("input.months",)


# When a field is shown, from the plan (None while no date of first entry says it) and the form's values.
def _government(plan: str | None, v: Any) -> bool:
    return plan != TEACHERS


def _separated(plan: str | None, v: Any) -> bool:
    return v.status == "separated"


def _history(plan: str | None, v: Any) -> bool:
    return v.salary_mode == "history" and plan is not None  # a history needs the plan's window


def _has(capability: str) -> Callable[[str | None, Any], bool]:
    """Shown for a plan the registry says has `capability` (coordination, …)."""
    return lambda plan, v: plan is not None and bool(getattr(plan_info(plan), capability))


def _reads(fact: str) -> Callable[[str | None, Any], bool]:
    """Shown for a plan whose rules read the member's yes/no fact `fact` (`law/facts.toml`)."""
    return lambda plan, v: reads(plan, fact)


def _defines(parameter: str) -> Callable[[str | None, Any], bool]:
    """Shown for a plan whose law defines `parameter` (a named assumption)."""
    return lambda plan, v: plan is not None and parameter in default_values(plan)


def _reduced(plan: str | None, v: Any) -> bool:
    """A plan with an actuarially reduced rule (RULES.md §6)."""
    return plan is not None and any(rule.reduction is not None for rule in plan_info(plan).table)


def _assumption_shown(named: Overridable) -> Callable[[str | None, Any], bool]:
    """Shown for a plan whose law defines the assumption; of an assumption and the one it replaces (the Board's
    factor and the rate a year), the one the form's choice (`reduction_mode`) names."""
    defined = _defines(named.name)
    if named.entered.replaces:
        return lambda plan, v: defined(plan, v) and v.reduction_mode == "board"
    if replacing(named.name):
        return lambda plan, v: defined(plan, v) and v.reduction_mode != "board"
    return defined


def _assumption_field(named: Overridable) -> Field:
    """A named assumption's box under *Avanzado* (`estimator.assumptions`): as its law entry says it is entered,
    labelled by its name (`input.<name>`, with its help and messages in the words of the plan defining it)."""
    entered, default = named.entered, _default(named.name)
    example = None if default is None else float(default * 100 if entered.percent else default)
    return Field(entered.field, "number", None, example, (f"input.{named.name}",), place=named.name,
                 low=D(entered.low), high=D(entered.high), sample=entered.sample, shown=_assumption_shown(named),
                 to=f"assumptions.{named.name}", percent=entered.percent)


FIELDS: tuple[Field, ...] = (
    Field("system", "choice", "government", "government", ("input.system",), options=("government", TEACHERS)),
    Field("entry_date", "date", None, date(1989, 8, 1), ("input.entry_date",), place="entry_date",
          sample="01/08/1989", required=True, to="entry_date"),
    Field("group", "choice", "general", "general", ("input.group",), options=GROUPS, shown=_government, to="group"),
    Field("birth_date", "date", None, date(1970, 2, 15), ("input.birth_date",), place="birth_date",
          sample="15/02/1970", required=True),
    Field("status", "choice", "active", "active", ("input.status",), options=("active", "separated")),
    Field("separation_date", "date", None, None, ("input.separation_date",), place="separation_date",
          sample="30/06/2020", required=True, shown=_separated),
    Field("service_years", "whole", 0, 27, ("input.service", *_YEARS), place="service", low=D(0), high=D(80),
          sample="27", required=True),
    Field("service_months", "whole", 0, 0, ("input.service", *_MONTHS), place="service", low=D(0), high=D(11),
          sample="6", required=True),
    Field("salary_mode", "choice", "average", "average", ("input.salary_mode",), options=("average", "history")),
    Field("average_annual", "money", None, 36000.0, ("input.average_annual",), place="average", low=D(0),
          high=MAX_ANNUAL_SALARY, above_low=True, sample="36,000.50", required=True,
          shown=lambda plan, v: _government(plan, v) and not _history(plan, v)),
    Field("average_monthly", "money", None, 2500.0, ("input.average_monthly",), place="average", low=D(0),
          high=MAX_MONTHLY_SALARY, above_low=True, sample="2,500.00", required=True,
          shown=lambda plan, v: plan == TEACHERS and not _history(plan, v)),
    Field("history_rows", "salaries", (), (), ("input.history_salary",), place="history", low=D(0),
          high=MAX_ANNUAL_SALARY, attr="history", shown=_history),
    Field("retire_years", "whole", 0, 58, ("input.retire", *_YEARS), place="retire", low=D(EARLIEST_WORKING_AGE),
          high=D(OLDEST_AGE), sample="58", required=True),
    Field("retire_months", "whole", 0, 0, ("input.retire", *_MONTHS), place="retire", low=D(0), high=D(11),
          sample="0", required=True),
    Field("coordinated", "flag", False, True, ("input.coordinated",), shown=_has("coordination"), to="coordinated"),
    Field("social_security", "money", None, None, ("input.social_security",), place="social_security", low=D(0),
          high=MAX_SOCIAL_SECURITY_MONTHLY, sample="1,200", shown=lambda plan, v: _has("coordination")(plan, v) and v.coordinated,
          to="social_security_monthly"),
    # the member's yes/no facts a plan's rules read, as `law/facts.toml` declares them
    *(Field(fact.box, "flag", False, False, (f"input.{fact.box}",), shown=_reads(fact.name), to=fact.name)
      for fact in MEMBER_FACTS),
    Field("refunded", "flag", False, False, ("input.refunded",), to="refunded"),
    Field("disability", "flag", False, False, ("limits.disability_input",)),
    Field("both_systems", "flag", False, False, ("limits.both_systems_input",)),
    Field("freeze", "flag", False, False, ("limits.freeze",), shown=lambda plan, v: plan is not None),
    Field("growth_pct", "number", _percent("salary_growth"), _percent("salary_growth"),
          ("input.growth",), place="growth", low=D(-10), high=D(20), sample="2.5"),
    Field("reduction_mode", "choice", "assumed", "assumed", ("input.reduction_mode",), options=("assumed", "board"),
          shown=_reduced),
) + tuple(_assumption_field(named) for named in overridable())
FIELD: dict[str, Field] = {f.key: f for f in FIELDS}
# The form's label of each option of a choice is ui/shell/texts' "input.<prefix><option>".
OPTION_PREFIX = {"system": "system_", "group": "group_", "status": "status_", "salary_mode": "salary_",
                 "reduction_mode": "reduction_"}

# Where messages show, in the form's order.
PLACES: tuple[Place, ...] = (
    Place("entry_date", ("input.entry_date",)),
    Place("birth_date", ("input.birth_date",), estimator=("age",)),
    Place("separation_date", ("input.separation_date",), estimator=("separation_age",)),
    Place("service", ("input.service",), estimator=("service_years",)),
    Place("average", ("input.salary_mode",), estimator=("average_salary", "average_monthly_salary")),
    Place("history", ("input.history_salary",)),
    Place("retire", ("input.retire",)),
    Place("social_security", ("input.social_security",)),
    Place("growth", ("input.growth",), advanced=True),
) + tuple(Place(named.name, (f"input.{named.name}",), advanced=True) for named in overridable())


def _fresh(value: Any) -> Any:
    """A value to hand out: a list of its own (never one shared by every session)."""
    return list(value) if isinstance(value, (list, tuple)) else value


def example_values(fields: Iterable[Field] = FIELDS) -> dict[str, Any]:
    """The example member's inputs, by key."""
    return {f.key: _fresh(f.example) for f in fields}


def exact(value: Any) -> Any:
    """A number as a form value holds it: a float (a saved file's, the example's) as the `Decimal` of its
    shortest writing, 36000.5 → 36000.5, never its binary value; anything else as it is."""
    return Decimal(repr(value)) if isinstance(value, float) else value


def form_values_class(fields: Iterable[Field] = FIELDS) -> type:
    """The form's values as a dataclass: one attribute a field, with its default, and `problems`."""
    attributes: list[tuple[str, Any, Any]] = [
        (f.name, f.python_type, dataclasses.field(default_factory=list) if f.kind == "salaries"
         else dataclasses.field(default=exact(f.default))) for f in fields]
    # What could not be read from the form's text boxes, by key (`ui.form.entry.sync`): "empty", "not_number",
    # "range", … The field's value is then None. The salary history's ("history_rows") is the salary
    # reader's own message, naming the row (`ui.form.salary_table.sync_history`).
    attributes.append(("problems", dict[str, str], dataclasses.field(default_factory=dict)))
    cls = dataclasses.make_dataclass("FormValues", attributes, namespace={
        "__doc__": "The form's values: one attribute a field of `FIELDS`, and what could not be read."})
    cls.__module__ = __name__  # pickled and shown as ui.form.fields.FormValues
    return cls


FormValues = form_values_class()


def plan_for(system: str, entry: date | None) -> str | None:
    """The plan a system and a date of first entry make: the teachers' system is one plan; a government
    employee's plan is that of the date of first entry (RULES.md §1; None while there is none)."""
    if system == TEACHERS:
        return TEACHERS
    return government_plan(entry) if entry else None


def plan_of(values: Any) -> str | None:
    """The plan the form's values make (`plan_for`)."""
    return plan_for(values.system, values.entry_date)


def shown_fields(values: Any, fields: Iterable[Field] = FIELDS) -> tuple[Field, ...]:
    """The fields the form shows for these values, in the form's order."""
    plan = plan_of(values)
    return tuple(f for f in fields if f.shown is None or f.shown(plan, values))


def form_values(inputs: Mapping[str, Any], fields: Iterable[Field] = FIELDS, cls: type | None = None) -> Any:
    """The form values of `inputs`, keyed as the session and a saved file key them (the salary history
    under "history_rows"); an input not there keeps its default."""
    def value(f: Field) -> Any:
        given = inputs[f.key]
        return [exact(s) for s in given] if f.kind == "salaries" else exact(given)
    return (cls or FormValues)(**{f.name: value(f) for f in fields if f.key in inputs})
