"""The sections of one member's report, in the order they print: the title (and for whom), the summary
(its headline gives the amount, the age, the date it starts and the rule), the key dates, the steps,
the reasons, the other rules, the assumptions, the inputs and the closing (the rule book and the
disclaimer). The chart sits after the key dates (`chart.py`).
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from functools import partial
from typing import Sequence

from estimator.member.compare import scenario_inputs, situation_name
from estimator.arithmetic.dates import date_at
from estimator.explanation.engine import example_inputs_named, later_law
from estimator.calculation.answer import Answer
from estimator.calculation.scenario import Scenario
from estimator.calculation.freeze import freeze_for
from estimator.calculation.situation import Situation
from estimator.arithmetic.display import exact_number, exact_percent, money
from estimator.arithmetic.exact import whole_months
from estimator.law.parameters import RENDER_BY_UNIT, coordination_age, default_values, definitions
from estimator.words.assumptions import assumption_figure, assumption_mark
from estimator.law.rulebook import RULEBOOK_DATE
from estimator.words.catalog import step_value, t
from estimator.member.timeline import first_day, key_date_lines, key_dates
from estimator.member.payments import payments_of
from estimator.io.report.document import FAMILY, Context, Document, Words, title_block



# -- title and summary -------------------------------------------------------------------------

def title(doc: Document, ctx: Context) -> None:
    subtitle = ctx.t("subtitle", plan=situation_name(ctx.scenario, ctx.lang), date=ctx.date_text(ctx.generated_on))
    title_block(doc, ctx.t("title"), subtitle, ctx.name, ctx.notes)


def summary(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("summary"))
    if ctx.answer.eligible:
        _amount_summary(doc, ctx)
    else:
        _no_pension_summary(doc, ctx)


def headline(ctx: Context) -> str:
    """"Pensión mensual a los 58 años (15 de febrero de 2028): $1,390.00 — Regla 18.2"."""
    a = ctx.answer
    when = ctx.t("headline_date", date=ctx.date_text(ctx.start_date)) if ctx.start_date else ""
    return ctx.t("headline", age=ctx.years_text(ctx.scenario.age), when=when, amount=money(a.monthly_paid_at_start),
                 rule=ctx.short_rule(a.rule))


def _amount_summary(doc: Document, ctx: Context) -> None:
    a = ctx.answer
    doc.paragraph(headline(ctx), size=15, bold=True)
    if ctx.member is not None and ctx.member.example_inputs:  # an amount partly the example member's says so first
        doc.paragraph(ctx.t("example_inputs", fields=example_inputs_named(ctx.member.example_inputs, ctx.lang)),
                      bold=True)
    if a.monthly_paid_at_start == a.monthly_pension:  # else the reference amount is said beside it, below
        doc.paragraph(ctx.t("annual", amount=money(a.annual_pension)))
    lines = [ctx.t("rule_applied", rule=ctx.rule_title(a.rule), cite=ctx.rule_cite(a.rule))]
    if a.reduced_from is not None:
        lines.append(ctx.t("reduced", factor=exact_number(a.reduction_factor), unreduced=money(a.reduced_from)))
    if a.minimum_applied:
        lines.append(ctx.t("minimum", amount=money(ctx.params.raw("minimum_monthly_pension"))))
    lines += _coordination_lines(ctx) + _contribution_lines(ctx)
    lines += [assumption_text(ctx, used.name) for used in a.assumptions_used]
    lines += _freeze_lines(ctx)
    doc.bullets(lines)


def _freeze_lines(ctx: Context) -> list[str]:
    """Beside the amount: computed with the benefits frozen (the app's option), or counting service or
    salaries past the date a later law froze them (RULES.md §8: the answer's `later_law`, as every view says it)."""
    if ctx.situation is not None and not ctx.situation.accrues:
        return [ctx.t("frozen_note", law=freeze_for(ctx.scenario.plan).law(ctx.lang))]
    if ctx.answer.later_law is not None:
        return [ctx.t("freeze_note", message=ctx.answer.later_law.message)]
    return []


def dated(answer: Answer, s: Scenario, start: date | None, lang: str) -> Answer:
    """RULES.md §8 as a report that knows the dates reads it: a scenario given without its start date (the command
    line's) starts on the day the report prints, given a birth date, and its separation is counted back from that
    day, not from today. The app's scenarios carry their start date: their answer already reads it."""
    if start is None or s.start_date is not None or not answer.eligible:
        return answer
    return answer.model_copy(update={"later_law": later_law(s, lang, start)})


def _coordination_lines(ctx: Context) -> list[str]:
    a, s = ctx.answer, ctx.scenario
    if a.coordination is None:
        return []
    age = coordination_age(ctx.params.on)
    if a.coordination.monthly_pension_from_65 == a.monthly_pension:
        return []  # coordination changes nothing the member is paid
    if s.age < age:
        lines = [ctx.t("before_coordination", age=ctx.years_text(age), amount=money(a.monthly_pension)),
                 ctx.t("from_coordination", age=ctx.years_text(age), amount=money(a.coordination.monthly_pension_from_65))]
    else:
        lines = [ctx.t("coordinated_from_start", amount=money(a.coordination.monthly_pension_from_65),
                       reference=money(a.monthly_pension))]
    coordinated = payments_of(a, s.age, s.social_security_monthly).phases[-1]  # RULES.md §4: what the member lives on
    if coordinated.social_security is not None:
        lines.append(ctx.t("income_from_coordination", age=ctx.years_text(coordinated.start),
                           system=money(coordinated.pension), social_security=money(coordinated.social_security),
                           total=money(coordinated.income)))
    return lines


def _contribution_lines(ctx: Context) -> list[str]:
    c = ctx.answer.contribution
    if c is None:
        return []
    rate = ctx.params.raw("teachers_contribution_rate")
    return [ctx.t("contribution", age=ctx.years_text(c.until_age), amount=money(c.monthly),
                  rate=exact_percent(rate), net=money(c.net_monthly_pension))]


def _no_pension_summary(doc: Document, ctx: Context) -> None:
    a, s = ctx.answer, ctx.scenario
    if s.refunded:
        doc.paragraph(ctx.t("refunded"), size=15, bold=True)
    elif not a.covered:
        doc.paragraph(ctx.t("not_covered"), size=15, bold=True)
    else:
        when = ctx.t("headline_date", date=ctx.date_text(ctx.start_date)) if ctx.start_date else ""
        doc.paragraph(ctx.t("not_eligible", age=ctx.years_text(s.age), when=when), size=15, bold=True)
    if a.earliest is not None:
        age = ctx.years_text(a.earliest.age)
        on = (ctx.t("headline_date", date=ctx.date_text(_first_date(ctx)))
              if ctx.birth_date else "")
        doc.paragraph(ctx.t("earliest_label"))
        doc.set_font(FAMILY, "B", 18)
        doc.multi_cell(0, 9, age + on, new_x="LMARGIN", new_y="NEXT")
        waiting = ctx.situation.today.left_service_early if ctx.situation else s.left_service_early
        key = "earliest_waiting" if waiting else "earliest_working"
        doc.paragraph(ctx.t(key, age=age, service=ctx.years_text(a.earliest.service_years),
                            rule=ctx.rule_title(a.earliest.rule)))
        met = ctx.member.service_met_on(Fraction(a.earliest.age).limit_denominator(12), a.earliest.rule) \
            if ctx.member is not None else None
        if met is not None:  # RULES.md §0: met between two monthly birthdays, paid from the next, as the page says
            doc.paragraph(t("reason.service_met_on", ctx.lang, service=ctx.years_text(met[0]),
                            date=ctx.date_text(met[1]), age=age))
    doc.bullets(a.reasons)


def _first_date(ctx: Context) -> date:
    """The day the member first qualifies, as the key dates count it (from the day the report is made)."""
    return first_day(report_key_dates(ctx)) or date_at(ctx.birth_date, Fraction(whole_months(ctx.answer.earliest.age), 12))


# -- key dates ---------------------------------------------------------------------------------

def report_key_dates(ctx: Context):
    """The key dates the app shows: from today when the member's situation is known (working on, or
    waiting, as the app projects it), else from the scenario itself."""
    if ctx.member is not None:
        return ctx.member.key_dates(today=ctx.generated_on)
    return key_dates(Situation(ctx.scenario), ctx.birth_date, planned_age=ctx.scenario.age, today=ctx.generated_on)


def key_dates_section(doc: Document, ctx: Context) -> None:
    s = ctx.scenario
    if not ctx.answer.covered or s.refunded:
        return  # the rules give no date to wait for
    doc.heading(ctx.t("key_dates"), size=11)
    dates = report_key_dates(ctx)
    if not dates:
        doc.paragraph(ctx.t("key_none"))
        return
    waiting = ctx.situation.today.left_service_early if ctx.situation else s.left_service_early
    doc.paragraph(ctx.t("key_intro_waiting" if waiting else "key_intro_working"))
    doc.bullets(key_date_lines(dates, ctx.lang, today=ctx.generated_on))
    if ctx.birth_date is None:
        doc.paragraph(ctx.t("key_no_birth"), size=9)


# -- how it was calculated ---------------------------------------------------------------------

def _step_value(ctx: Context, label: str, value: float | None) -> str:
    if value is None:
        return ctx.t("none")
    return step_value(label, value, ctx.lang)


def assumption_text(ctx: Context, name: str, with_source: bool = True) -> str:
    """An assumption as the answer marks it: its label, the figure used, whose figure it is and (once,
    in the summary) where the default comes from."""
    used = ctx.answer.assumption(name)
    value = ctx.params.raw(name) if used is None else used.value
    return assumption_mark(name, value, used is not None and used.entered, ctx.lang, with_source)


def steps(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("how"), keep=45)
    if not ctx.answer.steps:
        doc.paragraph(ctx.t("no_steps"))
        return
    doc.paragraph(ctx.t("how_intro"), size=9)
    for number_, step in enumerate(ctx.answer.steps, start=1):
        doc.ensure_space(18)
        doc.paragraph(f"{number_}. {step.label}", bold=True, size=9.5)
        doc.paragraph(f"{step.formula} = {_step_value(ctx, step.label, step.value)}", size=9.5)
        doc.paragraph(ctx.t("law", cite=step.cite), size=8.5)
        if step.assumption:
            doc.paragraph(assumption_text(ctx, step.assumption, with_source=False), size=8.5)
        doc.ln(0.5)


def reasons(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("reasons"), size=11)
    if ctx.answer.eligible:
        doc.bullets(ctx.answer.reasons)
    else:
        doc.paragraph(ctx.t("reasons_in_summary"))


def alternatives(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("alternatives"), size=11)
    items = [ctx.t("alternative", rule=ctx.rule_title(a.rule), cite=ctx.rule_cite(a.rule), amount=money(a.monthly_pension))
             for a in ctx.answer.alternatives]
    if items:
        doc.bullets(items)
    else:
        doc.paragraph(ctx.t("no_alternatives"))


# -- assumptions, inputs, closing --------------------------------------------------------------

def assumption_rows(ctx: Context) -> list[list[str]]:
    """Each named assumption of the plan: label, value in this scenario, source of its default."""
    plan = ctx.scenario.plan
    given = ctx.scenario.assumptions.given()
    rows = []
    for name, spec in definitions(plan).items():
        if not spec.assumption:
            continue
        # a fraction as the answer prints it (the Board's factor as the number it is entered as, 0.8)
        render = partial(assumption_figure, name) if spec.unit == "fraction" else RENDER_BY_UNIT[spec.unit]
        default = default_values(plan)[name]
        # the salary growth is the projection's (the app's input), not a scenario override
        value = Fraction(ctx.salary_growth) if name == "salary_growth" else ctx.params.raw(name)
        shown = ctx.t("not_given") if value is None else render(value)
        if (name in given or name == "salary_growth") and value != default:
            shown = ctx.t("given_value", value=shown, default=ctx.t("none") if default is None else render(default))
        rows.append([spec.label(ctx.lang), shown, spec.source(ctx.lang)])
    return rows


def assumptions(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("assumptions"))
    doc.paragraph(ctx.t("assumptions_intro"), size=9)
    headers = [ctx.t("col_assumption"), ctx.t("col_value"), ctx.t("col_source")]
    doc.grid_table(headers, assumption_rows(ctx), (36, 18, 46), ("LEFT", "LEFT", "LEFT"))


def input_rows(ctx: Context) -> list[list[str]]:
    """Each input of the scenario as given, labelled in words, and the birth date when known."""
    rows = [list(row) for row in scenario_inputs(ctx.scenario, ctx.lang)]
    if ctx.birth_date is not None:
        rows.append([ctx.t("birth_date"), ctx.date_text(ctx.birth_date)])
        if ctx.start_date is not None:
            rows.append([ctx.t("start_date"), ctx.date_text(ctx.start_date)])
    return rows


def inputs(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("inputs"))
    doc.grid_table([ctx.t("col_field"), ctx.t("col_input")], input_rows(ctx), (60, 40), ("LEFT", "LEFT"))


def closing(doc: Document, words: Words, answers: Sequence[Answer]) -> None:
    """The rule book these rules follow, by its date in words (its version digest is for the code, not for
    people), the day whose law the answers read (each pension's start date), and the disclaimer."""
    doc.ln(2)
    days = sorted({answer.law_on for answer in answers if answer.law_on is not None})
    doc.paragraph(words.t("rulebook", date=words.date_text(date.fromisoformat(RULEBOOK_DATE)),
                          law=words.t("law_days_joiner").join(words.date_text(day) for day in days)), size=9)
    doc.heading(words.t("disclaimer_title"), size=11)
    said = [words.t("disclaimer")]
    if any(answer.covered for answer in answers):  # a case these rules do not answer shows no amount, no assumption
        said.append(words.t("disclaimer_amounts"))
    doc.paragraph(" ".join(said))
