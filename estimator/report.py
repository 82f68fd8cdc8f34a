"""The printable report: one scenario's estimate, explained, as PDF bytes.

Built only when asked for (a download, or `python -m estimator report`). Drawn with fpdf2 and the
bundled DejaVu fonts (every Spanish character prints); the chart is fpdf2's own rectangles and
lines. Amounts come from the engine, the key dates and the projection grid, never recomputed here;
every text is in `texts/report.{es,en}.toml`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import date, datetime, time, timezone
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Sequence

from fpdf import FPDF
from fpdf.fonts import FontFace

from .citations import display
from .engine import estimate, rules_of
from .models import Answer, Scenario
from .freeze import counts_past_freeze, freeze_for
from .numbers import exact_number, exact_percent, money, number, to_fraction, years_months
from .parameters import (RENDER_BY_UNIT, Params, assumption_label, assumption_source, default_values,
                         definitions)
from .projection import Grid, Situation, grid
from .rulebook import RULEBOOK_DATE, RULEBOOK_VERSION
from .texts import t
from .timeline import KeyDate, key_dates

FONTS = Path(__file__).parent / "fonts"
FAMILY = "DejaVu"
MONEY_FIELDS = ("average_salary", "average_monthly_salary", "social_security_monthly")
FACTOR_STEPS = ("step.factor_assumed", "step.factor_counselor")
# One colour per rule, by the rule's place in its plan's table (colour-blind-safe Okabe–Ito).
PALETTE = [(0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233),
           (213, 94, 0), (240, 228, 66), (120, 120, 120)]
CHART_HEIGHT = 60
CHART_YEARS = 15    # the chart runs from today's age for at least these years...
CHART_UNTIL = 70    # ...and at least until this age


@dataclass
class Context:
    """What every section reads: the scenario, its answer, the language and the options."""

    scenario: Scenario
    answer: Answer
    lang: str
    birth_date: date | None
    salary_growth: Fraction
    generated_on: date
    params: Params = field(init=False)

    def __post_init__(self) -> None:
        self.params = Params(self.scenario.plan, self.scenario.assumptions.given(), explain=False)

    def t(self, key: str, **values: Any) -> str:
        return t(f"report.{key}", self.lang, **values)

    def rule_title(self, rule_id: str) -> str:
        return t(f"rule.{rule_id}", self.lang)

    def rule_cite(self, rule_id: str) -> str:
        """The rule's citation as the law reads ("Regla 18.6(a)"), as the app shows it."""
        return display(next(rule.cite for rule in rules_of(self.scenario.plan) if rule.id == rule_id), self.lang)

    def date_text(self, day: date) -> str:
        month = self.t("months").split(",")[day.month - 1]
        return self.t("date", day=day.day, month=month, year=day.year)

    def years_text(self, value: Fraction) -> str:
        """27.5 → "27 años y 6 meses"; a span not in whole months as a plain number (58.3 → "58.3 años")."""
        if (Fraction(value) * 12).denominator != 1:
            return self.t("years", years=number(value))
        years, months = years_months(value)
        year_part = self.t("year") if years == 1 else self.t("years", years=years)
        month_part = self.t("month") if months == 1 else self.t("months_count", months=months)
        if months == 0:
            return year_part
        return month_part if years == 0 else self.t("years_and_months", years=year_part, months=month_part)


