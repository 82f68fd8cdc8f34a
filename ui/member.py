"""From what a member typed to the estimator's inputs: plain functions, no Streamlit.

The form's raw values (`FormValues`) become a `Member`: the situation today, the planned start age
and the scenario at that age. Anything the estimator cannot accept comes back as a message keyed by
the form field it concerns, in the user's language, so the form can show it next to that field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from fractions import Fraction

from estimator import ScenarioError, read_scenario
from estimator.averages import Average, HistoryError, average_from_history, window
from estimator.freeze import frozen
from estimator.models import EARLIEST_WORKING_AGE, Scenario, government_plan
from estimator.parameters import default_values
from estimator.projection import Situation, scenario_at
from estimator.salary_file import MAX_ROWS
from estimator.numbers import money
from estimator.timeline import age_on, date_at

from .entry import MAX_ANNUAL_SALARY, MAX_MONTHLY_SALARY, OLDEST_AGE, SPECS, problem_message, within
from .text import catalog, ui_text

CSV_MAX_ROWS = MAX_ROWS  # a salary history's longest, typed, uploaded or saved


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
    # What could not be read from the form's text boxes, by field name (`ui.entry.sync`): "empty",
    # "not_number", "range", … The field's value is then None.
    problems: dict[str, str] = field(default_factory=dict)


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
# Fields a member must fill in; the others may stay empty (Social Security: unknown) or, in values not
# typed in the form (a saved file, a test), None keeps the parameter file's default.
REQUIRED = ("entry_date", "birth_date", "separation_date", "service_years", "service_months",
            "average_annual", "average_monthly", "retire_years", "retire_months")


def asked(values: FormValues) -> list[str]:
    """The typed fields the form shows for these values (a field it does not show is never checked)."""
    plan = plan_of(values)
    names = ["birth_date", "service_years", "service_months", "retire_years", "retire_months", "growth_pct"]
    if values.system == "government":
        names.append("entry_date")
    if values.status == "separated":
        names.append("separation_date")
    if values.salary_mode != "history" or plan is None:
        names.append("average_monthly" if values.system == "teachers" else "average_annual")
    if plan == "ley447" and values.coordinated:
        names.append("social_security")
    if plan in ("ley447", "ley1"):
        names.append("board_factor" if values.reduction_mode == "board" else "reduction_per_year_pct")
    if plan == "teachers":
        names.append("contribution_rate_pct")
    if plan == "ley447":
        names += ["merit_55_pct", "merit_under_55_pct"]
    return names


def period_label(months: int, lang: str) -> str:
    """A period or an age in years and months ("56 años y 3 meses"), never a decimal."""
    say = lambda key, **kw: ui_text(f"check.{key}", lang, **kw)  # noqa: E731
    years, rest = divmod(max(int(months), 0), 12)
    year_part = say("years_one") if years == 1 else say("years", n=years)
    month_part = say("months_one") if rest == 1 else say("months", n=rest)
    if not rest:
        return year_part
    return month_part if not years else say("years_and_months", years=year_part, months=month_part)


def months_between(start: date, end: date) -> int:
    """Completed months from `start` to `end`."""
    return (end.year - start.year) * 12 + (end.month - start.month) - (end.day < start.day)


def birthday(birth: date, age: int) -> date:
    """The day a person born on `birth` turns `age` (29 February → 28 February)."""
    return date_at(birth, Fraction(age))


def build_member(values: FormValues, today: date, lang: str) -> tuple[Member | None, dict[str, str]]:
    """The member, or the messages (by form field) saying what to correct and what is accepted."""
    errors: dict[str, str] = {}
    say = lambda key, **kw: ui_text(f"check.{key}", lang, **kw)  # noqa: E731
    shown = lambda day: day.strftime("%d/%m/%Y")  # noqa: E731

    def refuse(form_field: str, message: str) -> None:
        errors.setdefault(form_field, message)  # the first message about a field is the one shown

    # 1. Each field on its own: typed as a number or a date the app understands, within its range.
    for name in asked(values):
        problem = values.problems.get(name)
        value = getattr(values, name)
        if problem is None and value is None and name in REQUIRED:
            problem = "empty"
        elif problem is None and value is not None and SPECS[name].kind != "date" and not within(name, value):
            problem = "range"  # a value that did not come through a text box (a saved file, a test)
        if problem == "empty" and name == "social_security":
            problem = None  # may stay empty: the Social Security estimate is then not used
        if problem:
            refuse(SPECS[name].field, problem_message(name, problem, lang))

    # 2. Across fields, as a counselor would check them.
    birth = values.birth_date if "birth_date" not in errors else None
    if birth is not None:
        oldest, youngest = birthday(today, -OLDEST_AGE), birthday(today, -EARLIEST_WORKING_AGE)
        age_now = months_between(birth, today)
        if birth > today:
            refuse("birth_date", say("birth_future", oldest=shown(oldest), youngest=shown(youngest)))
        elif age_now < EARLIEST_WORKING_AGE * 12 or age_now > OLDEST_AGE * 12:
            refuse("birth_date", say("too_young" if age_now < EARLIEST_WORKING_AGE * 12 else "too_old",
                                     age=period_label(age_now, lang), oldest=shown(oldest), youngest=shown(youngest)))
        birth = None if "birth_date" in errors else birth
    date14 = birthday(birth, EARLIEST_WORKING_AGE) if birth else None
    government = values.system == "government"
    entry = values.entry_date if government and "entry_date" not in errors else None
    if entry is not None:
        if entry > today:
            refuse("entry_date", say("entry_future", today=shown(today)))
        elif date14 and entry < date14:
            refuse("entry_date", say("entry_before_working_age", date14=shown(date14)))
        entry = None if "entry_date" in errors else entry
    separated = values.status == "separated"
    separation = values.separation_date if separated and "separation_date" not in errors else None
    if separation is not None:
        if separation > today:
            refuse("separation_date", say("separation_future", today=shown(today)))
        elif entry and separation < entry:
            refuse("separation_date", say("separation_before_entry", entry=shown(entry)))
        elif date14 and separation < date14:
            refuse("separation_date", say("separation_before_working_age", date14=shown(date14)))
        separation = None if "separation_date" in errors else separation
    start = entry if government else date14
    end = separation if separated else today
    if "service" not in errors and start and end:
        service = values.service_years * 12 + values.service_months
        available = max(months_between(start, end), 0)
        if service > available:
            until = say("until_separation" if separated else "until_today", date=shown(end))
            refuse("service", say("service_since_entry" if government else "service_since_14",
                                  service=period_label(service, lang), start=shown(start), end=until,
                                  limit=period_label(available, lang)))
    if birth is not None and "retire" not in errors:
        age_now = months_between(birth, today)
        if values.retire_years * 12 + values.retire_months < age_now:
            refuse("retire", say("retire_before_today", age=period_label(age_now, lang)))

    plan = plan_of(values)
    average: Average | None = None
    history: tuple[Fraction, ...] | None = None
    average_field: dict[str, Fraction] = {}
    if plan is not None:
        key = "average_monthly_salary" if plan == "teachers" else "average_salary"
        if values.salary_mode == "history":
            salaries = [s for s in values.history if s is not None]
            high = MAX_MONTHLY_SALARY if plan == "teachers" else MAX_ANNUAL_SALARY
            too_large = next((i for i, s in enumerate(salaries, start=1)
                              if isinstance(s, (int, float)) and s > high), None)
            if too_large:
                refuse("history", say("history_too_large", position=too_large, amount=money(salaries[too_large - 1]),
                                      high=money(high)))
            else:
                try:
                    average = average_from_history(plan, salaries, lang)
                    history = tuple(exact(s) for s in salaries)
                    average_field = {key: average.value}
                except HistoryError as exc:
                    refuse("history", str(exc))
        else:
            typed = values.average_monthly if plan == "teachers" else values.average_annual
            if typed is not None:
                average_field = {key: exact(typed)}
    if errors or plan is None or values.birth_date is None:
        return None, _markdown(errors)

    age_today = age_on(values.birth_date, today)
    data = {
        "plan": plan, "age": age_today, "service_years": values.service_years + Fraction(values.service_months, 12),
        "separation_age": age_on(values.birth_date, values.separation_date) if separated else age_today,
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
        return None, _markdown({FIELD_OF.get(exc.field, exc.field): exc.message})

    planned = values.retire_years + Fraction(values.retire_months, 12)
    growth = exact(values.growth_pct or 0) / 100
    situation = Situation(today_scenario, salary_history=history, salary_growth=growth)
    if values.freeze:
        situation = frozen(situation, values.birth_date, today)
    return Member(situation, planned, values.birth_date, scenario_at(situation, planned), average), {}


def _markdown(errors: dict[str, str]) -> dict[str, str]:
    """Messages as Streamlit shows them (markdown): a dollar sign is a dollar, not the start of a formula."""
    return {field: message.replace("\\$", "$").replace("$", "\\$") for field, message in errors.items()}


def error_fields(errors: dict[str, str], lang: str) -> str:
    """The fields to correct, named as the member knows them ("fecha de nacimiento, salario promedio")."""
    ordered = sorted(errors, key=lambda f: FORM_ORDER.index(f) if f in FORM_ORDER else len(FORM_ORDER))
    return ", ".join(ui_text(f"check.name.{f}", lang) if f"check.name.{f}" in catalog(lang) else f for f in ordered)


# The form's fields in the order the form shows them.
FORM_ORDER = ("entry_date", "birth_date", "separation_date", "service", "average", "history", "retire",
              "social_security", "growth", "reduction_per_year", "board_factor", "contribution_rate", "merit_55",
              "merit_under_55")


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
    # A field left at the rule book's default is the default, not the user's figure (the answer says
    # whose figure each assumption is).
    defaults = default_values(plan)
    return {name: value for name, value in given.items() if value != defaults.get(name)}


def age_label(age: Fraction, lang: str) -> str:
    years, months = divmod(int(Fraction(age) * 12), 12)
    if months:
        return ui_text("result.age_months_label", lang, years=years, months=months)
    return ui_text("result.age_label", lang, years=years)


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
