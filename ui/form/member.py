"""From what a member typed to the estimator's inputs: plain functions, no Streamlit.

The form's values (`FormValues`, `ui/form/fields.py`, numbers exact) become the member object
(`estimator.member.Member`): the situation today, the planned start age, the birth date. Anything the
estimator cannot accept comes back as a message keyed by the form field it concerns, in the user's
language, so the form can show it next to that field.
Situations the rules do not cover are in `ui.form.limits`; the salary table in `ui.form.salary_table`.
"""

from __future__ import annotations

from datetime import date, timedelta
from fractions import Fraction
from typing import Callable

from estimator import (age_on, average_from_history, birthday, BOUNDS, date_words,
                       default_values, EARLIEST_WORKING_AGE, entry_in_scope, frozen, government_plan, HistoryError,
                       likely_slip, Member, money, months_between,
                       NEW_PARTICIPANTS_FROM, out_of_scope_from, plan_info, read_scenario, round_cents, ScenarioError,
                       Situation, span, to_fraction)

from ui.form.entry import SPECS, problem_message
from ui.form.fields import FIELDS, OLDEST_AGE, PLACES, TEACHERS, FormValues, plan_for, plan_of, shown_fields
from ui.shell.text import ui_text

__all__ = ["build_member", "plan_of"]


def period_label(months: int, lang: str) -> str:
    """A period or an age of whole months in years and months ("56 años y 3 meses"), never a decimal: the
    estimator's words (`estimator.words.catalog.span`), the same in the app, the report and the command line."""
    return span(Fraction(max(int(months), 0), 12), lang)


def scope_dates(lang: str) -> dict[str, str]:
    """The dates that decide a member's plan and scope (RULES.md §1), in words, for the form's texts."""
    split = NEW_PARTICIPANTS_FROM
    end = out_of_scope_from(government_plan(split))  # the new participants' plan ends the government's scope
    return {"split": date_words(split, lang), "last": date_words(end - timedelta(days=1), lang),
            "end": date_words(end, lang)}


def entry_help(system: str, lang: str) -> str:
    """What the date of first entry decides, for the field's help."""
    words = scope_dates(lang)
    if system == TEACHERS:
        words["end"] = date_words(out_of_scope_from(TEACHERS), lang)
    return ui_text("input.entry_date_help_teachers" if system == TEACHERS else "input.entry_date_help", lang,
                   **words)


def entry_caption(system: str, entry: date, lang: str) -> str:
    """Under the date of first entry: the plan it makes, or that these rules do not describe the member."""
    plan = plan_for(system, entry)
    words = scope_dates(lang)
    if plan == TEACHERS:
        words["end"] = date_words(out_of_scope_from(TEACHERS), lang)
    covered = entry_in_scope(plan, entry)
    return ui_text(f"input.plan_{plan}" if covered else f"input.plan_outside_{plan}", lang, **words)


# Estimator fields → the form field where their message is shown.
FIELD_OF = {f.to: f.place for f in FIELDS if f.to and f.place} | {
    name: place.name for place in PLACES for name in place.estimator}
# Fields a member must fill in; the others may stay empty (Social Security: unknown) or, in values not
# typed in the form (a saved file, a test), None keeps the parameter file's default.
REQUIRED = tuple(f.key for f in FIELDS if f.required)


def asked(values: FormValues) -> list[str]:
    """The typed fields the form shows for these values (a field it does not show is never checked)."""
    return [f.name for f in shown_fields(values) if f.typed]


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
        typed = values.average_monthly if plan_info(plan).monthly else values.average_annual
        if typed is None:
            return None
        average = to_fraction(typed)
    return average if likely_slip(plan, average) else None


def slip_message(plan: str, average: Fraction, lang: str) -> str:
    """The likely slip in words: what was typed, what it likely is, and that the member may confirm it."""
    kind = likely_slip(plan, average)
    return ui_text(f"check.slip_{kind}", lang, amount=money(average), annual=money(average * 12),
                   monthly=money(average / 12), high=money(BOUNDS[kind]), low=money(BOUNDS[kind]))


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
        problem = values.problems.get(name)  # the range was checked where the value was read (a box, a file)
        if problem is None and getattr(values, name) is None and name in REQUIRED:
            problem = "empty"
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
            refuse("birth_date", say("age_range", age=period_label(age_now, lang), oldest=shown(oldest),
                                     youngest=shown(youngest)))
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
        key = "average_monthly_salary" if plan_info(plan).monthly else "average_salary"
        if values.salary_mode == "history":
            salaries = [s for s in values.history if s is not None]  # within the form's largest (box, file)
            if values.problems.get("history_rows"):  # the box could not be read: the reader's message
                refuse("history", values.problems["history_rows"])
            else:
                try:
                    average_field = {key: average_from_history(plan, salaries, lang).value}  # today's
                    history = tuple(to_fraction(s) for s in salaries)
                except HistoryError as exc:
                    refuse("history", str(exc))
        else:
            typed = values.average_monthly if plan_info(plan).monthly else values.average_annual
            if typed is not None:
                average_field = {key: to_fraction(typed)}
    if average_field and not errors:
        average = next(iter(average_field.values()))
        if likely_slip(plan, average) and not confirmed(average):
            refuse("history" if values.salary_mode == "history" else "average", slip_message(plan, average, lang))
    if errors or plan is None or values.birth_date is None:
        return None, errors  # plain text: the page shows them with ui.shell.plain

    age_today = age_on(values.birth_date, today)
    data = {
        "plan": plan, "age": age_today, "service_years": values.service_years + Fraction(values.service_months, 12),
        "separation_age": age_on(values.birth_date, values.separation_date) if separated else age_today,
        **average_field, **_given(values, plan),
    }
    try:
        today_scenario = read_scenario(data, lang)
    except ScenarioError as exc:
        return None, {FIELD_OF.get(exc.field, exc.field): exc.message}

    planned = values.retire_years + Fraction(values.retire_months, 12)
    growth = to_fraction(values.growth_pct or 0) / 100
    situation = Situation(today_scenario, salary_history=history, salary_growth=growth)
    if values.freeze:
        situation = frozen(situation, values.birth_date, today, values.separation_date if separated else None)
    return Member(situation, planned, values.birth_date, today), {}


def _given(values: FormValues, plan: str) -> dict:
    """The scenario's fields the form gives as they are (`Field.to`), from the fields it shows; the
    assumptions among them only when they differ from the rule book's default (the answer says whose figure
    each assumption is)."""
    given: dict = {"assumptions": {}}
    defaults = default_values(plan)
    for f in shown_fields(values):
        value = getattr(values, f.name)
        if not f.to or value is None:
            continue
        if f.kind in ("number", "money"):
            value = to_fraction(value) / (100 if f.percent else 1)
        group, _, name = f.to.rpartition(".")
        if not group:
            given[name] = value
        elif value != defaults.get(name):
            given[group][name] = value
    return given