class Document(FPDF):
    """A Letter page with DejaVu fonts, the report's footer and a few writing helpers."""

    def __init__(self, ctx: Context):
        super().__init__(format="Letter", unit="mm")
        self.ctx = ctx
        self.add_font(FAMILY, "", FONTS / "DejaVuSans.ttf")
        self.add_font(FAMILY, "B", FONTS / "DejaVuSans-Bold.ttf")
        self.set_margins(18, 16, 18)
        self.set_auto_page_break(True, margin=18)
        self.set_title(ctx.t("title"))
        self.set_lang(ctx.lang)
        self.set_creator("Estimador de Pensión")
        self.set_creation_date(datetime.combine(ctx.generated_on, time(), tzinfo=timezone.utc))

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font(FAMILY, "", 8)
        self.set_text_color(90)
        self.cell(0, 5, self.ctx.t("footer", page=self.page_no(), pages="{nb}"), align="C")
        self.set_text_color(0)

    def ensure_space(self, height: float) -> None:
        if self.get_y() + height > self.page_break_trigger:
            self.add_page()

    def heading(self, text: str, size: float = 13, keep: float = 25) -> None:
        """A bold title, on a new page unless `keep` millimetres fit below it."""
        self.ensure_space(keep)
        self.ln(3)
        self.set_font(FAMILY, "B", size)
        self.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
        self.ln(1.5)

    def paragraph(self, text: str, size: float = 10, bold: bool = False) -> None:
        self.set_font(FAMILY, "B" if bold else "", size)
        self.multi_cell(0, size * 0.5, text, align="L", new_x="LMARGIN", new_y="NEXT")
        self.ln(1)

    def bullets(self, items: Sequence[str], size: float = 10) -> None:
        self.set_font(FAMILY, "", size)
        for item in items:
            self.ensure_space(size)  # the bullet and its first line on the same page
            self.cell(5, size * 0.5, "•")
            self.multi_cell(0, size * 0.5, item, align="L", new_x="LMARGIN", new_y="NEXT")
            self.ln(0.8)

    def grid_table(self, headers: Sequence[str], rows: Sequence[Sequence[str]], widths: Sequence[float],
                   aligns: Sequence[str], size: float = 8.5, share: float = 1) -> None:
        """A table `share` of the text width wide, its first row the headings."""
        self.set_font(FAMILY, "", size)
        self.set_fill_color(255)
        with self.table(col_widths=widths, text_align=tuple(aligns), line_height=size * 0.5,
                        headings_style=FontFace(emphasis="BOLD", fill_color=(235, 235, 235)),
                        padding=(0.6, 1), width=self.epw * share, align="LEFT") as table:
            for row in [headers, *rows]:
                cells = table.row()
                for text in row:
                    cells.cell(text)
        self.ln(2)


def build_report(scenario: Scenario, lang: str = "es", *, birth_date: date | None = None,
                 salary_growth: Fraction = Fraction(0), generated_on: date | None = None) -> bytes:
    """The report of `scenario` in `lang` ("es" or "en"), as the bytes of a PDF file."""
    ctx = Context(scenario, estimate(scenario, lang), lang, birth_date, Fraction(salary_growth),
                  generated_on or date.today())
    doc = Document(ctx)
    doc.add_page()
    for section in (_title, _summary, _key_dates, _chart, _steps, _reasons, _alternatives,
                    _assumptions, _inputs, _closing):
        section(doc, ctx)
    return bytes(doc.output())


# -- title and summary -------------------------------------------------------------------------

def _title(doc: Document, ctx: Context) -> None:
    doc.set_font(FAMILY, "B", 20)
    doc.cell(0, 10, ctx.t("title"), new_x="LMARGIN", new_y="NEXT")
    doc.paragraph(ctx.t("subtitle", plan=ctx.t(f"plan.{ctx.scenario.plan}"), date=ctx.date_text(ctx.generated_on)))
    doc.set_draw_color(150)
    doc.line(doc.l_margin, doc.get_y(), doc.l_margin + doc.epw, doc.get_y())
    doc.set_draw_color(0)


def _summary(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("summary"))
    if ctx.answer.eligible:
        _amount_summary(doc, ctx)
    else:
        _no_pension_summary(doc, ctx)


def _amount_summary(doc: Document, ctx: Context) -> None:
    a = ctx.answer
    doc.paragraph(ctx.t("monthly_label"))
    doc.set_font(FAMILY, "B", 26)
    doc.cell(0, 12, money(a.monthly_pension), new_x="LMARGIN", new_y="NEXT")
    doc.paragraph(ctx.t("annual", amount=money(a.annual_pension)))
    lines = [ctx.t("rule_applied", rule=ctx.rule_title(a.rule), cite=ctx.rule_cite(a.rule))]
    if a.reduced_from is not None:
        lines.append(ctx.t("reduced", factor=exact_number(a.reduction_factor), unreduced=money(a.reduced_from)))
    if a.minimum_applied:
        lines.append(ctx.t("minimum", amount=money(ctx.params.raw("minimum_monthly_pension"))))
    lines += _coordination_lines(ctx) + _contribution_lines(ctx)
    lines += [assumption_text(ctx, used.name) for used in a.assumptions_used]
    if ctx.birth_date is not None and counts_past_freeze(ctx.scenario.plan, ctx.birth_date,
                                                          ctx.scenario.separation_age):
        lines.append(ctx.t("freeze_note", law=freeze_for(ctx.scenario.plan).law(ctx.lang)))
    doc.bullets(lines)


