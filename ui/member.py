"""From what a member typed to the estimator's inputs: plain functions, no Streamlit.

The form's raw values (`FormValues`) become a `Member`: the situation today, the planned start age
and the scenario at that age. Anything the estimator cannot accept comes back as a message keyed by
the form field it concerns, in the user's language, so the form can show it next to that field.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from estimator import ScenarioError, read_scenario
from estimator.averages import Average, HistoryError, average_from_history, window
from estimator.freeze import frozen
from estimator.models import EARLIEST_WORKING_AGE, Scenario, government_plan
from estimator.parameters import default_values
from estimator.projection import Situation, scenario_at
from estimator.timeline import age_on

from .text import ui_text

CSV_MAX_ROWS = 2000


@dataclass
class FormValues:
    system: str = "government"            # "government" | "teachers"
    entry_date: date | None = None
    group: str = "general"
    birth_date: date | None = None
    status: str = "active"                # "active" | "separated"
    separation_date: date | None = None
    service_years: int | None = 0
    service_months: int | None = 0
    salary_mode: str = "average"          # "average" | "history"
    average_annual: float | None = None
    average_monthly: float | None = None
    history: list[float | None] = field(default_factory=list)
    retire_years: int | None = 0
    retire_months: int | None = 0
    coordinated: bool = False
    social_security: float | None = None
    shortfall: bool = False
    june_1960: bool = False
    refunded: bool = False
    disability: bool = False
    both_systems: bool = False
    freeze: bool = False
    growth_pct: float | None = 0.0
    reduction_mode: str = "assumed"       # "assumed" | "board"
    # The named assumptions, in percent; None keeps the parameter file's default (see `assumption_percents`).
    reduction_per_year_pct: float | None = None
    board_factor: float | None = None
    contribution_rate_pct: float | None = None
    merit_55_pct: float | None = None
    merit_under_55_pct: float | None = None


@dataclass
class Member:
    situation: Situation
    planned_age: Fraction
    birth_date: date
    scenario: Scenario           # at the planned age
    average: Average | None      # when derived from a salary history

    @property
    def plan(self) -> str:
        return self.situation.today.plan


def exact(value: float | int) -> Fraction:
    return Fraction(Decimal(repr(value))) if isinstance(value, float) else Fraction(value)


def plan_of(values: FormValues) -> str | None:
    if values.system == "teachers":
        return "teachers"
    return government_plan(values.entry_date) if values.entry_date else None


# Estimator fields → the form field where their message is shown.
FIELD_OF = {
    "service_years": "service", "separation_age": "separation_date", "age": "birth_date",
    "average_salary": "average", "average_monthly_salary": "average", "social_security_monthly": "social_security",
    "assumptions.reduction_factor": "board_factor", "assumptions.early_reduction_per_year": "reduction_per_year",
    "assumptions.teachers_contribution_rate": "contribution_rate", "assumptions.merit_pct_55_plus": "merit_55",
    "assumptions.merit_pct_under_55": "merit_under_55",
}


def build_member(values: FormValues, today: date, lang: str) -> tuple[Member | None, dict[str, str]]:
    """The member, or the messages (by form field) saying what to correct."""
    errors: dict[str, str] = {}
    say = lambda key, **kw: ui_text(f"error.{key}", lang, **kw)  # noqa: E731

    birth = values.birth_date
    if birth is None:
        errors["birth_date"] = say("required")
    elif birth > today:
        errors["birth_date"] = say("birth_future")
    elif age_on(birth, today) < EARLIEST_WORKING_AGE:
        errors["birth_date"] = say("too_young")
    plan = plan_of(values)
    if values.system == "government":
        if values.entry_date is None:
            errors["entry_date"] = say("required")
        elif values.entry_date > today:
            errors["entry_date"] = say("entry_future")
        elif birth and "birth_date" not in errors and age_on(birth, values.entry_date) < EARLIEST_WORKING_AGE:
            errors["entry_date"] = say("entry_before_working_age")
    separated = values.status == "separated"
    if separated:
        if values.separation_date is None:
            errors["separation_date"] = say("required")
        elif values.separation_date > today:
            errors["separation_date"] = say("separation_future")
        elif values.entry_date and values.system == "government" and values.separation_date < values.entry_date:
            errors["separation_date"] = say("separation_before_entry")
        elif birth and "birth_date" not in errors and age_on(birth, values.separation_date) < EARLIEST_WORKING_AGE:
            errors["separation_date"] = say("separation_before_working_age")
    for name in ("service_years", "service_months", "retire_years", "retire_months"):
        if getattr(values, name) is None:
            errors[name.split("_")[0]] = say("required")
    if values.service_months is not None and not 0 <= values.service_months <= 11:
        errors["service"] = say("months_range")
    if values.retire_months is not None and not 0 <= values.retire_months <= 11:
        errors["retire"] = say("months_range")

    average: Average | None = None
    history: tuple[Fraction, ...] | None = None
    average_field: dict[str, Fraction] = {}
    if plan is not None:
        if values.salary_mode == "history":
            salaries = [s for s in values.history if s is not None]
            try:
                average = average_from_history(plan, salaries, lang)
                history = tuple(exact(s) for s in salaries)
                key = "average_monthly_salary" if plan == "teachers" else "average_salary"
                average_field = {key: average.value}
            except HistoryError as exc:
                errors["history"] = str(exc)
        else:
            typed = values.average_monthly if plan == "teachers" else values.average_annual
            if typed is None:
                errors["average"] = say("required")
            else:
                key = "average_monthly_salary" if plan == "teachers" else "average_salary"
                average_field = {key: exact(typed)}
    if errors or plan is None or birth is None:
        return None, errors

    age_today = age_on(birth, today)
    data = {
        "plan": plan, "age": age_today, "service_years": values.service_years + Fraction(values.service_months, 12),
        "separation_age": age_on(birth, values.separation_date) if separated else age_today,
        "coordinated": values.coordinated and plan == "ley447", "refunded": values.refunded,
        "contribution_shortfall": values.shortfall and plan == "teachers",
        "in_system_june_1960": values.june_1960 and plan == "ley447", **average_field,
        "assumptions": _assumptions(values, plan),
    }
    if plan != "teachers":
        data["group"] = values.group
    if data["coordinated"] and values.social_security is not None:
        data["social_security_monthly"] = exact(values.social_security)
    try:
        today_scenario = read_scenario(data, lang)
    except ScenarioError as exc:
        return None, {FIELD_OF.get(exc.field, exc.field): exc.message}

    planned = values.retire_years + Fraction(values.retire_months, 12)
    if planned < age_today:
        return None, {"retire": say("retire_before_today", age=age_label(age_today, lang))}
    growth = exact(values.growth_pct or 0) / 100
    situation = Situation(today_scenario, salary_history=history, salary_growth=growth)
    if values.freeze:
        situation = frozen(situation, birth, today)
    return Member(situation, planned, birth, scenario_at(situation, planned), average), {}


def limits(values: FormValues, lang: str) -> list[str]:
    """Situations these rules do not cover: said plainly, with who can answer, never a number."""
    found = []
    if values.disability:
        found.append(ui_text("limits.disability", lang))
    if values.both_systems:
        found.append(ui_text("limits.both_systems", lang))
    return found


# Form field → (plan whose parameter file holds it, parameter), for the assumptions shown in percent.
PERCENT_ASSUMPTIONS = {
    "reduction_per_year_pct": ("ley447", "early_reduction_per_year"),
    "contribution_rate_pct": ("teachers", "teachers_contribution_rate"),
    "merit_55_pct": ("ley447", "merit_pct_55_plus"),
    "merit_under_55_pct": ("ley447", "merit_pct_under_55"),
}


def assumption_percents() -> dict[str, float]:
    """The form's starting values for the assumptions: the parameter files' defaults, in percent."""
    return {field: float(default_values(plan)[name] * 100) for field, (plan, name) in PERCENT_ASSUMPTIONS.items()}


def _assumptions(values: FormValues, plan: str) -> dict[str, Fraction]:
    given: dict[str, Fraction] = {}
    percent = lambda v: exact(v) / 100  # noqa: E731
    if plan != "teachers":
        if values.reduction_mode == "board" and values.board_factor is not None:
            given["reduction_factor"] = exact(values.board_factor)
        elif values.reduction_per_year_pct is not None:
            given["early_reduction_per_year"] = percent(values.reduction_per_year_pct)
    if plan == "teachers" and values.contribution_rate_pct is not None:
        given["teachers_contribution_rate"] = percent(values.contribution_rate_pct)
    if plan == "ley447":
        if values.merit_55_pct is not None:
            given["merit_pct_55_plus"] = percent(values.merit_55_pct)
        if values.merit_under_55_pct is not None:
            given["merit_pct_under_55"] = percent(values.merit_under_55_pct)
    return given


def age_label(age: Fraction, lang: str) -> str:
    years, months = divmod(int(Fraction(age) * 12), 12)
    if months:
        return ui_text("result.age_months_label", lang, years=years, months=months)
    return ui_text("result.age_label", lang, years=years)


def salaries_from_csv(raw: bytes, lang: str) -> tuple[list[float], str | None]:
    """Salaries from an uploaded CSV (the last column of each row; a header row is skipped).
    Returns the salaries, or an error message saying what is accepted."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return [], ui_text("error.csv_unreadable", lang)
    try:
        rows = [row for row in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in row)]
    except csv.Error:
        return [], ui_text("error.csv_unreadable", lang)
    if len(rows) > CSV_MAX_ROWS + 1:
        return [], ui_text("error.csv_too_big", lang, limit=CSV_MAX_ROWS)
    salaries: list[float] = []
    for number, row in enumerate(rows, start=1):
        cell = row[-1].strip().replace("$", "").replace(",", "")
        try:
            value = Decimal(cell)
        except InvalidOperation:
            if number == 1 and not salaries:
                continue  # a header row
            return [], ui_text("error.csv_bad_value", lang, row=number, value=row[-1][:20])
        if not value.is_finite() or value < 0:
            return [], ui_text("error.csv_bad_value", lang, row=number, value=row[-1][:20])
        salaries.append(float(value))
    if not salaries:
        return [], ui_text("error.csv_unreadable", lang)
    return salaries, None


def history_size(plan: str) -> int:
    return window(plan)


def apply_editor_changes(rows: list[float | None], changes: dict | None, column: str = "salary") -> list[float | None]:
    """The salary table as the member sees it: the stored rows with the table editor's pending changes
    (edited, deleted and added rows, Streamlit's data-editor state) applied."""
    if not changes:
        return list(rows)
    values = list(rows)
    for index, edit in (changes.get("edited_rows") or {}).items():
        position = int(index)
        if 0 <= position < len(values) and column in edit:
            values[position] = _salary_cell(edit[column])
    deleted = {int(i) for i in changes.get("deleted_rows") or []}
    values = [v for i, v in enumerate(values) if i not in deleted]
    values += [_salary_cell(added.get(column)) for added in changes.get("added_rows") or []]
    return values


def _salary_cell(value) -> float | None:
    if value is None or value == "":
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if number != number else number  # NaN: an empty cell
