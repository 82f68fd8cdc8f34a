"""From what a member typed to the estimator's inputs: plain functions, no Streamlit.

The form's raw values (`FormValues`, `ui/fields.py`) become a `Member`: the situation today, the planned
start age and the scenario at that age. Anything the estimator cannot accept comes back as a message keyed
by the form field it concerns, in the user's language, so the form can show it next to that field.
Situations the rules do not cover are in `ui.limits`; ages and periods in words in `ui.formatting`; the
salary table in `ui.salary_table`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction
from typing import Callable

from estimator import ScenarioError, read_scenario
from estimator.averages import HistoryError, average_from_history
from estimator.freeze import frozen
from estimator.models import (EARLIEST_WORKING_AGE, NEW_PARTICIPANTS_FROM, Scenario, entry_in_scope,
                              government_plan, out_of_scope_from)
from estimator.parameters import default_values
from estimator.projection import AverageExplained, Situation, average_explained, scenario_at
from estimator.numbers import money, round_cents
from estimator.texts import date_words
from estimator.timeline import age_on, date_at

from .entry import SPECS, problem_message, within
from .fields import (FIELDS, GOVERNMENT_ANNUAL_LIKELY_MONTHLY, OLDEST_AGE, PLACES, TEACHERS_MONTHLY_LIKELY_ANNUAL,
                     FormValues, salary_ceiling)
from .formatting import period_label
from .text import ui_text


@dataclass
class Member:
    situation: Situation
    planned_age: Fraction
    birth_date: date
    scenario: Scenario           # at the planned age
    explained: AverageExplained | None  # the steps of the average at the planned age, when not as entered

    @property
    def average_steps(self) -> list | None:
        return self.explained.steps if self.explained else None

    @property
    def average_assumptions(self) -> list | None:
        return self.explained.assumptions if self.explained else None

    @property
    def plan(self) -> str:
        return self.situation.today.plan


def exact(value: float | int) -> Fraction:
    return Fraction(Decimal(repr(value))) if isinstance(value, float) else Fraction(value)


def scope_dates(lang: str) -> dict[str, str]:
    """The dates that decide a member's plan and scope (RULES.md §1), in words, for the form's texts."""
    split, end = NEW_PARTICIPANTS_FROM, out_of_scope_from("ley1")
    return {"split": date_words(split, lang), "last": date_words(end - timedelta(days=1), lang),
            "end": date_words(end, lang)}


def entry_help(system: str, lang: str) -> str:
    """What the date of first entry decides, for the field's help."""
    words = scope_dates(lang)
    if system == "teachers":
        words["end"] = date_words(out_of_scope_from("teachers"), lang)
    return ui_text("input.entry_date_help_teachers" if system == "teachers" else "input.entry_date_help", lang,
                   **words)


def entry_caption(system: str, entry: date, lang: str) -> str:
    """Under the date of first entry: the plan it makes, or that these rules do not describe the member."""
    plan = "teachers" if system == "teachers" else government_plan(entry)
    words = scope_dates(lang)
    if plan == "teachers":
        words["end"] = date_words(out_of_scope_from("teachers"), lang)
    covered = entry_in_scope(plan, entry)
    return ui_text(f"input.plan_{plan}" if covered else f"input.plan_outside_{plan}", lang, **words)


def plan_of(values: FormValues) -> str | None:
    if values.system == "teachers":
        return "teachers"
    return government_plan(values.entry_date) if values.entry_date else None


# Estimator fields → the form field where their message is shown.
FIELD_OF = {name: place.name for place in PLACES for name in place.estimator}
# Fields a member must fill in; the others may stay empty (Social Security: unknown) or, in values not
# typed in the form (a saved file, a test), None keeps the parameter file's default.
REQUIRED = tuple(f.key for f in FIELDS if f.required)


def asked(values: FormValues) -> list[str]:
    """The typed fields the form shows for these values (a field it does not show is never checked)."""
    plan = plan_of(values)
    # The date of first entry: it decides a government employee's plan, and for both systems whether these
    # rules describe the member at all (RULES.md §1, Scope).
    names = ["entry_date", "birth_date", "service_years", "service_months", "retire_years", "retire_months",
             "growth_pct"]
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


def months_between(start: date, end: date) -> int:
    """Completed months from `start` to `end`."""
    return (end.year - start.year) * 12 + (end.month - start.month) - (end.day < start.day)


def birthday(birth: date, age: int) -> date:
    """The day a person born on `birth` turns `age` (29 February → 1 March in a common year, as ages count)."""
    return date_at(birth, Fraction(age))


def likely_slip(plan: str, average: Fraction) -> str | None:
    """RULES.md §0, Plausibility: the slip an average far more likely is than a fact, as a text key, or None."""
    if plan == "teachers" and average > TEACHERS_MONTHLY_LIKELY_ANNUAL:
        return "slip_teachers"
    if plan != "teachers" and average < GOVERNMENT_ANNUAL_LIKELY_MONTHLY:
        return "slip_government"
    return None