def _coordination_lines(ctx: Context) -> list[str]:
    a, s = ctx.answer, ctx.scenario
    if a.coordination is None:
        return []
    age = ctx.params.raw("coordination_age")
    if a.coordination.monthly_pension_from_65 == a.monthly_pension:
        return []  # coordination changes nothing the member is paid
    if s.age < age:
        first = ctx.t("before_coordination", age=ctx.years_text(age), amount=money(a.monthly_pension))
        return [first, ctx.t("from_coordination", age=ctx.years_text(age),
                             amount=money(a.coordination.monthly_pension_from_65))]
    return [ctx.t("coordinated_from_start", amount=money(a.coordination.monthly_pension_from_65),
                  reference=money(a.monthly_pension))]


def _contribution_lines(ctx: Context) -> list[str]:
    c = ctx.answer.contribution
    if c is None:
        return []
    rate = ctx.params.raw("teachers_contribution_rate")
    return [ctx.t("contribution", age=ctx.years_text(_years(c.until_age)), amount=money(c.monthly),
                  rate=exact_percent(rate), net=money(c.net_monthly_pension))]


def _no_pension_summary(doc: Document, ctx: Context) -> None:
    a, s = ctx.answer, ctx.scenario
    headline = "refunded" if s.refunded else "not_covered" if not a.covered else "not_eligible"
    doc.paragraph(ctx.t(headline), size=16, bold=True)
    if a.earliest is not None:
        age = ctx.years_text(_years(a.earliest.age))
        doc.paragraph(ctx.t("earliest_label"))
        doc.set_font(FAMILY, "B", 20)
        doc.cell(0, 10, age, new_x="LMARGIN", new_y="NEXT")
        key = "earliest_waiting" if s.left_service_early else "earliest_working"
        doc.paragraph(ctx.t(key, age=age, service=ctx.years_text(_years(a.earliest.service_years)),
                            rule=ctx.rule_title(a.earliest.rule)))
    doc.bullets(a.reasons)


def _years(value: float) -> Fraction:
    """A span the answer gives as a float, back to whole months when it is one (55.0833… → 661/12)."""
    months = round(value * 12)
    return Fraction(months, 12) if abs(months / 12 - value) < 1e-9 else to_fraction(value)


# -- key dates ---------------------------------------------------------------------------------

def _key_dates(doc: Document, ctx: Context) -> None:
    s = ctx.scenario
    if not ctx.answer.covered:
        return  # the rules do not answer this case: no dates to give
    doc.heading(ctx.t("key_dates"), size=11)
    dates = key_dates(s, ctx.birth_date, planned_age=s.age)
    if not dates:
        doc.paragraph(ctx.t("key_none"))
        return
    doc.paragraph(ctx.t("key_intro_waiting" if s.left_service_early else "key_intro_working"))
    doc.bullets([_key_date_sentence(ctx, d) for d in dates])
    if ctx.birth_date is None:
        doc.paragraph(ctx.t("key_no_birth"), size=9)


def _key_date_sentence(ctx: Context, d: KeyDate) -> str:
    age = ctx.years_text(d.age)
    when = ctx.t("key_when_date", date=ctx.date_text(d.when), age=age) if d.when else ctx.t("key_when_age", age=age)
    if d.kind == "coordination":
        return ctx.t("key_coordination", when=when, amount=money(d.monthly_pension))
    notes = (ctx.t("key_note_reduced") if d.reduced else "") + (ctx.t("key_note_deferred") if d.deferred else "")
    return ctx.t("key_rule", when=when, service=ctx.years_text(d.service_years), rule=ctx.rule_title(d.rule),
                 amount=money(d.monthly_pension), notes=notes)


# -- chart: the monthly pension by retirement age ----------------------------------------------

def chart_ages(s: Scenario) -> list[Fraction]:
    """Whole years from today's age to at least 15 years on and at least 70."""
    years = math.floor(max(s.age + CHART_YEARS, Fraction(CHART_UNTIL)) - s.age)
    return [s.age + k for k in range(years + 1)]


def _whole_months(*values: Fraction) -> bool:
    return all((Fraction(v) * 12).denominator == 1 for v in values)


def _chart(doc: Document, ctx: Context) -> None:
    s = ctx.scenario
    if not ctx.answer.covered:
        return
    doc.heading(ctx.t("chart"), keep=CHART_HEIGHT + 45)
    if not _whole_months(s.age, s.separation_age, s.service_years):
        doc.paragraph(ctx.t("chart_skipped"))
        return
    result = grid(Situation(s, salary_growth=ctx.salary_growth), chart_ages(s))
    growth = ctx.t("chart_today") if ctx.salary_growth == 0 else ctx.t("chart_growth", rate=number(ctx.salary_growth * 100))
    doc.paragraph(ctx.t("chart_waiting" if s.left_service_early else "chart_working") + " " + growth, size=9)
    if not result.monthly.any():
        doc.paragraph(ctx.t("chart_no_pension"))
        return
    _draw_chart(doc, result)
    _legend(doc, ctx, result)
    _chart_table(doc, ctx, result)


def _coordinated(result: Grid) -> list[float] | None:
    if result.coordinated_monthly is None:
        return None
    return [float(v) for v in result.coordinated_monthly[:, 0]]


def _tick_step(top: float) -> float:
    """A round step giving at most 6 gridlines up to `top`."""
    for step in (50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000):
        if top / step <= 6:
            return step
    return 10 ** math.ceil(math.log10(top))


def _draw_chart(doc: Document, result: Grid) -> None:
    doc.ensure_space(CHART_HEIGHT + 30)
    monthly = [float(v) for v in result.monthly[:, 0]]
    coordinated = _coordinated(result)
    top_value = max(monthly + [v for v in coordinated or [] if not math.isnan(v)])
    step = _tick_step(top_value)
    y_max = step * math.ceil(top_value / step)
    left, width = doc.l_margin + 20, doc.epw - 20
    top = doc.get_y() + 8
    bottom = top + CHART_HEIGHT

    def y_of(value: float) -> float:
        return bottom - value / y_max * CHART_HEIGHT

    doc.set_font(FAMILY, "B", 8)
    doc.set_xy(doc.l_margin, top - 7)
    doc.cell(0, 4, doc.ctx.t("chart_axis_y") + " ($)")
    _gridlines(doc, left, width, y_max, step, y_of)
    slot = width / len(monthly)
    for i, value in enumerate(monthly):
        index = int(result.rule_index[i, 0])
        if index >= 0:
            doc.set_fill_color(*PALETTE[index % len(PALETTE)])
            doc.rect(left + i * slot + slot * 0.15, y_of(value), slot * 0.7, bottom - y_of(value), style="F")
    if coordinated is not None:
        _coordinated_line(doc, [left + (i + 0.5) * slot for i in range(len(monthly))], coordinated, y_of)
    doc.set_draw_color(0)
    doc.set_line_width(0.3)
    doc.line(left, bottom, left + width, bottom)
    doc.line(left, top, left, bottom)
    _age_labels(doc, result.ages, left, slot, bottom)


def _gridlines(doc: Document, left: float, width: float, y_max: float, step: float, y_of) -> None:
    doc.set_font(FAMILY, "", 7)
    doc.set_draw_color(215)
    doc.set_line_width(0.2)
    for k in range(int(y_max / step) + 1):
        y = y_of(k * step)
        doc.line(left, y, left + width, y)
        doc.set_xy(doc.l_margin, y - 2)
        doc.cell(18, 4, f"${k * step:,.0f}", align="R")