def average_to_confirm(values: FormValues, lang: str) -> Fraction | None:
    """The average the form holds when it is likely a slip (`likely_slip`): typed, or read from the salary
    history; None otherwise. The form asks the member to confirm it, under the field."""
    plan = plan_of(values)
    if plan is None:
        return None
    if values.salary_mode == "history":
        try:
            average = average_from_history(plan, [s for s in values.history if s is not None], lang).value
        except HistoryError:
            return None
    else:
        typed = values.average_monthly if plan == "teachers" else values.average_annual
        if typed is None:
            return None
        average = exact(typed)
    return average if likely_slip(plan, average) else None


def slip_message(plan: str, average: Fraction, lang: str) -> str:
    """The likely slip in words: what was typed, what it likely is, and that the member may confirm it."""
    return ui_text(f"check.{likely_slip(plan, average)}", lang, amount=money(average), annual=money(average * 12),
                   monthly=money(average / 12), high=money(TEACHERS_MONTHLY_LIKELY_ANNUAL),
                   low=money(GOVERNMENT_ANNUAL_LIKELY_MONTHLY))


def unconfirmed_slip(values: FormValues, lang: str, confirmed: Callable[[Fraction], bool]) -> str | None:
    """For the answer: the likely slip the member has not confirmed yet, in words, or None."""
    average = average_to_confirm(values, lang)
    return None if average is None or confirmed(average) else slip_message(plan_of(values), average, lang)


def confirm_key(average: Fraction) -> str:
    """The session key of the member's confirmation of this very average (another figure asks again)."""
    return f"confirm_average_{round_cents(average)}".replace(".", "_")


def build_member(values: FormValues, today: date, lang: str,
                 confirmed: Callable[[Fraction], bool] = lambda average: False) -> tuple[Member | None, dict[str, str]]:
    """The member, or the messages (by form field) saying what to correct and what is accepted. An average
    that is likely a slip is refused until `confirmed` says the member confirmed that figure."""
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
            refuse(SPECS[name].place, problem_message(name, problem, lang))

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
    entry = values.entry_date if "entry_date" not in errors else None
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
    start = entry or (None if government else date14)
    end = separation if separated else today
    if "service" not in errors and start and end:
        service = values.service_years * 12 + values.service_months
        available = max(months_between(start, end), 0)
        if service > available:
            until = say("until_separation" if separated else "until_today", date=shown(end))
            refuse("service", say("service_since_entry" if entry else "service_since_14",
                                  service=period_label(service, lang), start=shown(start), end=until,
                                  limit=period_label(available, lang)))
    if birth is not None and "retire" not in errors:
        age_now = months_between(birth, today)
        if values.retire_years * 12 + values.retire_months < age_now:
            refuse("retire", say("retire_before_today", age=period_label(age_now, lang)))

    plan = plan_of(values)
    history: tuple[Fraction, ...] | None = None
    average_field: dict[str, Fraction] = {}
    if plan is not None:
        key = "average_monthly_salary" if plan == "teachers" else "average_salary"
        if values.salary_mode == "history":
            salaries = [s for s in values.history if s is not None]
            high = salary_ceiling(plan)
            too_large = next((i for i, s in enumerate(salaries, start=1)
                              if isinstance(s, (int, float)) and s > high), None)
            if values.problems.get("history_rows"):  # the box could not be read: the reader's message
                refuse("history", values.problems["history_rows"])
            elif too_large:
                refuse("history", say("history_too_large", position=too_large, amount=money(salaries[too_large - 1]),
                                      high=money(high)))
            else:
                try:
                    average_field = {key: average_from_history(plan, salaries, lang).value}  # today's
                    history = tuple(exact(s) for s in salaries)
                except HistoryError as exc:
                    refuse("history", str(exc))
        else:
            typed = values.average_monthly if plan == "teachers" else values.average_annual
            if typed is not None:
                average_field = {key: exact(typed)}
    if average_field and not errors:
        average = next(iter(average_field.values()))
        if likely_slip(plan, average) and not confirmed(average):
            refuse("history" if values.salary_mode == "history" else "average", slip_message(plan, average, lang))
    if errors or plan is None or values.birth_date is None:
        return None, errors  # plain text: the page shows them with ui.plain

    age_today = age_on(values.birth_date, today)
    data = {
        "plan": plan, "age": age_today, "service_years": values.service_years + Fraction(values.service_months, 12),
        "separation_age": age_on(values.birth_date, values.separation_date) if separated else age_today,
        "coordinated": values.coordinated and plan == "ley447", "refunded": values.refunded,
        "contribution_shortfall": values.shortfall and plan == "teachers",
        "in_system_june_1960": values.june_1960 and plan == "ley447", **average_field,
        "entry_date": values.entry_date,
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
    growth = exact(values.growth_pct or 0) / 100
    situation = Situation(today_scenario, salary_history=history, salary_growth=growth)
    if values.freeze:
        situation = frozen(situation, values.birth_date, today, values.separation_date if separated else None)
    return Member(situation, planned, values.birth_date, scenario_at(situation, planned),
                  average_explained(situation, planned, lang)), {}


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