def _coordinated_line(doc: Document, xs: list[float], values: list[float], y_of) -> None:
    doc.set_draw_color(0)
    doc.set_fill_color(0)
    doc.set_line_width(0.6)
    points = [(x, y_of(v)) for x, v in zip(xs, values) if not math.isnan(v) and v > 0]
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        doc.line(x1, y1, x2, y2)
    for x, y in points:
        doc.rect(x - 0.7, y - 0.7, 1.4, 1.4, style="F")


def _age_labels(doc: Document, ages: list[Fraction], left: float, slot: float, bottom: float) -> None:
    doc.set_font(FAMILY, "", 7)
    every = 1 if len(ages) <= 16 else 2
    for i, age in enumerate(ages):
        if i % every == 0:
            doc.set_xy(left + i * slot, bottom + 1)
            doc.cell(slot, 4, number(age), align="C")
    doc.set_font(FAMILY, "B", 8)
    doc.set_xy(left, bottom + 6)
    doc.cell(doc.epw - 20, 4, doc.ctx.t("chart_axis_x"), align="C", new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)


def _legend(doc: Document, ctx: Context, result: Grid) -> None:
    shown = sorted({int(i) for i in result.rule_index[:, 0] if i >= 0})
    doc.set_font(FAMILY, "", 8)
    for index in shown:
        doc.set_fill_color(*PALETTE[index % len(PALETTE)])
        doc.rect(doc.l_margin, doc.get_y() + 0.8, 3, 3, style="F")
        doc.set_x(doc.l_margin + 5)
        doc.multi_cell(0, 4.5, ctx.rule_title(result.rule_ids[index]), align="L", new_x="LMARGIN", new_y="NEXT")
    if result.coordinated_monthly is not None:
        doc.set_fill_color(0)
        doc.rect(doc.l_margin, doc.get_y() + 2, 3, 0.8, style="F")
        doc.set_x(doc.l_margin + 5)
        label = ctx.t("chart_coordinated", age=number(ctx.params.raw("coordination_age")))
        doc.multi_cell(0, 4.5, label, align="L", new_x="LMARGIN", new_y="NEXT")
    doc.ln(2)


def _short_rule(ctx: Context, rule_id: str | None) -> str:
    """The rule's name without its summary: the part of its title before the colon."""
    return ctx.t("none") if rule_id is None else ctx.rule_title(rule_id).split(":")[0]


def _chart_table(doc: Document, ctx: Context, result: Grid) -> None:
    doc.ensure_space(25)
    doc.paragraph(ctx.t("chart_table"), size=9)
    coordinated = _coordinated(result)
    headers = [ctx.t("col_age"), ctx.t("col_rule"), ctx.t("col_monthly")]
    if coordinated is not None:
        headers.append(ctx.t("col_from_coordination", age=number(ctx.params.raw("coordination_age"))))
    rows = []
    for i, age in enumerate(result.ages):
        rule = result.rule_at(i, 0)
        amounts = [float(result.monthly[i, 0])] + ([coordinated[i]] if coordinated is not None else [])
        shown = [money(v) if rule else ctx.t("none") for v in amounts]
        rows.append([number(age), _short_rule(ctx, rule), *shown])
    widths = (12, 34, 20, 20)[:len(headers)]
    doc.grid_table(headers, _merge_equal_rows(rows), widths, ("CENTER", "LEFT", "RIGHT", "RIGHT")[:len(headers)],
                   size=7.5, share=len(widths) * 0.2)


def _merge_equal_rows(rows: list[list[str]]) -> list[list[str]]:
    """Consecutive ages with the same rule and amounts as one row: "56 – 70"."""
    merged: list[list[str]] = []
    first_age = ""
    for row in rows:
        if merged and merged[-1][1:] == row[1:]:
            merged[-1][0] = f"{first_age} – {row[0]}"
        else:
            first_age = row[0]
            merged.append(list(row))
    return merged


# -- how it was calculated ---------------------------------------------------------------------

def _step_value(ctx: Context, label: str, value: float | None) -> str:
    if value is None:
        return ctx.t("none")
    if label in (t(key, ctx.lang) for key in FACTOR_STEPS):
        return exact_number(Decimal(repr(value)))
    return money(value)


def assumption_text(ctx: Context, name: str, with_source: bool = True) -> str:
    """An assumption as the answer marks it: its label, the figure used, whose figure it is and (once,
    in the summary) where the default comes from."""
    used = next((a for a in ctx.answer.assumptions_used if a.name == name), None)
    value = ctx.params.raw(name) if used is None else to_fraction(Decimal(repr(used.value)))
    figure = exact_number(value) if name == "reduction_factor" else exact_percent(value)
    whose = (ctx.t("assumption_entered") if used is not None and used.source == "entered"
             else ctx.t("assumption_default", source=f". {assumption_source(name, ctx.lang)}" if with_source else ""))
    return ctx.t("assumption_mark", label=assumption_label(name, ctx.lang), value=figure, whose=whose)


def _steps(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("how"))
    steps = ctx.answer.steps
    if not steps:
        doc.paragraph(ctx.t("no_steps"))
        return
    doc.paragraph(ctx.t("how_intro"), size=9)
    for number_, step in enumerate(steps, start=1):
        doc.ensure_space(18)
        doc.paragraph(f"{number_}. {step.label}", bold=True, size=9.5)
        doc.paragraph(f"{step.formula} = {_step_value(ctx, step.label, step.value)}", size=9.5)
        doc.paragraph(ctx.t("law", cite=step.cite), size=8.5)
        if step.assumption:
            doc.paragraph(assumption_text(ctx, step.assumption, with_source=False), size=8.5)
        doc.ln(0.5)


def _reasons(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("reasons"), size=11)
    if ctx.answer.eligible:
        doc.bullets(ctx.answer.reasons)
    else:
        doc.paragraph(ctx.t("reasons_in_summary"))


def _alternatives(doc: Document, ctx: Context) -> None:
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
        render = RENDER_BY_UNIT[spec.unit]
        value, default = ctx.params.raw(name), default_values(plan)[name]
        shown = ctx.t("not_given") if value is None else render(value)
        if name in given and value != default:
            shown = ctx.t("given_value", value=shown, default=ctx.t("none") if default is None else render(default))
        rows.append([spec.label(ctx.lang), shown, spec.source(ctx.lang)])
    return rows


def _assumptions(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("assumptions"))
    doc.paragraph(ctx.t("assumptions_intro"), size=9)
    headers = [ctx.t("col_assumption"), ctx.t("col_value"), ctx.t("col_source")]
    doc.grid_table(headers, assumption_rows(ctx), (36, 18, 46), ("LEFT", "LEFT", "LEFT"))


def _input_value(ctx: Context, name: str, value: Any) -> str:
    if isinstance(value, bool):
        return ctx.t("yes" if value else "no")
    if name in ("plan", "group"):
        return ctx.t(f"{name}.{value}")
    if name in MONEY_FIELDS:
        return money(value)
    return ctx.years_text(to_fraction(Decimal(str(value))))


def input_rows(ctx: Context) -> list[list[str]]:
    """Each field of the scenario as given (contract names), with its label and value."""
    data = ctx.scenario.contract_dict()
    rows = [[ctx.t(f"field.{name}"), _input_value(ctx, name, value)]
            for name, value in data.items() if name != "assumptions"]
    for name, value in data.get("assumptions", {}).items():
        exact = to_fraction(Decimal(str(value)))
        rows.append([assumption_label(name, ctx.lang), exact_number(exact) if name == "reduction_factor"
                     else exact_percent(exact)])
    if ctx.birth_date is not None:
        rows.append([ctx.t("birth_date"), ctx.date_text(ctx.birth_date)])
    return rows


def _inputs(doc: Document, ctx: Context) -> None:
    doc.heading(ctx.t("inputs"))
    doc.grid_table([ctx.t("col_field"), ctx.t("col_input")], input_rows(ctx), (60, 40), ("LEFT", "LEFT"))


def _closing(doc: Document, ctx: Context) -> None:
    doc.ln(2)
    doc.paragraph(ctx.t("rulebook", version=RULEBOOK_VERSION, date=RULEBOOK_DATE), size=9)
    doc.heading(ctx.t("disclaimer_title"), size=11)
    doc.paragraph(ctx.t("disclaimer"))
